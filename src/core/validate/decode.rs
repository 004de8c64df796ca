//! Decoding a spec as Istio's webhook does: protobuf JSON read into the kind's message.
//!
//! - Messages must be JSON objects, and `null` means a field's default value (protobuf JSON),
//!   where serde's derived structs would accept arrays and reject `null`.
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
        match serde_path_to_error::deserialize::<_, T>(Strict(&current)) {
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

fn describe(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    if path == "." {
        e.inner().to_string()
    } else {
        format!("{path}: {}", e.inner())
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

mod strict {
    use serde::de::{
        self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
    };
    use serde::forward_to_deserialize_any;
    use serde_json::{Error, Value};

    static EMPTY: std::sync::LazyLock<serde_json::Map<String, Value>> =
        std::sync::LazyLock::new(serde_json::Map::new);

    /// `null` is the default value of any field in protobuf JSON.
    macro_rules! null_is_default {
        ($($method:ident => $visit:ident($default:expr)),* $(,)?) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                match self.0 {
                    Value::Null => visitor.$visit($default),
                    _ => self.deserialize_any(visitor),
                }
            }
        )*};
    }

    /// A `serde_json::Value` deserializer as strict as protobuf JSON: arrays are not messages,
    /// `null` stands for a field's default but is no list element or map value, all the way
    /// down.
    pub struct Strict<'a>(pub &'a Value);

    impl<'de> Deserializer<'de> for Strict<'de> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
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
            match self.0 {
                Value::Null => visitor.visit_none(),
                _ => visitor.visit_some(self),
            }
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            _fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Error> {
            match self.0 {
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
            match (self.0, variants.first()) {
                (Value::Null, Some(first)) => {
                    visitor.visit_enum(IntoDeserializer::<Error>::into_deserializer(*first))
                }
                (v, _) => v.deserialize_enum(name, variants, visitor),
            }
        }

        fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Null => visitor.visit_seq(Seq([].iter())),
                _ => self.deserialize_any(visitor),
            }
        }

        fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
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
            deserialize_i32 => visit_i32(0),
            deserialize_i64 => visit_i64(0),
            deserialize_u32 => visit_u32(0),
            deserialize_u64 => visit_u64(0),
            deserialize_f64 => visit_f64(0.0),
            deserialize_str => visit_str(""),
            deserialize_string => visit_str("")
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
            match self.0.next() {
                None => Ok(None),
                Some(Value::Null) => Err(de::Error::custom("invalid value for list element: null")),
                Some(v) => seed.deserialize(Strict(v)).map(Some),
            }
        }
    }

    /// A map key: a string, which protobuf JSON also uses for integer keys (`"8080"`).
    struct Key<'a>(&'a str);

    macro_rules! int_key {
        ($($method:ident => $visit:ident: $ty:ty),* $(,)?) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                match self.0.parse::<$ty>() {
                    Ok(n) => visitor.$visit(n),
                    Err(_) => Err(de::Error::custom(format!("invalid map key {:?}: expected an integer", self.0))),
                }
            }
        )*};
    }

    impl<'de> Deserializer<'de> for Key<'de> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.visit_borrowed_str(self.0)
        }

        int_key! {
            deserialize_u32 => visit_u32: u32,
            deserialize_u64 => visit_u64: u64,
            deserialize_i32 => visit_i32: i32,
            deserialize_i64 => visit_i64: i64,
        }

        forward_to_deserialize_any! {
            bool i8 i16 i128 u8 u16 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
        }
    }

    struct Map<'a> {
        entries: serde_json::map::Iter<'a>,
        value: Option<&'a Value>,
        /// A protobuf map rather than a message: its values may not be `null`.
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
            if self.is_map && v.is_null() {
                return Err(de::Error::custom("invalid value for map entry: null"));
            }
            seed.deserialize(Strict(v))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct Inner {
        port: Option<u32>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct Outer {
        name: Option<String>,
        #[serde(default)]
        items: Vec<Inner>,
    }

    #[test]
    fn unknown_fields_are_ignored_like_istio() {
        let v: Outer =
            decode(&json!({"name": "a", "typo": 1, "items": [{"port": 1, "x": {}}]})).unwrap();
        assert_eq!(
            v,
            Outer {
                name: Some("a".into()),
                items: vec![Inner { port: Some(1) }]
            }
        );
    }

    #[test]
    fn wrong_types_name_the_field() {
        let err = decode::<Outer>(&json!({"items": [{"port": "eighty"}]})).unwrap_err();
        assert!(err.starts_with("items[0].port: "), "{err}");
        assert!(
            decode::<Outer>(&json!({"items": [[1]]})).is_err(),
            "messages must be objects"
        );
    }

    #[test]
    fn null_is_the_default() {
        let v: Outer = decode(&json!({"name": null, "items": null})).unwrap();
        assert_eq!(
            v,
            Outer {
                name: None,
                items: vec![]
            }
        );
    }
}
