//! What `needle validate --cluster` reads: every resource of the Istio kinds the validator
//! checks, kind by kind and page by page, so a large cluster is never held in one answer. Only
//! discovery, `list` and nothing else: a read-only role on the Istio groups is enough.

use super::check_inject::ReadError;
use kube::Api;
use kube::api::{DynamicObject, ListParams};
use kube::discovery::{self, ApiGroup, ApiResource};
use serde_json::Value;
use std::collections::BTreeMap;

/// What a scan found of the kinds it looked for.
#[derive(Debug, Default)]
pub struct Scanned {
    /// Resources read, per kind (`VirtualService`); zero for a served kind without any.
    pub per_kind: BTreeMap<&'static str, usize>,
    /// Kinds the cluster does not serve (no CRD installed), as `group/Kind`.
    pub not_served: Vec<String>,
}

/// Hand every resource of `kinds` (group and kind) in `namespace` (all namespaces when
/// `None`) to `each`, as JSON with its `apiVersion` and `kind`, `page` at a time.
pub async fn for_each_resource(
    client: &kube::Client,
    kinds: impl IntoIterator<Item = (&'static str, &'static str)>,
    namespace: Option<&str>,
    page: u32,
    mut each: impl FnMut(Value),
) -> Result<Scanned, ReadError> {
    let mut groups: BTreeMap<&str, Option<ApiGroup>> = BTreeMap::new();
    let mut scanned = Scanned::default();
    for (group, kind) in kinds {
        if !groups.contains_key(group) {
            groups.insert(group, served_group(client, group).await?);
        }
        let resource = groups[group].as_ref().and_then(|g| {
            g.resources_by_stability()
                .into_iter()
                .find(|(resource, _)| resource.kind == kind)
        });
        let Some((resource, _)) = resource else {
            scanned.not_served.push(format!("{group}/{kind}"));
            continue;
        };
        let count = list_all(client, &resource, namespace, page, &mut each).await?;
        scanned.per_kind.insert(kind, count);
    }
    Ok(scanned)
}

/// The group as the cluster serves it; `None` when it serves none of it.
async fn served_group(client: &kube::Client, group: &str) -> Result<Option<ApiGroup>, ReadError> {
    match discovery::group(client, group).await {
        Ok(found) => Ok(Some(found)),
        Err(kube::Error::Discovery(kube::error::DiscoveryError::MissingApiGroup(_))) => Ok(None),
        Err(e) => Err(ReadError::from(e)),
    }
}

async fn list_all(
    client: &kube::Client,
    resource: &ApiResource,
    namespace: Option<&str>,
    page: u32,
    each: &mut impl FnMut(Value),
) -> Result<usize, ReadError> {
    let api: Api<DynamicObject> = match namespace {
        Some(ns) => Api::namespaced_with(client.clone(), ns, resource),
        None => Api::all_with(client.clone(), resource),
    };
    let mut params = ListParams::default().limit(page);
    let mut count = 0;
    loop {
        let listed = api.list(&params).await?;
        for object in listed.items {
            let mut object = serde_json::to_value(&object).unwrap_or_default();
            // A list's items may leave out their type; the validator needs it.
            object["apiVersion"] = Value::from(resource.api_version.clone());
            object["kind"] = Value::from(resource.kind.clone());
            each(object);
            count += 1;
        }
        match listed.metadata.continue_ {
            Some(token) if !token.is_empty() => params = params.continue_token(&token),
            _ => return Ok(count),
        }
    }
}
