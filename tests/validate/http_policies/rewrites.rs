//! What a route answers instead of forwarding as is: rewrites, regex rewrites, redirects
//! and direct responses.

use super::*;

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
