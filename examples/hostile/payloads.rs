//! The request bodies: the `hello` review of testdata/, pods of many containers, and a
//! VirtualService of many distinct prefix routes (what made the overlap analysis quadratic).

use serde_json::{Value, json};

pub fn hello() -> Vec<u8> {
    std::fs::read("testdata/admission-review-hello.json")
        .expect("testdata/admission-review-hello.json (run from the repository root)")
}

fn review(uid: &str, kind: Value, namespace: &str, object: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": uid,
            "kind": kind,
            "operation": "CREATE",
            "namespace": namespace,
            "object": object,
        }
    }))
    .expect("JSON")
}

/// A Pod CREATE review of `containers` containers, about 92 bytes each.
pub fn big_pod(containers: usize) -> Vec<u8> {
    let containers: Vec<Value> = (0..containers)
        .map(|i| {
            json!({"name": format!("c{i}"), "image": "example.com/app:1.0",
                   "ports": [{"containerPort": 8080 + (i % 1000)}]})
        })
        .collect();
    review(
        "big-pod",
        json!({"group": "", "version": "v1", "kind": "Pod"}),
        "demo",
        json!({"apiVersion": "v1", "kind": "Pod",
               "metadata": {"generateName": "big-", "namespace": "demo"},
               "spec": {"containers": containers}}),
    )
}

/// A VirtualService CREATE review with `routes` distinct prefix routes.
pub fn virtual_service(routes: usize) -> Vec<u8> {
    let http: Vec<Value> = (0..routes)
        .map(|i| {
            json!({"match": [{"uri": {"prefix": format!("/p{i}/")}}],
                   "route": [{"destination": {"host": "svc"}}]})
        })
        .collect();
    review(
        "big-vs",
        json!({"group": "networking.istio.io", "version": "v1", "kind": "VirtualService"}),
        "demo",
        json!({"apiVersion": "networking.istio.io/v1", "kind": "VirtualService",
               "metadata": {"name": "big", "namespace": "demo"},
               "spec": {"hosts": ["svc"], "http": http}}),
    )
}

/// What the webhook said: allowed (with or without a patch) or the denial's message.
pub fn verdict(answer: &str) -> Result<(), String> {
    let v: Value = serde_json::from_str(answer).map_err(|e| format!("not JSON: {e}"))?;
    match v.pointer("/response/allowed") {
        Some(Value::Bool(true)) => Ok(()),
        _ => Err(v
            .pointer("/response/status/message")
            .and_then(Value::as_str)
            .unwrap_or("denied without a message")
            .to_string()),
    }
}
