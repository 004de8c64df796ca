//! Istio's validation tests for RequestAuthentication (`pkg/config/validation/validation_test.go`, and
//! `pkg/config/security/security_test.go` for JWKS URIs)
//! as tables run against needle's validators.
//!
//! Specs are the protobuf JSON of the Go test literals. Tables whose Istio test checks only
//! validity and the presence of warnings do the same here; the others also check that the
//! error (or warning) text contains Istio's expected text. A case that fails because needle
//! differs from Istio is listed in `tests/known_failures.txt` (suite `validate`): a listed case
//! must fail, an unlisted case must pass. Cases of Istio's tables that pass a non-Istio message
//! ("invalid message") have no JSON form and are left out.

use crate::common::validation::{Case, Table};
use needle::core::validate::request_authentication;
use serde_json::{Value, json};

/// Istio's `TestValidateRequestAuthentication` (29 cases).
#[test]
fn validate_request_authentication() {
    let cases = vec![
        Case {
            name: "empty spec",
            input: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "another empty spec",
            input: json!({"selector": {}}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "empty spec with non default name",
            input: json!({}),
            valid: true,
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "dry run annotation not supported",
            input: json!({}),
            aux: json!({"name": "foo", "annotations": {"istio.io/dry-run": "true"}}),
            ..Case::default()
        },
        Case {
            name: "default name with non empty selector",
            input: json!({"selector": {"matchLabels": {"app": "httpbin"}}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty jwt rule",
            input: json!({"jwtRules": [{}]}),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "empty issuer and jwksUri",
            input: json!({"jwtRules": [{}]}),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "empty issuer and set jwksUri",
            input: json!({"jwtRules": [{"jwksUri": "https://foo.com/cert"}]}),
            valid: true,
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad JwksUri - no protocol",
            input: json!({"jwtRules": [{"issuer": "foo.com", "jwksUri": "foo.com"}]}),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad JwksUri - invalid port",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com:not-a-number"
                    }
                ]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "empty value",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin", "version": ""}},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            valid: true,
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad workload selector - empty key",
            input: json!({
                "selector": {"matchLabels": {"": "v1", "app": "httpbin"}},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "good targetRef",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            valid: true,
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - empty name",
            input: json!({
                "targetRef": {"group": "gateway.networking.k8s.io", "kind": "Gateway"},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - non-empty namespace",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo",
                    "namespace": "bar"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - wrong group",
            input: json!({
                "targetRef": {"group": "wrong-group", "kind": "Gateway", "name": "foo"},
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad targetRef - wrong kind",
            input: json!({
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "wrong-kind",
                    "name": "foo"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "targetRef and selector cannot both be set",
            input: json!({
                "selector": {"matchLabels": {"app": "httpbin"}},
                "targetRef": {
                    "group": "gateway.networking.k8s.io",
                    "kind": "Gateway",
                    "name": "foo"
                },
                "jwtRules": [{"issuer": "foo.com", "jwksUri": "https://foo.com/cert"}]
            }),
            aux: json!({"name": "foo"}),
            ..Case::default()
        },
        Case {
            name: "bad header location",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromHeaders": [{"prefix": "Bearer "}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "bad param location",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromParams": [""]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "good",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromHeaders": [{"name": "x-foo", "prefix": "Bearer "}]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad cookie location",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "fromCookies": ["", "foo"]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "jwks ok",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwks": "{ \"keys\":[ {\"e\":\"AQAB\",\"kid\":\"DHFbpoIUqrY8t2zpA2qXfCmr5VO5ZEr4RzHU_-envvQ\",\"kty\":\"RSA\",\"n\":\"xAE7eB6qugXyCAG3yhh7pkDkT65pHymX-P7KfIupjf59vsdo91bSP9C8H07pSAGQO1MV_xFj9VswgsCg4R6otmg5PV2He95lZdHtOcU5DXIg_pbhLdKXbi66GlVeK6ABZOUW3WYtnNHD-91gVuoeJT_DwtGGcp4ignkgXfkiEm4sw-4sfb4qdt5oLbyVpmW6x9cfa7vs2WTfURiCrBoUqgBo_-4WTiULmmHSGZHOjzwa8WtrtOQGsAFjIbno85jp6MnGGGZPYZbDAa_b3y5u-YpW7ypZrvD8BgtKVjgtQgZhLAGezMt0ua3DRrWnKqTZ0BJ_EyxOGuHJrLsn00fnMQ\"}]}",
                        "fromHeaders": [{"name": "x-foo", "prefix": "Bearer "}]
                    }
                ]
            }),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "jwks error",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwks": "foo",
                        "fromHeaders": [{"name": "x-foo", "prefix": "Bearer "}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "jwks with private RSA key warns",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwks": "{\"keys\":[{\"kty\":\"RSA\",\"e\":\"AQAB\",\"kid\":\"private\",\"n\":\"xAE7eB6qugXyCAG3yhh7pkDkT65pHymX-P7KfIupjf59vsdo91bSP9C8H07pSAGQO1MV_xFj9VswgsCg4R6otmg5PV2He95lZdHtOcU5DXIg_pbhLdKXbi66GlVeK6ABZOUW3WYtnNHD-91gVuoeJT_DwtGGcp4ignkgXfkiEm4sw-4sfb4qdt5oLbyVpmW6x9cfa7vs2WTfURiCrBoUqgBo_-4WTiULmmHSGZHOjzwa8WtrtOQGsAFjIbno85jp6MnGGGZPYZbDAa_b3y5u-YpW7ypZrvD8BgtKVjgtQgZhLAGezMt0ua3DRrWnKqTZ0BJ_EyxOGuHJrLsn00fnMQ\",\"d\":\"jJVKLOMXjlSnICzfP_eWshwR_DQp1U_GBLn-bL2qf90U5GMRDg5fT7Df3M2zL3DhMzdLDIeBmh-ujMTPjU0PWyVN5JX9LBhAOgsX3DKAdR2KMlEsBM4HE6VV1JhqQozqAcSPwhBHJM_pBM21S94EZf_RbA0PvyLcjeLP4WqAOY-J4OXVR3rzKwAH02NjLBR-Tnoiv-WlPZbE9SmYJL0G3xRFVELYwf4l7t-PSrZxk6V_xrTLpsScA-WICTaXmRGyDOSBuiBfHfDQyiTfQEUjcc6aQ7slLAwfmU2AeYJqHk1zwZpDJpgEf9G3eYi09Q2MLpzSjMxWVqV5L7TtcoGv5Q\"}]}"
                    }
                ]
            }),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "null outputClaimToHeader",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "null claim value in outputClaimToHeader ",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{"header": "x-jwt-claim"}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "null header value in outputClaimToHeader ",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{"claim": "sub"}]
                    }
                ]
            }),
            ..Case::default()
        },
        Case {
            name: "invalid header value in outputClaimToHeader ",
            input: json!({
                "jwtRules": [
                    {
                        "issuer": "foo.com",
                        "jwksUri": "https://foo.com",
                        "outputClaimToHeaders": [{"header": "abc%123", "claim": "sub"}]
                    }
                ]
            }),
            ..Case::default()
        },
    ];
    Table::new("TestValidateRequestAuthentication").run_spec(
        &cases,
        request_authentication::validate,
        ("default", "bar"),
    );
}

