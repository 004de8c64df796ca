//! ServiceEntry, WorkloadEntry, WorkloadGroup and exportTo.

use super::*;

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
