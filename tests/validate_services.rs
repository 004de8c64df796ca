//! Istio's validation tables for ServiceEntry, Sidecar, WorkloadEntry, WorkloadGroup,
//! EnvoyFilter and ProxyConfig (pkg/config/validation/validation_test.go and
//! envoyfilter/envoyfilter_test.go), with each Go struct literal written as the JSON spec
//! Kubernetes would hand the webhook. Go `nil` list elements become JSON `null`, which Istio's
//! JSON reader (and needle) reads as an empty element, judged by the rules. A case needle
//! answers differently is listed, with the reason, in `tests/known_failures.txt`.
#![recursion_limit = "1024"]

mod common;

use common::validation::{Case, Outcome, Table, Validate, meta, named, validate_with};
use needle::core::validate::{
    Report, envoy_filter, proxy_config, service_entry, sidecar, workload_entry, workload_group,
};
use serde_json::{Value, json};

/// The warning every EnvoyFilter gets; Istio's table calls the validator behind it.
const ENVOY_FILTER_NOTICE: &str = "EnvoyFilter exposes internal implementation details";

/// A case of a table whose Go test checks validity and whether there are warnings.
fn case(name: &'static str, spec: Value, valid: bool, warning: bool) -> Case {
    Case {
        name,
        input: spec,
        valid,
        warning: warning.then_some(""),
        ..Case::default()
    }
}

/// A case of a table whose Go test checks texts: a substring of the errors and of the
/// warnings ("": none expected).
fn msg(name: &'static str, spec: Value, error: &'static str, warn: &'static str) -> Case {
    Case {
        name,
        input: spec,
        valid: error.is_empty(),
        error,
        warning: (!warn.is_empty()).then_some(warn),
        ..Case::default()
    }
}

/// Run a table on resources `bar/foo` (labelled as a case's `aux` says).
fn run(table: &str, validate: Validate, cases: Vec<Case>) {
    Table::new(table)
        // Only Go's nil list elements (JSON null) are meant to fail decoding.
        .decoding_only_where(|case| case.name.contains("nil"))
        .run(&cases, |case| {
            let mut outcome = Outcome::of(validate, &meta(&case.aux, "foo", "bar"), &case.input);
            if table == "envoy_filter" {
                outcome
                    .report
                    .warnings
                    .retain(|w| !w.starts_with(ENVOY_FILTER_NOTICE));
            }
            outcome
        });
}

/// Istio's TestValidateWorkloadEntry: 8 cases.
fn workload_entry_cases() -> Vec<Case> {
    vec![
        case("valid", json!({"address": "1.2.3.4"}), true, false),
        case("missing address", json!({}), false, false),
        case(
            "missing address with network",
            json!({"network": "network-2"}),
            true,
            true,
        ),
        case(
            "valid unix endpoint",
            json!({"address": "unix:///lon/google/com"}),
            true,
            false,
        ),
        case(
            "invalid unix endpoint",
            json!({"address": "unix:///lon/google/com", "ports": {"7777": 7777}}),
            false,
            false,
        ),
        case(
            "valid FQDN",
            json!({"address": "validdns.com", "ports": {"7777": 7777}}),
            true,
            false,
        ),
        case(
            "invalid FQDN",
            json!({"address": "invaliddns.com:9443", "ports": {"7777": 7777}}),
            false,
            false,
        ),
        case(
            "valid IP",
            json!({"address": "172.16.1.1", "ports": {"7777": 7777}}),
            true,
            false,
        ),
    ]
}

#[test]
fn workload_entry_table() {
    run(
        "workload_entry",
        workload_entry::validate,
        workload_entry_cases(),
    );
}

/// Istio's TestValidateWorkloadGroup: 10 cases.
fn workload_group_cases() -> Vec<Case> {
    vec![
        case("valid", json!({"template": {}}), true, false),
        case(
            "invalid",
            json!({"metadata": {"labels": {".": "~"}}, "template": {}}),
            false,
            false,
        ),
        case(
            "probe missing method",
            json!({"template": {}, "probe": {}}),
            false,
            false,
        ),
        case(
            "probe nil",
            json!({"template": {}, "probe": {"httpGet": {}}}),
            false,
            false,
        ),
        case(
            "probe http empty",
            json!({"template": {}, "probe": {"httpGet": {}}}),
            false,
            false,
        ),
        case(
            "probe http valid",
            json!({"template": {}, "probe": {"httpGet": {"port": 5}}}),
            true,
            false,
        ),
        case(
            "probe tcp invalid",
            json!({"template": {}, "probe": {"tcpSocket": {}}}),
            false,
            false,
        ),
        case(
            "probe tcp valid",
            json!({"template": {}, "probe": {"tcpSocket": {"port": 5}}}),
            true,
            false,
        ),
        case(
            "probe exec invalid",
            json!({"template": {}, "probe": {"exec": {}}}),
            false,
            false,
        ),
        case(
            "probe exec valid",
            json!({"template": {}, "probe": {"exec": {"command": ["foo", "bar"]}}}),
            true,
            false,
        ),
    ]
}

