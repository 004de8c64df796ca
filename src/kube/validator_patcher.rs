//! `needle serve --patch-webhooks`, for the revision's validator: keeps the caBundle of the
//! ValidatingWebhookConfigurations labelled `istio.io/rev=<revision>` equal to the serving
//! certificate's CA, and flips an entry installed `Ignore` to `Fail` only once needle is seen to
//! answer through the apiserver, as istiod's validation controller does: a dry-run create of a
//! Gateway that needle always rejects must come back "denied the request". Until then Istio
//! config writes are not refused because needle is unreachable (a wrong caBundle, a Service
//! not ready yet). With `--keep-validator-failure-policy` (the values fix the policy, as GitOps
//! users do) only the caBundle is kept. No leader election: each replica checks, a write carries
//! the resourceVersion it read, and once one replica has written the others find nothing to do.

use super::cabundle;
use super::patch_queue::{self, Next};
use super::watch::WatchMetrics;
use k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kube::api::{ApiResource, DynamicObject, GroupVersionKind, PostParams};
use kube::runtime::reflector::{ObjectRef, Store};
use kube::runtime::watcher;
use kube::{Api, Client};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::watch;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ReasonLabel {
    pub reason: String,
}

/// Istio's metrics of its validation controller.
#[derive(Clone, Default)]
pub struct ValidatorMetrics {
    updates: Counter,
    update_errors: Family<ReasonLabel, Counter>,
    load_errors: Family<ReasonLabel, Counter>,
}

impl ValidatorMetrics {
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "galley_validation_config_updates",
            "k8s webhook configuration updates",
            self.updates.clone(),
        );
        registry.register(
            "galley_validation_config_update_error",
            "k8s webhook configuration update error",
            self.update_errors.clone(),
        );
        registry.register(
            "galley_validation_config_load_error",
            "k8s webhook configuration (re)load error",
            self.load_errors.clone(),
        );
    }

    fn count(family: &Family<ReasonLabel, Counter>, reason: &str) {
        let label = ReasonLabel {
            reason: reason.into(),
        };
        family.get_or_create(&label).inc();
    }
}

/// Istio's queue for the validator: 100 ms doubling to a minute.
pub fn retry_delay(tries: u32) -> Duration {
    let doubled = Duration::from_millis(100).saturating_mul(1 << tries.saturating_sub(1).min(10));
    doubled.min(Duration::from_secs(60))
}

/// The annotation needle's validator (as Istio's) rejects any object for.
const ALWAYS_REJECT: &str = "internal.istio.io/webhook-always-reject";

pub struct ValidatorPatcher {
    pub client: Client,
    pub revision: String,
    /// The PEM bundle written as caBundle, read again at every check.
    pub ca_file: PathBuf,
    /// Marked changed when the certificate files change.
    pub ca_changed: watch::Receiver<()>,
    /// The values fix the failurePolicy: never change it.
    pub keep_failure_policy: bool,
    pub metrics: ValidatorMetrics,
    pub watches: WatchMetrics,
    /// needle was seen to deny the always-reject Gateway (for the process's life, as in
    /// Istio), or why it was not, last time it was tried (said once per new reason).
    seen: Mutex<Seen>,
}

#[derive(Default)]
struct Seen {
    answering: bool,
    last_reason: String,
}

