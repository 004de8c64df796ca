//! Every admission request bounded from its first body byte to its answer: one deadline
//! (`--request-timeout`) over reading, decoding and the work; the memory budget
//! (`--max-in-flight-bytes`) held from the first body byte; the CPU limit (`--max-in-flight`)
//! over decoding and the work.
//!
//! Reading the body holds budget but no CPU permit: a slow client costs the server memory,
//! not a CPU slot, so a few slow (or hostile) clients cannot keep every request from being
//! worked on; the deadline ends them. Decoding and the work of a large body run on the
//! blocking pool, where the permits travel with the work: a request cut off by its deadline
//! keeps its CPU slot and its memory until its work has really ended, so the limits count
//! what the process holds, not what it has answered.

use super::budget::{Budget, Share};
use crate::core::label::Labelled;
use crate::core::panic::catch;
use axum::body::{Body, Bytes, HttpBody};
use futures::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Istio's limit on an AdmissionReview body.
pub const MAX_BODY_BYTES: usize = 6 * 1024 * 1024;

/// Work time grows with the object; up to this body size (a pod of a few hundred env vars,
/// well under a millisecond of work) decoding and the work run on the async worker, where a
/// thread handoff would cost more than the work. Larger bodies go to the blocking pool.
pub const INLINE_BODY_BYTES: usize = 64 * 1024;

/// The limits every request is held to.
pub struct Limits {
    /// Small reviews worked on the async workers at once.
    pub inline_cpu: Arc<Semaphore>,
    /// Large reviews decoded and worked on the blocking pool at once. A pool of its own, so
    /// that a hello pod never waits behind a multi-megabyte one: with both full the cores
    /// are shared by twice `--max-in-flight` threads, each small piece of work well under a
    /// millisecond.
    pub pool_cpu: Arc<Semaphore>,
    pub memory: Budget,
    /// The budget of reviews that declare at most `INLINE_BODY_BYTES`, apart from `memory`
    /// for the same reason as `inline_cpu`: a hello pod must not queue behind a large body
    /// waiting for room (the semaphore is first come, first served, so the waiter at its
    /// head takes every byte given back until it has enough).
    pub small_memory: Budget,
    pub request_timeout: Duration,
}

/// What a request holds while it is read, decoded and worked on.
#[derive(Default)]
pub struct Held {
    memory: Share,
    cpu: Option<OwnedSemaphorePermit>,
}

/// Why a request got no answer of its own.
#[derive(Debug)]
pub enum Failure {
    /// The body (its Content-Length, or what arrived) is over MAX_BODY_BYTES.
    TooLarge,
    /// Reading the body failed: the client went away, a broken chunk.
    Read(axum::Error),
    /// The memory budget had no room for the body before the deadline.
    Overloaded { body_bytes: usize, budget: usize },
    /// The deadline passed while `doing` (`reading the request body`, `decoding`, ...).
    Timeout {
        deadline: Duration,
        doing: &'static str,
    },
    /// The work panicked (a bug in needle), with the panic's message.
    Panic(String),
    /// Nothing to answer with yet (no configuration loaded, a cache not synced): `why` in
    /// words, `label` for the metrics.
    NotReady { why: String, label: &'static str },
}

impl Failure {
    /// What the client reads.
    pub fn message(&self) -> String {
        match self {
            Failure::TooLarge => format!("Request entity too large: limit is {MAX_BODY_BYTES}"),
            Failure::Read(e) => format!("failed reading the request body: {e}"),
            Failure::Overloaded { body_bytes, budget } => format!(
                "needle is overloaded: the requests in flight hold its memory budget \
                 ({budget} bytes of bodies, needle --max-in-flight-bytes) and this \
                 {body_bytes}-byte request got no room within its deadline"
            ),
            Failure::Timeout { deadline, doing } => format!(
                "{doing} did not finish within {deadline:?} (needle --request-timeout); the server is overloaded or the object is too large"
            ),
            Failure::Panic(_) => "internal error while answering; see needle's log".into(),
            Failure::NotReady { why, .. } => format!("needle is not ready: {why}"),
        }
    }

