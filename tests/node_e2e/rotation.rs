//! The serving CA rotated in the chart's certificate Secret, as a platform team (or
//! cert-manager) rotates it: the kubelet syncs the Secret into each replica, needle reloads
//! its certificate, its patchers carry `ca.crt` into the caBundle of the injector webhooks and
//! of the validator, and pods created all along under failurePolicy `Fail` never fail.
//!
//! A new CA goes in three edits of the Secret, because the apiserver must trust a certificate
//! before it is served: `ca.crt` holding both CAs, then the certificate of the new CA, then
//! `ca.crt` holding the new CA alone. The Secret is left rotated: the chart reuses it on
//! upgrade, so every later scenario sees one consistent CA.

use crate::broken::{needle_pods, pod_get};
use crate::common::pod_load::PodLoad;
use crate::install::INJECTOR;
use crate::world::{NEEDLE_NS, World, wait_until};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::ByteString;
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
};
use k8s_openapi::api::core::v1::Secret;
use kube::api::{
    Api, ApiResource, DynamicObject, GroupVersionKind, Patch, PatchParams, PostParams,
};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const SECRET: &str = "needle-tls";
const VALIDATOR: &str = "istio-validator-istio-system";
/// The kubelet syncs a Secret's volume at its next pod sync (`syncFrequency: 10s` on this
/// node), and the patchers write within a second of the file changing.
const FOLLOW: u64 = 90;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "chaos: the CA rotated in the certificate Secret through the kubelet: both caBundles follow each step, Istio config still validated, 0 failed pod creations (Fail)",
        rotation
    )]
}

async fn rotation(world: Arc<World>) -> Outcome {
    let ns = world
        .namespace("rotation", json!({"istio-injection": "enabled"}))
        .await?;
    let secrets = Api::<Secret>::namespaced(world.client.clone(), NEEDLE_NS);
    let secret = secrets
        .get(SECRET)
        .await
        .map_err(|e| format!("Secret {SECRET}: {e}"))?;
    let field = |name: &str| {
        let bytes = secret.data.as_ref().and_then(|d| d.get(name)).cloned();
        bytes
            .map(|b| String::from_utf8_lossy(&b.0).into_owned())
            .ok_or(format!("Secret {SECRET} has no {name}"))
    };
    let old_ca = field("ca.crt")?;
    let hosts = ["needle", "needle.istio-system", "needle.istio-system.svc"].map(String::from);
    let (new_ca, cert, key) =
        needle::server::devcert::generate(&hosts).map_err(|e| e.to_string())?;
    let both = format!("{}\n{new_ca}", old_ca.trim_end());

    let load = {
        let (world, ns) = (world.clone(), ns.clone());
        PodLoad::start(Duration::from_millis(100), move |_| {
            let (world, ns) = (world.clone(), ns.clone());
            async move {
                let pod = json!({"apiVersion": "v1", "kind": "Pod",
                    "metadata": {"name": world.unique("rotating")},
                    "spec": {"containers": [{"name": "app", "image": crate::workloads::APP_IMAGE}]}});
                world.create_pod(&ns, &pod, true).await
            }
        })
    };
    let steps = async {
        edit(&secrets, &[("ca.crt", &both)]).await?;
        bundles_become(&world, &both, "both CAs").await?;
        let before = expiries(&world).await?;
        edit(&secrets, &[("tls.crt", &cert), ("tls.key", &key)]).await?;
        for (pod, old) in &before {
            wait_until(
                &format!("{pod} serving the new CA's certificate"),
                FOLLOW,
                || async {
                    let now = expiry(&pod_get(&world, pod, "metrics").await)?;
                    (now != *old).then_some(())
                },
            )
            .await?;
        }
        edit(&secrets, &[("ca.crt", &new_ca)]).await?;
        bundles_become(&world, &new_ca, "the new CA alone").await?;
        validated(&world, &ns).await
    };
    let outcome = steps.await;
    let tally = load.stop().await;
    outcome?;
    tally.all_injected(20)?;
    println!(
        "     {} dry-run pods created and injected during the rotation, 0 failed",
        tally.injected
    );
    Ok(())
}

