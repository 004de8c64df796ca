//! needle's one family of compact JSON text, serde_json's compact writing and what reads it
//! back without building a tree: writing a `Value` (this module), comparing a value with a
//! text (`same`) and splitting a text one level deep (`scan`). The patch base, the patch, the
//! replica key and the admission answer are written here; the patch writer compares and splits
//! the base with the other two.
//!
//! The writer writes a `Value`'s text byte for byte as `serde_json::to_writer` does, straight
//! into a byte buffer: the patch base, the patch's values and the replica key are the most
//! text needle writes per pod, and serde's generic serializer spends most of that on checking
//! string bytes one at a time. Here a string is checked eight bytes at a time, and copied whole
//! when nothing in it needs an escape (nearly every string of a pod).
//!
//! The family's one invariant, stated here only: serde_json without its `preserve_order`
//! feature, so an object's keys are in sorted order whatever order they came in. The replica
//! key, `same`'s member-by-member comparison, `scan`'s binary search of an object's members
//! and the answers compared byte for byte with serde_json's rest on it;
//! `tests::maps_keep_their_keys_sorted` fails if the feature is ever turned on (by needle or
//! by any crate that enables it). The other JSON reader, `compat::relaxed_json` (the
//! templates' output, trailing commas allowed), builds a `Value` and assumes nothing of order.

pub mod same;
pub mod scan;

use serde_json::Value;

/// `value` appended to `out` as `serde_json::to_writer` writes it.
pub fn write(out: &mut Vec<u8>, value: &Value) {
    write_noting(out, value, &mut ());
}

/// Told where each object and list `write_noting` writes begins and ends (byte offsets in
/// its buffer): what reading the text back one level at a time needs, noted while writing
/// rather than found by scanning the text again.
pub trait Brackets {
    fn open(&mut self, at: usize);
    fn close(&mut self, end: usize);
}

/// Nothing noted: `write` itself.
impl Brackets for () {
    #[inline(always)]
    fn open(&mut self, _: usize) {}
    #[inline(always)]
    fn close(&mut self, _: usize) {}
}

/// `write`, telling `brackets` where each object and list is.
pub fn write_noting(out: &mut Vec<u8>, value: &Value, brackets: &mut impl Brackets) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        // itoa or ryu, as serde_json: short, and rare in a pod.
        Value::Number(n) => serde_json::to_writer(&mut *out, n).expect("JSON into memory"),
        Value::String(s) => string(out, s),
        Value::Array(items) => {
            brackets.open(out.len());
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_noting(out, item, brackets);
            }
            out.push(b']');
            brackets.close(out.len());
        }
        Value::Object(fields) => {
            brackets.open(out.len());
            out.push(b'{');
            for (i, (key, value)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                string(out, key);
                out.push(b':');
                write_noting(out, value, brackets);
            }
            out.push(b'}');
            brackets.close(out.len());
        }
    }
}

/// `value`'s compact JSON text.
pub fn to_string(value: &Value) -> String {
    let mut out = Vec::with_capacity(256);
    write(&mut out, value);
    String::from_utf8(out).expect("written from UTF-8 text")
}

/// `s` as a JSON string, escaped as serde_json escapes it.
pub fn string(out: &mut Vec<u8>, s: &str) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    // Nearly every string of a pod needs no escape: copied whole, without the pieces.
    if plain_prefix(s.as_bytes()) == s.len() {
        out.extend_from_slice(s.as_bytes());
    } else {
        escaped_into(out, s);
    }
    out.push(b'"');
}

/// The rare string with an escape, kept out of `string` so that the common path stays small.
#[cold]
#[inline(never)]
fn escaped_into(out: &mut Vec<u8>, s: &str) {
    let Ok(()) = escaped(s, |piece| -> Result<(), std::convert::Infallible> {
        out.extend_from_slice(piece.as_bytes());
        Ok(())
    });
}

/// The inside of `s` as a JSON string, given to `put` in pieces: runs of `s` itself and the
/// escapes between them (`"`, `\` and control characters, with the short forms `\b \f \n
/// \r \t` where they exist and `\u00XX` otherwise, as serde_json and minijinja write them).
/// A string that needs no escape is one piece.
pub fn escaped<E>(s: &str, mut put: impl FnMut(&str) -> Result<(), E>) -> Result<(), E> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut rest = s;
    loop {
        // Escapes are ASCII: the plain run ends on a character boundary.
        let plain = plain_prefix(rest.as_bytes());
        put(&rest[..plain])?;
        let Some(&special) = rest.as_bytes().get(plain) else {
            return Ok(());
        };
        let mut unicode = *b"\\u0000";
        put(match special {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x0c => "\\f",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            control => {
                unicode[4] = HEX[usize::from(control >> 4)];
                unicode[5] = HEX[usize::from(control & 0xf)];
                std::str::from_utf8(&unicode).expect("ASCII")
            }
        })?;
        rest = &rest[plain + 1..];
    }
}

/// How many bytes at the start of `bytes` need no escape in a JSON string, checked eight at a
/// time: the last word is read where it ends, overlapping the words before it (whose bytes
/// need no escape, so cannot mark anything in it), and only a string shorter than a word is
/// checked byte by byte, a table lookup each.
#[inline]
pub fn plain_prefix(bytes: &[u8]) -> usize {
    let len = bytes.len();
    if len < 8 {
        return bytes
            .iter()
            .position(|&b| ESCAPED[usize::from(b)])
            .unwrap_or(len);
    }
    let mut at = 0;
    while at + 8 < len {
        if let Some(first) = first_escaped(word(bytes, at)) {
            return at + first;
        }
        at += 8;
    }
    match first_escaped(word(bytes, len - 8)) {
        Some(first) => len - 8 + first,
        None => len,
    }
}

