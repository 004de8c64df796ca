//! Decoding a spec as Istio's webhook does: protobuf JSON read into the kind's message.
//!
//! Istio's webhook and istioctl decode with the `github.com/golang/protobuf` jsonpb reader, whose
//! leniencies show in verdicts, so they are kept:
//! - Messages must be JSON objects, and `null` means a field's default value, as a field, a list
//!   element or a map value, where serde's derived structs would accept arrays and reject
//!   `null`. An element is never nil: `null` in a list or map is an empty message, zero or "",
//!   judged by the rules as such (`ports: [null]` is port 0, out of range), so the rules'
//!   checks for nil elements (from Istio's Go tables) only apply to Go callers, as in Istio.
//! - A number field also takes the number in quotes (`"80"`), as Helm's `| quote` writes it.
//! - An enum field takes the value's name or its number (`resolution: 2` is `DNS`): every enum
//!   of the rule modules lists its values in the proto's order, numbered from 0 without gaps
//!   (checked against istio.io/api), so a number is an index into the variants.
//! - Unknown fields are ignored: Istio decodes strictly first and, when that fails, decodes
//!   again allowing unknown fields (`protomarshal.ApplyJSON`), so a misspelled field is not
//!   an error. Wrong types, unknown enum names and malformed durations still are.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// How many unknown fields one spec may carry before decoding gives up.
const MAX_UNKNOWN_FIELDS: usize = 256;

/// Decode `value` into `T`; the error names the field path and what is wrong.
pub fn decode<T: DeserializeOwned>(value: &Value) -> Result<T, String> {
    let mut current = std::borrow::Cow::Borrowed(value);
    for _ in 0..MAX_UNKNOWN_FIELDS {
        match serde_path_to_error::deserialize::<_, T>(Strict::field(&current)) {
            Ok(v) => return Ok(v),
            Err(e) if e.inner().to_string().starts_with("unknown field") => {
                if !remove_at(current.to_mut(), e.path()) {
                    return Err(describe(&e));
                }
            }
            Err(e) => return Err(describe(&e)),
        }
    }
    Err(format!("more than {MAX_UNKNOWN_FIELDS} unknown fields"))
}

/// The error, with the field path: in front of needle's own texts, after the texts Istio's
/// reader has (which name no field), so that Istio's message stays whole.
fn describe(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    let inner = e.inner().to_string();
    let istio_worded = [
        "unknown value ",
        "json: ",
        "invalid character ",
        "unexpected end of JSON",
    ]
    .iter()
    .any(|p| inner.starts_with(p));
    match (path.as_str(), istio_worded) {
        (".", _) => inner,
        (_, true) => format!("{inner} (at {})", path.trim_end_matches(".?")),
        (_, false) => format!("{path}: {inner}"),
    }
}

