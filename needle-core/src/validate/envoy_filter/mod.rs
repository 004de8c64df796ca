//! EnvoyFilter (networking.istio.io): `ValidateEnvoyFilter`.
//!
//! Istio decodes each patch value into the Envoy xDS message its `applyTo` names; needle has no
//! Envoy protos, so it checks only what it can see in the JSON: the value's `name` must be a
//! string, every type URL (`@type`) must be one the release's webhook resolves (`registry`),
//! and filters should carry a `typed_config` (a warning, as in Istio).

pub mod registry;
mod shape;

use serde_json::{Map, Value};
use shape::*;

use super::common::re2;
use super::common::{Report, validate_alpha_workload_selector};
use super::{Meta, decode};
use crate::release::{Feature, Release};

/// Longer `proxyVersion` patterns are not compiled (Istio ignores them, with a warning, from
/// 1.31 on).
const MAX_PROXY_VERSION_LEN: usize = 1024;
const HTTP_CONNECTION_MANAGER: &str = "envoy.filters.network.http_connection_manager";

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let ef: EnvoyFilter = decode(spec)?;
    for p in &ef.config_patches {
        if p.r#match.as_ref().is_some_and(|m| m.object_types() > 1) {
            return Err("EnvoyConfigObjectMatch: more than one of listener, routeConfiguration, cluster, waypoint set (oneof objectTypes)".into());
        }
    }
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    let mut r = Report::default();
    r.warning("EnvoyFilter exposes internal implementation details that may change at any time. Prefer other APIs if possible, and exercise extreme caution, especially around upgrades.");
    match validate_alpha_workload_selector(ef.workload_selector.as_ref()) {
        Err(errors) => {
            report.errors.extend(errors);
            return Ok(());
        }
        Ok(Some(w)) => r.warning(format!(
            "Envoy filter: {w}, will be applied to all services in namespace"
        )),
        Ok(None) => {}
    }
    for cp in &ef.config_patches {
        check_patch(cp, meta.release, &mut r);
    }
    report.merge(r);
    Ok(())
}

fn check_patch(cp: &ConfigPatch, release: Release, r: &mut Report) {
    let m = cp.r#match.as_ref();
    if m.is_some_and(|m| m.context == PatchContext::WAYPOINT)
        && release.has(Feature::EnvoyFilterWaypointSkipped)
    {
        return;
    }
    if cp.apply_to == ApplyTo::INVALID {
        return r.error("Envoy filter: missing applyTo");
    }
    let Some(patch) = &cp.patch else {
        return r.error("Envoy filter: missing patch");
    };
    if patch.operation == Operation::INVALID {
        return r.error("Envoy filter: missing patch operation");
    }
    if patch.operation != Operation::REMOVE && patch.value.is_none() {
        return r.error("Envoy filter: missing patch value for non-remove operation");
    }
    if let Some(version) = m.and_then(|m| m.proxy.as_ref()).map(|p| &p.proxy_version)
        && !version.is_empty()
    {
        if version.len() > MAX_PROXY_VERSION_LEN && release.has(Feature::ProxyVersionLengthCap) {
            r.warning(format!("Envoy filter: proxyVersion match exceeds {MAX_PROXY_VERSION_LEN} characters and will be ignored"));
        } else if let Err(e) = re2::go_compile(version) {
            return r.error(format!(
                "Envoy filter: invalid regex for proxy version, [{e}]"
            ));
        }
    }
    if let Some(m) = m.filter(|m| m.object_types() > 0)
        && !check_match_kind(cp.apply_to, m, r)
    {
        return;
    }
    if let Some(value) = &patch.value {
        check_patch_value(cp.apply_to, value, release, r);
    }
}

