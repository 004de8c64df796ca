//! What the pod asks of the injection before any template runs: the pod taken as the injector
//! reads it, its annotations checked, the proxy's cluster and network, its ProxyConfig and the
//! agent's status port.

use super::InjectError;
use crate::compat::path::At;
use crate::config::mesh;
use crate::config::proxy_config;
use crate::config::proxy_config::resources::ProxyConfigs;
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, Caller};
use crate::inject::pod::{self, INIT_CONTAINER, PROXY_CONTAINER, VALIDATION_CONTAINER};
use crate::inject::{annotations, openshift};
use crate::release::Release;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Istio's `DefaultSidecarProxyUID` (and GID): the proxy's user and group off OpenShift.
const DEFAULT_PROXY_ID: i64 = 1337;

/// The proxy's user and group.
#[derive(Debug, Clone, Copy)]
pub(super) struct ProxyIds {
    pub uid: i64,
    pub gid: i64,
}

/// The proxy as this pod gets it.
pub(super) struct Proxy<'a> {
    /// Its ProxyConfig: borrowed when it is the mesh default.
    pub config: Cow<'a, Value>,
    pub ids: ProxyIds,
    /// A native sidecar (an init container that keeps running).
    pub native: bool,
    /// The agent's status port, which the probe rewrite and the Prometheus merge point at.
    pub status_port: i64,
    /// Its cluster and network (`ISTIO_META_CLUSTER_ID`, `ISTIO_META_NETWORK`) and the webhook
    /// path's other variables.
    pub envs: BTreeMap<String, String>,
}

/// The request's pod, normalized unless it already is, and the proxy's user and group: on
/// OpenShift the namespace's (and a sidecar user copied from the app reset).
pub(super) fn take_pod(req: &mut Admission) -> (Value, ProxyIds) {
    let mut pod = req.take_normalized().into_value();
    let mut ids = ProxyIds {
        uid: DEFAULT_PROXY_ID,
        gid: DEFAULT_PROXY_ID,
    };
    if let Some(ns) = req.openshift_namespace {
        (ids.uid, ids.gid) = openshift::proxy_ids(Some(ns));
        reset_sidecar_user_matching_app(&mut pod);
    }
    (pod, ids)
}

/// `validateAnnotations`, as `release` checks them.
pub(super) fn check_annotations(pod: &Value, release: Release) -> Result<(), InjectError> {
    match pod
        .at(&["metadata", "annotations"])
        .and_then(Value::as_object)
    {
        Some(annos) => {
            annotations::validate(annos, release).map_err(InjectError::InvalidAnnotations)
        }
        None => Ok(()),
    }
}

/// OpenShift gives every container of a pod the same `runAsUser`; a user `istio-proxy` whose
/// user equals the app's would then break traffic capture, so its runAsUser/runAsGroup are
/// dropped (Istio's `isSidecarUserMatchingAppUser`: the last app container with a user counts,
/// and no user on either side counts as a match).
pub(super) fn reset_sidecar_user_matching_app(pod: &mut Value) {
    let user_of = |c: &Value| {
        c.at(&["securityContext", "runAsUser"])
            .and_then(Value::as_i64)
    };
    let Some(sidecar) = pod::sidecar(pod) else {
        return;
    };
    if sidecar.get("securityContext").is_none_or(Value::is_null) {
        return;
    }
    // Both users are the last one set, containers before init containers, as Istio reads them.
    let all = || {
        pod::containers(pod, "containers")
            .iter()
            .chain(pod::containers(pod, "initContainers"))
    };
    let sidecar_user = all()
        .filter(|c| pod::name_of(c) == PROXY_CONTAINER)
        .filter_map(user_of)
        .next_back()
        .unwrap_or(0);
    let app_user = all()
        .filter(|c| {
            ![PROXY_CONTAINER, VALIDATION_CONTAINER, INIT_CONTAINER].contains(&pod::name_of(c))
        })
        .filter_map(user_of)
        .next_back()
        .unwrap_or(0);
    if sidecar_user == app_user
        && let Some(sc) = pod::sidecar_mut(pod)
            .and_then(|s| s.get_mut("securityContext"))
            .and_then(Value::as_object_mut)
    {
        sc.remove("runAsUser");
        sc.remove("runAsGroup");
    }
}

/// Cluster and network for the proxy: values < URL parameters < the pod's network label.
pub(super) fn resolve_cluster_and_network(
    values: &Value,
    pod: &Value,
    envs: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut out = envs.clone();
    let mut cluster = values
        .at(&["global", "multiCluster", "clusterName"])
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let mut network = values
        .at(&["global", "network"])
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    if let Some(c) = envs.get("ISTIO_META_CLUSTER_ID").filter(|c| !c.is_empty()) {
        cluster = c.clone();
    }
    if let Some(n) = envs.get("ISTIO_META_NETWORK").filter(|n| !n.is_empty()) {
        network = n.clone();
    }
    if let Some(n) = pod::label(pod, "topology.istio.io/network") {
        network = n.to_string();
    }
    if !cluster.is_empty() {
        out.insert("ISTIO_META_CLUSTER_ID".into(), cluster);
    }
    if !network.is_empty() {
        out.insert("ISTIO_META_NETWORK".into(), network);
    }
    out
}

