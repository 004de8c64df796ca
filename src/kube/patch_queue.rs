//! What the two webhook-configuration patchers share, as istiod's controllers share their
//! work queue: a cache of the configurations kept by a watch, a queue of names to check
//! (a configuration that changed; all of them when the CA files change), deduplicated, and
//! a retry after a delay for a check that did not succeed.

use super::watch::Health;
use kube::runtime::reflector::{self, Store};
use kube::runtime::watcher;
use kube::{Api, Resource, ResourceExt};
use serde::de::DeserializeOwned;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Debug;
use std::future::Future;
use std::hash::Hash;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// What a check of one configuration asks for next.
#[derive(Debug, PartialEq)]
pub enum Next {
    Done,
    /// Check it again after the queue's delay.
    Retry,
}

/// Checks one configuration by name, with the cache of them all.
pub trait Check<K: Resource + 'static>
where
    K::DynamicType: Hash + Eq,
{
    fn check(&self, store: &Store<K>, name: &str) -> impl Future<Output = Next> + Send;
}

enum Work {
    One(String),
    Retry(String),
    All,
}

/// The configurations of `api` under `config`, cached and queued as they change, until the
/// process ends: `checker.check` of each name queued, in one worker, as a work queue runs.
/// `delay(tries)` is how long to wait before retry number `tries` (1-based); `retried(name)`
/// is told of each retry (for a metric).
pub async fn run<K>(
    api: Api<K>,
    config: watcher::Config,
    health: Health,
    ca_changed: watch::Receiver<()>,
    delay: fn(u32) -> Duration,
    retried: impl Fn(&str),
    checker: &impl Check<K>,
) where
    K: Resource + Clone + DeserializeOwned + Debug + Send + Sync + 'static,
    K::DynamicType: Default + Eq + Hash + Clone + Send + Sync,
{
    let (store, writer) = reflector::store();
    let (queue, mut work) = mpsc::unbounded_channel::<Work>();
    tokio::spawn(follow(api, config, writer, queue.clone(), health));
    tokio::spawn(follow_ca(ca_changed, queue.clone()));
    // Nothing is judged on a partial list: a configuration not listed yet is not missing.
    if store.wait_until_ready().await.is_err() {
        return;
    }
    let mut tries: HashMap<String, u32> = HashMap::new();
    let mut scheduled: HashSet<String> = HashSet::new();
    while let Some(first) = work.recv().await {
        // Everything queued meanwhile is checked once, as a work queue dedupes.
        let mut names = BTreeSet::new();
        let mut next = Some(first);
        while let Some(item) = next {
            match item {
                Work::One(name) => {
                    names.insert(name);
                }
                Work::Retry(name) => {
                    scheduled.remove(&name);
                    names.insert(name);
                }
                Work::All => names.extend(store.state().iter().map(|c| c.name_any())),
            }
            next = work.try_recv().ok();
        }
        for name in names {
            if checker.check(&store, &name).await == Next::Done {
                tries.remove(&name);
                continue;
            }
            retried(&name);
            let n = tries.entry(name.clone()).or_default();
            *n += 1;
            if scheduled.insert(name.clone()) {
                let (queue, delay) = (queue.clone(), delay(*n));
                tokio::spawn(async move {
                    tokio::time::sleep(delay).await;
                    let _ = queue.send(Work::Retry(name));
                });
            }
        }
    }
}

/// Keep `writer`'s cache of the configurations and queue every one that changes.
async fn follow<K>(
    api: Api<K>,
    config: watcher::Config,
    mut writer: reflector::store::Writer<K>,
    queue: mpsc::UnboundedSender<Work>,
    health: Health,
) where
    K: Resource + Clone + DeserializeOwned + Debug + Send + Sync + 'static,
    K::DynamicType: Default + Eq + Hash + Clone,
{
    super::watch::follow(api, config, health, |event| {
        let Ok(event) = event else { return };
        writer.apply_watcher_event(&event);
        if let watcher::Event::Apply(o) | watcher::Event::InitApply(o) | watcher::Event::Delete(o) =
            event
        {
            // The receiver is gone only when the process ends.
            let _ = queue.send(Work::One(o.name_any()));
        }
    })
    .await
}

/// Queue every configuration whenever the certificate files change.
async fn follow_ca(mut changed: watch::Receiver<()>, queue: mpsc::UnboundedSender<Work>) {
    while changed.changed().await.is_ok() {
        if queue.send(Work::All).is_err() {
            return;
        }
    }
}
