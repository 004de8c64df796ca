//! needle's Helm chart (`charts/needle`) rendered by the real helm v3.22.0 that
//! `scripts/controlplane.sh` builds: `helm lint` passes, and for each value set of the corpus's
//! `istio-webhooks` (the same `--set` flags, read from its README) the webhook configurations
//! are Istio's, entry by entry; the Deployment really starts `needle serve` on what the chart
//! mounts. Without the corpus or helm the tests fail.

mod common;

use base64::Engine;
use common::chart::{ValueSet, render, run_helm, value_sets, webhook_configurations};
use common::server::{Server, connector, free_port, temp_dir};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn chart_lints_for_every_value_set() {
    let chart = common::chart::chart_dir().display().to_string();
    run_helm(&["lint", "--strict", &chart]).unwrap();
    for set in value_sets() {
        let mut args = vec!["lint", "--strict", chart.as_str()];
        args.extend(set.flags.iter().map(String::as_str));
        run_helm(&args).unwrap_or_else(|e| panic!("{}: {e}", set.file));
    }
}

#[test]
fn chart_webhooks_match_istio_render() {
    let sets = value_sets();
    let (mut matching, mut entries, mut failures) = (0, 0, Vec::new());
    for set in &sets {
        match compare_value_set(set) {
            Ok(n) => {
                matching += 1;
                entries += n;
            }
            Err(e) => failures.push(format!("{} ({}): {e}", set.file, set.flags.join(" "))),
        }
    }
    println!(
        "chart webhooks: {matching}/{} value sets match Istio's render ({entries} entries)",
        sets.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// needle's render of the value set against Istio's: the same configurations (by name, with
/// the same `istio.io/rev` and `istio.io/tag` labels), the same entries in the same order,
/// each equal but for the Service's name and namespace (needle's own) and the caBundle
/// (Istio's chart leaves it to istiod to patch in). The number of entries compared.
fn compare_value_set(set: &ValueSet) -> Result<usize, String> {
    let ours = render(&set.flags)?;
    let theirs = set.istio_documents();
    let by_name = |docs: Vec<&Value>| -> BTreeMap<String, Value> {
        docs.into_iter()
            .map(|d| {
                (
                    d["metadata"]["name"].as_str().unwrap_or("").to_string(),
                    d.clone(),
                )
            })
            .collect()
    };
    let (ours, theirs) = (
        by_name(webhook_configurations(&ours)),
        by_name(webhook_configurations(&theirs)),
    );
    let names = |m: &BTreeMap<String, Value>| m.keys().cloned().collect::<Vec<_>>();
    if names(&ours) != names(&theirs) {
        return Err(format!(
            "configurations {:?}, Istio's {:?}",
            names(&ours),
            names(&theirs)
        ));
    }
    let mut diffs = Vec::new();
    let mut count = 0;
    for (name, want) in &theirs {
        let got = &ours[name];
        for label in ["istio.io/rev", "istio.io/tag"] {
            let (g, w) = (
                &got["metadata"]["labels"][label],
                &want["metadata"]["labels"][label],
            );
            if g != w {
                diffs.push(format!("{name}: label {label} {g}, Istio's {w}"));
            }
        }
        let (got, want) = (entries_of(got), entries_of(want));
        let entry_names = |e: &[Value]| e.iter().map(|e| e["name"].clone()).collect::<Vec<_>>();
        if entry_names(&got) != entry_names(&want) {
            diffs.push(format!(
                "{name}: entries {:?}, Istio's {:?}",
                entry_names(&got),
                entry_names(&want)
            ));
            continue;
        }
        for (g, w) in got.iter().zip(&want) {
            let path = format!("{name}/{}", w["name"].as_str().unwrap_or(""));
            common::differences(g, w, &path, &mut diffs);
            count += 1;
        }
    }
    if diffs.is_empty() {
        Ok(count)
    } else {
        Err(diffs.join("\n  "))
    }
}

/// The entries of a configuration as compared: needle's Service name and namespace and the
/// caBundle aside.
fn entries_of(config: &Value) -> Vec<Value> {
    let mut entries = config["webhooks"].as_array().cloned().unwrap_or_default();
    for entry in &mut entries {
        let client = &mut entry["clientConfig"];
        if let Some(service) = client.get_mut("service").and_then(Value::as_object_mut) {
            service.remove("name");
            service.remove("namespace");
        }
        if let Some(client) = client.as_object_mut() {
            client.remove("caBundle");
        }
        *entry = common::semantic(entry);
    }
    entries
}

fn find<'a>(docs: &'a [Value], kind: &str, name: &str) -> &'a Value {
    docs.iter()
        .find(|d| d["kind"] == kind && d["metadata"]["name"] == name)
        .unwrap_or_else(|| panic!("no {kind} {name} in the render"))
}

