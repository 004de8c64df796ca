//! Prometheus metrics, with Istio's names where Istio has them.

use super::admission::{Endpoint, Outcome};
use super::cache_metrics::ReplicaCacheCollector;
use crate::core::inject::replicas::ReplicaCache;
use crate::core::label::Labelled;
use crate::kube::validator_patcher::ValidatorMetrics;
use crate::kube::watch::WatchMetrics;
use crate::kube::webhook_patcher::PatchMetrics;
use crate::sources::live::ConfigMetrics;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::sync::Arc;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ReasonLabel {
    pub reason: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ResultLabel {
    pub result: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ListenerLabel {
    pub listener: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct TimeoutLabel {
    pub listener: String,
    pub timeout: String,
}

/// Why a connection was closed by the server before its client closed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectionTimeout {
    TlsHandshake,
    HeaderRead,
    Idle,
}

impl Labelled for ConnectionTimeout {
    fn label(&self) -> &'static str {
        match self {
            Self::TlsHandshake => "tls_handshake",
            Self::HeaderRead => "header_read",
            Self::Idle => "idle",
        }
    }
}

/// Open connections and those closed on a timeout, by listener (`webhook`, `admin`).
#[derive(Clone, Default)]
pub struct ConnectionMetrics {
    open: Family<ListenerLabel, Gauge>,
    timed_out: Family<TimeoutLabel, Counter>,
}

impl ConnectionMetrics {
    fn register(&self, registry: &mut Registry) {
        registry.register(
            "needle_connections_open",
            "Connections open, by listener",
            self.open.clone(),
        );
        registry.register(
            "needle_connections_timed_out",
            "Connections closed by the server on a timeout (tls_handshake, header_read, idle), by listener",
            self.timed_out.clone(),
        );
    }

    /// The metrics of one listener; its gauge is looked up once rather than per connection.
    pub fn listener(&self, listener: &'static str) -> ListenerMetrics {
        ListenerMetrics {
            open: self
                .open
                .get_or_create(&ListenerLabel {
                    listener: listener.to_string(),
                })
                .clone(),
            timed_out: self.timed_out.clone(),
            listener,
        }
    }
}

/// One listener's connection metrics; clones share the values.
#[derive(Clone)]
pub struct ListenerMetrics {
    pub open: Gauge,
    timed_out: Family<TimeoutLabel, Counter>,
    listener: &'static str,
}

impl ListenerMetrics {
    pub fn timed_out(&self, timeout: ConnectionTimeout) {
        self.timed_out
            .get_or_create(&TimeoutLabel {
                listener: self.listener.to_string(),
                timeout: timeout.label().to_string(),
            })
            .inc();
    }
}

/// All of needle's metrics. Counters get Prometheus' `_total` suffix when encoded.
pub struct Metrics {
    registry: Registry,
    pub injection_requests: Counter,
    pub injection_success: Counter,
    pub injection_skip: Counter,
    pub injection_failure: Family<ReasonLabel, Counter>,
    pub injection_time: Histogram,
    pub validation_passed: Counter,
    pub validation_failed: Family<ReasonLabel, Counter>,
    pub cert_reloads: Family<ResultLabel, Counter>,
    /// The serving certificate's `notAfter`, in seconds since the epoch.
    pub cert_expiry: Gauge,
    /// Istio's caBundle patcher metrics, counted by `--patch-webhooks`.
    pub webhook_patch: PatchMetrics,
    /// Istio's validation controller metrics, counted by `--patch-webhooks`.
    pub validator_patch: ValidatorMetrics,
    /// The state of each watch of the cluster.
    pub watches: WatchMetrics,
    pub connections: ConnectionMetrics,
}

impl Metrics {
    /// The server's metrics, with those of the revisions' configurations and of the replica
    /// cache.
    pub fn new(config: &ConfigMetrics, replicas: Option<Arc<ReplicaCache>>) -> Self {
        let mut registry = Registry::default();
        config.register(&mut registry);
        registry.register_collector(Box::new(super::process_metrics::ProcessCollector));
        registry.register_collector(Box::new(ReplicaCacheCollector(replicas)));
        let injection_requests = Counter::default();
        let injection_success = Counter::default();
        let injection_skip = Counter::default();
        let injection_failure = Family::<ReasonLabel, Counter>::default();
        let injection_time = Histogram::new([0.1, 1.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0]);
        let validation_passed = Counter::default();
        let validation_failed = Family::<ReasonLabel, Counter>::default();
        let cert_reloads = Family::<ResultLabel, Counter>::default();
        let cert_expiry = Gauge::default();
        registry.register(
            "needle_certificate_expiry_timestamp_seconds",
            "When the serving certificate in use expires (its notAfter), in seconds since the epoch",
            cert_expiry.clone(),
        );
        let webhook_patch = PatchMetrics::default();
        webhook_patch.register(&mut registry);
        let validator_patch = ValidatorMetrics::default();
        validator_patch.register(&mut registry);
        let watches = WatchMetrics::default();
        watches.register(&mut registry);
        let connections = ConnectionMetrics::default();
        connections.register(&mut registry);
        registry.register(
            "sidecar_injection_requests",
            "Total number of sidecar injection requests",
            injection_requests.clone(),
        );
        registry.register(
            "sidecar_injection_success",
            "Total number of successful sidecar injection requests",
            injection_success.clone(),
        );
        registry.register(
            "sidecar_injection_skip",
            "Total number of skipped sidecar injection requests",
            injection_skip.clone(),
        );
        registry.register(
            "sidecar_injection_failure",
            "Total number of failed sidecar injection requests, by reason",
            injection_failure.clone(),
        );
        registry.register(
            "sidecar_injection_time_seconds",
            "Total time taken for injection in seconds",
            injection_time.clone(),
        );
        registry.register(
            "galley_validation_passed",
            "Resource is valid",
            validation_passed.clone(),
        );
        registry.register(
            "galley_validation_failed",
            "Resource validation failed, by reason",
            validation_failed.clone(),
        );
        registry.register(
            "needle_certificate_reloads",
            "Serving certificate reloads, by result (ok, error)",
            cert_reloads.clone(),
        );
        Self {
            registry,
            injection_requests,
            injection_success,
            injection_skip,
            injection_failure,
            injection_time,
            validation_passed,
            validation_failed,
            cert_reloads,
            cert_expiry,
            webhook_patch,
            validator_patch,
            watches,
            connections,
        }
    }
}

/// How the admissions are counted, as Istio counts them: for `/inject` every request, its
/// time, every response written (`sidecar_injection_success`, a denial's too), the skipped
/// pods, and every failure by reason; for `/validate` the passed and, by reason, the failed.
impl Metrics {
    /// A request arrived.
    pub fn received(&self, endpoint: Endpoint) {
        if endpoint == Endpoint::Inject {
            self.injection_requests.inc();
        }
    }

    /// A request was answered after `took`.
    pub fn took(&self, endpoint: Endpoint, took: std::time::Duration) {
        if endpoint == Endpoint::Inject {
            self.injection_time.observe(took.as_secs_f64());
        }
    }

    /// A request refused before its review was decided (its body, its Content-Type, a review
    /// that does not decode).
    pub fn refused(&self, endpoint: Endpoint, label: &str) {
        let family = match endpoint {
            Endpoint::Inject => &self.injection_failure,
            Endpoint::Validate => &self.validation_failed,
        };
        let label = ReasonLabel {
            reason: label.to_string(),
        };
        family.get_or_create(&label).inc();
    }

    /// An AdmissionReview was written in answer.
    pub fn responded(&self, endpoint: Endpoint) {
        if endpoint == Endpoint::Inject {
            self.injection_success.inc();
        }
    }

    /// A review was decided and answered.
    pub fn answered(&self, endpoint: Endpoint, outcome: &Outcome) {
        if outcome.failed {
            self.refused(endpoint, outcome.label);
        } else if endpoint == Endpoint::Validate {
            self.validation_passed.inc();
        }
        if endpoint == Endpoint::Inject && outcome.decision == "skipped" {
            self.injection_skip.inc();
        }
        self.responded(endpoint);
    }

    /// A serving certificate is in use: its expiry for the alert, and an ERROR now if it has
    /// expired (the apiserver refuses it: every call fails).
    pub fn serving_certificate(&self, key: &rustls::sign::CertifiedKey) {
        let Some(not_after) = key
            .cert
            .first()
            .and_then(|leaf| super::expiry::not_after(leaf))
        else {
            return;
        };
        self.cert_expiry.set(not_after);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        if not_after <= now {
            tracing::error!(
                not_after,
                "the serving certificate has expired: the apiserver will refuse every call to the webhooks"
            );
        }
    }

    pub fn cert_reload(&self, ok: bool) {
        self.cert_reloads
            .get_or_create(&ResultLabel {
                result: if ok { "ok" } else { "error" }.into(),
            })
            .inc();
    }

    /// Prometheus text exposition.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        encode(&mut out, &self.registry).expect("writing to a String cannot fail");
        out
    }
}
