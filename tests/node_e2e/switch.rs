//! The switch of a revision from istiod to needle and back, as docs/chart.md's "Run beside
//! istiod for one revision" gives it: the test reads the commands from that page and runs them
//! with bash as written (the chart paths and the image repository replaced), while a pod is
//! created every 40 ms under failurePolicy `Fail`, in turn in a namespace of the revision and
//! one of its tag. Not one creation may fail,
//! every pod must come out injected, and after each step the injector the page names is the
//! only one whose `sidecar_injection_success_total` grows.

use crate::common::counter;
use crate::common::pod_load::PodLoad;
use crate::istiod::{REVISION, TAG, audit_all_same, istiod};
use crate::world::{NEEDLE_NS, World};
use crate::{Outcome, workloads};
use serde_json::json;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The page and its two sections the test runs.
const PAGE: &str = "docs/chart.md";
pub const TO_NEEDLE: &str = "### Move a revision from istiod to needle";
pub const TO_ISTIOD: &str = "### Move it back to istiod";

/// One pod every 40 ms; every tenth is stored (for `needle audit`), the others dry runs.
const EVERY: Duration = Duration::from_millis(40);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Injector {
    Istiod,
    Needle,
}

/// After each step of a section, who injects the revision's new pods.
const INJECTS_AFTER: [(&str, [Injector; 3]); 2] = [
    (
        TO_NEEDLE,
        [Injector::Istiod, Injector::Istiod, Injector::Needle],
    ),
    (
        TO_ISTIOD,
        [Injector::Needle, Injector::Istiod, Injector::Istiod],
    ),
];

pub async fn to_needle(world: Arc<World>) -> Outcome {
    switch(&world, TO_NEEDLE).await
}

pub async fn to_istiod(world: Arc<World>) -> Outcome {
    switch(&world, TO_ISTIOD).await
}

async fn switch(world: &Arc<World>, section: &str) -> Outcome {
    let steps = doc_steps(section)?;
    let (_, expected) = INJECTS_AFTER.iter().find(|(s, _)| *s == section).unwrap();
    if steps.len() != expected.len() {
        return Err(format!(
            "{PAGE} `{section}` has {} steps; the test knows who injects after each of {}",
            steps.len(),
            expected.len()
        ));
    }
    // The revision's namespace and its tag's: both configurations change hands in each step.
    let mut namespaces = Vec::new();
    for (name, rev) in [("switch", REVISION), ("switch-tag", TAG)] {
        namespaces.push(world.namespace(name, json!({"istio.io/rev": rev})).await?);
    }
    let load = load(world, &namespaces);
    let steps = async {
        for (i, (step, after)) in steps.iter().zip(expected).enumerate() {
            let step = step.clone();
            let ran = tokio::task::spawn_blocking(move || run_doc_block(&step, &[])).await;
            ran.map_err(|e| e.to_string())?
                .map_err(|e| format!("step {}: {e}", i + 1))?;
            injects(world, *after, &format!("step {}", i + 1)).await?;
        }
        Ok::<(), String>(())
    };
    let outcome = steps.await;
    let tally = load.stop().await;
    outcome?;
    tally.all_injected(200)?;
    println!(
        "     {} pods created and injected during `{}`, 0 failed",
        tally.injected,
        section.trim_start_matches('#').trim()
    );
    SWITCHED.lock().unwrap().extend(namespaces);
    Ok(())
}

/// The namespaces of the pods stored during the switches, for `audited`.
static SWITCHED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// `needle audit` on istiod's ConfigMaps finds the pods stored during both switches (by
/// istiod and by needle) the same.
pub async fn audited(_world: Arc<World>) -> Outcome {
    let namespaces = SWITCHED.lock().unwrap().clone();
    if namespaces.len() != 4 {
        return Err(format!(
            "{} switch namespaces to audit, want 4 (both switches passed, two namespaces each)",
            namespaces.len()
        ));
    }
    for ns in namespaces {
        audit_all_same(&ns, REVISION)?;
    }
    Ok(())
}

