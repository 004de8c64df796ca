//! The injection pipeline, as Istio's `injectPod`: run the templates (check the annotations,
//! strip a previous injection, render, merge), re-apply the user's own containers, then the
//! post-processing Istio does (Prometheus merge, probe rewrite, status, container order). Pure:
//! pod in, injected pod out. The steps live by phase: `prepare` (what the pod asks for),
//! `reinjection` (a previous injection stripped), `templates` (which render, and rendering
//! them), `overlay` (the merges and the user's containers), `post_process`.

mod overlay;
mod post_process;
mod prepare;
mod reinjection;
mod templates;

pub(crate) use prepare::effective_proxy_config;

use crate::compat::normalize;
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, Settings};
pub use crate::inject::injected::Injected;
use crate::inject::native::Native;
use crate::inject::pod;
use crate::inject::render::RenderError;
use serde_json::Value;
use std::sync::Arc;

/// Why a pod could not be injected. The webhook denies the pod with this message, in Istio's
/// words where Istio has them: its `injectPod` wraps each step's error (`failed to run injection
/// template: `, `failed to re apply container: `, `failed to process pod: `).
#[derive(Debug, thiserror::Error)]
pub enum InjectError {
    #[error("failed to run injection template: {0}")]
    InvalidAnnotations(String),
    #[error(
        "failed to run injection template: requested template {name:?} not found; have {known}"
    )]
    TemplateNotFound { name: String, known: String },
    #[error("failed to run injection template: {0}")]
    Render(#[from] RenderError),
    /// The user's containers a previous injection recorded cannot be read back.
    #[error("failed to run injection template: invalid {OVERRIDES} annotation: {0}", OVERRIDES = pod::OVERRIDES_ANNOTATION)]
    InvalidOverrides(String),
    /// A template's output that cannot be merged with the other templates' (the template pod).
    #[error("failed to run injection template: failed applying injection overlay: {0}")]
    Overlay(String),
    /// A template's output that cannot be merged into the pod.
    #[error(
        "failed to run injection template: failed parsing generated injected YAML (check Istio sidecar injector configuration): {0}"
    )]
    InjectedYaml(String),
    /// A user's own container (`container` or `init container`) that cannot be laid over the
    /// injected one.
    #[error("failed to re apply container: failed to apply sidecar {kind}: {message}")]
    Reapply { kind: &'static str, message: String },
    #[error("failed to process pod: {0}")]
    PostProcess(String),
    #[error("invalid {annotation} annotation: {message}")]
    BadAnnotationJson {
        annotation: &'static str,
        message: String,
    },
}

impl crate::label::Labelled for InjectError {
    fn label(&self) -> &'static str {
        match self {
            InjectError::InvalidAnnotations(_)
            | InjectError::InvalidOverrides(_)
            | InjectError::BadAnnotationJson { .. } => "invalid_annotations",
            InjectError::TemplateNotFound { .. } => "template_not_found",
            InjectError::Render(_) => "template_error",
            InjectError::Overlay(_)
            | InjectError::InjectedYaml(_)
            | InjectError::Reapply { .. } => "merge_error",
            InjectError::PostProcess(_) => "post_process_error",
        }
    }
}

