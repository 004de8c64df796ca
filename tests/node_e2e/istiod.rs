//! A real istiod beside needle on the node: pilot-discovery built from its pinned module
//! (`scripts/controlplane.sh --istiod`, a commit of Istio's release-1.31 branch) as the image
//! `scripts/image.sh istiod` makes, installed with Istio's own `base` and `istiod` charts from
//! the same module, for the revision `canary` (needle's chart serves `default`), the stand-in
//! proxy as its proxy image. Its scenarios print their own line, `istiod e2e: M/M pass`.

use crate::common::chart::run_helm;
use crate::world::{NEEDLE_NS, World, container_names, wait_until};
use crate::{Outcome, Scenario, scenario};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// The revision istiod serves here.
pub const REVISION: &str = "canary";

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "istiod: installed with Istio's base and istiod charts for revision canary, Ready, its pods injected by istiod run with the stand-in proxy, and needle audit on istiod's ConfigMaps finds them the same",
        installed
    )]
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
    let image = format!("pilot.image=localhost/needle-test/pilot:{commit}");
    let istiod = [
        "install",
        &format!("istiod-{REVISION}"),
        &chart("istio-discovery"),
        "-n",
        NEEDLE_NS,
        "--set",
        &format!("revision={REVISION}"),
        "--set",
        "global.hub=localhost/needle-test",
        "--set",
        "global.tag=stand-in",
        "--set",
        &image,
        "--set",
        "pilot.autoscaleEnabled=false",
        "--set",
        "pilot.resources.requests.cpu=50m",
        "--set",
        "pilot.resources.requests.memory=128Mi",
        "--wait",
        "--timeout",
        "3m",
    ];
    [&base[..], &istiod[..]]
        .iter()
        .map(|args| args.iter().map(|a| a.to_string()).collect())
        .collect()
}

async fn installed(world: Arc<World>) -> Outcome {
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
    let metrics = wait_until("istiod's metrics through the apiserver", 30, || async {
        let uri = format!(
            "/api/v1/namespaces/{NEEDLE_NS}/services/istiod-{REVISION}:15014/proxy/metrics"
        );
        let request = axum::http::Request::get(uri).body(Vec::new()).unwrap();
        world.client.request_text(request).await.ok()
    })
    .await?;
    let injections = metrics
        .lines()
        .find_map(|l| l.strip_prefix("sidecar_injection_success_total "))
        .unwrap_or("none");
    println!(
        "     istiod 1.31 ({commit}) Ready for revision {REVISION}; {ns}/reviews injected by it and Ready; its sidecar_injection_success_total {injections}"
    );
    // needle, reading istiod's own ConfigMaps and the cluster as istiod does, gives that pod
    // what istiod gave it.
    let audit = crate::outside::needle(&[
        "audit",
        "-n",
        &ns,
        "--revision",
        REVISION,
        "--injector-configmap",
        &format!("{NEEDLE_NS}/istio-sidecar-injector-{REVISION}"),
        "--mesh-configmap",
        &format!("{NEEDLE_NS}/istio-{REVISION}"),
        "--watch-cluster",
        "--istio-release",
        "1.31",
    ]);
    let want = format!("audit: 1 pods of revision {REVISION}: 1 same, 0 different");
    match audit {
        Ok(said) if said.lines().any(|l| l.starts_with(&want)) => Ok(()),
        Ok(said) => Err(format!(
            "needle audit beside istiod said\n{said}\nwant a line {want}..."
        )),
        Err(e) => Err(e),
    }
}
