//! Sprig's string functions. Their string operand comes last (it is the one a pipeline
//! passes) and may be any value, printed as Sprig's `strval` does.

use super::printf::go_quote;
use crate::core::gotemplate::value::{int_arg, invalid, strval};
use minijinja::value::{Rest, Value as MjValue};
use minijinja::{Environment, Error};

/// Sprig's `trunc`: the first `n` bytes, or for a negative `n` the last `-n` (Go slices
/// strings by byte; a cut inside a character moves to keep the text whole).
pub fn trunc(s: &str, n: i64) -> String {
    if n < 0 {
        let start = s.len() as i64 + n;
        if start <= 0 {
            return s.to_string();
        }
        let mut start = start as usize;
        while !s.is_char_boundary(start) {
            start += 1;
        }
        return s[start..].to_string();
    }
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if s.len() <= n {
        return s.to_string();
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

/// Sprig's `trimAll`: the characters of `cutset` trimmed from both ends.
pub fn trim_all(s: &str, cutset: &str) -> String {
    s.trim_matches(|c| cutset.contains(c)).to_string()
}

pub(super) fn register_trimming(env: &mut Environment<'static>) {
    env.add_function(
        "gt_trunc",
        |n: MjValue, s: MjValue| -> Result<String, Error> { Ok(trunc(&strval(&s), int_arg(&n)?)) },
    );
    env.add_function("gt_trimAll", |cut: String, s: MjValue| {
        trim_all(&strval(&s), &cut)
    });
    env.add_function("gt_trim", |s: MjValue| strval(&s).trim().to_string());
    env.add_function("gt_trimPrefix", |p: String, s: MjValue| {
        let s = strval(&s);
        s.strip_prefix(p.as_str()).unwrap_or(&s).to_string()
    });
    env.add_function("gt_trimSuffix", |p: String, s: MjValue| {
        let s = strval(&s);
        s.strip_suffix(p.as_str()).unwrap_or(&s).to_string()
    });
}

pub(super) fn register_text(env: &mut Environment<'static>) {
    env.add_function("gt_quote", |args: Rest<MjValue>| {
        args.iter()
            .filter(|a| !a.is_undefined() && !a.is_none())
            .map(|a| go_quote(&strval(a)))
            .collect::<Vec<_>>()
            .join(" ")
    });
    env.add_function("gt_toString", |s: MjValue| strval(&s));
    env.add_function("gt_hasPrefix", |p: String, s: MjValue| {
        strval(&s).starts_with(&p)
    });
    env.add_function("gt_hasSuffix", |p: String, s: MjValue| {
        strval(&s).ends_with(&p)
    });
    env.add_function("gt_replace", |old: String, new: String, s: MjValue| {
        strval(&s).replace(&old, &new)
    });
    env.add_function("gt_lower", |s: MjValue| strval(&s).to_lowercase());
    env.add_function("gt_upper", |s: MjValue| strval(&s).to_uppercase());
    env.add_function("gt_toUpper", |s: MjValue| strval(&s).to_uppercase());
    env.add_function(
        "gt_repeat",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            Ok(strval(&s).repeat(int_arg(&n)?.max(0) as usize))
        },
    );
    // Sprig's `nindent` pads every line, the first too, after a leading newline (unlike
    // Istio's `indent`).
    env.add_function(
        "gt_nindent",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            let pad = " ".repeat(int_arg(&n)?.max(0) as usize);
            Ok(format!(
                "\n{pad}{}",
                strval(&s).replace('\n', &format!("\n{pad}"))
            ))
        },
    );
}

pub(super) fn register_regex(env: &mut Environment<'static>) {
    env.add_function(
        "gt_regexMatch",
        |re: String, s: MjValue| -> Result<bool, Error> {
            let re = regex::Regex::new(&re).map_err(|e| invalid(&e.to_string()))?;
            Ok(re.is_match(&strval(&s)))
        },
    );
    env.add_function(
        "gt_regexReplaceAll",
        |re: String, s: MjValue, repl: String| -> Result<String, Error> {
            let re = regex::Regex::new(&re).map_err(|e| invalid(&e.to_string()))?;
            Ok(re.replace_all(&strval(&s), repl.as_str()).into_owned())
        },
    );
}
