//! `HTTPRoute` as Istio's `TestValidateHTTPRoute` checks it: matches, headers, mirrors,
//! weights and the policies a route carries.

use super::*;

#[test]
fn vs_http_route() {
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
            input: json!({"route": [{"destination": {"host": "foo.baz.south"}, "weight": 550}, {"destination": {"host": "foo.baz.east"}, "weight": 500}]}),
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
            name: "prefix_rewrite redirect with prefix URI match",
            input: json!({"match": [{"uri": {"prefix": "/foo"}}], "redirect": {"prefixRewrite": "/bar"}}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "prefix_rewrite redirect with exact URI match is invalid",
            input: json!({"match": [{"uri": {"exact": "/foo"}}], "redirect": {"prefixRewrite": "/bar"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "prefix_rewrite redirect with regex URI match is invalid",
            input: json!({"match": [{"uri": {"regex": "/foo.*"}}], "redirect": {"prefixRewrite": "/bar"}}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "prefix_rewrite redirect with no URI match (wildcard) is valid",
            input: json!({"match": [{"headers": {"x-foo": {"exact": "bar"}}}], "redirect": {"prefixRewrite": "/bar"}}),
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
            name: "envoy escaped % set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"i-love-istio": "100%%"}}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "envoy variable set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"name": "%HOSTNAME%"}}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "envoy unescaped % set",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"set": {"name": "abcd%oijasodifj"}}}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "envoy escaped % add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"i-love-istio": "100%% and more"}}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "envoy variable add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"name": "hello %HOSTNAME%"}}}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "envoy unescaped % add",
            input: json!({"route": [{"destination": {"host": "foo.baz"}, "headers": {"response": {"add": {"name": "abcd%oijasodifj"}}}}]}),
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
            name: "empty prefix header match",
            input: json!({"match": [{"headers": {"emptyprefix": {"prefix": ""}}}], "route": [{"destination": {"host": "foo.bar"}}]}),
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
            name: "mirrors without destination",
            input: json!({"match": [{}], "mirrors": [{}], "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "mirrors invalid mirror percentage",
            input: json!({"match": [{}], "mirrors": [{"destination": {"host": "foo.baz"}}, {"destination": {"host": "foo.baz"}, "percentage": {"value": 101}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "mirrors valid mirror percentage",
            input: json!({"match": [{}], "mirrors": [{"destination": {"host": "foo.baz"}, "percentage": {"value": 1}}, {"destination": {"host": "foo.baz"}, "percentage": {"value": 50}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "mirrors negative mirror percentage",
            input: json!({"match": [{}], "mirrors": [{"destination": {"host": "foo.baz"}, "percentage": {"value": -1}}], "route": [{"destination": {"host": "foo.bar"}}]}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "conflicting mirror and mirrors",
            input: json!({"mirror": {"host": "foo.baz"}, "mirrors": [{"destination": {"host": "foo.bar"}}], "route": [{"destination": {"host": "foo.baz"}}]}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateHTTPRoute")
        .ignoring_warnings()
        .run_check(&cases, HTTP_ROUTE);
}
