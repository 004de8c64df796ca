//! Protobuf messages as golang/protobuf's `jsonpb` writes them (Istio's
//! `protomarshal.ToJSON`): the fields in the order the `.proto` declares them (the message
//! descriptor's order, not the field numbers), each under its JSON name, a field at its zero
//! value left out unless it has presence (a wrapper, a duration, a message, a oneof member),
//! 64-bit integers quoted, map keys sorted.

use super::{Layout, write, write_string};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// A message's fields in descriptor order, by their `.proto` names (`proxy_metadata`).
pub struct Message {
    pub fields: &'static [(&'static str, Proto)],
}

/// How `jsonpb` writes one field.
#[derive(Clone, Copy)]
pub enum Proto {
    /// A proto3 scalar without presence, a repeated field or a map of scalars: left out at
    /// its zero value (`0`, `""`, `false`, empty).
    Scalar,
    /// An enum, left out at its zero value (named here, or its number 0).
    Enum(&'static str),
    /// A field with presence: a wrapper (`BoolValue`, `Int32Value`), a `Duration`, a oneof
    /// member; written whenever set, zero too.
    Set,
    /// An `Int64Value`: written whenever set, as a quoted decimal.
    Int64,
    /// A message, or a repeated message: written whenever set, empty too (`{}`).
    Message(&'static Message),
    /// A map of messages: left out when empty.
    MapOf(&'static Message),
}

impl Message {
    /// The field named `key`, by its JSON name or its `.proto` name (both of which Istio's
    /// reader takes).
    pub fn field(&self, key: &str) -> Option<Proto> {
        self.fields
            .iter()
            .find(|(name, _)| *name == key || json_name(name) == key)
            .map(|(_, kind)| *kind)
    }
}

impl Proto {
    /// Whether `jsonpb` leaves the field out holding `v`.
    pub fn omits(self, v: &Value) -> bool {
        let empty = match v {
            Value::Null => true,
            Value::Array(items) => items.is_empty(),
            _ => false,
        };
        empty
            || match self {
                Proto::Scalar => is_zero(v),
                Proto::Enum(zero) => v.as_str() == Some(zero) || v.as_i64() == Some(0),
                Proto::MapOf(_) => v.as_object().is_some_and(Map::is_empty),
                Proto::Set | Proto::Int64 | Proto::Message(_) => false,
            }
    }
}

fn is_zero(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Null => true,
    }
}

/// protoc's JSON name of a field: its `.proto` name in lowerCamelCase (`k8s_sa_jwt_path` is
/// `k8sSaJwtPath`).
pub fn json_name(proto_name: &str) -> Cow<'_, str> {
    if !proto_name.contains('_') {
        return Cow::Borrowed(proto_name);
    }
    let mut out = String::with_capacity(proto_name.len());
    let mut upper = false;
    for c in proto_name.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The message's fields that are set, in descriptor order; a key the message lacks is not
/// written (Istio's reader drops it).
pub(super) fn write_message(out: &mut String, map: &Map<String, Value>, message: &Message) {
    out.push('{');
    let mut first = true;
    for (name, kind) in message.fields {
        let json = json_name(name);
        let Some(value) = map.get(json.as_ref()).or_else(|| map.get(*name)) else {
            continue;
        };
        if kind.omits(value) {
            continue;
        }
        if !first {
            out.push(',');
        }
        first = false;
        write_string(out, &json);
        out.push(':');
        match kind {
            Proto::Message(inner) => write(out, value, Layout::Proto(inner)),
            Proto::MapOf(inner) => write_map_of(out, value, inner),
            Proto::Int64 => write_int64(out, value),
            Proto::Scalar | Proto::Enum(_) | Proto::Set => write(out, value, Layout::Map),
        }
    }
    out.push('}');
}

fn write_map_of(out: &mut String, value: &Value, inner: &'static Message) {
    let Some(map) = value.as_object() else {
        return write(out, value, Layout::Map);
    };
    out.push('{');
    for (i, (key, item)) in map.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, key);
        out.push(':');
        write(out, item, Layout::Proto(inner));
    }
    out.push('}');
}

/// `jsonpb` quotes 64-bit integers (JavaScript's numbers cannot hold them all).
fn write_int64(out: &mut String, value: &Value) {
    match value {
        Value::Number(n) if n.is_i64() || n.is_u64() => write_string(out, &n.to_string()),
        other => write(out, other, Layout::Map),
    }
}
