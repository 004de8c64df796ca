//! Splitting a Go template into text and actions, and actions into tokens.

use super::TranslateError;

/// A piece of the template: literal text, or the inside of an action with its position.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    Text(String),
    Action { body: String, pos: Pos },
}

/// A 1-based line and column in the template text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.col)
    }
}

fn pos_at(text: &str, offset: usize) -> Pos {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Pos { line, col }
}

/// Split on `{{ }}`, applying `{{- ` / ` -}}` trimming and dropping comments.
pub fn split(text: &str) -> Result<Vec<Piece>, TranslateError> {
    let mut pieces = Vec::new();
    let mut rest_start = 0;
    let mut trim_next = false;
    while let Some(found) = text[rest_start..].find("{{") {
        let open = rest_start + found;
        let mut lit = &text[rest_start..open];
        if trim_next {
            lit = lit.trim_start_matches(is_space);
        }
        let mut inner_start = open + 2;
        let after = &text[inner_start..];
        if after.starts_with('-') && after[1..].starts_with(is_space) {
            lit = lit.trim_end_matches(is_space);
            inner_start += 1;
        }
        if !lit.is_empty() {
            pieces.push(Piece::Text(lit.to_string()));
        }
        let pos = pos_at(text, open);
        let close = find_close(text, inner_start)
            .ok_or_else(|| TranslateError::new(pos, "unclosed action (no matching \"}}\")"))?;
        let mut inner_end = close;
        trim_next = false;
        let inner = &text[inner_start..close];
        if inner.ends_with('-') && inner[..inner.len() - 1].ends_with(is_space) {
            inner_end -= 1;
            trim_next = true;
        }
        let body = text[inner_start..inner_end].trim();
        if body.starts_with("/*") {
            if !body.ends_with("*/") {
                return Err(TranslateError::new(pos, "unclosed comment"));
            }
        } else {
            pieces.push(Piece::Action {
                body: body.to_string(),
                pos,
            });
        }
        rest_start = close + 2;
    }
    let mut lit = &text[rest_start..];
    if trim_next {
        lit = lit.trim_start_matches(is_space);
    }
    if !lit.is_empty() {
        pieces.push(Piece::Text(lit.to_string()));
    }
    Ok(pieces)
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// The offset of the `}}` closing an action, skipping quoted strings and comments.
fn find_close(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => {
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'`' => {
                i += 1;
                while i < b.len() && b[i] != b'`' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/")?;
                i += 2 + end + 1;
            }
            b'}' if b.get(i + 1) == Some(&b'}') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// A token inside an action.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// `.A.B` (fields on the dot); empty for `.` itself.
    Field(Vec<String>),
    /// `$x.A.B`; the name is "" for `$`.
    Var(String, Vec<String>),
    /// `.A.B` right after a `)`: fields of the parenthesised value.
    Chain(Vec<String>),
    Ident(String),
    Str(String),
    Num(String),
    LParen,
    RParen,
    Pipe,
    Declare,
    Assign,
    Comma,
}

/// Tokenize the inside of an action.
pub fn tokens(body: &str, pos: Pos) -> Result<Vec<Tok>, TranslateError> {
    let err = |m: String| TranslateError::new(pos, m);
    let chars: Vec<char> = body.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    let fields = |i: &mut usize| -> Vec<String> {
        let mut fs = Vec::new();
        while *i < chars.len() && chars[*i] == '.' {
            let start = *i + 1;
            let mut j = start;
            while j < chars.len() && ident_char(chars[j]) {
                j += 1;
            }
            if j == start {
                break;
            }
            fs.push(chars[start..j].iter().collect());
            *i = j;
        }
        fs
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' | '\r' | '\n' => i += 1,
            '(' => {
                out.push(Tok::LParen);
                i += 1;
            }
            ')' => {
                out.push(Tok::RParen);
                i += 1;
                if i < chars.len() && chars[i] == '.' {
                    out.push(Tok::Chain(fields(&mut i)));
                }
            }
            '|' => {
                out.push(Tok::Pipe);
                i += 1;
            }
            ',' => {
                out.push(Tok::Comma);
                i += 1;
            }
            ':' if chars.get(i + 1) == Some(&'=') => {
                out.push(Tok::Declare);
                i += 2;
            }
            '=' => {
                out.push(Tok::Assign);
                i += 1;
            }
            '.' if chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) => {
                let (n, j) = number(&chars, i);
                out.push(Tok::Num(n));
                i = j;
            }
            '.' => {
                let fs = fields(&mut i);
                if fs.is_empty() {
                    i += 1;
                }
                out.push(Tok::Field(fs));
            }
            '$' => {
                let mut j = i + 1;
                while j < chars.len() && ident_char(chars[j]) {
                    j += 1;
                }
                let name: String = chars[i + 1..j].iter().collect();
                i = j;
                out.push(Tok::Var(name, fields(&mut i)));
            }
            '"' => {
                let mut s = String::new();
                let mut j = i + 1;
                loop {
                    let Some(&ch) = chars.get(j) else {
                        return Err(err("unterminated quoted string".into()));
                    };
                    j += 1;
                    match ch {
                        '"' => break,
                        '\\' => s.push(escaped(&chars, &mut j).map_err(err)?),
                        other => s.push(other),
                    }
                }
                out.push(Tok::Str(s));
                i = j;
            }
            '`' => {
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '`')
                    .ok_or_else(|| err("unterminated raw string".into()))?;
                out.push(Tok::Str(chars[i + 1..i + 1 + end].iter().collect()));
                i += end + 2;
            }
            '\'' => {
                let ch = *chars
                    .get(i + 1)
                    .ok_or_else(|| err("unterminated character constant".into()))?;
                if chars.get(i + 2) != Some(&'\'') {
                    return Err(err("unsupported character constant".into()));
                }
                out.push(Tok::Num((ch as u32).to_string()));
                i += 3;
            }
            c if c.is_ascii_digit()
                || ((c == '-' || c == '+')
                    && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())) =>
            {
                let (n, j) = number(&chars, i);
                out.push(Tok::Num(n));
                i = j;
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut j = i;
                while j < chars.len() && ident_char(chars[j]) {
                    j += 1;
                }
                out.push(Tok::Ident(chars[i..j].iter().collect()));
                i = j;
                if i < chars.len() && chars[i] == '.' {
                    return Err(err(format!(
                        "field access on {:?} is not supported",
                        chars[..i].iter().collect::<String>()
                    )));
                }
            }
            other => return Err(err(format!("unexpected character {other:?} in action"))),
        }
    }
    Ok(out)
}

