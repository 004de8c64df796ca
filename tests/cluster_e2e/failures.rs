//! What the apiserver does when needle is gone, too slow or rotating its certificate, and
//! what the apiserver itself measured of needle's webhooks.

use crate::common::pod_load::PodLoad;
use crate::env::{Env, Revision};
use crate::selection::{expect_injected, expect_not_injected, pod};
use crate::{Outcome, Scenario, scenario};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "needle stopped, failurePolicy Fail: the pod is refused",
            stopped_fail
        ),
        scenario!(
            "needle stopped, failurePolicy Ignore: the pod is created uninjected",
            stopped_ignore
        ),
        scenario!(
            "needle slower than timeoutSeconds, Fail: the pod is refused",
            paused_fail
        ),
        scenario!(
            "needle slower than timeoutSeconds, Ignore: the pod is created uninjected",
            paused_ignore
        ),
        scenario!(
            "needle restarted: pods are injected again, nothing touched in the cluster",
            restarted
        ),
        scenario!(
            "serving certificate and caBundle rotated while pods are created: none fails",
            rotation
        ),
        scenario!(
            "the apiserver counts needle's validation rejections",
            rejections_counted
        ),
    ]
}

/// Stop the revision's server as Kubernetes stops a pod: SIGTERM, and wait for its drain.
pub async fn stop(rev: &Revision) {
    let Some(mut server) = rev.server.lock().await.take() else {
        return;
    };
    server.sigterm();
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline && matches!(server.child.try_wait(), Ok(None)) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub async fn start(rev: &Revision) {
    let mut server = rev.server.lock().await;
    if server.is_none() {
        *server = Some(rev.start_server());
    }
}

/// SIGSTOP or SIGCONT to the revision's server: a process that accepts and never answers.
async fn signal(rev: &Revision, signal: &str) {
    let server = rev.server.lock().await;
    let pid = server.as_ref().unwrap().child.id().to_string();
    std::process::Command::new("kill")
        .args([signal, &pid])
        .status()
        .unwrap();
}

async fn enabled(env: &Env) -> String {
    env.namespace("enabled", json!({"istio-injection": "enabled"}))
        .await
}

fn refused_for_webhook(result: Result<serde_json::Value, String>) -> Outcome {
    match result {
        Err(e) if e.contains("failed calling webhook") => Ok(()),
        Err(e) => Err(format!("refused, but not for the webhook call: {e}")),
        Ok(pod) => Err(format!("created: {pod}")),
    }
}

async fn stopped_fail(env: Arc<Env>) -> Outcome {
    let rev = env.revision("default");
    stop(rev).await;
    let ns = enabled(&env).await;
    let outcome = refused_for_webhook(
        env.create_pod(&ns, pod("app", json!({}), json!({})), false)
            .await,
    );
    start(rev).await;
    outcome
}

async fn stopped_ignore(env: Arc<Env>) -> Outcome {
    let rev = env.revision("default");
    env.apply_injector_webhooks(rev, "Ignore", 10).await;
    stop(rev).await;
    let ns = enabled(&env).await;
    let outcome = expect_not_injected(&env, &ns, pod("app", json!({}), json!({}))).await;
    start(rev).await;
    env.apply_injector_webhooks(rev, "Fail", 10).await;
    outcome
}

async fn paused(env: &Env, policy: &str) -> Outcome {
    let rev = env.revision("default");
    env.apply_injector_webhooks(rev, policy, 1).await;
    let ns = enabled(env).await;
    signal(rev, "-STOP").await;
    let began = Instant::now();
    let result = env
        .create_pod(&ns, pod("app", json!({}), json!({})), false)
        .await;
    let waited = began.elapsed();
    signal(rev, "-CONT").await;
    env.apply_injector_webhooks(rev, "Fail", 10).await;
    if waited < Duration::from_millis(900) {
        return Err(format!("answered in {waited:?}, before the 1 s timeout"));
    }
    match policy {
        "Fail" => refused_for_webhook(result),
        _ => match result {
            Ok(p)
                if p["spec"]["containers"]
                    .as_array()
                    .is_some_and(|c| c.len() == 1) =>
            {
                Ok(())
            }
            other => Err(format!("want the pod created uninjected, got {other:?}")),
        },
    }
}

async fn paused_fail(env: Arc<Env>) -> Outcome {
    paused(&env, "Fail").await
}

async fn paused_ignore(env: Arc<Env>) -> Outcome {
    paused(&env, "Ignore").await
}

async fn restarted(env: Arc<Env>) -> Outcome {
    let rev = env.revision("default");
    stop(rev).await;
    start(rev).await;
    let ns = enabled(&env).await;
    expect_injected(&env, &ns, pod("app", json!({}), json!({})), "default").await
}

/// A new CA and serving certificate: the caBundle first trusts both, then needle's files
/// are replaced (it reloads them), then the bundle drops the old CA. A pod is created every
/// 50 ms all along; every one must be injected.
async fn rotation(env: Arc<Env>) -> Outcome {
    let rev = env.revision("default");
    let ns = enabled(&env).await;
    let old_ca = rev.ca_pem();
    let (new_ca, cert, key) =
        needle::server::devcert::generate(&["localhost".into(), "127.0.0.1".into()])
            .map_err(|e| e.to_string())?;
    let load = {
        let (env, ns) = (env.clone(), ns.clone());
        PodLoad::start(Duration::from_millis(50), move |_| {
            let (env, ns) = (env.clone(), ns.clone());
            async move {
                let p = pod(&env.unique("rot"), json!({}), json!({}));
                env.create_pod(&ns, p, false).await
            }
        })
    };
    let settle = || tokio::time::sleep(Duration::from_secs(2));
    settle().await;
    // The validator of the same server follows each step, as the injector does.
    let both = format!("{old_ca}{new_ca}");
    env.set_ca_bundle(rev, &both).await;
    env.apply_validator_webhooks_trusting(&both).await;
    settle().await;
    let certs = rev.dir.join("certs");
    for (name, text) in [("tls.key", &key), ("tls.crt", &cert)] {
        let tmp = certs.join(format!(".{name}.new"));
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, certs.join(name)).unwrap();
    }
    settle().await;
    env.set_ca_bundle(rev, &new_ca).await;
    env.apply_validator_webhooks_trusting(&new_ca).await;
    std::fs::write(certs.join("ca.pem"), &new_ca).unwrap();
    settle().await;
    let tally = load.stop().await;
    tally.all_injected(20)?;
    println!(
        "     {} pods created and injected during the rotation, 0 failed",
        tally.injected
    );
    Ok(())
}

