//! What `needle tag` reads from the cluster.

use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
};
use k8s_openapi::api::core::v1::{Namespace, Service};
use kube::api::{Api, DeleteParams, ListParams, PostParams};
use serde::Serialize;
use serde_json::Value;

fn values<T: Serialize>(items: Vec<T>) -> Vec<Value> {
    items
        .into_iter()
        .map(|item| serde_json::to_value(item).unwrap_or_default())
        .collect()
}

/// The `namespace/name` of the cluster's Services a webhook may point at, as istioctl's
/// analysis reads them: none of the namespaces injection ignores.
pub async fn service_names(
    client: &kube::Client,
) -> Result<std::collections::BTreeSet<String>, kube::Error> {
    let list = Api::<Service>::all(client.clone())
        .list(&ListParams::default())
        .await?;
    let ignored = crate::core::inject::select::IGNORED_NAMESPACES;
    Ok(list
        .items
        .iter()
        .filter(|s| !ignored.contains(&s.metadata.namespace.as_deref().unwrap_or("")))
        .map(|s| {
            let m = &s.metadata;
            format!(
                "{}/{}",
                m.namespace.as_deref().unwrap_or(""),
                m.name.as_deref().unwrap_or("")
            )
        })
        .collect())
}

/// What `tag list` reads: every MutatingWebhookConfiguration (the overlap check reads them
/// all), the Services labelled `istio.io/rev` in the control plane's namespace, and every
/// namespace.
pub struct TagObjects {
    pub all_webhook_configs: Vec<Value>,
    pub services: Vec<Value>,
    pub namespaces: Vec<Value>,
}

impl TagObjects {
    /// The webhook configurations labelled `istio.io/rev`: the ones istioctl's tag commands
    /// read.
    pub fn webhook_configs(&self) -> Vec<Value> {
        self.all_webhook_configs
            .iter()
            .filter(|c| c["metadata"]["labels"].get("istio.io/rev").is_some())
            .cloned()
            .collect()
    }
}

pub async fn tag_objects(
    client: &kube::Client,
    istio_namespace: &str,
) -> Result<TagObjects, kube::Error> {
    let revisioned = ListParams::default().labels("istio.io/rev");
    let all_webhook_configs = Api::<MutatingWebhookConfiguration>::all(client.clone())
        .list(&ListParams::default())
        .await?;
    let services = Api::<Service>::namespaced(client.clone(), istio_namespace)
        .list(&revisioned)
        .await?;
    let namespaces = Api::<Namespace>::all(client.clone())
        .list(&ListParams::default())
        .await?;
    Ok(TagObjects {
        all_webhook_configs: values(all_webhook_configs.items),
        services: values(services.items),
        namespaces: values(namespaces.items),
    })
}

/// What carries a tag: its MutatingWebhookConfigurations, the names of its Services (in the
/// control plane's namespace), and the namespaces labelled with it.
pub struct TagUsers {
    pub webhook_configs: Vec<Value>,
    pub services: Vec<String>,
    pub namespaces: Vec<String>,
}

fn names<K: kube::Resource>(items: Vec<K>) -> Vec<String> {
    items
        .iter()
        .map(|i| i.meta().name.clone().unwrap_or_default())
        .collect()
}

pub async fn tag_users(
    client: &kube::Client,
    istio_namespace: &str,
    tag: &str,
) -> Result<TagUsers, kube::Error> {
    let tagged = ListParams::default().labels(&format!("istio.io/tag={tag}"));
    let webhook_configs = Api::<MutatingWebhookConfiguration>::all(client.clone())
        .list(&tagged)
        .await?;
    let services = Api::<Service>::namespaced(client.clone(), istio_namespace)
        .list(&tagged)
        .await?;
    let namespaces = Api::<Namespace>::all(client.clone())
        .list(&ListParams::default().labels(&format!("istio.io/rev={tag}")))
        .await?;
    Ok(TagUsers {
        webhook_configs: values(webhook_configs.items),
        services: names(services.items),
        namespaces: names(namespaces.items),
    })
}