fn number(chars: &[char], start: usize) -> (String, usize) {
    let mut j = start;
    if matches!(chars[j], '-' | '+') {
        j += 1;
    }
    while j < chars.len()
        && (chars[j].is_ascii_alphanumeric()
            || chars[j] == '.'
            || chars[j] == '_'
            || ((chars[j] == '-' || chars[j] == '+') && matches!(chars[j - 1], 'e' | 'E')))
    {
        j += 1;
    }
    (chars[start..j].iter().collect(), j)
}

/// The character a backslash escape in a quoted string stands for, as Go's `strconv.Unquote`
/// reads it (`at` is just past the backslash, and is moved past the escape): the one-letter
/// escapes, `\"` and `\\`, three octal digits, `\x` with two hex digits, `\u` with four
/// and `\U` with eight. Anything else is Go's parse error; an octal or `\x` byte above 0x7f
/// (not UTF-8 on its own) is refused, as needle's strings are UTF-8.
fn escaped(chars: &[char], at: &mut usize) -> Result<char, String> {
    let letter = *chars.get(*at).ok_or_else(invalid_escape)?;
    *at += 1;
    let code = match letter {
        'a' => 0x07,
        'b' => 0x08,
        'f' => 0x0c,
        'n' => 0x0a,
        'r' => 0x0d,
        't' => 0x09,
        'v' => 0x0b,
        '\\' | '"' => letter as u32,
        '0'..='7' => {
            *at -= 1;
            digits(chars, at, 3, 8)?
        }
        'x' => digits(chars, at, 2, 16)?,
        'u' => digits(chars, at, 4, 16)?,
        'U' => digits(chars, at, 8, 16)?,
        _ => return Err(invalid_escape()),
    };
    if matches!(letter, '0'..='7' | 'x') && code > 0x7f {
        return Err(format!(
            "a byte escape above \\x7f is not supported (\\x{code:02x})"
        ));
    }
    char::from_u32(code).ok_or_else(invalid_escape)
}

fn invalid_escape() -> String {
    "invalid syntax (a quoted string's escape)".to_string()
}

/// `count` digits of `radix` at `at`, as a number; `at` is moved past them.
fn digits(chars: &[char], at: &mut usize, count: usize, radix: u32) -> Result<u32, String> {
    let text: String = chars
        .get(*at..*at + count)
        .ok_or_else(invalid_escape)?
        .iter()
        .collect();
    *at += count;
    match text.chars().all(|c| c.is_digit(radix)) {
        true => u32::from_str_radix(&text, radix).map_err(|_| invalid_escape()),
        false => Err(invalid_escape()),
    }
}
