//! Istio's injection goldens (`TestInjection`, the corpus's `istio-inject/cases.yaml`), each
//! case on its own settings, through the two paths Istio's test runs, in both template modes:
//! - kube-inject: the input file through `needle kube-inject`'s code path, compared with the
//!   golden;
//! - webhook: each pod of the input through the admission function as the server runs it
//!   (revision `default`), the JSON patch applied and compared with the golden's pod as Istio
//!   compares it (with its `idempotency` subtest);
//! - re-injection: the injected pod admitted again must come back unchanged. Where Istio's
//!   own injector changes such a pod (it renders its template again over containers the user
//!   supplied), needle does the same: those cases are listed in `tests/known_failures.txt`;
//! - audit: `needle audit` must find both the pod it injected and the golden's pod
//!   (istiod's injection) the same;
//! - exact texts: in both paths, the JSON texts embedded as strings (`PROXY_CONFIG`,
//!   `ISTIO_META_POD_PORTS`, `proxy.istio.io/overrides`; `common::exact_texts`) must be the
//!   golden's byte for byte (suite `goldens-exact`), which the semantic comparison, parsing
//!   them, cannot tell.
//!
//! The HTTPS path is in `server_tls.rs`. `NEEDLE_CASE=<part of a name>` runs some cases only.
//! Cases that do not pass yet are listed, with the reason, in `tests/known_failures.txt`.

mod common;

use common::exact_texts::exact_text_differences;
use common::golden_cases::{
    CaseSpec, corpus_dir, injectable_documents, istio_inject_cases, load_table,
    openshift_namespace, snapshot_for, webhook_differences, webhook_pod,
};
use common::tally::Tally;
use common::{differences, document_differences, semantic, yaml_documents};
use needle::cli::kube_inject::inject_stream;
use needle::core::audit::{Finding, audit, injected_revision};
use needle::core::inject::admit::{Admission, Decision, admit};
use needle::core::inject::replicas::{Bounds, ReplicaCache};
use needle::core::inject::snapshot::TemplateSource;
use needle::core::inject::workload::Offline;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

fn mode_name(templates: TemplateSource) -> &'static str {
    match templates {
        TemplateSource::Auto => "auto",
        TemplateSource::Needle => "needle",
        TemplateSource::Config => "config",
    }
}

/// How a case's embedded JSON texts (`common::exact_texts`) compare with the golden's, byte
/// for byte: how many are the same, and each that is not.
#[derive(Default)]
struct ExactTexts {
    same: usize,
    diffs: Vec<String>,
}

impl ExactTexts {
    fn of(got: &[Value], want: &[Value]) -> Self {
        let (same, diffs) = exact_text_differences(got, want);
        Self { same, diffs }
    }

    fn add(&mut self, other: ExactTexts) {
        self.same += other.same;
        self.diffs.extend(other.diffs);
    }

    fn outcome(&self) -> Result<(), String> {
        first_differences(self.diffs.clone())
    }
}

/// The fewest cases of the corpus's TestInjection goldens (istio-inject/cases.yaml): as
/// istioctl kube-inject, as the webhook, and of those the webhook injects.
const KUBE_INJECT_CASES: usize = 125;
const WEBHOOK_CASES: usize = 120;
const INJECTED_WEBHOOK_CASES: usize = 117;

/// Record each case's exact-text comparison (suite `goldens-exact`, table `<path>-<mode>`)
/// and print how many cases and texts matched.
struct ExactTally {
    tally: Tally,
    texts: usize,
}

impl ExactTally {
    fn new(table: &str, at_least: usize) -> Self {
        Self {
            tally: Tally::table("goldens-exact", table, at_least),
            texts: 0,
        }
    }

    fn record(&mut self, case: &str, exact: &ExactTexts) {
        self.texts += exact.same;
        self.tally.record(case, exact.outcome());
    }

