//! VirtualService HTTP routes: matches, destinations, redirects, direct responses, rewrites,
//! retries, fault injection, CORS and header manipulation, as Istio's `validateHTTPRoute`
//! checks them.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::core::validate::common::re2::validate_regex;
use crate::core::validate::common::{
    self, Duration, Report, is_dns1123_label, validate_subset_name, validate_tag_labels,
    validate_wildcard_domain,
};
use crate::core::validate::virtual_service::http_headers::{
    is_authority_header, is_header_name, validate_header_name_or_claim, validate_header_op,
    validate_header_value, validate_request_header_op,
};
use crate::core::validate::virtual_service::validate_gateway_names;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HttpRoute {
    pub name: String,
    #[serde(rename = "match")]
    pub matches: Vec<Option<HttpMatch>>,
    pub route: Vec<Option<HttpRouteDestination>>,
    pub redirect: Option<Redirect>,
    pub direct_response: Option<DirectResponse>,
    pub delegate: Option<Delegate>,
    pub rewrite: Option<Rewrite>,
    pub timeout: Option<Duration>,
    pub retries: Option<Retry>,
    pub fault: Option<Fault>,
    pub mirror: Option<Destination>,
    pub mirrors: Vec<Option<MirrorPolicy>>,
    pub mirror_percent: Option<u32>,
    pub mirror_percentage: Option<Percent>,
    pub cors_policy: Option<CorsPolicy>,
    pub headers: Option<Headers>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HttpMatch {
    pub name: String,
    pub uri: Option<StringMatch>,
    pub scheme: Option<StringMatch>,
    pub method: Option<StringMatch>,
    pub authority: Option<StringMatch>,
    pub headers: BTreeMap<String, Option<StringMatch>>,
    pub port: u32,
    pub source_labels: BTreeMap<String, String>,
    pub gateways: Vec<String>,
    pub query_params: BTreeMap<String, Option<StringMatch>>,
    pub ignore_uri_case: bool,
    pub without_headers: BTreeMap<String, Option<StringMatch>>,
    pub source_namespace: String,
    pub stat_prefix: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct StringMatch {
    pub exact: Option<String>,
    pub prefix: Option<String>,
    pub regex: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Destination {
    pub host: String,
    pub subset: String,
    pub port: Option<PortSelector>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct PortSelector {
    pub number: u32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HttpRouteDestination {
    pub destination: Option<Destination>,
    pub weight: i32,
    pub headers: Option<Headers>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Headers {
    pub request: Option<HeaderOperations>,
    pub response: Option<HeaderOperations>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HeaderOperations {
    pub set: BTreeMap<String, String>,
    pub add: BTreeMap<String, String>,
    pub remove: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Delegate {
    pub name: String,
    pub namespace: String,
}

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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct MirrorPolicy {
    pub destination: Option<Destination>,
    pub percentage: Option<Percent>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Percent {
    pub value: f64,
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

fn validate_headers(report: &mut Report, headers: Option<&Headers>) {
    let Some(h) = headers else { return };
    if let Some(req) = &h.request {
        for (name, value) in req.add.iter().chain(req.set.iter()) {
            report.check(validate_request_header_op(name));
            report.check(validate_header_value(value));
        }
        for name in &req.remove {
            report.check(validate_header_op(name));
        }
    }
    if let Some(resp) = &h.response {
        for (name, value) in resp.add.iter().chain(resp.set.iter()) {
            report.check(validate_header_op(name));
            report.check(validate_header_value(value));
        }
        for name in &resp.remove {
            report.check(validate_header_op(name));
        }
    }
}

fn string_match_oneof(report: &mut Report, sm: &StringMatch) {
    report.oneof(
        "match_type",
        &[
            ("exact", sm.exact.is_some()),
            ("prefix", sm.prefix.is_some()),
            ("regex", sm.regex.is_some()),
        ],
    );
}

/// `validateStringMatch`: prefixes may not be empty, regexes must compile.
fn validate_string_match(report: &mut Report, sm: Option<&StringMatch>, place: &str) {
    let Some(sm) = sm else { return };
    string_match_oneof(report, sm);
    if sm.prefix.as_deref() == Some("") {
        report.error(format!(
            "{place:?}: prefix string match should not be empty"
        ));
    }
    validate_string_match_regex(report, Some(sm), place);
}

/// `validateStringMatchRegexp`: only the regex form is checked.
fn validate_string_match_regex(report: &mut Report, sm: Option<&StringMatch>, place: &str) {
    let Some(re) = sm.and_then(|s| s.regex.as_deref()) else {
        return;
    };
    if re.is_empty() {
        report.error(format!("{place:?}: regex string match should not be empty"));
        return;
    }
    report.check(validate_regex(re, place));
}

fn validate_match_requests(report: &mut Report, route: &HttpRoute) {
    for m in route.matches.iter().flatten() {
        for (name, header) in &m.headers {
            if header.is_none() {
                report.error(format!("header match {name} cannot be null"));
            }
            report.check(validate_header_name_or_claim(name));
            validate_string_match(report, header.as_ref(), "headers");
        }
        for (name, header) in &m.without_headers {
            report.check(validate_header_name_or_claim(name));
            if let Some(h) = header
                && h.regex.as_deref() != Some("*")
            {
                validate_string_match(report, Some(h), "withoutHeaders");
            }
        }
        if let Some(uri) = &m.uri {
            string_match_oneof(report, uri);
        }
        validate_string_match_regex(report, m.uri.as_ref(), "uri");
        validate_string_match(report, m.scheme.as_ref(), "scheme");
        validate_string_match(report, m.method.as_ref(), "method");
        validate_string_match(report, m.authority.as_ref(), "authority");
        for qp in m.query_params.values() {
            validate_string_match(report, qp.as_ref(), "queryParams");
        }
    }
    for m in route.matches.iter().flatten() {
        if m.port != 0 {
            report.check(common::validate_port(i64::from(m.port)));
        }
        validate_tag_labels(&m.source_labels, report);
        report.errors_only(|report| validate_gateway_names(report, &m.gateways, false));
        if !m.source_namespace.is_empty() && !is_dns1123_label(&m.source_namespace) {
            report.error(format!(
                "sourceNamespace match {} is invalid",
                m.source_namespace
            ));
        }
    }
}

/// `validateHTTPRouteConflict`: which of route, redirect, direct response and delegate may
/// appear together.
fn validate_route_conflicts(report: &mut Report, r: &HttpRoute, delegate: bool) {
    if !delegate && r.delegate.is_some() {
        if r.redirect.is_some() {
            report.error(format!(
                "root HTTP route {} must not specify redirect",
                r.name
            ));
        }
        if !r.route.is_empty() {
            report.error(format!("root HTTP route {} must not specify route", r.name));
        }
        return;
    }
    if delegate && r.delegate.is_some() {
        report.error("delegate HTTP route cannot contain delegate");
    }
    if r.redirect.is_some() {
        if !r.route.is_empty() {
            report.error("HTTP route cannot contain both route and redirect");
        }
        if r.fault.is_some() {
            report.error("HTTP route cannot contain both fault and redirect");
        }
        if r.rewrite.is_some() {
            report.error("HTTP route rule cannot contain both rewrite and redirect");
        }
        if r.direct_response.is_some() {
            report.error("HTTP route rule cannot contain both direct_response and redirect");
        }
    } else if r.direct_response.is_some() {
        if !r.route.is_empty() {
            report.error("HTTP route cannot contain both route and direct_response");
        }
        if r.fault.is_some() {
            report.error("HTTP route cannot contain both fault and direct_response");
        }
        if r.rewrite.is_some() {
            report.error("HTTP route rule cannot contain both rewrite and direct_response");
        }
    } else if r.route.is_empty() {
        report.error("HTTP route, redirect or direct_response is required");
    }
    if r.mirror.is_some() && !r.mirrors.is_empty() {
        report.error("HTTP route cannot contain both mirror and mirrors");
    }
}

/// `validateHTTPRoute`; `delegate` says whether the route belongs to a delegate VirtualService.
pub fn validate_http_route(
    report: &mut Report,
    r: &HttpRoute,
    delegate: bool,
    gateway_semantics: bool,
) {
    validate_route_conflicts(report, r, delegate);
    validate_match_requests(report, r);
    validate_headers(report, r.headers.as_ref());
    if let Some(c) = &r.cors_policy {
        validate_cors(report, c);
    }
    if let Some(f) = &r.fault {
        validate_fault(report, f);
    }
    if let Some(p) = r.mirror_percent {
        if p > 100 {
            report.error(format!(
                "mirror_percent must have a max value of 100 (it has {p})"
            ));
        }
        report.warning(
            "using deprecated setting \"mirrorPercent\", use \"mirrorPercentage\" instead",
        );
    }
    if let Some(p) = &r.mirror_percentage {
        if p.value > 100.0 {
            report.error(format!(
                "mirror_percentage must have a max value of 100 (it has {:.6})",
                p.value
            ));
        }
        if p.value < 0.0 {
            report.error(format!(
                "mirror_percentage must have a min value of 0 (it has {:.6})",
                p.value
            ));
        }
    }
    if let Some(m) = &r.mirror {
        validate_destination(report, m);
    }
    validate_mirrors(report, &r.mirrors);
    if let Some(rd) = &r.redirect {
        report.oneof(
            "redirect_port",
            &[
                ("port", rd.port.is_some()),
                ("derivePort", rd.derive_port.is_some()),
            ],
        );
        report.check(validate_redirect(rd, &r.matches));
    }
    if let Some(dr) = &r.direct_response {
        validate_direct_response(report, dr);
    }
    if let Some(rt) = &r.retries {
        validate_retry(report, rt);
    }
    if let Some(rw) = &r.rewrite {
        report.check(validate_rewrite(rw));
    }
    report.check(validate_authority_rewrite(r));
    validate_route_destinations(report, &r.route, gateway_semantics);
    if let Some(t) = r.timeout {
        report.check(t.check());
    }
}

fn validate_authority_rewrite(r: &HttpRoute) -> Result<(), String> {
    let mut current = r
        .rewrite
        .as_ref()
        .map(|rw| rw.authority.clone())
        .unwrap_or_default();
    let Some(req) = r.headers.as_ref().and_then(|h| h.request.as_ref()) else {
        return Ok(());
    };
    for (k, v) in req.set.iter().chain(req.add.iter()) {
        if !is_authority_header(k) {
            continue;
        }
        if !current.is_empty() {
            return Err(format!(
                "authority header cannot be set multiple times: have {current:?}, attempting to set {v:?}"
            ));
        }
        current = v.clone();
    }
    Ok(())
}

fn validate_route_destinations(
    report: &mut Report,
    routes: &[Option<HttpRouteDestination>],
    gateway_semantics: bool,
) {
    validate_weighted_destinations(
        report,
        routes,
        gateway_semantics,
        |r| (r.destination.as_ref(), r.weight),
        |report, r| validate_headers(report, r.headers.as_ref()),
    );
}

/// Istio's `validateRouteDestinations` and its HTTP twin: every destination present and valid
/// (not checked for gateways), no negative weight, and several destinations not all at weight
/// 0. `extra` checks what one kind of route destination adds (HTTP: headers).
pub fn validate_weighted_destinations<T>(
    report: &mut Report,
    routes: &[Option<T>],
    gateway_semantics: bool,
    parts: impl Fn(&T) -> (Option<&Destination>, i32),
    extra: impl Fn(&mut Report, &T),
) {
    let mut total: i64 = 0;
    for r in routes {
        let Some(r) = r else {
            report.listed_error("weight may not be nil");
            continue;
        };
        let (destination, weight) = parts(r);
        if destination.is_none() {
            report.listed_error("destination is required");
        }
        extra(report, r);
        if !gateway_semantics && let Some(d) = destination {
            validate_destination(report, d);
        }
        if weight < 0 {
            report.error(format!("weight {weight} < 0"));
        }
        total += i64::from(weight);
    }
    if routes.len() > 1 && total == 0 {
        report.error("total destination weight = 0");
    }
}

/// `validateDestination`.
pub fn validate_destination(report: &mut Report, d: &Destination) {
    if d.host == "*" {
        report.error(format!("invalid destination host {}", d.host));
    } else {
        report.check(validate_wildcard_domain(&d.host));
    }
    if !d.subset.is_empty() {
        report.check(validate_subset_name(&d.subset));
    }
    if let Some(p) = &d.port {
        report.check(common::validate_port(i64::from(p.number)));
    }
}

fn validate_mirrors(report: &mut Report, mirrors: &[Option<MirrorPolicy>]) {
    for m in mirrors {
        let Some(m) = m else {
            report.error("mirror cannot be null");
            continue;
        };
        let Some(d) = &m.destination else {
            report.error("destination is required for mirrors");
            continue;
        };
        validate_destination(report, d);
        if let Some(p) = &m.percentage {
            if p.value > 100.0 {
                report.error(format!(
                    "mirror percentage must have a max value of 100 (it has {:.6})",
                    p.value
                ));
            }
            if p.value < 0.0 {
                report.error(format!(
                    "mirror percentage must have a min value of 0 (it has {:.6})",
                    p.value
                ));
            }
        }
    }
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
