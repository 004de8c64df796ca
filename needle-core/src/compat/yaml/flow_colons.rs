//! One rule where kubectl's and Istio's YAML reader (go-yaml v2, through `sigs.k8s.io/yaml`)
//! and needle's (YAML 1.2) read the same text differently: inside a flow collection, go-yaml
//! keeps a `:` that is directly followed by `,`, `]` or `}` in the plain scalar before it, so
//! `[1.2.3.4, 2001:db8::]` is two strings, where YAML 1.2 ends the scalar before that `:` and
//! reads `{"2001:db8:": null}`. `quote` puts such scalars in double quotes before parsing, so
//! needle reads what kubectl reads.
//!
//! The scan only needs to know where flow collections are: it steps over comments, quoted
//! scalars, block scalars and the continuation lines of multi-line plain scalars. A quoted
//! scalar folds its lines as a plain one does, so a scalar that spans lines keeps its value.

use std::borrow::Cow;

/// The text with every such scalar quoted; borrowed when there is none.
pub fn quote(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    let candidate = b
        .windows(2)
        .any(|w| w[0] == b':' && matches!(w[1], b',' | b']' | b'}'));
    if !candidate {
        return Cow::Borrowed(text);
    }
    let mut scan = Scan {
        b,
        i: 0,
        spans: Vec::new(),
    };
    scan.run();
    if scan.spans.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4 * scan.spans.len());
    let mut last = 0;
    for (start, end) in scan.spans {
        out.push_str(&text[last..start]);
        out.push('"');
        for c in text[start..end].chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
        last = end;
    }
    out.push_str(&text[last..]);
    Cow::Owned(out)
}

struct Scan<'a> {
    b: &'a [u8],
    i: usize,
    /// Byte ranges of the plain scalars to quote.
    spans: Vec<(usize, usize)>,
}

fn blank(c: Option<u8>) -> bool {
    matches!(c, None | Some(b' ' | b'\t' | b'\r' | b'\n'))
}