/// Why a tag's objects could not all be deleted (istioctl's words).
#[derive(Debug, thiserror::Error)]
pub enum RemoveError {
    #[error("failed to delete Istio revision tag MutatingConfigurationWebhook: {0}")]
    Mutating(kube::Error),
    #[error("failed to delete Istio revision tag ValidatingWebhookConfiguration: {0}")]
    Validating(kube::Error),
    #[error("failed to delete Istio revision tag Services: {0}")]
    Services(kube::Error),
}

/// Delete the tag's webhook configurations (mutating, then validating) and its Services.
pub async fn delete_tag(
    client: &kube::Client,
    istio_namespace: &str,
    tag: &str,
) -> Result<(), RemoveError> {
    let tagged = ListParams::default().labels(&format!("istio.io/tag={tag}"));
    let delete = DeleteParams::default();
    Api::<MutatingWebhookConfiguration>::all(client.clone())
        .delete_collection(&delete, &tagged)
        .await
        .map_err(RemoveError::Mutating)?;
    Api::<ValidatingWebhookConfiguration>::all(client.clone())
        .delete_collection(&delete, &tagged)
        .await
        .map_err(RemoveError::Validating)?;
    // Services have no collection delete: one by one.
    let services = Api::<Service>::namespaced(client.clone(), istio_namespace);
    for service in services
        .list(&tagged)
        .await
        .map_err(RemoveError::Services)?
        .items
    {
        let name = service.metadata.name.unwrap_or_default();
        services
            .delete(&name, &delete)
            .await
            .map_err(RemoveError::Services)?;
    }
    Ok(())
}

/// The cluster's ValidatingWebhookConfiguration of that name, if there is one.
pub async fn validating_webhook_configuration(
    client: &kube::Client,
    name: &str,
) -> Result<Option<Value>, kube::Error> {
    let api = Api::<ValidatingWebhookConfiguration>::all(client.clone());
    Ok(api
        .get_opt(name)
        .await?
        .map(|c| serde_json::to_value(c).unwrap_or_default()))
}

/// Create the object, or replace the one of that name, keeping what `keep` copies over from
/// the live object (fields the apiserver will not let a replace change).
async fn create_or_replace<K>(
    api: Api<K>,
    object: &Value,
    keep: fn(&K, &mut K),
) -> Result<(), kube::Error>
where
    K: kube::Resource + Clone + std::fmt::Debug + serde::de::DeserializeOwned + Serialize,
{
    let mut object: K = serde_json::from_value(object.clone()).map_err(kube::Error::SerdeError)?;
    let name = object.meta().name.clone().unwrap_or_default();
    match api.get_opt(&name).await? {
        Some(live) => {
            object.meta_mut().resource_version = live.meta().resource_version.clone();
            keep(&live, &mut object);
            api.replace(&name, &PostParams::default(), &object).await?;
        }
        None => {
            api.create(&PostParams::default(), &object).await?;
        }
    }
    Ok(())
}

/// Create a MutatingWebhookConfiguration, or replace the one of that name.
pub async fn apply_mutating(client: &kube::Client, config: &Value) -> Result<(), kube::Error> {
    let api = Api::<MutatingWebhookConfiguration>::all(client.clone());
    create_or_replace(api, config, |_, _| {}).await
}

/// Create a ValidatingWebhookConfiguration, or replace the one of that name.
pub async fn apply_validating(client: &kube::Client, config: &Value) -> Result<(), kube::Error> {
    let api = Api::<ValidatingWebhookConfiguration>::all(client.clone());
    create_or_replace(api, config, |_, _| {}).await
}

/// Create a Service in its namespace, or replace the one of that name; a Service's cluster
/// IPs cannot change, so a replaced one keeps its own.
pub async fn apply_service(client: &kube::Client, service: &Value) -> Result<(), kube::Error> {
    let namespace = service["metadata"]["namespace"]
        .as_str()
        .unwrap_or("default");
    let api = Api::<Service>::namespaced(client.clone(), namespace);
    create_or_replace(api, service, |live: &Service, ours: &mut Service| {
        if let (Some(live), Some(ours)) = (&live.spec, &mut ours.spec) {
            ours.cluster_ip = live.cluster_ip.clone();
            ours.cluster_ips = live.cluster_ips.clone();
        }
    })
    .await
}
