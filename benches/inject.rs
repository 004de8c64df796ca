//! The injection core on one pod: render + merge + probes + post-processing + JSON patch,
//! as the webhook runs it. `cargo bench --bench inject`; numbers go in BENCHMARKS.md.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use needle::core::inject::{Caller, Request, inject};
use needle::core::{patch, snapshot};
use serde_json::{Value, json};
use std::hint::black_box;

// Same allocator as the binary.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

fn run_once(snapshot: &needle::core::inject::Snapshot, pod: &Value) -> String {
    let mut req = Request::new(pod, Caller::Webhook);
    req.native_sidecars = true;
    let injected = inject(snapshot, &req).expect("injects");
    patch::create(&injected.original, &injected.pod)
}

fn bench(c: &mut Criterion) {
    let snapshot = snapshot::embedded();
    let hello = hello_pod();
    c.bench_function("inject/hello", |b| {
        b.iter(|| run_once(&snapshot, black_box(&hello)))
    });
    let mut env = c.benchmark_group("inject/env_vars");
    for n in [10, 100, 1_000, 2_000] {
        let pod = pod_with_env(n);
        env.throughput(Throughput::Elements(n as u64));
        env.bench_with_input(BenchmarkId::from_parameter(n), &pod, |b, pod| {
            b.iter(|| run_once(&snapshot, black_box(pod)))
        });
    }
    env.finish();
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

criterion_group!(benches, bench);
criterion_main!(benches);
