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

use common::{differences, semantic, yaml_documents};
use needle::cli::kube_inject::inject_stream;
use needle::core::context::Owner;
use needle::core::inject::{Caller, Request, Snapshot, inject};
use needle::core::patch;
use needle::core::snapshot::{self, Source, Sources};
use needle::core::workload::Offline;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One case. In a case table (YAML list), fields are camelCase; file paths of settings are
/// relative to the table's directory, `input` and `golden` to the golden directory.
#[derive(Debug, Default)]
struct CaseSpec {
    name: String,
    input: String,
    /// Absent for cases that must fail.
    golden: Option<String>,
    values: Option<PathBuf>,
    mesh: Option<PathBuf>,
    inject_config: Option<PathBuf>,
    native_sidecars: bool,
    compliance_policy: String,
    /// `openshift`: the webhook path runs with the test namespace's OpenShift UID ranges.
    platform: String,
    /// Lowercased substring the kube-inject error must contain.
    expected_error: Option<String>,
    skip_webhook: bool,
    skip_kube_inject: bool,
}

fn golden_dir() -> PathBuf {
    std::env::var_os("NEEDLE_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus/istio-inject/inject"))
}

fn load_cases(dir: &Path) -> Vec<CaseSpec> {
    let Some(table) = std::env::var_os("NEEDLE_GOLDEN_CASES").map(PathBuf::from) else {
        return discover(dir);
    };
    let base = table.parent().unwrap_or(Path::new(".")).to_path_buf();
    let text =
        std::fs::read_to_string(&table).unwrap_or_else(|e| panic!("{}: {e}", table.display()));
    let rows =
        needle::core::yaml::parse_one(&text).unwrap_or_else(|e| panic!("{}: {e}", table.display()));
    let rows = rows
        .as_array()
        .unwrap_or_else(|| panic!("{}: expected a list of cases", table.display()));
    rows.iter()
        .map(|r| {
            let s = |k: &str| r.get(k).and_then(Value::as_str).map(str::to_string);
            let b = |k: &str| r.get(k).and_then(Value::as_bool);
            let path = |k: &str| s(k).map(|p| base.join(p));
            CaseSpec {
                name: s("name")
                    .or_else(|| s("golden"))
                    .unwrap_or_else(|| s("input").unwrap_or_default()),
                input: s("input").expect("every case names its input"),
                golden: s("golden"),
                values: path("values"),
                mesh: path("mesh"),
                inject_config: path("injectConfig"),
                native_sidecars: b("nativeSidecars").unwrap_or(true),
                compliance_policy: s("compliancePolicy").unwrap_or_default(),
                platform: s("platform").unwrap_or_default(),
                expected_error: s("expectedError"),
                skip_webhook: b("skipWebhook").unwrap_or(false),
                skip_kube_inject: b("skipKubeInject").unwrap_or(false),
            }
        })
        .collect()
}

/// Without a case table: every input whose golden has the same name, on default settings.
fn discover(dir: &Path) -> Vec<CaseSpec> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
        .iter()
        .filter(|n| {
            n.ends_with(".yaml.injected") && dir.join(n.trim_end_matches(".injected")).exists()
        })
        .map(|golden| CaseSpec {
            name: golden.clone(),
            input: golden.trim_end_matches(".injected").to_string(),
            golden: Some(golden.clone()),
            native_sidecars: true,
            ..Default::default()
        })
        .collect()
}

fn known_failures() -> BTreeMap<String, String> {
    include_str!("known_failures.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, reason) = l.split_once(": ").unwrap_or((l, ""));
            (name.trim().to_string(), reason.trim().to_string())
        })
        .collect()
}

fn snapshot_for(case: &CaseSpec) -> Result<Snapshot, String> {
    let read = |p: &Option<PathBuf>| -> Result<Option<(String, String)>, String> {
        p.as_ref()
            .map(|p| {
                std::fs::read_to_string(p)
                    .map(|t| (p.display().to_string(), t))
                    .map_err(|e| format!("{}: {e}", p.display()))
            })
            .transpose()
    };
    let (config, values, mesh) = (
        read(&case.inject_config)?,
        read(&case.values)?,
        read(&case.mesh)?,
    );
    snapshot::build(Sources {
        config: Source::from_loaded(&config),
        values: Source::from_loaded(&values),
        mesh: Source::from_loaded(&mesh),
    })
    .map_err(|e| e.to_string())
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
        json!({"metadata": template.get("metadata").cloned().unwrap_or_default(), "spec": template.get("spec").cloned().unwrap_or_default()}),
    )
}

/// The namespace Istio's test cluster has for OpenShift cases.
fn openshift_namespace() -> Value {
    json!({"metadata": {"name": "test-ns", "annotations": {
        "openshift.io/sa.scc.uid-range": "1000620000/10000",
        "openshift.io/sa.scc.supplemental-groups": "1000620000/10000"}}})
}

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
    if !dir.is_dir() {
        println!(
            "0/0 goldens pass: no golden directory at {} (set NEEDLE_GOLDEN_DIR); see tests/known_failures.txt",
            dir.display()
        );
        return;
    }
    let cases = load_cases(&dir);
    let known = known_failures();
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