fn flags(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// With its defaults the chart gives needle the inputs needle embeds: Istio's default profile.
#[test]
fn chart_configmaps_are_needle_defaults() {
    let docs = render(&flags(&["--namespace", "istio-system"])).unwrap();
    let injector = &find(&docs, "ConfigMap", "needle-injector")["data"];
    let mesh = &find(&docs, "ConfigMap", "needle-mesh")["data"];
    let mut diffs = Vec::new();
    for (got, file) in [
        (parse(&injector["config"]), "config.yaml"),
        (parse(&injector["values"]), "values.json"),
        (parse(&mesh["mesh"]), "mesh.yaml"),
    ] {
        common::differences(&got, &embedded(file), file, &mut diffs);
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

/// The ConfigMaps a Deployment of the render mounts, in its order.
fn mounted_configmaps<'a>(docs: &'a [Value], deployment: &str) -> Vec<&'a str> {
    let volumes = &find(docs, "Deployment", deployment)["spec"]["template"]["spec"]["volumes"];
    volumes
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v["configMap"]["name"].as_str())
        .collect()
}

/// A ConfigMap's YAML or JSON text, parsed.
fn parse(text: &Value) -> Value {
    needle::core::compat::yaml::parse_one(text.as_str().unwrap()).expect("valid YAML")
}

/// One of needle's embedded defaults (`defaults/`), parsed.
fn embedded(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("defaults")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    needle::core::compat::yaml::parse_one(&text).unwrap()
}

