//! AdmissionReview in and out, for `admission.k8s.io/v1` and `v1beta1`, over JSON values.

mod fields;

use crate::core::compat::compact;
use crate::core::inject::patch::Patch;
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
    #[error("could not decode body as JSON: it is not UTF-8 text: {0}")]
    NotUtf8(#[from] std::str::Utf8Error),
    #[error(
        "expected an AdmissionReview of admission.k8s.io/v1 or v1beta1, got kind {kind:?} apiVersion {api_version:?}"
    )]
    NotAReview { kind: String, api_version: String },
    #[error("AdmissionReview has no request")]
    NoRequest,
    #[error("AdmissionReview request has no uid")]
    NoUid,
}

/// Decode a review body. The error says what could not be decoded. Only the fields needle
/// reads are built (`fields`); the object is moved out of them. The body is checked to be
/// UTF-8 once, as a whole: read from bytes, serde_json would check each string on its own,
/// which costs a review of a small pod more than the check of all of it.
pub fn decode(body: &[u8]) -> Result<AdmissionRequest, DecodeError> {
    let review: fields::Review = serde_json::from_str(std::str::from_utf8(body)?)?;
    let (api_version, kind) = (text(review.api_version), text(review.kind));
    if kind != "AdmissionReview"
        || !matches!(
            api_version.as_str(),
            "admission.k8s.io/v1" | "admission.k8s.io/v1beta1"
        )
    {
        return Err(DecodeError::NotAReview { kind, api_version });
    }
    let request = review.request.ok_or(DecodeError::NoRequest)?;
    let uid = text(request.uid);
    if uid.is_empty() {
        return Err(DecodeError::NoUid);
    }
    let of_kind = |key: &str| {
        request
            .kind
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    Ok(AdmissionRequest {
        api_version,
        uid,
        kind: of_kind("kind"),
        group: of_kind("group"),
        operation: text(request.operation),
        namespace: text(request.namespace),
        name: text(request.name),
        dry_run: request.dry_run.as_bool().unwrap_or(false),
        object: request.object,
    })
}

/// A string field's text; any other JSON reads as empty.
fn text(value: Value) -> String {
    match value {
        Value::String(s) => s,
        _ => String::new(),
    }
}

/// What the webhook answers.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Allow,
    /// Allowed, with this JSON patch (shared with the replica cache).
    Patch(std::sync::Arc<Patch>),
    Deny(String),
}

/// The response review, in the request's version, with the request's uid, as JSON text.
/// Written straight to text rather than built as a tree first: a patch (tens of KiB for a big
/// pod) is copied in as the base64 it keeps, never copied into a tree and scanned again for
/// escapes.
pub fn respond(api_version: &str, uid: &str, answer: &Answer, warnings: &[String]) -> Vec<u8> {
    let mut out = Vec::with_capacity(match answer {
        Answer::Patch(patch) => patch.base64().len() + 256,
        _ => 256,
    });
    // Keys in sorted order, as a serialized `Value` writes them.
    out.extend_from_slice(b"{\"apiVersion\":");
    compact::string(&mut out, api_version);
    out.extend_from_slice(b",\"kind\":\"AdmissionReview\",\"response\":{\"allowed\":");
    out.extend_from_slice(match answer {
        Answer::Deny(_) => b"false",
        _ => b"true",
    });
    if let Answer::Patch(patch) = answer {
        out.extend_from_slice(b",\"patch\":\"");
        out.extend_from_slice(patch.base64().as_bytes());
        out.extend_from_slice(b"\",\"patchType\":\"JSONPatch\"");
    }
    if let Answer::Deny(message) = answer {
        out.extend_from_slice(b",\"status\":{\"message\":");
        compact::string(&mut out, message);
        out.push(b'}');
    }
    out.extend_from_slice(b",\"uid\":");
    compact::string(&mut out, uid);
    if !warnings.is_empty() {
        out.extend_from_slice(b",\"warnings\":");
        // Writing JSON into a Vec cannot fail.
        serde_json::to_writer(&mut out, warnings).expect("JSON into memory");
    }
    out.extend_from_slice(b"}}");
    out
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

    /// Read as from a tree: fields of another type are empty, a request that is not an object
    /// is none, a key written twice takes its last value; what is skipped is still JSON.
    #[test]
    fn fields_read_as_a_tree_reads_them() {
        let review = |request: &str| {
            format!(
                r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{request}}}"#
            )
        };
        let r = decode(review(r#"{"uid":"u1","name":5,"namespace":["x"],"kind":{"kind":"Pod","group":7},"operation":"CREATE","operation":"UPDATE","dryRun":"yes","userInfo":{"groups":["a",{"b":[null,1.5e300]}]},"object":{"a":1},"object":{"b":2}}"#).as_bytes()).unwrap();
        assert_eq!(
            (r.uid.as_str(), r.name.as_str(), r.namespace.as_str()),
            ("u1", "", "")
        );
        assert_eq!((r.kind.as_str(), r.group.as_str()), ("Pod", ""));
        assert_eq!((r.operation.as_str(), r.dry_run), ("UPDATE", false));
        assert_eq!(r.object, json!({"b": 2}));
        let r = decode(review(r#"{"uid":"u1","dryRun":true}"#).as_bytes()).unwrap();
        assert_eq!((r.dry_run, &r.object), (true, &Value::Null));
        for request in ["[1,{}]", "\"x\"", "null", "3"] {
            let e = decode(review(request).as_bytes()).unwrap_err();
            assert!(matches!(e, DecodeError::NoRequest), "{request}: {e}");
        }
        let e = decode(review(r#"{"uid":{"u":"1"}}"#).as_bytes()).unwrap_err();
        assert!(matches!(e, DecodeError::NoUid), "{e}");
        for body in ["[]", "7", r#"{"kind":["AdmissionReview"]}"#] {
            let e = decode(body.as_bytes()).unwrap_err();
            assert!(matches!(e, DecodeError::NotAReview { .. }), "{body}: {e}");
        }
        for broken in [
            review(r#"{"uid":"u1","userInfo":{"a":[1,}}"#),
            review(r#"{"uid":"u1"}"#) + " x",
            review(r#"{"uid":"u1","oldObject":{"a":"\q"}}"#),
        ] {
            let e = decode(broken.as_bytes()).unwrap_err();
            assert!(matches!(e, DecodeError::Json(_)), "{broken}: {e}");
        }
        let mut latin1 = review(r#"{"uid":"u1","userInfo":{"username":"X"}}"#).into_bytes();
        let at = latin1.iter().position(|&b| b == b'X').unwrap();
        latin1[at] = 0xe9;
        let e = decode(&latin1).unwrap_err();
        assert!(matches!(e, DecodeError::NotUtf8(_)), "{e}");
        assert!(
            e.to_string()
                .starts_with("could not decode body as JSON: it is not UTF-8 text")
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
            text(&patch_answer("[]"), &[]),
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
        let patch = patch_answer(r#"[{"op":"add","path":"/a","value":"\u00e9"}]"#);
        let tree = json!({"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview",
            "response": {"uid": "u\"1", "allowed": true, "patchType": "JSONPatch",
                "patch": base64::Engine::encode(&base64::engine::general_purpose::STANDARD, r#"[{"op":"add","path":"/a","value":"\u00e9"}]"#)}});
        assert_eq!(text(&patch, &[]), tree.to_string());
    }

    fn patch_answer(text: &str) -> Answer {
        Answer::Patch(std::sync::Arc::new(Patch::new(text.to_string())))
    }
}
