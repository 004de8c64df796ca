//! Validation of Telemetry (telemetry.istio.io), as Istio's `ValidateTelemetry` does it.

mod cel;

use super::common::{
    PolicyTargetReference, Report, WorkloadSelector, check_policy_scope, parse_duration,
};
use super::{Meta, decode};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Telemetry {
    selector: Option<WorkloadSelector>,
    target_ref: Option<PolicyTargetReference>,
    target_refs: Vec<PolicyTargetReference>,
    tracing: Vec<Option<Tracing>>,
    metrics: Vec<Option<Metrics>>,
    access_logging: Vec<Option<AccessLogging>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct Tracing {
    r#match: Option<ModeSelector>,
    providers: Vec<Option<ProviderRef>>,
    #[serde(default, deserialize_with = "double_value")]
    random_sampling_percentage: Option<f64>,
    disable_span_reporting: Option<bool>,
    custom_tags: BTreeMap<String, Option<CustomTag>>,
    use_request_id_for_trace_sampling: Option<bool>,
    enable_istio_tags: Option<bool>,
    disable_context_propagation: Option<bool>,
}

/// `TracingSelector` and `LogSelector`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct ModeSelector {
    mode: Option<WorkloadMode>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.telemetry.v1alpha1.WorkloadMode")]
enum WorkloadMode {
    #[serde(rename = "CLIENT_AND_SERVER")]
    ClientAndServer,
    #[serde(rename = "CLIENT")]
    Client,
    #[serde(rename = "SERVER")]
    Server,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct ProviderRef {
    name: String,
}

/// `Tracing.CustomTag`: a oneof of literal, environment, header and formatter.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct CustomTag {
    literal: Option<Value>,
    environment: Option<Value>,
    header: Option<Value>,
    formatter: Option<Value>,
}

/// `Literal` and `Formatter`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct ValueTag {
    value: String,
}

