//! What `check-inject` reads from a live cluster: the MutatingWebhookConfigurations, a
//! namespace, the nodes' kubelet versions (`auto` native sidecars), and the pod a `[TYPE/]NAME` names (a workload or Service resolved to its first
//! pod as istioctl resolves it). Objects come back as JSON for the core to judge.

use crate::core::compat::kubectl::{self, Kind, Target};
use crate::core::compat::selector::LabelSelector;
use crate::core::compat::selector::string_map;
use crate::core::inject::native::Nodes;
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::apps::v1::{DaemonSet, Deployment, ReplicaSet, StatefulSet};
use k8s_openapi::api::batch::v1::Job;
use k8s_openapi::api::core::v1::{Namespace, Node, Pod, ReplicationController, Service};
use kube::Api;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt::Debug;

/// A failed read, in the apiserver's words (`pods "x" not found`) where it gave any.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReadError(String);

impl From<kube::Error> for ReadError {
    fn from(e: kube::Error) -> Self {
        match e {
            kube::Error::Api(status) if !status.message.is_empty() => ReadError(status.message),
            other => ReadError(other.to_string()),
        }
    }
}

fn to_json<T: Serialize>(object: &T) -> Value {
    serde_json::to_value(object).unwrap_or_default()
}

/// Every MutatingWebhookConfiguration of the cluster.
pub async fn webhook_configurations(client: &kube::Client) -> Result<Vec<Value>, ReadError> {
    let list = Api::<MutatingWebhookConfiguration>::all(client.clone())
        .list(&Default::default())
        .await?;
    Ok(list.items.iter().map(to_json).collect())
}

pub async fn namespace(client: &kube::Client, name: &str) -> Result<Value, ReadError> {
    let ns = Api::<Namespace>::all(client.clone()).get(name).await?;
    Ok(to_json(&ns))
}

/// Every node of the cluster: name → kubelet version.
pub async fn nodes(client: &kube::Client) -> Result<Nodes, ReadError> {
    let list = Api::<Node>::all(client.clone())
        .list(&Default::default())
        .await?;
    Ok(list
        .items
        .iter()
        .map(|n| {
            (
                n.metadata.name.clone().unwrap_or_default(),
                super::nodes::kubelet_version(n),
            )
        })
        .collect())
}

/// The pod `target` names in `namespace`: itself, or the first pod its selector selects.
pub async fn pod(
    client: &kube::Client,
    target: &Target,
    namespace: &str,
) -> Result<Value, ReadError> {
    let pods = Api::<Pod>::namespaced(client.clone(), namespace);
    if target.kind == Kind::Pod {
        return Ok(to_json(&pods.get(&target.name).await?));
    }
    let object = match target.kind {
        Kind::Deployment => get::<Deployment>(client, namespace, &target.name).await,
        Kind::ReplicaSet => get::<ReplicaSet>(client, namespace, &target.name).await,
        Kind::StatefulSet => get::<StatefulSet>(client, namespace, &target.name).await,
        Kind::DaemonSet => get::<DaemonSet>(client, namespace, &target.name).await,
        Kind::Job => get::<Job>(client, namespace, &target.name).await,
        Kind::ReplicationController => {
            get::<ReplicationController>(client, namespace, &target.name).await
        }
        Kind::Service | Kind::Pod => get::<Service>(client, namespace, &target.name).await,
    }
    .map_err(|e| {
        ReadError(format!(
            "failed retrieving: {e} in the {namespace:?} namespace"
        ))
    })?;
    let resname = format!(
        "{}/{}",
        target.kind.name().to_ascii_lowercase(),
        target.name
    );
    let selector = kubectl::pod_selector(target.kind, &object)
        .map_err(|e| ReadError(format!("{resname:?} does not refer to a pod: {e}")))?;
    let selector = LabelSelector::parse(&selector)
        .map_err(|e| ReadError(format!("{resname:?} does not refer to a pod: {e}")))?;
    let all: Vec<Value> = pods
        .list(&Default::default())
        .await?
        .items
        .iter()
        .map(to_json)
        .filter(|p| selector.matches(&string_map(p.pointer("/metadata/labels"))))
        .collect();
    kubectl::first_pod(&all)
        .cloned()
        .ok_or_else(|| ReadError(format!("no pods match {resname:?}")))
}

async fn get<K>(client: &kube::Client, namespace: &str, name: &str) -> Result<Value, ReadError>
where
    K: kube::Resource<Scope = k8s_openapi::NamespaceResourceScope>
        + Clone
        + DeserializeOwned
        + Serialize
        + Debug,
    <K as kube::Resource>::DynamicType: Default,
{
    let object = Api::<K>::namespaced(client.clone(), namespace)
        .get(name)
        .await?;
    Ok(to_json(&object))
}
