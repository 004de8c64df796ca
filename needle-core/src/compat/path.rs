//! Reading nested JSON by a list of keys.
//!
//! `serde_json::Value::pointer` parses and unescapes its path string on every call, which
//! showed in the per-pod profile; a slice of keys costs only the lookups.

use serde_json::Value;

pub trait At {
    /// The value under `keys`, one object key per level.
    fn at(&self, keys: &[&str]) -> Option<&Value>;
}

impl At for Value {
    fn at(&self, keys: &[&str]) -> Option<&Value> {
        keys.iter().try_fold(self, |v, k| v.get(*k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn follows_object_keys_only() {
        let v = json!({"a": {"b": [1], "c/d": 2}});
        assert_eq!(v.at(&["a", "b"]), Some(&json!([1])));
        assert_eq!(v.at(&["a", "c/d"]), Some(&json!(2)));
        assert_eq!(v.at(&["a", "b", "0"]), None);
        assert_eq!(v.at(&[]), Some(&v));
    }
}
