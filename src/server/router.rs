//! The webhook router: HTTP edges as Istio answers them, then the admission handlers.

use super::bounded::{Failure, Held, INLINE_BODY_BYTES};
use super::review::{self, Verdict};
use super::state::AppState;
use super::{inject, validate};
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use std::sync::Arc;
use tokio::time::Instant;
use tracing::Instrument;

/// Istio's limit on an AdmissionReview body.
pub const MAX_BODY_BYTES: usize = 6 * 1024 * 1024;

pub fn webhook_router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/inject", any(serve_inject))
        .route("/inject/{*params}", any(serve_inject))
        .route("/validate", any(serve_validate))
        .route("/validate/", any(serve_validate))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            close_when_shutting_down,
        ))
        .with_state(state)
}

/// During the shutdown delay, each HTTP/1.1 answer closes its connection (`Connection:
/// close`), so the apiserver's pooled keep-alive connections to this pod end cleanly, one by
/// one after a response, and its next requests open connections to the remaining replicas.
/// Closed by the drain instead, an idle one could meet a request the apiserver is writing
/// into it at that moment, which fails (the apiserver does not retry a webhook call).
async fn close_when_shutting_down(
    State(state): State<Arc<AppState>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let http1 = request.version() <= axum::http::Version::HTTP_11;
    let mut response = next.run(request).await;
    if http1 && state.shutting_down() {
        response.headers_mut().insert(
            header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    response
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
/// Content-Type, then the AdmissionReview itself, all within the request's limits (see
/// `bounded`). A small review is decoded inline without waiting for a CPU permit (it costs
/// microseconds, and a review that then waits has its uid for the denial); a large one waits
/// for a permit and is decoded on the blocking pool. `failed` records a rejection's reason.
/// Gives the review, what it holds, and whether its work runs inline.
async fn read_review(
    state: &AppState,
    headers: &HeaderMap,
    body: Body,
    deadline: Instant,
    failed: impl Fn(&str),
) -> Result<(review::AdmissionRequest, Held, bool), Response> {
    let refuse = |failure: Failure| {
        failed(failure.label());
        failure.log();
        failure.response()
    };
    let limits = &state.limits;
    let (body, held) = limits.read_body(body, deadline).await.map_err(refuse)?;
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
    let inline = body.len() <= INLINE_BODY_BYTES;
    let (decoded, held) = if inline {
        (review::decode(&body), held)
    } else {
        const DECODING: &str = "decoding the AdmissionReview";
        // The body moves into the work and is freed as soon as it is decoded.
        let decode = move || review::decode(&body);
        limits
            .run(held, false, deadline, DECODING, decode)
            .await
            .map_err(refuse)?
    };
    match decoded {
        Ok(r) => Ok((r, held, inline)),
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
    let deadline = state.limits.deadline();
    let failed = |reason: &str| state.metrics.failure(reason);
    let (request, held, inline) = match read_review(state, headers, body, deadline, failed).await {
        Ok(r) => r,
        Err(response) => return response,
    };
    let span = admission_span(&request, "inject");
    let started = Instant::now();
    let answer_to = (request.api_version.clone(), request.uid.clone());
    // The request moves into the work, so its object is freed when the work ends.
    let work = {
        let (state, path) = (state.clone(), path.to_string());
        move || inject::handle(&state, &path, request)
    };
    let (outcome, _held) = match state
        .limits
        .run(held, inline, deadline, "injection", work)
        .instrument(span.clone())
        .await
    {
        Ok((outcome, held)) => (outcome, Some(held)),
        Err(failure) => {
            state.metrics.failure(failure.label());
            failure.log_cause();
            let message = failure.message();
            (inject::Outcome::denied(message, failure.label()), None)
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
    let (api_version, uid) = answer_to;
    json_response(&review::respond(&api_version, &uid, &outcome.verdict, &[]))
}

async fn serve_validate(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let deadline = state.limits.deadline();
    let failed = |reason: &str| state.metrics.validation_failure(reason);
    let (request, held, inline) = match read_review(&state, &headers, body, deadline, failed).await
    {
        Ok(r) => r,
        Err(response) => return response,
    };
    let span = admission_span(&request, "validate");
    let started = Instant::now();
    let answer_to = (request.api_version.clone(), request.uid.clone());
    let work = {
        let state = state.clone();
        move || validate::handle(&state, &request)
    };
    let (outcome, _held) = match state
        .limits
        .run(held, inline, deadline, "validation", work)
        .instrument(span.clone())
        .await
    {
        Ok((outcome, held)) => (outcome, Some(held)),
        Err(failure) => {
            state.metrics.validation_failure(failure.label());
            failure.log_cause();
            let outcome = validate::Outcome {
                answer: Verdict::Deny(failure.message()),
                warnings: vec![],
                reason: failure.label(),
            };
            (outcome, None)
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
    let (api_version, uid) = answer_to;
    json_response(&review::respond(
        &api_version,
        &uid,
        &outcome.answer,
        &outcome.warnings,
    ))
}