/// Run the whole pipeline on one pod that selection chose, with native sidecars as decided:
/// Istio's `injectPod`, step by step. `admit` is its one caller.
pub(super) fn inject(
    snapshot: &Snapshot,
    settings: &Settings,
    mut req: Admission,
    native_sidecars: Native,
) -> Result<Injected, InjectError> {
    let release = snapshot.release.release;
    let (original, ids) = prepare::take_pod(&mut req);
    prepare::check_annotations(&original, release)?;
    let envs = prepare::resolve_cluster_and_network(&snapshot.values, &original, req.proxy_envs);
    let config =
        prepare::effective_proxy_config(&snapshot.mesh, req.proxy_configs, &original, release)?;
    let proxy = prepare::Proxy {
        status_port: prepare::agent_status_port(snapshot, req.caller, &config),
        config,
        ids,
        native: native_sidecars.on,
        envs,
    };
    let reinjection::Stripped {
        pod: stripped,
        replay,
    } = reinjection::strip(&original, proxy.status_port, release, req.reinjection)?;
    // Shared with the templates' view of them while they render; owned again for the merge.
    let original = Arc::new(original);
    let stripped = stripped.map_or_else(|| Arc::clone(&original), Arc::new);
    let rendered = templates::render(snapshot, settings, &req, &original, &stripped, &proxy);
    let overlaid = overlay::merge_rendered(original, stripped, replay, rendered, proxy.native)?;
    let mut merged = overlaid.pod;
    overlay::reapply_user_containers(
        &mut merged,
        &overlaid.user_pod,
        &overlaid.template_pod,
        &proxy.config,
    )?;
    post_process::post_process(
        snapshot,
        req.caller,
        &settings.revision,
        &proxy,
        &overlaid.template_pod,
        &mut merged,
    )
    .map_err(InjectError::PostProcess)?;
    normalize::normalize_pod(&mut merged);
    Ok(Injected::built(overlaid.base, merged, native_sidecars))
}

