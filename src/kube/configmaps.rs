//! The injector configuration from Istio's ConfigMaps through the API, as istiod reads them:
//! one watch per named ConfigMap (`istio-sidecar-injector`: keys `config` and `values`;
//! `istio`: key `mesh`), and every add, update or delete rebuilds the snapshot and hands it
//! to `Live`, which keeps the last good one when the new one is bad.

use super::watch::{self, WatchMetrics};
use crate::core::inject::Snapshot;
use crate::sources::{ConfigPaths, LoadError};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::runtime::watcher;
use kube::{Api, Client};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// A ConfigMap named as `NAMESPACE/NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigMapRef {
    pub namespace: String,
    pub name: String,
}

impl std::str::FromStr for ConfigMapRef {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.split_once('/') {
            Some((ns, name)) if !ns.is_empty() && !name.is_empty() && !name.contains('/') => {
                Ok(Self {
                    namespace: ns.into(),
                    name: name.into(),
                })
            }
            _ => Err(format!("{s:?} is not NAMESPACE/NAME")),
        }
    }
}

impl std::fmt::Display for ConfigMapRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.namespace, self.name)
    }
}

/// Which ConfigMaps to read; an input without one comes from `ConfigPaths` (a file or the
/// embedded default).
#[derive(Debug, Clone, Default)]
pub struct ConfigMapSource {
    pub injector: Option<ConfigMapRef>,
    pub mesh: Option<ConfigMapRef>,
}

impl ConfigMapSource {
    pub fn is_empty(&self) -> bool {
        self.injector.is_none() && self.mesh.is_none()
    }

    /// What readiness says until the first good load.
    pub fn awaiting(&self) -> String {
        let names: Vec<String> = [&self.injector, &self.mesh]
            .into_iter()
            .flatten()
            .map(|r| format!("ConfigMap {r}"))
            .collect();
        format!("waiting for {}", names.join(" and "))
    }
}

/// The ConfigMaps as last seen; `None` until the watch has listed, `Some(None)` if absent.
#[derive(Default)]
struct Seen {
    injector: Option<Option<BTreeMap<String, String>>>,
    mesh: Option<Option<BTreeMap<String, String>>>,
}

/// The value of `key`, with Istio's message when the ConfigMap or the key is missing.
fn key(
    cm: &ConfigMapRef,
    data: &Option<BTreeMap<String, String>>,
    key: &str,
    what: &str,
) -> Result<(String, String), LoadError> {
    let data = data.as_ref().ok_or_else(|| LoadError::ConfigMap {
        configmap: cm.to_string(),
        message: "no ConfigMap found".into(),
    })?;
    let text = data.get(key).ok_or_else(|| LoadError::ConfigMap {
        configmap: cm.to_string(),
        message: format!("missing ConfigMap {what} key {key:?}"),
    })?;
    Ok((format!("ConfigMap {cm} key {key}"), text.clone()))
}

/// Build the snapshot from what was seen, the files filling in what no ConfigMap gives.
fn build(
    source: &ConfigMapSource,
    files: &ConfigPaths,
    seen: &Seen,
) -> Result<Snapshot, LoadError> {
    let mut texts = files.read()?;
    if let (Some(cm), Some(data)) = (&source.injector, &seen.injector) {
        texts.config = Some(key(cm, data, "config", "config")?);
        texts.values = Some(key(cm, data, "values", "values")?);
    }
    if let (Some(cm), Some(data)) = (&source.mesh, &seen.mesh) {
        texts.mesh = Some(key(cm, data, "mesh", "mesh")?);
    }
    texts.build(files)
}

/// Read the ConfigMaps once (for a command, not a server) and build the snapshot.
pub async fn load_once(
    client: &Client,
    source: &ConfigMapSource,
    files: &ConfigPaths,
) -> Result<Snapshot, LoadError> {
    let read = |cm: ConfigMapRef| async move {
        let api: Api<ConfigMap> = Api::namespaced(client.clone(), &cm.namespace);
        match api.get_opt(&cm.name).await {
            Ok(found) => Ok(Some(found.map(|c| c.data.unwrap_or_default()))),
            Err(e) => Err(LoadError::ConfigMap {
                configmap: cm.to_string(),
                message: e.to_string(),
            }),
        }
    };
    let mut seen = Seen::default();
    if let Some(cm) = &source.injector {
        seen.injector = read(cm.clone()).await?;
    }
    if let Some(cm) = &source.mesh {
        seen.mesh = read(cm.clone()).await?;
    }
    build(source, files, &seen)
}

/// What a reload hands on: the new snapshot, or why there is none.
pub type Apply = Arc<dyn Fn(Result<Snapshot, LoadError>) + Send + Sync>;

