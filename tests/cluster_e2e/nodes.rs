//! Native sidecars under `auto` (`ENABLE_NATIVE_SIDECARS` unset), decided as istiod decides
//! them from the Nodes it watches: the `canary` server restarted with `--watch-cluster`, Node
//! objects created in the apiserver with their kubelet version written through the status
//! subresource, as a kubelet reports it.

use crate::check_inject::check_inject_with;
use crate::configmaps::{ready, wait_for};
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::selection::pod;
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::core::v1::Node;
use kube::api::{Api, DeleteParams, Patch, PatchParams, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

const NEW_NODE: &str = "e2e-node-kubelet-133";
const OLD_NODE: &str = "e2e-node-kubelet-132";

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "native sidecars auto: kubelets below and above 1.33 flip it, the pod's node decides, a node added later changes the next pod",
        native_auto
    )]
}

/// The `canary` server runs on `--watch-cluster` for the scenario and as before afterwards;
/// the scenario's nodes are deleted whatever the outcome, so the other scenarios see none.
async fn native_auto(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    stop(rev).await;
    // Each admission's own line, which says how native sidecars were decided, is DEBUG.
    *rev.server.lock().await = Some(rev.spawn_server_with(
        &["--watch-cluster", "--kubeconfig", &kubeconfig],
        &[("NEEDLE_LOG", "needle=debug,info")],
    ));
    let outcome = steps(&env, rev).await;
    let nodes: Api<Node> = Api::all(env.client.clone());
    for name in [NEW_NODE, OLD_NODE] {
        let _ = nodes.delete(name, &DeleteParams::default()).await;
    }
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn steps(env: &Env, rev: &Revision) -> Outcome {
    let (admin, log) = {
        let server = rev.server.lock().await;
        let server = server.as_ref().expect("just started");
        (server.admin, server.log.clone())
    };
    wait_for(|| ready(admin).is_ok())
        .await
        .map_err(|_| format!("not ready with --watch-cluster: {:?}", ready(admin)))?;
    let apps = env
        .namespace("native-auto", json!({"istio.io/rev": "canary"}))
        .await;

    // istiod finds no node too old in a cluster without nodes.
    expect(env, &apps, None, Proxy::Native, "no nodes").await?;
    create_node(env, OLD_NODE, "v1.32.4-gke.100").await?;
    expect(env, &apps, None, Proxy::Container, "a 1.32 node added").await?;
    // Before needle knows the new node, the pod on it is judged by every node: off.
    create_node(env, NEW_NODE, "v1.33.1").await?;
    expect(
        env,
        &apps,
        Some(NEW_NODE),
        Proxy::Native,
        "on a 1.33 node added",
    )
    .await?;
    expect(
        env,
        &apps,
        Some(OLD_NODE),
        Proxy::Container,
        "on the 1.32 node",
    )
    .await?;
    expect(
        env,
        &apps,
        None,
        Proxy::Container,
        "no node named, one at 1.32",
    )
    .await?;
    expect(
        env,
        &apps,
        Some("e2e-node-unknown"),
        Proxy::Container,
        "on a node needle does not know (every node decides)",
    )
    .await?;
    Api::<Node>::all(env.client.clone())
        .delete(OLD_NODE, &DeleteParams::default())
        .await
        .map_err(|e| format!("deleting node {OLD_NODE}: {e}"))?;
    expect(env, &apps, None, Proxy::Native, "the 1.32 node deleted").await?;

    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let said = format!("auto: node {OLD_NODE} runs kubelet v1.32.4-gke.100 (before 1.33)");
    if !text
        .lines()
        .any(|l| l.contains("admission decided") && l.contains(&said))
    {
        return Err(format!(
            "no admission log line says {said:?}:\n{}",
            tail(&text)
        ));
    }

    // check-inject lists the nodes itself and says what the server did to this pod.
    let name = env.unique("on-new-node");
    let mut p = pod(&name, json!({}), json!({}));
    p["spec"]["nodeName"] = json!(NEW_NODE);
    env.create_pod(&apps, p, false).await?;
    let out = check_inject_with(env, &[&format!("{name}.{apps}"), "--explain"], "auto")?;
    let want = format!(
        "  native:   on (auto: the pod's node {NEW_NODE} runs kubelet v1.33.1 (1.33 or later))\n"
    );
    if !out.contains(&want) {
        return Err(format!(
            "check-inject --explain does not say {want:?}:\n{out}"
        ));
    }
    Ok(())
}

/// A Node, its kubelet version written as the kubelet writes it: in its status.
pub async fn create_node(env: &Env, name: &str, kubelet: &str) -> Outcome {
    let nodes: Api<Node> = Api::all(env.client.clone());
    let node: Node = serde_json::from_value(json!({"metadata": {"name": name}})).unwrap();
    nodes
        .create(&PostParams::default(), &node)
        .await
        .map_err(|e| format!("creating node {name}: {e}"))?;
    let status = json!({"status": {"nodeInfo": {"kubeletVersion": kubelet}}});
    nodes
        .patch_status(name, &PatchParams::default(), &Patch::Merge(status))
        .await
        .map_err(|e| format!("writing the status of node {name}: {e}"))?;
    Ok(())
}

#[derive(Debug, PartialEq, Clone, Copy)]
pub enum Proxy {
    /// `istio-proxy` in `initContainers` with `restartPolicy: Always`.
    Native,
    /// `istio-proxy` in `containers`.
    Container,
    Missing,
}

fn proxy_of(stored: &Value) -> Proxy {
    let find = |list: &str| {
        stored["spec"][list]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"] == "istio-proxy")
            .cloned()
    };
    match (find("initContainers"), find("containers")) {
        (Some(p), None) if p["restartPolicy"] == "Always" => Proxy::Native,
        (None, Some(_)) => Proxy::Container,
        _ => Proxy::Missing,
    }
}

/// The next pod (on `node`, if given) gets `want`: dry runs until needle's node cache has
/// caught up with the change just made (the watch is asynchronous), then a pod for real.
async fn expect(env: &Env, ns: &str, node: Option<&str>, want: Proxy, what: &str) -> Outcome {
    expect_within(env, ns, node, want, what, Duration::from_secs(20)).await
}

/// `expect`, waiting up to `within` for needle to catch up.
pub async fn expect_within(
    env: &Env,
    ns: &str,
    node: Option<&str>,
    want: Proxy,
    what: &str,
    within: Duration,
) -> Outcome {
    let name = env.unique("native-auto");
    let mut p = pod(&name, json!({}), json!({}));
    if let Some(node) = node {
        p["spec"]["nodeName"] = json!(node);
    }
    let deadline = Instant::now() + within;
    loop {
        let answer = env.create_pod(ns, p.clone(), true).await?;
        if proxy_of(&answer) == want {
            break;
        }
        if Instant::now() > deadline {
            return Err(format!("{what}: istio-proxy {want:?} wanted, got {answer}"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let stored = env.create_pod(ns, p, false).await?;
    match proxy_of(&stored) {
        got if got == want => Ok(()),
        got => Err(format!(
            "{what}: the stored pod has istio-proxy {got:?}, not {want:?}"
        )),
    }
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(10)..].join("\n")
}
