//! The annotations Istio's templates before its quoting fix (istio#61215, after 1.31) write
//! into the rendered YAML unquoted: `sidecar.istio.io/proxyImage`, `logLevel`,
//! `componentLogLevel`, `agentLogLevel` and `bootstrapOverride`. On every release's stock
//! `sidecar` template of the corpus (and needle's own), a value with a line break is refused
//! with a message naming the annotation, and an ordinary value reaches the pod as before. And
//! needle's built-in templates, answering as each release of the corpus, read every other
//! value as that release's own text does (the YAML reader's reading of it unquoted).

mod common;

use common::golden_cases::{corpus_dir, corpus_releases, load_table};
use common::tally::Tally;
use needle::core::inject::Snapshot;
use needle::core::inject::admit::{Admission, Decision, Settings, admit};
use needle::core::inject::native::NativeMode;
use needle::core::inject::snapshot::TemplateSource;
use needle::core::release::Release;
use needle::sources::ConfigPaths;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Each annotation, an ordinary value, and the text the injected pod then carries.
const ORDINARY: [(&str, &str, &str); 5] = [
    (
        "proxyImage",
        "example.com/istio/proxyv2:custom",
        "\"example.com/istio/proxyv2:custom\"",
    ),
    ("logLevel", "debug", "--proxyLogLevel=debug"),
    (
        "componentLogLevel",
        "misc:error",
        "--proxyComponentLogLevel=misc:error",
    ),
    ("agentLogLevel", "debug", "--log_output_level=debug"),
    ("bootstrapOverride", "my-bootstrap", "\"my-bootstrap\""),
];

/// The sidecar templates to try: each release's stock config (its own text rendered) and
/// needle's embedded defaults.
fn configs() -> Vec<(String, ConfigPaths)> {
    let mut out = vec![(
        "needle's embedded defaults".to_string(),
        ConfigPaths::default(),
    )];
    for (name, dir) in corpus_releases() {
        let cfg = dir.join("cfg");
        out.push((
            format!("Istio {name}"),
            paths(
                cfg.join("config.yaml"),
                Some(cfg.join("values.json")),
                Some(cfg.join("mesh.yaml")),
            ),
        ));
    }
    let dir = corpus_dir().join("istio-templates");
    let mut seen = BTreeSet::new();
    for case in load_table(&dir.join("cases.yaml"), &dir) {
        let config = case
            .inject_config
            .clone()
            .expect("a template case has a config");
        if seen.insert(config.clone()) {
            let release = case
                .name
                .split('/')
                .next()
                .unwrap_or(&case.name)
                .to_string();
            out.push((
                release,
                paths(config, case.values.clone(), case.mesh.clone()),
            ));
        }
    }
    out
}

fn paths(config: PathBuf, values: Option<PathBuf>, mesh: Option<PathBuf>) -> ConfigPaths {
    ConfigPaths {
        templates: TemplateSource::Config,
        inject_config: Some(config),
        values,
        mesh,
        ..ConfigPaths::default()
    }
}

/// A hello pod, with one annotation when given.
fn hello(annotation: Option<(&str, &str)>) -> Value {
    let annotations: serde_json::Map<String, Value> = annotation
        .map(|(name, value)| (name.to_string(), json!(value)))
        .into_iter()
        .collect();
    json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "hello", "namespace": "default", "annotations": annotations},
        "spec": {"containers": [{"name": "hello", "image": "fake.docker.io/google-samples/hello-go-gke:1.0"}]}})
}

fn decide(snapshot: &Snapshot, pod: &Value) -> Decision {
    let settings = Settings {
        revision: "default".into(),
        native_sidecars: NativeMode::fixed(false),
        compliance_policy: String::new(),
        openshift: false,
        ..Settings::default()
    };
    let envs = BTreeMap::new();
    admit(
        snapshot,
        &settings,
        Admission::webhook(Cow::Borrowed(pod), "default", &envs),
    )
}

