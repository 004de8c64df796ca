//! Sources, operations and conditions: empty fields, bad values and the L7 fields a DENY
//! policy may not use on TCP.

use super::*;

/// The cases on this topic of Istio's `TestValidateAuthorizationPolicy`, in Istio's order.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "from-empty",
            input: json!({"rules": [{"from": []}]}),
            ..Case::default()
        },
        Case {
            name: "source-nil",
            input: json!({"rules": [{"from": [{}]}]}),
            ..Case::default()
        },
        Case {
            name: "source-empty",
            input: json!({"rules": [{"from": [{"source": {}}]}]}),
            ..Case::default()
        },
        Case {
            name: "to-empty",
            input: json!({"rules": [{"to": []}]}),
            ..Case::default()
        },
        Case {
            name: "operation-nil",
            input: json!({"rules": [{"to": [{}]}]}),
            ..Case::default()
        },
        Case {
            name: "operation-empty",
            input: json!({"rules": [{"to": [{"operation": {}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Principals-empty",
            input: json!({"rules": [{"from": [{"source": {"principals": ["p1", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotPrincipals-empty",
            input: json!({"rules": [{"from": [{"source": {"notPrincipals": ["p1", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "RequestPrincipals-empty",
            input: json!({
                "rules": [{"from": [{"source": {"requestPrincipals": ["p1", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "NotRequestPrincipals-empty",
            input: json!({
                "rules": [{"from": [{"source": {"notRequestPrincipals": ["p1", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "Namespaces-empty",
            input: json!({"rules": [{"from": [{"source": {"namespaces": ["ns", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "ServiceAccounts-empty",
            input: json!({
                "rules": [{"from": [{"source": {"serviceAccounts": ["ns/sa", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "NotNamespaces-empty",
            input: json!({"rules": [{"from": [{"source": {"notNamespaces": ["ns", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "IpBlocks-empty",
            input: json!({"rules": [{"from": [{"source": {"ipBlocks": ["1.2.3.4", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotIpBlocks-empty",
            input: json!({
                "rules": [{"from": [{"source": {"notIpBlocks": ["1.2.3.4", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "RemoteIpBlocks-empty",
            input: json!({
                "rules": [{"from": [{"source": {"remoteIpBlocks": ["1.2.3.4", ""]}}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "NotRemoteIpBlocks-empty",
            input: json!({
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
            input: json!({"rules": [{"to": [{"operation": {"hosts": ["host", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotHosts-empty",
            input: json!({"rules": [{"to": [{"operation": {"notHosts": ["host", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Ports-empty",
            input: json!({"rules": [{"to": [{"operation": {"ports": ["80", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotPorts-empty",
            input: json!({"rules": [{"to": [{"operation": {"notPorts": ["80", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Methods-empty",
            input: json!({"rules": [{"to": [{"operation": {"methods": ["GET", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotMethods-empty",
            input: json!({"rules": [{"to": [{"operation": {"notMethods": ["GET", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "Paths-empty",
            input: json!({"rules": [{"to": [{"operation": {"paths": ["/path", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "NotPaths-empty",
            input: json!({"rules": [{"to": [{"operation": {"notPaths": ["/path", ""]}}]}]}),
            ..Case::default()
        },
        Case {
            name: "value-empty",
            input: json!({
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
            input: json!({
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
            input: json!({
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
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"values": ["v1", "v2"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-key-empty",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"values": ["v1", "v2"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-value-missing",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"key": "source.principal"}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-value-invalid",
            input: json!({
                "rules": [{"when": [{"key": "source.ip", "values": ["a.b.c.d"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-notValue-invalid",
            input: json!({
                "rules": [{"when": [{"key": "source.ip", "notValues": ["a.b.c.d"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "condition-unknown",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"when": [{"key": "key1", "values": ["v1"]}]}]
            }),
            ..Case::default()
        },
        Case {
            name: "L7DenyWithFrom",
            input: json!({
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
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "L7DenyWithTo",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "rules": [{"to": [{"operation": {"methods": ["GET", "DELETE"]}}]}],
                "action": "DENY"
            }),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "L7DenyWithFromAndTo",
            input: json!({
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
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "L7DenyWithFromAndToWithPort",
            input: json!({
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
    ]
}
