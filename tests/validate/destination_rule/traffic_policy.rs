//! A DestinationRule's traffic policy: connection pool, outlier detection, client TLS.

use super::*;

#[test]
fn dr_traffic_policy() {
    let cases = vec![
        Case {
            name: "valid traffic policy",
            input: json!({"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, nil entries",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, missing port in port level settings",
            input: json!({"portLevelSettings": [{"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, bad connection pool",
            input: json!({"connectionPool": {}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, bad max connection duration",
            input: json!({"connectionPool": {"tcp": {"maxConnectionDuration": "0.000000500s"}}, "loadBalancer": {"simple": "ROUND_ROBIN"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, panic threshold too low",
            input: json!({"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, both upgrade and use client protocol set",
            input: json!({"connectionPool": {"http": {"h2UpgradePolicy": "UPGRADE", "useClientProtocol": true}}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateTrafficPolicy")
        .ignoring_warnings()
        .run_check(&cases, TRAFFIC_POLICY);
}

#[test]
fn dr_connection_pool() {
    let cases = vec![
        Case {
            name: "valid connection pool, tcp and http",
            input: json!({"http": {"http1MaxPendingRequests": 2, "http2MaxRequests": 11, "idleTimeout": "30s", "maxConcurrentStreams": 5, "maxRequestsPerConnection": 5, "maxRetries": 4}, "tcp": {"connectTimeout": "2s", "maxConnections": 7}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid connection pool, tcp only",
            input: json!({"tcp": {"connectTimeout": "2s", "maxConnections": 7}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid connection pool, http only",
            input: json!({"http": {"http1MaxPendingRequests": 2, "http2MaxRequests": 11, "idleTimeout": "30s", "maxConcurrentStreams": 5, "maxRequestsPerConnection": 5, "maxRetries": 4}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid connection pool, http only with empty idle timeout",
            input: json!({"http": {"http1MaxPendingRequests": 2, "http2MaxRequests": 11, "maxConcurrentStreams": 5, "maxRequestsPerConnection": 5, "maxRetries": 4}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid connection pool, http2 keepalive",
            input: json!({"http": {"http2KeepAlive": {"interval": "15s", "timeout": "5s"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, empty",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad max connections",
            input: json!({"tcp": {"maxConnections": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad connect timeout",
            input: json!({"tcp": {"connectTimeout": "2.000000005s"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad max pending requests",
            input: json!({"http": {"http1MaxPendingRequests": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad max requests",
            input: json!({"http": {"http2MaxRequests": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad max requests per connection",
            input: json!({"http": {"maxRequestsPerConnection": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad max retries",
            input: json!({"http": {"maxRetries": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad idle timeout",
            input: json!({"http": {"idleTimeout": "30.000000005s"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid connection pool, tcp timeout disabled",
            input: json!({"tcp": {"idleTimeout": "0s"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad max concurrent streams",
            input: json!({"http": {"maxConcurrentStreams": -1}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, http2 keepalive without interval",
            input: json!({"http": {"http2KeepAlive": {"timeout": "5s"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, http2 keepalive without timeout",
            input: json!({"http": {"http2KeepAlive": {"interval": "15s"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid connection pool, bad http2 keepalive interval",
            input: json!({"http": {"http2KeepAlive": {"interval": "15.000000005s", "timeout": "5s"}}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateConnectionPool")
        .ignoring_warnings()
        .run_check(&cases, CONNECTION_POOL);
}

#[test]
fn dr_outlier_detection() {
    let cases = vec![
        Case {
            name: "valid outlier detection",
            input: json!({"baseEjectionTime": "2s", "interval": "2s", "maxEjectionPercent": 50}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid outlier detection, bad interval",
            input: json!({"interval": "2.000000005s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid outlier detection, bad base ejection time",
            input: json!({"baseEjectionTime": "2.000000005s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid outlier detection, bad max ejection percent",
            input: json!({"maxEjectionPercent": 105}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid outlier detection, panic threshold too low",
            input: json!({"minHealthPercent": -1}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid outlier detection, panic threshold too high",
            input: json!({"minHealthPercent": 101}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "deprecated outlier detection, ConsecutiveErrors",
            input: json!({"consecutiveErrors": 101}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "consecutive local origin errors is set but split local origin errors is not set",
            input: json!({"consecutiveLocalOriginFailures": 10}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateOutlierDetection").run_check(&cases, OUTLIER);
}

#[test]
fn dr_client_tls() {
    let cases = vec![
        Case {
            name: "SIMPLE: Credential Name set correctly",
            input: json!({"credentialName": "some credential", "mode": "SIMPLE"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "SIMPLE CredentialName set with ClientCertificate specified",
            input: json!({"clientCertificate": "cert", "credentialName": "credential", "mode": "SIMPLE"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "SIMPLE: CredentialName set with PrivateKey specified",
            input: json!({"credentialName": "credential", "mode": "SIMPLE", "privateKey": "key"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "SIMPLE: CredentialName set with CACertficiates specified",
            input: json!({"caCertificates": "ca", "credentialName": "credential", "mode": "SIMPLE"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: Credential Name set correctly",
            input: json!({"credentialName": "some credential", "mode": "MUTUAL"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "MUTUAL CredentialName set with ClientCertificate specified",
            input: json!({"clientCertificate": "cert", "credentialName": "credential", "mode": "MUTUAL"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: CredentialName set with PrivateKey specified",
            input: json!({"credentialName": "credential", "mode": "MUTUAL", "privateKey": "key"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: CredentialName set with CACertficiates specified",
            input: json!({"caCertificates": "ca", "credentialName": "credential", "mode": "MUTUAL"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: CredentialName set with CACRL specified",
            input: json!({"caCrl": "ca", "credentialName": "credential", "mode": "MUTUAL"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: CredentialName not set with ClientCertificate and Key specified",
            input: json!({"clientCertificate": "cert", "mode": "MUTUAL", "privateKey": "key"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: CredentialName not set with ClientCertificate specified and Key missing",
            input: json!({"clientCertificate": "cert", "mode": "MUTUAL"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "MUTUAL: CredentialName not set with ClientCertificate missing and Key specified",
            input: json!({"mode": "MUTUAL", "privateKey": "key"}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateTLS")
        .ignoring_warnings()
        .run_check(&cases, CLIENT_TLS);
}
