//! What every request handler shares: the current config snapshot, metrics and limits.

use super::bounded::Limits;
use super::budget::Budget;
use super::metrics::Metrics;
use super::revisions::{Revisions, Served};
use super::summary::Summary;
use crate::core::config::proxy_config::resources::ProxyConfigs;
use crate::core::inject::Snapshot;
use crate::core::inject::admit::Settings;
use crate::core::inject::replicas::{Bounds, ReplicaCache};
use crate::kube::cache::View;
use crate::sources::Live;
use crate::sources::live::ConfigMetrics;
use arc_swap::ArcSwapOption;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// What `needle serve` bounds requests by (`--max-in-flight`, `--max-in-flight-bytes`,
/// `--request-timeout`).
#[derive(Debug, Clone, Copy)]
pub struct LimitSettings {
    /// Requests decoded or worked on at once.
    pub max_in_flight: usize,
    /// What the replica cache may hold (`entries: 0` turns it off).
    pub replica_cache: Bounds,
    /// Body bytes of the requests in flight, all together.
    pub max_in_flight_bytes: usize,
    pub request_timeout: Duration,
}

impl Default for LimitSettings {
    /// `needle serve`'s defaults: one request worked on per CPU.
    fn default() -> Self {
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        Self {
            max_in_flight: cpus,
            replica_cache: Bounds::default(),
            max_in_flight_bytes: DEFAULT_MAX_IN_FLIGHT_BYTES,
            request_timeout: Duration::from_secs(5),
        }
    }
}

impl LimitSettings {
    /// These limits with a replica cache of at most `entries` answers (0: none).
    pub fn with_replica_cache_entries(self, entries: usize) -> Self {
        let replica_cache = Bounds {
            entries,
            ..self.replica_cache
        };
        Self {
            replica_cache,
            ..self
        }
    }
}

/// The default memory budget: one body of the largest size Istio accepts (or many smaller
/// ones) at a time. A big pod costs about 23 times its body in resident memory at its peak
/// (BENCHMARKS.md, "Hostile input"), so this keeps the server near 150 MiB at most.
pub const DEFAULT_MAX_IN_FLIGHT_BYTES: usize = super::bounded::MAX_BODY_BYTES;

/// The budget of small reviews (up to 64 KiB declared), beside `--max-in-flight-bytes`: 16 of
/// the largest small ones or a thousand hello pods at once, a few tens of MiB at their peak.
pub const SMALL_REVIEWS_BYTES: usize = 1024 * 1024;

pub struct AppState {
    pub metrics: Metrics,
    /// The admissions counted for the periodic summary line.
    pub summary: Arc<Summary>,
    /// The revisions served, each with its configuration and settings.
    pub revisions: Revisions,
    /// The deadline, the memory budget and the CPU limit every request is held to.
    pub limits: Limits,
    /// The caches of cluster objects the admissions read (`--watch-cluster`).
    pub caches: Caches,
    /// Nodes by name (kubelet version), when watched for `auto` native sidecars.
    pub nodes: View<String>,
    /// Namespaces by name (name and annotations), when watched on OpenShift.
    pub namespaces: View<serde_json::Value>,
    /// The cluster's ProxyConfig resources (`--watch-cluster`); empty when not watching, and
    /// then pods get istioctl's ProxyConfig (mesh default and annotation only).
    pub proxy_configs: ArcSwapOption<ProxyConfigs>,
    /// Where replicas of one pod share an answer; `None` when turned off.
    pub replicas: Option<Arc<ReplicaCache>>,
    certificate_loaded: AtomicBool,
    /// SIGTERM came: `/ready` fails while the shutdown delay lets the endpoints drop the pod.
    shutting_down: AtomicBool,
}

/// The caches of cluster objects (ProxyConfig CRs, Nodes, Namespaces) the server answers
/// from: until each has listed, admissions would be answered as if the cluster had none, so
/// the server is not ready and `/inject` refuses (the webhook's failurePolicy decides).
#[derive(Default)]
pub struct Caches {
    pending: Mutex<BTreeSet<&'static str>>,
    /// `pending` is empty: what every request checks, without taking the lock.
    synced: AtomicBool,
}

impl Caches {
    /// A cache that must list before the server serves; `kind` names it in messages.
    pub fn expect(&self, kind: &'static str) {
        self.pending.lock().unwrap().insert(kind);
        self.synced.store(false, Ordering::Release);
    }

    /// The cache of `kind` has listed the cluster once.
    pub fn synced(&self, kind: &'static str) {
        let mut pending = self.pending.lock().unwrap();
        if pending.remove(kind) {
            tracing::info!(kind, "cache synced");
        }
        self.synced.store(pending.is_empty(), Ordering::Release);
    }

