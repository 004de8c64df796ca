//! `needle check-inject` as a user runs it offline: the real binary, the webhook
//! configurations of Istio's own chart renders (`../shared/corpus/istio-webhooks/`), namespace
//! and pod files. Outputs are compared byte for byte with istioctl's format (its coloured
//! table with forced ANSI codes and odd padding, its messages).

#[path = "../common/mod.rs"]
mod common;
mod errors;
mod explain;
mod matrix;
mod tables;
mod webhooks;

use common::golden_cases::corpus_dir;

use needle::core::compat::style_table::{self, Cell, Color};

use std::path::{Path, PathBuf};

use std::process::{Command, Output};

fn needle(args: &[&str]) -> Output {
    needle_with(args, &[])
}

/// `needle check-inject` with these environment variables set.
fn needle_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_needle"))
        .arg("check-inject")
        .args(args)
        // No cluster: every test reads files only, and must never reach a real one.
        .env("KUBECONFIG", "/nonexistent/kubeconfig")
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .env_remove("NEEDLE_INJECT_CONFIG_FILE")
        .env_remove("NEEDLE_VALUES_FILE")
        .env_remove("NEEDLE_MESH_CONFIG_FILE")
        .envs(env.iter().copied())
        .output()
        .expect("needle runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn webhooks(file: &str) -> String {
    corpus_dir()
        .join("istio-webhooks")
        .join(file)
        .display()
        .to_string()
}

/// A file with `text`, in a directory of its own (the tests run in parallel); both are removed
/// when it is dropped.
fn scratch(name: &str, text: &str) -> ScratchFile {
    let dir = common::server::temp_dir("check-inject");
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    ScratchFile { _dir: dir, path }
}

struct ScratchFile {
    _dir: common::server::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for ScratchFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The three values of each axis; `none` means the label is absent.
const INJECTION: [&str; 3] = ["enabled", "disabled", "none"];

const NS_REV: [&str; 4] = ["none", "default", "canary", "prod"];

const POD_INJECT: [&str; 3] = ["true", "false", "none"];

const POD_REV: [&str; 3] = ["none", "canary", "prod"];

/// Nine namespaces `ns-<istio-injection>-<istio.io/rev>` as `kubectl get ns -o yaml` prints
/// them (a `List`, with the name label the apiserver adds).
fn namespace_file() -> ScratchFile {
    let mut items = String::new();
    for inj in INJECTION {
        for rev in NS_REV {
            let name = format!("ns-{inj}-{rev}");
            items.push_str(&format!(
                "- apiVersion: v1\n  kind: Namespace\n  metadata:\n    name: {name}\n    labels:\n      kubernetes.io/metadata.name: {name}\n"
            ));
            if inj != "none" {
                items.push_str(&format!("      istio-injection: {inj}\n"));
            }
            if rev != "none" {
                items.push_str(&format!("      istio.io/rev: {rev}\n"));
            }
        }
    }
    scratch(
        "namespaces.yaml",
        &format!("apiVersion: v1\nkind: List\nitems:\n{items}metadata:\n  resourceVersion: \"\"\n"),
    )
}

/// Nine pods `pod-<sidecar.istio.io/inject>-<istio.io/rev>`, one YAML document each, without
/// a namespace (the argument's `.namespace` places them).
fn pod_file() -> ScratchFile {
    let mut docs = String::new();
    for inject in POD_INJECT {
        for rev in POD_REV {
            docs.push_str(&format!(
                "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-{inject}-{rev}\n  labels:\n    app: web\n"
            ));
            if inject != "none" {
                docs.push_str(&format!("    sidecar.istio.io/inject: \"{inject}\"\n"));
            }
            if rev != "none" {
                docs.push_str(&format!("    istio.io/rev: {rev}\n"));
            }
            docs.push_str("spec:\n  containers:\n  - name: app\n    image: app\n");
        }
    }
    scratch("pods.yaml", &docs)
}

/// A row's reason, abbreviated in the tables below and spelled out here as istioctl spells it:
/// `+` marks the webhook that injects; `-` is the webhook's own "no matching labels" text.
fn reason(abbrev: &str, no_match: &str) -> (bool, String) {
    let (injected, a) = match abbrev.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, abbrev),
    };
    let text = if a == "-" {
        no_match.to_string()
    } else if let Some(rest) = a.strip_prefix("ns ") {
        match rest.split_once(", pod ") {
            Some((n, p)) => format!("Namespace label {n} matches, and pod label {p} matches"),
            None => format!("Namespace label {rest} matches"),
        }
    } else if let Some(p) = a.strip_prefix("pod ") {
        format!("Pod label {p} matches")
    } else if let Some(p) = a.strip_prefix("has ") {
        format!("Pod has {p} label, preventing injection")
    } else if let Some(v) = a.strip_prefix("nshas ") {
        format!("Namespace has istio-injection={v} label, preventing injection")
    } else {
        panic!("unknown abbreviation {abbrev:?}")
    };
    (injected, text)
}

