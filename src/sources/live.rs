//! The snapshot that serves. Every config source hands its freshly loaded result to
//! `Live::apply`, which installs a good snapshot or keeps the last good one, and logs and
//! counts either way, so every source behaves the same on a bad update.

use super::LoadError;
use crate::core::inject::Snapshot;
use crate::core::label::Labelled;
use arc_swap::ArcSwap;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReloadLabels {
    revision: String,
    source: String,
    result: String,
    reason: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct SourceLabel {
    revision: String,
    source: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InfoLabels {
    revision: String,
    hash: String,
    istio_release: String,
}

impl InfoLabels {
    fn of(revision: &str, snapshot: &Snapshot) -> Self {
        Self {
            revision: revision.to_string(),
            hash: snapshot.fingerprint.clone(),
            istio_release: snapshot.release.release.to_string(),
        }
    }
}

/// The configuration metrics of every revision a server serves, each series labelled with
/// its revision: registered once, written by each revision's `Live`.
#[derive(Clone, Default)]
pub struct ConfigMetrics {
    reloads: Family<ReloadLabels, Counter>,
    stale: Family<SourceLabel, Gauge>,
    /// One series a revision, 1, naming the configuration that serves it; none before its
    /// first load.
    info: Family<InfoLabels, Gauge>,
}

impl ConfigMetrics {
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "needle_config_reloads",
            "Injector configuration reloads, by revision, source, result (ok, error) and reason",
            self.reloads.clone(),
        );
        registry.register(
            "needle_config_info",
            "1 for the injector configuration that serves a revision: its fingerprint (the \
             same on every replica given the same inputs) and the Istio release it is answered as",
            self.info.clone(),
        );
        registry.register(
            "needle_config_stale",
            "1 while the last reload of a revision's source failed and an older configuration serves",
            self.stale.clone(),
        );
    }
}

/// The configuration that serves one revision.
pub struct Live {
    revision: String,
    current: ArcSwap<Snapshot>,
    /// Why no configuration has loaded yet (`None` once one has): a source that starts
    /// empty, such as a ConfigMap watch, must not serve its placeholder.
    unloaded: Mutex<Option<String>>,
    /// `unloaded` is `None`: what every request checks, without taking the lock.
    loaded: AtomicBool,
    metrics: ConfigMetrics,
    info_shown: Mutex<Option<InfoLabels>>,
    rejections: Mutex<Rejections>,
}

/// Where each rejected configuration is said (an Event on needle's pod), once there is
/// somewhere: a rejection before that (a broken first load) waits for it.
#[derive(Default)]
struct Rejections {
    sink: Option<mpsc::UnboundedSender<String>>,
    unsaid: Option<String>,
}

impl Rejections {
    fn say(&mut self, rejection: String) {
        match &self.sink {
            Some(sink) => {
                let _ = sink.send(rejection);
            }
            None => self.unsaid = Some(rejection),
        }
    }
}

impl Live {
    /// `revision`'s configuration, serving `initial`, counted in `metrics`.
    pub fn new(revision: &str, initial: Snapshot, metrics: &ConfigMetrics) -> Self {
        let live = Self::with(revision, initial, None, metrics);
        live.show(&live.current());
        live
    }

    fn with(
        revision: &str,
        current: Snapshot,
        unloaded: Option<String>,
        metrics: &ConfigMetrics,
    ) -> Self {
        Self {
            revision: revision.to_string(),
            loaded: AtomicBool::new(unloaded.is_none()),
            current: ArcSwap::from_pointee(current),
            unloaded: Mutex::new(unloaded),
            metrics: metrics.clone(),
            info_shown: Mutex::new(None),
            rejections: Mutex::default(),
        }
    }

    /// The revision this configuration serves.
    pub fn revision(&self) -> &str {
        &self.revision
    }

    /// Send every rejected configuration to `sink`, in words (the source and the error): the
    /// last one before now, if the configuration has been stale since, and each from now on.
    pub fn report_rejections_to(&self, sink: mpsc::UnboundedSender<String>) {
        let mut rejections = self.rejections.lock().unwrap();
        if let Some(unsaid) = rejections.unsaid.take() {
            let _ = sink.send(unsaid);
        }
        rejections.sink = Some(sink);
    }