    fn finish(self, what: &str) {
        let texts = self.texts;
        self.tally.finish(|n, m| {
            format!("goldens exact texts ({what}): {n}/{m} cases, {texts} texts byte for byte")
        });
    }
}

fn kube_inject_case(case: &CaseSpec, templates: TemplateSource) -> Result<(), String> {
    kube_inject_compared(case, templates).and_then(|(golden, exact)| golden.and(exact.outcome()))
}

/// The kube-inject path of a case: the semantic comparison with the golden, and the exact
/// one of the embedded texts.
fn kube_inject_compared(
    case: &CaseSpec,
    templates: TemplateSource,
) -> Result<(Result<(), String>, ExactTexts), String> {
    let snapshot = snapshot_for(case, templates)?;
    let settings = case.settings("");
    // As `needle kube-inject` runs: with its replica cache.
    let replicas = ReplicaCache::new(Bounds::default());
    let run = Offline {
        snapshot: &snapshot,
        settings: &settings,
        proxy_configs: None,
        replicas: Some(&replicas),
    };
    let name = case.input.display().to_string();
    let result = inject_stream(&name, &case.input_text(), &run, &mut Vec::new());
    if let Some(want) = &case.expected_error {
        let golden = match result {
            Err(e) if format!("{e:#}").to_lowercase().contains(want.as_str()) => Ok(()),
            Err(e) => Err(format!("error {e:#} does not contain {want:?}")),
            Ok(_) => Err(format!("expected an error containing {want:?}")),
        };
        return Ok((golden, ExactTexts::default()));
    }
    let got = yaml_documents(&result.map_err(|e| format!("{e:#}"))?);
    let want = case.golden_documents();
    let diffs = document_differences(&got, &want, semantic)?;
    Ok((first_differences(diffs), ExactTexts::of(&got, &want)))
}

/// What the webhook path found for one case: the comparison with the golden (with Istio's
/// `idempotency` subtest, the same comparison without `ISTIO_METAJSON_ANNOTATIONS`), and
/// whether admitting the injected pod again gives it back unchanged, and whether
/// `needle audit` finds the injected pod the same.
struct WebhookOutcome {
    golden: Result<(), String>,
    exact: ExactTexts,
    reinjection: Result<(), String>,
    /// `None` when the webhook injected none of the case's pods.
    audit: Option<Result<(), String>>,
    /// Whether `needle audit` finds the golden's pods (istiod's injection) the same; `None`
    /// when the golden has no injected pod.
    audit_istiod: Option<Result<(), String>>,
}

fn webhook_case(case: &CaseSpec, templates: TemplateSource) -> WebhookOutcome {
    match webhook_pods(case, templates) {
        Ok(pods) => {
            let (mut golden, mut reinjection, mut audit) = (Vec::new(), Vec::new(), Vec::new());
            let mut exact = ExactTexts::default();
            let (mut audited_any, mut audited_istiod_any) = (false, false);
            let mut audit_istiod = Vec::new();
            for WebhookPod {
                part,
                got,
                want,
                again,
                audited,
                audited_istiod,
            } in pods
            {
                let mut texts =
                    ExactTexts::of(std::slice::from_ref(&got), std::slice::from_ref(&want));
                for diff in &mut texts.diffs {
                    *diff = format!("{part} {diff}");
                }
                exact.add(texts);
                let diffs = webhook_differences(&got, &want, &part);
                if diffs.is_empty() {
                    golden.extend(webhook_differences(
                        &without_metajson_annotations(&got),
                        &without_metajson_annotations(&want),
                        &format!("{part} idempotency"),
                    ));
                }
                golden.extend(diffs);
                match again {
                    Ok(again) => differences(
                        &semantic(&again),
                        &semantic(&got),
                        &format!("{part} re-injected"),
                        &mut reinjection,
                    ),
                    Err(e) => reinjection.push(format!("{part} re-injected: {e}")),
                }
                audited_any |= audited.is_some();
                if let Some(audited) = audited
                    && audited != Finding::Same
                {
                    audit.push(format!("{part} audited: {audited:?}"));
                }
                audited_istiod_any |= audited_istiod.is_some();
                if let Some(audited) = audited_istiod
                    && audited != Finding::Same
                {
                    audit_istiod.push(format!("{part} (istiod's) audited: {audited:?}"));
                }
            }
            WebhookOutcome {
                golden: first_differences(golden),
                exact,
                reinjection: first_differences(reinjection),
                audit: audited_any.then(|| first_differences(audit)),
                audit_istiod: audited_istiod_any.then(|| first_differences(audit_istiod)),
            }
        }
        Err(e) => WebhookOutcome {
            golden: Err(e.clone()),
            exact: ExactTexts {
                same: 0,
                diffs: vec![e.clone()],
            },
            reinjection: Err(e.clone()),
            audit: Some(Err(e.clone())),
            audit_istiod: Some(Err(e)),
        },
    }
}

