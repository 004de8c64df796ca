//! `inject_test.go`: the strategic merge, ProxyConfig, Multus networks, the proxy image.

use super::*;

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
    let mut table = Tally::table("istio-tables", "TestStrategicMerge", 1);
    let outcome = strategic_merge(&input, &template, Schema::POD)
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
    let mut table = Tally::table("istio-tables", "TestCleanProxyConfig", 1);
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
    let mut table = Tally::table("istio-tables", "TestAppendMultusNetwork", 1);
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
    let mut table = Tally::table("istio-tables", "TestProxyImage", 1);
    for (name, v, pc_type, ann_type, want) in cases {
        let got = image_url(&v, "proxy", pc_type, ann_type);
        table.record(name, expect_eq(got.as_str(), want));
    }
    table.check();
}