/// Pods created every `EVERY`, in each of `namespaces` in turn: every tenth stored (held from
/// scheduling), the others server-side dry runs.
fn load(world: &Arc<World>, namespaces: &[String]) -> PodLoad {
    let (world, namespaces) = (world.clone(), namespaces.to_vec());
    PodLoad::start(EVERY, move |n| {
        let world = world.clone();
        let namespaces_count = namespaces.len();
        let ns = namespaces[n % namespaces_count].clone();
        async move {
            let pod = json!({"apiVersion": "v1", "kind": "Pod",
                "metadata": {"name": format!("switch-{n}"), "labels": {"app": "switch"}},
                "spec": {"schedulingGates": [{"name": "needle.test/never-run"}],
                    "containers": [{"name": "app", "image": workloads::APP_IMAGE,
                        "ports": [{"containerPort": 8080}],
                        "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}});
            // One round of the namespaces in ten is stored.
            let dry_run = (n / namespaces_count) % 10 != 0;
            world.create_pod(&ns, &pod, dry_run).await
        }
    })
}

/// Check, a moment after a step, that only `expected` injects: over four seconds of the load,
/// its `sidecar_injection_success_total` grows and the other's does not.
async fn injects(world: &World, expected: Injector, step: &str) -> Outcome {
    // The apiserver's view of the webhook configurations follows a watch.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let before = counts(world).await?;
    tokio::time::sleep(Duration::from_secs(4)).await;
    let after = counts(world).await?;
    let istiod = after.istiod - before.istiod;
    let needle = after.needle - before.needle;
    println!("     after {step}: {istiod} pods injected by istiod, {needle} by needle");
    let ok = match expected {
        Injector::Istiod => istiod > 0.0 && needle == 0.0,
        Injector::Needle => needle > 0.0 && istiod == 0.0,
    };
    match ok {
        true => Ok(()),
        false => Err(format!(
            "after {step} {expected:?} should be the one injecting: istiod injected {istiod}, needle {needle}"
        )),
    }
}

struct Counts {
    istiod: f64,
    needle: f64,
}

/// istiod's counter (its one replica, through its Service) and the sum over needle's
/// replicas of the revision (none before it is installed and after it is removed).
async fn counts(world: &World) -> Result<Counts, String> {
    let istiod = crate::istiod::metrics(world).await?;
    let mut counts = Counts {
        istiod: counter(&istiod, "sidecar_injection_success_total"),
        needle: 0.0,
    };
    let selector = format!("app=needle,istio.io/rev={REVISION}");
    for pod in world.pods(NEEDLE_NS, &selector).await? {
        let ready = crate::world::is_ready(&pod);
        let name = pod["metadata"]["name"].as_str().unwrap_or_default();
        if !ready || pod["metadata"]["deletionTimestamp"].is_string() {
            continue;
        }
        let text = crate::broken::pod_get(world, name, "metrics").await;
        counts.needle += counter(&text, "sidecar_injection_success_total");
    }
    Ok(counts)
}

/// The shell blocks of `section` in docs/chart.md, in order: one a step.
pub fn doc_steps(section: &str) -> Result<Vec<String>, String> {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE);
    let text = std::fs::read_to_string(&page).map_err(|e| format!("{PAGE}: {e}"))?;
    let start = text
        .find(&format!("\n{section}\n"))
        .ok_or(format!("{PAGE} has no section `{section}`"))?;
    let body = &text[start + section.len() + 2..];
    let body = &body[..body.find("\n#").unwrap_or(body.len())];
    Ok(body
        .split("```sh\n")
        .skip(1)
        .map(|block| block[..block.find("```").unwrap_or(block.len())].to_string())
        .collect())
}

/// Run one block of the page with bash, as a user pastes it: helm, kubectl and needle on the
/// PATH, the node's kubeconfig, helm's state and the working directory (where a block writes
/// its files) of the test's own; the chart paths and the image repository are the test's, and
/// `replace` (applied first) names what else a scenario changes. What it printed (stdout,
/// then stderr).
pub fn run_doc_block(block: &str, replace: &[(String, String)]) -> Result<String, String> {
    let (_, charts) = istiod()?;
    let needle_chart = crate::common::chart::chart_dir();
    let script = replace
        .iter()
        .fold(block.to_string(), |text, (from, to)| text.replace(from, to));
    let script = script
        .replace("charts/needle", &needle_chart.display().to_string())
        .replace(
            "istio/istiod",
            &charts.join("istio-discovery").display().to_string(),
        )
        .replace("registry.example.com/needle", "needle");
    let binaries = crate::common::cluster::binaries();
    let needle = Path::new(env!("CARGO_BIN_EXE_needle"));
    let path = format!(
        "{}:{}:{}",
        binaries.display(),
        needle.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let home = crate::common::server::temp_dir("helm");
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script])
        .current_dir(&home)
        .env("PATH", path)
        .env("HELM_CACHE_HOME", home.join("cache"))
        .env("HELM_CONFIG_HOME", home.join("config"))
        .env("HELM_DATA_HOME", home.join("data"))
        .output()
        .map_err(|e| format!("bash: {e}"))?;
    match out.status.success() {
        true => Ok(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
        false => Err(format!(
            "{script}: {}\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}
