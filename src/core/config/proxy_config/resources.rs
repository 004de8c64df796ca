//! ProxyConfig resources (`networking.istio.io/v1beta1` `ProxyConfig`) and the effective
//! ProxyConfig of a pod as istiod's webhook computes it from them (Istio's
//! `ProxyConfigs.EffectiveProxyConfig`).

use crate::core::compat::yaml;
use crate::core::config::{kind_of, mesh};
use crate::core::validate::proxy_config::decode_spec;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

pub const API_VERSION: &str = "networking.istio.io/v1beta1";
pub const KIND: &str = "ProxyConfig";

/// One ProxyConfig resource, reduced to what the injector reads from it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProxyConfigResource {
    pub namespace: String,
    pub name: String,
    /// `metadata.creationTimestamp` as the apiserver writes it (RFC 3339 in UTC, whole
    /// seconds), so the text sorts as the time does; a resource without one sorts first, as
    /// Go's zero time does.
    created: Option<String>,
    /// `None` for a namespace-wide resource; a resource with a selector but no labels in it
    /// applies to no pod (Istio treats it as neither namespace-wide nor workload-selected).
    selector: Option<BTreeMap<String, String>>,
    /// What the resource contributes, as mesh ProxyConfig fields: only `concurrency`,
    /// `environmentVariables` (as `proxyMetadata`) and `image` (`toMeshConfigProxyConfig`).
    layer: Value,
}

impl ProxyConfigResource {
    /// Read a ProxyConfig object; the error names the object (when it has a name) and the
    /// field that is wrong.
    pub fn from_object(object: &Value) -> Result<Self, String> {
        let Some(fields) = object.as_object() else {
            return Err(format!(
                "expected a {KIND} object, found {}",
                kind_of(object)
            ));
        };
        let text = |key: &str| fields.get(key).and_then(Value::as_str).unwrap_or_default();
        if text("apiVersion") != API_VERSION || text("kind") != KIND {
            return Err(format!(
                "expected apiVersion {API_VERSION} and kind {KIND}, found apiVersion {:?} and kind {:?}",
                text("apiVersion"),
                text("kind")
            ));
        }
        let empty = Map::new();
        let meta = match fields.get("metadata") {
            None | Some(Value::Null) => &empty,
            Some(Value::Object(m)) => m,
            Some(other) => {
                return Err(format!(
                    "{KIND}: metadata: expected a mapping, found {}",
                    kind_of(other)
                ));
            }
        };
        let meta_text = |key: &str| meta.get(key).and_then(Value::as_str).unwrap_or_default();
        let (name, namespace) = (meta_text("name"), meta_text("namespace"));
        if name.is_empty() {
            return Err(format!("{KIND}: metadata.name is required"));
        }
        let described = format!("{KIND} {namespace}/{name}");
        if namespace.is_empty() {
            return Err(format!(
                "{KIND} {name}: metadata.namespace is required (a {KIND} applies to the pods of \
                 its namespace, or to the whole mesh in the root namespace)"
            ));
        }
        let created = match meta.get("creationTimestamp") {
            None | Some(Value::Null) => None,
            Some(Value::String(t)) if is_apiserver_time(t) => Some(t.clone()),
            Some(other) => {
                return Err(format!(
                    "{described}: metadata.creationTimestamp: expected a UTC time such as \
                     2024-01-02T03:04:05Z, found {other}"
                ));
            }
        };
        let spec = decode_spec(fields.get("spec").unwrap_or(&json!({})))
            .map_err(|e| format!("{described}: spec: {e}"))?;
        let mut layer = Map::new();
        if let Some(concurrency) = spec.concurrency {
            layer.insert("concurrency".into(), concurrency.into());
        }
        if let Some(env) = spec.environment_variables {
            layer.insert("proxyMetadata".into(), json!(env));
        }
        if let Some(image) = spec.image {
            layer.insert("image".into(), json!({ "imageType": image.image_type }));
        }
        Ok(Self {
            namespace: namespace.to_string(),
            name: name.to_string(),
            created,
            selector: spec.selector.map(|s| s.match_labels),
            layer: Value::Object(layer),
        })
    }

    fn selects(&self, labels: Option<&Map<String, Value>>) -> bool {
        let Some(selector) = self.selector.as_ref().filter(|s| !s.is_empty()) else {
            return false;
        };
        selector
            .iter()
            .all(|(k, v)| labels.and_then(|l| l.get(k)).and_then(Value::as_str) == Some(v.as_str()))
    }
}

