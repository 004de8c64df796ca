//! A cache of one kind of cluster-scoped object, kept by name from a watch: only what the
//! injector reads of each object is kept (istiod strips its informers' objects too). Readers
//! take the whole view as it was last published and hold no lock: an admission never waits
//! for a watch event, nor an event for an admission.

use super::watch::{self, Health};
use arc_swap::ArcSwapOption;
use kube::runtime::watcher;
use kube::{Api, Resource, ResourceExt};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::sync::Arc;

/// What the cache holds: `None` until the first list is complete, then the objects by name.
pub type View<V> = Arc<ArcSwapOption<BTreeMap<String, V>>>;

/// The objects of `api` listed once, as `follow` keeps them (for a command, not a server).
pub async fn list_once<K, V>(
    api: Api<K>,
    keep: fn(&K) -> V,
) -> Result<BTreeMap<String, V>, kube::Error>
where
    K: Resource + Clone + DeserializeOwned + Debug,
{
    let listed = api.list(&Default::default()).await?;
    Ok(listed
        .items
        .iter()
        .map(|object| (object.name_any(), keep(object)))
        .collect())
}

/// Follow `api` until the process ends, keeping `keep(object)` of each object in `view`;
/// `synced` is called after each complete list (the first one makes the server ready). A
/// new view is published only when what is kept changes: a Node's status heartbeats leave
/// its kubelet version, and so the view, as they were.
pub async fn follow<K, V>(
    api: Api<K>,
    keep: fn(&K) -> V,
    view: View<V>,
    health: Health,
    synced: impl Fn(),
) where
    K: Resource + Clone + DeserializeOwned + Debug + Send + 'static,
    V: Clone + PartialEq,
{
    let mut current: BTreeMap<String, V> = BTreeMap::new();
    let mut listing = BTreeMap::new();
    watch::follow(api, watcher::Config::default(), health, |event| {
        let changed = match event {
            // The last view stays until the next list is complete.
            Err(_) => false,
            Ok(watcher::Event::Init) => {
                listing.clear();
                false
            }
            Ok(watcher::Event::InitApply(object)) => {
                listing.insert(object.name_any(), keep(&object));
                false
            }
            Ok(watcher::Event::InitDone) => {
                current = std::mem::take(&mut listing);
                view.store(Some(Arc::new(current.clone())));
                synced();
                false
            }
            Ok(watcher::Event::Apply(object)) => {
                let kept = keep(&object);
                current.insert(object.name_any(), kept.clone()) != Some(kept)
            }
            Ok(watcher::Event::Delete(object)) => current.remove(&object.name_any()).is_some(),
        };
        if changed {
            view.store(Some(Arc::new(current.clone())));
        }
    })
    .await
}