/// Watch the ConfigMaps until the process ends, handing every change to `apply`. The first
/// load happens once every watched ConfigMap has been listed.
pub async fn watch(
    client: Client,
    source: ConfigMapSource,
    files: ConfigPaths,
    apply: Apply,
    metrics: WatchMetrics,
) {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let mut tasks = Vec::new();
    for (cm, is_injector) in [
        (source.injector.clone(), true),
        (source.mesh.clone(), false),
    ] {
        let Some(cm) = cm else { continue };
        let (client, source, files, apply, seen) = (
            client.clone(),
            source.clone(),
            files.clone(),
            apply.clone(),
            seen.clone(),
        );
        let health = metrics.health(format!("ConfigMap {cm}"));
        tasks.push(tokio::spawn(async move {
            let api: Api<ConfigMap> = Api::namespaced(client, &cm.namespace);
            let config = watcher::Config::default().fields(&format!("metadata.name={}", cm.name));
            let mut listing: Option<Option<BTreeMap<String, String>>> = None;
            watch::follow(api, config, health, |event| {
                let current = match event {
                    // The last snapshot serves until the ConfigMap is listed again.
                    Err(_) => return,
                    Ok(watcher::Event::Init) => {
                        listing = Some(None);
                        return;
                    }
                    Ok(watcher::Event::InitApply(object)) => {
                        listing = Some(Some(object.data.unwrap_or_default()));
                        return;
                    }
                    Ok(watcher::Event::InitDone) => listing.take().unwrap_or(None),
                    Ok(watcher::Event::Apply(object)) => Some(object.data.unwrap_or_default()),
                    Ok(watcher::Event::Delete(_)) => None,
                };
                let loaded = {
                    let mut seen = seen.lock().unwrap();
                    let slot = if is_injector {
                        &mut seen.injector
                    } else {
                        &mut seen.mesh
                    };
                    // A list after an outage that finds the ConfigMap as it was is no reload.
                    if slot.as_ref() == Some(&current) {
                        return;
                    }
                    *slot = Some(current);
                    let all_listed = (source.injector.is_none() || seen.injector.is_some())
                        && (source.mesh.is_none() || seen.mesh.is_some());
                    all_listed.then(|| build(&source, &files, &seen))
                };
                if let Some(loaded) = loaded {
                    apply(loaded);
                }
            })
            .await;
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::label::Labelled;

    fn cm() -> ConfigMapRef {
        "istio-system/istio-sidecar-injector".parse().unwrap()
    }

    fn data(pairs: &[(&str, &str)]) -> Option<Option<BTreeMap<String, String>>> {
        Some(Some(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        ))
    }

    fn injector_only() -> ConfigMapSource {
        ConfigMapSource {
            injector: Some(cm()),
            mesh: None,
        }
    }

    #[test]
    fn references_are_namespace_slash_name() {
        assert_eq!(cm().namespace, "istio-system");
        assert_eq!(cm().to_string(), "istio-system/istio-sidecar-injector");
        for bad in ["", "name", "/name", "ns/", "a/b/c"] {
            assert!(bad.parse::<ConfigMapRef>().is_err(), "{bad}");
        }
    }

    #[test]
    fn missing_configmaps_and_keys_have_istios_words() {
        let files = ConfigPaths::default();
        let absent = Seen {
            injector: Some(None),
            mesh: None,
        };
        let e = build(&injector_only(), &files, &absent).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ConfigMap istio-system/istio-sidecar-injector: no ConfigMap found"
        );
        for (pairs, missing) in [
            (
                &[("values", "{}")][..],
                r#"missing ConfigMap config key "config""#,
            ),
            (
                &[("config", "policy: enabled")][..],
                r#"missing ConfigMap values key "values""#,
            ),
        ] {
            let seen = Seen {
                injector: data(pairs),
                mesh: None,
            };
            let e = build(&injector_only(), &files, &seen).unwrap_err();
            assert!(e.to_string().ends_with(missing), "{e}");
            assert_eq!(e.label(), "configmap");
        }
    }

    #[test]
    fn the_configmap_texts_build_the_snapshot_and_name_its_errors() {
        let files = ConfigPaths::default();
        let good = Seen {
            injector: data(&[
                ("config", include_str!("../../defaults/config.yaml")),
                ("values", include_str!("../../defaults/values.json")),
            ]),
            mesh: None,
        };
        assert!(build(&injector_only(), &files, &good).is_ok());
        let broken = Seen {
            injector: data(&[("config", "policy: [unclosed"), ("values", "{}")]),
            mesh: None,
        };
        let e = build(&injector_only(), &files, &broken).unwrap_err();
        assert_eq!(e.label(), "syntax");
        assert!(
            e.to_string()
                .contains("ConfigMap istio-system/istio-sidecar-injector key config"),
            "{e}"
        );
    }
}
