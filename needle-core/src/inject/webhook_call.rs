//! Whether the kube-apiserver calls one entry of a MutatingWebhookConfiguration for a pod
//! CREATE, judged as the apiserver judges it (k8s.io/apiserver's `ShouldCallHook`): the
//! entry's `rules`, then its `namespaceSelector` on the namespace's labels, its
//! `objectSelector` on the pod's, then its `matchConditions` (CEL, in `conditions`). The table of
//! `check-inject` (`webhooks`) keeps istioctl's reading instead, which looks at the selectors
//! only and needs a label it can name; `check-inject --explain` goes by this one.

mod conditions;

use crate::compat::selector::{LabelSelector, Labels};
use serde_json::Value;

/// The request the apiserver admits: CREATE of a core/v1 `pods` object (no subresource) in
/// `namespace`, whose labels are `namespace_labels`.
#[derive(Debug, Clone, Copy)]
pub struct PodCreate<'a> {
    pub pod: &'a Value,
    pub namespace: &'a str,
    pub namespace_labels: &'a Labels,
    pub pod_labels: &'a Labels,
}

/// What the apiserver does with one webhook entry for the request.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// Every test passes: the apiserver sends the pod to the webhook.
    Calls,
    /// A test fails (the reason says which): the apiserver goes on without this webhook.
    Skips(String),
    /// A matchCondition fails to evaluate under `failurePolicy: Fail`: the apiserver refuses
    /// to create the pod, with this reason.
    Rejects(String),
    /// needle cannot tell offline (a matchCondition reads what it cannot know or evaluate, or
    /// a selector the apiserver would not have accepted): the reason names what.
    Unknown(String),
}

/// The apiserver's answer for `entry` (one of a configuration's `webhooks`).
pub fn judge(entry: &Value, create: &PodCreate) -> Call {
    let rules = entry["rules"].as_array().map_or(&[][..], Vec::as_slice);
    if !rules.iter().any(rule_matches_pod_create) {
        return Call::Skips("its rules do not cover a pod CREATE".into());
    }
    // A pod is namespaced, so the namespaceSelector applies to its namespace's labels (the
    // apiserver skips it only for cluster-scoped objects other than namespaces).
    let selectors = [
        (
            "namespaceSelector",
            create.namespace_labels,
            format!("namespace {}", create.namespace),
        ),
        ("objectSelector", create.pod_labels, "the pod".to_string()),
    ];
    for (key, labels, whose) in selectors {
        match LabelSelector::parse(&entry[key]) {
            // Absent, null and `{}` parse as no requirement: they select everything, as the
            // apiserver's defaulting (to `{}`) makes them.
            Ok(selector) if selector.matches(labels) => {}
            Ok(_) => return Call::Skips(format!("its {key} does not match the labels of {whose}")),
            Err(e) => {
                return Call::Unknown(format!("its {key} is not one the apiserver accepts ({e})"));
            }
        }
    }
    conditions::match_conditions(entry, create)
}

/// One of `rules` as the apiserver's `rules.Matcher` reads it, for this request: scope,
/// operation, group, version and resource must all match; `*` matches any value, and a
/// resource `pods/<sub>` only a request for that subresource (`pods/*` and `*/*` cover the
/// pod itself too, `*` every resource without a subresource). `matchPolicy: Equivalent` adds
/// nothing here: core/v1 pods are served in no other group or version.
fn rule_matches_pod_create(rule: &Value) -> bool {
    let listed = |key: &str, want: &str| {
        rule[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .any(|item| item == "*" || item == want)
    };
    // An absent scope is `*` (the v1 default); a pod in a namespace is `Namespaced`.
    let scope = matches!(rule["scope"].as_str(), None | Some("*" | "Namespaced"));
    let resource = rule["resources"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .any(|item| {
            let (resource, sub) = item.split_once('/').unwrap_or((item, ""));
            matches!(resource, "*" | "pods") && matches!(sub, "*" | "")
        });
    scope
        && listed("operations", "CREATE")
        && listed("apiGroups", "")
        && listed("apiVersions", "v1")
        && resource
}

#[cfg(test)]
mod tests;
