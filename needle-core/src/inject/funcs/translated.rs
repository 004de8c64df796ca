//! Istio's injection functions as translated Go templates call them: Go's argument order,
//! any value where Go takes a string (printed as Sprig's `strval` does), the template data
//! of `gotemplate` (numbers float64 where Go has them, typed fields integers).

use super::{annotations, json, maps, networks, ports, text, yaml};
use crate::compat::go_json;
use crate::compat::go_json::Layout;
use crate::compat::gofmt::Numbers;
use crate::gotemplate::value::{self, field, int_arg, string_map, strval};
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Error, State};
use serde_json::{Map, Value};

pub(super) fn format_duration(v: MjValue) -> String {
    text::format_duration(&value::to_json(&v))
}

pub(super) fn isset(map: MjValue, key: String) -> bool {
    annotations::isset(&map, &key)
}

pub(super) fn exclude_inbound_port(port: MjValue, list: MjValue) -> String {
    ports::exclude_inbound_port(&strval(&port), &strval(&list))
}

pub(super) fn include_inbound_ports(containers: MjValue) -> String {
    ports::include_inbound_ports(&value::to_json(&containers))
}

pub(super) fn application_ports(containers: MjValue) -> String {
    ports::application_ports(&value::to_json(&containers))
}

/// `kubevirtInterfaces` and `excludeInterfaces`: the annotation's list as it is.
pub(super) fn interfaces(list: MjValue) -> String {
    strval(&list)
}

/// `annotation .ObjectMeta name default`.
pub(super) fn annotation(meta: MjValue, name: String, default: MjValue) -> MjValue {
    let found = field(&meta, "annotations")
        .get_attr(&name)
        .ok()
        .filter(|v| !v.is_undefined())
        .map(|v| MjValue::from(strval(&v)));
    annotations::annotation(found, default, Numbers::IntOrFloat64)
}

/// `valueOrDefault`: the value unless it is nil or "".
pub(super) fn value_or_default(v: MjValue, default: MjValue) -> MjValue {
    if v.is_undefined() || v.is_none() || v.as_str() == Some("") {
        default
    } else {
        v
    }
}

/// `toJSON`.
pub(super) fn to_json(v: MjValue) -> String {
    json::to_json_text(&value::to_json(&v), None)
}

/// `structToJSON`, given the Go type of the value where the translation knows it
/// (`TYPED_FUNCTIONS`): a Kubernetes struct's fields in Go's order.
pub(super) fn struct_to_json(v: MjValue, go_type: Option<String>) -> String {
    let layout = go_type.as_deref().and_then(Layout::kube);
    json::to_json_text(&value::to_json(&v), layout)
}

pub(super) fn from_json(text: String) -> MjValue {
    json::from_json(&text, Numbers::IntOrFloat64)
}

/// `protoToJSON .ProxyConfig`: the agent's `PROXY_CONFIG` text the context computed (the
/// protobuf marshalling), else `toJSON` of the value.
pub(super) fn proto_to_json(state: &State, v: MjValue) -> String {
    state
        .lookup("proxy_config_json")
        .and_then(|p| p.as_str().map(str::to_string))
        .unwrap_or_else(|| to_json(v))
}

pub(super) fn to_yaml(v: MjValue) -> String {
    yaml::to_yaml(&value::to_json(&v))
}

pub(super) fn indent(n: MjValue, s: MjValue) -> Result<String, Error> {
    Ok(text::indent(int_arg(&n)?.max(0) as usize, &strval(&s)))
}

pub(super) fn directory(path: MjValue) -> String {
    text::directory(&strval(&path)).to_string()
}

/// `contains needle haystack` (Istio flips Go's `strings.Contains` for pipelines).
pub(super) fn contains(needle: String, haystack: MjValue) -> bool {
    strval(&haystack).contains(&needle)
}

pub(super) fn to_lower(s: MjValue) -> String {
    strval(&s).to_lowercase()
}

pub(super) fn append_multus_network(existing: MjValue, network: String) -> String {
    networks::append_multus_network(&strval(&existing), &network)
}

/// `env`: Istio reads istiod's environment; needle's is captured into the snapshot when the
/// config loads (`environment` in the shared context), so rendering reads no process state.
pub(super) fn env(state: &State, key: String, default: String) -> String {
    state
        .lookup("environment")
        .and_then(|e| e.get_attr(&key).ok())
        .and_then(|v| v.as_str().map(str::to_string))
        .filter(|v| !v.is_empty())
        .unwrap_or(default)
}

/// `omit dict keys...`: the map without the keys.
pub(super) fn omit(dict: MjValue, keys: Rest<String>) -> MjValue {
    let mut m = string_map(&dict);
    for k in keys.iter() {
        m.remove(k);
    }
    value::to_template(Value::Object(m))
}

/// `strdict k1 v1 k2 v2 ...`: a map of strings; a key without a value maps to "".
pub(super) fn strdict(args: Rest<MjValue>) -> MjValue {
    let mut m = Map::new();
    for pair in args.chunks(2) {
        let v = pair.get(1).map(strval).unwrap_or_default();
        m.insert(strval(&pair[0]), Value::String(v));
    }
    value::to_template(Value::Object(m))
}

pub(super) fn to_json_map(maps: Rest<MjValue>) -> String {
    go_json::marshal(&Value::Object(maps::merge_maps(&maps)))
}

pub(super) fn merge_maps(maps: Rest<MjValue>) -> MjValue {
    value::to_template(Value::Object(maps::merge_maps(&maps)))
}

/// `otelResourceAttributes`: the attributes the context computed for the pod.
pub(super) fn otel_resource_attributes(state: &State, _args: Rest<MjValue>) -> String {
    state
        .lookup("otel_resource_attributes")
        .map(|v| strval(&v))
        .unwrap_or_default()
}