/// Replace some of the Secret's files, as `kubectl apply` of the rotated Secret would.
async fn edit(secrets: &Api<Secret>, files: &[(&str, &str)]) -> Outcome {
    let data: serde_json::Map<String, Value> = files
        .iter()
        .map(|(name, text)| {
            (
                name.to_string(),
                json!(ByteString(text.as_bytes().to_vec())),
            )
        })
        .collect();
    let patch = json!({"data": data});
    secrets
        .patch(SECRET, &PatchParams::default(), &Patch::Merge(&patch))
        .await
        .map(drop)
        .map_err(|e| format!("editing Secret {SECRET}: {e}"))
}

/// Wait until every entry of the injector and of the validator trusts exactly `ca`.
async fn bundles_become(world: &World, ca: &str, what: &str) -> Outcome {
    let want = ByteString(ca.as_bytes().to_vec());
    let injectors = Api::<MutatingWebhookConfiguration>::all(world.client.clone());
    let validators = Api::<ValidatingWebhookConfiguration>::all(world.client.clone());
    wait_until(
        &format!("the injector's and the validator's caBundle holding {what}"),
        FOLLOW,
        || async {
            let injector = injectors.get(INJECTOR).await.ok()?;
            let validator = validators.get(VALIDATOR).await.ok()?;
            let mut bundles = (injector.webhooks.unwrap_or_default().into_iter())
                .map(|e| e.client_config.ca_bundle)
                .chain(
                    (validator.webhooks.unwrap_or_default().into_iter())
                        .map(|e| e.client_config.ca_bundle),
                )
                .peekable();
            bundles.peek()?;
            bundles.all(|b| b.as_ref() == Some(&want)).then_some(())
        },
    )
    .await
}

/// Each replica's certificate expiry, as its metrics say.
async fn expiries(world: &World) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for pod in needle_pods(world).await? {
        let metrics = pod_get(world, &pod, "metrics").await;
        let at = expiry(&metrics).ok_or(format!("{pod} has no certificate expiry metric"))?;
        out.push((pod, at));
    }
    Ok(out)
}

fn expiry(metrics: &str) -> Option<String> {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix("needle_certificate_expiry_timestamp_seconds "))
        .map(str::to_string)
}

/// Through the validator, now trusting the new CA alone: a Gateway is admitted and one that
/// asks to be refused is refused by needle (not by a failed call). Both carry the revision's
/// label: the chart's validator, as Istio's revisioned one, selects `istio.io/rev=default`.
async fn validated(world: &World, ns: &str) -> Outcome {
    let gvk = GroupVersionKind::gvk("networking.istio.io", "v1", "Gateway");
    let gateways: Api<DynamicObject> =
        Api::namespaced_with(world.client.clone(), ns, &ApiResource::from_gvk(&gvk));
    let gateway = |name: &str, annotations: Value| -> DynamicObject {
        serde_json::from_value(
            json!({"apiVersion": "networking.istio.io/v1", "kind": "Gateway",
            "metadata": {"name": name, "annotations": annotations,
                "labels": {"istio.io/rev": "default"}},
            "spec": {"servers": [{"hosts": ["*.example.com"],
                "port": {"number": 80, "name": "http", "protocol": "HTTP"}}]}}),
        )
        .unwrap()
    };
    let dry_run = PostParams {
        dry_run: true,
        ..Default::default()
    };
    gateways
        .create(&dry_run, &gateway("after-rotation", json!({})))
        .await
        .map_err(|e| format!("a valid Gateway after the rotation: {e}"))?;
    let refused = json!({"internal.istio.io/webhook-always-reject": "true"});
    match gateways
        .create(&dry_run, &gateway("refused-after-rotation", refused))
        .await
    {
        Err(e) if e.to_string().contains("denied the request") => Ok(()),
        other => Err(format!(
            "want needle's denial of an always-reject Gateway, got {:?}",
            other.map(|o| o.metadata.name)
        )),
    }
}
