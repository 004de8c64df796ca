//! The cluster's ProxyConfig resources (`networking.istio.io/v1beta1`, all namespaces), as
//! istiod watches them for the webhook: every add, update or delete hands the whole set on.

use super::watch::{self, Health};
use crate::core::config::proxy_config::resources::{
    API_VERSION, KIND, ProxyConfigResource, ProxyConfigs,
};
use kube::api::{ApiResource, DynamicObject, GroupVersionKind};
use kube::runtime::watcher;
use kube::{Api, Client};
use std::collections::BTreeMap;

/// Namespace and name: one resource.
type Key = (String, String);

/// The ProxyConfig resources of every namespace.
fn api(client: Client) -> Api<DynamicObject> {
    let gvk = GroupVersionKind::gvk("networking.istio.io", "v1beta1", KIND);
    let resource = ApiResource::from_gvk_with_plural(&gvk, "proxyconfigs");
    Api::all_with(client, &resource)
}

/// The cluster's ProxyConfigs listed once (for a command); none when the CRD is not installed.
pub async fn list(client: Client) -> Result<ProxyConfigs, kube::Error> {
    let listed = match api(client).list(&Default::default()).await {
        Ok(listed) => listed,
        Err(kube::Error::Api(status)) if status.code == 404 => return Ok(ProxyConfigs::default()),
        Err(e) => return Err(e),
    };
    let mut resources = BTreeMap::new();
    for object in &listed.items {
        update(&mut resources, object);
    }
    Ok(ProxyConfigs::new(resources.into_values().collect()))
}

/// Watch until the process ends. `publish` gets the set after the first list and after every
/// change; `synced` is called once the first list is complete, or once the API answers that
/// ProxyConfig is not a resource it serves (the CRD is not installed: no resources, as for
/// istiod). The watcher retries with back-off, so a CRD installed later is picked up.
pub async fn watch(
    client: Client,
    publish: impl Fn(ProxyConfigs) + Send + 'static,
    synced: impl Fn() + Send + 'static,
    health: Health,
) {
    let mut current: BTreeMap<Key, ProxyConfigResource> = BTreeMap::new();
    let mut listing: BTreeMap<Key, ProxyConfigResource> = BTreeMap::new();
    let mut missing_crd_reported = false;
    watch::follow(api(client), watcher::Config::default(), health, |event| {
        match event {
            Ok(watcher::Event::Init) => {
                listing.clear();
                return;
            }
            Ok(watcher::Event::InitApply(object)) => {
                update(&mut listing, &object);
                return;
            }
            Ok(watcher::Event::InitDone) => {
                if missing_crd_reported {
                    tracing::info!("the ProxyConfig resource is served now; reading ProxyConfigs");
                    missing_crd_reported = false;
                }
                synced();
                // A list after an outage that finds every resource as it was changes nothing.
                if listing == current {
                    listing.clear();
                    return;
                }
                current = std::mem::take(&mut listing);
            }
            Ok(watcher::Event::Apply(object)) => update(&mut current, &object),
            Ok(watcher::Event::Delete(object)) => {
                current.remove(&key(&object));
            }
            // Said once; the back-off keeps asking, quietly.
            Err(error) if watch::is_not_served(error) => {
                if missing_crd_reported {
                    return;
                }
                tracing::warn!(
                    "the cluster does not serve networking.istio.io/v1beta1 proxyconfigs \
                     (the ProxyConfig CRD is not installed): injecting as with no ProxyConfig \
                     resources, and checking again periodically"
                );
                missing_crd_reported = true;
                current.clear();
                synced();
            }
            // The last set serves until the next list.
            Err(_) => return,
        }
        tracing::info!(count = current.len(), "ProxyConfig resources changed");
        publish(ProxyConfigs::new(current.values().cloned().collect()));
    })
    .await
}

fn key(object: &DynamicObject) -> Key {
    let meta = &object.metadata;
    (
        meta.namespace.clone().unwrap_or_default(),
        meta.name.clone().unwrap_or_default(),
    )
}

/// Add or replace the object; one that cannot be read is left out (istiod cannot convert it
/// either), with a warning that names it and the field.
fn update(resources: &mut BTreeMap<Key, ProxyConfigResource>, object: &DynamicObject) {
    let mut value = serde_json::to_value(object).unwrap_or_default();
    // Items of a list carry no type; the resource watched says what they are.
    value["apiVersion"] = API_VERSION.into();
    value["kind"] = KIND.into();
    match ProxyConfigResource::from_object(&value) {
        Ok(resource) => {
            resources.insert(key(object), resource);
        }
        Err(error) => {
            tracing::warn!(%error, "ignoring a ProxyConfig that cannot be read");
            resources.remove(&key(object));
        }
    }
}