#[test]
fn workload_group_table() {
    run(
        "workload_group",
        workload_group::validate,
        workload_group_cases(),
    );
}

/// Istio's TestValidateServiceEntries: 62 cases.
fn service_entry_cases() -> Vec<Case> {
    vec![
        case("discovery type DNS", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS", "endpoints": [{"address": "lon.google.com", "ports": {"http-valid1": 8080}}, {"address": "in.google.com", "ports": {"http-valid2": 9080}}]}), true, false),
        case("discovery type DNS Round Robin", json!({"hosts": ["*.istio.io"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS_ROUND_ROBIN", "endpoints": [{"address": "api-v1.istio.io", "ports": {"http-valid1": 8080}}]}), true, false),
        case("discovery type DNS, label tlsMode: istio", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS", "endpoints": [{"address": "lon.google.com", "ports": {"http-valid1": 8080}, "labels": {"security.istio.io/tlsMode": "istio"}}, {"address": "in.google.com", "ports": {"http-valid2": 9080}, "labels": {"security.istio.io/tlsMode": "istio"}}]}), true, false),
        case("discovery type DNS, one host set with IP address and https port", json!({"hosts": ["httpbin.org"], "addresses": ["10.10.10.10"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}, {"number": 443, "protocol": "https", "name": "https"}], "resolution": "DNS"}), true, false),
        case("discovery type DNS, multi hosts set with IP address and https port", json!({"hosts": ["httpbin.org", "wikipedia.org"], "addresses": ["10.10.10.10"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}, {"number": 443, "protocol": "https", "name": "https"}], "resolution": "DNS"}), true, true),
        case("discovery type DNS, IP address set", json!({"hosts": ["*.google.com"], "addresses": ["10.10.10.10"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS", "endpoints": [{"address": "lon.google.com", "ports": {"http-valid1": 8080}}, {"address": "in.google.com", "ports": {"http-valid2": 9080}}]}), true, false),
        case("discovery type DNS, IP in endpoints", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS", "endpoints": [{"address": "1.1.1.1", "ports": {"http-valid1": 8080}}, {"address": "in.google.com", "ports": {"http-valid2": 9080}}]}), true, false),
        case("discovery type DYNAMIC_DNS", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DYNAMIC_DNS"}), true, false),
        case("empty hosts", json!({"ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS", "endpoints": [{"address": "in.google.com", "ports": {"http-valid2": 9080}}]}), false, false),
        case("bad hosts", json!({"hosts": ["-"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS", "endpoints": [{"address": "in.google.com", "ports": {"http-valid2": 9080}}]}), false, false),
        case("full wildcard host", json!({"hosts": ["foo.com", "*"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS", "endpoints": [{"address": "in.google.com", "ports": {"http-valid2": 9080}}]}), false, false),
        case("short name host", json!({"hosts": ["foo", "bar.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS", "endpoints": [{"address": "in.google.com", "ports": {"http-valid1": 9080}}]}), true, false),
        case("undefined endpoint port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 80, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS", "endpoints": [{"address": "lon.google.com", "ports": {"http-valid1": 8080}}, {"address": "in.google.com", "ports": {"http-dne": 9080}}]}), false, false),
        case("discovery type DNS, non-FQDN endpoint", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS", "endpoints": [{"address": "*.lon.google.com", "ports": {"http-valid1": 8080}}, {"address": "in.google.com", "ports": {"http-dne": 9080}}]}), false, false),
        case("discovery type DNS, non-FQDN host", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS"}), false, false),
        case("discovery type DNS, no endpoints", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DNS"}), true, false),
        case("discovery type DNS, unix endpoint", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS", "endpoints": [{"address": "unix:///lon/google/com"}]}), false, false),
        case("discovery type none", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}]}), true, false),
        case("discovery type none, endpoints provided", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "endpoints": [{"address": "lon.google.com", "ports": {"http-valid1": 8080}}]}), false, false),
        case("discovery type none, cidr addresses", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16/16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}]}), true, false),
        case("discovery type static, cidr addresses with endpoints", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16/16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "STATIC", "endpoints": [{"address": "1.1.1.1", "ports": {"http-valid1": 8080}}, {"address": "2.2.2.2", "ports": {"http-valid2": 9080}}]}), true, false),
        case("discovery type static", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "STATIC", "endpoints": [{"address": "1.1.1.1", "ports": {"http-valid1": 8080}}, {"address": "2.2.2.2", "ports": {"http-valid2": 9080}}]}), true, false),
        case("discovery type static, FQDN in endpoints", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "STATIC", "endpoints": [{"address": "google.com", "ports": {"http-valid1": 8080}}, {"address": "2.2.2.2", "ports": {"http-valid2": 9080}}]}), false, false),
        case("discovery type static, missing endpoints", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "STATIC"}), true, false),
        case("discovery type static, bad endpoint port name", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "STATIC", "endpoints": [{"address": "1.1.1.1", "ports": {"http-valid1": 8080}}, {"address": "2.2.2.2", "ports": {"http-dne": 9080}}]}), false, false),
        case("discovery type none, conflicting port names", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-conflict"}, {"number": 8080, "protocol": "http", "name": "http-conflict"}]}), false, false),
        case("discovery type none, conflicting port numbers", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-conflict1"}, {"number": 80, "protocol": "http", "name": "http-conflict2"}]}), false, false),
        case("unix socket", json!({"hosts": ["uds.cluster.local"], "ports": [{"number": 6553, "protocol": "grpc", "name": "grpc-service1"}], "resolution": "STATIC", "endpoints": [{"address": "unix:///path/to/socket"}]}), true, false),
        case("unix socket, relative path", json!({"hosts": ["uds.cluster.local"], "ports": [{"number": 6553, "protocol": "grpc", "name": "grpc-service1"}], "resolution": "STATIC", "endpoints": [{"address": "unix://./relative/path.sock"}]}), false, false),
        case("unix socket, endpoint ports", json!({"hosts": ["uds.cluster.local"], "ports": [{"number": 6553, "protocol": "grpc", "name": "grpc-service1"}], "resolution": "STATIC", "endpoints": [{"address": "unix:///path/to/socket", "ports": {"grpc-service1": 6553}}]}), false, false),
        case("unix socket, multiple service ports", json!({"hosts": ["uds.cluster.local"], "ports": [{"number": 6553, "protocol": "grpc", "name": "grpc-service1"}, {"number": 80, "protocol": "http", "name": "http-service2"}], "resolution": "STATIC", "endpoints": [{"address": "unix:///path/to/socket"}]}), false, false),
        case("empty protocol", json!({"hosts": ["google.com"], "addresses": ["172.1.2.16/16"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "name": "http-valid2"}]}), true, false),
        case("selector", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "workloadSelector": {"labels": {"foo": "bar"}}}), true, true),
        case("workload selector without labels", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "workloadSelector": {}}), true, true),
        case("selector and endpoints", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "endpoints": [{"address": "1.1.1.1"}], "workloadSelector": {"labels": {"foo": "bar"}}}), false, true),
        case("selector and resolution NONE", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "workloadSelector": {"labels": {"foo": "bar"}}}), true, true),
        case("selector and resolution DNS", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS", "workloadSelector": {"labels": {"foo": "bar"}}}), true, false),
        case("bad selector key", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "workloadSelector": {"labels": {"": "bar"}}}), false, false),
        case("repeat target port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1", "targetPort": 80}, {"number": 81, "protocol": "http", "name": "http-valid2", "targetPort": 80}], "resolution": "DNS"}), true, false),
        case("valid target port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1", "targetPort": 81}], "resolution": "DNS"}), true, false),
        case("invalid target port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1", "targetPort": 65536}], "resolution": "DNS"}), false, false),
        case("warn target port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1", "targetPort": 1234}], "workloadSelector": {"labels": {"key": "bar"}}}), true, true),
        case("valid endpoint port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1", "targetPort": 81}], "resolution": "STATIC", "endpoints": [{"address": "1.1.1.1", "ports": {"http-valid1": 8081}}]}), true, false),
        case("invalid endpoint port", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1", "targetPort": 81}], "resolution": "STATIC", "endpoints": [{"address": "1.1.1.1", "ports": {"http-valid1": 65536}}]}), false, false),
        case("protocol unset for addresses empty", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "name": "http-valid2"}]}), true, true),
        case("protocol is TCP for addresses empty", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 81, "protocol": "TCP", "name": "tcp-valid1"}]}), true, true),
        case("dns round robin with more than one endpoint", json!({"hosts": ["google.com"], "ports": [{"number": 8081, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS_ROUND_ROBIN", "endpoints": [{"address": "api-v1.istio.io", "ports": {"http-valid1": 8081}}, {"address": "1.1.1.2", "ports": {"http-valid1": 8081}}]}), false, false),
        case("dns round robin with 0 endpoints", json!({"hosts": ["google.com"], "ports": [{"number": 8081, "protocol": "http", "name": "http-valid1"}], "resolution": "DNS_ROUND_ROBIN"}), true, false),
        case("partial wildcard hosts", json!({"hosts": ["*.nytimes.com", "*washingtonpost.com"], "ports": [{"number": 443, "protocol": "HTTPS", "name": "https-nytimes"}]}), true, true),
        case("network set with no address on endpoint", json!({"hosts": ["www.example.com"], "ports": [{"number": 443, "protocol": "HTTPS", "name": "https-example"}], "resolution": "STATIC", "endpoints": [{"network": "cluster-1"}]}), true, true),
        case("discovery type DYNAMIC_DNS, unsupported TCP protocol", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 81, "protocol": "TCP", "name": "tcp-valid1"}], "resolution": "DYNAMIC_DNS"}), false, false),
        case("discovery type DYNAMIC_DNS, GRPC protocol", json!({"hosts": ["*.svc.cluster.local"], "ports": [{"number": 9090, "protocol": "GRPC", "name": "grpc"}], "resolution": "DYNAMIC_DNS"}), true, false),
        case("discovery type DYNAMIC_DNS, FQDN host", json!({"hosts": ["google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid"}], "resolution": "DYNAMIC_DNS"}), false, false),
        case("discovery type DYNAMIC_DNS, endpoints set", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DYNAMIC_DNS", "endpoints": [{"address": "in.google.com", "ports": {"http-valid1": 9080}}]}), false, false),
        case("discovery type DYNAMIC_DNS, IP address set", json!({"hosts": ["*.google.com"], "addresses": ["10.10.10.10"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}, {"number": 8080, "protocol": "http", "name": "http-valid2"}], "resolution": "DYNAMIC_DNS"}), false, false),
        case("discovery type DYNAMIC_DNS, empty hosts", json!({"ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DYNAMIC_DNS"}), false, false),
        case("discovery type DYNAMIC_DNS, multiple wildcarded hosts", json!({"hosts": ["*.google.com", "*.amazon.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "resolution": "DYNAMIC_DNS"}), true, false),
        case("discovery type DYNAMIC_DNS, internal mesh location", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "location": "MESH_INTERNAL", "resolution": "DYNAMIC_DNS"}), true, false),
        case("discovery type DYNAMIC_DNS, MESH_INTERNAL with waypoint (invalid)", json!({"hosts": ["*.google.com"], "ports": [{"number": 80, "protocol": "http", "name": "http-valid1"}], "location": "MESH_INTERNAL", "resolution": "DYNAMIC_DNS"}), false, false).with_aux(json!({"labels": {"istio.io/use-waypoint": "my-waypoint"}})),
        case("discovery type DYNAMIC_DNS, nil port", json!({"hosts": ["*.google.com"], "ports": [null], "resolution": "DYNAMIC_DNS"}), false, false),
        case("nil port in ports array", json!({"hosts": ["google.com"], "ports": [null]}), false, false),
        case("discovery type DNS with addresses, nil port", json!({"hosts": ["google.com"], "addresses": ["1.2.3.4"], "ports": [null], "resolution": "DNS"}), false, false),
    ]
}

