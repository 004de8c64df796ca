//! Probe rewriting: `app_probe_test.go`, `TestMergeOrAppendProbers`.

use super::*;

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
    let mut table = Tally::table("istio-tables", "TestFindSidecar", 1);
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
    let mut table = Tally::table("istio-tables", "TestShouldRewriteAppHTTPProbers", 1);
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
    let mut table = Tally::table("istio-tables", "TestDumpAppGRPCProbers", 1);
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
    let mut table = Tally::table("istio-tables", "TestPatchRewriteProbe", 1);
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
    let mut table = Tally::table("istio-tables", "TestMergeOrAppendProbers", 1);
    for (name, previously_injected, input, probers, want) in cases {
        let mut sidecar = json!({ "name": "istio-proxy", "env": input });
        merge_or_append(&mut sidecar, previously_injected, probers);
        // Istio compares the env vars with DeepEqual, so the values are compared as text.
        table.record(name, expect_eq(&sidecar["env"], &want));
    }
    table.check();
}