/// One pod of the input: the pod the webhook's patch gives, the golden's pod, the result of
/// admitting the injected pod once more, and what auditing the injected pod finds.
struct WebhookPod {
    part: String,
    got: Value,
    want: Value,
    again: Result<Value, String>,
    /// `None` for a pod the webhook did not inject (nothing to audit).
    audited: Option<Finding>,
    /// What auditing the golden's pod finds; `None` for a pod istiod did not inject.
    audited_istiod: Option<Finding>,
}

fn webhook_pods(case: &CaseSpec, templates: TemplateSource) -> Result<Vec<WebhookPod>, String> {
    let snapshot = snapshot_for(case, templates)?;
    let settings = case.settings("default");
    let namespace = openshift_namespace();
    let inputs = injectable_documents(&yaml_documents(&case.input_text()));
    let wants = injectable_documents(&case.golden_documents());
    if inputs.len() != wants.len() {
        return Err(format!(
            "{} pods in the input, {} in the golden",
            inputs.len(),
            wants.len()
        ));
    }
    let envs = BTreeMap::new();
    // As `needle serve` runs: with its replica cache.
    let replicas = ReplicaCache::new(Bounds::default());
    let mut out = Vec::new();
    for (i, (input, want)) in inputs.iter().zip(&wants).enumerate() {
        let part = format!("yamlPart[{i}]");
        let request_namespace = input
            .pointer("/metadata/namespace")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let openshift_namespace = (case.platform == "openshift").then_some(&namespace);
        let admission = |pod| Admission {
            openshift_namespace,
            replicas: Some(&replicas),
            ..Admission::webhook(Cow::Borrowed(pod), request_namespace, &envs)
        };
        let got = webhook_pod(input);
        let got = admitted(admit(&snapshot, &settings, admission(&got)), &got)
            .map_err(|e| format!("{part}: {e}"))?;
        let again = admitted(admit(&snapshot, &settings, admission(&got)), &got);
        let audited =
            injected_revision(&got).map(|_| audit(&snapshot, &settings, &admission(&got)));
        let want = webhook_pod(want);
        let audited_istiod =
            injected_revision(&want).map(|_| audit(&snapshot, &settings, &admission(&want)));
        out.push(WebhookPod {
            part,
            got,
            want,
            again,
            audited,
            audited_istiod,
        });
    }
    Ok(out)
}

fn without_metajson_annotations(pod: &Value) -> Value {
    let mut pod = pod.clone();
    for c in pod
        .pointer_mut("/spec/containers")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
    {
        if let Some(env) = c.get_mut("env").and_then(Value::as_array_mut) {
            env.retain(|e| e["name"] != "ISTIO_METAJSON_ANNOTATIONS");
        }
    }
    pod
}

/// The pod after the webhook's answer: patched when injected, as sent when skipped.
fn admitted(decision: Decision, pod: &Value) -> Result<Value, String> {
    match decision {
        Decision::Injected(injected, _) => common::apply_patch(pod, &injected.patch())
            .map_err(|e| format!("patch does not apply: {e}")),
        Decision::Skipped(_) => Ok(pod.clone()),
        Decision::Denied(reason) => Err(format!("denied: {reason}")),
    }
}

