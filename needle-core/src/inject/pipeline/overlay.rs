//! The rendered templates merged into the pod (and into the template pod, which records what
//! they inject), then the user's own containers of those names laid over the injected ones.

use super::InjectError;
use super::reinjection::{overrides, previous_injection};
use crate::compat::go_json::{self, Layout};
use crate::compat::path::At;
use crate::inject::merge::{Schema, merge_owned};
use crate::inject::patch;
use crate::inject::pod::{
    self, INIT_CONTAINER, OVERRIDES_ANNOTATION, PROXY_CONTAINER, STATUS_ANNOTATION,
    VALIDATION_CONTAINER,
};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The pod with the templates merged in, and what the steps after the merge read.
pub(super) struct Overlaid {
    /// The pod before injection, the base of the patch.
    pub base: patch::Base,
    pub pod: Value,
    /// The templates merged alone, names only (`skeleton`): what they inject.
    pub template_pod: Value,
    /// What of the pod before injection `reapply_user_containers` reads (`user_part`).
    pub user_pod: Value,
}

/// Merge each rendered template into the pod, in order (Istio's two `applyOverlayYAML`s of
/// `RunTemplate`), moving a user's `istio-proxy` to the init containers where a template
/// injects the proxy as a native sidecar.
pub(super) fn merge_rendered(
    original: Arc<Value>,
    stripped: Arc<Value>,
    replay: bool,
    rendered_all: Vec<Result<Value, InjectError>>,
    native_sidecars: bool,
) -> Result<Overlaid, InjectError> {
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
    // The templates' views went with their variables, so the pod is not copied here.
    let original = Arc::unwrap_or_clone(original);
    // The patch base is kept as text, and the merge works on the pod's own tree.
    let base = patch::Base::of(&original);
    let mut merged = original;
    let mut template_pod = json!({});
    for rendered in rendered_all {
        let rendered = rendered?;
        template_pod = merge_owned(
            std::mem::take(&mut template_pod),
            skeleton(&rendered),
            Schema::POD,
        )
        .map_err(|e| InjectError::Overlay(e.0))?;
        if native_for_pod(native_sidecars, &merged)
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
        merged = merge_owned(std::mem::take(&mut merged), rendered, Schema::POD)
            .map_err(|e| InjectError::InjectedYaml(e.0))?;
    }
    Ok(Overlaid {
        base,
        pod: merged,
        template_pod,
        user_pod,
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
    pod::object([
        ("metadata", pod::object([("annotations", annotations)])),
        (
            "spec",
            pod::object([
                ("containers", Value::Array(of_names("containers"))),
                ("initContainers", Value::Array(of_names("initContainers"))),
            ]),
        ),
    ])
}

/// What the template pod is used for (the status annotation, user overrides) needs only the
/// names of what a template injects: merging just those keeps a second full merge off the path.
/// An item without a name is kept whole, so that its merge fails here, as Istio's merge of the
/// template pod does, before the pod's.
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
                .map(|i| {
                    if i.get("name").is_none() {
                        return i.clone();
                    }
                    let mut m = Map::new();
                    for k in ["name", "$patch"] {
                        if let Some(v) = i.get(k) {
                            m.insert(k.to_string(), v.clone());
                        }
                    }
                    Value::Object(m)
                })
                .collect();
            spec.insert(list.to_string(), Value::Array(names));
        }
    }
    pod::object([("spec", Value::Object(spec))])
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
pub(super) fn reapply_user_containers(
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
            *merged = merge_owned(std::mem::take(merged), patch, Schema::POD).map_err(|e| {
                InjectError::Reapply {
                    kind: if list == "containers" {
                        "container"
                    } else {
                        "init container"
                    },
                    message: e.0,
                }
            })?;
            if list == "containers" {
                applied.0.push(overlay)
            } else {
                applied.1.push(overlay)
            }
        }
    }
    if !already_injected && (!applied.0.is_empty() || !applied.1.is_empty()) {
        // Istio's `ParsedContainers` (both lists `omitempty`) of `corev1.Container`s, as
        // `json.Marshal` writes them: the containers' fields in Go's order.
        let (containers, init_containers) = (Value::Array(applied.0), Value::Array(applied.1));
        let lists = [
            ("containers", &containers, Layout::CONTAINER),
            ("initContainers", &init_containers, Layout::CONTAINER),
        ];
        let present: Vec<_> = lists
            .into_iter()
            .filter(|(_, list, _)| list.as_array().is_some_and(|l| !l.is_empty()))
            .collect();
        let text = go_json::struct_text(&present);
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
}
