//! The parts of Go's `net/url` parsing whose errors Istio reports: `Parse` and
//! `ParseRequestURI` accept or reject the same strings, with the same error texts.

/// What Istio looks at in a parsed URL.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Url {
    pub scheme: String,
    /// `host[:port]` of the authority, if there is one.
    pub host: String,
}

impl Url {
    /// The port after the host, if any (Go's `URL.Port`).
    pub fn port(&self) -> &str {
        match self.host.rfind(':') {
            Some(i) if self.host[i + 1..].bytes().all(|b| b.is_ascii_digit()) => {
                &self.host[i + 1..]
            }
            _ => "",
        }
    }
}

/// `url.Parse`: any URL reference; a `#fragment` is split off first.
pub fn parse(raw: &str) -> Result<Url, String> {
    let (u, frag) = raw.split_once('#').unwrap_or((raw, ""));
    let url = parse_inner(u, false).map_err(|e| wrap(u, &e))?;
    if !frag.is_empty() {
        unescape(frag, Mode::Other).map_err(|e| wrap(raw, &e))?;
    }
    Ok(url)
}

/// `url.ParseRequestURI`: an absolute URL or an absolute path, no fragment.
pub fn parse_request_uri(raw: &str) -> Result<Url, String> {
    parse_inner(raw, true).map_err(|e| wrap(raw, &e))
}

fn wrap(url: &str, err: &str) -> String {
    // Go's `%q`: a control character prints as `\b`, where Rust's `{:?}` has `\u{8}`.
    format!("parse {}: {err}", crate::compat::gofmt::go_quote(url))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Host,
    Other,
}

fn parse_inner(raw: &str, via_request: bool) -> Result<Url, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".into());
    }
    if raw == "*" {
        return Ok(Url::default());
    }
    let (scheme, rest) = split_scheme(raw)?;
    let mut url = Url {
        scheme: scheme.to_ascii_lowercase(),
        ..Url::default()
    };
    let rest = if rest.ends_with('?') && rest.matches('?').count() == 1 {
        &rest[..rest.len() - 1]
    } else {
        rest.split_once('?').map_or(rest, |(r, _)| r)
    };
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".into());
        }
        let segment = rest.split('/').next().unwrap_or_default();
        if segment.contains(':') {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }
    let mut path = rest;
    let authority_form = !url.scheme.is_empty() || (!via_request && !rest.starts_with("///"));
    if authority_form && rest.starts_with("//") {
        let after = &rest[2..];
        let (authority, p) = match after.find('/') {
            Some(i) => (&after[..i], &after[i..]),
            None => (after, ""),
        };
        url.host = parse_authority(&url.scheme, authority)?;
        path = p;
    }
    unescape(path, Mode::Other)?;
    Ok(url)
}

/// A leading `scheme:`, if the string has one.
fn split_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

fn parse_authority(scheme: &str, authority: &str) -> Result<String, String> {
    let (userinfo, host) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let host = parse_host(scheme, host)?;
    if let Some(user) = userinfo {
        let valid = user
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._:~!$&'()*+,;=%@".contains(&b) || b >= 0x80);
        if !valid {
            return Err("net/url: invalid userinfo".into());
        }
        for part in user.splitn(2, ':') {
            unescape(part, Mode::Other)?;
        }
    }
    Ok(host)
}

fn parse_host(scheme: &str, host: &str) -> Result<String, String> {
    match host.rfind('[') {
        Some(i) if i > 0 => return Err("invalid IP-literal".into()),
        Some(_) => {
            let close = host.rfind(']').ok_or("missing ']' in host")?;
            let port = &host[close + 1..];
            if !valid_optional_port(port) {
                return Err(format!("invalid port {port:?} after host"));
            }
            let literal = &host[1..close];
            let literal = literal.split_once("%25").map_or(literal, |(a, _)| a);
            let unescaped = unescape(literal, Mode::Host)?;
            return match unescaped.parse::<std::net::IpAddr>() {
                Ok(std::net::IpAddr::V6(_)) => Ok(host.to_string()),
                Ok(_) => Err("invalid IP-literal".into()),
                Err(_) => Err(format!(
                    "invalid host: ParseAddr({unescaped:?}): unable to parse IP"
                )),
            };
        }
        None => {}
    }
    if let Some(first) = host.find(':') {
        let last = host.rfind(':').unwrap_or(first);
        let i = if scheme == "http" || scheme == "https" {
            first
        } else {
            last
        };
        let port = &host[i..];
        if !valid_optional_port(port) {
            return Err(format!("invalid port {port:?} after host"));
        }
    }
    unescape(host, Mode::Host)?;
    Ok(host.to_string())
}

fn valid_optional_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
}

/// Check `%XX` escapes (and, in a host, the characters allowed); the unescaped text.
fn unescape(s: &str, mode: Mode) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let ok =
                    i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit();
                if !ok {
                    let end = (i + 3).min(b.len());
                    return Err(format!("invalid URL escape {:?}", &s[i..end]));
                }
                let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or_default();
                if mode == Mode::Host && v < 0x80 && &s[i..i + 3] != "%25" {
                    return Err(format!("invalid URL escape {:?}", &s[i..i + 3]));
                }
                out.push(v);
                i += 3;
            }
            c => {
                if mode == Mode::Host && c < 0x80 && !host_char(c) {
                    return Err(format!(
                        "invalid character {:?} in host name",
                        (c as char).to_string()
                    ));
                }
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn host_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!\"$&'()*+,-.:;<=>[]_~".contains(&c)
}
