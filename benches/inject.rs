//! The injection core on one pod: selection + render + merge + probes + post-processing +
//! JSON patch, through the admission function the webhook runs. `cargo bench --bench inject`; numbers go in BENCHMARKS.md.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use needle::core::config::proxy_config::resources::{ProxyConfigResource, ProxyConfigs};
use needle::core::inject::admit::{Admission, Decision, Settings, admit};
use needle::core::inject::patch::Patch;
use needle::core::inject::replicas::{Bounds, ReplicaCache};
use needle::core::inject::snapshot;
use needle::server::review;
use needle::server::state::{AppState, LimitSettings};
use serde_json::{Value, json};
use std::alloc::{GlobalAlloc, Layout};
use std::borrow::Cow;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::Arc;

/// The binary's allocator (mimalloc), counting this thread's allocations so the bench can
/// report allocations per pod. A thread-local counter costs no atomic operation.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

fn count(bytes: usize) {
    // try_with: the counter may be gone while the thread exits; such allocations don't matter.
    let _ = ALLOCATIONS.try_with(|c| {
        let (n, total) = c.get();
        c.set((n + 1, total + bytes as u64));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations (with reallocations) and bytes requested by one injection of `pod`, after a
/// first run has done any one-time initialisation.
fn allocations(snapshot: &needle::core::inject::Snapshot, pod: &Value) -> (u64, u64) {
    drop(black_box(run_once(snapshot, pod)));
    let before = ALLOCATIONS.with(Cell::get);
    drop(black_box(run_once(snapshot, pod)));
    let after = ALLOCATIONS.with(Cell::get);
    (after.0 - before.0, after.1 - before.1)
}

/// Istio's `hello` example pod.
fn hello_pod() -> Value {
    json!({
        "metadata": {"name": "hello", "namespace": "default", "labels": {"app": "hello", "tier": "backend", "track": "stable"}},
        "spec": {"containers": [{"name": "hello", "image": "fake.docker.io/google-samples/hello-go-gke:1.0",
            "ports": [{"name": "http", "containerPort": 80}]}]}
    })
}

fn pod_with_env(vars: usize) -> Value {
    let mut pod = hello_pod();
    pod["spec"]["containers"][0]["env"] = (0..vars)
        .map(|i| json!({"name": format!("VAR_{i}"), "value": format!("value-{i}")}))
        .collect();
    pod
}

fn pod_with_containers(n: usize) -> Value {
    let mut pod = hello_pod();
    pod["spec"]["containers"] = (0..n)
        .map(|i| {
            json!({"name": format!("app-{i}"), "image": "example.com/app:1",
                "ports": [{"name": "http", "containerPort": 8000 + i}],
                "readinessProbe": {"httpGet": {"path": "/ready", "port": "http"}}})
        })
        .collect();
    pod
}

fn run_once(snapshot: &needle::core::inject::Snapshot, pod: &Value) -> Arc<Patch> {
    run_with(snapshot, None, None, Cow::Borrowed(pod))
}

fn run_with(
    snapshot: &needle::core::inject::Snapshot,
    proxy_configs: Option<&ProxyConfigs>,
    replicas: Option<&ReplicaCache>,
    pod: Cow<Value>,
) -> Arc<Patch> {
    let settings = Settings {
        native_sidecars: needle::core::inject::native::NativeMode::On,
        ..Settings::default()
    };
    let envs = BTreeMap::new();
    match admit(
        snapshot,
        &settings,
        Admission {
            proxy_configs,
            replicas,
            ..Admission::webhook(pod, "default", &envs)
        },
    ) {
        Decision::Injected(injected, _) => injected.patch(),
        other => panic!("not injected: {}", other.reason()),
    }
}

fn bench(c: &mut Criterion) {
    let snapshot = snapshot::embedded();
    let mut inputs = vec![("hello".to_string(), hello_pod())];
    inputs.extend([10, 100, 1_000, 2_000].map(|n| (format!("env_vars/{n}"), pod_with_env(n))));
    inputs.extend([1, 10, 50].map(|n| (format!("containers/{n}"), pod_with_containers(n))));
    for (name, pod) in inputs {
        let (n, bytes) = allocations(&snapshot, &pod);
        println!("inject/{name}: {n} allocations, {bytes} bytes per pod");
    }
    let hello = hello_pod();
    c.bench_function("inject/hello", |b| {
        b.iter(|| run_once(&snapshot, black_box(&hello)))
    });
    // What `--watch-cluster` adds: istiod's ProxyConfig precedence, two resources applying.
    let proxy_configs = hello_proxy_configs();
    c.bench_function("inject/hello_proxy_configs", |b| {
        b.iter(|| {
            run_with(
                &snapshot,
                Some(&proxy_configs),
                None,
                Cow::Borrowed(black_box(&hello)),
            )
        })
    });
    // A replica of a pod already answered: the replica cache's hit (the pod copied and
    // normalized, its key written and looked up, the patch shared).
    let replicas = ReplicaCache::new(Bounds::default());
    run_with(&snapshot, None, Some(&replicas), Cow::Borrowed(&hello));
    c.bench_function("inject/hello_replica", |b| {
        b.iter(|| {
            run_with(
                &snapshot,
                None,
                Some(&replicas),
                Cow::Borrowed(black_box(&hello)),
            )
        })
    });
    assert_eq!(
        replicas.counts().misses,
        1,
        "every replica after the first is a hit"
    );
    // Istio's `BenchmarkInjectServe`: its `makeTestData` review, decoded, answered and its
    // response written, as `serveInject` does without the HTTP connection.
    for (name, entries) in [
        ("serve/istio_test_pod", 0),
        ("serve/istio_test_pod_replica", 1024),
    ] {
        let state = AppState::new(
            snapshot::embedded(),
            Settings::default(),
            LimitSettings::default().with_replica_cache_entries(entries),
        );
        let body = istio_test_review();
        c.bench_function(name, |b| b.iter(|| serve(&state, black_box(&body))));
    }
    let mut env = c.benchmark_group("inject/env_vars");
    for n in [10, 100, 1_000, 2_000] {
        let pod = pod_with_env(n);
        env.throughput(Throughput::Elements(n as u64));
        env.bench_with_input(BenchmarkId::from_parameter(n), &pod, |b, pod| {
            b.iter(|| run_once(&snapshot, black_box(pod)))
        });
    }
    env.finish();
    // As Istio's `BenchmarkInjection` takes its pod: decoded from JSON each time (the bench
    // above lends a decoded pod, which the admission copies; the server decodes its own).
    let mut decoded = c.benchmark_group("inject/env_vars_json");
    for n in [1_000, 2_000] {
        let json = serde_json::to_vec(&pod_with_env(n)).expect("a pod writes as JSON");
        decoded.throughput(Throughput::Elements(n as u64));
        decoded.bench_with_input(BenchmarkId::from_parameter(n), &json, |b, json| {
            b.iter(|| {
                let pod = serde_json::from_slice(black_box(json)).expect("the pod's JSON reads");
                run_with(&snapshot, None, None, Cow::Owned(pod))
            })
        });
    }
    decoded.finish();
    // What of that is the decoding alone (and dropping the tree): the floor of any injection
    // that takes the pod as `serde_json::Value`, as DESIGN.md's core does.
    let json = serde_json::to_vec(&pod_with_env(2_000)).expect("a pod writes as JSON");
    c.bench_function("pod_json/decode/2000", |b| {
        b.iter(|| serde_json::from_slice::<Value>(black_box(&json)).expect("the pod's JSON reads"))
    });
    let mut containers = c.benchmark_group("inject/containers");
    for n in [1, 10, 50] {
        let pod = pod_with_containers(n);
        containers.throughput(Throughput::Elements(n as u64));
        containers.bench_with_input(BenchmarkId::from_parameter(n), &pod, |b, pod| {
            b.iter(|| run_once(&snapshot, black_box(pod)))
        });
    }
    containers.finish();
}

/// The review of Istio's `makeTestData` (its serve benchmarks), as a Pod CREATE.
fn istio_test_review() -> Vec<u8> {
    let pod = json!({"metadata": {"name": "test", "annotations": {}},
        "spec": {"volumes": [{"name": "v0"}], "initContainers": [{"name": "c0"}],
            "containers": [{"name": "c1"}], "imagePullSecrets": [{"name": "p0"}]}});
    let review = json!({"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview",
        "request": {"uid": "u", "kind": {"group": "", "version": "v1", "kind": "Pod"},
            "operation": "CREATE", "object": pod}});
    serde_json::to_vec(&review).unwrap()
}

/// Decode, decide and answer one review, as the server's handler does between the HTTP edges.
fn serve(state: &AppState, body: &[u8]) -> Vec<u8> {
    let request = review::decode(body).expect("a review");
    let (api_version, uid) = (request.api_version.clone(), request.uid.clone());
    let outcome =
        needle::server::inject::handle(state, state.revisions.primary(), "/inject", request);
    assert_eq!(outcome.decision, "injected", "{}", outcome.reason);
    review::respond(&api_version, &uid, &outcome.answer, &outcome.warnings)
}

/// A root-namespace and a namespace ProxyConfig for the hello pod's namespace.
fn hello_proxy_configs() -> ProxyConfigs {
    let resource = |namespace: &str, spec: Value| {
        let object = json!({"apiVersion": "networking.istio.io/v1beta1", "kind": "ProxyConfig",
            "metadata": {"name": "pc", "namespace": namespace}, "spec": spec});
        ProxyConfigResource::from_object(&object).unwrap()
    };
    ProxyConfigs::new(vec![
        resource("istio-system", json!({"concurrency": 2})),
        resource("default", json!({"environmentVariables": {"A": "1"}})),
    ])
}

criterion_group!(benches, bench);
criterion_main!(benches);
