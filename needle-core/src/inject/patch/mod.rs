//! The RFC 6902 JSON patch the webhook returns: original pod → injected pod.
//!
//! The original is read from its compact JSON text, one level at a time where the two pods
//! are compared: injection works on the pod's own tree, and a second tree of a big pod would
//! cost about fifteen times its text. The patch is written straight to its JSON text: the
//! webhook only ever sends it, so building operation values first would copy every injected
//! container once more just to serialize and drop it.

mod shared;

pub use shared::Patch;

use crate::compat::compact::{self, same, scan};
use serde_json::{Map, Value};

/// The pod before injection, the base of its patch: its compact JSON text (a second tree of
/// a big pod would cost about fifteen times as much memory), with where each of its objects
/// and lists ends noted as it was written.
#[derive(Debug, Clone)]
pub struct Base {
    text: String,
    /// Where each object and list starts and ends (`scan::Ends`).
    spans: Vec<(usize, usize)>,
}

impl Base {
    pub fn of(pod: &Value) -> Self {
        let mut text = Vec::with_capacity(256);
        let mut noted = scan::Noted::default();
        compact::write_noting(&mut text, pod, &mut noted);
        let text = String::from_utf8(text).expect("written from UTF-8 text");
        Self {
            text,
            spans: noted.spans(),
        }
    }
}

/// The JSON text of the operations that turn `original` into `injected`: objects are
/// compared key by key, lists index by index (extra items added or removed at the end).
pub fn create(original: &Base, injected: &Value) -> String {
    let ends = scan::Ends::noted(&original.text, &original.spans);
    // An injected sidecar's operations are about 5 KB: room for them from the start spares
    // the buffer's doublings.
    let mut text = Vec::with_capacity(8 << 10);
    text.push(b'[');
    let mut out = Writer {
        ends,
        text,
        pointer: String::new(),
    };
    out.diff(&original.text, injected);
    out.text.push(b']');
    String::from_utf8(out.text).expect("the patch is written from UTF-8 text and serde_json")
}

struct Writer<'a> {
    /// Where the original's objects and lists end.
    ends: scan::Ends<'a>,
    text: Vec<u8>,
    /// The JSON pointer (RFC 6901) of the value being compared.
    pointer: String,
}

type Members<'t> = [(std::borrow::Cow<'t, str>, &'t str)];

/// The text of member `key` of an object split by `scan::object` (sorted by key).
fn member<'t>(members: &Members<'t>, key: &str) -> Option<&'t str> {
    let found = members.binary_search_by(|(k, _)| k.as_ref().cmp(key));
    found.ok().map(|i| members[i].1)
}