fn first_differences(diffs: Vec<String>) -> Result<(), String> {
    if diffs.is_empty() {
        return Ok(());
    }
    Err(diffs
        .into_iter()
        .take(6)
        .collect::<Vec<_>>()
        .join("\n      "))
}

fn kube_inject_suite(templates: TemplateSource) {
    let mode = mode_name(templates);
    let mut tally = Tally::new(&format!("goldens-kube-inject-{mode}"), KUBE_INJECT_CASES);
    let mut exact = ExactTally::new(&format!("kube-inject-{mode}"), KUBE_INJECT_CASES);
    for case in istio_inject_cases().iter().filter(|c| !c.skip_kube_inject) {
        let (golden, texts) = match kube_inject_compared(case, templates) {
            Ok(compared) => compared,
            Err(e) => (
                Err(e.clone()),
                ExactTexts {
                    same: 0,
                    diffs: vec![e],
                },
            ),
        };
        tally.record(&case.name, golden);
        exact.record(&case.name, &texts);
    }
    exact.finish(&format!("kube-inject, templates: {mode}"));
    tally.finish(|n, m| format!("goldens kube-inject (templates: {mode}): {n}/{m} pass"));
}

fn webhook_suite(templates: TemplateSource) {
    let mode = mode_name(templates);
    let mut golden = Tally::new(&format!("goldens-webhook-{mode}"), WEBHOOK_CASES);
    let mut reinjection = Tally::new("goldens-reinjection", WEBHOOK_CASES);
    let mut audit = Tally::new("goldens-audit", INJECTED_WEBHOOK_CASES);
    let mut audit_istiod = Tally::new("goldens-audit-istiod", INJECTED_WEBHOOK_CASES);
    let mut exact = ExactTally::new(&format!("webhook-{mode}"), WEBHOOK_CASES);
    for case in istio_inject_cases().iter().filter(|c| !c.skip_webhook) {
        let outcome = webhook_case(case, templates);
        exact.record(&case.name, &outcome.exact);
        golden.record(&case.name, outcome.golden);
        reinjection.record(&case.name, outcome.reinjection);
        if let Some(audited) = outcome.audit {
            audit.record(&case.name, audited);
        }
        if let Some(audited) = outcome.audit_istiod {
            audit_istiod.record(&case.name, audited);
        }
    }
    audit.finish(|n, m| {
        format!("goldens audit (templates: {mode}): {n}/{m} injected pods audited the same")
    });
    audit_istiod.finish(|n, m| {
        format!("goldens audit of istiod's pods (templates: {mode}): {n}/{m} audited the same")
    });
    reinjection.finish(|n, m| {
        format!("goldens re-injection (templates: {mode}): {n}/{m} give the same pod")
    });
    exact.finish(&format!("webhook, templates: {mode}"));
    golden.finish(|n, m| format!("goldens webhook (templates: {mode}): {n}/{m} pass"));
}

#[test]
fn goldens_kube_inject_needle_templates() {
    kube_inject_suite(TemplateSource::Needle);
}

#[test]
fn goldens_kube_inject_config_templates() {
    kube_inject_suite(TemplateSource::Config);
}

#[test]
fn goldens_kube_inject_auto_templates() {
    kube_inject_suite(TemplateSource::Auto);
}

#[test]
fn goldens_webhook_auto_templates() {
    webhook_suite(TemplateSource::Auto);
}

