//! What `needle tag` reads from the cluster.

use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::core::v1::{Namespace, Service};
use kube::api::{Api, ListParams};
use serde::Serialize;
use serde_json::Value;

fn values<T: Serialize>(items: Vec<T>) -> Vec<Value> {
    items
        .into_iter()
        .map(|item| serde_json::to_value(item).unwrap_or_default())
        .collect()
}

/// Every MutatingWebhookConfiguration of the cluster, as JSON.
pub async fn mutating_webhook_configurations(
    client: &kube::Client,
) -> Result<Vec<Value>, kube::Error> {
    let list = Api::<MutatingWebhookConfiguration>::all(client.clone())
        .list(&ListParams::default())
        .await?;
    Ok(values(list.items))
}

/// What `tag list` reads: the webhook configurations labelled `istio.io/rev`, the Services so
/// labelled in the control plane's namespace, and every namespace.
pub struct TagObjects {
    pub webhook_configs: Vec<Value>,
    pub services: Vec<Value>,
    pub namespaces: Vec<Value>,
}

pub async fn tag_objects(
    client: &kube::Client,
    istio_namespace: &str,
) -> Result<TagObjects, kube::Error> {
    let revisioned = ListParams::default().labels("istio.io/rev");
    let webhook_configs = Api::<MutatingWebhookConfiguration>::all(client.clone())
        .list(&revisioned)
        .await?;
    let services = Api::<Service>::namespaced(client.clone(), istio_namespace)
        .list(&revisioned)
        .await?;
    let namespaces = Api::<Namespace>::all(client.clone())
        .list(&ListParams::default())
        .await?;
    Ok(TagObjects {
        webhook_configs: values(webhook_configs.items),
        services: values(services.items),
        namespaces: values(namespaces.items),
    })
}
