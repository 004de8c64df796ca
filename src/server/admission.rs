//! The one admission flow of `/inject` and `/validate`, in Istio's order: the HTTP edges (body
//! size, empty body, Content-Type), the AdmissionReview, the endpoint's decision behind the
//! request's limits (see `bounded`), the answer. Each admission is logged, summarised and
//! counted here, once.

use super::bounded::{Failure, Held, INLINE_BODY_BYTES};
use super::review::{self, AdmissionRequest, Answer};
use super::revisions::Served;
use super::state::AppState;
use super::{inject, validate};
use crate::core::label::Labelled;
use axum::body::Body;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use tokio::time::Instant;
use tracing::Instrument;

/// An admission endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Inject,
    Validate,
}

impl Endpoint {
    /// Its name in the span, the log summary and the logs.
    pub fn name(self) -> &'static str {
        match self {
            Endpoint::Inject => "inject",
            Endpoint::Validate => "validate",
        }
    }

    /// What its work is called in a timeout's message.
    fn work(self) -> &'static str {
        match self {
            Endpoint::Inject => "injection",
            Endpoint::Validate => "validation",
        }
    }
}

/// The answer to one admission and why, for the response, the span, the summary and the
/// metrics.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub answer: Answer,
    /// The response's warnings (validation's).
    pub warnings: Vec<String>,
    /// `injected`, `skipped`, `denied` or `ignored` (not a Pod CREATE) for `/inject`;
    /// `allowed` or `denied` for `/validate`.
    pub decision: &'static str,
    /// The reason in words (the denial's message when denied).
    pub reason: String,
    /// The reason's stable metric label.
    pub label: &'static str,
    /// Counted as a failure under `label`: a denial, or an operation the validator does not
    /// validate (allowed, and counted so by Istio).
    pub failed: bool,
    /// Native sidecars for the pod and why (`on (ENABLE_NATIVE_SIDECARS=true)`), for the log;
    /// empty unless a pod was injected.
    pub native_sidecars: String,
    /// The answer is an earlier replica's, from the replica cache.
    pub reused: bool,
}

impl Outcome {
    /// A denial, counted as a failure under `label`.
    pub fn denied(message: String, label: &'static str) -> Self {
        Self {
            answer: Answer::Deny(message.clone()),
            warnings: Vec::new(),
            decision: "denied",
            reason: message,
            label,
            failed: true,
            native_sidecars: String::new(),
            reused: false,
        }
    }

    /// Allowed as it is, not counted as a failure.
    pub fn allowed(decision: &'static str, reason: String, label: &'static str) -> Self {
        Self {
            answer: Answer::Allow,
            warnings: Vec::new(),
            decision,
            reason,
            label,
            failed: false,
            native_sidecars: String::new(),
            reused: false,
        }
    }
}

/// Answer one request of `endpoint`, counted and timed: for the revision the path names
/// (`/rev/<revision>/...`), else plain `/inject`'s or the one `/validate` routes the object to.
/// `path` is the rest (`/inject/cluster/c1/net/n1`).
pub async fn serve(
    state: &Arc<AppState>,
    endpoint: Endpoint,
    revision: Option<&str>,
    path: &str,
    headers: &HeaderMap,
    body: Body,
) -> Response {
    let started = Instant::now();
    state.metrics.received(endpoint);
    if let Some(name) = revision.filter(|name| state.revisions.named(name).is_none()) {
        // No body is read: no review of this path can be answered.
        state.metrics.refused(endpoint, "unknown_revision");
        state.metrics.took(endpoint, started.elapsed());
        return plain(
            StatusCode::NOT_FOUND,
            format!("needle serves no revision {name:?}"),
        );
    }
    let deadline = state.limits.deadline();
    let revision = revision.map(str::to_string);
    let response = match read_review(state, endpoint, headers, body, deadline).await {
        Ok(review) => answer(state, endpoint, revision, path, review, deadline).await,
        Err(refusal) => refusal,
    };
    state.metrics.took(endpoint, started.elapsed());
    response
}

/// A decoded review, what it holds of the limits, and whether its work runs inline.
struct Review {
    request: AdmissionRequest,
    held: Held,
    inline: bool,
}

