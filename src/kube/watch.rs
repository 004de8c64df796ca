//! Every watch needle keeps on the cluster runs as client-go's reflector runs: a failed list
//! or watch is retried after an exponential back-off (800 ms doubling to 30 s, each wait
//! stretched at random by up to as much again, back to 800 ms after two minutes without a
//! failure: kube-runtime's `DefaultBackoff`, client-go's numbers), a watch that expired (410 Gone) lists again, and the log says when a watch goes
//! down and when it is back, not every try. The apiserver going away is a normal day: its
//! restart must not fill a disk with retries nor burn a core.
//!
//! After a failure the watch starts over with a list, as client-go does after most errors:
//! the list is the whole truth again (nothing missed while it was down), and a completed list
//! is the proof that the watch is back (a resumed watch says nothing until an object changes).

use futures::StreamExt;
use kube::Resource;
use kube::runtime::watcher::{self, DefaultBackoff, watcher};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct WatchLabel {
    pub watch: String,
}

/// The state of each watch, for alerts: up or down, and how often it failed.
#[derive(Clone, Default)]
pub struct WatchMetrics {
    up: Family<WatchLabel, Gauge>,
    failures: Family<WatchLabel, Counter>,
}

impl WatchMetrics {
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "needle_watch_up",
            "1 while a watch of the cluster (Node, Namespace, ProxyConfig, ConfigMap ..., \
             MutatingWebhookConfiguration, ValidatingWebhookConfiguration) has listed and is \
             following changes, 0 while it retries",
            self.up.clone(),
        );
        registry.register(
            "needle_watch_failures",
            "Failed lists and watches of the cluster, by watch (each retried with back-off)",
            self.failures.clone(),
        );
    }

    /// The health of one watch, named as the metrics and the log name it; down until it lists.
    pub fn health(&self, watch: impl Into<String>) -> Health {
        let label = WatchLabel {
            watch: watch.into(),
        };
        let up = self.up.get_or_create(&label).clone();
        up.set(0);
        Health {
            failures: self.failures.get_or_create(&label).clone(),
            up,
            name: label.watch,
            state: State::Starting,
        }
    }
}

enum State {
    Starting,
    Up,
    Down { since: Instant, failures: u64 },
}

/// Tracks one watch: fed every event's result, it logs each change of state once.
pub struct Health {
    name: String,
    state: State,
    up: Gauge,
    failures: Counter,
}

impl Health {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// An event arrived: the watch is up (again).
    pub fn ok(&mut self) {
        match std::mem::replace(&mut self.state, State::Up) {
            State::Up => return,
            State::Starting => {}
            State::Down { since, failures } => tracing::info!(
                watch = self.name,
                failures,
                down_for = ?since.elapsed(),
                "watch of the cluster is back"
            ),
        }
        self.up.set(1);
    }

    /// A list or watch failed and will be retried after the back-off.
    pub fn failed(&mut self, error: &watcher::Error) {
        self.failures.inc();
        self.up.set(0);
        match &mut self.state {
            State::Down { failures, .. } => *failures += 1,
            State::Starting | State::Up => {
                tracing::warn!(
                    watch = self.name,
                    %error,
                    "watch of the cluster failed; retrying with back-off (0.8 s growing to 30 s), \
                     logged again when it is back"
                );
                self.state = State::Down {
                    since: Instant::now(),
                    failures: 1,
                };
            }
        }
    }
}

/// Follow `api` under `config` until the process ends, handing `handle` every event and every
/// failure (the failures are also logged and counted by `health`). A failure ends the watch;
/// after the back-off it starts over with `Event::Init` and a full list.
pub async fn follow<K>(
    api: kube::Api<K>,
    config: watcher::Config,
    mut health: Health,
    mut handle: impl FnMut(Result<watcher::Event<K>, &watcher::Error>),
) where
    K: Resource + Clone + DeserializeOwned + Debug + Send + 'static,
{
    let mut backoff = DefaultBackoff::default();
    loop {
        let mut events = watcher(api.clone(), config.clone()).boxed();
        while let Some(event) = events.next().await {
            match event {
                // `Init` comes before the list is even asked for.
                Ok(watcher::Event::Init) => handle(Ok(watcher::Event::Init)),
                Ok(event) => {
                    health.ok();
                    handle(Ok(event));
                }
                // A resource the apiserver does not serve (a CRD not installed) is not a watch
                // down: there is nothing to follow, and the caller says what that means.
                Err(error) if is_not_served(&error) => {
                    health.ok();
                    handle(Err(&error));
                    break;
                }
                Err(error) => {
                    health.failed(&error);
                    handle(Err(&error));
                    break;
                }
            }
        }
        let delay = backoff.next().unwrap_or(MAX_DELAY);
        tokio::time::sleep(delay).await;
    }
}

/// Where `DefaultBackoff` stops growing.
const MAX_DELAY: Duration = Duration::from_secs(30);

/// The apiserver answers 404 for a resource it does not serve.
pub fn is_not_served(error: &watcher::Error) -> bool {
    let api_error = match error {
        watcher::Error::InitialListFailed(kube::Error::Api(status))
        | watcher::Error::WatchStartFailed(kube::Error::Api(status))
        | watcher::Error::WatchFailed(kube::Error::Api(status)) => status,
        _ => return false,
    };
    api_error.code == 404
}

#[cfg(test)]
mod tests {
    use super::*;
    use prometheus_client::encoding::text::encode;

    fn text(metrics: &WatchMetrics) -> String {
        let mut registry = Registry::default();
        metrics.register(&mut registry);
        let mut out = String::new();
        encode(&mut out, &registry).unwrap();
        out
    }

    fn failure() -> watcher::Error {
        watcher::Error::NoResourceVersion
    }

    #[test]
    fn the_state_follows_the_events_and_counts_each_failure() {
        let metrics = WatchMetrics::default();
        let mut health = metrics.health("Node");
        assert!(text(&metrics).contains(r#"needle_watch_up{watch="Node"} 0"#));
        health.ok();
        assert!(text(&metrics).contains(r#"needle_watch_up{watch="Node"} 1"#));
        for _ in 0..3 {
            health.failed(&failure());
        }
        let out = text(&metrics);
        assert!(out.contains(r#"needle_watch_up{watch="Node"} 0"#), "{out}");
        assert!(
            out.contains(r#"needle_watch_failures_total{watch="Node"} 3"#),
            "{out}"
        );
        assert!(matches!(health.state, State::Down { failures: 3, .. }));
        health.ok();
        assert!(text(&metrics).contains(r#"needle_watch_up{watch="Node"} 1"#));
    }
}
