//! The pieces of Go's `encoding/json` whose texts reach Istio's decoding errors.
//!
//! Istio's webhook re-encodes the spec with `json.Marshal` before its protobuf JSON reader
//! sees it, and that reader hands integer map keys and enum values to `json.Unmarshal`, so an
//! unknown enum name is quoted as Go encodes strings and a bad integer key is reported with
//! Go's syntax or type error.

const END: &str = "unexpected end of JSON input";

/// `json.Marshal` of a string (`compat::go_json` writes it).
pub fn encode_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    crate::compat::go_json::write_string(&mut out, s);
    out
}

/// `json.Unmarshal` of `text` into a Go integer of type `go_type` with the range
/// `min..=max`: the value, or Go's error text. `null` leaves the integer at 0, as in Go.
pub fn unmarshal_int(text: &str, go_type: &str, min: i128, max: i128) -> Result<i128, String> {
    let value = Scanner::new(text.as_bytes()).top_level()?;
    let type_error =
        |what: &str| format!("json: cannot unmarshal {what} into Go value of type {go_type}");
    match value {
        Kind::Null => Ok(0),
        Kind::Number(literal) => {
            // Go parses the literal as a base-10 integer: a fraction, an exponent, a minus
            // sign on an unsigned type or a value out of range is a type error.
            let unsigned_minus = min == 0 && literal.starts_with('-');
            match literal.parse::<i128>() {
                Ok(n) if !unsigned_minus && (min..=max).contains(&n) => Ok(n),
                _ => Err(type_error(&format!("number {literal}"))),
            }
        }
        Kind::Other(what) => Err(type_error(what)),
    }
}

/// What a syntactically valid JSON text holds, as far as an integer cares.
enum Kind {
    Null,
    Number(String),
    Other(&'static str),
}

/// Go's JSON syntax check, with its error texts.
struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Scanner<'a> {
    fn new(b: &'a [u8]) -> Self {
        Scanner { b, i: 0 }
    }

    fn top_level(mut self) -> Result<Kind, String> {
        let kind = self.value()?;
        self.skip_space();
        match self.peek() {
            None => Ok(kind),
            Some(c) => Err(invalid(c, "after top-level value")),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn next(&mut self) -> Result<u8, String> {
        let c = self.peek().ok_or(END)?;
        self.i += 1;
        Ok(c)
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn value(&mut self) -> Result<Kind, String> {
        self.skip_space();
        let start = self.i;
        match self.next()? {
            b'{' => self.object().map(|_| Kind::Other("object")),
            b'[' => self.array().map(|_| Kind::Other("array")),
            b'"' => self.string().map(|_| Kind::Other("string")),
            b'-' | b'0'..=b'9' => {
                self.i = start;
                self.number()
                    .map(|_| Kind::Number(String::from_utf8_lossy(&self.b[start..self.i]).into()))
            }
            b't' => self.literal("true").map(|_| Kind::Other("bool")),
            b'f' => self.literal("false").map(|_| Kind::Other("bool")),
            b'n' => self.literal("null").map(|_| Kind::Null),
            c => Err(invalid(c, "looking for beginning of value")),
        }
    }

    fn object(&mut self) -> Result<(), String> {
        self.skip_space();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(());
        }
        loop {
            match self.next()? {
                b'"' => self.string()?,
                c => return Err(invalid(c, "looking for beginning of object key string")),
            }
            self.skip_space();
            match self.next()? {
                b':' => {}
                c => return Err(invalid(c, "after object key")),
            }
            self.value()?;
            self.skip_space();
            match self.next()? {
                b',' => self.skip_space(),
                b'}' => return Ok(()),
                c => return Err(invalid(c, "after object key:value pair")),
            }
        }
    }

    fn array(&mut self) -> Result<(), String> {
        self.skip_space();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(());
        }
        loop {
            self.value()?;
            self.skip_space();
            match self.next()? {
                b',' => {}
                b']' => return Ok(()),
                c => return Err(invalid(c, "after array element")),
            }
        }
    }

    /// The rest of a string, after its opening quote.
    fn string(&mut self) -> Result<(), String> {
        loop {
            match self.next()? {
                b'"' => return Ok(()),
                b'\\' => match self.next()? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {}
                    b'u' => {
                        for _ in 0..4 {
                            let c = self.next()?;
                            if !c.is_ascii_hexdigit() {
                                return Err(invalid(c, "in \\u hexadecimal character escape"));
                            }
                        }
                    }
                    c => return Err(invalid(c, "in string escape code")),
                },
                c if c < 0x20 => return Err(invalid(c, "in string literal")),
                _ => {}
            }
        }
    }

