//! How istioctl (through kubectl's libraries) turns `[TYPE/]NAME[.NAMESPACE]` into one pod:
//! the namespace suffix (`inferNsInfo`), kubectl's resource names and short names, the pods a
//! workload selects (`SelectorsForObject`), and which of them comes first (`podutils.ByLogging`,
//! as `kubectl logs deployment/x` picks one).

use crate::compat::selector::LabelSelector;
use crate::compat::selector::string_map;
use serde_json::{Value, json};
use std::cmp::Ordering;

/// `NAME.NAMESPACE` → (`NAME`, `NAMESPACE`); without a suffix, `default_ns`. After a `/`, only
/// the part after it is searched for the dot (resource types contain dots: `deployment.apps/x`).
pub fn split_namespace(arg: &str, default_ns: &str) -> (String, String) {
    let (head, tail) = match arg.rfind('/') {
        Some(slash) if slash > 0 => arg.split_at(slash),
        _ => ("", arg),
    };
    match tail.rfind('.') {
        Some(dot) => (
            format!("{head}{}", &tail[..dot]),
            tail[dot + 1..].to_string(),
        ),
        None => (arg.to_string(), default_ns.to_string()),
    }
}

/// The kinds `TYPE/NAME` can name for check-inject: a pod, or what selects pods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Pod,
    Deployment,
    ReplicaSet,
    StatefulSet,
    DaemonSet,
    Job,
    ReplicationController,
    Service,
}

impl Kind {
    /// The object's `kind`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pod => "Pod",
            Kind::Deployment => "Deployment",
            Kind::ReplicaSet => "ReplicaSet",
            Kind::StatefulSet => "StatefulSet",
            Kind::DaemonSet => "DaemonSet",
            Kind::Job => "Job",
            Kind::ReplicationController => "ReplicationController",
            Kind::Service => "Service",
        }
    }
}

/// A parsed `[TYPE/]NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub kind: Kind,
    pub name: String,
}

impl Target {
    /// Resource types as kubectl spells them (plural, singular, short name, any case, with or
    /// without the group: `deploy`, `deployments.apps`). An unknown type is kubectl's error.
    pub fn parse(resname: &str, namespace: &str) -> Result<Self, String> {
        let Some((ty, name)) = resname.split_once('/') else {
            return Ok(Self {
                kind: Kind::Pod,
                name: resname.to_string(),
            });
        };
        let resource = ty.to_ascii_lowercase();
        let resource = resource.split('.').next().unwrap_or_default();
        let kind = match resource {
            "pod" | "pods" | "po" => Kind::Pod,
            "deployment" | "deployments" | "deploy" => Kind::Deployment,
            "replicaset" | "replicasets" | "rs" => Kind::ReplicaSet,
            "statefulset" | "statefulsets" | "sts" => Kind::StatefulSet,
            "daemonset" | "daemonsets" | "ds" => Kind::DaemonSet,
            "job" | "jobs" => Kind::Job,
            "replicationcontroller" | "replicationcontrollers" | "rc" => {
                Kind::ReplicationController
            }
            "service" | "services" | "svc" => Kind::Service,
            _ => {
                return Err(format!(
                    "failed retrieving: the server doesn't have a resource type {ty:?} in the {namespace:?} namespace"
                ));
            }
        };
        if name.is_empty() {
            return Err(format!(
                "arguments in resource/name form must have a single resource and name: {resname:?}"
            ));
        }
        Ok(Self {
            kind,
            name: name.to_string(),
        })
    }
}

/// The label selector (as a `metav1.LabelSelector` value) of the pods a workload or Service
/// selects, or why it selects none.
pub fn pod_selector(kind: Kind, object: &Value) -> Result<Value, String> {
    let name = object["metadata"]["name"].as_str().unwrap_or_default();
    match kind {
        Kind::Pod => Err("a pod is its own pod".into()),
        Kind::Service | Kind::ReplicationController => {
            let set = &object["spec"]["selector"];
            if set.as_object().is_none_or(|m| m.is_empty()) {
                return Err(match kind {
                    Kind::Service => {
                        format!("invalid service '{name}': Service is defined without a selector")
                    }
                    _ => format!("{} {name} has no selector", kind.name()),
                });
            }
            Ok(json!({ "matchLabels": set }))
        }
        _ => match &object["spec"]["selector"] {
            Value::Null => Err(format!("{} {name} has no selector", kind.name())),
            selector => Ok(selector.clone()),
        },
    }
}

