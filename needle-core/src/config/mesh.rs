//! Mesh config and ProxyConfig: Istio's defaults, how user YAML is applied over them, and
//! the minimized `PROXY_CONFIG` JSON the sidecar receives.

use crate::compat::go_json::{self, Layout};
use crate::compat::path::At;
use crate::config::proxy_config as reader;
use crate::config::proxy_config::descriptor::PROXY_CONFIG;
use serde_json::{Map, Value};
use std::sync::OnceLock;

/// Istio's `mesh.DefaultMeshConfig()`, as JSON.
pub fn mesh_defaults() -> &'static Value {
    static DEFAULTS: OnceLock<Value> = OnceLock::new();
    DEFAULTS.get_or_init(|| {
        serde_json::from_str(include_str!("../../../defaults/mesh-defaults.json"))
            .expect("embedded mesh defaults are valid JSON")
    })
}

/// Istio's `mesh.DefaultProxyConfig()`.
pub fn proxy_config_defaults() -> &'static Value {
    &mesh_defaults()["defaultConfig"]
}

/// Apply user mesh YAML (already parsed) over the defaults, as `mesh.ApplyMeshConfig` does:
/// top-level fields override, `defaultConfig` merges as a ProxyConfig, extension providers
/// merge by name.
pub fn apply_mesh_config(user: &Value) -> Result<Value, String> {
    let mut mesh = mesh_defaults().clone();
    let Some(user) = user.as_object() else {
        return Ok(mesh);
    };
    let out = mesh.as_object_mut().expect("defaults are an object");
    for (key, value) in user {
        match key.as_str() {
            "defaultConfig" => {
                let merged = merge_proxy_config(&out[key], value)
                    .map_err(|e| format!("field defaultConfig: {e}"))?;
                out.insert(key.clone(), merged);
            }
            "extensionProviders" => {
                let merged = merge_extension_providers(&out[key], value)?;
                out.insert(key.clone(), merged);
            }
            _ if value.is_null() => {}
            _ => {
                let merged = match (out.get(key), value) {
                    (Some(Value::Object(base)), Value::Object(over)) => {
                        Value::Object(deep_merge(base.clone(), over))
                    }
                    _ => value.clone(),
                };
                out.insert(key.clone(), merged);
            }
        }
    }
    Ok(mesh)
}

/// `mesh.MergeProxyConfig`: a field the overlay sets replaces the base's whole (Istio's
/// protobuf JSON reader makes a new value for every field it reads, messages and maps
/// included), except `proxyMetadata`, whose keys merge with the overlay's winning, and
/// `proxyHeaders`, which keeps the base's header settings the overlay leaves out. Fields and
/// values are read as that reader reads them (`proxy_config_reader`).
pub fn merge_proxy_config(base: &Value, overlay: &Value) -> Result<Value, String> {
    match overlay {
        Value::Null => Ok(base.clone()),
        Value::Object(over) => {
            let mut merged = base.as_object().cloned().unwrap_or_default();
            for (field, value) in reader::known_fields(over) {
                // The reader skips a field given as null.
                if value.is_null() {
                    continue;
                }
                let kept = merged.remove(&field);
                let value = match (field.as_str(), kept, value) {
                    ("proxyMetadata", Some(Value::Object(b)), Value::Object(o)) => {
                        Value::Object(deep_merge(b, &o))
                    }
                    ("proxyHeaders", Some(Value::Object(b)), Value::Object(mut o)) => {
                        for header in KEPT_PROXY_HEADERS {
                            if o.get(header).is_none_or(Value::is_null)
                                && let Some(v) = b.get(header)
                            {
                                o.insert(header.into(), v.clone());
                            }
                        }
                        Value::Object(o)
                    }
                    (_, _, value) => value,
                };
                merged.insert(field, value);
            }
            let mut merged = Value::Object(merged);
            reader::read_values(&mut merged)?;
            Ok(merged)
        }
        other => Err(format!(
            "expected a mapping, found {}",
            crate::config::kind_of(other)
        )),
    }
}

/// The `proxyHeaders` settings `MergeProxyConfig` keeps from the base when the overlay's
/// `proxyHeaders` leaves them out (`correctProxyHeaders`).
const KEPT_PROXY_HEADERS: [&str; 5] = [
    "forwardedClientCert",
    "requestId",
    "attemptCount",
    "server",
    "envoyDebugHeaders",
];

