//! Which pods the apiserver sends to which needle, and what comes back: Istio's selection
//! matrix through real namespace and object selectors. Every injected pod the apiserver
//! stores must be what `needle kube-inject` makes of the same pod.

use crate::common::pod_load::status_revision;
use crate::env::{Env, needle_binary};
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "namespace istio-injection=enabled injects",
            enabled_namespace
        ),
        scenario!(
            "namespace istio-injection=disabled does not inject",
            disabled_namespace
        ),
        scenario!(
            "namespace istio.io/rev=default injects with default",
            rev_default_namespace
        ),
        scenario!(
            "namespace istio.io/rev=canary injects with canary",
            rev_canary_namespace
        ),
        scenario!(
            "namespace without labels does not inject",
            unlabelled_namespace
        ),
        scenario!(
            "pod label inject=true in a plain namespace injects",
            pod_label_true
        ),
        scenario!(
            "pod label inject=false in an enabled namespace does not inject",
            pod_label_false
        ),
        scenario!(
            "pod annotation inject=false in an enabled namespace does not inject",
            pod_annotation_false
        ),
        scenario!(
            "pod label istio.io/rev=canary in a plain namespace injects with canary",
            pod_rev_canary
        ),
        scenario!(
            "enabled namespace and pod istio.io/rev=canary: the namespace wins",
            namespace_beats_pod_rev
        ),
        scenario!("host-network pod is not injected", host_network),
        scenario!("pod in kube-system is not injected", kube_system),
        scenario!(
            "Deployment-style pod with generateName is injected",
            generate_name
        ),
        scenario!(
            "native sidecars: the proxy is a restartable init container",
            native_sidecars
        ),
        scenario!(
            "server-side dry run: injected in the answer, nothing stored",
            dry_run
        ),
    ]
}