/// istioctl's full output for these rows (the table writer is checked against istioctl's own
/// writer test in `style_table`; the literal outputs below check the whole).
fn expected_output(webhooks: &[(&str, &str, &str)], abbrevs: &[&str]) -> String {
    let mut table = vec![vec![
        Cell::plain("WEBHOOK"),
        Cell::plain("REVISION"),
        Cell::plain("INJECTED"),
        Cell::plain("REASON"),
    ]];
    let mut injecting = 0;
    for ((name, rev, no_match), abbrev) in webhooks.iter().zip(abbrevs) {
        let (injected, text) = reason(abbrev, no_match);
        injecting += usize::from(injected);
        let mark = if injected {
            Cell::colored("✔", Color::Green)
        } else {
            Cell::colored("✘", Color::Red)
        };
        table.push(vec![
            Cell::plain(*name),
            Cell::plain(*rev),
            mark,
            Cell::plain(text),
        ]);
    }
    let mut out = style_table::render(&table);
    if injecting > 1 {
        out.push_str("ERROR: multiple webhooks will inject, which can lead to errors");
    }
    out
}

/// One render of the matrix: the webhook file, its Istio webhooks (name, revision, no-match
/// text) in name order, and per case (namespace istio-injection, namespace istio.io/rev, pod
/// sidecar.istio.io/inject, pod istio.io/rev) the reason of each webhook.
struct Matrix {
    file: &'static str,
    webhooks: &'static [(&'static str, &'static str, &'static str)],
    cases: &'static [(
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static [&'static str],
    )],
}

/// The matrix against Istio's own render of its value set.
fn run_matrix(m: &Matrix) {
    run_matrix_on(m, &webhooks(m.file), m.file);
}

/// The matrix against the webhook configurations of `file` (`what` names them in failures).
fn run_matrix_on(m: &Matrix, file: &str, what: &str) {
    let (nsf, podf) = (namespace_file(), pod_file());
    let whole = INJECTION.len() * NS_REV.len() * POD_INJECT.len() * POD_REV.len();
    assert_eq!(m.cases.len(), whole, "{what}: the whole matrix");
    let mut failures = Vec::new();
    for (inj, ns_rev, inject, pod_rev, abbrevs) in m.cases {
        let target = format!("pod-{inject}-{pod_rev}.ns-{inj}-{ns_rev}");
        let out = needle(&[
            &target,
            "--webhooks",
            file,
            "--namespace-file",
            path(&nsf),
            "--pod-file",
            path(&podf),
        ]);
        assert!(out.status.success(), "{what} {target}: {}", stderr(&out));
        let want = expected_output(m.webhooks, abbrevs);
        if stdout(&out) != want {
            failures.push(format!("{target}:\n got {:?}\nwant {want:?}", stdout(&out)));
        }
    }
    assert!(
        failures.is_empty(),
        "{what}: {} of {whole} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// needle's chart (`charts/needle`) rendered by helm with the flags of the corpus's render
/// `istio_file`: its webhook configurations, one JSON document each, in a file.
fn chart_webhooks(istio_file: &str) -> ScratchFile {
    let set = common::chart::value_sets()
        .into_iter()
        .find(|set| set.file == istio_file)
        .unwrap_or_else(|| panic!("no value set {istio_file} in the corpus README"));
    let docs = common::chart::render(&set.flags).unwrap();
    let configs = common::chart::webhook_configurations(&docs);
    assert!(
        !configs.is_empty(),
        "{istio_file}: the chart renders no webhooks"
    );
    let text: String = configs.iter().map(|c| format!("---\n{c}\n")).collect();
    scratch("chart-webhooks.yaml", &text)
}

/// The same matrix, the same expected answers, against needle's chart rendered for the same
/// values: its configurations and entries are named as Istio's (tests/chart.rs checks that
/// entry by entry), so every row, name and reason must be Istio's too.
fn run_matrix_on_chart(m: &Matrix) {
    let file = chart_webhooks(m.file);
    run_matrix_on(m, path(&file), &format!("charts/needle for {}", m.file));
}

/// The offline inputs of the matrix plus `extra` pods, and the arguments that name them.
fn offline(webhook_file: &str, files: &(ScratchFile, &Path)) -> Vec<String> {
    vec![
        "--webhooks".into(),
        webhooks(webhook_file),
        "--namespace-file".into(),
        path(&files.0).into(),
        "--pod-file".into(),
        path(files.1).into(),
    ]
}

fn run(target: &[&str], webhook_file: &str, pods: &Path) -> Output {
    let files = (namespace_file(), pods);
    let mut args: Vec<String> = target.iter().map(|s| s.to_string()).collect();
    args.extend(offline(webhook_file, &files));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    needle(&args)
}

const GREEN_MARK: &str = "\x1b[32m✔\x1b[0m";

const RED_MARK: &str = "\x1b[31m✘\x1b[0m";

/// Pods that selection or the injector treat beyond labels, for `--explain`; `kubectl get -o
/// yaml` shape (a `List`), with a Deployment whose pod exists only as its template.
const EXTRA_PODS: &str = r#"apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: opt-out
    annotations: {sidecar.istio.io/inject: "false"}
  spec: {containers: [{name: app, image: app}]}
- apiVersion: v1
  kind: Pod
  metadata: {name: host}
  spec: {hostNetwork: true, containers: [{name: app, image: app}]}
- apiVersion: v1
  kind: Pod
  metadata:
    name: bad-range
    annotations: {traffic.sidecar.istio.io/includeOutboundIPRanges: "1.1.1.1"}
  spec: {containers: [{name: app, image: app}]}
- apiVersion: v1
  kind: Pod
  metadata: {name: legacy, labels: {app: legacy}}
  spec: {containers: [{name: app, image: app}]}
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, namespace: ns-none-canary}
  spec:
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: app, image: app}]}
metadata: {resourceVersion: ""}
"#;

