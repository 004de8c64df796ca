//! `/inject`: decide, inject and answer one AdmissionReview (synchronous; the router runs it
//! behind the concurrency limit, inline for small requests, on the blocking pool for large ones).

use super::admission::Outcome;
use super::path_params::parse_inject_envs;
use super::review::{AdmissionRequest, Answer};
use super::revisions::Served;
use super::state::AppState;
use crate::core::inject::admit::{Admission, AdmittedPod, Decision, NormalizedPod, Reason, admit};
use crate::core::label::Labelled;
use serde_json::Value;
use std::collections::BTreeMap;

/// Decide and answer for one request, as `served`. The request is taken by value: its pod is normalized
/// where it is and injected in place, so a big pod is not copied once more.
pub fn handle(state: &AppState, served: &Served, path: &str, mut req: AdmissionRequest) -> Outcome {
    if req.kind != "Pod" || !req.group.is_empty() {
        let kind = if req.kind.is_empty() {
            "the object"
        } else {
            &req.kind
        };
        return ignored(format!("{kind} is not a Pod"));
    }
    if req.operation != "CREATE" {
        return ignored(format!("operation {} is not injected", req.operation));
    }
    let envs = parse_inject_envs(path);
    let proxy_configs = state.proxy_configs.load();
    // The pod is given to the injection, which works on it where it is, normalized first
    // (selection reads it so). The cluster views are taken as last published: a watch event
    // meanwhile publishes a new one.
    let pod: AdmittedPod = match std::mem::take(&mut req.object) {
        pod @ Value::Object(_) => NormalizedPod::new(pod, &req.namespace).into(),
        other => other.into(),
    };
    let (nodes, namespaces) = (state.nodes.load(), state.namespaces.load());
    let admission = Admission {
        openshift_namespace: namespaces
            .as_deref()
            .map(|all| pod_namespace(all, &pod, &req.namespace)),
        nodes: nodes.as_deref(),
        proxy_configs: proxy_configs.as_deref(),
        replicas: state.replicas.as_deref(),
        ..Admission::webhook(pod, &req.namespace, &envs)
    };
    answer(admit(&served.live.current(), &served.settings, admission))
}

/// Not a Pod CREATE: allowed as it is.
fn ignored(reason: String) -> Outcome {
    Outcome::allowed("ignored", reason, "not_injectable")
}

/// The outcome of a decision, with the patch written while the pods it compares are alive.
fn answer(decision: Decision) -> Outcome {
    // The same words `check-inject --explain` prints for the decision.
    let (name, reason, label) = (
        decision.name(),
        decision.reason().to_string(),
        decision.reason().label(),
    );
    match decision {
        Decision::Injected(injected, _) => Outcome {
            answer: Answer::Patch(injected.patch()),
            native_sidecars: injected.native_sidecars.to_string(),
            reused: injected.is_reused(),
            ..Outcome::allowed(name, reason, label)
        },
        Decision::Skipped(_) => Outcome::allowed(name, reason, label),
        Decision::Denied(denial) => {
            if let Reason::Internal(detail) = &denial {
                tracing::error!(error = %detail, "injection failed");
            }
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
