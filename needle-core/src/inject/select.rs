//! Whether a pod gets a sidecar: Istio's `injectRequired`, with the reason for the decision.

use crate::compat::selector::{LabelSelector, Labels, string_map};
use crate::config::injector::{Policy, SelectionConfig};
use serde_json::Value;

/// Namespaces that are never injected.
pub const IGNORED_NAMESPACES: [&str; 4] = [
    "kube-system",
    "kube-public",
    "kube-node-lease",
    "local-path-storage",
];

pub const INJECT_KEY: &str = "sidecar.istio.io/inject";

/// Where a pod states `sidecar.istio.io/inject`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    Label,
    Annotation,
}

impl std::fmt::Display for Marker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Marker::Label => "label",
            Marker::Annotation => "annotation",
        })
    }
}

/// A `sidecar.istio.io/inject` value other than "true" or "false", which Istio ignores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    pub marker: Marker,
    pub value: String,
}

/// Why selection decided as it did, in the order `injectRequired` looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    HostNetwork,
    IgnoredNamespace(String),
    /// The pod's own `sidecar.istio.io/inject` true or false.
    Marked {
        marker: Marker,
        inject: bool,
    },
    NeverInjectSelector {
        index: usize,
        ignored: Option<Ignored>,
    },
    AlwaysInjectSelector {
        index: usize,
        ignored: Option<Ignored>,
    },
    /// Nothing in the pod decides: the config's policy does.
    Policy {
        policy: Policy,
        ignored: Option<Ignored>,
    },
}

impl Why {
    fn ignored(&self) -> Option<&Ignored> {
        match self {
            Why::NeverInjectSelector { ignored, .. }
            | Why::AlwaysInjectSelector { ignored, .. }
            | Why::Policy { ignored, .. } => ignored.as_ref(),
            _ => None,
        }
    }
}

impl crate::label::Labelled for Why {
    fn label(&self) -> &'static str {
        match self {
            Why::HostNetwork => "host_network",
            Why::IgnoredNamespace(_) => "ignored_namespace",
            Why::Marked { inject: true, .. } => "opted_in",
            Why::Marked { inject: false, .. } => "opted_out",
            Why::NeverInjectSelector { .. } => "never_inject_selector",
            Why::AlwaysInjectSelector { .. } => "always_inject_selector",
            Why::Policy {
                policy: Policy::Enabled,
                ..
            } => "policy_enabled",
            Why::Policy {
                policy: Policy::Disabled,
                ..
            } => "policy_disabled",
        }
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::HostNetwork => write!(f, "pod uses host networking")?,
            Why::IgnoredNamespace(ns) => write!(f, "namespace {ns} is never injected")?,
            Why::Marked { marker, inject } => write!(f, "{marker} {INJECT_KEY}={inject}")?,
            Why::NeverInjectSelector { index, .. } => {
                write!(f, "pod labels match neverInjectSelector[{index}]")?
            }
            Why::AlwaysInjectSelector { index, .. } => {
                write!(f, "pod labels match alwaysInjectSelector[{index}]")?
            }
            Why::Policy { policy, .. } => match policy {
                Policy::Enabled => write!(f, "injection policy is enabled")?,
                Policy::Disabled => write!(
                    f,
                    "injection policy is disabled and the pod does not opt in"
                )?,
            },
        }
        if let Some(Ignored { marker, value }) = self.ignored() {
            write!(
                f,
                " ({marker} {INJECT_KEY}={value:?} is not \"true\" or \"false\", ignored)"
            )?;
        }
        Ok(())
    }
}

/// The decision and the reason for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub inject: bool,
    pub why: Why,
}

impl Selection {
    fn new(inject: bool, why: Why) -> Self {
        Self { inject, why }
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
        return Selection::new(false, Why::HostNetwork);
    }
    if IGNORED_NAMESPACES.contains(&namespace) {
        return Selection::new(false, Why::IgnoredNamespace(namespace.to_string()));
    }
    let labels = string_map(metadata.get("labels"));
    let annotations = string_map(metadata.get("annotations"));

    // The label replaces the annotation whenever it is present, even when empty.
    let (intent, marker) = match (labels.get(INJECT_KEY), annotations.get(INJECT_KEY)) {
        (Some(v), _) => (v.as_str(), Marker::Label),
        (None, Some(v)) => (v.as_str(), Marker::Annotation),
        (None, None) => ("", Marker::Label),
    };
    let explicit = matches!(intent, "true" | "false");
    let ignored = (!intent.is_empty() && !explicit).then(|| Ignored {
        marker,
        value: intent.to_string(),
    });
    if explicit {
        let inject = intent == "true";
        return Selection::new(inject, Why::Marked { marker, inject });
    }
    if let Some(index) = first_match(&config.never_inject_selector, &labels) {
        return Selection::new(false, Why::NeverInjectSelector { index, ignored });
    }
    if let Some(index) = first_match(&config.always_inject_selector, &labels) {
        return Selection::new(true, Why::AlwaysInjectSelector { index, ignored });
    }
    let policy = config.policy.clone();
    Selection::new(policy == Policy::Enabled, Why::Policy { policy, ignored })
}

fn first_match(selectors: &[Value], labels: &Labels) -> Option<usize> {
    selectors
        .iter()
        .position(|s| match LabelSelector::parse(s) {
            Ok(sel) => !sel.is_empty() && sel.matches(labels),
            Err(_) => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::label::Labelled;
    use serde_json::json;

    fn cfg(policy: &str) -> SelectionConfig {
        SelectionConfig {
            policy: Policy::parse(policy).expect("a policy"),
            never_inject_selector: vec![],
            always_inject_selector: vec![],
        }
    }

    #[test]
    fn label_replaces_annotation_even_when_empty() {
        let meta = json!({"labels": {INJECT_KEY: ""}, "annotations": {INJECT_KEY: "false"}});
        assert!(inject_required(&cfg("enabled"), "default", &meta, &json!({})).inject);
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
            .inject
        );
        assert!(!inject_required(&cfg("enabled"), "kube-system", &json!({}), &json!({})).inject);
    }

    #[test]
    fn never_beats_always() {
        let c = SelectionConfig {
            policy: Policy::Enabled,
            never_inject_selector: vec![json!({"matchLabels": {"a": "1"}})],
            always_inject_selector: vec![json!({"matchLabels": {"a": "1"}})],
        };
        let s = inject_required(&c, "default", &json!({"labels": {"a": "1"}}), &json!({}));
        assert!(!s.inject);
        assert_eq!(s.why.to_string(), "pod labels match neverInjectSelector[0]");
        assert_eq!(s.why.label(), "never_inject_selector");
    }

    #[test]
    fn invalid_values_fall_back_to_policy() {
        let s = inject_required(
            &cfg("disabled"),
            "default",
            &json!({"annotations": {INJECT_KEY: "yes"}}),
            &json!({}),
        );
        assert!(!s.inject);
        assert_eq!(
            s.why.to_string(),
            "injection policy is disabled and the pod does not opt in (annotation sidecar.istio.io/inject=\"yes\" is not \"true\" or \"false\", ignored)"
        );
    }
}
