//! The replica cache: a rollout or a scale-up sends the webhook one pod per replica, each the
//! same template with the same `generateName`, an empty `name` and only the request's `uid`
//! new. The admission works the first one out and hands the next ones its patch.
//!
//! An answer is reused only for a pod whose key is the same, the key being everything the
//! injection reads:
//! - the pod as the injection reads it (`NormalizedPod`): this drops
//!   `metadata.managedFields`, which differ between replicas (their timestamps) and Istio's
//!   injector drops too; the request's `uid` is not in the pod and is written into each
//!   response by the server; the name of the service account token volume, different in
//!   every replica, is masked (`token`: each replica's patch carries its own);
//! - the namespace, the webhook path's parameters (`/inject/cluster/c1/net/n1`), who asks
//!   (webhook or kube-inject) and how a previous injection is redone; only `CREATE` is ever
//!   injected, so the operation is always the same;
//! - the injector's settings (revision, native sidecars, compliance policy, OpenShift);
//! - the live inputs: the configuration snapshot and the ProxyConfig resources by their load
//!   (`Generation`: any reload, even of the same text, starts anew), and what the pod reads of
//!   the cluster's Nodes and Namespaces: the native-sidecar decision (from the nodes' kubelet
//!   versions under `auto`) and, on OpenShift, the pod's Namespace object.
//!
//! Only injected answers whose render read neither the clock nor randomness are kept
//! (`core::volatile`); a skip is cheap to decide again and a denial is never cached. The
//! cache is bounded in entries and bytes and drops the least recently used answer first.

use crate::compat::compact;
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, NormalizedPod, Settings};
use crate::inject::native::Native;
use crate::inject::patch::Patch;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
pub use token::TokenVolume;

mod token;

/// How much the cache may hold (`needle serve --replica-cache-entries/-bytes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub entries: usize,
    /// Keys and patches (their text and its base64) together, with a fixed allowance per
    /// entry for the rest.
    pub bytes: usize,
}

impl Default for Bounds {
    /// Room for the pod templates of a large rollout at once (each workload's template is one
    /// entry, a `hello` pod's about 12 KiB with its patch's base64), a few MiB of each of the
    /// two replicas of needle the chart runs.
    fn default() -> Self {
        Self {
            entries: 1024,
            bytes: 8 * 1024 * 1024,
        }
    }
}

/// What an entry costs beside its key and patch: the map slots, the order index, the counts.
const ENTRY_OVERHEAD: usize = 160;

/// The cache's counts since it was made, for `needle_inject_cache_*` and the tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
    pub entries: usize,
    pub bytes: usize,
}

pub struct ReplicaCache {
    bounds: Bounds,
    inner: Mutex<Inner>,
    hits: AtomicU64,
    misses: AtomicU64,
    evictions: AtomicU64,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<Arc<[u8]>, Entry>,
    /// Keys by last use, oldest first.
    order: BTreeMap<u64, Arc<[u8]>>,
    tick: u64,
    bytes: usize,
}

struct Entry {
    key: Arc<[u8]>,
    answer: Answer,
    used: u64,
    bytes: usize,
}

/// What the cache knows of a key.
#[derive(Debug, Clone)]
pub(super) enum Answer {
    Shared(Shared),
    /// The token volume's name enters the patch in a way a swap cannot follow: each replica
    /// is worked out on its own (and not checked again).
    Unshared,
}

/// The patch of the replica worked out first, made with its token volume's name.
#[derive(Debug, Clone)]
pub(super) struct Shared {
    pub(super) patch: Arc<Patch>,
    pub(super) token: Option<TokenVolume>,
}

impl Shared {
    /// The patch for a replica whose token volume is `token`: the shared one, its token
    /// volume's name swapped for the replica's own when the two differ.
    pub(super) fn patch_for(&self, token: Option<&TokenVolume>) -> Arc<Patch> {
        match (&self.token, token) {
            (Some(from), Some(to)) if from != to => {
                Arc::new(Patch::new(from.swap(&self.patch, to)))
            }
            _ => Arc::clone(&self.patch),
        }
    }

    /// What it holds, for the cache's byte bound.
    fn bytes(&self) -> usize {
        self.patch.bytes() + self.token.as_ref().map_or(0, |t| t.as_str().len())
    }
}

impl std::fmt::Debug for ReplicaCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplicaCache")
            .field("bounds", &self.bounds)
            .field("counts", &self.counts())
            .finish()
    }
}

impl ReplicaCache {
    pub fn new(bounds: Bounds) -> Self {
        Self {
            bounds,
            inner: Mutex::new(Inner::default()),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            evictions: AtomicU64::new(0),
        }
    }

    pub fn counts(&self) -> Counts {
        let inner = self.lock();
        Counts {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
            entries: inner.entries.len(),
            bytes: inner.bytes,
        }
    }

