//! The one admission function: a pod in, the decision out, as the webhook answers it. The
//! server, the tests and the benchmark call this; none calls the pipeline steps itself.

use super::inject::{Caller, Request, Snapshot, inject};
use super::patch;
use super::select::{Selection, inject_required};
use serde_json::Value;
use std::collections::BTreeMap;

/// The injector's own settings, fixed for the life of the process (not in the config files).
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Revision for the status annotation; "" is the default revision.
    pub revision: String,
    pub native_sidecars: bool,
    /// `COMPLIANCE_POLICY` of the injector process.
    pub compliance_policy: String,
}

/// One pod to admit.
#[derive(Debug, Clone, Copy)]
pub struct Admission<'a> {
    pub pod: &'a Value,
    /// The namespace of the request (the pod's own, when it names one, wins).
    pub namespace: &'a str,
    /// Environment for the proxy from the webhook path (`/inject/cluster/c1/net/n1`).
    pub proxy_envs: &'a BTreeMap<String, String>,
    /// On OpenShift, the pod's Namespace object (its pre-allocated UID/GID range).
    pub openshift_namespace: Option<&'a Value>,
}

/// What the webhook answers for a pod, with the reason.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Allowed with this JSON patch (text).
    Injected {
        patch: String,
        reason: String,
    },
    Skipped(String),
    /// Denied with this message; `label` is the stable metric label.
    Denied {
        message: String,
        label: &'static str,
    },
}

pub fn admit(snapshot: &Snapshot, settings: &Settings, admission: &Admission) -> Decision {
    let pod = admission.pod;
    if !pod.is_object() {
        return Decision::Denied {
            message: "could not decode the pod: request.object is not an object".into(),
            label: "invalid_pod",
        };
    }
    let namespace = pod
        .pointer("/metadata/namespace")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
        .unwrap_or(admission.namespace);
    let metadata = pod.get("metadata").unwrap_or(&Value::Null);
    let spec = pod.get("spec").unwrap_or(&Value::Null);
    let reason = match inject_required(&snapshot.config.selection, namespace, metadata, spec) {
        Selection::Skip(reason) => return Decision::Skipped(reason),
        Selection::Inject(reason) => reason,
    };
    let mut request = Request::new(pod, Caller::Webhook);
    request.namespace = admission.namespace;
    request.revision = &settings.revision;
    request.native_sidecars = settings.native_sidecars;
    request.compliance_policy = &settings.compliance_policy;
    request.proxy_envs = admission.proxy_envs.clone();
    request.openshift_namespace = admission.openshift_namespace;
    match inject(snapshot, &request) {
        Ok(injected) => Decision::Injected {
            patch: patch::create(&injected.original, &injected.pod),
            reason,
        },
        Err(e) => Decision::Denied {
            message: e.to_string(),
            label: e.reason(),
        },
    }
}