/// Decide a review behind the limits, and answer it.
async fn answer(
    state: &Arc<AppState>,
    endpoint: Endpoint,
    revision: Option<String>,
    path: &str,
    review: Review,
    deadline: Instant,
) -> Response {
    let Review {
        request,
        held,
        inline,
    } = review;
    let span = admission_span(&request, endpoint.name());
    let started = Instant::now();
    let answer_to = (request.api_version.clone(), request.uid.clone());
    let not_ready = not_ready(state, endpoint, revision.as_deref(), &request);
    // The request moves into the work, so its object is freed when the work ends.
    let work = {
        let (state, path) = (state.clone(), path.to_string());
        move || {
            let served = target(&state, endpoint, revision.as_deref(), &request);
            match endpoint {
                Endpoint::Inject => inject::handle(&state, served, &path, request),
                Endpoint::Validate => {
                    validate::handle(&request, served.live.current().release.release)
                }
            }
        }
    };
    let result = match not_ready {
        Some(failure) => Err(failure),
        None => {
            let run = state
                .limits
                .run(held, inline, deadline, endpoint.work(), work);
            run.instrument(span.clone()).await
        }
    };
    let (outcome, _held) = match result {
        Ok(answered) => answered,
        Err(failure) => return unanswered(state, endpoint, &span, started, failure),
    };
    span.record("decision", outcome.decision);
    span.record("reason", outcome.reason.as_str());
    span.record("label", outcome.label);
    if !outcome.native_sidecars.is_empty() {
        span.record("native_sidecars", outcome.native_sidecars.as_str());
    }
    if outcome.reused {
        span.record("replica_of_cached", true);
    }
    span.record("duration_us", started.elapsed().as_micros() as u64);
    state.summary.decided(
        &span,
        endpoint.name(),
        outcome.decision,
        outcome.label,
        started.elapsed(),
    );
    state.metrics.answered(endpoint, &outcome);
    let (api_version, uid) = answer_to;
    let review = review::respond(&api_version, &uid, &outcome.answer, &outcome.warnings);
    json_bytes_response(review)
}

/// The revision that answers: the one the path names; else, for `/inject`, the first, and
/// for `/validate`, the one the object's `istio.io/rev` selects.
fn target<'a>(
    state: &'a AppState,
    endpoint: Endpoint,
    revision: Option<&str>,
    request: &AdmissionRequest,
) -> &'a Served {
    let revisions = &state.revisions;
    match (revision.and_then(|name| revisions.named(name)), endpoint) {
        (Some(named), _) => named,
        (None, Endpoint::Inject) => revisions.primary(),
        (None, Endpoint::Validate) => {
            let labels = request.object.pointer("/metadata/labels");
            revisions.for_object(labels.and_then(|l| l.as_object()))
        }
    }
}

/// Why the revision cannot answer yet, if it cannot: never with a placeholder configuration
/// (whose release may not be the one validation must answer as) or, for `/inject`, a cache
/// that has not listed. Another revision's configuration does not matter.
fn not_ready(
    state: &AppState,
    endpoint: Endpoint,
    revision: Option<&str>,
    request: &AdmissionRequest,
) -> Option<Failure> {
    let served = target(state, endpoint, revision, request);
    let (why, label) = match (state.revisions.unloaded_one(served), endpoint) {
        (Some(why), _) => (why, "config_not_loaded"),
        // Validation reads no cluster cache.
        (None, Endpoint::Validate) => return None,
        (None, Endpoint::Inject) => (state.caches.waiting()?, "cache_not_synced"),
    };
    Some(Failure::NotReady { why, label })
}

/// A decoded review needle could not answer (not ready, past its deadline, out of memory
/// budget, a bug): an HTTP error, so the webhook's `failurePolicy` decides, as for a server
/// that is down. Logged, summed up and counted as a failure under its label.
fn unanswered(
    state: &AppState,
    endpoint: Endpoint,
    span: &tracing::Span,
    started: Instant,
    failure: Failure,
) -> Response {
    failure.log_cause();
    let message = failure.message();
    span.record("decision", "unanswered");
    span.record("reason", message.as_str());
    span.record("label", failure.label());
    span.record("duration_us", started.elapsed().as_micros() as u64);
    let (name, label) = (endpoint.name(), failure.label());
    state
        .summary
        .decided(span, name, "unanswered", label, started.elapsed());
    state.metrics.refused(endpoint, label);
    failure.response()
}

/// The HTTP edges and the AdmissionReview, all within the request's limits. A small review is
/// decoded inline without waiting for a CPU permit (it costs microseconds, and a review that
/// then waits has its uid for the denial); a large one waits for a permit and is decoded on the
/// blocking pool. A refusal is counted and answered here.
async fn read_review(
    state: &AppState,
    endpoint: Endpoint,
    headers: &HeaderMap,
    body: Body,
    deadline: Instant,
) -> Result<Review, Response> {
    let refuse = |failure: Failure| {
        state.metrics.refused(endpoint, failure.label());
        failure.log();
        failure.response()
    };
    let limits = &state.limits;
    let (body, held) = limits.read_body(body, deadline).await.map_err(refuse)?;
    if body.is_empty() {
        state.metrics.refused(endpoint, "no_body");
        return Err(plain(StatusCode::BAD_REQUEST, "no body found".into()));
    }
    if headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        != Some("application/json")
    {
        state.metrics.refused(endpoint, "content_type");
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
        Ok(request) => Ok(Review {
            request,
            held,
            inline,
        }),
        Err(message) => {
            tracing::warn!(%message, "could not decode AdmissionReview");
            // Answered with a review, as Istio answers it: a response, and a failure.
            state.metrics.refused(endpoint, "decode");
            state.metrics.responded(endpoint);
            Err(json_response(&review::undecodable(&message.to_string())))
        }
    }
}

fn admission_span(request: &AdmissionRequest, endpoint: &'static str) -> tracing::Span {
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
        replica_of_cached = tracing::field::Empty,
        duration_us = tracing::field::Empty,
    )
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
    json_bytes_response(serde_json::to_vec(value).expect("JSON serializes"))
}

fn json_bytes_response(body: Vec<u8>) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}
