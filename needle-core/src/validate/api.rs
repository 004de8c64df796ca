//! What each release's istio.io/api has that older ones lack. Istio's webhook decodes a spec
//! into the API its release pins: a field that API does not have is dropped (its lenient
//! second pass), so no rule sees it, while an enum name it does not have is a decoding
//! error. needle's structs are the newest API's; `as_known_to` gives each release the spec
//! its own decoder would have seen. Every difference between the releases' APIs is an
//! addition (istio.io/api v1.28.9, 1.29's 1092f7f8, 1.30's 2e43f07b, 1.31's b9434096 and
//! 86c9f01's 5803fb6a, compared message by message).

use super::common::decode::unknown_enum_value;
use crate::release::Release;
use serde_json::Value;
use std::borrow::Cow;

/// A field a kind's spec has from `since` on. `path` leads to it from the spec: fields by
/// their JSON names, `[]` after a list field (every element), `{}` after a map field (every
/// value).
struct Field {
    kind: &'static str,
    path: &'static str,
    since: Release,
}

/// An enum value a field takes from `since` on; before, the name is a decoding error.
struct EnumValue {
    kind: &'static str,
    path: &'static str,
    value: &'static str,
    proto_enum: &'static str,
    since: Release,
}

const V1_29: Release = Release::new(29, 0);
const V1_30: Release = Release::new(30, 0);
const V1_31: Release = Release::new(31, 0);
/// In the API 86c9f01 pins, not in 1.31's (istio/api master after the 1.31 branch).
const DEVELOPMENT: Release = Release::NEWEST;

/// Kinds a release's webhook does not know before their first release: it answers
/// `unrecognized type`, whatever the object holds.
pub const KINDS_SINCE: [(&str, Release); 1] = [("TrafficExtension", V1_30)];

/// The DestinationRule places of a traffic policy, for the fields inside one.
macro_rules! in_traffic_policies {
    ($since:expr, $($field:literal),* $(,)?) => {
        [$(
            Field { kind: "DestinationRule", path: concat!("trafficPolicy.", $field), since: $since },
            Field { kind: "DestinationRule", path: concat!("trafficPolicy.portLevelSettings[].", $field), since: $since },
            Field { kind: "DestinationRule", path: concat!("subsets[].trafficPolicy.", $field), since: $since },
            Field { kind: "DestinationRule", path: concat!("subsets[].trafficPolicy.portLevelSettings[].", $field), since: $since },
        )*]
    };
}

const DESTINATION_RULE_1_31: [Field; 12] = in_traffic_policies!(
    V1_31,
    "connectionPool.http.http2KeepAlive",
    "loadBalancer.zoneAwareLbSetting",
    "outlierDetection.outlierDetectionHttpErrorCodes",
);
const DESTINATION_RULE_DEVELOPMENT: [Field; 4] =
    in_traffic_policies!(DEVELOPMENT, "loadBalancer.backendUtilization");

const FIELDS: [Field; 15] = [
    Field {
        kind: "DestinationRule",
        path: "trafficPolicy.retryBudget.budgetInterval",
        since: V1_31,
    },
    Field {
        kind: "DestinationRule",
        path: "subsets[].trafficPolicy.retryBudget.budgetInterval",
        since: V1_31,
    },
    Field {
        kind: "VirtualService",
        path: "http[].redirect.prefixRewrite",
        since: V1_31,
    },
    Field {
        kind: "Gateway",
        path: "servers[].tls.insecureSkipVerify",
        since: V1_31,
    },
    Field {
        kind: "Gateway",
        path: "servers[].tls.ecdhCurves",
        since: DEVELOPMENT,
    },
    Field {
        kind: "Sidecar",
        path: "inboundConnectionPool.http.http2KeepAlive",
        since: V1_31,
    },
    Field {
        kind: "Sidecar",
        path: "ingress[].connectionPool.http.http2KeepAlive",
        since: V1_31,
    },
    Field {
        kind: "Sidecar",
        path: "ingress[].tls.insecureSkipVerify",
        since: V1_31,
    },
    Field {
        kind: "Sidecar",
        path: "ingress[].tls.ecdhCurves",
        since: DEVELOPMENT,
    },
    Field {
        kind: "EnvoyFilter",
        path: "configPatches[].match.waypoint",
        since: V1_29,
    },
    Field {
        kind: "EnvoyFilter",
        path: "configPatches[].match.listener.filterChain.transportSocket",
        since: DEVELOPMENT,
    },
    Field {
        kind: "AuthorizationPolicy",
        path: "rules[].from[].source.trustDomains",
        since: V1_30,
    },
    Field {
        kind: "AuthorizationPolicy",
        path: "rules[].from[].source.notTrustDomains",
        since: V1_30,
    },
    Field {
        kind: "Telemetry",
        path: "tracing[].customTags{}.formatter",
        since: V1_29,
    },
    Field {
        kind: "Telemetry",
        path: "tracing[].disableContextPropagation",
        since: V1_30,
    },
];