/// A RequestAuthentication with one JWT rule using `uri` as its JWKS URI.
fn jwks_uri_spec(uri: &str) -> Value {
    json!({"jwtRules": [{"issuer": "foo.com", "jwksUri": uri}]})
}

/// Istio's `TestParseJwksURI` (7 cases), as RequestAuthentication JWKS URIs.
#[test]
fn parse_jwks_uri() {
    let cases = [
        ("foo.bar.com", false),
        ("tcp://foo.bar.com:abc", false),
        ("http://foo.bar.com:abc", false),
        ("http://foo.bar.com", true),
        ("https://foo.bar.com", true),
        ("http://foo.bar.com:1234", true),
        ("https://foo.bar.com:1234/secure/key", true),
    ]
    .into_iter()
    .map(|(uri, valid)| Case::new(uri, jwks_uri_spec(uri), valid))
    .collect::<Vec<_>>();
    Table::new("TestParseJwksURI").run_spec(
        &cases,
        request_authentication::validate,
        ("default", "bar"),
    );
}

/// JWKS URIs as Istio's `ParseJwksURI` (Go's `url.Parse`) accepts or rejects them.
#[test]
fn jwks_uri_go_parity() {
    let cases = [
        ("http://[::1]:80/x", true),
        ("http://a b/c", false),
        ("http://x/%zz", false),
        ("/abs/path", false),
        ("file:///opt/x.wasm", false),
        ("http://a:1:2/", false),
        ("http://[1.2.3.4]/", false),
        ("http://x/#frag%zz", false),
        ("http://user:p@ss@host/", true),
        ("http://ho%41st/", false),
        ("http://x?a#b", true),
        ("HTTPS://x", true),
        ("1http://x", false),
        ("http://x\u{1}", false),
    ]
    .into_iter()
    .map(|(uri, valid)| Case::new(uri, jwks_uri_spec(uri), valid))
    .collect::<Vec<_>>();
    Table::new("needle/jwks_uri_go_parity").run_spec(
        &cases,
        request_authentication::validate,
        ("default", "bar"),
    );
}

/// Inline JWKS as lestrrat-go/jwx v1 parses them; private and symmetric keys warn.
#[test]
fn inline_jwks() {
    let cases = [
        (r#"{"keys":[]}"#, true, false),
        ("[]", false, false),
        (r#"{"kty":"oct","k":"c2VjcmV0"}"#, true, true),
        (
            r#"{"keys":[{"kty":"EC","crv":"P-256","x":"AQ","y":"AQ","d":"AQ"}]}"#,
            true,
            true,
        ),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB"}]}"#, false, false),
        (r#"{"keys":[{"kty":"foo"}]}"#, false, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"!!!"}]}"#, false, false),
        (
            r#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}"#,
            true,
            false,
        ),
        (r#"{"keys":[{"kty":"EC","crv":"P-256","x":"AQ","y":"AQ"}]}"#, true, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB","d":"AQ"}]}"#, true, true),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB","d":null}]}"#, true, true),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB","kid":5}]}"#, false, false),
        (r#"{"keys":{}}"#, false, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQAB","n":"AQAB"}],"extra":1}"#, true, false),
        (r#"{"keys":[{"e":"AQAB","n":"AQAB"}]}"#, false, false),
        (r#"{"keys":[{"kty":"oct"}]}"#, false, false),
        (r#"{"keys":[{"kty":"RSA","e":"AQ==","n":"AQAB"}]}"#, true, false),
        (
            r#"{"keys":[{"kty":"OKP","crv":"X25519","x":"AQ","d":"AQ"}]}"#,
            true,
            true,
        ),
    ]
    .into_iter()
    .map(|(jwks, valid, warning)| Case {
        name: jwks,
        input: json!({"jwtRules": [{"issuer": "foo.com", "jwks": jwks}]}),
        valid,
        warning: warning.then_some(""),
        ..Case::default()
    })
    .collect::<Vec<_>>();
    Table::new("needle/inline_jwks").run_spec(
        &cases,
        request_authentication::validate,
        ("default", "bar"),
    );
}
