//! Pods created one after another while a scenario does its worst to needle or the cluster:
//! how many came back injected, and what happened to the others.

use serde_json::Value;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::task::JoinSet;
use tokio::time::MissedTickBehavior;

/// What the creations came to.
#[derive(Debug, Default)]
pub struct Tally {
    pub injected: usize,
    /// Stored (or, dry run, answered) without the sidecar: the webhook was skipped.
    pub not_injected: Vec<String>,
    /// Refused, each with the apiserver's message.
    pub refused: Vec<String>,
}

impl Tally {
    pub fn attempts(&self) -> usize {
        self.injected + self.not_injected.len() + self.refused.len()
    }

    /// Every creation injected, and at least `least` of them: else what went wrong first.
    pub fn all_injected(&self, least: usize) -> Result<(), String> {
        if let Some(first) = self.refused.first().or(self.not_injected.first()) {
            return Err(format!(
                "{} of {} pod creations failed or were not injected; the first: {first}",
                self.attempts() - self.injected,
                self.attempts()
            ));
        }
        if self.injected < least {
            return Err(format!("only {} pods created, want {least}", self.injected));
        }
        Ok(())
    }
}

/// Creations running until `stop`.
pub struct PodLoad {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<Tally>,
}

/// Creations waiting for their answer at once, at most: a slow apiserver slows the load
/// instead of piling requests up.
const IN_FLIGHT: usize = 32;

impl PodLoad {
    /// Start `create(n)` (the n-th pod: the created pod as JSON, or the error) every `every`,
    /// whether or not the ones before have been answered.
    pub fn start<F, Fut>(every: Duration, mut create: F) -> PodLoad
    where
        F: FnMut(usize) -> Fut + Send + 'static,
        Fut: Future<Output = Result<Value, String>> + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let task = tokio::spawn(async move {
            let mut tally = Tally::default();
            let mut running = JoinSet::new();
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
            let mut started = 0;
            while !stopped.load(Ordering::Relaxed) {
                ticks.tick().await;
                while running.len() >= IN_FLIGHT {
                    tally.add(running.join_next().await);
                }
                running.spawn(create(started));
                started += 1;
                while let Some(done) = running.try_join_next() {
                    tally.add(Some(done));
                }
            }
            while let Some(done) = running.join_next().await {
                tally.add(Some(done));
            }
            tally
        });
        PodLoad { stop, task }
    }

    pub async fn stop(self) -> Tally {
        self.stop.store(true, Ordering::Relaxed);
        // A panic here is the scenario's failure (each runs as its own task).
        self.task.await.expect("the pod creations panicked")
    }
}

impl Tally {
    fn add(&mut self, done: Option<Result<Result<Value, String>, tokio::task::JoinError>>) {
        match done.map(|joined| joined.expect("a pod creation panicked")) {
            Some(Ok(pod)) if injected(&pod) => self.injected += 1,
            Some(Ok(pod)) => self
                .not_injected
                .push(format!("not injected: {}", pod["metadata"]["name"])),
            Some(Err(e)) => self.refused.push(e),
            None => {}
        }
    }
}

/// The revision an injector's status annotation names.
pub fn status_revision(pod: &Value) -> Option<String> {
    let status = pod.pointer("/metadata/annotations/sidecar.istio.io~1status")?;
    let status: Value = serde_json::from_str(status.as_str()?).ok()?;
    status["revision"].as_str().map(str::to_string)
}

/// Whether an injector's status annotation is on the pod.
pub fn injected(pod: &Value) -> bool {
    pod.pointer("/metadata/annotations/sidecar.istio.io~1status")
        .is_some()
}
