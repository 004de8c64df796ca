//! Istio's injection goldens, run through needle.
//!
//! Inputs: `NEEDLE_GOLDEN_DIR`, a directory in Istio's `pkg/kube/inject/testdata/inject`
//! layout (`X.yaml` inputs, `*.injected` goldens), by default
//! `../shared/corpus/istio-inject/inject`; and optionally `NEEDLE_GOLDEN_CASES`, a YAML case
//! table (see `CaseSpec`). Without a table every `X.yaml` with an `X.yaml.injected` runs on the
//! default settings. Each case runs on both paths Istio's own test uses:
//! - kube-inject: the input file through `inject_stream`, compared with the golden;
//! - webhook: each pod template through the core as the webhook runs it; the JSON patch is
//!   applied to the original and the result compared with the golden's pod.
//!
//! Cases that do not pass yet are listed, with the reason, in `tests/known_failures.txt`; the
//! test fails if any other case fails, or if a listed case passes.

mod common;

use common::golden_cases::{
    CaseSpec, golden_dir, load_cases, openshift_namespace, pod_of, snapshot_for,
};
use common::{differences, known_failures, semantic, yaml_documents};
use needle::cli::kube_inject::inject_stream;
use needle::core::context::Owner;
use needle::core::inject::{Caller, Request, Snapshot, inject};
use needle::core::patch;
use needle::core::workload::Offline;
use serde_json::Value;
use std::path::Path;

fn run_case(dir: &Path, case: &CaseSpec) -> Result<(), String> {
    let input_path = dir.join(&case.input);
    let input = std::fs::read_to_string(&input_path)
        .map_err(|e| format!("{}: {e}", input_path.display()))?;
    let snapshot = snapshot_for(case)?;
    let run = Offline {
        snapshot: &snapshot,
        revision: "",
        native_sidecars: case.native_sidecars,
        compliance_policy: &case.compliance_policy,
    };
    let kube_inject = inject_stream(&case.input, &input, &run, &mut Vec::new());
    if let Some(want) = &case.expected_error {
        return match kube_inject {
            Err(e) if format!("{e:#}").to_lowercase().contains(want.as_str()) => Ok(()),
            Err(e) => Err(format!("error {e:#} does not contain {want:?}")),
            Ok(_) => Err(format!("expected an error containing {want:?}")),
        };
    }
    let golden = case
        .golden
        .as_ref()
        .ok_or("a case needs a golden or an expectedError")?;
    let want = yaml_documents(
        &std::fs::read_to_string(dir.join(golden)).map_err(|e| format!("{golden}: {e}"))?,
    );
    let mut diffs = Vec::new();
    if !case.skip_kube_inject {
        let got = yaml_documents(&kube_inject.map_err(|e| format!("kube-inject: {e:#}"))?);
        if got.len() != want.len() {
            return Err(format!(
                "kube-inject: {} documents, golden has {}",
                got.len(),
                want.len()
            ));
        }
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            differences(
                &semantic(g),
                &semantic(w),
                &format!("kube-inject doc{i}"),
                &mut diffs,
            );
        }
    }
    if !case.skip_webhook {
        webhook_path(case, &snapshot, &input, &want, &mut diffs)?;
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs
            .into_iter()
            .take(6)
            .collect::<Vec<_>>()
            .join("\n      "))
    }
}

fn webhook_path(
    case: &CaseSpec,
    snapshot: &Snapshot,
    input: &str,
    want: &[Value],
    diffs: &mut Vec<String>,
) -> Result<(), String> {
    let namespace = openshift_namespace();
    for (i, (input_doc, want_doc)) in yaml_documents(input).iter().zip(want).enumerate() {
        let (Some(pod), Some(mut want_pod)) = (pod_of(input_doc), pod_of(want_doc)) else {
            continue;
        };
        if want_pod
            .pointer("/metadata/annotations/sidecar.istio.io~1status")
            .is_none()
        {
            continue; // not injected (host network, opted out)
        }
        let mut req = Request::new(&pod, Caller::Webhook);
        req.native_sidecars = case.native_sidecars;
        req.compliance_policy = &case.compliance_policy;
        if case.platform == "openshift" {
            req.openshift_namespace = Some(&namespace);
        }
        let s = |p: &str| {
            input_doc
                .pointer(p)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        if input_doc["kind"] != "Pod" {
            req.owner = Some(Owner {
                kind: s("/kind"),
                api_version: s("/apiVersion"),
                name: s("/metadata/name"),
                namespace: s("/metadata/namespace"),
            });
        }
        let injected = inject(snapshot, &req).map_err(|e| format!("webhook doc{i}: {e}"))?;
        let ops = patch::create(&injected.original, &injected.pod);
        let applied = patch::apply(&injected.original, &ops)
            .map_err(|e| format!("webhook doc{i}: patch does not apply: {e}"))?;
        if let Some(ns) = injected.original.pointer("/metadata/namespace") {
            want_pod["metadata"]["namespace"] = ns.clone();
        }
        differences(
            &semantic(&applied),
            &semantic(&want_pod),
            &format!("webhook doc{i}"),
            diffs,
        );
    }
    Ok(())
}

#[test]
fn istio_injection_goldens() {
    let dir = golden_dir();
    assert!(
        dir.is_dir(),
        "no golden directory at {} (the corpus: ../shared/corpus, or set NEEDLE_GOLDEN_DIR)",
        dir.display()
    );
    let cases = load_cases(&dir);
    let known = known_failures("golden");
    let (mut passed, mut unexpected, mut fixed) = (0, Vec::new(), Vec::new());
    for case in &cases {
        match (run_case(&dir, case), known.get(&case.name)) {
            (Ok(()), None) => passed += 1,
            (Ok(()), Some(_)) => {
                passed += 1;
                fixed.push(case.name.clone());
            }
            (Err(e), None) => unexpected.push(format!("{}:\n      {e}", case.name)),
            (Err(_), Some(reason)) => println!("known failure {}: {reason}", case.name),
        }
    }
    println!("{passed}/{} goldens pass ({})", cases.len(), dir.display());
    assert!(
        unexpected.is_empty(),
        "unexpected golden failures:\n  {}",
        unexpected.join("\n  ")
    );
    assert!(
        fixed.is_empty(),
        "known failures that now pass (remove them from tests/known_failures.txt): {fixed:?}"
    );
}
