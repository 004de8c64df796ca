//! Replicas as the apiserver hands them to needle: the ServiceAccount admission plugin gives
//! each its own randomly named token volume first, and needle still works out one injection
//! for them all, each stored pod with its own token volume.

use crate::env::Env;
use crate::selection::{GENERATED_METADATA, replica_set_pod};
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "replicas with service account tokens share one injection, each keeps its token",
        replicas_share_one_injection
    )]
}

const REPLICAS: usize = 4;

async fn replicas_share_one_injection(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("replicas", json!({"istio-injection": "enabled"}))
        .await;
    let mut replica = replica_set_pod("shared", "7c9d");
    // As a ReplicaSet's pods are: the service account token mounted.
    replica["spec"]
        .as_object_mut()
        .unwrap()
        .remove("automountServiceAccountToken");
    let hits = async || {
        let server = env.revision("default").server.lock().await;
        let page = server.as_ref().map(|s| s.metrics()).unwrap_or_default();
        crate::common::counter(&page, "needle_inject_cache_hits_total")
    };
    let before = hits().await;
    let mut stored = Vec::new();
    for _ in 0..REPLICAS {
        stored.push(env.create_pod(&ns, replica.clone(), false).await?);
    }
    let shared = hits().await - before;
    if shared < (REPLICAS - 1) as f64 {
        return Err(format!(
            "{shared} of {} replicas answered from the cache",
            REPLICAS - 1
        ));
    }
    let first = without_what_differs(&stored[0])?;
    for pod in &stored[1..] {
        if without_what_differs(pod)? != first {
            return Err(format!("replicas differ: {} and {pod}", stored[0]));
        }
    }
    Ok(())
}

/// The stored pod without what the apiserver makes per pod (name, uid, version, timestamps)
/// and with its token volume's name masked, once checked to be mounted in the app and the
/// proxy injected.
fn without_what_differs(stored: &Value) -> Result<Value, String> {
    let volumes = stored["spec"]["volumes"].as_array();
    let token = volumes
        .into_iter()
        .flatten()
        .filter_map(|v| v["name"].as_str())
        .find(|n| n.starts_with("kube-api-access-"))
        .ok_or_else(|| format!("no token volume: {stored}"))?;
    let app = &stored["spec"]["containers"][0];
    if app["volumeMounts"][0]["name"] != token
        || stored["metadata"]["annotations"]["sidecar.istio.io/status"].is_null()
    {
        return Err(format!("not injected around its own {token}: {stored}"));
    }
    let text = stored.to_string().replace(token, "kube-api-access-?????");
    let mut pod: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let meta = pod["metadata"].as_object_mut().unwrap();
    meta.remove("name");
    for field in GENERATED_METADATA {
        meta.remove(field);
    }
    Ok(pod)
}
