//! needle replaced under load, with the injector's `failurePolicy: Fail`: pods are created
//! steadily in an injected namespace (a new one every 40 ms, each creation on its own, so a
//! slow answer does not slow the rate) while `kubectl rollout restart deployment/needle`
//! replaces both replicas, three times, and then while one needle pod is deleted. Every creation must be
//! admitted and injected. The pods name a scheduler that does not exist, so they stay Pending
//! and the node only stores them: the load is on the webhook, not on the kubelet.

use crate::world::{NEEDLE_NS, World, wait_until};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::Pod;
use kube::api::{Api, DeleteParams, Patch, PatchParams};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "rollout: rollout restart and a deleted needle pod under load, 0 creations fail",
        rollout
    )]
}

/// 25 creations a second: at 6/s a creation rarely fell in the moment a terminating pod's
/// port had closed and kube-proxy still sent connections to it; at 25/s, with no shutdown
/// delay, several rounds failed some.
const EVERY: Duration = Duration::from_millis(40);
/// Each round replaces both replicas.
const RESTARTS: u32 = 3;

/// What one creation gave: its latency, and why it failed (refused, or stored uninjected).
type Result1 = (Duration, Option<String>);

async fn rollout(world: Arc<World>) -> Outcome {
    let ns = world
        .namespace("load", json!({"istio-injection": "enabled"}))
        .await?;
    let load = Load::start(world.clone(), ns);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut phases = Vec::new();
    for round in 1..=RESTARTS {
        let began = Instant::now();
        let before = needle_pod_names(&world).await?;
        restart(&world, round).await?;
        let done = rolled_out(&world, &before, 240).await;
        phases.push((
            format!("rollout restart {round}/{RESTARTS}"),
            began.elapsed(),
        ));
        done?;
    }
    let began = Instant::now();
    let victim = needle_pod_names(&world).await?.swap_remove(0);
    Api::<Pod>::namespaced(world.client.clone(), NEEDLE_NS)
        .delete(&victim, &DeleteParams::default())
        .await
        .map_err(|e| format!("deleting {victim}: {e}"))?;
    let replaced = rolled_out(&world, std::slice::from_ref(&victim), 120).await;
    phases.push(("one pod deleted".to_string(), began.elapsed()));
    // Creations sent while the last old pod was going still count.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let results = load.stop().await;
    replaced?;

    let took: Vec<String> = phases
        .iter()
        .map(|(what, took)| format!("{what} {took:.1?}"))
        .collect();
    println!("     {}", report(&results, &took.join(", ")));
    let failures: Vec<&String> = results.iter().filter_map(|(_, e)| e.as_ref()).collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} creations failed, the first: {}",
            failures.len(),
            failures[0]
        ))
    }
}

/// `kubectl rollout restart`: a new `restartedAt` annotation on the pod template.
async fn restart(world: &World, round: u32) -> Outcome {
    let now = format!("{}-{round}", restart_stamp());
    let patch = json!({"spec": {"template": {"metadata": {"annotations": {
        "kubectl.kubernetes.io/restartedAt": now}}}}});
    Api::<Deployment>::namespaced(world.client.clone(), NEEDLE_NS)
        .patch("needle", &PatchParams::default(), &Patch::Strategic(patch))
        .await
        .map(|_| ())
        .map_err(|e| format!("rollout restart: {e}"))
}

/// A value the annotation has not had (kubectl writes the time; any new value restarts).
fn restart_stamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    format!("unix-{secs}")
}

/// needle's pods by name (a terminating one included).
async fn needle_pod_names(world: &World) -> Result<Vec<String>, String> {
    let pods = world.pods(NEEDLE_NS, "app=needle").await?;
    Ok(pods
        .iter()
        .filter_map(|p| p["metadata"]["name"].as_str().map(str::to_string))
        .collect())
}

/// The Deployment rolled out: its new generation observed, every replica updated and ready,
/// and no other needle pod left (a terminating one included), none of them one of `gone`.
async fn rolled_out(world: &World, gone: &[String], seconds: u64) -> Outcome {
    let deployments = Api::<Deployment>::namespaced(world.client.clone(), NEEDLE_NS);
    wait_until("needle's rollout", seconds, || async {
        let d = deployments.get("needle").await.ok()?;
        let status = d.status?;
        let want = d.spec?.replicas.unwrap_or(1);
        let done = status.observed_generation >= d.metadata.generation
            && status.updated_replicas == Some(want)
            && status.ready_replicas == Some(want)
            && status.replicas == Some(want);
        let pods = needle_pod_names(world).await.ok()?;
        let replaced = pods.iter().all(|p| !gone.contains(p));
        (done && replaced && pods.len() == want as usize).then_some(())
    })
    .await
}

/// Creations running in the background; their results, collected.
struct Load {
    results: Arc<Mutex<Vec<Result1>>>,
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Load {
    fn start(world: Arc<World>, ns: String) -> Load {
        let results = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (r, s) = (results.clone(), stop.clone());
        let task = tokio::spawn(async move {
            let mut ticker = tokio::time::interval(EVERY);
            let mut creations = Vec::new();
            while !s.load(Ordering::Relaxed) {
                ticker.tick().await;
                let (world, ns, r) = (world.clone(), ns.clone(), r.clone());
                creations.push(tokio::spawn(async move {
                    let result = create_one(&world, &ns).await;
                    r.lock().await.push(result);
                }));
            }
            for c in creations {
                let _ = c.await;
            }
        });
        Load {
            results,
            stop,
            task,
        }
    }

    async fn stop(self) -> Vec<Result1> {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.task.await;
        std::mem::take(&mut *self.results.lock().await)
    }
}

async fn create_one(world: &World, ns: &str) -> Result1 {
    let name = world.unique("load");
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
        "spec": {"schedulerName": "needle-test-unscheduled",
                 "containers": [{"name": "app", "image": crate::workloads::APP_IMAGE}]}});
    let began = Instant::now();
    let outcome = world.create_pod(ns, &pod, false).await;
    let took = began.elapsed();
    let error = match outcome {
        Err(e) => Some(format!("{name}: {e}")),
        Ok(stored) if !stored["spec"].to_string().contains("\"istio-proxy\"") => {
            Some(format!("{name}: stored without a sidecar"))
        }
        Ok(_) => None,
    };
    (took, error)
}

/// One line: creations, rate, failures and latency percentiles, and how long each phase took.
fn report(results: &[Result1], phases: &str) -> String {
    let mut latencies: Vec<Duration> = results.iter().map(|(d, _)| *d).collect();
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or("n/a".into(), |d| format!("{d:.0?}"))
    };
    let failed = results.iter().filter(|(_, e)| e.is_some()).count();
    format!(
        "{} created, {failed} failed (one every {EVERY:?}), p50 {}, p99 {}, max {}; {phases}",
        results.len() - failed,
        at(0.5),
        at(0.99),
        at(1.0),
    )
}
