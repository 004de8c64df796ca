//! Deployments injected by the chart's needle and really running on the node with the
//! stand-in proxy: one in a namespace labelled `istio-injection=enabled` (native sidecars:
//! the kubelet is 1.34 and needle reads the Node with `serve.watchCluster`), one on
//! `istio.io/rev=default` with `sidecar.istio.io/nativeSidecar: "false"` (a classic sidecar).
//! Their app probes are rewritten to the proxy's port and answered through it, so the pods
//! turn Ready only if the rewrite works end to end; a ProxyConfig resource of the namespace,
//! which needle can only know by watching the cluster from its pod, reaches the proxy's PROXY_CONFIG.

use crate::world::{World, container_names, is_ready, restarts, wait_until};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::apps::v1::Deployment;
use kube::api::{Api, DynamicObject, PostParams};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "workloads: istio-injection=enabled, native sidecar, Running and Ready, ProxyConfig read",
            native
        ),
        scenario!(
            "workloads: istio.io/rev=default, classic sidecar, Running and Ready",
            classic
        ),
    ]
}

/// The stand-in workload image of `scripts/image.sh stand-in`.
pub const APP_IMAGE: &str = "localhost/needle-test/app:stand-in";

/// A Deployment of one stand-in app with HTTP probes on its own port.
pub fn deployment(name: &str, annotations: Value) -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": name},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app": name}},
            "template": {
                "metadata": {"labels": {"app": name}, "annotations": annotations},
                "spec": {
                    "terminationGracePeriodSeconds": 2,
                    "containers": [{
                        "name": "app",
                        "image": APP_IMAGE,
                        "imagePullPolicy": "IfNotPresent",
                        "ports": [{"containerPort": 8080}],
                        "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}, "periodSeconds": 2},
                        "livenessProbe": {"httpGet": {"path": "/live", "port": 8080}, "periodSeconds": 5},
                    }],
                },
            },
        },
    })
}

async fn native(world: Arc<World>) -> Outcome {
    let ns = world
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await?;
    proxy_config(&world, &ns).await?;
    let pod = run(&world, &ns, "web", json!({})).await?;
    let init = container_names(&pod, "initContainers");
    if init != ["istio-init", "istio-proxy"] || container_names(&pod, "containers") != ["app"] {
        return Err(format!(
            "want init containers istio-init, istio-proxy and container app; got {init:?}, {:?}",
            container_names(&pod, "containers")
        ));
    }
    let proxy = &pod["spec"]["initContainers"][1];
    if proxy["restartPolicy"] != "Always" {
        return Err(format!("istio-proxy is not a native sidecar: {proxy}"));
    }
    let proxy_config = proxy["env"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|e| e["name"] == "PROXY_CONFIG")
        .and_then(|e| serde_json::from_str::<Value>(e["value"].as_str()?).ok());
    if proxy_config.as_ref().map(|c| &c["concurrency"]) != Some(&json!(3)) {
        return Err(format!(
            "the namespace's ProxyConfig (concurrency 3) did not reach the proxy's PROXY_CONFIG: {proxy_config:?}"
        ));
    }
    rewritten_probes(&pod)
}

async fn classic(world: Arc<World>) -> Outcome {
    let ns = world
        .namespace("rev", json!({"istio.io/rev": "default"}))
        .await?;
    let pod = run(
        &world,
        &ns,
        "shop",
        json!({"sidecar.istio.io/nativeSidecar": "false"}),
    )
    .await?;
    let (init, containers) = (
        container_names(&pod, "initContainers"),
        container_names(&pod, "containers"),
    );
    if init != ["istio-init"] || !containers.contains(&"istio-proxy".to_string()) {
        return Err(format!(
            "want init container istio-init and an istio-proxy container; got {init:?}, {containers:?}"
        ));
    }
    rewritten_probes(&pod)
}

/// A namespace-wide ProxyConfig setting the proxy's concurrency, and the time for needle's
/// watch (in each replica) to see it: dry-run pods show it in the proxy's PROXY_CONFIG.
pub async fn proxy_config(world: &World, ns: &str) -> Outcome {
    let gvk = GroupVersionKind::gvk("networking.istio.io", "v1beta1", "ProxyConfig");
    let api: Api<DynamicObject> = Api::namespaced_with(
        world.client.clone(),
        ns,
        &ApiResource::from_gvk_with_plural(&gvk, "proxyconfigs"),
    );
    let object: DynamicObject = serde_json::from_value(json!({
        "apiVersion": "networking.istio.io/v1beta1", "kind": "ProxyConfig",
        "metadata": {"name": "concurrency"}, "spec": {"concurrency": 3},
    }))
    .unwrap();
    api.create(&PostParams::default(), &object)
        .await
        .map_err(|e| format!("ProxyConfig: {e}"))?;
    world
        .wait_injected_with(ns, r#"\"concurrency\":3"#, 30)
        .await
}

/// Create the Deployment; its pod once Running and Ready, with no restart.
pub async fn run(world: &World, ns: &str, name: &str, annotations: Value) -> Result<Value, String> {
    let deployment: Deployment =
        serde_json::from_value(deployment(name, annotations)).map_err(|e| e.to_string())?;
    Api::<Deployment>::namespaced(world.client.clone(), ns)
        .create(&PostParams::default(), &deployment)
        .await
        .map_err(|e| format!("Deployment {name}: {e}"))?;
    let selector = format!("app={name}");
    let pod = wait_until(&format!("a Ready pod of {ns}/{name}"), 120, || async {
        let pods = world.pods(ns, &selector).await.ok()?;
        pods.into_iter().find(is_ready)
    })
    .await;
    let pod = match pod {
        Ok(pod) => pod,
        Err(e) => return Err(format!("{e}; {}", describe(world, ns, &selector).await)),
    };
    if restarts(&pod) > 0 {
        return Err(format!("restarted: {}", pod["status"]));
    }
    Ok(pod)
}

/// The app's probes point at the proxy's app-health endpoint, as Istio rewrites them.
fn rewritten_probes(pod: &Value) -> Outcome {
    let app = pod["spec"]["containers"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["name"] == "app")
        .ok_or("no app container")?;
    for (probe, path) in [
        ("readinessProbe", "/app-health/app/readyz"),
        ("livenessProbe", "/app-health/app/livez"),
    ] {
        let get = &app[probe]["httpGet"];
        if get["path"] != path || get["port"] != 15020 {
            return Err(format!(
                "{probe} not rewritten to :15020{path}: {}",
                app[probe]
            ));
        }
    }
    Ok(())
}

/// What the pods of a selector are doing (their containers' states), for a failure message.
async fn describe(world: &World, ns: &str, selector: &str) -> String {
    let pods = world.pods(ns, selector).await.unwrap_or_default();
    let states: Vec<String> = pods
        .iter()
        .map(|p| {
            let statuses: Vec<String> = ["initContainerStatuses", "containerStatuses"]
                .iter()
                .flat_map(|k| p["status"][k].as_array().into_iter().flatten())
                .map(|c| format!("{}: {} ready={}", c["name"], c["state"], c["ready"]))
                .collect();
            format!("{} [{}]", p["metadata"]["name"], statuses.join("; "))
        })
        .collect();
    format!("pods: {}", states.join(" | "))
}
