//! The data injection templates see (Istio's `SidecarTemplateData`), as JSON.

use crate::compat::path::At;
use crate::config::mesh;
use crate::gotemplate::value::go_floats;
use crate::inject::frozen::freeze;
use crate::inject::funcs::{self, omit_nil, pod_ports_json};
use crate::inject::images::{image_url, proxy_image_type, variant};
use crate::inject::json_view::JsonView;
use crate::inject::pod;
use crate::inject::release_flags::ReleaseFlags;
use crate::inject::render::SharedContext;
use crate::inject::snapshot::Environment;
use crate::inject::vars::{Var, Vars};
use crate::release::{Feature, Release};
use minijinja::value::{Serde, Value as MjValue};
use serde_json::{Value, json};
use std::sync::Arc;

/// Who owns the pod, as the templates name it (`ISTIO_META_OWNER`, workload name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Owner {
    pub kind: String,
    pub api_version: String,
    pub name: String,
    pub namespace: String,
}

/// Istio's `GetDeployMetaFromPod` heuristic: the controlling workload of a pod.
pub fn owner_from_pod(pod: &Value) -> Owner {
    let meta = pod.get("metadata").cloned().unwrap_or(Value::Null);
    let s = |k: &str| {
        meta.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let mut owner = Owner {
        kind: "Pod".into(),
        api_version: "v1".into(),
        name: s("name"),
        namespace: s("namespace"),
    };
    if !s("generateName").is_empty() {
        let controller = meta
            .get("ownerReferences")
            .and_then(Value::as_array)
            .and_then(|refs| {
                refs.iter()
                    .find(|r| r.get("controller").and_then(Value::as_bool) == Some(true))
            });
        if let Some(r) = controller {
            let rs = |k: &str| {
                r.get(k)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string()
            };
            owner.api_version = rs("apiVersion");
            owner.kind = rs("kind");
            owner.name = rs("name");
            let label = |k: &str| pod::label(pod, k).unwrap_or_default().to_string();
            let hash = label("pod-template-hash");
            let rollout_hash = label("rollouts-pod-template-hash");
            if owner.kind == "ReplicaSet" && !hash.is_empty() && owner.name.ends_with(&hash) {
                owner.name = owner
                    .name
                    .strip_suffix(&format!("-{hash}"))
                    .unwrap_or(&owner.name)
                    .to_string();
                owner.kind = "Deployment".into();
            } else if owner.kind == "ReplicaSet"
                && !rollout_hash.is_empty()
                && owner.name.ends_with(&rollout_hash)
            {
                owner.name = owner
                    .name
                    .strip_suffix(&format!("-{rollout_hash}"))
                    .unwrap_or(&owner.name)
                    .to_string();
                owner.kind = "Rollout".into();
                owner.api_version = "v1alpha1".into();
            } else if owner.kind == "ReplicationController" && !label("deploymentconfig").is_empty()
            {
                owner.name = label("deploymentconfig");
                owner.kind = "DeploymentConfig".into();
            } else if owner.kind == "Job"
                && let Some(base) = cron_job_name(&owner.name)
            {
                owner.name = base;
                owner.kind = "CronJob".into();
                owner.api_version = "batch/v1".into();
            }
        }
    }
    if owner.name.is_empty() {
        owner.name = s("name");
    }
    owner
}

/// Jobs created by a CronJob are named `<cronjob>-<8 to 10 digits>`.
fn cron_job_name(job: &str) -> Option<String> {
    let (base, suffix) = job.rsplit_once('-')?;
    ((8..=10).contains(&suffix.len())
        && suffix.bytes().all(|b| b.is_ascii_digit())
        && !base.is_empty())
    .then(|| base.to_string())
}

/// Everything the template context is built from.
pub struct ContextInput<'a> {
    /// Shared: templates read the pod where it is (`JsonView`), not a converted copy.
    pub pod: &'a Arc<Value>,
    pub owner: &'a Owner,
    pub values: &'a Value,
    pub mesh: &'a Value,
    pub proxy_config: &'a Value,
    /// The mesh default, which the shared template context already carries.
    pub proxy_config_is_default: bool,
    pub revision: &'a str,
    pub native_sidecars: bool,
    pub proxy_uid: i64,
    pub proxy_gid: i64,
    pub compliance_policy: &'a str,
    pub release: Release,
    /// Now, in Unix nanoseconds (Sprig's `now` and date functions).
    pub now: i64,
}

