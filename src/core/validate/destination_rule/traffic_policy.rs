//! DestinationRule traffic policies: load balancing, connection pools, outlier detection,
//! client TLS, tunnels and proxy protocol, as Istio's `validateTrafficPolicy` checks them.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::core::validate::common::{self, Duration, Report, de_u64, is_ip, validate_fqdn};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct TrafficPolicy {
    pub load_balancer: Option<LoadBalancerSettings>,
    pub connection_pool: Option<ConnectionPoolSettings>,
    pub outlier_detection: Option<OutlierDetection>,
    pub tls: Option<ClientTlsSettings>,
    pub port_level_settings: Vec<Option<PortTrafficPolicy>>,
    pub tunnel: Option<TunnelSettings>,
    pub proxy_protocol: Option<ProxyProtocol>,
    pub retry_budget: Option<RetryBudget>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct PortTrafficPolicy {
    pub port: Option<PortSelector>,
    pub load_balancer: Option<LoadBalancerSettings>,
    pub connection_pool: Option<ConnectionPoolSettings>,
    pub outlier_detection: Option<OutlierDetection>,
    pub tls: Option<ClientTlsSettings>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct PortSelector {
    pub number: u32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct TunnelSettings {
    pub protocol: String,
    pub target_host: String,
    pub target_port: u32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ProxyProtocol {
    pub version: ProxyProtocolVersion,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.TrafficPolicy.ProxyProtocol.VERSION")]
pub enum ProxyProtocolVersion {
    #[default]
    V1,
    V2,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct RetryBudget {
    pub percent: Option<f64>,
    pub min_retry_concurrency: u32,
    pub budget_interval: Option<Duration>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct LoadBalancerSettings {
    pub simple: Option<SimpleLb>,
    pub consistent_hash: Option<ConsistentHashLb>,
    pub backend_utilization: Option<BackendUtilizationLb>,
    pub locality_lb_setting: Option<LocalityLbSetting>,
    pub zone_aware_lb_setting: Option<ZoneAwareLbSetting>,
    pub warmup_duration_secs: Option<Duration>,
    pub warmup: Option<Warmup>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.LoadBalancerSettings.SimpleLB")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum SimpleLb {
    UNSPECIFIED,
    LEAST_CONN,
    RANDOM,
    PASSTHROUGH,
    ROUND_ROBIN,
    LEAST_REQUEST,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ConsistentHashLb {
    pub http_header_name: Option<String>,
    pub http_cookie: Option<HttpCookie>,
    pub use_source_ip: Option<bool>,
    pub http_query_parameter_name: Option<String>,
    pub ring_hash: Option<RingHash>,
    pub maglev: Option<Maglev>,
    #[serde(deserialize_with = "de_u64")]
    pub minimum_ring_size: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct RingHash {
    #[serde(deserialize_with = "de_u64")]
    pub minimum_ring_size: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Maglev {
    #[serde(deserialize_with = "de_u64")]
    pub table_size: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HttpCookie {
    pub name: String,
    pub path: String,
    pub ttl: Option<Duration>,
    pub attributes: Vec<CookieAttribute>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct CookieAttribute {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct BackendUtilizationLb {
    pub weight_stabilization_period: Option<Duration>,
    pub weight_expiration_period: Option<Duration>,
    pub weight_update_period: Option<Duration>,
    pub error_utilization_penalty_percent: u32,
    pub metric_names_for_computing_utilization: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Warmup {
    pub duration: Option<Duration>,
    pub minimum_percent: Option<f64>,
    pub aggression: Option<f64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct LocalityLbSetting {
    pub distribute: Vec<Distribute>,
    pub failover: Vec<Failover>,
    pub failover_priority: Vec<String>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Distribute {
    pub from: String,
    pub to: BTreeMap<String, u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Failover {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ZoneAwareLbSetting {
    pub enabled: Option<bool>,
    pub failover: Vec<Failover>,
    pub failover_priority: Vec<String>,
    pub min_cluster_size: Option<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ConnectionPoolSettings {
    pub tcp: Option<TcpSettings>,
    pub http: Option<HttpSettings>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct TcpSettings {
    pub max_connections: i32,
    pub connect_timeout: Option<Duration>,
    pub tcp_keepalive: Option<TcpKeepalive>,
    pub max_connection_duration: Option<Duration>,
    pub idle_timeout: Option<Duration>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct TcpKeepalive {
    pub probes: u32,
    pub time: Option<Duration>,
    pub interval: Option<Duration>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HttpSettings {
    pub http1_max_pending_requests: i32,
    pub http2_max_requests: i32,
    pub max_requests_per_connection: i32,
    pub max_retries: i32,
    pub idle_timeout: Option<Duration>,
    pub h2_upgrade_policy: H2UpgradePolicy,
    pub use_client_protocol: bool,
    pub max_concurrent_streams: i32,
    pub http2_keep_alive: Option<ConnectionKeepalive>,
}

#[derive(Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.ConnectionPoolSettings.HTTPSettings.H2UpgradePolicy")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum H2UpgradePolicy {
    #[default]
    DEFAULT,
    DO_NOT_UPGRADE,
    UPGRADE,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ConnectionKeepalive {
    pub interval: Option<Duration>,
    pub timeout: Option<Duration>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct OutlierDetection {
    pub consecutive_errors: i32,
    pub split_external_local_origin_errors: bool,
    pub consecutive_local_origin_failures: Option<u32>,
    pub consecutive_gateway_errors: Option<u32>,
    #[serde(rename = "consecutive5xxErrors")]
    pub consecutive_5xx_errors: Option<u32>,
    pub interval: Option<Duration>,
    pub base_ejection_time: Option<Duration>,
    pub max_ejection_percent: i32,
    pub min_health_percent: i32,
    pub outlier_detection_http_error_codes: Vec<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ClientTlsSettings {
    pub mode: ClientTlsMode,
    pub client_certificate: String,
    pub private_key: String,
    pub ca_certificates: String,
    pub credential_name: String,
    pub subject_alt_names: Vec<String>,
    pub sni: String,
    pub insecure_skip_verify: Option<bool>,
    pub ca_crl: String,
}

#[derive(Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.ClientTLSSettings.TLSmode")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum ClientTlsMode {
    #[default]
    DISABLE,
    SIMPLE,
    MUTUAL,
    ISTIO_MUTUAL,
}

/// `validateTrafficPolicy`.
pub fn validate_traffic_policy(report: &mut Report, namespace: &str, p: &TrafficPolicy) {
    if p.outlier_detection.is_none()
        && p.connection_pool.is_none()
        && p.load_balancer.is_none()
        && p.tls.is_none()
        && p.port_level_settings.is_empty()
        && p.tunnel.is_none()
        && p.proxy_protocol.is_none()
        && p.retry_budget.is_none()
    {
        report.error("traffic policy must have at least one field");
        return;
    }
    if p.tunnel.is_some() && p.proxy_protocol.is_some() {
        report.error("tunnel and proxyProtocol must not be set together");
        return;
    }
    validate_outlier_detection(report, p.outlier_detection.as_ref());
    validate_connection_pool(report, p.connection_pool.as_ref());
    validate_load_balancer(
        report,
        p.load_balancer.as_ref(),
        p.outlier_detection.as_ref(),
    );
    validate_client_tls(report, namespace, p.tls.as_ref());
    for pl in &p.port_level_settings {
        let Some(pl) = pl else {
            report.error("traffic policy may not be null");
            continue;
        };
        if pl.port.is_none() {
            report.error("portTrafficPolicy must have valid port");
        }
        if pl.outlier_detection.is_none()
            && pl.connection_pool.is_none()
            && pl.load_balancer.is_none()
            && pl.tls.is_none()
        {
            report.error("port traffic policy must have at least one field");
            continue;
        }
        report.errors_only(|report| {
            validate_outlier_detection(report, pl.outlier_detection.as_ref());
            validate_connection_pool(report, pl.connection_pool.as_ref());
            validate_load_balancer(
                report,
                pl.load_balancer.as_ref(),
                pl.outlier_detection.as_ref(),
            );
            validate_client_tls(report, namespace, pl.tls.as_ref());
        });
    }
    if let Some(t) = &p.tunnel {
        if !t.protocol.is_empty() && t.protocol != "CONNECT" && t.protocol != "POST" {
            report.error("tunnel protocol must be \"CONNECT\" or \"POST\"");
        }
        if let Err(fqdn) = validate_fqdn(&t.target_host)
            && !is_ip(&t.target_host)
        {
            report.error(format!(
                "tunnel target host must be valid FQDN or IP address: {fqdn}; {} is not a valid IP",
                t.target_host
            ));
        }
        if let Err(e) = common::validate_port(i64::from(t.target_port)) {
            report.error(format!("tunnel target port is invalid: {e}"));
        }
    }
}

/// `validateOutlierDetection`.
pub fn validate_outlier_detection(report: &mut Report, o: Option<&OutlierDetection>) {
    let Some(o) = o else { return };
    if let Some(d) = o.base_ejection_time {
        report.check(d.check());
    }
    if o.consecutive_errors != 0 {
        report.warning("outlier detection consecutive errors is deprecated, use consecutiveGatewayErrors or consecutive5xxErrors instead");
    }
    if !o.split_external_local_origin_errors && o.consecutive_local_origin_failures.unwrap_or(0) > 0
    {
        report.error("outlier detection consecutive local origin failures is specified, but split external local origin errors is set to false");
    }
    if let Some(d) = o.interval {
        report.check(d.check());
    }
    report.check(common::validate_percent(i64::from(o.max_ejection_percent)));
    report.check(common::validate_percent(i64::from(o.min_health_percent)));
}

/// `validateConnectionPool`.
pub fn validate_connection_pool(report: &mut Report, s: Option<&ConnectionPoolSettings>) {
    let Some(s) = s else { return };
    if s.http.is_none() && s.tcp.is_none() {
        report.error("connection pool must have at least one field");
        return;
    }
    if let Some(h) = &s.http {
        let non_negative = [
            (h.http1_max_pending_requests, "http1 max pending requests"),
            (h.http2_max_requests, "http2 max requests"),
            (h.max_requests_per_connection, "max requests per connection"),
            (h.max_retries, "max retries"),
        ];
        for (v, what) in non_negative {
            if v < 0 {
                report.error(format!("{what} must be non-negative"));
            }
        }
        if let Some(d) = h.idle_timeout {
            report.check(d.check());
        }
        if h.h2_upgrade_policy == H2UpgradePolicy::UPGRADE && h.use_client_protocol {
            report.error("use client protocol must not be true when H2UpgradePolicy is UPGRADE");
        }
        if h.max_concurrent_streams < 0 {
            report.error("max concurrent streams must be non-negative");
        }
        if let Some(ka) = &h.http2_keep_alive {
            match ka.interval {
                None => report.error("http2 keepalive interval is required"),
                Some(d) => report.check(d.check()),
            }
            match ka.timeout {
                None => report.error("http2 keepalive timeout is required"),
                Some(d) => report.check(d.check()),
            }
        }
    }
    if let Some(t) = &s.tcp {
        if t.max_connections < 0 {
            report.error("max connections must be non-negative");
        }
        for d in [t.connect_timeout, t.max_connection_duration]
            .into_iter()
            .flatten()
        {
            report.check(d.check());
        }
        // A zero idle timeout disables it.
        if let Some(d) = t.idle_timeout
            && d.0 / 1_000_000 != 0
        {
            report.check(d.check());
        }
        if let Some(ka) = &t.tcp_keepalive {
            for d in [ka.time, ka.interval].into_iter().flatten() {
                report.check(d.check());
            }
        }
    }
}

/// `validateLoadBalancer`.
pub fn validate_load_balancer(
    report: &mut Report,
    s: Option<&LoadBalancerSettings>,
    outlier: Option<&OutlierDetection>,
) {
    let Some(s) = s else { return };
    report.oneof(
        "lb_policy",
        &[
            ("simple", s.simple.is_some()),
            ("consistentHash", s.consistent_hash.is_some()),
            ("backendUtilization", s.backend_utilization.is_some()),
        ],
    );
    if let Some(ch) = &s.consistent_hash {
        validate_consistent_hash(report, ch);
    }
    if s.locality_lb_setting.is_some() && s.zone_aware_lb_setting.is_some() {
        report.error("only one of localityLbSetting and zoneAwareLbSetting can be set");
    }
    if let Some(l) = &s.locality_lb_setting {
        validate_locality_lb_setting(report, l, outlier);
    }
    if let Some(z) = &s.zone_aware_lb_setting {
        validate_zone_aware_lb_setting(report, z, outlier);
    }
    if let Some(w) = &s.warmup {
        match w.duration {
            None => report.error("duration is required"),
            Some(d) => report.check(d.check()),
        }
        if w.minimum_percent.unwrap_or(0.0) > 100.0 {
            report.error("minimumPercent value should be less than or equal to 100");
        }
        if w.aggression.is_some_and(|a| a <= 0.0) {
            report.error("aggression should be greater than 0");
        }
    }
}

fn validate_consistent_hash(report: &mut Report, ch: &ConsistentHashLb) {
    report.oneof(
        "hash_key",
        &[
            ("httpHeaderName", ch.http_header_name.is_some()),
            ("httpCookie", ch.http_cookie.is_some()),
            ("useSourceIp", ch.use_source_ip.is_some()),
            (
                "httpQueryParameterName",
                ch.http_query_parameter_name.is_some(),
            ),
        ],
    );
    report.oneof(
        "hash_algorithm",
        &[
            ("ringHash", ch.ring_hash.is_some()),
            ("maglev", ch.maglev.is_some()),
        ],
    );
    if let Some(cookie) = &ch.http_cookie {
        if cookie.name.is_empty() {
            report.error("name required for HttpCookie");
        }
        let mut names = BTreeSet::new();
        for attr in &cookie.attributes {
            if attr.name.is_empty() {
                report.error("cookie attribute name cannot be empty");
            } else if !names.insert(attr.name.as_str()) {
                report.error(format!("duplicate cookie attribute name: {}", attr.name));
            }
        }
    }
    if ch.minimum_ring_size != 0 {
        report.warning("consistent hash MinimumRingSize is deprecated, use ConsistentHashLB's RingHash configuration instead");
        if ch.ring_hash.is_some() || ch.maglev.is_some() {
            report.error("only one of MinimumRingSize or Maglev/Ringhash can be specified");
        }
    }
    if let Some(ml) = &ch.maglev {
        if ml.table_size == 0 {
            report.error("tableSize must be set for maglev");
        }
        if ml.table_size >= 5_000_011 {
            report.error("tableSize must be less than 5000011 for maglev");
        }
        if !is_prime(ml.table_size) {
            report.error("tableSize must be a prime number for maglev");
        }
    }
}

/// Envoy's primality test (1, 2 and 3 count as prime; 0 does not).
fn is_prime(x: u64) -> bool {
    if x != 0 && x < 4 {
        return true;
    }
    if x & 1 == 0 {
        return false;
    }
    let limit = (x as f64).sqrt() as u64;
    (3..=limit).step_by(2).all(|f| !x.is_multiple_of(f))
}

const TOPOLOGY_LABELS: [&str; 3] = [
    "topology.kubernetes.io/region",
    "topology.kubernetes.io/zone",
    "topology.istio.io/subzone",
];

/// `ValidateLocalityLbSetting`.
pub fn validate_locality_lb_setting(
    report: &mut Report,
    lb: &LocalityLbSetting,
    outlier: Option<&OutlierDetection>,
) {
    if !lb.distribute.is_empty() && !lb.failover.is_empty() {
        report.error("can not simultaneously specify 'distribute' and 'failover'");
        return;
    }
    if !lb.failover.is_empty()
        && let Some(l) = lb
            .failover_priority
            .iter()
            .find(|l| TOPOLOGY_LABELS.contains(&l.as_str()))
    {
        report.error(format!(
            "can not simultaneously set 'failover' and topology label '{l}' in 'failover_priority'"
        ));
        return;
    }
    let mut sources = Vec::new();
    for d in &lb.distribute {
        sources.push(d.from.as_str());
        let mut total: u32 = 0;
        for w in d.to.values() {
            if *w == 0 || *w > 100 {
                report.error("locality weight must be in range [1, 100]");
                return;
            }
            total += w;
        }
        if total != 100 {
            report.error(format!("total locality weight {total} != 100"));
            return;
        }
        let dests: Vec<&str> = d.to.keys().map(String::as_str).collect();
        report.check(validate_localities(&dests));
    }
    report.check(validate_localities(&sources));
    if (!lb.failover.is_empty() || !lb.failover_priority.is_empty()) && outlier.is_none() {
        report.warning("outlier detection policy must be provided for failover");
    }
    for f in &lb.failover {
        if f.from == f.to {
            report.error("locality lb failover settings must specify different regions");
        }
        if f.from.contains('/') || f.to.contains('/') {
            report.error("locality lb failover only specify region");
        }
        if f.from.contains('*') || f.to.contains('*') {
            report.error("locality lb failover region should not contain '*' wildcard");
        }
    }
}

/// `ValidateZoneAwareLbSetting`.
pub fn validate_zone_aware_lb_setting(
    report: &mut Report,
    lb: &ZoneAwareLbSetting,
    outlier: Option<&OutlierDetection>,
) {
    for l in &lb.failover_priority {
        if TOPOLOGY_LABELS.contains(&l.as_str()) {
            report.error(format!("'failover_priority' for zone aware lb must not use topology label '{l}'; region- and zone-level routing are handled automatically"));
        }
    }
    if (!lb.failover.is_empty() || !lb.failover_priority.is_empty()) && outlier.is_none() {
        report.warning("outlier detection policy must be provided for failover");
    }
    for f in &lb.failover {
        if f.from == f.to {
            report.error("zone aware lb failover settings must specify different regions");
        }
        if f.from.contains('/') || f.to.contains('/') {
            report.error("zone aware lb failover only specifies region; zone and subzone failover are handled automatically");
        }
        if f.from.contains('*') || f.to.contains('*') {
            report.error("zone aware lb failover region should not contain '*' wildcard");
        }
    }
}

/// `validateLocalities`: `region[/zone[/subzone]]`, a single trailing `*`, no overlaps.
pub fn validate_localities(localities: &[&str]) -> Result<(), String> {
    // region -> zone -> subzones; "*" marks "everything below".
    let mut seen: BTreeMap<&str, BTreeMap<&str, BTreeSet<&str>>> = BTreeMap::new();
    for &loc in localities {
        let overlap = || format!("locality {loc} overlap with previous specified ones");
        let stars = loc.matches('*').count();
        if stars > 1 || (stars == 1 && !loc.ends_with('*')) {
            return Err(format!(
                "locality {loc} wildcard '*' number can not exceed 1 and must be in the end"
            ));
        }
        if seen.contains_key("*") {
            return Err(overlap());
        }
        let items: Vec<&str> = loc.splitn(3, '/').collect();
        if items.iter().any(|i| i.is_empty()) {
            return Err(format!(
                "locality {loc} must not contain empty region/zone/subzone info"
            ));
        }
        let region = items[0];
        match items.len() {
            1 => {
                if seen.contains_key(region) {
                    return Err(overlap());
                }
                seen.insert(region, BTreeMap::from([("*", BTreeSet::from(["*"]))]));
            }
            2 => {
                let zone = items[1];
                let zones = seen.entry(region).or_default();
                if zones.contains_key("*") || zones.contains_key(zone) {
                    return Err(overlap());
                }
                zones.insert(zone, BTreeSet::from(["*"]));
            }
            _ => {
                let (zone, sub) = (items[1], items[2]);
                let zones = seen.entry(region).or_default();
                if zones.contains_key("*") {
                    return Err(overlap());
                }
                let subs = zones.entry(zone).or_default();
                if subs.contains("*") || !subs.insert(sub) {
                    return Err(overlap());
                }
            }
        }
    }
    Ok(())
}

/// `ValidateTLS` for client TLS settings.
pub fn validate_client_tls(report: &mut Report, namespace: &str, s: Option<&ClientTlsSettings>) {
    let Some(s) = s else { return };
    if let Some(rest) = s.credential_name.strip_prefix("configmap://") {
        let parts: Vec<&str> = rest.split('/').collect();
        let parsed = if parts.len() <= 1 {
            Err(format!(
                "invalid resource name {:?}. Expected namespace and name",
                s.credential_name
            ))
        } else if parts[0].is_empty() {
            Err(format!(
                "invalid resource name {:?}. Expected namespace",
                s.credential_name
            ))
        } else if parts[1].is_empty() {
            Err(format!(
                "invalid resource name {:?}. Expected name",
                s.credential_name
            ))
        } else {
            Ok(parts[0])
        };
        match parsed {
            Err(e) => report.error(format!("invalid configmap:// credentialName: {e}")),
            Ok(ns) if ns != namespace || namespace.is_empty() => report.error(format!(
                "invalid configmap:// credentialName: namespace must match the configuration namespace {namespace:?}"
            )),
            Ok(_) => {}
        }
    }
    if s.insecure_skip_verify == Some(true) {
        if s.mode == ClientTlsMode::SIMPLE
            && (!s.ca_certificates.is_empty()
                || !s.credential_name.is_empty()
                || !s.subject_alt_names.is_empty())
        {
            report.error("cannot specify CaCertificates or CredentialName or SubjectAltNames when InsecureSkipVerify is set true");
        }
        if s.mode == ClientTlsMode::MUTUAL
            && (!s.ca_certificates.is_empty() || !s.subject_alt_names.is_empty())
        {
            report.error(
                "cannot specify CaCertificates or SubjectAltNames when InsecureSkipVerify is set true",
            );
        }
    }
    if matches!(s.mode, ClientTlsMode::SIMPLE | ClientTlsMode::MUTUAL)
        && !s.credential_name.is_empty()
    {
        if !s.client_certificate.is_empty()
            || !s.ca_certificates.is_empty()
            || !s.private_key.is_empty()
            || !s.ca_crl.is_empty()
        {
            report.error("cannot specify client certificates or CA certificate or CA CRL If credentialName is set");
        }
        return;
    }
    if s.mode == ClientTlsMode::MUTUAL {
        if s.client_certificate.is_empty() {
            report.error("client certificate required for mutual tls");
        }
        if s.private_key.is_empty() {
            report.error("private key required for mutual tls");
        }
    }
}
