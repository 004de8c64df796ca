//! VirtualService HTTP routes as Istio's `validateHTTPRoute` checks them: which actions may
//! appear together, matches, destinations, mirrors and header manipulation. What a route
//! does besides routing (redirects, rewrites, retries, faults, CORS) is in `http_policies`.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::validate::common::re2::validate_regex;
use crate::validate::common::{
    self, Duration, Report, is_dns1123_label, validate_subset_name, validate_tag_labels,
    validate_wildcard_domain,
};
use crate::validate::virtual_service::http_headers::{
    is_authority_header, validate_header_name_or_claim, validate_header_op, validate_header_value,
    validate_request_header_op,
};
use crate::validate::virtual_service::http_policies::{
    CorsPolicy, DirectResponse, Fault, Redirect, Retry, Rewrite, validate_cors,
    validate_direct_response, validate_fault, validate_redirect, validate_retry, validate_rewrite,
};
use crate::validate::virtual_service::validate_gateway_names;

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
pub struct MirrorPolicy {
    pub destination: Option<Destination>,
    pub percentage: Option<Percent>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Percent {
    pub value: f64,
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

pub(super) fn string_match_oneof(report: &mut Report, sm: &StringMatch) {
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
pub(super) fn validate_string_match_regex(
    report: &mut Report,
    sm: Option<&StringMatch>,
    place: &str,
) {
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