    /// What is kept for `key`, if anything (a shared patch counts as a hit, the rest as a
    /// miss). Selection and the native-sidecar decision are made again for every pod (they are
    /// cheap, and in the key).
    pub(super) fn get(&self, key: &Key) -> Option<Answer> {
        let mut inner = self.lock();
        let Inner {
            entries,
            order,
            tick,
            ..
        } = &mut *inner;
        let Some(entry) = entries.get_mut(&key.0[..]) else {
            drop(inner);
            self.misses.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        *tick += 1;
        order.remove(&entry.used);
        order.insert(*tick, Arc::clone(&entry.key));
        entry.used = *tick;
        let answer = entry.answer.clone();
        drop(inner);
        let counter = match answer {
            Answer::Shared(_) => &self.hits,
            Answer::Unshared => &self.misses,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        Some(answer)
    }

    /// Keep `answer` for `key`, dropping the least recently used answers until both bounds
    /// hold; an answer bigger than the whole byte bound is not kept.
    pub(super) fn put(&self, key: Key, answer: Answer) {
        let kept = match &answer {
            Answer::Shared(shared) => shared.bytes(),
            Answer::Unshared => 0,
        };
        let bytes = key.0.len() + kept + ENTRY_OVERHEAD;
        if bytes > self.bounds.bytes || self.bounds.entries == 0 {
            return;
        }
        let key: Arc<[u8]> = key.0.into();
        let mut inner = self.lock();
        inner.tick += 1;
        let used = inner.tick;
        let entry = Entry {
            key: Arc::clone(&key),
            answer,
            used,
            bytes,
        };
        // Two replicas worked out at once: the later answer (the same) replaces the first.
        if let Some(old) = inner.entries.insert(Arc::clone(&key), entry) {
            inner.order.remove(&old.used);
            inner.bytes -= old.bytes;
        }
        inner.order.insert(used, key);
        inner.bytes += bytes;
        let mut evicted = 0;
        while inner.entries.len() > self.bounds.entries || inner.bytes > self.bounds.bytes {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some(old) = inner.entries.remove(&oldest) {
                inner.bytes -= old.bytes;
                evicted += 1;
            }
        }
        drop(inner);
        self.evictions.fetch_add(evicted, Ordering::Relaxed);
    }

    /// A poisoned lock still holds a consistent cache: every change is made before anything
    /// that could panic.
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Everything an injected answer depends on, written out as bytes (see the module comment).
#[derive(Debug, PartialEq, Eq)]
pub struct Key(Vec<u8>);

impl Key {
    /// The key of `admission` with its pod taken out as `pod`, normalized, whose token volume
    /// is `token` (`TokenVolume::of`). Every input of the injection is named here, in the key or
    /// set aside with the reason: a field added to `Settings` or `Admission` does not compile
    /// until it is one or the other, so no input can be forgotten and hand one pod's patch to
    /// another.
    pub(super) fn new(
        snapshot: &Snapshot,
        settings: &Settings,
        admission: &Admission,
        pod: &NormalizedPod,
        native: &Native,
        token: Option<&TokenVolume>,
    ) -> Self {
        let Settings {
            revision,
            native_sidecars,
            compliance_policy,
            openshift,
            // A render that reads the clock marks itself volatile and is never shared.
            clock: _,
        } = settings;
        let Admission {
            // Taken out, and given normalized as `pod`.
            pod: _,
            namespace,
            proxy_envs,
            openshift_namespace,
            // They enter through `native`, the decision they make.
            nodes: _,
            owner,
            proxy_configs,
            caller,
            reinjection,
            // The cache itself.
            replicas: _,
        } = admission;
        let mut out = Vec::with_capacity(512);
        out.extend(snapshot.generation.get().to_le_bytes());
        match proxy_configs.map(|p| p.generation().get()) {
            Some(generation) => {
                out.push(1);
                out.extend(generation.to_le_bytes());
            }
            None => out.push(0),
        }
        out.push(*caller as u8);
        out.push(*reinjection as u8);
        text(&mut out, revision);
        debug(&mut out, native_sidecars);
        text(&mut out, compliance_policy);
        out.push(*openshift as u8);
        text(&mut out, namespace);
        json(&mut out, proxy_envs);
        out.push(native.on as u8);
        text(&mut out, &native.reason);
        match owner {
            Some(owner) => {
                out.push(1);
                debug(&mut out, owner);
            }
            None => out.push(0),
        }
        match openshift_namespace {
            Some(namespace) => json(&mut out, namespace),
            None => out.push(0),
        }
        // The pod, the most of the key: written as the patch base is.
        out.push(b'j');
        let at = out.len();
        compact::write(&mut out, pod);
        if let Some(token) = token {
            token.mask(&mut out[at..]);
        }
        Self(out)
    }
}

/// A length-prefixed text, so that no two sequences of fields write the same bytes.
fn text(out: &mut Vec<u8>, s: &str) {
    out.extend((s.len() as u64).to_le_bytes());
    out.extend(s.as_bytes());
}

/// A value's `Debug` text, length-prefixed as `text`, written in place (no string between).
fn debug(out: &mut Vec<u8>, value: &impl std::fmt::Debug) {
    use std::io::Write;
    let at = out.len();
    out.extend(0u64.to_le_bytes());
    // Writing into a Vec cannot fail.
    write!(out, "{value:?}").expect("text into memory");
    let len = (out.len() - at - 8) as u64;
    out[at..at + 8].copy_from_slice(&len.to_le_bytes());
}

/// A JSON value (self-delimiting).
fn json(out: &mut Vec<u8>, value: &impl serde::Serialize) {
    out.push(b'j');
    // Writing JSON into a Vec cannot fail.
    serde_json::to_writer(&mut *out, value).expect("JSON into memory");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(patch: &str) -> Answer {
        Answer::Shared(Shared {
            patch: Arc::new(Patch::new(patch.to_string())),
            token: None,
        })
    }

    fn text(answer: Option<Answer>) -> Option<String> {
        match answer? {
            Answer::Shared(shared) => Some(shared.patch.to_string()),
            Answer::Unshared => None,
        }
    }

    fn key(n: u8) -> Key {
        Key(vec![n; 40])
    }

    #[test]
    fn the_least_recently_used_answer_goes_first() {
        let cache = ReplicaCache::new(Bounds {
            entries: 2,
            bytes: 1 << 20,
        });
        cache.put(key(1), answer("[1]"));
        cache.put(key(2), answer("[2]"));
        assert_eq!(text(cache.get(&key(1))).as_deref(), Some("[1]"));
        cache.put(key(3), answer("[3]"));
        assert!(cache.get(&key(2)).is_none(), "2 was used least recently");
        assert!(cache.get(&key(1)).is_some() && cache.get(&key(3)).is_some());
        let counts = cache.counts();
        assert_eq!(
            (counts.hits, counts.misses, counts.evictions, counts.entries),
            (3, 1, 1, 2)
        );
    }

    #[test]
    fn bytes_are_bounded_and_an_answer_too_big_is_not_kept() {
        let each = 40 + 3 + 4 + ENTRY_OVERHEAD;
        let cache = ReplicaCache::new(Bounds {
            entries: 100,
            bytes: 2 * each,
        });
        for n in 0..5 {
            cache.put(key(n), answer("[0]"));
        }
        let counts = cache.counts();
        assert_eq!(
            (counts.entries, counts.bytes, counts.evictions),
            (2, 2 * each, 3)
        );
        cache.put(key(9), answer(&"x".repeat(2 * each)));
        assert!(cache.get(&key(9)).is_none());
        assert_eq!(cache.counts().entries, 2);
    }

    #[test]
    fn an_unshared_key_is_kept_and_counted_a_miss() {
        let cache = ReplicaCache::new(Bounds::default());
        cache.put(key(1), Answer::Unshared);
        assert!(matches!(cache.get(&key(1)), Some(Answer::Unshared)));
        let counts = cache.counts();
        assert_eq!((counts.hits, counts.misses, counts.entries), (0, 1, 1));
    }

    #[test]
    fn a_replica_gets_the_patch_with_its_own_token_volume() {
        let token = TokenVolume::of(&serde_json::json!({"spec": {"volumes": [
            {"name": "kube-api-access-bz9q2"}]}}))
        .unwrap();
        let other = token.other();
        let patch = Arc::new(Patch::new(
            r#"[{"value":{"name":"kube-api-access-bz9q2"}}]"#.into(),
        ));
        let shared = Shared {
            patch: Arc::clone(&patch),
            token: Some(token.clone()),
        };
        let same = shared.patch_for(Some(&token));
        assert!(
            Arc::ptr_eq(&same, &patch),
            "the same name: the same patch, not a copy"
        );
        let swapped = shared.patch_for(Some(&other));
        assert_eq!(
            &**swapped,
            r#"[{"value":{"name":"kube-api-access-c2br4"}}]"#
        );
    }

    #[test]
    fn the_same_key_twice_is_one_entry() {
        let cache = ReplicaCache::new(Bounds::default());
        cache.put(key(1), answer("[1]"));
        cache.put(key(1), answer("[1]"));
        let counts = cache.counts();
        assert_eq!(
            (counts.entries, counts.bytes),
            (1, 40 + 3 + 4 + ENTRY_OVERHEAD)
        );
    }
}
