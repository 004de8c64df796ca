//! Splitting compact JSON text one level deep, for the patch writer: the members of an object
//! and the items of a list, each as its own text. The text is the base of the patch, written
//! by serde_json, so it is well formed; this only finds where each value ends, without
//! checking what serde_json already checked. Where each object and list of the whole base
//! ends is found in one pass first (`Ends`), so splitting a level reads only its own keys and
//! strings: a parser at every level read each byte once per level it is nested in, the most
//! of a 2,000-variable pod's patch. They are noted as the base is written (`Noted`), which
//! costs a fortieth of scanning the text for them again. Text that does not split gives
//! `None`, and the caller replaces it whole.

use crate::compat::compact::Brackets;
use std::borrow::Cow;

/// Where each object and list of one text ends, by where it starts.
pub struct Ends<'a> {
    base: &'a str,
    /// (start, end exclusive), sorted by start.
    spans: &'a [(usize, usize)],
}

/// The spans of a text noted while `compact::write_noting` writes it: each object and list
/// in the order it opens, which is the order of their starts.
#[derive(Debug, Clone, Default)]
pub struct Noted {
    spans: Vec<(usize, usize)>,
    /// The spans opened and not yet closed, innermost last.
    open: Vec<usize>,
}

impl Brackets for Noted {
    fn open(&mut self, at: usize) {
        self.open.push(self.spans.len());
        self.spans.push((at, 0));
    }

    fn close(&mut self, end: usize) {
        if let Some(i) = self.open.pop() {
            self.spans[i].1 = end;
        }
    }
}

impl Noted {
    /// (start, end exclusive) of each object and list, sorted by start.
    pub fn spans(self) -> Vec<(usize, usize)> {
        self.spans
    }
}

impl<'a> Ends<'a> {
    /// The spans noted (`Noted::spans`) while `base` was written.
    pub fn noted(base: &'a str, spans: &'a [(usize, usize)]) -> Self {
        Self { base, spans }
    }

    /// The end of the object or list starting at `at` in `text`, a slice of the base.
    fn end(&self, text: &str, at: usize) -> Option<usize> {
        let offset = (text.as_ptr() as usize).checked_sub(self.base.as_ptr() as usize)?;
        let start = offset + at;
        let found = self.spans.binary_search_by_key(&start, |s| s.0).ok()?;
        Some(self.spans[found].1 - offset)
    }
}

/// The members of the object `text` (a slice of the base of `ends`), sorted by key
/// (serde_json writes a map's keys sorted; sorted here again should a text not be).
pub fn object<'t>(ends: &Ends, text: &'t str) -> Option<Vec<(Cow<'t, str>, &'t str)>> {
    let b = text.as_bytes();
    let mut members = Vec::new();
    let mut i = expect(b, 0, b'{')?;
    if b.get(i) == Some(&b'}') {
        return (i + 1 == b.len()).then_some(members);
    }
    loop {
        let key_end = string_end(b, i)?;
        let key = key_of(&text[i..key_end])?;
        let start = expect(b, key_end, b':')?;
        let end = value_end(ends, text, start)?;
        members.push((key, &text[start..end]));
        match b.get(end)? {
            b',' => i = end + 1,
            b'}' if end + 1 == b.len() => break,
            _ => return None,
        }
    }
    if !members.is_sorted_by(|a, b| a.0 <= b.0) {
        members.sort_by(|a, b| a.0.cmp(&b.0));
    }
    Some(members)
}

/// The items of the list `text` (a slice of the base of `ends`).
pub fn list<'t>(ends: &Ends, text: &'t str) -> Option<Vec<&'t str>> {
    let b = text.as_bytes();
    let mut items = Vec::new();
    let mut i = expect(b, 0, b'[')?;
    if b.get(i) == Some(&b']') {
        return (i + 1 == b.len()).then_some(items);
    }
    loop {
        let end = value_end(ends, text, i)?;
        items.push(&text[i..end]);
        match b.get(end)? {
            b',' => i = end + 1,
            b']' if end + 1 == b.len() => break,
            _ => return None,
        }
    }
    Some(items)
}

/// The position after `byte` at `i`.
fn expect(b: &[u8], i: usize, byte: u8) -> Option<usize> {
    (b.get(i)? == &byte).then_some(i + 1)
}

/// A key's text unquoted (unescaped only when it has an escape).
fn key_of(quoted: &str) -> Option<Cow<'_, str>> {
    let inner = &quoted[1..quoted.len() - 1];
    if inner.contains('\\') {
        serde_json::from_str::<String>(quoted).ok().map(Cow::Owned)
    } else {
        Some(Cow::Borrowed(inner))
    }
}

/// The end (exclusive) of the string starting with its quote at `i`.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    expect(b, i, b'"')?;
    i += 1;
    loop {
        match b.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

/// The end (exclusive) of the value starting at `i` of `text`.
fn value_end(ends: &Ends, text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    match b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => ends.end(text, i).filter(|&end| end <= b.len()),
        // A number, `true`, `false` or `null`: up to the next delimiter.
        _ => {
            let rest = &b[i..];
            let len = rest
                .iter()
                .position(|c| matches!(c, b',' | b'}' | b']'))
                .unwrap_or(rest.len());
            (len > 0).then_some(i + len)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compat::compact;
    use serde_json::json;

    #[test]
    fn splits_what_serde_json_writes() {
        let v = json!({"a\"b": [1, {"x": "}]\\\"{["}, [], {}], "e": {}, "n": -1.5e3, "s": "é\n", "t": true, "z": null});
        let mut text = Vec::new();
        let mut noted = Noted::default();
        compact::write_noting(&mut text, &v, &mut noted);
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text, v.to_string());
        let spans = noted.spans();
        let ends = Ends::noted(&text, &spans);
        let members = object(&ends, &text).unwrap();
        let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_ref()).collect();
        assert_eq!(keys, ["a\"b", "e", "n", "s", "t", "z"]);
        for (key, value) in &members {
            assert_eq!(
                serde_json::from_str::<serde_json::Value>(value).unwrap(),
                v[key.as_ref()]
            );
        }
        let items = list(&ends, members[0].1).unwrap();
        assert_eq!(items, ["1", r#"{"x":"}]\\\"{["}"#, "[]", "{}"]);
        assert_eq!(object(&ends, members[1].1).unwrap(), vec![]);
        assert_eq!(list(&ends, items[2]).unwrap(), Vec::<&str>::new());
    }

    /// A slice that is not one whole object or list of the base does not split.
    #[test]
    fn text_that_does_not_split_is_none() {
        let v = json!({"a": [1, 2], "b": {"c": 1}});
        let mut text = Vec::new();
        let mut noted = Noted::default();
        compact::write_noting(&mut text, &v, &mut noted);
        let text = String::from_utf8(text).unwrap();
        let spans = noted.spans();
        let ends = Ends::noted(&text, &spans);
        let (a, b) = (&text[5..10], &text[15..22]);
        assert_eq!((a, b), ("[1,2]", "{\"c\":1}"));
        assert!(list(&ends, &a[..4]).is_none());
        assert!(object(&ends, &b[..6]).is_none());
        assert!(object(&ends, a).is_none() && list(&ends, b).is_none());
    }
}