/// `--templates auto` on Istio's stock config renders needle's templates, and on the older
/// releases' texts renders those texts, naming the releases that ship them; answering as an
/// older release, it renders 86c9f01's stock texts as written too (that release's istiod lacks
/// `.ProxyInitImage`, which they read).
#[test]
fn auto_picks_needles_templates_for_istios_stock_texts_only() {
    use needle::core::inject::snapshot::TemplateOrigin;
    use needle::core::release::Release;
    let mut stock = 0;
    for case in istio_inject_cases() {
        let snapshot = snapshot_for(&case, TemplateSource::Auto).unwrap();
        for name in ["sidecar", "gateway", "grpc-simple", "grpc-agent"] {
            if let Some(origin) = snapshot.template_origins.get(name) {
                assert_eq!(
                    *origin,
                    TemplateOrigin::NeedleForStock(Release::NEWEST),
                    "{}: {name}",
                    case.name
                );
                stock += 1;
            }
        }
    }
    assert!(stock > 0, "no stock template seen");
    let dir = corpus_dir().join("istio-templates");
    for case in load_table(&dir.join("cases.yaml"), &dir) {
        let snapshot = snapshot_for(&case, TemplateSource::Auto).unwrap_or_else(|e| panic!("{e}"));
        let origin = snapshot.template_origins["sidecar"];
        if case.name.starts_with("istio-86c9f01/") {
            assert_eq!(origin, TemplateOrigin::NeedleForStock(Release::NEWEST));
        } else if case.name.starts_with("istio-1.28.10/") {
            assert!(
                origin
                    .describe()
                    .contains("the stock template of Istio 1.28.6 to 1.28.10, "),
                "{}",
                origin.describe()
            );
        } else {
            assert_eq!(origin, TemplateOrigin::Config, "{}", case.name);
        }
    }
    let rendered = corpus_dir().join("istio-inject/rendered/default");
    let origin = |release: &str| {
        let snapshot = needle::sources::ConfigPaths {
            inject_config: Some(rendered.join("config.yaml")),
            values: Some(rendered.join("values.json")),
            templates: TemplateSource::Auto,
            release: Release::parse(release),
            ..Default::default()
        }
        .load()
        .unwrap_or_else(|e| panic!("{e}"));
        snapshot.template_origins["sidecar"]
    };
    assert_eq!(
        origin("86c9f01"),
        TemplateOrigin::NeedleForStock(Release::NEWEST)
    );
    assert!(origin("1.30.3").is_config_text());
    assert!(
        origin("1.30.3")
            .describe()
            .contains("Istio 86c9f01, not of the release")
    );
}

#[test]
fn goldens_webhook_needle_templates() {
    webhook_suite(TemplateSource::Needle);
}

#[test]
fn goldens_webhook_config_templates() {
    webhook_suite(TemplateSource::Config);
}

/// needle's embedded config, values and mesh are Istio's default profile: every case that
/// runs on the corpus's `rendered/default` settings gives its golden on the embedded ones too.
/// One difference is intended: the embedded values pin a released proxy image
/// (`global.hub`/`global.tag`, say `docker.io/istio/proxyv2:1.30.3`) where Istio's test values
/// have `registry.istio.io/testing/proxyv2:latest`, so the goldens are read with the pinned
/// image in its place, an exact string replaced and nothing else.
#[test]
fn goldens_embedded_defaults() {
    let mut tally = Tally::new("goldens-embedded-defaults", 89);
    let defaults = std::path::Path::new("rendered").join("default");
    let pinned = embedded_proxy_image();
    for mut case in istio_inject_cases() {
        if !case
            .inject_config
            .as_ref()
            .is_some_and(|p| p.parent().is_some_and(|d| d.ends_with(&defaults)))
        {
            continue;
        }
        (case.inject_config, case.values, case.mesh) = (None, None, None);
        case.golden_proxy_image = Some(pinned.clone());
        let kube_inject = if case.skip_kube_inject {
            Ok(())
        } else {
            kube_inject_case(&case, TemplateSource::Needle).map_err(|e| format!("kube-inject: {e}"))
        };
        let webhook = if case.skip_webhook {
            Ok(())
        } else {
            let outcome = webhook_case(&case, TemplateSource::Needle);
            outcome
                .golden
                .and(outcome.exact.outcome())
                .map_err(|e| format!("webhook: {e}"))
        };
        tally.record(&case.name, kube_inject.and(webhook));
    }
    tally.finish(|n, m| format!("goldens embedded defaults: {n}/{m} pass"));
}

