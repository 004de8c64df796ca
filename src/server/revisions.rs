//! The revisions one `needle serve` answers for, each with its own configuration (and so its
//! own Istio release and templates) and settings: a reload or a broken configuration of one
//! never touches another. A request names its revision by path (`/rev/<name>/inject...`,
//! `/rev/<name>/validate`); `/inject` is the first revision's; `/validate` routes each object
//! by its `istio.io/rev` label, as Istio's validators select objects.

use crate::core::inject::admit::Settings;
use crate::kube::cabundle::REVISION_LABEL;
use crate::sources::Live;
use serde_json::Value;

/// The tag whose revision validates objects without a revision label (Istio's `default`).
const DEFAULT_TAG: &str = "default";

/// One revision served.
pub struct Served {
    pub live: Live,
    /// The injector's settings; `settings.revision` is the revision's name.
    pub settings: Settings,
    /// Its revision tags: objects labelled with one are its own.
    pub tags: Vec<String>,
}

impl Served {
    pub fn name(&self) -> &str {
        &self.settings.revision
    }
}

/// The revisions, in the order given; never empty.
pub struct Revisions {
    served: Vec<Served>,
}

impl Revisions {
    /// # Panics
    /// When `served` is empty or names a revision twice: the caller checked its input.
    pub fn new(served: Vec<Served>) -> Self {
        assert!(!served.is_empty(), "at least one revision");
        let mut names: Vec<&str> = served.iter().map(Served::name).collect();
        names.sort_unstable();
        assert!(
            names.windows(2).all(|w| w[0] != w[1]),
            "revision names are unique"
        );
        Self { served }
    }

    /// The first revision: plain `/inject`'s.
    pub fn primary(&self) -> &Served {
        &self.served[0]
    }

    pub fn iter(&self) -> impl Iterator<Item = &Served> {
        self.served.iter()
    }

    pub fn named(&self, name: &str) -> Option<&Served> {
        self.served.iter().find(|s| s.name() == name)
    }

    /// The revision whose rules judge an object with these labels: the one its
    /// `istio.io/rev` names, itself or by tag; otherwise (no label, or one no revision here
    /// has) the revision tagged `default`, else the one named `default`, else the first. An
    /// object reaching the validator is always judged, as istiod judges whatever its webhook
    /// configuration sends it.
    pub fn for_object(&self, labels: Option<&serde_json::Map<String, Value>>) -> &Served {
        let label = labels
            .and_then(|l| l.get(REVISION_LABEL))
            .and_then(Value::as_str);
        let named = label.and_then(|label| self.named(label).or_else(|| self.by_tag(label)));
        named
            .or_else(|| self.by_tag(DEFAULT_TAG))
            .or_else(|| self.named(DEFAULT_TAG))
            .unwrap_or_else(|| self.primary())
    }

    fn by_tag(&self, tag: &str) -> Option<&Served> {
        self.served.iter().find(|s| s.tags.iter().any(|t| t == tag))
    }

    /// Why not every revision can answer yet, if one cannot: the server is ready once each
    /// has loaded a configuration.
    pub fn unloaded(&self) -> Option<String> {
        self.served.iter().find_map(|s| self.unloaded_one(s))
    }

    /// Why `served` cannot answer yet, if it cannot; named by revision when there are several.
    pub fn unloaded_one(&self, served: &Served) -> Option<String> {
        let why = served.live.unloaded()?;
        Some(match self.served.len() > 1 {
            true => format!("revision {}: {why}", served.name()),
            false => why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::inject::snapshot;
    use crate::sources::live::ConfigMetrics;
    use serde_json::json;

    fn served(name: &str, tags: &[&str]) -> Served {
        Served {
            live: Live::new(name, snapshot::embedded(), &ConfigMetrics::default()),
            settings: crate::cli::args::injector_settings(name),
            tags: tags.iter().map(|t| t.to_string()).collect(),
        }
    }

    #[test]
    fn objects_go_to_the_revision_their_label_names() {
        let revisions = Revisions::new(vec![
            served("stable", &["prod"]),
            served("canary", &["default"]),
        ]);
        let routed = |labels: Value| revisions.for_object(labels.as_object()).name().to_string();
        assert_eq!(routed(json!({"istio.io/rev": "stable"})), "stable");
        assert_eq!(routed(json!({"istio.io/rev": "prod"})), "stable");
        assert_eq!(routed(json!({"istio.io/rev": "canary"})), "canary");
        // No label, an empty one or one served by none: the `default` tag's revision.
        assert_eq!(routed(json!({})), "canary");
        assert_eq!(routed(json!({"istio.io/rev": ""})), "canary");
        assert_eq!(routed(json!({"istio.io/rev": "old"})), "canary");
        // Without a `default` tag, the revision named `default`, else the first.
        let named = Revisions::new(vec![served("a", &[]), served("default", &[])]);
        assert_eq!(named.for_object(None).name(), "default");
        let first = Revisions::new(vec![served("a", &[]), served("b", &[])]);
        let labels = json!({"istio.io/rev": "c"});
        assert_eq!(first.for_object(labels.as_object()).name(), "a");
    }

    #[test]
    fn the_server_is_ready_once_every_revision_has_loaded() {
        let waiting = Served {
            live: Live::awaiting(
                "canary",
                snapshot::embedded(),
                "waiting for ConfigMap a/b".into(),
                &ConfigMetrics::default(),
            ),
            ..served("canary", &[])
        };
        let revisions = Revisions::new(vec![served("stable", &[]), waiting]);
        assert_eq!(
            revisions.unloaded().as_deref(),
            Some("revision canary: waiting for ConfigMap a/b")
        );
    }
}
