//! A real istiod beside needle on the node: pilot-discovery built from its pinned module
//! (`scripts/controlplane.sh --istiod`, a commit of Istio's release-1.31 branch) as the image
//! `scripts/image.sh istiod` makes, installed with Istio's own `base` and `istiod` charts from
//! the same module, for the revision `canary` with the tag `prod` (needle's chart serves
//! `default`), the stand-in proxy as its proxy image. Its scenarios print their own line,
//! `istiod e2e: M/M pass`.

use crate::common::chart::run_helm;
use crate::world::{NEEDLE_NS, World, container_names, wait_until};
use crate::{Outcome, Scenario, scenario};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// The revision istiod serves here.
pub const REVISION: &str = "canary";
/// Its revision tag (istiod's `revisionTags`: the configuration `istio-revision-tag-prod`),
/// handed over with it.
pub const TAG: &str = "prod";

/// In this order: each needs the one before. istiod installed and injecting; the same
/// verdicts from both validators; the differential's pods from istiod; the revision moved to
/// needle under load; the same pods from needle; the revision moved back under load; the
/// switches' pods audited; a second, fresh revision served by needle from the start.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "istiod: installed with Istio's base and istiod charts for revision canary, Ready, its pods injected by istiod run with the stand-in proxy, and needle audit on istiod's ConfigMaps finds them the same",
            installed
        ),
        scenario!(
            "istiod: same verdicts, live: Istio's validation dataset as dry-run creates through istiod's validator and through needle's, the same answer for every document",
            crate::verdicts::same_verdicts
        ),
        scenario!(
            "istiod: same pods, live (istiod's side): the pods of Istio 1.31's TestInjection inputs and the node tests' own stored where istiod injects, needle audit finds every one the same",
            crate::differential::by_istiod
        ),
        scenario!(
            "istiod: the revision moved to needle by docs/chart.md's steps while a pod is created every 40 ms (Fail): 0 failed, each step's pods injected by the one expected",
            crate::switch::to_needle
        ),
        scenario!(
            "istiod: same pods, live (needle's side): the same manifests where needle injects on istiod's ConfigMaps, every stored pod equal to istiod's",
            crate::differential::by_needle
        ),
        scenario!(
            "istiod: the revision moved back to istiod by docs/chart.md's steps while a pod is created every 40 ms (Fail): 0 failed, each step's pods injected by the one expected",
            crate::switch::to_istiod
        ),
        scenario!(
            "istiod: the switches' pods audited: needle audit on istiod's ConfigMaps finds the pods stored during both switches the same",
            crate::switch::audited
        ),
        scenario!(
            "istiod: a fresh revision by docs/chart.md's steps: a second istiod installed without its injection webhooks, needle for its revision on its ConfigMaps, a restarted workload injected by needle as that istiod's and pointed at it",
            crate::fresh::fresh_revision
        ),
    ]
}

/// Istio's commit (the image's tag) and the charts' directory, as `scripts/controlplane.sh
/// --istiod` left them (the outside half of the test passes them on).
pub fn istiod() -> Result<(String, PathBuf), String> {
    let dir = std::env::var("NEEDLE_ISTIOD_DIR")
        .map_err(|_| "NEEDLE_ISTIOD_DIR is not set (the test sets it from outside the node)")?;
    let dir = PathBuf::from(dir);
    let commit = dir
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("istiod-"))
        .ok_or(format!(
            "{} is not an istiod-<commit> directory",
            dir.display()
        ))?
        .to_string();
    Ok((commit, dir.join("charts")))
}

