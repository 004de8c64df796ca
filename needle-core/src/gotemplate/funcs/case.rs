//! Sprig's functions that change the case and shape of words: `title`, `untitle`,
//! `swapcase`, `camelcase`, `snakecase`, `kebabcase`, `initials`, `abbrev`, `abbrevboth`,
//! `wrap`, `wrapWith`.

use super::words::lower_words;
use crate::gotemplate::value::{int_arg, strval};
use minijinja::value::Value as MjValue;
use minijinja::{Environment, Error};

pub(super) fn register_case(env: &mut Environment<'static>) {
    env.add_function("gt_title", |s: MjValue| title(&strval(&s)));
    env.add_function("gt_untitle", |s: MjValue| untitle(&strval(&s)));
    env.add_function("gt_swapcase", |s: MjValue| swapcase(&strval(&s)));
    env.add_function("gt_camelcase", |s: MjValue| pascal_case(&strval(&s)));
    env.add_function("gt_snakecase", |s: MjValue| lower_words(&strval(&s), '_'));
    env.add_function("gt_kebabcase", |s: MjValue| lower_words(&strval(&s), '-'));
    env.add_function("gt_initials", |s: MjValue| initials(&strval(&s)));
    env.add_function(
        "gt_abbrev",
        |width: MjValue, s: MjValue| -> Result<String, Error> {
            let (w, s) = (int_arg(&width)?, strval(&s));
            Ok(if w < 4 {
                s.clone()
            } else {
                abbreviate(&s, 0, w)
            })
        },
    );
    env.add_function(
        "gt_abbrevboth",
        |left: MjValue, right: MjValue, s: MjValue| -> Result<String, Error> {
            let (l, r, s) = (int_arg(&left)?, int_arg(&right)?, strval(&s));
            Ok(if r < 4 || (l > 0 && r < 7) {
                s.clone()
            } else {
                abbreviate(&s, l, r)
            })
        },
    );
    env.add_function(
        "gt_wrap",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            Ok(wrap(&strval(&s), int_arg(&n)?, "\n", false))
        },
    );
    env.add_function(
        "gt_wrapWith",
        |n: MjValue, sep: String, s: MjValue| -> Result<String, Error> {
            Ok(wrap(&strval(&s), int_arg(&n)?, &sep, true))
        },
    );
}

/// Go's `strings.Title`: a letter after a separator (not a letter, digit or `_`) upper.
fn title(s: &str) -> String {
    let separator = |c: char| {
        if c.is_ascii() {
            !(c.is_ascii_alphanumeric() || c == '_')
        } else {
            c.is_whitespace()
        }
    };
    let mut prev = ' ';
    s.chars()
        .map(|c| {
            let out = if separator(prev) {
                c.to_uppercase().next().unwrap_or(c)
            } else {
                c
            };
            prev = c;
            out
        })
        .collect()
}

/// The first letter of each whitespace-separated word lowered.
fn untitle(s: &str) -> String {
    let mut next = true;
    s.chars()
        .map(|c| {
            if c.is_whitespace() {
                next = true;
                c
            } else if next {
                next = false;
                c.to_lowercase().next().unwrap_or(c)
            } else {
                c
            }
        })
        .collect()
}

/// Upper to lower and lower to upper (a word's first letter to title case).
fn swapcase(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_uppercase() {
                c.to_lowercase().next().unwrap_or(c)
            } else if c.is_lowercase() {
                c.to_uppercase().next().unwrap_or(c)
            } else {
                c
            }
        })
        .collect()
}

fn connector(c: char) -> bool {
    c == '-' || c == '_' || c.is_whitespace()
}

/// `camelcase` (xstrings' `ToPascalCase`): leading connectors kept, a connector before a
/// letter dropped and the letter upper, a run of connectors shortened by one.
fn pascal_case(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() && connector(chars[i]) {
        out.push(chars[i]);
        i += 1;
    }
    let mut upper_next = true;
    while i < chars.len() {
        let c = chars[i];
        let next_is_word = chars.get(i + 1).is_some_and(|n| !connector(*n));
        if connector(c) && next_is_word {
            upper_next = true;
        } else if connector(c) {
            if i + 1 == chars.len() || chars.get(i + 1).is_some_and(|n| connector(*n)) {
                out.push(c);
            }
        } else if upper_next {
            out.extend(c.to_uppercase());
            upper_next = false;
        } else {
            out.push(c);
        }
        i += 1;
    }
    out
}

/// The first character of each whitespace-separated word.
fn initials(s: &str) -> String {
    let mut gap = true;
    let mut out = String::new();
    for c in s.chars() {
        if c.is_whitespace() {
            gap = true;
        } else if gap {
            out.push(c);
            gap = false;
        }
    }
    out
}

/// goutils' `AbbreviateFull`: `s` cut to `width` bytes with `...`, around `offset`.
fn abbreviate(s: &str, offset: i64, width: i64) -> String {
    let len = s.len() as i64;
    if width < 4 || len <= width {
        return s.to_string();
    }
    let cut = |a: i64, b: i64| -> String {
        let a = a.clamp(0, len) as usize;
        let b = b.clamp(0, len) as usize;
        s.get(a..b).map_or_else(
            || String::from_utf8_lossy(&s.as_bytes()[a..b]).into_owned(),
            str::to_string,
        )
    };
    let mut offset = offset.min(len);
    if len - offset < width - 3 {
        offset = len - (width - 3);
    }
    if offset <= 4 {
        return format!("{}...", cut(0, width - 3));
    }
    if width < 7 {
        return s.to_string();
    }
    if offset + width - 3 < len {
        return format!("...{}", abbreviate(&cut(offset, len), 0, width - 3));
    }
    format!("...{}", cut(len - (width - 3), len))
}

/// goutils' `WrapCustom`: lines of at most `width` bytes broken at spaces; a longer word
/// is broken too when `long_words`.
fn wrap(s: &str, width: i64, newline: &str, long_words: bool) -> String {
    let b = s.as_bytes();
    let width = width.max(1) as usize;
    let text = |a: usize, z: usize| String::from_utf8_lossy(&b[a..z]).into_owned();
    let mut out = String::new();
    let mut offset = 0;
    while b.len() - offset > width {
        if b[offset] == b' ' {
            offset += 1;
            continue;
        }
        let end = width + offset + 1;
        if let Some(space) = b[offset..end].iter().rposition(|&c| c == b' ') {
            out += &text(offset, offset + space);
            out += newline;
            offset += space + 1;
        } else if long_words {
            out += &text(offset, offset + width);
            out += newline;
            offset += width;
        } else {
            let end = width + offset;
            match b[end..].iter().position(|&c| c == b' ') {
                None => {
                    out += &text(offset, b.len());
                    offset = b.len();
                }
                Some(i) => {
                    out += &text(offset, end + i);
                    out += newline;
                    offset = end + i + 1;
                }
            }
        }
    }
    out + &text(offset, b.len())
}