/// One template: each annotation with a line break is denied by name; each ordinary value is
/// injected into the pod, or, on the templates Istio cannot run on any pod (1.12 to 1.16 read
/// `.EstimatedConcurrency`), refused as the same pod without the annotation is.
fn one_template(snapshot: &Snapshot) -> Result<(), String> {
    let plain = match decide(snapshot, &hello(None)) {
        Decision::Injected(..) => None,
        other => Some(other.reason().to_string()),
    };
    for (annotation, value, shows) in ORDINARY {
        let name = format!("sidecar.istio.io/{annotation}");
        match decide(snapshot, &hello(Some((&name, &format!("{value}\nx: y"))))) {
            Decision::Denied(reason)
                if reason.to_string().contains(&format!(
                    "for annotation '{name}': value contains control characters"
                )) => {}
            other => {
                return Err(format!(
                    "{name} with a line break: {} ({})",
                    other.name(),
                    other.reason()
                ));
            }
        }
        match (decide(snapshot, &hello(Some((&name, value)))), &plain) {
            (Decision::Injected(injected, _), None) if injected.patch().contains(shows) => {}
            (Decision::Denied(reason), Some(plain)) if &reason.to_string() == plain => {}
            (other, _) => {
                return Err(format!(
                    "{name}: {value}: {} ({}); without it: {plain:?}",
                    other.name(),
                    other.reason()
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn line_breaks_in_unquoted_annotations_are_refused_on_every_release() {
    let mut tally = Tally::table("unquoted-annotations", "templates", 16);
    for (release, paths) in configs() {
        let outcome = paths
            .load()
            .map_err(|e| format!("loading: {e}"))
            .and_then(|snapshot| one_template(&snapshot));
        tally.record(&release, outcome);
    }
    tally.finish(|passed, total| {
        format!(
            "unquoted annotations: {passed}/{total} templates refuse a line break in each of the 5 and inject ordinary values"
        )
    });
}

/// Values YAML gives a meaning when they are written unquoted: a mapping, a comment, a number,
/// a boolean, null, quotes, escapes, flow collections, anchors and aliases, a block scalar.
const ODD_VALUES: [&str; 20] = [
    "debug: x", "debug #x", "x:", "123", "true", "null", "~", "'x'", "\"x\"", "a\"b", "a\\x41b",
    "a\\", "[x]", "{a: b}", "&x y", "*x", "- x", "|", " padded ", "%x",
];

/// The decision as comparable text: the injected pod, or that it was refused (the messages of
/// the two kinds of template differ: a render error against a YAML error).
fn outcome(snapshot: &Snapshot, pod: &Value) -> String {
    match decide(snapshot, pod) {
        Decision::Injected(injected, _) => match injected.into_pod() {
            Ok(pod) => pod.to_string(),
            Err(e) => format!("refused: {e}"),
        },
        Decision::Denied(_) => "refused".to_string(),
        Decision::Skipped(reason) => format!("skipped: {reason}"),
    }
}

#[test]
fn needles_templates_read_unquoted_values_as_each_releases_text_does() {
    let rendered = corpus_dir().join("istio-inject/rendered/default");
    let mut cfgs: Vec<(String, PathBuf)> = corpus_releases()
        .into_iter()
        .map(|(name, dir)| (name, dir.join("cfg")))
        .collect();
    cfgs.push(("86c9f01".into(), rendered));
    let (mut compared, mut refused) = (0, 0);
    for (release, cfg) in cfgs {
        let load = |templates| {
            ConfigPaths {
                templates,
                inject_config: Some(cfg.join("config.yaml")),
                values: Some(cfg.join("values.json")),
                mesh: Some(cfg.join("mesh.yaml")).filter(|m| m.is_file()),
                release: Release::parse(&release),
                ..ConfigPaths::default()
            }
            .load()
            .unwrap_or_else(|e| panic!("{release}: {e}"))
        };
        let (needle, config) = (load(TemplateSource::Needle), load(TemplateSource::Config));
        for (annotation, _, _) in ORDINARY {
            let name = format!("sidecar.istio.io/{annotation}");
            for odd in ODD_VALUES {
                // The image is written only when it names a registry.
                let value = match annotation {
                    "proxyImage" => format!("example.com/{odd}"),
                    _ => odd.to_string(),
                };
                let pod = hello(Some((&name, &value)));
                let (ours, theirs) = (outcome(&needle, &pod), outcome(&config, &pod));
                assert_eq!(ours, theirs, "{release}: {name}: {value:?}");
                compared += 1;
                refused += usize::from(theirs.starts_with("refused"));
            }
        }
    }
    println!(
        "unquoted values: {compared}/{compared} pods as each release's text ({refused} refused)"
    );
}
