//! Validation of the injection annotations a pod may carry. Any failure denies the pod, with
//! one line per bad annotation, as Istio's injector reports them.

use crate::compat::quantity;
use crate::config::mesh;
use crate::release::{Feature, Release};
use serde_json::Value;

type Check = fn(&str) -> Result<(), String>;
type CheckByRelease = fn(&str, Release) -> Result<(), String>;

const CHECKS: [(&str, Check); 23] = [
    ("sidecar.istio.io/interceptionMode", interception_mode),
    ("status.sidecar.istio.io/port", status_port),
    (
        "readiness.status.sidecar.istio.io/initialDelaySeconds",
        uint32,
    ),
    ("readiness.status.sidecar.istio.io/periodSeconds", uint32),
    ("readiness.status.sidecar.istio.io/failureThreshold", uint32),
    (
        "traffic.sidecar.istio.io/includeOutboundIPRanges",
        include_ip_ranges,
    ),
    (
        "traffic.sidecar.istio.io/excludeOutboundIPRanges",
        exclude_ip_ranges,
    ),
    (
        "traffic.sidecar.istio.io/includeInboundPorts",
        include_inbound_ports,
    ),
    ("traffic.sidecar.istio.io/excludeInboundPorts", |v| {
        port_list("excludeInboundPorts", v)
    }),
    ("traffic.sidecar.istio.io/excludeOutboundPorts", |v| {
        port_list("excludeOutboundPorts", v)
    }),
    (
        "traffic.sidecar.istio.io/excludeInterfaces",
        interface_names,
    ),
    (
        "traffic.sidecar.istio.io/kubevirtInterfaces",
        interface_names,
    ),
    ("istio.io/reroute-virtual-interfaces", interface_names),
    ("prometheus.istio.io/merge-metrics", parse_bool_check),
    ("sidecar.istio.io/proxyCPU", resource_quantity),
    ("sidecar.istio.io/proxyMemory", resource_quantity),
    ("sidecar.istio.io/proxyCPULimit", resource_quantity),
    ("sidecar.istio.io/proxyMemoryLimit", resource_quantity),
    // Istio's templates before its quoting fix (istio#61215; 1.31 and earlier) write these
    // into the YAML unquoted: a line break would add keys to the proxy's container. needle
    // refuses them whatever the template, stricter than Istio.
    ("sidecar.istio.io/proxyImage", template_safe),
    ("sidecar.istio.io/logLevel", template_safe),
    ("sidecar.istio.io/componentLogLevel", template_safe),
    ("sidecar.istio.io/agentLogLevel", template_safe),
    ("sidecar.istio.io/bootstrapOverride", template_safe),
];

/// Checks whose rules are the release's own.
const CHECKS_BY_RELEASE: [(&str, CheckByRelease); 1] = [("proxy.istio.io/config", proxy_config)];

/// The release that began checking an annotation, for the checks not every release has.
fn checked_since(name: &str) -> Option<Feature> {
    match name {
        "sidecar.istio.io/proxyCPU"
        | "sidecar.istio.io/proxyMemory"
        | "sidecar.istio.io/proxyCPULimit"
        | "sidecar.istio.io/proxyMemoryLimit" => Some(Feature::QuantityAnnotations),
        "traffic.sidecar.istio.io/excludeInterfaces"
        | "traffic.sidecar.istio.io/kubevirtInterfaces"
        | "istio.io/reroute-virtual-interfaces" => Some(Feature::InterfaceAnnotations),
        _ => None,
    }
}

/// Check every known annotation as `release` checks it; the error lists each invalid one, in
/// annotation-name order.
pub fn validate(
    annotations: &serde_json::Map<String, Value>,
    release: Release,
) -> Result<(), String> {
    let mut errors = Vec::new();
    for (name, value) in annotations {
        let Some(value) = value.as_str() else {
            continue;
        };
        if checked_since(name).is_some_and(|feature| !release.has(feature)) {
            continue;
        }
        let checked = match CHECKS.iter().find(|(n, _)| n == name) {
            Some((_, check)) => Some(check(value)),
            None => CHECKS_BY_RELEASE
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, check)| check(value, release)),
        };
        if let Some(Err(e)) = checked {
            errors.push(format!(
                "invalid value '{value}' for annotation '{name}': {e}"
            ));
        }
    }
    match errors.len() {
        0 => Ok(()),
        n => {
            let plural = if n == 1 { "error" } else { "errors" };
            let items: String = errors.iter().map(|e| format!("\t* {e}\n")).collect();
            Err(format!("{n} {plural} occurred:\n{items}\n"))
        }
    }
}