/// `jwtRules[].presence` stands alone: 86c9f01's API is the first with it.
const REQUEST_AUTHENTICATION: [Field; 1] = [Field {
    kind: "RequestAuthentication",
    path: "jwtRules[].presence",
    since: DEVELOPMENT,
}];

const ENUM_VALUES: [EnumValue; 2] = [
    EnumValue {
        kind: "EnvoyFilter",
        path: "configPatches[].match.context",
        value: "WAYPOINT",
        proto_enum: "istio.networking.v1alpha3.EnvoyFilter.PatchContext",
        since: V1_29,
    },
    EnumValue {
        kind: "EnvoyFilter",
        path: "configPatches[].patch.operation",
        value: "MERGE_AND_REPLACE_LIST",
        proto_enum: "istio.networking.v1alpha3.EnvoyFilter.Patch.Operation",
        since: V1_31,
    },
];

fn fields() -> impl Iterator<Item = &'static Field> {
    FIELDS
        .iter()
        .chain(&DESTINATION_RULE_1_31)
        .chain(&DESTINATION_RULE_DEVELOPMENT)
        .chain(&REQUEST_AUTHENTICATION)
}

/// Whether `release`'s webhook knows `kind` at all.
pub fn knows_kind(release: Release, kind: &str) -> bool {
    KINDS_SINCE
        .iter()
        .all(|(later, since)| *later != kind || release >= *since)
}

/// `spec` as `release`'s decoder reads it: without the fields its API lacks. `Err` is the
/// decoding error of an enum name its API lacks.
pub fn as_known_to<'a>(
    release: Release,
    kind: &str,
    spec: &'a Value,
) -> Result<Cow<'a, Value>, String> {
    for e in ENUM_VALUES
        .iter()
        .filter(|e| e.kind == kind && release < e.since)
    {
        let mut found = None;
        visit(spec, e.path, &mut String::new(), &mut |at, value| {
            if found.is_none() && value.as_str() == Some(e.value) {
                found = Some(at.to_string());
            }
        });
        if let Some(at) = found {
            let error = unknown_enum_value(e.proto_enum, e.value);
            return Err(format!("{error} (at {at})"));
        }
    }
    let mut spec = Cow::Borrowed(spec);
    for f in fields().filter(|f| f.kind == kind && release < f.since) {
        let (parents, field) = f.path.rsplit_once('.').unwrap_or(("", f.path));
        let field = field.trim_end_matches("[]").trim_end_matches("{}");
        let mut present = false;
        visit(&spec, parents, &mut String::new(), &mut |_, parent| {
            present |= keys_of(field).iter().any(|k| parent.get(k).is_some());
        });
        if present {
            visit_mut(spec.to_mut(), parents, &mut |parent| {
                if let Some(parent) = parent.as_object_mut() {
                    for key in keys_of(field) {
                        parent.remove(&key);
                    }
                }
            });
        }
    }
    Ok(spec)
}

/// The keys protobuf JSON reads a field from: its JSON name and its proto name.
fn keys_of(json_name: &str) -> [String; 2] {
    let mut proto_name = String::new();
    for c in json_name.chars() {
        if c.is_ascii_uppercase() {
            proto_name.push('_');
        }
        proto_name.push(c.to_ascii_lowercase());
    }
    [json_name.to_string(), proto_name]
}

/// Call `found` with each value `path` leads to, and where it is (`http[0].redirect`).
fn visit(value: &Value, path: &str, at: &mut String, found: &mut dyn FnMut(&str, &Value)) {
    let Some((step, rest)) = next_step(path) else {
        return found(at, value);
    };
    let len = at.len();
    for key in keys_of(step.field) {
        let Some(v) = value.get(&key) else { continue };
        if !at.is_empty() {
            at.push('.');
        }
        at.push_str(&key);
        match step.each {
            Each::One => visit(v, rest, at, found),
            Each::Element => {
                for (i, element) in v.as_array().into_iter().flatten().enumerate() {
                    let len = at.len();
                    at.push_str(&format!("[{i}]"));
                    visit(element, rest, at, found);
                    at.truncate(len);
                }
            }
            Each::MapValue => {
                for (k, element) in v.as_object().into_iter().flatten() {
                    let len = at.len();
                    at.push_str(&format!("[{k:?}]"));
                    visit(element, rest, at, found);
                    at.truncate(len);
                }
            }
        }
        at.truncate(len);
    }
}

