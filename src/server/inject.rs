//! `/inject`: decide, inject and answer one AdmissionReview (synchronous; runs off the reactor).

use super::path_params::parse_inject_envs;
use super::review::{AdmissionRequest, Verdict};
use super::state::AppState;
use crate::core::admit::{Admission, Decision, admit};

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
    let admission = Admission {
        pod: &req.object,
        namespace: &req.namespace,
        proxy_envs: &parse_inject_envs(path),
        openshift_namespace: None,
    };
    match admit(&state.snapshot(), &state.settings, &admission) {
        Decision::Injected { patch, reason } => Outcome {
            verdict: Verdict::Patch(patch),
            decision: "injected",
            reason,
        },
        Decision::Skipped(reason) => {
            state.metrics.injection_skip.inc();
            Outcome {
                verdict: Verdict::Allow,
                decision: "skipped",
                reason,
            }
        }
        Decision::Denied { message, label } => {
            state.metrics.failure(label);
            denied(message)
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
