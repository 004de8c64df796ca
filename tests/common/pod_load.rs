//! Pods created one after another while a scenario does its worst to needle or the cluster:
//! how many came back injected, and what happened to the others.

use serde_json::Value;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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

impl PodLoad {
    /// Call `create(n)` (the n-th pod: the created pod as JSON, or the error) every `every`.
    pub fn start<F, Fut>(every: Duration, mut create: F) -> PodLoad
    where
        F: FnMut(usize) -> Fut + Send + 'static,
        Fut: Future<Output = Result<Value, String>> + Send,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let task = tokio::spawn(async move {
            let mut tally = Tally::default();
            while !stopped.load(Ordering::Relaxed) {
                match create(tally.attempts()).await {
                    Ok(pod) if injected(&pod) => tally.injected += 1,
                    Ok(pod) => tally
                        .not_injected
                        .push(format!("not injected: {}", pod["metadata"]["name"])),
                    Err(e) => tally.refused.push(e),
                }
                tokio::time::sleep(every).await;
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

fn injected(pod: &Value) -> bool {
    pod.pointer("/metadata/annotations/sidecar.istio.io~1status")
        .is_some()
}
