//! The webhook router: HTTP edges as Istio answers them, then the admission handlers.

use super::review::{self, Verdict};
use super::state::AppState;
use super::{inject, validate};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::Instrument;

/// Istio's limit on an AdmissionReview body.
pub const MAX_BODY_BYTES: usize = 6 * 1024 * 1024;

pub fn webhook_router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/inject", any(serve_inject))
        .route("/inject/{*params}", any(serve_inject))
        .route("/validate", any(serve_validate))
        .route("/validate/", any(serve_validate))
        .with_state(state)
}

fn plain(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

fn json_response(value: &serde_json::Value) -> Response {
    let body = serde_json::to_vec(value).expect("JSON serializes");
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// The body, or the answer and metric label for why there is none: too large, or the read
/// failed (the client went away, a broken chunk, a read timeout).
async fn read_body(body: Body) -> Result<Bytes, (Response, &'static str)> {
    axum::body::to_bytes(body, MAX_BODY_BYTES)
        .await
        .map_err(|e| {
            if over_the_limit(&e) {
                let message = format!("Request entity too large: limit is {MAX_BODY_BYTES}");
                (plain(StatusCode::BAD_REQUEST, message), "body_too_large")
            } else {
                tracing::warn!(error = %e, "reading an admission request's body failed");
                let message = format!("failed reading the request body: {e}");
                (plain(StatusCode::BAD_REQUEST, message), "body_read")
            }
        })
}

/// `to_bytes` reports its limit as http-body-util's `LengthLimitError`, somewhere in the
/// error's chain; that type is not a dependency of needle, its message is stable.
fn over_the_limit(e: &axum::Error) -> bool {
    let mut error: Option<&dyn std::error::Error> = Some(e);
    while let Some(current) = error {
        if current.to_string() == "length limit exceeded" {
            return true;
        }
        error = current.source();
    }
    false
}

async fn serve_inject(
    State(state): State<Arc<AppState>>,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let started = Instant::now();
    state.metrics.injection_requests.inc();
    let response = inject_response(&state, uri.path(), &headers, body).await;
    state
        .metrics
        .injection_time
        .observe(started.elapsed().as_secs_f64());
    response
}

/// The HTTP edges every admission endpoint shares, in Istio's order: body size, empty body,
/// Content-Type, then the AdmissionReview itself. `failed` records the reason of a rejection.
async fn read_review(
    headers: &HeaderMap,
    body: Body,
    failed: impl Fn(&str),
) -> Result<(review::AdmissionRequest, usize), Response> {
    let body = read_body(body).await.map_err(|(response, label)| {
        failed(label);
        response
    })?;
    if body.is_empty() {
        failed("no_body");
        return Err(plain(StatusCode::BAD_REQUEST, "no body found".into()));
    }
    if headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        != Some("application/json")
    {
        failed("content_type");
        return Err(plain(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "invalid Content-Type, want `application/json`".into(),
        ));
    }
    match review::decode(&body) {
        Ok(r) => Ok((r, body.len())),
        Err(message) => {
            failed("decode");
            tracing::warn!(%message, "could not decode AdmissionReview");
            Err(json_response(&review::undecodable(&message.to_string())))
        }
    }
}

fn admission_span(request: &review::AdmissionRequest, endpoint: &'static str) -> tracing::Span {
    tracing::info_span!(
        "admission",
        endpoint,
        uid = %request.uid,
        namespace = %request.namespace,
        kind = %request.kind,
        operation = %request.operation,
        dry_run = request.dry_run,
        decision = tracing::field::Empty,
        reason = tracing::field::Empty,
        label = tracing::field::Empty,
        native_sidecars = tracing::field::Empty,
        duration_us = tracing::field::Empty,
    )
}

async fn inject_response(
    state: &Arc<AppState>,
    path: &str,
    headers: &HeaderMap,
    body: Body,
) -> Response {
    let (request, body_len) =
        match read_review(headers, body, |reason| state.metrics.failure(reason)).await {
            Ok(r) => r,
            Err(response) => return response,
        };
    let request = Arc::new(request);
    let span = admission_span(&request, "inject");
    let started = Instant::now();
    let work = {
        let (state, path, request) = (state.clone(), path.to_string(), request.clone());
        move || inject::handle(&state, &path, &request)
    };
    let outcome = match bounded(state, body_len, work)
        .instrument(span.clone())
        .await
    {
        Ok(outcome) => outcome,
        Err(failure) => {
            state.metrics.failure(failure.label());
            failure.log("injection");
            inject::Outcome::denied(failure.message("injection", "injecting"), failure.label())
        }
    };
    span.record("decision", outcome.decision);
    span.record("reason", outcome.reason.as_str());
    span.record("label", outcome.label);
    if !outcome.native_sidecars.is_empty() {
        span.record("native_sidecars", outcome.native_sidecars.as_str());
    }
    span.record("duration_us", started.elapsed().as_micros() as u64);
    state.summary.decided(
        &span,
        "inject",
        outcome.decision,
        outcome.label,
        started.elapsed(),
    );
    state.metrics.injection_success.inc();
    json_response(&review::respond(
        &request.api_version,
        &request.uid,
        &outcome.verdict,
        &[],
    ))
}

async fn serve_validate(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let (request, body_len) = match read_review(&headers, body, |reason| {
        state.metrics.validation_failure(reason)
    })
    .await
    {
        Ok(r) => r,
        Err(response) => return response,
    };
    let request = Arc::new(request);
    let span = admission_span(&request, "validate");
    let started = Instant::now();
    let work = {
        let (state, request) = (state.clone(), request.clone());
        move || validate::handle(&state, &request)
    };
    let outcome = match bounded(&state, body_len, work)
        .instrument(span.clone())
        .await
    {
        Ok(outcome) => outcome,
        Err(failure) => {
            state.metrics.validation_failure(failure.label());
            failure.log("validation");
            validate::Outcome {
                answer: Verdict::Deny(failure.message("validation", "validating")),
                warnings: vec![],
                reason: failure.label(),
            }
        }
    };
    span.record(
        "decision",
        if matches!(outcome.answer, Verdict::Deny(_)) {
            "denied"
        } else {
            "allowed"
        },
    );
    span.record("reason", outcome.reason);
    span.record("duration_us", started.elapsed().as_micros() as u64);
    let denied = matches!(outcome.answer, Verdict::Deny(_));
    state.summary.decided(
        &span,
        "validate",
        if denied { "denied" } else { "allowed" },
        outcome.reason,
        started.elapsed(),
    );
    json_response(&review::respond(
        &request.api_version,
        &request.uid,
        &outcome.answer,
        &outcome.warnings,
    ))
}

/// Work time grows with the object; up to this request size (a pod of a few hundred env
/// vars, well under a millisecond of work) it runs on the async worker, where a thread
/// handoff would cost more than the work. Larger objects go to the blocking pool.
const INLINE_BODY_BYTES: usize = 64 * 1024;

/// Why bounded work gave no answer.
enum Failure {
    /// The work panicked (a bug in needle), with the panic's message.
    Panic(String),
    Timeout(Duration),
}

impl Failure {
    fn label(&self) -> &'static str {
        match self {
            Failure::Panic(_) => "internal",
            Failure::Timeout(_) => "timeout",
        }
    }

    /// The denial the apiserver gets, for `work` done as `doing` (`injection`, `injecting`).
    fn message(&self, work: &str, doing: &str) -> String {
        match self {
            Failure::Panic(_) => format!("internal error while {doing}; see needle's log"),
            Failure::Timeout(deadline) => format!(
                "{work} did not finish within {deadline:?} (needle --request-timeout); the server is overloaded or the object is too large"
            ),
        }
    }

    fn log(&self, what: &str) {
        match self {
            Failure::Panic(panic) => tracing::error!(error = %panic, "{what} failed"),
            Failure::Timeout(deadline) => tracing::warn!(?deadline, "{what} timed out"),
        }
    }
}

/// Run CPU work behind the concurrency limit and the request deadline, with a panic guard:
/// inline for small bodies, on the blocking pool for large ones.
async fn bounded<T: Send + 'static>(
    state: &AppState,
    body_len: usize,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Failure> {
    let deadline = state.request_timeout;
    let run = async {
        let _permit = state
            .limiter
            .acquire()
            .await
            .expect("the limiter is never closed");
        if body_len <= INLINE_BODY_BYTES {
            return guarded(work);
        }
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|join_error| join_error.to_string())
    };
    match tokio::time::timeout(deadline, run).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(panic)) => Err(Failure::Panic(panic)),
        Err(_) => Err(Failure::Timeout(deadline)),
    }
}

/// A bug in needle must not drop the apiserver's connection: a panic while answering is
/// caught here and becomes a denial that says so, with the panic's message in the log.
fn guarded<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into())
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_panic_while_answering_becomes_its_message() {
        assert_eq!(super::guarded(|| 7), Ok(7));
        let owned = String::from("index out of range");
        assert_eq!(
            super::guarded(|| -> u8 { panic!("{owned}") }),
            Err("index out of range".into())
        );
        assert_eq!(
            super::guarded(|| -> u8 { panic!("boom") }),
            Err("boom".into())
        );
    }
}
