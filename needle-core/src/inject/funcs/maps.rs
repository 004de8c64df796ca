//! Istio's map functions over JSON: `omitNil` and what `mergeMaps` and `toJsonMap` merge.

use crate::gotemplate::value::{string_map, to_json, to_template};
use minijinja::value::Value as MjValue;
use serde_json::{Map, Value};

/// `omitNil`: drop null map values and list items, recursively. A map or list that had
/// something dropped and ends up empty becomes null; one without nulls is left as it is.
pub fn omit_nil(v: &Value) -> Value {
    omit_nil_changed(v).0
}

/// [`omit_nil`] of a template value, as both kinds of template call it.
pub(super) fn omit_nil_of(v: MjValue) -> MjValue {
    to_template(omit_nil(&to_json(&v)))
}

fn omit_nil_changed(v: &Value) -> (Value, bool) {
    let null_if_empty = |v: Value, empty: bool| if empty { Value::Null } else { v };
    match v {
        Value::Null => (Value::Null, true),
        Value::Object(m) if m.values().any(|x| omit_nil_changed(x).1) => {
            let out: Map<String, Value> = m
                .iter()
                .map(|(k, x)| (k.clone(), omit_nil(x)))
                .filter(|(_, x)| !x.is_null())
                .collect();
            let empty = out.is_empty();
            (null_if_empty(Value::Object(out), empty), true)
        }
        Value::Array(a) if a.iter().any(|x| omit_nil_changed(x).1) => {
            let out: Vec<Value> = a.iter().map(omit_nil).filter(|x| !x.is_null()).collect();
            let empty = out.is_empty();
            (null_if_empty(Value::Array(out), empty), true)
        }
        other => (other.clone(), false),
    }
}

/// The maps' entries, a later map's over an earlier's (`mergeMaps`, `toJsonMap`); an
/// argument that is no map adds nothing.
pub(super) fn merge_maps(maps: &[MjValue]) -> Map<String, Value> {
    let mut out = Map::new();
    for m in maps {
        out.extend(string_map(m));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn omit_nil_drops_nulls_recursively() {
        assert_eq!(
            omit_nil(&json!({"a": null, "b": {"c": null}, "d": [null, 1]})),
            json!({"d": [1]})
        );
    }
}
