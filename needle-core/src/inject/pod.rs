//! Small accessors for pods held as `serde_json::Value`.

use crate::compat::path::At;
use serde_json::{Map, Value};

pub const PROXY_CONTAINER: &str = "istio-proxy";
pub const INIT_CONTAINER: &str = "istio-init";
pub const VALIDATION_CONTAINER: &str = "istio-validation";
pub const ENABLE_CORE_DUMP: &str = "enable-core-dump";
pub const STATUS_ANNOTATION: &str = "sidecar.istio.io/status";
pub const OVERRIDES_ANNOTATION: &str = "proxy.istio.io/overrides";

/// An object of the given fields, each moved in. `json!` would copy every value put into it
/// once more (through serde), which for a pod's parts is work on every injection.
pub fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// The pod's metadata map, created if missing.
pub fn metadata_mut(pod: &mut Value) -> &mut Map<String, Value> {
    object_field(pod, "metadata")
}

/// `metadata.annotations` (or `labels`), created if missing.
pub fn string_map_mut<'a>(pod: &'a mut Value, field: &str) -> &'a mut Map<String, Value> {
    let meta = metadata_mut(pod);
    if !meta.get(field).is_some_and(Value::is_object) {
        meta.insert(field.to_string(), Value::Object(Map::new()));
    }
    meta.get_mut(field)
        .and_then(Value::as_object_mut)
        .expect("just inserted")
}

fn object_field<'a>(v: &'a mut Value, field: &str) -> &'a mut Map<String, Value> {
    if !v.is_object() {
        *v = Value::Object(Map::new());
    }
    let obj = v.as_object_mut().expect("object");
    if !obj.get(field).is_some_and(Value::is_object) {
        obj.insert(field.to_string(), Value::Object(Map::new()));
    }
    obj.get_mut(field)
        .and_then(Value::as_object_mut)
        .expect("just inserted")
}

pub fn annotation<'a>(pod: &'a Value, key: &str) -> Option<&'a str> {
    pod.at(&["metadata", "annotations"])
        .and_then(|a| a.get(key))
        .and_then(Value::as_str)
}

pub fn label<'a>(pod: &'a Value, key: &str) -> Option<&'a str> {
    pod.at(&["metadata", "labels"])
        .and_then(|a| a.get(key))
        .and_then(Value::as_str)
}

/// A container list (`containers`, `initContainers`), empty if absent.
pub fn containers<'a>(pod: &'a Value, list: &str) -> &'a [Value] {
    pod.get("spec")
        .and_then(|s| s.get(list))
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

pub fn containers_mut<'a>(pod: &'a mut Value, list: &str) -> &'a mut Vec<Value> {
    let spec = object_field(pod, "spec");
    if !spec.get(list).is_some_and(Value::is_array) {
        spec.insert(list.to_string(), Value::Array(Vec::new()));
    }
    spec.get_mut(list)
        .and_then(Value::as_array_mut)
        .expect("just inserted")
}

pub fn name_of(container: &Value) -> &str {
    container
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

pub fn find<'a>(list: &'a [Value], name: &str) -> Option<&'a Value> {
    list.iter().find(|c| name_of(c) == name)
}

/// The `istio-proxy` container, in containers or (native sidecar) initContainers.
pub fn sidecar(pod: &Value) -> Option<&Value> {
    find(containers(pod, "containers"), PROXY_CONTAINER)
        .or_else(|| find(containers(pod, "initContainers"), PROXY_CONTAINER))
}

pub fn sidecar_mut(pod: &mut Value) -> Option<&mut Value> {
    let in_containers = find(containers(pod, "containers"), PROXY_CONTAINER).is_some();
    let list = if in_containers {
        "containers"
    } else {
        "initContainers"
    };
    containers_mut(pod, list)
        .iter_mut()
        .find(|c| name_of(c) == PROXY_CONTAINER)
}

/// Append an env var to a container.
pub fn push_env(container: &mut Value, name: &str, value: &str) {
    let obj = object_field_in(container);
    let env = obj.entry("env").or_insert_with(|| Value::Array(Vec::new()));
    if let Some(list) = env.as_array_mut() {
        list.push(serde_json::json!({"name": name, "value": value}));
    }
}

fn object_field_in(v: &mut Value) -> &mut Map<String, Value> {
    if !v.is_object() {
        *v = Value::Object(Map::new());
    }
    v.as_object_mut().expect("object")
}

/// Where `move_container` puts a container.
#[derive(Clone, Copy)]
pub enum Position {
    First,
    Last,
}

/// Move the named container to the front or back of a list (no-op if absent).
pub fn move_container(list: &mut Vec<Value>, name: &str, to: Position) {
    if let Some(i) = list.iter().position(|c| name_of(c) == name) {
        let c = list.remove(i);
        match to {
            Position::First => list.insert(0, c),
            Position::Last => list.push(c),
        }
    }
}