#[test]
fn service_entry_table() {
    run(
        "service_entry",
        service_entry::validate,
        service_entry_cases(),
    );
}

/// Istio's TestValidateSidecar: 74 cases.
fn sidecar_cases() -> Vec<Case> {
    vec![
        case("empty ingress and egress", json!({}), false, false),
        case(
            "default",
            json!({"egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "workload selector without labels",
            json!({"workloadSelector": {}, "egress": [{"hosts": ["*/*"]}]}),
            true,
            true,
        ),
        case(
            "import local namespace with wildcard",
            json!({"egress": [{"hosts": ["./*"]}]}),
            true,
            false,
        ),
        case(
            "import local namespace with fqdn",
            json!({"egress": [{"hosts": ["./foo.com"]}]}),
            true,
            false,
        ),
        case(
            "import nothing",
            json!({"egress": [{"hosts": ["~/*"]}]}),
            true,
            false,
        ),
        case(
            "import all except a namespace",
            json!({"egress": [{"hosts": ["*/*", "~ns1/*"]}]}),
            true,
            false,
        ),
        case(
            "import all except an exact host",
            json!({"egress": [{"hosts": ["*/*", "~/foo.com"]}]}),
            true,
            false,
        ),
        case(
            "exclude with invalid namespace",
            json!({"egress": [{"hosts": ["*/*", "~Invalid_NS/*"]}]}),
            false,
            false,
        ),
        case(
            "bad egress host 1",
            json!({"egress": [{"hosts": ["*"]}]}),
            false,
            false,
        ),
        case(
            "bad egress host 2",
            json!({"egress": [{"hosts": ["/"]}]}),
            false,
            false,
        ),
        case("empty egress host", json!({"egress": [{}]}), false, false),
        case(
            "multiple wildcard egress",
            json!({"egress": [{"hosts": ["*/foo.com"]}, {"hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "wildcard egress not in end",
            json!({"egress": [{"hosts": ["*/foo.com"]}, {"port": {"number": 8080, "protocol": "http", "name": "h8080"}, "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "invalid Port",
            json!({"egress": [{"port": {"number": 1000000, "protocol": "http1"}, "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "Port without name",
            json!({"egress": [{"port": {"number": 8080, "protocol": "http"}, "hosts": ["ns1/bar.com"]}]}),
            true,
            false,
        ),
        case(
            "UDS bind in outbound",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            true,
            false,
        ),
        case(
            "UDS bind in inbound",
            json!({"ingress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "defaultEndpoint": "127.0.0.1:9999"}]}),
            false,
            false,
        ),
        case(
            "UDS bind in outbound 2",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            true,
            false,
        ),
        case(
            "invalid bind",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "foobar:///@foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "invalid capture mode with uds bind",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "captureMode": "IPTABLES", "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "duplicate UDS bind",
            json!({"egress": [{"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "hosts": ["ns1/bar.com"]}, {"port": {"protocol": "http", "name": "uds"}, "bind": "unix:///@foo/bar/com", "hosts": ["ns1/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "duplicate ports",
            json!({"egress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "hosts": ["ns1/bar.com"]}, {"port": {"number": 90, "protocol": "tcp", "name": "tcp"}, "hosts": ["ns2/bar.com"]}]}),
            false,
            false,
        ),
        case(
            "ingress without port",
            json!({"ingress": [{"defaultEndpoint": "127.0.0.1:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress without port and with IPv6 endpoint",
            json!({"ingress": [{"defaultEndpoint": "[::1]:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with duplicate ports",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:110"}, {"port": {"number": 90, "protocol": "tcp", "name": "bar"}, "defaultEndpoint": "127.0.0.1:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with duplicate ports and IPv6 endpoint",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:110"}, {"port": {"number": 90, "protocol": "tcp", "name": "bar"}, "defaultEndpoint": "[::1]:110"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress without default endpoint",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "ingress with invalid default endpoint in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "1.1.1.1:90"}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[1:1:1:1:1:1:1:1]:90"}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint uds",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "unix:///"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint port in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:hi"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "ingress with invalid default endpoint port in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:hi"}], "egress": [{"hosts": ["*/*"]}]}),
            false,
            false,
        ),
        case(
            "valid ingress and egress in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "valid ingress and egress in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "valid ingress and empty egress in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999"}]}),
            true,
            false,
        ),
        case(
            "valid ingress and empty egress in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999"}]}),
            true,
            false,
        ),
        case("empty", json!({}), false, false),
        case(
            "just outbound traffic policy",
            json!({"outboundTrafficPolicy": {"mode": "ALLOW_ANY"}}),
            true,
            false,
        ),
        case(
            "empty protocol in IPv4",
            json!({"ingress": [{"port": {"number": 90, "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "empty protocol in IPv6",
            json!({"ingress": [{"port": {"number": 90, "name": "foo"}, "defaultEndpoint": "[::1]:9999"}], "egress": [{"hosts": ["*/*"]}]}),
            true,
            false,
        ),
        case(
            "ALLOW_ANY sidecar egress policy with no egress proxy ",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY"}}),
            true,
            false,
        ),
        case(
            "sidecar egress proxy with RESGISTRY_ONLY(default)",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"egressProxy": {"host": "foo.bar", "subset": "shiny", "port": {"number": 5000}}}}),
            false,
            false,
        ),
        case(
            "sidecar egress proxy with ALLOW_ANY",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY", "egressProxy": {"host": "foo.bar", "subset": "shiny", "port": {"number": 5000}}}}),
            true,
            false,
        ),
        case(
            "sidecar egress proxy with ALLOW_ANY, service hostname invalid fqdn",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY", "egressProxy": {"host": "foobar*123", "subset": "shiny", "port": {"number": 5000}}}}),
            false,
            false,
        ),
        case(
            "sidecar egress proxy(without Port) with ALLOW_ANY",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": "ALLOW_ANY", "egressProxy": {"host": "foo.bar", "subset": "shiny"}}}),
            false,
            false,
        ),
        case(
            "ALLOW_ANY_DYNAMIC_DNS rejected in sidecar",
            json!({"egress": [{"hosts": ["*/*"]}], "outboundTrafficPolicy": {"mode": 3}}),
            false,
            false,
        ),
        case(
            "sidecar egress only one wildcarded",
            json!({"egress": [{"hosts": ["*/*", "test/a.com"]}]}),
            true,
            true,
        ),
        case(
            "sidecar egress wildcarded ns",
            json!({"egress": [{"hosts": ["*/b.com", "test/a.com"]}]}),
            true,
            false,
        ),
        case(
            "sidecar egress duplicated with wildcarded same namespace",
            json!({"egress": [{"hosts": ["test/*", "test/a.com"]}]}),
            true,
            true,
        ),
        case(
            "invalid partial wildcard",
            json!({"egress": [{"hosts": ["test/*a.com"]}]}),
            false,
            false,
        ),
        case(
            "sidecar egress duplicated with wildcarded same namespace .",
            json!({"egress": [{"hosts": ["./*", "bar/a.com"]}]}),
            true,
            true,
        ),
        case(
            "ingress tls mode set to ISTIO_MUTUAL in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls mode set to ISTIO_MUTUAL in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls mode set to ISTIO_AUTO_PASSTHROUGH in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "AUTO_PASSTHROUGH"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls mode set to ISTIO_AUTO_PASSTHROUGH in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "AUTO_PASSTHROUGH"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls invalid protocol in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls invalid protocol in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls httpRedirect is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"httpsRedirect": true, "mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls httpRedirect is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"httpsRedirect": true, "mode": "SIMPLE"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls SAN entries are not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "subjectAltNames": ["httpbin.com"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls SAN entries are not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "subjectAltNames": ["httpbin.com"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialName is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "credentialName": "secret-name"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialName is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "credentialName": "secret-name"}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialNames is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "credentialNames": ["secret-name"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls credentialNames is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "credentialNames": ["secret-name"]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls tlsCertificates is not supported in IPv4",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "127.0.0.1:9999", "tls": {"mode": "SIMPLE", "tlsCertificates": [{"serverCertificate": "/etc/istio/ingress-certs/tls.crt", "privateKey": "/etc/istio/ingress-certs/tls.key"}, {"serverCertificate": "/etc/istio/ingress-certs/tls2.crt", "privateKey": "/etc/istio/ingress-certs/tls2.key"}]}}]}),
            false,
            false,
        ),
        case(
            "ingress tls tlsCertificates is not supported in IPv6",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "defaultEndpoint": "[::1]:9999", "tls": {"mode": "SIMPLE", "tlsCertificates": [{"serverCertificate": "/etc/istio/ingress-certs/tls.crt", "privateKey": "/etc/istio/ingress-certs/tls.key"}, {"serverCertificate": "/etc/istio/ingress-certs/tls2.crt", "privateKey": "/etc/istio/ingress-certs/tls2.key"}]}}]}),
            false,
            false,
        ),
        case(
            "valid inbound connection pool",
            json!({"inboundConnectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}),
            true,
            false,
        ),
        case(
            "valid port-level connection pool with top level default",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "connectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}], "inboundConnectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}),
            true,
            false,
        ),
        case(
            "valid port-level connection pool without a top level default",
            json!({"ingress": [{"port": {"number": 90, "protocol": "http", "name": "foo"}, "connectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}]}),
            true,
            false,
        ),
        case(
            "warn http connection settings on tcp port",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "connectionPool": {"http": {"http1MaxPendingRequests": 1024, "http2MaxRequests": 1024, "maxRequestsPerConnection": 1024, "maxRetries": 1024}}}]}),
            true,
            true,
        ),
        case(
            "invalid top level connection pool",
            json!({"inboundConnectionPool": {}}),
            false,
            false,
        ),
        case(
            "invalid port-level connection pool",
            json!({"ingress": [{"port": {"number": 90, "protocol": "tcp", "name": "foo"}, "connectionPool": {}}]}),
            false,
            false,
        ),
    ]
}

#[test]
fn sidecar_table() {
    run("sidecar", sidecar::validate, sidecar_cases());
}

/// Istio's TestValidateProxyConfig: 2 cases.
fn proxy_config_cases() -> Vec<Case> {
    vec![
        msg("empty", json!({}), "", ""),
        msg(
            "invalid concurrency",
            json!({"concurrency": -1}),
            "concurrency must be greater than or equal to 0",
            "",
        ),
    ]
}

#[test]
fn proxy_config_table() {
    run("proxy_config", proxy_config::validate, proxy_config_cases());
}

/// Istio's TestValidateEnvoyFilter (envoyfilter_test.go): 21 cases.
fn envoy_filter_cases() -> Vec<Case> {
    vec![
        msg("empty filters", json!({}), "", ""),
        msg(
            "labels not defined in workload selector",
            json!({"workloadSelector": {}}),
            "",
            "Envoy filter: workload selector specified without labels, will be applied to all services in namespace",
        ),
        msg(
            "invalid applyTo",
            json!({"configPatches": [{}]}),
            "Envoy filter: missing applyTo",
            "",
        ),
        msg(
            "nil patch",
            json!({"configPatches": [{"applyTo": "LISTENER"}]}),
            "Envoy filter: missing patch",
            "",
        ),
        msg(
            "invalid patch operation",
            json!({"configPatches": [{"applyTo": "LISTENER", "patch": {}}]}),
            "Envoy filter: missing patch operation",
            "",
        ),
        msg(
            "nil patch value",
            json!({"configPatches": [{"applyTo": "LISTENER", "patch": {"operation": "ADD"}}]}),
            "Envoy filter: missing patch value for non-remove operation",
            "",
        ),
        msg(
            "match with invalid regex",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"proxy": {"proxyVersion": "%#@~++==`24c234`"}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: invalid regex for proxy version, [error parsing regexp: invalid nested repetition operator: `++`]",
            "",
        ),
        msg(
            "match with valid regex",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"proxy": {"proxyVersion": "release-1\\.2-23434"}}, "patch": {"operation": "REMOVE"}}]}),
            "",
            "",
        ),
        msg(
            "match with proxy version regex too long",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"proxy": {"proxyVersion": "a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}"}}, "patch": {"operation": "REMOVE"}}]}),
            "",
            "Envoy filter: proxyVersion match exceeds 1024 characters and will be ignored",
        ),
        msg(
            "listener with invalid match",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"cluster": {}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: applyTo for listener class objects cannot have non listener match",
            "",
        ),
        msg(
            "listener with invalid filter match",
            json!({"configPatches": [{"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"sni": "124", "filter": {}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: filter match has no name to match on",
            "",
        ),
        msg(
            "listener with sub filter match and invalid applyTo",
            json!({"configPatches": [{"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "random", "subFilter": {}}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: subfilter match can be used with applyTo HTTP_FILTER only",
            "",
        ),
        msg(
            "listener with sub filter match and invalid filter name",
            json!({"configPatches": [{"applyTo": "HTTP_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "random", "subFilter": {}}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: subfilter match requires filter match with envoy.filters.network.http_connection_manager",
            "",
        ),
        msg(
            "listener with sub filter match and no sub filter name",
            json!({"configPatches": [{"applyTo": "HTTP_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "envoy.filters.network.http_connection_manager", "subFilter": {}}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: subfilter match has no name to match on",
            "",
        ),
        msg(
            "route configuration with invalid match",
            json!({"configPatches": [{"applyTo": "VIRTUAL_HOST", "match": {"cluster": {}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: applyTo for http route class objects cannot have non route configuration match",
            "",
        ),
        msg(
            "cluster with invalid match",
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"listener": {}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: applyTo for cluster class objects cannot have non cluster match",
            "",
        ),
        msg(
            "invalid patch value",
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"cluster": {}}, "patch": {"operation": "ADD", "value": {"name": false}}}]}),
            "Envoy filter: json: cannot unmarshal bool into Go value of type string",
            "",
        ),
        msg(
            "happy config",
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"cluster": {}}, "patch": {"operation": "ADD", "value": {"lb_policy": "RING_HASH"}}}, {"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"name": "envoy.tcp_proxy"}}}, "patch": {"operation": "INSERT_BEFORE", "value": {"typed_config": {"@type": "type.googleapis.com/envoy.extensions.filters.http.ext_authz.v3.ExtAuthz"}}}}, {"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"name": "envoy.tcp_proxy"}}}, "patch": {"operation": "INSERT_FIRST", "value": {"typed_config": {"@type": "type.googleapis.com/envoy.extensions.filters.http.ext_authz.v3.ExtAuthz"}}}}]}),
            "",
            "",
        ),
        msg(
            "deprecated config",
            json!({"configPatches": [{"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"name": "envoy.tcp_proxy"}}}, "patch": {"operation": "INSERT_FIRST", "value": {"typed_config": {"@type": "type.googleapis.com/envoy.config.filter.network.ext_authz.v2.ExtAuthz"}}}}]}),
            "referenced type unknown (hint: try using the v3 XDS API)",
            "",
        ),
        msg(
            "deprecated type",
            json!({"configPatches": [{"applyTo": "HTTP_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "envoy.http_connection_manager"}}}}, "patch": {"operation": "INSERT_FIRST", "value": {}}}]}),
            "",
            "using deprecated filter name",
        ),
        msg(
            "duration marshal",
            json!({"configPatches": [{"applyTo": "CLUSTER", "patch": {"operation": "ADD", "value": {"dns_refresh_rate": "500ms"}}}]}),
            "",
            "",
        ),
    ]
}

#[test]
fn envoy_filter_table() {
    run("envoy_filter", envoy_filter::validate, envoy_filter_cases());
}

/// Istio's Test_validateExportTo, the cases that apply to ServiceEntries (the helper's
/// DestinationRule-with-selector cases belong to DestinationRule), run through a ServiceEntry
/// in namespace `ns5`.
#[test]
fn export_to_table() {
    let cases: &[(&str, &[&str], bool)] = &[
        ("empty exportTo is okay", &[], true),
        ("* is allowed", &["*"], true),
        (". and ns1 are allowed", &[".", "ns1"], true),
        (
            "bunch of namespaces in exportTo is okay",
            &["ns1", "ns2", "ns5"],
            true,
        ),
        ("~ is allowed for service entry configs", &["~"], true),
        (". and * together are not allowed", &[".", "*"], false),
        ("* and ns1 together are not allowed", &["*", "ns1"], false),
        (
            ". and same namespace in exportTo is not okay",
            &[".", "ns5"],
            false,
        ),
        (
            "duplicate namespaces in exportTo is not okay",
            &["ns1", "ns2", "ns1"],
            false,
        ),
        (
            "duplicate none in service entry exportTo is not okay",
            &["~", "~", "ns1"],
            false,
        ),
        ("invalid namespace names are not okay", &["ns1_"], false),
        (
            "none and other namespaces cannot be combined in service entry exportTo",
            &["~", "ns1"],
            false,
        ),
    ];
    for (name, export_to, valid) in cases {
        let spec = json!({
            "hosts": ["foo.example.com"],
            "ports": [{"number": 80, "protocol": "http", "name": "http"}],
            "resolution": "DNS",
            "exportTo": export_to,
        });
        let report = validate_with(service_entry::validate, &named("foo", "ns5"), spec).unwrap();
        assert_eq!(
            report.errors.is_empty(),
            *valid,
            "{name}: {:?}",
            report.errors
        );
    }
}

/// A spec through its kind's validator as resource `bar/foo`.
fn outcome(validate: Validate, spec: Value) -> Result<Report, String> {
    validate_with(validate, &named("foo", "bar"), spec)
}

/// Go's wording for a proxyVersion that starts with a glob star, a common slip (istioctl
/// validate prints the same).
#[test]
fn proxy_version_regex_errors_read_as_go_writes_them() {
    let spec = json!({"configPatches": [{"applyTo": "LISTENER",
        "match": {"proxy": {"proxyVersion": "*.foo"}}, "patch": {"operation": "REMOVE"}}]});
    let report = outcome(envoy_filter::validate, spec).unwrap();
    assert_eq!(
        report.errors,
        [
            "Envoy filter: invalid regex for proxy version, [error parsing regexp: missing argument to repetition operator: `*`]"
        ]
    );
}

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

#[test]
fn envoy_filters_always_warn() {
    let report = outcome(envoy_filter::validate, json!({})).unwrap();
    assert!(report.errors.is_empty());
    assert!(report.warnings[0].starts_with(ENVOY_FILTER_NOTICE));
}
