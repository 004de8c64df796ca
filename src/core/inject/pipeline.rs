//! The injection pipeline: render the selected templates, merge them into the pod, then the
//! post-processing Istio does (user overrides, Prometheus merge, probe rewrite, status,
//! container order). Pure: pod in, injected pod out.

use crate::core::compat::path::At;
use crate::core::config::proxy_config::resources::ProxyConfigs;
use crate::core::config::{InjectorConfig, Snapshot};
use crate::core::inject::context::{self, ContextInput, Owner};
use crate::core::inject::merge::{Schema, merge_owned};
use crate::core::inject::pod::{
    self, ENABLE_CORE_DUMP, INIT_CONTAINER, OVERRIDES_ANNOTATION, PROXY_CONTAINER, Position,
    STATUS_ANNOTATION, VALIDATION_CONTAINER,
};
use crate::core::inject::render::RenderError;
use crate::core::release::Release;
use crate::core::{
    compat::gofmt, compat::normalize, config::mesh, inject::annotations, inject::probes,
    inject::prometheus,
};
use serde_json::{Map, Value, json};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Why a pod could not be injected. The webhook denies the pod with this message.
#[derive(Debug, thiserror::Error)]
pub enum InjectError {
    // Istio runs these checks inside its template step, so their errors carry its words too.
    #[error("failed to run injection template: {0}")]
    InvalidAnnotations(String),
    #[error(
        "failed to run injection template: requested template {name:?} not found; have {known}"
    )]
    TemplateNotFound { name: String, known: String },
    #[error("failed to run injection template: {0}")]
    Render(#[from] RenderError),
    #[error("failed applying injection overlay: {0}")]
    Merge(String),
    #[error("failed to process pod: {0}")]
    PostProcess(String),
    #[error("invalid {annotation} annotation: {message}")]
    BadAnnotationJson {
        annotation: &'static str,
        message: String,
    },
}

impl InjectError {
    /// A short stable label for metrics and logs.
    pub fn reason(&self) -> &'static str {
        match self {
            InjectError::InvalidAnnotations(_) => "invalid_annotations",
            InjectError::TemplateNotFound { .. } => "template_not_found",
            InjectError::Render(_) => "template_error",
            InjectError::Merge(_) => "merge_error",
            InjectError::PostProcess(_) => "post_process_error",
            InjectError::BadAnnotationJson { .. } => "invalid_annotations",
        }
    }
}

/// Which caller runs the pipeline; kube-inject differs from the webhook in small ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// The admission webhook: config default templates and injectedAnnotations apply.
    Webhook,
    /// Offline injection: templates default to `sidecar`, no injectedAnnotations.
    KubeInject,
}

/// One injection request.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The pod; the pipeline works on it where it is when owned, on a copy when borrowed.
    pub pod: Cow<'a, Value>,
    /// The namespace of the request (used when the pod has none).
    pub namespace: &'a str,
    /// The owning workload; `None` derives it from the pod's owner references.
    pub owner: Option<Owner>,
    /// The revision; "" is the default revision.
    pub revision: &'a str,
    pub native_sidecars: bool,
    /// Environment for the proxy from the webhook path (`/inject/cluster/c1/net/n1`).
    pub proxy_envs: BTreeMap<String, String>,
    pub proxy_uid: i64,
    pub proxy_gid: i64,
    /// On OpenShift (`PLATFORM=openshift`), the pod's Namespace object: the proxy takes the
    /// namespace's pre-allocated UID/GID, and a sidecar `runAsUser` copied from the app is reset.
    pub openshift_namespace: Option<&'a Value>,
    /// `COMPLIANCE_POLICY` of the injector process.
    pub compliance_policy: &'a str,
    /// The ProxyConfig resources the pod's ProxyConfig is computed from, as istiod's webhook
    /// does; `None` (kube-inject without resources, or no cluster view) uses only the mesh
    /// default and the pod's `proxy.istio.io/config`, as istioctl does.
    pub proxy_configs: Option<&'a ProxyConfigs>,
    pub caller: Caller,
    pub reinjection: Reinjection,
    /// `pod` is already as `normalize` leaves it (the webhook normalizes its own decoded copy
    /// in place before selection reads it).
    pub normalized: bool,
}

/// How a pod that carries a previous injection (`sidecar.istio.io/status`) is injected again.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Reinjection {
    /// As Istio does: the templates win over the containers the previous injection added,
    /// the user's own overrides of them included.
    #[default]
    Istio,
    /// As the pod's first injection went (`needle audit`): the user's containers recorded in
    /// `proxy.istio.io/overrides` are laid over the templates again, so a pod comes back
    /// unchanged exactly when the first injection would give it now.
    Replay,
}