/// The `helm install` commands, as Istio's docs give them for a revision, with what this node
/// needs: `base` only for its namespaced part (`global.resourceScope=namespace`: its
/// cluster-scoped part is Istio's CRDs, installed already from the corpus as for needle, and
/// the default revision's validator, needle's here; `base.enableCRDTemplates=false` does not
/// turn the CRDs off, the chart's profile merge drops a `false`); the images are the locally
/// built istiod and the stand-in proxy; one small replica on a two-core node.
fn install_commands(commit: &str, charts: &std::path::Path) -> Vec<Vec<String>> {
    let chart = |name: &str| charts.join(name).display().to_string();
    let base = [
        "install",
        "istio-base",
        &chart("base"),
        "-n",
        NEEDLE_NS,
        "--set",
        "global.resourceScope=namespace",
    ];
    let istiod = [
        "install",
        &format!("istiod-{REVISION}"),
        &chart("istio-discovery"),
        "-n",
        NEEDLE_NS,
        "--set",
        &format!("revision={REVISION}"),
        "--set",
        &format!("revisionTags={{{TAG}}}"),
        "--wait",
        "--timeout",
        "3m",
    ];
    let mut istiod: Vec<String> = istiod.iter().map(|a| a.to_string()).collect();
    istiod.extend(node_values(commit));
    vec![base.iter().map(|a| a.to_string()).collect(), istiod]
}

/// The `--set` flags this node needs of istiod's chart: the locally built istiod and the
/// stand-in proxy as its images, one small replica on a two-core node.
pub fn node_values(commit: &str) -> Vec<String> {
    [
        "global.hub=localhost/needle-test",
        "global.tag=stand-in",
        &format!("pilot.image=localhost/needle-test/pilot:{commit}"),
        "pilot.autoscaleEnabled=false",
        "pilot.resources.requests.cpu=50m",
        "pilot.resources.requests.memory=128Mi",
    ]
    .iter()
    .flat_map(|value| ["--set".to_string(), value.to_string()])
    .collect()
}

pub async fn installed(world: Arc<World>) -> Outcome {
    let (commit, charts) = istiod()?;
    for args in install_commands(&commit, &charts) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_helm(&args)?;
    }
    let ns = world
        .namespace("istiod-apps", json!({"istio.io/rev": REVISION}))
        .await?;
    let pod = crate::workloads::run(&world, &ns, "reviews", json!({})).await?;
    let status = pod["metadata"]["annotations"]["sidecar.istio.io/status"]
        .as_str()
        .unwrap_or_default();
    if !status.contains(&format!("\"revision\":\"{REVISION}\"")) {
        return Err(format!(
            "not injected by istiod-{REVISION}: status {status:?}"
        ));
    }
    let proxies: Vec<&serde_json::Value> = ["initContainers", "containers"]
        .iter()
        .flat_map(|list| pod["spec"][list].as_array().into_iter().flatten())
        .filter(|c| c["name"] == "istio-proxy")
        .collect();
    let image = proxies.first().and_then(|p| p["image"].as_str());
    if image != Some("localhost/needle-test/proxyv2:stand-in") {
        return Err(format!(
            "istio-proxy image {image:?}; containers {:?} {:?}",
            container_names(&pod, "initContainers"),
            container_names(&pod, "containers")
        ));
    }
    // istiod's own view: its injector counted the pod.
    let injections = wait_until("istiod's metrics through the apiserver", 30, || async {
        metrics(&world).await.ok()
    })
    .await
    .map(|text| crate::common::counter(&text, "sidecar_injection_success_total"))?;
    println!(
        "     istiod 1.31 ({commit}) Ready for revision {REVISION}; {ns}/reviews injected by it and Ready; its sidecar_injection_success_total {injections}"
    );
    audit_all_same(&ns, REVISION).map(drop)
}

/// istiod's metrics page, through the apiserver's proxy to its Service.
pub async fn metrics(world: &World) -> Result<String, String> {
    let uri =
        format!("/api/v1/namespaces/{NEEDLE_NS}/services/istiod-{REVISION}:15014/proxy/metrics");
    let request = axum::http::Request::get(uri).body(Vec::new()).unwrap();
    world
        .client
        .request_text(request)
        .await
        .map_err(|e| format!("istiod's metrics: {e}"))
}

/// Where `needle audit` finds a revision's ConfigMaps (istiod's chart's names), and the
/// release it answers as.
pub struct Istiod<'a> {
    pub namespace: &'a str,
    pub release: &'a str,
}

/// The istiod of these scenarios: 1.31 in the chart's namespace.
const THIS_ISTIOD: Istiod = Istiod {
    namespace: NEEDLE_NS,
    release: "1.31",
};

