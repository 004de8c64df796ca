//! `targetRef` and `targetRefs`: what a policy may point at, and never beside a selector.

use super::*;

/// The cases on this topic of Istio's `TestValidateAuthorizationPolicy`, in Istio's order.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "target-ref-good",
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
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
    ]
}
