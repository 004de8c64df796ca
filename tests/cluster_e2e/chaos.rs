//! The cluster's bad days, through the real apiserver: the apiserver stopped (as a
//! control-plane upgrade stops it) while needle watches the cluster. Prints its own summary,
//! `chaos e2e: M/M pass`.

use crate::common::pod_load::PodLoad;
use crate::common::server::{Server, free_port, temp_dir};
use crate::configmaps::ready;
use crate::configmaps::{DEFAULT_HUB, EDITED_HUB, configmap, replace};
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::nodes::{Proxy, create_node, expect_within};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::core::v1::{ConfigMap, Node};
use kube::api::{Api, DeleteParams, PostParams};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the apiserver is away.
const OUTAGE: Duration = Duration::from_secs(30);
/// After it is back, a watch retries within its back-off: a wait of up to 30 s, stretched by
/// its jitter up to 60 s (as client-go's), then the list.
const CATCH_UP: Duration = Duration::from_secs(90);
const NODE: &str = "e2e-node-after-outage";
const NODE_AFTER_EXPIRY: &str = "e2e-node-after-expiry";

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "chaos: needle past its own deadline: with failurePolicy Ignore the pod is created uninjected and counted, with Fail refused naming the deadline",
            past_the_deadline
        ),
        scenario!(
            "chaos: a watch expired (410): etcd's history compacted while the apiserver was cut off from it; needle's Node watch is told 410 Expired, lists again, and a Node added meanwhile is seen",
            watch_expired
        ),
        scenario!(
            "chaos: the apiserver stopped 30 s and started again, then etcd restarted, a pod asked for every 100 ms: needle stays ready, logs a line per watch, sees a Node added and deleted after each and a ProxyConfig and ConfigMap edit after the outage, SIGTERM during the outage exits 0 at once, and every pod the apiserver takes is injected",
            apiserver_restart
        ),
    ]
}

