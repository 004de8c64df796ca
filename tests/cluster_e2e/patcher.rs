//! `needle serve --patch-webhooks`: the caBundle of the revision's injector webhooks kept
//! equal to the serving certificate's CA, as istiod's patcher keeps it, against the real
//! apiserver. The `canary` revision's server runs with the patcher for the scenario; its
//! webhook configuration, server and (rotated) certificate are restored afterwards.

use crate::common::counter;
use crate::common::pod_load::status_revision;
use crate::common::server::{Server, free_port, temp_dir};
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::selection::pod;
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use kube::api::{Api, DeleteParams, PostParams};
use serde_json::json;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

const CONFIG: &str = "istio-sidecar-injector-canary";
const TAG_CONFIG: &str = "istio-revision-tag-patcher";

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "caBundle patcher: fills an empty bundle, repairs a wrong one, follows a rotation, two replicas agree",
        patcher
    )]
}

async fn patcher(env: Arc<Env>) -> Outcome {
    refuses_without_a_ca(&env)?;
    let rev = env.revision("canary");
    let configs: Api<MutatingWebhookConfiguration> = Api::all(env.client.clone());
    // Empty before the patcher starts: what it has to fill.
    env.set_ca_bundle(rev, "").await;
    stop(rev).await;
    *rev.server.lock().await = Some(spawn_patcher(env.as_ref(), rev, None));
    let outcome = steps(&env, rev, &configs).await;
    stop(rev).await;
    start(rev).await;
    env.apply_injector_webhooks(rev, "Fail", 10).await;
    let _ = configs.delete(TAG_CONFIG, &DeleteParams::default()).await;
    outcome
}

/// A certificate given as files with no CA beside it: needle says which file it needs.
fn refuses_without_a_ca(env: &Env) -> Outcome {
    let rev = env.revision("canary");
    let certs = rev.dir.join("certs");
    let output = std::process::Command::new(crate::env::needle_binary())
        .arg("serve")
        .arg("--patch-webhooks")
        .arg("--tls-cert-file")
        .arg(certs.join("tls.crt"))
        .arg("--tls-key-file")
        .arg(certs.join("tls.key"))
        .args(["--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0"])
        .output()
        .map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let missing = certs.join("ca.crt").display().to_string();
    if output.status.success() || !stderr.contains(&missing) || !stderr.contains("--ca-file") {
        return Err(format!(
            "want a refusal naming {missing} and --ca-file, got {:?}: {stderr}",
            output.status
        ));
    }
    Ok(())
}

/// `needle serve --patch-webhooks` for the revision: on its own port and log (`Some(dir)`),
/// else as the revision's server. Both serve the revision's certificate.
pub fn spawn_patcher(env: &Env, rev: &Revision, dir: Option<&std::path::Path>) -> Server {
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let flags = ["--patch-webhooks", "--kubeconfig", kubeconfig.as_str()];
    let server = match dir {
        None => rev.spawn_server(&flags),
        Some(dir) => {
            let certs = rev.dir.join("certs").display().to_string();
            let mut args = vec!["--cert-dir", &certs, "--revision", rev.name];
            args.extend_from_slice(&flags);
            Server::spawn_on(dir, free_port(), &args, &rev.env)
        }
    };
    server.wait_ready();
    server
}

