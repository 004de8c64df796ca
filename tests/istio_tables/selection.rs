//! Selection and the webhook path: `TestInjectRequired`, `TestParseInjectEnvs`.

use super::*;

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
    let mut table = Tally::table("istio-tables", "TestInjectRequired", 1);
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
    let mut table = Tally::table("istio-tables", "TestParseInjectEnvs", 1);
    for (name, path, want) in cases {
        let want: BTreeMap<String, String> = want
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        table.record(name, expect_eq(parse_inject_envs(path), want));
    }
    table.check();
}
