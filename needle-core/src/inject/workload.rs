//! Workloads that carry a pod template (Deployment, CronJob, ...), for offline injection:
//! find the pod inside a document, inject it, and put it back.

use crate::compat::yaml;
use crate::compat::{go_printed, gofmt};
use crate::config::proxy_config::resources::ProxyConfigs;
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, Decision, Reason, Settings, admit};
use crate::inject::context::Owner;
use crate::inject::pod;
use crate::inject::replicas::ReplicaCache;
use crate::inject::select::Why;
use crate::inject::{Caller, InjectError, Reinjection};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Where a kind keeps its pod template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// The document is the pod.
    Pod,
    /// `spec.template`.
    Template,
    /// CronJob: metadata of `spec.jobTemplate`, spec of `spec.jobTemplate.spec.template`
    /// (Istio reads and writes the Job's metadata, not the pod template's).
    CronJob,
    List,
}

/// istioctl decodes a document by its kind whatever its `apiVersion` (even none): older
/// versions such as `extensions/v1beta1` Deployments or `batch/v1beta1` CronJobs are injected
/// too. needle does so within the Kubernetes (and OpenShift) groups that own these kinds;
/// a custom resource that merely shares a kind name (a Volcano `Job`) is passed through.
fn layout(api_version: &str, kind: &str) -> Option<Layout> {
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    if !matches!(
        group,
        "" | "apps" | "extensions" | "batch" | "apps.openshift.io"
    ) {
        return None;
    }
    match kind {
        "Pod" => Some(Layout::Pod),
        "List" => Some(Layout::List),
        "ReplicationController"
        | "Deployment"
        | "DaemonSet"
        | "ReplicaSet"
        | "StatefulSet"
        | "Job"
        | "DeploymentConfig" => Some(Layout::Template),
        "CronJob" => Some(Layout::CronJob),
        _ => None,
    }
}

/// What offline injection did with one document.
#[derive(Debug)]
pub enum Outcome {
    /// The document, injected (Lists: with their items handled).
    Injected(Value),
    /// Injection was skipped; the document is unchanged. The message is a warning for stderr.
    Skipped(Value, String),
    /// Not a kind that carries a pod: the document is written back as it was given.
    PassThrough,
}

/// Errors from offline injection of a document; `path` names the field.
#[derive(Debug, thiserror::Error)]
pub enum WorkloadError {
    #[error("{path}: {message}")]
    Shape { path: String, message: String },
    #[error(transparent)]
    Inject(#[from] InjectError),
    #[error("internal error while injecting (a bug in needle; please report it): {0}")]
    Internal(String),
}

/// What offline injection runs with: a config snapshot, the injector's settings and the
/// ProxyConfig resources given to it (none: istioctl's answer), and where the documents' equal
/// pod templates share one answer.
pub struct Offline<'a> {
    pub snapshot: &'a Snapshot,
    pub settings: &'a Settings,
    pub proxy_configs: Option<&'a ProxyConfigs>,
    pub replicas: Option<&'a ReplicaCache>,
}

