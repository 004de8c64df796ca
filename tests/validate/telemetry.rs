//! Istio's validation tests for Telemetry (`pkg/config/validation/validation_test.go`)
//! as tables run against needle's validators.
//!
//! Specs are the protobuf JSON of the Go test literals. Tables whose Istio test checks only
//! validity and the presence of warnings do the same here; the others also check that the
//! error (or warning) text contains Istio's expected text. A case that fails because needle
//! differs from Istio is listed in `tests/known_failures.txt` (suite `validate`): a listed case
//! must fail, an unlisted case must pass. Cases of Istio's tables that pass a non-Istio message
//! ("invalid message") have no JSON form and are left out.

use crate::common::validation::{Case, Table};
use needle::core::validate::telemetry;
use serde_json::json;

/// Istio's `TestValidateTelemetryFilter` (4 cases; Istio numbers them, names are ours): the
/// access log filter must be a CEL expression.
#[test]
fn validate_telemetry_filter() {
    let filter = |expr: &str| json!({"accessLogging": [{"filter": {"expression": expr}}]});
    let cases = vec![
        Case {
            name: "response code comparison",
            input: filter("response.code >= 400"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "method call",
            input: filter("connection.mtls && request.url_path.contains('v1beta3')"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "non-boolean expression",
            input: filter("response.code"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "syntax error",
            input: filter(")++++"),
            error: "must be a valid CEL expression",
            ..Case::default()
        },
    ];
    Table::new("TestValidateTelemetryFilter").run_spec(&cases, telemetry::validate, ("foo", "bar"));
}

/// Istio's `TestValidateTelemetry` (16 cases).
#[test]
fn validate_telemetry() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "multiple providers",
            input: json!({"tracing": [{"providers": [{"name": "a"}, {"name": "b"}]}]}),
            valid: true,
            warning: Some("multiple providers"),
            ..Case::default()
        },
        Case {
            name: "multiple tracers",
            input: json!({"tracing": [{}, {}]}),
            valid: true,
            warning: Some("multiple tracing"),
            ..Case::default()
        },
        Case {
            name: "bad randomSamplingPercentage",
            input: json!({"tracing": [{"randomSamplingPercentage": 101}]}),
            error: "randomSamplingPercentage",
            ..Case::default()
        },
        Case {
            name: "tracing with a good custom tag",
            input: json!({
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "tracing with a nil custom tag",
            input: json!({"tracing": [{"customTags": {"clusterID": null}}]}),
            error: "tag 'clusterID' may not have a nil value",
            ..Case::default()
        },
        Case {
            name: "bad metrics operation",
            input: json!({"metrics": [{"overrides": [{"tagOverrides": {"my-tag": {}}}]}]}),
            error: "must be set when operation is UPSERT",
            ..Case::default()
        },
        Case {
            name: "good metrics operation",
            input: json!({
                "metrics": [
                    {
                        "overrides": [
                            {
                                "tagOverrides": {"my-tag": {"value": "some-cel-expression"}}
                            }
                        ]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "multi-accessloggings",
            input: json!({
                "accessLogging": [
                    {"providers": [{"name": "envoy"}]},
                    {"providers": [{"name": "otel"}]}
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "multi-accesslogging-providers",
            input: json!({
                "accessLogging": [{"providers": [{"name": "envoy"}, {"name": "otel"}]}]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "good targetRef",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad targetRef - empty name",
            input: json!({
                "targetRef": {"group": "gateway.networking.k8s.io", "kind": "Gateway"},
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            error: "targetRef name must be set",
            ..Case::default()
        },
        Case {
            name: "bad targetRef - non-empty namespace",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo",
                    "namespace": "bar"
                },
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            error: "targetRef namespace must not be set",
            ..Case::default()
        },
        Case {
            name: "bad targetRef - wrong group",
            input: json!({
                "targetRef": {"group": "wrong-group", "kind": "Gateway", "name": "foo"},
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            error: "targetRef must be to one of [core/v1/Service networking.istio.io/v1/ServiceEntry gateway.networking.k8s.io/v1/Gateway gateway.networking.k8s.io/v1/GatewayClass] but was wrong-group/Gateway",
            ..Case::default()
        },
        Case {
            name: "bad targetRef - wrong kind",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "wrong-kind",
                    "name": "foo"
                },
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            error: "targetRef must be to one of [core/v1/Service networking.istio.io/v1/ServiceEntry gateway.networking.k8s.io/v1/Gateway gateway.networking.k8s.io/v1/GatewayClass] but was gateway.networking.k8s.io/wrong-kind",
            ..Case::default()
        },
        Case {
            name: "targetRef and selector cannot both be set",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "wrong-kind",
                    "name": "foo"
                },
                "tracing": [
                    {
                        "customTags": {"clusterID": {"environment": {"name": "FOO"}}}
                    }
                ]
            }),
            error: "only one of targetRefs or workloadSelector can be set",
            ..Case::default()
        },
    ];
    Table::new("TestValidateTelemetry").run_spec(&cases, telemetry::validate, ("foo", "bar"));
}