/// Go's `strconv.ParseBool`.
pub fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

fn parse_bool_check(v: &str) -> Result<(), String> {
    parse_bool(v)
        .map(|_| ())
        .ok_or_else(|| format!("strconv.ParseBool: parsing {v:?}: invalid syntax"))
}

fn interception_mode(v: &str) -> Result<(), String> {
    match v {
        "REDIRECT" | "TPROXY" | "NONE" => Ok(()),
        _ => Err(format!(
            "interceptionMode invalid, use REDIRECT,TPROXY,NONE: {v}"
        )),
    }
}

/// Go's `strconv.ParseUint(s, 10, bits)` with its error text.
fn parse_uint(v: &str, bits: u32) -> Result<u64, String> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.ParseUint: parsing {v:?}: invalid syntax"));
    }
    match v.parse::<u64>() {
        Ok(n) if bits == 64 || n < (1u64 << bits) => Ok(n),
        _ => Err(format!(
            "strconv.ParseUint: parsing {v:?}: value out of range"
        )),
    }
}

fn uint32(v: &str) -> Result<(), String> {
    parse_uint(v, 32).map(|_| ())
}

fn parse_port(v: &str) -> Result<u64, String> {
    parse_uint(v.trim(), 16).map_err(|e| format!("failed parsing port '{v}': {e}"))
}

fn status_port(v: &str) -> Result<(), String> {
    parse_port(v)
        .map(|_| ())
        .map_err(|e| format!("excludeInboundPorts invalid: {e}"))
}

fn port_list(name: &str, v: &str) -> Result<(), String> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(());
    }
    for p in v.split(',') {
        parse_port(p).map_err(|e| format!("{name} invalid: failed parsing port '{p}': {e}"))?;
    }
    Ok(())
}

fn include_inbound_ports(v: &str) -> Result<(), String> {
    if v == "*" {
        Ok(())
    } else {
        port_list("includeInboundPorts", v)
    }
}

fn cidr_list(v: &str) -> Result<(), String> {
    if v.is_empty() {
        return Ok(());
    }
    for cidr in v.split(',') {
        crate::compat::netip::parse_prefix(cidr)
            .map_err(|e| format!("failed parsing cidr '{cidr}': {e}"))?;
    }
    Ok(())
}

fn include_ip_ranges(v: &str) -> Result<(), String> {
    if v == "*" {
        Ok(())
    } else {
        cidr_list(v).map_err(|e| format!("includeIPRanges invalid: {e}"))
    }
}

fn exclude_ip_ranges(v: &str) -> Result<(), String> {
    cidr_list(v).map_err(|e| format!("excludeIPRanges invalid: {e}"))
}

fn interface_names(v: &str) -> Result<(), String> {
    if v.is_empty() {
        return Ok(());
    }
    for iface in v.split(',') {
        let iface = iface.trim();
        if iface.is_empty() {
            return Err("empty interface name".into());
        }
        if iface.len() > 15 {
            return Err(format!("interface name {iface:?} too long (max 15 chars)"));
        }
        let mut chars = iface.chars();
        let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
        if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')) {
            return Err(format!(
                "interface name {iface:?} contains invalid characters"
            ));
        }
    }
    Ok(())
}

fn resource_quantity(v: &str) -> Result<(), String> {
    no_control_characters(v)?;
    quantity::parse(v).map(|_| ())
}

/// A value templates may write unquoted (see `CHECKS`).
fn template_safe(v: &str) -> Result<(), String> {
    no_control_characters(v)
        .map_err(|e| format!("{e}, which would change the YAML an injection template writes"))
}

/// Istio's words for a quantity annotation with a control character (a line break, a tab...).
fn no_control_characters(v: &str) -> Result<(), String> {
    match v.chars().any(char::is_control) {
        true => Err("value contains control characters".into()),
        false => Ok(()),
    }
}

