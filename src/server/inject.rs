//! `/inject`: decide, inject and answer one AdmissionReview (synchronous; runs off the reactor).

use super::path_params::parse_inject_envs;
use super::review::{AdmissionRequest, Verdict};
use super::state::AppState;
use crate::core::inject::{Caller, Request, inject};
use crate::core::patch;
use crate::core::select::{Selection, inject_required};
use serde_json::Value;

/// The decision for one request and the reason, for the response, logs and metrics.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// `injected`, `skipped`, `denied` or `ignored` (not a Pod CREATE).
    pub decision: &'static str,
    pub reason: String,
}

pub fn handle(state: &AppState, path: &str, req: &AdmissionRequest) -> Outcome {
    if req.kind != "Pod" || !req.group.is_empty() {
        return ignored(format!(
            "{} is not a Pod",
            if req.kind.is_empty() {
                "the object"
            } else {
                &req.kind
            }
        ));
    }
    if req.operation != "CREATE" {
        return ignored(format!("operation {} is not injected", req.operation));
    }
    let pod = &req.object;
    if !pod.is_object() {
        state.metrics.failure("invalid_pod");
        return denied("could not decode the pod: request.object is not an object".into());
    }
    let snapshot = state.snapshot();
    let namespace = pod
        .pointer("/metadata/namespace")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
        .unwrap_or(&req.namespace);
    let metadata = pod.get("metadata").cloned().unwrap_or_default();
    let spec = pod.get("spec").cloned().unwrap_or_default();
    if let Selection::Skip(reason) =
        inject_required(&snapshot.config.selection, namespace, &metadata, &spec)
    {
        state.metrics.injection_skip.inc();
        return Outcome {
            verdict: Verdict::Allow,
            decision: "skipped",
            reason,
        };
    }
    let mut request = Request::new(pod, Caller::Webhook);
    request.namespace = &req.namespace;
    request.revision = &state.options.revision;
    request.native_sidecars = state.options.native_sidecars;
    request.compliance_policy = &state.options.compliance_policy;
    request.proxy_envs = parse_inject_envs(path);
    match inject(&snapshot, &request) {
        Ok(injected) => {
            let text = patch::create(&injected.original, &injected.pod);
            Outcome {
                verdict: Verdict::Patch(text),
                decision: "injected",
                reason: "injected".into(),
            }
        }
        Err(e) => {
            state.metrics.failure(e.reason());
            denied(e.to_string())
        }
    }
}

fn ignored(reason: String) -> Outcome {
    Outcome {
        verdict: Verdict::Allow,
        decision: "ignored",
        reason,
    }
}

fn denied(message: String) -> Outcome {
    Outcome {
        verdict: Verdict::Deny(message.clone()),
        decision: "denied",
        reason: message,
    }
}