    fn number(&mut self) -> Result<(), String> {
        if self.peek() == Some(b'-') {
            self.i += 1;
            match self.peek() {
                None => return Err(END.into()),
                Some(b'0'..=b'9') => {}
                Some(c) => return Err(invalid(c, "in numeric literal")),
            }
        }
        if self.next()? != b'0' {
            self.digits();
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            match self.next()? {
                b'0'..=b'9' => self.digits(),
                c => return Err(invalid(c, "after decimal point in numeric literal")),
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            let mut c = self.next()?;
            if c == b'+' || c == b'-' {
                c = self.next()?;
            }
            if !c.is_ascii_digit() {
                return Err(invalid(c, "in exponent of numeric literal"));
            }
            self.digits();
        }
        Ok(())
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
    }

    fn literal(&mut self, word: &str) -> Result<(), String> {
        for expected in word.bytes().skip(1) {
            let c = self.next()?;
            if c != expected {
                return Err(invalid(
                    c,
                    &format!("in literal {word} (expecting '{}')", expected as char),
                ));
            }
        }
        Ok(())
    }
}

/// Go's `invalid character 'x' <context>`, the byte quoted as Go's `quoteChar` does.
fn invalid(c: u8, context: &str) -> String {
    let quoted = match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        // Go quotes the byte as the rune of the same number.
        0x80..=0xa0 | 0xad => format!("'\\u{:04x}'", c),
        _ => {
            let q = crate::compat::gofmt::go_quote(&char::from(c).to_string());
            format!("'{}'", &q[1..q.len() - 1])
        }
    };
    format!("invalid character {quoted} {context}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uint32(text: &str) -> Result<i128, String> {
        unmarshal_int(text, "uint32", 0, u32::MAX.into())
    }

    #[test]
    fn integers_read_as_go_reads_them() {
        assert_eq!(uint32("80"), Ok(80));
        assert_eq!(uint32(" 80\n"), Ok(80), "JSON whitespace around");
        assert_eq!(uint32("null"), Ok(0));
        assert_eq!(
            unmarshal_int("-0", "int32", i32::MIN.into(), i32::MAX.into()),
            Ok(0)
        );
    }

    #[test]
    fn errors_are_go_texts() {
        let cases = [
            (
                "acd",
                "invalid character 'a' looking for beginning of value",
            ),
            ("", "unexpected end of JSON input"),
            ("  ", "unexpected end of JSON input"),
            ("-", "unexpected end of JSON input"),
            ("80a", "invalid character 'a' after top-level value"),
            ("08", "invalid character '8' after top-level value"),
            ("-a", "invalid character 'a' in numeric literal"),
            (
                "1.x",
                "invalid character 'x' after decimal point in numeric literal",
            ),
            (
                "1ex",
                "invalid character 'x' in exponent of numeric literal",
            ),
            ("1e", "unexpected end of JSON input"),
            ("tru", "unexpected end of JSON input"),
            (
                "trUe",
                "invalid character 'U' in literal true (expecting 'u')",
            ),
            (
                "nul1",
                "invalid character '1' in literal null (expecting 'l')",
            ),
            (
                "'80'",
                "invalid character '\\'' looking for beginning of value",
            ),
            ("\t", "unexpected end of JSON input"),
            (
                "\u{1}",
                "invalid character '\\x01' looking for beginning of value",
            ),
            ("é", "invalid character 'Ã' looking for beginning of value"),
            ("[1 2]", "invalid character '2' after array element"),
            (
                "{1}",
                "invalid character '1' looking for beginning of object key string",
            ),
            ("{\"a\" 1}", "invalid character '1' after object key"),
            (
                "{\"a\":1 \"b\"}",
                "invalid character '\"' after object key:value pair",
            ),
            ("\"a\\x\"", "invalid character 'x' in string escape code"),
            (
                "\"\\u12g4\"",
                "invalid character 'g' in \\u hexadecimal character escape",
            ),
            (
                "1.5",
                "json: cannot unmarshal number 1.5 into Go value of type uint32",
            ),
            (
                "1e2",
                "json: cannot unmarshal number 1e2 into Go value of type uint32",
            ),
            (
                "-1",
                "json: cannot unmarshal number -1 into Go value of type uint32",
            ),
            (
                "-0",
                "json: cannot unmarshal number -0 into Go value of type uint32",
            ),
            (
                "4294967296",
                "json: cannot unmarshal number 4294967296 into Go value of type uint32",
            ),
            (
                "true",
                "json: cannot unmarshal bool into Go value of type uint32",
            ),
            (
                "\"80\"",
                "json: cannot unmarshal string into Go value of type uint32",
            ),
            (
                "[]",
                "json: cannot unmarshal array into Go value of type uint32",
            ),
            (
                "{}",
                "json: cannot unmarshal object into Go value of type uint32",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(uint32(text), Err(want.to_string()), "{text:?}");
        }
    }

    #[test]
    fn strings_encode_as_go_encodes_them() {
        assert_eq!(encode_string("BLAH"), "\"BLAH\"");
        assert_eq!(encode_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(encode_string("<&>"), "\"\\u003c\\u0026\\u003e\"");
        assert_eq!(
            encode_string("\u{8}\n\u{1}\u{7f}é"),
            "\"\\b\\n\\u0001\u{7f}é\""
        );
        assert_eq!(encode_string("\u{2028}"), "\"\\u2028\"");
    }
}