/// A revision of `revisions` with `useIstioConfigMaps: false` reads needle's own ConfigMaps,
/// rendered for it: the chart's defaults (needle's embedded ones) with its `values` over them
/// and its own istiod address, mounted for it and answered as 86c9f01; `values` on a revision
/// that reads istiod's ConfigMaps are refused.
#[test]
fn chart_revision_on_its_own_values() {
    let dir = temp_dir("chart-own-revision");
    let file = dir.join("revisions.yaml");
    std::fs::write(
        &file,
        "revisions:\n- name: stable\n  istioRelease: \"1.30.3\"\n- name: lab\n  useIstioConfigMaps: false\n  values:\n    global:\n      proxy:\n        logLevel: debug\n",
    )
    .unwrap();
    let file = file.display().to_string();
    let docs = render(&flags(&["-n", "istio-system", "-f", &file])).unwrap();
    let injector = &find(&docs, "ConfigMap", "needle-lab-injector")["data"];
    let mesh = &find(&docs, "ConfigMap", "needle-lab-mesh")["data"];
    let mut values = embedded("values.json");
    values["revision"] = json!("lab");
    values["global"]["proxy"]["logLevel"] = json!("debug");
    let mut mesh_config = embedded("mesh.yaml");
    mesh_config["defaultConfig"]["discoveryAddress"] = json!("istiod-lab.istio-system.svc:15012");
    let mut diffs = Vec::new();
    for (got, want, file) in [
        (
            parse(&injector["config"]),
            embedded("config.yaml"),
            "config",
        ),
        (parse(&injector["values"]), values, "values"),
        (parse(&mesh["mesh"]), mesh_config, "mesh"),
    ] {
        common::differences(&got, &want, file, &mut diffs);
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    assert!(
        !docs
            .iter()
            .any(|d| d["metadata"]["name"] == "needle-stable-injector"),
        "stable reads istiod's ConfigMaps"
    );

    let listed = parse(&find(&docs, "ConfigMap", "needle-revisions")["data"]["revisions.yaml"]);
    assert_eq!(listed["revisions"][0]["istioRelease"], "1.30.3");
    assert_eq!(listed["revisions"][1]["istioRelease"], "86c9f01");
    assert_eq!(
        listed["revisions"][1]["injectConfigDir"],
        "/var/lib/needle/lab/inject"
    );
    assert_eq!(
        mounted_configmaps(&docs, "needle"),
        [
            "needle-revisions",
            "istio-sidecar-injector-stable",
            "istio-stable",
            "needle-lab-injector",
            "needle-lab-mesh"
        ]
    );

    let refused = render(&flags(&[
        "-f",
        &file,
        "--set",
        "revisions[1].useIstioConfigMaps=true",
    ]))
    .unwrap_err();
    assert!(
        refused.contains(
            "revisions: \"lab\" has values but reads istiod's ConfigMaps: set its useIstioConfigMaps to false"
        ),
        "{refused}"
    );
}

/// A revision's own discovery address and Istio's ConfigMaps when asked for.
#[test]
fn chart_configmaps_follow_the_revision() {
    let docs = render(&flags(&[
        "--namespace",
        "istio-system",
        "--set",
        "revision=canary",
    ]))
    .unwrap();
    let mesh = find(&docs, "ConfigMap", "needle-canary-mesh")["data"]["mesh"]
        .as_str()
        .unwrap();
    let mesh = needle::core::compat::yaml::parse_one(mesh).unwrap();
    assert_eq!(
        mesh["defaultConfig"]["discoveryAddress"],
        "istiod-canary.istio-system.svc:15012"
    );

    let docs = render(&flags(&[
        "--namespace",
        "istio-system",
        "--set",
        "revision=canary",
        "--set",
        "useIstioConfigMaps=true",
    ]))
    .unwrap();
    assert!(
        !docs.iter().any(|d| d["kind"] == "ConfigMap"),
        "own ConfigMaps rendered"
    );
    assert_eq!(
        mounted_configmaps(&docs, "needle-canary"),
        ["istio-sidecar-injector-canary", "istio-canary"]
    );
}

/// `sidecarInjectorWebhook.labelRevision=false` (beside an istiod of the same revision, whose
/// patcher writes its CA into every injection configuration labelled with the revision) drops
/// `istio.io/rev` from the revision's configuration and from each of its tags'; by default
/// both carry it, as Istio's do.
#[test]
fn chart_label_revision_covers_the_tags() {
    for (label, want) in [("true", Some("canary")), ("false", None)] {
        let docs = render(&flags(&[
            "--namespace",
            "istio-system",
            "--set",
            "revision=canary",
            "--set",
            "revisionTags={prod}",
            "--set",
            &format!("sidecarInjectorWebhook.labelRevision={label}"),
        ]))
        .unwrap();
        for name in ["istio-sidecar-injector-canary", "istio-revision-tag-prod"] {
            let labels = &find(&docs, "MutatingWebhookConfiguration", name)["metadata"]["labels"];
            assert_eq!(
                labels["istio.io/rev"].as_str(),
                want,
                "{name} with labelRevision={label}: {labels}"
            );
        }
    }
}

/// The remote profile installs the injection webhooks only; needle runs elsewhere.
#[test]
fn chart_remote_profile_installs_only_webhooks() {
    let docs = render(&flags(&[
        "--namespace",
        "istio-system",
        "--set",
        "profile=remote",
        "--set",
        "istiodRemote.injectionURL=https://needle.example:15017/inject",
    ]))
    .unwrap();
    let kinds: Vec<&str> = docs.iter().filter_map(|d| d["kind"].as_str()).collect();
    assert_eq!(kinds, ["MutatingWebhookConfiguration"]);
    let err = render(&flags(&["--set", "profile=demo"])).unwrap_err();
    assert!(err.contains(r#"profile "demo""#), "{err}");
}

/// The rendered Deployment's `needle serve` command, started on the files its volumes hold
/// (the generated certificate Secret and the ConfigMaps): it becomes ready and serves the
/// generated certificate for the Service's DNS name, trusted through every webhook's caBundle.
#[test]
fn chart_deployment_runs_needle_serve() {
    let docs = render(&flags(&[
        "--namespace",
        "istio-system",
        "--set",
        "revisionTags={prod}",
    ]))
    .unwrap();
    let pod = &find(&docs, "Deployment", "needle")["spec"]["template"]["spec"];
    let container = &pod["containers"][0];
    assert_eq!(container["image"], "needle:0.1.0");
    let dir = temp_dir("chart-serve");
    let mut mounts = Vec::new();
    for mount in container["volumeMounts"].as_array().unwrap() {
        let name = mount["name"].as_str().unwrap();
        let volume = pod["volumes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .unwrap();
        let local = dir.join(name);
        std::fs::create_dir_all(&local).unwrap();
        if let Some(secret) = volume.pointer("/secret/secretName") {
            for (key, value) in find(&docs, "Secret", secret.as_str().unwrap())["data"]
                .as_object()
                .unwrap()
            {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(value.as_str().unwrap())
                    .unwrap();
                std::fs::write(local.join(key), bytes).unwrap();
            }
        } else {
            let config_map = volume.pointer("/configMap/name").unwrap().as_str().unwrap();
            for (key, value) in find(&docs, "ConfigMap", config_map)["data"]
                .as_object()
                .unwrap()
            {
                std::fs::write(local.join(key), value.as_str().unwrap()).unwrap();
            }
        }
        mounts.push((mount["mountPath"].as_str().unwrap().to_string(), local));
    }
    let args: Vec<String> = container["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    assert_eq!(args[0], "serve");
    for (flag, port) in [("--listen=", 15017), ("--admin-listen=", 15014)] {
        assert!(
            args.contains(&format!("{flag}0.0.0.0:{port}")),
            "{flag} in {args:?}"
        );
    }
    // The test's own loopback ports replace the container's; the mounted paths are local;
    // there is no cluster to watch here (the cluster e2e tests watch one).
    assert!(args.contains(&"--watch-cluster".to_string()), "{args:?}");
    let local_args: Vec<String> = args[1..]
        .iter()
        .filter(|a| !a.starts_with("--listen=") && !a.starts_with("--admin-listen="))
        .filter(|a| *a != "--watch-cluster")
        .map(|a| {
            mounts.iter().fold(a.clone(), |a, (path, local)| {
                a.replace(path.as_str(), &local.display().to_string())
            })
        })
        .collect();
    let local_args: Vec<&str> = local_args.iter().map(String::as_str).collect();
    let server = Server::start_on(&dir, free_port(), &local_args, &[]);

    let ca_pem = dir.join("tls/ca.crt");
    let bundle = base64::engine::general_purpose::STANDARD.encode(std::fs::read(&ca_pem).unwrap());
    for config in webhook_configurations(&docs) {
        for entry in config["webhooks"].as_array().unwrap() {
            assert_eq!(
                entry["clientConfig"]["caBundle"], bundle,
                "{} {}",
                config["metadata"]["name"], entry["name"]
            );
        }
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let tcp = tokio::net::TcpStream::connect(server.webhook)
            .await
            .unwrap();
        let name = rustls::pki_types::ServerName::try_from("needle.istio-system.svc").unwrap();
        connector(&ca_pem, false)
            .connect(name, tcp)
            .await
            .expect("the generated certificate verifies for the Service's name");
    });
}

/// The rules of the release's ClusterRole.
fn cluster_role_rules(docs: &[Value]) -> &[Value] {
    // A ClusterRole the values give no rule renders `rules:` (null): no permission.
    docs.iter()
        .find(|d| d["kind"] == "ClusterRole")
        .expect("a ClusterRole")["rules"]
        .as_array()
        .map_or(&[], Vec::as_slice)
}

/// The ClusterRole's rules for the core API group: each resource with its verbs.
fn core_resources(docs: &[Value]) -> Vec<String> {
    cluster_role_rules(docs)
        .iter()
        .filter(|r| r["apiGroups"] == serde_json::json!([""]))
        .map(|r| format!("{} {}", r["resources"], r["verbs"]))
        .collect()
}

/// Nodes are read only for `auto` native sidecars and Namespaces only on OpenShift, both only
/// with `--watch-cluster`: the ClusterRole grants exactly that.
#[test]
fn chart_rbac_grants_nodes_and_namespaces_only_where_read() {
    let nodes = r#"["nodes"] ["get","list","watch"]"#;
    let namespaces = r#"["namespaces"] ["get","list","watch"]"#;
    for (sets, want) in [
        (vec![], vec![nodes]),
        (vec!["serve.env.ENABLE_NATIVE_SIDECARS=auto"], vec![nodes]),
        (vec!["serve.env.ENABLE_NATIVE_SIDECARS=true"], vec![]),
        (vec!["serve.env.ENABLE_NATIVE_SIDECARS=false"], vec![]),
        (
            vec!["serve.env.PLATFORM=openshift"],
            vec![nodes, namespaces],
        ),
        (
            vec![
                "serve.env.PLATFORM=openshift",
                "serve.env.ENABLE_NATIVE_SIDECARS=false",
            ],
            vec![namespaces],
        ),
        (
            vec!["serve.watchCluster=false", "serve.env.PLATFORM=openshift"],
            vec![],
        ),
    ] {
        let mut args = flags(&["--namespace", "istio-system"]);
        for set in &sets {
            args.extend(flags(&["--set", set]));
        }
        let docs = render(&args).unwrap();
        assert_eq!(core_resources(&docs), want, "{sets:?}");
        let container =
            &find(&docs, "Deployment", "needle")["spec"]["template"]["spec"]["containers"][0];
        let watches = container["args"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("--watch-cluster"));
        assert_eq!(
            watches,
            !sets.contains(&"serve.watchCluster=false"),
            "{sets:?}"
        );
    }
}

/// The rules of the release's ClusterRole that grant `resource`.
fn cluster_role_rules_for(docs: &[Value], resource: &str) -> Vec<Value> {
    cluster_role_rules(docs)
        .iter()
        .filter(|r| {
            r["resources"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x == resource)
        })
        .cloned()
        .collect()
}

fn serve_args(docs: &[Value]) -> Vec<String> {
    find(docs, "Deployment", "needle")["spec"]["template"]["spec"]["containers"][0]["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

/// `serve.watchCluster` (on by default) runs `--watch-cluster` and grants reading ProxyConfig
/// resources; off, neither.
#[test]
fn chart_watch_cluster_grants_reading_proxy_configs_only_when_on() {
    let on = render(&flags(&[])).unwrap();
    assert!(serve_args(&on).contains(&"--watch-cluster".to_string()));
    assert_eq!(
        cluster_role_rules_for(&on, "proxyconfigs"),
        [serde_json::json!({"apiGroups": ["networking.istio.io"],
            "resources": ["proxyconfigs"], "verbs": ["get", "list", "watch"]})]
    );
    let off = render(&flags(&["--set", "serve.watchCluster=false"])).unwrap();
    assert!(!serve_args(&off).contains(&"--watch-cluster".to_string()));
    assert_eq!(
        cluster_role_rules_for(&off, "proxyconfigs"),
        Vec::<Value>::new()
    );
}

/// With the chart's own ConfigMaps (86c9f01's templates) needle answers as 86c9f01; on
/// istiod's ConfigMaps as the release their values name, unless `serve.istioRelease` says.
#[test]
fn chart_names_the_istio_release_for_its_own_configmaps_only() {
    let release = |set: &[&str]| -> Vec<String> {
        let mut args = vec!["--namespace", "istio-system"];
        for s in set {
            args.extend(["--set", s]);
        }
        serve_args(&render(&flags(&args)).unwrap())
            .into_iter()
            .filter(|a| a.starts_with("--istio-release"))
            .collect()
    };
    assert_eq!(release(&[]), ["--istio-release=86c9f01"]);
    assert!(release(&["useIstioConfigMaps=true"]).is_empty());
    assert_eq!(
        release(&["useIstioConfigMaps=true", "serve.istioRelease=1.29"]),
        ["--istio-release=1.29"]
    );
}

/// `rolloutOnConfigChange` rolls the pods with the chart's own ConfigMaps (their checksum
/// changes with them), and adds nothing by default or with istiod's ConfigMaps.
#[test]
fn chart_rolls_the_pods_on_a_config_change_when_asked() {
    let checksum = |extra: &[&str]| {
        let mut args = vec!["--namespace", "istio-system"];
        args.extend_from_slice(extra);
        let docs = render(&flags(&args)).unwrap();
        let template = &find(&docs, "Deployment", "needle")["spec"]["template"];
        template["metadata"]["annotations"]["checksum/config"]
            .as_str()
            .map(str::to_string)
    };
    assert_eq!(checksum(&[]), None);
    let on = ["--set", "rolloutOnConfigChange=true"];
    let first = checksum(&on).expect("a checksum annotation");
    assert_eq!(first.len(), 64);
    assert_eq!(
        checksum(&on).as_ref(),
        Some(&first),
        "the same inputs, the same checksum"
    );
    let edited = checksum(&[
        on[0],
        on[1],
        "--set",
        "global.hub=registry.example.com/istio",
    ]);
    assert!(
        edited.is_some_and(|c| c != first),
        "a values edit changes it"
    );
    let istiod = checksum(&[on[0], on[1], "--set", "useIstioConfigMaps=true"]);
    assert_eq!(
        istiod, None,
        "istiod's ConfigMaps are not the chart's to sum"
    );
}

/// The optional PrometheusRule carries the alerts docs/operations.md names, each on needle's
/// own metrics of the release's pods.
#[test]
fn chart_renders_the_alerts_when_asked() {
    let base = ["--namespace", "istio-system"];
    let docs = render(&flags(&base)).unwrap();
    assert!(!docs.iter().any(|d| d["kind"] == "PrometheusRule"));
    let docs = render(&flags(&[
        base[0],
        base[1],
        "--set",
        "prometheusRule.enabled=true",
    ]))
    .unwrap();
    let rule = find(&docs, "PrometheusRule", "needle");
    let rules = rule["spec"]["groups"][0]["rules"].as_array().unwrap();
    let alerts: Vec<(&str, &str)> = rules
        .iter()
        .map(|r| (r["alert"].as_str().unwrap(), r["expr"].as_str().unwrap()))
        .collect();
    let want = [
        ("NeedleConfigStale", "needle_config_stale{"),
        ("NeedleReplicasOutOfStep", "needle_config_info{"),
        ("NeedleCertificateExpiring", "< 604800"),
        ("NeedleWatchDown", "needle_watch_up{"),
        (
            "NeedleInjectionSlow",
            "sidecar_injection_time_seconds_bucket{",
        ),
    ];
    assert_eq!(alerts.len(), want.len(), "{alerts:?}");
    for ((alert, expr), (want_alert, want_expr)) in alerts.iter().zip(want) {
        assert_eq!(*alert, want_alert);
        assert!(expr.contains(want_expr), "{alert}: {expr}");
        assert!(
            expr.contains(r#"namespace="istio-system", pod=~"needle-.*""#),
            "{alert}: {expr}"
        );
    }
}

/// Every permission of the chart, per value set: exactly what the values turn on, nothing
/// for a feature that is off (each rule as `resource[names] verbs`, the ClusterRole's and the
/// Role's).
#[test]
fn chart_rbac_grants_exactly_what_the_values_turn_on() {
    let read = "[get,list,watch]";
    let watch_cluster = [format!("nodes {read}"), format!("proxyconfigs {read}")];
    let patch = [
        format!("mutatingwebhookconfigurations {read}"),
        format!("validatingwebhookconfigurations {read}"),
        "mutatingwebhookconfigurations[istio-sidecar-injector] [update]".to_string(),
        "validatingwebhookconfigurations[istio-validator-istio-system] [update]".to_string(),
    ];
    let dry_run = "gateways (Role) [create,update]".to_string();
    let events = "events (Role) [create,patch]".to_string();
    let with = |parts: &[&[String]]| -> Vec<String> {
        let mut all: Vec<String> = parts.iter().flat_map(|p| p.iter().cloned()).collect();
        all.sort();
        all
    };
    let table: Vec<(Vec<&str>, Vec<String>)> = vec![
        (
            vec![],
            with(&[&watch_cluster, std::slice::from_ref(&events)]),
        ),
        // No cluster client: nothing at all.
        (vec!["serve.watchCluster=false"], vec![]),
        (
            vec!["serve.patchWebhooks=true"],
            with(&[&watch_cluster, &patch, &[dry_run.clone(), events.clone()]]),
        ),
        // The values fix the validator's policy: needle never flips it, no dry run.
        (
            vec![
                "serve.patchWebhooks=true",
                "base.validationFailurePolicy=Fail",
            ],
            with(&[&watch_cluster, &patch, std::slice::from_ref(&events)]),
        ),
        // No validator of the chart's: none to update, no dry run (needle still watches
        // the revision's validators, which a tag may add).
        (
            vec![
                "serve.watchCluster=false",
                "serve.patchWebhooks=true",
                "global.configValidation=false",
            ],
            with(&[&patch[..3], std::slice::from_ref(&events)]),
        ),
    ];
    for (sets, want) in table {
        let mut args = flags(&["--namespace", "istio-system"]);
        for set in &sets {
            args.extend(flags(&["--set", set]));
        }
        let docs = render(&args).unwrap();
        let mut got: Vec<String> = Vec::new();
        for (kind, suffix) in [("ClusterRole", ""), ("Role", " (Role)")] {
            for doc in docs.iter().filter(|d| d["kind"] == kind) {
                for rule in doc["rules"].as_array().map_or(&[][..], Vec::as_slice) {
                    let list = |key: &str| -> Vec<String> {
                        rule[key]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(|v| v.as_str().unwrap().to_string())
                            .collect()
                    };
                    let names = list("resourceNames");
                    let names = match names.is_empty() {
                        true => String::new(),
                        false => format!("[{}]", names.join(",")),
                    };
                    for resource in list("resources") {
                        got.push(format!(
                            "{resource}{names}{suffix} [{}]",
                            list("verbs").join(",")
                        ));
                    }
                }
            }
        }
        got.sort();
        assert_eq!(got, want, "{sets:?}");
        let container =
            &find(&docs, "Deployment", "needle")["spec"]["template"]["spec"]["containers"][0];
        let has = |flag: &str| {
            container["args"]
                .as_array()
                .unwrap()
                .contains(&serde_json::json!(flag))
        };
        let patches = sets.contains(&"serve.patchWebhooks=true");
        assert_eq!(has("--patch-webhooks"), patches, "{sets:?}");
        let kept = patches && sets.contains(&"base.validationFailurePolicy=Fail");
        assert_eq!(has("--keep-validator-failure-policy"), kept, "{sets:?}");
    }
}

/// `revisions`: one Deployment running `needle serve --revisions` on each revision's istiod
/// ConfigMaps, mounted; per revision an injection webhook configuration on its own path, per
/// tag one on its revision's path; one validator selecting every revision and tag; the RBAC
/// to update exactly those; a wrong list refused. The single-revision renders do not change
/// (the other tests of this file).
#[test]
fn chart_serves_several_revisions_from_one_deployment() {
    let dir = common::server::temp_dir("chart-revisions");
    let values = dir.join("revisions.yaml");
    std::fs::write(
        &values,
        "revisions:\n- name: stable\n  istioRelease: \"1.30.3\"\n  tags: [prod]\n- name: canary\n  istioRelease: \"1.31\"\n",
    )
    .unwrap();
    let file = values.display().to_string();
    let chart = common::chart::chart_dir().display().to_string();
    run_helm(&["lint", "--strict", &chart, "-f", &file]).unwrap();
    let docs = render(&flags(&[
        "-n",
        "istio-system",
        "-f",
        &file,
        "--set",
        "serve.patchWebhooks=true",
    ]))
    .unwrap();
    let args = serve_args(&docs);
    assert!(
        args.contains(&"--revisions=/etc/needle/revisions/revisions.yaml".to_string()),
        "{args:?}"
    );
    assert!(
        !args
            .iter()
            .any(|a| a.starts_with("--revision=") || a.starts_with("--istio-release")),
        "{args:?}"
    );
    let listed = find(&docs, "ConfigMap", "needle-revisions")["data"]["revisions.yaml"]
        .as_str()
        .unwrap()
        .to_string();
    let listed = needle::core::compat::yaml::parse_one(&listed).unwrap();
    assert_eq!(listed["revisions"][0]["name"], "stable");
    assert_eq!(listed["revisions"][0]["istioRelease"], "1.30.3");
    assert_eq!(
        listed["revisions"][0]["injectConfigDir"],
        "/var/lib/needle/stable/inject"
    );
    assert_eq!(listed["revisions"][0]["tags"], serde_json::json!(["prod"]));
    assert_eq!(
        listed["revisions"][1]["meshConfigFile"],
        "/var/lib/needle/canary/mesh/mesh"
    );
    assert_eq!(
        mounted_configmaps(&docs, "needle"),
        [
            "needle-revisions",
            "istio-sidecar-injector-stable",
            "istio-stable",
            "istio-sidecar-injector-canary",
            "istio-canary"
        ]
    );
    for (name, path, selects) in [
        (
            "istio-sidecar-injector-stable",
            "/rev/stable/inject",
            "stable",
        ),
        ("istio-revision-tag-prod", "/rev/stable/inject", "prod"),
        (
            "istio-sidecar-injector-canary",
            "/rev/canary/inject",
            "canary",
        ),
    ] {
        let config = find(&docs, "MutatingWebhookConfiguration", name);
        for entry in config["webhooks"].as_array().unwrap() {
            assert_eq!(entry["clientConfig"]["service"]["path"], path, "{name}");
            assert_eq!(entry["clientConfig"]["service"]["name"], "needle", "{name}");
            assert!(
                entry
                    .to_string()
                    .contains(&format!("\"values\":[\"{selects}\"]")),
                "{name}: {entry}"
            );
        }
    }
    let validators: Vec<&Value> = docs
        .iter()
        .filter(|d| d["kind"] == "ValidatingWebhookConfiguration")
        .collect();
    assert_eq!(validators.len(), 1);
    let validator = validators[0];
    assert_eq!(
        validator["metadata"]["name"],
        "istio-validator-needle-istio-system"
    );
    assert_eq!(validator["metadata"]["labels"]["istio.io/rev"], "stable");
    assert_eq!(
        validator["webhooks"][0]["clientConfig"]["service"]["path"],
        "/validate"
    );
    assert_eq!(
        validator["webhooks"][0]["objectSelector"]["matchExpressions"][0]["values"],
        serde_json::json!(["stable", "prod", "canary"])
    );
    let updated: Vec<Value> = cluster_role_rules(&docs)
        .iter()
        .filter(|r| r["verbs"] == serde_json::json!(["update"]))
        .map(|r| r["resourceNames"].clone())
        .collect();
    assert_eq!(
        updated,
        [
            serde_json::json!([
                "istio-sidecar-injector-stable",
                "istio-revision-tag-prod",
                "istio-sidecar-injector-canary"
            ]),
            serde_json::json!(["istio-validator-needle-istio-system"])
        ]
    );
    for (bad, says) in [
        (
            "revision=x",
            "give either revisions or revision and revisionTags",
        ),
        ("revisions[1].tags={stable}", "\"stable\" is named twice"),
        ("revisions[1].name=Canary", "is not a revision name"),
    ] {
        let err = render(&flags(&["-n", "istio-system", "-f", &file, "--set", bad])).unwrap_err();
        assert!(err.contains(says), "{bad}: {err}");
    }
}
