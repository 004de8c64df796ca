//! The webhook router driven without sockets (`Router::oneshot`): every HTTP edge and
//! admission rule of `/inject`, for both AdmissionReview versions.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use base64::Engine;
use needle::core::config::snapshot;
use needle::core::inject::admit::Settings;
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
async fn http_edges_answer_as_istio() {
    let state = state();
    let body = serde_json::to_vec(&review("v1", "u", "CREATE", "Pod", pod())).unwrap();
    let (status, text) = post(
        &state,
        "/inject",
        "application/json; charset=utf-8",
        body.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        String::from_utf8(text).unwrap(),
        "invalid Content-Type, want `application/json`"
    );
    let (status, text) = post(&state, "/inject", "application/json", vec![]).await;
    assert_eq!(
        (status, String::from_utf8(text).unwrap().as_str()),
        (StatusCode::BAD_REQUEST, "no body found")
    );
    let (status, text) = post(
        &state,
        "/inject",
        "application/json",
        vec![b' '; MAX_BODY_BYTES + 1],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        String::from_utf8(text).unwrap(),
        "Request entity too large: limit is 6291456"
    );
    let (status, text) = post(
        &state,
        "/inject",
        "application/json",
        b"{\"hello\": 1}".to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let out: Value = serde_json::from_slice(&text).unwrap();
    assert_eq!(out["response"]["allowed"], false);
    assert!(
        out["response"]["status"]["message"]
            .as_str()
            .unwrap()
            .contains("expected an AdmissionReview")
    );
    let (status, text) = post(&state, "/inject", "application/json", b"garbage".to_vec()).await;
    assert_eq!(status, StatusCode::OK);
    let out: Value = serde_json::from_slice(&text).unwrap();
    assert!(
        out["response"]["status"]["message"]
            .as_str()
            .unwrap()
            .contains("could not decode body as JSON")
    );
    let metrics = state.metrics.encode();
    // Counted as Istio counts them: every request, each refusal as a failure by reason, and
    // the two answered with a review (the bodies that are no AdmissionReview) as responses.
    for line in [
        "sidecar_injection_requests_total 5",
        r#"sidecar_injection_failure_total{reason="content_type"} 1"#,
        r#"sidecar_injection_failure_total{reason="no_body"} 1"#,
        r#"sidecar_injection_failure_total{reason="body_too_large"} 1"#,
        r#"sidecar_injection_failure_total{reason="decode"} 2"#,
        "sidecar_injection_success_total 2",
    ] {
        assert!(metrics.contains(line), "{line} missing from {metrics}");
    }
}

/// A pod the server cannot serve yet (a watched kind not synced) is denied, counted as a
/// failure under its reason like every other denial, and answered.
#[tokio::test]
async fn denials_before_the_caches_sync_are_counted() {
    let state = state();
    state.caches.expect("Node");
    let out = post_review(
        &state,
        "/inject",
        &review("v1", "u", "CREATE", "Pod", pod()),
    )
    .await;
    assert_eq!(out["response"]["allowed"], false, "{out}");
    let metrics = state.metrics.encode();
    for line in [
        r#"sidecar_injection_failure_total{reason="cache_not_synced"} 1"#,
        "sidecar_injection_success_total 1",
    ] {
        assert!(metrics.contains(line), "{line} missing from {metrics}");
    }
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

#[tokio::test]
async fn admin_endpoints_report_liveness_readiness_and_metrics() {
    let state = state();
    let get = |path: &str| Request::get(path).body(Body::empty()).unwrap();
    let live = admin_router(state.clone())
        .oneshot(get("/live"))
        .await
        .unwrap();
    assert_eq!(live.status(), StatusCode::OK);
    let not_ready = admin_router(state.clone())
        .oneshot(get("/ready"))
        .await
        .unwrap();
    assert_eq!(not_ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    state.set_certificate_loaded();
    let ready = admin_router(state.clone())
        .oneshot(get("/ready"))
        .await
        .unwrap();
    assert_eq!(ready.status(), StatusCode::OK);
    let metrics = admin_router(state.clone())
        .oneshot(get("/metrics"))
        .await
        .unwrap();
    let text = String::from_utf8(
        axum::body::to_bytes(metrics.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec(),
    )
    .unwrap();
    for name in [
        "sidecar_injection_requests_total",
        "sidecar_injection_success_total",
        "sidecar_injection_skip_total",
        "sidecar_injection_time_seconds",
        "galley_validation_passed_total",
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_virtual_memory_bytes",
        "process_open_fds",
        "process_max_fds",
        "process_start_time_seconds",
    ] {
        assert!(text.contains(name), "{name} missing from {text}");
    }
    assert!(
        text.contains("# TYPE process_cpu_seconds counter"),
        "{text}"
    );
}

#[tokio::test]
async fn past_the_deadline_requests_fail_fast() {
    let state = Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight: 1,
            request_timeout: Duration::from_millis(1),
            ..LimitSettings::default()
        },
    ));
    // Hold the only permit of small reviews so the request cannot start its work before the
    // deadline.
    let _permit = state.limits.inline_cpu.acquire().await.unwrap();
    let out = post_review(
        &state,
        "/inject",
        &review("v1", "late", "CREATE", "Pod", pod()),
    )
    .await;
    assert_eq!(out["response"]["allowed"], false);
    assert_eq!(out["response"]["uid"], "late");
    assert!(
        out["response"]["status"]["message"]
            .as_str()
            .unwrap()
            .contains("did not finish within")
    );
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

/// A body that breaks off is a failed read, said as such (and counted apart from a body over
/// the limit): a client that goes away is not sending too much.
#[tokio::test]
async fn a_body_that_fails_to_read_is_named_for_what_it_is() {
    let state = state();
    let chunks: Vec<Result<&'static [u8], std::io::Error>> = vec![
        Ok(b"{\"kind\": "),
        Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "the client went away",
        )),
    ];
    let body = Body::from_stream(futures::stream::iter(chunks));
    let (status, text) = send(&state, "/inject", "application/json", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.starts_with("failed reading the request body: ")
            && text.contains("the client went away"),
        "{text}"
    );
    let metrics = state.metrics.encode();
    assert!(metrics.contains("reason=\"body_read\""), "{metrics}");
    assert!(!metrics.contains("reason=\"body_too_large\""), "{metrics}");
}

