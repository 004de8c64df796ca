//! Go's `net/netip` address and prefix parsing, with its exact acceptance and error texts:
//! Istio checks traffic annotations (and many validation fields) with it, and its messages
//! reach users in the pod's denial.

/// A parsed address: what callers need to know about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Addr {
    pub is_ipv6: bool,
    pub has_zone: bool,
}

/// `netip.ParseAddr`; the error is Go's text, `ParseAddr("…"): …`.
pub fn parse_addr(s: &str) -> Result<Addr, String> {
    let v4 = Addr {
        is_ipv6: false,
        has_zone: false,
    };
    for b in s.bytes() {
        match b {
            b'.' => return parse_ipv4_fields(s, 0, s.len()).map(|_| v4),
            b':' => return parse_ipv6(s),
            b'%' => return Err(addr_error(s, "missing IPv6 address", None)),
            _ => {}
        }
    }
    Err(addr_error(s, "unable to parse IP", None))
}

/// `netip.ParsePrefix`; the error is Go's text, `netip.ParsePrefix("…"): …`.
pub fn parse_prefix(s: &str) -> Result<(), String> {
    let fail = |msg: &str| Err(format!("netip.ParsePrefix({s:?}): {msg}"));
    let Some(slash) = s.rfind('/') else {
        return fail("no '/'");
    };
    let addr = match parse_addr(&s[..slash]) {
        Ok(addr) => addr,
        Err(e) => return fail(&e),
    };
    if addr.has_zone {
        return fail("IPv6 zones cannot be present in a prefix");
    }
    let bits = &s[slash + 1..];
    let bad_bits = || fail(&format!("bad bits after slash: {bits:?}"));
    if bits.len() > 1 && !(b'1'..=b'9').contains(&bits.as_bytes()[0]) {
        return bad_bits();
    }
    let Ok(n) = bits.parse::<i64>() else {
        return bad_bits();
    };
    let max = if addr.is_ipv6 { 128 } else { 32 };
    if !(0..=max).contains(&n) {
        return fail("prefix length out of range");
    }
    Ok(())
}

fn addr_error(input: &str, msg: &str, at: Option<&str>) -> String {
    match at {
        Some(at) if !at.is_empty() => format!("ParseAddr({input:?}): {msg} (at {at:?})"),
        _ => format!("ParseAddr({input:?}): {msg}"),
    }
}

/// The four dotted fields of `input[start..end]`.
fn parse_ipv4_fields(input: &str, start: usize, end: usize) -> Result<(), String> {
    let s = &input.as_bytes()[start..end];
    let (mut val, mut pos, mut digits) = (0u32, 0, 0);
    for (i, &c) in s.iter().enumerate() {
        match c {
            b'0'..=b'9' => {
                if digits == 1 && val == 0 {
                    return Err(addr_error(
                        input,
                        "IPv4 field has octet with leading zero",
                        None,
                    ));
                }
                val = val * 10 + u32::from(c - b'0');
                digits += 1;
                if val > 255 {
                    return Err(addr_error(input, "IPv4 field has value >255", None));
                }
            }
            b'.' => {
                if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                    let at = &input[start + i..end];
                    return Err(addr_error(
                        input,
                        "IPv4 field must have at least one digit",
                        Some(at),
                    ));
                }
                if pos == 3 {
                    return Err(addr_error(input, "IPv4 address too long", None));
                }
                pos += 1;
                val = 0;
                digits = 0;
            }
            _ => {
                let at = &input[start + i..end];
                return Err(addr_error(input, "unexpected character", Some(at)));
            }
        }
    }
    if pos < 3 {
        return Err(addr_error(input, "IPv4 address too short", None));
    }
    Ok(())
}

