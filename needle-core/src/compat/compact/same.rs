//! Whether a value is a given compact JSON text, without writing the value: the patch writer's
//! test for what injection left unchanged. The base of the patch is serde_json's compact text
//! (`compat::compact`), so an unchanged value is byte for byte what serde_json writes for it;
//! this walks the value and the text together and stops at the first byte that differs.

use crate::compat::compact;
use serde_json::Value;

/// Whether serde_json's compact writing of `value` is exactly `text`.
pub fn writes_as(text: &str, value: &Value) -> bool {
    let mut rest = text.as_bytes();
    let mut scratch = Vec::new();
    matches(&mut rest, value, &mut scratch) && rest.is_empty()
}

/// Whether `text` starts with `value`'s writing; on a match, `text` is moved past it.
fn matches(text: &mut &[u8], value: &Value, scratch: &mut Vec<u8>) -> bool {
    match value {
        Value::String(s) => string(text, s, scratch),
        Value::Object(fields) => {
            if !byte(text, b'{') {
                return false;
            }
            for (i, (key, value)) in fields.iter().enumerate() {
                if (i > 0 && !byte(text, b',')) || !string(text, key, scratch) || !byte(text, b':')
                {
                    return false;
                }
                if !matches(text, value, scratch) {
                    return false;
                }
            }
            byte(text, b'}')
        }
        Value::Array(items) => {
            if !byte(text, b'[') {
                return false;
            }
            for (i, item) in items.iter().enumerate() {
                if (i > 0 && !byte(text, b',')) || !matches(text, item, scratch) {
                    return false;
                }
            }
            byte(text, b']')
        }
        // Numbers, booleans and null: written as serde_json writes them, on the stack (the
        // longest, a float, takes 24 bytes).
        scalar => {
            let mut buf = [0u8; 40];
            let mut at = std::io::Cursor::new(&mut buf[..]);
            serde_json::to_writer(&mut at, scalar).expect("a number fits 40 bytes");
            let len = at.position() as usize;
            prefix(text, &buf[..len])
        }
    }
}

/// A string: compared in place when it needs no escape (almost every string of a pod),
/// else as serde_json writes it.
fn string(text: &mut &[u8], s: &str, scratch: &mut Vec<u8>) -> bool {
    let bytes = s.as_bytes();
    if let Some((b'"', rest)) = text.split_first()
        && let Some((body, rest)) = rest.split_at_checked(bytes.len())
        && let Some((b'"', rest)) = rest.split_first()
        && compact::writes_plain(body, bytes)
    {
        *text = rest;
        return true;
    }
    // A string that needs no escape and differs from the text.
    if compact::plain_prefix(bytes) == bytes.len() {
        return false;
    }
    scratch.clear();
    compact::string(scratch, s);
    prefix(text, scratch)
}

fn byte(text: &mut &[u8], b: u8) -> bool {
    match text.split_first() {
        Some((&first, rest)) if first == b => {
            *text = rest;
            true
        }
        _ => false,
    }
}

fn prefix(text: &mut &[u8], expected: &[u8]) -> bool {
    match text.strip_prefix(expected) {
        Some(rest) => {
            *text = rest;
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Agrees with comparing serde_json's writing, for values alike and values that differ only
    /// in kind, escaping or order.
    #[test]
    fn agrees_with_serde_jsons_writing() {
        let values = [
            json!(null),
            json!(true),
            json!(false),
            json!(0),
            json!(0.0),
            json!(-1),
            json!(1.5),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(1e300),
            json!(""),
            json!("a"),
            json!("\""),
            json!("\\\""),
            json!("é\u{1}\n"),
            json!("a/b~c"),
            json!([]),
            json!({}),
            json!([[]]),
            json!([{}]),
            json!([1, 2]),
            json!([1, [2]]),
            json!({"a": 1}),
            json!({"a": 1, "b": [true, null]}),
            json!({"a\"": {"b": "c"}}),
            json!({"a": {"b": "c"}, "d": []}),
            json!({"name": "V1", "value": "v1"}),
            json!({"name": "V1", "value": "v1 "}),
        ];
        for a in &values {
            let text = a.to_string();
            for b in &values {
                assert_eq!(
                    writes_as(&text, b),
                    text.as_str() == b.to_string().as_str(),
                    "{text} against {b}"
                );
            }
            assert!(!writes_as(&format!("{text} "), a), "trailing text: {text}");
            assert!(!writes_as(&text[..text.len() - 1], a), "cut text: {text}");
        }
        // A string that needs escapes is not taken for the escaped text's raw bytes.
        assert!(!writes_as(r#""\"""#, &json!("\\\"")));
    }
}
