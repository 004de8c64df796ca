//! `needle serve --injector-configmap`: the injector configuration read through the API and
//! followed as it changes, as istiod reads its `istio-sidecar-injector` ConfigMap.

use crate::common::pod_load::status_revision;
use crate::common::server::{Server, plain_get};
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::selection::pod;
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const DEFAULT_HUB: &str = "docker.io/istio";
pub const EDITED_HUB: &str = "registry.example/edited";

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "injector ConfigMap through the API: missing at start, created broken (up, not ready, naming the error), fixed, edited under load, a broken edit keeps the last good and is an Event on needle's pod",
        configmap_source
    )]
}

/// The `canary` revision's server is restarted on the ConfigMap source for the scenario and
/// on its files afterwards, whatever the outcome.
async fn configmap_source(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let cm_ns = env.namespace("needle-config", json!({})).await;
    let cm_name = "istio-sidecar-injector-canary";
    let source = format!("{cm_ns}/{cm_name}");
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    stop(rev).await;
    // As the chart names needle's pod (the downward API), for the Events.
    *rev.server.lock().await = Some(rev.spawn_server_with(
        &["--injector-configmap", &source, "--kubeconfig", &kubeconfig],
        &[("POD_NAME", POD), ("POD_NAMESPACE", &cm_ns)],
    ));
    let outcome = steps(&env, rev, &cm_ns, cm_name).await;
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn steps(env: &Env, rev: &Revision, cm_ns: &str, cm_name: &str) -> Outcome {
    let apps = env
        .namespace("canary-apps", json!({"istio.io/rev": "canary"}))
        .await;
    let configmaps: Api<ConfigMap> = Api::namespaced(env.client.clone(), cm_ns);
    let (admin, log) = {
        let server = rev.server.lock().await;
        let server: &Server = server.as_ref().unwrap();
        (server.admin, server.log.clone())
    };

    // Missing at start-up: not ready, saying why, and pods are refused (failurePolicy Fail).
    let why = format!("ConfigMap {cm_ns}/{cm_name}: no ConfigMap found");
    wait_for(|| ready(admin).is_err_and(|body| body.contains(&why)))
        .await
        .map_err(|_| format!("readiness never said {why:?}: {:?}", ready(admin)))?;
    match env
        .create_pod(&apps, pod("early", json!({}), json!({})), false)
        .await
    {
        Err(e) if e.contains(&why) => {}
        other => return Err(format!("a pod before the ConfigMap: {other:?}")),
    }

    // Created broken: still up and not ready, now naming the error instead.
    let config = include_str!("../../defaults/config.yaml");
    let values = include_str!("../../defaults/values.json");
    configmaps
        .create(
            &PostParams::default(),
            &configmap(cm_name, "policy: [unclosed", values),
        )
        .await
        .map_err(|e| format!("creating the ConfigMap: {e}"))?;
    let broken = |body: &String| !body.contains(&why) && body.contains(cm_name);
    wait_for(|| ready(admin).is_err_and(|body| broken(&body)))
        .await
        .map_err(|_| format!("readiness after a broken ConfigMap: {:?}", ready(admin)))?;

    // Fixed: ready, and pods injected with it.
    replace(&configmaps, cm_name, config, values).await?;
    wait_for(|| ready(admin).is_ok())
        .await
        .map_err(|_| format!("not ready after the ConfigMap: {:?}", ready(admin)))?;
    let first = env
        .create_pod(&apps, pod("first", json!({}), json!({})), false)
        .await?;
    expect_hub(&first, DEFAULT_HUB)?;

    // Edited while pods are created: none fails, pods before the edit keep the old hub and
    // the ones after it follow the edit.
    let edited = values.replace(DEFAULT_HUB, EDITED_HUB);
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut created = 0;
    let mut edited_at = None;
    loop {
        if created == 5 {
            replace(&configmaps, cm_name, config, &edited).await?;
            edited_at = Some(created);
        }
        let stored = env
            .create_pod(
                &apps,
                pod(&format!("during-{created}"), json!({}), json!({})),
                false,
            )
            .await
            .map_err(|e| format!("pod {created} during the edit failed: {e}"))?;
        created += 1;
        match (edited_at, proxy_image(&stored)) {
            (Some(_), Some(image)) if image.starts_with(EDITED_HUB) => break,
            (None, _) => expect_hub(&stored, DEFAULT_HUB)?,
            _ => {}
        }
        if Instant::now() > deadline {
            return Err(format!("{created} pods, none with {EDITED_HUB}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!(
        "     {created} pods created across the edit ({} after it), 0 failed",
        created - edited_at.unwrap_or(0)
    );

    // A broken edit: the last good configuration keeps serving, counted and logged.
    replace(&configmaps, cm_name, "policy: [unclosed", &edited).await?;
    // The second syntax error counted: the first was the ConfigMap created broken.
    let counted = r#"needle_config_reloads_total{revision="canary",source="configmap",result="error",reason="syntax"} 2"#;
    let metrics = || {
        plain_get(admin, "/metrics")
            .map(|(_, body)| body)
            .unwrap_or_default()
    };
    wait_for(|| metrics().contains(counted))
        .await
        .map_err(|_| format!("no {counted} in\n{}", metrics()))?;
    if !metrics().contains(r#"needle_config_stale{revision="canary",source="configmap"} 1"#) {
        return Err(format!("not marked stale:\n{}", metrics()));
    }
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    if !text.contains("keeping the last good configuration") || !text.contains(cm_name) {
        return Err(format!(
            "the log does not say what failed and what serves:\n{text}"
        ));
    }
    rejection_event(env, cm_ns, cm_name).await?;
    let after = env
        .create_pod(&apps, pod("after", json!({}), json!({})), false)
        .await?;
    expect_hub(&after, EDITED_HUB)?;
    ready(admin).map_err(|e| format!("a broken edit made it unready: {e}"))
}

/// The pod name needle is given (it need not exist: an Event names what it regards).
const POD: &str = "needle-e2e-canary";

/// The Warning Event on needle's pod for the broken edit, naming the ConfigMap.
async fn rejection_event(env: &Env, ns: &str, cm_name: &str) -> Outcome {
    use k8s_openapi::api::events::v1::Event;
    let events: Api<Event> = Api::namespaced(env.client.clone(), ns);
    let found = || async {
        let list = events.list(&Default::default()).await.ok()?;
        list.items.into_iter().find(|e| {
            e.reason.as_deref() == Some("InjectorConfigRejected")
                && e.regarding.as_ref().and_then(|r| r.name.as_deref()) == Some(POD)
        })
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(event) = found().await {
            let note = event.note.unwrap_or_default();
            if event.type_.as_deref() != Some("Warning") || !note.contains(cm_name) {
                return Err(format!("the Event: {:?} {note:?}", event.type_));
            }
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!(
                "no InjectorConfigRejected Event on pod {POD} in {ns}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

pub fn configmap(name: &str, config: &str, values: &str) -> ConfigMap {
    serde_json::from_value(json!({"metadata": {"name": name},
        "data": {"config": config, "values": values}}))
    .unwrap()
}

pub async fn replace(api: &Api<ConfigMap>, name: &str, config: &str, values: &str) -> Outcome {
    let mut current = api.get(name).await.map_err(|e| e.to_string())?;
    current.data = configmap(name, config, values).data;
    api.replace(name, &PostParams::default(), &current)
        .await
        .map(drop)
        .map_err(|e| format!("editing the ConfigMap: {e}"))
}

fn proxy_image(stored: &Value) -> Option<&str> {
    stored["spec"]["containers"]
        .as_array()?
        .iter()
        .find(|c| c["name"] == "istio-proxy")?["image"]
        .as_str()
}

fn expect_hub(stored: &Value, hub: &str) -> Outcome {
    match (status_revision(stored), proxy_image(stored)) {
        (Some(rev), Some(image)) if rev == "canary" && image.starts_with(hub) => Ok(()),
        (rev, image) => Err(format!(
            "want injected by canary from {hub}, got revision {rev:?}, proxy image {image:?}"
        )),
    }
}

/// `/ready`: `Ok` on 200, else the body.
pub fn ready(admin: std::net::SocketAddr) -> Result<(), String> {
    match plain_get(admin, "/ready") {
        Ok((200, _)) => Ok(()),
        Ok((_, body)) => Err(body),
        Err(e) => Err(e.to_string()),
    }
}

/// Poll `check` for up to 20 s.
pub async fn wait_for(check: impl Fn() -> bool) -> Result<(), ()> {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if check() {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(())
}
