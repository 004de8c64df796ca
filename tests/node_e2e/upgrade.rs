//! `helm upgrade` changing a value of the injector's ConfigMap: the kubelet swaps the mounted
//! ConfigMap (`..data`), needle reloads it, and the next pods get the new value from both
//! replicas, with no needle pod restarted or replaced.

use crate::install::STAND_IN_PROXY;
use crate::workloads::APP_IMAGE;
use crate::world::{NEEDLE_NS, World, helm, restarts, wait_until};
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "upgrade: helm upgrade of a value reaches the next pods without a restart",
        upgrade
    )]
}

async fn upgrade(world: Arc<World>) -> Outcome {
    let before = needle_pods(&world).await?;
    let ns = world
        .namespace("upgrade", json!({"istio-injection": "enabled"}))
        .await?;
    let chart = crate::common::chart::chart_dir().display().to_string();
    let mut args = vec![
        "upgrade",
        "needle",
        chart.as_str(),
        "--namespace",
        NEEDLE_NS,
        "--reuse-values",
        "--set",
        "global.proxy.logLevel=debug",
        "--wait",
    ];
    args.extend(STAND_IN_PROXY);
    helm(&args)?;
    let upgraded = Instant::now();
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "probe"},
        "spec": {"containers": [{"name": "app", "image": APP_IMAGE}]}});
    // The Service spreads the dry runs over both replicas: ten in a row must have it.
    let mut in_a_row = 0;
    wait_until(
        "--proxyLogLevel=debug in ten injected pods in a row",
        180,
        || {
            let pod = pod.clone();
            let ns = ns.clone();
            let world = world.clone();
            async move {
                let injected = world.create_pod(&ns, &pod, true).await.ok()?;
                let text = injected["spec"].to_string();
                in_a_row = if text.contains("--proxyLogLevel=debug") {
                    in_a_row + 1
                } else {
                    0
                };
                (in_a_row >= 10).then_some(())
            }
        },
    )
    .await?;
    println!(
        "     the new value reached the pods {:.1?} after helm upgrade returned",
        upgraded.elapsed()
    );
    let after = needle_pods(&world).await?;
    if before != after {
        return Err(format!(
            "needle's pods changed: before {before:?}, after {after:?}"
        ));
    }
    Ok(())
}

/// needle's pods: name and restarts of each.
async fn needle_pods(world: &World) -> Result<Vec<(String, u64)>, String> {
    let pods = world.pods(NEEDLE_NS, "app=needle").await?;
    let mut named: Vec<(String, u64)> = pods
        .iter()
        .map(|p: &Value| {
            (
                p["metadata"]["name"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                restarts(p),
            )
        })
        .collect();
    named.sort();
    Ok(named)
}
