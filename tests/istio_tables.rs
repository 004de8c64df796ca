//! Istio's injector unit tests (pkg/kube/inject/*_test.go) as tables run against needle.
//!
//! Each table carries the inputs and expected outputs of one Istio test function; the checks
//! are written against needle's public API. A case that fails because needle differs from
//! Istio is listed in `tests/known_failures.txt` (suite `istio-tables`).

mod common;

use common::tally::Tally;

use needle::core::config::mesh::{merge_proxy_config, proxy_config_defaults, proxy_config_json};
use needle::core::inject::annotations::validate;
use needle::core::inject::context::{self, ContextInput, Owner};
use needle::core::inject::funcs::{append_multus_network, omit_nil};
use needle::core::inject::images::image_url;
use needle::core::inject::merge::{Schema, strategic_merge};
use needle::core::inject::pod;
use needle::core::inject::probes::{
    dump_app_probers, merge_or_append, rewrite_probes, should_rewrite,
};
use needle::core::inject::prometheus::{apply_merge, apply_secure_port};
use needle::core::inject::select::{Policy, SelectionConfig, inject_required};
use needle::core::release::Release;
use needle::server::path_params::parse_inject_envs;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::fmt::Debug;

fn expect_eq<T: PartialEq + Debug>(got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}"))
    }
}

/// Labels or annotations as (key, value) pairs.
type Pairs = &'static [(&'static str, &'static str)];

fn parse_json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("invalid JSON {s:?}: {e}"))
}

fn string_map(pairs: &[(&str, &str)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Value::from(*v)))
            .collect(),
    )
}

// ---------------------------------------------------------------------------------------------
// webhook_test.go: TestInjectRequired
// ---------------------------------------------------------------------------------------------

const INJECT: &str = "sidecar.istio.io/inject";

/// `metav1.LabelSelector{MatchLabels: {k: v}}`.
fn match_labels(k: &str, v: &str) -> Value {
    json!({ "matchLabels": { k: v } })
}

/// `metav1.ParseToLabelSelector("<key>")`: a bare key means the label exists.
fn exists(key: &str) -> Value {
    json!({ "matchExpressions": [{ "key": key, "operator": "Exists" }] })
}

#[derive(Default)]
struct InjectCase {
    name: &'static str,
    policy: &'static str,
    host_network: bool,
    always: Vec<Value>,
    never: Vec<Value>,
    labels: &'static [(&'static str, &'static str)],
    annotations: &'static [(&'static str, &'static str)],
    want: bool,
}

