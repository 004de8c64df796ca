//! Ports as Istio checks them: numbers, names and protocols.

use serde::Deserialize;

use super::is_dns1123_label;

/// Istio's `networking.Port` (also `ServicePort` of ServiceEntry and `SidecarPort`, which have
/// the same fields).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Port {
    pub number: u32,
    pub protocol: String,
    pub name: String,
    pub target_port: u32,
}

/// `ValidatePort`.
pub fn validate_port(port: i64) -> Result<(), String> {
    if (1..=65535).contains(&port) {
        Ok(())
    } else {
        Err(format!("port number {port} must be in the range 1..65535"))
    }
}

/// `ValidatePortName`.
pub fn validate_port_name(name: &str) -> Result<(), String> {
    if is_dns1123_label(name) {
        Ok(())
    } else {
        Err(format!("invalid port name: {name}"))
    }
}

/// Istio's `protocol.Instance`, as `protocol.Parse` classifies names (case-insensitive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Tcp,
    Udp,
    Grpc,
    GrpcWeb,
    Http,
    HttpProxy,
    Http2,
    Https,
    Tls,
    Mongo,
    Redis,
    MySql,
    Unsupported,
}

impl Protocol {
    pub fn parse(s: &str) -> Protocol {
        match s.to_ascii_lowercase().as_str() {
            "tcp" => Protocol::Tcp,
            "udp" => Protocol::Udp,
            "grpc" => Protocol::Grpc,
            "grpc-web" => Protocol::GrpcWeb,
            "http" => Protocol::Http,
            "http_proxy" => Protocol::HttpProxy,
            "http2" => Protocol::Http2,
            "https" => Protocol::Https,
            "tls" => Protocol::Tls,
            "mongo" => Protocol::Mongo,
            "redis" => Protocol::Redis,
            "mysql" => Protocol::MySql,
            _ => Protocol::Unsupported,
        }
    }

    pub fn is_http(self) -> bool {
        use Protocol::*;
        matches!(self, Http | Http2 | HttpProxy | Grpc | GrpcWeb)
    }

    pub fn is_tcp(self) -> bool {
        use Protocol::*;
        matches!(self, Tcp | Https | Tls | Mongo | Redis | MySql)
    }

    pub fn is_tls(self) -> bool {
        matches!(self, Protocol::Https | Protocol::Tls)
    }
}

/// `ValidateProtocol`: empty (sniffed) or a protocol Istio knows.
pub fn validate_protocol(protocol: &str) -> Result<(), String> {
    if !protocol.is_empty() && Protocol::parse(protocol) == Protocol::Unsupported {
        return Err(format!("unsupported protocol: {protocol}"));
    }
    Ok(())
}