/// Whether `written` (the inside of a JSON string in compact text) is `raw`, a string that
/// needs no escape: one pass, eight bytes at a time, where comparing and then checking for
/// escapes would read `raw` twice (the patch writer compares thousands of such strings in a
/// big pod).
#[inline]
pub fn writes_plain(written: &[u8], raw: &[u8]) -> bool {
    let len = raw.len();
    if written.len() != len {
        return false;
    }
    if len < 8 {
        return written
            .iter()
            .zip(raw)
            .all(|(w, r)| w == r && !ESCAPED[usize::from(*r)]);
    }
    let alike = |at| {
        let w = word(raw, at);
        w == word(written, at) && first_escaped(w).is_none()
    };
    let mut at = 0;
    while at + 8 < len {
        if !alike(at) {
            return false;
        }
        at += 8;
    }
    alike(len - 8)
}

fn word(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

/// The place of the first byte of a (little-endian) word that a JSON string escapes.
#[inline]
fn first_escaped(x: u64) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const SPACES: u64 = 0x2020_2020_2020_2020;
    const QUOTES: u64 = 0x2222_2222_2222_2222;
    const BACKSLASHES: u64 = 0x5c5c_5c5c_5c5c_5c5c;
    // A byte below 0x20, or zero after the xor (a quote or a backslash), sets its high bit in
    // these (bytes of 0x80 and above never do). A borrow can also mark a byte above one that
    // is marked, never one below it: the lowest mark is exact.
    let control = x.wrapping_sub(SPACES);
    let quote = (x ^ QUOTES).wrapping_sub(ONES);
    let backslash = (x ^ BACKSLASHES).wrapping_sub(ONES);
    let marks = (control | quote | backslash) & !x & HIGHS;
    (marks != 0).then(|| marks.trailing_zeros() as usize / 8)
}

/// The bytes a JSON string escapes: control characters, `"` and `\`.
static ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn maps_keep_their_keys_sorted() {
        let value: Value = serde_json::from_str(r#"{"b":1,"a":{"d":2,"c":3}}"#).unwrap();
        let mut out = Vec::new();
        write(&mut out, &value);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"{"a":{"c":3,"d":2},"b":1}"#,
            "serde_json keeps keys in their order: its preserve_order feature is on"
        );
    }

    /// Every value, every byte that needs an escape at every place in a word: the same text
    /// as serde_json.
    #[test]
    fn writes_what_serde_json_writes() {
        let mut strings: Vec<String> = vec![
            String::new(),
            "a".into(),
            "plain text of some length, longer than a word".into(),
            "é ü 漢字 🎉".into(),
            "\u{7f}\u{80}\u{ff}".into(),
        ];
        for special in (0u8..0x20).chain([b'"', b'\\', b'/', 0x7f]) {
            for at in 0..17 {
                let mut s = "x".repeat(at);
                s.push(char::from(special));
                s.push_str("yyyyyyyyy");
                strings.push(s);
            }
        }
        let values = [
            json!(null),
            json!(true),
            json!(false),
            json!(0),
            json!(-1),
            json!(1.5),
            json!(1e300),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(0.1),
            json!([]),
            json!({}),
            json!([1, [2, {"a": [null]}], ""]),
            json!({"b": 1, "a": {"c\"": "d\n"}}),
            json!(strings),
        ];
        for value in &values {
            assert_eq!(to_string(value), serde_json::to_string(value).unwrap());
        }
    }

    #[test]
    fn plain_prefix_stops_at_the_first_byte_to_escape() {
        assert_eq!(plain_prefix(b""), 0);
        for text in [
            "",
            "a",
            "abcdefg",
            "abcdefgh",
            "abcdefghijklmnopq",
            "é-naïve-ünïcode",
        ] {
            assert!(writes_plain(text.as_bytes(), text.as_bytes()), "{text}");
        }
        assert!(!writes_plain(b"abcdefghijk", b"abcdefghijj"));
        assert!(!writes_plain(b"ab", b"abc"));
        for len in 1..20 {
            for at in 0..len {
                for special in [b'"', b'\\', b'\n', 0x01] {
                    let mut raw = vec![b'a'; len];
                    raw[at] = special;
                    assert!(!writes_plain(&raw, &raw), "{special:#x} at {at} of {len}");
                }
            }
        }
        assert_eq!(plain_prefix(b"abcdefghijklmnop"), 16);
        for len in 1..40 {
            assert_eq!(plain_prefix(&vec![b'a'; len]), len);
            for at in 0..len {
                for special in [0u8, 0x1f, b'"', b'\\'] {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    assert_eq!(plain_prefix(&bytes), at, "{special:#x} at {at} of {len}");
                    // A second one after it changes nothing.
                    bytes[len - 1] = b'"';
                    assert_eq!(plain_prefix(&bytes), at, "{special:#x} at {at} of {len}");
                }
            }
        }
        // Bytes at and above 0x20 (UTF-8's high bytes included) need no escape.
        let high: Vec<u8> = (0x20u8..=0xff)
            .filter(|b| ![b'"', b'\\'].contains(b))
            .collect();
        assert_eq!(plain_prefix(&high), high.len());
    }
}