/// Inject one parsed document.
pub fn inject_document(
    doc: &Value,
    run: &Offline,
    warnings: &mut Vec<String>,
) -> Result<Outcome, WorkloadError> {
    let api_version = doc
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let kind = doc.get("kind").and_then(Value::as_str).unwrap_or_default();
    let Some(layout) = layout(api_version, kind) else {
        return Ok(Outcome::PassThrough);
    };
    let (meta_path, spec_path) = match layout {
        Layout::List => return inject_list(doc, run, warnings),
        Layout::Pod => (&["metadata"][..], &["spec"][..]),
        Layout::Template => (
            &["spec", "template", "metadata"][..],
            &["spec", "template", "spec"][..],
        ),
        Layout::CronJob => (
            &["spec", "jobTemplate", "metadata"][..],
            &["spec", "jobTemplate", "spec", "template", "spec"][..],
        ),
    };
    let spec = get_path(doc, spec_path).ok_or_else(|| WorkloadError::Shape {
        path: spec_path.join("."),
        message: format!("{kind} has no pod template (spec.template is required value)"),
    })?;
    if !spec.is_object() {
        return Err(WorkloadError::Shape {
            path: spec_path.join("."),
            message: "expected a mapping".into(),
        });
    }
    let meta = get_path(doc, meta_path)
        .cloned()
        .unwrap_or(Value::Object(Map::new()));
    let workload = Workload::of(doc, layout, api_version, kind, &meta);
    let had_namespace = meta.get("namespace").is_some();
    let pod = pod::object([("metadata", meta), ("spec", spec.clone())]);
    let no_envs = BTreeMap::new();
    let admission = Admission {
        pod: pod.into(),
        namespace: &workload.namespace,
        proxy_envs: &no_envs,
        openshift_namespace: None,
        nodes: None,
        owner: workload.owner.as_ref(),
        proxy_configs: run.proxy_configs,
        replicas: run.replicas,
        caller: Caller::KubeInject,
        reinjection: Reinjection::Istio,
    };
    let injected = match admit(run.snapshot, run.settings, admission) {
        Decision::Injected(injected, _) => injected,
        Decision::Skipped(reason) => {
            let why = match reason {
                Reason::Selected(Why::HostNetwork) => "has host networking enabled",
                _ => "has sidecar injection disabled",
            };
            let described = &workload.described;
            return Ok(Outcome::Skipped(
                doc.clone(),
                format!("===> Skipping injection because {described} {why}"),
            ));
        }
        Decision::Denied(Reason::Failed(e)) => return Err(e.into()),
        Decision::Denied(Reason::Internal(detail)) => return Err(WorkloadError::Internal(detail)),
        Decision::Denied(other) => {
            return Err(WorkloadError::Shape {
                path: spec_path.join("."),
                message: other.to_string(),
            });
        }
    };
    let mut out = doc.clone();
    let injected = injected.into_pod().map_err(WorkloadError::Internal)?;
    write_back(&mut out, injected, had_namespace, meta_path, spec_path);
    go_printed::typed_zeros(&workload.kind, &mut out, spec_path);
    Ok(Outcome::Injected(out))
}

/// The injected pod's metadata and spec into the workload, where its template was (the
/// namespace the injection read the pod in left out when the template had none).
fn write_back(
    doc: &mut Value,
    mut injected: Value,
    had_namespace: bool,
    meta_path: &[&str],
    spec_path: &[&str],
) {
    let mut meta = injected
        .get_mut("metadata")
        .map(Value::take)
        .unwrap_or_default();
    if !had_namespace && let Some(m) = meta.as_object_mut() {
        m.remove("namespace");
    }
    set_path(doc, meta_path, meta);
    let spec = injected
        .get_mut("spec")
        .map(Value::take)
        .unwrap_or_default();
    set_path(doc, spec_path, spec);
}

/// A `List`: each of its items injected in place.
fn inject_list(
    doc: &Value,
    run: &Offline,
    warnings: &mut Vec<String>,
) -> Result<Outcome, WorkloadError> {
    let mut out = doc.clone();
    if let Some(items) = out.get_mut("items").and_then(Value::as_array_mut) {
        for (i, item) in items.iter_mut().enumerate() {
            match inject_document(item, run, warnings)
                .map_err(|e| prefix(e, &format!("items[{i}]")))?
            {
                Outcome::Injected(v) => *item = v,
                Outcome::Skipped(_, w) => warnings.push(w),
                Outcome::PassThrough => {}
            }
        }
    }
    Ok(Outcome::Injected(out))
}

/// The workload a pod template belongs to, as the injection and istioctl's messages name it.
struct Workload {
    /// The owner the templates see (`.DeploymentMeta`, `.TypeMeta`); `None` for a bare pod.
    owner: Option<Owner>,
    /// The workload's kind: for a pod, the controller Istio's heuristic finds.
    kind: String,
    /// The pod's namespace: its template's own, else the workload's.
    namespace: String,
    /// `Deployment "ns/name"`, as istioctl names a skipped workload.
    described: String,
}

