//! The cluster's Namespaces for OpenShift (`PLATFORM=openshift`): each namespace's name and
//! annotations, where OpenShift writes the UID and group ranges the proxy runs with.

use super::cache::{self, View};
use super::watch::Health;
use k8s_openapi::api::core::v1::Namespace;
use kube::{Api, Client};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The namespace as the core reads it: `metadata.name` and `metadata.annotations`.
fn name_and_annotations(ns: &Namespace) -> Value {
    json!({"metadata": {"name": ns.metadata.name, "annotations": ns.metadata.annotations}})
}

/// Keep `view` equal to the cluster's namespaces until the process ends.
pub async fn watch(client: Client, view: View<Value>, health: Health, synced: impl Fn()) {
    let api = Api::<Namespace>::all(client);
    cache::follow(api, name_and_annotations, view, health, synced).await
}

/// Every namespace's name and annotations, listed once.
pub async fn list(client: Client) -> Result<BTreeMap<String, Value>, kube::Error> {
    cache::list_once(Api::<Namespace>::all(client), name_and_annotations).await
}
