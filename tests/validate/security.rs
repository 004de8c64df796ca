//! Istio's validation tests for PeerAuthentication, and what every security, telemetry and
//! extensions kind shares: the `istio.io/dry-run` annotation and strict decoding, (`pkg/config/validation/validation_test.go`)
//! as tables run against needle's validators.
//!
//! Specs are the protobuf JSON of the Go test literals. Tables whose Istio test checks only
//! validity and the presence of warnings do the same here; the others also check that the
//! error (or warning) text contains Istio's expected text. A case that fails because needle
//! differs from Istio is listed in `tests/known_failures.txt` (suite `validate`): a listed case
//! must fail, an unlisted case must pass. Cases of Istio's tables that pass a non-Istio message
//! ("invalid message") have no JSON form and are left out.

use crate::common::validation::{Case, Table, Validate, named, validate_with};
use needle::core::validate::{
    authorization_policy, peer_authentication, request_authentication, telemetry,
    traffic_extension, wasm_plugin,
};
use serde_json::{Value, json};

/// Istio's `TestValidatePeerAuthentication` (9 cases).
#[test]
fn validate_peer_authentication() {
    let cases = vec![
        Case {
            name: "empty spec",
            input: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty mtls with selector of empty labels",
            input: json!({"selector": {}}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "empty spec with non default name",
            input: json!({}),
            valid: true,
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "default name with non empty selector",
            input: json!({"selector": {"matchLabels": {"app": "httpbin"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty port level mtls",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "portLevelMtls": {}
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "empty selector with port level mtls",
            input: json!({"portLevelMtls": {"8080": {}}}),
            ..Case::default()
        },
        Case {
            name: "port 0",
            input: json!({"portLevelMtls": {"0": {}}}),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "unset mode",
            input: json!({"mtls": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "port level",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "portLevelMtls": {"8080": {}}
            }),
            valid: true,
            aux: json!({"name": "port-level"}),
            ..Case::default()
        },
    ];
    Table::new("TestValidatePeerAuthentication").run_spec(
        &cases,
        peer_authentication::validate,
        ("default", "bar"),
    );
}

/// `istio.io/dry-run` is supported by AuthorizationPolicy only; elsewhere it is the error.
#[test]
fn dry_run_annotation_on_other_kinds() {
    let kinds: [(&str, Validate, Value); 5] = [
        (
            "PeerAuthentication",
            peer_authentication::validate,
            json!({}),
        ),
        (
            "RequestAuthentication",
            request_authentication::validate,
            json!({}),
        ),
        ("Telemetry", telemetry::validate, json!({})),
        (
            "WasmPlugin",
            wasm_plugin::validate,
            json!({"url": "oci://x"}),
        ),
        (
            "TrafficExtension",
            traffic_extension::validate,
            json!({"lua": {"inlineCode": "x"}}),
        ),
    ];
    for (kind, validate, spec) in kinds {
        let case = Case {
            name: kind,
            input: spec,
            aux: json!({"annotations": {"istio.io/dry-run": "true"}}),
            error: "bar/foo has unsupported annotation istio.io/dry-run, please remove the annotation",
            ..Case::default()
        };
        Table::new(&format!("needle/dry_run/{kind}")).run_spec(&[case], validate, ("foo", "bar"));
    }
}

/// What protobuf JSON rejects is a decoding error, not a rule violation.
#[test]
fn decoding_errors() {
    let meta = named("foo", "bar");
    let cases: [(Validate, Value); 11] = [
        (authorization_policy::validate, json!({"action": "REJECT"})),
        (authorization_policy::validate, json!({"rules": {}})),
        (
            peer_authentication::validate,
            json!({"portLevelMtls": {"-1": {}}}),
        ),
        (
            peer_authentication::validate,
            json!({"mtls": {"mode": "ON"}}),
        ),
        (
            request_authentication::validate,
            json!({"jwtRules": [{"issuer": "a", "timeout": "1x"}]}),
        ),
        (
            request_authentication::validate,
            json!({"jwtRules": [{"issuer": 1}]}),
        ),
        (
            telemetry::validate,
            json!({"tracing": [{"customTags": {"a": {"literal": {"value": "x"}, "header": {"name": "y"}}}}]}),
        ),
        (
            telemetry::validate,
            json!({"metrics": [{"overrides": [{"match": {"metric": "REQUEST_COUNT", "customMetric": "x"}}]}]}),
        ),
        (
            telemetry::validate,
            json!({"metrics": [{"reportingInterval": "10"}]}),
        ),
        (
            wasm_plugin::validate,
            json!({"url": "oci://x", "phase": "LATE"}),
        ),
        (
            traffic_extension::validate,
            json!({"lua": {"inlineCode": "x"}, "wasm": {"url": "oci://x"}}),
        ),
    ];
    for (validate, spec) in cases {
        assert!(
            validate_with(validate, &meta, spec.clone()).is_err(),
            "{spec} should not decode"
        );
    }
    // A misspelled field is ignored, as Istio's decoder retries allowing unknown fields.
    assert!(
        validate_with(
            authorization_policy::validate,
            &meta,
            json!({"rules": [{"form": []}]})
        )
        .is_ok()
    );
    let report = validate_with(
        request_authentication::validate,
        &meta,
        json!({"jwtRules": [{"issuer": "a", "timeout": "0.0001s"}]}),
    )
    .unwrap();
    assert_eq!(report.errors, ["duration must be greater than 1ms"]);
}
