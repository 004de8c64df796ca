//! A syntax check of CEL expressions (the access log `filter`), after the grammar of the CEL
//! specification: what cel-go's parser rejects, this rejects, with a position.

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Literal,
    Op(&'static str),
    End,
}

const OPS: [&str; 24] = [
    "||", "&&", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "?", ":", ".", ",",
    "(", ")", "[", "]", "{", "}",
];

const RESERVED: [&str; 16] = [
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
];

type Spanned = (Tok, usize);

fn err(col: usize, msg: impl std::fmt::Display) -> String {
    format!("ERROR: <input>:1:{}: Syntax error: {msg}", col + 1)
}

fn lex(src: &str) -> Result<Vec<Spanned>, String> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if src[i..].starts_with("//") {
            i = src[i..].find('\n').map_or(b.len(), |n| i + n);
            continue;
        }
        let start = i;
        if let Some(end) = string_literal(src, i)? {
            out.push((Tok::Literal, start));
            i = end;
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i = number(b, i);
            if b.get(i)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                return Err(err(i, "token recognition error"));
            }
            out.push((Tok::Literal, start));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &src[start..i];
            let tok = match word {
                "true" | "false" | "null" => Tok::Literal,
                "in" => Tok::Op("in"),
                _ => Tok::Ident(word.to_string()),
            };
            out.push((tok, start));
        } else if let Some(op) = OPS.iter().find(|op| src[i..].starts_with(**op)) {
            out.push((Tok::Op(op), start));
            i += op.len();
        } else {
            let ch = src[i..].chars().next().unwrap_or_default();
            return Err(err(i, format!("token recognition error at: '{ch}'")));
        }
    }
    out.push((Tok::End, src.len()));
    Ok(out)
}

/// The end of a string or bytes literal starting at `i`, if one starts there.
fn string_literal(src: &str, i: usize) -> Result<Option<usize>, String> {
    let rest = &src[i..];
    let prefix = rest
        .bytes()
        .take_while(|c| matches!(c, b'r' | b'R' | b'b' | b'B'))
        .count();
    if prefix > 2 || !rest[prefix..].starts_with(['"', '\'']) {
        return Ok(None);
    }
    let raw = rest[..prefix].contains(['r', 'R']);
    let body = &rest[prefix..];
    let quote = if body.starts_with("\"\"\"") || body.starts_with("'''") {
        &body[..3]
    } else {
        &body[..1]
    };
    let mut j = quote.len();
    let bytes = body.as_bytes();
    while j < bytes.len() {
        // Compared as bytes: `j` steps over the bytes of a character that is not ASCII.
        if bytes[j..].starts_with(quote.as_bytes()) {
            return Ok(Some(i + prefix + j + quote.len()));
        }
        match bytes[j] {
            b'\\' if !raw => j += 2,
            b'\n' | b'\r' if quote.len() == 1 => break,
            _ => j += 1,
        }
    }
    Err(err(i, "token recognition error: unterminated string"))
}

fn number(b: &[u8], mut i: usize) -> usize {
    let digits = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
    };
    if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X')) {
        i += 2;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
    } else {
        digits(&mut i);
        if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits(&mut i);
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                i = j;
                digits(&mut i);
            }
        }
    }
    if matches!(b.get(i), Some(b'u' | b'U')) {
        i += 1;
    }
    i
}

struct Parser {
    toks: Vec<Spanned>,
    pos: usize,
    depth: usize,
}

