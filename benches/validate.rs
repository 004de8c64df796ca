//! Validation of typical resources (`cargo bench --bench validate`); numbers in BENCHMARKS.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use needle::core::release::Release;
use needle::core::validate::validate_object;
use serde_json::{Value, json};
use std::hint::black_box;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn virtual_service() -> Value {
    json!({"apiVersion": "networking.istio.io/v1", "kind": "VirtualService", "metadata": {"name": "reviews", "namespace": "bookinfo"},
    "spec": {"hosts": ["reviews.bookinfo.svc.cluster.local"], "gateways": ["mesh"],
        "http": [
            {"match": [{"headers": {"end-user": {"exact": "jason"}}, "uri": {"prefix": "/api/v1"}}],
             "route": [{"destination": {"host": "reviews", "subset": "v2"}}], "timeout": "2s",
             "retries": {"attempts": 3, "perTryTimeout": "500ms", "retryOn": "5xx,connect-failure"}},
            {"route": [{"destination": {"host": "reviews", "subset": "v1"}, "weight": 90}, {"destination": {"host": "reviews", "subset": "v3"}, "weight": 10}]}
        ]}})
}

fn destination_rule() -> Value {
    json!({"apiVersion": "networking.istio.io/v1", "kind": "DestinationRule", "metadata": {"name": "reviews", "namespace": "bookinfo"},
        "spec": {"host": "reviews.bookinfo.svc.cluster.local",
            "trafficPolicy": {"connectionPool": {"tcp": {"maxConnections": 100, "connectTimeout": "30ms"}, "http": {"http1MaxPendingRequests": 64, "maxRequestsPerConnection": 10}},
                "loadBalancer": {"simple": "LEAST_REQUEST"}, "outlierDetection": {"consecutive5xxErrors": 7, "interval": "5m", "baseEjectionTime": "15m"},
                "tls": {"mode": "ISTIO_MUTUAL"}},
            "subsets": [{"name": "v1", "labels": {"version": "v1"}}, {"name": "v2", "labels": {"version": "v2"}, "trafficPolicy": {"loadBalancer": {"simple": "ROUND_ROBIN"}}}]}})
}

fn authorization_policy() -> Value {
    json!({"apiVersion": "security.istio.io/v1", "kind": "AuthorizationPolicy", "metadata": {"name": "httpbin", "namespace": "foo"},
        "spec": {"selector": {"matchLabels": {"app": "httpbin", "version": "v1"}}, "action": "ALLOW",
            "rules": [{"from": [{"source": {"principals": ["cluster.local/ns/default/sa/sleep"]}}, {"source": {"namespaces": ["test"]}}],
                "to": [{"operation": {"methods": ["GET"], "paths": ["/info*"]}}, {"operation": {"methods": ["POST"], "paths": ["/data"]}}],
                "when": [{"key": "request.auth.claims[iss]", "values": ["https://accounts.google.com"]}]}]}})
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Elements(1));
    for (name, object) in [
        ("virtual_service", virtual_service()),
        ("destination_rule", destination_rule()),
        ("authorization_policy", authorization_policy()),
    ] {
        assert!(
            validate_object(&object, Release::NEWEST).is_valid(),
            "{name} is a valid example"
        );
        group.bench_function(name, |b| {
            b.iter(|| validate_object(black_box(&object), Release::NEWEST))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
