//! Istio's injection golden cases: where they live, how each is set up, and how Istio's own
//! test turns a workload into the pod the webhook sees and compares the result. Shared by the
//! golden test (kube-inject and webhook paths) and the HTTPS server test.
#![allow(dead_code)]

use super::{differences, semantic, yaml_documents};
use needle::core::inject::Snapshot;
use needle::core::inject::admit::Settings;
use needle::core::inject::native::NativeMode;
use needle::core::inject::snapshot::TemplateSource;
use needle::sources::ConfigPaths;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The conformance corpus: `NEEDLE_CORPUS`, by default `../shared/corpus`. A missing corpus
/// fails the test that needs it, naming the path: a suite that checks nothing must not pass.
pub fn corpus_dir() -> PathBuf {
    let dir = std::env::var_os("NEEDLE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus"));
    assert!(
        dir.is_dir(),
        "no conformance corpus at {} (put ../shared beside the clone, or set NEEDLE_CORPUS)",
        dir.display()
    );
    dir
}

/// The corpus's Istio releases (`istio-releases/<release>`), oldest first: each folder's name
/// and path. A folder without the release's ConfigMaps (`cfg/`) fails the test, as does none.
pub fn corpus_releases() -> Vec<(String, PathBuf)> {
    let dir = corpus_dir().join("istio-releases");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    for (_, path) in &out {
        let cfg = path.join("cfg");
        assert!(cfg.is_dir(), "{}: no such folder", cfg.display());
    }
    let version =
        |name: &str| -> Vec<u32> { name.split('.').map(|n| n.parse().unwrap_or(0)).collect() };
    out.sort_by_key(|(name, _)| version(name));
    assert!(!out.is_empty(), "no release in {}", dir.display());
    out
}

/// `NEEDLE_CASE`: run only the cases whose name contains it.
pub fn case_filter() -> Option<String> {
    std::env::var("NEEDLE_CASE").ok().filter(|f| !f.is_empty())
}

/// One case of a golden table (`cases.yaml` of the corpus; its fields are described in the
/// corpus's `istio-inject/README.md`).
#[derive(Debug, Default, Clone)]
pub struct CaseSpec {
    pub name: String,
    /// Input and golden, resolved to files.
    pub input: PathBuf,
    /// Absent for cases that must fail.
    pub golden: Option<PathBuf>,
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
    /// The proxy image the golden is read with, in place of the corpus's
    /// (`CORPUS_PROXY_IMAGE`): for a case run on values whose hub and tag are not the
    /// golden's (needle's embedded defaults pin a released image).
    pub golden_proxy_image: Option<String>,
}

/// The proxy image of Istio's test values (`rendered/default/values.json`: hub
/// `registry.istio.io/testing`, tag `latest`), which the goldens carry.
pub const CORPUS_PROXY_IMAGE: &str = "registry.istio.io/testing/proxyv2:latest";

impl CaseSpec {
    /// The case's injector settings; Istio's test runs the webhook as revision `default`,
    /// kube-inject with "".
    pub fn settings(&self, revision: &str) -> Settings {
        Settings {
            revision: revision.into(),
            native_sidecars: NativeMode::fixed(self.native_sidecars),
            compliance_policy: self.compliance_policy.clone(),
            openshift: self.platform == "openshift",
            ..Settings::default()
        }
    }

    pub fn input_text(&self) -> String {
        read(&self.input)
    }