    /// What is not synced yet, if anything.
    pub fn waiting(&self) -> Option<String> {
        if self.synced.load(Ordering::Acquire) {
            return None;
        }
        let pending = self.pending.lock().unwrap();
        (!pending.is_empty()).then(|| {
            let kinds: Vec<&str> = pending.iter().copied().collect();
            format!("waiting for the {} cache to sync", kinds.join(", "))
        })
    }
}

impl AppState {
    /// One revision, `settings.revision`, serving `snapshot`.
    pub fn new(snapshot: Snapshot, settings: Settings, limits: LimitSettings) -> Self {
        let config = ConfigMetrics::default();
        let live = Live::new(&settings.revision, snapshot, &config);
        let served = Served {
            live,
            settings,
            tags: Vec::new(),
        };
        Self::with_revisions(Revisions::new(vec![served]), config, limits)
    }

    /// `new`, for revisions made elsewhere (configurations that await their sources), whose
    /// configurations count in `config`.
    pub fn with_revisions(
        revisions: Revisions,
        config: ConfigMetrics,
        limits: LimitSettings,
    ) -> Self {
        let replicas = (limits.replica_cache.entries > 0)
            .then(|| Arc::new(ReplicaCache::new(limits.replica_cache)));
        Self {
            metrics: Metrics::new(&config, replicas.clone()),
            replicas,
            summary: Arc::default(),
            revisions,
            limits: Limits {
                inline_cpu: Arc::new(Semaphore::new(limits.max_in_flight.max(1))),
                pool_cpu: Arc::new(Semaphore::new(limits.max_in_flight.max(1))),
                memory: Budget::new(limits.max_in_flight_bytes),
                small_memory: Budget::new(SMALL_REVIEWS_BYTES),
                request_timeout: limits.request_timeout,
            },
            caches: Caches {
                pending: Mutex::default(),
                synced: AtomicBool::new(true),
            },
            nodes: View::default(),
            namespaces: View::default(),
            proxy_configs: ArcSwapOption::empty(),
            certificate_loaded: AtomicBool::new(false),
            shutting_down: AtomicBool::new(false),
        }
    }

    /// The configuration of the revision named `name`, one the server was started with.
    ///
    /// # Panics
    /// For a name it was not started with.
    pub fn live(&self, name: &str) -> &Live {
        let served = self.revisions.named(name);
        &served.expect("a revision the server serves").live
    }

    /// The first revision's configuration (plain `/inject`'s).
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.revisions.primary().live.current()
    }

    pub fn set_certificate_loaded(&self) {
        self.certificate_loaded.store(true, Ordering::Release);
    }

    /// `Ok` once a config snapshot and a serving certificate are loaded and the caches have
    /// synced, until shutdown begins; else what is missing.
    pub fn set_shutting_down(&self) {
        self.shutting_down.store(true, Ordering::Release);
    }

    pub fn shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::Acquire)
    }

    pub fn ready(&self) -> Result<(), String> {
        if self.shutting_down() {
            return Err("shutting down".into());
        }
        if !self.certificate_loaded.load(Ordering::Acquire) {
            return Err("no serving certificate loaded yet".into());
        }
        self.unservable().map_or(Ok(()), |(why, _)| Err(why))
    }

    /// Why an admission cannot be answered yet, and its metric label: no configuration, or a
    /// cache not synced.
    pub fn unservable(&self) -> Option<(String, &'static str)> {
        if let Some(why) = self.revisions.unloaded() {
            return Some((why, "config_not_loaded"));
        }
        self.caches.waiting().map(|why| (why, "cache_not_synced"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches_gate_until_every_expected_kind_has_synced() {
        let state = AppState::new(
            crate::core::inject::snapshot::embedded(),
            Settings::default(),
            LimitSettings::default(),
        );
        state.set_certificate_loaded();
        assert_eq!(state.ready(), Ok(()));
        state.caches.expect("Node");
        state.caches.expect("ProxyConfig");
        assert_eq!(
            state.unservable(),
            Some((
                "waiting for the Node, ProxyConfig cache to sync".to_string(),
                "cache_not_synced"
            ))
        );
        state.caches.synced("ProxyConfig");
        assert_eq!(
            state.ready(),
            Err("waiting for the Node cache to sync".to_string())
        );
        state.caches.synced("Node");
        assert_eq!(state.ready(), Ok(()));
        assert_eq!(state.unservable(), None);
    }
}
