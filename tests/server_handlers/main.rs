//! The webhook router driven without sockets (`Router::oneshot`): every HTTP edge and
//! admission rule of `/inject`, for both AdmissionReview versions.

mod bounds;
#[path = "../common/mod.rs"]
mod common;
mod edges;
mod replicas;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use base64::Engine;
use needle::core::inject::admit::Settings;
use needle::core::inject::snapshot;
use needle::server::admin::admin_router;
use needle::server::bounded::MAX_BODY_BYTES;
use needle::server::router::webhook_router;
use needle::server::state::{AppState, LimitSettings};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

fn state() -> Arc<AppState> {
    Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight: 8,
            request_timeout: Duration::from_secs(5),
            ..LimitSettings::default()
        },
    ))
}

fn pod() -> Value {
    json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "hello", "namespace": "demo", "labels": {"app": "hello"}},
        "spec": {"containers": [{"name": "hello", "image": "example.com/hello:1", "ports": [{"containerPort": 8080}]}]}})
}

fn review(version: &str, uid: &str, operation: &str, kind: &str, object: Value) -> Value {
    json!({"apiVersion": format!("admission.k8s.io/{version}"), "kind": "AdmissionReview",
        "request": {"uid": uid, "kind": {"group": "", "version": "v1", "kind": kind}, "operation": operation,
            "namespace": "demo", "object": object}})
}

async fn post(
    state: &Arc<AppState>,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> (StatusCode, Vec<u8>) {
    send(state, path, content_type, Body::from(body)).await
}

/// The message of the Kubernetes `Status` needle answers a request it could not answer with
/// (the apiserver puts it in its error).
fn status_message(body: &[u8], code: u16) -> String {
    let status: Value = serde_json::from_slice(body).expect("a Status");
    assert_eq!(
        (&status["kind"], &status["status"], &status["code"]),
        (&json!("Status"), &json!("Failure"), &json!(code)),
        "{status}"
    );
    status["message"].as_str().unwrap().to_string()
}

/// `post` of any body (a stream that breaks off, say).
async fn send(
    state: &Arc<AppState>,
    path: &str,
    content_type: &str,
    body: Body,
) -> (StatusCode, Vec<u8>) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, content_type)
        .body(body)
        .unwrap();
    let response = webhook_router(state.clone())
        .oneshot(request)
        .await
        .unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, bytes.to_vec())
}