/// The template variables that are the same for every pod of a snapshot, converted once:
/// `values`, `mesh`, `go_values` (the values as Go templates see them: numbers are float64),
/// and the defaults of what a pod can override: `proxy_config` and `proxy_config_json` (by
/// `proxy.istio.io/config`), the images (by `sidecar.istio.io/proxyImageType`) and
/// `proxy_resources` (by the proxy resource annotations). `build` replaces those for a pod
/// that overrides them. `release` holds the flags of the release's stock templates.
pub fn shared(
    values: &Value,
    mesh: &Value,
    environment: &Environment,
    release: Release,
) -> SharedContext {
    let proxy_config = &mesh["defaultConfig"];
    let image_type = proxy_image_type(proxy_config, values, release);
    let proxy_image = image_url(values, "proxy", image_type, None);
    let proxy_init_image = match release.has(Feature::ProxyInitImage) {
        true => image_url(values, "proxy_init", variant(values), None),
        false => proxy_image.clone(),
    };
    Arc::new(Vars::from([
        (Var::ProxyConfig, freeze(proxy_config)),
        (
            Var::ProxyConfigJson,
            MjValue::from(mesh::proxy_config_json(proxy_config)),
        ),
        (Var::ProxyImage, MjValue::from(proxy_image)),
        (Var::ProxyInitImage, MjValue::from(proxy_init_image)),
        (
            Var::ProxyResources,
            JsonView::of(Arc::new(default_resources(values))),
        ),
        (Var::Values, freeze(values)),
        (Var::Mesh, freeze(mesh)),
        (Var::Environment, MjValue::from(Serde(environment))),
        (Var::GoValues, freeze(&go_floats(values))),
        (Var::Release, ReleaseFlags::of(release)),
    ]))
}

/// The per-pod template variables: the pod itself, its `annotations` (which template
/// functions read), what Istio's injector computes for the templates, and the pod's own
/// values of what `shared` holds defaults for.
pub fn build(input: &ContextInput) -> Vars {
    let lightstep_ca = input
        .proxy_config
        .at(&["tracing", "tlsSettings", "caCertificates"])
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(|p| funcs::directory(p).to_string());
    let containers = pod::containers(input.pod, "containers");
    let app_containers: Vec<&str> = containers
        .iter()
        .map(pod::name_of)
        .filter(|n| *n != pod::PROXY_CONTAINER)
        .collect();
    let pair = |a: (&'static str, &str), b: (&'static str, &str)| {
        MjValue::from_object(std::collections::BTreeMap::from([
            (a.0, MjValue::from(a.1)),
            (b.0, MjValue::from(b.1)),
        ]))
    };
    let pod = JsonView::of(Arc::clone(input.pod));
    let annotations = pod
        .get_attr("metadata")
        .and_then(|m| m.get_attr("annotations"))
        .unwrap_or_default();
    let mut vars = Vars::from([
        (Var::Pod, pod),
        (Var::Annotations, annotations),
        (
            Var::Owner,
            pair(
                ("kind", &input.owner.kind),
                ("apiVersion", &input.owner.api_version),
            ),
        ),
        (
            Var::Deployment,
            pair(
                ("name", &input.owner.name),
                ("namespace", &input.owner.namespace),
            ),
        ),
        (Var::Revision, MjValue::from(input.revision)),
        (Var::NativeSidecars, MjValue::from(input.native_sidecars)),
        (Var::ProxyUid, MjValue::from(input.proxy_uid)),
        (Var::ProxyGid, MjValue::from(input.proxy_gid)),
        (
            Var::InboundTrafficPolicyMode,
            MjValue::from(mesh::inbound_traffic_policy_mode(input.mesh)),
        ),
        (
            Var::CompliancePolicy,
            MjValue::from(input.compliance_policy),
        ),
        (Var::Now, MjValue::from(input.now)),
        (
            Var::OtelResourceAttributes,
            MjValue::from(match input.release.has(Feature::OtelResourceAttributes) {
                true => otel_resource_attributes(input.mesh, input.pod, &input.owner.namespace),
                false => String::new(),
            }),
        ),
        (Var::LightstepCaDirectory, MjValue::from(lightstep_ca)),
        (
            Var::AppContainers,
            app_containers.into_iter().map(MjValue::from).collect(),
        ),
        (Var::PodPortsJson, MjValue::from(pod_ports_json(containers))),
    ]);
    override_shared(input, &mut vars);
    vars
}