impl Scan<'_> {
    fn at(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    fn line_end(&self, from: usize) -> usize {
        self.b[from..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(self.b.len(), |p| from + p)
    }

    /// Block context, a line at a time. `deeper_than`: lines indented more than this column
    /// belong to a block scalar or a plain scalar's continuation and are skipped.
    fn run(&mut self) {
        let mut deeper_than: Option<isize> = None;
        while self.i < self.b.len() {
            let start = self.i;
            let end = self.line_end(start);
            let indent = self.b[start..end]
                .iter()
                .take_while(|&&c| c == b' ')
                .count();
            let rest = &self.b[start + indent..end];
            let is_marker = indent == 0
                && (rest.starts_with(b"---") || rest.starts_with(b"..."))
                && blank(rest.get(3).copied());
            let empty = rest.iter().all(|c| c.is_ascii_whitespace()) || rest.starts_with(b"#");
            if is_marker {
                deeper_than = None;
            } else if empty || deeper_than.is_some_and(|n| indent as isize > n) {
                self.i = end + 1;
                continue;
            } else {
                deeper_than = None;
            }
            if rest.starts_with(b"%") {
                self.i = end + 1;
                continue;
            }
            self.i = start + indent + if is_marker { 3 } else { 0 };
            deeper_than = self.block_line(indent, is_marker);
        }
    }

    /// The tokens of one block-context line from `self.i`; flow collections found on it are
    /// scanned to their end, wherever that is. Returns what the following lines continue.
    fn block_line(&mut self, indent: usize, marker: bool) -> Option<isize> {
        // The column the line's current node hangs from: a value's continuation lines must
        // be indented more than its key (or its `-`).
        let mut parent = if marker { -1 } else { indent as isize };
        let line_start = self.i - indent - if marker { 3 } else { 0 };
        let col = |i: usize| (i - line_start) as isize;
        loop {
            while matches!(self.at(self.i), Some(b' ' | b'\t')) {
                self.i += 1;
            }
            let c = self.at(self.i)?;
            let next = self.at(self.i + 1);
            match c {
                b'\n' => {
                    self.i += 1;
                    return None;
                }
                b'\r' => self.i += 1,
                b'#' => {
                    self.i = self.line_end(self.i);
                }
                b'-' | b'?' | b':' if blank(next) => {
                    if c == b'-' {
                        parent = col(self.i);
                    }
                    self.i += 1;
                }
                b'[' | b'{' => self.flow(),
                b'|' | b'>' => {
                    self.i = self.line_end(self.i);
                    return Some(parent);
                }
                b'\'' | b'"' => {
                    let key = col(self.i);
                    self.quoted(c);
                    self.mark_key(&mut parent, key);
                }
                b'&' | b'!' | b'*' => {
                    while !blank(self.at(self.i)) {
                        self.i += 1;
                    }
                }
                _ => {
                    let key = col(self.i);
                    if self.block_plain() {
                        return Some(parent);
                    }
                    self.mark_key(&mut parent, key);
                }
            }
        }
    }

    /// After a scalar: if `: ` follows, it was a key, which its value hangs from.
    fn mark_key(&self, parent: &mut isize, key: isize) {
        let mut j = self.i;
        while matches!(self.at(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        if self.at(j) == Some(b':') && blank(self.at(j + 1)) {
            *parent = key;
        }
    }

    /// A block plain scalar; true if it runs to the end of the line (and may go on).
    fn block_plain(&mut self) -> bool {
        loop {
            match self.at(self.i) {
                None | Some(b'\n') => return true,
                Some(b':') if blank(self.at(self.i + 1)) => return false,
                Some(b' ' | b'\t') if self.at(self.i + 1) == Some(b'#') => {
                    self.i = self.line_end(self.i);
                    return false;
                }
                _ => self.i += 1,
            }
        }
    }

    fn quoted(&mut self, quote: u8) {
        self.i += 1;
        while let Some(c) = self.at(self.i) {
            self.i += 1;
            if quote == b'"' && c == b'\\' {
                self.i += 1;
            } else if c == quote {
                if quote == b'\'' && self.at(self.i) == Some(b'\'') {
                    self.i += 1;
                } else {
                    return;
                }
            }
        }
    }

    /// A flow collection from its opening bracket to the matching close.
    fn flow(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.at(self.i) {
            match c {
                b'[' | b'{' => {
                    depth += 1;
                    self.i += 1;
                }
                b']' | b'}' => {
                    self.i += 1;
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                b' ' | b'\t' | b'\r' | b'\n' | b',' | b'?' | b':' => self.i += 1,
                b'#' if blank(self.i.checked_sub(1).and_then(|p| self.at(p))) => {
                    self.i = self.line_end(self.i);
                }
                b'\'' | b'"' => self.quoted(c),
                b'&' | b'!' | b'*' => {
                    while !blank(self.at(self.i))
                        && !matches!(self.at(self.i), Some(b',' | b'[' | b']' | b'{' | b'}'))
                    {
                        self.i += 1;
                    }
                }
                _ => self.flow_plain(),
            }
        }
    }

    /// A plain scalar inside a flow collection, ended as go-yaml ends it: at `,`, `?`, a
    /// bracket or brace, `: ` or ` #`. A `:` right before `,`, `]` or `}` is its last
    /// character there, which is the case to quote.
    fn flow_plain(&mut self) {
        let start = self.i;
        while let Some(c) = self.at(self.i) {
            let next = self.at(self.i + 1);
            match c {
                b',' | b'?' | b'[' | b']' | b'{' | b'}' => return,
                b':' if blank(next) => return,
                b':' if matches!(next, Some(b',' | b']' | b'}')) => {
                    self.i += 1;
                    self.spans.push((start, self.i));
                    return;
                }
                b' ' | b'\t' | b'\r' | b'\n' => {
                    let mut j = self.i;
                    while blank(self.at(j)) && j < self.b.len() {
                        j += 1;
                    }
                    let ends = match self.at(j) {
                        None | Some(b',' | b'?' | b'[' | b']' | b'{' | b'}' | b'#') => true,
                        Some(b':') => blank(self.at(j + 1)),
                        _ => false,
                    };
                    if ends {
                        self.i = j;
                        return;
                    }
                    self.i = j;
                }
                _ => self.i += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn colons_before_a_flow_indicator_stay_in_the_scalar() {
        let cases = [
            (
                "addresses: [1.2.3.4, 001:db8::]\n",
                "addresses: [1.2.3.4, \"001:db8::\"]\n",
            ),
            ("a: [x:]", "a: [\"x:\"]"),
            ("a: {k: v:}", "a: {k: \"v:\"}"),
            ("a: {k:, v}", "a: {\"k:\", v}"),
            ("a: [[x:], {y: [z:]}]", "a: [[\"x:\"], {y: [\"z:\"]}]"),
            ("- [a b:]\n- x", "- [\"a b:\"]\n- x"),
            ("a: [q\"\\:]", "a: [\"q\\\"\\\\:\"]"),
            ("--- [x:]\n", "--- [\"x:\"]\n"),
            ("a: &anchor [x:]", "a: &anchor [\"x:\"]"),
            ("a: |\n  [x:]\nb: [y:]\n", "a: |\n  [x:]\nb: [\"y:\"]\n"),
            ("a:\n  - [\n    x:,\n  ]\n", "a:\n  - [\n    \"x:\",\n  ]\n"),
            ("a: [b\n  c:]", "a: [\"b\n  c:\"]"),
        ];
        for (text, want) in cases {
            assert_eq!(quote(text), want, "{text:?}");
        }
    }

    #[test]
    fn everything_else_is_left_alone() {
        for text in [
            "a: [1.2.3.4, \"001:db8::\"]",
            "a: ['x:']",
            "a: [\"x:\"]",
            "a: [x:y, \"z\"]",
            "a: [x: y]",
            "a: x:]",
            "a: b # [x:]",
            "a: [b] # [x:]",
            "a: |\n  [x:]\n  more [y:]\n",
            "- k: >\n    [x:]\n  j: v\n",
            "a: text\n  [x:]\n",
            "- k: text\n    [x:]\n",
            "a: \"multi\n  [x:]\"\n",
            "{\"a\":[1,2],\"b\":{\"c\":\"d:\"}}",
            "a: [x:[y]]",
        ] {
            assert_eq!(quote(text), text, "{text:?}");
        }
    }

    #[test]
    fn the_quoted_text_reads_as_kubectl_reads_it() {
        let v =
            crate::compat::yaml::parse_one("addresses: [1.2.3.4, 001:db8::]\nports: {a:, b: c:}\n")
                .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"addresses": ["1.2.3.4", "001:db8::"], "ports": {"a:": null, "b": "c:"}})
        );
    }
}