impl<'a> Request<'a> {
    pub fn new(pod: Cow<'a, Value>, caller: Caller) -> Self {
        Self {
            pod,
            namespace: "",
            owner: None,
            revision: "",
            native_sidecars: false,
            proxy_envs: BTreeMap::new(),
            proxy_uid: 1337,
            proxy_gid: 1337,
            openshift_namespace: None,
            compliance_policy: "",
            proxy_configs: None,
            caller,
            reinjection: Reinjection::Istio,
            normalized: false,
        }
    }
}

/// The injected pod, and the pod before injection as the base of its patch.
#[derive(Debug, Clone)]
pub struct Injected {
    /// The normalized pod before injection, as compact JSON text: the injection works on the
    /// pod's tree itself, and the text costs a fifteenth of a second tree.
    pub base: String,
    pub pod: Value,
    /// Native sidecars and why, as `admit` decided them (`None` when the pipeline is run
    /// without it).
    pub native_sidecars: Option<crate::core::inject::native::Native>,
}

impl Injected {
    /// The JSON patch (text) from the original pod to the injected one. Computed on demand:
    /// the webhook sends it, kube-inject writes the pod itself.
    pub fn patch(&self) -> String {
        crate::core::inject::patch::create(&self.base, &self.pod)
    }
}

/// Run the whole pipeline on one pod.
pub fn inject(snapshot: &Snapshot, mut req: Request) -> Result<Injected, InjectError> {
    let mut original = std::mem::take(&mut req.pod).into_owned();
    if !req.normalized {
        normalize(&mut original, req.namespace);
    }
    let (mut proxy_uid, mut proxy_gid) = (req.proxy_uid, req.proxy_gid);
    if let Some(ns) = req.openshift_namespace {
        (proxy_uid, proxy_gid) = crate::core::inject::openshift::proxy_ids(Some(ns));
        reset_sidecar_user_matching_app(&mut original);
    }

    if let Some(annos) = original
        .at(&["metadata", "annotations"])
        .and_then(Value::as_object)
    {
        annotations::validate(annos, snapshot.release.release)
            .map_err(InjectError::InvalidAnnotations)?;
    }
    let proxy_envs = resolve_cluster_and_network(&snapshot.values, &original, &req.proxy_envs);
    let proxy_config = effective_proxy_config(&snapshot.mesh, req.proxy_configs, &original)?;
    let status_port = agent_status_port(snapshot, req.caller, &proxy_config);
    let stripped = strip_pod(&original, status_port, snapshot.release.release);
    let replay = req.reinjection == Reinjection::Replay && stripped.is_some();
    let stripped = match stripped {
        Some(stripped) => Cow::Owned(stripped),
        None => Cow::Borrowed(&original),
    };
    let stripped = match reinsert_overrides(stripped)? {
        Cow::Owned(stripped) => Some(stripped),
        Cow::Borrowed(_) => None,
    };
    // Shared with the templates' view of it while they render; owned again for the merge.
    let original = Arc::new(original);
    let stripped = stripped.map_or_else(|| Arc::clone(&original), Arc::new);
    let owner = req
        .owner
        .clone()
        .unwrap_or_else(|| context::owner_from_pod(&original));
    let vars = Arc::new(context::build(&ContextInput {
        pod: &stripped,
        owner: &owner,
        values: &snapshot.values,
        mesh: &snapshot.mesh,
        proxy_config: &proxy_config,
        proxy_config_is_default: matches!(proxy_config, Cow::Borrowed(_)),
        revision: req.revision,
        native_sidecars: req.native_sidecars,
        proxy_uid,
        proxy_gid,
        compliance_policy: req.compliance_policy,
        release: snapshot.release.release,
    }));

    // Every template is rendered before the merge: the templates read the pod in place
    // (`JsonView`), so it cannot change under them, and the merge then takes it back unshared.
    // A failed render is met in template order, after the merges of the templates before it,
    // as when each template is rendered just before its merge.
    let mut rendered_all = Vec::new();
    for name in select_templates(&snapshot.config, &original, req.caller) {
        let rendered = if !snapshot.offered_templates.contains(&name) {
            let known: Vec<&str> = snapshot
                .offered_templates
                .iter()
                .map(|n| n.as_str())
                .collect();
            Err(InjectError::TemplateNotFound {
                name,
                known: known.join(", "),
            })
        } else {
            snapshot
                .templates
                .render(&name, &snapshot.shared_context, &vars)
                .map_err(InjectError::from)
        };
        let failed = rendered.is_err();
        rendered_all.push(rendered);
        if failed {
            break;
        }
    }
    drop(vars);

    // What of the pod before injection is read after the merge: the user's own containers of
    // the names the templates inject, and the annotations. Replayed, the user's containers
    // are those of the stripped pod (the overrides put back), and nothing counts as injected
    // before.
    let user_pod = user_part(
        if replay { &stripped } else { &original },
        rendered_all.iter().flatten(),
    );
    let user_proxy_replayed =
        replay && pod::find(pod::containers(&stripped, "containers"), PROXY_CONTAINER).is_some();
    drop(stripped);
    // The views of the templates went with `vars`, so the pod is not copied here.
    let original = Arc::unwrap_or_clone(original);
    // The patch base is kept as text, and the merge works on the pod's own tree.
    let base = original.to_string();
    let mut merged = original;
    let mut template_pod = json!({});
    for rendered in rendered_all {
        let rendered = rendered?;
        template_pod = merge_owned(
            std::mem::take(&mut template_pod),
            skeleton(&rendered),
            Schema::Pod,
        )
        .map_err(|e| InjectError::Merge(e.0))?;
        if native_for_pod(req.native_sidecars, &merged)
            && pod::find(
                pod::containers(&template_pod, "initContainers"),
                PROXY_CONTAINER,
            )
            .is_some()
            && pod::find(pod::containers(&merged, "containers"), PROXY_CONTAINER).is_some()
            // Replayed, only a proxy of the user's own moves, as at the first injection.
            && (!replay || user_proxy_replayed)
        {
            move_proxy_to_init_containers(&mut merged);
        }
        merged = merge_owned(std::mem::take(&mut merged), rendered, Schema::Pod)
            .map_err(|e| InjectError::Merge(e.0))?;
    }

    reapply_user_containers(&mut merged, &user_pod, &template_pod, &proxy_config)?;
    post_process(
        snapshot,
        &req,
        &proxy_config,
        &template_pod,
        &proxy_envs,
        &mut merged,
    )
    .map_err(InjectError::PostProcess)?;
    normalize::normalize_pod(&mut merged);
    Ok(Injected {
        base,
        pod: merged,
        native_sidecars: None,
    })
}

