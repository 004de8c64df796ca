//! Parse the JSON that needle's templates render: standard JSON, except that a trailing comma
//! before `]` or `}` is allowed, which keeps conditional entries in templates simple.
//!
//! A small parser of its own rather than "strip the commas, then serde_json": the rendered
//! sidecar is parsed once per injected pod, and one pass straight into `serde_json::Value`
//! is about twice as fast as a cleaning pass plus serde_json's generic deserializer.

use super::compact;
use serde_json::{Map, Number, Value};

/// Nesting deeper than this is refused instead of risking the stack.
const MAX_DEPTH: usize = 128;

/// What is wrong with the text, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at line {line} column {column}")]
pub struct ParseError {
    pub message: String,
    pub line: usize,
    pub column: usize,
}

pub fn parse(text: &str) -> Result<Value, ParseError> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    };
    let value = p.value(0).map_err(|e| *e)?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(*p.error("trailing characters"));
    }
    Ok(value)
}

/// Boxed, so that the `Result`s passed up every level of the parse stay as small as a `Value`.
type Parsed<T> = Result<T, Box<ParseError>>;

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> Box<ParseError> {
        let before = &self.bytes[..self.pos.min(self.bytes.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before.iter().rev().take_while(|&&b| b != b'\n').count();
        Box::new(ParseError {
            message: message.to_string(),
            line,
            column,
        })
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn expect_literal(&mut self, literal: &str, value: Value) -> Parsed<Value> {
        if self.bytes[self.pos..].starts_with(literal.as_bytes()) {
            self.pos += literal.len();
            Ok(value)
        } else {
            Err(self.error("expected value"))
        }
    }

    fn value(&mut self, depth: usize) -> Parsed<Value> {
        self.skip_ws();
        match self.peek() {
            None => Err(self.error("EOF while parsing a value")),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.expect_literal("true", Value::Bool(true)),
            Some(b'f') => self.expect_literal("false", Value::Bool(false)),
            Some(b'n') => self.expect_literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("expected value")),
        }
    }

    /// After an element of a list or object: `,` (possibly trailing) or the closing byte.
    /// Returns true when the container is closed.
    fn after_element(&mut self, close: u8) -> Parsed<bool> {
        self.skip_ws();
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                self.skip_ws();
                if self.peek() == Some(close) {
                    self.pos += 1;
                    return Ok(true);
                }
                Ok(false)
            }
            Some(b) if b == close => {
                self.pos += 1;
                Ok(true)
            }
            None => Err(self.error("EOF while parsing a list or object")),
            Some(_) => Err(self.error(if close == b']' {
                "expected `,` or `]`"
            } else {
                "expected `,` or `}`"
            })),
        }
    }

    fn array(&mut self, depth: usize) -> Parsed<Value> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value(depth)?);
            if self.after_element(b']')? {
                return Ok(Value::Array(items));
            }
        }
    }

    fn object(&mut self, depth: usize) -> Parsed<Value> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        self.pos += 1;
        let mut map = Map::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("key must be a string"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.error("expected `:`"));
            }
            self.pos += 1;
            let value = self.value(depth)?;
            map.insert(key, value);
            if self.after_element(b'}')? {
                return Ok(Value::Object(map));
            }
        }
    }

    /// A string at `"`; the common case, no escapes, is one slice copy.
    fn string(&mut self) -> Parsed<String> {
        self.pos += 1;
        let start = self.pos;
        let mut out: Option<String> = None;
        let mut run = start;
        loop {
            self.pos += compact::plain_prefix(&self.bytes[self.pos..]);
            if self.pos == self.bytes.len() {
                return Err(self.error("EOF while parsing a string"));
            }
            match self.bytes[self.pos] {
                b'"' => {
                    let tail = &self.text[run..self.pos];
                    self.pos += 1;
                    return Ok(match out {
                        Some(mut s) => {
                            s.push_str(tail);
                            s
                        }
                        None => tail.to_string(),
                    });
                }
                b'\\' => {
                    let s = out.get_or_insert_with(String::new);
                    s.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    self.escape(s)?;
                    run = self.pos;
                }
                _ => return Err(self.error("control character in string")),
            }
        }
    }

    /// One escape sequence after the backslash, appended to `out`.
    fn escape(&mut self, out: &mut String) -> Parsed<()> {
        let Some(b) = self.peek() else {
            return Err(self.error("EOF while parsing a string"));
        };
        self.pos += 1;
        let c = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode_escape()?,
            _ => return Err(self.error("invalid escape")),
        };
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self) -> Parsed<u32> {
        let digits = self
            .text
            .get(self.pos..self.pos + 4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.error("invalid \\u escape"))?;
        self.pos += 4;
        Ok(u32::from_str_radix(digits, 16).expect("four hex digits"))
    }

    fn unicode_escape(&mut self) -> Parsed<char> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.bytes[self.pos..].starts_with(b"\\u") {
                return Err(self.error("unpaired surrogate in \\u escape"));
            }
            self.pos += 2;
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(self.error("unpaired surrogate in \\u escape"));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.error("invalid \\u escape"))
    }

    fn number(&mut self) -> Parsed<Value> {
        let start = self.pos;
        let digits = |p: &mut Self| {
            let from = p.pos;
            while p.peek().is_some_and(|b| b.is_ascii_digit()) {
                p.pos += 1;
            }
            p.pos > from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        if self.peek() == Some(b'0') {
            self.pos += 1;
        } else if !digits(self) {
            return Err(self.error("invalid number"));
        }
        let mut integer = true;
        if self.peek() == Some(b'.') {
            integer = false;
            self.pos += 1;
            if !digits(self) {
                return Err(self.error("invalid number"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            integer = false;
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if !digits(self) {
                return Err(self.error("invalid number"));
            }
        }
        let text = &self.text[start..self.pos];
        let number = if integer {
            text.parse::<i64>()
                .map(Number::from)
                .or_else(|_| text.parse::<u64>().map(Number::from))
                .ok()
        } else {
            None
        };
        match number {
            Some(n) => Ok(Value::Number(n)),
            None => text
                .parse::<f64>()
                .ok()
                .and_then(Number::from_f64)
                .map(Value::Number)
                .ok_or_else(|| self.error("number out of range")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn trailing_commas_are_dropped_outside_strings() {
        assert_eq!(
            parse(r#"{"a": [1, 2, ], "b": "x,]", }"#).unwrap(),
            json!({"a": [1, 2], "b": "x,]"})
        );
        assert_eq!(parse(r#"{"a": "q\",}",}"#).unwrap(), json!({"a": "q\",}"}));
        assert_eq!(parse("[ ]").unwrap(), json!([]));
        assert_eq!(parse("{\n}").unwrap(), json!({}));
    }

    #[test]
    fn agrees_with_serde_json_on_standard_json() {
        let text = r#" {"s": "tab\there \"q\" \\ \/ \u00e9 \ud83d\ude00 \b\f\r\n",
            "n": [0, -1, 15090, 18446744073709551615, -9223372036854775808, 1.5, -2e3, 1E+2, 0.25],
            "b": [true, false, null], "nested": {"a": {"b": [[], {}]}}, "dup": 1, "dup": 2} "#;
        assert_eq!(
            parse(text).unwrap(),
            serde_json::from_str::<Value>(text).unwrap()
        );
        // A map of many keys, out of order, one written three times: the last one wins.
        let keys: Vec<String> = (0..40)
            .rev()
            .chain([7, 31])
            .enumerate()
            .map(|(i, k)| format!("\"k{k}\": {i}"))
            .collect();
        let text = format!("{{{}}}", keys.join(", "));
        assert_eq!(
            parse(&text).unwrap(),
            serde_json::from_str::<Value>(&text).unwrap()
        );
    }

    #[test]
    fn errors_name_what_and_where() {
        for (text, message, line, column) in [
            (r#"{"a": [1,, 2]}"#, "expected value", 1, 10),
            ("{\n  \"a\": tru\n}", "expected value", 2, 8),
            (r#"{"a" 1}"#, "expected `:`", 1, 6),
            (r#"{a: 1}"#, "key must be a string", 1, 2),
            (r#"[1 2]"#, "expected `,` or `]`", 1, 4),
            (r#"{"a": 1} x"#, "trailing characters", 1, 10),
            (r#"{"a": "open"#, "EOF while parsing a string", 1, 12),
            ("\"a\u{1}\"", "control character in string", 1, 3),
            (r#""\x""#, "invalid escape", 1, 4),
            (r#""\ud800x""#, "unpaired surrogate in \\u escape", 1, 8),
            ("01", "trailing characters", 1, 2),
            ("-", "invalid number", 1, 2),
            ("1.", "invalid number", 1, 3),
            ("[,]", "expected value", 1, 2),
            ("", "EOF while parsing a value", 1, 1),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(
                (e.message.as_str(), e.line, e.column),
                (message, line, column),
                "{text:?}"
            );
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(10_000);
        assert_eq!(parse(&text).unwrap_err().message, "nesting too deep");
    }
}
