//! A cache of one kind of cluster-scoped object, kept by name from a kube-runtime watcher: only
//! what the injector reads of each object is kept (istiod strips its informers' objects too).

use futures::StreamExt;
use kube::runtime::watcher;
use kube::{Api, Resource, ResourceExt};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::sync::{Arc, RwLock};

/// What the cache holds: `None` until the first list is complete, then the objects by name.
pub type View<V> = Arc<RwLock<Option<BTreeMap<String, V>>>>;

/// Read the view; a writer that panicked leaves the last state, which is still a view.
pub fn read<V, T>(view: &View<V>, f: impl FnOnce(Option<&BTreeMap<String, V>>) -> T) -> T {
    let guard = view.read().unwrap_or_else(|poisoned| poisoned.into_inner());
    f(guard.as_ref())
}

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
/// `synced` is called after each complete list (the first one makes the server ready).
pub async fn follow<K, V>(
    api: Api<K>,
    kind: &'static str,
    keep: fn(&K) -> V,
    view: View<V>,
    synced: impl Fn(),
) where
    K: Resource + Clone + DeserializeOwned + Debug + Send + 'static,
{
    let mut events = watcher(api, watcher::Config::default()).boxed();
    let mut listing = BTreeMap::new();
    while let Some(event) = events.next().await {
        let write = || {
            view.write()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        match event {
            Ok(watcher::Event::Init) => listing.clear(),
            Ok(watcher::Event::InitApply(object)) => {
                listing.insert(object.name_any(), keep(&object));
            }
            Ok(watcher::Event::InitDone) => {
                *write() = Some(std::mem::take(&mut listing));
                synced();
            }
            Ok(watcher::Event::Apply(object)) => {
                if let Some(all) = write().as_mut() {
                    all.insert(object.name_any(), keep(&object));
                }
            }
            Ok(watcher::Event::Delete(object)) => {
                if let Some(all) = write().as_mut() {
                    all.remove(&object.name_any());
                }
            }
            // The watcher retries by itself; say why the view may be old.
            Err(error) => tracing::warn!(kind, %error, "watch failed; retrying"),
        }
    }
}
