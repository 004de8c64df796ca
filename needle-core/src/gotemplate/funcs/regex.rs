//! Sprig's regular expressions (Go's RE2 syntax, which the `regex` crate shares). The
//! plain forms treat a bad pattern as Sprig does (`regexMatch` is false, the others fail
//! as Go's `MustCompile` panics); the `must` forms fail with the compile error.

use crate::gotemplate::value::{int_arg, invalid, strval};
use minijinja::value::Value as MjValue;
use minijinja::{Environment, Error};
use regex::Regex;

fn compile(re: &str) -> Result<Regex, Error> {
    Regex::new(re).map_err(|e| invalid(&format!("regexp: Compile({re:?}): {e}")))
}

/// Go's `n`: a negative count means all.
fn limit(n: &MjValue) -> Result<Option<usize>, Error> {
    let n = int_arg(n)?;
    Ok((n >= 0).then_some(n as usize))
}

fn find_all(re: String, s: MjValue, n: MjValue) -> Result<Vec<String>, Error> {
    let re = compile(&re)?;
    let s = strval(&s);
    let found = re.find_iter(&s).map(|m| m.as_str().to_string());
    Ok(match limit(&n)? {
        Some(n) => found.take(n).collect(),
        None => found.collect(),
    })
}

fn split(re: String, s: MjValue, n: MjValue) -> Result<Vec<String>, Error> {
    let re = compile(&re)?;
    let s = strval(&s);
    Ok(match limit(&n)? {
        Some(0) => vec![],
        Some(n) => re.splitn(&s, n).map(str::to_string).collect(),
        None => re.split(&s).map(str::to_string).collect(),
    })
}

fn replace_all(re: String, s: MjValue, repl: String) -> Result<String, Error> {
    Ok(compile(&re)?
        .replace_all(&strval(&s), repl.as_str())
        .into_owned())
}

fn replace_all_literal(re: String, s: MjValue, repl: String) -> Result<String, Error> {
    Ok(compile(&re)?
        .replace_all(&strval(&s), regex::NoExpand(&repl))
        .into_owned())
}

fn find(re: String, s: MjValue) -> Result<String, Error> {
    Ok(compile(&re)?
        .find(&strval(&s))
        .map_or_else(String::new, |m| m.as_str().to_string()))
}

/// Go's `regexp.QuoteMeta`: the characters special to RE2 escaped, nothing else.
fn quote_meta(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if r"\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

pub(super) fn register_regex(env: &mut Environment<'static>) {
    env.add_function("gt_regexMatch", |re: String, s: MjValue| {
        Regex::new(&re).is_ok_and(|re| re.is_match(&strval(&s)))
    });
    env.add_function(
        "gt_mustRegexMatch",
        |re: String, s: MjValue| -> Result<bool, Error> { Ok(compile(&re)?.is_match(&strval(&s))) },
    );
    for name in ["gt_regexFindAll", "gt_mustRegexFindAll"] {
        env.add_function(name, find_all);
    }
    for name in ["gt_regexFind", "gt_mustRegexFind"] {
        env.add_function(name, find);
    }
    for name in ["gt_regexReplaceAll", "gt_mustRegexReplaceAll"] {
        env.add_function(name, replace_all);
    }
    for name in ["gt_regexReplaceAllLiteral", "gt_mustRegexReplaceAllLiteral"] {
        env.add_function(name, replace_all_literal);
    }
    for name in ["gt_regexSplit", "gt_mustRegexSplit"] {
        env.add_function(name, split);
    }
    env.add_function("gt_regexQuoteMeta", |s: MjValue| quote_meta(&strval(&s)));
}
