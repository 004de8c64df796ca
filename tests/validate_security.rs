//! Istio's validation tests for the security, telemetry and extensions kinds
//! (pkg/config/validation/validation_test.go) as tables run against needle's validators.
//!
//! Specs are the protobuf JSON of the Go test literals. Tables whose Istio test checks only
//! validity and the presence of warnings do the same here; the others also check that the
//! error (or warning) text contains Istio's expected text. A case that fails because needle
//! differs from Istio is listed in `tests/known_failures.txt` (suite `validate`): a listed case
//! must fail, an unlisted case must pass. Cases of Istio's tables that pass a non-Istio message
//! ("invalid message") have no JSON form and are left out.

mod common;

use common::tally::Tally;

use needle::core::validate::{
    Meta, Report, authorization_policy, peer_authentication, request_authentication, telemetry,
    traffic_extension, wasm_plugin,
};
use serde_json::{Value, json};

type Validate = fn(&Meta, &Value, &mut Report) -> Result<(), String>;

/// One case of an Istio table.
#[derive(Default)]
struct Case {
    name: &'static str,
    /// The resource name, when it differs from the table's.
    config_name: Option<&'static str>,
    annotations: &'static [(&'static str, &'static str)],
    spec: Value,
    valid: bool,
    warning: bool,
    /// Text the error must contain (tables whose Istio test checks it).
    error: &'static str,
    /// Text a warning must contain (tables whose Istio test checks it).
    warning_text: &'static str,
}

/// Run one case: its outcome against the expectation, `Err` describing any difference.
fn run_case(validate: Validate, meta: &Meta, case: &Case) -> Result<(), String> {
    let mut report = Report::default();
    let (valid, errors) = match validate(meta, &case.spec, &mut report) {
        Ok(()) => (report.is_valid(), report.errors.join("; ")),
        Err(e) => (false, format!("error decoding configuration: {e}")),
    };
    let warnings = report.warnings.join("; ");
    if valid != case.valid {
        return Err(format!(
            "valid = {valid}, want {} (errors: {errors:?})",
            case.valid
        ));
    }
    if report.warnings.is_empty() == case.warning {
        return Err(format!(
            "warnings = {warnings:?}, want warning: {}",
            case.warning
        ));
    }
    if !errors.contains(case.error) {
        return Err(format!("errors {errors:?} do not contain {:?}", case.error));
    }
    if !warnings.contains(case.warning_text) {
        return Err(format!(
            "warnings {warnings:?} do not contain {:?}",
            case.warning_text
        ));
    }
    Ok(())
}

/// Run a table; fail on any case that fails unlisted, or passes while listed.
fn run_table(table: &str, validate: Validate, (name, namespace): (&str, &str), cases: Vec<Case>) {
    let mut tally = Tally::table("validate", table);
    for case in &cases {
        let meta = Meta {
            name: case.config_name.unwrap_or(name).to_string(),
            namespace: namespace.to_string(),
            annotations: case
                .annotations
                .iter()
                .map(|(k, v)| (k.to_string(), Value::from(*v)))
                .collect(),
            ..Meta::default()
        };
        tally.record(case.name, run_case(validate, &meta, case));
    }
    tally.check();
}

