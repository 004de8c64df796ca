//! The JSON texts Istio's injector embeds as strings in a pod, compared byte for byte: the
//! proxy's `PROXY_CONFIG` (protobuf JSON of the ProxyConfig) and `ISTIO_META_POD_PORTS`
//! (Go's `ContainerPort`s), and the `proxy.istio.io/overrides` annotation (Go's
//! `corev1.Container`s). `semantic` parses JSON strings, so it sees two orders of the same
//! fields as equal; a stored pod does not, so these are checked as text.
#![allow(dead_code)]

use serde_json::Value;
use std::collections::BTreeMap;

const ENV_TEXTS: [&str; 2] = ["PROXY_CONFIG", "ISTIO_META_POD_PORTS"];
const ANNOTATION: &str = "proxy.istio.io/overrides";

/// Every such text of a document (any pod or pod template inside it), by where it is.
pub fn embedded_texts(doc: &Value) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    collect(doc, "", &mut out);
    out
}

fn collect(v: &Value, path: &str, out: &mut BTreeMap<String, String>) {
    match v {
        Value::Object(map) => {
            if let Some(text) = map
                .get("annotations")
                .and_then(|a| a.get(ANNOTATION))
                .and_then(Value::as_str)
            {
                out.insert(format!("{path}/annotations/{ANNOTATION}"), text.to_string());
            }
            let container = map.get("name").and_then(Value::as_str).unwrap_or_default();
            for env in map
                .get("env")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let name = env.get("name").and_then(Value::as_str).unwrap_or_default();
                if let (true, Some(text)) = (
                    ENV_TEXTS.contains(&name),
                    env.get("value").and_then(Value::as_str),
                ) {
                    out.insert(format!("{path}[{container}]/env/{name}"), text.to_string());
                }
            }
            for (key, child) in map {
                collect(child, &format!("{path}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect(item, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// How many of the golden's texts `got` has byte for byte, and each that differs or is
/// missing (one the golden lacks is the semantic comparison's to report).
pub fn exact_text_differences(got: &[Value], want: &[Value]) -> (usize, Vec<String>) {
    let mut same = 0;
    let mut diffs = Vec::new();
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let got = embedded_texts(g);
        for (path, text) in embedded_texts(w) {
            match got.get(&path) {
                Some(g) if *g == text => same += 1,
                Some(g) => diffs.push(format!("doc{i}{path}: got {g:?}, want {text:?}")),
                None => diffs.push(format!("doc{i}{path}: missing, want {text:?}")),
            }
        }
    }
    (same, diffs)
}