/// `<hub>/proxyv2:<tag>` of the embedded values: a release of Istio, not the corpus's image.
fn embedded_proxy_image() -> String {
    let values = needle::core::inject::snapshot::embedded().values;
    let global = &values["global"];
    let image = format!(
        "{}/{}:{}",
        global["hub"].as_str().unwrap(),
        global["proxy"]["image"].as_str().unwrap(),
        global["tag"].as_str().unwrap()
    );
    let tag = global["tag"].as_str().unwrap();
    assert!(
        tag.split('.').count() == 3 && tag.split('.').all(|n| n.parse::<u32>().is_ok()),
        "the embedded tag is a release x.y.z: {image}"
    );
    assert_ne!(image, common::golden_cases::CORPUS_PROXY_IMAGE);
    image
}

/// Istio's `sidecar` templates of earlier releases (`istio-templates/`), each in the default
/// config, rendered from the config's text: kube-inject and the webhook path must both give
/// what istioctl of Istio 86c9f01 printed, or refuse where it refused.
#[test]
fn goldens_istio_templates() {
    let dir = corpus_dir().join("istio-templates");
    let cases = load_table(&dir.join("cases.yaml"), &dir);
    // The inputs Istio's own test runs through the webhook (not a CronJob, whose pod the
    // webhook sees is not the document istioctl prints).
    let no_webhook: std::collections::BTreeSet<_> = istio_inject_cases()
        .into_iter()
        .filter(|c| c.skip_webhook && c.expected_error.is_none())
        .filter_map(|c| c.input.file_name().map(|f| f.to_owned()))
        .collect();
    let mut tally = Tally::new("goldens-istio-templates", 836);
    for case in &cases {
        let kube_inject = kube_inject_case(case, TemplateSource::Config);
        let skip_webhook = case
            .input
            .file_name()
            .is_some_and(|f| no_webhook.contains(f));
        let webhook = match &case.expected_error {
            _ if skip_webhook => Ok(()),
            Some(want) => webhook_denial(case, want),
            None => {
                let outcome = webhook_case(case, TemplateSource::Config);
                outcome.golden.and(outcome.exact.outcome())
            }
        };
        let outcome = match (kube_inject, webhook) {
            (Ok(()), Ok(())) => Ok(()),
            (k, w) => Err([("kube-inject", k), ("webhook", w)]
                .into_iter()
                .filter_map(|(path, r)| r.err().map(|e| format!("{path}: {e}")))
                .collect::<Vec<_>>()
                .join("\n      ")),
        };
        tally.record(&case.name, outcome);
    }
    tally.finish(|n, m| format!("goldens istio-templates: {n}/{m} pass"));
}

/// Where istioctl refused the input, the webhook must deny its pods with that message.
fn webhook_denial(case: &CaseSpec, want: &str) -> Result<(), String> {
    let snapshot = snapshot_for(case, TemplateSource::Config)?;
    let settings = case.settings("default");
    let envs = BTreeMap::new();
    for input in injectable_documents(&yaml_documents(&case.input_text())) {
        let pod = webhook_pod(&input);
        let namespace = input
            .pointer("/metadata/namespace")
            .and_then(Value::as_str)
            .unwrap_or_default();
        match admit(
            &snapshot,
            &settings,
            Admission::webhook(Cow::Borrowed(&pod), namespace, &envs),
        ) {
            Decision::Denied(reason) if reason.to_string().to_lowercase().contains(want) => {}
            Decision::Denied(reason) => {
                return Err(format!("denied with {reason}, not containing {want:?}"));
            }
            other => {
                return Err(format!(
                    "{}, expected a denial containing {want:?}",
                    other.name()
                ));
            }
        }
    }
    Ok(())
}