/// The ProxyConfig objects of a YAML stream: each document a ProxyConfig, or a `List` (or
/// `ProxyConfigList`) of them, as `kubectl get -o yaml` writes. The error names the document
/// (and item) and what is wrong with it.
pub fn read_stream(text: &str) -> Result<Vec<ProxyConfigResource>, String> {
    let mut out = Vec::new();
    for (index, doc) in yaml::split_documents(text).into_iter().enumerate() {
        let at = format!("document {index} (starting at line {})", doc.first_line);
        let object = yaml::parse_one(doc.text).map_err(|e| format!("{at}: {e}"))?;
        let kind = object
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if kind == "List" || kind == "ProxyConfigList" {
            let items = match object.get("items") {
                None | Some(Value::Null) => &Vec::new(),
                Some(Value::Array(items)) => items,
                Some(other) => {
                    return Err(format!(
                        "{at}: items: expected a list, found {}",
                        kind_of(other)
                    ));
                }
            };
            for (i, item) in items.iter().enumerate() {
                out.push(
                    ProxyConfigResource::from_object(item)
                        .map_err(|e| format!("{at}: items[{i}]: {e}"))?,
                );
            }
        } else {
            out.push(ProxyConfigResource::from_object(&object).map_err(|e| format!("{at}: {e}"))?);
        }
    }
    Ok(out)
}

/// `YYYY-MM-DDTHH:MM:SSZ`, the form in which the apiserver writes every timestamp.
fn is_apiserver_time(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() == 20
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            10 => *c == b'T',
            13 | 16 => *c == b':',
            19 => *c == b'Z',
            _ => c.is_ascii_digit(),
        })
}

/// The ProxyConfig resources of the cluster (or of the files kube-inject is given), grouped by
/// namespace, each namespace's in Istio's order: oldest first, then by name
/// (`sortConfigByCreationTime`). The first match wins at each level.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProxyConfigs {
    by_namespace: BTreeMap<String, Vec<ProxyConfigResource>>,
}

impl ProxyConfigs {
    pub fn new(mut resources: Vec<ProxyConfigResource>) -> Self {
        resources.sort_by(|a, b| {
            (&a.created, &a.name, &a.namespace).cmp(&(&b.created, &b.name, &b.namespace))
        });
        let mut by_namespace: BTreeMap<String, Vec<ProxyConfigResource>> = BTreeMap::new();
        for r in resources {
            by_namespace.entry(r.namespace.clone()).or_default().push(r);
        }
        Self { by_namespace }
    }

    /// The oldest resource of the namespace without a selector.
    fn namespace_wide(&self, namespace: &str) -> Option<&Value> {
        let resources = self.by_namespace.get(namespace)?;
        let found = resources.iter().find(|r| r.selector.is_none());
        found.map(|r| &r.layer)
    }

    /// The oldest resource of the namespace whose selector's labels are all on the pod.
    fn for_workload(&self, namespace: &str, labels: Option<&Map<String, Value>>) -> Option<&Value> {
        let resources = self.by_namespace.get(namespace)?;
        let found = resources.iter().find(|r| r.selects(labels));
        found.map(|r| &r.layer)
    }