/// The part of `pod` that `reapply_user_containers` reads: its annotations, and its
/// containers and init containers named as one the templates render (or `istio-proxy`), in
/// their order. A big pod's other containers are not copied.
fn user_part<'r>(pod: &Value, rendered: impl Iterator<Item = &'r Value>) -> Value {
    let mut names = vec![PROXY_CONTAINER];
    for template in rendered {
        for list in ["containers", "initContainers"] {
            names.extend(pod::containers(template, list).iter().map(pod::name_of));
        }
    }
    let of_names = |list: &str| -> Vec<Value> {
        pod::containers(pod, list)
            .iter()
            .filter(|c| names.contains(&pod::name_of(c)))
            .cloned()
            .collect()
    };
    let annotations = pod
        .at(&["metadata", "annotations"])
        .cloned()
        .unwrap_or(Value::Null);
    json!({
        "metadata": {"annotations": annotations},
        "spec": {"containers": of_names("containers"), "initContainers": of_names("initContainers")},
    })
}

/// The pod as the injector reads it: without managedFields, in the request's namespace when
/// it names none, normalized as Go's typed Pod would be (A4).
pub fn normalized(pod: &Value, namespace: &str) -> Value {
    let mut pod = pod.clone();
    normalize(&mut pod, namespace);
    pod
}

/// `normalized`, in place.
pub fn normalize(pod: &mut Value, namespace: &str) {
    let meta = pod::metadata_mut(pod);
    meta.remove("managedFields");
    if meta
        .get("namespace")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .is_empty()
        && !namespace.is_empty()
    {
        meta.insert("namespace".into(), namespace.into());
    }
    normalize::normalize_pod(pod);
}

/// What the template pod is used for (the status annotation, user overrides) needs only the
/// names of what a template injects: merging just those keeps a second full merge off the path.
fn skeleton(rendered: &Value) -> Value {
    let mut spec = Map::new();
    for list in [
        "initContainers",
        "containers",
        "volumes",
        "imagePullSecrets",
    ] {
        if let Some(items) = rendered.at(&["spec", list]).and_then(Value::as_array) {
            let names = items
                .iter()
                .filter_map(|i| {
                    let mut m = Map::new();
                    for k in ["name", "$patch"] {
                        if let Some(v) = i.get(k) {
                            m.insert(k.to_string(), v.clone());
                        }
                    }
                    (!m.is_empty()).then_some(Value::Object(m))
                })
                .collect();
            spec.insert(list.to_string(), Value::Array(names));
        }
    }
    json!({ "spec": spec })
}

