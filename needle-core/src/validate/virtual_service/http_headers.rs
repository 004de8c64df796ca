//! HTTP header names and values as Istio checks them in routes: RFC 7230 names, Istio's
//! JWT claim routing names, which headers may be set or removed, and Envoy's `%VARIABLE%`
//! syntax in values.

/// The header form of JWT claim routing (`@request.auth.claims.x`, `@request.auth.claims[x]`).
const JWT_CLAIM_HEADER: &str = "@request.auth.claims";

/// Whether a header name is Istio's JWT claim routing form.
pub fn is_jwt_claim_route(name: &str) -> bool {
    if !name.to_ascii_lowercase().starts_with(JWT_CLAIM_HEADER) {
        return false;
    }
    let rest = &name[JWT_CLAIM_HEADER.len()..];
    (rest.starts_with('.') && rest.len() > 1)
        || (rest.starts_with('[') && rest.ends_with(']') && rest.len() > 2)
}

/// RFC 7230 `tchar`s, plus `,`: Istio's character class writes `+-.` unescaped, which makes
/// it the range `+` to `.`.
pub fn is_header_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+,-.^_`|~".contains(&b))
}

/// `ValidateHTTPHeaderNameOrJwtClaimRoute`.
pub fn validate_header_name_or_claim(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("header name cannot be empty".into());
    }
    if is_jwt_claim_route(name)
        || [":method", ":scheme", ":authority", ":path", ":status"].contains(&name)
    {
        return Ok(());
    }
    if !is_header_name(name) {
        return Err(format!("header name {name} is not a valid header name"));
    }
    Ok(())
}

fn is_internal_header(name: &str) -> bool {
    name.starts_with(':') || name.eq_ignore_ascii_case("host")
}

pub fn is_authority_header(name: &str) -> bool {
    name.eq_ignore_ascii_case(":authority") || name.eq_ignore_ascii_case("host")
}

/// `ValidateHTTPHeaderWithAuthorityOperationName` (request headers set/added).
pub fn validate_request_header_op(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("header name cannot be empty".into());
    }
    if is_internal_header(name) && !is_authority_header(name) {
        return Err(format!(
            "invalid header {name:?}: header cannot have \":\" prefix"
        ));
    }
    Ok(())
}

/// `ValidateHTTPHeaderOperationName` (removals and response headers).
pub fn validate_header_op(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("header name cannot be empty".into());
    }
    if name.eq_ignore_ascii_case("host") {
        return Err(format!("invalid header {name:?}: cannot set Host header"));
    }
    if is_internal_header(name) {
        return Err(format!(
            "invalid header {name:?}: header cannot have \":\" prefix"
        ));
    }
    Ok(())
}

/// `ValidateHTTPHeaderValue`: no control characters, and `%` only in Envoy's
/// `%VARIABLE%`/`%VARIABLE(args)%` forms or escaped as `%%`.
pub fn validate_header_value(value: &str) -> Result<(), String> {
    if value
        .chars()
        .any(|c| matches!(c, '\u{0}'..='\u{8}' | '\u{a}'..='\u{1f}' | '\u{7f}'))
    {
        return Err(format!("header value configuration {value} is invalid"));
    }
    envoy_header_format(value).map_err(|e| format!("header value configuration: {e}"))
}

/// A port of Envoy's header formatter parser, which rejects malformed `%` expressions.
fn envoy_header_format(v: &str) -> Result<(), String> {
    #[derive(PartialEq)]
    enum S {
        Literal,
        VarName,
        ExpectArray,
        ExpectString,
        Str,
        ExpectDelimOrEnd,
        ExpectArgsEnd,
        ExpectVarEnd,
    }
    let b = v.as_bytes();
    let mut state = S::Literal;
    let mut pos = 0;
    while pos < b.len() {
        let ch = b[pos];
        let has_next = pos + 1 < b.len();
        match state {
            S::Literal if ch == b'%' => {
                if !has_next {
                    return Err("invalid header configuration. Un-escaped %".into());
                }
                if b[pos + 1] == b'%' {
                    pos += 1;
                } else {
                    state = S::VarName;
                }
            }
            S::Literal => {}
            S::VarName if ch == b'%' => state = S::Literal,
            S::VarName if ch == b'(' => state = S::ExpectArray,
            S::VarName => {}
            S::ExpectArray if ch == b'[' => state = S::ExpectString,
            S::ExpectArray if ch != b' ' => state = S::Str,
            S::ExpectArray => {}
            S::ExpectDelimOrEnd if ch == b',' => state = S::ExpectString,
            S::ExpectDelimOrEnd if ch == b']' => state = S::ExpectArgsEnd,
            S::ExpectDelimOrEnd if ch != b' ' => {
                return Err(
                    "invalid header configuration. Expecting ',', ']', or whitespace".into(),
                );
            }
            S::ExpectDelimOrEnd => {}
            S::ExpectString if ch == b'"' => state = S::Str,
            S::ExpectString if ch != b' ' => {
                return Err("invalid header configuration. Expecting '\"'".into());
            }
            S::ExpectString => {}
            S::Str if ch == b'\\' => {
                if !has_next {
                    return Err(
                        "invalid header configuration. Un-terminated backslash in JSON string"
                            .into(),
                    );
                }
                pos += 1;
            }
            S::Str if ch == b')' => state = S::ExpectVarEnd,
            S::Str if ch == b'"' => state = S::ExpectDelimOrEnd,
            S::Str => {}
            S::ExpectArgsEnd if ch == b')' => state = S::ExpectVarEnd,
            S::ExpectArgsEnd if ch != b' ' => {
                return Err("invalid header configuration. Expecting ')' or whitespace after '{}', but found '{}'".into());
            }
            S::ExpectArgsEnd => {}
            S::ExpectVarEnd if ch == b'%' => state = S::Literal,
            S::ExpectVarEnd if ch != b' ' => {
                return Err(
                    "invalid header configuration. Expecting '%' or whitespace after".into(),
                );
            }
            S::ExpectVarEnd => {}
        }
        pos += 1;
    }
    if state != S::Literal {
        return Err(format!(
            "invalid header configuration. Un-terminated variable expression '{v}'"
        ));
    }
    Ok(())
}
