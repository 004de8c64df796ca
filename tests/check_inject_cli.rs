//! `needle check-inject` as a user runs it offline: the real binary, the webhook
//! configurations of Istio's own chart renders (`../shared/corpus/istio-webhooks/`), namespace
//! and pod files. Outputs are compared byte for byte with istioctl's format (its coloured
//! table with forced ANSI codes and odd padding, its messages).

mod common;
#[path = "check_inject_cli/matrix.rs"]
mod matrix;

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

#[test]
fn matrix_default_revision() {
    run_matrix(&matrix::DEFAULT);
}

#[test]
fn matrix_canary_revision() {
    run_matrix(&matrix::CANARY);
}

#[test]
fn matrix_default_revision_with_tags() {
    run_matrix(&matrix::TAGS);
}

#[test]
fn matrix_canary_revision_with_tags() {
    run_matrix(&matrix::CANARY_TAGS);
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

#[test]
fn matrix_chart_default_revision() {
    run_matrix_on_chart(&matrix::DEFAULT);
}

#[test]
fn matrix_chart_canary_revision() {
    run_matrix_on_chart(&matrix::CANARY);
}

#[test]
fn matrix_chart_default_revision_with_tags() {
    run_matrix_on_chart(&matrix::TAGS);
}

#[test]
fn matrix_chart_canary_revision_with_tags() {
    run_matrix_on_chart(&matrix::CANARY_TAGS);
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

#[test]
fn one_webhook_byte_for_byte() {
    let out = run(
        &["pod-none-none.ns-enabled-none"],
        "default.yaml",
        &pod_file(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {GREEN_MARK}             Namespace label istio-injection=enabled matches\n"
        )
    );
}

/// Istio's chart with `revisionTags={prod,default}` and no `istioctl tag set default` to
/// deactivate the revision's own entries: two webhooks inject, and istioctl says so last,
/// without a newline.
#[test]
fn several_injecting_webhooks_end_with_istioctls_error() {
    let out = run(
        &["pod-none-none.ns-enabled-none"],
        "revision-tags.yaml",
        &pod_file(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                     REVISION  INJECTED      REASON\n\
             istio-revision-tag-default  default   {GREEN_MARK}             Namespace label istio-injection=enabled matches\n\
             istio-revision-tag-prod     default   {RED_MARK}             No matching namespace labels (istio.io/rev=prod) or pod labels (istio.io/rev=prod)\n\
             istio-sidecar-injector      default   {GREEN_MARK}             Namespace label istio-injection=enabled matches\n\
             ERROR: multiple webhooks will inject, which can lead to errors"
        )
    );
}

/// Only configurations with an entry named `...istio.io` are Istio's; the deactivated one
/// (`istioctl tag set default` rewrites its selectors to never match) says so.
#[test]
fn foreign_and_deactivated_webhooks() {
    let foreign = scratch(
        "foreign.yaml",
        "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\n\
         metadata: {name: other}\nwebhooks:\n- name: hook.example.com\n",
    );
    let files = (namespace_file(), pod_file());
    let base = [
        "pod-none-none.ns-enabled-none",
        "--namespace-file",
        path(&files.0),
        "--pod-file",
        path(&files.1),
    ];
    let out = needle(&[&base[..], &["--webhooks", path(&foreign)]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "ERROR: no Istio injection hooks present.\n");

    let never = "{matchLabels: {istio.io/deactivated: never-match}}";
    let deactivated = scratch(
        "deactivated.yaml",
        &format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\n\
             metadata: {{name: istio-sidecar-injector, labels: {{istio.io/rev: default}}}}\nwebhooks:\n\
             - name: namespace.sidecar-injector.istio.io\n  namespaceSelector: {never}\n  objectSelector: {never}\n"
        ),
    );
    let out = needle(&[&base[..], &["--webhooks", path(&deactivated)]].concat());
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {RED_MARK}             The injection webhook is deactivated, and will never match labels.\n"
        )
    );
}

