//! A plain loop over the admission function on the `hello` pod, for profilers:
//! `cargo build --release --example profile_inject && perf record -g ./target/release/examples/profile_inject 20000`.
//! Criterion's own statistics would mix into such a profile; the timing that counts is
//! `cargo bench --bench inject`. Prints the best per-pod time of ten batches. With a second
//! argument `replicas`, through a replica cache: the first pod is worked out, every other one
//! is a replica answered from the cache. `NEEDLE_PROFILE_ENV_VARS=N` gives the app container N
//! environment variables (the pod of Istio's `BenchmarkInjection` has 2,000).

use needle::core::inject::admit::{Admission, Decision, Settings, admit};
use needle::core::inject::replicas::{Bounds, ReplicaCache};
use needle::core::inject::snapshot;
use serde_json::json;
use std::borrow::Cow;
use std::collections::BTreeMap;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let snapshot = snapshot::embedded();
    let mut pod = json!({
        "metadata": {"name": "hello", "namespace": "default", "labels": {"app": "hello", "tier": "backend", "track": "stable"}},
        "spec": {"containers": [{"name": "hello", "image": "fake.docker.io/google-samples/hello-go-gke:1.0",
            "ports": [{"name": "http", "containerPort": 80}]}]}
    });
    if let Ok(n) = std::env::var("NEEDLE_PROFILE_ENV_VARS") {
        let n: usize = n.parse().expect("NEEDLE_PROFILE_ENV_VARS: a number");
        pod["spec"]["containers"][0]["env"] = (0..n)
            .map(|i| json!({"name": format!("VAR_{i}"), "value": format!("value-{i}")}))
            .collect();
    }
    let pods: u32 = match std::env::args().nth(1).map(|s| s.parse()) {
        None => 50_000,
        Some(Ok(n)) if n >= 10 => n,
        Some(_) => {
            eprintln!("usage: profile_inject [PODS [replicas]]   (PODS: a number, at least 10)");
            std::process::exit(2);
        }
    };
    let settings = Settings {
        native_sidecars: needle::core::inject::native::NativeMode::On,
        ..Settings::default()
    };
    let envs = BTreeMap::new();
    let replicas = ReplicaCache::new(Bounds::default());
    let cached = std::env::args().nth(2).is_some_and(|a| a == "replicas");
    let admission = Admission {
        replicas: cached.then_some(&replicas),
        ..Admission::webhook(Cow::Borrowed(&pod), "default", &envs)
    };
    let mut best = std::time::Duration::MAX;
    for _ in 0..10 {
        let start = std::time::Instant::now();
        for _ in 0..pods / 10 {
            match admit(&snapshot, &settings, admission.clone()) {
                Decision::Injected(injected, _) => std::hint::black_box(injected.patch()),
                other => panic!("the hello pod is not injected: {}", other.reason()),
            };
        }
        best = best.min(start.elapsed() / (pods / 10));
    }
    println!("{best:?} per pod (best of 10 batches of {})", pods / 10);
}
