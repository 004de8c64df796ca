//! Istio's JSON functions: `toJSON`, `structToJSON`, `protoToJSON` and `fromJSON`.

use crate::compat::go_json::{self, Layout};
use crate::compat::gofmt::Numbers;
use crate::gotemplate::value::{go_floats, to_template};
use minijinja::value::Value as MjValue;
use serde_json::Value;

/// `toJSON` and `structToJSON`: `json.Marshal` of the value, as the Go type `layout` names
/// where it is known (a map's keys sorted otherwise); nil is `{}` (Istio's `toJSON` takes a
/// map, and a nil map prints so).
pub(super) fn to_json_text(v: &Value, layout: Option<Layout>) -> String {
    match (v, layout) {
        (Value::Null, _) => "{}".to_string(),
        (other, Some(layout)) => go_json::marshal_as(other, layout),
        (other, None) => go_json::marshal(other),
    }
}

/// `fromJSON`: the parsed value, else the string `{}` (Istio logs the error and returns
/// that). Go decodes the numbers as float64; a kind that prints integers as ints gets them
/// as floats.
pub(super) fn from_json(text: &str, numbers: Numbers) -> MjValue {
    match serde_json::from_str::<Value>(text) {
        Ok(v) if numbers == Numbers::IntOrFloat64 => to_template(go_floats(&v)),
        Ok(v) => to_template(v),
        Err(_) => MjValue::from("{}"),
    }
}
