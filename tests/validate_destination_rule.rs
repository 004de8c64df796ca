//! Istio's validation tables for DestinationRule and the pieces it is made of (traffic
//! policies, connection pools, load balancing, outlier detection, client TLS, localities), and
//! for the helpers it shares with other kinds (wildcard domains, `exportTo`), ported from
//! `pkg/config/validation/validation_test.go`. Each table calls the needle validator matching
//! the Go function under test, with the Go struct literals in protobuf JSON form. A case needle
//! answers differently is listed, with the reason, in `tests/known_failures.txt` (suite
//! `validate`).

mod common;

use common::validation::{Case, Check, Table, decode_message, named, validate_with};
use needle::core::validate::common::{self as vc, Exporter};
use needle::core::validate::destination_rule::{
    self as dr, load_balancer as lb, traffic_policy as tp,
};
use serde_json::json;

const DESTINATION_RULE: Check =
    |input, _, report| dr::validate(&named("foo", "bar"), input, report);

const TRAFFIC_POLICY: Check = |input, _, report| {
    if let Some(t) = decode_message::<tp::TrafficPolicy>(input)? {
        tp::validate_traffic_policy(report, "", &t);
    }
    Ok(())
};

const CONNECTION_POOL: Check = |input, _, report| {
    tp::validate_connection_pool(
        report,
        decode_message::<tp::ConnectionPoolSettings>(input)?.as_ref(),
    );
    Ok(())
};

const LOAD_BALANCER: Check = |input, _, report| {
    lb::validate_load_balancer(
        report,
        decode_message::<lb::LoadBalancerSettings>(input)?.as_ref(),
        None,
    );
    Ok(())
};

const OUTLIER: Check = |input, _, report| {
    tp::validate_outlier_detection(
        report,
        decode_message::<tp::OutlierDetection>(input)?.as_ref(),
    );
    Ok(())
};

const CLIENT_TLS: Check = |input, _, report| {
    tp::validate_client_tls(
        report,
        "",
        decode_message::<tp::ClientTlsSettings>(input)?.as_ref(),
    );
    Ok(())
};

const LOCALITY_LB: Check = |input, aux, report| {
    let outlier = decode_message::<tp::OutlierDetection>(&aux["outlier"])?;
    if let Some(l) = decode_message::<lb::LocalityLbSetting>(input)? {
        lb::validate_locality_lb_setting(report, &l, outlier.as_ref());
    }
    Ok(())
};

const ZONE_AWARE_LB: Check = |input, aux, report| {
    let outlier = decode_message::<tp::OutlierDetection>(&aux["outlier"])?;
    if let Some(z) = decode_message::<lb::ZoneAwareLbSetting>(input)? {
        lb::validate_zone_aware_lb_setting(report, &z, outlier.as_ref());
    }
    Ok(())
};

const LOCALITIES: Check = |input, _, report| {
    let list = decode_message::<Vec<String>>(input)?.unwrap_or_default();
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    report.check(lb::validate_localities(&refs));
    Ok(())
};

const WILDCARD_DOMAIN: Check = |input, _, report| {
    report.check(vc::validate_wildcard_domain(
        input.as_str().unwrap_or_default(),
    ));
    Ok(())
};

const EXPORT_TO: Check = |input, aux, report| {
    let list = decode_message::<Vec<String>>(input)?.unwrap_or_default();
    let namespace = aux["namespace"].as_str().unwrap_or_default();
    let flag = |name: &str| aux[name].as_bool().unwrap_or_default();
    let exporter = if flag("isServiceEntry") {
        Exporter::ServiceEntry
    } else if flag("isDestinationRuleWithSelector") {
        Exporter::DestinationRuleWithSelector
    } else {
        Exporter::Other
    };
    vc::validate_export_to(namespace, &list, exporter, report);
    Ok(())
};

