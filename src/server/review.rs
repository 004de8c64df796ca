//! AdmissionReview in and out, for `admission.k8s.io/v1` and `v1beta1`, over JSON values.

use base64::Engine;
use serde_json::{Value, json};

/// The fields of an AdmissionRequest needle uses.
#[derive(Debug, Clone)]
pub struct AdmissionRequest {
    /// `admission.k8s.io/v1` or `admission.k8s.io/v1beta1`: the response uses the same.
    pub api_version: String,
    pub uid: String,
    pub kind: String,
    pub group: String,
    pub operation: String,
    pub namespace: String,
    pub name: String,
    pub dry_run: bool,
    pub object: Value,
}

/// Why a body is not an AdmissionReview needle can answer.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error("could not decode body as JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error(
        "expected an AdmissionReview of admission.k8s.io/v1 or v1beta1, got kind {kind:?} apiVersion {api_version:?}"
    )]
    NotAReview { kind: String, api_version: String },
    #[error("AdmissionReview has no request")]
    NoRequest,
    #[error("AdmissionReview request has no uid")]
    NoUid,
}

/// Decode a review body. The error says what could not be decoded. The body is parsed once
/// and the object moved out of it (a pod's tree costs about fifteen times its text).
pub fn decode(body: &[u8]) -> Result<AdmissionRequest, DecodeError> {
    let mut review: Value = serde_json::from_slice(body)?;
    let text = |v: &Value, key: &str| {
        v.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let (api_version, kind) = (text(&review, "apiVersion"), text(&review, "kind"));
    if kind != "AdmissionReview"
        || !matches!(
            api_version.as_str(),
            "admission.k8s.io/v1" | "admission.k8s.io/v1beta1"
        )
    {
        return Err(DecodeError::NotAReview { kind, api_version });
    }
    let request = review
        .get_mut("request")
        .and_then(Value::as_object_mut)
        .ok_or(DecodeError::NoRequest)?;
    let object = request.remove("object").unwrap_or(Value::Null);
    let request = Value::Object(std::mem::take(request));
    let s = |p: &str| {
        request
            .pointer(p)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let uid = s("/uid");
    if uid.is_empty() {
        return Err(DecodeError::NoUid);
    }
    Ok(AdmissionRequest {
        api_version,
        uid,
        kind: s("/kind/kind"),
        group: s("/kind/group"),
        operation: s("/operation"),
        namespace: s("/namespace"),
        name: s("/name"),
        dry_run: request
            .get("dryRun")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        object,
    })
}

/// What the webhook answers.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Allow,
    /// Allowed, with this JSON patch (shared with the replica cache).
    Patch(std::sync::Arc<str>),
    Deny(String),
}

/// The response review, in the request's version, with the request's uid.
pub fn respond(api_version: &str, uid: &str, answer: &Answer, warnings: &[String]) -> Value {
    let mut response = json!({"uid": uid, "allowed": !matches!(answer, Answer::Deny(_))});
    match answer {
        Answer::Allow => {}
        Answer::Patch(patch) => {
            response["patchType"] = "JSONPatch".into();
            response["patch"] = base64::engine::general_purpose::STANDARD
                .encode(patch.as_bytes())
                .into();
        }
        Answer::Deny(message) => response["status"] = json!({"message": message}),
    }
    if !warnings.is_empty() {
        response["warnings"] = warnings.into();
    }
    json!({"apiVersion": api_version, "kind": "AdmissionReview", "response": response})
}

/// The answer to a body that is not an AdmissionReview: allowed=false with the reason and no
/// type information, as Istio answers it (the apiserver then treats the call as failed).
pub fn undecodable(message: &str) -> Value {
    json!({"response": {"uid": "", "allowed": false, "status": {"message": message}}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_both_versions_and_rejects_others() {
        for v in ["admission.k8s.io/v1", "admission.k8s.io/v1beta1"] {
            let body = json!({"apiVersion": v, "kind": "AdmissionReview", "request": {"uid": "u1", "kind": {"group": "", "version": "v1", "kind": "Pod"}, "operation": "CREATE", "namespace": "ns", "object": {}}});
            let r = decode(body.to_string().as_bytes()).unwrap();
            assert_eq!(
                (
                    r.api_version.as_str(),
                    r.uid.as_str(),
                    r.kind.as_str(),
                    r.operation.as_str()
                ),
                (v, "u1", "Pod", "CREATE")
            );
        }
        assert!(
            decode(b"{\"kind\": \"Pod\"}")
                .unwrap_err()
                .to_string()
                .contains("expected an AdmissionReview")
        );
        assert!(
            decode(b"not json")
                .unwrap_err()
                .to_string()
                .contains("could not decode body as JSON")
        );
    }

    #[test]
    fn responses_mirror_the_request() {
        let r = respond(
            "admission.k8s.io/v1beta1",
            "u",
            &Answer::Patch("[]".into()),
            &[],
        );
        assert_eq!(r["apiVersion"], "admission.k8s.io/v1beta1");
        assert_eq!(r["response"]["patch"], "W10=");
        assert_eq!(r["response"]["patchType"], "JSONPatch");
        let d = respond(
            "admission.k8s.io/v1",
            "u",
            &Answer::Deny("no".into()),
            &["w".into()],
        );
        assert_eq!(d["response"]["allowed"], false);
        assert_eq!(d["response"]["status"]["message"], "no");
        assert_eq!(d["response"]["warnings"], json!(["w"]));
    }
}