async fn steps(env: &Env, rev: &Revision, configs: &Api<MutatingWebhookConfiguration>) -> Outcome {
    let apps = env
        .namespace("patched-apps", json!({"istio.io/rev": "canary"}))
        .await;

    // Filled: the empty bundle becomes the CA, and pods are injected through it.
    let ca = rev.ca_pem();
    eventually("the empty caBundle filled", || trusts(configs, CONFIG, &ca)).await?;
    injected(env, &apps, "filled").await?;
    let metrics = metrics_of(rev).await;
    let other =
        r#"webhook_patch_failures_total{name="istio-sidecar-injector",reason="wrong_revision"}"#;
    if counter(&metrics, other) < 1.0 {
        return Err(format!(
            "the default revision's configuration not counted as {other}:\n{metrics}"
        ));
    }

    // A tag of the revision is patched too.
    create_tag_config(configs).await?;
    eventually("the tag's caBundle filled", || {
        trusts(configs, TAG_CONFIG, &ca)
    })
    .await?;

    // Repaired: a wrong CA is replaced.
    let (wrong, _, _) =
        needle::server::devcert::generate(&["localhost".into()]).map_err(|e| e.to_string())?;
    env.set_ca_bundle(rev, &wrong).await;
    eventually("the wrong caBundle repaired", || {
        trusts(configs, CONFIG, &ca)
    })
    .await?;
    injected(env, &apps, "repaired").await?;
    let attempts = r#"webhook_patch_attempts_total{name="sidecar-injector.istio.io"}"#;
    let counted = counter(&metrics_of(rev).await, attempts);
    if counted < 3.0 {
        return Err(format!(
            "{attempts} is {counted}, want at least 3 (fill, tag, repair)"
        ));
    }

    unusable_ca_backs_off(rev).await?;

    // Rotated: a new CA and certificate in the server's directory; the bundle follows.
    let (new_ca, cert, key) =
        needle::server::devcert::generate(&["localhost".into(), "127.0.0.1".into()])
            .map_err(|e| e.to_string())?;
    write_certs(
        rev,
        &[("tls.key", &key), ("tls.crt", &cert), ("ca.pem", &new_ca)],
    );
    eventually("the caBundle rotated", || trusts(configs, CONFIG, &new_ca)).await?;
    eventually("the tag's caBundle rotated", || {
        trusts(configs, TAG_CONFIG, &new_ca)
    })
    .await?;
    eventually("a pod injected after the rotation", || {
        injected(env, &apps, "rotated")
    })
    .await?;

    two_replicas(env, rev, configs, &new_ca).await
}

/// A CA file that is no certificate: counted as Istio counts it and retried with Istio's
/// back-off, five times 100 ms apart and then once a minute, so the retries stop growing.
async fn unusable_ca_backs_off(rev: &Revision) -> Outcome {
    let retries = format!(r#"webhook_patch_retries_total{{name="{CONFIG}"}}"#);
    let failed = format!(
        r#"webhook_patch_failures_total{{name="{CONFIG}",reason="load_ca_bundle_failure"}}"#
    );
    let before = counter(&metrics_of(rev).await, &retries);
    write_certs(rev, &[("ca.pem", "not a certificate\n")]);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let fast = counter(&metrics_of(rev).await, &retries) - before;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let metrics = metrics_of(rev).await;
    let slow = counter(&metrics, &retries) - before;
    if fast < 6.0 || slow != fast || counter(&metrics, &failed) < 6.0 {
        return Err(format!(
            "retries after 2 s: {fast}, after 4 s: {slow} (want at least 6, then no more); {failed} = {}",
            counter(&metrics, &failed)
        ));
    }
    println!("     unusable CA: {fast} retries in 2 s, none in the next 2 s");
    Ok(())
}

/// Replace files of the revision's certificate directory, each by a rename.
pub fn write_certs(rev: &Revision, files: &[(&str, &str)]) {
    let certs = rev.dir.join("certs");
    for (name, text) in files {
        let tmp = certs.join(format!(".{name}.new"));
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, certs.join(name)).unwrap();
    }
}

