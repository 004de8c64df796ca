//! Istio's validation tests for the extensions kinds, WasmPlugin and TrafficExtension, (`pkg/config/validation/validation_test.go`)
//! as tables run against needle's validators.
//!
//! Specs are the protobuf JSON of the Go test literals. Tables whose Istio test checks only
//! validity and the presence of warnings do the same here; the others also check that the
//! error (or warning) text contains Istio's expected text. A case that fails because needle
//! differs from Istio is listed in `tests/known_failures.txt` (suite `validate`): a listed case
//! must fail, an unlisted case must pass. Cases of Istio's tables that pass a non-Istio message
//! ("invalid message") have no JSON form and are left out.

use crate::common::validation::{Case, Table};
use needle::core::validate::{traffic_extension, wasm_plugin};
use serde_json::json;

/// Istio's `TestValidateWasmPlugin` (18 cases).
#[test]
fn validate_wasm_plugin() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            error: "url field needs to be set",
            ..Case::default()
        },
        Case {
            name: "wrong scheme",
            input: json!({"url": "ftp://test.com/test"}),
            error: "unsupported scheme",
            ..Case::default()
        },
        Case {
            name: "valid http",
            input: json!({"url": "http://test.com/test"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid http w/ sha",
            input: json!({
                "url": "http://test.com/test",
                "sha256": "01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "short sha",
            input: json!({"url": "http://test.com/test", "sha256": "01ba47"}),
            error: "sha256 field must be 64 characters long",
            ..Case::default()
        },
        Case {
            name: "invalid sha",
            input: json!({"url": "http://test.com/test", "sha256": "test"}),
            error: "sha256 field must be 64 characters long",
            ..Case::default()
        },
        Case {
            name: "invalid sha characters",
            input: json!({
                "url": "http://test.com/test",
                "sha256": "01Ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b"
            }),
            error: "sha256 field must match [a-f0-9]{64} pattern",
            ..Case::default()
        },
        Case {
            name: "valid oci",
            input: json!({"url": "oci://test.com/test"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid oci no scheme",
            input: json!({"url": "test.com/test"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid vm config - invalid env name",
            input: json!({
                "url": "test.com/test",
                "vmConfig": {"env": [{"valueFrom": "HOST"}]}
            }),
            error: "spec.vmConfig.env invalid",
            ..Case::default()
        },
        Case {
            name: "invalid vm config - duplicate env",
            input: json!({
                "url": "test.com/test",
                "vmConfig": {
                    "env": [
                        {"name": "ENV1", "value": "VAL1"},
                        {"name": "ENV1", "value": "VAL1"}
                    ]
                }
            }),
            error: "duplicate env",
            ..Case::default()
        },
        Case {
            name: "target-ref-good",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "url": "http://test.com/test"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "target-ref-good-service",
            input: json!({
                "targetRef": {"kind": "Service", "name": "foo"},
                "url": "http://test.com/test"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "target-ref-non-empty-namespace",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo",
                    "namespace": "bar"
                },
                "url": "http://test.com/test"
            }),
            error: "targetRef namespace must not be set",
            ..Case::default()
        },
        Case {
            name: "target-ref-empty-name",
            input: json!({
                "targetRef": {"group": "gateway.networking.k8s.io", "kind": "Gateway"},
                "url": "http://test.com/test"
            }),
            error: "targetRef name must be set",
            ..Case::default()
        },
        Case {
            name: "target-ref-wrong-group",
            input: json!({
                "targetRef": {"group": "wrong-group", "kind": "Gateway", "name": "foo"},
                "url": "http://test.com/test"
            }),
            error: "targetRef must be to one of [core/v1/Service networking.istio.io/v1/ServiceEntry gateway.networking.k8s.io/v1/Gateway gateway.networking.k8s.io/v1/GatewayClass] but was wrong-group/Gateway",
            ..Case::default()
        },
        Case {
            name: "target-ref-wrong-kind",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "wrong-kind",
                    "name": "foo"
                },
                "url": "http://test.com/test"
            }),
            error: "targetRef must be to one of [core/v1/Service networking.istio.io/v1/ServiceEntry gateway.networking.k8s.io/v1/Gateway gateway.networking.k8s.io/v1/GatewayClass] but was gateway.networking.k8s.io/wrong-kind",
            ..Case::default()
        },
        Case {
            name: "target-ref-and-selector-cannot-both-be-set",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "url": "http://test.com/test"
            }),
            error: "only one of targetRefs or workloadSelector can be set",
            ..Case::default()
        },
    ];
    Table::new("TestValidateWasmPlugin").run_spec(&cases, wasm_plugin::validate, ("foo", "bar"));
}

