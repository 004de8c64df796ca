//! needle's Helm chart (`charts/needle`) and the helm binary `scripts/controlplane.sh` builds:
//! the value sets of the corpus's `istio-webhooks` renders, read from its README, and renders.
#![allow(dead_code)]

use super::golden_cases::corpus_dir;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn chart_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("charts/needle")
}

/// helm v3.22.0, as the corpus's renders were made with (built on first use).
pub fn helm() -> PathBuf {
    let helm = super::cluster::binaries().join("helm");
    assert!(helm.is_file(), "no helm at {}", helm.display());
    helm
}

/// One render of Istio's chart in the corpus: its file and the flags after the chart path.
pub struct ValueSet {
    pub file: String,
    pub flags: Vec<String>,
}

impl ValueSet {
    /// Istio's render: the documents of the corpus file.
    pub fn istio_documents(&self) -> Vec<Value> {
        let path = corpus_dir().join("istio-webhooks").join(&self.file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        super::yaml_documents(&text)
    }
}

/// The value sets of `istio-webhooks/README.md`, with the exact flags of each command.
pub fn value_sets() -> Vec<ValueSet> {
    let readme = corpus_dir().join("istio-webhooks/README.md");
    let text =
        std::fs::read_to_string(&readme).unwrap_or_else(|e| panic!("{}: {e}", readme.display()));
    let sets: Vec<ValueSet> = text
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let file = cells.get(1)?.strip_prefix('`')?.strip_suffix(".yaml`")?;
            let command = cells.get(2)?.trim_matches('`');
            let words = shell_words(command);
            // `helm template <release> <chart> ...`: the flags follow the chart path.
            (words.len() >= 4 && words[..2] == ["helm", "template"]).then(|| ValueSet {
                file: format!("{file}.yaml"),
                flags: words[4..].to_vec(),
            })
        })
        .collect();
    assert!(
        !sets.is_empty(),
        "{}: no `| file | helm command |` rows",
        readme.display()
    );
    sets
}

/// Split a command as a shell would, for the quoting the README uses (single quotes).
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => word.push(c),
        }
    }
    if any || !word.is_empty() {
        words.push(word);
    }
    words
}

/// Run helm, its cache, config and data in a directory of this test process's own (never the
/// user's); its stdout, or the command and its stderr.
pub fn run_helm(args: &[&str]) -> Result<String, String> {
    let home = super::server::temp_dir("helm");
    let out = Command::new(helm())
        .args(args)
        .env("HELM_CACHE_HOME", home.join("cache"))
        .env("HELM_CONFIG_HOME", home.join("config"))
        .env("HELM_DATA_HOME", home.join("data"))
        .output()
        .map_err(|e| format!("helm: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!(
            "helm {}: {}\n{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// `helm template` of needle's chart (release `needle`) with these flags: every document.
pub fn render(flags: &[String]) -> Result<Vec<Value>, String> {
    let chart = chart_dir().display().to_string();
    let mut args = vec!["template", "needle", chart.as_str()];
    args.extend(flags.iter().map(String::as_str));
    Ok(super::yaml_documents(&run_helm(&args)?))
}

/// The admission webhook configurations of a render.
pub fn webhook_configurations(docs: &[Value]) -> Vec<&Value> {
    docs.iter()
        .filter(|d| {
            matches!(
                d["kind"].as_str(),
                Some("MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration")
            )
        })
        .collect()
}