/// `needle audit` of a namespace on the ConfigMaps of istiod's `revision`, reading the
/// cluster as istiod does (exit 1 when a pod differs): its output.
fn audit(ns: &str, revision: &str, istiod: &Istiod) -> Result<String, String> {
    let args = [
        "audit",
        "-n",
        ns,
        "--revision",
        revision,
        "--injector-configmap",
        &format!("{}/istio-sidecar-injector-{revision}", istiod.namespace),
        "--mesh-configmap",
        &format!("{}/istio-{revision}", istiod.namespace),
        "--watch-cluster",
        "--istio-release",
        istiod.release,
    ];
    let (out, said) = crate::outside::needle_run(&args)?;
    match out.status.code() {
        Some(0 | 1) => Ok(said),
        _ => Err(format!(
            "needle {args:?} failed ({}): {said}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// `needle audit` beside istiod's `revision` (`audit`): every injected pod of the revision
/// the same (and at least one); how many.
pub fn audit_all_same(ns: &str, revision: &str) -> Result<usize, String> {
    audit_all_same_beside(ns, revision, &THIS_ISTIOD)
}

/// `audit_all_same` beside another istiod's ConfigMaps.
pub fn audit_all_same_beside(ns: &str, revision: &str, istiod: &Istiod) -> Result<usize, String> {
    let said = audit(ns, revision, istiod)?;
    let (audited, same, clean) = summary(&said)?;
    match audited == same && audited > 0 && clean {
        true => {
            println!(
                "     needle audit -n {ns}: {audited} pods of revision {revision}, {audited} same"
            );
            Ok(audited)
        }
        false => Err(format!("needle audit beside istiod said\n{said}")),
    }
}

/// `needle audit` beside istiod (`audit`) of each namespace, each audited pod a case of the
/// suite `node-e2e-audit` named with its namespace's prefix (tests/known_failures.txt: the
/// pods it rightly finds different, and why).
pub fn audit_each_pod(namespaces: &[(String, String)]) -> Outcome {
    let mut tally = crate::common::tally::Tally::new("node-e2e-audit", 1);
    let mut said_all = String::new();
    for (ns, prefix) in namespaces {
        let said = audit(ns, REVISION, &THIS_ISTIOD)?;
        let (audited, same, _) = summary(&said)?;
        let before = tally.total();
        // Rows: NAMESPACE POD REVISION RESULT [FIRST DIFFERENCE].
        for row in said.lines().filter(|l| l.starts_with(&format!("{ns} "))) {
            let words: Vec<&str> = row.split_whitespace().collect();
            let (Some(pod), Some(result)) = (words.get(1), words.get(3)) else {
                continue;
            };
            let outcome = match *result {
                "same" => Ok(()),
                _ => Err(row.to_string()),
            };
            tally.record(&format!("{prefix}{pod}"), outcome);
        }
        if tally.total() - before != audited || audited == 0 {
            return Err(format!("needle audit's rows and summary disagree:\n{said}"));
        }
        println!("     needle audit -n {ns}: {audited} pods of revision {REVISION}, {same} same");
        said_all.push_str(&said);
    }
    // A surprise (a pod different and not listed, or listed and the same) fails the scenario.
    tally
        .surprises()
        .map_err(|e| format!("{e}\nneedle audit beside istiod said\n{said_all}"))
}

/// The audit's summary line, `audit: N pods of revision canary (Istio 1.31.0): S same, 0 different, 0 not
/// injected now, 0 denied; ...`: N, S, and whether nothing was different, not injected or denied.
fn summary(said: &str) -> Result<(usize, usize, bool), String> {
    let line = said
        .lines()
        .find(|l| l.starts_with("audit: "))
        .ok_or(format!("needle audit said no summary line:\n{said}"))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize| words.get(i).and_then(|n| n.parse::<usize>().ok());
    let clean = line.contains(", 0 different, 0 not injected now, 0 denied");
    match (number(1), number(8)) {
        (Some(audited), Some(same)) => Ok((audited, same, clean)),
        _ => Err(format!("needle audit's summary line: {line}")),
    }
}
