//! Go's semantics for template values: printing, truthiness, field access, comparison and
//! the conversions between minijinja values and JSON that the functions of both template
//! kinds share.

use crate::compat::gofmt::{self, Numbers};
use crate::gotemplate::funcs::GoTime;
use minijinja::value::{Serde, Value as MjValue, ValueKind};
use minijinja::{Error, ErrorKind};
use serde_json::{Map, Value};
use std::cmp::Ordering;

/// A template value as JSON; a missing value is null.
pub fn to_json(v: &MjValue) -> Value {
    if v.is_undefined() || v.is_none() {
        return Value::Null;
    }
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// JSON as a template value.
pub fn to_template(v: Value) -> MjValue {
    MjValue::from(Serde(v))
}

/// The values as Go decodes JSON into `any`: every number a float64.
pub fn go_floats(v: &Value) -> Value {
    match v {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or_else(|| v.clone(), Value::Number),
        Value::Array(a) => Value::Array(a.iter().map(go_floats).collect()),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, x)| (k.clone(), go_floats(x))).collect())
        }
        other => other.clone(),
    }
}

/// Go's `fmt.Sprint` of a template value: a string as it is, nil or a missing value `<nil>`,
/// anything else with its numbers as the Go type `numbers` says.
pub fn sprint(v: &MjValue, numbers: Numbers) -> String {
    match v.as_str() {
        Some(s) => s.to_string(),
        None => gofmt::sprint_as(&to_json(v), numbers),
    }
}

/// [`sprint`] as a template value: a string is passed on as it is, without a copy.
pub fn sprint_value(v: MjValue, numbers: Numbers) -> MjValue {
    if v.as_str().is_some() {
        v
    } else {
        MjValue::from(sprint(&v, numbers))
    }
}

/// Sprig's `strval`, how translated templates turn an argument into a string: [`sprint`]
/// of data whose floats are float64 already (`go_values`) and whose integers are typed.
pub fn strval(v: &MjValue) -> String {
    sprint(v, Numbers::IntOrFloat64)
}

/// What a translated action prints: Go prints a missing map key as `<no value>`, while a
/// function given one receives nil (`<nil>`, as [`strval`] prints it).
pub fn print(v: &MjValue) -> String {
    if v.is_undefined() {
        return "<no value>".to_string();
    }
    strval(v)
}

/// Go truthiness of a template value; a missing value is false.
pub fn truth(v: &MjValue) -> bool {
    match v.kind() {
        ValueKind::Undefined | ValueKind::None => false,
        ValueKind::Seq | ValueKind::Map => v.len().unwrap_or(0) > 0,
        ValueKind::Number => v.as_i64().map_or_else(
            || f64::try_from(v.clone()).is_ok_and(|f| f != 0.0),
            |i| i != 0,
        ),
        _ => v.is_true(),
    }
}

/// A map's entries in the order Go's `range` visits them: by key.
pub fn sorted_entries(map: &MjValue) -> Result<Vec<(MjValue, MjValue)>, Error> {
    let mut keys: Vec<MjValue> = map.try_iter()?.collect();
    keys.sort_by_key(print);
    keys.into_iter()
        .map(|k| Ok((k.clone(), map.get_item(&k)?)))
        .collect()
}

/// Go's lowerCamel JSON name of an exported struct field (`APIVersion` → `apiVersion`).
pub fn json_name(field: &str) -> String {
    let chars: Vec<char> = field.chars().collect();
    let upper = chars.iter().take_while(|c| c.is_uppercase()).count();
    let cut = match upper {
        0 => return field.to_string(),
        n if n == chars.len() => n,
        1 => 1,
        n => n - 1,
    };
    let mut out: String = chars[..cut].iter().collect::<String>().to_lowercase();
    out.extend(&chars[cut..]);
    out
}

