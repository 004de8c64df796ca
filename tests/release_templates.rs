//! needle's built-in templates against each release's own stock texts, on what the releases'
//! `TestInjection` inputs leave out: for each release of the corpus (`istio-releases/`) and
//! 86c9f01 (`istio-inject/rendered/default`), each built-in template Istio's default profile
//! has, and a pod or configuration that makes one row of the release table show (a canonical
//! name ending in `_` or `--`, the `fips-140-3` compliance policy, a CRL ConfigMap name, an
//! init image of its own, an image type, OTel attribute enrichment), the pod injected with
//! `--templates needle` must be the pod injected with `--templates config` (the release's
//! text translated), or both refused. Prints `release templates: N/N pods as each release's
//! text`.

mod common;

use common::golden_cases::{corpus_dir, corpus_releases};
use needle::core::inject::Snapshot;
use needle::core::inject::admit::{Admission, Decision, Settings, admit};
use needle::core::inject::native::NativeMode;
use needle::core::inject::snapshot::{Source, Sources, TemplateSource, build};
use needle::core::release::Release;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One way to make a row show: what it does to the pod's labels and annotations, the
/// settings, the values and the mesh config.
struct Variation {
    name: &'static str,
    labels: &'static [(&'static str, &'static str)],
    annotations: &'static [(&'static str, &'static str)],
    compliance_policy: &'static str,
    values: fn(&mut Value),
    mesh_tail: &'static str,
}

const PLAIN: Variation = Variation {
    name: "plain",
    labels: &[],
    annotations: &[],
    compliance_policy: "",
    values: |_| {},
    mesh_tail: "",
};

const VARIATIONS: [Variation; 8] = [
    PLAIN,
    Variation {
        name: "canonical name ending in _",
        labels: &[("app", "shop_")],
        ..PLAIN
    },
    Variation {
        name: "canonical name ending in --",
        labels: &[("app", "shop--")],
        ..PLAIN
    },
    Variation {
        name: "fips-140-3",
        compliance_policy: "fips-140-3",
        ..PLAIN
    },
    Variation {
        name: "a CRL ConfigMap name",
        values: |v| v["pilot"]["crlConfigMapName"] = json!("custom-crl"),
        ..PLAIN
    },
    Variation {
        name: "an init image of its own",
        values: |v| v["global"]["proxy_init"]["image"] = json!("proxy-init-custom"),
        ..PLAIN
    },
    Variation {
        name: "an image type",
        annotations: &[("sidecar.istio.io/proxyImageType", "debug")],
        ..PLAIN
    },
    Variation {
        name: "OTel attribute enrichment",
        labels: &[("app.kubernetes.io/version", "v7")],
        mesh_tail: "\nextensionProviders:\n- name: otel\n  opentelemetry:\n    service: otel.example\n    port: 4317\n    serviceAttributeEnrichment: OTEL_SEMANTIC_CONVENTIONS\n",
        ..PLAIN
    },
];

/// The built-in templates of Istio's default profile.
const TEMPLATES: [&str; 4] = ["sidecar", "gateway", "grpc-agent", "grpc-simple"];

/// Each release's default ConfigMaps, oldest first, then 86c9f01's.
fn configs() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = corpus_releases()
        .into_iter()
        .map(|(name, dir)| (name, dir.join("cfg")))
        .collect();
    out.push((
        "86c9f01".into(),
        corpus_dir().join("istio-inject/rendered/default"),
    ));
    out
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn snapshot(
    release: &str,
    cfg: &std::path::Path,
    variation: &Variation,
    templates: TemplateSource,
) -> Snapshot {
    let config = read(cfg.join("config.yaml"));
    let mut values: Value = serde_json::from_str(&read(cfg.join("values.json"))).unwrap();
    (variation.values)(&mut values);
    let values = values.to_string();
    let mesh = read(cfg.join("mesh.yaml")) + variation.mesh_tail;
    build(Sources {
        config: Some(Source {
            name: "config.yaml",
            text: &config,
        }),
        values: Some(Source {
            name: "values.json",
            text: &values,
        }),
        mesh: Some(Source {
            name: "mesh.yaml",
            text: &mesh,
        }),
        templates,
        release: Release::parse(release),
        ..Sources::default()
    })
    .unwrap_or_else(|e| panic!("{release}, {}: {e}", variation.name))
}

fn pod(template: &str, variation: &Variation) -> Value {
    let mut labels = serde_json::Map::new();
    let mut annotations = serde_json::Map::new();
    annotations.insert("inject.istio.io/templates".into(), json!(template));
    for (k, v) in variation.labels {
        labels.insert(k.to_string(), json!(v));
    }
    for (k, v) in variation.annotations {
        annotations.insert(k.to_string(), json!(v));
    }
    json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "hello", "namespace": "default", "labels": labels, "annotations": annotations},
        "spec": {"containers": [{"name": "hello", "image": "fake.docker.io/hello:1.0",
            "ports": [{"containerPort": 80}]}]}})
}

/// The injected pod as text, or that it was refused (the two kinds of template word their
/// failures differently).
fn outcome(snapshot: &Snapshot, pod: &Value, native: bool, compliance_policy: &str) -> String {
    let settings = Settings {
        revision: "default".into(),
        native_sidecars: NativeMode::fixed(native),
        compliance_policy: compliance_policy.into(),
        openshift: false,
        ..Settings::default()
    };
    let envs = BTreeMap::new();
    let admission = Admission::webhook(Cow::Borrowed(pod), "default", &envs);
    match admit(snapshot, &settings, admission) {
        Decision::Injected(injected, _) => injected
            .into_pod()
            .map_or_else(|e| format!("refused: {e}"), |p| p.to_string()),
        Decision::Denied(_) => "refused".into(),
        Decision::Skipped(reason) => format!("skipped: {reason}"),
    }
}

#[test]
fn needles_templates_give_each_releases_stock_pods() {
    let mut compared = 0;
    for (release, cfg) in configs() {
        for variation in &VARIATIONS {
            let needle = snapshot(&release, &cfg, variation, TemplateSource::Needle);
            let config = snapshot(&release, &cfg, variation, TemplateSource::Config);
            for template in TEMPLATES {
                let pod = pod(template, variation);
                for native in [false, true] {
                    let policy = variation.compliance_policy;
                    let ours = outcome(&needle, &pod, native, policy);
                    let theirs = outcome(&config, &pod, native, policy);
                    assert_eq!(
                        ours, theirs,
                        "{release}, {template}, {}, native {native}",
                        variation.name
                    );
                    compared += 1;
                }
            }
        }
    }
    println!("release templates: {compared}/{compared} pods as each release's text");
}
