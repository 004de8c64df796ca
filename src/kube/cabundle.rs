//! What the caBundle patcher decides for one webhook configuration, as istiod's webhook
//! cert patcher decides it: whose configuration it is, which entries to change and the object
//! to write. Pure: the watching, the update and the retries are in `webhook_patcher`.

use k8s_openapi::ByteString;
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration, WebhookClientConfig,
};

/// The label that says which revision a webhook configuration belongs to.
pub const REVISION_LABEL: &str = "istio.io/rev";
/// Injector entries end with this (`rev.namespace.sidecar-injector.istio.io`,
/// `object.sidecar-injector.istio.io`, ...), in the revision's and its tags' configurations.
pub const INJECTOR_SUFFIX: &str = "sidecar-injector.istio.io";

/// The verdict for one configuration.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision<T> {
    /// No revision label: not an Istio webhook configuration; left alone, not counted.
    NotIstio,
    /// Another revision's: left to that revision's server.
    WrongRevision,
    /// The CA cannot be used (why); tried again later.
    CaUnusable(String),
    /// Labelled with our revision but no entry has the suffix.
    NoEntry,
    /// Every matching entry already trusts the CA: nothing to write.
    UpToDate,
    /// The whole object to write back (same resourceVersion, so a concurrent write conflicts).
    Update(T),
}

impl<T> Decision<T> {
    /// Istio's `reason` label of `webhook_patch_failures_total`, for the outcomes it counts.
    pub fn failure_reason(&self) -> Option<&'static str> {
        match self {
            Decision::WrongRevision => Some("wrong_revision"),
            Decision::CaUnusable(_) => Some("load_ca_bundle_failure"),
            Decision::NoEntry => Some("webhook_entry_not_found"),
            _ => None,
        }
    }
}

/// The CA file's bundle, checked as `verify_ca` checks it; errors name the file.
pub fn read_ca(path: &std::path::Path) -> Result<Vec<u8>, String> {
    let bundle = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    verify_ca(&bundle).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(bundle)
}

/// The caBundle an entry trusts; an absent bundle and an empty one are the same to the
/// apiserver (and to Go).
fn bundle_of(client: &WebhookClientConfig) -> &[u8] {
    client.ca_bundle.as_ref().map_or(&[], |b| &b.0[..])
}

/// Check the CA as istiod does before patching: its first PEM block is a CERTIFICATE that
/// parses as X.509. The bundle itself is written as given (it may hold several CAs).
pub fn verify_ca(bundle: &[u8]) -> Result<(), String> {
    let first = rustls_pemfile::read_one(&mut &bundle[..])
        .map_err(|e| format!("could not decode pem: {e}"))?;
    match first {
        Some(rustls_pemfile::Item::X509Certificate(der)) => {
            let mut roots = rustls::RootCertStore::empty();
            roots
                .add(der)
                .map_err(|e| format!("cert contains invalid x509 certificate: {e}"))
        }
        Some(other) => Err(format!(
            "cert contains wrong pem type: {:?}",
            pem_label(&other)
        )),
        None => Err("could not decode pem".into()),
    }
}

/// Decide for `config`: the entries whose name ends with `suffix` get `ca` as caBundle, in
/// Istio's order of checks (revision label, then the CA, then the entries).
pub fn decide(
    config: &MutatingWebhookConfiguration,
    revision: &str,
    suffix: &str,
    ca: Result<&[u8], &str>,
) -> Decision<MutatingWebhookConfiguration> {
    let labels = config.metadata.labels.as_ref();
    match labels.and_then(|l| l.get(REVISION_LABEL)) {
        None => return Decision::NotIstio,
        Some(rev) if rev != revision => return Decision::WrongRevision,
        Some(_) => {}
    }
    let ca = match ca {
        Ok(ca) => ca,
        Err(why) => return Decision::CaUnusable(why.to_string()),
    };
    let mut updated = config.clone();
    let (mut found, mut changed) = (false, false);
    for hook in updated.webhooks.iter_mut().flatten() {
        if !hook.name.ends_with(suffix) {
            continue;
        }
        found = true;
        let client = &mut hook.client_config;
        if bundle_of(client) != ca {
            client.ca_bundle = Some(ByteString(ca.to_vec()));
            changed = true;
        }
    }
    match (found, changed) {
        (false, _) => Decision::NoEntry,
        (true, false) => Decision::UpToDate,
        (true, true) => Decision::Update(updated),
    }
}