/// OpenShift gives every container of a pod the same `runAsUser`; a user `istio-proxy` whose
/// user equals the app's would then break traffic capture, so its runAsUser/runAsGroup are
/// dropped (Istio's `isSidecarUserMatchingAppUser`: the last app container with a user counts,
/// and no user on either side counts as a match).
fn reset_sidecar_user_matching_app(pod: &mut Value) {
    let user_of = |c: &Value| {
        c.at(&["securityContext", "runAsUser"])
            .and_then(Value::as_i64)
    };
    let Some(sidecar) = pod::sidecar(pod) else {
        return;
    };
    if sidecar.get("securityContext").is_none_or(Value::is_null) {
        return;
    }
    // Both users are the last one set, containers before init containers, as Istio reads them.
    let all = || {
        pod::containers(pod, "containers")
            .iter()
            .chain(pod::containers(pod, "initContainers"))
    };
    let sidecar_user = all()
        .filter(|c| pod::name_of(c) == PROXY_CONTAINER)
        .filter_map(user_of)
        .next_back()
        .unwrap_or(0);
    let app_user = all()
        .filter(|c| {
            ![PROXY_CONTAINER, VALIDATION_CONTAINER, INIT_CONTAINER].contains(&pod::name_of(c))
        })
        .filter_map(user_of)
        .next_back()
        .unwrap_or(0);
    if sidecar_user == app_user
        && let Some(sc) = pod::sidecar_mut(pod)
            .and_then(|s| s.get_mut("securityContext"))
            .and_then(Value::as_object_mut)
    {
        sc.remove("runAsUser");
        sc.remove("runAsGroup");
    }
}

/// Cluster and network for the proxy: values < URL parameters < the pod's network label.
fn resolve_cluster_and_network(
    values: &Value,
    pod: &Value,
    envs: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut out = envs.clone();
    let mut cluster = values
        .at(&["global", "multiCluster", "clusterName"])
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let mut network = values
        .at(&["global", "network"])
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    if let Some(c) = envs.get("ISTIO_META_CLUSTER_ID").filter(|c| !c.is_empty()) {
        cluster = c.clone();
    }
    if let Some(n) = envs.get("ISTIO_META_NETWORK").filter(|n| !n.is_empty()) {
        network = n.clone();
    }
    if let Some(n) = pod::label(pod, "topology.istio.io/network") {
        network = n.to_string();
    }
    if !cluster.is_empty() {
        out.insert("ISTIO_META_CLUSTER_ID".into(), cluster);
    }
    if !network.is_empty() {
        out.insert("ISTIO_META_NETWORK".into(), network);
    }
    out
}

/// The containers a previous injection added, from the status annotation.
#[derive(Debug, Default)]
struct PreviousInjection {
    containers: Vec<String>,
    init_containers: Vec<String>,
}

fn previous_injection(pod: &Value) -> Option<PreviousInjection> {
    let status: Value = serde_json::from_str(pod::annotation(pod, STATUS_ANNOTATION)?).ok()?;
    let names = |k: &str| -> Vec<String> {
        status
            .get(k)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    };
    Some(PreviousInjection {
        containers: names("containers"),
        init_containers: names("initContainers"),
    })
}

/// `stripPod`: the pod without what a previous injection added; `None` if never injected.
fn strip_pod(pod: &Value, status_port: i64, release: Release) -> Option<Value> {
    let prev = previous_injection(pod)?;
    let mut out = pod.clone();
    pod::containers_mut(&mut out, "containers")
        .retain(|c| !prev.containers.iter().any(|n| n == pod::name_of(c)));
    pod::containers_mut(&mut out, "initContainers")
        .retain(|c| !prev.init_containers.iter().any(|n| n == pod::name_of(c)));
    if prometheus::current_port(&out) == Some(status_port.to_string().as_str()) {
        prometheus::clear_annotations(&mut out, release);
    }
    pod::string_map_mut(&mut out, "annotations").remove(STATUS_ANNOTATION);
    normalize::normalize_pod(&mut out);
    Some(out)
}

