//! Helpers shared by the integration tests.
#![allow(dead_code)]

use serde_json::Value;

/// Semantic form of a Kubernetes object for comparison: JSON-valued strings are parsed, and
/// what Go's typed marshalling adds or drops (nulls, empty maps and lists, zero `status`, the
/// zero-valued workload spec fields, the zero quantity `divisor: "0"` Go prints for a
/// `resourceFieldRef` without one) is removed on both sides. This is the one place the goldens'
/// Go artefacts are named.
pub fn semantic(v: &Value) -> Value {
    let mut v = v.clone();
    strip_go_artifacts(&mut v);
    norm(&v, true)
}

/// `semantic` that keeps the zero scalars Go's typed objects print (`divisor: "0"`, a
/// DeploymentConfig's `test: false`): for goldens the output must match as printed. Nulls and
/// empty maps and lists are still left out (YAML style, not content).
pub fn semantic_with_go_zeros(v: &Value) -> Value {
    norm(v, false)
}

fn strip_go_artifacts(v: &mut Value) {
    if let Some(obj) = v.as_object_mut() {
        obj.remove("status");
        if let Some(spec) = obj.get_mut("spec").and_then(Value::as_object_mut) {
            spec.retain(|k, v| {
                !(matches!(k.as_str(), "minReadySeconds" | "paused" | "test")
                    && (v == &Value::from(0) || v == &Value::from(false)))
            });
        }
        if let Some(items) = obj.get_mut("items").and_then(Value::as_array_mut) {
            items.iter_mut().for_each(strip_go_artifacts);
        }
    }
}

fn norm(v: &Value, drop_zero_divisor: bool) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| (k.clone(), norm(v, drop_zero_divisor)))
                .filter(|(k, v)| {
                    !(v.is_null()
                        || drop_zero_divisor && k.as_str() == "divisor" && (v == "0" || v == 0)
                        || v.as_object().is_some_and(|o| o.is_empty())
                        || v.as_array().is_some_and(|a| a.is_empty()))
                })
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|v| norm(v, drop_zero_divisor)).collect()),
        Value::String(s) => {
            let t = s.trim();
            if (t.starts_with('{') || t.starts_with('['))
                && let Ok(parsed) = serde_json::from_str::<Value>(t)
            {
                return norm(&parsed, drop_zero_divisor);
            }
            v.clone()
        }
        other => other.clone(),
    }
}

/// The paths where two YAML streams' documents differ after `normalise`, document by document
/// (`doc0/...`), or how many documents each has when that differs.
pub fn document_differences(
    got: &[Value],
    want: &[Value],
    normalise: fn(&Value) -> Value,
) -> Result<Vec<String>, String> {
    if got.len() != want.len() {
        return Err(format!("{} documents, want {}", got.len(), want.len()));
    }
    let mut out = Vec::new();
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        differences(&normalise(g), &normalise(w), &format!("doc{i}"), &mut out);
    }
    Ok(out)
}

/// The paths where two values differ, for failure messages.
pub fn differences(got: &Value, want: &Value, path: &str, out: &mut Vec<String>) {
    match (got, want) {
        (Value::Object(a), Value::Object(b)) => {
            for k in a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))) {
                let p = format!("{path}/{k}");
                match (a.get(k), b.get(k)) {
                    (Some(x), Some(y)) => differences(x, y, &p, out),
                    (Some(x), None) => out.push(format!("{p}: unexpected {x}")),
                    (None, Some(y)) => out.push(format!("{p}: missing, want {y}")),
                    (None, None) => {}
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{path}[{i}]"), out);
            }
        }
        (a, b) if a != b => out.push(format!("{path}: got {a}, want {b}")),
        _ => {}
    }
}

/// Apply a JSON patch (text, as the webhook sends it) to a copy of `original`, as the
/// apiserver does.
pub fn apply_patch(original: &Value, patch: &str) -> Result<Value, String> {
    let patch: json_patch::Patch = serde_json::from_str(patch).map_err(|e| e.to_string())?;
    let mut doc = original.clone();
    json_patch::patch(&mut doc, &patch).map_err(|e| e.to_string())?;
    Ok(doc)
}

/// A counter of a Prometheus text page: `series` is a metric name (its label sets summed) or
/// one series `name{labels}`; 0 when absent.
pub fn counter(page: &str, series: &str) -> f64 {
    page.lines()
        .filter_map(|line| line.strip_prefix(series))
        .filter(|rest| rest.starts_with([' ', '{']))
        .filter_map(|rest| rest.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// A stored object without what the apiserver's bookkeeping gives each creation: its
/// namespace, uid, versions, timestamp and field managers, and its status.
pub fn without_bookkeeping(object: &Value) -> Value {
    let mut object = object.clone();
    if let Some(meta) = object["metadata"].as_object_mut() {
        for key in [
            "namespace",
            "uid",
            "resourceVersion",
            "creationTimestamp",
            "managedFields",
            "generation",
        ] {
            meta.remove(key);
        }
    }
    if let Some(object) = object.as_object_mut() {
        object.remove("status");
    }
    object
}

/// Parse every document of a YAML stream.
pub fn yaml_documents(text: &str) -> Vec<Value> {
    needle::core::compat::yaml::split_documents(text)
        .iter()
        .map(|d| needle::core::compat::yaml::parse_one(d.text).expect("valid YAML"))
        .filter(|v| !v.is_null())
        .collect()
}

pub mod big_pod;
pub mod chart;
pub mod cluster;
pub mod crds;
pub mod dataset;
pub mod exact_texts;
pub mod golden_cases;
pub mod golden_https;
pub mod pod_load;
pub mod scenario;
pub mod server;
pub mod tally;
pub mod validation;

#[allow(unused_imports)]
pub use tally::known_failures;
