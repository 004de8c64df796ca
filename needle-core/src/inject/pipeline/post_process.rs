//! After the merge, as Istio's `postProcessPod`: the proxy's cluster and network, the
//! Prometheus merge, the probe rewrite, the status annotation and the containers' order.

use super::prepare::Proxy;
use crate::compat::gofmt;
use crate::compat::path::At;
use crate::inject::Snapshot;
use crate::inject::admit::Caller;
use crate::inject::pod::{
    self, ENABLE_CORE_DUMP, INIT_CONTAINER, PROXY_CONTAINER, Position, STATUS_ANNOTATION,
    VALIDATION_CONTAINER,
};
use crate::inject::{probes, prometheus};
use serde_json::Value;
use std::collections::BTreeMap;

pub(super) fn post_process(
    snapshot: &Snapshot,
    caller: Caller,
    revision: &str,
    proxy: &Proxy,
    template_pod: &Value,
    pod: &mut Value,
) -> Result<(), String> {
    let (proxy_config, proxy_envs, status_port) = (&*proxy.config, &proxy.envs, proxy.status_port);
    pod::string_map_mut(pod, "annotations");
    pod::string_map_mut(pod, "labels");
    if !proxy_envs.is_empty()
        && let Some(sidecar) = pod::sidecar_mut(pod)
    {
        set_envs(sidecar, proxy_envs);
    }
    let release = snapshot.release.release;
    prometheus::apply_merge(pod, &snapshot.mesh, status_port, release)?;
    prometheus::apply_secure_port(pod, release);
    apply_rewrite(snapshot, pod, status_port);
    if let Some(network) = proxy_envs.get("ISTIO_META_NETWORK") {
        pod::string_map_mut(pod, "labels")
            .insert("topology.istio.io/network".into(), network.clone().into());
    }
    let status = injection_status(template_pod, revision);
    let annos = pod::string_map_mut(pod, "annotations");
    annos.insert(STATUS_ANNOTATION.into(), status.into());
    if caller == Caller::Webhook {
        for (k, v) in &snapshot.config.injected_annotations {
            annos.insert(k.clone(), v.clone().into());
        }
    }
    reorder(snapshot, proxy_config, pod);
    Ok(())
}

/// `updateClusterEnvs`: replace these env vars on the sidecar, appended in name order.
fn set_envs(sidecar: &mut Value, envs: &BTreeMap<String, String>) {
    if let Some(env) = sidecar.get_mut("env").and_then(Value::as_array_mut) {
        env.retain(|e| {
            !envs.contains_key(e.get("name").and_then(Value::as_str).unwrap_or_default())
        });
    }
    for (k, v) in envs {
        pod::push_env(sidecar, k, v);
    }
}

fn apply_rewrite(snapshot: &Snapshot, pod: &mut Value, status_port: i64) {
    if pod::sidecar(pod).is_none() {
        return;
    }
    let values_setting = snapshot
        .values
        .at(&["sidecarInjectorWebhook", "rewriteAppHTTPProbe"])
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if !probes::should_rewrite(pod, values_setting) {
        return;
    }
    if let Some(probers) = probes::dump_app_probers(pod, status_port) {
        let previously_injected = pod::annotation(pod, STATUS_ANNOTATION).is_some();
        if let Some(sidecar) = pod::sidecar_mut(pod) {
            probes::merge_or_append(sidecar, previously_injected, &probers);
        }
    }
    probes::rewrite_probes(pod, status_port);
}

/// The `sidecar.istio.io/status` value: what the templates injected, in template order.
fn injection_status(template_pod: &Value, revision: &str) -> String {
    let names = |list: &str| -> Value {
        let items = template_pod.at(&["spec", list]).and_then(Value::as_array);
        match items {
            Some(items) if !items.is_empty() => {
                Value::Array(items.iter().map(|c| Value::from(pod::name_of(c))).collect())
            }
            _ => Value::Null,
        }
    };
    let revision = if revision.is_empty() {
        "default"
    } else {
        revision
    };
    let (init, containers, volumes, secrets) = (
        names("initContainers"),
        names("containers"),
        names("volumes"),
        names("imagePullSecrets"),
    );
    let revision = Value::from(revision);
    gofmt::struct_json(&[
        ("initContainers", &init),
        ("containers", &containers),
        ("volumes", &volumes),
        ("imagePullSecrets", &secrets),
        ("revision", &revision),
    ])
}

/// `reorderPod`: where the proxy and Istio's init containers go. Istio decides "hold" from the
/// mesh default with the `proxy.istio.io/config` annotation on top, never from ProxyConfig
/// resources; the effective `proxy_config` gives the same answer because a resource cannot set
/// `holdApplicationUntilProxyStarts`.
fn reorder(snapshot: &Snapshot, proxy_config: &Value, pod: &mut Value) {
    let hold = proxy_config
        .get("holdApplicationUntilProxyStarts")
        .and_then(Value::as_bool)
        .unwrap_or(false)
        || snapshot
            .values
            .at(&["global", "proxy", "holdApplicationUntilProxyStarts"])
            .and_then(Value::as_bool)
            .unwrap_or(false);
    let containers = pod::containers_mut(pod, "containers");
    pod::move_container(
        containers,
        PROXY_CONTAINER,
        if hold {
            Position::First
        } else {
            Position::Last
        },
    );
    let native = pod::find(pod::containers(pod, "initContainers"), PROXY_CONTAINER).is_some();
    let init = pod::containers_mut(pod, "initContainers");
    if native {
        for name in [
            ENABLE_CORE_DUMP,
            PROXY_CONTAINER,
            VALIDATION_CONTAINER,
            INIT_CONTAINER,
        ] {
            pod::move_container(init, name, Position::First);
        }
    } else {
        pod::move_container(init, VALIDATION_CONTAINER, Position::First);
        pod::move_container(init, INIT_CONTAINER, Position::Last);
        pod::move_container(init, ENABLE_CORE_DUMP, Position::Last);
    }
}