/// The pod's own values of what the shared context holds defaults for, where it has them: the
/// images (`sidecar.istio.io/proxyImageType`, or a ProxyConfig of its own), the proxy's
/// resources (its resource annotations) and the ProxyConfig. Before `.ProxyInitImage`, the
/// stock templates' init container runs the proxy's image, so `proxy_init_image` is that.
fn override_shared(input: &ContextInput, vars: &mut Vars) {
    let image_type_override = pod::annotation(input.pod, "sidecar.istio.io/proxyImageType");
    let proxy_image_type = proxy_image_type(input.proxy_config, input.values, input.release);
    let init_runs_proxy_image = !input.release.has(Feature::ProxyInitImage);
    if image_type_override.is_some() || !input.proxy_config_is_default {
        let image = image_url(input.values, "proxy", proxy_image_type, image_type_override);
        let image = MjValue::from(image);
        if init_runs_proxy_image {
            vars.set(Var::ProxyInitImage, image.clone());
        }
        vars.set(Var::ProxyImage, image);
    }
    if image_type_override.is_some() && !init_runs_proxy_image {
        let variant = variant(input.values);
        let image = image_url(input.values, "proxy_init", variant, image_type_override);
        vars.set(Var::ProxyInitImage, MjValue::from(image));
    }
    if let Some(resources) = annotated_resources(input.pod) {
        vars.set(Var::ProxyResources, JsonView::of(Arc::new(resources)));
    }
    if !input.proxy_config_is_default {
        vars.set(Var::ProxyConfig, freeze(input.proxy_config));
        vars.set(
            Var::ProxyConfigJson,
            MjValue::from(mesh::proxy_config_json(input.proxy_config)),
        );
    }
}

/// Requests and limits of the proxy (and istio-init) from the `sidecar.istio.io/proxyCPU`,
/// `proxyMemory`, `proxyCPULimit` and `proxyMemoryLimit` annotations, when any is set
/// (otherwise `default_resources`).
fn annotated_resources(pod: &Value) -> Option<Value> {
    let anno = |k: &str| pod::annotation(pod, &format!("sidecar.istio.io/{k}"));
    let pair = |cpu: &str, memory: &str| -> Option<Value> {
        let mut m = serde_json::Map::new();
        if let Some(v) = anno(cpu) {
            m.insert("cpu".into(), v.into());
        }
        if let Some(v) = anno(memory) {
            m.insert("memory".into(), v.into());
        }
        (!m.is_empty()).then_some(Value::Object(m))
    };
    let (requests, limits) = (
        pair("proxyCPU", "proxyMemory"),
        pair("proxyCPULimit", "proxyMemoryLimit"),
    );
    if requests.is_none() && limits.is_none() {
        return None;
    }
    let mut out = serde_json::Map::new();
    if let Some(r) = requests {
        out.insert("requests".into(), r);
    }
    if let Some(l) = limits {
        out.insert("limits".into(), l);
    }
    Some(Value::Object(out))
}

/// `values.global.proxy.resources` without its nulls.
fn default_resources(values: &Value) -> Value {
    match omit_nil(
        values
            .at(&["global", "proxy", "resources"])
            .unwrap_or(&Value::Null),
    ) {
        Value::Null => json!({}),
        v => v,
    }
}

/// The fields of Istio's newest template data (`SidecarTemplateData`) that `release`'s lacks.
pub fn template_data_lacks(release: Release) -> &'static [&'static str] {
    if release.has(Feature::ProxyInitImage) {
        &[]
    } else {
        &["ProxyInitImage"]
    }
}