/// The pod as the injection takes it, the base of its patch: what an earlier replica's
/// patch is applied to.
pub(super) fn patch_base(mut admission: Admission) -> Value {
    prepare::take_pod(&mut admission).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inject::admit::{Caller, Decision, admit};
    use crate::inject::native::NativeMode;
    use serde_json::json;
    use std::borrow::Cow;

    /// `pod` admitted by `caller` as the default revision without native sidecars: the injected
    /// pod, or the denial's whole message.
    fn admitted(snapshot: &Snapshot, pod: &Value, caller: Caller) -> Result<Value, String> {
        let settings = Settings {
            native_sidecars: NativeMode::fixed(false),
            ..Settings::default()
        };
        let envs = Default::default();
        let mut admission = Admission::webhook(Cow::Borrowed(pod), "ns", &envs);
        admission.caller = caller;
        match admit(snapshot, &settings, admission) {
            Decision::Injected(injected, _) => injected.into_pod(),
            Decision::Denied(reason) => Err(reason.to_string()),
            Decision::Skipped(reason) => Err(format!("skipped: {reason}")),
        }
    }

    /// The pod's `proxy.istio.io/config` moves the agent's status port; only kube-inject
    /// points the rewritten probes and the Prometheus port at it, as Istio does.
    #[test]
    fn status_port_of_the_pods_proxy_config_counts_only_offline() {
        let snapshot = crate::inject::snapshot::embedded();
        let pod = json!({
            "metadata": {"name": "p", "namespace": "ns",
                "annotations": {"proxy.istio.io/config": "statusPort: 15999"}},
            "spec": {"containers": [{"name": "app", "image": "app",
                "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}
        });
        let ports = |caller| {
            let injected = admitted(&snapshot, &pod, caller).unwrap();
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
        let snapshot = crate::inject::snapshot::embedded();
        let pod = json!({
            "metadata": {"name": "p", "namespace": "ns", "annotations":
                {"proxy.istio.io/config": "proxyMetadata: {TRUST_DOMAIN: example.org}"}},
            "spec": {"containers": [{"name": "app", "image": "app"}]}
        });
        let injected = admitted(&snapshot, &pod, Caller::Webhook).unwrap();
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

    fn injected(snapshot: &Snapshot, pod: &Value) -> Result<Value, String> {
        admitted(snapshot, pod, Caller::Webhook)
    }

    fn app_pod(annotations: Value, containers: Value) -> Value {
        json!({"metadata": {"name": "p", "namespace": "ns", "annotations": annotations},
            "spec": {"containers": containers}})
    }

    /// The user's containers injection leaves alone skip the normalization after injection:
    /// they come out as the normalization before it left them, and the injected pod is as
    /// the whole normalization leaves it.
    #[test]
    fn containers_set_aside_come_out_normalized() {
        let snapshot = crate::inject::snapshot::embedded();
        let app = |name: &str| {
            json!({"name": name, "image": "app", "workingDir": "",
                "resources": {"limits": {"cpu": "0.5", "memory": "1Gi"}},
                "env": [{"name": "A", "value": ""}, {"name": "B", "value": "b"}]})
        };
        let mut probed = app("probed");
        probed["readinessProbe"] = json!({"httpGet": {"path": "/ready", "port": 8080}});
        probed["lifecycle"] = json!({"preStop": {"httpGet": {"path": "/stop", "port": 8080}}});
        let mut pod = app_pod(json!({}), json!([app("plain"), probed]));
        pod["spec"]["initContainers"] = json!([app("setup")]);
        let out = injected(&snapshot, &pod).unwrap();
        let mut again = out.clone();
        normalize::normalize_pod(&mut again);
        assert_eq!(again, out);
        let plain = &out["spec"]["containers"][0];
        assert_eq!(plain["name"], "plain");
        assert_eq!(plain["resources"]["limits"]["cpu"], "500m");
        assert_eq!(plain.get("workingDir"), None);
        assert_eq!(
            plain["env"],
            json!([{"name": "A"}, {"name": "B", "value": "b"}])
        );
        let probed = &out["spec"]["containers"][1];
        assert_eq!(probed["resources"]["limits"]["cpu"], "500m");
        assert_eq!(
            (&probed["readinessProbe"], &probed["lifecycle"]),
            (
                &json!({"httpGet": {"path": "/app-health/probed/readyz", "port": 15020}}),
                &json!({"preStop": {"httpGet": {"path": "/app-lifecycle/probed/prestopz", "port": 15020}}})
            )
        );
        let mut setup = plain.clone();
        setup["name"] = json!("setup");
        assert_eq!(
            pod::find(pod::containers(&out, "initContainers"), "setup"),
            Some(&setup)
        );
    }

    /// Each step's failure reads as Istio's `injectPod` words it, whole.
    #[test]
    fn errors_carry_istios_words_for_each_step() {
        let snapshot = crate::inject::snapshot::embedded();
        let app = json!([{"name": "app", "image": "app"}]);
        let missing = app_pod(json!({"inject.istio.io/templates": "nope"}), app.clone());
        assert_eq!(
            injected(&snapshot, &missing).unwrap_err(),
            "failed to run injection template: requested template \"nope\" not found; have gateway, grpc-agent, grpc-simple, sidecar"
        );
        let overrides = app_pod(json!({"proxy.istio.io/overrides": "{"}), app.clone());
        assert_eq!(
            injected(&snapshot, &overrides).unwrap_err(),
            "failed to run injection template: invalid proxy.istio.io/overrides annotation: EOF while parsing an object at line 1 column 1"
        );
        // The user's own proxy has a port without the list's merge key.
        let user_proxy = json!([{"name": "app", "image": "app"},
            {"name": "istio-proxy", "image": "auto", "ports": [{"name": "extra"}]}]);
        assert_eq!(
            injected(&snapshot, &app_pod(json!({}), user_proxy)).unwrap_err(),
            "failed to re apply container: failed to apply sidecar container: map: {\"name\":\"extra\"} does not contain declared merge key: containerPort (field ports)"
        );
        let port = app_pod(json!({"prometheus.io/port": "x"}), app);
        assert_eq!(
            injected(&snapshot, &port).unwrap_err(),
            "failed to process pod: invalid prometheus scrape configuration: invalid port \"x\""
        );
    }

    /// A template whose output does not merge: into the template pod first, as Istio's
    /// `RunTemplate` applies it there before the pod.
    #[test]
    fn a_template_output_that_does_not_merge_is_an_overlay_failure() {
        let snapshot = crate::inject::snapshot::build(crate::inject::snapshot::Sources {
            config: Some(crate::inject::snapshot::Source {
                name: "inject.yaml",
                text: "defaultTemplates: [broken]\ntemplates:\n  broken: |\n    spec:\n      containers:\n      - image: x\n",
            }),
            ..Default::default()
        })
        .unwrap();
        let pod = app_pod(json!({}), json!([{"name": "app", "image": "app"}]));
        assert_eq!(
            injected(&snapshot, &pod).unwrap_err(),
            "failed to run injection template: failed applying injection overlay: map: {\"image\":\"x\"} does not contain declared merge key: name (field containers)"
        );
    }
}