fn deep_merge(mut base: Map<String, Value>, over: &Map<String, Value>) -> Map<String, Value> {
    for (k, v) in over {
        let merged = match (base.remove(k), v) {
            (Some(Value::Object(b)), Value::Object(o)) => Value::Object(deep_merge(b, o)),
            (_, v) => v.clone(),
        };
        base.insert(k.clone(), merged);
    }
    base
}

fn merge_extension_providers(base: &Value, user: &Value) -> Result<Value, String> {
    let user = user
        .as_array()
        .ok_or("field extensionProviders: expected a list")?;
    let mut out: Vec<Value> = base.as_array().cloned().unwrap_or_default();
    for p in user {
        let name = p.get("name");
        match out.iter().position(|o| o.get("name") == name) {
            Some(i) => out[i] = p.clone(),
            None => out.push(p.clone()),
        }
    }
    Ok(Value::Array(out))
}

/// Fields that `cleanProxyConfig` blanks when they equal Istio's defaults.
const CLEANED_WHEN_DEFAULT: [&str; 14] = [
    "configPath",
    "binaryPath",
    "controlPlaneAuthPolicy",
    "serviceCluster",
    "drainDuration",
    "terminationDrainDuration",
    "discoveryAddress",
    "envoyMetricsService",
    "envoyAccessLogService",
    "tracing",
    "proxyAdminPort",
    "statNameLength",
    "statusPort",
    "concurrency",
];

/// The `PROXY_CONFIG` value: the effective ProxyConfig without fields equal to Istio's
/// defaults (`cleanProxyConfig`), written as Istio's `protoToJSON` writes it: compact, fields
/// in the `.proto`'s order, zero values left out (`go_json`).
pub fn proxy_config_json(effective: &Value) -> String {
    let defaults = proxy_config_defaults();
    let mut out = Map::new();
    for (k, v) in effective.as_object().into_iter().flatten() {
        if CLEANED_WHEN_DEFAULT.contains(&k.as_str())
            && defaults.get(k).unwrap_or(&Value::Null) == v
        {
            continue;
        }
        out.insert(k.clone(), v.clone());
    }
    go_json::marshal_as(&Value::Object(out), Layout::Proto(&PROXY_CONFIG))
}

/// A ProxyConfig as Istio's protobuf JSON/YAML writer leaves it (`protomarshal.ToYAML`):
/// without fields at their zero value. Istio writes each layer of the effective ProxyConfig
/// this way before merging it, so a zero value in a layer never overrides a lower layer.
pub fn without_zero_fields(pc: &Value) -> Value {
    let fields = pc.as_object().into_iter().flatten();
    Value::Object(
        fields
            .filter(|(k, v)| !proto_json_omits(k, v))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    )
}

/// Whether protobuf JSON leaves the ProxyConfig field out: zero values of fields without
/// presence (a wrapper such as `concurrency`, a message, a oneof member print even at zero
/// once set; an empty map does not).
fn proto_json_omits(field: &str, v: &Value) -> bool {
    PROXY_CONFIG.field(field).is_none_or(|kind| kind.omits(v))
}

/// `InboundTrafficPolicyMode`: `localhost` for mode LOCALHOST, otherwise `passthrough`.
pub fn inbound_traffic_policy_mode(mesh: &Value) -> &'static str {
    match mesh
        .at(&["inboundTrafficPolicy", "mode"])
        .and_then(Value::as_str)
    {
        Some("LOCALHOST") => "localhost",
        _ => "passthrough",
    }
}