/// Check that `src` is one CEL expression.
pub(super) fn check(src: &str) -> Result<(), String> {
    let mut p = Parser {
        toks: lex(src)?,
        pos: 0,
        depth: 0,
    };
    p.expr()?;
    match p.peek() {
        Tok::End => Ok(()),
        _ => Err(p.unexpected()),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Tok::Op(o) if *o == op) {
            self.pos += 1;
            return true;
        }
        false
    }

    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn unexpected(&self) -> String {
        let (tok, col) = &self.toks[self.pos];
        let text = match tok {
            Tok::Ident(s) => s.clone(),
            Tok::Literal => "literal".into(),
            Tok::Op(o) => (*o).into(),
            Tok::End => "<EOF>".into(),
        };
        err(*col, format!("mismatched input '{text}'"))
    }

    fn expr(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > 250 {
            return Err(err(
                self.toks[self.pos].1,
                "expression recursion limit exceeded",
            ));
        }
        self.binary(0)?;
        if self.eat("?") {
            self.binary(0)?;
            self.expect(":")?;
            self.expr()?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// Binary operators by precedence level: `||`, `&&`, relations, `+ -`, `* / %`.
    fn binary(&mut self, level: usize) -> Result<(), String> {
        const LEVELS: [&[&str]; 5] = [
            &["||"],
            &["&&"],
            &["<", "<=", ">=", ">", "==", "!=", "in"],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        let Some(ops) = LEVELS.get(level) else {
            return self.unary();
        };
        self.binary(level + 1)?;
        while ops.iter().any(|op| self.eat(op)) {
            self.binary(level + 1)?;
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<(), String> {
        while self.eat("!") || self.eat("-") {}
        self.member()
    }

    fn member(&mut self) -> Result<(), String> {
        self.primary()?;
        loop {
            if self.eat(".") {
                self.ident()?;
                if self.eat("(") {
                    self.list(")", false)?;
                }
            } else if self.eat("[") {
                self.expr()?;
                self.expect("]")?;
            } else if matches!(self.toks[self.pos - 1].0, Tok::Ident(_)) && self.eat("{") {
                self.field_inits()?;
            } else {
                return Ok(());
            }
        }
    }

    fn ident(&mut self) -> Result<(), String> {
        match self.peek() {
            Tok::Ident(name) if RESERVED.contains(&name.as_str()) => {
                let col = self.toks[self.pos].1;
                Err(err(col, format!("reserved identifier: {name}")))
            }
            Tok::Ident(_) => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.unexpected()),
        }
    }

    fn primary(&mut self) -> Result<(), String> {
        match self.peek().clone() {
            Tok::Literal => {
                self.pos += 1;
                Ok(())
            }
            Tok::Ident(_) => {
                self.ident()?;
                if self.eat("(") {
                    self.list(")", false)?;
                }
                Ok(())
            }
            Tok::Op(".") => {
                self.pos += 1;
                self.ident()?;
                if self.eat("(") {
                    self.list(")", false)?;
                }
                Ok(())
            }
            Tok::Op("(") => {
                self.pos += 1;
                self.expr()?;
                self.expect(")")
            }
            Tok::Op("[") => {
                self.pos += 1;
                self.list("]", true)
            }
            Tok::Op("{") => {
                self.pos += 1;
                self.map_inits()
            }
            _ => Err(self.unexpected()),
        }
    }

    /// Expressions separated by commas up to `close` (a trailing comma where allowed).
    fn list(&mut self, close: &str, trailing: bool) -> Result<(), String> {
        if self.eat(close) {
            return Ok(());
        }
        loop {
            self.expr()?;
            if self.eat(close) {
                return Ok(());
            }
            self.expect(",")?;
            if trailing && self.eat(close) {
                return Ok(());
            }
        }
    }

    fn map_inits(&mut self) -> Result<(), String> {
        self.entries(Self::expr)
    }

    fn field_inits(&mut self) -> Result<(), String> {
        self.entries(Self::ident)
    }

    /// `key: value` entries up to `}`, a trailing comma allowed; maps and message
    /// literals differ only in what a key is.
    fn entries(&mut self, key: fn(&mut Self) -> Result<(), String>) -> Result<(), String> {
        if self.eat("}") {
            return Ok(());
        }
        loop {
            key(self)?;
            self.expect(":")?;
            self.expr()?;
            if self.eat("}") {
                return Ok(());
            }
            self.expect(",")?;
            if self.eat("}") {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn cel_syntax() {
        for ok in [
            "response.code >= 400",
            "connection.mtls && request.url_path.contains('v1beta3')",
            "response.code",
            "a ? b : c[1] in [1, 2,]",
            "{'a': 1}.size() == 1 && x.y{f: 1}.f == 1",
            "r\"raw\\\" == b'x' || -1.5e3 < 0x1Fu",
        ] {
            assert!(check(ok).is_ok(), "{ok}: {:?}", check(ok));
        }
        for bad in [")++++", "a &&", "a = b", "(a", "a.if", "'open", "f(a,)"] {
            assert!(check(bad).is_err(), "{bad}");
        }
    }

    /// Characters of more than one byte inside a string literal, also after a backslash, are
    /// read without splitting them (a fuzzed Telemetry filter found the split).
    #[test]
    fn strings_with_characters_of_several_bytes() {
        for ok in [r#"'ļ' == "é""#, r"'\ļ' == x", "'''ļ\nļ''' == x"] {
            assert!(check(ok).is_ok(), "{ok}: {:?}", check(ok));
        }
        for bad in ["'31333s33<<ļ<<", r"'\ļ", "\"ļ\nx\""] {
            let message = check(bad).expect_err(bad);
            assert!(message.contains("unterminated string"), "{bad}: {message}");
        }
    }
}
