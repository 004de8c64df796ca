//! Sidecar (networking.istio.io): `ValidateSidecar`. It reuses pieces of the other kinds'
//! rules, as Istio does: the connection pool of DestinationRule, the server TLS options of
//! Gateway and the route destination of VirtualService.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::common::decode::{enum_type_error, unknown_enum_value};
use super::common::{
    AlphaWorkloadSelector, HostOwner, Port, Protocol, Report, UNIX_ADDRESS_PREFIX, go_atoi,
    split_host_port, validate_alpha_workload_selector, validate_fqdn, validate_ip_address,
    validate_namespace_slash_wildcard_hostname, validate_port, validate_port_name,
    validate_protocol, validate_unix_address,
};
use super::destination_rule::traffic_policy::{ConnectionPoolSettings, validate_connection_pool};
use super::gateway::{ServerTlsSettings, TlsMode, validate_tls_options};
use super::virtual_service::http_route::{Destination, validate_destination};
use super::{Meta, decode};
use crate::release::{Feature, Release};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Sidecar {
    workload_selector: Option<AlphaWorkloadSelector>,
    #[serde(default)]
    ingress: Vec<IngressListener>,
    #[serde(default)]
    egress: Vec<EgressListener>,
    inbound_connection_pool: Option<ConnectionPoolSettings>,
    outbound_traffic_policy: Option<OutboundTrafficPolicy>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct IngressListener {
    port: Option<Port>,
    #[serde(default)]
    bind: String,
    #[serde(default)]
    #[allow(dead_code)]
    capture_mode: CaptureMode,
    #[serde(default)]
    default_endpoint: String,
    tls: Option<ServerTlsSettings>,
    connection_pool: Option<ConnectionPoolSettings>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct EgressListener {
    port: Option<Port>,
    #[serde(default)]
    bind: String,
    #[serde(default)]
    capture_mode: CaptureMode,
    #[serde(default)]
    hosts: Vec<String>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.CaptureMode")]
#[allow(clippy::upper_case_acronyms)]
enum CaptureMode {
    #[default]
    DEFAULT,
    IPTABLES,
    NONE,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct OutboundTrafficPolicy {
    #[serde(default)]
    mode: TrafficMode,
    egress_proxy: Option<Destination>,
}

/// `OutboundTrafficPolicy.Mode`, by number: a name, or any number, as Istio's reader takes
/// it (which is how MeshConfig's `ALLOW_ANY_DYNAMIC_DNS` = 3 can reach a Sidecar).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct TrafficMode(i32);

impl<'de> Deserialize<'de> for TrafficMode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        const NAME: &str = "istio.networking.v1alpha3.OutboundTrafficPolicy.Mode";
        match Value::deserialize(d)? {
            Value::Null => Ok(TrafficMode(0)),
            Value::String(s) => match s.as_str() {
                "REGISTRY_ONLY" => Ok(TrafficMode(0)),
                "ALLOW_ANY" => Ok(TrafficMode(1)),
                _ => Err(D::Error::custom(unknown_enum_value(NAME, &s))),
            },
            Value::Number(n) => n
                .as_i64()
                .and_then(|i| i32::try_from(i).ok())
                .map(TrafficMode)
                .ok_or_else(|| {
                    D::Error::custom(format!(
                        "json: cannot unmarshal number {n} into Go value of type protoreflect.EnumNumber"
                    ))
                }),
            other => Err(D::Error::custom(enum_type_error(&other))),
        }
    }
}

impl TrafficMode {
    fn number(self) -> i32 {
        self.0
    }
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let sc: Sidecar = decode(spec)?;
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    let warning = match validate_alpha_workload_selector(sc.workload_selector.as_ref()) {
        Ok(w) => w,
        Err(errors) => {
            report.errors.extend(errors);
            return Ok(());
        }
    };
    if sc.egress.is_empty()
        && sc.ingress.is_empty()
        && sc.outbound_traffic_policy.is_none()
        && sc.inbound_connection_pool.is_none()
    {
        report.error("sidecar: empty configuration provided");
        return Ok(());
    }
    let mut r = Report::default();
    if let Some(w) = warning {
        r.warning(format!(
            "sidecar: {w}, will be applied to all services in namespace"
        ));
    }
    let mut ports = HashSet::new();
    for ingress in &sc.ingress {
        check_ingress(ingress, &mut ports, &mut r)?;
    }
    if let Some(pool) = &sc.inbound_connection_pool {
        validate_connection_pool(&mut r, Some(pool));
    }
    check_egress(meta, &sc.egress, &mut r);
    if let Some(tp) = &sc.outbound_traffic_policy {
        check_outbound_policy(tp, meta.release, &mut r);
    }
    report.merge(r);
    Ok(())
}

fn check_ingress(
    i: &IngressListener,
    ports: &mut HashSet<u32>,
    r: &mut Report,
) -> Result<(), String> {
    let Some(port) = &i.port else {
        r.error("sidecar: port is required for ingress listeners");
        return Ok(());
    };
    if port.target_port > 0 {
        r.error("targetPort has no impact on Sidecars");
    }
    if !port.name.is_empty() {
        r.check(validate_port_name(&port.name));
    }
    r.check(validate_protocol(&port.protocol));
    r.check(validate_port(i64::from(port.number)));
    if !i.bind.is_empty() {
        r.check(validate_ip_address(&i.bind));
    }
    if !ports.insert(port.number) {
        r.error("sidecar: ports on IP bound listeners must be unique");
    }
    if !i.default_endpoint.is_empty() {
        check_default_endpoint(&i.default_endpoint, r);
    }
    if let Some(tls) = &i.tls {
        check_ingress_tls(tls, &port.protocol, r);
    }
    if let Some(pool) = &i.connection_pool {
        validate_connection_pool(r, Some(pool));
        if pool.http.is_some() && !Protocol::parse(&port.protocol).is_http() {
            r.warning(format!(
                "sidecar: HTTP connection pool settings are configured for port {} ({:?}) but its protocol is not HTTP ({}); only TCP settings will apply",
                port.number, port.name, port.protocol
            ));
        }
    }
    Ok(())
}

fn check_default_endpoint(endpoint: &str, r: &mut Report) {
    if let Some(path) = endpoint.strip_prefix(UNIX_ADDRESS_PREFIX) {
        r.check(validate_unix_address(path));
        return;
    }
    let (host, port) = match split_host_port(endpoint) {
        Ok(hp) => hp,
        Err(e) => {
            r.error(e);
            ("", "")
        }
    };
    if !host.is_empty() && !["127.0.0.1", "0.0.0.0", "::1", "::"].contains(&host) {
        r.error("sidecar: defaultEndpoint must be of form 127.0.0.1:<port>,0.0.0.0:<port>,[::1]:port,[::]:port,unix://filepath or unset");
    }
    match go_atoi(port) {
        Ok(n) => r.check(validate_port(n)),
        Err(e) => r.error(format!(
            "sidecar: defaultEndpoint port ({port}) is not a number: {e}"
        )),
    }
}

fn check_ingress_tls(tls: &ServerTlsSettings, protocol: &str, r: &mut Report) {
    if !tls.subject_alt_names.is_empty() {
        r.error("sidecar: subjectAltNames is not supported in ingress tls");
    }
    if tls.https_redirect {
        r.error("sidecar: httpsRedirect is not supported");
    }
    if !tls.credential_name.is_empty() {
        r.error("sidecar: credentialName is not currently supported");
    }
    if !tls.credential_names.is_empty() {
        r.error("sidecar: credentialNames is not currently supported");
    }
    if !tls.tls_certificates.is_empty() {
        r.error("sidecar: tls_certificates is not currently supported");
    }
    if matches!(tls.mode, TlsMode::ISTIO_MUTUAL | TlsMode::AUTO_PASSTHROUGH) {
        r.error(format!(
            "configuration is invalid: cannot set mode to {:?} in sidecar ingress tls",
            tls.mode
        ));
    }
    if !Protocol::parse(protocol).is_tls() {
        r.error("server cannot have TLS settings for non HTTPS/TLS ports");
    }
    validate_tls_options(r, tls);
}

fn check_egress(meta: &Meta, egress: &[EgressListener], r: &mut Report) {
    let mut ports = HashSet::new();
    let mut uds = HashSet::new();
    let mut catch_all = false;
    for (index, e) in egress.iter().enumerate() {
        match &e.port {
            None if catch_all => {
                r.error("sidecar: egress can have only one listener with empty port");
                continue;
            }
            None if index == egress.len() - 1 => catch_all = true,
            None => r.error(
                "sidecar: the egress listener with empty port should be the last listener in the list",
            ),
            Some(port) => {
                if port.target_port > 0 {
                    r.error("targetPort has no impact on Sidecars");
                }
                check_egress_port(port, &e.bind, e.capture_mode, r);
                if port.number == 0 {
                    if !uds.insert(e.bind.as_str()) {
                        r.error("sidecar: unix domain socket values for listeners must be unique");
                    }
                } else if !ports.insert(port.number) {
                    r.error("sidecar: ports on IP bound listeners must be unique");
                }
            }
        }
        if e.hosts.is_empty() {
            r.error("sidecar: egress listener must contain at least one host");
        } else {
            check_egress_hosts(meta, &e.hosts, r);
        }
    }
}

fn check_egress_port(port: &Port, bind: &str, capture: CaptureMode, r: &mut Report) {
    if !port.name.is_empty() {
        r.check(validate_port_name(&port.name));
    }
    r.check(validate_protocol(&port.protocol));
    if port.number == 0 {
        match bind.strip_prefix(UNIX_ADDRESS_PREFIX) {
            Some(path) => r.check(validate_unix_address(path)),
            None => {
                r.error("sidecar: ports with 0 value must have a unix domain socket bind address")
            }
        }
        if !matches!(capture, CaptureMode::DEFAULT | CaptureMode::NONE) {
            r.error("sidecar: captureMode must be DEFAULT/NONE for unix domain socket listeners");
        }
    } else {
        r.check(validate_port(i64::from(port.number)));
        if !bind.is_empty() {
            r.check(validate_ip_address(bind));
        }
    }
}

fn check_egress_hosts(meta: &Meta, hosts: &[String], r: &mut Report) {
    let excluded_namespaces = meta.release.has(Feature::SidecarExcludedNamespaces);
    let mut by_ns: BTreeMap<&str, HashMap<&str, bool>> = BTreeMap::new();
    for host in hosts {
        if let Some((ns, svc)) = host.split_once('/')
            && !(excluded_namespaces && ns.starts_with('~'))
        {
            let ns = if ns == "." {
                meta.namespace.as_str()
            } else {
                ns
            };
            let svcs = by_ns.entry(ns).or_default();
            let duplicate = if svc != "*" {
                svcs.contains_key(svc) || svcs.get("*").copied().unwrap_or(false)
            } else {
                !svcs.is_empty()
            };
            if duplicate {
                r.warning(format!("duplicated egress host: {host}"));
            }
            svcs.insert(svc, true);
        }
        for e in validate_namespace_slash_wildcard_hostname(
            host,
            HostOwner::Sidecar {
                excluded_namespaces,
            },
        ) {
            r.error(e);
        }
    }
    let all = by_ns
        .get("*")
        .and_then(|s| s.get("*"))
        .copied()
        .unwrap_or(false);
    if all && by_ns.len() != 1 {
        r.warning("`*/*` host select all resources, no other hosts can be added");
    }
}

fn check_outbound_policy(tp: &OutboundTrafficPolicy, release: Release, r: &mut Report) {
    let mode = tp.mode.number();
    if mode == 3 && release.has(Feature::SidecarDynamicDnsModeRefused) {
        r.error("sidecar: ALLOW_ANY_DYNAMIC_DNS mode is only supported in MeshConfig, not in Sidecar resource");
        return;
    }
    let Some(proxy) = &tp.egress_proxy else {
        return;
    };
    if mode != 1 {
        r.error(
            "sidecar: egress_proxy must be set only with ALLOW_ANY outbound_traffic_policy mode",
        );
        return;
    }
    r.check(validate_fqdn(&proxy.host));
    if proxy.port.is_none() {
        r.error("sidecar: egress_proxy port must be non-nil");
        return;
    }
    validate_destination(r, proxy);
}