/// A small app pod; no service account token, so the stored pod has no random volume name.
pub fn pod(name: &str, labels: Value, annotations: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": name, "labels": labels, "annotations": annotations},
        "spec": {"automountServiceAccountToken": false, "containers": [{"name": "app",
            "image": "registry.example/app:1", "ports": [{"name": "http", "containerPort": 8080}],
            "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}})
}

/// What the apiserver writes into every stored object's metadata, different each time.
pub const GENERATED_METADATA: [&str; 4] = [
    "uid",
    "resourceVersion",
    "creationTimestamp",
    "managedFields",
];

/// Create the pod and require it injected by `revision`, and equal to kube-inject's pod.
pub async fn expect_injected(env: &Env, ns: &str, pod: Value, revision: &str) -> Outcome {
    let stored = env.create_pod(ns, pod.clone(), false).await?;
    match status_revision(&stored) {
        Some(r) if r == revision => {}
        other => return Err(format!("injected by {other:?}, want {revision}: {stored}")),
    }
    same_as_kube_inject(env, ns, &pod, &stored, revision).await
}

pub async fn expect_not_injected(env: &Env, ns: &str, pod: Value) -> Outcome {
    let stored = env.create_pod(ns, pod, false).await?;
    let names: Vec<&str> = stored["spec"]["containers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str())
        .collect();
    if status_revision(&stored).is_some() || names.contains(&"istio-proxy") {
        return Err(format!("injected: {stored}"));
    }
    Ok(())
}

/// `needle kube-inject` of the pod the webhook saw must give the pod the apiserver stored:
/// the patch needle sent is what the apiserver applied and kept. The webhook sees the pod
/// with the apiserver's defaults (port protocols, probe schemes and timeouts, which reach
/// `ISTIO_META_POD_PORTS` and the rewritten probes, as in istiod), so kube-inject is given
/// the same: the pod as a dry run in a namespace no injector selects stores it. Its output
/// goes through such a dry run too, for the defaults of what the injection added.
async fn same_as_kube_inject(
    env: &Env,
    ns: &str,
    pod: &Value,
    stored: &Value,
    revision: &str,
) -> Outcome {
    let plain = env
        .namespace("plain", json!({"istio-injection": "disabled"}))
        .await;
    let mut input = env.create_pod(&plain, pod.clone(), true).await?;
    let meta = input["metadata"].as_object_mut().unwrap();
    for key in GENERATED_METADATA {
        meta.remove(key);
    }
    meta.insert("namespace".into(), json!(ns));
    input.as_object_mut().unwrap().remove("status");
    let file = env.write_scratch(
        &format!("{}.json", env.unique("kube-inject")),
        &input.to_string(),
    );
    let rev = env.revision(revision);
    let out = std::process::Command::new(needle_binary())
        .args([
            "kube-inject",
            "-f",
            file.to_str().unwrap(),
            "--revision",
            revision,
        ])
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .envs(rev.env.iter().copied())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "kube-inject: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let text = String::from_utf8(out.stdout).unwrap();
    let mut offline = crate::common::yaml_documents(&text).remove(0);
    offline["metadata"]["namespace"] = json!(plain);
    let offline = env.create_pod(&plain, offline, true).await?;
    let mut diffs = Vec::new();
    crate::common::differences(
        &comparable(&offline),
        &comparable(stored),
        "pod",
        &mut diffs,
    );
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "kube-inject differs from the stored pod:\n  {}",
            diffs.join("\n  ")
        ))
    }
}

/// A pod without what only the apiserver's bookkeeping sets.
fn comparable(pod: &Value) -> Value {
    crate::common::semantic(&crate::common::without_bookkeeping(pod))
}

async fn enabled_namespace(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    expect_injected(
        &env,
        &ns,
        pod("app", json!({"app": "a"}), json!({})),
        "default",
    )
    .await
}

async fn disabled_namespace(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("disabled", json!({"istio-injection": "disabled"}))
        .await;
    expect_not_injected(&env, &ns, pod("app", json!({"app": "a"}), json!({}))).await
}

async fn rev_default_namespace(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("rev-default", json!({"istio.io/rev": "default"}))
        .await;
    expect_injected(&env, &ns, pod("app", json!({}), json!({})), "default").await
}

async fn rev_canary_namespace(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("rev-canary", json!({"istio.io/rev": "canary"}))
        .await;
    expect_injected(&env, &ns, pod("app", json!({}), json!({})), "canary").await
}

async fn unlabelled_namespace(env: Arc<Env>) -> Outcome {
    let ns = env.namespace("plain", json!({})).await;
    expect_not_injected(&env, &ns, pod("app", json!({}), json!({}))).await
}

async fn pod_label_true(env: Arc<Env>) -> Outcome {
    let ns = env.namespace("plain", json!({})).await;
    let p = pod("app", json!({"sidecar.istio.io/inject": "true"}), json!({}));
    expect_injected(&env, &ns, p, "default").await
}

async fn pod_label_false(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    let p = pod(
        "app",
        json!({"sidecar.istio.io/inject": "false"}),
        json!({}),
    );
    expect_not_injected(&env, &ns, p).await
}

async fn pod_annotation_false(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    let p = pod(
        "app",
        json!({}),
        json!({"sidecar.istio.io/inject": "false"}),
    );
    expect_not_injected(&env, &ns, p).await
}

async fn pod_rev_canary(env: Arc<Env>) -> Outcome {
    let ns = env.namespace("plain", json!({})).await;
    let p = pod("app", json!({"istio.io/rev": "canary"}), json!({}));
    expect_injected(&env, &ns, p, "canary").await
}

/// Istio's selectors: `istio-injection=enabled` sends the pod to the default revision's
/// `namespace.` webhook whatever revision the pod names.
async fn namespace_beats_pod_rev(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    let p = pod("app", json!({"istio.io/rev": "canary"}), json!({}));
    expect_injected(&env, &ns, p, "default").await
}

async fn host_network(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    let mut p = pod("app", json!({}), json!({}));
    p["spec"]["hostNetwork"] = json!(true);
    expect_not_injected(&env, &ns, p).await
}

/// kube-system carries no injection label in a real cluster; even a pod that asks is left
/// alone (needle's ignored namespaces, as Istio's).
async fn kube_system(env: Arc<Env>) -> Outcome {
    let p = pod(
        &env.unique("app"),
        json!({"sidecar.istio.io/inject": "true"}),
        json!({}),
    );
    let outcome = expect_not_injected(&env, "kube-system", p.clone()).await;
    env.delete_pod("kube-system", p["metadata"]["name"].as_str().unwrap())
        .await;
    outcome
}

/// A ReplicaSet's pod: no name of its own, `generateName` and an owner; the apiserver names
/// it after the webhook answered.
async fn generate_name(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    let p = replica_set_pod("web", "5d4f8c7b9");
    let stored = env.create_pod(&ns, p, false).await?;
    let name = stored["metadata"]["name"].as_str().unwrap_or_default();
    if !name.starts_with("web-5d4f8c7b9-") || status_revision(&stored).is_none() {
        return Err(format!("not a named, injected pod: {stored}"));
    }
    let workload = proxy_env(&stored, "ISTIO_META_WORKLOAD_NAME");
    if workload.as_deref() != Some("web") {
        return Err(format!("ISTIO_META_WORKLOAD_NAME {workload:?}, want web"));
    }
    Ok(())
}

/// A pod of ReplicaSet `<app>-<hash>` as its controller creates it: `generateName`, the
/// template hash label and the controller's owner reference (no service account token).
pub fn replica_set_pod(app: &str, hash: &str) -> Value {
    let mut p = pod(
        "",
        json!({"app": app, "pod-template-hash": hash}),
        json!({}),
    );
    let meta = p["metadata"].as_object_mut().unwrap();
    meta.remove("name");
    meta.insert("generateName".into(), json!(format!("{app}-{hash}-")));
    meta.insert(
        "ownerReferences".into(),
        json!([{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": format!("{app}-{hash}"),
            "uid": "5a4e3c0e-0000-4000-8000-000000000001", "controller": true}]),
    );
    p
}

fn proxy_env(pod: &Value, name: &str) -> Option<String> {
    let all = pod["spec"]["containers"].as_array().into_iter().flatten();
    let init = pod["spec"]["initContainers"]
        .as_array()
        .into_iter()
        .flatten();
    let proxy = all.chain(init).find(|c| c["name"] == "istio-proxy")?;
    proxy["env"]
        .as_array()?
        .iter()
        .find(|e| e["name"] == name)?["value"]
        .as_str()
        .map(str::to_string)
}

async fn native_sidecars(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("rev-native", json!({"istio.io/rev": "native"}))
        .await;
    expect_injected(&env, &ns, pod("app", json!({}), json!({})), "native").await?;
    let stored = env
        .create_pod(&ns, pod("app2", json!({}), json!({})), false)
        .await?;
    let proxy = stored["spec"]["initContainers"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["name"] == "istio-proxy");
    match proxy {
        Some(p) if p["restartPolicy"] == "Always" => Ok(()),
        other => Err(format!(
            "istio-proxy init container with restartPolicy Always wanted, got {other:?}"
        )),
    }
}

async fn dry_run(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("enabled", json!({"istio-injection": "enabled"}))
        .await;
    let answer = env
        .create_pod(&ns, pod("dry", json!({}), json!({})), true)
        .await?;
    if status_revision(&answer).is_none() {
        return Err(format!("the dry-run answer is not injected: {answer}"));
    }
    if env.pod_exists(&ns, "dry").await {
        return Err("a dry-run pod was stored".into());
    }
    Ok(())
}
