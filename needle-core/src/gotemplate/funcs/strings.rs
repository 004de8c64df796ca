//! Sprig's string functions. Their string operand comes last (it is the one a pipeline
//! passes) and may be any value, printed as Sprig's `strval` does.

use crate::compat::gofmt::go_quote;
use crate::gotemplate::value::{int_arg, invalid, strval, to_template};
use minijinja::value::{Rest, Value as MjValue, ValueKind};
use minijinja::{Environment, Error};
use serde_json::{Map, Value};

/// Sprig's `trunc`: the first `n` bytes, or for a negative `n` the last `-n` (Go slices
/// strings by byte; a cut inside a character moves to keep the text whole).
pub fn trunc(s: &str, n: i64) -> String {
    if n < 0 {
        let start = s.len() as i64 + n;
        if start <= 0 {
            return s.to_string();
        }
        return s[char_start(s, start as usize)..].to_string();
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

/// The first character boundary at or after byte `i`.
fn char_start(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.len())
}

/// Sprig's `trimAll`: the characters of `cutset` trimmed from both ends.
pub fn trim_all(s: &str, cutset: &str) -> String {
    s.trim_matches(|c| cutset.contains(c)).to_string()
}

/// The longest text `repeat` and `indent` may make: a pod's template output is far
/// smaller, and Go would run out of memory rather than fail for a huge count.
const MAX_TEXT_BYTES: usize = 1 << 20;

fn too_long(what: &str, bytes: usize) -> Error {
    invalid(&format!(
        "{what}: {bytes} bytes of text, more than the {MAX_TEXT_BYTES} needle allows"
    ))
}

/// Sprig's `indent`: every line padded, the first too.
pub fn indent(n: i64, s: &str) -> Result<String, Error> {
    let n = n.max(0) as usize;
    let lines = s.matches('\n').count() + 1;
    let bytes = n.saturating_mul(lines).saturating_add(s.len());
    if bytes > MAX_TEXT_BYTES {
        return Err(too_long("indent", bytes));
    }
    let pad = " ".repeat(n);
    Ok(format!("{pad}{}", s.replace('\n', &format!("\n{pad}"))))
}

/// Sprig's `substr`: bytes `start..end`; a negative start means from the beginning, an
/// end out of range or negative means to the end.
fn substr(start: i64, end: i64, s: &str) -> Result<String, Error> {
    let len = s.len() as i64;
    let (from, to) = if start < 0 {
        (0, end)
    } else if end < 0 || end > len {
        (start, len)
    } else {
        (start, end)
    };
    if from > to || to > len || to < 0 {
        return Err(invalid(&format!(
            "runtime error: slice bounds out of range [{from}:{to}]"
        )));
    }
    Ok(s[char_start(s, from as usize)..char_start(s, to as usize)].to_string())
}

/// `split`/`splitn`: the parts as a map `_0`, `_1`, ...
fn parts_map<'a>(parts: impl Iterator<Item = &'a str>) -> MjValue {
    let m: Map<String, Value> = parts
        .enumerate()
        .map(|(i, p)| (format!("_{i}"), Value::from(p)))
        .collect();
    to_template(Value::Object(m))
}

/// Sprig's `strslice` (`toStrings`, `join`): a list's items printed, nils left out; nil
/// is no item; any other value one.
pub fn strslice(v: &MjValue) -> Result<Vec<String>, Error> {
    Ok(match v.kind() {
        ValueKind::Seq | ValueKind::Iterable => v
            .try_iter()?
            .filter(|x| !x.is_none() && !x.is_undefined())
            .map(|x| strval(&x))
            .collect(),
        ValueKind::Undefined | ValueKind::None => vec![],
        _ => vec![strval(v)],
    })
}

/// Printed, non-nil arguments.
fn present(args: &[MjValue]) -> impl Iterator<Item = String> + '_ {
    args.iter()
        .filter(|a| !a.is_undefined() && !a.is_none())
        .map(strval)
}

