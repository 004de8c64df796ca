//! docs/chart.md's "A fresh revision": a revision istiod has never injected, served from the
//! start by needle on that istiod's ConfigMaps. The test runs the page's block as written
//! (`switch::run_doc_block`), with the revision `fresh` for the page's `canary` (istiod's
//! `canary` is the switch's), a namespace of its own for the page's `shop`, and the node's
//! images for istiod; the namespace runs a Deployment that needle's default revision injected.
//! After the block: the one injection webhook configuration of the revision is needle's, the
//! restarted workload runs with a sidecar of the revision whose proxy is pointed at the new
//! istiod, and `needle audit` on that istiod's ConfigMaps finds it the same. Both releases are
//! removed at the end, pass or fail, so that no second istiod runs beside the scenarios after.

use crate::common::chart::run_helm;
use crate::common::pod_load::status_revision;
use crate::istiod::{audit_all_same, istiod, node_values};
use crate::switch::{doc_steps, run_doc_block};
use crate::world::{NEEDLE_NS, World, is_ready, wait_until};
use crate::{Outcome, workloads};
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use kube::api::{Api, ListParams};
use serde_json::json;
use std::sync::Arc;

const SECTION: &str = "### A fresh revision";
/// The revision the test gives the page's block.
const FRESH: &str = "fresh";
/// The workload of the namespace, as the page's `shop`.
const APP: &str = "shop";

pub async fn fresh_revision(world: Arc<World>) -> Outcome {
    let outcome = run(&world).await;
    let removed = ["needle", "istiod"]
        .iter()
        .map(|owner| {
            let release = format!("{owner}-{FRESH}");
            run_helm(&["uninstall", &release, "-n", NEEDLE_NS, "--wait"]).map(drop)
        })
        .collect::<Result<Vec<()>, String>>();
    outcome.and(removed.map(drop))
}

async fn run(world: &World) -> Outcome {
    let ns = world
        .namespace(APP, json!({"istio-injection": "enabled"}))
        .await?;
    let before = workloads::run(world, &ns, APP, json!({})).await?;
    let before = before["metadata"]["name"].as_str().unwrap_or_default();
    let blocks = doc_steps(SECTION)?;
    let [block] = &blocks[..] else {
        return Err(format!(
            "docs/chart.md `{SECTION}` has {} blocks; the test runs one",
            blocks.len()
        ));
    };
    let (commit, _) = istiod()?;
    let images = node_values(&commit).join(" ");
    let replace = [
        (
            "istio/istiod -n istio-system".to_string(),
            format!("istio/istiod -n istio-system {images}"),
        ),
        ("canary".to_string(), FRESH.to_string()),
        (format!(" {APP}"), format!(" {ns}")),
    ];
    let block = block.clone();
    tokio::task::spawn_blocking(move || run_doc_block(&block, &replace))
        .await
        .map_err(|e| e.to_string())??;
    only_needle_injects(world).await?;
    let pod = wait_until(
        &format!("{ns}/{APP} restarted, Ready, with a sidecar of revision {FRESH}"),
        120,
        || async {
            let pods = world.pods(&ns, &format!("app={APP}")).await.ok()?;
            let [pod] = &pods[..] else { return None };
            let fresh = pod["metadata"]["name"] != before
                && is_ready(pod)
                && status_revision(pod).as_deref() == Some(FRESH);
            fresh.then(|| pod.clone())
        },
    )
    .await?;
    let istiod = format!("istiod-{FRESH}.{NEEDLE_NS}.svc:15012");
    if !pod["spec"].to_string().contains(&istiod) {
        return Err(format!(
            "the proxy is not pointed at {istiod}: {}",
            pod["spec"]
        ));
    }
    println!(
        "     {ns}/{APP} restarted: injected by needle for revision {FRESH}, Ready, its proxy pointed at {istiod}"
    );
    audit_all_same(&ns, FRESH).map(drop)
}

/// Of all injection webhook configurations, the ones that name the revision point at needle's
/// Service only; istiod's chart made none and istiod's patcher is off.
async fn only_needle_injects(world: &World) -> Outcome {
    let configurations = Api::<MutatingWebhookConfiguration>::all(world.client.clone())
        .list(&ListParams::default())
        .await
        .map_err(|e| format!("mutating webhook configurations: {e}"))?;
    let mut services = Vec::new();
    for configuration in configurations.items {
        let configuration = serde_json::to_value(configuration).unwrap();
        let name = configuration["metadata"]["name"].as_str().unwrap_or("");
        for webhook in configuration["webhooks"].as_array().into_iter().flatten() {
            let service = &webhook["clientConfig"]["service"]["name"];
            let selects = webhook["namespaceSelector"].to_string().contains(FRESH)
                || webhook["objectSelector"].to_string().contains(FRESH);
            if selects || service.as_str().is_some_and(|s| s.ends_with(FRESH)) {
                services.push(format!("{name}: {service}"));
            }
        }
    }
    let needle = format!("\"needle-{FRESH}\"");
    match !services.is_empty() && services.iter().all(|s| s.ends_with(&needle)) {
        true => Ok(()),
        false => Err(format!(
            "the webhooks of revision {FRESH} should all call needle-{FRESH}: {services:?}"
        )),
    }
}