/// `Environment` and `RequestHeader`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct NamedTag {
    name: String,
    default_value: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct Metrics {
    providers: Vec<Option<ProviderRef>>,
    overrides: Vec<Option<MetricsOverrides>>,
    reporting_interval: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct MetricsOverrides {
    r#match: Option<MetricSelector>,
    disabled: Option<bool>,
    tag_overrides: BTreeMap<String, Option<TagOverride>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct MetricSelector {
    metric: Option<IstioMetric>,
    custom_metric: Option<String>,
    mode: Option<WorkloadMode>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.telemetry.v1alpha1.MetricSelector.IstioMetric")]
#[allow(clippy::enum_variant_names)]
enum IstioMetric {
    #[serde(rename = "ALL_METRICS")]
    AllMetrics,
    #[serde(rename = "REQUEST_COUNT")]
    RequestCount,
    #[serde(rename = "REQUEST_DURATION")]
    RequestDuration,
    #[serde(rename = "REQUEST_SIZE")]
    RequestSize,
    #[serde(rename = "RESPONSE_SIZE")]
    ResponseSize,
    #[serde(rename = "TCP_OPENED_CONNECTIONS")]
    TcpOpenedConnections,
    #[serde(rename = "TCP_CLOSED_CONNECTIONS")]
    TcpClosedConnections,
    #[serde(rename = "TCP_SENT_BYTES")]
    TcpSentBytes,
    #[serde(rename = "TCP_RECEIVED_BYTES")]
    TcpReceivedBytes,
    #[serde(rename = "GRPC_REQUEST_MESSAGES")]
    GrpcRequestMessages,
    #[serde(rename = "GRPC_RESPONSE_MESSAGES")]
    GrpcResponseMessages,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct TagOverride {
    operation: TagOperation,
    value: String,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.telemetry.v1alpha1.MetricsOverrides.TagOverride.Operation")]
enum TagOperation {
    #[default]
    #[serde(rename = "UPSERT")]
    Upsert,
    #[serde(rename = "REMOVE")]
    Remove,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct AccessLogging {
    r#match: Option<ModeSelector>,
    providers: Vec<Option<ProviderRef>>,
    disabled: Option<bool>,
    filter: Option<Filter>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Filter {
    expression: String,
}

/// A `google.protobuf.DoubleValue`: a JSON number, or a string holding one (or NaN/Infinity).
fn double_value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    use serde::de::Error;
    match Option::<Value>::deserialize(d)? {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(Value::String(s)) => match s.as_str() {
            "NaN" => Ok(Some(f64::NAN)),
            "Infinity" => Ok(Some(f64::INFINITY)),
            "-Infinity" => Ok(Some(f64::NEG_INFINITY)),
            _ => s
                .parse()
                .map(Some)
                .map_err(|_| D::Error::custom(format!("invalid value for double: {s:?}"))),
        },
        Some(other) => Err(D::Error::custom(format!(
            "invalid value for double: {other}"
        ))),
    }
}

/// Validate a Telemetry spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let telemetry: Telemetry = decode(spec)?;
    let tags = decode_custom_tags(&telemetry)?;
    for m in telemetry.metrics.iter().flatten() {
        if let Some(d) = &m.reporting_interval {
            parse_duration(d)?;
        }
        for o in m.overrides.iter().flatten() {
            if let Some(sel) = &o.r#match
                && sel.metric.is_some()
                && sel.custom_metric.is_some()
            {
                return Err(
                    "oneof istio.telemetry.v1alpha1.MetricSelector.metric_match is already set"
                        .into(),
                );
            }
        }
    }
    if crate::validate::check_metadata(meta, report) {
        return Ok(());
    }
    check_policy_scope(
        telemetry.selector.as_ref(),
        telemetry.target_ref.as_ref(),
        &telemetry.target_refs,
        meta.release,
        report,
    );
    check_metrics(&telemetry.metrics, report);
    check_tracing(&telemetry.tracing, &tags, report);
    for logging in telemetry.access_logging.iter().flatten() {
        if let Some(filter) = &logging.filter
            && let Err(e) = cel::check(&filter.expression)
        {
            report.error(format!("must be a valid CEL expression, {e}"));
        }
        report.check(check_providers(&logging.providers));
    }
    Ok(())
}

/// A decoded custom tag: which member of the oneof is set, and its required field.
enum Tag {
    Nil,
    Unset,
    Literal(String),
    Environment(String),
    Header(String),
    Formatter,
}

/// Decode every tracing custom tag (a oneof: at most one member may be set).
fn decode_custom_tags(telemetry: &Telemetry) -> Result<Vec<Vec<(String, Tag)>>, String> {
    let mut all = Vec::new();
    for tracing in &telemetry.tracing {
        let mut tags = Vec::new();
        for (name, tag) in tracing.iter().flat_map(|t| &t.custom_tags) {
            let Some(tag) = tag else {
                tags.push((name.clone(), Tag::Nil));
                continue;
            };
            let members = [&tag.literal, &tag.environment, &tag.header, &tag.formatter];
            if members.iter().filter(|m| m.is_some()).count() > 1 {
                return Err(
                    "oneof istio.telemetry.v1alpha1.Tracing.CustomTag.type is already set".into(),
                );
            }
            let value = |v: &Value| decode::<ValueTag>(v).map(|t| t.value);
            let named = |v: &Value| decode::<NamedTag>(v).map(|t| t.name);
            let decoded = match (&tag.literal, &tag.environment, &tag.header, &tag.formatter) {
                (Some(v), ..) => Tag::Literal(value(v)?),
                (_, Some(v), ..) => Tag::Environment(named(v)?),
                (_, _, Some(v), _) => Tag::Header(named(v)?),
                (.., Some(v)) => {
                    value(v)?;
                    Tag::Formatter
                }
                _ => Tag::Unset,
            };
            tags.push((name.clone(), decoded));
        }
        all.push(tags);
    }
    Ok(all)
}

fn check_tracing(tracing: &[Option<Tracing>], tags: &[Vec<(String, Tag)>], report: &mut Report) {
    if tracing.len() > 1 {
        report.warning("multiple tracing is not currently supported");
    }
    for (t, tags) in tracing.iter().zip(tags) {
        let Some(t) = t else { continue };
        if t.providers.len() > 1 {
            report.warning("multiple providers is not currently supported");
        }
        report.check(check_providers(&t.providers));
        let pct = t.random_sampling_percentage.unwrap_or_default();
        // Written as Istio compares, so that NaN passes as it does there.
        #[allow(clippy::manual_range_contains)]
        if pct < 0.0 || pct > 100.0 {
            report.error("randomSamplingPercentage must be in range [0.0, 100.0]");
        }
        for (name, tag) in tags {
            if name.is_empty() {
                report.error("tag name may not be empty");
            }
            match tag {
                Tag::Nil => report.error(format!("tag '{name}' may not have a nil value")),
                Tag::Literal(v) if v.is_empty() => {
                    report.error("literal tag value may not be empty")
                }
                Tag::Header(n) if n.is_empty() => report.error("header tag name may not be empty"),
                Tag::Environment(n) if n.is_empty() => {
                    report.error("environment tag name may not be empty")
                }
                _ => {}
            }
        }
    }
}

fn check_metrics(metrics: &[Option<Metrics>], report: &mut Report) {
    for m in metrics.iter().flatten() {
        report.check(check_providers(&m.providers));
        for o in &m.overrides {
            let Some(o) = o else {
                report.error("tagOverrides may not be null");
                continue;
            };
            for (name, tag) in &o.tag_overrides {
                if name.is_empty() {
                    report.warning("tagOverrides.name may not be empty");
                }
                let Some(tag) = tag else {
                    report.error("tagOverrides may not be null");
                    continue;
                };
                match tag.operation {
                    TagOperation::Upsert if tag.value.is_empty() => {
                        report.error("tagOverrides.value must be set when operation is UPSERT")
                    }
                    TagOperation::Remove if !tag.value.is_empty() => {
                        report.error("tagOverrides.value may only be set when operation is UPSERT")
                    }
                    _ => {}
                }
            }
            if let Some(sel) = &o.r#match
                && sel.custom_metric.as_deref() == Some("")
            {
                report.error("customMetric may not be empty");
            }
        }
    }
}

/// `validateTelemetryProviders`: every provider named.
fn check_providers(providers: &[Option<ProviderRef>]) -> Result<(), String> {
    if providers
        .iter()
        .any(|p| p.as_ref().is_none_or(|p| p.name.is_empty()))
    {
        return Err("providers.name may not be empty".into());
    }
    Ok(())
}