    /// Name `snapshot` in `needle_config_info`: it serves from now on.
    fn show(&self, snapshot: &Snapshot) {
        let labels = InfoLabels::of(&self.revision, snapshot);
        let mut shown = self.info_shown.lock().unwrap();
        if let Some(old) = shown.take() {
            self.metrics.info.remove(&old);
        }
        self.metrics.info.get_or_create(&labels).set(1);
        *shown = Some(labels);
    }

    /// A snapshot that is not to serve until a source applies a good one; `why` says what is
    /// awaited (reported by readiness and in answers until then).
    pub fn awaiting(
        revision: &str,
        placeholder: Snapshot,
        why: String,
        metrics: &ConfigMetrics,
    ) -> Self {
        Self::with(revision, placeholder, Some(why), metrics)
    }

    /// Why there is no configuration to serve yet, if there is none.
    pub fn unloaded(&self) -> Option<String> {
        if self.loaded.load(Ordering::Acquire) {
            return None;
        }
        self.unloaded.lock().unwrap().clone()
    }

    /// The snapshot to serve a request with; requests in flight keep theirs across a swap.
    pub fn current(&self) -> Arc<Snapshot> {
        self.current.load_full()
    }

    /// Install what `source` loaded, or keep the last good snapshot if it failed.
    pub fn apply(&self, source: &str, loaded: Result<Snapshot, LoadError>) {
        let source_label = SourceLabel {
            revision: self.revision.clone(),
            source: source.to_string(),
        };
        let revision = self.revision.as_str();
        let (result, reason) = match loaded {
            Ok(snapshot) => {
                let templates = snapshot.template_summary();
                let istio_release = snapshot.release.describe();
                let fingerprint = snapshot.fingerprint.clone();
                self.show(&snapshot);
                self.current.store(Arc::new(snapshot));
                *self.unloaded.lock().unwrap() = None;
                self.loaded.store(true, Ordering::Release);
                self.rejections.lock().unwrap().unsaid = None;
                self.metrics.stale.get_or_create(&source_label).set(0);
                tracing::info!(
                    revision,
                    source,
                    istio_release,
                    fingerprint,
                    templates,
                    "injector configuration reloaded"
                );
                ("ok", "")
            }
            Err(error) => {
                let never_loaded = match self.unloaded.lock().unwrap().as_mut() {
                    Some(why) => {
                        *why = format!("no injector configuration loaded: {error}");
                        true
                    }
                    None => false,
                };
                self.metrics.stale.get_or_create(&source_label).set(1);
                self.rejections.lock().unwrap().say(format!(
                    "injector configuration of revision {revision} from {source} rejected: {error}"
                ));
                let reason = error.label();
                if never_loaded {
                    tracing::error!(revision, source, reason, %error, "injector configuration failed to load; not ready until a good one loads");
                } else {
                    tracing::error!(revision, source, reason, %error, "injector configuration reload failed; keeping the last good configuration");
                }
                ("error", reason)
            }
        };
        self.metrics
            .reloads
            .get_or_create(&ReloadLabels {
                revision: self.revision.clone(),
                source: source.to_string(),
                result: result.to_string(),
                reason: reason.to_string(),
            })
            .inc();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::config::ConfigError;
    use crate::core::inject::snapshot;

    fn metrics(live: &Live) -> String {
        let mut registry = Registry::default();
        live.metrics.register(&mut registry);
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &registry).unwrap();
        out
    }

    fn live(initial: Snapshot) -> Live {
        Live::new("default", initial, &ConfigMetrics::default())
    }

    fn awaiting(why: &str) -> Live {
        Live::awaiting(
            "default",
            snapshot::embedded(),
            why.into(),
            &ConfigMetrics::default(),
        )
    }

