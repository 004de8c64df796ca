//! needle beside released istiods: for each Istio release of the corpus
//! (`istio-releases/<release>/`), that release's own `TestInjection` inputs through
//! `needle kube-inject --istio-release <release>` on that release's default ConfigMaps
//! (`cfg/`; their `global.tag` is `latest`), in both native-sidecar modes, compared with what
//! that release's istioctl printed, Go's printed zeros (`divisor: "0"`, `test: false`)
//! included, and the JSON texts embedded as strings (`PROXY_CONFIG`, `ISTIO_META_POD_PORTS`,
//! `proxy.istio.io/overrides`) byte for byte. Inputs istioctl refused must be refused with its
//! message. Each `--templates` mode runs every release: prints `goldens releases (templates
//! <mode>): <release> N/M (K embedded JSON texts byte for byte), ...`; cases that do not pass
//! yet are in `tests/known_failures.txt` (suite `goldens-releases-<mode>`).

mod common;

use common::exact_texts::exact_text_differences;
use common::golden_cases::{case_filter, corpus_releases};
use common::tally::Tally;
use common::{document_differences, semantic_with_go_zeros, yaml_documents};
use needle::cli::kube_inject::inject_stream;
use needle::core::inject::admit::Settings;
use needle::core::inject::native::NativeMode;
use needle::core::inject::replicas::{Bounds, ReplicaCache};
use needle::core::inject::snapshot::{TemplateOrigin, TemplateSource};
use needle::core::inject::workload::Offline;
use needle::core::release::Release;
use needle::sources::ConfigPaths;
use std::path::{Path, PathBuf};

fn inputs(release: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(release.join("inputs"))
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path()))
        .collect();
    out.sort();
    out
}

/// One input in one mode: needle's output against istioctl's (`native-<mode>/<input>`, and its
/// exit code in `.rc`).
fn one_case(run: &Offline, input: &Path, expected: &Path, texts: &mut usize) -> Result<(), String> {
    let text = std::fs::read_to_string(input).map_err(|e| e.to_string())?;
    let want = std::fs::read_to_string(expected).map_err(|e| e.to_string())?;
    let rc =
        std::fs::read_to_string(expected.with_extension("yaml.rc")).map_err(|e| e.to_string())?;
    let name = input.display().to_string();
    let got = inject_stream(&name, &text, run, &mut Vec::new()).map_err(|e| format!("{e:#}"));
    match (rc.trim(), got) {
        ("0", Ok(got)) => compare(&got, &want, texts),
        ("0", Err(e)) => Err(format!("istioctl injected it; needle: {e}")),
        (_, Ok(_)) => Err(format!(
            "istioctl refused it ({}); needle injected it",
            refusal(&want)
        )),
        (_, Err(e)) => {
            let missing: Vec<&str> = refusal(&want)
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !e.contains(l))
                .collect();
            match missing.is_empty() {
                true => Ok(()),
                false => Err(format!("needle's error {e:?} lacks istioctl's {missing:?}")),
            }
        }
    }
}

/// istioctl's message: what follows `Error: `, up to the template list it prints in Go's map
/// order (`; have ...`).
fn refusal(stderr: &str) -> &str {
    let message = stderr.split_once("Error: ").map_or(stderr, |(_, m)| m);
    message.split_once("; have ").map_or(message, |(m, _)| m)
}

/// The documents compared with Go's printed zeros, and the JSON texts embedded in them
/// (`common::exact_texts`) byte for byte; `texts` counts those that are the same.
fn compare(got: &str, want: &str, texts: &mut usize) -> Result<(), String> {
    let (got, want) = (yaml_documents(got), yaml_documents(want));
    let mut diffs = document_differences(&got, &want, semantic_with_go_zeros)?;
    let (same, text_diffs) = exact_text_differences(&got, &want);
    *texts += same;
    diffs.extend(text_diffs);
    match diffs.len() {
        0 => Ok(()),
        n => Err(format!(
            "{n} differences, the first: {}",
            diffs[..n.min(5)].join("; ")
        )),
    }
}

/// One release's cases through one template mode, tallied as `<release>/native-<mode>/<input>`.
fn release_cases(release: &str, dir: &Path, templates: TemplateSource, texts: &mut usize) -> Tally {
    let cfg = dir.join("cfg");
    let named = Release::parse(release).expect("a release folder's name");
    let snapshot = ConfigPaths {
        templates,
        inject_config: Some(cfg.join("config.yaml")),
        values: Some(cfg.join("values.json")),
        mesh: Some(cfg.join("mesh.yaml")),
        release: Some(named),
        ..ConfigPaths::default()
    }
    .load()
    .unwrap_or_else(|e| panic!("{release}'s cfg/: {e}"));
    assert_eq!(
        snapshot.release.describe(),
        format!("Istio {named} (from --istio-release)")
    );
    if templates == TemplateSource::Auto {
        // Its stock texts are recognised as its own, and needle's built-in templates stand in
        // for them.
        for name in ["sidecar", "gateway", "grpc-simple", "grpc-agent"] {
            assert_eq!(
                snapshot.template_origins[name],
                TemplateOrigin::NeedleForStock(named),
                "{release}'s {name}"
            );
        }
    }
    let filter = case_filter();
    let suite = format!("goldens-releases-{}", mode_name(templates));
    let mut tally = Tally::table(&suite, release, 192);
    for native in [false, true] {
        let settings = Settings {
            revision: "default".into(),
            native_sidecars: NativeMode::fixed(native),
            compliance_policy: String::new(),
            openshift: false,
            ..Settings::default()
        };
        // One replica cache for every input of the release, as one long-running
        // server would see them: equal pod templates of different inputs share answers.
        let replicas = ReplicaCache::new(Bounds::default());
        let run = Offline {
            snapshot: &snapshot,
            settings: &settings,
            proxy_configs: None,
            replicas: Some(&replicas),
        };
        for input in inputs(dir) {
            let file = input.file_name().unwrap().to_string_lossy().into_owned();
            let case = format!("native-{native}/{file}");
            if filter.as_ref().is_some_and(|f| !case.contains(f.as_str())) {
                continue;
            }
            let expected = dir.join(format!("native-{native}")).join(&file);
            tally.record(&case, one_case(&run, &input, &expected, texts));
        }
    }
    tally
}

fn mode_name(templates: TemplateSource) -> &'static str {
    match templates {
        TemplateSource::Auto => "auto",
        TemplateSource::Needle => "needle",
        TemplateSource::Config => "config",
    }
}

/// `auto`: the releases' stock texts, which needle's built-in templates stand in for (the
/// default); `needle`: needle's built-in templates for every template they name; `config`:
/// the releases' own texts translated, as written.
#[test]
fn goldens_corpus_releases() {
    let mut tallies = Vec::new();
    for templates in [
        TemplateSource::Auto,
        TemplateSource::Needle,
        TemplateSource::Config,
    ] {
        let mut lines = Vec::new();
        for (release, dir) in corpus_releases() {
            let mut texts = 0;
            let tally = release_cases(&release, &dir, templates, &mut texts);
            lines.push(format!(
                "{release} {}/{} ({texts} embedded JSON texts byte for byte)",
                tally.passed(),
                tally.total()
            ));
            tallies.push(tally);
        }
        println!(
            "goldens releases (templates {}): {}",
            mode_name(templates),
            lines.join(", ")
        );
    }
    for tally in tallies {
        tally.check();
    }
}
