//! A pod injected before (`sidecar.istio.io/status`): what that injection added is stripped,
//! and the user's own containers it recorded (`proxy.istio.io/overrides`) are put back.

use super::InjectError;
use crate::compat::normalize;
use crate::inject::admit::Reinjection;
use crate::inject::pod::{self, OVERRIDES_ANNOTATION, STATUS_ANNOTATION};
use crate::inject::prometheus;
use crate::release::Release;
use serde_json::Value;
use std::borrow::Cow;

/// The pod the templates render from, when it is not the pod itself.
pub(super) struct Stripped {
    /// `stripPod` then `reinsertOverrides`; `None` when that is the pod as it came.
    pub pod: Option<Value>,
    /// Replayed as the first injection went (`Reinjection::Replay` of a pod injected before).
    pub replay: bool,
}

/// `reinsertOverrides(stripPod(pod))`.
pub(super) fn strip(
    pod: &Value,
    status_port: i64,
    release: Release,
    reinjection: Reinjection,
) -> Result<Stripped, InjectError> {
    let stripped = strip_pod(pod, status_port, release);
    let replay = reinjection == Reinjection::Replay && stripped.is_some();
    let stripped = match stripped {
        Some(stripped) => Cow::Owned(stripped),
        None => Cow::Borrowed(pod),
    };
    let pod = match reinsert_overrides(stripped)? {
        Cow::Owned(stripped) => Some(stripped),
        Cow::Borrowed(_) => None,
    };
    Ok(Stripped { pod, replay })
}

/// The containers a previous injection added, from the status annotation.
#[derive(Debug, Default)]
pub(super) struct PreviousInjection {
    pub containers: Vec<String>,
    pub init_containers: Vec<String>,
}

pub(super) fn previous_injection(pod: &Value) -> Option<PreviousInjection> {
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

pub(super) fn overrides(pod: &Value) -> Result<(Vec<Value>, Vec<Value>), InjectError> {
    let Some(text) = pod::annotation(pod, OVERRIDES_ANNOTATION) else {
        return Ok((vec![], vec![]));
    };
    let v: Value =
        serde_json::from_str(text).map_err(|e| InjectError::InvalidOverrides(e.to_string()))?;
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
