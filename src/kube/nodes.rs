//! The cluster's Nodes for native sidecars under `ENABLE_NATIVE_SIDECARS=auto`: each node's
//! name and kubelet version, all istiod's detection reads.

use super::cache::{self, View};
use super::watch::Health;
use k8s_openapi::api::core::v1::Node;
use kube::{Api, Client};
use std::collections::BTreeMap;

/// `status.nodeInfo.kubeletVersion`, empty when the node reports none.
pub fn kubelet_version(node: &Node) -> String {
    node.status
        .as_ref()
        .and_then(|s| s.node_info.as_ref())
        .map(|info| info.kubelet_version.clone())
        .unwrap_or_default()
}

/// Keep `view` equal to the cluster's nodes until the process ends.
pub async fn watch(client: Client, view: View<String>, health: Health, synced: impl Fn()) {
    cache::follow(
        Api::<Node>::all(client),
        kubelet_version,
        view,
        health,
        synced,
    )
    .await
}

/// The kubelet version of every node, listed once.
pub async fn list(client: Client) -> Result<BTreeMap<String, String>, kube::Error> {
    cache::list_once(Api::<Node>::all(client), kubelet_version).await
}
