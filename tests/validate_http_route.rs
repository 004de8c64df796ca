//! Istio's validation tables for VirtualService HTTP routes (root and delegate), their
//! destinations and header values, ported from `pkg/config/validation/validation_test.go` and
//! `virtualservice_test.go`. Each table calls the needle validator matching the Go function
//! under test, with the Go struct literals in protobuf JSON form (Go's nil map values written
//! as `null`). A case needle answers differently is listed, with the reason, in
//! `tests/known_failures.txt` (suite `validate`).

mod common;

use common::validation::{Case, Check, Table, decode_message};
use needle::core::validate::virtual_service::{self as vs, http_route as hr};
use serde_json::json;

const DESTINATION: Check = |input, _, report| {
    if let Some(d) = decode_message::<hr::Destination>(input)? {
        hr::validate_destination(report, &d);
    }
    Ok(())
};

const HTTP_ROUTE: Check = |input, _, report| {
    let route = decode_message::<hr::HttpRoute>(input)?.unwrap_or_default();
    hr::validate_http_route(report, &route, false, false);
    Ok(())
};

const DELEGATE_HTTP_ROUTE: Check = |input, _, report| {
    let route = decode_message::<hr::HttpRoute>(input)?.unwrap_or_default();
    hr::validate_http_route(report, &route, true, false);
    Ok(())
};

const ROUTE_DESTINATIONS: Check = |input, _, report| {
    let routes = decode_message::<Vec<Option<vs::RouteDestination>>>(input)?.unwrap_or_default();
    vs::validate_route_destinations(report, &routes, false);
    Ok(())
};

const HEADER_VALUE: Check = |input, _, report| {
    report.check(vs::http_headers::validate_header_value(
        input.as_str().unwrap_or_default(),
    ));
    Ok(())
};

#[test]
fn vs_destination() {
    let cases = vec![
        Case {
            name: "empty",
            input: json!({}),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "simple",
            input: json!({"host": "foo.bar"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "full",
            input: json!({"host": "foo.bar", "port": {"number": 5000}, "subset": "shiny"}),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "unnumbered-selector",
            input: json!({"host": "foo.bar", "port": {}, "subset": "shiny"}),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateDestination")
        .ignoring_warnings()
        .run_check(&cases, DESTINATION);
}

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

#[test]
fn vs_route_destination() {
    let cases = vec![
        Case {
            name: "simple",
            input: json!([{"destination": {"host": "foo.baz"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard dash",
            input: json!([{"destination": {"host": "*-foo.baz"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard prefix",
            input: json!([{"destination": {"host": "*foo.baz"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "wildcard",
            input: json!([{"destination": {"host": "*"}}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad wildcard",
            input: json!([{"destination": {"host": "foo.*"}}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "bad fqdn",
            input: json!([{"destination": {"host": "default/baz"}}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "no destination",
            input: json!([{}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "weighted",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 25}, {"destination": {"host": "foo.baz.east"}, "weight": 75}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "weight < 0",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 5}, {"destination": {"host": "foo.baz.east"}, "weight": -1}]),
            valid: false,
            ..Case::default()
        },
        Case {
            name: "total weight > 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 550}, {"destination": {"host": "foo.baz.east"}, "weight": 500}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight < 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 49}, {"destination": {"host": "foo.baz.east"}, "weight": 50}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight = 100",
            input: json!([{"destination": {"host": "foo.baz.south"}, "weight": 100}, {"destination": {"host": "foo.baz.east"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "weight = 0",
            input: json!([{"destination": {"host": "foo.baz.south"}}]),
            valid: true,
            ..Case::default()
        },
        Case {
            name: "total weight = 0 with multi RouteDestination",
            input: json!([{"destination": {"host": "foo.baz.south"}}, {"destination": {"host": "foo.baz.east"}}]),
            valid: false,
            ..Case::default()
        },
    ];
    Table::new("TestValidateRouteDestination")
        .ignoring_warnings()
        .run_check(&cases, ROUTE_DESTINATIONS);
}

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
