//! Istio's injection goldens, run through needle.
//!
//! Where the goldens live: `NEEDLE_GOLDEN_DIR` (a directory of `X.yaml` inputs with their
//! `X.yaml.injected` goldens, Istio's `pkg/kube/inject/testdata/inject` layout), optionally with
//! `NEEDLE_GOLDEN_SETTINGS` (a directory with one `<golden name>/values.json` and `mesh.yaml`
//! per case whose settings differ from the defaults). Without them the test looks in
//! `../shared/corpus/istio-inject/inject`. Each case runs twice:
//! - kube-inject: the input file through `inject_stream`, compared semantically with the golden;
//! - webhook: every pod template through the core as the webhook runs it, then the JSON patch
//!   is applied to the original and the result compared with the golden's pod.
//!
//! Cases that do not pass yet are listed, with the reason, in `tests/known_failures.txt`; the
//! test fails if any other case fails, or if a listed case passes.

mod common;

use common::{differences, semantic, yaml_documents};
use needle::cli::kube_inject::inject_stream;
use needle::core::inject::{Caller, Request, Snapshot, inject};
use needle::core::patch;
use needle::core::snapshot::{self, Source, Sources};
use needle::core::workload::Offline;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    std::env::var_os("NEEDLE_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus/istio-inject/inject"))
}

fn known_failures() -> BTreeMap<String, String> {
    include_str!("known_failures.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, reason) = l.split_once(':').unwrap_or((l, ""));
            (name.trim().to_string(), reason.trim().to_string())
        })
        .collect()
}

fn snapshot_for(golden: &str) -> Snapshot {
    let settings = std::env::var_os("NEEDLE_GOLDEN_SETTINGS").map(|s| Path::new(&s).join(golden));
    let read = |f: &str| {
        settings
            .as_ref()
            .map(|d| d.join(f))
            .filter(|p| p.exists())
            .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
    };
    let (values, mesh) = (read("values.json"), read("mesh.yaml"));
    snapshot::build(Sources {
        config: None,
        values: Source::from_loaded(&values),
        mesh: Source::from_loaded(&mesh),
    })
    .expect("settings load")
}

/// The pod (metadata + spec) inside a workload document, as the webhook would receive it.
fn pod_of(doc: &Value) -> Option<Value> {
    let template = match doc.get("kind")?.as_str()? {
        "Pod" => doc.clone(),
        "Deployment"
        | "DaemonSet"
        | "ReplicaSet"
        | "StatefulSet"
        | "Job"
        | "ReplicationController"
        | "DeploymentConfig" => doc.pointer("/spec/template")?.clone(),
        _ => return None,
    };
    Some(
        serde_json::json!({"metadata": template.get("metadata").cloned().unwrap_or_default(), "spec": template.get("spec").cloned().unwrap_or_default()}),
    )
}

fn run_case(dir: &Path, golden: &str) -> Result<(), String> {
    let input_path = dir.join(golden.trim_end_matches(".injected"));
    let input = std::fs::read_to_string(&input_path)
        .map_err(|e| format!("{}: {e}", input_path.display()))?;
    let want_text = std::fs::read_to_string(dir.join(golden)).map_err(|e| e.to_string())?;
    let snapshot = snapshot_for(golden);
    let run = Offline {
        snapshot: &snapshot,
        revision: "",
        native_sidecars: true,
        compliance_policy: "",
    };
    let got_text = inject_stream(golden, &input, &run, &mut Vec::new())
        .map_err(|e| format!("kube-inject: {e:#}"))?;
    let (got, want) = (yaml_documents(&got_text), yaml_documents(&want_text));
    if got.len() != want.len() {
        return Err(format!(
            "kube-inject: {} documents, golden has {}",
            got.len(),
            want.len()
        ));
    }
    let mut diffs = Vec::new();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        differences(
            &semantic(g),
            &semantic(w),
            &format!("kube-inject doc{i}"),
            &mut diffs,
        );
    }
    // The webhook path: same pods, through the core and a JSON patch.
    for (i, (input_doc, want_doc)) in yaml_documents(&input).iter().zip(&want).enumerate() {
        let (Some(pod), Some(want_pod)) = (pod_of(input_doc), pod_of(want_doc)) else {
            continue;
        };
        if want_pod
            .pointer("/metadata/annotations/sidecar.istio.io~1status")
            .is_none()
        {
            continue; // not injected (host network, opted out)
        }
        let mut req = Request::new(&pod, Caller::Webhook);
        req.native_sidecars = true;
        req.owner = (input_doc["kind"] != "Pod").then(|| needle::core::context::Owner {
            kind: input_doc["kind"].as_str().unwrap_or_default().into(),
            api_version: input_doc["apiVersion"].as_str().unwrap_or_default().into(),
            name: input_doc
                .pointer("/metadata/name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .into(),
            namespace: input_doc
                .pointer("/metadata/namespace")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .into(),
        });
        let injected = inject(&snapshot, &req).map_err(|e| format!("webhook doc{i}: {e}"))?;
        let ops = patch::create(&injected.original, &injected.pod);
        let applied = patch::apply(&injected.original, &ops)
            .map_err(|e| format!("webhook doc{i}: patch does not apply: {e}"))?;
        let mut want_pod = want_pod;
        if let Some(ns) = injected.original.pointer("/metadata/namespace") {
            want_pod["metadata"]["namespace"] = ns.clone();
        }
        differences(
            &semantic(&applied),
            &semantic(&want_pod),
            &format!("webhook doc{i}"),
            &mut diffs,
        );
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

#[test]
fn istio_injection_goldens() {
    let dir = golden_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!(
            "0/0 goldens pass: no golden directory at {} (set NEEDLE_GOLDEN_DIR); see tests/known_failures.txt",
            dir.display()
        );
        return;
    };
    let mut goldens: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".yaml.injected"))
        .collect();
    goldens.sort();
    let known = known_failures();
    let (mut passed, mut unexpected, mut fixed) = (0, Vec::new(), Vec::new());
    for golden in &goldens {
        if !dir.join(golden.trim_end_matches(".injected")).exists() {
            // Goldens of parameterized cases whose input has another name need the case table.
            continue;
        }
        match (run_case(&dir, golden), known.get(golden.as_str())) {
            (Ok(()), None) => passed += 1,
            (Ok(()), Some(_)) => {
                passed += 1;
                fixed.push(golden.clone());
            }
            (Err(e), None) => unexpected.push(format!("{golden}:\n      {e}")),
            (Err(_), Some(reason)) => println!("known failure {golden}: {reason}"),
        }
    }
    let run = goldens
        .iter()
        .filter(|g| dir.join(g.trim_end_matches(".injected")).exists())
        .count();
    println!(
        "{passed}/{run} goldens pass ({} goldens in {}, {} need a case table)",
        goldens.len(),
        dir.display(),
        goldens.len() - run
    );
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