/// The pod's effective ProxyConfig, with the fields `release`'s API has. Without resources,
/// istioctl's: the mesh `defaultConfig` with `proxy.istio.io/config` on top (borrowed when
/// the pod has no annotation). With them, istiod's precedence (`ProxyConfigs::effective`).
pub(crate) fn effective_proxy_config<'a>(
    mesh_config: &'a Value,
    resources: Option<&ProxyConfigs>,
    pod: &Value,
    release: Release,
) -> Result<Cow<'a, Value>, InjectError> {
    let mut config = merged_proxy_config(mesh_config, resources, pod)?;
    if config.get("connectionSettings").is_some() {
        proxy_config::known_to(config.to_mut(), release);
    }
    Ok(config)
}

fn merged_proxy_config<'a>(
    mesh_config: &'a Value,
    resources: Option<&ProxyConfigs>,
    pod: &Value,
) -> Result<Cow<'a, Value>, InjectError> {
    let bad = |message: String| InjectError::BadAnnotationJson {
        annotation: "proxy.istio.io/config",
        message,
    };
    let overlay = pod::annotation(pod, "proxy.istio.io/config")
        .map(crate::compat::yaml::parse_one_last_wins)
        .transpose()
        .map_err(|e| bad(e.to_string()))?;
    if let Some(resources) = resources {
        let namespace = pod
            .at(&["metadata", "namespace"])
            .and_then(Value::as_str)
            .unwrap_or_default();
        let labels = pod.at(&["metadata", "labels"]).and_then(Value::as_object);
        return resources
            .effective(mesh_config, namespace, labels, overlay.as_ref())
            .map(Cow::Owned)
            .map_err(bad);
    }
    let base = &mesh_config["defaultConfig"];
    match overlay {
        None => Ok(Cow::Borrowed(base)),
        Some(overlay) => mesh::merge_proxy_config(base, &overlay)
            .map(Cow::Owned)
            .map_err(bad),
    }
}

/// The status port the probe rewrite and the Prometheus merge point at. The webhook uses the
/// mesh's `defaultConfig.statusPort` even when the pod's `proxy.istio.io/config` changes it
/// (as istiod does); istioctl kube-inject merges the pod's ProxyConfig into the mesh config
/// first, so there the pod's own port counts.
pub(super) fn agent_status_port(snapshot: &Snapshot, caller: Caller, proxy_config: &Value) -> i64 {
    match caller {
        Caller::KubeInject => proxy_config
            .get("statusPort")
            .and_then(Value::as_i64)
            .unwrap_or_else(|| mesh::mesh_status_port(&snapshot.mesh)),
        Caller::Webhook => mesh::mesh_status_port(&snapshot.mesh),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `connectionSettings` reaches `PROXY_CONFIG` from 1.31 on, from the mesh or the pod.
    #[test]
    fn connection_settings_exist_from_1_31() {
        let settings = json!({"httpIdleTimeout": "5s"});
        let mesh = json!({"defaultConfig": {"connectionSettings": settings, "concurrency": 2}});
        let annotated = json!({"metadata": {"annotations": {
            "proxy.istio.io/config": "connectionSettings: {httpIdleTimeout: 5s}"}}});
        for pod in [json!({}), annotated] {
            let on = |minor| effective_proxy_config(&mesh, None, &pod, Release::new(minor, 0));
            let old = on(30).unwrap();
            assert_eq!(old.get("connectionSettings"), None, "{pod}");
            assert_eq!(old["concurrency"], 2);
            assert_eq!(on(31).unwrap()["connectionSettings"], settings, "{pod}");
        }
    }

    /// OpenShift's reset: the sidecar's user is dropped when it equals the last app user set
    /// (none on either side counts as equal), kept when it differs.
    #[test]
    fn sidecar_user_copied_from_the_app_is_reset() {
        let pod = |proxy: Value, app: Value| {
            json!({"spec": {"containers": [
                {"name": "app", "securityContext": app},
                {"name": "istio-proxy", "securityContext": proxy}]}})
        };
        let proxy_user = |mut p: Value| {
            reset_sidecar_user_matching_app(&mut p);
            p.pointer("/spec/containers/1/securityContext").cloned()
        };
        let same = pod(
            json!({"runAsUser": 1000, "runAsGroup": 7, "privileged": false}),
            json!({"runAsUser": 1000}),
        );
        assert_eq!(proxy_user(same), Some(json!({"privileged": false})));
        let differs = pod(json!({"runAsUser": 1001}), json!({"runAsUser": 1000}));
        assert_eq!(proxy_user(differs), Some(json!({"runAsUser": 1001})));
        let neither = pod(json!({"runAsGroup": 5}), json!({}));
        assert_eq!(proxy_user(neither), Some(json!({})));
        // No securityContext on the sidecar: nothing to reset.
        let none = pod(Value::Null, json!({"runAsUser": 1000}));
        assert_eq!(proxy_user(none), Some(Value::Null));
    }
}
