//! What istioctl's output carries because it prints Kubernetes' typed Go objects, where the
//! input (and so needle's injected document) has nothing: zero values of fields that
//! `omitempty` does not leave out. Only kube-inject's output gets them: the apiserver decodes
//! a webhook's patched pod into the same types, so the stored object is the same without them.

use serde_json::{Map, Value, json};

/// The zero fields Go prints for an injected workload of `kind` whose pod spec is at
/// `spec_path`: the pod's zero divisors, the workload's zero status counters, and a
/// DeploymentConfig's spec as its type prints it.
pub fn typed_zeros(kind: &str, doc: &mut Value, spec_path: &[&str]) {
    if let Some(spec) = spec_path.iter().try_fold(&mut *doc, |v, k| v.get_mut(*k)) {
        zero_divisors(spec);
    }
    let Some(doc) = doc.as_object_mut() else {
        return;
    };
    if kind == "DeploymentConfig"
        && let Some(spec) = doc.get_mut("spec").and_then(Value::as_object_mut)
    {
        // openshift/api's DeploymentConfigSpec: `test` has no omitempty, these two have.
        spec.entry("test").or_insert(json!(false));
        spec.retain(|k, v| !(k == "minReadySeconds" && v == 0 || k == "paused" && v == false));
    }
    let counters = status_counters(kind);
    if counters.is_empty() {
        return;
    }
    if let Some(status) = doc
        .entry("status")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
    {
        for counter in counters {
            status.entry(*counter).or_insert(json!(0));
        }
    }
}

/// The status fields of a workload kind without `omitempty` (k8s.io/api, openshift/api).
fn status_counters(kind: &str) -> &'static [&'static str] {
    match kind {
        "ReplicaSet" | "ReplicationController" => &["replicas"],
        "StatefulSet" => &["replicas", "availableReplicas"],
        "DaemonSet" => &[
            "currentNumberScheduled",
            "numberMisscheduled",
            "desiredNumberScheduled",
            "numberReady",
        ],
        "DeploymentConfig" => &[
            "latestVersion",
            "observedGeneration",
            "replicas",
            "updatedReplicas",
            "availableReplicas",
            "unavailableReplicas",
        ],
        _ => &[],
    }
}

/// A `resourceFieldRef.divisor` is a `resource.Quantity`, a struct that `omitempty` never
/// leaves out: a selector without one prints `divisor: "0"` (Istio's templates before 1.29
/// write none).
fn zero_divisors(spec: &mut Value) {
    fn each<'a>(v: &'a mut Value, key: &str) -> impl Iterator<Item = &'a mut Value> {
        v.get_mut(key)
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
    }
    let Some(spec) = spec.as_object_mut() else {
        return;
    };
    let mut selectors: Vec<&mut Value> = Vec::new();
    for (field, list) in spec.iter_mut() {
        let items = list.as_array_mut().into_iter().flatten();
        match field.as_str() {
            "containers" | "initContainers" | "ephemeralContainers" => {
                for container in items {
                    selectors.extend(
                        each(container, "env")
                            .filter_map(|e| e.pointer_mut("/valueFrom/resourceFieldRef")),
                    );
                }
            }
            "volumes" => {
                for volume in items.filter_map(Value::as_object_mut) {
                    for (kind, source) in volume.iter_mut() {
                        let apis: Vec<&mut Value> = match kind.as_str() {
                            "downwardAPI" => vec![source],
                            "projected" => each(source, "sources")
                                .filter_map(|s| s.get_mut("downwardAPI"))
                                .collect(),
                            _ => continue,
                        };
                        for api in apis {
                            selectors.extend(
                                each(api, "items").filter_map(|i| i.get_mut("resourceFieldRef")),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }
    for selector in selectors.into_iter().filter_map(Value::as_object_mut) {
        selector
            .entry("divisor")
            .or_insert_with(|| Value::String("0".into()));
    }
}
