//! What `needle audit` reads from a live cluster: the pods to audit, page by page, so a large
//! cluster is never held in one answer.

use super::check_inject::ReadError;
use k8s_openapi::api::core::v1::Pod;
use kube::Api;
use kube::api::ListParams;
use serde_json::Value;

/// Pods per list call: the apiserver answers in pages of this size.
const PAGE: u32 = 500;

/// Every pod of `namespace` (all namespaces when `None`) that `selector` selects, handed to
/// `each` as JSON one page at a time.
pub async fn for_each_pod(
    client: &kube::Client,
    namespace: Option<&str>,
    selector: Option<&str>,
    mut each: impl FnMut(Value),
) -> Result<(), ReadError> {
    let pods: Api<Pod> = match namespace {
        Some(ns) => Api::namespaced(client.clone(), ns),
        None => Api::all(client.clone()),
    };
    let mut params = ListParams::default().limit(PAGE);
    if let Some(selector) = selector {
        params = params.labels(selector);
    }
    loop {
        let page = pods.list(&params).await?;
        for pod in page.items {
            each(serde_json::to_value(&pod).unwrap_or_default());
        }
        match page.metadata.continue_ {
            Some(token) if !token.is_empty() => params = params.continue_token(&token),
            _ => return Ok(()),
        }
    }
}
