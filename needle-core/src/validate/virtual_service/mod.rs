//! Validation of VirtualService (networking.istio.io), as Istio's `ValidateVirtualService`
//! does it: hosts, gateways, HTTP/TLS/TCP routes, and the warnings about rules that can
//! never match. The HTTP route rules are in the `http_route` submodule, header checks in
//! `http_headers`.

pub mod http_headers;
pub mod http_policies;
pub mod http_route;
mod unreachable;

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::validate::Meta;
use crate::validate::common::{
    self, Exporter, Report, is_dns1123_label, is_ip, validate_export_to, validate_fqdn,
    validate_tag_labels, validate_wildcard_domain,
};
use http_headers::is_jwt_claim_route;
use http_route::{Destination, HttpRoute, validate_http_route, validate_weighted_destinations};
use unreachable::analyze_unreachable;

/// Set on VirtualServices converted from Kubernetes Gateway API routes.
const ROUTE_SEMANTICS_ANNOTATION: &str = "internal.istio.io/route-semantics";
const MESH_GATEWAY: &str = "mesh";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct VirtualService {
    hosts: Vec<String>,
    gateways: Vec<String>,
    http: Vec<Option<HttpRoute>>,
    tls: Vec<Option<TlsRoute>>,
    tcp: Vec<Option<TcpRoute>>,
    export_to: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct TlsRoute {
    #[serde(rename = "match")]
    matches: Vec<Option<TlsMatch>>,
    route: Vec<Option<RouteDestination>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct TcpRoute {
    #[serde(rename = "match")]
    matches: Vec<Option<L4Match>>,
    route: Vec<Option<RouteDestination>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct TlsMatch {
    sni_hosts: Vec<String>,
    destination_subnets: Vec<String>,
    port: u32,
    source_labels: BTreeMap<String, String>,
    gateways: Vec<String>,
    source_namespace: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct L4Match {
    destination_subnets: Vec<String>,
    port: u32,
    source_subnet: String,
    source_labels: BTreeMap<String, String>,
    gateways: Vec<String>,
    source_namespace: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct RouteDestination {
    pub destination: Option<Destination>,
    pub weight: i32,
}

/// `host.Name.Matches`: the two hosts (possibly wildcards) overlap.
fn host_matches(a: &str, b: &str) -> bool {
    match (a.strip_prefix('*'), b.strip_prefix('*')) {
        (Some(a1), Some(b1)) => {
            if a.len() < b.len() {
                b1.ends_with(a1)
            } else {
                a1.ends_with(b1)
            }
        }
        (Some(a1), None) => b.ends_with(a1),
        (None, Some(b1)) => a.ends_with(b1),
        (None, None) => a == b,
    }
}

/// `host.Name.SubsetOf`: every name `a` matches is matched by `b`.
fn host_subset_of(a: &str, b: &str) -> bool {
    match (a.strip_prefix('*'), b.strip_prefix('*')) {
        (Some(a1), Some(b1)) => a.len() >= b.len() && a1.ends_with(b1),
        (Some(_), None) => false,
        (None, Some(b1)) => a.ends_with(b1),
        (None, None) => a == b,
    }
}

/// `ValidateWildcardDomainForVirtualServiceBoundToGateway`: SNI hosts may also be the
/// `outbound_.<PORT>_._.<HOSTNAME>` names Istio generates for AUTO_PASSTHROUGH.
pub fn validate_gateway_bound_domain(sni: bool, domain: &str) -> Result<(), String> {
    common::check_dns1123_preconditions(domain)?;
    if sni && domain.starts_with("outbound_") {
        let parts: Vec<&str> = domain.split('_').collect();
        if parts.len() < 4 {
            return Err(format!(
                "domain name {domain} invalid, should follow 'outbound_.<PORT>_._.<HOSTNAME>' format"
            ));
        }
        let port = parts[1].trim_matches('.');
        let hostname = parts[3].trim_matches('.');
        if parts[0] != "outbound" {
            return Err(format!(
                "domain name {domain:?} invalid (label {:?} invalid)",
                parts[0]
            ));
        }
        if !port.bytes().any(|b| b.is_ascii_digit()) {
            return Err(format!(
                "domain name {domain:?} invalid (label {port:?} invalid). should follow outbound_.<PORT>_._.<HOSTNAME> format"
            ));
        }
        if !hostname.bytes().any(|b| b.is_ascii_alphabetic()) {
            return Err(format!(
                "domain name {domain:?} invalid (label {hostname:?} invalid). should follow outbound_.<PORT>_._.<HOSTNAME> format"
            ));
        }
        return Ok(());
    }
    validate_wildcard_domain(domain)
}

/// `validateGatewayNames`; returns after the first name without a namespace, as Istio does.
pub fn validate_gateway_names(report: &mut Report, names: &[String], gateway_semantics: bool) {
    for name in names {
        let Some((ns, gw)) = name.split_once('/') else {
            if name.contains('.') {
                let parts: Vec<&str> = name.split('.').collect();
                report.warning(format!(
                    "using legacy gatewayName format {name:?}; prefer the <namespace>/<name> format: {:?}",
                    format!("{}/{}", parts[1], parts[0])
                ));
            }
            report.check(validate_fqdn(name));
            return;
        };
        if ns.is_empty() || gw.is_empty() {
            report.error("config namespace and gateway name cannot be empty");
        }
        if !is_dns1123_label(ns) {
            report.error(format!("invalid value for namespace: {ns:?}"));
        }
        if !is_dns1123_label(gw) && !gateway_semantics {
            report.error(format!("invalid value for gateway name: {gw:?}"));
        }
    }
}

/// `validateRouteDestinations` (TLS and TCP routes).
pub fn validate_route_destinations(
    report: &mut Report,
    routes: &[Option<RouteDestination>],
    gateway_semantics: bool,
) {
    validate_weighted_destinations(
        report,
        routes,
        gateway_semantics,
        |r| (r.destination.as_ref(), r.weight),
        |_, _| {},
    );
}

fn validate_l4_common(
    report: &mut Report,
    subnets: &[String],
    port: u32,
    labels: &BTreeMap<String, String>,
    gateways: &[String],
    gateway_warnings: bool,
) {
    for s in subnets {
        report.check(common::validate_ip_subnet(s));
    }
    if port != 0 {
        report.check(common::validate_port(i64::from(port)));
    }
    validate_tag_labels(labels, report);
    if gateway_warnings {
        validate_gateway_names(report, gateways, false);
    } else {
        report.errors_only(|report| validate_gateway_names(report, gateways, false));
    }
}

fn validate_tls_route(
    report: &mut Report,
    tls: &TlsRoute,
    vs: &VirtualService,
    gateway_semantics: bool,
) {
    if tls.matches.is_empty() {
        report.error("TLS route must have at least one match condition");
    }
    for m in &tls.matches {
        let Some(m) = m else {
            report.error("TLS match may not be null");
            continue;
        };
        if m.sni_hosts.is_empty() {
            report.error("TLS match must have at least one SNI host");
        }
        for sni in &m.sni_hosts {
            validate_sni_host(report, sni, vs);
        }
        validate_l4_common(
            report,
            &m.destination_subnets,
            m.port,
            &m.source_labels,
            &m.gateways,
            true,
        );
    }
    if tls.route.is_empty() {
        report.error("TLS route is required");
    }
    validate_route_destinations(report, &tls.route, gateway_semantics);
}

fn validate_sni_host(report: &mut Report, sni: &str, vs: &VirtualService) {
    // Unlike the hosts check, no gateways at all counts as "not mesh" here.
    let result = if !vs.gateways.iter().any(|g| g == MESH_GATEWAY) {
        validate_gateway_bound_domain(true, sni)
    } else {
        validate_wildcard_domain(sni)
    };
    if let Err(e) = result {
        if is_ip(sni) {
            report.warning(format!("using an IP address ({sni:?}) goes against SNI spec and most clients do not support this"));
        } else {
            report.error(e);
        }
        return;
    }
    if !vs.hosts.iter().any(|h| host_subset_of(sni, h)) {
        report.error(format!(
            "SNI host {sni:?} is not a compatible subset of any of the virtual service hosts: [{}]",
            vs.hosts.join(", ")
        ));
    }
}

fn validate_tcp_route(report: &mut Report, tcp: &TcpRoute, gateway_semantics: bool) {
    for m in &tcp.matches {
        let Some(m) = m else {
            report.listed_error("tcp match may not be nil");
            continue;
        };
        validate_l4_common(
            report,
            &m.destination_subnets,
            m.port,
            &m.source_labels,
            &m.gateways,
            false,
        );
    }
    if tcp.route.is_empty() {
        report.error("TCP route is required");
    }
    validate_route_destinations(report, &tcp.route, gateway_semantics);
}

/// `isGateway`: the VirtualService has gateways and `mesh` is not one of them.
fn applies_to_gateway(vs: &VirtualService) -> bool {
    !vs.gateways.is_empty() && !vs.gateways.iter().any(|g| g == MESH_GATEWAY)
}

/// Validate a VirtualService spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let vs: VirtualService = crate::validate::decode(spec)?;
    crate::validate::check_metadata_and_rules(meta, report, |report| {
        check_virtual_service(meta, spec, &vs, report)
    })
}

/// The rules of `ValidateVirtualService`; `spec` is the spec as written, which the
/// reachability analysis compares matches in.
fn check_virtual_service(meta: &Meta, spec: &Value, vs: &VirtualService, report: &mut Report) {
    if vs.hosts.is_empty() {
        if !vs.gateways.is_empty() {
            report.error("delegate virtual service must have no gateways specified");
        }
        if !vs.tls.is_empty() {
            report.error("delegate virtual service must have no tls route specified");
        }
        if !vs.tcp.is_empty() {
            report.error("delegate virtual service must have no tcp route specified");
        }
    }
    let gateway_semantics = meta
        .annotations
        .get(ROUTE_SEMANTICS_ANNOTATION)
        .and_then(Value::as_str)
        == Some("gateway");
    let to_gateway = applies_to_gateway(vs);
    if !vs.gateways.is_empty() {
        validate_gateway_names(report, &vs.gateways, gateway_semantics);
    }
    if !to_gateway {
        for m in vs
            .http
            .iter()
            .flatten()
            .flat_map(|h| h.matches.iter().flatten())
        {
            for key in m.headers.keys().chain(m.without_headers.keys()) {
                if is_jwt_claim_route(key) {
                    report.error(format!(
                        "JWT claim based routing (key: {key}) is only supported for gateway, found no gateways: [{}]",
                        vs.gateways.join(" ")
                    ));
                }
            }
        }
    }
    validate_hosts(report, vs, to_gateway);
    if vs.http.is_empty() && vs.tcp.is_empty() && vs.tls.is_empty() {
        report.error("http, tcp or tls must be provided in virtual service");
    }
    for h in &vs.http {
        match h {
            Some(h) => validate_http_route(report, h, vs.hosts.is_empty(), gateway_semantics),
            None => report.error("http route may not be null"),
        }
    }
    for t in vs.tls.iter().flatten() {
        validate_tls_route(report, t, vs, gateway_semantics);
    }
    for t in vs.tcp.iter().flatten() {
        validate_tcp_route(report, t, gateway_semantics);
    }
    validate_export_to(&meta.namespace, &vs.export_to, Exporter::Other, report);
    analyze_unreachable(report, spec, vs);
}

fn validate_hosts(report: &mut Report, vs: &VirtualService, to_gateway: bool) {
    let sni = vs
        .tls
        .iter()
        .flatten()
        .flat_map(|t| t.matches.iter().flatten())
        .any(|m| !m.sni_hosts.is_empty());
    let mut all_valid = true;
    for host in &vs.hosts {
        let result = if to_gateway {
            validate_gateway_bound_domain(sni, host)
        } else {
            validate_wildcard_domain(host)
        };
        match result {
            Err(e) if !is_ip(host) => {
                report.error(e);
                all_valid = false;
            }
            Ok(()) if !to_gateway && host == "*" => {
                report.error(
                    "wildcard host * is not allowed for virtual services bound to the mesh gateway",
                );
                all_valid = false;
            }
            _ => {}
        }
    }
    if all_valid {
        for (i, a) in vs.hosts.iter().enumerate() {
            for b in &vs.hosts[i + 1..] {
                if host_matches(a, b) {
                    report.error(format!("duplicate hosts in virtual service: {a} & {b}"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_relations() {
        assert!(host_matches("*.foo.com", "*.com"));
        assert!(host_matches("bar.foo.com", "*.foo.com"));
        assert!(!host_matches("foo.com", "bar.com"));
        assert!(host_subset_of("a.foo.com", "*.foo.com"));
        assert!(!host_subset_of("*.foo.com", "a.foo.com"));
    }

    #[test]
    fn jwt_claim_names() {
        assert!(is_jwt_claim_route("@request.auth.claims.foo"));
        assert!(is_jwt_claim_route("@request.auth.claims[foo]"));
        assert!(!is_jwt_claim_route("@request.auth.claims"));
    }
}