const ENABLED_ROW: &str = "WEBHOOK                 REVISION  INJECTED      REASON\n\
    istio-sidecar-injector  default   \x1b[32m✔\x1b[0m             Namespace label istio-injection=enabled matches\n";

fn explain(target: &[&str], extra: &[&str]) -> String {
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let out = run(
        &[target, &["--explain"], extra].concat(),
        "default.yaml",
        &pods,
    );
    assert!(out.status.success(), "{target:?}: {}", stderr(&out));
    stdout(&out)
}

fn explained(entry: &str, decision: &str, reason: &str, label: &str) -> String {
    format!(
        "{ENABLED_ROW}EXPLAIN istio-sidecar-injector (revision default, entry {entry}):\n  \
         decision: {decision}\n  reason:   {reason}\n  label:    {label}\n  \
         native:   off (auto, but no view of the cluster's nodes)\n  \
         release:  Istio 86c9f01 (from needle's embedded config)\n"
    )
}

const NS_ENTRY: &str = "namespace.sidecar-injector.istio.io";

/// A webhook configuration as a user writes it by hand, with Istio's entry name and rule and
/// these extra lines (YAML at the entry's indentation).
fn hand_made_webhook(extra: &str) -> ScratchFile {
    scratch(
        "hand-made.yaml",
        &format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\n\
             metadata: {{name: istio-sidecar-injector, labels: {{istio.io/rev: default}}}}\n\
             webhooks:\n- name: namespace.sidecar-injector.istio.io\n\
             \x20 clientConfig: {{service: {{name: istiod, namespace: istio-system, path: /inject}}}}\n\
             \x20 rules: [{{operations: [CREATE], apiGroups: [\"\"], apiVersions: [v1], resources: [pods]}}]\n\
             \x20 sideEffects: None\n  admissionReviewVersions: [v1]\n{extra}"
        ),
    )
}

fn explain_hand_made(extra: &str, target: &str) -> String {
    let webhook = hand_made_webhook(extra);
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let files = (namespace_file(), &*pods);
    let mut args = vec![target.to_string(), "--explain".into()];
    args.extend(offline(path(&webhook), &files));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = needle(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

fn failure(args: &[&str]) -> String {
    let out = needle(args);
    assert!(
        !out.status.success(),
        "{args:?} succeeded: {}",
        stdout(&out)
    );
    assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    stderr(&out)
}
