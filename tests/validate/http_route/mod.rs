//! Istio's validation tables for VirtualService HTTP routes (root and delegate), their
//! destinations and header values, ported from `pkg/config/validation/validation_test.go` and
//! `virtualservice_test.go`. Each table calls the needle validator matching the Go function
//! under test, with the Go struct literals in protobuf JSON form (Go's nil map values written
//! as `null`). A case needle answers differently is listed, with the reason, in
//! `tests/known_failures.txt` (suite `validate`).

mod destinations;
mod root_and_delegate;
mod routes;

use crate::common::validation::{Case, Check, Table, decode_message};
use needle::core::validate::virtual_service::{self as vs, http_route as hr};
use serde_json::json;

const HTTP_ROUTE: Check = |input, _, report| {
    let route = decode_message::<hr::HttpRoute>(input)?.unwrap_or_default();
    hr::validate_http_route(report, &route, false, false);
    Ok(())
};

const HEADER_VALUE: Check = |input, _, report| {
    report.check(vs::http_headers::validate_header_value(
        input.as_str().unwrap_or_default(),
    ));
    Ok(())
};

#[test]
fn vs_header_value() {
    let cases = vec![
        Case {
            name: "foo",
            input: json!("foo"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "%HOSTNAME%",
            input: json!("%HOSTNAME%"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "100%%",
            input: json!("100%%"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "prefix %HOSTNAME% suffix",
            input: json!("prefix %HOSTNAME% suffix"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "%DOWNSTREAM_PEER_CERT_V_END(%b %d %H:%M:%S %Y %Z)%",
            input: json!("%DOWNSTREAM_PEER_CERT_V_END(%b %d %H:%M:%S %Y %Z)%"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "%DYNAMIC_METADATA(com.test.my_filter)%",
            input: json!("%DYNAMIC_METADATA(com.test.my_filter)%"),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "%START_TIME%%",
            input: json!("%START_TIME%%"),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "abc%123",
            input: json!("abc%123"),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPHeaderValue")
        .ignoring_warnings()
        .run_check(&cases, HEADER_VALUE);
}

#[test]
fn regexes_follow_re2() {
    let cases = [
        ("a{1001}", Some("invalid repeat count: `{1001}`")),
        ("a{2,1}", Some("invalid repeat count: `{2,1}`")),
        ("a++", Some("invalid nested repetition operator: `++`")),
        (
            "x{2}{3}",
            Some("invalid nested repetition operator: `{2}{3}`"),
        ),
        (
            "[[:foo:]]",
            Some("invalid character class range: `[:foo:]`"),
        ),
        ("(", Some("missing closing ): `(`")),
        ("*", Some("missing argument to repetition operator: `*`")),
        ("\\q", Some("invalid escape sequence: `\\q`")),
        ("\\Qa.b(\\E", None),
        ("a*?b+?", None),
        ("(?i)abc", None),
        ("[[:^alpha:]]x{2,1000}", None),
    ];
    for (re, want) in cases {
        let got = needle::core::validate::common::re2::validate_regex(re, "uri");
        match want {
            None => assert!(got.is_ok(), "{re}: {got:?}"),
            Some(text) => {
                let e = got.expect_err(re);
                assert!(
                    e.starts_with(&format!(
                        "\"uri\": error parsing regexp: {text}; Istio uses RE2"
                    )),
                    "{re}: {e}"
                );
            }
        }
    }
}
