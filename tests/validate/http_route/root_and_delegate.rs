//! Routes of a root VirtualService and of a delegate, each with the rules only it has.

use super::*;

const DELEGATE_HTTP_ROUTE: Check = |input, _, report| {
    let route = decode_message::<hr::HttpRoute>(input)?.unwrap_or_default();
    hr::validate_http_route(report, &route, true, false);
    Ok(())
};

#[test]
fn vs_root_http_route() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!({"delegate": {"name": "test", "namespace": "test"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "route and delegate conflict",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "route": [{"destination": {"host": "foo.baz"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "redirect and delegate conflict",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "redirect": {"authority": "foo.biz", "uri": "/lerp"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "null header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": null}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "prefix header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"prefix": "test"}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty prefix header match (delegate)",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"prefix": ""}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "exact header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"exact": "test"}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "regex header match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"header": {"regex": "test"}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "exact without headers match",
            input: json!({"match": [{"withoutHeaders": {"header": {"exact": "test"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "regex without headers match",
            input: json!({"match": [{"withoutHeaders": {"header": {"regex": "test"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "regex without headers match ?",
            input: json!({"match": [{"withoutHeaders": {"header": {"regex": "?"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "regex without headers match *",
            input: json!({"match": [{"withoutHeaders": {"header": {"regex": "*"}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "regex uri match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"uri": {"regex": "test"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "prefix uri match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"uri": {"prefix": "test"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "exact uri match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"uri": {"exact": "test"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "prefix queryParams match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"queryParams": {"q": {"prefix": "test"}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "exact queryParams match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"queryParams": {"q": {"exact": "test"}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "regex queryParams match",
            input: json!({"delegate": {"name": "test", "namespace": "test"}, "match": [{"headers": {"q": {"regex": "test"}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty prefix match in method",
            input: json!({"match": [{"method": {"prefix": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty regex match in method",
            input: json!({"match": [{"method": {"regex": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty prefix match in uri",
            input: json!({"match": [{"uri": {"prefix": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty regex match in uri",
            input: json!({"match": [{"uri": {"regex": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty regex match in query",
            input: json!({"match": [{"queryParams": {"q": {"regex": ""}}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty regex match in scheme",
            input: json!({"match": [{"scheme": {"regex": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty prefix match in scheme",
            input: json!({"match": [{"scheme": {"prefix": ""}}], "redirect": {"authority": "foo.biz", "uri": "/"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty prefix header match",
            input: json!({"match": [{"headers": {"header": {"prefix": ""}}}]}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateRootHTTPRoute")
        .ignoring_warnings()
        .run_check(&cases, HTTP_ROUTE);
}

#[test]
fn vs_delegate_http_route() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "simple",
            input: json!({"route": [{"destination": {"host": "foo.baz"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "no destination",
            input: json!({"route": [{}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "weighted",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 25}, {"destination": {"host": "foo.baz.east"}, "weight": 75}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight > 100",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 55}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight < 100",
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 49}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "simple redirect",
            input: json!({"redirect": {"authority": "foo.biz", "uri": "/lerp"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "conflicting redirect and route",
            input: json!({"redirect": {"authority": "foo.biz", "uri": "/lerp"}, "route": [{"destination": {"host": "foo.baz"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "request response headers",
            input: json!({"route": [{"destination": {"host": "foo.baz"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "valid headers",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"add": {"name": ""}, "remove": ["name"], "set": {"name": ""}}, "response": {"add": {"name": ""}, "remove": ["name"], "set": {"name": ""}}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "empty header name - request add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"add": {"": "value"}}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty header name - request set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"set": {"": "value"}}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty header name - request remove",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"request": {"remove": [""]}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty header name - response add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"": "value"}}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty header name - response set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"": "value"}}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "empty header name - response remove",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"remove": [""]}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "null header match",
            input: json!({"match": [{"headers": {"header": null}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "nil match",
            input: json!({"route": [{"destination": {"host": "foo.bar"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "match with nil element",
            input: json!({"match": [{}], "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "invalid mirror percent",
            input: json!({"match": [{}], "mirrorPercent": 101, "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "invalid mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": 101}, "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "valid mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": 1}, "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "negative mirror percentage",
            input: json!({"match": [{}], "mirrorPercentage": {"value": -1}, "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "delegate route with delegate",
            input: json!({"delegate": {"name": "test", "namespace": "test"}}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateDelegateHTTPRoute")
        .ignoring_warnings()
        .run_check(&cases, DELEGATE_HTTP_ROUTE);
}
