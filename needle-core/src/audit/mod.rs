//! `needle audit`: does needle give an injected pod the injection it carries? The pod is
//! stripped of its previous injection as Istio strips it on re-injection (the containers
//! named in `sidecar.istio.io/status` removed, the user's overrides put back), injected again
//! as its first injection went, and compared with the pod as stored.

pub mod report;

use crate::compat::pod_defaults;
use crate::inject::Reinjection;
use crate::inject::Snapshot;
use crate::inject::admit::{Admission, Decision, NormalizedPod, Settings, admit};
use crate::inject::pod::{self, STATUS_ANNOTATION};
use serde::Serialize;
use serde_json::Value;

/// What the audit found for one pod.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum Finding {
    /// needle injects the pod exactly as it is stored.
    Same,
    /// needle would inject it otherwise; the first field that differs.
    Different(Difference),
    /// needle would not inject it now (selection), with the reason.
    NotInjected { reason: String },
    /// needle would refuse it, with the message the webhook would answer.
    Denied { reason: String },
}

impl Finding {
    pub fn name(&self) -> &'static str {
        match self {
            Finding::Same => "same",
            Finding::Different(_) => "different",
            Finding::NotInjected { .. } => "not-injected",
            Finding::Denied { .. } => "denied",
        }
    }
}

/// The first field (in document order) where the stored pod and needle's injection differ;
/// a side without the field is `None`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difference {
    pub field: String,
    pub stored: Option<Value>,
    pub needle: Option<Value>,
}

/// The revision that injected the pod (`revision` of its status annotation; the default
/// revision when the status names none), or `None` if it carries no injection.
pub fn injected_revision(pod: &Value) -> Option<String> {
    let status = pod::annotation(pod, STATUS_ANNOTATION)?;
    let revision = serde_json::from_str::<Value>(status)
        .ok()
        .and_then(|s| {
            s.get("revision")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .filter(|r| !r.is_empty());
    Some(revision.unwrap_or_else(|| "default".into()))
}

/// Inject the stored pod of `admission` again and compare.
pub fn audit(snapshot: &Snapshot, settings: &Settings, admission: &Admission) -> Finding {
    let replayed = Admission {
        reinjection: Reinjection::Replay,
        ..admission.clone()
    };
    match admit(snapshot, settings, replayed) {
        // Against the pod as stored, not the patch base (on OpenShift the injector resets a
        // proxy user copied from the app before it diffs).
        Decision::Injected(injected, _) => {
            let mut pod = match injected.into_pod() {
                Ok(pod) => pod,
                Err(reason) => return Finding::Denied { reason },
            };
            let mut stored =
                NormalizedPod::new((*admission.pod).clone(), admission.namespace).into_value();
            // Both as the apiserver stores them: re-injection replaces whole lists and volume
            // sources, and the apiserver fills their defaults in again.
            pod_defaults::apply(&mut stored);
            pod_defaults::apply(&mut pod);
            match first_difference(&stored, &pod) {
                None => Finding::Same,
                Some(difference) => Finding::Different(difference),
            }
        }
        Decision::Skipped(reason) => Finding::NotInjected {
            reason: reason.to_string(),
        },
        Decision::Denied(reason) => Finding::Denied {
            reason: reason.to_string(),
        },
    }
}

/// The first difference between `stored` and `needle`, walking `stored`'s order first.
pub fn first_difference(stored: &Value, needle: &Value) -> Option<Difference> {
    let mut path = String::new();
    walk(Some(stored), Some(needle), &mut path)
}

fn walk(stored: Option<&Value>, needle: Option<&Value>, path: &mut String) -> Option<Difference> {
    if stored == needle {
        return None;
    }
    let here = |path: &str| {
        Some(Difference {
            field: path.to_string(),
            stored: stored.cloned(),
            needle: needle.cloned(),
        })
    };
    match (stored, needle) {
        (Some(Value::Object(a)), Some(Value::Object(b))) => {
            let keys = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k)));
            for key in keys {
                let len = path.len();
                push_key(path, key);
                let found = walk(a.get(key), b.get(key), path);
                path.truncate(len);
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) => match (names(a), names(b)) {
            // Containers, volumes, env and ports are told apart by name, as kubectl shows them.
            (Some(na), Some(nb)) => {
                let keys = na.iter().chain(nb.iter().filter(|n| !na.contains(n)));
                for name in keys {
                    let len = path.len();
                    path.push_str(&format!("[{name}]"));
                    let found = walk(by_name(a, &na, name), by_name(b, &nb, name), path);
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                // Same elements by name, in another order.
                here(path)
            }
            _ => {
                for i in 0..a.len().max(b.len()) {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    let found = walk(a.get(i), b.get(i), path);
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                None
            }
        },
        _ => here(path),
    }
}

/// `.key`, or `['key']` for keys that are not plain words (annotation and label keys).
fn push_key(path: &mut String, key: &str) {
    if key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !key.is_empty() {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push_str(&format!("['{key}']"));
    }
}

fn by_name<'a>(list: &'a [Value], names: &[&str], name: &str) -> Option<&'a Value> {
    names.iter().position(|n| *n == name).map(|i| &list[i])
}

