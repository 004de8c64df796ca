//! Sprig's `urlParse` and `urlJoin`, Go's `net/url` parts as a dict and back.

use super::dicts::{dict_entries, new_dict};
use crate::gotemplate::value::{invalid, strval};
use minijinja::value::{Value as MjValue, ValueKind};
use minijinja::{Environment, Error};
use std::collections::BTreeMap;

/// `%XX` decoded; a bad escape is an error as in Go.
fn unescape(s: &str) -> Result<String, Error> {
    let b = s.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            let byte = hex.ok_or_else(|| {
                invalid(&format!(
                    "unable to parse url: invalid URL escape {:?}",
                    s.get(i..(i + 3).min(s.len())).unwrap_or("%")
                ))
            })?;
            out.push(byte);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Go's path escaping: bytes outside the unreserved and path-safe sets as `%XX`.
fn escape(s: &str, keep: &str) -> String {
    s.bytes()
        .map(|c| {
            if c.is_ascii_alphanumeric() || b"-._~".contains(&c) || keep.as_bytes().contains(&c) {
                (c as char).to_string()
            } else {
                format!("%{c:02X}")
            }
        })
        .collect()
}

fn url_parse(v: MjValue) -> Result<MjValue, Error> {
    let text = strval(&v);
    let (rest, fragment) = match text.split_once('#') {
        Some((r, f)) => (r.to_string(), unescape(f)?),
        None => (text.clone(), String::new()),
    };
    let (mut rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r.to_string(), q.to_string()),
        None => (rest, String::new()),
    };
    let mut scheme = String::new();
    if let Some(i) = rest.find(':') {
        let s = &rest[..i];
        let valid = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if valid {
            scheme = s.to_ascii_lowercase();
            rest = rest[i + 1..].to_string();
        } else if i == 0 {
            return Err(invalid("unable to parse url: missing protocol scheme"));
        }
    }
    let (mut opaque, mut userinfo, mut host, mut path) =
        (String::new(), String::new(), String::new(), String::new());
    if let Some(auth) = rest.strip_prefix("//") {
        let (authority, p) = auth.split_at(auth.find('/').unwrap_or(auth.len()));
        match authority.rsplit_once('@') {
            Some((u, h)) => (userinfo, host) = (u.to_string(), h.to_string()),
            None => host = authority.to_string(),
        }
        path = unescape(p)?;
    } else if !scheme.is_empty() && !rest.starts_with('/') {
        opaque = rest;
    } else {
        path = unescape(&rest)?;
    }
    let hostname = if let Some(v6) = host.strip_prefix('[') {
        v6.split(']').next().unwrap_or("").to_string()
    } else {
        host.split(':').next().unwrap_or("").to_string()
    };
    let entries: BTreeMap<String, MjValue> = [
        ("scheme", scheme),
        ("host", host),
        ("hostname", hostname),
        ("path", path),
        ("query", query),
        ("opaque", opaque),
        ("fragment", fragment),
        ("userinfo", userinfo),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), MjValue::from(v)))
    .collect();
    Ok(new_dict(entries))
}

/// Go's `URL.String` of the dict's parts.
fn url_join(d: MjValue) -> Result<String, Error> {
    let m = dict_entries(&d, "urlJoin")?;
    let part = |k: &str| -> Result<String, Error> {
        match m.get(k) {
            None => Ok(String::new()),
            Some(v) if v.kind() == ValueKind::String => Ok(strval(v)),
            Some(v) => Err(invalid(&format!(
                "unable to parse {k} key, must be of type string, but {} found",
                crate::gotemplate::value::go_kind(v)
            ))),
        }
    };
    let (scheme, host, path) = (part("scheme")?, part("host")?, part("path")?);
    let (query, opaque, fragment, user) = (
        part("query")?,
        part("opaque")?,
        part("fragment")?,
        part("userinfo")?,
    );
    let mut out = String::new();
    if !scheme.is_empty() {
        out += &scheme;
        out.push(':');
    }
    if !opaque.is_empty() {
        out += &opaque;
    } else {
        if !scheme.is_empty() || !host.is_empty() || !user.is_empty() {
            if !host.is_empty() || !path.is_empty() || !user.is_empty() {
                out += "//";
            }
            if !user.is_empty() {
                out += &user;
                out.push('@');
            }
            out += &host;
        }
        if !path.is_empty() && !path.starts_with('/') && !host.is_empty() {
            out.push('/');
        }
        out += &escape(&path, "/;:@&=+$,!'()*");
    }
    if !query.is_empty() {
        out.push('?');
        out += &query;
    }
    if !fragment.is_empty() {
        out.push('#');
        out += &escape(&fragment, "/?;:@&=+$,!'()*");
    }
    Ok(out)
}

pub(super) fn register_urls(env: &mut Environment<'static>) {
    env.add_function("gt_urlParse", url_parse);
    env.add_function("gt_urlJoin", url_join);
}