    /// The answer to a request needle could not answer: an HTTP error, which the apiserver
    /// takes as a failed call, so the webhook's `failurePolicy` decides (`Ignore` admits the
    /// object as it is). The status says whose side failed. A request the client got wrong
    /// gets the text why, as Istio's; needle's own failures a Kubernetes `Status`, whose
    /// message the apiserver puts in its error (of a bare 503 it would say only "the server is
    /// currently unable to handle the request").
    pub fn response(&self) -> axum::response::Response {
        use axum::http::{StatusCode, header};
        use axum::response::IntoResponse;
        let (status, reason) = match self {
            Failure::TooLarge | Failure::Read(_) => {
                let content_type = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
                return (StatusCode::BAD_REQUEST, content_type, self.message()).into_response();
            }
            Failure::Overloaded { .. } | Failure::Timeout { .. } | Failure::NotReady { .. } => {
                (StatusCode::SERVICE_UNAVAILABLE, "ServiceUnavailable")
            }
            Failure::Panic(_) => (StatusCode::INTERNAL_SERVER_ERROR, "InternalError"),
        };
        let body = serde_json::json!({
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Failure",
            "message": self.message(),
            "reason": reason,
            "code": status.as_u16(),
        });
        let content_type = [(header::CONTENT_TYPE, "application/json")];
        (status, content_type, body.to_string()).into_response()
    }

    /// What the admission's own line does not say once the review is decoded (that line is
    /// WARN or ERROR for these labels already, with the span): a panic's message.
    pub fn log_cause(&self) {
        if let Failure::Panic(panic) = self {
            tracing::error!(error = %panic, "admission failed");
        }
    }

    /// Logged once, at WARN for what the client or the load caused, ERROR for a bug.
    pub fn log(&self) {
        match self {
            // Readiness says it, and the metrics count it.
            Failure::TooLarge | Failure::NotReady { .. } => {}
            Failure::Panic(panic) => tracing::error!(error = %panic, "admission failed"),
            _ => tracing::warn!(reason = self.label(), "{}", self.message()),
        }
    }
}

impl Labelled for Failure {
    fn label(&self) -> &'static str {
        match self {
            Failure::TooLarge => "body_too_large",
            Failure::Read(_) => "body_read",
            Failure::Overloaded { .. } => "overloaded",
            Failure::Timeout { .. } => "timeout",
            Failure::Panic(_) => "internal",
            Failure::NotReady { label, .. } => label,
        }
    }
}

impl Limits {
    pub fn deadline(&self) -> Instant {
        Instant::now() + self.request_timeout
    }

    fn timeout(&self, doing: &'static str) -> Failure {
        Failure::Timeout {
            deadline: self.request_timeout,
            doing,
        }
    }

    /// The whole body, within the size limit, the memory budget and the deadline. The budget
    /// is taken by Content-Length before a byte is read (over the limit: refused at once), or
    /// as the body arrives when it has none; while there is no room the body is not read.
    pub async fn read_body(&self, body: Body, deadline: Instant) -> Result<(Bytes, Held), Failure> {
        let mut held = Held::default();
        let declared = body.size_hint().exact().map(|n| n as usize);
        let mut frames = body.into_data_stream();
        if declared.is_some_and(|n| n > MAX_BODY_BYTES) {
            discard(frames);
            return Err(Failure::TooLarge);
        }
        // hyper holds a body to its Content-Length, so a body declared small stays small.
        let budget = if declared.is_some_and(|n| n <= INLINE_BODY_BYTES) {
            &self.small_memory
        } else {
            &self.memory
        };
        let overloaded = |body_bytes| Failure::Overloaded {
            body_bytes,
            budget: budget.total(),
        };
        if let Some(n) = declared
            && budget.cover(&mut held.memory, n, deadline).await.is_err()
        {
            discard(frames);
            return Err(overloaded(n));
        }
        let mut first: Option<Bytes> = None;
        let mut joined: Vec<u8> = Vec::new();
        let mut len = 0;
        loop {
            let frame = match tokio::time::timeout_at(deadline, frames.next()).await {
                Err(_) => {
                    discard(frames);
                    return Err(self.timeout("reading the request body"));
                }
                Ok(None) => break,
                Ok(Some(Err(e))) => return Err(Failure::Read(e)),
                Ok(Some(Ok(frame))) => frame,
            };
            len += frame.len();
            if len > MAX_BODY_BYTES {
                return Err(Failure::TooLarge);
            }
            budget
                .cover(&mut held.memory, len, deadline)
                .await
                .map_err(|_| overloaded(len))?;
            // A body in one frame (every small review) is kept as it came, without a copy.
            match first.take() {
                None if joined.is_empty() => first = Some(frame),
                None => joined.extend_from_slice(&frame),
                Some(earlier) => {
                    joined.reserve_exact(declared.unwrap_or(len).max(len) - joined.len());
                    joined.extend_from_slice(&earlier);
                    joined.extend_from_slice(&frame);
                }
            }
        }
        let body = first.unwrap_or_else(|| Bytes::from(joined));
        Ok((body, held))
    }

