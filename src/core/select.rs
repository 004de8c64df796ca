//! Whether a pod gets a sidecar: Istio's `injectRequired`, with the reason for the decision.

use super::selector::{LabelSelector, Labels};
use serde_json::Value;

/// Namespaces that are never injected.
pub const IGNORED_NAMESPACES: [&str; 4] = [
    "kube-system",
    "kube-public",
    "kube-node-lease",
    "local-path-storage",
];

pub const INJECT_KEY: &str = "sidecar.istio.io/inject";

/// The injection policy of the injector config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Policy {
    Enabled,
    Disabled,
    /// Any other string: injection is off, as Istio does with an unknown policy.
    Unknown(String),
}

impl Policy {
    pub fn parse(s: &str) -> Self {
        match s {
            "enabled" => Policy::Enabled,
            "disabled" => Policy::Disabled,
            other => Policy::Unknown(other.to_string()),
        }
    }
}

/// The parts of the injector config that decide selection.
#[derive(Debug, Clone)]
pub struct SelectionConfig {
    pub policy: Policy,
    pub never_inject_selector: Vec<Value>,
    pub always_inject_selector: Vec<Value>,
}

/// The decision and the reason for it, in words a user can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    Inject(String),
    Skip(String),
}

impl Selection {
    pub fn injects(&self) -> bool {
        matches!(self, Selection::Inject(_))
    }
    pub fn reason(&self) -> &str {
        match self {
            Selection::Inject(r) | Selection::Skip(r) => r,
        }
    }
}

/// Decide injection for a pod (metadata and spec as JSON), following `injectRequired`'s order.
pub fn inject_required(
    config: &SelectionConfig,
    namespace: &str,
    metadata: &Value,
    spec: &Value,
) -> Selection {
    if spec.get("hostNetwork").and_then(Value::as_bool) == Some(true) {
        return Selection::Skip("pod uses host networking".into());
    }
    if IGNORED_NAMESPACES.contains(&namespace) {
        return Selection::Skip(format!("namespace {namespace} is never injected"));
    }
    let labels = string_map(metadata.get("labels"));
    let annotations = string_map(metadata.get("annotations"));

    // The label replaces the annotation whenever it is present, even when empty.
    let (intent, source) = match (labels.get(INJECT_KEY), annotations.get(INJECT_KEY)) {
        (Some(v), _) => (v.as_str(), "label"),
        (None, Some(v)) => (v.as_str(), "annotation"),
        (None, None) => ("", ""),
    };
    let explicit = match intent {
        "true" => Some((true, format!("{source} {INJECT_KEY}=true"))),
        "false" => Some((false, format!("{source} {INJECT_KEY}=false"))),
        _ => None,
    };
    let unrecognized = (!intent.is_empty() && explicit.is_none()).then(|| {
        format!(" ({source} {INJECT_KEY}={intent:?} is not \"true\" or \"false\", ignored)")
    });

    let decided = explicit.or_else(|| {
        first_match(&config.never_inject_selector, &labels)
            .map(|i| (false, format!("pod labels match neverInjectSelector[{i}]")))
    });
    let decided = decided.or_else(|| {
        first_match(&config.always_inject_selector, &labels)
            .map(|i| (true, format!("pod labels match alwaysInjectSelector[{i}]")))
    });
    let note = unrecognized.unwrap_or_default();
    match (&config.policy, decided) {
        (Policy::Unknown(p), _) => Selection::Skip(format!(
            "injection policy {p:?} is not \"enabled\" or \"disabled\""
        )),
        (_, Some((true, why))) => Selection::Inject(format!("{why}{note}")),
        (_, Some((false, why))) => Selection::Skip(format!("{why}{note}")),
        (Policy::Enabled, None) => Selection::Inject(format!("injection policy is enabled{note}")),
        (Policy::Disabled, None) => Selection::Skip(format!(
            "injection policy is disabled and the pod does not opt in{note}"
        )),
    }
}

fn first_match(selectors: &[Value], labels: &Labels) -> Option<usize> {
    selectors
        .iter()
        .position(|s| match LabelSelector::parse(s) {
            Ok(sel) => !sel.is_empty() && sel.matches(labels),
            Err(_) => false,
        })
}

/// A metadata map (labels, annotations) as strings; non-string values are skipped.
pub fn string_map(value: Option<&Value>) -> Labels {
    value
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cfg(policy: &str) -> SelectionConfig {
        SelectionConfig {
            policy: Policy::parse(policy),
            never_inject_selector: vec![],
            always_inject_selector: vec![],
        }
    }

    #[test]
    fn label_replaces_annotation_even_when_empty() {
        let meta = json!({"labels": {INJECT_KEY: ""}, "annotations": {INJECT_KEY: "false"}});
        assert!(inject_required(&cfg("enabled"), "default", &meta, &json!({})).injects());
    }

    #[test]
    fn host_network_and_ignored_namespaces_skip() {
        assert!(
            !inject_required(
                &cfg("enabled"),
                "default",
                &json!({}),
                &json!({"hostNetwork": true})
            )
            .injects()
        );
        assert!(!inject_required(&cfg("enabled"), "kube-system", &json!({}), &json!({})).injects());
    }

    #[test]
    fn never_beats_always() {
        let c = SelectionConfig {
            policy: Policy::Enabled,
            never_inject_selector: vec![json!({"matchLabels": {"a": "1"}})],
            always_inject_selector: vec![json!({"matchLabels": {"a": "1"}})],
        };
        let s = inject_required(&c, "default", &json!({"labels": {"a": "1"}}), &json!({}));
        assert_eq!(
            s,
            Selection::Skip("pod labels match neverInjectSelector[0]".into())
        );
    }

    #[test]
    fn unknown_policy_disables() {
        assert!(
            !inject_required(
                &cfg("sometimes"),
                "default",
                &json!({"annotations": {INJECT_KEY: "true"}}),
                &json!({})
            )
            .injects()
        );
    }

    #[test]
    fn invalid_values_fall_back_to_policy() {
        let s = inject_required(
            &cfg("disabled"),
            "default",
            &json!({"annotations": {INJECT_KEY: "yes"}}),
            &json!({}),
        );
        assert!(!s.injects());
        assert!(s.reason().contains("\"yes\""), "{}", s.reason());
    }
}
