//! Replicas of one pod through `/inject`: the second gets the first one's patch from the
//! replica cache, under its own uid; with the cache off (`entries: 0`) each is worked out.

use super::*;

fn state_with_cache(entries: usize) -> Arc<AppState> {
    Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings::default().with_replica_cache_entries(entries),
    ))
}

/// A replica: no name, the ReplicaSet's `generateName`.
fn replica() -> Value {
    let mut pod = pod();
    let meta = pod["metadata"].as_object_mut().unwrap();
    meta.remove("name");
    meta.insert("generateName".into(), "hello-6d4f8b7c9-".into());
    pod
}

#[tokio::test]
async fn replicas_get_the_first_ones_patch_under_their_own_uid() {
    for (entries, hits, misses) in [(1024, 2, 1), (0, 0, 0)] {
        let state = state_with_cache(entries);
        let mut patches = Vec::new();
        for uid in ["r-1", "r-2", "r-3"] {
            let body = review("v1", uid, "CREATE", "Pod", replica());
            let out = post_review(&state, "/inject", &body).await;
            assert_eq!(out["response"]["uid"], uid);
            patches.push(out["response"]["patch"].clone());
        }
        assert!(patches[0].is_string());
        assert!(
            patches.iter().all(|p| *p == patches[0]),
            "entries {entries}"
        );
        let metrics = state.metrics.encode();
        for line in [
            format!("needle_inject_cache_hits_total {hits}"),
            format!("needle_inject_cache_misses_total {misses}"),
            "needle_inject_cache_evictions_total 0".to_string(),
            format!("needle_inject_cache_entries {}", misses),
        ] {
            assert!(metrics.contains(&line), "{line} missing from {metrics}");
        }
        // Every replica is counted as injected, from the cache or not.
        assert!(
            metrics.contains("sidecar_injection_success_total 3"),
            "{metrics}"
        );
    }
}
