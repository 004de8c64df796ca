//! Istio's injection golden cases: where they live and how each is set up, shared by the
//! golden test and the HTTPS server test.
#![allow(dead_code)]

use needle::config_files::ConfigPaths;
use needle::core::inject::Snapshot;
use needle::core::snapshot::TemplateSource;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// One case. In a case table (YAML list), fields are camelCase; file paths of settings are
/// relative to the table's directory, `input` and `golden` to the golden directory.
#[derive(Debug, Default)]
pub struct CaseSpec {
    pub name: String,
    pub input: String,
    /// Absent for cases that must fail.
    pub golden: Option<String>,
    pub values: Option<PathBuf>,
    pub mesh: Option<PathBuf>,
    pub inject_config: Option<PathBuf>,
    pub native_sidecars: bool,
    pub compliance_policy: String,
    /// `openshift`: the webhook path runs with the test namespace's OpenShift UID ranges.
    pub platform: String,
    /// Lowercased substring the kube-inject error must contain.
    pub expected_error: Option<String>,
    pub skip_webhook: bool,
    pub skip_kube_inject: bool,
}

pub fn golden_dir() -> PathBuf {
    std::env::var_os("NEEDLE_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus/istio-inject/inject"))
}

/// The case table: `NEEDLE_GOLDEN_CASES`, by default the corpus's `istio-inject/cases.yaml`.
pub fn case_table() -> PathBuf {
    std::env::var_os("NEEDLE_GOLDEN_CASES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus/istio-inject/cases.yaml"))
}

pub fn load_cases(_dir: &Path) -> Vec<CaseSpec> {
    let table = case_table();
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

pub fn snapshot_for(case: &CaseSpec) -> Result<Snapshot, String> {
    ConfigPaths {
        inject_config: case.inject_config.clone(),
        values: case.values.clone(),
        mesh: case.mesh.clone(),
        // NEEDLE_GOLDEN_TEMPLATES=config runs the cases on the config's own Go templates
        // (`--templates config`) where the config has them.
        templates: match std::env::var("NEEDLE_GOLDEN_TEMPLATES").as_deref() {
            Ok("config") => TemplateSource::Config,
            _ => TemplateSource::Needle,
        },
    }
    .load()
}

/// The pod (metadata + spec) inside a workload document, as the webhook would receive it.
pub fn pod_of(doc: &Value) -> Option<Value> {
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
pub fn openshift_namespace() -> Value {
    json!({"metadata": {"name": "test-ns", "annotations": {
        "openshift.io/sa.scc.uid-range": "1000620000/10000",
        "openshift.io/sa.scc.supplemental-groups": "1000620000/10000"}}})
}
