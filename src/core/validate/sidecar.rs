//! Sidecar (networking.istio.io): `ValidateSidecar`. The pieces of DestinationRule and Gateway
//! validation it needs (connection pool, server TLS options, egress proxy destination) are
//! implemented locally in the `parts` module below.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::common::{Report, validate_port};
use super::service_entry::{
    Protocol, WorkloadSelector, validate_alpha_workload_selector, validate_protocol,
};
use super::workload_entry::{
    UNIX_ADDRESS_PREFIX, go_atoi, is_dns1123_label, is_ip, validate_fqdn, validate_ip,
    validate_port_name, validate_unix_address, validate_wildcard_domain,
};
use super::{Meta, decode};
pub(crate) use parts::{ConnectionPoolSettings, ServerTlsSettings, validate_connection_pool};
use parts::{Destination, TlsMode, validate_destination, validate_tls_options};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Sidecar {
    workload_selector: Option<WorkloadSelector>,
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
    port: Option<SidecarPort>,
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
    port: Option<SidecarPort>,
    #[serde(default)]
    bind: String,
    #[serde(default)]
    capture_mode: CaptureMode,
    #[serde(default)]
    hosts: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct SidecarPort {
    #[serde(default)]
    number: u32,
    #[serde(default)]
    protocol: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    target_port: u32,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
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

/// `OutboundTrafficPolicy.Mode`: a name, or a number as protobuf JSON also accepts (which is how
/// MeshConfig's `ALLOW_ANY_DYNAMIC_DNS` = 3 can reach a Sidecar).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
enum TrafficMode {
    Name(ModeName),
    Number(i32),
}

impl Default for TrafficMode {
    fn default() -> Self {
        TrafficMode::Name(ModeName::REGISTRY_ONLY)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[allow(non_camel_case_types)]
enum ModeName {
    REGISTRY_ONLY,
    ALLOW_ANY,
}

impl TrafficMode {
    fn number(self) -> i32 {
        match self {
            TrafficMode::Name(ModeName::REGISTRY_ONLY) => 0,
            TrafficMode::Name(ModeName::ALLOW_ANY) => 1,
            TrafficMode::Number(n) => n,
        }
    }
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let sc: Sidecar = decode(spec)?;
    if super::reject_dry_run(meta, report) {
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
        validate_connection_pool(pool, &mut r)?;
    }
    check_egress(meta, &sc.egress, &mut r);
    if let Some(tp) = &sc.outbound_traffic_policy {
        check_outbound_policy(tp, &mut r);
    }
    report.errors.extend(r.errors);
    report.warnings.extend(r.warnings);
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
        r.check(validate_ip(&i.bind));
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
        validate_connection_pool(pool, r)?;
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

/// Go's `net.SplitHostPort`, with its error texts.
pub(crate) fn split_host_port(hp: &str) -> Result<(&str, &str), String> {
    let err = |why: &str| format!("address {hp}: {why}");
    let Some(i) = hp.rfind(':') else {
        return Err(err("missing port in address"));
    };
    let (host, j, k) = if hp.starts_with('[') {
        let Some(end) = hp.find(']') else {
            return Err(err("missing ']' in address"));
        };
        if end + 1 == hp.len() {
            return Err(err("missing port in address"));
        }
        if end + 1 != i {
            return Err(if hp.as_bytes()[end + 1] == b':' {
                err("too many colons in address")
            } else {
                err("missing port in address")
            });
        }
        (&hp[1..end], 1, end + 1)
    } else {
        let host = &hp[..i];
        if host.contains(':') {
            return Err(err("too many colons in address"));
        }
        (host, 0, 0)
    };
    if hp[j..].contains('[') {
        return Err(err("unexpected '[' in address"));
    }
    if hp[k..].contains(']') {
        return Err(err("unexpected ']' in address"));
    }
    Ok((host, &hp[i + 1..]))
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
    validate_tls_options(tls, r);
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

fn check_egress_port(port: &SidecarPort, bind: &str, capture: CaptureMode, r: &mut Report) {
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
            r.check(validate_ip(bind));
        }
    }
}

fn check_egress_hosts(meta: &Meta, hosts: &[String], r: &mut Report) {
    let mut by_ns: BTreeMap<&str, HashMap<&str, bool>> = BTreeMap::new();
    for host in hosts {
        if let Some((ns, svc)) = host.split_once('/')
            && !ns.starts_with('~')
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
        for e in validate_namespace_slash_wildcard_hostname(host, false, false) {
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

/// `validateSidecarOrGatewayHostnamePart`.
fn hostname_part_errors(hostname: &str, is_gateway: bool) -> Vec<String> {
    let mut errs = Vec::new();
    if hostname != "*" && !hostname.contains('.') {
        errs.push("short names (non FQDN) are not allowed".to_string());
    }
    if let Err(e) = validate_wildcard_domain(hostname) {
        if !is_gateway {
            errs.push(e.clone());
        }
        if !is_ip(hostname) {
            errs.push(e);
        }
    }
    if hostname.contains('*') && hostname.len() != 1 && !hostname.starts_with("*.") {
        errs.push(format!("partial wildcard {hostname:?} not allowed"));
    }
    errs
}

/// `ValidateNamespaceSlashWildcardHostname`: `namespace/dnsName` hosts of Sidecar egress
/// listeners (and of Gateway servers, with `is_gateway`).
pub(crate) fn validate_namespace_slash_wildcard_hostname(
    hostname: &str,
    is_gateway: bool,
    gateway_semantics: bool,
) -> Vec<String> {
    let Some((ns, name)) = hostname.split_once('/') else {
        if is_gateway {
            return hostname_part_errors(hostname, true);
        }
        return vec!["host must be of form namespace/dnsName".to_string()];
    };
    let mut errs = Vec::new();
    if ns.is_empty() || name.is_empty() {
        errs.push("config namespace and dnsName in host entry cannot be empty".to_string());
    }
    if !is_gateway {
        let bare = ns.strip_prefix('~').unwrap_or(ns);
        if !bare.is_empty() && bare != "*" && bare != "." && !is_dns1123_label(bare) {
            errs.push(format!("invalid namespace value {ns:?} in sidecar"));
        }
    } else if ns != "*" && ns != "." && (ns != "~" || !gateway_semantics) && !is_dns1123_label(ns) {
        errs.push(format!("invalid namespace value {ns:?} in gateway"));
    }
    errs.extend(hostname_part_errors(name, is_gateway));
    errs
}

fn check_outbound_policy(tp: &OutboundTrafficPolicy, r: &mut Report) {
    let mode = tp.mode.number();
    if mode == 3 {
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
    validate_destination(proxy, r);
}

/// The DestinationRule (connection pool), Gateway (server TLS) and VirtualService
/// (destination) pieces a Sidecar embeds, with their Istio validation.
mod parts {
    use serde::Deserialize;

    use super::super::common::{Report, parse_duration, validate_duration, validate_port};
    use super::super::workload_entry::{is_dns1123_label, validate_wildcard_domain};

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct ConnectionPoolSettings {
        pub tcp: Option<TcpSettings>,
        pub http: Option<HttpSettings>,
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct TcpSettings {
        #[serde(default)]
        max_connections: i32,
        connect_timeout: Option<String>,
        tcp_keepalive: Option<TcpKeepalive>,
        max_connection_duration: Option<String>,
        idle_timeout: Option<String>,
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct TcpKeepalive {
        #[serde(default)]
        #[allow(dead_code)]
        probes: u32,
        time: Option<String>,
        interval: Option<String>,
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct HttpSettings {
        #[serde(default)]
        http1_max_pending_requests: i32,
        #[serde(default)]
        http2_max_requests: i32,
        #[serde(default)]
        max_requests_per_connection: i32,
        #[serde(default)]
        max_retries: i32,
        idle_timeout: Option<String>,
        #[serde(default)]
        h2_upgrade_policy: H2UpgradePolicy,
        #[serde(default)]
        use_client_protocol: bool,
        #[serde(default)]
        max_concurrent_streams: i32,
        http2_keep_alive: Option<ConnectionKeepalive>,
    }

    #[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
    #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
    enum H2UpgradePolicy {
        #[default]
        DEFAULT,
        DO_NOT_UPGRADE,
        UPGRADE,
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct ConnectionKeepalive {
        interval: Option<String>,
        timeout: Option<String>,
    }

    /// A duration field: malformed is a decoding error, else `ValidateDuration`.
    fn duration(value: &str, r: &mut Report) -> Result<i128, String> {
        let nanos = parse_duration(value)?;
        r.check(validate_duration(nanos));
        Ok(nanos)
    }

    /// `validateConnectionPool`.
    pub(crate) fn validate_connection_pool(
        pool: &ConnectionPoolSettings,
        r: &mut Report,
    ) -> Result<(), String> {
        if pool.http.is_none() && pool.tcp.is_none() {
            r.error("connection pool must have at least one field");
            return Ok(());
        }
        if let Some(h) = &pool.http {
            if h.http1_max_pending_requests < 0 {
                r.error("http1 max pending requests must be non-negative");
            }
            if h.http2_max_requests < 0 {
                r.error("http2 max requests must be non-negative");
            }
            if h.max_requests_per_connection < 0 {
                r.error("max requests per connection must be non-negative");
            }
            if h.max_retries < 0 {
                r.error("max retries must be non-negative");
            }
            if let Some(d) = &h.idle_timeout {
                duration(d, r)?;
            }
            if h.h2_upgrade_policy == H2UpgradePolicy::UPGRADE && h.use_client_protocol {
                r.error("use client protocol must not be true when H2UpgradePolicy is UPGRADE");
            }
            if h.max_concurrent_streams < 0 {
                r.error("max concurrent streams must be non-negative");
            }
            if let Some(ka) = &h.http2_keep_alive {
                match &ka.interval {
                    None => r.error("http2 keepalive interval is required"),
                    Some(d) => {
                        duration(d, r)?;
                    }
                }
                match &ka.timeout {
                    None => r.error("http2 keepalive timeout is required"),
                    Some(d) => {
                        duration(d, r)?;
                    }
                }
            }
        }
        if let Some(t) = &pool.tcp {
            if t.max_connections < 0 {
                r.error("max connections must be non-negative");
            }
            for d in [&t.connect_timeout, &t.max_connection_duration]
                .into_iter()
                .flatten()
            {
                duration(d, r)?;
            }
            if let Some(d) = &t.idle_timeout {
                // Zero (within a millisecond) disables the timeout.
                let nanos = parse_duration(d)?;
                if nanos / 1_000_000 != 0 {
                    r.check(validate_duration(nanos));
                }
            }
            if let Some(ka) = &t.tcp_keepalive {
                for d in [&ka.time, &ka.interval].into_iter().flatten() {
                    duration(d, r)?;
                }
            }
        }
        Ok(())
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct ServerTlsSettings {
        #[serde(default)]
        pub https_redirect: bool,
        #[serde(default)]
        pub mode: TlsMode,
        #[serde(default)]
        server_certificate: String,
        #[serde(default)]
        private_key: String,
        #[serde(default)]
        ca_certificates: String,
        #[serde(default)]
        ca_crl: String,
        #[serde(default)]
        pub credential_name: String,
        #[serde(default)]
        pub credential_names: Vec<String>,
        #[serde(default)]
        #[allow(dead_code)]
        ca_cert_credential_name: String,
        #[serde(default)]
        pub tls_certificates: Vec<TlsCertificate>,
        #[serde(default)]
        pub subject_alt_names: Vec<String>,
        #[serde(default)]
        #[allow(dead_code)]
        verify_certificate_spki: Vec<String>,
        #[serde(default)]
        #[allow(dead_code)]
        verify_certificate_hash: Vec<String>,
        #[serde(default)]
        min_protocol_version: TlsProtocol,
        #[serde(default)]
        #[allow(dead_code)]
        max_protocol_version: TlsProtocol,
        #[serde(default)]
        cipher_suites: Vec<String>,
        #[allow(dead_code)]
        insecure_skip_verify: Option<bool>,
        #[serde(default)]
        #[allow(dead_code)]
        ecdh_curves: Vec<String>,
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct TlsCertificate {
        #[serde(default)]
        server_certificate: String,
        #[serde(default)]
        private_key: String,
        #[serde(default)]
        #[allow(dead_code)]
        ca_certificates: String,
    }

    #[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
    #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
    pub(crate) enum TlsMode {
        #[default]
        PASSTHROUGH,
        SIMPLE,
        MUTUAL,
        AUTO_PASSTHROUGH,
        ISTIO_MUTUAL,
        OPTIONAL_MUTUAL,
    }

    #[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
    #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
    enum TlsProtocol {
        #[default]
        TLS_AUTO,
        TLSV1_0,
        TLSV1_1,
        TLSV1_2,
        TLSV1_3,
    }

    const VALID_CIPHER_SUITES: [&str; 15] = [
        "ECDHE-ECDSA-AES128-GCM-SHA256",
        "ECDHE-RSA-AES128-GCM-SHA256",
        "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384",
        "ECDHE-ECDSA-CHACHA20-POLY1305",
        "ECDHE-RSA-CHACHA20-POLY1305",
        "ECDHE-ECDSA-AES128-SHA",
        "ECDHE-RSA-AES128-SHA",
        "ECDHE-ECDSA-AES256-SHA",
        "ECDHE-RSA-AES256-SHA",
        "AES128-GCM-SHA256",
        "AES256-GCM-SHA384",
        "AES128-SHA",
        "AES256-SHA",
        "DES-CBC3-SHA",
    ];

    fn is_valid_cipher_suite(cs: &str) -> bool {
        match cs.chars().next() {
            None => true,
            _ if cs == "ALL" => true,
            Some(c) if !c.is_alphanumeric() => true,
            _ => VALID_CIPHER_SUITES.contains(&cs),
        }
    }

    /// A sorted list as Go prints a `[]string` (`[a b]`).
    fn go_list(items: &std::collections::BTreeSet<&str>) -> String {
        let v: Vec<&str> = items.iter().copied().collect();
        format!("[{}]", v.join(" "))
    }

    /// `validateTLSOptions` (Gateway server TLS settings).
    pub(crate) fn validate_tls_options(tls: &ServerTlsSettings, r: &mut Report) {
        use std::collections::BTreeSet;
        if matches!(
            tls.min_protocol_version,
            TlsProtocol::TLSV1_0 | TlsProtocol::TLSV1_1
        ) && tls.cipher_suites.is_empty()
        {
            r.warning("TLS version below TLSV1_2 require setting compatible ciphers as by default they no longer include compatible ciphers.");
        }
        let (mut invalid, mut valid, mut dup) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
        for cs in &tls.cipher_suites {
            if !is_valid_cipher_suite(cs) {
                invalid.insert(cs.as_str());
            } else if !valid.insert(cs.as_str()) {
                dup.insert(cs.as_str());
            }
        }
        if !invalid.is_empty() {
            r.warning(format!(
                "ignoring invalid cipher suites: {}",
                go_list(&invalid)
            ));
        }
        if !dup.is_empty() {
            r.warning(format!(
                "ignoring duplicate cipher suites: {}",
                go_list(&dup)
            ));
        }
        if tls.mode == TlsMode::ISTIO_MUTUAL {
            let checks = [
                (!tls.server_certificate.is_empty(), "server certificate"),
                (!tls.private_key.is_empty(), "private key"),
                (!tls.ca_certificates.is_empty(), "CA bundle"),
                (!tls.tls_certificates.is_empty(), "tlsCertificates"),
                (!tls.credential_name.is_empty(), "credentialName"),
                (!tls.credential_names.is_empty(), "credentialNames"),
            ];
            for (set, what) in checks {
                if set {
                    r.error(format!("ISTIO_MUTUAL TLS cannot have associated {what}"));
                }
            }
            return;
        }
        let has_certs = !tls.ca_crl.is_empty()
            || !tls.server_certificate.is_empty()
            || !tls.private_key.is_empty()
            || !tls.ca_certificates.is_empty()
            || !tls.tls_certificates.is_empty()
            || !tls.credential_name.is_empty()
            || !tls.credential_names.is_empty();
        if matches!(tls.mode, TlsMode::PASSTHROUGH | TlsMode::AUTO_PASSTHROUGH) && has_certs {
            r.warning(format!(
                "{:?} mode does not use certificates, they will be ignored",
                tls.mode
            ));
        }
        let sources = [
            !tls.server_certificate.is_empty() && !tls.private_key.is_empty(),
            !tls.credential_name.is_empty(),
            !tls.credential_names.is_empty(),
            !tls.tls_certificates.is_empty(),
        ];
        if sources.iter().filter(|s| **s).count() > 1 {
            r.error("only one of credential_name, credential_names, server_certificate/private_key, tls_certificates should be specified");
        }
        let terminating = matches!(
            tls.mode,
            TlsMode::SIMPLE | TlsMode::MUTUAL | TlsMode::OPTIONAL_MUTUAL
        );
        if terminating && (!tls.credential_name.is_empty() || !tls.credential_names.is_empty()) {
            return;
        }
        if terminating {
            let prefix = if tls.mode == TlsMode::SIMPLE {
                "SIMPLE TLS"
            } else {
                if tls.ca_certificates.is_empty() {
                    r.error("MUTUAL TLS requires a client CA bundle");
                }
                "MUTUAL TLS"
            };
            if tls.tls_certificates.len() > 2 {
                r.warning(format!("{prefix} can support up to 2 server certificates"));
            }
            let certs: Vec<(&str, &str)> = if tls.tls_certificates.is_empty() {
                vec![(&tls.server_certificate, &tls.private_key)]
            } else {
                tls.tls_certificates
                    .iter()
                    .map(|c| (c.server_certificate.as_str(), c.private_key.as_str()))
                    .collect()
            };
            for (cert, key) in certs {
                if cert.is_empty() {
                    r.error(format!("{prefix} requires a server certificate"));
                }
                if key.is_empty() {
                    r.error(format!("{prefix} requires a private key"));
                }
            }
        }
        if !tls.ca_crl.is_empty() {
            if !tls.credential_name.is_empty() {
                r.error("CRL is not supported with credentialName. CRL has to be specified in the credential");
            }
            if tls.mode == TlsMode::SIMPLE {
                r.error("CRL is not supported with SIMPLE TLS");
            }
        }
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct Destination {
        #[serde(default)]
        pub host: String,
        #[serde(default)]
        subset: String,
        pub port: Option<PortSelector>,
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub(crate) struct PortSelector {
        #[serde(default)]
        number: u32,
    }

    /// `validateDestination`.
    pub(crate) fn validate_destination(d: &Destination, r: &mut Report) {
        if d.host == "*" {
            r.error(format!("invalid destination host {}", d.host));
        } else {
            r.check(validate_wildcard_domain(&d.host));
        }
        if !d.subset.is_empty() && !is_dns1123_label(&d.subset) {
            r.error(format!("subset name is invalid: {}", d.subset));
        }
        if let Some(p) = &d.port {
            r.check(validate_port(i64::from(p.number)));
        }
    }
}
