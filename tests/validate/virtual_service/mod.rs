//! Istio's validation tables for VirtualService as a whole (hosts, gateways, delegates, the
//! unreachable-rule warnings), ported from `pkg/config/validation/validation_test.go`,
//! `virtualservice_test.go` and `agent/validation_test.go`. Each table calls the needle
//! validator matching the Go function under test, with the Go struct literals in protobuf JSON
//! form. A case needle answers differently is listed, with the reason, in
//! `tests/known_failures.txt` (suite `validate`).

mod decoding;
mod gateway_bound;

use crate::common::validation::{Case, Check, Table, named, validate_with};
use needle::core::validate::Meta;
use needle::core::validate::virtual_service as vs;
use serde_json::json;

const VIRTUAL_SERVICE: Check = |input, _, report| vs::validate(&Meta::default(), input, report);

#[test]
fn virtual_service() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!({"hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "allow sni based domains",
            input: json!({"gateways": ["ns1/gateway"], "hosts": ["outbound_.15010_._.istiod.istio-system.svc.cluster.local"], "tls": [{"match": [{"sniHosts": ["outbound_.15010_._.istiod.istio-system.svc.cluster.local"]}], "route": [{"destination": {"host": "istio.istio-system.svc.cluster.local"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "duplicate hosts",
            input: json!({"hosts": ["*.foo.bar", "*.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "with no destination",
            input: json!({"hosts": ["*.foo.bar", "*.bar"], "http": [{"route": [{}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "destination with out hosts",
            input: json!({"hosts": ["*.foo.bar", "*.bar"], "http": [{"route": [{"destination": {}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate with no hosts",
            input: json!({"http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad host",
            input: json!({"hosts": ["foo.ba!r"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "no tcp or http routing",
            input: json!({"hosts": ["foo.bar"]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad gateway",
            input: json!({"gateways": ["b@dgateway"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "FQDN for gateway",
            input: json!({"gateways": ["gateway.example.com"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "namespace/name for gateway",
            input: json!({"gateways": ["ns1/gateway"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "namespace/* for gateway",
            input: json!({"gateways": ["ns1/*"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "*/name for gateway",
            input: json!({"gateways": ["*/gateway"], "hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "wildcard for mesh gateway",
            input: json!({"hosts": ["*"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "wildcard for non-mesh gateway",
            input: json!({"gateways": ["somegateway"], "hosts": ["*"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "missing tcp route",
            input: json!({"hosts": ["foo.bar"], "tcp": [{"match": [{"port": 999}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "missing tls route",
            input: json!({"hosts": ["foo.bar"], "tls": [{"match": [{"port": 999, "sniHosts": ["foo.bar"]}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "deprecated mirror",
            input: json!({"gateways": ["ns1/gateway"], "hosts": ["foo.bar"], "http": [{"mirrorPercent": 5, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "set authority",
            input: json!({"hosts": ["foo.bar"], "http": [{"headers": {"request": {"set": {":authority": "foo"}}}, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "set authority in destination",
            input: json!({"hosts": ["foo.bar"], "http": [{"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"set": {":authority": "foo"}}}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "set authority in rewrite and header",
            input: json!({"hosts": ["foo.bar"], "http": [{"headers": {"request": {"set": {":authority": "foo"}}}, "rewrite": {"authority": "bar"}, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "non-method-get",
            input: json!({"hosts": ["foo.bar"], "http": [{"match": [{"uri": {"prefix": "/api/v1/product"}}, {"method": {"exact": "GET"}, "uri": {"prefix": "/api/v1/products"}}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "uri-with-prefix-exact",
            input: json!({"hosts": ["foo.bar"], "http": [{"match": [{"uri": {"prefix": "/"}}, {"method": {"exact": "GET"}, "uri": {"exact": "/"}}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "jwt claim route without gateway",
            input: json!({"gateways": ["mesh"], "hosts": ["foo.bar"], "http": [{"match": [{"headers": {"@request.auth.claims.foo": {"exact": "bar"}}, "uri": {"prefix": "/"}}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "ip address as sni host",
            input: json!({"hosts": ["foo.bar"], "tls": [{"match": [{"port": 999, "sniHosts": ["1.1.1.1"]}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "invalid wildcard as sni host",
            input: json!({"hosts": ["foo.bar"], "tls": [{"match": [{"port": 999, "sniHosts": ["foo.*.com"]}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateVirtualService").run_check(&cases, VIRTUAL_SERVICE);
}

#[test]
fn vs_chaining() {
    let cases = vec![
        Case {
            name: "root simple",
            input: json!({"gateways": ["test-gateway"], "hosts": ["foo.bar"], "http": [{"delegate": {"name": "test", "namespace": "test"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "root applies to sidecar with delegate",
            input: json!({"hosts": ["foo.bar"], "http": [{"delegate": {"name": "test", "namespace": "test"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "root with delegate and destination in one route",
            input: json!({"hosts": ["foo.bar"], "http": [{"delegate": {"name": "test", "namespace": "test"}, "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate with no destination",
            input: json!({"http": [{}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate with delegate",
            input: json!({"http": [{"delegate": {"name": "test", "namespace": "test"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate with TCP route",
            input: json!({"tcp": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate with gateway",
            input: json!({"gateways": ["test"], "http": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate with sourceNamespace",
            input: json!({"http": [{"match": [{"sourceNamespace": "test"}], "route": [{"destination": {"host": "foo.baz"}}]}]}),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateChainingVirtualService")
        .ignoring_warnings()
        .run_check(&cases, VIRTUAL_SERVICE);
}

#[test]
fn virtual_service_messages() {
    let m = Meta::default();
    let r = validate_with(
        vs::validate,
        &m,
        json!({"hosts": ["*"], "http": [{"route": [{"destination": {"host": "*"}}], "retries": {"attempts": 0, "retryOn": "5xx,bogus"}}]}),
    )
    .unwrap();
    assert_eq!(
        r.errors,
        vec![
            "wildcard host * is not allowed for virtual services bound to the mesh gateway",
            "http retry policy configured when attempts are set to 0 (disabled)",
            "\"bogus\" is not a valid retryOn policy",
            "invalid destination host *",
        ]
    );
    let r = validate_with(
        vs::validate,
        &m,
        json!({"hosts": ["foo.bar", "*.bar"], "tcp": [{"route": [{"destination": {"host": "foo.baz"}}]}]}),
    )
    .unwrap();
    assert_eq!(
        r.errors,
        vec!["duplicate hosts in virtual service: foo.bar & *.bar"]
    );
}

#[test]
fn unreachable_rule_warnings() {
    let dest = json!([{"destination": {"host": "foo.baz"}}]);
    let spec = json!({"hosts": ["foo.bar"], "http": [
        {"name": "debug", "match": [{"uri": {"prefix": "/debug"}}], "route": dest},
        {"match": [{"name": "again", "uri": {"prefix": "/debug"}}, {"uri": {"prefix": "/debugs"}}], "route": dest},
        {"route": dest},
        {"route": dest},
    ]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    assert_eq!(
        r.warnings,
        vec![
            "virtualService rule #1 match \"again\" is not used (duplicate/overlapping match in rule \"debug\")",
            "virtualService rule #3 not used (only the last rule can have no matches)",
            "virtualService rule #1 match #1 of prefix /debugs is not used (duplicate/overlapping match in rule #0 of prefix /debug on \"debug\")",
        ]
    );
}

/// Nested prefixes: every earlier shorter prefix covers every later longer one, reported with
/// the earlier match first, as Istio's analyzer loops; a match with the keys of an earlier one
/// in another order is the same match.
#[test]
fn overlapping_prefixes_are_reported_in_istios_order() {
    let dest = json!([{"destination": {"host": "foo.baz"}}]);
    let spec = json!({"hosts": ["foo.bar"], "http": [
        {"name": "a", "match": [{"uri": {"prefix": "/a"}}], "route": dest},
        {"name": "ab", "match": [{"uri": {"prefix": "/ab"}}], "route": dest},
        {"name": "abc", "match": [{"uri": {"prefix": "/abc"}, "port": 80}], "route": dest},
        {"name": "abd", "match": [{"uri": {"prefix": "/abd"}}], "route": dest},
        {"name": "again", "match": [{"port": 80, "uri": {"prefix": "/abc"}}], "route": dest},
    ]});
    let r = validate_with(vs::validate, &Meta::default(), spec).unwrap();
    assert_eq!(
        r.warnings,
        vec![
            "virtualService rule \"again\" match #0 is not used (duplicate/overlapping match in rule \"abc\")",
            "virtualService rule \"again\" not used (all matches used by prior rules)",
            "virtualService rule \"ab\" match #0 of prefix /ab is not used (duplicate/overlapping match in rule #0 of prefix /a on \"a\")",
            "virtualService rule \"abd\" match #0 of prefix /abd is not used (duplicate/overlapping match in rule #0 of prefix /a on \"a\")",
            "virtualService rule \"abd\" match #0 of prefix /abd is not used (duplicate/overlapping match in rule #0 of prefix /ab on \"ab\")",
        ]
    );
}
