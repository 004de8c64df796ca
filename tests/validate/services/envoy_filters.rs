//! EnvoyFilter: its table, proxyVersion patterns, the warnings every filter gets.

use super::*;

/// Istio's TestValidateEnvoyFilter (envoyfilter_test.go): 21 cases.
fn envoy_filter_cases() -> Vec<Case> {
    vec![
        msg("empty filters", json!({}), "", ""),
        msg(
            "labels not defined in workload selector",
            json!({"workloadSelector": {}}),
            "",
            "Envoy filter: workload selector specified without labels, will be applied to all services in namespace",
        ),
        msg(
            "invalid applyTo",
            json!({"configPatches": [{}]}),
            "Envoy filter: missing applyTo",
            "",
        ),
        msg(
            "nil patch",
            json!({"configPatches": [{"applyTo": "LISTENER"}]}),
            "Envoy filter: missing patch",
            "",
        ),
        msg(
            "invalid patch operation",
            json!({"configPatches": [{"applyTo": "LISTENER", "patch": {}}]}),
            "Envoy filter: missing patch operation",
            "",
        ),
        msg(
            "nil patch value",
            json!({"configPatches": [{"applyTo": "LISTENER", "patch": {"operation": "ADD"}}]}),
            "Envoy filter: missing patch value for non-remove operation",
            "",
        ),
        msg(
            "match with invalid regex",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"proxy": {"proxyVersion": "%#@~++==`24c234`"}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: invalid regex for proxy version, [error parsing regexp: invalid nested repetition operator: `++`]",
            "",
        ),
        msg(
            "match with valid regex",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"proxy": {"proxyVersion": "release-1\\.2-23434"}}, "patch": {"operation": "REMOVE"}}]}),
            "",
            "",
        ),
        msg(
            "match with proxy version regex too long",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"proxy": {"proxyVersion": "a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}a{100}"}}, "patch": {"operation": "REMOVE"}}]}),
            "",
            "Envoy filter: proxyVersion match exceeds 1024 characters and will be ignored",
        ),
        msg(
            "listener with invalid match",
            json!({"configPatches": [{"applyTo": "LISTENER", "match": {"cluster": {}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: applyTo for listener class objects cannot have non listener match",
            "",
        ),
        msg(
            "listener with invalid filter match",
            json!({"configPatches": [{"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"sni": "124", "filter": {}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: filter match has no name to match on",
            "",
        ),
        msg(
            "listener with sub filter match and invalid applyTo",
            json!({"configPatches": [{"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "random", "subFilter": {}}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: subfilter match can be used with applyTo HTTP_FILTER only",
            "",
        ),
        msg(
            "listener with sub filter match and invalid filter name",
            json!({"configPatches": [{"applyTo": "HTTP_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "random", "subFilter": {}}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: subfilter match requires filter match with envoy.filters.network.http_connection_manager",
            "",
        ),
        msg(
            "listener with sub filter match and no sub filter name",
            json!({"configPatches": [{"applyTo": "HTTP_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "envoy.filters.network.http_connection_manager", "subFilter": {}}}}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: subfilter match has no name to match on",
            "",
        ),
        msg(
            "route configuration with invalid match",
            json!({"configPatches": [{"applyTo": "VIRTUAL_HOST", "match": {"cluster": {}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: applyTo for http route class objects cannot have non route configuration match",
            "",
        ),
        msg(
            "cluster with invalid match",
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"listener": {}}, "patch": {"operation": "REMOVE"}}]}),
            "Envoy filter: applyTo for cluster class objects cannot have non cluster match",
            "",
        ),
        msg(
            "invalid patch value",
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"cluster": {}}, "patch": {"operation": "ADD", "value": {"name": false}}}]}),
            "Envoy filter: json: cannot unmarshal bool into Go value of type string",
            "",
        ),
        msg(
            "happy config",
            json!({"configPatches": [{"applyTo": "CLUSTER", "match": {"cluster": {}}, "patch": {"operation": "ADD", "value": {"lb_policy": "RING_HASH"}}}, {"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"name": "envoy.tcp_proxy"}}}, "patch": {"operation": "INSERT_BEFORE", "value": {"typed_config": {"@type": "type.googleapis.com/envoy.extensions.filters.http.ext_authz.v3.ExtAuthz"}}}}, {"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"name": "envoy.tcp_proxy"}}}, "patch": {"operation": "INSERT_FIRST", "value": {"typed_config": {"@type": "type.googleapis.com/envoy.extensions.filters.http.ext_authz.v3.ExtAuthz"}}}}]}),
            "",
            "",
        ),
        msg(
            "deprecated config",
            json!({"configPatches": [{"applyTo": "NETWORK_FILTER", "match": {"listener": {"filterChain": {"name": "envoy.tcp_proxy"}}}, "patch": {"operation": "INSERT_FIRST", "value": {"typed_config": {"@type": "type.googleapis.com/envoy.config.filter.network.ext_authz.v2.ExtAuthz"}}}}]}),
            "referenced type unknown (hint: try using the v3 XDS API)",
            "",
        ),
        msg(
            "deprecated type",
            json!({"configPatches": [{"applyTo": "HTTP_FILTER", "match": {"listener": {"filterChain": {"filter": {"name": "envoy.http_connection_manager"}}}}, "patch": {"operation": "INSERT_FIRST", "value": {}}}]}),
            "",
            "using deprecated filter name",
        ),
        msg(
            "duration marshal",
            json!({"configPatches": [{"applyTo": "CLUSTER", "patch": {"operation": "ADD", "value": {"dns_refresh_rate": "500ms"}}}]}),
            "",
            "",
        ),
    ]
}

#[test]
fn envoy_filter_table() {
    run("envoy_filter", envoy_filter::validate, envoy_filter_cases());
}

/// Go's wording for a proxyVersion that starts with a glob star, a common slip (istioctl
/// validate prints the same).
#[test]
fn proxy_version_regex_errors_read_as_go_writes_them() {
    let spec = json!({"configPatches": [{"applyTo": "LISTENER",
        "match": {"proxy": {"proxyVersion": "*.foo"}}, "patch": {"operation": "REMOVE"}}]});
    let report = outcome(envoy_filter::validate, spec).unwrap();
    assert_eq!(
        report.errors,
        [
            "Envoy filter: invalid regex for proxy version, [error parsing regexp: missing argument to repetition operator: `*`]"
        ]
    );
}

#[test]
fn envoy_filters_always_warn() {
    let report = outcome(envoy_filter::validate, json!({})).unwrap();
    assert!(report.errors.is_empty());
    assert!(report.warnings[0].starts_with(ENVOY_FILTER_NOTICE));
}