    #[test]
    fn a_failed_load_keeps_the_last_good_snapshot_and_says_so() {
        let live = live(snapshot::embedded());
        let before = live.current();
        live.apply(
            "files",
            Err(ConfigError::new("config", "field policy: expected a string").into()),
        );
        assert!(Arc::ptr_eq(&before, &live.current()));
        let text = metrics(&live);
        assert!(text.contains(r#"needle_config_reloads_total{revision="default",source="files",result="error",reason="invalid_field"} 1"#), "{text}");
        assert!(
            text.contains(r#"needle_config_stale{revision="default",source="files"} 1"#),
            "{text}"
        );

        live.apply("files", Ok(snapshot::embedded()));
        assert!(!Arc::ptr_eq(&before, &live.current()));
        let text = metrics(&live);
        assert!(
            text.contains(r#"needle_config_reloads_total{revision="default",source="files",result="ok",reason=""} 1"#),
            "{text}"
        );
        assert!(
            text.contains(r#"needle_config_stale{revision="default",source="files"} 0"#),
            "{text}"
        );
    }

    #[test]
    fn rejections_are_said_once_there_is_somewhere_to_say_them() {
        let broken = || Err(ConfigError::new("config", "field policy: expected a string").into());
        let live = awaiting("");
        live.apply("files", broken());
        let (sink, mut said) = mpsc::unbounded_channel();
        live.report_rejections_to(sink);
        let first = said.try_recv().unwrap();
        assert!(
            first.starts_with("injector configuration of revision default from files rejected: "),
            "{first}"
        );
        live.apply("configmap", broken());
        assert!(said.try_recv().unwrap().contains("from configmap"));
        assert!(said.try_recv().is_err());

        // A good load since: the rejection before the sink is not said any more.
        let fixed = awaiting("");
        fixed.apply("files", broken());
        fixed.apply("files", Ok(snapshot::embedded()));
        let (sink, mut said) = mpsc::unbounded_channel();
        fixed.report_rejections_to(sink);
        assert!(said.try_recv().is_err());
    }

    /// The `needle_config_info` series of the text, in order.
    fn info_lines(text: &str) -> Vec<&str> {
        text.lines()
            .filter(|l| l.starts_with("needle_config_info{"))
            .collect()
    }

    #[test]
    fn the_info_series_names_the_configuration_that_serves_and_only_it() {
        let awaiting = awaiting("waiting");
        assert_eq!(info_lines(&metrics(&awaiting)), Vec::<&str>::new());

        let embedded = snapshot::embedded();
        let first = format!(
            r#"needle_config_info{{revision="default",hash="{}",istio_release="86c9f01"}} 1"#,
            embedded.fingerprint
        );
        assert_eq!(embedded.fingerprint.len(), 16);
        assert_eq!(embedded.fingerprint, snapshot::embedded().fingerprint);
        let live = live(embedded);
        assert_eq!(info_lines(&metrics(&live)), [first.as_str()]);

        let other = snapshot::build(snapshot::Sources {
            mesh: Some(snapshot::Source {
                name: "mesh.yaml",
                text: "defaultConfig: {concurrency: 3}",
            }),
            ..Default::default()
        })
        .unwrap();
        let second = format!(
            r#"needle_config_info{{revision="default",hash="{}",istio_release="86c9f01"}} 1"#,
            other.fingerprint
        );
        assert_ne!(first, second);
        live.apply("files", Ok(other));
        assert_eq!(info_lines(&metrics(&live)), [second.as_str()]);
        // A failed reload leaves the one that serves named.
        live.apply(
            "files",
            Err(ConfigError::new("config", "field policy: expected a string").into()),
        );
        assert_eq!(info_lines(&metrics(&live)), [second.as_str()]);
    }

    #[test]
    fn an_awaiting_snapshot_serves_nothing_until_a_good_load() {
        let live = awaiting("waiting for ConfigMap a/b");
        assert_eq!(
            live.unloaded().as_deref(),
            Some("waiting for ConfigMap a/b")
        );
        live.apply(
            "configmap",
            Err(ConfigError::new("config", "field policy: expected a string").into()),
        );
        let why = live.unloaded().unwrap();
        assert!(
            why.starts_with("no injector configuration loaded: "),
            "{why}"
        );
        live.apply("configmap", Ok(snapshot::embedded()));
        assert_eq!(live.unloaded(), None);
        live.apply(
            "configmap",
            Err(ConfigError::new("config", "field policy: expected a string").into()),
        );
        assert_eq!(
            live.unloaded(),
            None,
            "a bad edit after a good load keeps serving"
        );
    }
}