/// A second replica of the revision patching beside the first: after each wrong bundle,
/// exactly one update is written and the object then stays as it is.
async fn two_replicas(
    env: &Env,
    rev: &Revision,
    configs: &Api<MutatingWebhookConfiguration>,
    ca: &str,
) -> Outcome {
    let dir = temp_dir("e2e-needle-canary-replica");
    let second = spawn_patcher(env, rev, Some(&dir));
    let first_admin = rev.server.lock().await.as_ref().unwrap().admin;
    let tally = |server: std::net::SocketAddr| {
        let text = crate::common::server::plain_get(server, "/metrics")
            .map(|(_, b)| b)
            .unwrap_or_default();
        let attempts = counter(
            &text,
            r#"webhook_patch_attempts_total{name="sidecar-injector.istio.io"}"#,
        );
        let failed = counter(
            &text,
            &format!(
                r#"webhook_patch_failures_total{{name="{CONFIG}",reason="webhook_update_failure"}}"#
            ),
        );
        (attempts, failed)
    };
    let total = || {
        let (a, b) = (tally(first_admin), tally(second.admin));
        (a.0 + b.0, a.1 + b.1)
    };
    let (mut all_attempts, mut all_conflicts) = (0.0, 0.0);
    for round in 0..3 {
        let before = total();
        let (wrong, _, _) =
            needle::server::devcert::generate(&["localhost".into()]).map_err(|e| e.to_string())?;
        env.set_ca_bundle(rev, &wrong).await;
        eventually("two replicas repair the bundle", || {
            trusts(configs, CONFIG, ca)
        })
        .await?;
        let version = resource_version(configs).await?;
        tokio::time::sleep(Duration::from_secs(3)).await;
        let later = resource_version(configs).await?;
        if later != version {
            return Err(format!(
                "round {round}: resourceVersion still changing ({version} → {later})"
            ));
        }
        let after = total();
        let (attempts, conflicts) = (after.0 - before.0, after.1 - before.1);
        if attempts - conflicts != 1.0 {
            return Err(format!(
                "round {round}: {attempts} update attempts, {conflicts} failed: want exactly 1 written"
            ));
        }
        all_attempts += attempts;
        all_conflicts += conflicts;
    }
    println!(
        "     two replicas, 3 wrong bundles: {all_attempts} updates tried, {all_conflicts} conflicted, 3 written, then no change for 3 s each"
    );
    drop(second);
    Ok(())
}

/// A revision tag's configuration for `canary` (as `needle tag set` writes it) that selects no
/// namespace, so that it patches without injecting pods twice.
async fn create_tag_config(configs: &Api<MutatingWebhookConfiguration>) -> Outcome {
    let mut tag =
        serde_json::to_value(configs.get(CONFIG).await.map_err(|e| e.to_string())?).unwrap();
    tag["metadata"] = json!({"name": TAG_CONFIG, "labels": {"istio.io/rev": "canary", "istio.io/tag": "patcher"}});
    for hook in tag["webhooks"].as_array_mut().unwrap() {
        hook["clientConfig"]["caBundle"] = json!("");
        hook["namespaceSelector"] = json!({"matchLabels": {"needle-e2e/never": "true"}});
    }
    let tag: MutatingWebhookConfiguration = serde_json::from_value(tag).unwrap();
    configs
        .create(&PostParams::default(), &tag)
        .await
        .map(drop)
        .map_err(|e| format!("creating {TAG_CONFIG}: {e}"))
}

/// `Ok` when every injector entry of the configuration trusts `ca` exactly.
async fn trusts(configs: &Api<MutatingWebhookConfiguration>, name: &str, ca: &str) -> Outcome {
    let config = configs.get(name).await.map_err(|e| e.to_string())?;
    let hooks = config.webhooks.unwrap_or_default();
    let wrong: Vec<&str> = hooks
        .iter()
        .filter(|h| h.client_config.ca_bundle.as_ref().map(|b| &b.0[..]) != Some(ca.as_bytes()))
        .map(|h| h.name.as_str())
        .collect();
    if hooks.is_empty() || !wrong.is_empty() {
        return Err(format!(
            "{name}: entries {wrong:?} of {} do not trust the CA",
            hooks.len()
        ));
    }
    Ok(())
}

async fn resource_version(configs: &Api<MutatingWebhookConfiguration>) -> Result<String, String> {
    let config = configs.get(CONFIG).await.map_err(|e| e.to_string())?;
    Ok(config.metadata.resource_version.unwrap_or_default())
}

async fn injected(env: &Env, ns: &str, prefix: &str) -> Outcome {
    let stored = env
        .create_pod(ns, pod(&env.unique(prefix), json!({}), json!({})), false)
        .await?;
    match status_revision(&stored) {
        Some(r) if r == "canary" => Ok(()),
        other => Err(format!("pod injected by {other:?}, want canary")),
    }
}

async fn metrics_of(rev: &Revision) -> String {
    rev.server
        .lock()
        .await
        .as_ref()
        .map(Server::metrics)
        .unwrap_or_default()
}

/// Retry `check` every 100 ms for up to 20 s; its last error if it never passes.
pub async fn eventually<F, Fut>(what: &str, mut check: F) -> Outcome
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Outcome>,
{
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match check().await {
            Ok(()) => return Ok(()),
            Err(e) if Instant::now() > deadline => return Err(format!("{what}: not in 20 s: {e}")),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}
