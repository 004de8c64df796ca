//! The RFC 6902 JSON patch the webhook returns: original pod → injected pod.
//!
//! The patch is written straight to its JSON text while the two pods are compared: the
//! webhook only ever sends it, so building operation values first would copy every injected
//! container once more just to serialize and drop it.

use serde_json::Value;

/// The JSON text of the operations that turn `original` into `injected`: objects are compared
/// key by key, lists index by index (extra items added or removed at the end).
pub fn create(original: &Value, injected: &Value) -> String {
    let mut out = Writer {
        text: b"[".to_vec(),
        pointer: String::new(),
    };
    out.diff(original, injected);
    out.text.push(b']');
    String::from_utf8(out.text).expect("the patch is written from UTF-8 text and serde_json")
}

struct Writer {
    text: Vec<u8>,
    /// The JSON pointer (RFC 6901) of the value being compared.
    pointer: String,
}

impl Writer {
    fn diff(&mut self, from: &Value, to: &Value) {
        match (from, to) {
            (Value::Object(from), Value::Object(to)) => {
                for (key, value) in to {
                    let len = self.push_key(key);
                    match from.get(key) {
                        Some(old) => self.diff(old, value),
                        None => self.op("add", Some(value)),
                    }
                    self.pointer.truncate(len);
                }
                for key in from.keys().filter(|k| !to.contains_key(*k)) {
                    let len = self.push_key(key);
                    self.op("remove", None);
                    self.pointer.truncate(len);
                }
            }
            (Value::Array(from), Value::Array(to)) => {
                let common = from.len().min(to.len());
                for (i, (old, new)) in from.iter().zip(to).enumerate() {
                    let len = self.push_index(i);
                    self.diff(old, new);
                    self.pointer.truncate(len);
                }
                for (i, new) in to.iter().enumerate().skip(common) {
                    let len = self.push_index(i);
                    self.op("add", Some(new));
                    self.pointer.truncate(len);
                }
                // Removing at the same index repeatedly drops the tail, one item at a time.
                for _ in common..from.len() {
                    let len = self.push_index(common);
                    self.op("remove", None);
                    self.pointer.truncate(len);
                }
            }
            _ if from == to => {}
            _ => self.op("replace", Some(to)),
        }
    }

    /// Extend the pointer by an object key; returns the length to truncate back to.
    fn push_key(&mut self, key: &str) -> usize {
        let len = self.pointer.len();
        self.pointer.push('/');
        for c in key.chars() {
            match c {
                '~' => self.pointer.push_str("~0"),
                '/' => self.pointer.push_str("~1"),
                c => self.pointer.push(c),
            }
        }
        len
    }

    fn push_index(&mut self, index: usize) -> usize {
        let len = self.pointer.len();
        self.pointer.push('/');
        self.pointer.push_str(&index.to_string());
        len
    }

    fn op(&mut self, op: &str, value: Option<&Value>) {
        if self.text.len() > 1 {
            self.text.push(b',');
        }
        self.text.extend_from_slice(b"{\"op\":\"");
        self.text.extend_from_slice(op.as_bytes());
        self.text.extend_from_slice(b"\",\"path\":");
        // Writing JSON into a Vec cannot fail.
        serde_json::to_writer(&mut self.text, &self.pointer).expect("JSON into memory");
        if let Some(value) = value {
            self.text.extend_from_slice(b",\"value\":");
            serde_json::to_writer(&mut self.text, value).expect("JSON into memory");
        }
        self.text.push(b'}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn applied_patch_gives_the_injected_pod() {
        let a = json!({"metadata": {"annotations": {"a/b~c": "1", "gone": "x"}}, "spec": {"containers": [{"name": "x"}], "volumes": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}});
        let b = json!({"metadata": {"annotations": {"a/b~c": "2", "n": "3\"q"}}, "spec": {"containers": [{"name": "p"}, {"name": "x"}], "volumes": [{"name": "a"}]}});
        let p = create(&a, &b);
        let ops: json_patch::Patch = serde_json::from_str(&p).unwrap();
        let mut applied = a.clone();
        json_patch::patch(&mut applied, &ops).unwrap();
        assert_eq!(applied, b);
        assert!(
            p.contains(r#"{"op":"replace","path":"/metadata/annotations/a~1b~0c","value":"2"}"#),
            "{p}"
        );
        assert_eq!(create(&a, &a), "[]");
    }
}
