//! `helm upgrade` changing a value of the injector's ConfigMap: the kubelet swaps the mounted
//! ConfigMap (`..data`), needle reloads it, and the next pods get the new value from both
//! replicas, with no needle pod restarted or replaced.

use crate::install::helm_upgrade;
use crate::world::{NEEDLE_NS, World, restarts};
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
    helm_upgrade(&["--set", "global.proxy.logLevel=debug", "--wait"])?;
    let upgraded = Instant::now();
    world
        .wait_injected_with(&ns, "--proxyLogLevel=debug", 180)
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