async fn post_review(state: &Arc<AppState>, path: &str, body: &Value) -> Value {
    let (status, bytes) = post(
        state,
        path,
        "application/json",
        serde_json::to_vec(body).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    serde_json::from_slice(&bytes).unwrap()
}

fn applied_patch(response: &Value, original: &Value) -> Value {
    assert_eq!(response["response"]["patchType"], "JSONPatch");
    let raw = base64::engine::general_purpose::STANDARD
        .decode(response["response"]["patch"].as_str().unwrap())
        .unwrap();
    common::apply_patch(original, std::str::from_utf8(&raw).unwrap()).unwrap()
}

#[tokio::test]
async fn injects_pods_for_both_review_versions() {
    let state = state();
    for version in ["v1", "v1beta1"] {
        let out = post_review(
            &state,
            "/inject",
            &review(version, "uid-1", "CREATE", "Pod", pod()),
        )
        .await;
        assert_eq!(out["apiVersion"], format!("admission.k8s.io/{version}"));
        assert_eq!(out["kind"], "AdmissionReview");
        assert_eq!(out["response"]["uid"], "uid-1");
        assert_eq!(out["response"]["allowed"], true);
        assert!(out.get("request").is_none());
        let injected = applied_patch(&out, &pod());
        let names: Vec<&str> = injected["spec"]["containers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["hello", "istio-proxy"]);
    }
}

#[tokio::test]
async fn reinvocation_on_an_injected_pod_gives_the_same_pod() {
    let state = state();
    let first = post_review(
        &state,
        "/inject",
        &review("v1", "u", "CREATE", "Pod", pod()),
    )
    .await;
    let injected = applied_patch(&first, &pod());
    let second = post_review(
        &state,
        "/inject",
        &review("v1", "u", "CREATE", "Pod", injected.clone()),
    )
    .await;
    let again = applied_patch(&second, &injected);
    assert_eq!(again, injected);
}

#[tokio::test]
async fn path_parameters_reach_the_proxy() {
    let state = state();
    let out = post_review(
        &state,
        "/inject/cluster/east/net/n1",
        &review("v1", "u", "CREATE", "Pod", pod()),
    )
    .await;
    let injected = applied_patch(&out, &pod());
    let proxy = injected["spec"]["containers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "istio-proxy")
        .unwrap()
        .clone();
    let env = |name: &str| {
        proxy["env"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .map(|e| e["value"].clone())
    };
    assert_eq!(env("ISTIO_META_CLUSTER_ID"), Some(json!("east")));
    assert_eq!(env("ISTIO_META_NETWORK"), Some(json!("n1")));
    assert_eq!(
        injected["metadata"]["labels"]["topology.istio.io/network"],
        "n1"
    );
}

#[tokio::test]
async fn non_pods_and_other_operations_are_allowed_untouched() {
    let state = state();
    for (operation, kind) in [("UPDATE", "Pod"), ("DELETE", "Pod"), ("CREATE", "Service")] {
        let out = post_review(
            &state,
            "/inject",
            &review("v1", "u", operation, kind, pod()),
        )
        .await;
        assert_eq!(out["response"]["allowed"], true, "{operation} {kind}");
        assert!(out["response"].get("patch").is_none(), "{operation} {kind}");
    }
}

#[tokio::test]
async fn skipped_pods_are_allowed_without_patch() {
    let state = state();
    let mut opted_out = pod();
    opted_out["metadata"]["labels"]["sidecar.istio.io/inject"] = json!("false");
    let mut host_network = pod();
    host_network["spec"]["hostNetwork"] = json!(true);
    let mut system = pod();
    system["metadata"]["namespace"] = json!("kube-system");
    for p in [opted_out, host_network, system] {
        let out = post_review(&state, "/inject", &review("v1", "u", "CREATE", "Pod", p)).await;
        assert_eq!(out["response"]["allowed"], true);
        assert!(out["response"].get("patch").is_none());
    }
    assert!(
        state
            .metrics
            .encode()
            .contains("sidecar_injection_skip_total 3")
    );
}

#[tokio::test]
async fn injection_errors_deny_with_istios_message() {
    let state = state();
    let mut bad = pod();
    bad["metadata"]["annotations"] = json!({"traffic.sidecar.istio.io/includeInboundPorts": "abc"});
    let out = post_review(
        &state,
        "/inject",
        &review("v1beta1", "u9", "CREATE", "Pod", bad),
    )
    .await;
    assert_eq!(out["response"]["allowed"], false);
    assert_eq!(out["response"]["uid"], "u9");
    let message = out["response"]["status"]["message"].as_str().unwrap();
    assert!(
        message.contains(
            "invalid value 'abc' for annotation 'traffic.sidecar.istio.io/includeInboundPorts'"
        ),
        "{message}"
    );
    assert!(
        state
            .metrics
            .encode()
            .contains(r#"sidecar_injection_failure_total{reason="invalid_annotations"} 1"#)
    );
}

#[tokio::test]
async fn dry_run_is_injected_like_any_other_request() {
    let state = state();
    let mut r = review("v1", "u", "CREATE", "Pod", pod());
    r["request"]["dryRun"] = json!(true);
    let out = post_review(&state, "/inject", &r).await;
    assert_eq!(out["response"]["allowed"], true);
    assert!(out["response"]["patch"].is_string());
}

/// The ProxyConfig resources the state holds (what `--watch-cluster` keeps current) reach the
/// pod's `PROXY_CONFIG`; a new set swapped in reaches the next pod.
#[tokio::test]
async fn the_current_proxy_configs_reach_the_next_pod() {
    use needle::core::config::proxy_config::resources::{ProxyConfigResource, ProxyConfigs};
    let state = state();
    let proxy_config = |out: &Value| -> Value {
        let injected = applied_patch(out, &pod());
        let proxy = injected["spec"]["containers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "istio-proxy")
            .unwrap()
            .clone();
        let env = proxy["env"].as_array().unwrap();
        let text = env.iter().find(|e| e["name"] == "PROXY_CONFIG").unwrap()["value"]
            .as_str()
            .unwrap()
            .to_string();
        serde_json::from_str(&text).unwrap()
    };
    let set = |namespace: &str, concurrency: i32| {
        let object = json!({"apiVersion": "networking.istio.io/v1beta1", "kind": "ProxyConfig",
            "metadata": {"name": "pc", "namespace": namespace},
            "spec": {"concurrency": concurrency}});
        let resource = ProxyConfigResource::from_object(&object).unwrap();
        state
            .proxy_configs
            .store(Some(Arc::new(ProxyConfigs::new(vec![resource]))));
    };
    let review = review("v1", "u", "CREATE", "Pod", pod());
    set("demo", 3);
    let out = post_review(&state, "/inject", &review).await;
    assert_eq!(proxy_config(&out), json!({"concurrency": 3}));
    set("istio-system", 2);
    let out = post_review(&state, "/inject", &review).await;
    assert_eq!(proxy_config(&out), json!({"concurrency": 2}));
    set("elsewhere", 9);
    let out = post_review(&state, "/inject", &review).await;
    assert_eq!(proxy_config(&out), json!({}));
}
