//! HTTP edges and the admin endpoints: status codes, content types, metrics and readiness.

use super::*;

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

/// A pod the server cannot serve yet (a watched kind not synced) gets an HTTP error, so the
/// webhook's failurePolicy decides as for a server that is down (`Ignore` admits it), and is
/// counted as a failure under its reason; no review is written.
#[tokio::test]
async fn pods_before_the_caches_sync_are_left_to_the_failure_policy() {
    let state = state();
    state.caches.expect("Node");
    let body = serde_json::to_vec(&review("v1", "u", "CREATE", "Pod", pod())).unwrap();
    let (status, text) = post(&state, "/inject", "application/json", body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        status_message(&text, 503),
        "needle is not ready: waiting for the Node cache to sync"
    );
    let metrics = state.metrics.encode();
    assert!(
        metrics.contains(r#"sidecar_injection_failure_total{reason="cache_not_synced"} 1"#),
        "{metrics}"
    );
    assert!(
        metrics.contains("sidecar_injection_success_total 0"),
        "{metrics}"
    );
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
