//! `helm install` of `charts/needle` with the image `scripts/image.sh` built, as the README's
//! "Install with Helm" says: both replicas Ready through the chart's probes, behind its
//! Service, and needle's caBundle patcher, running in the pod on the chart's ServiceAccount,
//! puts back a caBundle that someone changed.

use crate::common::chart::run_helm;
use crate::world::{NEEDLE_NS, World, is_ready, restarts, wait_until};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::core::v1::Secret;
use k8s_openapi::api::discovery::v1::EndpointSlice;
use kube::api::{Api, ListParams, Patch, PatchParams};
use serde_json::json;
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "install: helm install, both replicas Ready behind the Service, caBundle patched from the pod",
        install
    )]
}

/// The values the test sets beyond the README's: the stand-in proxy image it built (a user
/// keeps Istio's `global.hub`/`global.tag`).
pub const STAND_IN_PROXY: [&str; 4] = [
    "--set",
    "global.hub=localhost/needle-test",
    "--set",
    "global.tag=stand-in",
];

/// `helm upgrade` of the installed release with its values and `extra` (`--set ...`,
/// `--wait`), the stand-in proxy kept.
pub fn helm_upgrade(extra: &[&str]) -> Outcome {
    let chart = crate::common::chart::chart_dir().display().to_string();
    let mut args = vec![
        "upgrade",
        "needle",
        chart.as_str(),
        "--namespace",
        NEEDLE_NS,
        "--reuse-values",
    ];
    args.extend_from_slice(extra);
    args.extend(STAND_IN_PROXY);
    run_helm(&args).map(drop)
}

/// The README's `helm install needle charts/needle ...` command ("Install with Helm"), its
/// continuation lines joined: helm's arguments, with the chart's path as this test sees it.
fn readme_install() -> Result<Vec<String>, String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .map_err(|e| format!("README.md: {e}"))?;
    let start = readme
        .find("\nhelm install needle charts/needle ")
        .ok_or("README.md has no line `helm install needle charts/needle ...`")?;
    let command = readme[start + 1..]
        .split_inclusive('\n')
        .scan(true, |more, line| {
            let take = *more;
            *more = line.trim_end().ends_with('\\');
            take.then(|| line.trim_end().trim_end_matches('\\').to_string())
        })
        .collect::<Vec<_>>()
        .join(" ");
    let chart = crate::common::chart::chart_dir().display().to_string();
    Ok(command
        .split_whitespace()
        .skip(1)
        .map(|word| match word {
            "charts/needle" => chart.clone(),
            _ => word.to_string(),
        })
        .collect())
}

/// The injector webhook configuration of the default revision in istio-system.
pub const INJECTOR: &str = "istio-sidecar-injector";

async fn install(world: Arc<World>) -> Outcome {
    let mut args = readme_install()?;
    args.extend(STAND_IN_PROXY.map(str::to_string));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_helm(&args)?;
    let pods = world.pods(NEEDLE_NS, "app=needle").await?;
    let ready = pods.iter().filter(|p| is_ready(p)).count();
    if pods.len() != 2 || ready != 2 {
        return Err(format!(
            "{} needle pods, {ready} Ready; want 2 and 2",
            pods.len()
        ));
    }
    if let Some(p) = pods.iter().find(|p| restarts(p) > 0) {
        return Err(format!(
            "{} restarted: {}",
            p["metadata"]["name"], p["status"]
        ));
    }
    let slices = Api::<EndpointSlice>::namespaced(world.client.clone(), NEEDLE_NS);
    wait_until(
        "the Service's EndpointSlice lists 2 ready endpoints",
        30,
        || async {
            let list = slices
                .list(&ListParams::default().labels("kubernetes.io/service-name=needle"))
                .await
                .ok()?;
            let ready = list
                .items
                .iter()
                .flat_map(|s| s.endpoints.iter())
                .filter(|e| e.conditions.as_ref().and_then(|c| c.ready) == Some(true))
                .count();
            (ready == 2).then_some(())
        },
    )
    .await?;
    ca_bundle_restored(&world).await
}

/// Overwrite the injector's caBundle with another CA (the node's own): needle's patcher,
/// watching from inside its pod with the chart's RBAC, writes the Secret's `ca.crt` back.
async fn ca_bundle_restored(world: &World) -> Outcome {
    let secret = Api::<Secret>::namespaced(world.client.clone(), NEEDLE_NS)
        .get("needle-tls")
        .await
        .map_err(|e| format!("Secret needle-tls: {e}"))?;
    let ca = secret
        .data
        .and_then(|d| d.get("ca.crt").cloned())
        .ok_or("Secret needle-tls has no ca.crt")?;
    let hooks = Api::<MutatingWebhookConfiguration>::all(world.client.clone());
    let config = hooks.get(INJECTOR).await.map_err(|e| e.to_string())?;
    let entries = config.webhooks.unwrap_or_default();
    let node_dir = std::env::var("NEEDLE_NODE_DIR").unwrap();
    let other_ca = std::fs::read(format!("{node_dir}/pki/ca.pem")).map_err(|e| e.to_string())?;
    let other_ca = k8s_openapi::ByteString(other_ca);
    let patch: Vec<_> = (0..entries.len())
        .map(|i| json!({"op": "replace", "path": format!("/webhooks/{i}/clientConfig/caBundle"), "value": other_ca}))
        .collect();
    let patch: json_patch::Patch = serde_json::from_value(json!(patch)).unwrap();
    hooks
        .patch(INJECTOR, &PatchParams::default(), &Patch::Json::<()>(patch))
        .await
        .map_err(|e| format!("patching {INJECTOR}: {e}"))?;
    wait_until(
        "the injector's caBundle is the Secret's ca.crt again",
        30,
        || async {
            let config = hooks.get(INJECTOR).await.ok()?;
            let entries = config.webhooks.unwrap_or_default();
            (!entries.is_empty()
                && entries
                    .iter()
                    .all(|e| e.client_config.ca_bundle.as_ref() == Some(&ca)))
            .then_some(())
        },
    )
    .await
}