pub(super) fn register_trimming(env: &mut Environment<'static>) {
    env.add_function(
        "gt_trunc",
        |n: MjValue, s: MjValue| -> Result<String, Error> { Ok(trunc(&strval(&s), int_arg(&n)?)) },
    );
    let trim_all_fn = |cut: String, s: MjValue| trim_all(&strval(&s), &cut);
    env.add_function("gt_trimAll", trim_all_fn);
    env.add_function("gt_trimall", trim_all_fn);
    env.add_function("gt_trim", |s: MjValue| strval(&s).trim().to_string());
    env.add_function("gt_trimPrefix", |p: String, s: MjValue| {
        let s = strval(&s);
        s.strip_prefix(p.as_str()).unwrap_or(&s).to_string()
    });
    env.add_function("gt_trimSuffix", |p: String, s: MjValue| {
        let s = strval(&s);
        s.strip_suffix(p.as_str()).unwrap_or(&s).to_string()
    });
    env.add_function("gt_nospace", |s: MjValue| {
        strval(&s)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
    });
}

pub(super) fn register_text(env: &mut Environment<'static>) {
    env.add_function("gt_quote", |args: Rest<MjValue>| {
        present(&args)
            .map(|s| go_quote(&s))
            .collect::<Vec<_>>()
            .join(" ")
    });
    env.add_function("gt_squote", |args: Rest<MjValue>| {
        present(&args)
            .map(|s| format!("'{s}'"))
            .collect::<Vec<_>>()
            .join(" ")
    });
    env.add_function("gt_cat", |args: Rest<MjValue>| {
        present(&args).collect::<Vec<_>>().join(" ")
    });
    env.add_function("gt_toString", |s: MjValue| strval(&s));
    env.add_function("gt_contains", |sub: String, s: MjValue| {
        strval(&s).contains(&sub)
    });
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
    env.add_function(
        "gt_repeat",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            let (n, s) = (int_arg(&n)?, strval(&s));
            if n < 0 {
                return Err(invalid("strings: negative Repeat count"));
            }
            let bytes = s.len().saturating_mul(n as usize);
            if bytes > MAX_TEXT_BYTES {
                return Err(too_long("repeat", bytes));
            }
            Ok(s.repeat(n as usize))
        },
    );
    env.add_function(
        "gt_indent",
        |n: MjValue, s: MjValue| -> Result<String, Error> { indent(int_arg(&n)?, &strval(&s)) },
    );
    env.add_function(
        "gt_nindent",
        |n: MjValue, s: MjValue| -> Result<String, Error> {
            Ok(format!("\n{}", indent(int_arg(&n)?, &strval(&s))?))
        },
    );
    env.add_function(
        "gt_substr",
        |start: MjValue, end: MjValue, s: MjValue| -> Result<String, Error> {
            substr(int_arg(&start)?, int_arg(&end)?, &strval(&s))
        },
    );
    env.add_function(
        "gt_plural",
        |one: String, many: String, n: MjValue| -> Result<String, Error> {
            Ok(if int_arg(&n)? == 1 { one } else { many })
        },
    );
}

pub(super) fn register_splitting(env: &mut Environment<'static>) {
    env.add_function("gt_splitList", |sep: String, s: MjValue| {
        let parts: Vec<String> = strval(&s).split(sep.as_str()).map(str::to_string).collect();
        MjValue::from(parts)
    });
    env.add_function("gt_split", |sep: String, s: MjValue| {
        parts_map(strval(&s).split(sep.as_str()))
    });
    env.add_function(
        "gt_splitn",
        |sep: String, n: MjValue, s: MjValue| -> Result<MjValue, Error> {
            let s = strval(&s);
            let n = int_arg(&n)?;
            Ok(match n {
                0 => parts_map(std::iter::empty()),
                n if n < 0 => parts_map(s.split(sep.as_str())),
                n => parts_map(s.splitn(n as usize, sep.as_str())),
            })
        },
    );
    env.add_function("gt_toStrings", |v: MjValue| -> Result<MjValue, Error> {
        Ok(MjValue::from(strslice(&v)?))
    });
    env.add_function(
        "gt_join",
        |sep: String, v: MjValue| -> Result<String, Error> { Ok(strslice(&v)?.join(&sep)) },
    );
    env.add_function("gt_sortAlpha", |v: MjValue| -> Result<MjValue, Error> {
        let mut items = match v.kind() {
            ValueKind::Seq | ValueKind::Iterable => strslice(&v)?,
            _ => vec![strval(&v)],
        };
        items.sort();
        Ok(MjValue::from(items))
    });
}