/// The `name` of every element, if every element has a distinct one.
fn names(list: &[Value]) -> Option<Vec<&str>> {
    let names: Vec<&str> = list
        .iter()
        .map(|v| v.get("name").and_then(Value::as_str))
        .collect::<Option<_>>()?;
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    (sorted.len() == names.len() && !names.is_empty()).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inject::admit::Admission;
    use crate::inject::snapshot;
    use serde_json::json;
    use std::borrow::Cow;
    use std::collections::BTreeMap;

    fn hello() -> Value {
        json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "hello", "namespace": "default", "labels": {"app": "hello"}},
            "spec": {"containers": [{"name": "hello", "image": "hello:1",
                "readinessProbe": {"httpGet": {"port": 80, "path": "/ready"}}}]}
        })
    }

    fn inject(snapshot: &Snapshot, pod: &Value) -> Value {
        let envs = BTreeMap::new();
        let admission = Admission::webhook(Cow::Borrowed(pod), "default", &envs);
        match admit(snapshot, &Settings::default(), admission) {
            Decision::Injected(injected, _) => injected.into_pod().unwrap(),
            other => panic!("not injected: {other:?}"),
        }
    }

    fn audited(snapshot: &Snapshot, pod: &Value) -> Finding {
        let envs = BTreeMap::new();
        audit(
            snapshot,
            &Settings::default(),
            &Admission::webhook(Cow::Borrowed(pod), "default", &envs),
        )
    }

    #[test]
    fn a_pod_needle_injected_is_the_same() {
        let snapshot = snapshot::embedded();
        let stored = inject(&snapshot, &hello());
        assert_eq!(injected_revision(&stored).as_deref(), Some("default"));
        assert_eq!(audited(&snapshot, &stored), Finding::Same);
    }

    #[test]
    fn a_pod_as_the_apiserver_stores_it_is_the_same() {
        let snapshot = snapshot::embedded();
        let mut stored = inject(&snapshot, &hello());
        // The apiserver gives a volume without a source an emptyDir.
        let volumes = stored["spec"]["volumes"].as_array_mut().unwrap();
        let sourceless = volumes
            .iter_mut()
            .find(|v| v.as_object().unwrap().len() == 1)
            .expect("the injection adds a volume without a source");
        sourceless["emptyDir"] = json!({});
        assert_eq!(audited(&snapshot, &stored), Finding::Same);
    }

    #[test]
    fn a_user_override_of_the_proxy_is_replayed_not_reported() {
        let snapshot = snapshot::embedded();
        let mut pod = hello();
        pod["spec"]["containers"]
            .as_array_mut()
            .unwrap()
            .push(json!({"name": "istio-proxy", "image": "auto", "args": ["proxy", "sidecar", "--custom"]}));
        let stored = inject(&snapshot, &pod);
        // Istio's `json.Marshal` of the `corev1.Container`: its fields in Go's order.
        assert_eq!(
            pod::annotation(&stored, "proxy.istio.io/overrides"),
            Some(
                r#"{"containers":[{"name":"istio-proxy","args":["proxy","sidecar","--custom"],"resources":{}}]}"#
            )
        );
        assert_eq!(audited(&snapshot, &stored), Finding::Same);
        // Istio's own re-injection lets the template win over the override.
        let again = inject(&snapshot, &stored);
        let d = first_difference(&stored, &again).expect("Istio's re-injection differs");
        assert_eq!(d.field, "spec.containers[istio-proxy].args[2]");
    }

    fn proxy_mut(pod: &mut Value) -> &mut Value {
        pod["spec"]["containers"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|c| c["name"] == "istio-proxy")
            .unwrap()
    }

    fn proxy_env_mut<'a>(pod: &'a mut Value, name: &str) -> &'a mut Value {
        let env = proxy_mut(pod)["env"].as_array_mut().unwrap();
        let var = env.iter_mut().find(|e| e["name"] == name).unwrap();
        &mut var["value"]
    }

    /// The texts istiod writes into the pod are compared as stored: istiod's `PROXY_CONFIG`
    /// (the `.proto`'s field order, as istiod 1.31 stored it) is needle's injection, the same
    /// fields sorted are not.
    #[test]
    fn istiods_proxy_config_text_is_the_same_and_a_reordered_one_is_not() {
        let snapshot = snapshot::embedded();
        let mut pod = hello();
        pod["metadata"]["annotations"] = json!({"proxy.istio.io/config":
            r#"{"concurrency": 3, "discoveryAddress": "istiod-canary.istio-system.svc:15012"}"#});
        let mut stored = inject(&snapshot, &pod);
        let istiods =
            "{\"discoveryAddress\":\"istiod-canary.istio-system.svc:15012\",\"concurrency\":3}\n";
        assert_eq!(*proxy_env_mut(&mut stored, "PROXY_CONFIG"), json!(istiods));
        assert_eq!(audited(&snapshot, &stored), Finding::Same);
        let sorted =
            "{\"concurrency\":3,\"discoveryAddress\":\"istiod-canary.istio-system.svc:15012\"}\n";
        *proxy_env_mut(&mut stored, "PROXY_CONFIG") = json!(sorted);
        let Finding::Different(d) = audited(&snapshot, &stored) else {
            panic!("a reordered PROXY_CONFIG is not needle's injection")
        };
        assert_eq!(
            d.field,
            "spec.containers[istio-proxy].env[PROXY_CONFIG].value"
        );
    }

    #[test]
    fn a_changed_injection_names_the_first_field() {
        let snapshot = snapshot::embedded();
        let mut stored = inject(&snapshot, &hello());
        proxy_mut(&mut stored)["image"] = json!("example.com/proxyv2:old");
        let Finding::Different(d) = audited(&snapshot, &stored) else {
            panic!("not reported")
        };
        assert_eq!(d.field, "spec.containers[istio-proxy].image");
        assert_eq!(d.stored, Some(json!("example.com/proxyv2:old")));
        assert_ne!(d.needle, d.stored);
    }

    #[test]
    fn paths_name_list_elements_and_odd_keys() {
        let a = json!({"metadata": {"annotations": {"a.b/c": "1"}}, "spec": {"containers": [{"name": "x", "env": [{"name": "E", "value": "1"}]}]}});
        let mut b = a.clone();
        b["spec"]["containers"][0]["env"][0]["value"] = json!("2");
        let d = first_difference(&a, &b).unwrap();
        assert_eq!(d.field, "spec.containers[x].env[E].value");
        b = a.clone();
        b["metadata"]["annotations"]["a.b/c"] = json!("2");
        assert_eq!(
            first_difference(&a, &b).unwrap().field,
            "metadata.annotations['a.b/c']"
        );
        b = a.clone();
        b["spec"]["containers"][0]["args"] = json!(["x"]);
        let d = first_difference(&a, &b).unwrap();
        assert_eq!(
            (d.field.as_str(), d.stored, d.needle),
            ("spec.containers[x].args", None, Some(json!(["x"])))
        );
        assert_eq!(first_difference(&a, &a), None);
    }

    #[test]
    fn a_pod_never_injected_has_no_revision() {
        assert_eq!(injected_revision(&hello()), None);
    }
}
