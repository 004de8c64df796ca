//! The policy as a whole: rules, actions, CUSTOM providers, dry-run and selectors.

use super::*;

/// The cases on this topic of Istio's `TestValidateAuthorizationPolicy`, in Istio's order.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "good",
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
                "rules": [{}],
                "action": "CUSTOM",
                "provider": {"name": "my-custom-authz"}
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "custom-empty-provider",
            input: json!({"rules": [{}], "action": "CUSTOM", "provider": {}}),
            ..Case::default()
        },
        Case {
            name: "custom-nil-provider",
            input: json!({"rules": [{}], "action": "CUSTOM"}),
            ..Case::default()
        },
        Case {
            name: "custom-invalid-rule",
            input: json!({
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
            input: json!({"rules": [{}], "provider": {}}),
            ..Case::default()
        },
        Case {
            name: "allow-rules-nil",
            input: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "dry-run-valid-allow",
            input: json!({}),
            valid: true,
            aux: json!({"annotations": {"istio.io/dry-run": "true"}}),
            ..Case::default()
        },
        Case {
            name: "dry-run-valid-deny",
            input: json!({"rules": [{}], "action": "DENY"}),
            valid: true,
            aux: json!({"annotations": {"istio.io/dry-run": "false"}}),
            ..Case::default()
        },
        Case {
            name: "dry-run-invalid-value",
            input: json!({}),
            aux: json!({"annotations": {"istio.io/dry-run": "foo"}}),
            ..Case::default()
        },
        Case {
            name: "dry-run-invalid-action-custom",
            input: json!({"action": "CUSTOM"}),
            aux: json!({"annotations": {"istio.io/dry-run": "true"}}),
            ..Case::default()
        },
        Case {
            name: "dry-run-invalid-action-audit",
            input: json!({"action": "AUDIT"}),
            aux: json!({"annotations": {"istio.io/dry-run": "true"}}),
            ..Case::default()
        },
        Case {
            name: "deny-rules-nil",
            input: json!({"action": "DENY"}),
            ..Case::default()
        },
        Case {
            name: "selector-empty-value",
            input: json!({"selector": {"matchLabels": {"app": "", "version": "v1"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "selector-empty-key",
            input: json!({"selector": {"matchLabels": {"": "v1", "app": "httpbin"}}}),
            ..Case::default()
        },
        Case {
            name: "selector-empty-labels",
            input: json!({"selector": {}}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "selector-wildcard-value",
            input: json!({"selector": {"matchLabels": {"app": "httpbin-*"}}}),
            ..Case::default()
        },
        Case {
            name: "selector-wildcard-key",
            input: json!({"selector": {"matchLabels": {"app-*": "httpbin"}}}),
            ..Case::default()
        },
    ]
}