/// `-l` checks labels in a namespace before any pod exists: only `k=v` pairs count, as in
/// istioctl (`ParseToLabelSelector(..).MatchLabels`).
#[test]
fn labels_flag() {
    let nsf = namespace_file();
    let out = needle(&[
        "-n",
        "ns-none-canary",
        "-l",
        "app=web,sidecar.istio.io/inject=false,tier in (a,b)",
        "--webhooks",
        &webhooks("revision-canary.yaml"),
        "--namespace-file",
        path(&nsf),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                        REVISION  INJECTED      REASON\n\
             istio-sidecar-injector-canary  canary    {RED_MARK}             Pod has sidecar.istio.io/inject=false label, preventing injection\n"
        )
    );
    let out = needle(&[
        "-l",
        "a>1",
        "--webhooks",
        &webhooks("default.yaml"),
        "--namespace-file",
        path(&nsf),
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("\"gt\" isn't supported in label selectors"),
        "{}",
        stderr(&out)
    );
}

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

/// Labels say the webhook is called; the injector's own rules then decide, as the server would.
#[test]
fn explain_runs_the_injectors_decision() {
    assert_eq!(
        explain(&["opt-out.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "skipped",
            "annotation sidecar.istio.io/inject=false",
            "opted_out"
        )
    );
    assert_eq!(
        explain(&["host.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "skipped",
            "pod uses host networking",
            "host_network"
        )
    );
    assert_eq!(
        explain(&["legacy.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "injected",
            "injection policy is enabled",
            "policy_enabled"
        )
    );
    assert_eq!(
        explain(&["bad-range.ns-enabled-none"], &[]),
        explained(
            NS_ENTRY,
            "denied",
            "failed to run injection template: 1 error occurred:\n\t* invalid value '1.1.1.1' \
             for annotation \
             'traffic.sidecar.istio.io/includeOutboundIPRanges': includeIPRanges invalid: failed \
             parsing cidr '1.1.1.1': netip.ParsePrefix(\"1.1.1.1\"): no '/'\n\n",
            "invalid_annotations"
        )
    );
}

/// Offline there is no node to look at: the environment alone decides, as for istioctl
/// without a cluster client.
#[test]
fn explain_says_whether_native_sidecars_are_on() {
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let files = (namespace_file(), &*pods);
    let mut args = vec!["legacy.ns-enabled-none".to_string(), "--explain".into()];
    args.extend(offline("default.yaml", &files));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    for (value, native) in [
        ("true", "on (ENABLE_NATIVE_SIDECARS=true)"),
        ("false", "off (ENABLE_NATIVE_SIDECARS=false)"),
        ("auto", "off (auto, but no view of the cluster's nodes)"),
        (
            "yes",
            "off (ENABLE_NATIVE_SIDECARS=\"yes\" is not true, false or auto)",
        ),
    ] {
        let out = needle_with(&args, &[("ENABLE_NATIVE_SIDECARS", value)]);
        assert!(out.status.success(), "{value}: {}", stderr(&out));
        let line = format!("\n  native:   {native}\n");
        assert!(stdout(&out).contains(&line), "{value}: {}", stdout(&out));
    }
}

/// The revision's injector config (the flags kube-inject takes): policy and selectors.
#[test]
fn explain_uses_the_given_injector_config() {
    let config = scratch(
        "inject-config.yaml",
        "policy: disabled\nneverInjectSelector:\n- matchLabels: {app: legacy}\n",
    );
    let flags = ["--injectConfigFile", path(&config)];
    assert_eq!(
        explain(&["legacy.ns-enabled-none"], &flags),
        explained(
            NS_ENTRY,
            "skipped",
            "pod labels match neverInjectSelector[0]",
            "never_inject_selector"
        )
    );
    assert_eq!(
        explain(&["host.ns-enabled-none"], &flags),
        explained(
            NS_ENTRY,
            "skipped",
            "pod uses host networking",
            "host_network"
        )
    );
    // `-l`: a pod with only these labels, which the disabled policy leaves alone.
    let labels = ["-n", "ns-enabled-none", "-l", "app=web"];
    assert_eq!(
        explain(&labels[..], &flags),
        explained(
            NS_ENTRY,
            "skipped",
            "injection policy is disabled and the pod does not opt in",
            "policy_disabled"
        )
    );
}

#[test]
fn explain_when_no_webhook_selects_the_pod() {
    let out = explain(&["opt-out.ns-none-none"], &[]);
    assert!(
        out.ends_with(
            "EXPLAIN no injection webhook selects the pod: the apiserver creates it without \
             calling an injector, so it is not injected\n"
        ),
        "{out}"
    );
}

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

/// Found on a real node: a namespaceSelector of matchLabels only. istioctl's table (kept as
/// it is) finds no label to name and says ✘; the apiserver calls the webhook, and so the
/// explanation runs the injection and says that the table disagrees.
#[test]
fn explain_judges_match_labels_as_the_apiserver_does() {
    let out = explain_hand_made(
        "  namespaceSelector: {matchLabels: {istio-injection: enabled}}\n",
        "legacy.ns-enabled-none",
    );
    assert_eq!(
        out,
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {RED_MARK}             No matching namespace labels () or pod labels ()\n\
             EXPLAIN istio-sidecar-injector: the table's ✘ follows istioctl, but the apiserver \
             calls entry namespace.sidecar-injector.istio.io: its rules, selectors and \
             matchConditions all match this pod CREATE\n\
             EXPLAIN istio-sidecar-injector (revision default, entry namespace.sidecar-injector.istio.io):\n  \
             decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  \
             native:   off (auto, but no view of the cluster's nodes)\n  \
             release:  Istio 86c9f01 (from needle's embedded config)\n"
        )
    );
    // In a namespace without the label the apiserver does not call it either.
    let out = explain_hand_made(
        "  namespaceSelector: {matchLabels: {istio-injection: enabled}}\n",
        "legacy.ns-none-none",
    );
    assert!(
        out.ends_with("EXPLAIN no injection webhook selects the pod: the apiserver creates it without calling an injector, so it is not injected\n"),
        "{out}"
    );
}

/// The table says ✔ on labels alone; the apiserver's rules and matchConditions say more, and
/// what cannot be known offline is named on one line with webhook, entry and expression.
#[test]
fn explain_reads_rules_and_match_conditions() {
    let selector = "  namespaceSelector: {matchExpressions: [{key: istio-injection, operator: In, values: [enabled]}]}\n";
    let out = explain_hand_made(
        &format!(
            "{selector}  matchConditions:\n  - {{name: web, expression: \"object.metadata.labels['app'] == 'web'\"}}\n"
        ),
        "legacy.ns-enabled-none",
    );
    assert!(
        out.ends_with(
            "EXPLAIN istio-sidecar-injector: the table's ✔ follows istioctl, but the apiserver \
             does not call entry namespace.sidecar-injector.istio.io: its matchConditions[0] \
             \"web\" `object.metadata.labels['app'] == 'web'` is false\n\
             EXPLAIN no injection webhook selects the pod: the apiserver creates it without \
             calling an injector, so it is not injected\n"
        ),
        "{out}"
    );
    let out = explain_hand_made(
        &format!(
            "{selector}  matchConditions:\n  - {{name: admins, expression: \"request.userInfo.username != 'admin'\"}}\n"
        ),
        "legacy.ns-enabled-none",
    );
    assert!(
        out.ends_with(
            "EXPLAIN istio-sidecar-injector (entry namespace.sidecar-injector.istio.io): cannot \
             tell offline whether the apiserver calls it: its matchConditions[0] \"admins\" \
             `request.userInfo.username != 'admin'` reads request.userInfo, which check-inject \
             cannot know offline; the table's ✔ follows istioctl, which reads only the selectors\n\
             EXPLAIN no other injection webhook selects the pod\n"
        ),
        "{out}"
    );
    let out = explain_hand_made(
        &format!(
            "{selector}  rules: [{{operations: [UPDATE], apiGroups: [\"\"], apiVersions: [v1], resources: [pods]}}]\n"
        ),
        "legacy.ns-enabled-none",
    );
    assert!(
        out.contains(
            "EXPLAIN istio-sidecar-injector: the table's ✔ follows istioctl, but the apiserver \
             does not call entry namespace.sidecar-injector.istio.io: its rules do not cover a pod CREATE\n"
        ),
        "{out}"
    );
}

/// On Istio's own renders the table and the apiserver agree for every case of the matrix:
/// `--explain` runs the injection once per ✔ row and adds no disagreement.
#[test]
fn explain_agrees_with_the_table_on_istios_renders() {
    let (nsf, podf) = (namespace_file(), pod_file());
    let mut failures = Vec::new();
    for m in [
        &matrix::DEFAULT,
        &matrix::CANARY,
        &matrix::TAGS,
        &matrix::CANARY_TAGS,
    ] {
        for (inj, ns_rev, inject, pod_rev, _) in m.cases {
            let target = format!("pod-{inject}-{pod_rev}.ns-{inj}-{ns_rev}");
            let file = webhooks(m.file);
            let out = needle(&[
                &target,
                "--explain",
                "--webhooks",
                &file,
                "--namespace-file",
                path(&nsf),
                "--pod-file",
                path(&podf),
            ]);
            assert!(out.status.success(), "{target}: {}", stderr(&out));
            let out = stdout(&out);
            let ticks = out.matches(GREEN_MARK).count();
            let runs = out.matches("\n  decision: ").count();
            let odd = out.contains("follows istioctl") || out.contains("cannot tell");
            if ticks != runs || odd {
                failures.push(format!("{} {target}:\n{out}", m.file));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `deployment/web` offline: the Deployment's pod template, in the Deployment's namespace.
#[test]
fn deployment_resolves_to_its_pod_template() {
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let out = run(
        &["deployment/web", "--explain"],
        "revision-canary.yaml",
        &pods,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                        REVISION  INJECTED      REASON\n\
             istio-sidecar-injector-canary  canary    {GREEN_MARK}             Namespace label istio.io/rev=canary matches\n\
             EXPLAIN istio-sidecar-injector-canary (revision canary, entry rev.namespace.sidecar-injector.istio.io):\n  \
             decision: injected\n  reason:   injection policy is enabled\n  label:    policy_enabled\n  \
             native:   off (auto, but no view of the cluster's nodes)\n  \
             release:  Istio 86c9f01 (from needle's embedded config)\n"
        )
    );
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

#[test]
fn wrong_arguments_get_istioctls_usage_error() {
    let want = "error: check-inject requires only [<resource-type>/]<resource-name>[.<namespace>], or specify labels flag\n";
    for args in [&[][..], &["a", "b"][..]] {
        let err = failure(args);
        assert!(err.starts_with("Usage: needle check-inject"), "{err}");
        assert!(err.ends_with(want), "{err}");
    }
}

#[test]
fn bad_inputs_name_the_file() {
    let (nsf, podf) = (namespace_file(), pod_file());
    let wh = webhooks("default.yaml");
    let with = |pods: &str, target: &str| {
        failure(&[
            target,
            "--webhooks",
            &wh,
            "--namespace-file",
            path(&nsf),
            "--pod-file",
            pods,
        ])
    };
    let err = failure(&[
        "pod-none-none.ns-enabled-none",
        "--webhooks",
        "/nonexistent/webhooks.yaml",
        "--namespace-file",
        path(&nsf),
        "--pod-file",
        path(&podf),
    ]);
    assert!(
        err.starts_with("error: cannot read /nonexistent/webhooks.yaml: "),
        "{err}"
    );

    let broken = scratch(
        "broken.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: x\n",
    );
    let err = with(path(&broken), "x.ns-enabled-none");
    assert!(
        err.starts_with(&format!(
            "error: {}: document 0 (starting at line 1): invalid YAML: ",
            broken.display()
        )),
        "{err}"
    );
    assert!(err.contains("line 3"), "{err}");

    let err = with(path(&podf), "nothere.ns-enabled-none");
    assert_eq!(
        err,
        format!(
            "error: {}: no Pod \"nothere\" in namespace \"ns-enabled-none\"\n",
            podf.display()
        )
    );

    let err = with(path(&podf), "pod-none-none.ghost");
    assert_eq!(
        err,
        format!("error: {}: no Namespace \"ghost\"\n", nsf.display())
    );

    let err = with(path(&podf), "frob/x.ns-enabled-none");
    assert_eq!(
        err,
        "error: failed retrieving: the server doesn't have a resource type \"frob\" in the \"ns-enabled-none\" namespace\n"
    );

    let scalar = scratch("scalar.yaml", "just text\n");
    let err = with(path(&scalar), "x.ns-enabled-none");
    assert!(
        err.contains("scalar.yaml: document 0 (starting at line 1): expected a Kubernetes object"),
        "{err}"
    );
}

/// Without files, the cluster is read; with none reachable the error says which inputs
/// could have come from files instead.
#[test]
fn no_cluster_and_no_files() {
    let err = failure(&["pod-x.ns"]);
    assert!(
        err.starts_with("error: check-inject reads the cluster for every input not given as a file (--webhooks, --namespace-file, --pod-file): "),
        "{err}"
    );
}

/// A hand-written namespace has no `kubernetes.io/metadata.name` label; the apiserver would
/// add it, and Istio's `auto.` webhook (`enableNamespacesByDefault`) selects on it.
#[test]
fn namespaces_by_default_see_the_name_label_the_apiserver_adds() {
    let nsf = scratch(
        "plain-ns.yaml",
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n",
    );
    let out = needle(&[
        "pod-none-none.shop",
        "--webhooks",
        &webhooks("enable-namespaces-by-default.yaml"),
        "--namespace-file",
        path(&nsf),
        "--pod-file",
        path(&pod_file()),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "WEBHOOK                 REVISION  INJECTED      REASON\n\
             istio-sidecar-injector  default   {GREEN_MARK}             Namespace label kubernetes.io/metadata.name=shop matches (Automatic injection is enabled in all namespaces).\n"
        )
    );
}

/// `--explain` reads ProxyConfig resources as kube-inject does: good ones change nothing in the
/// decision, a bad one is an error that names the file, the document and the field.
#[test]
fn explain_reads_proxy_config_files() {
    let good = scratch(
        "proxy-configs.yaml",
        "apiVersion: networking.istio.io/v1beta1\nkind: ProxyConfig\n\
         metadata: {name: mesh-wide, namespace: istio-system}\nspec: {concurrency: 2}\n",
    );
    assert_eq!(
        explain(
            &["legacy.ns-enabled-none"],
            &["--proxyConfigFile", path(&good)]
        ),
        explained(
            NS_ENTRY,
            "injected",
            "injection policy is enabled",
            "policy_enabled"
        )
    );
    let bad = scratch(
        "bad-proxy-configs.yaml",
        "apiVersion: networking.istio.io/v1beta1\nkind: ProxyConfig\n\
         metadata: {name: mesh-wide, namespace: istio-system}\nspec: {concurrency: two}\n",
    );
    let pods = scratch("extra-pods.yaml", EXTRA_PODS);
    let out = run(
        &[
            "legacy.ns-enabled-none",
            "--explain",
            "--proxyConfigFile",
            path(&bad),
        ],
        "default.yaml",
        &pods,
    );
    assert!(!out.status.success());
    let want = format!(
        "{}: document 0 (starting at line 1): ProxyConfig istio-system/mesh-wide: spec: concurrency: ",
        bad.display()
    );
    assert!(stderr(&out).contains(&want), "{}", stderr(&out));
}