/// The pod kubectl would pick first (`ByLogging`): on a node, then running (before unknown,
/// before pending), ready, ready the longest, restarted the most, created the earliest.
pub fn first_pod(pods: &[Value]) -> Option<&Value> {
    pods.iter().min_by(|a, b| by_logging(a, b))
}

fn by_logging(a: &Value, b: &Value) -> Ordering {
    let node = |p: &Value| !str_at(p, "/spec/nodeName").is_empty();
    // Go's map lookup gives the phases not listed (Succeeded, Failed) rank 0, as Running.
    let phase = |p: &Value| match str_at(p, "/status/phase") {
        "Unknown" => 1,
        "Pending" => 2,
        _ => 0,
    };
    let ready_cond = |p: &Value| {
        p.pointer("/status/conditions")
            .and_then(Value::as_array)
            .and_then(|cs| cs.iter().find(|c| c["type"] == "Ready"))
            .cloned()
    };
    let ready = |p: &Value| ready_cond(p).is_some_and(|c| c["status"] == "True");
    let ready_time = |p: &Value| {
        ready_cond(p)
            .and_then(|c| c["lastTransitionTime"].as_str().map(str::to_string))
            .unwrap_or_default()
    };
    let restarts = |p: &Value| {
        p.pointer("/status/containerStatuses")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|c| c["restartCount"].as_i64())
            .max()
            .unwrap_or(0)
    };
    if node(a) != node(b) {
        return node(b).cmp(&node(a));
    }
    if phase(a) != phase(b) {
        return phase(a).cmp(&phase(b));
    }
    if ready(a) != ready(b) {
        return ready(b).cmp(&ready(a));
    }
    if ready(a) && ready_time(a) != ready_time(b) {
        return earlier_or_set(&ready_time(a), &ready_time(b));
    }
    if restarts(a) != restarts(b) {
        return restarts(b).cmp(&restarts(a));
    }
    earlier_or_set(
        str_at(a, "/metadata/creationTimestamp"),
        str_at(b, "/metadata/creationTimestamp"),
    )
}

/// Offline, the pod `target` names among objects read from files (a `kubectl get -o yaml`):
/// the Pod itself, or for a workload the first pod of the file it selects, else the pod its
/// template would create. An object without a namespace is in any; `namespace` `None` means
/// none was asked for. The pod comes back with its namespace set.
pub fn pod_among(
    objects: &[Value],
    target: &Target,
    namespace: Option<&str>,
    default_ns: &str,
) -> Result<Value, String> {
    let in_ns = |o: &&Value| {
        let own = o["metadata"]["namespace"].as_str().unwrap_or_default();
        namespace.is_none_or(|ns| own.is_empty() || own == ns)
    };
    let named = objects
        .iter()
        .filter(in_ns)
        .find(|o| o["kind"] == target.kind.name() && o["metadata"]["name"] == target.name.as_str());
    let where_ = namespace.map_or(String::new(), |ns| format!(" in namespace {ns:?}"));
    let Some(object) = named else {
        return Err(format!(
            "no {} {:?}{where_}",
            target.kind.name(),
            target.name
        ));
    };
    let ns = object["metadata"]["namespace"]
        .as_str()
        .filter(|n| !n.is_empty())
        .or(namespace)
        .unwrap_or(default_ns)
        .to_string();
    let with_ns = |mut pod: Value| {
        pod["metadata"]["namespace"] = Value::String(ns.clone());
        pod
    };
    if target.kind == Kind::Pod {
        return Ok(with_ns(object.clone()));
    }
    let resname = format!(
        "{}/{}",
        target.kind.name().to_ascii_lowercase(),
        target.name
    );
    let selector = pod_selector(target.kind, object)
        .and_then(|s| LabelSelector::parse(&s).map_err(|e| e.to_string()))
        .map_err(|e| format!("{resname:?} does not refer to a pod: {e}"))?;
    let pods: Vec<Value> = objects
        .iter()
        .filter(|o| o["kind"] == "Pod")
        .filter(|o| {
            let own = o["metadata"]["namespace"].as_str().unwrap_or_default();
            own.is_empty() || own == ns
        })
        .filter(|o| selector.matches(&string_map(o.pointer("/metadata/labels"))))
        .cloned()
        .collect();
    if let Some(pod) = first_pod(&pods) {
        return Ok(with_ns(pod.clone()));
    }
    match object.pointer("/spec/template") {
        Some(template) if target.kind != Kind::Service => Ok(with_ns(json!({
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": template.get("metadata").cloned().unwrap_or_else(|| json!({})),
            "spec": template.get("spec").cloned().unwrap_or_else(|| json!({})),
        }))),
        _ => Err(format!("no pods match {resname:?}")),
    }
}

