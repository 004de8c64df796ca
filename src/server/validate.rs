//! `/validate`: Istio's validating webhook for its custom resources.

use super::admission::Outcome;
use super::review::AdmissionRequest;
use crate::core::label::Labelled;
use crate::core::release::Release;
use crate::core::validate::validate_object;

/// Answer as `release`'s webhook: the release the served configuration answers injection as.
pub fn handle(req: &AdmissionRequest, release: Release) -> Outcome {
    if !matches!(req.operation.as_str(), "CREATE" | "UPDATE") {
        // Istio allows these but counts them as failed validations.
        let label = "unsupported_operation";
        let reason = format!("operation {} is not validated", req.operation);
        return Outcome {
            failed: true,
            ..Outcome::allowed("allowed", reason, label)
        };
    }
    if !req.object.is_object() {
        let message = "cannot decode configuration: request.object is not an object";
        return Outcome::denied(message.into(), "yaml_decode_error");
    }
    let verdict = validate_object(&req.object, release);
    match verdict.message() {
        None => Outcome {
            warnings: verdict.warnings().to_vec(),
            ..Outcome::allowed("allowed", verdict.label().into(), verdict.label())
        },
        // Istio's denial carries the message only; the warnings are dropped.
        Some(message) => Outcome::denied(message, verdict.label()),
    }
}
