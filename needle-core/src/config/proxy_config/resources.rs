//! ProxyConfig resources (`networking.istio.io/v1beta1` `ProxyConfig`) and the effective
//! ProxyConfig of a pod as istiod's webhook computes it from them (Istio's
//! `ProxyConfigs.EffectiveProxyConfig`).

use crate::compat::yaml;
use crate::config::{Generation, kind_of, mesh};
use crate::validate::proxy_config::decode_spec;
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
#[derive(Debug, Clone, Default)]
pub struct ProxyConfigs {
    by_namespace: BTreeMap<String, Vec<ProxyConfigResource>>,
    /// This set among all others loaded in the process (the replica cache's key holds it).
    generation: Generation,
}

/// Two sets are equal when they hold the same resources, whichever load they came from.
impl PartialEq for ProxyConfigs {
    fn eq(&self, other: &Self) -> bool {
        self.by_namespace == other.by_namespace
    }
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
        Self {
            by_namespace,
            generation: Generation::next(),
        }
    }

    pub fn generation(&self) -> Generation {
        self.generation
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
mod tests;