/// Istio's `TestValidateTelemetryFilter` (4 cases; Istio numbers them, names are ours): the
/// access log filter must be a CEL expression.
#[test]
fn validate_telemetry_filter() {
    let filter = |expr: &str| json!({"accessLogging": [{"filter": {"expression": expr}}]});
    let cases = vec![
        Case {
            name: "response code comparison",
            spec: filter("response.code >= 400"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "method call",
            spec: filter("connection.mtls && request.url_path.contains('v1beta3')"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "non-boolean expression",
            spec: filter("response.code"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "syntax error",
            spec: filter(")++++"),
            error: "must be a valid CEL expression",
            ..Case::default()
        },
    ];
    run_table(
        "TestValidateTelemetryFilter",
        telemetry::validate,
        ("foo", "bar"),
        cases,
    );
}

/// Istio's `TestValidateAuthorizationPolicy` (67 cases).
#[test]
fn validate_authorization_policy() {
    let cases = vec![
        Case {
            name: "good",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin", "version": "v1"}},
                "rules": [
                    {
                        "from": [
                            {"source": {"principals": ["sa1"]}},
                            {"source": {"principals": ["sa2"]}}
                        ],
                        "to": [
                            {"operation": {"methods": ["GET"]}},
                            {"operation": {"methods": ["POST"]}}
                        ],
                        "when": [
                            {
                                "key": "source.ip",
                                "values": ["1.2.3.4", "5.6.7.0/24"]
                            },
                            {
                                "key": "request.headers[:authority]",
                                "values": ["v1", "v2"]
                            }
                        ]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "good serviceAccounts",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin", "version": "v1"}},
                "rules": [
                    {
                        "from": [
                            {
                                "source": {"serviceAccounts": ["ns1/sa1", "ns2/sa2"]}
                            },
                            {"source": {"principals": ["sa2"]}}
                        ]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "serviceAccounts and namespaces",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin", "version": "v1"}},
                "rules": [
                    {
                        "from": [
                            {
                                "source": {
                                    "namespaces": ["ns"],
                                    "serviceAccounts": ["ns1/sa1", "ns2/sa2"]
                                }
                            }
                        ]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "custom-good",
            spec: json!({
                "rules": [{}],
                "action": "CUSTOM",
                "provider": {"name": "my-custom-authz"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "custom-empty-provider",
            spec: json!({"rules": [{}], "action": "CUSTOM", "provider": {}}),
            ..Case::default()
        },
        Case {
            name: "custom-nil-provider",
            spec: json!({"rules": [{}], "action": "CUSTOM"}),
            ..Case::default()
        },
        Case {
            name: "custom-invalid-rule",
            spec: json!({
                "rules": [
                    {
                        "from": [
                            {
                                "source": {
                                    "principals": ["id"],
                                    "notPrincipals": ["id"],
                                    "requestPrincipals": ["req"],
                                    "notRequestPrincipals": ["req"],
                                    "namespaces": ["ns"],
                                    "notNamespaces": ["ns"]
                                }
                            }
                        ],
                        "when": [
                            {
                                "key": "source.namespace",
                                "values": ["source.namespace1"],
                                "notValues": ["source.namespace2"]
                            },
                            {
                                "key": "source.principal",
                                "values": ["source.principal1"],
                                "notValues": ["source.principal2"]
                            },
                            {
                                "key": "request.auth.claims[a]",
                                "values": ["claims1"],
                                "notValues": ["claims2"]
                            }
                        ]
                    }
                ],
                "action": "CUSTOM",
                "provider": {"name": "my-custom-authz"}
            }),
            ..Case::default()
        },
        Case {
            name: "provider-wrong-action",
            spec: json!({"rules": [{}], "provider": {}}),
            ..Case::default()
        },
        Case {
            name: "allow-rules-nil",
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "dry-run-valid-allow",
            annotations: &[("istio.io/dry-run", "true")],
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "dry-run-valid-deny",
            annotations: &[("istio.io/dry-run", "false")],
            spec: json!({"rules": [{}], "action": "DENY"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "dry-run-invalid-value",
            annotations: &[("istio.io/dry-run", "foo")],
            spec: json!({}),
            ..Case::default()
        },
        Case {
            name: "dry-run-invalid-action-custom",
            annotations: &[("istio.io/dry-run", "true")],
            spec: json!({"action": "CUSTOM"}),
            ..Case::default()
        },
        Case {
            name: "dry-run-invalid-action-audit",
            annotations: &[("istio.io/dry-run", "true")],
            spec: json!({"action": "AUDIT"}),
            ..Case::default()
        },
        Case {
            name: "deny-rules-nil",
            spec: json!({"action": "DENY"}),
            ..Case::default()
        },
        Case {
            name: "selector-empty-value",
            spec: json!({"selector": {"matchLabels": {"app": "", "version": "v1"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "selector-empty-key",
            spec: json!({"selector": {"matchLabels": {"": "v1", "app": "httpbin"}}}),
            ..Case::default()
        },
        Case {
            name: "selector-empty-labels",
            spec: json!({"selector": {}}),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "selector-wildcard-value",
            spec: json!({"selector": {"matchLabels": {"app": "httpbin-*"}}}),
            ..Case::default()
        },
        Case {
            name: "selector-wildcard-key",
            spec: json!({"selector": {"matchLabels": {"app-*": "httpbin"}}}),
            ..Case::default()
        },
        Case {
            name: "target-ref-good",
            spec: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "target-refs-good",
            spec: json!({
                "targetRefs": [
                    {
                        "group": "gateway.networking.k8s.io",
                        "kind": "Gateway",
                        "name": "foo"
                    }
                ],
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "target-refs-good-service",
            spec: json!({
                "targetRefs": [{"kind": "Service", "name": "foo"}],
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "target-ref-non-empty-namespace",
            spec: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo",
                    "namespace": "bar"
                },
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            ..Case::default()
        },
        Case {
            name: "target-ref-empty-name",
            spec: json!({
                "targetRef": {"group": "gateway.networking.k8s.io", "kind": "Gateway"},
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            ..Case::default()
        },
        Case {
            name: "target-ref-wrong-group",
            spec: json!({
                "targetRef": {"group": "wrong-group", "kind": "Gateway", "name": "foo"},
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            ..Case::default()
        },
        Case {
            name: "target-ref-wrong-kind",
            spec: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "wrong-kind",
                    "name": "foo"
                },
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            ..Case::default()
        },
        Case {
            name: "target-ref-and-selector-cannot-both-be-set",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            ..Case::default()
        },
        Case {
            name: "target-refs-and-selector-cannot-both-be-set",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "targetRefs": [
                    {
                        "group": "gateway.networking.k8s.io",
                        "kind": "Gateway",
                        "name": "foo"
                    }
                ],
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            ..Case::default()
        },
        Case {
            name: "from-empty",
            spec: json!({"rules": [{"from": []}]}),
            ..Case::default()
        },
        Case {
            name: "source-nil",
            spec: json!({"rules": [{"from": [{}]}]}),
            ..Case::default()
        },
        Case {
            name: "source-empty",
            spec: json!({"rules": [{"from": [{"source": {}}]}]}),
            ..Case::default()
        },
        Case {
            name: "to-empty",
            spec: json!({"rules": [{"to": []}]}),
            ..Case::default()
        },
        Case {
            name: "operation-nil",
            spec: json!({"rules": [{"to": [{}]}]}),
            ..Case::default()
        },
        Case {
            name: "operation-empty",
            spec: json!({"rules": [{"to": [{"operation": {}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Principals-empty",
            spec: json!({"rules": [{"from": [{"source": {"principals": ["p1", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotPrincipals-empty",
            spec: json!({"rules": [{"from": [{"source": {"notPrincipals": ["p1", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "RequestPrincipals-empty",
            spec: json!({
                "rules": [{"from": [{"source": {"requestPrincipals": ["p1", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "NotRequestPrincipals-empty",
            spec: json!({
                "rules": [{"from": [{"source": {"notRequestPrincipals": ["p1", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "Namespaces-empty",
            spec: json!({"rules": [{"from": [{"source": {"namespaces": ["ns", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "ServiceAccounts-empty",
            spec: json!({
                "rules": [{"from": [{"source": {"serviceAccounts": ["ns/sa", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "NotNamespaces-empty",
            spec: json!({"rules": [{"from": [{"source": {"notNamespaces": ["ns", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "IpBlocks-empty",
            spec: json!({"rules": [{"from": [{"source": {"ipBlocks": ["1.2.3.4", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotIpBlocks-empty",
            spec: json!({
                "rules": [{"from": [{"source": {"notIpBlocks": ["1.2.3.4", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "RemoteIpBlocks-empty",
            spec: json!({
                "rules": [{"from": [{"source": {"remoteIpBlocks": ["1.2.3.4", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "NotRemoteIpBlocks-empty",
            spec: json!({
                "rules": [
                    {
                        "from": [{"source": {"notRemoteIpBlocks": ["1.2.3.4", ""]}}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "Hosts-empty",
            spec: json!({"rules": [{"to": [{"operation": {"hosts": ["host", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotHosts-empty",
            spec: json!({"rules": [{"to": [{"operation": {"notHosts": ["host", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Ports-empty",
            spec: json!({"rules": [{"to": [{"operation": {"ports": ["80", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotPorts-empty",
            spec: json!({"rules": [{"to": [{"operation": {"notPorts": ["80", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Methods-empty",
            spec: json!({"rules": [{"to": [{"operation": {"methods": ["GET", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotMethods-empty",
            spec: json!({"rules": [{"to": [{"operation": {"notMethods": ["GET", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Paths-empty",
            spec: json!({"rules": [{"to": [{"operation": {"paths": ["/path", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotPaths-empty",
            spec: json!({"rules": [{"to": [{"operation": {"notPaths": ["/path", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "value-empty",
            spec: json!({
                "rules": [
                    {
                        "when": [
                            {
                                "key": "request.headers[:authority]",
                                "values": ["v1", ""]
                            }
                        ]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "invalid ip and port in ipBlocks",
            spec: json!({
                "rules": [
                    {
                        "from": [
                            {
                                "source": {
                                    "ipBlocks": ["1.2.3.4", "ip1"],
                                    "notIpBlocks": ["5.6.7.8", "ip2"]
                                }
                            }
                        ],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["80", "port1"],
                                    "notPorts": ["90", "port2"]
                                }
                            }
                        ]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "invalid ip and port in remoteIpBlocks",
            spec: json!({
                "rules": [
                    {
                        "from": [
                            {
                                "source": {
                                    "remoteIpBlocks": ["1.2.3.4", "ip1"],
                                    "notRemoteIpBlocks": ["5.6.7.8", "ip2"]
                                }
                            }
                        ],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["80", "port1"],
                                    "notPorts": ["90", "port2"]
                                }
                            }
                        ]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-key-missing",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"values": ["v1", "v2"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-key-empty",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"values": ["v1", "v2"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-value-missing",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"key": "source.principal"}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-value-invalid",
            spec: json!({
                "rules": [{"when": [{"key": "source.ip", "values": ["a.b.c.d"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-notValue-invalid",
            spec: json!({
                "rules": [{"when": [{"key": "source.ip", "notValues": ["a.b.c.d"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-unknown",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"key": "key1", "values": ["v1"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "L7DenyWithFrom",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [
                    {
                        "from": [
                            {
                                "source": {"requestPrincipals": ["example.com/sub-1"]}
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "L7DenyWithTo",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"to": [{"operation": {"methods": ["GET", "DELETE"]}}]}],
                "action": "DENY"
            }),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "L7DenyWithFromAndTo",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [{"operation": {"methods": ["GET", "DELETE"]}}]
                    }
                ],
                "action": "DENY"
            }),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "L7DenyWithFromAndToWithPort",
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [
                    {
                        "from": [{"source": {"principals": ["temp"]}}],
                        "to": [
                            {
                                "operation": {
                                    "ports": ["8080"],
                                    "methods": ["GET", "DELETE"]
                                }
                            }
                        ]
                    }
                ],
                "action": "DENY"
            }),
            valid: true,
            ..Case::default()
        },
    ];
    run_table(
        "TestValidateAuthorizationPolicy",
        authorization_policy::validate,
        ("name", "namespace"),
        cases,
    );
}

/// Istio's `TestValidateRequestAuthentication` (29 cases).
#[test]
fn validate_request_authentication() {
    let cases = vec![
        Case {
            name: "empty spec",
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "another empty spec",
            spec: json!({"selector": {}}),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "empty spec with non default name",
            config_name: Some("foo"),
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "dry run annotation not supported",
            config_name: Some("foo"),
            annotations: &[("istio.io/dry-run", "true")],
            spec: json!({}),
            ..Case::default()
        },
        Case {
            name: "default name with non empty selector",
            spec: json!({"selector": {"matchLabels": {"app": "httpbin"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty jwt rule",
            config_name: Some("foo"),
            spec: json!({"jwtRules": [{}]}),
            ..Case::default()
        },
        Case {
            name: "empty issuer and jwksUri",
            config_name: Some("foo"),
            spec: json!({"jwtRules": [{}]}),
            ..Case::default()
        },
        Case {
            name: "empty issuer and set jwksUri",
            config_name: Some("foo"),
            spec: json!({"jwtRules": [{"jwksUri": "https://foo.com/cert"}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad JwksUri - no protocol",
            config_name: Some("foo"),
            spec: json!({"jwtRules": [{"issuer": "foo.com", "jwksUri": "foo.com"}]}),
            ..Case::default()
        },
        Case {
            name: "bad JwksUri - invalid port",
            config_name: Some("foo"),
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com:not-a-number"
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "empty value",
            config_name: Some("foo"),
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin", "version": ""}},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad workload selector - empty key",
            config_name: Some("foo"),
            spec: json!({
                "selector": {"matchLabels": {"": "v1", "app": "httpbin"}},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            ..Case::default()
        },
        Case {
            name: "good targetRef",
            config_name: Some("foo"),
            spec: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad targetRef - empty name",
            config_name: Some("foo"),
            spec: json!({
                "targetRef": {"group": "gateway.networking.k8s.io", "kind": "Gateway"},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - non-empty namespace",
            config_name: Some("foo"),
            spec: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo",
                    "namespace": "bar"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - wrong group",
            config_name: Some("foo"),
            spec: json!({
                "targetRef": {"group": "wrong-group", "kind": "Gateway", "name": "foo"},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - wrong kind",
            config_name: Some("foo"),
            spec: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "wrong-kind",
                    "name": "foo"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            ..Case::default()
        },
        Case {
            name: "targetRef and selector cannot both be set",
            config_name: Some("foo"),
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            ..Case::default()
        },
        Case {
            name: "bad header location",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromHeaders": [{"prefix": "Bearer "}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "bad param location",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromParams": [""]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "good",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromHeaders": [{"name": "x-foo", "prefix": "Bearer "}]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad cookie location",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromCookies": ["", "foo"]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "jwks ok",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwks": "{ \"keys\":[ {\"e\":\"AQAB\",\"kid\":\"DHFbpoIUqrY8t2zpA2qXfCmr5VO5ZEr4RzHU_-envvQ\",\"kty\":\"RSA\",\"n\":\"xAE7eB6qugXyCAG3yhh7pkDkT65pHymX-P7KfIupjf59vsdo91bSP9C8H07pSAGQO1MV_xFj9VswgsCg4R6otmg5PV2He95lZdHtOcU5DXIg_pbhLdKXbi66GlVeK6ABZOUW3WYtnNHD-91gVuoeJT_DwtGGcp4ignkgXfkiEm4sw-4sfb4qdt5oLbyVpmW6x9cfa7vs2WTfURiCrBoUqgBo_-4WTiULmmHSGZHOjzwa8WtrtOQGsAFjIbno85jp6MnGGGZPYZbDAa_b3y5u-YpW7ypZrvD8BgtKVjgtQgZhLAGezMt0ua3DRrWnKqTZ0BJ_EyxOGuHJrLsn00fnMQ\"}]}",
                        "fromHeaders": [{"name": "x-foo", "prefix": "Bearer "}]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "jwks error",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwks": "foo",
                        "fromHeaders": [{"name": "x-foo", "prefix": "Bearer "}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "jwks with private RSA key warns",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwks": "{\"keys\":[{\"kty\":\"RSA\",\"e\":\"AQAB\",\"kid\":\"private\",\"n\":\"xAE7eB6qugXyCAG3yhh7pkDkT65pHymX-P7KfIupjf59vsdo91bSP9C8H07pSAGQO1MV_xFj9VswgsCg4R6otmg5PV2He95lZdHtOcU5DXIg_pbhLdKXbi66GlVeK6ABZOUW3WYtnNHD-91gVuoeJT_DwtGGcp4ignkgXfkiEm4sw-4sfb4qdt5oLbyVpmW6x9cfa7vs2WTfURiCrBoUqgBo_-4WTiULmmHSGZHOjzwa8WtrtOQGsAFjIbno85jp6MnGGGZPYZbDAa_b3y5u-YpW7ypZrvD8BgtKVjgtQgZhLAGezMt0ua3DRrWnKqTZ0BJ_EyxOGuHJrLsn00fnMQ\",\"d\":\"jJVKLOMXjlSnICzfP_eWshwR_DQp1U_GBLn-bL2qf90U5GMRDg5fT7Df3M2zL3DhMzdLDIeBmh-ujMTPjU0PWyVN5JX9LBhAOgsX3DKAdR2KMlEsBM4HE6VV1JhqQozqAcSPwhBHJM_pBM21S94EZf_RbA0PvyLcjeLP4WqAOY-J4OXVR3rzKwAH02NjLBR-Tnoiv-WlPZbE9SmYJL0G3xRFVELYwf4l7t-PSrZxk6V_xrTLpsScA-WICTaXmRGyDOSBuiBfHfDQyiTfQEUjcc6aQ7slLAwfmU2AeYJqHk1zwZpDJpgEf9G3eYi09Q2MLpzSjMxWVqV5L7TtcoGv5Q\"}]}"
                    }
                ]
            }),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "null outputClaimToHeader",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "null claim value in outputClaimToHeader ",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{"header": "x-jwt-claim"}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "null header value in outputClaimToHeader ",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{"claim": "sub"}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "invalid header value in outputClaimToHeader ",
            spec: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{"header": "abc%123", "claim": "sub"}]
                    }
                ]
            }),
            ..Case::default()
        },
    ];
    run_table(
        "TestValidateRequestAuthentication",
        request_authentication::validate,
        ("default", "bar"),
        cases,
    );
}

/// Istio's `TestValidatePeerAuthentication` (9 cases).
#[test]
fn validate_peer_authentication() {
    let cases = vec![
        Case {
            name: "empty spec",
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty mtls with selector of empty labels",
            spec: json!({"selector": {}}),
            valid: true,
            warning: true,
            ..Case::default()
        },
        Case {
            name: "empty spec with non default name",
            config_name: Some("foo"),
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "default name with non empty selector",
            spec: json!({"selector": {"matchLabels": {"app": "httpbin"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty port level mtls",
            config_name: Some("foo"),
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "portLevelMtls": {}
            }),
            ..Case::default()
        },
        Case {
            name: "empty selector with port level mtls",
            spec: json!({"portLevelMtls": {"8080": {}}}),
            ..Case::default()
        },
        Case {
            name: "port 0",
            config_name: Some("foo"),
            spec: json!({"portLevelMtls": {"0": {}}}),
            ..Case::default()
        },
        Case {
            name: "unset mode",
            spec: json!({"mtls": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "port level",
            config_name: Some("port-level"),
            spec: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "portLevelMtls": {"8080": {}}
            }),
            valid: true,
            ..Case::default()
        },
    ];
    run_table(
        "TestValidatePeerAuthentication",
        peer_authentication::validate,
        ("default", "bar"),
        cases,
    );
}

/// Istio's `TestValidateTelemetry` (16 cases).
#[test]
fn validate_telemetry() {
    let cases = vec![
        Case {
            name: "empty",
            spec: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "multiple providers",
            spec: json!({"tracing": [{"providers": [{"name": "a"}, {"name": "b"}]}]}),
            valid: true,
            warning: true,
            warning_text: "multiple providers",
            ..Case::default()
        },
        Case {
            name: "multiple tracers",
            spec: json!({"tracing": [{}, {}]}),
            valid: true,
            warning: true,
            warning_text: "multiple tracing",
            ..Case::default()
        },
        Case {
            name: "bad randomSamplingPercentage",
            spec: json!({"tracing": [{"randomSamplingPercentage": 101}]}),
            error: "randomSamplingPercentage",
            ..Case::default()
        },
        Case {
            name: "tracing with a good custom tag",
            spec: json!({
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
            spec: json!({"tracing": [{"customTags": {"clusterID": null}}]}),
            error: "tag 'clusterID' may not have a nil value",
            ..Case::default()
        },
        Case {
            name: "bad metrics operation",
            spec: json!({"metrics": [{"overrides": [{"tagOverrides": {"my-tag": {}}}]}]}),
            error: "must be set when operation is UPSERT",
            ..Case::default()
        },
        Case {
            name: "good metrics operation",
            spec: json!({
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
            spec: json!({
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
            spec: json!({
                "accessLogging": [{"providers": [{"name": "envoy"}, {"name": "otel"}]}]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "good targetRef",
            spec: json!({
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
            spec: json!({
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
            spec: json!({
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
            spec: json!({
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
            spec: json!({
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
            spec: json!({
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
    run_table(
        "TestValidateTelemetry",
        telemetry::validate,
        ("foo", "bar"),
        cases,
    );
}

/// Istio's `TestValidateWasmPlugin` (18 cases).
#[test]
fn validate_wasm_plugin() {
    let cases = vec![
        Case {
            name: "empty",
            spec: json!({}),
            error: "url field needs to be set",
            ..Case::default()
        },
        Case {
            name: "wrong scheme",
            spec: json!({"url": "ftp://test.com/test"}),
            error: "unsupported scheme",
            ..Case::default()
        },
        Case {
            name: "valid http",
            spec: json!({"url": "http://test.com/test"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid http w/ sha",
            spec: json!({
                "url": "http://test.com/test",
                "sha256": "01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "short sha",
            spec: json!({"url": "http://test.com/test", "sha256": "01ba47"}),
            error: "sha256 field must be 64 characters long",
            ..Case::default()
        },
        Case {
            name: "invalid sha",
            spec: json!({"url": "http://test.com/test", "sha256": "test"}),
            error: "sha256 field must be 64 characters long",
            ..Case::default()
        },
        Case {
            name: "invalid sha characters",
            spec: json!({
                "url": "http://test.com/test",
                "sha256": "01Ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b"
            }),
            error: "sha256 field must match [a-f0-9]{64} pattern",
            ..Case::default()
        },
        Case {
            name: "valid oci",
            spec: json!({"url": "oci://test.com/test"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid oci no scheme",
            spec: json!({"url": "test.com/test"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid vm config - invalid env name",
            spec: json!({
                "url": "test.com/test",
                "vmConfig": {"env": [{"valueFrom": "HOST"}]}
            }),
            error: "spec.vmConfig.env invalid",
            ..Case::default()
        },
        Case {
            name: "invalid vm config - duplicate env",
            spec: json!({
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
            spec: json!({
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
            spec: json!({
                "targetRef": {"kind": "Service", "name": "foo"},
                "url": "http://test.com/test"
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "target-ref-non-empty-namespace",
            spec: json!({
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
            spec: json!({
                "targetRef": {"group": "gateway.networking.k8s.io", "kind": "Gateway"},
                "url": "http://test.com/test"
            }),
            error: "targetRef name must be set",
            ..Case::default()
        },
        Case {
            name: "target-ref-wrong-group",
            spec: json!({
                "targetRef": {"group": "wrong-group", "kind": "Gateway", "name": "foo"},
                "url": "http://test.com/test"
            }),
            error: "targetRef must be to one of [core/v1/Service networking.istio.io/v1/ServiceEntry gateway.networking.k8s.io/v1/Gateway gateway.networking.k8s.io/v1/GatewayClass] but was wrong-group/Gateway",
            ..Case::default()
        },
        Case {
            name: "target-ref-wrong-kind",
            spec: json!({
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
            spec: json!({
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
    run_table(
        "TestValidateWasmPlugin",
        wasm_plugin::validate,
        ("foo", "bar"),
        cases,
    );
}

/// Istio's `TestValidateTrafficExtension` (24 cases).
#[test]
fn validate_traffic_extension() {
    let cases = vec![
        Case {
            name: "neither wasm nor lua set",
            spec: json!({}),
            error: "exactly one of wasm or lua must be set",
            ..Case::default()
        },
        Case {
            name: "valid lua config",
            spec: json!({
                "lua": {
                    "inlineCode": "function envoy_on_request(request_handle)\n  request_handle:headers():add('x-foo', 'bar')\nend"
                }
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "lua code empty",
            spec: json!({"lua": {}}),
            error: "lua.inlineCode cannot be empty",
            ..Case::default()
        },
        Case {
            name: "lua code too large",
            spec: json!({
                "lua": {
                    "inlineCode": "\u{0}".repeat(65537)
                }
            }),
            error: "lua.inlineCode exceeds maximum size of 64KB",
            ..Case::default()
        },
        Case {
            name: "valid wasm config",
            spec: json!({"wasm": {"url": "http://test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm url empty",
            spec: json!({"wasm": {}}),
            error: "url field needs to be set",
            ..Case::default()
        },
        Case {
            name: "wasm wrong scheme",
            spec: json!({"wasm": {"url": "ftp://test.com/test"}}),
            error: "unsupported scheme",
            ..Case::default()
        },
        Case {
            name: "wasm valid http",
            spec: json!({"wasm": {"url": "http://test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm valid http w/ sha",
            spec: json!({
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
            spec: json!({"wasm": {"url": "http://test.com/test", "sha256": "01ba47"}}),
            error: "sha256 field must be 64 characters long",
            ..Case::default()
        },
        Case {
            name: "wasm invalid sha characters",
            spec: json!({
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
            spec: json!({"wasm": {"url": "oci://test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm valid oci no scheme",
            spec: json!({"wasm": {"url": "test.com/test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm invalid vm config - invalid env name",
            spec: json!({
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
            spec: json!({
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
            spec: json!({
                "selector": {"matchLabels": {"app": "test"}},
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid lua with targetRefs",
            spec: json!({
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
            spec: json!({
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
            spec: json!({
                "match": [null],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0] is nil",
            ..Case::default()
        },
        Case {
            name: "invalid match - nil port selector",
            spec: json!({
                "match": [{"ports": [null]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0].Ports[0] is nil",
            ..Case::default()
        },
        Case {
            name: "invalid match - port out of range (too low)",
            spec: json!({
                "match": [{"ports": [{}]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0].Ports[0] is out of range: 0",
            ..Case::default()
        },
        Case {
            name: "invalid match - port out of range (too high)",
            spec: json!({
                "match": [{"ports": [{"number": 65536}]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            error: "spec.Match[0].Ports[0] is out of range: 65536",
            ..Case::default()
        },
        Case {
            name: "valid match with port",
            spec: json!({
                "match": [{"mode": "CLIENT", "ports": [{"number": 8080}]}],
                "lua": {"inlineCode": "function envoy_on_request() end"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wasm plugin name too long",
            spec: json!({
                "wasm": {
                    "url": "test.com/test",
                    "pluginName": "\u{0}".repeat(257)
                }
            }),
            error: "pluginName field must be less than 256 characters long",
            ..Case::default()
        },
    ];
    run_table(
        "TestValidateTrafficExtension",
        traffic_extension::validate,
        ("foo", "bar"),
        cases,
    );
}

// ---------------------------------------------------------------------------------------------
// Istio's pkg/config/security/security_test.go, through the validators that use those checks.

/// A RequestAuthentication with one JWT rule using `uri` as its JWKS URI.
fn jwks_uri_spec(uri: &str) -> Value {
    json!({"jwtRules": [{"issuer": "foo.com", "jwksUri": uri}]})
}

/// An AuthorizationPolicy with one `when` condition.
fn condition_spec(key: &str, values: &[&str]) -> Value {
    json!({"rules": [{"when": [{"key": key, "values": values}]}]})
}

/// An AuthorizationPolicy with one operation on `paths`.
fn paths_spec(paths: &[&str]) -> Value {
    json!({"rules": [{"to": [{"operation": {"paths": paths}}]}]})
}

/// An AuthorizationPolicy with one source from `trustDomains`.
fn trust_domains_spec(values: &[&str]) -> Value {
    json!({"rules": [{"from": [{"source": {"trustDomains": values}}]}]})
}

fn simple(name: &'static str, spec: Value, valid: bool) -> Case {
    Case {
        name,
        spec,
        valid,
        ..Case::default()
    }
}

/// Istio's `TestParseJwksURI` (7 cases), as RequestAuthentication JWKS URIs.
#[test]
fn parse_jwks_uri() {
    let cases = [
        ("foo.bar.com", false),
        ("tcp://foo.bar.com:abc", false),
        ("http://foo.bar.com:abc", false),
        ("http://foo.bar.com", true),
        ("https://foo.bar.com", true),
        ("http://foo.bar.com:1234", true),
        ("https://foo.bar.com:1234/secure/key", true),
    ]
    .into_iter()
    .map(|(uri, valid)| simple(uri, jwks_uri_spec(uri), valid))
    .collect();
    run_table(
        "TestParseJwksURI",
        request_authentication::validate,
        ("default", "bar"),
        cases,
    );
}

/// Istio's `TestCheckWildcardValues` (7 cases), as `source.trustDomain` condition values.
#[test]
fn check_wildcard_values() {
    let cases = [
        ("exact", "foo", true),
        ("presence", "*", true),
        ("prefix", "foo*", true),
        ("suffix", "*foo", true),
        ("empty", "", false),
        ("middle wildcard", "fo*-bar", false),
        ("multiple wildcards", "fo*bar*", false),
    ]
    .into_iter()
    .map(|(name, v, valid)| simple(name, condition_spec("source.trustDomain", &[v]), valid))
    .collect();
    run_table(
        "TestCheckWildcardValues",
        authorization_policy::validate,
        ("name", "namespace"),
        cases,
    );
}

/// Istio's `TestCheckTrustDomainValues` (7 cases), as `source.trustDomains`.
#[test]
fn check_trust_domain_values() {
    let cases = [
        ("exact", "cluster.local", true),
        ("presence wildcard", "*", true),
        ("prefix wildcard", "cluster-*", true),
        ("suffix wildcard", "*-cluster", true),
        ("empty", "", false),
        ("slash", "cluster.local/ns/foo", false),
        ("spiffe uri", "spiffe://cluster.local", false),
    ]
    .into_iter()
    .map(|(name, v, valid)| simple(name, trust_domains_spec(&[v]), valid))
    .collect();
    run_table(
        "TestCheckTrustDomainValues",
        authorization_policy::validate,
        ("name", "namespace"),
        cases,
    );
}

/// Istio's `TestValidateCondition` (38 cases), as `when` conditions.
#[test]
fn validate_condition() {
    let cases: &[(&str, &[&str], bool)] = &[
        ("request.headers[:authority]", &["productpage", ""], false),
        ("request.headers[:authority]", &["productpage"], true),
        ("request.headers[]", &["productpage"], false),
        ("source.ip", &["1.2.3.4", "5.6.7.0/24"], true),
        ("source.ip", &["a.b.c.d"], false),
        ("remote.ip", &["1.2.3.4", "5.6.7.0/24"], true),
        ("remote.ip", &["a.b.c.d"], false),
        ("source.namespace", &["value"], true),
        ("source.user", &["value"], false),
        ("source.principal", &["value"], true),
        ("source.serviceAccount", &["too/many/slashes"], false),
        ("source.serviceAccount", &["/emptyns"], false),
        ("source.serviceAccount", &["emptysa/"], false),
        ("source.serviceAccount", &["ns/sa"], true),
        ("source.serviceAccount", &["sa"], true),
        ("source.trustDomain", &["cluster.local"], true),
        ("source.trustDomain", &["*"], true),
        ("source.trustDomain", &["foo*"], true),
        ("source.trustDomain", &["*bar"], true),
        ("source.trustDomain", &["fo*-bar"], false),
        ("source.trustDomain", &["fo*bar*"], false),
        ("source.trustDomain", &[""], false),
        ("request.auth.principal", &["value"], true),
        ("request.auth.audiences", &["value"], true),
        ("request.auth.presenter", &["value"], true),
        ("request.auth.claims[id]", &["123"], true),
        ("request.auth.claims[]", &["value"], false),
        ("destination.ip", &["1.2.3.4", "5.6.7.0/24"], true),
        ("destination.ip", &["a.b.c.d"], false),
        ("destination.port", &["80", "90"], true),
        ("destination.port", &["80", "x"], false),
        ("destination.labels[app]", &["value"], false),
        ("destination.name", &["value"], false),
        ("destination.namespace", &["value"], false),
        ("destination.user", &["value"], false),
        ("connection.sni", &["value"], true),
        ("experimental.envoy.filters.a.b[c]", &["value"], true),
        ("experimental.envoy.filters.a.b.x", &["value"], false),
    ];
    // Istio's cases have no names: name them by position, key and values (leaked to get the
    // `&'static str` a case name is; a test process is short-lived).
    let cases = cases
        .iter()
        .enumerate()
        .map(|(i, (key, values, valid))| {
            let name = format!("{i}: {key} {values:?}").leak();
            simple(name, condition_spec(key, values), *valid)
        })
        .collect();
    run_table(
        "TestValidateCondition",
        authorization_policy::validate,
        ("name", "namespace"),
        cases,
    );
}

/// Istio's `TestCheckValidPathTemplate` (22 cases), as operation paths.
#[test]
fn check_valid_path_template() {
    let cases = [
        ("valid path template - matchOneTemplate", "/{*}/foo", true),
        ("valid path template - matchOneTemplate with trailing slash", "/{*}/foo/", true),
        ("valid path template - matchAnyTemplate", "/foo/{**}/bar", true),
        ("valid path template - matchAnyTemplate at end", "/foo/bar/{**}", true),
        ("unsupported path template - matchAnyTemplate with additional chars", "/foo/{**}buzz/bar", false),
        ("unsupported path template - empty curly braces", "/{*}/foo/{}/bar", false),
        ("unsupported path template - matchOneTemplate with `*`", "/foo/{*}/bar/*", false),
        ("unsupported path template - matchOneTemplate with `**`", "/foo/{*}/bar/**/buzz", false),
        ("unsupported path/path template - named var: {buzz}", "/foo/{buzz}/bar", false),
        ("unsupported path/path template - only named var: {buzz}", "/{buzz}", false),
        ("unsupported path template - matchAnyTemplate with named var: {buzz}", "/foo/{buzz}/bar/{**}", false),
        ("unsupported path template - matchAnyTemplate with named var: {buzz=*}", "/foo/{buzz=*}/bar/{**}", false),
        ("unsupported path template - matchAnyTemplate with named var: {buzz=**}", "/{*}/foo/{buzz=**}/bar", false),
        ("unsupported path template - matchAnyTemplate with additional chars at end", "/{*}/foo/{**}bar", false),
        ("unsupported path template - matchOneTemplate with file extension", "/{*}/foo/{*}.txt", false),
        ("unsupported path template - matchOneTemplate with unmatched open curly brace", "/{*}/foo/{temp", false),
        ("unsupported path template - matchOneTemplate with unmatched closed curly brace", "/{*}/foo/temp}/bar", false),
        ("unsupported path template - matchOneTemplate with unmatched closed curly brace and `*`", "/{*}/foo/temp}/*", false),
        ("unsupported path template - matchAnyTemplate is not the last operator in the template", "/{**}/foo/temp/{*}/bar", false),
        ("unsupported path template - simple multiple matchAnyTemplates", "/{**}/{**}", false),
        ("unsupported path template - multiple matchAnyTemplates", "/{**}/foo/temp/{**}/bar", false),
        ("unsupported path template - invalid literal in path template", "/{*}/foo/?abc", false),
    ]
    .into_iter()
    .map(|(name, path, valid)| simple(name, paths_spec(&[path]), valid))
    .collect();
    run_table(
        "TestCheckValidPathTemplate",
        authorization_policy::validate,
        ("name", "namespace"),
        cases,
    );
}

/// Istio's `TestIsValidLiteral` (14 of 15 cases), as a segment after a `{*}` template. The
/// "invalid - slash" case (`abc/`) has no form as a path segment and is left out.
#[test]
fn is_valid_literal() {
    let cases = [
        ("valid - alphabet chars and nums", "123abcABC", true),
        ("valid - unreserved chars", "._~-", true),
        ("valid - equals", "a=c", true),
        ("valid - mixed chars", "-._~%20!$&'()+,;:@", true),
        (
            "invalid - mixed chars",
            "`~!@#$%^&()-_+;:,<.>'\"\\| ",
            false,
        ),
        ("invalid - star with other chars", "ab*c", false),
        ("invalid - star", "*", false),
        ("invalid - double star with other chars", "ab**c", false),
        ("invalid - double star", "**", false),
        ("invalid - question mark", "?abc", false),
        ("invalid - question mark with equals", "?a=c", false),
        ("invalid - left curly brace", "{abc", false),
        ("invalid - right curly brace", "abc}", false),
        ("invalid - curly brace set", "{abc}", false),
    ]
    .into_iter()
    .map(|(name, glob, valid)| {
        let path = format!("/{{*}}/{glob}");
        simple(name, paths_spec(&[&path]), valid)
    })
    .collect();
    run_table(
        "TestIsValidLiteral",
        authorization_policy::validate,
        ("name", "namespace"),
        cases,
    );
}

// ---------------------------------------------------------------------------------------------
// needle's own cases: behaviour of Go libraries Istio relies on (outcomes taken from Go).

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
    .map(|(url, valid)| simple(url, json!({"url": url}), valid))
    .collect();
    run_table(
        "needle/wasm_url_go_parity",
        wasm_plugin::validate,
        ("foo", "bar"),
        cases,
    );
}

/// JWKS URIs as Istio's `ParseJwksURI` (Go's `url.Parse`) accepts or rejects them.
#[test]
fn jwks_uri_go_parity() {
    let cases = [
        ("http://[::1]:80/x", true),
        ("http://a b/c", false),
        ("http://x/%zz", false),
        ("/abs/path", false),
        ("file:///opt/x.wasm", false),
        ("http://a:1:2/", false),
        ("http://[1.2.3.4]/", false),
        ("http://x/#frag%zz", false),
        ("http://user:p@ss@host/", true),
        ("http://ho%41st/", false),
        ("http://x?a#b", true),
        ("HTTPS://x", true),
        ("1http://x", false),
        ("http://x\u{1}", false),
    ]
    .into_iter()
    .map(|(uri, valid)| simple(uri, jwks_uri_spec(uri), valid))
    .collect();
    run_table(
        "needle/jwks_uri_go_parity",
        request_authentication::validate,
        ("default", "bar"),
        cases,
    );
}

/// Inline JWKS as lestrrat-go/jwx v1 parses them; private and symmetric keys warn.
#[test]
fn inline_jwks() {
    let cases = [
        (r#"{"keys":[]}"#, true, false),
        ("[]", false, false),
        (r#"{"kty":"oct","k":"c2VjcmV0"}"#, true, true),
        (
            r#"{"keys":[{"kty":"EC","crv":"P-256","x":"AQ","y":"AQ","d":"AQ"}]}"#,
            true,
            true,
        ),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB"}]}"#, false, false),
        (r#"{"keys":[{"kty":"foo"}]}"#, false, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"!!!"}]}"#, false, false),
        (
            r#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#,
            true,
            false,
        ),
        (r#"{"keys":[{"kty":"EC","crv":"P-256","x":"AQ","y":"AQ"}]}"#, true, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB","d":"AQ"}]}"#, true, true),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB","d":null}]}"#, true, true),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB","kid":5}]}"#, false, false),
        (r#"{"keys":{}}"#, false, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB"}],"extra":1}"#, true, false),
        (r#"{"keys":[{"e":"AQAB","n":"AQAB"}]}"#, false, false),
        (r#"{"keys":[{"kty":"oct"}]}"#, false, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQ==","n":"AQAB"}]}"#, true, false),
        (
            r#"{"keys":[{"kty":"OKP","crv":"X25519","x":"AQ","d":"AQ"}]}"#,
            true,
            true,
        ),
    ]
    .into_iter()
    .map(|(jwks, valid, warning)| Case {
        name: jwks,
        spec: json!({"jwtRules": [{"issuer": "foo.com", "jwks": jwks}]}),
        valid,
        warning,
        ..Case::default()
    })
    .collect();
    run_table(
        "needle/inline_jwks",
        request_authentication::validate,
        ("default", "bar"),
        cases,
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
            annotations: &[("istio.io/dry-run", "true")],
            spec,
            error: "bar/foo has unsupported annotation istio.io/dry-run, please remove the annotation",
            ..Case::default()
        };
        run_table(
            &format!("needle/dry_run/{kind}"),
            validate,
            ("foo", "bar"),
            vec![case],
        );
    }
}

/// What protobuf JSON rejects is a decoding error, not a rule violation.
#[test]
fn decoding_errors() {
    let meta = Meta {
        name: "foo".into(),
        namespace: "bar".into(),
        ..Meta::default()
    };
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
        let mut report = Report::default();
        assert!(
            validate(&meta, &spec, &mut report).is_err(),
            "{spec} should not decode"
        );
    }
    // A misspelled field is ignored, as Istio's decoder retries allowing unknown fields.
    let mut report = Report::default();
    assert!(
        authorization_policy::validate(&meta, &json!({"rules": [{"form": []}]}), &mut report)
            .is_ok()
    );
    let mut report = Report::default();
    request_authentication::validate(
        &meta,
        &json!({"jwtRules": [{"issuer": "a", "timeout": "0.0001s"}]}),
        &mut report,
    )
    .unwrap();
    assert_eq!(report.errors, ["duration must be greater than 1ms"]);
}
