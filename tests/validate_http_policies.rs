//! Istio's validation tables for what a VirtualService HTTP route does besides routing: CORS,
//! fault injection, retries, rewrites, redirects and direct responses, ported from
//! `pkg/config/validation/validation_test.go`. Each table calls the needle validator matching
//! the Go function under test, with the Go struct literals in protobuf JSON form. A case
//! needle answers differently is listed, with the reason, in `tests/known_failures.txt`
//! (suite `validate`).

mod common;

use base64::Engine;
use common::validation::{Case, Check, Table, decode_message};
use needle::core::validate::virtual_service::http_policies as hp;
use serde_json::json;

const CORS: Check = |input, _, report| {
    if let Some(c) = decode_message::<hp::CorsPolicy>(input)? {
        hp::validate_cors(report, &c);
    }
    Ok(())
};

const HTTP_STATUS: Check = |input, _, report| {
    report.check(hp::validate_http_status(input.as_i64().unwrap_or_default()));
    Ok(())
};

const ABORT: Check = |input, _, report| {
    if let Some(a) = decode_message::<hp::Abort>(input)? {
        hp::validate_abort(report, &a);
    }
    Ok(())
};

const DELAY: Check = |input, _, report| {
    if let Some(d) = decode_message::<hp::Delay>(input)? {
        hp::validate_delay(report, &d);
    }
    Ok(())
};

const RETRY: Check = |input, _, report| {
    if let Some(r) = decode_message::<hp::Retry>(input)? {
        hp::validate_retry(report, &r);
    }
    Ok(())
};

const REWRITE: Check = |input, _, report| {
    if let Some(r) = decode_message::<hp::Rewrite>(input)? {
        report.check(hp::validate_rewrite(&r));
    }
    Ok(())
};

const URI_REGEX_REWRITE: Check = |input, _, report| {
    if let Some(r) = decode_message::<hp::RegexRewrite>(input)? {
        report.check(hp::validate_uri_regex_rewrite(&r));
    }
    Ok(())
};

const REDIRECT: Check = |input, _, report| {
    if let Some(r) = decode_message::<hp::Redirect>(input)? {
        report.check(hp::validate_redirect(&r, &[]));
    }
    Ok(())
};