#[test]
fn test_inject_required() {
    let cases = [
        InjectCase {
            name: "enabled/no-policy",
            policy: "enabled",
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "enabled/default-policy",
            policy: "enabled",
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "enabled/force-on-policy",
            policy: "enabled",
            annotations: &[(INJECT, "true")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "enabled/force-off-policy",
            policy: "enabled",
            annotations: &[(INJECT, "false")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "disabled/no-policy",
            policy: "disabled",
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "disabled/default-policy",
            policy: "disabled",
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "disabled/force-on-policy",
            policy: "disabled",
            annotations: &[(INJECT, "true")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "disabled/force-off-policy",
            policy: "disabled",
            annotations: &[(INJECT, "false")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "invalid-inject-value-yes",
            policy: "enabled",
            annotations: &[(INJECT, "yes")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "invalid-inject-value-on",
            policy: "disabled",
            annotations: &[(INJECT, "on")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "invalid-inject-value-random",
            policy: "enabled",
            labels: &[(INJECT, "random")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "enabled/force-off-policy (hostNetwork)",
            policy: "enabled",
            host_network: true,
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "wrong-policy",
            policy: "wrong_policy",
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-always-inject-no-labels",
            policy: "enabled",
            always: vec![match_labels("foo", "bar")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-always-inject-with-labels",
            policy: "enabled",
            always: vec![match_labels("foo", "bar")],
            labels: &[("foo", "bar1")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-always-inject-no-labels",
            policy: "disabled",
            always: vec![match_labels("foo", "bar")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-always-inject-with-labels",
            policy: "disabled",
            always: vec![match_labels("foo", "bar")],
            labels: &[("foo", "bar")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-never-inject-no-labels",
            policy: "enabled",
            never: vec![match_labels("foo", "bar")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-never-inject-with-labels",
            policy: "enabled",
            never: vec![match_labels("foo", "bar")],
            labels: &[("foo", "bar")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-never-inject-no-labels",
            policy: "disabled",
            never: vec![match_labels("foo", "bar")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-never-inject-with-labels",
            policy: "disabled",
            never: vec![match_labels("foo", "bar")],
            labels: &[("foo", "bar")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-never-inject-with-empty-label",
            policy: "enabled",
            never: vec![exists("foo")],
            labels: &[("foo", ""), ("foo2", "bar2")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-always-inject-with-empty-label",
            policy: "disabled",
            always: vec![exists("foo")],
            labels: &[("foo", ""), ("foo2", "bar2")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-always-never-inject-with-label-returns-true",
            policy: "disabled",
            always: vec![exists("always")],
            never: vec![exists("never")],
            labels: &[("always", "bar"), ("foo2", "bar2")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-always-never-inject-with-label-returns-false",
            policy: "disabled",
            always: vec![exists("always")],
            never: vec![exists("never")],
            labels: &[("never", "bar"), ("foo2", "bar2")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-always-never-inject-with-both-labels",
            policy: "disabled",
            always: vec![exists("always")],
            never: vec![exists("never")],
            labels: &[("always", "bar"), ("never", "bar2")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-annotation-true-never-inject",
            policy: "enabled",
            never: vec![exists("foo")],
            annotations: &[(INJECT, "true")],
            labels: &[("foo", ""), ("foo2", "bar2")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-annotation-false-always-inject",
            policy: "enabled",
            always: vec![exists("foo")],
            annotations: &[(INJECT, "false")],
            labels: &[("foo", ""), ("foo2", "bar2")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-annotation-false-always-inject",
            policy: "disabled",
            always: vec![exists("foo")],
            annotations: &[(INJECT, "false")],
            labels: &[("foo", ""), ("foo2", "bar2")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-never-inject-multiple-labels",
            policy: "enabled",
            never: vec![exists("foo"), exists("bar")],
            labels: &[("label1", ""), ("bar", "anything")],
            want: false,
            ..Default::default()
        },
        InjectCase {
            name: "policy-enabled-always-inject-multiple-labels",
            policy: "disabled",
            always: vec![exists("foo"), exists("bar")],
            labels: &[("label1", ""), ("bar", "anything")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-annotation-true-never-inject",
            policy: "disabled",
            never: vec![exists("foo")],
            annotations: &[(INJECT, "true")],
            labels: &[("foo", ""), ("foo2", "bar2")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-label-enabled",
            policy: "disabled",
            labels: &[(INJECT, "true")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-both-enabled",
            policy: "disabled",
            annotations: &[(INJECT, "true")],
            labels: &[(INJECT, "true")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-label-enabled-annotation-disabled",
            policy: "disabled",
            annotations: &[(INJECT, "false")],
            labels: &[(INJECT, "true")],
            want: true,
            ..Default::default()
        },
        InjectCase {
            name: "policy-disabled-label-disabled-annotation-enabled",
            policy: "disabled",
            annotations: &[(INJECT, "true")],
            labels: &[(INJECT, "false")],
            want: false,
            ..Default::default()
        },
    ];
    let mut table = Tally::table("istio-tables", "TestInjectRequired");
    for c in cases {
        // Istio injects nothing under a policy it does not know; needle refuses such a config
        // when it loads (so nothing is injected either): the case holds if it wants no pod.
        let Some(policy) = Policy::parse(c.policy) else {
            let outcome = expect_eq(false, c.want).map_err(|e| format!("{e} (policy refused)"));
            table.record(c.name, outcome);
            continue;
        };
        let config = SelectionConfig {
            policy,
            never_inject_selector: c.never,
            always_inject_selector: c.always,
        };
        let meta = json!({
            "name": c.name,
            "namespace": "test-namespace",
            "labels": string_map(c.labels),
            "annotations": string_map(c.annotations),
        });
        let spec = if c.host_network {
            json!({ "hostNetwork": true })
        } else {
            json!({})
        };
        let got = inject_required(&config, "test-namespace", &meta, &spec);
        let outcome = expect_eq(got.inject, c.want).map_err(|e| format!("{e} ({got:?})"));
        table.record(c.name, outcome);
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// webhook_test.go: TestParseInjectEnvs
// ---------------------------------------------------------------------------------------------

#[test]
fn test_parse_inject_envs() {
    const CLUSTER: &str = "ISTIO_META_CLUSTER_ID";
    const NETWORK: &str = "ISTIO_META_NETWORK";
    // The last two paths are what Go's URL parser decodes Istio's percent-encoded inputs
    // ("%2Finject%2Frootpage1%2F...") to.
    let cases: [(&str, &str, Pairs); 14] = [
        ("empty", "/", &[]),
        ("no-kv", "/inject", &[]),
        ("no-kv-with-tail", "/inject/", &[]),
        (
            "one-kv",
            "/inject/cluster/cluster1",
            &[(CLUSTER, "cluster1")],
        ),
        (
            "two-kv",
            "/inject/cluster/cluster1/net/network1/",
            &[(CLUSTER, "cluster1"), (NETWORK, "network1")],
        ),
        (
            "kv-with-slashes",
            "/inject/cluster/cluster--slash--1/net/network--slash--1",
            &[(CLUSTER, "cluster/1"), (NETWORK, "network/1")],
        ),
        (
            "not-predefined-kv",
            "/inject/cluster/cluster1/custom_env/foo",
            &[(CLUSTER, "cluster1"), ("CUSTOM_ENV", "foo")],
        ),
        ("one-key-without-value", "/inject/cluster", &[]),
        (
            "key-without-value",
            "/inject/cluster/cluster1/network",
            &[(CLUSTER, "cluster1")],
        ),
        (
            "key-with-values-contain-slashes",
            "/inject/:ENV:cluster=cluster2:ENV:rootpage=/foo/bar",
            &[(CLUSTER, "cluster2"), ("ROOTPAGE", "/foo/bar")],
        ),
        (
            "no-predefined-kv-with-values-contain-ENV-separator",
            "/inject/rootpage1/value1/rootpage2/:ENV:abcd=efgh",
            &[("ROOTPAGE1", "value1"), ("ROOTPAGE2", ":ENV:abcd=efgh")],
        ),
        (
            "no-predefined-kv-with-values-contain-ENV-separator-invalid-format",
            "/inject/:ENV:rootpage1=efgh:ENV:=abb:ENV:=",
            &[("ROOTPAGE1", "efgh")],
        ),
        (
            "no-predefined-kv-with-mixed-values",
            "/inject/rootpage1/foo/rootpage2/bar",
            &[("ROOTPAGE1", "foo"), ("ROOTPAGE2", "bar")],
        ),
        (
            "no-predefined-kv-with-slashes",
            "/inject/:ENV:rootpage1=/foo/bar:ENV:rootpage2=/bar/toe",
            &[("ROOTPAGE1", "/foo/bar"), ("ROOTPAGE2", "/bar/toe")],
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestParseInjectEnvs");
    for (name, path, want) in cases {
        let want: BTreeMap<String, String> = want
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        table.record(name, expect_eq(parse_inject_envs(path), want));
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// app_probe_test.go
// ---------------------------------------------------------------------------------------------

#[test]
fn test_find_sidecar() {
    let proxy = json!({ "name": "istio-proxy" });
    let app = json!({ "name": "app" });
    let cases = [
        (
            "only-sidecar",
            json!({ "spec": { "containers": [proxy.clone()] } }),
            Some(&proxy),
        ),
        (
            "app-and-sidecar",
            json!({ "spec": { "containers": [app.clone(), proxy.clone()] } }),
            Some(&proxy),
        ),
        (
            "no-sidecar",
            json!({ "spec": { "containers": [app.clone()] } }),
            None,
        ),
        (
            "init-sidecar",
            json!({ "spec": { "initContainers": [proxy.clone()], "containers": [app.clone()] } }),
            Some(&proxy),
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestFindSidecar");
    for (name, p, want) in &cases {
        table.record(name, expect_eq(pod::sidecar(p), *want));
    }
    table.check();
}

#[test]
fn test_should_rewrite_app_http_probers() {
    const KEY: &str = "sidecar.istio.io/rewriteAppHTTPProbers";
    // (Istio's case name, spec setting, annotations (None = nil map), expected)
    type Case = (&'static str, bool, Option<Pairs>, bool);
    let cases: [Case; 8] = [
        ("RewriteAppHTTPProbe-set-in-annotations", false, None, false),
        ("RewriteAppHTTPProbe-set-in-annotations", true, None, true),
        (
            "RewriteAppHTTPProbe-set-in-sidecar-injection-spec",
            false,
            Some(&[]),
            false,
        ),
        (
            "RewriteAppHTTPProbe-set-in-sidecar-injection-spec",
            true,
            Some(&[]),
            true,
        ),
        (
            "RewriteAppHTTPProbe-set-in-annotations",
            false,
            Some(&[(KEY, "true")]),
            true,
        ),
        (
            "RewriteAppHTTPProbe-set-in-sidecar-injection-spec-&-annotations",
            true,
            Some(&[(KEY, "true")]),
            true,
        ),
        (
            "RewriteAppHTTPProbe-set-in-annotations",
            false,
            Some(&[(KEY, "false")]),
            false,
        ),
        (
            "RewriteAppHTTPProbe-set-in-sidecar-injection-spec-&-annotations",
            true,
            Some(&[(KEY, "false")]),
            false,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestShouldRewriteAppHTTPProbers");
    for (name, spec_setting, annotations, want) in cases {
        let p = match annotations {
            Some(a) => json!({ "metadata": { "annotations": string_map(a) } }),
            None => json!({ "metadata": {} }),
        };
        // Istio reuses case names; the inputs make each one unique.
        let id = format!("{name} (spec={spec_setting}, annotations={annotations:?})");
        table.record(&id, expect_eq(should_rewrite(&p, spec_setting), want));
    }
    table.check();
}

#[test]
fn test_dump_app_grpc_probers() {
    let cases = [
        (
            "simple gRPC liveness probe",
            json!({ "spec": { "containers": [{
                "name": "foo",
                "livenessProbe": { "grpc": { "port": 1234 } },
            }] } }),
            r#"{"/app-health/foo/livez": {"grpc": {"port": 1234, "service": null}}}"#,
        ),
        (
            "gRPC readiness probe with service",
            json!({ "spec": { "containers": [{
                "name": "bar",
                "readinessProbe": { "grpc": { "port": 1234, "service": "foo" } },
            }] } }),
            r#"{"/app-health/bar/readyz": {"grpc": {"port": 1234, "service": "foo"}}}"#,
        ),
        (
            "gRPC startup probe with service and timeout including a http lifecycle handler",
            json!({ "spec": { "containers": [{
                "name": "foo",
                "startupProbe": {
                    "grpc": { "port": 1234, "service": "foo" },
                    "timeoutSeconds": 10,
                },
                "lifecycle": { "preStop": { "httpGet": {
                    "path": "/foo", "port": 1234, "host": "foo", "scheme": "HTTP",
                } } },
            }] } }),
            r#"{
                "/app-health/foo/startupz": {
                    "grpc": {"port": 1234, "service": "foo"},
                    "timeoutSeconds": 10
                },
                "/app-lifecycle/foo/prestopz": {
                    "httpGet": {"path": "/foo", "port": 1234, "host": "foo", "scheme": "HTTP"}
                }
            }"#,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestDumpAppGRPCProbers");
    for (name, p, want) in cases {
        let outcome = match dump_app_probers(&p, 15020) {
            Some(got) => expect_eq(parse_json(&got), parse_json(want)),
            None => Err(format!("got no probers, want {want}")),
        };
        table.record(name, outcome);
    }
    table.check();
}

#[test]
fn test_patch_rewrite_probe() {
    let cases = [
        (
            "pod with no probes",
            json!({ "spec": { "containers": [{ "name": "foo" }] } }),
            json!({ "spec": { "containers": [{ "name": "foo" }] } }),
        ),
        (
            "pod with a gRPC liveness probe",
            json!({ "spec": { "containers": [{
                "name": "foo",
                "livenessProbe": { "grpc": { "port": 1234 } },
            }] } }),
            json!({ "spec": { "containers": [{
                "name": "foo",
                "livenessProbe": { "httpGet": { "path": "/app-health/foo/livez", "port": 15020 } },
            }] } }),
        ),
        (
            "pod with gRPC liveness,readiness,startup probes",
            json!({ "spec": { "containers": [
                {
                    "name": "foo",
                    "livenessProbe": { "grpc": { "port": 1234, "service": "foo" } },
                    "readinessProbe": {
                        "grpc": { "port": 1235, "service": "foo" },
                        "timeoutSeconds": 10,
                    },
                },
                {
                    "name": "bar",
                    "startupProbe": {
                        "grpc": { "port": 1236 },
                        "timeoutSeconds": 20,
                        "periodSeconds": 10,
                        "initialDelaySeconds": 10,
                    },
                },
            ] } }),
            json!({ "spec": { "containers": [
                {
                    "name": "foo",
                    "livenessProbe": {
                        "httpGet": { "path": "/app-health/foo/livez", "port": 15020 },
                    },
                    "readinessProbe": {
                        "httpGet": { "path": "/app-health/foo/readyz", "port": 15020 },
                        "timeoutSeconds": 10,
                    },
                },
                {
                    "name": "bar",
                    "startupProbe": {
                        "httpGet": { "path": "/app-health/bar/startupz", "port": 15020 },
                        "timeoutSeconds": 20,
                        "periodSeconds": 10,
                        "initialDelaySeconds": 10,
                    },
                },
            ] } }),
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestPatchRewriteProbe");
    for (name, mut p, want) in cases {
        rewrite_probes(&mut p, 15020);
        table.record(
            name,
            expect_eq(common::semantic(&p), common::semantic(&want)),
        );
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// webhook_test.go: TestMergeOrAppendProbers
// ---------------------------------------------------------------------------------------------

#[test]
fn test_merge_or_append_probers() {
    const ENV: &str = "ISTIO_KUBE_APP_PROBERS";
    let bar = r#"{"/app-health/bar/livez":{"httpGet":{"path":"/","port":9000,"scheme":"HTTP"}}}"#;
    let foo = r#"{"/app-health/foo/livez":{"httpGet":{"path":"/","port":8000,"scheme":"HTTP"}}}"#;
    let both = concat!(
        r#"{"/app-health/bar/livez":{"httpGet":{"path":"/","port":9000,"scheme":"HTTP"}},"#,
        r#""/app-health/foo/livez":{"httpGet":{"path":"/","port":8000,"scheme":"HTTP"}}}"#
    );
    let env = |name: &str, value: &str| json!({ "name": name, "value": value });
    let cases = [
        (
            "Append Prober",
            false,
            json!([]),
            both,
            json!([env(ENV, both)]),
        ),
        (
            "Merge Prober",
            true,
            json!([
                env("TEST_ENV_VAR1", "value1"),
                env(ENV, foo),
                env("TEST_ENV_VAR2", "value2")
            ]),
            bar,
            json!([
                env("TEST_ENV_VAR1", "value1"),
                env(ENV, both),
                env("TEST_ENV_VAR2", "value2")
            ]),
        ),
        (
            "Merge Prober with absent of KubeAppProberEnv",
            true,
            json!([
                env("TEST_ENV_VAR1", "value1"),
                env("TEST_ENV_VAR2", "value2")
            ]),
            bar,
            json!([
                env("TEST_ENV_VAR1", "value1"),
                env("TEST_ENV_VAR2", "value2"),
                env(ENV, bar)
            ]),
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestMergeOrAppendProbers");
    for (name, previously_injected, input, probers, want) in cases {
        let mut sidecar = json!({ "name": "istio-proxy", "env": input });
        merge_or_append(&mut sidecar, previously_injected, probers);
        // Istio compares the env vars with DeepEqual, so the values are compared as text.
        table.record(name, expect_eq(&sidecar["env"], &want));
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// inject_test.go: TestStrategicMerge
// ---------------------------------------------------------------------------------------------

#[test]
fn test_strategic_merge() {
    // The template is strategic-merged over the pod; the expected pod also carries the
    // Prometheus annotations that Istio's test webhook adds afterwards (no mesh config, so
    // status port 0), which are reproduced here with `apply_merge`.
    let template = json!({
        "metadata": { "labels": { "$patch": "replace", "foo": "bar" } },
        "spec": { "containers": [{
            "name": "injected",
            "image": "fake.docker.io/google-samples/hello-go-gke:1.1",
        }] },
    });
    let input = json!({
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": { "name": "hello", "labels": { "key": "value" } },
        "spec": { "containers": [{
            "name": "hello",
            "image": "fake.docker.io/google-samples/hello-go-gke:1.0",
        }] },
    });
    let want = json!({
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "annotations": {
                "prometheus.io/path": "/stats/prometheus",
                "prometheus.io/port": "0",
                "prometheus.io/scrape": "true",
            },
            "labels": { "foo": "bar" },
            "name": "hello",
        },
        "spec": { "containers": [
            { "name": "injected", "image": "fake.docker.io/google-samples/hello-go-gke:1.1" },
            { "name": "hello", "image": "fake.docker.io/google-samples/hello-go-gke:1.0" },
        ] },
    });
    let mut table = Tally::table("istio-tables", "TestStrategicMerge");
    let outcome = strategic_merge(&input, &template, Schema::Pod)
        .map_err(|e| format!("merge failed: {e}"))
        .and_then(|mut merged| {
            apply_merge(&mut merged, &json!({}), 0, Release::NEWEST)?;
            let (got, want) = (common::semantic(&merged), common::semantic(&want));
            let mut diffs = Vec::new();
            common::differences(&got, &want, "", &mut diffs);
            expect_eq(&got, &want).map_err(|e| format!("{e}\ndifferences: {diffs:?}"))
        });
    table.record("labels $patch replace, template containers first", outcome);
    table.check();
}

// ---------------------------------------------------------------------------------------------
// inject_test.go: TestCleanProxyConfig, TestAppendMultusNetwork, TestProxyImage
// ---------------------------------------------------------------------------------------------

#[test]
fn test_clean_proxy_config() {
    let with = |overrides: Value| merge_proxy_config(proxy_config_defaults(), &overrides).unwrap();
    let cases = [
        ("default", proxy_config_defaults().clone(), "{}"),
        (
            "explicit default",
            with(json!({ "configPath": "./etc/istio/proxy", "drainDuration": "45s" })),
            "{}",
        ),
        (
            "overrides",
            with(json!({
                "configPath": "/foo/bar",
                "drainDuration": "7s",
                "proxyMetadata": { "foo": "barr" },
            })),
            r#"{"configPath":"/foo/bar","drainDuration":"7s","proxyMetadata":{"foo":"barr"}}"#,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestCleanProxyConfig");
    for (name, proxy, want) in cases {
        let got = proxy_config_json(&proxy);
        // Istio compares the text, then checks that applying it over the defaults gives the
        // original ProxyConfig back.
        let outcome = expect_eq(got.as_str(), want).and_then(|()| {
            let round_trip = merge_proxy_config(proxy_config_defaults(), &parse_json(&got))?;
            expect_eq(round_trip, proxy).map_err(|e| format!("round trip: {e}"))
        });
        table.record(name, outcome);
    }
    table.check();
}

#[test]
fn test_append_multus_network() {
    let cases = [
        ("empty", "", "istio-cni"),
        ("flat-single", "macvlan-conf-1", "macvlan-conf-1, istio-cni"),
        (
            "flat-multiple",
            "macvlan-conf-1, macvlan-conf-2",
            "macvlan-conf-1, macvlan-conf-2, istio-cni",
        ),
        (
            "json-single",
            r#"[{"name": "macvlan-conf-1"}]"#,
            r#"[{"name": "macvlan-conf-1"}, {"name": "istio-cni"}]"#,
        ),
        (
            "json-multiple",
            r#"[{"name": "macvlan-conf-1"}, {"name": "macvlan-conf-2"}]"#,
            r#"[{"name": "macvlan-conf-1"}, {"name": "macvlan-conf-2"}, {"name": "istio-cni"}]"#,
        ),
        (
            "json-multiline",
            r#"[
                   {"name": "macvlan-conf-1"},
                   {"name": "macvlan-conf-2"}
                   ]"#,
            r#"[
                   {"name": "macvlan-conf-1"},
                   {"name": "macvlan-conf-2"}
                   , {"name": "istio-cni"}]"#,
        ),
        (
            "json-multiline-additional-fields",
            r#"[
                   {"name": "macvlan-conf-1", "another-field": "another-value"},
                   {"name": "macvlan-conf-2"}
                   ]"#,
            r#"[
                   {"name": "macvlan-conf-1", "another-field": "another-value"},
                   {"name": "macvlan-conf-2"}
                   , {"name": "istio-cni"}]"#,
        ),
        (
            // Not valid JSON (trailing comma): left as it is.
            "json-preconfigured-istio-cni",
            r#"[
                   {"name": "macvlan-conf-1"},
                   {"name": "macvlan-conf-2"},
                   {"name": "istio-cni", "config": "additional-config"},
                   ]"#,
            r#"[
                   {"name": "macvlan-conf-1"},
                   {"name": "macvlan-conf-2"},
                   {"name": "istio-cni", "config": "additional-config"},
                   ]"#,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestAppendMultusNetwork");
    for (name, input, want) in cases {
        let got = append_multus_network(input, "istio-cni");
        let outcome = expect_eq(got.as_str(), want).and_then(|()| {
            let again = append_multus_network(&got, "istio-cni");
            expect_eq(again.as_str(), want).map_err(|e| format!("not idempotent: {e}"))
        });
        table.record(name, outcome);
    }
    table.check();
}

#[test]
fn test_proxy_image() {
    let values = |hub: &str, tag: Value| json!({ "global": { "hub": hub, "tag": tag } });
    // (case, values, ProxyConfig image type ("" = unset), annotation image type, expected)
    let cases = [
        (
            "vals-only-int-tag",
            values("registry.istio.io/release", json!(11)),
            "",
            None,
            "registry.istio.io/release/proxyv2:11",
        ),
        (
            "pc overrides imageType - float tag",
            values("registry.istio.io/release", json!(1.12)),
            "distroless",
            None,
            "registry.istio.io/release/proxyv2:1.12-distroless",
        ),
        (
            "annotation overrides imageType",
            values("gcr.io/gke-release/asm", json!("1.11.2-asm.17")),
            "",
            Some("distroless"),
            "gcr.io/gke-release/asm/proxyv2:1.11.2-asm.17-distroless",
        ),
        (
            "pc and annotation overrides imageType",
            values("gcr.io/gke-release/asm", json!("1.11.2-asm.17")),
            "distroless",
            Some("debug"),
            "gcr.io/gke-release/asm/proxyv2:1.11.2-asm.17-debug",
        ),
        (
            "pc and annotation overrides imageType, ann is default",
            values("gcr.io/gke-release/asm", json!("1.11.2-asm.17")),
            "debug",
            Some("default"),
            "gcr.io/gke-release/asm/proxyv2:1.11.2-asm.17",
        ),
        (
            "pc overrides imageType with default, tag also has image type",
            values("gcr.io/gke-release/asm", json!("1.11.2-asm.17-distroless")),
            "default",
            None,
            "gcr.io/gke-release/asm/proxyv2:1.11.2-asm.17",
        ),
        (
            "ann overrides imageType with default, tag also has image type",
            values("gcr.io/gke-release/asm", json!("1.11.2-asm.17-distroless")),
            "",
            Some("default"),
            "gcr.io/gke-release/asm/proxyv2:1.11.2-asm.17",
        ),
        (
            "pc overrides imageType, tag also has image type",
            values("registry.istio.io/release", json!("1.12-debug")),
            "distroless",
            None,
            "registry.istio.io/release/proxyv2:1.12-distroless",
        ),
        (
            "annotation overrides imageType, tag also has the same image type",
            values("registry.istio.io/release", json!("1.12-distroless")),
            "",
            Some("distroless"),
            "registry.istio.io/release/proxyv2:1.12-distroless",
        ),
        (
            "unusual tag should work",
            values("private-repo/istio", json!("1.12-this-is-unusual-tag")),
            "",
            None,
            "private-repo/istio/proxyv2:1.12-this-is-unusual-tag",
        ),
        (
            "unusual tag should work, default override",
            values(
                "private-repo/istio",
                json!("1.12-this-is-unusual-tag-distroless"),
            ),
            "default",
            None,
            "private-repo/istio/proxyv2:1.12-this-is-unusual-tag",
        ),
        (
            "annotation overrides imageType with unusual tag",
            values("private-repo/istio", json!("1.12-this-is-unusual-tag")),
            "",
            Some("distroless"),
            "private-repo/istio/proxyv2:1.12-this-is-unusual-tag-distroless",
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestProxyImage");
    for (name, v, pc_type, ann_type, want) in cases {
        let got = image_url(&v, "proxy", pc_type, ann_type);
        table.record(name, expect_eq(got.as_str(), want));
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// validate_test.go
// ---------------------------------------------------------------------------------------------

fn annotations(pairs: &[(&str, &str)]) -> Map<String, Value> {
    match string_map(pairs) {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

fn verdict(result: Result<(), String>, want_err: bool) -> Result<(), String> {
    match (result, want_err) {
        (Ok(()), false) | (Err(_), true) => Ok(()),
        (Ok(()), true) => Err("got no error, want one".into()),
        (Err(e), false) => Err(format!("got error {e:?}, want none")),
    }
}

#[test]
fn test_validate_resource_quantity() {
    // `validateResourceQuantity` is what the four proxy resource annotations are checked with;
    // needle exposes it through `validate` on `sidecar.istio.io/proxyCPU`.
    let cases = [
        ("valid cpu request", "100m", false),
        ("valid memory request", "128Mi", false),
        ("valid cpu limit", "2", false),
        ("valid memory with Gi", "1Gi", false),
        (
            "newline injection",
            "100m\"\n  - name: injected\n    image: \"busybox",
            true,
        ),
        ("carriage return", "100m\r", true),
        ("tab character", "100m\t", true),
        ("null byte", "100m\x00", true),
        ("invalid quantity format", "invalid", true),
        ("empty string", "", true),
    ];
    let mut table = Tally::table("istio-tables", "TestValidateResourceQuantity");
    for (name, value, want_err) in cases {
        let result = validate(
            &annotations(&[("sidecar.istio.io/proxyCPU", value)]),
            Release::NEWEST,
        );
        table.record(name, verdict(result, want_err));
    }
    table.check();
}

#[test]
fn test_validate_annotations() {
    let cases: [(&str, Pairs, bool); 5] = [
        (
            "valid resource annotations",
            &[
                ("sidecar.istio.io/proxyCPU", "100m"),
                ("sidecar.istio.io/proxyMemory", "128Mi"),
                ("sidecar.istio.io/proxyCPULimit", "1"),
                ("sidecar.istio.io/proxyMemoryLimit", "1Gi"),
            ],
            false,
        ),
        (
            "injection attempt in proxyCPU",
            &[(
                "sidecar.istio.io/proxyCPU",
                "100m\"\n  - name: injected\n    image: \"busybox",
            )],
            true,
        ),
        (
            "injection attempt in proxyMemory",
            &[("sidecar.istio.io/proxyMemory", "128Mi\nmalicious")],
            true,
        ),
        (
            "invalid quantity in proxyCPULimit",
            &[("sidecar.istio.io/proxyCPULimit", "notaquantity")],
            true,
        ),
        (
            "control character in proxyMemoryLimit",
            &[("sidecar.istio.io/proxyMemoryLimit", "1Gi\x00")],
            true,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestValidateAnnotations");
    for (name, pairs, want_err) in cases {
        table.record(
            name,
            verdict(validate(&annotations(pairs), Release::NEWEST), want_err),
        );
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// template_test.go: TestOmitNil, TestOtelResourceAttributes
// ---------------------------------------------------------------------------------------------

#[test]
fn test_omit_nil() {
    let cases = [
        (
            "no nils",
            json!({"a": 1, "b": "c"}),
            json!({"a": 1, "b": "c"}),
        ),
        (
            "top level nil",
            json!({"a": null, "b": "c"}),
            json!({"b": "c"}),
        ),
        (
            "nested nil",
            json!({"a": {"x": null, "y": 2}, "b": "c"}),
            json!({"a": {"y": 2}, "b": "c"}),
        ),
        ("slice with nil", json!([1, null, 3]), json!([1, 3])),
        (
            "nested slice nil",
            json!({"a": [null, {"x": null}]}),
            Value::Null,
        ),
        (
            "all nils map",
            json!({"a": null, "b": {"x": null}}),
            Value::Null,
        ),
        (
            "complex mixed",
            json!({"global": {"proxy": {"resources": {"limits": {"cpu": null, "memory": "500Mi"}}}}}),
            json!({"global": {"proxy": {"resources": {"limits": {"memory": "500Mi"}}}}}),
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestOmitNil");
    for (name, input, want) in cases {
        table.record(name, expect_eq(omit_nil(&input), want));
    }
    table.check();
}

#[test]
fn test_otel_resource_attributes() {
    let provider = |enrichment: &str| {
        json!({ "extensionProviders": [{
            "name": "otel",
            "opentelemetry": {
                "service": "otel-collector",
                "port": 4317,
                "serviceAttributeEnrichment": enrichment,
            },
        }] })
    };
    let semconv = provider("OTEL_SEMANTIC_CONVENTIONS");
    let c = |name: &str, image: &str| json!({ "name": name, "image": image });
    let myapp = || vec![c("myapp", "myapp")];
    // (case, mesh, annotations, labels, namespace, containers, expected)
    type Case = (
        &'static str,
        Value,
        Pairs,
        Pairs,
        &'static str,
        Vec<Value>,
        &'static str,
    );
    let cases: Vec<Case> = vec![
        (
            "no OTel semantic conventions provider returns empty",
            json!({}),
            &[],
            &[],
            "default",
            vec![],
            "",
        ),
        (
            "ISTIO_CANONICAL provider returns empty",
            provider("ISTIO_CANONICAL"),
            &[],
            &[],
            "default",
            vec![],
            "",
        ),
        (
            "defaults: namespace only (no containers)",
            semconv.clone(),
            &[],
            &[],
            "my-namespace",
            vec![],
            "service.namespace=my-namespace",
        ),
        (
            "defaults: namespace + instance.id with container",
            semconv.clone(),
            &[],
            &[],
            "my-namespace",
            myapp(),
            "service.namespace=my-namespace,service.instance.id=my-namespace.$(POD_NAME).myapp",
        ),
        (
            "all annotations override defaults",
            semconv.clone(),
            &[
                ("resource.opentelemetry.io/service.namespace", "custom-ns"),
                ("resource.opentelemetry.io/service.version", "v2.0"),
                ("resource.opentelemetry.io/service.instance.id", "custom-id"),
            ],
            &[("app.kubernetes.io/version", "should-not-use")],
            "my-namespace",
            myapp(),
            "service.namespace=custom-ns,service.version=v2.0,service.instance.id=custom-id",
        ),
        (
            "service.version from label",
            semconv.clone(),
            &[],
            &[("app.kubernetes.io/version", "v1.2.3")],
            "default",
            myapp(),
            "service.namespace=default,service.version=v1.2.3,service.instance.id=default.$(POD_NAME).myapp",
        ),
        (
            "service.namespace annotation overrides k8s namespace",
            semconv.clone(),
            &[(
                "resource.opentelemetry.io/service.namespace",
                "annotated-ns",
            )],
            &[],
            "actual-namespace",
            myapp(),
            "service.namespace=annotated-ns,service.instance.id=actual-namespace.$(POD_NAME).myapp",
        ),
        (
            "service.version annotation overrides label",
            semconv.clone(),
            &[("resource.opentelemetry.io/service.version", "annotated-v1")],
            &[("app.kubernetes.io/version", "label-v2")],
            "default",
            myapp(),
            "service.namespace=default,service.version=annotated-v1,service.instance.id=default.$(POD_NAME).myapp",
        ),
        (
            "empty namespace no containers",
            semconv.clone(),
            &[],
            &[],
            "",
            vec![],
            "",
        ),
        (
            "service.version from single container image tag",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx:1.21")],
            "service.namespace=default,service.version=1.21,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version from single container image digest",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx@sha256:abc123")],
            "service.namespace=default,service.version=sha256:abc123,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version from single container image tag+digest",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx:1.21@sha256:abc123")],
            "service.namespace=default,service.version=1.21@sha256:abc123,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version from image with registry port",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "registry:5000/nginx:1.21")],
            "service.namespace=default,service.version=1.21,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version skipped for multiple containers",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx:1.21"), c("sidecar", "sidecar:2.0")],
            "service.namespace=default,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version skipped for image without tag or digest",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx")],
            "service.namespace=default,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version label takes priority over image",
            semconv.clone(),
            &[],
            &[("app.kubernetes.io/version", "v1.2.3")],
            "default",
            vec![c("nginx", "nginx:1.21")],
            "service.namespace=default,service.version=v1.2.3,service.instance.id=default.$(POD_NAME).nginx",
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestOtelResourceAttributes");
    for (name, mesh, annos, labels, namespace, containers, want) in cases {
        // needle computes the attributes while building the template context.
        let p = json!({
            "metadata": {
                "name": "pod",
                "namespace": namespace,
                "annotations": string_map(annos),
                "labels": string_map(labels),
            },
            "spec": { "containers": containers },
        });
        let owner = Owner {
            kind: "Pod".into(),
            api_version: "v1".into(),
            name: "pod".into(),
            namespace: namespace.into(),
        };
        let ctx = context::build(&ContextInput {
            release: Release::NEWEST,
            now: 0,
            pod: &std::sync::Arc::new(p),
            owner: &owner,
            values: &json!({}),
            mesh: &mesh,
            proxy_config: proxy_config_defaults(),
            proxy_config_is_default: true,
            revision: "default",
            native_sidecars: false,
            proxy_uid: 1337,
            proxy_gid: 1337,
            compliance_policy: "",
        });
        let got = ctx
            .get("otel_resource_attributes")
            .and_then(|v| v.as_str())
            .unwrap_or("<not a string>");
        table.record(name, expect_eq(got, want));
    }
    table.check();
}

// ---------------------------------------------------------------------------------------------
// webhook_test.go: Prometheus merge
// ---------------------------------------------------------------------------------------------

const STATUS_PORT: i64 = 15020;

fn prometheus_pod(annos: &[(&str, &str)]) -> Value {
    json!({
        "metadata": { "annotations": string_map(annos) },
        "spec": { "containers": [{ "name": "app" }, { "name": "istio-proxy" }] },
    })
}

fn annotation<'a>(p: &'a Value, key: &str) -> Option<&'a str> {
    pod::annotation(p, key)
}

#[test]
fn test_enable_prometheus_aggregation() {
    const MERGE: &str = "prometheus.istio.io/merge-metrics";
    // `enablePrometheusMerge` is observed through `apply_merge`: when merging is on, the pod's
    // scrape annotations are pointed at the agent.
    let cases: [(&str, Value, Pairs, bool); 5] = [
        ("no settings", json!({}), &[], true),
        (
            "mesh on",
            json!({ "enablePrometheusMerge": true }),
            &[],
            true,
        ),
        (
            "mesh off",
            json!({ "enablePrometheusMerge": false }),
            &[],
            false,
        ),
        (
            "annotation on",
            json!({ "enablePrometheusMerge": false }),
            &[(MERGE, "true")],
            true,
        ),
        (
            "annotation off",
            json!({ "enablePrometheusMerge": true }),
            &[(MERGE, "false")],
            false,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestEnablePrometheusAggregation");
    for (name, mesh, annos, want) in cases {
        let mut p = prometheus_pod(annos);
        let outcome = apply_merge(&mut p, &mesh, STATUS_PORT, Release::NEWEST).and_then(|()| {
            let merged = annotation(&p, "prometheus.io/path") == Some("/stats/prometheus");
            expect_eq(merged, want)
        });
        table.record(name, outcome);
    }
    table.check();
}

/// The `ISTIO_PROMETHEUS_ANNOTATIONS` the merge left on the sidecar, parsed.
fn scrape_env(p: &Value) -> Option<Value> {
    pod::sidecar(p)?
        .get("env")?
        .as_array()?
        .iter()
        .find(|e| e["name"] == "ISTIO_PROMETHEUS_ANNOTATIONS")
        .and_then(|e| e["value"].as_str())
        .map(parse_json)
}

#[test]
fn test_get_prometheus_scrape_configuration_multi_target() {
    const TARGETS: &str = "prometheus.istio.io/scrape-targets";
    // `getPrometheusScrapeConfiguration` is observed through the scrape configuration that
    // `apply_merge` hands the agent. With targets, the merge replaces port and path with the
    // first target's, so port and path are only compared for the cases without targets.
    // (case, annotations, want port, want path, want targets)
    type Case = (
        &'static str,
        Pairs,
        &'static str,
        &'static str,
        Option<Value>,
    );
    let cases: [Case; 5] = [
        (
            "scrape-targets only",
            &[(TARGETS, "8080:/metrics,9100:/custom")],
            "",
            "",
            Some(json!([
                { "port": "8080", "path": "/metrics" },
                { "port": "9100", "path": "/custom" },
            ])),
        ),
        (
            "scrape-targets with legacy port annotation",
            &[
                ("prometheus.io/port", "8080"),
                ("prometheus.io/path", "/metrics"),
                (TARGETS, "8080:/metrics,9100:/custom"),
            ],
            "8080",
            "/metrics",
            Some(json!([
                { "port": "8080", "path": "/metrics" },
                { "port": "9100", "path": "/custom" },
            ])),
        ),
        (
            "legacy only, no targets",
            &[
                ("prometheus.io/port", "8080"),
                ("prometheus.io/path", "/health"),
            ],
            "8080",
            "/health",
            None,
        ),
        (
            "whitespace trimmed in scrape-targets",
            &[(TARGETS, " 8080:/metrics , 9100:/custom ")],
            "",
            "",
            Some(json!([
                { "port": "8080", "path": "/metrics" },
                { "port": "9100", "path": "/custom" },
            ])),
        ),
        (
            "malformed scrape-targets is logged and Targets left nil",
            &[(TARGETS, ":/metrics")],
            "",
            "",
            None,
        ),
    ];
    let mut table = Tally::table(
        "istio-tables",
        "TestGetPrometheusScrapeConfigurationMultiTarget",
    );
    for (name, annos, want_port, want_path, want_targets) in cases {
        let mut p = prometheus_pod(annos);
        let outcome =
            apply_merge(&mut p, &json!({}), STATUS_PORT, Release::NEWEST).and_then(|()| {
                // No env at all means an empty scrape configuration.
                let env = scrape_env(&p).unwrap_or_else(|| json!({ "port": "", "path": "" }));
                let targets = env.get("targets").cloned();
                expect_eq(&targets, &want_targets)
                    .map_err(|e| format!("targets: {e}"))
                    .and_then(|()| match want_targets {
                        Some(_) => Ok(()),
                        None => expect_eq(
                            (env["port"].as_str(), env["path"].as_str()),
                            (Some(want_port), Some(want_path)),
                        )
                        .map_err(|e| format!("(port, path): {e}")),
                    })
            });
        table.record(name, outcome);
    }
    table.check();
}

#[test]
fn test_apply_prometheus_merge_scrape_targets() {
    const TARGETS: &str = "prometheus.istio.io/scrape-targets";
    let mesh = json!({ "enablePrometheusMerge": true });
    let reserved = |port: &str| {
        let port = port.to_string();
        move |r: Result<(), String>, _: &Value| match r {
            Err(e) if e.contains(&port) && e.contains("reserved for Istio") => Ok(()),
            Err(e) => Err(format!("error {e:?} does not name port {port} as reserved")),
            Ok(()) => Err(format!("got no error, want one for reserved port {port}")),
        }
    };
    type Check = Box<dyn Fn(Result<(), String>, &Value) -> Result<(), String>>;
    let cases: [(&str, Pairs, Check); 5] = [
        (
            "reserved port rejected at injection time",
            &[
                ("prometheus.io/scrape", "true"),
                (TARGETS, "8080:/metrics,15000:/metrics"),
            ],
            Box::new(reserved("15000")),
        ),
        (
            "agent port rejected independently of reserved check",
            &[
                ("prometheus.io/scrape", "true"),
                (TARGETS, "15020:/metrics"),
            ],
            Box::new(|r, _| match r {
                Err(_) => Ok(()),
                Ok(()) => Err("got no error, want one for the agent port".into()),
            }),
        ),
        (
            "legacy port equal to agent port triggers no-op via early-return guard",
            &[
                ("prometheus.io/scrape", "true"),
                ("prometheus.io/port", "15020"),
            ],
            Box::new(|r, p| {
                r.map_err(|e| format!("got error {e:?}, want none"))?;
                expect_eq(annotation(p, "prometheus.io/port"), Some("15020"))
            }),
        ),
        (
            "legacy reserved port rejected at injection time",
            &[
                ("prometheus.io/scrape", "true"),
                ("prometheus.io/port", "15000"),
            ],
            Box::new(reserved("15000")),
        ),
        (
            "happy path strips prometheus.istio.io/scrape-targets annotation",
            &[
                ("prometheus.io/scrape", "true"),
                (TARGETS, "8080:/metrics,9100:/custom"),
            ],
            Box::new(|r, p| {
                r.map_err(|e| format!("got error {e:?}, want none"))?;
                expect_eq(annotation(p, TARGETS), None).map_err(|e| format!("{TARGETS}: {e}"))?;
                expect_eq(annotation(p, "prometheus.io/port"), Some("15020"))
                    .map_err(|e| format!("prometheus.io/port: {e}"))?;
                expect_eq(
                    annotation(p, "prometheus.io/path"),
                    Some("/stats/prometheus"),
                )
                .map_err(|e| format!("prometheus.io/path: {e}"))
            }),
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestApplyPrometheusMergeScrapeTargets");
    for (name, annos, check) in cases {
        let mut p = prometheus_pod(annos);
        let result = apply_merge(&mut p, &mesh, STATUS_PORT, Release::NEWEST);
        table.record(name, check(result, &p));
    }
    table.check();
}

#[test]
fn test_apply_secure_prometheus_annotation() {
    const SECURE: &str = "prometheus.istio.io/secure-port";
    let env = |pairs: &[(&str, &str)]| -> Value {
        pairs
            .iter()
            .map(|(n, v)| json!({ "name": n, "value": v }))
            .collect()
    };
    let with_proxy = |proxy_env: Value, annos: &[(&str, &str)]| {
        json!({
            "metadata": { "annotations": string_map(annos) },
            "spec": { "containers": [{ "name": "app" }, { "name": "istio-proxy", "env": proxy_env }] },
        })
    };
    let cases = [
        (
            "sidecar: auto-annotates from ENVOY_SECURE_MERGED_METRICS_PORT",
            with_proxy(
                env(&[
                    ("ENVOY_SECURE_METRICS_PORT", "15091"),
                    ("ENVOY_SECURE_MERGED_METRICS_PORT", "15092"),
                ]),
                &[],
            ),
            Some("15092"),
        ),
        (
            "gateway: direct env var is picked up (no proxyMetadata annotation needed)",
            with_proxy(env(&[("ENVOY_SECURE_MERGED_METRICS_PORT", "15092")]), &[]),
            Some("15092"),
        ),
        (
            "user-set annotation is not overwritten",
            with_proxy(
                env(&[("ENVOY_SECURE_MERGED_METRICS_PORT", "15092")]),
                &[(SECURE, "19999")],
            ),
            Some("19999"),
        ),
        (
            "disabled (port=0) does not annotate",
            with_proxy(env(&[("ENVOY_SECURE_MERGED_METRICS_PORT", "0")]), &[]),
            None,
        ),
        (
            "no env var: no annotation",
            with_proxy(env(&[("SOME_OTHER_VAR", "value")]), &[]),
            None,
        ),
        (
            "no istio-proxy container: no annotation",
            json!({
                "metadata": { "annotations": {} },
                "spec": { "containers": [{ "name": "app" }] },
            }),
            None,
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestApplySecurePrometheusAnnotation");
    for (name, mut p, want) in cases {
        apply_secure_port(&mut p, Release::NEWEST);
        table.record(name, expect_eq(annotation(&p, SECURE), want));
    }
    table.check();
}
