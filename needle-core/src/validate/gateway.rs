//! Validation of Gateway (networking.istio.io), as Istio's `ValidateGateway` does it: servers,
//! their ports, binds, hosts and TLS options.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use serde_json::Value;

use super::Meta;
use super::common::{
    self, HostOwner, Port, Protocol, Report, is_dns1123_label, is_ip,
    validate_namespace_slash_wildcard_hostname,
};

/// Set on Gateways converted from Kubernetes Gateway API resources.
const GATEWAY_SEMANTICS_ANNOTATION: &str = "internal.istio.io/gateway-semantics";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct Gateway {
    servers: Vec<Option<Server>>,
    selector: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Server {
    pub port: Option<Port>,
    pub bind: String,
    pub hosts: Vec<String>,
    pub tls: Option<ServerTlsSettings>,
    pub default_endpoint: String,
    pub name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ServerTlsSettings {
    pub https_redirect: bool,
    pub mode: TlsMode,
    pub server_certificate: String,
    pub private_key: String,
    pub ca_certificates: String,
    pub ca_crl: String,
    pub credential_name: String,
    pub credential_names: Vec<String>,
    pub ca_cert_credential_name: String,
    pub tls_certificates: Vec<TlsCertificate>,
    pub subject_alt_names: Vec<String>,
    pub verify_certificate_spki: Vec<String>,
    pub verify_certificate_hash: Vec<String>,
    pub min_protocol_version: TlsProtocol,
    pub max_protocol_version: TlsProtocol,
    pub cipher_suites: Vec<String>,
    pub insecure_skip_verify: Option<bool>,
    pub ecdh_curves: Vec<String>,
}

#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct TlsCertificate {
    pub server_certificate: String,
    pub private_key: String,
    pub ca_certificates: String,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.ServerTLSSettings.TLSmode")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum TlsMode {
    #[default]
    PASSTHROUGH,
    SIMPLE,
    MUTUAL,
    AUTO_PASSTHROUGH,
    ISTIO_MUTUAL,
    OPTIONAL_MUTUAL,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.ServerTLSSettings.TLSProtocol")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum TlsProtocol {
    #[default]
    TLS_AUTO,
    TLSV1_0,
    TLSV1_1,
    TLSV1_2,
    TLSV1_3,
}
/// Cipher suites Envoy (BoringSSL) accepts in `cipherSuites`.
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

/// `security.IsValidCipherSuite`: operator expressions (`-`, `+`, `!`...) pass unchecked.
pub fn is_valid_cipher_suite(cs: &str) -> bool {
    match cs.chars().next() {
        None => true,
        _ if cs == "ALL" => true,
        Some(c) if !c.is_alphanumeric() => true,
        _ => VALID_CIPHER_SUITES.contains(&cs),
    }
}

/// Validate a Gateway spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let gw: Gateway = super::decode(spec)?;
    super::check_metadata_and_rules(meta, report, |report| check_gateway(meta, &gw, report))
}

fn check_gateway(meta: &Meta, gw: &Gateway, report: &mut Report) {
    let gateway_semantics = meta
        .annotations
        .get(GATEWAY_SEMANTICS_ANNOTATION)
        .and_then(Value::as_str)
        == Some("gateway");
    if !is_dns1123_label(&meta.name) && !gateway_semantics {
        report.error(format!("invalid gateway name: {:?}", meta.name));
    }
    if gw.servers.is_empty() {
        report.error("gateway must have at least one server");
    } else {
        for server in &gw.servers {
            match server {
                Some(s) => validate_server(report, s, gateway_semantics),
                None => report.error("cannot have nil server"),
            }
        }
    }
    let mut port_names = BTreeSet::new();
    for server in &gw.servers {
        let Some(s) = server else {
            report.error("server may not be nil");
            continue;
        };
        if let Some(port) = &s.port {
            if !port_names.insert(port.name.as_str()) {
                report.error(format!(
                    "port names in servers must be unique: duplicate name {}",
                    port.name
                ));
            }
            if !Protocol::parse(&port.protocol).is_http()
                && s.tls.as_ref().is_some_and(|t| t.https_redirect)
            {
                report.warning("tls.httpsRedirect should only be used with http servers");
            }
        }
    }
}