    /// The pod's effective ProxyConfig, lowest layer first: Istio's defaults, the mesh's
    /// `defaultConfig`, the root namespace's resource, the pod namespace's resource (unless
    /// that is the root namespace), the `proxy.istio.io/config` annotation (`annotation`, as
    /// parsed from YAML), then the workload-selected resource. Each layer is written without
    /// its zero-valued fields before it is merged, as Istio's proto round trip does. The error
    /// is about the annotation: the resources were checked when they were read.
    pub fn effective(
        &self,
        mesh_config: &Value,
        namespace: &str,
        labels: Option<&Map<String, Value>>,
        annotation: Option<&Value>,
    ) -> Result<Value, String> {
        let root = mesh_config["rootNamespace"].as_str().unwrap_or_default();
        let annotation = annotation
            .map(|a| mesh::merge_proxy_config(&json!({}), a))
            .transpose()?;
        let mut layers = vec![mesh::proxy_config_defaults(), &mesh_config["defaultConfig"]];
        if !root.is_empty() {
            layers.extend(self.namespace_wide(root));
        }
        if namespace != root {
            layers.extend(self.namespace_wide(namespace));
        }
        layers.extend(annotation.as_ref());
        layers.extend(self.for_workload(namespace, labels));
        let mut merged = json!({});
        for layer in layers {
            merged = mesh::merge_proxy_config(&merged, &mesh::without_zero_fields(layer))?;
        }
        Ok(merged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = "istio-system";

    fn resource(name: &str, namespace: &str, spec: Value) -> ProxyConfigResource {
        resource_at(name, namespace, None, spec)
    }

    fn resource_at(
        name: &str,
        namespace: &str,
        created: Option<&str>,
        spec: Value,
    ) -> ProxyConfigResource {
        let object = json!({
            "apiVersion": API_VERSION,
            "kind": KIND,
            "metadata": {"name": name, "namespace": namespace, "creationTimestamp": created},
            "spec": spec,
        });
        ProxyConfigResource::from_object(&object).unwrap()
    }

    fn mesh_with(default_config: Value) -> Value {
        mesh::apply_mesh_config(&json!({"rootNamespace": ROOT, "defaultConfig": default_config}))
            .unwrap()
    }

    /// What Istio's tests expect: the expected fields merged onto `mesh.DefaultProxyConfig()`.
    fn defaults_with(expected: Value) -> Value {
        mesh::merge_proxy_config(mesh::proxy_config_defaults(), &expected).unwrap()
    }

    fn effective_for(
        resources: Vec<ProxyConfigResource>,
        default_config: Value,
        namespace: &str,
        labels: Value,
        annotation: Option<Value>,
    ) -> Value {
        let labels = labels.as_object().cloned();
        ProxyConfigs::new(resources)
            .effective(
                &mesh_with(default_config),
                namespace,
                labels.as_ref(),
                annotation.as_ref(),
            )
            .unwrap()
    }

    #[test]
    fn a_resource_contributes_concurrency_environment_and_image_only() {
        let r = resource("pc", "ns", json!({"concurrency": 3}));
        assert_eq!(r.layer, json!({"concurrency": 3}));
        let r = resource(
            "pc",
            "ns",
            json!({"environmentVariables": {"a": "b", "c": "d"}, "image": {"imageType": "debug"}}),
        );
        assert_eq!(
            r.layer,
            json!({"proxyMetadata": {"a": "b", "c": "d"}, "image": {"imageType": "debug"}})
        );
    }

    /// `mergeWithPrecedence(first, second)`: the first wins.
    fn merged(first: Value, second: Value) -> Value {
        let mut out = json!({});
        for layer in [second, first] {
            out = mesh::merge_proxy_config(&out, &mesh::without_zero_fields(&layer)).unwrap();
        }
        out
    }

    #[test]
    fn earlier_layers_take_precedence() {
        let cases = [
            (
                json!({"concurrency": 1}),
                json!({"concurrency": 2}),
                json!({"concurrency": 1}),
            ),
            (
                json!({"concurrency": 0}),
                json!({"concurrency": 2}),
                json!({"concurrency": 0}),
            ),
            (
                json!({}),
                json!({"concurrency": 2}),
                json!({"concurrency": 2}),
            ),
            (
                json!({"concurrency": 2}),
                json!({}),
                json!({"concurrency": 2}),
            ),
            (json!({}), json!({}), json!({})),
            (
                json!({"proxyMetadata": {"a": "x", "b": "y"}}),
                json!({"proxyMetadata": {"a": "z", "b": "y", "c": "d"}}),
                json!({"proxyMetadata": {"a": "x", "b": "y", "c": "d"}}),
            ),
            (
                json!({"proxyMetadata": {}}),
                json!({"proxyMetadata": {"a": "z", "b": "y", "c": "d"}}),
                json!({"proxyMetadata": {"a": "z", "b": "y", "c": "d"}}),
            ),
            (
                Value::Null,
                json!({"proxyMetadata": {"a": "z"}}),
                json!({"proxyMetadata": {"a": "z"}}),
            ),
            (
                json!({"terminationDrainDuration": "0.500s"}),
                json!({"terminationDrainDuration": "5s"}),
                mesh::merge_proxy_config(&json!({}), &json!({"terminationDrainDuration": "0.5s"}))
                    .unwrap(),
            ),
            (
                json!({"tracing": {}}),
                json!({"tracing": mesh::proxy_config_defaults()["tracing"]}),
                json!({"tracing": {}}),
            ),
            (
                json!({"tracing": {"datadog": {}}}),
                json!({"tracing": {"zipkin": {"address": "zipkin.istio-system:9411"}}}),
                json!({"tracing": {"datadog": {}}}),
            ),
        ];
        for (first, second, expected) in cases {
            assert_eq!(
                merged(first.clone(), second.clone()),
                expected,
                "{first} over {second}"
            );
        }
    }

    #[test]
    fn a_namespace_resource_applies_to_its_namespace() {
        let pc = effective_for(
            vec![resource(
                "ns",
                "test-ns",
                json!({"concurrency": 3, "image": {"imageType": "debug"}}),
            )],
            json!(null),
            "test-ns",
            json!(null),
            None,
        );
        assert_eq!(
            pc,
            defaults_with(json!({"concurrency": 3, "image": {"imageType": "debug"}}))
        );
    }

    #[test]
    fn a_root_namespace_resource_wins_over_the_mesh_default() {
        let pc = effective_for(
            vec![resource("ns", ROOT, json!({"concurrency": 3}))],
            json!({"concurrency": 2}),
            "bar",
            json!(null),
            None,
        );
        assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
    }

    #[test]
    fn a_workload_resource_wins_over_the_namespace_resource() {
        let pc = effective_for(
            vec![
                resource(
                    "workload",
                    "test-ns",
                    json!({"selector": {"matchLabels": {"test": "selector"}}, "concurrency": 3}),
                ),
                resource("ns", "test-ns", json!({"concurrency": 2})),
            ],
            json!(null),
            "test-ns",
            json!({"test": "selector"}),
            None,
        );
        assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
    }

    #[test]
    fn a_workload_resource_wins_over_the_annotation() {
        let pc = effective_for(
            vec![resource(
                "workload",
                "test-ns",
                json!({
                    "selector": {"matchLabels": {"test": "selector"}},
                    "concurrency": 3,
                    "image": {"imageType": "debug"},
                }),
            )],
            json!(null),
            "test-ns",
            json!({"test": "selector"}),
            Some(json!({"concurrency": 5})),
        );
        assert_eq!(
            pc,
            defaults_with(json!({"concurrency": 3, "image": {"imageType": "debug"}}))
        );
    }

    #[test]
    fn the_annotation_wins_over_namespace_resources() {
        let pc = effective_for(
            vec![
                resource("global", ROOT, json!({"concurrency": 1})),
                resource(
                    "ns",
                    "test-ns",
                    json!({"concurrency": 2, "environmentVariables": {"A": "ns"}}),
                ),
            ],
            json!(null),
            "test-ns",
            json!(null),
            Some(json!({"concurrency": 5, "proxyMetadata": {"B": "pod"}})),
        );
        assert_eq!(
            pc,
            defaults_with(json!({"concurrency": 5, "proxyMetadata": {"A": "ns", "B": "pod"}}))
        );
    }

    #[test]
    fn resources_of_other_namespaces_are_ignored() {
        let pc = effective_for(
            vec![
                resource("ns", "wrong-ns", json!({"concurrency": 1})),
                resource(
                    "workload",
                    "wrong-ns",
                    json!({"selector": {"matchLabels": {"test": "selector"}}, "concurrency": 2}),
                ),
                resource("global", ROOT, json!({"concurrency": 3})),
            ],
            json!(null),
            "test-ns",
            json!({"test": "selector"}),
            None,
        );
        assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
    }

    fn three_at(selector: Option<Value>) -> Vec<ProxyConfigResource> {
        let now = "2024-05-01T10:00:00Z";
        let later = "2024-05-01T11:00:00Z";
        [
            ("workload-c", later, "C"),
            ("workload-b", later, "B"),
            ("workload-a", now, "A"),
        ]
        .into_iter()
        .map(|(name, at, key)| {
            let mut spec = json!({"environmentVariables": {key: key}});
            if let Some(s) = &selector {
                spec["selector"] = s.clone();
            }
            resource_at(name, "test-ns", Some(at), spec)
        })
        .collect()
    }

    #[test]
    fn of_several_matching_resources_the_oldest_applies() {
        let selector = json!({"matchLabels": {"test": "selector"}});
        for resources in [three_at(Some(selector)), three_at(None)] {
            let pc = effective_for(
                resources,
                json!(null),
                "test-ns",
                json!({"test": "selector"}),
                Some(json!({})),
            );
            assert_eq!(pc, defaults_with(json!({"proxyMetadata": {"A": "A"}})));
        }
    }

    #[test]
    fn at_the_same_creation_time_the_first_name_applies() {
        let at = Some("2024-05-01T10:00:00Z");
        let resources = vec![
            resource_at("b", "test-ns", at, json!({"concurrency": 2})),
            resource_at("a", "test-ns", at, json!({"concurrency": 1})),
        ];
        let pc = effective_for(resources, json!(null), "test-ns", json!(null), None);
        assert_eq!(pc, defaults_with(json!({"concurrency": 1})));
    }

    #[test]
    fn nothing_configured_gives_istios_defaults() {
        let pc = effective_for(vec![], json!(null), "ns", json!(null), None);
        assert_eq!(&pc, mesh::proxy_config_defaults());
    }

    #[test]
    fn a_selector_without_labels_applies_to_no_pod() {
        let pc = effective_for(
            vec![resource(
                "empty",
                "test-ns",
                json!({"selector": {}, "concurrency": 4}),
            )],
            json!(null),
            "test-ns",
            json!({"app": "x"}),
            None,
        );
        assert_eq!(&pc, mesh::proxy_config_defaults());
    }

    #[test]
    fn a_pod_of_the_root_namespace_gets_the_root_resource() {
        let pc = effective_for(
            vec![resource("global", ROOT, json!({"concurrency": 3}))],
            json!(null),
            ROOT,
            json!(null),
            None,
        );
        assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
    }

    #[test]
    fn a_zero_value_in_a_layer_does_not_override_a_lower_layer() {
        // REDIRECT is the enum's zero value: Istio's round trip drops it from the annotation.
        let pc = effective_for(
            vec![],
            json!({"interceptionMode": "TPROXY"}),
            "ns",
            json!(null),
            Some(json!({"interceptionMode": "REDIRECT", "holdApplicationUntilProxyStarts": false})),
        );
        assert_eq!(pc["interceptionMode"], "TPROXY");
        assert_eq!(pc["holdApplicationUntilProxyStarts"], false);
    }

    #[test]
    fn bad_objects_are_named_with_the_field() {
        let object = |metadata: Value, spec: Value| json!({"apiVersion": API_VERSION, "kind": KIND, "metadata": metadata, "spec": spec});
        let cases = [
            (
                json!([]),
                "expected a ProxyConfig object, found a list".to_string(),
            ),
            (
                json!({"apiVersion": "v1", "kind": "ConfigMap"}),
                "found apiVersion \"v1\" and kind \"ConfigMap\"".into(),
            ),
            (
                object(json!({"namespace": "a"}), json!({})),
                "metadata.name is required".into(),
            ),
            (
                object(json!({"name": "pc"}), json!({})),
                "ProxyConfig pc: metadata.namespace is required".into(),
            ),
            (
                object(
                    json!({"name": "pc", "namespace": "a"}),
                    json!({"concurrency": "x"}),
                ),
                "ProxyConfig a/pc: spec: ".into(),
            ),
            (
                object(
                    json!({"name": "pc", "namespace": "a", "creationTimestamp": "yesterday"}),
                    json!({}),
                ),
                "ProxyConfig a/pc: metadata.creationTimestamp: expected a UTC time".into(),
            ),
        ];
        for (object, expected) in cases {
            let err = ProxyConfigResource::from_object(&object).unwrap_err();
            assert!(
                err.contains(&expected),
                "{err:?} should contain {expected:?}"
            );
        }
    }

    #[test]
    fn a_stream_holds_objects_and_lists() {
        let text = "apiVersion: networking.istio.io/v1beta1\nkind: ProxyConfig\n\
                    metadata: {name: a, namespace: x}\nspec: {concurrency: 1}\n---\n\
                    apiVersion: v1\nkind: List\nitems:\n\
                    - {apiVersion: networking.istio.io/v1beta1, kind: ProxyConfig, metadata: {name: b, namespace: z}}\n";
        let names: Vec<String> = read_stream(text)
            .unwrap()
            .into_iter()
            .map(|r| format!("{}/{}", r.namespace, r.name))
            .collect();
        assert_eq!(names, ["x/a", "z/b"]);
        let bad = "apiVersion: v1\nkind: List\nitems:\n- {kind: ProxyConfig}\n";
        let err = read_stream(bad).unwrap_err();
        assert!(
            err.starts_with("document 0 (starting at line 1): items[0]: expected apiVersion"),
            "{err}"
        );
        let err = read_stream("a: b\n---\n: : :\n").unwrap_err();
        assert!(
            err.starts_with("document 0 (starting at line 1): expected apiVersion"),
            "{err}"
        );
    }
}