/// Whether an entry of the revision's validator is set to a policy other than `Fail`, as
/// istiod checks it: then it is to fail closed once needle is seen to answer (an entry with
/// no policy is the apiserver's default, `Fail`).
pub fn validator_fails_open(config: &ValidatingWebhookConfiguration) -> bool {
    config
        .webhooks
        .iter()
        .flatten()
        .any(|hook| hook.failure_policy.as_deref().is_some_and(|p| p != "Fail"))
}

/// The revision's validator with every entry trusting `ca` and, with `fail_close`, failing
/// closed; `None` when that is what it is already.
pub fn validator_update(
    config: &ValidatingWebhookConfiguration,
    ca: &[u8],
    fail_close: bool,
) -> Option<ValidatingWebhookConfiguration> {
    let mut updated = config.clone();
    let mut changed = false;
    for hook in updated.webhooks.iter_mut().flatten() {
        let client = &mut hook.client_config;
        if bundle_of(client) != ca {
            client.ca_bundle = Some(ByteString(ca.to_vec()));
            changed = true;
        }
        if fail_close && hook.failure_policy.as_deref() != Some("Fail") {
            hook.failure_policy = Some("Fail".into());
            changed = true;
        }
    }
    changed.then_some(updated)
}

/// The PEM label of a block that is not a certificate, for the message.
fn pem_label(item: &rustls_pemfile::Item) -> &'static str {
    use rustls_pemfile::Item;
    match item {
        Item::Pkcs1Key(_) => "RSA PRIVATE KEY",
        Item::Pkcs8Key(_) => "PRIVATE KEY",
        Item::Sec1Key(_) => "EC PRIVATE KEY",
        Item::Crl(_) => "X509 CRL",
        Item::Csr(_) => "CERTIFICATE REQUEST",
        _ => "not CERTIFICATE",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vwc(hooks: &[(Option<&str>, Option<&[u8]>)]) -> ValidatingWebhookConfiguration {
        let hooks: Vec<_> = hooks
            .iter()
            .map(|(policy, bundle)| {
                let mut client = json!({"url": "https://needle:443/validate"});
                if let Some(b) = bundle {
                    client["caBundle"] = json!(ByteString(b.to_vec()));
                }
                let mut hook = json!({"name": "rev.validation.istio.io", "clientConfig": client,
                    "sideEffects": "None", "admissionReviewVersions": ["v1"]});
                if let Some(p) = policy {
                    hook["failurePolicy"] = json!(p);
                }
                hook
            })
            .collect();
        serde_json::from_value(json!({"metadata": {"name": "istio-validator-istio-system",
            "labels": {"istio.io/rev": "default"}, "resourceVersion": "3"}, "webhooks": hooks}))
        .unwrap()
    }

    #[test]
    fn the_validator_trusts_the_ca_and_fails_closed_only_when_told() {
        let old: &[u8] = b"old";
        let ignoring = vwc(&[(Some("Ignore"), Some(old))]);
        assert!(validator_fails_open(&ignoring));
        // Not seen to answer yet: the bundle only.
        let updated = validator_update(&ignoring, CA, false).unwrap();
        let hook = &updated.webhooks.as_ref().unwrap()[0];
        assert_eq!(hook.client_config.ca_bundle.as_ref().unwrap().0, CA);
        assert_eq!(hook.failure_policy.as_deref(), Some("Ignore"));
        assert_eq!(updated.metadata.resource_version.as_deref(), Some("3"));
        // Seen to answer: Fail too; then nothing more to write.
        let closed = validator_update(&updated, CA, true).unwrap();
        let hook = &closed.webhooks.as_ref().unwrap()[0];
        assert_eq!(hook.failure_policy.as_deref(), Some("Fail"));
        assert!(!validator_fails_open(&closed));
        assert_eq!(validator_update(&closed, CA, true), None);
        // No policy is the apiserver's Fail: not to be flipped.
        assert!(!validator_fails_open(&vwc(&[(None, Some(CA))])));
    }

    const CA: &[u8] = b"-----BEGIN CERTIFICATE-----\nnew\n-----END CERTIFICATE-----\n";

    fn mwc(
        labels: serde_json::Value,
        hooks: &[(&str, Option<&[u8]>)],
    ) -> MutatingWebhookConfiguration {
        let hooks: Vec<_> = hooks
            .iter()
            .map(|(name, bundle)| {
                let mut client = json!({"url": "https://needle:443/inject"});
                if let Some(b) = bundle {
                    client["caBundle"] = json!(ByteString(b.to_vec()));
                }
                json!({"name": name, "clientConfig": client, "sideEffects": "None",
                    "admissionReviewVersions": ["v1"]})
            })
            .collect();
        serde_json::from_value(json!({"metadata": {"name": "istio-sidecar-injector",
            "labels": labels, "resourceVersion": "7"}, "webhooks": hooks}))
        .unwrap()
    }

    fn bundles(config: &MutatingWebhookConfiguration) -> Vec<(String, Vec<u8>)> {
        let hooks = config.webhooks.iter().flatten();
        hooks
            .map(|h| {
                let b = h.client_config.ca_bundle.clone().unwrap_or_default();
                (h.name.clone(), b.0)
            })
            .collect()
    }

    #[test]
    fn every_entry_with_the_suffix_gets_the_ca_and_nothing_else_changes() {
        let config = mwc(
            json!({"istio.io/rev": "canary", "istio.io/tag": "prod"}),
            &[
                ("rev.namespace.sidecar-injector.istio.io", None),
                ("rev.object.sidecar-injector.istio.io", Some(b"old")),
                ("other.example.com", Some(b"theirs")),
            ],
        );
        let Decision::Update(new) = decide(&config, "canary", INJECTOR_SUFFIX, Ok(CA)) else {
            panic!("want an update");
        };
        assert_eq!(
            bundles(&new),
            vec![
                (
                    "rev.namespace.sidecar-injector.istio.io".into(),
                    CA.to_vec()
                ),
                ("rev.object.sidecar-injector.istio.io".into(), CA.to_vec()),
                ("other.example.com".into(), b"theirs".to_vec()),
            ]
        );
        assert_eq!(
            new.metadata, config.metadata,
            "resourceVersion kept for the conflict check"
        );
    }

    #[test]
    fn a_configuration_that_already_trusts_the_ca_is_not_written() {
        let config = mwc(
            json!({"istio.io/rev": "default"}),
            &[("namespace.sidecar-injector.istio.io", Some(CA))],
        );
        assert_eq!(
            decide(&config, "default", INJECTOR_SUFFIX, Ok(CA)),
            Decision::UpToDate
        );
    }

    #[test]
    fn configurations_not_ours_are_left_alone_with_istios_reasons() {
        let hooks: &[(&str, Option<&[u8]>)] = &[("namespace.sidecar-injector.istio.io", None)];
        let unlabelled = mwc(json!({}), hooks);
        assert_eq!(
            decide(&unlabelled, "default", INJECTOR_SUFFIX, Ok(CA)),
            Decision::NotIstio
        );
        let other = mwc(json!({"istio.io/rev": "canary"}), hooks);
        let d = decide(&other, "default", INJECTOR_SUFFIX, Ok(CA));
        assert_eq!(d.failure_reason(), Some("wrong_revision"));
        let no_entry = mwc(
            json!({"istio.io/rev": "default"}),
            &[("a.example.com", None)],
        );
        let d = decide(&no_entry, "default", INJECTOR_SUFFIX, Ok(CA));
        assert_eq!(d.failure_reason(), Some("webhook_entry_not_found"));
    }

    #[test]
    fn an_unusable_ca_is_reported_after_the_revision_check() {
        let hooks: &[(&str, Option<&[u8]>)] = &[("namespace.sidecar-injector.istio.io", None)];
        let ours = mwc(json!({"istio.io/rev": "default"}), hooks);
        let d = decide(&ours, "default", INJECTOR_SUFFIX, Err("no pem"));
        assert_eq!(d, Decision::CaUnusable("no pem".into()));
        assert_eq!(d.failure_reason(), Some("load_ca_bundle_failure"));
        let other = mwc(json!({"istio.io/rev": "canary"}), hooks);
        assert_eq!(
            decide(&other, "default", INJECTOR_SUFFIX, Err("no pem")),
            Decision::WrongRevision
        );
    }

    #[test]
    fn the_ca_must_start_with_a_parsable_certificate() {
        let key = rcgen::KeyPair::generate().unwrap();
        let ca = rcgen::CertificateParams::new(vec![])
            .unwrap()
            .self_signed(&key)
            .unwrap();
        assert_eq!(verify_ca(ca.pem().as_bytes()), Ok(()));
        let e = verify_ca(b"").unwrap_err();
        assert!(e.contains("could not decode pem"), "{e}");
        let key = b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
        assert_eq!(
            verify_ca(key).unwrap_err(),
            r#"cert contains wrong pem type: "PRIVATE KEY""#
        );
        let junk = b"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        assert!(verify_ca(junk).unwrap_err().contains("invalid x509"));
    }
}