/// Field access: the map key as written, else the struct field's JSON name; `String` and
/// `GetX` method calls of protobuf values.
pub fn field(v: &MjValue, name: &str) -> MjValue {
    if v.kind() == ValueKind::Map {
        let got = v.get_attr(name).unwrap_or_default();
        if !got.is_undefined() {
            return got;
        }
        let alt = json_name(name);
        if alt != name {
            let got = v.get_attr(&alt).unwrap_or_default();
            if !got.is_undefined() {
                return got;
            }
        }
        if let Some(rest) = name.strip_prefix("Get").filter(|r| !r.is_empty()) {
            let got = v.get_attr(&json_name(rest)).unwrap_or_default();
            return if got.is_undefined() {
                MjValue::from(())
            } else {
                got
            };
        }
        return MjValue::UNDEFINED;
    }
    // Go values of Sprig's (a semantic version) read their fields or methods by name.
    if v.kind() == ValueKind::Plain {
        let got = v.get_attr(name).unwrap_or_default();
        if !got.is_undefined() {
            return got;
        }
    }
    if name == "String" || (name.starts_with("Get") && name.len() > 3) {
        return if v.is_undefined() {
            MjValue::from(())
        } else {
            v.clone()
        };
    }
    MjValue::UNDEFINED
}

/// Go's ordering of two values of one type; `None` where Go's comparison would fail.
pub fn compare(a: &MjValue, b: &MjValue) -> Option<Ordering> {
    // A field missing from the data stands for a Go struct field's zero value.
    let zero = |v: &Value| !gofmt::truthy(v) && !v.is_array() && !v.is_object();
    if a.is_undefined() || b.is_undefined() {
        let other = if a.is_undefined() {
            to_json(b)
        } else {
            to_json(a)
        };
        return zero(&other).then_some(Ordering::Equal);
    }
    match (to_json(a), to_json(b)) {
        (Value::Number(x), Value::Number(y)) => x.as_f64()?.partial_cmp(&y.as_f64()?),
        (Value::String(x), Value::String(y)) => Some(x.cmp(&y)),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(&y)),
        (Value::Null, Value::Null) => Some(Ordering::Equal),
        (x, y) if x == y => Some(Ordering::Equal),
        _ => None,
    }
}

pub fn eq(a: &MjValue, b: &MjValue) -> bool {
    compare(a, b) == Some(Ordering::Equal)
}

/// An integer argument: a number (a float64 truncated) or a numeric string.
pub fn int_arg(v: &MjValue) -> Result<i64, Error> {
    match to_json(v) {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().map(|f| f as i64))
            .ok_or_else(|| invalid("expected an integer")),
        Value::String(s) => s.trim().parse().map_err(|_| invalid("expected an integer")),
        _ => Err(invalid("expected an integer")),
    }
}

/// A map argument as JSON; anything else is an empty map.
pub fn string_map(v: &MjValue) -> Map<String, Value> {
    match to_json(v) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// A render error with the given message.
pub fn invalid(message: &str) -> Error {
    Error::new(ErrorKind::InvalidOperation, message.to_string())
}

/// Go's `reflect.Kind` name of a template value (a missing value is nil, `invalid`).
pub fn go_kind(v: &MjValue) -> &'static str {
    match v.kind() {
        ValueKind::Undefined | ValueKind::None => "invalid",
        ValueKind::Bool => "bool",
        ValueKind::String => "string",
        ValueKind::Number if v.is_integer() => "int",
        ValueKind::Number => "float64",
        ValueKind::Seq | ValueKind::Iterable => "slice",
        ValueKind::Map => "map",
        // Sprig's plain values: a `time.Time` and a `*semver.Version`.
        _ if v.downcast_object_ref::<GoTime>().is_some() => "struct",
        _ => "ptr",
    }
}

/// Go's type name of a template value: the types Go gives data decoded from JSON and
/// template literals (`int` for an integer).
pub fn go_type(v: &MjValue) -> &'static str {
    match go_kind(v) {
        "invalid" => "<nil>",
        "slice" => "[]interface {}",
        "map" => "map[string]interface {}",
        "struct" => "time.Time",
        "ptr" => "*semver.Version",
        other => other,
    }
}

/// `reflect.DeepEqual` of two template values: an integer never equals a float.
pub fn deep_equal(a: &MjValue, b: &MjValue) -> bool {
    to_json(a) == to_json(b)
}

/// A list argument's items; `what` names the operation in the error Sprig gives for
/// anything else (`Cannot find first on type string`).
pub fn list_items(v: &MjValue, what: &str) -> Result<Vec<MjValue>, Error> {
    match v.kind() {
        ValueKind::Seq | ValueKind::Iterable => Ok(v.try_iter()?.collect()),
        ValueKind::Undefined | ValueKind::None => Err(invalid(&format!(
            "{what}: runtime error: invalid memory address or nil pointer dereference"
        ))),
        _ => Err(invalid(&format!("{what} on type {}", go_kind(v)))),
    }
}
