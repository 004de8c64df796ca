//! Kubernetes strategic merge patch over `serde_json::Value`, with the Pod schema's merge keys.
//!
//! Ports the behaviour of apimachinery's `strategicpatch.StrategicMergeMapPatch` for the
//! fields a Pod has: lists with a merge key are merged item by item, other lists are replaced,
//! maps merge key-wise and a `null` deletes. Ordering after a merge follows
//! `normalizeElementOrder`: patch items keep the patch order and items only in the original
//! are interleaved by their original position (so patch-only items come first).

use serde_json::{Map, Value};

/// What kind of object a map is, so that its list fields know their merge keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schema {
    Pod,
    ObjectMeta,
    PodSpec,
    Container,
    Volume,
    Other,
}

enum ListStrategy {
    Replace,
    MergeByKey(&'static str, Schema),
    MergeScalars,
}

fn child_schema(schema: Schema, field: &str) -> Schema {
    match (schema, field) {
        (Schema::Pod, "metadata") => Schema::ObjectMeta,
        (Schema::Pod, "spec") => Schema::PodSpec,
        _ => Schema::Other,
    }
}

fn list_strategy(schema: Schema, field: &str) -> ListStrategy {
    use ListStrategy::*;
    match (schema, field) {
        (Schema::ObjectMeta, "ownerReferences") => MergeByKey("uid", Schema::Other),
        (Schema::ObjectMeta, "finalizers") => MergeScalars,
        (Schema::PodSpec, "containers" | "initContainers" | "ephemeralContainers") => {
            MergeByKey("name", Schema::Container)
        }
        (Schema::PodSpec, "volumes") => MergeByKey("name", Schema::Volume),
        (Schema::PodSpec, "imagePullSecrets" | "resourceClaims" | "schedulingGates") => {
            MergeByKey("name", Schema::Other)
        }
        (Schema::PodSpec, "hostAliases") => MergeByKey("ip", Schema::Other),
        (Schema::PodSpec, "topologySpreadConstraints") => MergeByKey("topologyKey", Schema::Other),
        (Schema::Container, "env") => MergeByKey("name", Schema::Other),
        (Schema::Container, "volumeMounts") => MergeByKey("mountPath", Schema::Other),
        (Schema::Container, "ports") => MergeByKey("containerPort", Schema::Other),
        (Schema::Container, "volumeDevices") => MergeByKey("devicePath", Schema::Other),
        (Schema::Container, "resizePolicy") => MergeByKey("resourceName", Schema::Other),
        _ => Replace,
    }
}

/// Error for patches that cannot be applied (for example a merge-key list item without its key).
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{0}")]
pub struct MergeError(pub String);

/// Strategic-merge `patch` into `original` (both objects of the given schema).
pub fn strategic_merge(
    original: &Value,
    patch: &Value,
    schema: Schema,
) -> Result<Value, MergeError> {
    match (original, patch) {
        (Value::Object(o), Value::Object(p)) => Ok(Value::Object(merge_map(o.clone(), p, schema)?)),
        (_, Value::Object(p)) => Ok(Value::Object(merge_map(Map::new(), p, schema)?)),
        (_, other) => Ok(other.clone()),
    }
}

fn merge_map(
    mut original: Map<String, Value>,
    patch: &Map<String, Value>,
    schema: Schema,
) -> Result<Map<String, Value>, MergeError> {
    match patch.get("$patch").and_then(Value::as_str) {
        Some("replace") => return Ok(without_directives(patch)),
        Some("delete") => return Ok(Map::new()),
        _ => {}
    }
    if let Some(Value::Array(retain)) = patch.get("$retainKeys") {
        original.retain(|k, _| retain.iter().any(|r| r.as_str() == Some(k)));
    }
    for (key, patch_value) in patch {
        if key.starts_with('$') {
            continue;
        }
        if patch_value.is_null() {
            original.remove(key);
            continue;
        }
        let merged = match (original.remove(key), patch_value) {
            (Some(Value::Object(o)), Value::Object(p)) => {
                Value::Object(merge_map(o, p, child_schema(schema, key))?)
            }
            (Some(Value::Array(o)), Value::Array(p)) => {
                merge_list(o, p, list_strategy(schema, key), key)?
            }
            (None, Value::Object(p)) => {
                Value::Object(merge_map(Map::new(), p, child_schema(schema, key))?)
            }
            (None, Value::Array(p)) => merge_list(Vec::new(), p, list_strategy(schema, key), key)?,
            (_, other) => other.clone(),
        };
        original.insert(key.clone(), merged);
    }
    Ok(original)
}

fn without_directives(map: &Map<String, Value>) -> Map<String, Value> {
    map.iter()
        .filter(|(k, _)| !k.starts_with('$'))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

fn merge_list(
    original: Vec<Value>,
    patch: &[Value],
    strategy: ListStrategy,
    field: &str,
) -> Result<Value, MergeError> {
    match strategy {
        ListStrategy::Replace => Ok(Value::Array(
            patch
                .iter()
                .filter(|v| !is_directive_item(v))
                .cloned()
                .collect(),
        )),
        ListStrategy::MergeScalars => {
            let mut out = original;
            for item in patch {
                if !out.contains(item) {
                    out.push(item.clone());
                }
            }
            Ok(Value::Array(out))
        }
        ListStrategy::MergeByKey(key, item_schema) => {
            merge_keyed_list(original, patch, key, item_schema, field)
        }
    }
}

fn is_directive_item(v: &Value) -> bool {
    v.as_object().is_some_and(|m| m.contains_key("$patch"))
}

fn merge_keyed_list(
    original: Vec<Value>,
    patch: &[Value],
    key: &str,
    schema: Schema,
    field: &str,
) -> Result<Value, MergeError> {
    if patch
        .iter()
        .any(|p| p.get("$patch").and_then(Value::as_str) == Some("replace"))
    {
        return Ok(Value::Array(
            patch
                .iter()
                .filter(|v| !is_directive_item(v))
                .cloned()
                .collect(),
        ));
    }
    let key_of = |v: &Value| v.get(key).cloned();
    let mut server: Vec<Value> = original.clone();
    let mut patch_items: Vec<Value> = Vec::new();
    for item in patch {
        let Some(k) = key_of(item) else {
            return Err(MergeError(format!(
                "map: {item} does not contain declared merge key: {key} (field {field})"
            )));
        };
        let pos = server.iter().position(|o| key_of(o).as_ref() == Some(&k));
        if item.get("$patch").and_then(Value::as_str) == Some("delete") {
            if let Some(i) = pos {
                server.remove(i);
            }
            continue;
        }
        let merged = match pos {
            Some(i) => strategic_merge(&server.remove(i), item, schema)?,
            None => strategic_merge(&Value::Null, item, schema)?,
        };
        match patch_items
            .iter()
            .position(|p| key_of(p).as_ref() == Some(&k))
        {
            Some(i) => patch_items[i] = strategic_merge(&patch_items[i], item, schema)?,
            None => patch_items.push(merged),
        }
    }
    // `server` now holds only the items the patch did not name, in original order.
    let original_index = |v: &Value| {
        key_of(v).and_then(|k| original.iter().position(|o| key_of(o).as_ref() == Some(&k)))
    };
    let mut out = Vec::with_capacity(server.len() + patch_items.len());
    let (mut i, mut j) = (0, 0);
    while i < server.len() || j < patch_items.len() {
        let take_server = if i >= server.len() {
            false
        } else if j >= patch_items.len() {
            true
        } else {
            matches!((original_index(&server[i]), original_index(&patch_items[j])), (Some(a), Some(b)) if a < b)
        };
        if take_server {
            out.push(server[i].clone());
            i += 1;
        } else {
            out.push(patch_items[j].clone());
            j += 1;
        }
    }
    Ok(Value::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod_merge(o: Value, p: Value) -> Value {
        strategic_merge(&o, &p, Schema::Pod).unwrap()
    }

    #[test]
    fn patch_only_containers_come_first() {
        let out = pod_merge(
            json!({"spec": {"containers": [{"name": "hello", "image": "h"}]}}),
            json!({"spec": {"containers": [{"name": "istio-proxy", "image": "p"}]}}),
        );
        assert_eq!(
            out,
            json!({"spec": {"containers": [{"name": "istio-proxy", "image": "p"}, {"name": "hello", "image": "h"}]}})
        );
    }

    #[test]
    fn same_name_containers_merge_fields_and_lists_by_key() {
        let out = pod_merge(
            json!({"spec": {"containers": [{"name": "a", "args": ["x"], "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}]}]}}),
            json!({"spec": {"containers": [{"name": "a", "args": ["y"], "env": [{"name": "B", "value": "3"}, {"name": "C", "value": "4"}]}]}}),
        );
        assert_eq!(
            out["spec"]["containers"][0],
            json!({"name": "a", "args": ["y"], "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "3"}, {"name": "C", "value": "4"}]})
        );
    }

    #[test]
    fn server_items_interleave_by_original_position() {
        let out = pod_merge(
            json!({"spec": {"volumes": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}}),
            json!({"spec": {"volumes": [{"name": "x"}, {"name": "b", "emptyDir": {}}]}}),
        );
        let names: Vec<&str> = out["spec"]["volumes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["x", "a", "b", "c"]);
    }

    #[test]
    fn null_deletes_and_maps_merge() {
        let out = pod_merge(
            json!({"metadata": {"labels": {"a": "1", "b": "2"}}}),
            json!({"metadata": {"labels": {"a": null, "c": "3"}}}),
        );
        assert_eq!(out, json!({"metadata": {"labels": {"b": "2", "c": "3"}}}));
    }

    #[test]
    fn patch_replace_directive_replaces_map() {
        let out = pod_merge(
            json!({"metadata": {"labels": {"a": "1"}}}),
            json!({"metadata": {"labels": {"$patch": "replace", "c": "3"}}}),
        );
        assert_eq!(out, json!({"metadata": {"labels": {"c": "3"}}}));
    }

    #[test]
    fn delete_directive_removes_list_item() {
        let out = pod_merge(
            json!({"spec": {"containers": [{"name": "a"}, {"name": "b"}]}}),
            json!({"spec": {"containers": [{"name": "a", "$patch": "delete"}]}}),
        );
        assert_eq!(out, json!({"spec": {"containers": [{"name": "b"}]}}));
    }

    #[test]
    fn non_keyed_lists_are_replaced() {
        let out = pod_merge(
            json!({"spec": {"tolerations": [{"key": "a"}]}}),
            json!({"spec": {"tolerations": [{"key": "b"}]}}),
        );
        assert_eq!(out, json!({"spec": {"tolerations": [{"key": "b"}]}}));
    }

    #[test]
    fn missing_merge_key_is_an_error() {
        let err = strategic_merge(
            &json!({}),
            &json!({"spec": {"containers": [{"image": "x"}]}}),
            Schema::Pod,
        )
        .unwrap_err();
        assert!(err.0.contains("merge key: name"), "{err}");
    }
}
