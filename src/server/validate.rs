//! `/validate`: Istio's validating webhook for its custom resources.

use super::review::{AdmissionRequest, Verdict as Answer};
use super::state::AppState;
use crate::core::validate::validate_object;

/// The answer, the warnings, and a reason for logs and metrics.
pub struct Outcome {
    pub answer: Answer,
    pub warnings: Vec<String>,
    pub reason: &'static str,
}

pub fn handle(state: &AppState, req: &AdmissionRequest) -> Outcome {
    if !matches!(req.operation.as_str(), "CREATE" | "UPDATE") {
        // Istio allows these but counts them as failed validations.
        state.metrics.validation_failure("unsupported_operation");
        return Outcome {
            answer: Answer::Allow,
            warnings: vec![],
            reason: "unsupported_operation",
        };
    }
    if !req.object.is_object() {
        state.metrics.validation_failure("yaml_decode_error");
        return Outcome {
            answer: Answer::Deny(
                "cannot decode configuration: request.object is not an object".into(),
            ),
            warnings: vec![],
            reason: "yaml_decode_error",
        };
    }
    let verdict = validate_object(&req.object);
    let warnings = verdict.warnings().to_vec();
    match verdict.message() {
        None => {
            state.metrics.validation_passed.inc();
            Outcome {
                answer: Answer::Allow,
                warnings,
                reason: verdict.reason(),
            }
        }
        Some(message) => {
            state.metrics.validation_failure(verdict.reason());
            // Istio's denial carries the message only; the warnings are dropped.
            Outcome {
                answer: Answer::Deny(message),
                warnings: vec![],
                reason: verdict.reason(),
            }
        }
    }
}