/// `validateServer`.
pub fn validate_server(report: &mut Report, server: &Server, gateway_semantics: bool) {
    if server.hosts.is_empty() {
        report.error("server config must contain at least one host");
    } else {
        for host in &server.hosts {
            for e in validate_namespace_slash_wildcard_hostname(
                host,
                HostOwner::Gateway { gateway_semantics },
            ) {
                report.error(e);
            }
        }
    }
    let port_errors = validate_server_port(server.port.as_ref(), &server.bind);
    let port_ok = port_errors.is_empty();
    for e in port_errors {
        report.error(e);
    }
    validate_server_bind(report, server.port.as_ref(), &server.bind);
    if let Some(tls) = &server.tls {
        validate_tls_options(report, tls);
    }
    let Some(port) = server.port.as_ref().filter(|_| port_ok) else {
        return;
    };
    let p = Protocol::parse(&port.protocol);
    match &server.tls {
        None if p.is_tls() => report.error("server must have TLS settings for HTTPS/TLS protocols"),
        Some(tls) if !p.is_tls() => {
            if p.is_http() {
                let passthrough =
                    matches!(tls.mode, TlsMode::PASSTHROUGH | TlsMode::AUTO_PASSTHROUGH);
                if !passthrough
                    || !tls.ca_certificates.is_empty()
                    || !tls.private_key.is_empty()
                    || !tls.server_certificate.is_empty()
                {
                    report.error("server cannot have TLS settings for plain text HTTP ports");
                }
            } else {
                report.error("server cannot have TLS settings for non HTTPS/TLS ports");
            }
        }
        _ => {}
    }
}

/// `validateServerPort`: the errors found (the caller needs to know whether there were any).
pub fn validate_server_port(port: Option<&Port>, bind: &str) -> Vec<String> {
    let Some(port) = port else {
        return vec!["port is required".into()];
    };
    let mut errs = Vec::new();
    if Protocol::parse(&port.protocol) == Protocol::Unsupported {
        errs.push(format!(
            "invalid protocol {:?}, supported protocols are HTTP, HTTP2, GRPC, GRPC-WEB, MONGO, REDIS, MYSQL, TCP",
            port.protocol
        ));
    }
    if port.number > 0 || !bind.starts_with("unix://") {
        errs.extend(common::validate_port(i64::from(port.number)).err());
    }
    if port.target_port > 0 {
        errs.push("targetPort has no impact on Gateways".into());
    }
    if port.name.is_empty() {
        errs.push(format!("port name must be set: {}", go_port_string(port)));
    }
    errs
}

/// How Go prints a `Port` message with `%v` (protobuf's compact text form).
fn go_port_string(p: &Port) -> String {
    let mut fields = Vec::new();
    if p.number != 0 {
        fields.push(format!("number:{}", p.number));
    }
    if !p.protocol.is_empty() {
        fields.push(format!("protocol:{:?}", p.protocol));
    }
    if !p.name.is_empty() {
        fields.push(format!("name:{:?}", p.name));
    }
    if p.target_port != 0 {
        fields.push(format!("target_port:{}", p.target_port));
    }
    fields.join(" ")
}

fn validate_server_bind(report: &mut Report, port: Option<&Port>, bind: &str) {
    if let Some(path) = bind.strip_prefix("unix://") {
        if path.is_empty() {
            report.error("unix address must not be empty");
        } else if !path.starts_with('@') && (!path.starts_with('/') || path.ends_with('/')) {
            report.error(format!("{path} is not an absolute path to a file"));
        }
        if let Some(p) = port.filter(|p| p.number != 0) {
            report.error(format!(
                "port number must be 0 for unix domain socket: {}",
                go_port_string(p)
            ));
        }
    } else if !bind.is_empty() && !is_ip(bind) {
        report.error(format!("{bind} is not a valid IP"));
    }
}