/// The match must name the class of object `applyTo` patches; `false` stops this patch.
fn check_match_kind(apply_to: ApplyTo, m: &ObjectMatch, r: &mut Report) -> bool {
    use ApplyTo::*;
    match apply_to {
        LISTENER | FILTER_CHAIN | NETWORK_FILTER | HTTP_FILTER => {
            let Some(listener) = &m.listener else {
                r.error("Envoy filter: applyTo for listener class objects cannot have non listener match");
                return false;
            };
            let Some(filter) = listener
                .filter_chain
                .as_ref()
                .and_then(|f| f.filter.as_ref())
            else {
                return true;
            };
            if matches!(apply_to, LISTENER | FILTER_CHAIN) {
                r.warning(format!(
                    "Envoy filter: filter match has no effect when used with {apply_to:?}"
                ));
            }
            if filter.name.is_empty() {
                r.error("Envoy filter: filter match has no name to match on");
                return false;
            }
            if let Some(sub) = &filter.sub_filter {
                if apply_to != HTTP_FILTER {
                    r.error(
                        "Envoy filter: subfilter match can be used with applyTo HTTP_FILTER only",
                    );
                    return false;
                }
                if filter.name != HTTP_CONNECTION_MANAGER
                    && filter.name != "envoy.http_connection_manager"
                {
                    r.error(format!(
                        "Envoy filter: subfilter match requires filter match with {HTTP_CONNECTION_MANAGER}"
                    ));
                    return false;
                }
                if sub.name.is_empty() {
                    r.error("Envoy filter: subfilter match has no name to match on");
                    return false;
                }
            }
            warn_deprecated_filter_name(&filter.name, r);
            if let Some(sub) = &filter.sub_filter {
                warn_deprecated_filter_name(&sub.name, r);
            }
        }
        ROUTE_CONFIGURATION | VIRTUAL_HOST | HTTP_ROUTE if m.route_configuration.is_none() => {
            r.error("Envoy filter: applyTo for http route class objects cannot have non route configuration match");
        }
        CLUSTER if m.cluster.is_none() => {
            r.error(
                "Envoy filter: applyTo for cluster class objects cannot have non cluster match",
            );
        }
        _ => {}
    }
    true
}

/// Deprecated filter names and the canonical names that replace them.
const DEPRECATED_FILTER_NAMES: &[(&str, &str)] = &[
    ("envoy.buffer", "envoy.filters.http.buffer"),
    ("envoy.cors", "envoy.filters.http.cors"),
    ("envoy.csrf", "envoy.filters.http.csrf"),
    ("envoy.http_dynamo_filter", "envoy.filters.http.dynamo"),
    ("envoy.ext_authz", "envoy.filters.http.ext_authz"),
    ("envoy.fault", "envoy.filters.http.fault"),
    (
        "envoy.grpc_http1_bridge",
        "envoy.filters.http.grpc_http1_bridge",
    ),
    (
        "envoy.grpc_json_transcoder",
        "envoy.filters.http.grpc_json_transcoder",
    ),
    ("envoy.grpc_web", "envoy.filters.http.grpc_web"),
    ("envoy.gzip", "envoy.filters.http.gzip"),
    ("envoy.health_check", "envoy.filters.http.health_check"),
    ("envoy.ip_tagging", "envoy.filters.http.ip_tagging"),
    ("envoy.lua", "envoy.filters.http.lua"),
    ("envoy.rate_limit", "envoy.filters.http.ratelimit"),
    ("envoy.router", "envoy.filters.http.router"),
    ("envoy.squash", "envoy.filters.http.squash"),
    (
        "envoy.listener.http_inspector",
        "envoy.filters.listener.http_inspector",
    ),
    (
        "envoy.listener.original_dst",
        "envoy.filters.listener.original_dst",
    ),
    (
        "envoy.listener.original_src",
        "envoy.filters.listener.original_src",
    ),
    (
        "envoy.listener.proxy_protocol",
        "envoy.filters.listener.proxy_protocol",
    ),
    (
        "envoy.listener.tls_inspector",
        "envoy.filters.listener.tls_inspector",
    ),
    (
        "envoy.client_ssl_auth",
        "envoy.filters.network.client_ssl_auth",
    ),
    ("envoy.http_connection_manager", HTTP_CONNECTION_MANAGER),
    ("envoy.mongo_proxy", "envoy.filters.network.mongo_proxy"),
    ("envoy.ratelimit", "envoy.filters.network.ratelimit"),
    ("envoy.redis_proxy", "envoy.filters.network.redis_proxy"),
    ("envoy.tcp_proxy", "envoy.filters.network.tcp_proxy"),
];