/// Earlier first, and a set time before an unset one (RFC 3339 UTC texts sort as times).
fn earlier_or_set(a: &str, b: &str) -> Ordering {
    match (a.is_empty(), b.is_empty()) {
        (false, true) => Ordering::Less,
        (true, false) => Ordering::Greater,
        _ => a.cmp(b),
    }
}

fn str_at<'a>(v: &'a Value, pointer: &str) -> &'a str {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespace_suffix_as_istioctl_reads_it() {
        let split = |a: &str| split_namespace(a, "dflt");
        assert_eq!(split("web"), ("web".into(), "dflt".into()));
        assert_eq!(split("web.shop"), ("web".into(), "shop".into()));
        assert_eq!(
            split("deployment.apps/web"),
            ("deployment.apps/web".into(), "dflt".into())
        );
        assert_eq!(
            split("deploy/web.shop"),
            ("deploy/web".into(), "shop".into())
        );
    }

    #[test]
    fn kubectl_resource_names() {
        let kind = |s: &str| Target::parse(s, "ns").map(|t| t.kind);
        assert_eq!(kind("deploy/x"), Ok(Kind::Deployment));
        assert_eq!(kind("Deployments.apps/x"), Ok(Kind::Deployment));
        assert_eq!(kind("svc/x"), Ok(Kind::Service));
        assert_eq!(kind("x"), Ok(Kind::Pod));
        assert!(kind("frob/x").unwrap_err().contains("\"frob\""));
    }

    #[test]
    fn a_workload_without_pods_in_the_file_is_its_template() {
        let deploy = json!({"kind": "Deployment", "metadata": {"name": "web", "namespace": "shop"},
            "spec": {"selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": []}}}});
        let target = Target::parse("deploy/web", "shop").unwrap();
        let pod = pod_among(std::slice::from_ref(&deploy), &target, None, "default").unwrap();
        assert_eq!(
            pod["metadata"],
            json!({"labels": {"app": "web"}, "namespace": "shop"})
        );
        let other = json!({"kind": "Pod", "metadata": {"name": "web-1", "labels": {"app": "web"}}});
        let pod = pod_among(&[deploy, other], &target, None, "default").unwrap();
        assert_eq!(pod["metadata"]["name"], "web-1");
        let err = pod_among(&[], &target, Some("x"), "default").unwrap_err();
        assert_eq!(err, "no Deployment \"web\" in namespace \"x\"");
    }

    #[test]
    fn running_ready_pods_come_first() {
        let pending = json!({"metadata": {"name": "a"}, "spec": {"nodeName": "n"},
            "status": {"phase": "Pending"}});
        let running = json!({"metadata": {"name": "b"}, "spec": {"nodeName": "n"},
            "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}});
        let unscheduled = json!({"metadata": {"name": "c"}, "status": {"phase": "Running"}});
        let pods = [unscheduled, pending, running];
        assert_eq!(first_pod(&pods).unwrap()["metadata"]["name"], "b");
    }
}