async fn rejections_counted(env: Arc<Env>) -> Outcome {
    let ns = env.namespace("rejected", json!({})).await;
    let vs = json!({"apiVersion": "networking.istio.io/v1", "kind": "VirtualService",
        "metadata": {"name": "always-rejected", "namespace": ns,
            "annotations": {"internal.istio.io/webhook-always-reject": "true"}},
        "spec": {"hosts": ["a.example.com"], "http": [{"route": [{"destination": {"host": "a"}}]}]}});
    match env.create_resource(&vs, &ns, false).await {
        Err(e) if e.contains("denied the request") => {}
        other => return Err(format!("want needle's denial, got {other:?}")),
    }
    let metrics = env.apiserver_metrics().await;
    let rejected: f64 = metrics
        .lines()
        .filter(|l| l.starts_with("apiserver_admission_webhook_rejection_count{"))
        .filter(|l| l.contains("validation.istio.io"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum();
    if rejected < 1.0 {
        return Err("no rejection by needle's validating webhook counted".into());
    }
    println!(
        "     apiserver_admission_webhook_rejection_count for needle's validation: {rejected}"
    );
    Ok(())
}

/// p50 and p99 of the apiserver's `apiserver_admission_webhook_admission_duration_seconds`
/// for needle's webhooks, from its histogram buckets (upper bounds).
pub async fn admission_latency(env: &Env) -> String {
    format!(
        "cluster e2e: {}",
        crate::common::cluster::webhook_latency(&env.apiserver_metrics().await)
    )
}
