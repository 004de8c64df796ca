//! Hosts of a VirtualService bound to gateways, checked against the gateways' namespaces.

use super::*;

const GATEWAY_BOUND_DOMAIN: Check = |input, aux, report| {
    let sni = aux["sni"].as_bool().unwrap_or_default();
    report.check(vs::validate_gateway_bound_domain(
        sni,
        input.as_str().unwrap_or_default(),
    ));
    Ok(())
};

#[test]
fn vs_gateway_bound_domain() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!(""),
            aux: json!({"sni": false}),
            valid: false,
            error: "empty",
            ..Case::default()
        },
        Case {
            name: "too long",
            input: json!(
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            ),
            aux: json!({"sni": false}),
            valid: false,
            error: "too long",
            ..Case::default()
        },
        Case {
            name: "happy",
            input: json!("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
            aux: json!({"sni": false}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard",
            input: json!("*"),
            aux: json!({"sni": false}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard multi-segment",
            input: json!("*.bar.com"),
            aux: json!({"sni": false}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard single segment",
            input: json!("*foo"),
            aux: json!({"sni": false}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard prefix",
            input: json!("*foo.bar.com"),
            aux: json!({"sni": false}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard prefix dash",
            input: json!("*-foo.bar.com"),
            aux: json!({"sni": false}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad wildcard",
            input: json!("foo.*.com"),
            aux: json!({"sni": false}),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "bad wildcard #2",
            input: json!("foo*.bar.com"),
            aux: json!({"sni": false}),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "IP address",
            input: json!("1.1.1.1"),
            aux: json!({"sni": false}),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "SNI domain",
            input: json!("outbound_.80_._.e2e.foobar.mesh"),
            aux: json!({"sni": true}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "happy #2",
            input: json!("outbound.com"),
            aux: json!({"sni": true}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid SNI domain",
            input: json!("neverbound_.80_._.e2e.foobar.mesh"),
            aux: json!({"sni": true}),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "invalid SNI domain #2",
            input: json!("outbound_.thisIsNotAPort_._.e2e.foobar.mesh"),
            aux: json!({"sni": true}),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
        Case {
            name: "invalid SNI domain #3",
            input: json!("outbound_.80_._"),
            aux: json!({"sni": true}),
            valid: false,
            error: "invalid",
            ..Case::default()
        },
    ];
    Table::new("TestValidateWildcardDomainForVirtualServiceBoundToGateway")
        .ignoring_warnings()
        .run_check(&cases, GATEWAY_BOUND_DOMAIN);
}
