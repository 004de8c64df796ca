//! The bounds every request is held to: the deadline, a body that fails to read, and the
//! memory budget shared by requests in flight.

use super::*;

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
    let body = serde_json::to_vec(&review("v1", "late", "CREATE", "Pod", pod())).unwrap();
    let (status, text) = post(&state, "/inject", "application/json", body).await;
    // Not a decision about the pod: an HTTP error, so the webhook's failurePolicy decides.
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let text = status_message(&text, 503);
    assert!(
        text.starts_with("injection did not finish within 1ms (needle --request-timeout)"),
        "{text}"
    );
    let metrics = state.metrics.encode();
    assert!(
        metrics.contains(r#"sidecar_injection_failure_total{reason="timeout"} 1"#),
        "{metrics}"
    );
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
    let text = status_message(&text, 503);
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