fn overrides(pod: &Value) -> Result<(Vec<Value>, Vec<Value>), InjectError> {
    let Some(text) = pod::annotation(pod, OVERRIDES_ANNOTATION) else {
        return Ok((vec![], vec![]));
    };
    let v: Value = serde_json::from_str(text).map_err(|e| InjectError::BadAnnotationJson {
        annotation: OVERRIDES_ANNOTATION,
        message: e.to_string(),
    })?;
    let list = |k: &str| {
        v.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    Ok((list("containers"), list("initContainers")))
}

/// `reinsertOverrides`: put back user-overridden containers that stripping removed.
fn reinsert_overrides(mut pod: Cow<'_, Value>) -> Result<Cow<'_, Value>, InjectError> {
    let (containers, init_containers) = overrides(&pod)?;
    for (list, items) in [
        ("containers", containers),
        ("initContainers", init_containers),
    ] {
        for c in items {
            if pod::find(pod::containers(&pod, list), pod::name_of(&c)).is_none() {
                pod::containers_mut(pod.to_mut(), list).push(c);
            }
        }
    }
    Ok(pod)
}

/// The pod's effective ProxyConfig. Without resources, istioctl's: the mesh `defaultConfig`
/// with `proxy.istio.io/config` on top (borrowed when the pod has no annotation). With them,
/// istiod's precedence (`ProxyConfigs::effective`).
pub(crate) fn effective_proxy_config<'a>(
    mesh_config: &'a Value,
    resources: Option<&ProxyConfigs>,
    pod: &Value,
) -> Result<Cow<'a, Value>, InjectError> {
    let bad = |message: String| InjectError::BadAnnotationJson {
        annotation: "proxy.istio.io/config",
        message,
    };
    let overlay = pod::annotation(pod, "proxy.istio.io/config")
        .map(crate::core::compat::yaml::parse_one_last_wins)
        .transpose()
        .map_err(|e| bad(e.to_string()))?;
    if let Some(resources) = resources {
        let namespace = pod
            .at(&["metadata", "namespace"])
            .and_then(Value::as_str)
            .unwrap_or_default();
        let labels = pod.at(&["metadata", "labels"]).and_then(Value::as_object);
        return resources
            .effective(mesh_config, namespace, labels, overlay.as_ref())
            .map(Cow::Owned)
            .map_err(bad);
    }
    let base = &mesh_config["defaultConfig"];
    match overlay {
        None => Ok(Cow::Borrowed(base)),
        Some(overlay) => mesh::merge_proxy_config(base, &overlay)
            .map(Cow::Owned)
            .map_err(bad),
    }
}

fn select_templates(config: &InjectorConfig, pod: &Value, caller: Caller) -> Vec<String> {
    let names: Vec<String> = match pod::annotation(pod, "inject.istio.io/templates") {
        Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        None if caller == Caller::KubeInject => vec!["sidecar".into()],
        None => config.default_templates.clone(),
    };
    names
        .into_iter()
        .flat_map(|n| config.aliases.get(&n).cloned().unwrap_or_else(|| vec![n]))
        .collect()
}

/// The per-pod native sidecar choice used for moving a user's `istio-proxy` (exact values only).
fn native_for_pod(default: bool, pod: &Value) -> bool {
    match pod::annotation(pod, "sidecar.istio.io/nativeSidecar") {
        Some("true") => true,
        Some("false") => false,
        _ => default,
    }
}

fn move_proxy_to_init_containers(pod: &mut Value) {
    let containers = pod::containers_mut(pod, "containers");
    if let Some(i) = containers
        .iter()
        .position(|c| pod::name_of(c) == PROXY_CONTAINER)
    {
        let c = containers.remove(i);
        pod::containers_mut(pod, "initContainers").push(c);
    }
}

/// `reapplyOverwrittenContainers`: a user's own `istio-proxy` (or other injected container)
/// is merged on top of the injected one, and remembered in `proxy.istio.io/overrides`.
fn reapply_user_containers(
    merged: &mut Value,
    original: &Value,
    template_pod: &Value,
    proxy_config: &Value,
) -> Result<(), InjectError> {
    let (saved_containers, saved_init) = overrides(original)?;
    let previous = previous_injection(original);
    let already_injected = pod::annotation(original, STATUS_ANNOTATION).is_some();
    let prev = previous.unwrap_or_default();
    let mut applied: (Vec<Value>, Vec<Value>) = (vec![], vec![]);
    for (list, saved, prev_names) in [
        ("containers", &saved_containers, &prev.containers),
        ("initContainers", &saved_init, &prev.init_containers),
    ] {
        for c in pod::containers(template_pod, list) {
            let name = pod::name_of(c);
            if prev_names.iter().any(|n| n == name) {
                continue;
            }
            let user = pod::find(saved, name).or_else(|| {
                if list == "containers" {
                    pod::find(pod::containers(original, "containers"), name)
                } else {
                    pod::find(pod::containers(original, "containers"), name)
                        .or_else(|| pod::find(pod::containers(original, "initContainers"), name))
                }
            });
            let Some(user) = user else { continue };
            let mut overlay = user.clone();
            if overlay.get("image").and_then(Value::as_str) == Some("auto") {
                overlay
                    .as_object_mut()
                    .expect("container is an object")
                    .remove("image");
            }
            let patch = if list == "containers" {
                json!({"spec": {"containers": [overlay]}})
            } else {
                json!({"spec": {"initContainers": [overlay]}})
            };
            *merged = merge_owned(std::mem::take(merged), patch, Schema::Pod)
                .map_err(|e| InjectError::Merge(e.0))?;
            if list == "containers" {
                applied.0.push(overlay)
            } else {
                applied.1.push(overlay)
            }
        }
    }
    if !already_injected && (!applied.0.is_empty() || !applied.1.is_empty()) {
        let mut saved = Map::new();
        if !applied.0.is_empty() {
            saved.insert("containers".into(), Value::Array(applied.0));
        }
        if !applied.1.is_empty() {
            saved.insert("initContainers".into(), Value::Array(applied.1));
        }
        let text = serde_json::to_string(&Value::Object(saved)).expect("JSON serializes");
        pod::string_map_mut(merged, "annotations").insert(OVERRIDES_ANNOTATION.into(), text.into());
    }
    adjust_init_container_user(merged, original, proxy_config);
    Ok(())
}