impl Workload {
    fn of(doc: &Value, layout: Layout, api_version: &str, kind: &str, meta: &Value) -> Workload {
        let doc_meta = doc.get("metadata").cloned().unwrap_or(Value::Null);
        let s = |v: &Value, k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let owner = (layout != Layout::Pod).then(|| Owner {
            kind: kind.to_string(),
            api_version: api_version.to_string(),
            name: s(&doc_meta, "name"),
            namespace: s(&doc_meta, "namespace"),
        });
        // For a pod, the workload is the controller Istio's heuristic finds (a pod of a
        // Deployment's ReplicaSet is named after the Deployment when it has no name of its own).
        let (kind, workload_name) = match layout {
            Layout::Pod => {
                let o = crate::inject::context::owner_from_pod(doc);
                (o.kind, o.name)
            }
            _ => (kind.to_string(), s(&doc_meta, "name")),
        };
        let name = Some(s(meta, "name"))
            .filter(|n| !n.is_empty())
            .unwrap_or(workload_name);
        let namespace = Some(s(meta, "namespace"))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| s(&doc_meta, "namespace"));
        let full_name = match s(&doc_meta, "namespace") {
            ns if ns.is_empty() => name,
            ns => format!("{ns}/{name}"),
        };
        let described = if kind.is_empty() {
            format!("{full_name:?}")
        } else {
            format!("{kind} {full_name:?}")
        };
        Workload {
            owner,
            kind,
            namespace,
            described,
        }
    }
}

/// Read one YAML document of a workload stream as istioctl reads it: decoded into
/// Kubernetes' types, where labels and annotations are strings, so a YAML number or boolean
/// there (`version: 1.10`, `proxyCPU: 1`, `1e6`) becomes the text `sigs.k8s.io/yaml` makes of
/// it ("1.1", "1", "1e+06"), and other whole floats are integers (see `yaml::parse_one`); a
/// key given twice takes its last value, as in istioctl's (non-strict) reading.
pub fn read_document(text: &str) -> Result<Value, yaml::YamlError> {
    let mut doc = yaml::parse_keeping_floats(text, yaml::DuplicateKeys::LastWins)?;
    let is_list = doc.get("kind").and_then(Value::as_str) == Some("List");
    match doc.get_mut("items").and_then(Value::as_array_mut) {
        Some(items) if is_list => items.iter_mut().for_each(stringify_metadata),
        _ => stringify_metadata(&mut doc),
    }
    yaml::integral_floats_to_integers(&mut doc);
    Ok(doc)
}

fn stringify_metadata(doc: &mut Value) {
    let metas: [&[&str]; 4] = [
        &["metadata"],
        &["spec", "template", "metadata"],
        &["spec", "jobTemplate", "metadata"],
        &["spec", "jobTemplate", "spec", "template", "metadata"],
    ];
    for path in metas {
        let Some(meta) = path.iter().try_fold(&mut *doc, |v, k| v.get_mut(*k)) else {
            continue;
        };
        for key in ["labels", "annotations"] {
            if let Some(Value::Object(map)) = meta.get_mut(key) {
                for value in map.values_mut() {
                    if let Some(text) = go_scalar_text(value) {
                        *value = Value::String(text);
                    }
                }
            }
        }
    }
}

fn go_scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => Some(String::new()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) if n.is_f64() => n.as_f64().map(gofmt::format_float32),
        Value::Number(n) => Some(n.to_string()),
        Value::String(_) | Value::Array(_) | Value::Object(_) => None,
    }
}

fn prefix(e: WorkloadError, at: &str) -> WorkloadError {
    match e {
        WorkloadError::Shape { path, message } => WorkloadError::Shape {
            path: format!("{at}.{path}"),
            message,
        },
        other => other,
    }
}

fn get_path<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter()
        .try_fold(v, |v, k| v.get(*k))
        .filter(|v| !v.is_null())
}

fn set_path(v: &mut Value, path: &[&str], new: Value) {
    let mut cur = v;
    for k in &path[..path.len() - 1] {
        if !cur.get(*k).is_some_and(Value::is_object) {
            cur[*k] = Value::Object(Map::new());
        }
        cur = cur.get_mut(*k).expect("just ensured");
    }
    cur[path[path.len() - 1]] = new;
}
