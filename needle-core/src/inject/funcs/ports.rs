//! Container ports as Istio's injector reads them: the inbound ports to capture, the status
//! port to exclude, and `ISTIO_META_POD_PORTS`.

use crate::compat::go_json::{self, Layout};
use crate::compat::gofmt;
use serde_json::Value;

/// `excludeInboundPort`: add the status port to a comma list unless present, empty or "0".
pub fn exclude_inbound_port(port: &str, excluded: &str) -> String {
    let port = port.trim();
    if port.is_empty() || port == "0" {
        return excluded.to_string();
    }
    let mut out = Vec::new();
    for p in excluded.split(',') {
        if p == port {
            return excluded.to_string();
        }
        let p = p.trim();
        if !p.is_empty() {
            out.push(p);
        }
    }
    out.push(port);
    out.join(",")
}

/// `applicationPorts`: the TCP container ports of the app containers, comma-separated.
pub fn application_ports(containers: &Value) -> String {
    tcp_ports(containers, true)
}

/// `includeInboundPorts`: the TCP container ports of every container, comma-separated.
pub fn include_inbound_ports(containers: &Value) -> String {
    tcp_ports(containers, false)
}

/// The container ports of the containers but UDP and SCTP ones (the proxy captures TCP),
/// printed as Go prints them.
fn tcp_ports(containers: &Value, skip_proxy: bool) -> String {
    let mut parts = Vec::new();
    for c in containers.as_array().into_iter().flatten() {
        if skip_proxy && c.get("name").and_then(Value::as_str) == Some("istio-proxy") {
            continue;
        }
        for p in c
            .get("ports")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let proto = p.get("protocol").and_then(Value::as_str).unwrap_or("");
            if proto == "UDP" || proto == "SCTP" {
                continue;
            }
            parts.push(gofmt::sprint(
                p.get("containerPort").unwrap_or(&Value::from(0)),
            ));
        }
    }
    parts.join(",")
}

/// `ISTIO_META_POD_PORTS`: every container port as Go marshals a `ContainerPort` (its fields
/// in declaration order: name, hostPort, containerPort, protocol, hostIP; empty ones left
/// out), in a JSON list laid out as Istio's template writes it.
pub fn pod_ports_json(containers: &[Value]) -> String {
    let entries: Vec<String> = containers
        .iter()
        .flat_map(|c| {
            c.get("ports")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
        })
        .map(|port| go_json::marshal_as(port, Layout::CONTAINER_PORT))
        .collect();
    if entries.is_empty() {
        return "[\n]".to_string();
    }
    format!("[\n    {}\n]", entries.join("\n    ,"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn exclude_inbound_port_matches_istio() {
        assert_eq!(exclude_inbound_port("15020", ""), "15020");
        assert_eq!(exclude_inbound_port("15020", "80, 81"), "80,81,15020");
        assert_eq!(exclude_inbound_port("15020", "15020,80"), "15020,80");
        assert_eq!(exclude_inbound_port("0", "80"), "80");
    }

    #[test]
    fn inbound_ports_are_the_tcp_ones() {
        let c = json!([
            {"name": "app", "ports": [{"containerPort": 80}, {"containerPort": 53, "protocol": "UDP"}]},
            {"name": "istio-proxy", "ports": [{"containerPort": 15090, "protocol": "TCP"}]},
        ]);
        assert_eq!(application_ports(&c), "80");
        assert_eq!(include_inbound_ports(&c), "80,15090");
    }

    #[test]
    fn pod_ports_follow_go_field_order() {
        let c = vec![json!({"ports": [{"containerPort": 80, "name": "http", "protocol": "TCP"}]})];
        assert_eq!(
            pod_ports_json(&c),
            "[\n    {\"name\":\"http\",\"containerPort\":80,\"protocol\":\"TCP\"}\n]"
        );
    }
}
