//! `helm upgrade` with a broken template, as a platform team's bad edit arrives: the kubelet
//! swaps the mounted ConfigMap, each replica rejects it and keeps injecting with the last good
//! configuration, says so (`needle_config_stale` 1, an Event on its pod), a replica deleted
//! meanwhile comes back up and not ready rather than crash-looping, and the fixed edit makes
//! every replica ready again.

use crate::install::helm_upgrade as upgrade;
use crate::world::{NEEDLE_NS, World, is_ready, restarts, wait_until};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::events::v1::Event;
use kube::api::{Api, DeleteParams};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const TEMPLATES: &str = "sidecarInjectorWebhook.templates";

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "chaos: broken config: helm upgrade with a template that cannot load: injection goes on, every replica stale with an Event, a deleted replica comes back not ready (no crash loop), the fix makes all ready",
        broken
    )]
}

async fn broken(world: Arc<World>) -> Outcome {
    let outcome = steps(&world).await;
    // Whatever happened, the chart as it was, every replica ready.
    let fixed = fix(&world, outcome.as_deref().ok()).await;
    outcome.map(drop).and(fixed)
}

/// The edit, the replicas' answer to it, and a replica deleted meanwhile; the configuration
/// the stale replicas still serve (its `needle_config_info` hash).
async fn steps(world: &World) -> Result<String, String> {
    let ns = world
        .namespace("broken", json!({"istio-injection": "enabled"}))
        .await?;
    // From a file: helm reads `{...}` in --set as a list.
    let dir = crate::common::server::temp_dir("broken-template");
    let file = dir.join("broken.tmpl");
    std::fs::write(&file, "{{ if }}").map_err(|e| e.to_string())?;
    let broken = format!("{TEMPLATES}.broken={}", file.display());
    upgrade(&["--set-file", &broken])?;

    // Every replica rejects it and says so; injection goes on meanwhile.
    let pods = needle_pods(world).await?;
    for pod in &pods {
        wait_until(&format!("{pod} marked stale"), 120, || async {
            let metrics = pod_get(world, pod, "metrics").await;
            metrics
                .contains(r#"needle_config_stale{revision="default",source="files"} 1"#)
                .then_some(())
        })
        .await?;
        rejection_event(world, pod).await?;
    }
    world.wait_injected_with(&ns, "istio-proxy", 30).await?;
    let served = one_config(world, &pods).await?;
    println!(
        "     {} replicas stale, each with its Event, all serving {served}; pods still injected",
        pods.len()
    );

    // A replica deleted now starts on the broken configuration: up, not ready, no restart.
    let gone = &pods[0];
    Api::<k8s_openapi::api::core::v1::Pod>::namespaced(world.client.clone(), NEEDLE_NS)
        .delete(gone, &DeleteParams::default())
        .await
        .map_err(|e| format!("deleting {gone}: {e}"))?;
    let replacement = wait_until("a replacement replica running", 120, || async {
        let now = world.pods(NEEDLE_NS, "app=needle").await.ok()?;
        now.iter()
            .find(|p| !pods.contains(&name_of(p)) && p["status"]["phase"] == "Running")
            .map(name_of)
    })
    .await?;
    // Time to crash-loop, had it: it stays running, not ready, never restarted.
    tokio::time::sleep(Duration::from_secs(15)).await;
    let now = world.pods(NEEDLE_NS, "app=needle").await?;
    let pod = now
        .iter()
        .find(|p| name_of(p) == replacement)
        .ok_or(format!("{replacement} is gone"))?;
    if is_ready(pod) || restarts(pod) > 0 || pod["status"]["phase"] != "Running" {
        return Err(format!(
            "{replacement}: ready {}, restarts {}, phase {}",
            is_ready(pod),
            restarts(pod),
            pod["status"]["phase"]
        ));
    }
    let why = pod_get(world, &replacement, "ready").await;
    if !why.contains("no injector configuration loaded") || !why.contains("broken") {
        return Err(format!(
            "{replacement}'s /ready does not name the error: {why}"
        ));
    }
    world.wait_injected_with(&ns, "istio-proxy", 30).await?;
    println!("     a replica deleted meanwhile: running, not ready, 0 restarts, /ready: {why}");
    Ok(served)
}

/// The fixed edit: every replica ready, no longer stale, all serving one configuration, a
/// new one (unlike the last good before the broken edit, it has the fixed template).
async fn fix(world: &World, stale: Option<&str>) -> Outcome {
    // The template fixed (a text that loads), as the platform team's next edit would.
    let dir = crate::common::server::temp_dir("fixed-template");
    let file = dir.join("fixed.tmpl");
    std::fs::write(&file, "metadata: {}\n").map_err(|e| e.to_string())?;
    upgrade(&[
        "--set-file",
        &format!("{TEMPLATES}.broken={}", file.display()),
    ])?;
    let all_ready = wait_until("every replica ready after the fix", 180, || async {
        let pods = world.pods(NEEDLE_NS, "app=needle").await.ok()?;
        let running: Vec<&Value> = pods
            .iter()
            .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
            .collect();
        (running.len() >= 2 && running.iter().all(|p| is_ready(p))).then_some(())
    })
    .await;
    if let Err(e) = all_ready {
        let mut states = Vec::new();
        for pod in needle_pods(world).await? {
            let ready = pod_get(world, &pod, "ready").await;
            states.push(format!("{pod}: /ready {ready}"));
        }
        return Err(format!("{e}: {}", states.join("; ")));
    }
    // A replica that stayed up was ready all along: it is fixed when its kubelet has synced
    // the ConfigMap and it has loaded it, up to a minute apart from the other.
    let pods = needle_pods(world).await?;
    for pod in &pods {
        wait_until(
            &format!("{pod} no longer stale after the fix"),
            120,
            || async {
                let metrics = pod_get(world, pod, "metrics").await;
                metrics
                    .contains(r#"needle_config_stale{revision="default",source="files"} 0"#)
                    .then_some(())
            },
        )
        .await?;
    }
    let served = one_config(world, &pods).await?;
    if stale == Some(served.as_str()) {
        return Err(format!("after the fix still {served}, as before it"));
    }
    // The added template sits beside the stock ones: pods are still injected.
    let ns = world
        .namespace("fixed", json!({"istio-injection": "enabled"}))
        .await?;
    world.wait_injected_with(&ns, "istio-proxy", 30).await?;
    println!("     fixed: every replica ready, serving {served}, pods injected");
    Ok(())
}

/// The configuration every one of `pods` serves (`needle_config_info`'s hash), or which
/// replica serves which when they differ: the signal of replicas out of step.
async fn one_config(world: &World, pods: &[String]) -> Result<String, String> {
    let mut served = Vec::new();
    for pod in pods {
        let metrics = pod_get(world, pod, "metrics").await;
        let hash = metrics
            .lines()
            .find_map(|l| l.strip_prefix("needle_config_info{"))
            .and_then(|labels| labels.split("hash=\"").nth(1))
            .and_then(|rest| rest.split('"').next())
            .ok_or(format!("{pod} has no needle_config_info"))?;
        served.push((pod.as_str(), format!("config {hash}")));
    }
    match served.first() {
        Some((_, first)) if served.iter().all(|(_, h)| h == first) => Ok(first.clone()),
        _ => Err(format!("replicas out of step: {served:?}")),
    }
}

fn name_of(pod: &Value) -> String {
    pod["metadata"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The names of needle's pods that are not being deleted.
pub async fn needle_pods(world: &World) -> Result<Vec<String>, String> {
    let pods = world.pods(NEEDLE_NS, "app=needle").await?;
    Ok(pods
        .iter()
        .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
        .map(name_of)
        .collect())
}

/// A page of a needle pod's admin port, through the apiserver's proxy (its text, or the
/// error's, which carries the text of a 503).
pub async fn pod_get(world: &World, pod: &str, path: &str) -> String {
    let uri = format!("/api/v1/namespaces/{NEEDLE_NS}/pods/{pod}:15014/proxy/{path}");
    let request = axum::http::Request::get(uri).body(Vec::new()).unwrap();
    match world.client.request_text(request).await {
        Ok(text) => text,
        Err(e) => e.to_string(),
    }
}

/// The Warning Event on needle's pod for the rejected configuration.
async fn rejection_event(world: &World, pod: &str) -> Outcome {
    let events: Api<Event> = Api::namespaced(world.client.clone(), NEEDLE_NS);
    wait_until(
        &format!("an InjectorConfigRejected Event on {pod}"),
        30,
        || async {
            let list = events.list(&Default::default()).await.ok()?;
            list.items
                .iter()
                .any(|e| {
                    e.reason.as_deref() == Some("InjectorConfigRejected")
                        && e.type_.as_deref() == Some("Warning")
                        && e.regarding.as_ref().and_then(|r| r.name.as_deref()) == Some(pod)
                        && e.note.as_deref().is_some_and(|n| n.contains("broken"))
                })
                .then_some(())
        },
    )
    .await
}