/// `adjustInitContainerUser`: keep iptables' `-u` and the validation container in step with a
/// user-set `runAsUser`/`runAsGroup` on `istio-proxy`.
fn adjust_init_container_user(merged: &mut Value, original: &Value, proxy_config: &Value) {
    let Some(user) = pod::sidecar(original) else {
        return;
    };
    let run_as_user = user
        .at(&["securityContext", "runAsUser"])
        .filter(|v| !v.is_null())
        .cloned();
    let run_as_group = user
        .at(&["securityContext", "runAsGroup"])
        .filter(|v| !v.is_null())
        .cloned();
    if run_as_user.is_none() && run_as_group.is_none() {
        return;
    }
    let tproxy = proxy_config.get("interceptionMode").and_then(Value::as_str) == Some("TPROXY")
        || pod::annotation(merged, "sidecar.istio.io/interceptionMode") == Some("TPROXY");
    let init_name = [INIT_CONTAINER, VALIDATION_CONTAINER]
        .into_iter()
        .find(|n| pod::find(pod::containers(merged, "initContainers"), n).is_some());
    let Some(init_name) = init_name else { return };
    if tproxy
        && run_as_user.is_some()
        && let Some(sc) = pod::sidecar_mut(merged)
            .and_then(|s| s.get_mut("securityContext"))
            .and_then(Value::as_object_mut)
    {
        sc.insert("runAsUser".into(), 0.into());
    }
    let init = pod::containers_mut(merged, "initContainers")
        .iter_mut()
        .find(|c| pod::name_of(c) == init_name)
        .expect("found above");
    if !tproxy && init_name == VALIDATION_CONTAINER {
        // A securityContext that is not a mapping is left as it is: the apiserver refuses it.
        if let Some(obj) = init.as_object_mut() {
            let sc = obj.entry("securityContext").or_insert_with(|| json!({}));
            if sc.is_null() {
                *sc = json!({});
            }
            if let Some(sc) = sc.as_object_mut() {
                if let Some(u) = &run_as_user {
                    sc.insert("runAsUser".into(), u.clone());
                }
                if let Some(g) = &run_as_group {
                    sc.insert("runAsGroup".into(), g.clone());
                }
            }
        }
    }
    let Some(uid) = run_as_user.and_then(|u| u.as_i64()).filter(|u| *u != 0) else {
        return;
    };
    if let Some(args) = init.get_mut("args").and_then(Value::as_array_mut)
        && let Some(i) = args.iter().position(|a| a == "-u")
        && i + 1 < args.len()
    {
        args[i + 1] = uid.to_string().into();
    }
}

/// The status port the probe rewrite and the Prometheus merge point at. The webhook uses the
/// mesh's `defaultConfig.statusPort` even when the pod's `proxy.istio.io/config` changes it
/// (as istiod does); istioctl kube-inject merges the pod's ProxyConfig into the mesh config
/// first, so there the pod's own port counts.
fn agent_status_port(snapshot: &Snapshot, caller: Caller, proxy_config: &Value) -> i64 {
    match caller {
        Caller::KubeInject => proxy_config
            .get("statusPort")
            .and_then(Value::as_i64)
            .unwrap_or_else(|| mesh::mesh_status_port(&snapshot.mesh)),
        Caller::Webhook => mesh::mesh_status_port(&snapshot.mesh),
    }
}