/// `otelResourceAttributes`: OTel service attributes when a provider asks for them.
fn otel_resource_attributes(mesh: &Value, pod: &Value, namespace: &str) -> String {
    let enabled = mesh
        .get("extensionProviders")
        .and_then(Value::as_array)
        .is_some_and(|ps| {
            ps.iter().any(|p| {
                p.at(&["opentelemetry", "serviceAttributeEnrichment"])
                    .and_then(Value::as_str)
                    == Some("OTEL_SEMANTIC_CONVENTIONS")
            })
        });
    if !enabled {
        return String::new();
    }
    let anno = |k: &str| pod::annotation(pod, k).filter(|v| !v.is_empty());
    let containers = pod::containers(pod, "containers");
    let mut attrs = Vec::new();
    if let Some(v) = anno("resource.opentelemetry.io/service.namespace") {
        attrs.push(format!("service.namespace={v}"));
    } else if !namespace.is_empty() {
        attrs.push(format!("service.namespace={namespace}"));
    }
    if let Some(v) = anno("resource.opentelemetry.io/service.version") {
        attrs.push(format!("service.version={v}"));
    } else if let Some(v) = pod::label(pod, "app.kubernetes.io/version").filter(|v| !v.is_empty()) {
        attrs.push(format!("service.version={v}"));
    } else if containers.len() == 1 {
        let image = containers[0]
            .get("image")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let (rest, digest) = image.split_once('@').unwrap_or((image, ""));
        let tag = match (rest.rfind(':'), rest.rfind('/')) {
            (Some(c), Some(s)) if c > s => &rest[c + 1..],
            (Some(c), None) => &rest[c + 1..],
            _ => "",
        };
        match (tag.is_empty(), digest.is_empty()) {
            (false, false) => attrs.push(format!("service.version={tag}@{digest}")),
            (true, false) => attrs.push(format!("service.version={digest}")),
            (false, true) => attrs.push(format!("service.version={tag}")),
            (true, true) => {}
        }
    }
    if let Some(v) = anno("resource.opentelemetry.io/service.instance.id") {
        attrs.push(format!("service.instance.id={v}"));
    } else if let Some(first) = containers.first() {
        attrs.push(format!(
            "service.instance.id={namespace}.$(POD_NAME).{}",
            pod::name_of(first)
        ));
    }
    attrs.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_heuristics() {
        let pod = json!({"metadata": {"name": "", "generateName": "hello-7d9f-", "namespace": "ns",
            "labels": {"pod-template-hash": "7d9f"},
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "hello-7d9f", "controller": true}]}});
        let o = owner_from_pod(&pod);
        assert_eq!(
            (o.kind.as_str(), o.name.as_str(), o.api_version.as_str()),
            ("Deployment", "hello", "apps/v1")
        );
        let job = json!({"metadata": {"generateName": "x-", "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "nightly-28000000", "controller": true}]}});
        assert_eq!(owner_from_pod(&job).kind, "CronJob");
        assert_eq!(
            owner_from_pod(&json!({"metadata": {"name": "p"}})).kind,
            "Pod"
        );
    }

    #[test]
    fn pods_override_the_shared_defaults_only_where_they_differ() {
        let values = json!({"global": {"hub": "h", "tag": "1", "proxy": {"resources": {"requests": {"cpu": "100m"}, "limits": null}}}});
        let mesh = json!({"defaultConfig": {}});
        let shared = shared(&values, &mesh, &Environment::new(), Release::NEWEST);
        assert_eq!(shared[Var::ProxyImage].as_str(), Some("h/proxyv2:1"));
        assert_eq!(
            serde_json::to_value(&shared[Var::ProxyResources]).unwrap(),
            json!({"requests": {"cpu": "100m"}})
        );
        let owner = Owner::default();
        let vars = |pod: &Value| {
            build(&ContextInput {
                pod: &Arc::new(pod.clone()),
                owner: &owner,
                values: &values,
                mesh: &mesh,
                proxy_config: &mesh["defaultConfig"],
                proxy_config_is_default: true,
                revision: "",
                native_sidecars: false,
                proxy_uid: 1337,
                proxy_gid: 1337,
                compliance_policy: "",
                release: Release::NEWEST,
                now: 0,
            })
        };
        let plain = vars(&json!({"metadata": {"name": "p"}}));
        assert!(plain.get(Var::ProxyImage).is_none() && plain.get(Var::ProxyResources).is_none());
        let custom = vars(&json!({"metadata": {"annotations": {
            "sidecar.istio.io/proxyImageType": "debug", "sidecar.istio.io/proxyMemory": "1Gi"}}}));
        assert_eq!(custom[Var::ProxyImage].as_str(), Some("h/proxyv2:1-debug"));
        assert_eq!(
            custom[Var::ProxyInitImage].as_str(),
            Some("h/proxyv2:1-debug")
        );
        assert_eq!(
            serde_json::to_value(&custom[Var::ProxyResources]).unwrap(),
            json!({"requests": {"memory": "1Gi"}})
        );
    }
}