/// The mesh's `defaultConfig.statusPort`, which the webhook's probe rewrite and Prometheus
/// merge use whatever the pod's own ProxyConfig says (see `inject::agent_status_port`).
pub fn mesh_status_port(mesh: &Value) -> i64 {
    mesh.at(&["defaultConfig", "statusPort"])
        .and_then(Value::as_i64)
        .unwrap_or(15020)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn default_proxy_config_renders_empty() {
        assert_eq!(proxy_config_json(proxy_config_defaults()), "{}");
    }

    #[test]
    fn proxy_metadata_merges_and_non_defaults_show() {
        let base = merge_proxy_config(
            proxy_config_defaults(),
            &json!({"proxyMetadata": {"A": "1"}}),
        )
        .unwrap();
        let pc = merge_proxy_config(&base, &json!({"proxyMetadata": {"B": "2"}, "holdApplicationUntilProxyStarts": true, "statusPort": 15020})).unwrap();
        assert_eq!(pc["proxyMetadata"], json!({"A": "1", "B": "2"}));
        let out: Value = serde_json::from_str(&proxy_config_json(&pc)).unwrap();
        assert_eq!(
            out,
            json!({"proxyMetadata": {"A": "1", "B": "2"}, "holdApplicationUntilProxyStarts": true})
        );
    }

    /// Istio's `protoToJSON` walks the fields in the `.proto`'s order (istiod 1.31 stored
    /// these texts); serde_json would sort them.
    #[test]
    fn proxy_config_json_follows_the_proto_declaration_order() {
        let cases = [
            (
                json!({"concurrency": 3, "discoveryAddress": "istiod-canary.istio-system.svc:15012"}),
                r#"{"discoveryAddress":"istiod-canary.istio-system.svc:15012","concurrency":3}"#,
            ),
            (
                json!({"proxyMetadata": {"ISTIO_META_TLS_CLIENT_KEY": "/etc/identity2/client/keys/client-key.pem", "FOO": "bar"},
                    "concurrency": 0, "discoveryAddress": "foo:123"}),
                r#"{"discoveryAddress":"foo:123","concurrency":0,"proxyMetadata":{"FOO":"bar","ISTIO_META_TLS_CLIENT_KEY":"/etc/identity2/client/keys/client-key.pem"}}"#,
            ),
            (
                json!({"tracing": {"sampling": 10, "max_path_tag_length": 256, "zipkin": {"address": "zipkin:9411"},
                    "custom_tags": {"b": {"literal": {"value": "x"}}, "a": {"environment": {"default_value": "d", "name": "N"}}}}}),
                r#"{"tracing":{"zipkin":{"address":"zipkin:9411"},"customTags":{"a":{"environment":{"name":"N","defaultValue":"d"}},"b":{"literal":{"value":"x"}}},"maxPathTagLength":256,"sampling":10}}"#,
            ),
            (
                json!({"proxyStatsMatcher": {"inclusionRegexps": [".*"], "inclusionPrefixes": ["a"]},
                    "gatewayTopology": {"proxyProtocol": {}, "forwardClientCertDetails": "SANITIZE", "numTrustedProxies": 2}}),
                r#"{"gatewayTopology":{"numTrustedProxies":2,"forwardClientCertDetails":"SANITIZE","proxyProtocol":{}},"proxyStatsMatcher":{"inclusionPrefixes":["a"],"inclusionRegexps":[".*"]}}"#,
            ),
        ];
        for (overlay, want) in cases {
            let pc = merge_proxy_config(proxy_config_defaults(), &overlay).unwrap();
            assert_eq!(proxy_config_json(&pc), want, "{overlay}");
        }
    }

    /// jsonpb leaves out a zero value only where the field has no presence: a wrapper set to
    /// false and a message set to `{}` are written, an empty map and a zero scalar inside a
    /// message are not.
    #[test]
    fn zero_values_are_left_out_where_protobuf_json_leaves_them_out() {
        let overlay = json!({"statsCompression": false, "tracing": {"sampling": 0}, "proxyMetadata": {},
            "gatewayTopology": {"forwardClientCertDetails": "UNDEFINED"}, "meshId": ""});
        let pc = merge_proxy_config(proxy_config_defaults(), &overlay).unwrap();
        assert_eq!(
            proxy_config_json(&pc),
            r#"{"tracing":{},"gatewayTopology":{},"statsCompression":false}"#
        );
        assert_eq!(
            without_zero_fields(&overlay),
            json!({"statsCompression": false, "tracing": {"sampling": 0},
                "gatewayTopology": {"forwardClientCertDetails": "UNDEFINED"}})
        );
    }

    #[test]
    fn unknown_fields_are_dropped_and_proto_names_read() {
        let pc = merge_proxy_config(
            proxy_config_defaults(),
            &json!({"holdApplicationUntilProxyStart": true, "stat_name_length": 100}),
        )
        .unwrap();
        assert!(pc.get("holdApplicationUntilProxyStart").is_none());
        assert_eq!(pc["statNameLength"], 100);
        assert_eq!(proxy_config_json(&pc), r#"{"statNameLength":100}"#);
    }

    #[test]
    fn enums_read_by_name_or_number_and_zero_values_are_left_out() {
        let base = proxy_config_defaults();
        let overlay = json!({"tracingServiceName": 2, "controlPlaneAuthPolicy": "NONE"});
        let pc = merge_proxy_config(base, &overlay).unwrap();
        assert_eq!(pc["tracingServiceName"], "CANONICAL_NAME_AND_NAMESPACE");
        assert_eq!(
            proxy_config_json(&pc),
            r#"{"tracingServiceName":"CANONICAL_NAME_AND_NAMESPACE"}"#
        );
        assert!(merge_proxy_config(base, &json!({"interceptionMode": 7})).is_err());
        // A oneof member is written even at its zero value.
        let pc = merge_proxy_config(base, &json!({"tracingServiceName": 0})).unwrap();
        assert_eq!(
            proxy_config_json(&pc),
            r#"{"tracingServiceName":"APP_LABEL_AND_NAMESPACE"}"#
        );
    }

    #[test]
    fn scalar_types_are_checked_and_quoted_integers_read() {
        let base = proxy_config_defaults();
        let pc = merge_proxy_config(base, &json!({"concurrency": "2"})).unwrap();
        assert_eq!(pc["concurrency"], 2);
        let err = merge_proxy_config(base, &json!({"holdApplicationUntilProxyStarts": "maybe"}))
            .unwrap_err();
        assert_eq!(
            err,
            r#"holdApplicationUntilProxyStarts: must be true or false, got "maybe""#
        );
        assert!(merge_proxy_config(base, &json!({"statusPort": "abc"})).is_err());
        for bad in [
            json!({"concurrency": 4294967296_i64}),
            json!({"tracing": 3}),
            json!({"proxyMetadata": {"A": 1}}),
            json!({"meshId": 7}),
            json!({"extraStatTags": "a"}),
        ] {
            assert!(merge_proxy_config(base, &bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn durations_read_as_go_and_print_as_protobuf_json() {
        let pc = merge_proxy_config(
            proxy_config_defaults(),
            &json!({"terminationDrainDuration": "1.5s", "drainDuration": "1m",
                "envoyMetricsService": {"tcpKeepalive": {"time": "300ms"}}, "concurrency": -1}),
        )
        .unwrap();
        assert_eq!(pc["terminationDrainDuration"], "1.500s");
        assert_eq!(pc["drainDuration"], "60s");
        assert_eq!(pc["envoyMetricsService"]["tcpKeepalive"]["time"], "0.300s");
        let nested = json!({"privateKeyProvider": {"cryptomb": {"pollDelay": "10ms"}}});
        let pc = merge_proxy_config(proxy_config_defaults(), &nested).unwrap();
        assert_eq!(pc["privateKeyProvider"]["cryptomb"]["pollDelay"], "0.010s");
        assert_eq!(
            crate::config::proxy_config::rules::validate(&pc),
            Ok(()),
            "Istio bounds neither"
        );
        let err = merge_proxy_config(proxy_config_defaults(), &json!({"drainDuration": "abc"}))
            .unwrap_err();
        assert_eq!(
            err,
            r#"drainDuration: bad Duration: time: invalid duration "abc""#
        );
    }

    #[test]
    fn mesh_applies_over_defaults() {
        let m = apply_mesh_config(&json!({"trustDomain": "example.org", "defaultConfig": {"statusPort": 15030}, "inboundTrafficPolicy": {"mode": "LOCALHOST"}})).unwrap();
        assert_eq!(m["trustDomain"], "example.org");
        assert_eq!(mesh_status_port(&m), 15030);
        assert_eq!(
            m["defaultConfig"]["discoveryAddress"],
            "istiod.istio-system.svc:15012"
        );
        assert_eq!(inbound_traffic_policy_mode(&m), "localhost");
    }

    #[test]
    fn a_set_field_replaces_the_base_whole_except_metadata_and_proxy_headers() {
        let base = proxy_config_defaults().clone();
        let tracing = json!({"zipkin": {"address": "zipkin:9411"}, "sampling": 5.0});
        let base = merge_proxy_config(&base, &json!({"tracing": tracing})).unwrap();
        let pc = merge_proxy_config(&base, &json!({"tracing": {"sampling": 10.0}})).unwrap();
        assert_eq!(pc["tracing"], json!({"sampling": 10.0}));
        let pc = merge_proxy_config(&base, &json!({"tracing": {}, "statusPort": null})).unwrap();
        assert_eq!(pc["tracing"], json!({}));
        assert_eq!(pc["statusPort"], 15020, "a null field is skipped");

        let base = json!({"proxyHeaders": {"server": {"disabled": true},
            "requestId": {"disabled": true}, "preserveHttp1HeaderCase": true}});
        let pc = merge_proxy_config(&base, &json!({"proxyHeaders": {"server": {}}})).unwrap();
        assert_eq!(
            pc["proxyHeaders"],
            json!({"server": {}, "requestId": {"disabled": true}}),
            "Istio keeps only its five header settings from the base"
        );
    }
}