/// `validateTLSOptions` for server TLS settings.
pub fn validate_tls_options(report: &mut Report, tls: &ServerTlsSettings) {
    warn_about_cipher_suites(report, tls);
    if tls.mode == TlsMode::ISTIO_MUTUAL {
        check_istio_mutual(report, tls);
        return;
    }
    if matches!(tls.mode, TlsMode::PASSTHROUGH | TlsMode::AUTO_PASSTHROUGH)
        && (!tls.ca_crl.is_empty()
            || !tls.server_certificate.is_empty()
            || !tls.private_key.is_empty()
            || !tls.ca_certificates.is_empty()
            || !tls.tls_certificates.is_empty()
            || !tls.credential_name.is_empty()
            || !tls.credential_names.is_empty())
    {
        report.warning(format!(
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
        report.error("only one of credential_name, credential_names, server_certificate/private_key, tls_certificates should be specified");
    }
    let terminating = matches!(
        tls.mode,
        TlsMode::SIMPLE | TlsMode::MUTUAL | TlsMode::OPTIONAL_MUTUAL
    );
    if terminating && (!tls.credential_name.is_empty() || !tls.credential_names.is_empty()) {
        return;
    }
    if terminating {
        check_server_certificates(report, tls);
    }
    if !tls.ca_crl.is_empty() {
        if !tls.credential_name.is_empty() {
            report.error("CRL is not supported with credentialName. CRL has to be specified in the credential");
        }
        if tls.mode == TlsMode::SIMPLE {
            report.error("CRL is not supported with SIMPLE TLS");
        }
    }
}

/// The warnings about cipher suites: needed below TLS 1.2, invalid or repeated ones ignored.
fn warn_about_cipher_suites(report: &mut Report, tls: &ServerTlsSettings) {
    if matches!(
        tls.min_protocol_version,
        TlsProtocol::TLSV1_0 | TlsProtocol::TLSV1_1
    ) && tls.cipher_suites.is_empty()
    {
        report.warning("TLS version below TLSV1_2 require setting compatible ciphers as by default they no longer include compatible ciphers.");
    }
    let mut invalid = BTreeSet::new();
    let mut valid = BTreeSet::new();
    let mut duplicate = BTreeSet::new();
    for cs in &tls.cipher_suites {
        if !is_valid_cipher_suite(cs) {
            invalid.insert(cs.as_str());
        } else if !valid.insert(cs.as_str()) {
            duplicate.insert(cs.as_str());
        }
    }
    if !invalid.is_empty() {
        report.warning(format!(
            "ignoring invalid cipher suites: [{}]",
            invalid.into_iter().collect::<Vec<_>>().join(" ")
        ));
    }
    if !duplicate.is_empty() {
        report.warning(format!(
            "ignoring duplicate cipher suites: [{}]",
            duplicate.into_iter().collect::<Vec<_>>().join(" ")
        ));
    }
}

/// ISTIO_MUTUAL brings its own certificates: none may be given.
fn check_istio_mutual(report: &mut Report, tls: &ServerTlsSettings) {
    let fields = [
        (!tls.server_certificate.is_empty(), "server certificate"),
        (!tls.private_key.is_empty(), "private key"),
        (!tls.ca_certificates.is_empty(), "CA bundle"),
        (!tls.tls_certificates.is_empty(), "tlsCertificates"),
        (!tls.credential_name.is_empty(), "credentialName"),
        (!tls.credential_names.is_empty(), "credentialNames"),
    ];
    for (set, what) in fields {
        if set {
            report.error(format!("ISTIO_MUTUAL TLS cannot have associated {what}"));
        }
    }
}

/// A terminating mode (SIMPLE, MUTUAL, OPTIONAL_MUTUAL) without credential names needs
/// certificates and keys, and a client CA unless SIMPLE.
fn check_server_certificates(report: &mut Report, tls: &ServerTlsSettings) {
    let prefix = if tls.mode == TlsMode::SIMPLE {
        "SIMPLE TLS"
    } else {
        "MUTUAL TLS"
    };
    if tls.mode != TlsMode::SIMPLE && tls.ca_certificates.is_empty() {
        report.error(format!("{prefix} requires a client CA bundle"));
    }
    if tls.tls_certificates.len() > 2 {
        report.warning(format!("{prefix} can support up to 2 server certificates"));
    }
    let certs = if tls.tls_certificates.is_empty() {
        vec![TlsCertificate {
            server_certificate: tls.server_certificate.clone(),
            private_key: tls.private_key.clone(),
            ca_certificates: String::new(),
        }]
    } else {
        tls.tls_certificates.clone()
    };
    for c in &certs {
        if c.server_certificate.is_empty() {
            report.error(format!("{prefix} requires a server certificate"));
        }
        if c.private_key.is_empty() {
            report.error(format!("{prefix} requires a private key"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cipher_suites() {
        assert!(is_valid_cipher_suite("ECDHE-RSA-AES128-GCM-SHA256"));
        assert!(is_valid_cipher_suite("-ECDHE-RSA-AES128-SHA"));
        assert!(!is_valid_cipher_suite("foo"));
    }
}