/// The ProxyConfig the annotation makes, as `release` reads and checks it.
fn proxy_config(v: &str, release: Release) -> Result<(), String> {
    let overlay = crate::compat::yaml::parse_one_last_wins(v)
        .map_err(|e| format!("failed to convert to apply proxy config: {e}"))?;
    let mut pc = mesh::merge_proxy_config(mesh::proxy_config_defaults(), &overlay)
        .map_err(|e| format!("failed to convert to apply proxy config: {e}"))?;
    crate::config::proxy_config::known_to(&mut pc, release);
    crate::config::proxy_config::rules::validate(&pc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(annos: Value) -> Result<(), String> {
        validate(annos.as_object().unwrap(), Release::NEWEST)
    }

    #[test]
    fn each_release_checks_what_it_checked() {
        let annos = json!({
            "sidecar.istio.io/proxyCPU": "lots",
            "traffic.sidecar.istio.io/excludeInterfaces": "eth0,,eth1",
        });
        let on = |release: &str| {
            let release = Release::parse(release).unwrap();
            validate(annos.as_object().unwrap(), release)
                .err()
                .map(|e| e.lines().count())
        };
        assert_eq!(on("1.28.3"), None);
        assert_eq!(on("1.29.6"), Some(3)); // the quantity: one line, the header, the blank
        assert_eq!(on("1.30.0"), Some(4));
    }

    /// Before 1.31 the API has no `connectionSettings`: the reader drops it, unchecked.
    #[test]
    fn connection_settings_are_checked_where_the_api_has_them() {
        let annos = json!({"proxy.istio.io/config": "connectionSettings:\n  listenerPerConnectionBufferLimitBytes: -1\n"});
        let on = |minor| validate(annos.as_object().unwrap(), Release::new(minor, 0));
        assert_eq!(on(30), Ok(()));
        let err = on(31).unwrap_err();
        assert!(
            err.contains("invalid connection settings: listener_per_connection_buffer_limit_bytes must be non-negative"),
            "{err}"
        );
    }

    #[test]
    fn valid_annotations_pass() {
        assert!(
            check(json!({
                "sidecar.istio.io/interceptionMode": "TPROXY",
                "traffic.sidecar.istio.io/includeOutboundIPRanges": "*",
                "traffic.sidecar.istio.io/excludeOutboundIPRanges": "10.0.0.0/8,::1/128",
                "traffic.sidecar.istio.io/excludeInboundPorts": "80, 81",
                "sidecar.istio.io/proxyCPU": "100m",
                "other": "anything"
            }))
            .is_ok()
        );
    }

    #[test]
    fn values_templates_write_unquoted_refuse_control_characters() {
        for name in [
            "proxyImage",
            "logLevel",
            "componentLogLevel",
            "agentLogLevel",
            "bootstrapOverride",
        ] {
            let name = format!("sidecar.istio.io/{name}");
            assert_eq!(
                check(json!({&name: "debug\nx: y"})).unwrap_err(),
                format!(
                    "1 error occurred:\n\t* invalid value 'debug\nx: y' for annotation '{name}': \
                     value contains control characters, which would change the YAML an injection \
                     template writes\n\n"
                )
            );
            assert!(check(json!({&name: "a\tb"})).is_err(), "{name}: a tab");
            assert!(check(json!({&name: "docker.io/istio/proxyv2:1.30.3"})).is_ok());
        }
    }

    #[test]
    fn invalid_annotations_are_listed_like_istio() {
        let err = check(json!({"traffic.sidecar.istio.io/includeOutboundIPRanges": "1.1.1.1"}))
            .unwrap_err();
        assert_eq!(
            err,
            "1 error occurred:\n\t* invalid value '1.1.1.1' for annotation 'traffic.sidecar.istio.io/includeOutboundIPRanges': includeIPRanges invalid: failed parsing cidr '1.1.1.1': netip.ParsePrefix(\"1.1.1.1\"): no '/'\n\n"
        );
        let err = check(json!({"traffic.sidecar.istio.io/excludeInboundPorts": "a", "sidecar.istio.io/interceptionMode": "X"})).unwrap_err();
        assert!(err.starts_with("2 errors occurred:\n"), "{err}");
    }
}