fn parse_ipv6(input: &str) -> Result<Addr, String> {
    let (mut s, has_zone) = match input.find('%') {
        Some(i) if i + 1 == input.len() => {
            return Err(addr_error(input, "zone must be a non-empty string", None));
        }
        Some(i) => (&input[..i], true),
        None => (input, false),
    };
    let addr = Addr {
        is_ipv6: true,
        has_zone,
    };
    let body_end = s.len();
    let mut ellipsis: Option<usize> = None;
    if s.starts_with("::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(addr);
        }
    }
    let mut i = 0; // bytes of the 16-byte address filled
    while i < 16 {
        let bytes = s.as_bytes();
        let mut off = 0;
        let mut acc = 0u32;
        while off < bytes.len() {
            let digit = match bytes[off] {
                c @ b'0'..=b'9' => c - b'0',
                c @ b'a'..=b'f' => c - b'a' + 10,
                c @ b'A'..=b'F' => c - b'A' + 10,
                _ => break,
            };
            acc = (acc << 4) + u32::from(digit);
            if off > 3 {
                return Err(addr_error(
                    input,
                    "each group must have 4 or less digits",
                    Some(s),
                ));
            }
            if acc > u32::from(u16::MAX) {
                return Err(addr_error(input, "IPv6 field has value >=2^16", Some(s)));
            }
            off += 1;
        }
        if off == 0 {
            return Err(addr_error(
                input,
                "each colon-separated field must have at least one digit",
                Some(s),
            ));
        }
        if bytes.get(off) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return Err(addr_error(
                    input,
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    Some(s),
                ));
            }
            if i + 4 > 16 {
                return Err(addr_error(
                    input,
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    Some(s),
                ));
            }
            parse_ipv4_fields(input, body_end - s.len(), body_end)?;
            s = "";
            i += 4;
            break;
        }
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if !s.starts_with(':') {
            return Err(addr_error(
                input,
                "unexpected character, want colon",
                Some(s),
            ));
        }
        if s.len() == 1 {
            return Err(addr_error(
                input,
                "colon must be followed by more characters",
                Some(s),
            ));
        }
        s = &s[1..];
        if s.starts_with(':') {
            if ellipsis.is_some() {
                return Err(addr_error(input, "multiple :: in address", Some(s)));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(addr_error(input, "trailing garbage after address", Some(s)));
    }
    match (i < 16, ellipsis) {
        (true, None) => Err(addr_error(input, "address string too short", None)),
        (false, Some(_)) => Err(addr_error(
            input,
            "the :: must expand to at least one field of zeros",
            Some(s),
        )),
        _ => Ok(addr),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_go_accepts() {
        for ok in [
            "10.0.0.1",
            "::",
            "::1",
            "fe80::1%eth0",
            "2001:db8::ff00:42:8329",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
        ] {
            assert!(parse_addr(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn errors_read_as_go_writes_them() {
        for (input, want) in [
            (
                "10.0.0.256",
                "ParseAddr(\"10.0.0.256\"): IPv4 field has value >255",
            ),
            (
                "010.0.0.1",
                "ParseAddr(\"010.0.0.1\"): IPv4 field has octet with leading zero",
            ),
            ("10.0.0", "ParseAddr(\"10.0.0\"): IPv4 address too short"),
            (
                "10..0.1",
                "ParseAddr(\"10..0.1\"): IPv4 field must have at least one digit (at \".0.1\")",
            ),
            (
                "10.0.0.x",
                "ParseAddr(\"10.0.0.x\"): unexpected character (at \"x\")",
            ),
            ("abc", "ParseAddr(\"abc\"): unable to parse IP"),
            (
                "1::2::3",
                "ParseAddr(\"1::2::3\"): multiple :: in address (at \":3\")",
            ),
            (
                "12345::",
                "ParseAddr(\"12345::\"): each group must have 4 or less digits (at \"12345::\")",
            ),
            ("1:2", "ParseAddr(\"1:2\"): address string too short"),
        ] {
            assert_eq!(parse_addr(input).unwrap_err(), want, "{input}");
        }
    }

    #[test]
    fn prefixes() {
        assert_eq!(parse_prefix("10.0.0.0/8"), Ok(()));
        assert_eq!(parse_prefix("::/0"), Ok(()));
        for (input, msg) in [
            ("10.0.0.0", "no '/'"),
            ("10.0.0.0/33", "prefix length out of range"),
            ("10.0.0.0/08", "bad bits after slash: \"08\""),
            ("10.0.0.0/", "bad bits after slash: \"\""),
            (
                "fe80::1%eth0/64",
                "IPv6 zones cannot be present in a prefix",
            ),
            (
                "10.0.0.256/8",
                "ParseAddr(\"10.0.0.256\"): IPv4 field has value >255",
            ),
        ] {
            assert_eq!(
                parse_prefix(input).unwrap_err(),
                format!("netip.ParsePrefix({input:?}): {msg}")
            );
        }
    }
}