/// Remove the map entry a path points at; false if the path does not lead to one.
fn remove_at(value: &mut Value, path: &serde_path_to_error::Path) -> bool {
    use serde_path_to_error::Segment;
    let segments: Vec<&Segment> = path.iter().collect();
    let Some((last, parents)) = segments.split_last() else {
        return false;
    };
    let mut cur = value;
    for seg in parents {
        cur = match (seg, cur) {
            (Segment::Map { key }, Value::Object(m)) => match m.get_mut(key) {
                Some(v) => v,
                None => return false,
            },
            (Segment::Seq { index }, Value::Array(a)) => match a.get_mut(*index) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    match (last, cur) {
        (Segment::Map { key }, Value::Object(m)) => m.remove(key).is_some(),
        _ => false,
    }
}

use strict::Strict;

/// Istio's error for an enum name the proto does not have: the value as `json.Marshal`
/// wrote it, quoted again by `%q`.
pub fn unknown_enum_value(proto_name: &str, value: &str) -> String {
    let raw = super::go_json::encode_string(value);
    format!(
        "unknown value {} for enum {proto_name}",
        crate::compat::gofmt::go_quote(&raw)
    )
}

/// Istio's error for an enum given as a JSON boolean, list or object.
pub fn enum_type_error(value: &Value) -> String {
    let kind = match value {
        Value::Bool(_) => "bool",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Null => "null",
    };
    format!("json: cannot unmarshal {kind} into Go value of type protoreflect.EnumNumber")
}

mod strict {
    use serde::de::{
        self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
    };
    use serde::forward_to_deserialize_any;
    use serde_json::{Error, Value};

    use super::{enum_type_error, unknown_enum_value};

    static EMPTY: std::sync::LazyLock<serde_json::Map<String, Value>> =
        std::sync::LazyLock::new(serde_json::Map::new);

    /// `null` is the default value of any field in protobuf JSON.
    macro_rules! null_is_default {
        ($($method:ident => $visit:ident($default:expr)),* $(,)?) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                match self.value {
                    Value::Null => visitor.$visit($default),
                    _ => self.deserialize_any(visitor),
                }
            }
        )*};
    }

    /// Numbers: `null` is zero, and a string holding the number counts as the number (jsonpb
    /// strips the quotes and reads the rest as a JSON number: surrounding spaces allowed, no
    /// tabs or line breaks, no leading zeros or `+`, no fraction for an integer field).
    macro_rules! number {
        ($($method:ident => $visit:ident: $ty:ty, signed: $signed:literal),* $(,)?) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                match self.value {
                    Value::Null => visitor.$visit(<$ty>::default()),
                    Value::String(s) => match quoted_number::<$ty>(s, $signed) {
                        Some(n) => visitor.$visit(n),
                        None => Err(de::Error::invalid_value(
                            de::Unexpected::Str(s),
                            &concat!("a number (", stringify!($ty), ")"),
                        )),
                    },
                    _ => self.deserialize_any(visitor),
                }
            }
        )*};
    }

    fn quoted_number<T: std::str::FromStr>(s: &str, signed: bool) -> Option<T> {
        let text = s.trim_matches(' ');
        if !is_json_number(text) || (!signed && text.starts_with('-')) {
            return None;
        }
        text.parse().ok()
    }

    /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    fn is_json_number(text: &str) -> bool {
        let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rest = text.strip_prefix('-').unwrap_or(text);
        let int_len = digits(rest);
        if int_len == 0 || (int_len > 1 && rest.starts_with('0')) {
            return false;
        }
        let mut rest = &rest[int_len..];
        if let Some(fraction) = rest.strip_prefix('.') {
            let n = digits(fraction);
            if n == 0 {
                return false;
            }
            rest = &fraction[n..];
        }
        if let Some(exponent) = rest.strip_prefix(['e', 'E']) {
            let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
            let n = digits(exponent);
            if n == 0 {
                return false;
            }
            rest = &exponent[n..];
        }
        rest.is_empty()
    }

    /// A `serde_json::Value` deserializer as strict, and as lenient, as Istio's protobuf JSON
    /// reader: arrays are not messages, `null` stands for the default value, numbers may be
    /// quoted; all the way down.
    pub struct Strict<'a> {
        value: &'a Value,
        /// A list element or map value rather than a field: `null` is not "absent".
        element: bool,
    }

    impl<'a> Strict<'a> {
        pub fn field(value: &'a Value) -> Self {
            Strict {
                value,
                element: false,
            }
        }

        fn element(value: &'a Value) -> Self {
            Strict {
                value,
                element: true,
            }
        }
    }

    impl<'de> Deserializer<'de> for Strict<'de> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.value {
                Value::Array(items) => visitor.visit_seq(Seq(items.iter())),
                Value::Object(map) => visitor.visit_map(Map {
                    entries: map.iter(),
                    value: None,
                    is_map: true,
                }),
                other => other.deserialize_any(visitor),
            }
        }

        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.value {
                Value::Null if !self.element => visitor.visit_none(),
                _ => visitor.visit_some(Strict::field(self.value)),
            }
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            _fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Error> {
            match self.value {
                Value::Object(map) => visitor.visit_map(Map {
                    entries: map.iter(),
                    value: None,
                    is_map: false,
                }),
                Value::Null => visitor.visit_map(Map {
                    entries: EMPTY.iter(),
                    value: None,
                    is_map: false,
                }),
                other => Err(de::Error::invalid_type(unexpected(other), &"an object")),
            }
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Error> {
            match (self.value, variants.first()) {
                (Value::Null, Some(first)) => {
                    visitor.visit_enum(IntoDeserializer::<Error>::into_deserializer(*first))
                }
                (Value::Number(n), _) => {
                    let variant = n
                        .as_u64()
                        .and_then(|i| usize::try_from(i).ok())
                        .and_then(|i| variants.get(i))
                        .ok_or_else(|| {
                            de::Error::custom(format!(
                                "unknown enum number {n}, expected one of {}",
                                variants.join(", ")
                            ))
                        })?;
                    visitor.visit_enum(IntoDeserializer::<Error>::into_deserializer(*variant))
                }
                // A protobuf enum (named by its full proto name): Istio's reader looks the
                // string up as it is in the re-encoded JSON and hands anything else but a
                // number to `json.Unmarshal` into an enum number.
                (Value::String(s), _) if is_proto_enum(name) && !variants.contains(&s.as_str()) => {
                    Err(de::Error::custom(unknown_enum_value(name, s)))
                }
                (v @ (Value::Bool(_) | Value::Array(_) | Value::Object(_)), _)
                    if is_proto_enum(name) =>
                {
                    Err(de::Error::custom(enum_type_error(v)))
                }
                (v, _) => v.deserialize_enum(name, variants, visitor),
            }
        }

        fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.value {
                Value::Null => visitor.visit_seq(Seq([].iter())),
                _ => self.deserialize_any(visitor),
            }
        }

        fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.value {
                Value::Null => visitor.visit_map(Map {
                    entries: EMPTY.iter(),
                    value: None,
                    is_map: true,
                }),
                _ => self.deserialize_any(visitor),
            }
        }

        null_is_default! {
            deserialize_bool => visit_bool(false),
            deserialize_str => visit_str(""),
            deserialize_string => visit_str("")
        }

        number! {
            deserialize_i32 => visit_i32: i32, signed: true,
            deserialize_i64 => visit_i64: i64, signed: true,
            deserialize_u32 => visit_u32: u32, signed: false,
            deserialize_u64 => visit_u64: u64, signed: false,
            deserialize_f64 => visit_f64: f64, signed: true,
        }

        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            visitor: V,
        ) -> Result<V::Value, Error> {
            visitor.visit_newtype_struct(self)
        }

        forward_to_deserialize_any! {
            i8 i16 i128 u8 u16 u128 f32 char bytes byte_buf unit unit_struct tuple
            tuple_struct identifier ignored_any
        }
    }

    /// Enums named by their full proto name (`#[serde(rename = "istio.networking...")]`)
    /// are the spec's protobuf enums, whose errors are worded as Istio's reader words them.
    fn is_proto_enum(name: &str) -> bool {
        name.starts_with("istio.")
    }

    fn unexpected(v: &Value) -> de::Unexpected<'_> {
        match v {
            Value::Null => de::Unexpected::Unit,
            Value::Bool(b) => de::Unexpected::Bool(*b),
            Value::Number(_) => de::Unexpected::Other("number"),
            Value::String(s) => de::Unexpected::Str(s),
            Value::Array(_) => de::Unexpected::Seq,
            Value::Object(_) => de::Unexpected::Map,
        }
    }

    struct Seq<'a>(std::slice::Iter<'a, Value>);

    impl<'de> SeqAccess<'de> for Seq<'de> {
        type Error = Error;

        fn next_element_seed<T: DeserializeSeed<'de>>(
            &mut self,
            seed: T,
        ) -> Result<Option<T::Value>, Error> {
            self.0
                .next()
                .map(|v| seed.deserialize(Strict::element(v)))
                .transpose()
        }
    }

    /// A map key: a string, which protobuf JSON also uses for integer keys (`"8080"`).
    struct Key<'a>(&'a str);

    /// Integer keys: Istio's reader strips one pair of surrounding quotes and hands the rest
    /// to `json.Unmarshal`, whose error text it reports.
    macro_rules! int_key {
        ($($method:ident => $visit:ident: $ty:ty, $go:literal),* $(,)?) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                let text = self.0.strip_prefix('"').and_then(|k| k.strip_suffix('"')).unwrap_or(self.0);
                let n = super::super::go_json::unmarshal_int(text, $go, <$ty>::MIN.into(), <$ty>::MAX.into())
                    .map_err(de::Error::custom)?;
                visitor.$visit(<$ty>::try_from(n).map_err(de::Error::custom)?)
            }
        )*};
    }

    impl<'de> Deserializer<'de> for Key<'de> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.visit_borrowed_str(self.0)
        }

        int_key! {
            deserialize_u32 => visit_u32: u32, "uint32",
            deserialize_u64 => visit_u64: u64, "uint64",
            deserialize_i32 => visit_i32: i32, "int32",
            deserialize_i64 => visit_i64: i64, "int64",
        }

        forward_to_deserialize_any! {
            bool i8 i16 i128 u8 u16 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
        }
    }

    struct Map<'a> {
        entries: serde_json::map::Iter<'a>,
        value: Option<&'a Value>,
        /// A protobuf map, whose values are elements, rather than a message's fields.
        is_map: bool,
    }

    impl<'de> MapAccess<'de> for Map<'de> {
        type Error = Error;

        fn next_key_seed<K: DeserializeSeed<'de>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, Error> {
            let Some((k, v)) = self.entries.next() else {
                return Ok(None);
            };
            self.value = Some(v);
            seed.deserialize(Key(k)).map(Some)
        }

        fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
            let v = self
                .value
                .take()
                .ok_or_else(|| de::Error::custom("value without key"))?;
            seed.deserialize(if self.is_map {
                Strict::element(v)
            } else {
                Strict::field(v)
            })
        }
    }
}

#[cfg(test)]
mod tests;