/// A request that finds the memory budget held (by the bodies of other requests, or their
/// work) waits for room until its deadline, then is refused as overloaded, counted apart.
/// The test holds the budget itself, as a slow big request would.
#[tokio::test]
async fn a_request_over_the_memory_budget_waits_then_is_refused_as_overloaded() {
    use needle::server::budget::Share;
    let state = Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight_bytes: 4096,
            request_timeout: Duration::from_millis(300),
            ..LimitSettings::default()
        },
    ));
    let mut held = Share::default();
    let soon = tokio::time::Instant::now() + Duration::from_secs(1);
    state
        .limits
        .memory
        .cover(&mut held, 4000, soon)
        .await
        .unwrap();
    // Over 64 KiB: small reviews have a budget of their own (see the next test).
    let mut big = pod();
    big["metadata"]["annotations"] = json!({"example.com/padding": "x".repeat(70_000)});
    let body = serde_json::to_vec(&review("v1", "u", "CREATE", "Pod", big)).unwrap();
    let started = std::time::Instant::now();
    let (status, text) = post(&state, "/inject", "application/json", body.clone()).await;
    let waited = started.elapsed();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.starts_with("needle is overloaded: the requests in flight hold its memory budget (4096 bytes of bodies, needle --max-in-flight-bytes)"),
        "{text}"
    );
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    let metrics = state.metrics.encode();
    assert!(
        metrics.contains("sidecar_injection_failure_total{reason=\"overloaded\"} 1"),
        "{metrics}"
    );
    // Room again: the same request is answered.
    drop(held);
    let (status, _) = post(&state, "/inject", "application/json", body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state.limits.memory.available(), 4096);
}

/// With the budget of large reviews all held (big pods in flight), a hello pod is answered
/// at once from the budget of small ones instead of queueing behind them.
#[tokio::test]
async fn a_small_review_does_not_wait_for_the_budget_of_large_ones() {
    use needle::server::budget::Share;
    let state = Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight_bytes: 4096,
            request_timeout: Duration::from_secs(30),
            ..LimitSettings::default()
        },
    ));
    let mut held = Share::default();
    let soon = tokio::time::Instant::now() + Duration::from_secs(1);
    state
        .limits
        .memory
        .cover(&mut held, 4096, soon)
        .await
        .unwrap();
    let body = serde_json::to_vec(&review("v1", "u", "CREATE", "Pod", pod())).unwrap();
    let (status, text) = post(&state, "/inject", "application/json", body).await;
    assert_eq!(status, StatusCode::OK);
    let answer: Value = serde_json::from_slice(&text).unwrap();
    assert_eq!(answer["response"]["allowed"], true, "{answer}");
    assert!(answer["response"]["patch"].is_string(), "{answer}");
}
