//! Istio's validation tables for what a VirtualService HTTP route does besides routing: CORS,
//! fault injection, retries, rewrites, redirects and direct responses, ported from
//! `pkg/config/validation/validation_test.go`. Each table calls the needle validator matching
//! the Go function under test, with the Go struct literals in protobuf JSON form. A case
//! needle answers differently is listed, with the reason, in `tests/known_failures.txt`
//! (suite `validate`).

mod faults;
mod rewrites;

use crate::common::validation::{Case, Check, Table, decode_message};
use base64::Engine;
use needle::core::validate::virtual_service::http_policies as hp;
use serde_json::json;

const CORS: Check = |input, _, report| {
    if let Some(c) = decode_message::<hp::CorsPolicy>(input)? {
        hp::validate_cors(report, &c);
    }
    Ok(())
};

const RETRY: Check = |input, _, report| {
    if let Some(r) = decode_message::<hp::Retry>(input)? {
        hp::validate_retry(report, &r);
    }
    Ok(())
};

#[test]
fn vs_cors_policy() {
    let cases = vec![
        Case {
            name: "valid",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "bad method",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "PUTT"], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad header",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "exposeHeaders": [""], "maxAge": "2s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad max age",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "exposeHeaders": ["header3"], "maxAge": "2.000000042s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty matchType AllowOrigins",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "allowOrigins": [{"exact": ""}, {"prefix": ""}, {"regex": ""}], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "non empty matchType AllowOrigins",
            input: json!({"allowHeaders": ["header1", "header2"], "allowMethods": ["GET", "POST"], "allowOrigins": [{"exact": "exact"}, {"prefix": "prefix"}, {"regex": "regex"}], "exposeHeaders": ["header3"], "maxAge": "2s"}),
            valid: true,
            ..Case::default()
        },
    ];
    Table::new("TestValidateCORSPolicy")
        .ignoring_warnings()
        .run_check(&cases, CORS);
}

#[test]
fn vs_http_retry() {
    let cases = vec![
        Case {
            name: "valid",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "5xx,gateway-error"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "disable retries",
            input: json!({}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid, retry policy configured but attempts set to zero",
            input: json!({"perTryTimeout": "2s", "retryOn": "5xx,gateway-error"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid default",
            input: json!({"attempts": 10}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid http status retryOn",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "503,connect-failure"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid attempts",
            input: json!({"attempts": -1, "perTryTimeout": "2s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid timeout",
            input: json!({"attempts": 10, "perTryTimeout": "2.000000001s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "timeout too small",
            input: json!({"attempts": 10, "perTryTimeout": "0.000000999s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid backoff",
            input: json!({"attempts": 10, "backoff": "0.000000999s"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid policy retryOn",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "5xx,invalid policy"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid http status retryOn",
            input: json!({"attempts": 10, "perTryTimeout": "2s", "retryOn": "600,connect-failure"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid, retryRemoteLocalities configured but attempts set to zero",
            input: json!({"retryRemoteLocalities": false}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPRetry")
        .ignoring_warnings()
        .run_check(&cases, RETRY);
}
