//! `needle serve --patch-webhooks` and the revision's validator, as istiod's validation
//! controller keeps it: a validator installed `Ignore` with a wrong caBundle lets invalid
//! config through (needle is unreachable) and is not made `Fail` while so; needle repairs the
//! bundle, sees itself deny an always-reject Gateway through the apiserver, and only then flips
//! it to `Fail`; two replicas write each change once. The `canary` revision's server and its
//! validator are restored afterwards.

use crate::common::counter;
use crate::env::{Env, Revision, base64};
use crate::failures::{start, stop};
use crate::patcher::{eventually, spawn_patcher};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kube::api::{Api, DeleteParams, PostParams};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const VALIDATOR: &str = "istio-validator-canary-e2e";

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "chaos: the validator installed Ignore with a wrong caBundle it stays Ignore; needle repairs the bundle, is seen to answer, flips it to Fail; two replicas, each change written once; a CA rotation followed, config still validated",
        validator
    )]
}

async fn validator(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let configs: Api<ValidatingWebhookConfiguration> = Api::all(env.client.clone());
    let outcome = steps(&env, rev, &configs).await;
    let _ = configs.delete(VALIDATOR, &DeleteParams::default()).await;
    stop(rev).await;
    start(rev).await;
    // The rotated CA, for the injection webhooks of the scenarios after this one.
    env.apply_injector_webhooks(rev, "Fail", 10).await;
    outcome
}

async fn steps(
    env: &Env,
    rev: &Revision,
    configs: &Api<ValidatingWebhookConfiguration>,
) -> Outcome {
    // Another CA than the server's: the apiserver cannot reach needle through it.
    let (wrong, _, _) =
        needle::server::devcert::generate(&["localhost".into()]).map_err(|e| e.to_string())?;
    create_validator(configs, rev, &wrong).await?;
    let invalid = || {
        json!({"apiVersion": "networking.istio.io/v1", "kind": "Gateway",
            "metadata": {"name": env.unique("invalid-gw"), "namespace": "default",
                "labels": {"istio.io/rev": "canary"}},
            "spec": {"servers": [{"port": {"number": 0, "name": "x", "protocol": "HTTP"}, "hosts": ["*"]}]}})
    };
    // Fail-open: unreachable needle, the invalid Gateway goes through.
    env.create_resource(&invalid(), "default", true)
        .await
        .map_err(|e| format!("Ignore with a wrong caBundle still refused the Gateway: {e}"))?;

    stop(rev).await;
    *rev.server.lock().await = Some(spawn_patcher(env, rev, None));
    let second_dir = crate::common::server::temp_dir("e2e-needle-canary-validator");
    let second = spawn_patcher(env, rev, Some(&second_dir));
    let ca = rev.ca_pem();
    eventually("the validator repaired and failing closed", || async {
        let config = configs.get(VALIDATOR).await.map_err(|e| e.to_string())?;
        let hook = &config.webhooks.unwrap_or_default()[0];
        let bundle = hook.client_config.ca_bundle.as_ref().map(|b| &b.0[..]);
        match (
            bundle == Some(ca.as_bytes()),
            hook.failure_policy.as_deref(),
        ) {
            (true, Some("Fail")) => Ok(()),
            (trusted, policy) => Err(format!(
                "caBundle right: {trusted}, failurePolicy {policy:?}"
            )),
        }
    })
    .await?;
    match env.create_resource(&invalid(), "default", true).await {
        Err(e) if e.contains("denied the request") => {}
        other => return Err(format!("the invalid Gateway after the flip: {other:?}")),
    }

    // Each of the two changes (the bundle, then the policy) written once between them.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let first_admin = rev.server.lock().await.as_ref().unwrap().admin;
    let updates: f64 = [first_admin, second.admin]
        .iter()
        .map(|admin| {
            let text = crate::common::server::plain_get(*admin, "/metrics")
                .map(|(_, b)| b)
                .unwrap_or_default();
            counter(&text, "galley_validation_config_updates_total")
        })
        .sum();
    if updates != 2.0 {
        return Err(format!(
            "{updates} validator updates written by the two replicas, want 2"
        ));
    }
    println!(
        "     validator: Ignore while unreachable, repaired and flipped to Fail, 2 writes by two replicas"
    );
    drop(second);

    // The CA rotated in the server's files: the bundle follows, and Istio config is still
    // validated (refused when invalid, admitted when valid) rather than failing the call.
    let (new_ca, cert, key) =
        needle::server::devcert::generate(&["localhost".into(), "127.0.0.1".into()])
            .map_err(|e| e.to_string())?;
    crate::patcher::write_certs(
        rev,
        &[("tls.key", &key), ("tls.crt", &cert), ("ca.pem", &new_ca)],
    );
    eventually("the validator's caBundle rotated", || async {
        let config = configs.get(VALIDATOR).await.map_err(|e| e.to_string())?;
        let hook = &config.webhooks.unwrap_or_default()[0];
        match hook.client_config.ca_bundle.as_ref().map(|b| &b.0[..]) {
            Some(b) if b == new_ca.as_bytes() => Ok(()),
            _ => Err("not the new CA yet".into()),
        }
    })
    .await?;
    eventually("an invalid Gateway refused after the rotation", || async {
        match env.create_resource(&invalid(), "default", true).await {
            Err(e) if e.contains("denied the request") => Ok(()),
            other => Err(format!("{other:?}")),
        }
    })
    .await?;
    let mut valid = invalid();
    valid["spec"]["servers"][0]["port"]["number"] = json!(80);
    env.create_resource(&valid, "default", true)
        .await
        .map_err(|e| format!("a valid Gateway after the rotation: {e}"))
}

async fn create_validator(
    configs: &Api<ValidatingWebhookConfiguration>,
    rev: &Revision,
    ca: &str,
) -> Outcome {
    let config = json!({
        "metadata": {"name": VALIDATOR, "labels": {"istio.io/rev": "canary"}},
        "webhooks": [{
            "name": "rev.validation.istio.io",
            "clientConfig": {"url": rev.url("/validate"), "caBundle": base64(ca)},
            "rules": [{"operations": ["CREATE", "UPDATE"], "apiGroups": ["networking.istio.io"],
                "apiVersions": ["*"], "resources": ["*"]}],
            "failurePolicy": "Ignore",
            "sideEffects": "None",
            "admissionReviewVersions": ["v1"],
            "timeoutSeconds": 5,
            "objectSelector": {"matchExpressions": [
                {"key": "istio.io/rev", "operator": "In", "values": ["canary"]}]},
        }],
    });
    let config: ValidatingWebhookConfiguration = serde_json::from_value(config).unwrap();
    configs
        .create(&PostParams::default(), &config)
        .await
        .map(drop)
        .map_err(|e| format!("creating {VALIDATOR}: {e}"))
}