fn post_process(
    snapshot: &Snapshot,
    req: &Request,
    proxy_config: &Value,
    template_pod: &Value,
    proxy_envs: &BTreeMap<String, String>,
    pod: &mut Value,
) -> Result<(), String> {
    pod::string_map_mut(pod, "annotations");
    pod::string_map_mut(pod, "labels");
    if !proxy_envs.is_empty()
        && let Some(sidecar) = pod::sidecar_mut(pod)
    {
        set_envs(sidecar, proxy_envs);
    }
    let status_port = agent_status_port(snapshot, req.caller, proxy_config);
    let release = snapshot.release.release;
    prometheus::apply_merge(pod, &snapshot.mesh, status_port, release)?;
    prometheus::apply_secure_port(pod, release);
    apply_rewrite(snapshot, pod, status_port);
    if let Some(network) = proxy_envs.get("ISTIO_META_NETWORK") {
        pod::string_map_mut(pod, "labels")
            .insert("topology.istio.io/network".into(), network.clone().into());
    }
    let status = injection_status(template_pod, req.revision);
    let annos = pod::string_map_mut(pod, "annotations");
    annos.insert(STATUS_ANNOTATION.into(), status.into());
    if req.caller == Caller::Webhook {
        for (k, v) in &snapshot.config.injected_annotations {
            annos.insert(k.clone(), v.clone().into());
        }
    }
    reorder(snapshot, proxy_config, pod);
    Ok(())
}

/// `updateClusterEnvs`: replace these env vars on the sidecar, appended in name order.
fn set_envs(sidecar: &mut Value, envs: &BTreeMap<String, String>) {
    if let Some(env) = sidecar.get_mut("env").and_then(Value::as_array_mut) {
        env.retain(|e| {
            !envs.contains_key(e.get("name").and_then(Value::as_str).unwrap_or_default())
        });
    }
    for (k, v) in envs {
        pod::push_env(sidecar, k, v);
    }
}

fn apply_rewrite(snapshot: &Snapshot, pod: &mut Value, status_port: i64) {
    if pod::sidecar(pod).is_none() {
        return;
    }
    let values_setting = snapshot
        .values
        .at(&["sidecarInjectorWebhook", "rewriteAppHTTPProbe"])
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if !probes::should_rewrite(pod, values_setting) {
        return;
    }
    if let Some(probers) = probes::dump_app_probers(pod, status_port) {
        let previously_injected = pod::annotation(pod, STATUS_ANNOTATION).is_some();
        if let Some(sidecar) = pod::sidecar_mut(pod) {
            probes::merge_or_append(sidecar, previously_injected, &probers);
        }
    }
    probes::rewrite_probes(pod, status_port);
}

/// The `sidecar.istio.io/status` value: what the templates injected, in template order.
fn injection_status(template_pod: &Value, revision: &str) -> String {
    let names = |list: &str| -> Value {
        let items = template_pod.at(&["spec", list]).and_then(Value::as_array);
        match items {
            Some(items) if !items.is_empty() => {
                Value::Array(items.iter().map(|c| Value::from(pod::name_of(c))).collect())
            }
            _ => Value::Null,
        }
    };
    let revision = if revision.is_empty() {
        "default"
    } else {
        revision
    };
    let (init, containers, volumes, secrets) = (
        names("initContainers"),
        names("containers"),
        names("volumes"),
        names("imagePullSecrets"),
    );
    let revision = Value::from(revision);
    gofmt::struct_json(&[
        ("initContainers", &init),
        ("containers", &containers),
        ("volumes", &volumes),
        ("imagePullSecrets", &secrets),
        ("revision", &revision),
    ])
}