/// The `canary` server with a deadline no large pod meets (`--request-timeout 1ms`: a review
/// over 64 KiB is worked on the blocking pool, which the deadline cuts off).
async fn past_the_deadline(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let outcome = match rev.serve_with(&["--request-timeout", "1ms"], &[]).await {
        Ok((admin, _)) => deadline_steps(&env, rev, admin).await,
        Err(e) => Err(e),
    };
    env.apply_injector_webhooks(rev, "Fail", 10).await;
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn deadline_steps(env: &Env, rev: &Revision, admin: std::net::SocketAddr) -> Outcome {
    let apps = env
        .namespace("deadline-apps", json!({"istio.io/rev": "canary"}))
        .await;
    // Far past a millisecond even on an idle machine (the timer's tick is a millisecond, so
    // a smaller pod could finish before the deadline is seen): 200 containers with probes to
    // rewrite, and 150 KB of annotation to take it to the blocking pool.
    let big = |name: &str| {
        let padding = json!({"example.com/padding": "x".repeat(150_000)});
        let mut pod = crate::selection::pod(&env.unique(name), json!({}), padding);
        pod["spec"]["containers"] = (0..200)
            .map(|i| {
                json!({"name": format!("app{i}"), "image": "registry.example/app:1",
                    "ports": [{"name": format!("http{i}"), "containerPort": 8000 + i}],
                    "readinessProbe": {"httpGet": {"path": "/ready", "port": 8000 + i}}})
            })
            .collect();
        pod
    };
    env.apply_injector_webhooks(rev, "Ignore", 10).await;
    crate::selection::expect_not_injected(env, &apps, big("ignored")).await?;
    let metrics = crate::common::server::plain_get(admin, "/metrics")
        .map(|(_, b)| b)
        .unwrap_or_default();
    let counted = r#"sidecar_injection_failure_total{reason="timeout"}"#;
    if crate::common::counter(&metrics, counted) < 1.0 {
        return Err(format!("no {counted}:\n{metrics}"));
    }
    env.apply_injector_webhooks(rev, "Fail", 10).await;
    match env.create_pod(&apps, big("refused"), false).await {
        // Past the deadline while working on it or, on a busy machine, already while reading
        // or decoding it: the same HTTP error either way.
        Err(e) if e.contains("did not finish within 1ms (needle --request-timeout)") => Ok(()),
        other => Err(format!(
            "with Fail, want a refusal naming the deadline: {other:?}"
        )),
    }
}

async fn apiserver_restart(env: Arc<Env>) -> Outcome {
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    watching_the_cluster(&env, NODE, |watching| steps(&env, watching, &kubeconfig)).await
}

async fn watch_expired(env: Arc<Env>) -> Outcome {
    watching_the_cluster(&env, NODE_AFTER_EXPIRY, |watching| {
        expired_steps(&env, watching)
    })
    .await
}

/// The `canary` server of a scenario, reading the cluster as istiod does.
struct Watching {
    admin: std::net::SocketAddr,
    log: std::path::PathBuf,
    /// Its injector ConfigMap, `CONFIGMAP` in this namespace.
    configmaps: Api<ConfigMap>,
    /// A namespace it injects, whose pods have native sidecars when the scenario starts
    /// (no node has a kubelet too old for them).
    apps: String,
}

const CONFIGMAP: &str = "istio-sidecar-injector-canary";

/// The `canary` server watches the cluster (`auto` native sidecars: Nodes; ProxyConfigs) and
/// reads its injector configuration from a ConfigMap for the scenario, and runs as before
/// afterwards; the scenario's `node` is deleted whatever the outcome.
async fn watching_the_cluster<F: std::future::Future<Output = Outcome>>(
    env: &Env,
    node: &str,
    steps: impl FnOnce(Watching) -> F,
) -> Outcome {
    let rev = env.revision("canary");
    let cm_ns = env.namespace("chaos-config", json!({})).await;
    let configmaps: Api<ConfigMap> = Api::namespaced(env.client.clone(), &cm_ns);
    let config = include_str!("../../defaults/config.yaml");
    let values = include_str!("../../defaults/values.json");
    if let Err(e) = configmaps
        .create(
            &PostParams::default(),
            &configmap(CONFIGMAP, config, values),
        )
        .await
    {
        return Err(format!("creating ConfigMap {cm_ns}/{CONFIGMAP}: {e}"));
    }
    let source = format!("{cm_ns}/{CONFIGMAP}");
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let flags = [
        "--watch-cluster",
        "--injector-configmap",
        &source,
        "--kubeconfig",
        kubeconfig.as_str(),
    ];
    let apps = env
        .namespace("chaos-apps", json!({"istio.io/rev": "canary"}))
        .await;
    let outcome = match start_watching(env, &flags, configmaps, apps).await {
        Ok(watching) => steps(watching).await,
        Err(e) => Err(e),
    };
    let _ = Api::<Node>::all(env.client.clone())
        .delete(node, &DeleteParams::default())
        .await;
    stop(rev).await;
    start(rev).await;
    outcome
}

/// The `canary` server restarted with `flags`, and its pods of `apps` seen with native
/// sidecars (no node too old yet).
async fn start_watching(
    env: &Env,
    flags: &[&str],
    configmaps: Api<ConfigMap>,
    apps: String,
) -> Result<Watching, String> {
    let (admin, log) = env.revision("canary").serve_with(flags, &[]).await?;
    let before = Duration::from_secs(20);
    expect_within(env, &apps, None, Proxy::Native, "before", before).await?;
    Ok(Watching {
        admin,
        log,
        configmaps,
        apps,
    })
}

/// Nodes are watched straight from etcd (`tests/common/cluster.rs`), so a compaction the
/// apiserver slept through reaches needle's Node watch as 410 Expired when the apiserver's
/// etcd watch resumes. The node added right after is seen through the list that follows.
async fn expired_steps(env: &Env, watching: Watching) -> Outcome {
    let (apps, log) = (watching.apps, watching.log);
    let lines_before = line_count(&log);
    env.cluster.restart_etcd_compacted().await;
    let caught_up = node_added_seen(env, &apps, NODE_AFTER_EXPIRY, "the compaction").await?;
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let after: Vec<&str> = text.lines().skip(lines_before).collect();
    let told = after
        .iter()
        .find(|l| l.contains("Node") && l.contains("Expired"));
    let Some(told) = told else {
        return Err(format!(
            "the Node watch was not told 410 Expired:\n{}",
            after.join("\n")
        ));
    };
    println!("     the Node watch told: {told}");
    println!("     a node added after the compaction seen in {caught_up:.1?}");
    Ok(())
}

async fn steps(env: &Env, watching: Watching, kubeconfig: &str) -> Outcome {
    let (admin, log, apps) = (
        watching.admin,
        watching.log.as_path(),
        watching.apps.as_str(),
    );

    // A second server, to be stopped while the apiserver is away.
    let dir = temp_dir("chaos-sigterm");
    let certs = dir.join("certs");
    let mut leaving = Server::spawn_on(
        &dir,
        free_port(),
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--watch-cluster",
            "--kubeconfig",
            kubeconfig,
            "--drain-timeout",
            "2s",
        ],
        &[],
    );
    leaving.wait_ready();

    // Pods asked for all along, as a cluster's controllers go on asking: while the apiserver
    // or etcd is away they are refused by the apiserver itself; every other must be injected.
    let load = {
        let (client, apps) = (env.client.clone(), apps.to_string());
        PodLoad::start(Duration::from_millis(100), move |n| {
            let (client, apps) = (client.clone(), apps.clone());
            // Dry run: a name once per pod is enough.
            let pod = crate::selection::pod(&format!("load-{n}"), json!({}), json!({}));
            async move { crate::common::cluster::create_pod(&client, &apps, &pod, true).await }
        })
    };
    let lines_before = line_count(log);
    env.cluster.stop_apiserver();
    let began = Instant::now();
    let mut not_ready = Vec::new();
    let mut sigterm: Option<Result<Duration, String>> = None;
    while began.elapsed() < OUTAGE {
        if let Err(why) = ready(admin) {
            not_ready.push(format!("{:?}: {why}", began.elapsed()));
        }
        if sigterm.is_none() && began.elapsed() > OUTAGE / 2 {
            sigterm = Some(sigterm_exit(&mut leaving));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    env.cluster.start_apiserver().await;

    let caught_up = node_added_seen(env, apps, NODE, "the outage").await?;
    // A ProxyConfig and an edit of the injector ConfigMap made right after reach the next pod.
    let edited = include_str!("../../defaults/values.json").replace(DEFAULT_HUB, EDITED_HUB);
    let config = include_str!("../../defaults/config.yaml");
    replace(&watching.configmaps, CONFIGMAP, config, &edited).await?;
    crate::proxy_config::create(env, apps, "after-outage", json!({"concurrency": 5})).await?;
    let pod = || crate::selection::pod("after-outage", json!({}), json!({}));
    let what = "a ProxyConfig and a ConfigMap edit made after the outage";
    crate::proxy_config::expect_within(env, apps, pod, what, CATCH_UP, |p| {
        p.config["concurrency"] == 5 && p.image.starts_with(EDITED_HUB)
    })
    .await?;
    let lines = line_count(log) - lines_before;
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let outage_log: Vec<&str> = text.lines().skip(lines_before).collect();
    if !not_ready.is_empty() {
        return Err(format!("not ready during the outage: {not_ready:?}"));
    }
    if lines >= 100 {
        return Err(format!(
            "{lines} log lines for the outage:\n{}",
            outage_log.join("\n")
        ));
    }
    let watches_back = outage_log
        .iter()
        .filter(|l| l.contains("watch of the cluster is back"))
        .count();
    if watches_back == 0 {
        return Err(format!(
            "no watch said it is back:\n{}",
            outage_log.join("\n")
        ));
    }
    match sigterm {
        Some(Ok(took)) if took < Duration::from_secs(3) => {}
        other => return Err(format!("SIGTERM during the outage: {other:?}")),
    }
    // etcd restarted under the apiserver: the watches go on, or list again.
    env.cluster.restart_etcd().await;
    Api::<Node>::all(env.client.clone())
        .delete(NODE, &DeleteParams::default())
        .await
        .map_err(|e| format!("deleting node {NODE} after the etcd restart: {e}"))?;
    expect_within(
        env,
        apps,
        None,
        Proxy::Native,
        "the node deleted after etcd restarted",
        CATCH_UP,
    )
    .await?;
    if let Err(why) = ready(admin) {
        return Err(format!("not ready after etcd restarted: {why}"));
    }
    let tally = load.stop().await;
    let webhook = |e: &&String| e.contains("webhook");
    if let Some(e) = tally
        .refused
        .iter()
        .find(webhook)
        .or(tally.not_injected.first())
    {
        return Err(format!("a pod the apiserver took was not injected: {e}"));
    }
    if tally.injected < 20 {
        return Err(format!(
            "only {} pods injected around the outage",
            tally.injected
        ));
    }
    println!(
        "chaos: apiserver away {OUTAGE:?}: needle ready throughout, {lines} log lines ({watches_back} watches back), a node added after seen in {caught_up:.1?}, a ProxyConfig and a ConfigMap edit seen, SIGTERM meanwhile exit 0; etcd restarted: ready, a node deleted seen; of {} pods asked for meanwhile, {} injected and {} refused by the apiserver away (none by the webhook)",
        tally.attempts(),
        tally.injected,
        tally.refused.len()
    );
    Ok(())
}

/// A node with a kubelet too old for native sidecars added `after` something: how long until
/// the next pod of `apps` shows that needle saw it (within `CATCH_UP`).
async fn node_added_seen(
    env: &Env,
    apps: &str,
    node: &str,
    after: &str,
) -> Result<Duration, String> {
    create_node(env, node, "v1.32.4").await?;
    let back = Instant::now();
    let what = format!("a 1.32 node added after {after}");
    expect_within(env, apps, None, Proxy::Container, &what, CATCH_UP).await?;
    Ok(back.elapsed())
}

fn line_count(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .count()
}

/// SIGTERM, and how long the process took to exit 0.
fn sigterm_exit(server: &mut Server) -> Result<Duration, String> {
    match server.sigterm_and_wait(Duration::from_secs(10)) {
        Some((status, took)) if status.success() => Ok(took),
        Some((status, _)) => Err(format!("{status}: {}", server.log())),
        None => Err(format!(
            "still running 10 s after SIGTERM: {}",
            server.log()
        )),
    }
}