fn visit_mut(value: &mut Value, path: &str, found: &mut dyn FnMut(&mut Value)) {
    let Some((step, rest)) = next_step(path) else {
        return found(value);
    };
    for key in keys_of(step.field) {
        let Some(v) = value.get_mut(&key) else {
            continue;
        };
        match step.each {
            Each::One => visit_mut(v, rest, found),
            Each::Element => {
                for element in v.as_array_mut().into_iter().flatten() {
                    visit_mut(element, rest, found);
                }
            }
            Each::MapValue => {
                for element in v.as_object_mut().into_iter().flat_map(|m| m.values_mut()) {
                    visit_mut(element, rest, found);
                }
            }
        }
    }
}

enum Each {
    One,
    Element,
    MapValue,
}

struct Step<'a> {
    field: &'a str,
    each: Each,
}

/// The first step of a path and the rest; `None` at the path's end.
fn next_step(path: &str) -> Option<(Step<'_>, &str)> {
    if path.is_empty() {
        return None;
    }
    let (first, rest) = path.split_once('.').unwrap_or((path, ""));
    let step = match (first.strip_suffix("[]"), first.strip_suffix("{}")) {
        (Some(field), _) => Step {
            field,
            each: Each::Element,
        },
        (_, Some(field)) => Step {
            field,
            each: Each::MapValue,
        },
        _ => Step {
            field: first,
            each: Each::One,
        },
    };
    Some((step, rest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_field_is_dropped_where_the_release_lacks_it() {
        let spec = json!({"http": [{"redirect": {"prefixRewrite": "/b", "authority": "a"}},
            {"redirect": {"prefix_rewrite": "/c"}}]});
        let old = as_known_to(Release::new(30, 3), "VirtualService", &spec).unwrap();
        assert_eq!(
            *old,
            json!({"http": [{"redirect": {"authority": "a"}}, {"redirect": {}}]})
        );
        let new = as_known_to(Release::new(31, 0), "VirtualService", &spec).unwrap();
        assert!(matches!(new, Cow::Borrowed(_)));
        // Maps, and the places of a traffic policy.
        let telemetry = json!({"tracing": [{"customTags": {"a": {"formatter": {}, "literal": {"value": "x"}}}}]});
        let old = as_known_to(Release::new(28, 10), "Telemetry", &telemetry).unwrap();
        assert_eq!(
            old["tracing"][0]["customTags"]["a"],
            json!({"literal": {"value": "x"}})
        );
        let dr = json!({"subsets": [{"trafficPolicy": {"portLevelSettings": [{"loadBalancer": {"zoneAwareLbSetting": {}, "simple": "RANDOM"}}]}}]});
        let old = as_known_to(Release::new(30, 3), "DestinationRule", &dr).unwrap();
        assert_eq!(
            old["subsets"][0]["trafficPolicy"]["portLevelSettings"][0]["loadBalancer"],
            json!({"simple": "RANDOM"})
        );
    }

    #[test]
    fn an_enum_name_the_release_lacks_does_not_decode() {
        let spec = json!({"configPatches": [{"match": {"context": "ANY"}}, {"match": {"context": "WAYPOINT"}}]});
        let err = as_known_to(Release::new(28, 10), "EnvoyFilter", &spec).unwrap_err();
        assert_eq!(
            err,
            r#"unknown value "\"WAYPOINT\"" for enum istio.networking.v1alpha3.EnvoyFilter.PatchContext (at configPatches[1].match.context)"#
        );
        assert!(as_known_to(Release::new(29, 0), "EnvoyFilter", &spec).is_ok());
    }

    #[test]
    fn kinds_come_with_their_release() {
        assert!(!knows_kind(Release::new(29, 6), "TrafficExtension"));
        assert!(knows_kind(Release::new(30, 0), "TrafficExtension"));
        assert!(knows_kind(Release::new(28, 0), "WasmPlugin"));
    }
}