/// Istio's `TestValidateTrafficExtension` (24 cases).
#[test]
fn validate_traffic_extension() {
    let cases = vec![
        Case {
            name: "neither wasm nor lua set",
            input: json!({}),
            error: "exactly one of wasm or lua must be set",
            ..Case::default()
        },
        Case {
            name: "valid lua config",
            input: json!({
                "lua": {
                    "inlineCode": "function envoy_on_request(request_handle)\n  request_handle:headers():add('x-foo', 'bar')\nend"
                }
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "lua code empty",
            input: json!({"lua": {}}),
            error: "lua.inlineCode cannot be empty",
            ..Case::default()
        },
        Case {
            name: "lua code too large",
            input: json!({
                "lua": {
                    "inlineCode": "\u{0}".repeat(65537)
                }
            }),
            error: "lua.inlineCode exceeds maximum size of 64KB",
            ..Case::default()
        },
        Case {
            name: "valid wasm config",
            input: json!({"wasm": {"url": "http://test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm url empty",
            input: json!({"wasm": {}}),
            error: "url field needs to be set",
            ..Case::default()
        },
        Case {
            name: "wasm wrong scheme",
            input: json!({"wasm": {"url": "ftp://test.com/test"}}),
            error: "unsupported scheme",
            ..Case::default()
        },
        Case {
            name: "wasm valid http",
            input: json!({"wasm": {"url": "http://test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm valid http w/ sha",
            input: json!({
                "wasm": {
                    "url": "http://test.com/test",
                    "sha256": "01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b"
                }
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm short sha",
            input: json!({"wasm": {"url": "http://test.com/test", "sha256": "01ba47"}}),
            error: "sha256 field must be 64 characters long",
            ..Case::default()
        },
        Case {
            name: "wasm invalid sha characters",
            input: json!({
                "wasm": {
                    "url": "http://test.com/test",
                    "sha256": "01Ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b"
                }
            }),
            error: "sha256 field must match [a-f0-9]{64} pattern",
            ..Case::default()
        },
        Case {
            name: "wasm valid oci",
            input: json!({"wasm": {"url": "oci://test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm valid oci no scheme",
            input: json!({"wasm": {"url": "test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm invalid vm config - invalid env name",
            input: json!({
                "wasm": {
                    "url": "test.com/test",
                    "vmConfig": {"env": [{"valueFrom": "HOST"}]}
                }
            }),
            error: "spec.vmConfig.env invalid",
            ..Case::default()
        },
        Case {
            name: "wasm invalid vm config - duplicate env",
            input: json!({
                "wasm": {
                    "url": "test.com/test",
                    "vmConfig": {
                        "env": [
                            {"name": "ENV1", "value": "VAL1"},
                            {"name": "ENV1", "value": "VAL1"}
                        ]
                    }
                }
            }),
            error: "duplicate env",
            ..Case::default()
        },
        Case {
            name: "valid lua with selector",
            input: json!({
                "selector": {"matchLabels": {"app": "test"}},
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid lua with targetRefs",
            input: json!({
                "targetRefs": [
                    {
                        "group": "gateway.networking.k8s.io",
                        "kind": "Gateway",
                        "name": "gateway"
                    }
                ],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "both selector and targetRefs",
            input: json!({
                "selector": {"matchLabels": {"app": "test"}},
                "targetRefs": [
                    {
                        "group": "gateway.networking.k8s.io",
                        "kind": "Gateway",
                        "name": "gateway"
                    }
                ],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "only one of targetRefs or workloadSelector can be set",
            ..Case::default()
        },
        Case {
            name: "invalid match - nil traffic selector",
            input: json!({
                "match": [null],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0] is nil",
            ..Case::default()
        },
        Case {
            name: "invalid match - nil port selector",
            input: json!({
                "match": [{"ports": [null]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0].Ports[0] is nil",
            ..Case::default()
        },
        Case {
            name: "invalid match - port out of range (too low)",
            input: json!({
                "match": [{"ports": [{}]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0].Ports[0] is out of range: 0",
            ..Case::default()
        },
        Case {
            name: "invalid match - port out of range (too high)",
            input: json!({
                "match": [{"ports": [{"number": 65536}]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0].Ports[0] is out of range: 65536",
            ..Case::default()
        },
        Case {
            name: "valid match with port",
            input: json!({
                "match": [{"mode": "CLIENT", "ports": [{"number": 8080}]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm plugin name too long",
            input: json!({
                "wasm": {
                    "url": "test.com/test",
                    "pluginName": "\u{0}".repeat(257)
                }
            }),
            error: "pluginName field must be less than 256 characters long",
            ..Case::default()
        },
    ];
    Table::new("TestValidateTrafficExtension").run_spec(
        &cases,
        traffic_extension::validate,
        ("foo", "bar"),
    );
}

/// Wasm module URLs as Istio's `strictParseURL` (Go's `net/url`) accepts or rejects them.
#[test]
fn wasm_url_go_parity() {
    let cases = [
        ("ftp://test.com/test", false),
        ("test.com/test", true),
        ("oci://x", true),
        ("http://[::1]:80/x", true),
        ("http://a b/c", true),
        ("http://x/%zz", false),
        ("/abs/path", true),
        ("file:///opt/x.wasm", true),
        ("http://foo.com:not-a-number", true),
        ("http://a:1:2/", true),
        ("test.com:8080/x", false),
        ("localhost:5000/image:tag", false),
        ("http://[1.2.3.4]/", true),
        ("http://x/#frag%zz", false),
        ("a%zz", false),
        ("http://user:p@ss@host/", true),
        ("http://ho%41st/", true),
        ("*", true),
        ("foo.com", true),
        ("http://x?a#b", true),
        ("HTTPS://x", true),
        ("1http://x", true),
        ("http://x\u{1}", false),
    ]
    .into_iter()
    .map(|(url, valid)| Case::new(url, json!({"url": url}), valid))
    .collect::<Vec<_>>();
    Table::new("needle/wasm_url_go_parity").run_spec(&cases, wasm_plugin::validate, ("foo", "bar"));
}
