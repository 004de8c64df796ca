//! `needle tag set default --revision canary` on the live cluster, as istioctl's: the default
//! revision's own configuration is deactivated (never-match selectors), so a pod in an
//! `istio-injection=enabled` namespace is injected by `canary` through the tag alone; the
//! `istiod-default-validator` is made, pointed at canary's `/validate`; once its policy is
//! `Fail` (as istiod sets it), `set --overwrite` keeps it `Fail`; `tag remove` deletes the
//! tag's configurations and Service. The default revision's configuration is put back after.

use super::{istio_system, needle, tag_service};
use crate::Outcome;
use crate::env::Env;
use crate::selection::{expect_injected, pod};
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
};
use kube::api::{Api, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;

const VALIDATOR: &str = "istiod-default-validator";
const TAG_CONFIG: &str = "istio-revision-tag-default";

pub async fn set_default(env: Arc<Env>) -> Outcome {
    istio_system(&env).await?;
    let outcome = moved_to_canary(&env).await;
    // Whatever happened: no default tag left, the default revision's configuration back.
    let _ = needle(&env, &["tag", "remove", "default", "-y"]);
    env.apply_injector_webhooks(env.revision("default"), "Fail", 10)
        .await;
    outcome
}

async fn moved_to_canary(env: &Env) -> Outcome {
    let created = needle(env, &["tag", "set", "default", "--revision", "canary"])?;
    if !created.starts_with(
        "Revision tag \"default\" created, referencing control plane revision \"canary\".",
    ) {
        return Err(format!("tag set default: {created:?}"));
    }
    let mutating = Api::<MutatingWebhookConfiguration>::all(env.client.clone());
    let own = mutating
        .get("istio-sidecar-injector")
        .await
        .map_err(|e| e.to_string())?;
    let own = serde_json::to_value(own).unwrap();
    let never = json!({"matchLabels": {"istio.io/deactivated": "never-match"}});
    for entry in own["webhooks"].as_array().into_iter().flatten() {
        if entry["namespaceSelector"] != never || entry["objectSelector"] != never {
            return Err(format!("default revision's entry not deactivated: {entry}"));
        }
    }
    if mutating
        .get_opt(TAG_CONFIG)
        .await
        .map_err(|e| e.to_string())?
        .is_none()
    {
        return Err(format!("tag set default made no {TAG_CONFIG}"));
    }
    let entry = validator_entry(env).await?;
    let want_url = env.revision("canary").url("/validate");
    if entry["clientConfig"]["url"] != want_url.as_str() || entry["failurePolicy"] != "Ignore" {
        return Err(format!(
            "{VALIDATOR} entry: {entry}, want url {want_url} and failurePolicy Ignore"
        ));
    }
    if tag_service(env, "default").await?.is_none() {
        return Err("tag set default made no Service istiod-revision-tag-default".into());
    }

    // The apiserver sees changed configurations within a moment; the first pods may miss it.
    let ns = env
        .namespace("default-tag", json!({"istio-injection": "enabled"}))
        .await;
    let mut injected = Err(String::new());
    for _ in 0..50 {
        let app = pod(&env.unique("app"), json!({}), json!({}));
        injected = expect_injected(env, &ns, app, "canary").await;
        if injected.is_ok() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    injected.map_err(|e| format!("istio-injection=enabled after tag set default: {e}"))?;

    // istiod turns the validator's policy to Fail once it serves; a new `set` keeps that.
    set_validator_policy(env, "Fail").await?;
    needle(
        env,
        &[
            "tag",
            "set",
            "default",
            "--revision",
            "canary",
            "--overwrite",
        ],
    )?;
    let entry = validator_entry(env).await?;
    if entry["failurePolicy"] != "Fail" {
        return Err(format!(
            "tag set --overwrite turned the live Fail into {}",
            entry["failurePolicy"]
        ));
    }

    let removed = needle(env, &["tag", "remove", "default", "-y"])?;
    if removed != "Revision tag default removed\n" {
        return Err(format!("tag remove default -y: {removed:?}"));
    }
    let validating = Api::<ValidatingWebhookConfiguration>::all(env.client.clone());
    let left = (
        mutating
            .get_opt(TAG_CONFIG)
            .await
            .map_err(|e| e.to_string())?
            .is_some(),
        validating
            .get_opt(VALIDATOR)
            .await
            .map_err(|e| e.to_string())?
            .is_some(),
        tag_service(env, "default").await?.is_some(),
    );
    if left != (false, false, false) {
        return Err(format!(
            "tag remove default left (tag configuration, validator, Service) = {left:?}"
        ));
    }
    Ok(())
}

async fn validator_entry(env: &Env) -> Result<Value, String> {
    let live = Api::<ValidatingWebhookConfiguration>::all(env.client.clone())
        .get_opt(VALIDATOR)
        .await
        .map_err(|e| e.to_string())?
        .ok_or(format!("no {VALIDATOR}"))?;
    let live = serde_json::to_value(live).unwrap();
    live["webhooks"]
        .as_array()
        .and_then(|w| w.iter().find(|e| e["name"] == "validation.istio.io"))
        .cloned()
        .ok_or(format!(
            "{VALIDATOR} has no validation.istio.io entry: {live}"
        ))
}

async fn set_validator_policy(env: &Env, policy: &str) -> Outcome {
    let api = Api::<ValidatingWebhookConfiguration>::all(env.client.clone());
    let mut live = api.get(VALIDATOR).await.map_err(|e| e.to_string())?;
    for hook in live.webhooks.iter_mut().flatten() {
        hook.failure_policy = Some(policy.to_string());
    }
    api.replace(VALIDATOR, &PostParams::default(), &live)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}
