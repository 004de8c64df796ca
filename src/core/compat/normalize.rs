//! What Go's typed Pod does to a pod on the way through Istio's injector: empty optional
//! fields disappear, quantities take their canonical form and every container has
//! `resources`. needle applies it to the original and the injected pod alike, so the patch
//! between them has no spurious operations.

use crate::core::compat::quantity;
use serde_json::Value;

/// Integer fields with `omitempty`: a zero is dropped (probe timings).
const OMITEMPTY_INTS: [&str; 6] = [
    "initialDelaySeconds",
    "timeoutSeconds",
    "periodSeconds",
    "successThreshold",
    "failureThreshold",
    "terminationGracePeriodSeconds",
];

/// Map-typed fields with `omitempty`: an empty map is dropped.
const OMITEMPTY_MAPS: [&str; 8] = [
    "labels",
    "annotations",
    "nodeSelector",
    "overhead",
    "limits",
    "requests",
    "volumeAttributes",
    "options",
];

pub fn normalize_pod(pod: &mut Value) {
    drop_empty(pod);
    if let Some(spec) = pod.get_mut("spec").and_then(Value::as_object_mut) {
        for list in ["containers", "initContainers"] {
            for c in spec
                .get_mut(list)
                .and_then(Value::as_array_mut)
                .into_iter()
                .flatten()
            {
                normalize_container(c);
            }
        }
        if let Some(overhead) = spec.get_mut("overhead") {
            canonicalize_quantities(overhead);
        }
    }
}

fn normalize_container(c: &mut Value) {
    let Some(obj) = c.as_object_mut() else { return };
    let resources = obj
        .entry("resources")
        .or_insert_with(|| Value::Object(Default::default()));
    for key in ["limits", "requests"] {
        if let Some(q) = resources.get_mut(key) {
            canonicalize_quantities(q);
        }
    }
}

fn canonicalize_quantities(map: &mut Value) {
    for v in map.as_object_mut().into_iter().flat_map(|m| m.values_mut()) {
        match v {
            Value::String(s) => *s = quantity::canonicalize(s),
            Value::Number(n) => *v = Value::String(quantity::canonicalize(&n.to_string())),
            _ => {}
        }
    }
}

/// Maps whose entries are data, not struct fields: their empty strings are kept.
const STRING_MAPS: [&str; 4] = ["labels", "annotations", "nodeSelector", "data"];

fn drop_empty(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for (k, val) in m.iter_mut() {
                if !STRING_MAPS.contains(&k.as_str()) {
                    drop_empty(val);
                }
            }
            // Most maps have nothing to drop; checking first spares rebuilding them.
            if m.iter().any(|(k, v)| omitted(k, v)) {
                m.retain(|k, v| !omitted(k, v));
            }
        }
        Value::Array(a) => a.iter_mut().for_each(drop_empty),
        _ => {}
    }
}

/// String fields that are `*string` without omitempty in Go's Pod (a gRPC probe's `service`):
/// set to "", they stay.
const KEPT_WHEN_EMPTY: [&str; 1] = ["service"];

/// Whether a (normalized) field is one Go's typed pod leaves out.
fn omitted(key: &str, v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.is_empty() && !KEPT_WHEN_EMPTY.contains(&key),
        Value::Array(a) => a.is_empty(),
        Value::Number(n) => n.as_i64() == Some(0) && OMITEMPTY_INTS.contains(&key),
        Value::Object(o) => o.is_empty() && OMITEMPTY_MAPS.contains(&key),
        Value::Bool(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn normalizes_like_the_typed_pod() {
        let mut p = json!({"metadata": {"labels": {}, "x": null}, "spec": {"initContainers": [], "containers": [{"name": "a", "resources": {"limits": {"cpu": "2000m", "memory": "1024Mi"}}}, {"name": "b"}], "volumes": [{"name": "v", "emptyDir": {}}]}});
        normalize_pod(&mut p);
        assert_eq!(
            p,
            json!({"metadata": {}, "spec": {"containers": [{"name": "a", "resources": {"limits": {"cpu": "2", "memory": "1Gi"}}}, {"name": "b", "resources": {}}], "volumes": [{"name": "v", "emptyDir": {}}]}})
        );
    }
}
