//! Istio's validation tables for Gateway and the pieces it is made of (servers, their ports,
//! TLS options), ported from `pkg/config/validation/validation_test.go`. Each table calls the
//! needle validator matching the Go function under test, with the Go struct literals in
//! protobuf JSON form. A case needle answers differently is listed, with the reason, in
//! `tests/known_failures.txt` (suite `validate`).

mod servers;
mod tls;

use crate::common::validation::{Case, Check, Table, decode_message, named, validate_with};
use needle::core::validate::common as vc;
use needle::core::validate::gateway as gw;
use serde_json::json;

const GATEWAY: Check = |input, _, report| gw::validate(&named("foo", "bar"), input, report);

#[test]
fn gateway() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: false,
            error: "server",
            ..Case::default()
        },
        Case {
            name: "happy domain",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy multiple servers",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy k8s gateway-api server with no attached routes",
            input: json!({"servers": [{"hosts": ["~/foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]}),
            valid: false,
            error: "invalid namespace value",
            ..Case::default()
        },
        Case {
            name: "invalid port",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "name1", "number": 66000, "protocol": "http"}}]}),
            valid: false,
            error: "port",
            ..Case::default()
        },
        Case {
            name: "duplicate port names",
            input: json!({"servers": [{"hosts": ["foo.bar.com"], "port": {"name": "foo", "number": 80, "protocol": "http"}}, {"hosts": ["scooby.doo.com"], "port": {"name": "foo", "number": 8080, "protocol": "http"}}]}),
            valid: false,
            error: "port names",
            ..Case::default()
        },
        Case {
            name: "invalid domain",
            input: json!({"servers": [{"hosts": ["foo.*.bar.com"], "port": {"number": 7, "protocol": "http"}}]}),
            valid: false,
            error: "domain",
            ..Case::default()
        },
        Case {
            name: "valid httpsRedirect",
            input: json!({"servers": [{"hosts": ["bar.com"], "port": {"name": "http", "number": 80, "protocol": "http"}, "tls": {"httpsRedirect": true}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid https httpsRedirect",
            input: json!({"servers": [{"hosts": ["bar.com"], "port": {"name": "https", "number": 80, "protocol": "https"}, "tls": {"httpsRedirect": true}}]}),
            valid: true,
            warning: Some("tls.httpsRedirect should only be used with http servers"),
            ..Case::default()
        },
        Case {
            name: "invalid partial wildcard",
            input: json!({"servers": [{"hosts": ["*bar.com"], "port": {"name": "tls", "number": 443, "protocol": "tls"}, "tls": {"mode": "ISTIO_MUTUAL"}}]}),
            valid: false,
            error: "partial wildcard \"*bar.com\" not allowed",
            ..Case::default()
        },
    ];
    Table::new("TestValidateGateway").run_check(&cases, GATEWAY);
}

#[test]
fn k8s_gateway_semantics() {
    let mut m = named("foo.bar", "bar");
    m.annotations.insert(
        "internal.istio.io/gateway-semantics".into(),
        json!("gateway"),
    );
    let spec = json!({"servers": [{"hosts": ["~/foo.bar.com"], "port": {"name": "name1", "number": 7, "protocol": "http"}}]});
    let r = validate_with(gw::validate, &m, spec.clone()).unwrap();
    assert!(r.errors.is_empty() && r.warnings.is_empty(), "{r:?}");
    let r = validate_with(gw::validate, &named("foo.bar", "bar"), spec).unwrap();
    assert_eq!(
        r.errors,
        vec![
            "invalid gateway name: \"foo.bar\"".to_string(),
            "invalid namespace value \"~\" in gateway".to_string()
        ]
    );
}

#[test]
fn decoding_errors() {
    let bad_gw = json!({"servers": [{"hosts": ["*"], "port": {"number": 443, "name": "https", "protocol": "HTTPS"}, "tls": {"mode": "STRICT"}}]});
    assert!(validate_with(gw::validate, &named("foo", "bar"), bad_gw).is_err());
}
