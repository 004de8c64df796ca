//! The Prometheus merge of `webhook_test.go`.

use super::*;

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
    let mut table = Tally::table("istio-tables", "TestEnablePrometheusAggregation", 1);
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
        1,
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
    let mut table = Tally::table("istio-tables", "TestApplyPrometheusMergeScrapeTargets", 1);
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
    let mut table = Tally::table("istio-tables", "TestApplySecurePrometheusAnnotation", 1);
    for (name, mut p, want) in cases {
        apply_secure_port(&mut p, Release::NEWEST);
        table.record(name, expect_eq(annotation(&p, SECURE), want));
    }
    table.check();
}
