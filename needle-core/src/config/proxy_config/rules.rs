//! The checks Istio's `agent.ValidateMeshConfigProxyConfig` makes on a pod's effective
//! ProxyConfig (the mesh default with `proxy.istio.io/config` on top): any failure denies
//! the pod. Types, enum names and duration syntax are checked earlier, when the config is
//! read (`mesh::merge_proxy_config`).

use crate::compat::path::At;
use crate::validate::common::{
    is_ip, multierror, split_host_port, validate_duration, validate_fqdn, validate_port,
};
use serde_json::Value;

/// `Ok`, or every problem as Go's multierror prints them.
pub fn validate(pc: &Value) -> Result<(), String> {
    let mut errors = Vec::new();
    let text = |path: &[&str]| pc.at(path).and_then(Value::as_str).unwrap_or_default();
    if text(&["configPath"]).is_empty() {
        errors.push("config path must be set".to_string());
    }
    if text(&["binaryPath"]).is_empty() {
        errors.push("binary path must be set".to_string());
    }
    if pc.get("tracingServiceName").is_none() {
        match pc.get("serviceCluster").and_then(Value::as_str) {
            Some("") => errors.push("service cluster must be specified".to_string()),
            Some(_) => {}
            None => errors.push(
                "oneof service cluster or tracing service name must be specified".to_string(),
            ),
        }
    }
    errors.extend(drain_duration(pc));
    match text(&["discoveryAddress"]) {
        "" => errors.push("discovery address must be set to the proxy discovery service".into()),
        address => prefixed(
            &mut errors,
            "invalid discovery address:",
            proxy_address(address),
        ),
    }
    tracing(pc, &mut errors);
    for (path, what) in [
        (&["statsdUdpAddress"][..], "statsd udp address"),
        (
            &["envoyMetricsServiceAddress"],
            "envoy metrics service address",
        ),
        (
            &["envoyMetricsService", "address"],
            "envoy metrics service address",
        ),
        (
            &["envoyAccessLogService", "address"],
            "envoy access log service address",
        ),
    ] {
        let address = text(path);
        if !address.is_empty() {
            let prefix = format!("invalid {what} {address:?}:");
            prefixed(&mut errors, &prefix, proxy_address(address));
        }
    }
    let port = |field: &str| pc.get(field).and_then(Value::as_i64).unwrap_or(0);
    prefixed(
        &mut errors,
        "invalid proxy admin port:",
        validate_port(port("proxyAdminPort")),
    );
    match text(&["controlPlaneAuthPolicy"]) {
        "" | "NONE" | "MUTUAL_TLS" => {}
        other => errors.push(format!(
            "invalid authentication policy: unrecognized control plane auth policy {other:?}"
        )),
    }
    prefixed(
        &mut errors,
        "invalid status port:",
        validate_port(port("statusPort")),
    );
    if let Some(provider) = pc.get("privateKeyProvider").filter(|v| !v.is_null()) {
        let problems = private_key_provider(provider);
        errors.extend(
            problems
                .into_iter()
                .map(|e| format!("invalid private key provider configuration: {e}")),
        );
    }
    if let Some(settings) = pc.get("connectionSettings").filter(|v| !v.is_null()) {
        errors.extend(
            connection_settings(settings)
                .into_iter()
                .map(|e| format!("invalid connection settings: {e}")),
        );
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(multierror(&errors))
    }
}

/// `multierror.Prefix`: the error with the prefix in front.
fn prefixed(errors: &mut Vec<String>, prefix: &str, result: Result<(), String>) {
    if let Err(e) = result {
        errors.push(format!("{prefix} {e}"));
    }
}

/// `ValidateDrainDuration`: a duration of at least 1 ms, in whole seconds. The config's
/// durations are protobuf JSON by now (`45s`, `1.500s`).
fn drain_duration(pc: &Value) -> Option<String> {
    let text = pc
        .get("drainDuration")
        .and_then(Value::as_str)
        .unwrap_or("0s");
    let nanos = crate::compat::gofmt::parse_go_duration(text).unwrap_or(0);
    if let Err(e) = validate_duration(nanos) {
        return Some(format!("invalid drain duration: {e}"));
    }
    (nanos % 1_000_000_000 != 0)
        .then(|| "drain time only supports durations to seconds precision".to_string())
}

fn tracing(pc: &Value, errors: &mut Vec<String>) {
    let Some(tracing) = pc.get("tracing").filter(|v| v.is_object()) else {
        return;
    };
    let address = |tracer: &Value| {
        tracer
            .get("address")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    if let Some(lightstep) = tracing.get("lightstep").filter(|v| v.is_object()) {
        let address = address(lightstep);
        if address.is_empty() {
            errors.push("invalid lightstep config: address is required".into());
        }
        prefixed(
            errors,
            "invalid lightstep config: invalid lightstep address:",
            proxy_address(&address),
        );
        if lightstep
            .get("accessToken")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .is_empty()
        {
            errors.push("invalid lightstep config: access token is required".into());
        }
    }
    for (name, what) in [("zipkin", "zipkin"), ("datadog", "datadog")] {
        if let Some(tracer) = tracing.get(name).filter(|v| v.is_object()) {
            let address = address(tracer).replacen("$(HOST_IP)", "127.0.0.1", 1);
            prefixed(
                errors,
                &format!("invalid {what} config:"),
                proxy_address(&address),
            );
        }
    }
}

/// `ValidateProxyAddress`: `host:port`, the host a DNS name or an IP address.
fn proxy_address(address: &str) -> Result<(), String> {
    let (host, port) =
        split_host_port(address).map_err(|e| format!("unable to split {address:?}: {e}"))?;
    let port: i64 = port.parse().map_err(|_| {
        let why = if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
            "value out of range"
        } else {
            "invalid syntax"
        };
        format!("port ({port}) is not a number: strconv.Atoi: parsing {port:?}: {why}")
    })?;
    validate_port(port)?;
    if validate_fqdn(host).is_err() && !is_ip(host) {
        return Err(format!("{host:?} is not a valid hostname or an IP address"));
    }
    Ok(())
}

