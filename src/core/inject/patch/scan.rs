//! Splitting compact JSON text one level deep, for the patch writer: the members of an object
//! and the items of a list, each as its own text. The text is the base of the patch, written
//! by serde_json, so it is well formed; this only finds where each value ends, without
//! checking what serde_json already checked. Where each object and list of the whole base
//! ends is found in one pass first (`Ends`), so splitting a level reads only its own keys and
//! strings: a parser at every level read each byte once per level it is nested in, the most
//! of a 2,000-variable pod's patch. Text that does not split (not written by serde_json)
//! gives `None`, and the caller replaces it whole.

use std::borrow::Cow;

/// Where each object and list of one text ends, by where it starts.
pub struct Ends<'a> {
    base: &'a str,
    /// (start, end exclusive), sorted by start.
    spans: Vec<(usize, usize)>,
}

impl<'a> Ends<'a> {
    /// One pass over `base`; `None` when its brackets do not pair up.
    pub fn of(base: &'a str) -> Option<Self> {
        let b = base.as_bytes();
        let mut spans = Vec::new();
        let mut open = Vec::new();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    i = string_end(b, i)?;
                    continue;
                }
                b'{' | b'[' => {
                    open.push(spans.len());
                    spans.push((i, 0));
                }
                b'}' | b']' => spans[open.pop()?].1 = i + 1,
                _ => {}
            }
            i += 1;
        }
        open.is_empty().then_some(Self { base, spans })
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
    use serde_json::json;

    #[test]
    fn splits_what_serde_json_writes() {
        let v = json!({"a\"b": [1, {"x": "}]\\\"{["}, [], {}], "e": {}, "n": -1.5e3, "s": "é\n", "t": true, "z": null});
        let text = v.to_string();
        let ends = Ends::of(&text).unwrap();
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
        let empty = Ends::of("{}").unwrap();
        assert_eq!(object(&empty, empty.base).unwrap(), vec![]);
        let empty = Ends::of("[]").unwrap();
        assert_eq!(list(&empty, empty.base).unwrap(), Vec::<&str>::new());
    }

    #[test]
    fn text_that_does_not_split_is_none() {
        for bad in ["{", "[1,", "[\"x]", "[1}}"] {
            assert!(Ends::of(bad).is_none(), "{bad} indexed");
        }
        for bad in ["{\"a\"}", "{\"a\":1}x", "[1,]", "{\"a\":}", "{1:2}"] {
            let Some(ends) = Ends::of(bad) else { continue };
            assert!(
                object(&ends, bad).is_none() && list(&ends, bad).is_none(),
                "{bad} split"
            );
        }
    }
}