/// `reorderPod`: where the proxy and Istio's init containers go. Istio decides "hold" from the
/// mesh default with the `proxy.istio.io/config` annotation on top, never from ProxyConfig
/// resources; the effective `proxy_config` gives the same answer because a resource cannot set
/// `holdApplicationUntilProxyStarts`.
fn reorder(snapshot: &Snapshot, proxy_config: &Value, pod: &mut Value) {
    let hold = proxy_config
        .get("holdApplicationUntilProxyStarts")
        .and_then(Value::as_bool)
        .unwrap_or(false)
        || snapshot
            .values
            .at(&["global", "proxy", "holdApplicationUntilProxyStarts"])
            .and_then(Value::as_bool)
            .unwrap_or(false);
    let containers = pod::containers_mut(pod, "containers");
    pod::move_container(
        containers,
        PROXY_CONTAINER,
        if hold {
            Position::First
        } else {
            Position::Last
        },
    );
    let native = pod::find(pod::containers(pod, "initContainers"), PROXY_CONTAINER).is_some();
    let init = pod::containers_mut(pod, "initContainers");
    if native {
        for name in [
            ENABLE_CORE_DUMP,
            PROXY_CONTAINER,
            VALIDATION_CONTAINER,
            INIT_CONTAINER,
        ] {
            pod::move_container(init, name, Position::First);
        }
    } else {
        pod::move_container(init, VALIDATION_CONTAINER, Position::First);
        pod::move_container(init, INIT_CONTAINER, Position::Last);
        pod::move_container(init, ENABLE_CORE_DUMP, Position::Last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// OpenShift's reset: the sidecar's user is dropped when it equals the last app user set
    /// (none on either side counts as equal), kept when it differs.
    #[test]
    fn sidecar_user_copied_from_the_app_is_reset() {
        let pod = |proxy: Value, app: Value| {
            json!({"spec": {"containers": [
                {"name": "app", "securityContext": app},
                {"name": "istio-proxy", "securityContext": proxy}]}})
        };
        let proxy_user = |mut p: Value| {
            reset_sidecar_user_matching_app(&mut p);
            p.pointer("/spec/containers/1/securityContext").cloned()
        };
        let same = pod(
            json!({"runAsUser": 1000, "runAsGroup": 7, "privileged": false}),
            json!({"runAsUser": 1000}),
        );
        assert_eq!(proxy_user(same), Some(json!({"privileged": false})));
        let differs = pod(json!({"runAsUser": 1001}), json!({"runAsUser": 1000}));
        assert_eq!(proxy_user(differs), Some(json!({"runAsUser": 1001})));
        let neither = pod(json!({"runAsGroup": 5}), json!({}));
        assert_eq!(proxy_user(neither), Some(json!({})));
        // No securityContext on the sidecar: nothing to reset.
        let none = pod(Value::Null, json!({"runAsUser": 1000}));
        assert_eq!(proxy_user(none), Some(Value::Null));
    }

    /// A user's `istio-proxy` user is copied to the validation container; a securityContext
    /// there that is not a mapping is left alone instead of panicking.
    #[test]
    fn init_container_user_follows_the_users_proxy() {
        let original = json!({"spec": {"containers": [{"name": "istio-proxy",
            "securityContext": {"runAsUser": 1234, "runAsGroup": 4321}}]}});
        let mut merged = json!({"spec": {"initContainers": [{"name": "istio-validation"}]}});
        adjust_init_container_user(&mut merged, &original, &json!({}));
        assert_eq!(
            merged["spec"]["initContainers"][0]["securityContext"],
            json!({"runAsUser": 1234, "runAsGroup": 4321})
        );
        let mut odd = json!({"spec": {"initContainers": [{"name": "istio-validation",
            "securityContext": "restricted"}]}});
        adjust_init_container_user(&mut odd, &original, &json!({}));
        assert_eq!(
            odd["spec"]["initContainers"][0]["securityContext"],
            "restricted"
        );
    }

    /// The pod's `proxy.istio.io/config` moves the agent's status port; only kube-inject
    /// points the rewritten probes and the Prometheus port at it, as Istio does.
    #[test]
    fn status_port_of_the_pods_proxy_config_counts_only_offline() {
        let snapshot = crate::core::config::snapshot::embedded();
        let pod = json!({
            "metadata": {"name": "p", "namespace": "ns",
                "annotations": {"proxy.istio.io/config": "statusPort: 15999"}},
            "spec": {"containers": [{"name": "app", "image": "app",
                "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}
        });
        let ports = |caller| {
            let injected = inject(&snapshot, Request::new(Cow::Borrowed(&pod), caller))
                .unwrap()
                .pod;
            (
                injected["spec"]["containers"][0]["readinessProbe"]["httpGet"]["port"].clone(),
                injected["metadata"]["annotations"]["prometheus.io/port"].clone(),
            )
        };
        assert_eq!(ports(Caller::KubeInject), (json!(15999), json!("15999")));
        assert_eq!(ports(Caller::Webhook), (json!(15020), json!("15020")));
    }

    /// A proxyMetadata entry that repeats an env name of the template stays a second entry,
    /// as Kubernetes' strategic merge leaves a new container's env (the last one wins in the
    /// container, as with Istio).
    #[test]
    fn proxy_metadata_repeating_a_template_env_gives_both_entries() {
        let snapshot = crate::core::config::snapshot::embedded();
        let pod = json!({
            "metadata": {"name": "p", "namespace": "ns", "annotations":
                {"proxy.istio.io/config": "proxyMetadata: {TRUST_DOMAIN: example.org}"}},
            "spec": {"containers": [{"name": "app", "image": "app"}]}
        });
        let injected = inject(
            &snapshot,
            Request::new(Cow::Borrowed(&pod), Caller::Webhook),
        )
        .unwrap()
        .pod;
        let proxy = &injected["spec"]["containers"][1];
        let trust_domains: Vec<&Value> = proxy["env"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["name"] == "TRUST_DOMAIN")
            .map(|e| &e["value"])
            .collect();
        assert_eq!(
            trust_domains,
            [&json!("cluster.local"), &json!("example.org")]
        );
    }
}
