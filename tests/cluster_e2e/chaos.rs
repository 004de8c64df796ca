//! The cluster's bad days, through the real apiserver: the apiserver stopped (as a
//! control-plane upgrade stops it) while needle watches the cluster. Prints its own summary,
//! `chaos e2e: M/M pass`.

use crate::common::server::{Server, free_port, temp_dir};
use crate::configmaps::ready;
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::nodes::{Proxy, create_node, expect_within};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::core::v1::Node;
use kube::api::{Api, DeleteParams};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the apiserver is away.
const OUTAGE: Duration = Duration::from_secs(30);
/// After it is back, a watch retries within its back-off: a wait of up to 30 s, stretched by
/// its jitter up to 60 s (as client-go's), then the list.
const CATCH_UP: Duration = Duration::from_secs(90);
const NODE: &str = "e2e-node-after-outage";

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "chaos: needle past its own deadline: with failurePolicy Ignore the pod is created uninjected and counted, with Fail refused naming the deadline",
            past_the_deadline
        ),
        scenario!(
            "chaos: the apiserver stopped 30 s and started again, then etcd restarted: needle stays ready, logs a line per watch, sees a Node added and deleted after each, and SIGTERM during the outage exits 0 at once",
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
    let big = |name: &str| {
        let padding = json!({"example.com/padding": "x".repeat(70_000)});
        crate::selection::pod(&env.unique(name), json!({}), padding)
    };
    env.apply_injector_webhooks(rev, "Ignore", 10).await;
    crate::selection::expect_not_injected(env, &apps, big("ignored")).await?;
    let metrics = crate::common::server::plain_get(admin, "/metrics")
        .map(|(_, b)| b)
        .unwrap_or_default();
    let counted = r#"sidecar_injection_failure_total{reason="timeout"}"#;
    if crate::patcher::counter(&metrics, counted) < 1.0 {
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

/// The `canary` server watches the cluster (`auto` native sidecars: Nodes) for the scenario,
/// and runs as before afterwards; the scenario's node is deleted whatever the outcome.
async fn apiserver_restart(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let flags = ["--watch-cluster", "--kubeconfig", kubeconfig.as_str()];
    let outcome = match rev.serve_with(&flags, &[]).await {
        Ok((admin, log)) => steps(&env, admin, &log, &kubeconfig).await,
        Err(e) => Err(e),
    };
    let _ = Api::<Node>::all(env.client.clone())
        .delete(NODE, &DeleteParams::default())
        .await;
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn steps(
    env: &Env,
    admin: std::net::SocketAddr,
    log: &std::path::Path,
    kubeconfig: &str,
) -> Outcome {
    let apps = env
        .namespace("chaos-apps", json!({"istio.io/rev": "canary"}))
        .await;
    // No node too old: native sidecars.
    expect_within(
        env,
        &apps,
        None,
        Proxy::Native,
        "before",
        Duration::from_secs(20),
    )
    .await?;

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

    create_node(env, NODE, "v1.32.4").await?;
    let back = Instant::now();
    expect_within(
        env,
        &apps,
        None,
        Proxy::Container,
        "a 1.32 node added after the outage",
        CATCH_UP,
    )
    .await?;
    let caught_up = back.elapsed();
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
        &apps,
        None,
        Proxy::Native,
        "the node deleted after etcd restarted",
        CATCH_UP,
    )
    .await?;
    if let Err(why) = ready(admin) {
        return Err(format!("not ready after etcd restarted: {why}"));
    }
    println!(
        "chaos: apiserver away {OUTAGE:?}: needle ready throughout, {lines} log lines ({watches_back} watches back), a node added after seen in {caught_up:.1?}, SIGTERM meanwhile exit 0; etcd restarted: ready, a node deleted seen"
    );
    Ok(())
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
