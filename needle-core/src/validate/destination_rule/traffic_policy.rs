//! DestinationRule traffic policies: connection pools, outlier detection, client TLS, tunnels
//! and proxy protocol, as Istio's `validateTrafficPolicy` checks them. Load balancing is in
//! `load_balancer`.

use crate::validate::Meta;
use serde::Deserialize;

use super::load_balancer::{LoadBalancerSettings, validate_load_balancer};
use crate::validate::common::{self, Duration, Report, is_ip, validate_fqdn};

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
pub fn validate_traffic_policy(report: &mut Report, meta: &Meta, p: &TrafficPolicy) {
    let namespace = meta.namespace.as_str();
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
        meta.release,
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
                meta.release,
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
