//! WorkloadGroup (networking.istio.io): `ValidateWorkloadGroup` and `validateReadinessProbe`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::common::{Report, multierror, validate_port, validate_tag_labels};
use super::workload_entry::WorkloadEntry;
use super::{Meta, decode};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct WorkloadGroup {
    metadata: Option<ObjectMeta>,
    template: Option<WorkloadEntry>,
    probe: Option<ReadinessProbe>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ObjectMeta {
    #[serde(default)]
    labels: BTreeMap<String, String>,
    #[serde(default)]
    #[allow(dead_code)]
    annotations: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ReadinessProbe {
    #[serde(default)]
    initial_delay_seconds: i32,
    #[serde(default)]
    timeout_seconds: i32,
    #[serde(default)]
    period_seconds: i32,
    #[serde(default)]
    success_threshold: i32,
    #[serde(default)]
    failure_threshold: i32,
    http_get: Option<HttpHealthCheck>,
    tcp_socket: Option<TcpHealthCheck>,
    exec: Option<ExecHealthCheck>,
    grpc: Option<GrpcHealthCheck>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HttpHealthCheck {
    #[serde(default)]
    #[allow(dead_code)]
    path: String,
    #[serde(default)]
    port: u32,
    #[serde(default)]
    #[allow(dead_code)]
    host: String,
    #[serde(default)]
    scheme: String,
    #[serde(default)]
    http_headers: Vec<HttpHeader>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HttpHeader {
    #[serde(default)]
    name: String,
    #[serde(default)]
    #[allow(dead_code)]
    value: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TcpHealthCheck {
    #[serde(default)]
    #[allow(dead_code)]
    host: String,
    #[serde(default)]
    port: u32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ExecHealthCheck {
    #[serde(default)]
    command: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct GrpcHealthCheck {
    #[serde(default)]
    port: u32,
    #[serde(default)]
    service: String,
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let wg: WorkloadGroup = decode(spec)?;
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    if wg.template.is_none() {
        report.error("template is required");
        return Ok(());
    }
    if let Some(meta) = &wg.metadata {
        let mut labels = Report::default();
        validate_tag_labels(&meta.labels, &mut labels);
        if !labels.errors.is_empty() {
            report.error(format!("invalid labels: {}", multierror(&labels.errors)));
            return Ok(());
        }
    }
    if let Some(probe) = &wg.probe {
        validate_readiness_probe(probe, report)?;
    }
    Ok(())
}

/// `ValidateProbeHeaderName`: letters, digits and `-`, as Kubernetes probes accept.
fn validate_probe_header_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("header name cannot be empty".into());
    }
    if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(format!("header name {name} is not a valid header name"));
    }
    Ok(())
}

fn validate_readiness_probe(p: &ReadinessProbe, r: &mut Report) -> Result<(), String> {
    let non_negative = [
        (p.period_seconds, "periodSeconds"),
        (p.initial_delay_seconds, "initialDelaySeconds"),
        (p.timeout_seconds, "timeoutSeconds"),
        (p.success_threshold, "successThreshold"),
        (p.failure_threshold, "failureThreshold"),
    ];
    for (value, field) in non_negative {
        if value < 0 {
            r.error(format!("{field} must be non-negative"));
        }
    }
    let methods = [
        p.http_get.is_some(),
        p.tcp_socket.is_some(),
        p.exec.is_some(),
        p.grpc.is_some(),
    ];
    if methods.iter().filter(|m| **m).count() > 1 {
        return Err("ReadinessProbe: more than one of httpGet, tcpSocket, exec, grpc set (oneof healthCheckMethod)".into());
    }
    if let Some(h) = &p.http_get {
        r.check(validate_port(i64::from(h.port)));
        if !h.scheme.is_empty() && h.scheme != "HTTPS" && h.scheme != "HTTP" {
            r.error(r#"httpGet.scheme must be one of "HTTPS", "HTTP""#);
        }
        for header in &h.http_headers {
            r.check(validate_probe_header_name(&header.name));
        }
    } else if let Some(t) = &p.tcp_socket {
        r.check(validate_port(i64::from(t.port)));
    } else if let Some(e) = &p.exec {
        if e.command.is_empty() {
            r.error("exec.command is required");
        }
    } else if p.grpc.is_some() {
        r.error("unknown health check method *networking.ReadinessProbe_Grpc");
    } else {
        r.error("unknown health check method <nil>");
    }
    Ok(())
}