#[test]
fn destination_rule() {
    let cases = vec![
        Case {
            name: "simple destination rule",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple destination rule with empty selector labels",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}], "workloadSelector": {}}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "missing destination name",
            input: json!({"subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "missing subset name",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "duplicate subset names",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "foo"}, {"labels": {"version": "v2"}, "name": "foo"}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid traffic policy, top level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}], "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, top level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1"}, {"labels": {"version": "v2"}, "name": "v2"}], "trafficPolicy": {"connectionPool": {}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid traffic policy, subset level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1", "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid traffic policy, subset level",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1", "trafficPolicy": {"connectionPool": {}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}, {"labels": {"version": "v2"}, "name": "v2"}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid traffic policy, both levels",
            input: json!({"host": "reviews", "subsets": [{"labels": {"version": "v1"}, "name": "v1", "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 30}}}, {"labels": {"version": "v2"}, "name": "v2"}], "trafficPolicy": {"connectionPool": {"http": {"http2MaxRequests": 11}, "tcp": {"maxConnections": 7}}, "loadBalancer": {"simple": "ROUND_ROBIN"}, "outlierDetection": {"minHealthPercent": 20}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode simple, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode simple, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode simple, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "insecureSkipVerify": false, "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode simple, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": false, "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode simple, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": true, "mode": "SIMPLE"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode simple, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "insecureSkipVerify": true, "mode": "SIMPLE"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode simple, and the san is specified",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"insecureSkipVerify": true, "mode": "SIMPLE", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode mutual, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "clientCertificate": "cert", "mode": "MUTUAL", "privateKey": "key", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is not specified with tls mode mutual, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "mode": "MUTUAL", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode mutual, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "clientCertificate": "cert", "insecureSkipVerify": false, "mode": "MUTUAL", "privateKey": "key", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set false with tls mode mutual, and the ca cert is specified by CredentialName",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": false, "mode": "MUTUAL", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the ca cert is specified by CaCertificates",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"caCertificates": "test", "clientCertificate": "cert", "insecureSkipVerify": true, "mode": "MUTUAL", "privateKey": "key"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the ca cert is specified by CaCertificates #2",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"credentialName": "test", "insecureSkipVerify": true, "mode": "MUTUAL"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the ca cert is not specified",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"clientCertificate": "cert", "insecureSkipVerify": true, "mode": "MUTUAL", "privateKey": "key"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "InsecureSkipVerify is set true with tls mode mutual, and the san is specified",
            input: json!({"host": "reviews", "trafficPolicy": {"tls": {"clientCertificate": "cert", "insecureSkipVerify": true, "mode": "MUTUAL", "privateKey": "key", "subjectAltNames": ["reviews.default.svc"]}}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateDestinationRule").run_check(&cases, DESTINATION_RULE);
}

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
fn dr_load_balancer() {
    let cases = vec![
        Case {
            name: "valid load balancer with simple load balancing",
            input: json!({"simple": "ROUND_ROBIN"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid load balancer with consistentHash load balancing",
            input: json!({"consistentHash": {"httpCookie": {"name": "test", "ttl": "3600s"}, "minimumRingSize": "1024"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing, missing name",
            input: json!({"consistentHash": {"httpCookie": {"ttl": "3600s"}, "minimumRingSize": "1024"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing, maglev not prime",
            input: json!({"consistentHash": {"maglev": {"tableSize": "1000"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid load balancer with consistentHash load balancing and unique cookie attributes",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"name": "Secure", "value": "true"}, {"name": "HttpOnly", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing and duplicate cookie attribute names",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"name": "SameSite", "value": "Lax"}, {"name": "Secure", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid load balancer with consistentHash load balancing and empty cookie attribute name",
            input: json!({"consistentHash": {"httpCookie": {"attributes": [{"name": "SameSite", "value": "Strict"}, {"value": "some-value"}, {"name": "Secure", "value": "true"}], "name": "test-cookie", "ttl": "3600s"}}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid: localityLbSetting and zoneAwareLbSetting both set",
            input: json!({"localityLbSetting": {}, "zoneAwareLbSetting": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid: zoneAwareLbSetting only",
            input: json!({"zoneAwareLbSetting": {"failover": [{"from": "us-east", "to": "eu-west"}]}}),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateLoadBalancer")
        .ignoring_warnings()
        .run_check(&cases, LOAD_BALANCER);
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

#[test]
fn dr_locality_lb() {
    let cases = vec![
        Case {
            name: "valid mesh config without LocalityLoadBalancerSetting",
            input: json!(null),
            aux: json!({"outlier": null}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute total weight > 100",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 25}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute total weight < 100",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 15}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting_Distribute weight = 0",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 0, "a/b1": 100}}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting specify both distribute and failover",
            input: json!({"distribute": [{"from": "a/b/c", "to": {"a/b/c": 80, "a/b1": 20}}], "failover": [{"from": "region1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover src and dst have same region",
            input: json!({"failover": [{"from": "region1", "to": "region1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover src contain '*' wildcard",
            input: json!({"failover": [{"from": "*", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover dst contain '*' wildcard",
            input: json!({"failover": [{"from": "region1", "to": "*"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover src contain '/' separator",
            input: json!({"failover": [{"from": "region1/zone1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid failover dst contain '/' separator",
            input: json!({"failover": [{"from": "region1", "to": "region2/zone1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover priority provided without outlier detection policy",
            input: json!({"failoverPriority": ["topology.istio.io/network", "topology.kubernetes.io/region", "topology.kubernetes.io/zone", "topology.istio.io/subzone"]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "failover provided without outlier detection policy",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}, {"from": "us-west", "to": "eu-east"}]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "invalid LocalityLoadBalancerSetting specify both failoverPriority and region in failover",
            input: json!({"failover": [{"from": "region1", "to": "region2"}], "failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateLocalityLbSetting").run_check(&cases, LOCALITY_LB);
}

#[test]
fn dr_zone_aware_lb() {
    let cases = vec![
        Case {
            name: "nil setting is valid",
            input: json!(null),
            aux: json!({"outlier": null}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "enabled only is valid",
            input: json!({"enabled": true}),
            aux: json!({"outlier": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid region-level failover",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}]}),
            aux: json!({"outlier": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "failover same src and dst region",
            input: json!({"failover": [{"from": "region1", "to": "region1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover src has '/' (zone scope) is rejected",
            input: json!({"failover": [{"from": "region1/zone1", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover dst has '/' (zone scope) is rejected",
            input: json!({"failover": [{"from": "region1", "to": "region2/zone1"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover src has '*' wildcard is rejected",
            input: json!({"failover": [{"from": "*", "to": "region2"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover dst has '*' wildcard is rejected",
            input: json!({"failover": [{"from": "region1", "to": "*"}]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failover and failoverPriority both set with topology region",
            input: json!({"failover": [{"from": "region1", "to": "region2"}], "failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with region label is rejected",
            input: json!({"failoverPriority": ["topology.kubernetes.io/region"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with zone label is rejected",
            input: json!({"failoverPriority": ["topology.kubernetes.io/zone"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with subzone label is rejected",
            input: json!({"failoverPriority": ["topology.istio.io/subzone"]}),
            aux: json!({"outlier": {}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "failoverPriority with non-topology labels is valid",
            input: json!({"failoverPriority": ["version", "app=ratings"]}),
            aux: json!({"outlier": {}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "failover without outlier detection warns",
            input: json!({"failover": [{"from": "us-east", "to": "eu-west"}]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "failoverPriority without outlier detection warns",
            input: json!({"failoverPriority": ["version"]}),
            aux: json!({"outlier": null}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
    ];
    Table::new("TestValidateZoneAwareLbSetting").run_check(&cases, ZONE_AWARE_LB);
}

#[test]
fn dr_localities() {
    let cases = vec![
        Case {
            name: "multi wildcard locality",
            input: json!(["*/zone/*"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "wildcard not in suffix",
            input: json!(["*/zone"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "explicit wildcard region overlap",
            input: json!(["*", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "implicit wildcard region overlap",
            input: json!(["a", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "explicit wildcard zone overlap",
            input: json!(["a/*", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "implicit wildcard zone overlap",
            input: json!(["a/b", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "explicit wildcard subzone overlap",
            input: json!(["a/b/*", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "implicit wildcard subzone overlap",
            input: json!(["a/b", "a/b/c"]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid localities",
            input: json!(["a1/*", "a2/*", "a3/b3/c3", "a4/b4", "a5/b5/*"]),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateLocalities")
        .ignoring_warnings()
        .run_check(&cases, LOCALITIES);
}

#[test]
fn dr_wildcard_domain() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!(""),
            valid: false,
            error: "empty",
            ..Case::default()
        },
        Case {
            name: "too long",
            input: json!(
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            ),
            valid: false,
            error: "too long",
            ..Case::default()
        },
        Case {
            name: "happy",
            input: json!("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard",
            input: json!("*"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard multi-segment",
            input: json!("*.bar.com"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard single segment",
            input: json!("*foo"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard prefix",
            input: json!("*foo.bar.com"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard prefix dash",
            input: json!("*-foo.bar.com"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad wildcard",
            input: json!("foo.*.com"),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "bad wildcard #2",
            input: json!("foo*.bar.com"),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "IP address",
            input: json!("1.1.1.1"),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
    ];
    Table::new("TestValidateWildcardDomain")
        .ignoring_warnings()
        .run_check(&cases, WILDCARD_DOMAIN);
}

#[test]
fn export_to() {
    let cases = vec![
        Case {
            name: "empty exportTo is okay",
            input: json!(null),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "* is allowed",
            input: json!(["*"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: ". and ns1 are allowed",
            input: json!([".", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bunch of namespaces in exportTo is okay",
            input: json!(["ns1", "ns2", "ns5"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "~ not allowed for non service entry configs",
            input: json!(["~", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: ". and * together are not allowed",
            input: json!([".", "*"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "* and ns1 together are not allowed",
            input: json!(["*", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: ". and same namespace in exportTo is not okay",
            input: json!([".", "ns5"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "duplicate namespaces in exportTo is not okay",
            input: json!(["ns1", "ns2", "ns1"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid namespace names are not okay",
            input: json!(["ns1_"]),
            aux: json!({"isDestinationRuleWithSelector": false, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "destination rule with workloadselector cannot have exportTo (*)",
            input: json!(["*"]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "destination rule with workloadselector can have only exportTo (.)",
            input: json!(["."]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "destination rule with workloadselector cannot have another ns in exportTo (.)",
            input: json!(["somens"]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "destination rule with workloadselector cannot have another ns in addition to own ns in exportTo (.)",
            input: json!([".", "somens"]),
            aux: json!({"isDestinationRuleWithSelector": true, "isServiceEntry": false, "namespace": "ns5"}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("Test_validateExportTo")
        .ignoring_warnings()
        .run_check(&cases, EXPORT_TO);
}

#[test]
fn dry_run_annotation_is_rejected() {
    let mut m = named("foo", "bar");
    m.annotations
        .insert("istio.io/dry-run".into(), json!("true"));
    let r = validate_with(dr::validate, &m, json!({"host": "reviews"})).unwrap();
    assert_eq!(
        r.errors,
        vec!["bar/foo has unsupported annotation istio.io/dry-run, please remove the annotation"]
    );
}

#[test]
fn decoding_errors() {
    let m = named("foo", "bar");
    let bad_dr = [
        json!({"host": "a.b", "trafficPolicy": {"loadBalancer": {"simple": "FASTEST"}}}),
        json!({"host": "a.b", "trafficPolicy": {"loadBalancer": {"simple": "RANDOM", "consistentHash": {"useSourceIp": true}}}}),
        json!({"host": "a.b", "trafficPolicy": {"connectionPool": {"tcp": {"maxConnections": 1.5}}}}),
    ];
    for spec in bad_dr {
        assert!(
            validate_with(dr::validate, &m, spec.clone()).is_err(),
            "{spec}"
        );
    }
    // 64-bit integers may be JSON strings, as protobuf JSON writes them.
    let maglev = json!({"host": "a.b", "trafficPolicy": {"loadBalancer": {"consistentHash": {"useSourceIp": true, "maglev": {"tableSize": "65537"}}}}});
    let r = validate_with(dr::validate, &m, maglev).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
}

#[test]
fn messages_must_be_objects() {
    // serde would take the array as the struct's fields in order; protobuf JSON refuses it.
    let spec = json!({"host": "reviews", "subsets": [["v1"]]});
    assert!(validate_with(dr::validate, &named("foo", "bar"), spec).is_err());
}

#[test]
fn null_means_default() {
    let spec = json!({"host": "a.b", "trafficPolicy": {"tls": {"mode": null, "sni": null}, "loadBalancer": {"consistentHash": {"useSourceIp": true, "minimumRingSize": null}}}});
    let r = validate_with(dr::validate, &named("foo", "bar"), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    // As a list element or map value it is the element's empty value, judged by the rules
    // (istioctl validate answers the same for these).
    let spec = json!({"host": "a.b", "subsets": [{"name": "v1", "labels": {"version": null}}]});
    let r = validate_with(dr::validate, &named("foo", "bar"), spec).unwrap();
    assert!(r.errors.is_empty(), "an empty label value is valid: {r:?}");
}
