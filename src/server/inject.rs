//! `/inject`: decide, inject and answer one AdmissionReview (synchronous; the router runs it
//! behind the concurrency limit, inline for small requests, on the blocking pool for large ones).

use super::path_params::parse_inject_envs;
use super::review::{AdmissionRequest, Verdict};
use super::state::AppState;
use crate::core::inject::admit::{Admission, Decision, Reason, admit};
use crate::core::inject::pipeline;
use crate::kube::cache;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The answer to one request and its reason, for the response, the log span and the metrics.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// `injected`, `skipped`, `denied` or `ignored` (not a Pod CREATE).
    pub decision: &'static str,
    /// The reason in words (the denial message when denied).
    pub reason: String,
    /// The reason's stable metric label.
    pub label: &'static str,
    /// Native sidecars for the pod and why (`on (ENABLE_NATIVE_SIDECARS=true)`), for the log;
    /// empty when the pod was not injected (decided once, by `admit`, for the injected only).
    pub native_sidecars: String,
}

impl Outcome {
    /// A denial the server makes itself (deadline, internal error), counted under `label`.
    pub fn denied(message: String, label: &'static str) -> Self {
        Self {
            verdict: Verdict::Deny(message.clone()),
            decision: "denied",
            reason: message,
            label,
            native_sidecars: String::new(),
        }
    }

    fn ignored(reason: String) -> Self {
        Self {
            verdict: Verdict::Allow,
            decision: "ignored",
            reason,
            label: "not_injectable",
            native_sidecars: String::new(),
        }
    }
}

/// Decide and answer for one request. The request is taken by value: its pod is normalized
/// where it is and injected in place, so a big pod is not copied once more.
pub fn handle(state: &AppState, path: &str, mut req: AdmissionRequest) -> Outcome {
    if req.kind != "Pod" || !req.group.is_empty() {
        let kind = if req.kind.is_empty() {
            "the object"
        } else {
            &req.kind
        };
        return Outcome::ignored(format!("{kind} is not a Pod"));
    }
    if req.operation != "CREATE" {
        return Outcome::ignored(format!("operation {} is not injected", req.operation));
    }
    // Never inject with a placeholder: the webhook's failurePolicy decides what happens.
    if let Some((why, label)) = state.unservable() {
        return Outcome::denied(why, label);
    }
    let envs = parse_inject_envs(path);
    let proxy_configs = state.proxy_configs.load();
    let normalized = req.object.is_object();
    if normalized {
        pipeline::normalize(&mut req.object, &req.namespace);
    }
    // The pod is given to the injection, which works on it where it is.
    let pod = std::mem::take(&mut req.object);
    cache::read(&state.nodes, |nodes| {
        cache::read(&state.namespaces, |namespaces| {
            let admission = Admission {
                openshift_namespace: namespaces.map(|all| pod_namespace(all, &pod, &req.namespace)),
                nodes,
                proxy_configs: proxy_configs.as_deref(),
                normalized,
                ..Admission::webhook(Cow::Owned(pod), &req.namespace, &envs)
            };
            answer(state, admit(&state.snapshot(), &state.settings, admission))
        })
    })
}

/// The outcome of a decision, with the patch written while the pods it compares are alive.
fn answer(state: &AppState, decision: Decision) -> Outcome {
    // The same words `check-inject --explain` prints for the decision.
    let (name, reason, label) = (
        decision.name(),
        decision.reason().to_string(),
        decision.reason().label(),
    );
    match decision {
        Decision::Injected(injected, _) => Outcome {
            verdict: Verdict::Patch(injected.patch()),
            decision: name,
            reason,
            label,
            native_sidecars: injected.native_sidecars.to_string(),
        },
        Decision::Skipped(_) => {
            state.metrics.injection_skip.inc();
            Outcome {
                verdict: Verdict::Allow,
                decision: name,
                reason,
                label,
                native_sidecars: String::new(),
            }
        }
        Decision::Denied(denial) => {
            if let Reason::Internal(detail) = &denial {
                tracing::error!(error = %detail, "injection failed");
            }
            state.metrics.failure(label);
            Outcome::denied(reason, label)
        }
    }
}

/// The pod's Namespace among the watched ones (the pod's own namespace, else the request's, as
/// istiod looks it up), or `null` when the cache has none by that name: istiod then injects
/// with the default IDs, and still resets a sidecar user copied from the app.
fn pod_namespace<'a>(all: &'a BTreeMap<String, Value>, pod: &Value, namespace: &str) -> &'a Value {
    static NOT_FOUND: Value = Value::Null;
    let own = pod
        .pointer("/metadata/namespace")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty());
    all.get(own.unwrap_or(namespace)).unwrap_or(&NOT_FOUND)
}