fn warn_deprecated_filter_name(name: &str, r: &mut Report) {
    if let Some((_, new)) = DEPRECATED_FILTER_NAMES.iter().find(|(old, _)| *old == name) {
        r.warning(format!(
            "using deprecated filter name {name:?}; use {new:?} instead"
        ));
    }
}

fn get<'a>(obj: &'a Map<String, Value>, snake: &str, camel: &str) -> Option<&'a Value> {
    obj.get(snake).or_else(|| obj.get(camel))
}

/// What needle can check of the xDS object the value decodes into.
fn check_patch_value(
    apply_to: ApplyTo,
    value: &Map<String, Value>,
    release: Release,
    r: &mut Report,
) {
    if apply_to != ApplyTo::BOOTSTRAP
        && let Some(name) = value.get("name")
        && !name.is_string()
        && !name.is_null()
    {
        let kind = match name {
            Value::Bool(_) => "bool",
            Value::Number(_) => "number",
            Value::Array(_) => "array",
            _ => "object",
        };
        return r.error(format!(
            "Envoy filter: json: cannot unmarshal {kind} into Go value of type string"
        ));
    }
    // A top-level typed_config only exists on filter-like objects; elsewhere Istio drops it
    // as an unknown field before resolving its type.
    let filter_like = matches!(
        apply_to,
        ApplyTo::HTTP_FILTER
            | ApplyTo::NETWORK_FILTER
            | ApplyTo::LISTENER_FILTER
            | ApplyTo::EXTENSION_CONFIG
    );
    let searched = value
        .iter()
        .filter(|(k, _)| filter_like || !matches!(k.as_str(), "typed_config" | "typedConfig"))
        .find_map(|(_, v)| first_unresolved(v, release));
    if let Some(url) = searched {
        let hint = if url.contains(".v2.") {
            " (hint: try using the v3 XDS API)"
        } else {
            ""
        };
        return r.error(format!(
            "referenced type unknown{hint}: Envoy filter: could not resolve Any message type: {url}"
        ));
    }
    let typed = |obj: &Map<String, Value>| {
        get(obj, "typed_config", "typedConfig").is_some()
            || get(obj, "config_discovery", "configDiscovery").is_some()
    };
    let mut missing = Vec::new();
    if filter_like && !typed(value) {
        missing.push(value.get("name").and_then(Value::as_str).unwrap_or(""));
    }
    for (snake, camel) in [
        ("transport_socket", "transportSocket"),
        ("cluster_type", "clusterType"),
    ] {
        if let Some(Value::Object(sub)) = get(value, snake, camel)
            && !typed(sub)
        {
            missing.push(sub.get("name").and_then(Value::as_str).unwrap_or(""));
        }
    }
    if !missing.is_empty() {
        r.warning(format!(
            "using deprecated types by name without typed_config; {}",
            missing.join(", ")
        ));
    }
}

/// The first type URL in `v` that `release` does not resolve, depth first in key order (the
/// order Istio's decoder meets them in: an `Any`'s own type before its fields). The fields of
/// a `TypedStruct` are a plain `Struct`, where `@type` is a key like any other.
fn first_unresolved(v: &Value, release: Release) -> Option<String> {
    match v {
        Value::Object(o) => {
            let url = o.get("@type").and_then(Value::as_str);
            if let Some(url) = url.filter(|url| !registry::resolves(release, url)) {
                return Some(url.to_string());
            }
            let typed_struct =
                url.is_some_and(|url| TYPED_STRUCTS.iter().any(|t| url.ends_with(t)));
            o.iter()
                .filter(|(k, _)| !(typed_struct && k.as_str() == "value"))
                .find_map(|(_, v)| first_unresolved(v, release))
        }
        Value::Array(a) => a.iter().find_map(|v| first_unresolved(v, release)),
        _ => None,
    }
}

/// The wrappers whose `value` holds another type's fields as a `Struct`.
const TYPED_STRUCTS: [&str; 2] = ["/udpa.type.v1.TypedStruct", "/xds.type.v3.TypedStruct"];
