//! Kubernetes strategic merge patch over `serde_json::Value`, with the Pod schema's merge keys
//! (the Go types' `patchStrategy` and `patchMergeKey` tags, generated into
//! `compat::pod_fields`).
//!
//! Ports the behaviour of apimachinery's `strategicpatch.StrategicMergeMapPatch` for the
//! fields a Pod has: lists with a merge key are merged item by item, other lists are replaced,
//! maps merge key-wise and a `null` deletes. Ordering after a merge follows
//! `normalizeElementOrder`: patch items keep the patch order and items only in the original
//! are interleaved by their original position (so patch-only items come first).

use crate::compat::normalize::Fields;
use crate::compat::pod_fields;
use serde_json::{Map, Value};

/// What Go type a map is, so that its list fields know their merge keys; none for a map the
/// Pod type does not describe (whose lists are replaced whole).
#[derive(Clone, Copy)]
pub struct Schema(Option<&'static Fields>);

impl Schema {
    pub const POD: Schema = Schema(Some(&pod_fields::POD));

    /// The schema of the map (or of the list's items) at `field`.
    fn child(self, field: &str) -> Schema {
        Schema(self.0.and_then(|fields| fields.child(field)))
    }
}

enum ListStrategy {
    Replace,
    MergeByKey(&'static str, Schema),
    MergeScalars,
}

/// How the list at `field` merges: by its `patchMergeKey`, as a set of scalars, or replaced.
fn list_strategy(schema: Schema, field: &str) -> ListStrategy {
    match schema.0.and_then(|fields| fields.merge_key(field)) {
        None => ListStrategy::Replace,
        Some("") => ListStrategy::MergeScalars,
        Some(key) => ListStrategy::MergeByKey(key, schema.child(field)),
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
    merge_owned(original.clone(), patch.clone(), schema)
}

/// `strategic_merge` that consumes both sides, so callers that own them avoid copies.
pub fn merge_owned(original: Value, patch: Value, schema: Schema) -> Result<Value, MergeError> {
    match (original, patch) {
        (Value::Object(o), Value::Object(p)) => Ok(Value::Object(merge_map(o, p, schema)?)),
        (_, Value::Object(p)) => Ok(Value::Object(merge_map(Map::new(), p, schema)?)),
        (_, other) => Ok(other),
    }
}

fn merge_map(
    mut original: Map<String, Value>,
    mut patch: Map<String, Value>,
    schema: Schema,
) -> Result<Map<String, Value>, MergeError> {
    if original.is_empty() {
        return adopt(patch, schema);
    }
    match patch.get("$patch").and_then(Value::as_str) {
        Some("replace") => return Ok(without_directives(patch)),
        Some("delete") => return Ok(Map::new()),
        _ => {}
    }
    if let Some(Value::Array(retain)) = patch.remove("$retainKeys") {
        original.retain(|k, _| retain.iter().any(|r| r.as_str() == Some(k)));
    }
    for (key, patch_value) in patch {
        if key.starts_with('$') {
            continue;
        }
        if patch_value.is_null() {
            original.remove(&key);
            continue;
        }
        let current = original.remove(&key).unwrap_or(Value::Null);
        let merged = match (current, patch_value) {
            (Value::Object(o), Value::Object(p)) => {
                Value::Object(merge_map(o, p, schema.child(&key))?)
            }
            (Value::Array(o), Value::Array(p)) => {
                merge_list(o, p, list_strategy(schema, &key), &key)?
            }
            (Value::Null, Value::Object(p)) => {
                Value::Object(merge_map(Map::new(), p, schema.child(&key))?)
            }
            (Value::Null, Value::Array(p)) => {
                merge_list(Vec::new(), p, list_strategy(schema, &key), &key)?
            }
            (_, other) => other,
        };
        original.insert(key, merged);
    }
    Ok(original)
}

/// Merging a map into nothing: the patch itself without its directives and nulls. Its keyed
/// lists are taken as they are, items with the same key included, as Kubernetes takes a patch
/// value the original lacks (a proxyMetadata entry that repeats a template's env name gives
/// the proxy both entries, as in Istio). Done in place: most of an injected sidecar is new to
/// the pod, and reusing the patch's maps instead of rebuilding them key by key halves the merge.
fn adopt(mut patch: Map<String, Value>, schema: Schema) -> Result<Map<String, Value>, MergeError> {
    // A rendered map rarely has a directive or a null: one look over it spares the lookup of
    // `$patch` and the rebuilding pass.
    if patch
        .iter()
        .any(|(key, value)| key.starts_with('$') || value.is_null())
    {
        match patch.get("$patch").and_then(Value::as_str) {
            Some("replace") => return Ok(without_directives(patch)),
            Some("delete") => return Ok(Map::new()),
            _ => {}
        }
        patch.retain(|key, value| !key.starts_with('$') && !value.is_null());
    }
    for (key, value) in patch.iter_mut() {
        match value {
            Value::Object(m) => *m = adopt(std::mem::take(m), schema.child(key))?,
            Value::Array(items) => {
                let items = std::mem::take(items);
                *value = match list_strategy(schema, key) {
                    ListStrategy::MergeByKey(merge_key, item_schema) => {
                        adopt_keyed_list(items, merge_key, item_schema, key)?
                    }
                    strategy => merge_list(Vec::new(), items, strategy, key)?,
                };
            }
            _ => {}
        }
    }
    Ok(patch)
}

/// A keyed list merged into nothing: its items adopted one by one, in order, duplicates kept;
/// directive items (`$patch: delete`) have nothing to act on and go.
fn adopt_keyed_list(
    items: Vec<Value>,
    key: &str,
    schema: Schema,
    field: &str,
) -> Result<Value, MergeError> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        if item.get(key).is_none() {
            return Err(MergeError(format!(
                "map: {item} does not contain declared merge key: {key} (field {field})"
            )));
        }
        if !is_directive_item(&item) {
            out.push(merge_owned(Value::Null, item, schema)?);
        }
    }
    Ok(Value::Array(out))
}

fn without_directives(map: Map<String, Value>) -> Map<String, Value> {
    map.into_iter()
        .filter(|(k, _)| !k.starts_with('$'))
        .collect()
}

fn merge_list(
    original: Vec<Value>,
    patch: Vec<Value>,
    strategy: ListStrategy,
    field: &str,
) -> Result<Value, MergeError> {
    match strategy {
        ListStrategy::Replace => Ok(Value::Array(
            patch
                .into_iter()
                .filter(|v| !is_directive_item(v))
                .collect(),
        )),
        ListStrategy::MergeScalars => {
            let mut out = original;
            for item in patch {
                if !out.contains(&item) {
                    out.push(item);
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

/// Whether every item is an object with its merge key, no directive, and a key no other
/// item has: merged into an empty list, such a patch stays as it is, in its order.
fn plain_distinct_items(patch: &[Value], key: &str) -> bool {
    let mut seen: Vec<&Value> = Vec::with_capacity(patch.len());
    for item in patch {
        let Some(k) = item.get(key) else {
            return false;
        };
        if item.get("$patch").is_some() || seen.contains(&k) {
            return false;
        }
        seen.push(k);
    }
    true
}

fn merge_keyed_list(
    original: Vec<Value>,
    patch: Vec<Value>,
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
                .into_iter()
                .filter(|v| !is_directive_item(v))
                .collect(),
        ));
    }
    if original.is_empty() && plain_distinct_items(&patch, key) {
        return patch
            .into_iter()
            .map(|item| merge_owned(Value::Null, item, schema))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    // Positions in the original, by merge key, decide where unnamed items go.
    let original_keys: Vec<Option<Value>> = original.iter().map(|v| v.get(key).cloned()).collect();
    let original_index = |k: &Option<Value>| {
        k.as_ref()
            .and_then(|k| original_keys.iter().position(|o| o.as_ref() == Some(k)))
    };
    let mut server: Vec<Option<Value>> = original.into_iter().map(Some).collect();
    let mut patch_items: Vec<(Option<Value>, Value)> = Vec::new();
    for item in patch {
        let Some(k) = item.get(key).cloned() else {
            return Err(MergeError(format!(
                "map: {item} does not contain declared merge key: {key} (field {field})"
            )));
        };
        let pos = original_keys
            .iter()
            .position(|o| o.as_ref() == Some(&k))
            .filter(|i| server[*i].is_some());
        if item.get("$patch").and_then(Value::as_str) == Some("delete") {
            if let Some(i) = pos {
                server[i] = None;
            }
            continue;
        }
        let key = Some(k);
        match patch_items.iter().position(|(pk, _)| *pk == key) {
            Some(i) => {
                let prev = std::mem::take(&mut patch_items[i].1);
                patch_items[i].1 = merge_owned(prev, item, schema)?;
            }
            None => {
                let base = pos.and_then(|i| server[i].take()).unwrap_or(Value::Null);
                patch_items.push((key, merge_owned(base, item, schema)?));
            }
        }
    }
    // `server` now holds only the items the patch did not name, in original order.
    let server: Vec<(Option<usize>, Value)> = server
        .into_iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|v| (Some(i), v)))
        .collect();
    let patch_items: Vec<(Option<usize>, Value)> = patch_items
        .into_iter()
        .map(|(k, v)| (original_index(&k), v))
        .collect();
    Ok(Value::Array(in_original_order(server, patch_items)))
}

/// The untouched items and the merged ones (each list in its own order, with its index in the
/// original), interleaved: the next untouched item goes first only when it came before the
/// next merged one in the original; an item new to the list counts as coming first.
fn in_original_order(
    server: Vec<(Option<usize>, Value)>,
    patch_items: Vec<(Option<usize>, Value)>,
) -> Vec<Value> {
    let mut out = Vec::with_capacity(server.len() + patch_items.len());
    let (mut server, mut patch_items) = (
        server.into_iter().peekable(),
        patch_items.into_iter().peekable(),
    );
    loop {
        let take_server = match (server.peek(), patch_items.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some((a, _)), Some((b, _))) => matches!((a, b), (Some(a), Some(b)) if a < b),
        };
        let next = if take_server {
            server.next()
        } else {
            patch_items.next()
        };
        out.push(next.expect("peeked").1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod_merge(o: Value, p: Value) -> Value {
        strategic_merge(&o, &p, Schema::POD).unwrap()
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
    fn merging_into_nothing_drops_nulls_and_directives() {
        let out = pod_merge(
            json!({"spec": {}}),
            json!({"metadata": {"labels": {"a": null, "b": "1"}, "$patch": "merge"},
                   "spec": {"volumes": [{"name": "v", "emptyDir": null, "secret": {"optional": null}}]}}),
        );
        assert_eq!(
            out,
            json!({"metadata": {"labels": {"b": "1"}}, "spec": {"volumes": [{"name": "v", "secret": {}}]}})
        );
    }

    #[test]
    fn keyed_lists_into_nothing_drop_directives_and_keep_duplicates() {
        let out = pod_merge(
            json!({}),
            json!({"spec": {
                "containers": [{"name": "a", "$patch": "delete"}, {"name": "b", "image": "x"}],
                "volumes": [{"name": "v", "emptyDir": {}}, {"name": "v", "secret": {}}]}}),
        );
        assert_eq!(
            out,
            json!({"spec": {"containers": [{"name": "b", "image": "x"}],
                            "volumes": [{"name": "v", "emptyDir": {}}, {"name": "v", "secret": {}}]}})
        );
        let err = strategic_merge(
            &json!({"spec": {}}),
            &json!({"spec": {"volumes": [{"emptyDir": {}}]}}),
            Schema::POD,
        )
        .unwrap_err();
        assert!(err.0.contains("merge key: name"), "{err}");
    }

    /// The merge keys are the Go types' tags: the pod's lists as kubectl's patch merges them,
    /// the ephemeral containers' too, and `resizePolicy` (`+listType=atomic`, no patch
    /// strategy) replaced whole.
    #[test]
    fn lists_merge_by_the_keys_the_go_types_tag() {
        let keys = |fields: &Fields, lists: &[&str]| -> Vec<Option<&str>> {
            lists.iter().map(|l| fields.merge_key(l)).collect()
        };
        assert_eq!(
            keys(
                &pod_fields::POD_SPEC,
                &[
                    "containers",
                    "initContainers",
                    "ephemeralContainers",
                    "volumes",
                    "imagePullSecrets",
                    "hostAliases",
                    "topologySpreadConstraints",
                    "schedulingGates",
                    "resourceClaims",
                    "tolerations"
                ]
            ),
            [
                Some("name"),
                Some("name"),
                Some("name"),
                Some("name"),
                Some("name"),
                Some("ip"),
                Some("topologyKey"),
                Some("name"),
                Some("name"),
                None
            ]
        );
        assert_eq!(
            keys(
                &pod_fields::CONTAINER,
                &[
                    "env",
                    "volumeMounts",
                    "ports",
                    "volumeDevices",
                    "resizePolicy",
                    "args"
                ]
            ),
            [
                Some("name"),
                Some("mountPath"),
                Some("containerPort"),
                Some("devicePath"),
                None,
                None
            ]
        );
        assert_eq!(
            keys(&pod_fields::OBJECT_META, &["ownerReferences", "finalizers"]),
            [Some("uid"), Some("")]
        );
        let policy = |restart: &str| json!({"resourceName": "cpu", "restartPolicy": restart});
        assert_eq!(
            pod_merge(
                json!({"spec": {"containers": [{"name": "a", "resizePolicy": [policy("NotRequired")],
                    "env": [{"name": "A", "value": "1"}]}],
                    "ephemeralContainers": [{"name": "debug", "env": [{"name": "A", "value": "1"}]}]}}),
                json!({"spec": {"containers": [{"name": "a", "resizePolicy": [{"resourceName": "memory", "restartPolicy": "RestartContainer"}],
                    "env": [{"name": "B", "value": "2"}]}],
                    "ephemeralContainers": [{"name": "debug", "env": [{"name": "B", "value": "2"}]}]}}),
            ),
            json!({"spec": {"containers": [{"name": "a", "resizePolicy": [{"resourceName": "memory", "restartPolicy": "RestartContainer"}],
                "env": [{"name": "B", "value": "2"}, {"name": "A", "value": "1"}]}],
                "ephemeralContainers": [{"name": "debug", "env": [{"name": "B", "value": "2"}, {"name": "A", "value": "1"}]}]}})
        );
    }

    #[test]
    fn missing_merge_key_is_an_error() {
        let err = strategic_merge(
            &json!({}),
            &json!({"spec": {"containers": [{"image": "x"}]}}),
            Schema::POD,
        )
        .unwrap_err();
        assert!(err.0.contains("merge key: name"), "{err}");
    }
}
