//! The resource as a whole: host, wildcard domains, exportTo, the dry-run annotation, decoding, nulls.

use super::*;

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
