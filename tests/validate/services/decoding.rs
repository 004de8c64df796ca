//! Strict decoding and Istio's error texts.

use super::*;

#[test]
fn strict_decoding() {
    let undecodable: &[(&str, Validate, Value)] = &[
        (
            "unknown enum",
            service_entry::validate,
            json!({"hosts": ["a.com"], "resolution": "DNSX"}),
        ),
        (
            "wrong type",
            service_entry::validate,
            json!({"hosts": "a.com"}),
        ),
        (
            "negative port",
            workload_entry::validate,
            json!({"address": "1.2.3.4", "ports": {"http": -1}}),
        ),
        (
            "bad duration",
            sidecar::validate,
            json!({"inboundConnectionPool": {"tcp": {"connectTimeout": "1x"}}}),
        ),
        (
            "unknown capture mode",
            sidecar::validate,
            json!({"egress": [{"hosts": ["*/*"], "captureMode": "TPROXY"}]}),
        ),
        (
            "two probe methods",
            workload_group::validate,
            json!({"template": {}, "probe": {"exec": {"command": ["a"]}, "tcpSocket": {"port": 80}}}),
        ),
        (
            "two match object types",
            envoy_filter::validate,
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"cluster": {}, "listener": {}}, "patch": {"operation": "REMOVE"}}]}),
        ),
        (
            "patch value not an object",
            envoy_filter::validate,
            json!({"configPatches": [{"applyTo": "CLUSTER", "patch": {"operation": "ADD", "value": "x"}}]}),
        ),
        (
            "concurrency not a number",
            proxy_config::validate,
            json!({"concurrency": "two"}),
        ),
    ];
    for (name, validate, spec) in undecodable {
        let result = outcome(*validate, spec.clone());
        assert!(result.is_err(), "{name}: decoded {spec}");
    }
    // A misspelled field is ignored, as Istio's decoder retries allowing unknown fields.
    let result = outcome(
        service_entry::validate,
        json!({"foo": 1, "hosts": ["a.com"]}),
    );
    assert!(result.is_ok());
}

#[test]
fn istio_error_texts() {
    let cases: &[(Validate, Value, &str)] = &[
        (
            sidecar::validate,
            json!({"ingress": [{"port": {"number": 90, "protocol": "HTTP", "name": "http"}, "defaultEndpoint": "127.0.0.1"}]}),
            "address 127.0.0.1: missing port in address",
        ),
        (
            sidecar::validate,
            json!({"ingress": [{"port": {"number": 90, "protocol": "HTTP", "name": "http"}, "defaultEndpoint": "127.0.0.1"}]}),
            "sidecar: defaultEndpoint port () is not a number: strconv.Atoi: parsing \"\": invalid syntax",
        ),
        (
            sidecar::validate,
            json!({"ingress": [{"port": {"number": 90, "protocol": "HTTP", "name": "http"}, "defaultEndpoint": "1.1.1.1:90"}]}),
            "sidecar: defaultEndpoint must be of form 127.0.0.1:<port>,0.0.0.0:<port>,[::1]:port,[::]:port,unix://filepath or unset",
        ),
        (
            sidecar::validate,
            json!({"egress": [{"hosts": ["foo.bar.com"]}]}),
            "host must be of form namespace/dnsName",
        ),
        (
            sidecar::validate,
            json!({"egress": [{"hosts": ["ns1/foo"]}]}),
            "short names (non FQDN) are not allowed",
        ),
        (
            sidecar::validate,
            json!({"outboundTrafficPolicy": {"mode": 3}}),
            "sidecar: ALLOW_ANY_DYNAMIC_DNS mode is only supported in MeshConfig, not in Sidecar resource",
        ),
        (
            sidecar::validate,
            json!({"ingress": [{"port": {"number": 443, "protocol": "HTTPS", "name": "https"}, "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            "configuration is invalid: cannot set mode to ISTIO_MUTUAL in sidecar ingress tls",
        ),
        (
            service_entry::validate,
            json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http"}], "resolution": "DNS"}),
            "hosts must be FQDN or contain only prefix wildcards if no endpoints are provided for resolution mode DNS, domain name \"*.google.com\" invalid (label \"*\" invalid)",
        ),
        (
            service_entry::validate,
            json!({"hosts": ["a.com"], "ports": [{"number": 80, "protocol": "http", "name": "http"}, {"number": 80, "protocol": "http", "name": "http"}]}),
            "service entry port name \"http\" already defined",
        ),
        (
            workload_group::validate,
            json!({"template": {}, "metadata": {"labels": {".": "~"}}}),
            "invalid labels: 2 errors occurred:\n\t* invalid tag key: \".\"\n\t* invalid tag value: \"~\"\n\n",
        ),
        (
            workload_group::validate,
            json!({"template": {}, "probe": {"httpGet": {"port": 80, "scheme": "ftp"}}}),
            "httpGet.scheme must be one of \"HTTPS\", \"HTTP\"",
        ),
        (
            workload_entry::validate,
            json!({"address": "unix:///a/b", "ports": {"http": 80}}),
            "unix endpoint unix:///a/b must not include ports",
        ),
        (
            envoy_filter::validate,
            json!({"workloadSelector": {"labels": {"app": "*"}}}),
            "wildcard is not supported in selector: \"app=*\"",
        ),
    ];
    for (validate, spec, want) in cases {
        let report = outcome(*validate, spec.clone()).unwrap();
        assert!(
            report.errors.iter().any(|e| e == want),
            "{spec}: wanted {want:?} in {:?}",
            report.errors
        );
    }
}
