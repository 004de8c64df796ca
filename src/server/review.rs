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

/// The response review, in the request's version, with the request's uid, as JSON text.
/// Written straight to text rather than built as a tree first: a patch (tens of KiB for a big
/// pod) is base64-encoded into place, never copied into a tree and scanned again for escapes.
pub fn respond(api_version: &str, uid: &str, answer: &Answer, warnings: &[String]) -> Vec<u8> {
    let mut out = Vec::with_capacity(match answer {
        Answer::Patch(patch) => patch.len() * 4 / 3 + 256,
        _ => 256,
    });
    // Keys in sorted order, as a serialized `Value` writes them.
    out.extend_from_slice(b"{\"apiVersion\":");
    string(&mut out, api_version);
    out.extend_from_slice(b",\"kind\":\"AdmissionReview\",\"response\":{\"allowed\":");
    out.extend_from_slice(match answer {
        Answer::Deny(_) => b"false",
        _ => b"true",
    });
    if let Answer::Patch(patch) = answer {
        out.extend_from_slice(b",\"patch\":\"");
        let start = out.len();
        let len = base64::encoded_len(patch.len(), true).expect("a patch in memory fits");
        out.resize(start + len, 0);
        let written = base64::engine::general_purpose::STANDARD
            .encode_slice(patch.as_bytes(), &mut out[start..])
            .expect("the buffer has the encoded length");
        out.truncate(start + written);
        out.extend_from_slice(b"\",\"patchType\":\"JSONPatch\"");
    }
    if let Answer::Deny(message) = answer {
        out.extend_from_slice(b",\"status\":{\"message\":");
        string(&mut out, message);
        out.push(b'}');
    }
    out.extend_from_slice(b",\"uid\":");
    string(&mut out, uid);
    if !warnings.is_empty() {
        out.extend_from_slice(b",\"warnings\":");
        // Writing JSON into a Vec cannot fail.
        serde_json::to_writer(&mut out, warnings).expect("JSON into memory");
    }
    out.extend_from_slice(b"}}");
    out
}

fn string(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(out, s).expect("JSON into memory");
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
        let text = |answer: &Answer, warnings: &[String]| {
            let bytes = respond("admission.k8s.io/v1beta1", "u\"1", answer, warnings);
            String::from_utf8(bytes).unwrap()
        };
        // Whole texts: the keys sorted as a serialized tree writes them, strings escaped.
        assert_eq!(
            text(&Answer::Patch("[]".into()), &[]),
            r#"{"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","response":{"allowed":true,"patch":"W10=","patchType":"JSONPatch","uid":"u\"1"}}"#
        );
        assert_eq!(
            text(&Answer::Deny("no \"x\"\n".into()), &["w".into()]),
            r#"{"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","response":{"allowed":false,"status":{"message":"no \"x\"\n"},"uid":"u\"1","warnings":["w"]}}"#
        );
        assert_eq!(
            text(&Answer::Allow, &[]),
            r#"{"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","response":{"allowed":true,"uid":"u\"1"}}"#
        );
        // The same as the tree `json!` builds, serialized.
        let patch = Answer::Patch(r#"[{"op":"add","path":"/a","value":"\u00e9"}]"#.into());
        let tree = json!({"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview",
            "response": {"uid": "u\"1", "allowed": true, "patchType": "JSONPatch",
                "patch": base64::engine::general_purpose::STANDARD.encode(r#"[{"op":"add","path":"/a","value":"\u00e9"}]"#)}});
        assert_eq!(text(&patch, &[]), tree.to_string());
    }
}