impl Writer<'_> {
    /// `from` is the original's compact text of the value at the pointer. Text that is not
    /// of the injected value's kind (or does not split) is replaced whole, which is still a
    /// correct patch.
    fn diff(&mut self, from: &str, to: &Value) {
        match to {
            Value::Object(fields) if from.starts_with('{') => {
                match scan::object(&self.ends, from) {
                    Some(from) => self.diff_fields(&from, fields),
                    None => self.op("replace", Some(to)),
                }
            }
            Value::Array(items) if from.starts_with('[') => {
                let Some(from) = scan::list(&self.ends, from) else {
                    return self.op("replace", Some(to));
                };
                let common = from.len().min(items.len());
                for (i, (old, new)) in from.iter().zip(items).enumerate() {
                    // Most items of a pod's lists (containers, their env, volumes) come
                    // through injection unchanged: one comparison of the whole item with its
                    // text costs less than splitting it, and a changed item costs at most one
                    // partial comparison more (only list items are tried, not every level).
                    if same::writes_as(old, new) {
                        continue;
                    }
                    let len = self.push_index(i);
                    self.diff(old, new);
                    self.pointer.truncate(len);
                }
                for (i, new) in items.iter().enumerate().skip(common) {
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
            _ if same::writes_as(from, to) => {}
            _ => self.op("replace", Some(to)),
        }
    }

    /// The members `from` of an object against its `fields` now.
    fn diff_fields(&mut self, from: &Members, fields: &Map<String, Value>) {
        for (key, value) in fields {
            self.diff_member(member(from, key), key, value);
        }
        let gone = from
            .iter()
            .map(|(k, _)| k)
            .filter(|k| !fields.contains_key(k.as_ref()));
        for key in gone {
            let len = self.push_key(key);
            self.op("remove", None);
            self.pointer.truncate(len);
        }
    }

    /// A member now at `key`, `old` its text in the original if it was there.
    fn diff_member(&mut self, old: Option<&str>, key: &str, value: &Value) {
        let len = self.push_key(key);
        match old {
            Some(old) => self.diff(old, value),
            None => self.op("add", Some(value)),
        }
        self.pointer.truncate(len);
    }

    fn push_key(&mut self, key: &str) -> usize {
        let len = self.pointer.len();
        self.pointer.push('/');
        if !key.contains(['~', '/']) {
            self.pointer.push_str(key);
            return len;
        }
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
        // Digits pushed by hand: the formatting machinery costs more than the whole list item
        // compared, for a pod with thousands of variables.
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut n = index;
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.pointer
            .push_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"));
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
        compact::string(&mut self.text, &self.pointer);
        if let Some(value) = value {
            self.text.extend_from_slice(b",\"value\":");
            compact::write(&mut self.text, value);
        }
        self.text.push(b'}');
    }
}

/// Apply a patch `create` wrote to the very base it was written from (a replica's pod equal to
/// the one the cached answer was worked out for): its `add`, `remove` and `replace` at object
/// keys and list indices. An operation whose path is not there is named in the error.
pub fn apply(doc: &mut Value, patch: &str) -> Result<(), String> {
    #[derive(serde::Deserialize)]
    struct Operation {
        op: String,
        path: String,
        value: Option<Value>,
    }
    let ops: Vec<Operation> =
        serde_json::from_str(patch).map_err(|e| format!("the patch does not parse: {e}"))?;
    for Operation { op, path, value } in ops {
        let fail = || format!("{op} at {path:?} does not fit the pod");
        // The whole document, as `create` writes it for a base it cannot split.
        if path.is_empty() && matches!(op.as_str(), "add" | "replace") {
            *doc = value.ok_or_else(fail)?;
            continue;
        }
        let (parent, last) = path.rsplit_once('/').ok_or_else(fail)?;
        let key = last.replace("~1", "/").replace("~0", "~");
        let target = doc.pointer_mut(parent).ok_or_else(fail)?;
        match (target, op.as_str(), value) {
            (Value::Object(fields), "add" | "replace", Some(value)) => {
                fields.insert(key, value);
            }
            (Value::Object(fields), "remove", None) => {
                fields.remove(&key).ok_or_else(fail)?;
            }
            (Value::Array(items), op, value) => {
                let i: usize = key.parse().map_err(|_| fail())?;
                match (op, value) {
                    ("add", Some(value)) if i <= items.len() => items.insert(i, value),
                    ("replace", Some(value)) if i < items.len() => items[i] = value,
                    ("remove", None) if i < items.len() => drop(items.remove(i)),
                    _ => return Err(fail()),
                }
            }
            _ => return Err(fail()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn applied_patch_gives_the_injected_pod() {
        let a = json!({"metadata": {"annotations": {"a/b~c": "1", "gone": "x"}}, "spec": {"containers": [{"name": "x"}], "volumes": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}});
        let b = json!({"metadata": {"annotations": {"a/b~c": "2", "n": "3\"q"}}, "spec": {"containers": [{"name": "p"}, {"name": "x"}], "volumes": [{"name": "a"}]}});
        let p = create(&Base::of(&a), &b);
        let ops: json_patch::Patch = serde_json::from_str(&p).unwrap();
        let mut applied = a.clone();
        json_patch::patch(&mut applied, &ops).unwrap();
        assert_eq!(applied, b);
        let mut ours = a.clone();
        apply(&mut ours, &p).unwrap();
        assert_eq!(ours, b);
        assert!(
            p.contains(r#"{"op":"replace","path":"/metadata/annotations/a~1b~0c","value":"2"}"#),
            "{p}"
        );
        assert_eq!(create(&Base::of(&a), &a), "[]");
    }

    /// A list item is first compared whole: unchanged items give no operation, and a changed
    /// one is still diffed field by field (not replaced whole).
    #[test]
    fn list_items_unchanged_are_skipped_and_changed_ones_diffed_inside() {
        let env: Vec<Value> = (0..50)
            .map(|i| json!({"name": format!("V{i}"), "value": format!("v{i}")}))
            .collect();
        let a = json!({"spec": {"containers": [{"name": "app", "env": env}]}});
        assert_eq!(create(&Base::of(&a), &a), "[]");
        let mut b = a.clone();
        b["spec"]["containers"][0]["env"][37]["value"] = json!("changed");
        b["spec"]["containers"][0]["env"][49]["name"] = json!("V49\"");
        assert_eq!(
            create(&Base::of(&a), &b),
            r#"[{"op":"replace","path":"/spec/containers/0/env/37/value","value":"changed"},{"op":"replace","path":"/spec/containers/0/env/49/name","value":"V49\""}]"#
        );
    }

    /// The original is compared as text: equal values are equal text, whatever their kind,
    /// and a value that changed only its number kind or escaping is still replaced.
    #[test]
    fn values_compared_as_text_differ_only_when_the_values_differ() {
        let a = json!({"n": [0, -1, 1.5, 0.1, 1e300, u64::MAX, i64::MIN],
            "s": ["\"q\"", "é\u{1}\n", "a/b~c", ""], "b": [true, false, null], "e": [{}, []]});
        assert_eq!(create(&Base::of(&a), &a), "[]");
        let b = json!({"n": [0.0, -1, 1.5, 0.1, 1e300, u64::MAX, i64::MIN],
            "s": ["\"q\"", "é\u{2}\n", "a/b~c", ""], "b": [true, false, null], "e": [[], {}]});
        let p = create(&Base::of(&a), &b);
        let ops: json_patch::Patch = serde_json::from_str(&p).unwrap();
        assert_eq!(ops.0.len(), 4, "{p}");
        let mut applied = a.clone();
        json_patch::patch(&mut applied, &ops).unwrap();
        assert_eq!(applied, b);
        let mut ours = a.clone();
        apply(&mut ours, &p).unwrap();
        assert_eq!(ours, b);
    }

    #[test]
    fn a_patch_that_does_not_fit_is_named() {
        let mut pod = json!({"spec": {"containers": []}});
        let bad = r#"[{"op":"remove","path":"/spec/containers/0"}]"#;
        assert_eq!(
            apply(&mut pod, bad).unwrap_err(),
            r#"remove at "/spec/containers/0" does not fit the pod"#
        );
        assert!(
            apply(&mut pod, "[{")
                .unwrap_err()
                .starts_with("the patch does not parse")
        );
    }
}