impl ValidatorPatcher {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        client: Client,
        revision: String,
        ca_file: PathBuf,
        ca_changed: watch::Receiver<()>,
        keep_failure_policy: bool,
        metrics: ValidatorMetrics,
        watches: WatchMetrics,
    ) -> Self {
        Self {
            client,
            revision,
            ca_file,
            ca_changed,
            keep_failure_policy,
            metrics,
            watches,
            seen: Mutex::default(),
        }
    }

    /// Keep the revision's validators until the process ends.
    pub async fn run(self) {
        let api: Api<ValidatingWebhookConfiguration> = Api::all(self.client.clone());
        let selector = format!("{}={}", cabundle::REVISION_LABEL, self.revision);
        let config = watcher::Config::default().labels(&selector);
        let health = self.watches.health("ValidatingWebhookConfiguration");
        let ca_changed = self.ca_changed.clone();
        patch_queue::run(api, config, health, ca_changed, retry_delay, |_| {}, &self).await
    }

    /// Whether needle answers through the apiserver: the always-reject Gateway of the
    /// revision, created in dry run in needle's namespace, must be denied. Said in the log
    /// when that changes.
    async fn answering(&self) -> bool {
        if self.seen.lock().unwrap().answering {
            return true;
        }
        let outcome = self.dry_run().await;
        let mut seen = self.seen.lock().unwrap();
        match outcome {
            Ok(()) => {
                tracing::info!(
                    "needle denied the always-reject Gateway through the apiserver: the validator fails closed from now on"
                );
                seen.answering = true;
            }
            Err(reason) if reason != seen.last_reason => {
                tracing::info!(%reason, "the validator stays as it is (failurePolicy Ignore) until needle is seen to answer; retrying");
                seen.last_reason = reason;
            }
            Err(_) => {}
        }
        seen.answering
    }

    /// `Ok` when the apiserver says a webhook denied the dry run (or cannot check it: no
    /// Gateway CRD, a webhook without dry-run support, as Istio assumes); else why not.
    async fn dry_run(&self) -> Result<(), String> {
        let gvk = GroupVersionKind::gvk("networking.istio.io", "v1", "Gateway");
        let resource = ApiResource::from_gvk_with_plural(&gvk, "gateways");
        let namespace = self.client.default_namespace().to_string();
        let api: Api<DynamicObject> =
            Api::namespaced_with(self.client.clone(), &namespace, &resource);
        let mut gateway = DynamicObject::new("invalid-gateway", &resource).within(&namespace);
        gateway.metadata.labels =
            Some([(cabundle::REVISION_LABEL.into(), self.revision.clone())].into());
        gateway.metadata.annotations = Some([(ALWAYS_REJECT.into(), "true".into())].into());
        gateway.data = serde_json::json!({"spec": {}});
        let params = PostParams {
            dry_run: true,
            ..PostParams::default()
        };
        let mut result = api.create(&params, &gateway).await;
        if let Err(kube::Error::Api(status)) = &result
            && status.code == 409
        {
            result = api.replace("invalid-gateway", &params, &gateway).await;
        }
        let error = match result {
            Ok(_) => return Err("the always-reject Gateway was not rejected".into()),
            Err(kube::Error::Api(status)) => status.message,
            Err(other) => other.to_string(),
        };
        let told = [
            "denied the request",
            "the server could not find the requested resource",
            "does not support dry run",
        ];
        if told.iter().any(|t| error.contains(t)) {
            return Ok(());
        }
        Err(format!(
            "the always-reject Gateway was refused for another reason: {error}"
        ))
    }
}

impl patch_queue::Check<ValidatingWebhookConfiguration> for ValidatorPatcher {
    /// One validator, as Istio's reconcile: `Retry` while it is to fail closed and needle has
    /// not been seen to answer, or when the update failed.
    async fn check(&self, store: &Store<ValidatingWebhookConfiguration>, name: &str) -> Next {
        let Some(config) = store.get(&ObjectRef::new(name)) else {
            return Next::Done;
        };
        let ca = match cabundle::read_ca(&self.ca_file) {
            Ok(ca) => ca,
            Err(error) => {
                // Nothing to retry until the CA files change (which queues every validator).
                ValidatorMetrics::count(&self.metrics.load_errors, "could not read caBundle file");
                tracing::error!(webhook = name, %error, "cannot load the CA bundle to patch into the validator");
                return Next::Done;
            }
        };
        let to_close = !self.keep_failure_policy && cabundle::validator_fails_open(&config);
        let close = to_close && self.answering().await;
        let waiting = to_close && !close;
        let Some(updated) = cabundle::validator_update(&config, &ca, close) else {
            return if waiting { Next::Retry } else { Next::Done };
        };
        let api: Api<ValidatingWebhookConfiguration> = Api::all(self.client.clone());
        match api.replace(name, &PostParams::default(), &updated).await {
            Ok(_) => {
                self.metrics.updates.inc();
                let policy = if close { "Fail" } else { "unchanged" };
                tracing::info!(
                    webhook = name,
                    failure_policy = policy,
                    "validator's caBundle patched"
                );
                if waiting { Next::Retry } else { Next::Done }
            }
            Err(error) => {
                let reason = match &error {
                    kube::Error::Api(status) => status.reason.clone(),
                    _ => "Unknown".into(),
                };
                ValidatorMetrics::count(&self.metrics.update_errors, &reason);
                tracing::warn!(webhook = name, %error, "patching the validator failed; retrying");
                Next::Retry
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_double_from_100_ms_to_a_minute() {
        let delays: Vec<u64> = (1..=12)
            .map(|n| retry_delay(n).as_millis() as u64)
            .collect();
        assert_eq!(
            delays,
            [
                100, 200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200, 60000, 60000
            ]
        );
    }
}