const DIRECT_RESPONSE: Check = |input, _, report| {
    if let Some(d) = decode_message::<hp::DirectResponse>(input)? {
        hp::validate_direct_response(report, &d);
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
fn vs_http_status() {
    let cases = vec![
        Case {
            name: "-100",
            input: json!(-100),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "0",
            input: json!(0),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "200",
            input: json!(200),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "600",
            input: json!(600),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "601",
            input: json!(601),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPStatus")
        .ignoring_warnings()
        .run_check(&cases, HTTP_STATUS);
}

#[test]
fn vs_fault_abort() {
    let cases = vec![
        Case {
            name: "nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid",
            input: json!({"httpStatus": 200, "percentage": {"value": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid default",
            input: json!({"httpStatus": 200}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid http status",
            input: json!({"httpStatus": 9000, "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid low http status",
            input: json!({"httpStatus": 100, "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid percentage",
            input: json!({"httpStatus": 200, "percentage": {"value": 0.001}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid fractional percent",
            input: json!({"httpStatus": 200, "percentage": {"value": -10}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "grpc: nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: valid",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED", "percentage": {"value": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: valid default percentage",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: invalid status",
            input: json!({"grpcStatus": "BAD_STATUS", "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "grpc: valid percentage",
            input: json!({"grpcStatus": "INTERNAL", "percentage": {"value": 0.001}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "grpc: invalid fractional percent",
            input: json!({"grpcStatus": "DEADLINE_EXCEEDED", "percentage": {"value": -10}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPFaultInjectionAbort")
        .ignoring_warnings()
        .run_check(&cases, ABORT);
}

#[test]
fn vs_fault_delay() {
    let cases = vec![
        Case {
            name: "nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid fixed",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 20}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid default",
            input: json!({"fixedDelay": "3s"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid percent",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 101}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid delay",
            input: json!({"fixedDelay": "3.000000042s", "percentage": {"value": 20}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid fractional percentage",
            input: json!({"fixedDelay": "3s", "percentage": {"value": 0.001}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid fractional percentage",
            input: json!({"fixedDelay": "3s", "percentage": {"value": -10}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPFaultInjectionDelay")
        .ignoring_warnings()
        .run_check(&cases, DELAY);
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

#[test]
fn vs_http_rewrite() {
    let cases = vec![
        Case {
            name: "nil in",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uri and authority",
            input: json!({"authority": "foobar.org", "uri": "/path/to/resource"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uri",
            input: json!({"uri": "/path/to/resource"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "authority",
            input: json!({"authority": "foobar.org"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite",
            input: json!({"uriRegexRewrite": {"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite and authority",
            input: json!({"authority": "foobar.org", "uriRegexRewrite": {"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite and uri",
            input: json!({"uri": "/path/to/resource", "uriRegexRewrite": {"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "no uri, uriRegexRewrite, or authority",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPRewrite")
        .ignoring_warnings()
        .run_check(&cases, REWRITE);
}

#[test]
fn vs_uri_regex_rewrite() {
    let cases = vec![
        Case {
            name: "uriRegexRewrite nil",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite happy path",
            input: json!({"match": "^/service/([^/]+)(/.*)$", "rewrite": "\\2/instance/\\1"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite missing match",
            input: json!({"rewrite": "\\2/instance/\\1"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite missing rewrite",
            input: json!({"match": "^/service/([^/]+)(/.*)$"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "uriRegexRewrite invalid regex patterns",
            input: json!({"match": "[", "rewrite": "["}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateUriRegexRewrite")
        .ignoring_warnings()
        .run_check(&cases, URI_REGEX_REWRITE);
}

#[test]
fn vs_http_redirect() {
    let cases = vec![
        Case {
            name: "nil redirect",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty uri and authority",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "too small redirect code",
            input: json!({"redirectCode": 299, "uri": "t"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "too large redirect code",
            input: json!({"redirectCode": 400, "uri": "t"}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty authority",
            input: json!({"uri": "t"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty uri",
            input: json!({"authority": "t"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty redirect code",
            input: json!({"authority": "t", "uri": "t"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "normal redirect",
            input: json!({"authority": "t", "redirectCode": 308, "uri": "t"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "prefix_rewrite alone",
            input: json!({"prefixRewrite": "/bar"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "prefix_rewrite with authority",
            input: json!({"authority": "foo.example.com", "prefixRewrite": "/"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "uri and prefix_rewrite mutually exclusive",
            input: json!({"prefixRewrite": "/new", "uri": "/old"}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPRedirect")
        .ignoring_warnings()
        .run_check(&cases, REDIRECT);
}

#[test]
fn vs_direct_response() {
    let cases = vec![
        Case {
            name: "nil redirect",
            input: json!(null),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "status 200",
            input: json!({"status": 200}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "status 100",
            input: json!({"status": 199}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "status 600",
            input: json!({"status": 601}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "with string body",
            input: json!({"body": {"string": "hello"}, "status": 200}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "with string body over 100kb",
            input: json!({"body": {"string": "a".repeat(103424)}, "status": 200}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "with string body over 1mb",
            input: json!({"body": {"string": "a".repeat(2097152)}, "status": 200}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "with bytes body",
            input: json!({"body": {"bytes": "aGVsbG8="}, "status": 200}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "with bytes body over 100kb",
            input: json!({"body": {"bytes": base64::engine::general_purpose::STANDARD.encode("a".repeat(102401))}, "status": 200}),
            valid: true,
            warning: Some(""),
            ..Case::default()
        },
        Case {
            name: "with bytes body over 1mb",
            input: json!({"body": {"bytes": base64::engine::general_purpose::STANDARD.encode("a".repeat(1048577))}, "status": 200}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPDirectResponse").run_check(&cases, DIRECT_RESPONSE);
}
