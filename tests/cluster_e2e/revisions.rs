//! `needle serve --revisions` with each revision's ConfigMaps read through the apiserver: a
//! revision whose ConfigMap is missing keeps the server not ready and refuses its own reviews,
//! while the other revision answers; once created, both answer; a broken edit of one revision's
//! ConfigMap leaves it on its last good configuration (stale, counted with its revision) and the
//! other untouched.

use crate::common::server::{H1, Server, connector, free_port, temp_dir};
use crate::configmaps::{configmap, ready, replace, wait_for};
use crate::env::Env;
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "revisions: one needle for two revisions from ConfigMaps through the API: a missing one refuses only its own reviews, a broken edit of one leaves the other",
        revisions
    )]
}

async fn revisions(env: Arc<Env>) -> Outcome {
    let ns = env.namespace("needle-revisions", json!({})).await;
    let configmaps: Api<ConfigMap> = Api::namespaced(env.client.clone(), &ns);
    let config = include_str!("../../defaults/config.yaml");
    let values = include_str!("../../defaults/values.json");
    configmaps
        .create(
            &PostParams::default(),
            &configmap("injector-stable", config, values),
        )
        .await
        .map_err(|e| format!("creating a ConfigMap: {e}"))?;
    let dir = temp_dir("e2e-needle-revisions");
    let file = dir.join("revisions.yaml");
    let list = format!(
        "revisions:\n- name: stable\n  injectorConfigMap: {ns}/injector-stable\n- name: canary\n  injectorConfigMap: {ns}/injector-canary\n"
    );
    std::fs::write(&file, list).map_err(|e| e.to_string())?;
    let (certs, kubeconfig) = (
        dir.join("certs"),
        env.cluster.kubeconfig.display().to_string(),
    );
    let args = [
        "--cert-dir",
        certs.to_str().unwrap(),
        "--revisions",
        file.to_str().unwrap(),
        "--kubeconfig",
        &kubeconfig,
    ];
    let server = Server::spawn_on(&dir, free_port(), &args, &[]);
    let outcome = steps(&server, &certs, &configmaps, &ns, config, values).await;
    drop(server);
    outcome
}

async fn steps(
    server: &Server,
    certs: &std::path::Path,
    configmaps: &Api<ConfigMap>,
    ns: &str,
    config: &str,
    values: &str,
) -> Outcome {
    let admin = server.admin;
    let why = format!("ConfigMap {ns}/injector-canary: no ConfigMap found");
    let names = |body: &String| body.contains("revision canary: ") && body.contains(&why);
    wait_for(|| ready(admin).is_err_and(|body| names(&body)))
        .await
        .map_err(|_| format!("readiness never said {why:?}: {:?}", ready(admin)))?;
    let tls = connector(&certs.join("ca.pem"), false);
    let mut client = H1::connect(&tls, server.webhook)
        .await
        .map_err(|e| e.to_string())?;
    // stable answers; canary refuses until its ConfigMap exists.
    expect_injected(&mut client, "stable").await?;
    let (status, body) = post(&mut client, "/rev/canary/inject").await?;
    let refused =
        format!("needle is not ready: revision canary: no injector configuration loaded: {why}");
    if status != 503 || body["message"] != refused.as_str() {
        return Err(format!("canary before its ConfigMap: {status} {body}"));
    }

    configmaps
        .create(
            &PostParams::default(),
            &configmap("injector-canary", config, values),
        )
        .await
        .map_err(|e| format!("creating a ConfigMap: {e}"))?;
    wait_for(|| ready(admin).is_ok())
        .await
        .map_err(|_| format!("not ready with both ConfigMaps: {:?}", ready(admin)))?;
    expect_injected(&mut client, "canary").await?;

    // A broken edit of stable's: stable keeps its last good configuration, canary is untouched.
    replace(configmaps, "injector-stable", "policy: [unclosed", values).await?;
    let stale = r#"needle_config_stale{revision="stable",source="configmap"} 1"#;
    wait_for(|| server.metrics().contains(stale))
        .await
        .map_err(|_| format!("stable never stale:\n{}", server.metrics()))?;
    let metrics = server.metrics();
    if metrics.contains(r#"needle_config_stale{revision="canary",source="configmap"} 1"#) {
        return Err(format!("canary stale after stable's edit:\n{metrics}"));
    }
    expect_injected(&mut client, "stable").await?;
    expect_injected(&mut client, "canary").await?;
    ready(admin).map_err(|body| format!("not ready after a broken edit: {body}"))
}

async fn post(client: &mut H1, path: &str) -> Result<(u16, Value), String> {
    let review =
        std::fs::read("testdata/admission-review-hello.json").map_err(|e| e.to_string())?;
    let (status, bytes) = client
        .post(path, "application/json", review)
        .await
        .map_err(|e| format!("POST {path}: {e}"))?;
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    Ok((status, body))
}

/// `/rev/<revision>/inject` answers with a patch whose status annotation names the revision.
async fn expect_injected(client: &mut H1, revision: &str) -> Outcome {
    let path = format!("/rev/{revision}/inject");
    let (status, body) = post(client, &path).await?;
    let patch = body["response"]["patch"].as_str().unwrap_or_default();
    use base64::Engine;
    let patch = base64::engine::general_purpose::STANDARD
        .decode(patch)
        .unwrap_or_default();
    let named = format!(r#"\"revision\":\"{revision}\""#);
    match status == 200 && String::from_utf8_lossy(&patch).contains(&named) {
        true => Ok(()),
        false => Err(format!("{path}: {status} {body}")),
    }
}