/// `validatePrivateKeyProvider`: exactly one known provider, with a non-zero poll delay.
fn private_key_provider(provider: &Value) -> Vec<String> {
    let chosen = ["cryptomb", "qat"]
        .into_iter()
        .find_map(|name| provider.get(name).filter(|v| !v.is_null()));
    let Some(config) = chosen else {
        return vec![
            "private key provider configuration is required".into(),
            "unknown private key provider".into(),
        ];
    };
    match config.get("pollDelay").and_then(Value::as_str) {
        None => vec!["pollDelay is required".into()],
        Some(delay) if crate::compat::gofmt::parse_go_duration(delay).unwrap_or(0) == 0 => {
            vec!["pollDelay must be non zero".into()]
        }
        Some(_) => vec![],
    }
}

/// `validateConnectionSettings`: buffer limits non-negative, timeouts non-negative, stream
/// and connection limits positive, HTTP/2 windows at least 65535.
fn connection_settings(settings: &Value) -> Vec<String> {
    let int = |field: &str| settings.get(field).and_then(Value::as_i64);
    let negative_duration = |field: &str| {
        settings
            .get(field)
            .and_then(Value::as_str)
            .is_some_and(|d| d.starts_with('-'))
    };
    let mut errors = Vec::new();
    for (field, name) in [
        (
            "listenerPerConnectionBufferLimitBytes",
            "listener_per_connection_buffer_limit_bytes",
        ),
        (
            "clusterPerConnectionBufferLimitBytes",
            "cluster_per_connection_buffer_limit_bytes",
        ),
    ] {
        if int(field).is_some_and(|v| v < 0) {
            errors.push(format!("{name} must be non-negative"));
        }
    }
    for (field, name) in [
        ("httpIdleTimeout", "http_idle_timeout"),
        ("httpMaxConnectionDuration", "http_max_connection_duration"),
        ("httpDrainTimeout", "http_drain_timeout"),
        ("httpRequestTimeout", "http_request_timeout"),
        ("httpRequestHeadersTimeout", "http_request_headers_timeout"),
        ("httpStreamIdleTimeout", "http_stream_idle_timeout"),
        ("httpMaxStreamDuration", "http_max_stream_duration"),
    ] {
        if negative_duration(field) {
            errors.push(format!("{name} must be non-negative"));
        }
    }
    if int("httpMaxConcurrentStreams").is_some_and(|v| v <= 0) {
        errors.push("http_max_concurrent_streams must be positive".into());
    }
    for (field, name) in [
        (
            "http2InitialStreamWindowSize",
            "http2_initial_stream_window_size",
        ),
        (
            "http2InitialConnectionWindowSize",
            "http2_initial_connection_window_size",
        ),
    ] {
        if int(field).is_some_and(|v| v < 65535) {
            errors.push(format!("{name} must be at least 65535"));
        }
    }
    for (field, name) in [
        ("listenerConnectionLimit", "listener_connection_limit"),
        (
            "globalDownstreamConnectionLimit",
            "global_downstream_connection_limit",
        ),
    ] {
        if int(field).is_some_and(|v| v <= 0) {
            errors.push(format!("{name} must be positive"));
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::mesh;
    use serde_json::json;

    fn check(overlay: Value) -> Result<(), String> {
        validate(&mesh::merge_proxy_config(mesh::proxy_config_defaults(), &overlay).unwrap())
    }

    #[test]
    fn the_mesh_defaults_are_valid() {
        assert_eq!(check(json!({})), Ok(()));
    }

    #[test]
    fn problems_are_reported_with_istios_texts() {
        assert_eq!(
            check(json!({"statusPort": 70000})),
            Err("1 error occurred:\n\t* invalid status port: port number 70000 must be in the range 1..65535\n\n".into())
        );
        let err = check(
            json!({"discoveryAddress": "istiod", "drainDuration": "1.5s",
            "configPath": "", "controlPlaneAuthPolicy": "INHERIT"}),
        )
        .unwrap_err();
        assert!(err.starts_with("4 errors occurred:\n"), "{err}");
        for text in [
            "config path must be set",
            "drain time only supports durations to seconds precision",
            r#"invalid discovery address: unable to split "istiod": address istiod: missing port in address"#,
            r#"invalid authentication policy: unrecognized control plane auth policy "INHERIT""#,
        ] {
            assert!(err.contains(text), "{text} in {err}");
        }
    }

    #[test]
    fn addresses_are_host_port_pairs() {
        assert_eq!(proxy_address("istiod.istio-system.svc:15012"), Ok(()));
        assert_eq!(proxy_address("[::1]:15012"), Ok(()));
        assert_eq!(proxy_address("10.0.0.1:80"), Ok(()));
        assert_eq!(
            proxy_address("a::b:80"),
            Err(r#"unable to split "a::b:80": address a::b:80: too many colons in address"#.into())
        );
        assert_eq!(
            proxy_address("host:http"),
            Err(
                r#"port (http) is not a number: strconv.Atoi: parsing "http": invalid syntax"#
                    .into()
            )
        );
        assert_eq!(
            proxy_address("bad_host:80"),
            Err(r#""bad_host" is not a valid hostname or an IP address"#.into())
        );
        let zipkin = check(json!({"tracing": {"zipkin": {"address": "$(HOST_IP):9411"}}}));
        assert_eq!(zipkin, Ok(()));
    }
}
