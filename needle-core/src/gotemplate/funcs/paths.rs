//! Sprig's paths: Go's `path` (`base`, `dir`, `clean`, `ext`, `isAbs`) and `path/filepath`
//! (`osBase`, ...), which on Linux, where needle runs, are the same slash-separated rules.

use crate::gotemplate::value::strval;
use minijinja::Environment;
use minijinja::value::Value as MjValue;

/// Go's `path.Clean`: `.` and `..` resolved lexically, slashes collapsed.
pub fn clean(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = vec![];
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            ".." if rooted => {}
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// Go's `path.Base`: the last element, trailing slashes dropped.
fn base(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let trimmed = p.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

/// Go's `path.Dir`: all but the last element, cleaned.
fn dir(p: &str) -> String {
    let cut = p.rfind('/').map_or(0, |i| i + 1);
    clean(&p[..cut])
}

/// Go's `path.Ext`: from the last dot of the last element.
fn ext(p: &str) -> String {
    let last = p.rsplit('/').next().unwrap_or(p);
    last.rfind('.')
        .map_or_else(String::new, |i| last[i..].to_string())
}

pub(super) fn register_paths(env: &mut Environment<'static>) {
    for prefix in ["gt_", "gt_os"] {
        let name = |f: &str| {
            let f = if prefix == "gt_os" {
                let mut c = f.chars();
                c.next()
                    .map_or_else(String::new, |h| h.to_uppercase().chain(c).collect())
            } else {
                f.to_string()
            };
            format!("{prefix}{f}")
        };
        env.add_function(name("base"), |s: MjValue| base(&strval(&s)));
        env.add_function(name("dir"), |s: MjValue| dir(&strval(&s)));
        env.add_function(name("clean"), |s: MjValue| clean(&strval(&s)));
        env.add_function(name("ext"), |s: MjValue| ext(&strval(&s)));
        env.add_function(name("isAbs"), |s: MjValue| strval(&s).starts_with('/'));
    }
}
