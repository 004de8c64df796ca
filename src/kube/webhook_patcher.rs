//! `needle serve --patch-webhooks`: keeps the caBundle of the revision's webhook
//! configurations equal to the CA of needle's serving certificate, as istiod's webhook cert
//! patcher does. Every webhook configuration is watched (no label filter, as in Istio); any
//! change re-checks that configuration, a CA change re-checks them all. No leader election:
//! each replica patches, and a full-object update with the resourceVersion it read makes
//! concurrent writers conflict and retry instead of overwriting each other.

use super::cabundle::{self, Decision};
use super::patch_queue::{self, Next};
use super::watch::WatchMetrics;
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use kube::api::PostParams;
use kube::runtime::reflector::{ObjectRef, Store};
use kube::runtime::watcher;
use kube::{Api, Client};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;
use std::path::PathBuf;
use std::time::Duration;
use tokio::sync::watch;

/// Istio's queue: the first retries are fast, to settle a conflict between replicas quickly;
/// past them the replicas disagree for real, and retrying slowly spares the apiserver.
const FAST_RETRIES: u32 = 5;
const FAST_DELAY: Duration = Duration::from_millis(100);
const SLOW_DELAY: Duration = Duration::from_secs(60);

/// How long to wait before retry number `tries` (1-based).
pub fn retry_delay(tries: u32) -> Duration {
    if tries <= FAST_RETRIES {
        FAST_DELAY
    } else {
        SLOW_DELAY
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct NameLabel {
    pub name: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct NameReasonLabel {
    pub name: String,
    pub reason: String,
}

/// Istio's patcher metrics. As in Istio, attempts are labelled with the entry suffix
/// (`sidecar-injector.istio.io`), retries and failures with the configuration's name.
#[derive(Clone, Default)]
pub struct PatchMetrics {
    pub attempts: Family<NameLabel, Counter>,
    pub retries: Family<NameLabel, Counter>,
    pub failures: Family<NameReasonLabel, Counter>,
}

impl PatchMetrics {
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "webhook_patch_attempts",
            "Webhook patching attempts",
            self.attempts.clone(),
        );
        registry.register(
            "webhook_patch_retries",
            "Webhook patching retries",
            self.retries.clone(),
        );
        registry.register(
            "webhook_patch_failures",
            "Webhook patching total failures",
            self.failures.clone(),
        );
    }

    fn failure(&self, name: &str, reason: &str) {
        let label = NameReasonLabel {
            name: name.into(),
            reason: reason.into(),
        };
        self.failures.get_or_create(&label).inc();
    }
}

/// What the patcher needs: whose configurations, which CA, and when that CA may have changed.
#[derive(Clone)]
pub struct Patcher {
    pub client: Client,
    pub revision: String,
    /// The PEM bundle written as caBundle, read again at every check.
    pub ca_file: PathBuf,
    /// Marked changed when the certificate files change.
    pub ca_changed: watch::Receiver<()>,
    pub metrics: PatchMetrics,
    pub watches: WatchMetrics,
}

impl Patcher {
    /// Patch the injector entries of the MutatingWebhookConfigurations until the process ends.
    pub async fn run(self) {
        let api: Api<MutatingWebhookConfiguration> = Api::all(self.client.clone());
        let health = self.watches.health("MutatingWebhookConfiguration");
        let retried = |name: &str| {
            let label = NameLabel { name: name.into() };
            self.metrics.retries.get_or_create(&label).inc();
        };
        let config = watcher::Config::default();
        let ca_changed = self.ca_changed.clone();
        patch_queue::run(api, config, health, ca_changed, retry_delay, retried, &self).await
    }
}

impl patch_queue::Check<MutatingWebhookConfiguration> for Patcher {
    /// One configuration, as Istio's reconcile: `Retry` when the CA or the update failed.
    async fn check(&self, store: &Store<MutatingWebhookConfiguration>, name: &str) -> Next {
        let api: Api<MutatingWebhookConfiguration> = Api::all(self.client.clone());
        let suffix = cabundle::INJECTOR_SUFFIX;
        let Some(config) = store.get(&ObjectRef::new(name)) else {
            self.metrics.failure(name, "webhook_config_not_found");
            return Next::Done;
        };
        let ca = cabundle::read_ca(&self.ca_file);
        let decision = cabundle::decide(
            &config,
            &self.revision,
            suffix,
            ca.as_deref().map_err(String::as_str),
        );
        if let Some(reason) = decision.failure_reason() {
            self.metrics.failure(name, reason);
        }
        match decision {
            Decision::CaUnusable(why) => {
                tracing::error!(webhook = name, error = %why, "cannot load the CA bundle to patch into the webhook; retrying");
                Next::Retry
            }
            Decision::Update(updated) => {
                let label = NameLabel {
                    name: suffix.into(),
                };
                self.metrics.attempts.get_or_create(&label).inc();
                match api.replace(name, &PostParams::default(), &updated).await {
                    Ok(_) => {
                        tracing::info!(
                            webhook = name,
                            "caBundle patched to the serving certificate's CA"
                        );
                        Next::Done
                    }
                    Err(error) => {
                        self.metrics.failure(name, "webhook_update_failure");
                        tracing::warn!(webhook = name, %error, "patching the webhook's caBundle failed; retrying");
                        Next::Retry
                    }
                }
            }
            _ => Next::Done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_as_istios_queue() {
        let delays: Vec<Duration> = (1..=7).map(retry_delay).collect();
        assert_eq!(&delays[..5], &[Duration::from_millis(100); 5]);
        assert_eq!(&delays[5..], &[Duration::from_secs(60); 2]);
    }
}