    /// The golden's documents (a case with an expected error has none), its proxy image
    /// replaced by `golden_proxy_image` when there is one.
    pub fn golden_documents(&self) -> Vec<Value> {
        self.golden
            .as_ref()
            .map(|g| {
                let text = read(g);
                match &self.golden_proxy_image {
                    Some(image) => yaml_documents(&text.replace(CORPUS_PROXY_IMAGE, image)),
                    None => yaml_documents(&text),
                }
            })
            .unwrap_or_default()
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Istio's `TestInjection` table: `istio-inject/cases.yaml`, inputs and goldens in `inject/`.
pub fn istio_inject_cases() -> Vec<CaseSpec> {
    let dir = corpus_dir().join("istio-inject");
    load_table(&dir.join("cases.yaml"), &dir.join("inject"))
}

/// Every case of Istio's table, whatever `NEEDLE_CASE` selects (for a run that selects by
/// scenario, not by case).
pub fn all_istio_inject_cases() -> Vec<CaseSpec> {
    let dir = corpus_dir().join("istio-inject");
    read_table(&dir.join("cases.yaml"), &dir.join("inject"))
}

/// A case table, the cases `NEEDLE_CASE` selects.
pub fn load_table(table: &Path, inputs: &Path) -> Vec<CaseSpec> {
    let filter = case_filter();
    read_table(table, inputs)
        .into_iter()
        .filter(|c| filter.as_ref().is_none_or(|f| c.name.contains(f.as_str())))
        .collect()
}

/// A case table: settings files are relative to the table's directory, `input` and `golden`
/// to `inputs`.
fn read_table(table: &Path, inputs: &Path) -> Vec<CaseSpec> {
    let base = table.parent().unwrap_or(Path::new(".")).to_path_buf();
    let rows = needle::core::compat::yaml::parse_one(&read(table))
        .unwrap_or_else(|e| panic!("{}: {e}", table.display()));
    let rows = rows
        .as_array()
        .unwrap_or_else(|| panic!("{}: expected a list of cases", table.display()));
    rows.iter()
        .map(|r| {
            let s = |k: &str| r.get(k).and_then(Value::as_str).map(str::to_string);
            let b = |k: &str| r.get(k).and_then(Value::as_bool);
            let path = |k: &str| s(k).map(|p| base.join(p));
            let input = s("input").expect("every case names its input");
            CaseSpec {
                name: s("name").unwrap_or_else(|| input.clone()),
                input: inputs.join(&input),
                golden: s("golden").map(|g| inputs.join(g)),
                values: path("values"),
                mesh: path("mesh"),
                inject_config: path("injectConfig"),
                native_sidecars: b("nativeSidecars").unwrap_or(true),
                compliance_policy: s("compliancePolicy").unwrap_or_default(),
                platform: s("platform").unwrap_or_default(),
                expected_error: s("expectedError"),
                skip_webhook: b("skipWebhook").unwrap_or(false),
                skip_kube_inject: b("skipKubeInject").unwrap_or(false),
                golden_proxy_image: None,
            }
        })
        .collect()
}

type SnapshotKey = (
    Option<PathBuf>,
    Option<PathBuf>,
    Option<PathBuf>,
    TemplateSource,
);

/// Loaded snapshots, shared by the cases that use the same settings.
pub fn snapshot_for(case: &CaseSpec, templates: TemplateSource) -> Result<Arc<Snapshot>, String> {
    static CACHE: Mutex<Option<HashMap<SnapshotKey, Arc<Snapshot>>>> = Mutex::new(None);
    let key = (
        case.inject_config.clone(),
        case.values.clone(),
        case.mesh.clone(),
        templates,
    );
    if let Some(s) = CACHE.lock().unwrap().get_or_insert_default().get(&key) {
        return Ok(s.clone());
    }
    let snapshot = Arc::new(
        ConfigPaths {
            inject_config: key.0.clone(),
            values: key.1.clone(),
            mesh: key.2.clone(),
            templates,
            ..ConfigPaths::default()
        }
        .load()
        .map_err(|e| e.to_string())?,
    );
    CACHE
        .lock()
        .unwrap()
        .get_or_insert_default()
        .insert(key, snapshot.clone());
    Ok(snapshot)
}

/// The documents of a workload stream that carry a pod, `List` items expanded, as Istio's
/// webhook test splits a file (`getInjectableYamlDocs`); input and golden pair up by index.
pub fn injectable_documents(docs: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for doc in docs {
        match doc.get("kind").and_then(Value::as_str).unwrap_or_default() {
            "List" => out.extend(injectable_documents(
                doc.get("items")
                    .and_then(Value::as_array)
                    .map_or(&[], |v| v),
            )),
            "Deployment"
            | "DeploymentConfig"
            | "DaemonSet"
            | "StatefulSet"
            | "Job"
            | "ReplicaSet"
            | "ReplicationController"
            | "CronJob"
            | "Pod" => out.push(doc.clone()),
            _ => {}
        }
    }
    out
}

/// The pod the apiserver would send for a workload document, as Istio's test builds it
/// (`objectToPod`): the pod template with a controller owner reference and `generateName`;
/// a Deployment's pod comes from a ReplicaSet `<name>-fake` with a `pod-template-hash`. Like
/// the apiserver's, the pod is serialized as Kubernetes' typed Pod serializes it.
pub fn webhook_pod(doc: &Value) -> Value {
    let mut pod = pod_template(doc);
    needle::core::compat::normalize::normalize_pod(&mut pod);
    pod
}

fn pod_template(doc: &Value) -> Value {
    let kind = doc["kind"].as_str().unwrap_or_default();
    let name = doc
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let template = match kind {
        "Pod" => return json!({"metadata": doc["metadata"], "spec": doc["spec"]}),
        "CronJob" => doc.pointer("/spec/jobTemplate/spec/template"),
        _ => doc.pointer("/spec/template"),
    };
    let template = template.cloned().unwrap_or_default();
    let mut meta = template.get("metadata").cloned().unwrap_or(json!({}));
    let api_version = doc["apiVersion"].as_str().unwrap_or_default();
    let (owner_api, owner_kind, owner) = if kind == "Deployment" {
        ("apps/v1", "ReplicaSet", format!("{name}-fake"))
    } else {
        (api_version, kind, name.to_string())
    };
    meta["generateName"] = json!(if kind == "Deployment" {
        format!("{owner}-")
    } else {
        owner.clone()
    });
    meta["ownerReferences"] =
        json!([{"apiVersion": owner_api, "kind": owner_kind, "name": owner, "controller": true}]);
    if kind == "Deployment" {
        if !meta.get("labels").is_some_and(Value::is_object) {
            meta["labels"] = json!({});
        }
        meta["labels"]["pod-template-hash"] = json!("fake");
    }
    json!({"metadata": meta, "spec": template.get("spec").cloned().unwrap_or_default()})
}

/// Compare a pod the webhook path produced with the golden's, as Istio's test does
/// (`normalizeAndCompareDeployments`): the status annotation left out on both sides, and the
/// `fieldRef.apiVersion` of the produced pod's container env cleared.
pub fn webhook_differences(got: &Value, want: &Value, at: &str) -> Vec<String> {
    let (mut got, mut want) = (got.clone(), want.clone());
    for pod in [&mut got, &mut want] {
        if let Some(annos) = pod
            .pointer_mut("/metadata/annotations")
            .and_then(Value::as_object_mut)
        {
            annos.remove("sidecar.istio.io/status");
        }
    }
    for container in got
        .pointer_mut("/spec/containers")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
    {
        for env in container
            .get_mut("env")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            if let Some(field_ref) = env
                .pointer_mut("/valueFrom/fieldRef")
                .and_then(Value::as_object_mut)
            {
                field_ref.remove("apiVersion");
            }
        }
    }
    let mut diffs = Vec::new();
    differences(&semantic(&got), &semantic(&want), at, &mut diffs);
    diffs
}

/// The namespace Istio's test cluster has for OpenShift cases.
pub fn openshift_namespace() -> Value {
    json!({"metadata": {"name": "test-ns", "annotations": {
        "openshift.io/sa.scc.uid-range": "1000620000/10000",
        "openshift.io/sa.scc.supplemental-groups": "1000620000/10000"}}})
}