    /// Wait for a CPU permit, of the inline or the blocking pool's kind, until the deadline.
    async fn cpu(
        &self,
        mut held: Held,
        inline: bool,
        deadline: Instant,
        doing: &'static str,
    ) -> Result<Held, Failure> {
        if held.cpu.is_none() {
            let pool = if inline {
                &self.inline_cpu
            } else {
                &self.pool_cpu
            };
            let acquire = pool.clone().acquire_owned();
            match tokio::time::timeout_at(deadline, acquire).await {
                // The semaphore is never closed.
                Ok(permit) => held.cpu = permit.ok(),
                Err(_) => return Err(self.timeout(doing)),
            }
        }
        Ok(held)
    }

    /// Run `work` behind a CPU permit and within the deadline with what `held` holds, inline
    /// or on the blocking pool (see the module's comment), with a panic guard; gives `held`
    /// back with the answer, to be kept until the answer is written.
    pub async fn run<T: Send + 'static>(
        &self,
        held: Held,
        inline: bool,
        deadline: Instant,
        doing: &'static str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<(T, Held), Failure> {
        let held = self.cpu(held, inline, deadline, doing).await?;
        // A bug in needle must not drop the apiserver's connection: a panic while answering
        // becomes a denial that says so (`Failure::Panic`), its message in the log.
        if inline {
            // Synchronous, under a millisecond: the deadline cannot pass inside it.
            return catch(work)
                .map(|answer| (answer, held))
                .map_err(Failure::Panic);
        }
        let span = tracing::Span::current();
        let task = tokio::task::spawn_blocking(move || {
            let answer = span.in_scope(|| catch(work));
            (answer, held)
        });
        match tokio::time::timeout_at(deadline, task).await {
            Ok(Ok((Ok(answer), held))) => Ok((answer, held)),
            Ok(Ok((Err(panic), _))) => Err(Failure::Panic(panic)),
            Ok(Err(join_error)) => Err(Failure::Panic(join_error.to_string())),
            Err(_) => Err(self.timeout(doing)),
        }
    }
}

/// A body refused before it was read (or cut off by the deadline) is still received, and
/// thrown away as it arrives (up to twice the largest body, for a few seconds): a connection
/// closed with data unread is reset, and the reset can destroy the answer on its way, so the
/// client would see a broken connection instead of why it was refused. Twice: a body refused
/// for being a little over the limit is drained whole, where draining only up to the limit
/// left its tail unread and its client, still writing it, was reset when the machine was
/// busy. Nothing of it is kept, so this costs no memory.
fn discard(mut frames: axum::body::BodyDataStream) {
    tokio::spawn(async move {
        let mut received = 0;
        let drain = async {
            while let Some(Ok(frame)) = frames.next().await {
                received += frame.len();
                if received > 2 * MAX_BODY_BYTES {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(10), drain).await;
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_panic_while_answering_becomes_its_message() {
        assert_eq!(super::catch(|| 7), Ok(7));
        let owned = String::from("index out of range");
        assert_eq!(
            super::catch(|| -> u8 { panic!("{owned}") }),
            Err("index out of range".into())
        );
        assert_eq!(
            super::catch(|| -> u8 { panic!("boom") }),
            Err("boom".into())
        );
    }
}
