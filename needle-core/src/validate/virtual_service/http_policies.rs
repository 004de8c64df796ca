//! What an HTTP route does besides routing, as Istio checks it: redirects, direct responses,
//! rewrites, retries, fault injection and CORS.

use serde::Deserialize;

use super::http_headers::is_header_name;
use super::http_route::{
    HttpMatch, Percent, StringMatch, string_match_oneof, validate_string_match_regex,
};
use crate::validate::common::re2::validate_regex;
use crate::validate::common::{self, Duration, Report};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Redirect {
    pub uri: String,
    pub authority: String,
    pub port: Option<u32>,
    pub derive_port: Option<RedirectPortSelection>,
    pub scheme: String,
    pub redirect_code: u32,
    pub prefix_rewrite: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.HTTPRedirect.RedirectPortSelection")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum RedirectPortSelection {
    FROM_PROTOCOL_DEFAULT,
    FROM_REQUEST_PORT,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct DirectResponse {
    pub status: u32,
    pub body: Option<Body>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Body {
    pub string: Option<String>,
    pub bytes: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Rewrite {
    pub uri: String,
    pub authority: String,
    pub uri_regex_rewrite: Option<RegexRewrite>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct RegexRewrite {
    #[serde(rename = "match")]
    pub matches: String,
    pub rewrite: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Retry {
    pub attempts: i32,
    pub per_try_timeout: Option<Duration>,
    pub retry_on: String,
    pub retry_remote_localities: Option<bool>,
    pub retry_ignore_previous_hosts: Option<bool>,
    pub backoff: Option<Duration>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct CorsPolicy {
    pub allow_origin: Vec<String>,
    pub allow_origins: Vec<StringMatch>,
    pub allow_methods: Vec<String>,
    pub allow_headers: Vec<String>,
    pub expose_headers: Vec<String>,
    pub max_age: Option<Duration>,
    pub allow_credentials: Option<bool>,
    pub unmatched_preflights: Option<UnmatchedPreflights>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.CorsPolicy.UnmatchedPreflights")]
#[allow(clippy::upper_case_acronyms)]
pub enum UnmatchedPreflights {
    UNSPECIFIED,
    FORWARD,
    IGNORE,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Fault {
    pub delay: Option<Delay>,
    pub abort: Option<Abort>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Delay {
    pub percent: i32,
    pub fixed_delay: Option<Duration>,
    pub exponential_delay: Option<Duration>,
    pub percentage: Option<Percent>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Abort {
    pub http_status: Option<i32>,
    pub grpc_status: Option<String>,
    pub http2_error: Option<String>,
    pub percentage: Option<Percent>,
}

const CORS_METHODS: [&str; 10] = [
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT", "OPTIONS", "TRACE", "*",
];

const GRPC_STATUSES: [&str; 17] = [
    "OK",
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
];

const RETRY_ON_POLICIES: [&str; 16] = [
    "5xx",
    "gateway-error",
    "reset",
    "reset-before-request",
    "connect-failure",
    "retriable-4xx",
    "refused-stream",
    "retriable-status-codes",
    "retriable-headers",
    "envoy-ratelimited",
    "http3-post-connect-failure",
    "cancelled",
    "deadline-exceeded",
    "internal",
    "resource-exhausted",
    "unavailable",
];

/// Whether Go's `net/http.StatusText` knows the code.
fn is_known_http_status(code: i64) -> bool {
    matches!(code,
        100..=103 | 200..=208 | 226 | 300..=305 | 307 | 308 | 400..=418 | 421..=426 | 428 | 429
        | 431 | 451 | 500..=508 | 510 | 511)
}

pub fn validate_redirect(r: &Redirect, matches: &[Option<HttpMatch>]) -> Result<(), String> {
    if !r.uri.is_empty() && !r.prefix_rewrite.is_empty() {
        return Err("redirect may only specify one of uri or prefix_rewrite".into());
    }
    if !r.prefix_rewrite.is_empty()
        && matches
            .iter()
            .flatten()
            .any(|m| m.uri.as_ref().is_some_and(|u| u.prefix.is_none()))
    {
        return Err(
            "redirect prefix_rewrite requires all URI matches to use prefix match type".into(),
        );
    }
    if r.uri.is_empty()
        && r.prefix_rewrite.is_empty()
        && r.authority.is_empty()
        && r.port.is_none()
        && r.derive_port.is_none()
        && r.scheme.is_empty()
    {
        return Err("redirect must specify URI, authority, scheme, or port".into());
    }
    if r.redirect_code != 0 && !(300..=399).contains(&r.redirect_code) {
        return Err(format!(
            "{} is not a valid redirect code, must be 3xx",
            r.redirect_code
        ));
    }
    if !r.scheme.is_empty() && r.scheme != "http" && r.scheme != "https" {
        return Err("invalid redirect scheme, must be \"http\" or \"https\"".into());
    }
    if let Some(p) = r.port.filter(|p| *p > 0) {
        common::validate_port(i64::from(p))?;
    }
    Ok(())
}

/// Protobuf JSON `bytes`: standard or URL-safe base64, padded or not.
fn is_base64(s: &str) -> bool {
    let body = s.trim_end_matches('=');
    let padding = s.len() - body.len();
    body.bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_'))
        && body.len() % 4 != 1
        && padding <= 2
        && (padding == 0 || s.len().is_multiple_of(4))
}

pub fn validate_http_status(status: i64) -> Result<(), String> {
    if !(200..=600).contains(&status) {
        return Err(format!("HTTP status {status} is not in range 200-599"));
    }
    Ok(())
}

pub fn validate_direct_response(report: &mut Report, d: &DirectResponse) {
    if let Some(body) = &d.body {
        report.oneof(
            "specifier",
            &[
                ("string", body.string.is_some()),
                ("bytes", body.bytes.is_some()),
            ],
        );
        if let Some(b) = &body.bytes
            && !is_base64(b)
        {
            report.decode_error(format!("invalid value for bytes field bytes: {b:?}"));
        }
        let size = match (&body.string, &body.bytes) {
            (Some(s), _) => s.len(),
            // Base64 text: the decoded size.
            (None, Some(b)) => b.trim_end_matches('=').len() * 3 / 4,
            (None, None) => 0,
        };
        if size > 1024 * 1024 {
            report.error("large direct_responses may impact control plane performance, must be less than 1MB");
        } else if size > 100 * 1024 {
            report.warning("large direct_responses may impact control plane performance");
        }
    }
    report.check(validate_http_status(i64::from(d.status)));
}

/// `ValidateHTTPRetry`.
pub fn validate_retry(report: &mut Report, r: &Retry) {
    if r.attempts < 0 {
        report.listed_error("attempts cannot be negative");
    }
    if r.attempts == 0
        && (r.per_try_timeout.is_some()
            || !r.retry_on.is_empty()
            || r.retry_remote_localities.is_some())
    {
        report.error("http retry policy configured when attempts are set to 0 (disabled)");
    }
    if let Some(d) = r.per_try_timeout {
        report.check(d.check());
    }
    if !r.retry_on.is_empty() {
        for policy in r.retry_on.split(',') {
            let code = policy.parse::<i64>().unwrap_or(0);
            if !is_known_http_status(code) && !RETRY_ON_POLICIES.contains(&policy) {
                report.error(format!("{policy:?} is not a valid retryOn policy"));
            }
        }
    }
    if let Some(d) = r.backoff {
        report.check(d.check());
    }
}

pub fn validate_rewrite(r: &Rewrite) -> Result<(), String> {
    if !r.uri.is_empty() && r.uri_regex_rewrite.is_some() {
        return Err("rewrite may only contain one of URI or UriRegexRewrite".into());
    }
    if r.uri.is_empty() && r.uri_regex_rewrite.is_none() && r.authority.is_empty() {
        return Err("rewrite must specify at least one of URI, UriRegexRewrite, or authority. Only one of URI or UriRegexRewrite may be specified".into());
    }
    if let Some(rr) = &r.uri_regex_rewrite {
        validate_uri_regex_rewrite(rr).map_err(|e| format!("UriRegexRewrite has errors\n{e}"))?;
    }
    Ok(())
}

/// `validateURIRegexRewrite`.
pub fn validate_uri_regex_rewrite(rr: &RegexRewrite) -> Result<(), String> {
    if rr.matches.is_empty() || rr.rewrite.is_empty() {
        return Err(
            "UriRegexRewrite requires both Rewrite and Match fields to be specified".into(),
        );
    }
    validate_regex(&rr.matches, "HTTPRewrite.UriRegexRewrite.Match")
}

pub fn validate_cors(report: &mut Report, c: &CorsPolicy) {
    for origin in &c.allow_origins {
        string_match_oneof(report, origin);
        let value = origin
            .exact
            .as_deref()
            .or(origin.prefix.as_deref())
            .or(origin.regex.as_deref())
            .unwrap_or_default();
        if value.is_empty() {
            report.error("'' is not a valid match type for CORS allow origins");
        } else {
            validate_string_match_regex(report, Some(origin), "corsPolicy.allowOrigins");
        }
    }
    for m in &c.allow_methods {
        if !CORS_METHODS.contains(&m.as_str()) {
            report.error(format!("{m:?} is not a supported HTTP method"));
        }
    }
    for name in c.allow_headers.iter().chain(c.expose_headers.iter()) {
        if name.is_empty() {
            report.error("header name cannot be empty");
        } else if name != "*" && !is_header_name(name) {
            report.error(format!("header name {name} is not a valid header name"));
        }
    }
    if let Some(d) = c.max_age {
        report.check(d.check());
        if d.0 % 1_000_000_000 > 0 {
            report.listed_error("max_age duration is accurate only to seconds precision");
        }
    }
}

fn validate_percentage(p: Option<&Percent>) -> Result<(), String> {
    let Some(p) = p else { return Ok(()) };
    let v = p.value;
    if !(0.0..=100.0).contains(&v) || (v > 0.0 && v < 0.0001) {
        return Err(format!(
            "percentage {} is neither 0.0, nor in range [0.0001, 100.0]",
            go_float(v)
        ));
    }
    Ok(())
}

/// Go's `%v` for a float64: the shortest form, in exponent notation outside [1e-4, 1e6).
fn go_float(v: f64) -> String {
    let exp = if v == 0.0 {
        0
    } else {
        v.abs().log10().floor() as i32
    };
    if (-4..6).contains(&exp) {
        return format!("{v}");
    }
    let s = format!("{v:e}");
    let (mantissa, e) = s.split_once('e').unwrap_or((&s, "0"));
    let (sign, digits) = match e.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', e),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

pub fn validate_fault(report: &mut Report, f: &Fault) {
    if f.abort.is_none() && f.delay.is_none() {
        report.listed_error("HTTP fault injection must have an abort and/or a delay");
    }
    if let Some(a) = &f.abort {
        report.errors_only(|report| validate_abort(report, a));
    }
    if let Some(d) = &f.delay {
        validate_delay(report, d);
    }
}

/// `validateHTTPFaultInjectionAbort`.
pub fn validate_abort(report: &mut Report, a: &Abort) {
    {
        report.oneof(
            "error_type",
            &[
                ("httpStatus", a.http_status.is_some()),
                ("grpcStatus", a.grpc_status.is_some()),
                ("http2Error", a.http2_error.is_some()),
            ],
        );
        report.check(validate_percentage(a.percentage.as_ref()));
        if let Some(s) = &a.grpc_status {
            if !GRPC_STATUSES.contains(&s.as_str()) {
                report.error(format!("gRPC status {s:?} is not supported. See https://github.com/grpc/grpc/blob/master/doc/statuscodes.md for a list of supported codes, for example 'NOT_FOUND'"));
            }
        } else if a.http2_error.is_some() {
            report.error("HTTP/2 abort fault injection not supported yet");
        } else if let Some(s) = a.http_status {
            report.check(validate_http_status(i64::from(s)));
        } else {
            report.warning("abort configured, but error type not set");
        }
    }
}

/// `validateHTTPFaultInjectionDelay`.
pub fn validate_delay(report: &mut Report, d: &Delay) {
    {
        report.oneof(
            "http_delay_type",
            &[
                ("fixedDelay", d.fixed_delay.is_some()),
                ("exponentialDelay", d.exponential_delay.is_some()),
            ],
        );
        report.check(validate_percentage(d.percentage.as_ref()));
        if let Some(fd) = d.fixed_delay {
            report.check(fd.check());
        } else if let Some(ed) = d.exponential_delay {
            report.check(ed.check());
            report.listed_error("exponentialDelay not supported yet");
        }
    }
}
