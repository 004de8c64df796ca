//! The webhook analysis `istioctl tag set` runs before applying (Istio's `webhook.Analyzer`,
//! spec H3): over the cluster's MutatingWebhookConfigurations that istioctl's analysis reads
//! (those without `istio.io/rev` or of the tag's revision: it reads the cluster for that
//! revision only), with the generated one in place of any of its name, every Istio injection
//! entry is tried on namespace labels (none,
//! `istio-injection=enabled|disabled`, each also with `istio.io/rev=<r>` for every revision
//! the configurations name) × pod labels (none, `sidecar.istio.io/inject=true|false`, each also
//! with `istio.io/rev=<r>`); two entries that both match one pair overlap. An entry whose
//! Service does not exist is reported too. Only messages on the generated configuration
//! count, sorted and deduplicated as Istio's analysis messages are.

use super::generate::is_injection_entry;
use crate::compat::selector::{LabelSelector, Labels};
use serde_json::Value;
use std::collections::BTreeSet;

/// A message in istioctl's log format for this configuration (`Error [IST0139]`, the
/// resource, the text). The resource is written as istioctl writes one read from its
/// in-memory YAML: kind and name, then the empty file reference.
fn message(config: &str, text: &str) -> String {
    format!("Error [IST0139] (MutatingWebhookConfiguration {config} ) {text}")
}

/// What `tag set` prints before asking, or `None` when nothing conflicts. `configs` are the
/// cluster's MutatingWebhookConfigurations, `generated` the tag's for `revision`, `services`
/// the `namespace/name` of every Service the webhooks could point at.
pub fn conflicts(
    configs: &[Value],
    generated: &Value,
    revision: &str,
    services: &BTreeSet<String>,
) -> Option<String> {
    let name = generated["metadata"]["name"].as_str().unwrap_or("");
    let in_revision = |c: &Value| match c["metadata"]["labels"].get("istio.io/rev") {
        Some(rev) => rev == revision,
        None => true,
    };
    let mut all: Vec<&Value> = configs
        .iter()
        .filter(|c| c["metadata"]["name"] != name && in_revision(c))
        .collect();
    all.push(generated);
    let istio: Vec<&Value> = all
        .into_iter()
        .filter(|c| !revisions(c).is_empty() || is_istio(c))
        .collect();
    let revisions: BTreeSet<String> = istio.iter().flat_map(|c| revisions(c)).collect();
    let all_entries: Vec<(String, &Value)> = istio
        .iter()
        .flat_map(|c| {
            let config = c["metadata"]["name"].as_str().unwrap_or("").to_string();
            entries(c).map(move |e| (config.clone(), e))
        })
        .collect();
    let id = |(config, entry): &(String, &Value)| {
        format!("{config}/{}", entry["name"].as_str().unwrap_or(""))
    };

    let mut messages = BTreeSet::new();
    for namespace in label_sets(&revisions, "istio-injection", "enabled", "disabled") {
        for pod in label_sets(&revisions, "sidecar.istio.io/inject", "true", "false") {
            let matching: BTreeSet<String> = all_entries
                .iter()
                .filter(|(_, e)| {
                    matches(&e["namespaceSelector"], &namespace)
                        && matches(&e["objectSelector"], &pod)
                })
                .map(id)
                .collect();
            if matching.len() < 2 {
                continue;
            }
            for one in matching
                .iter()
                .filter(|m| m.starts_with(&format!("{name}/")))
            {
                let others: Vec<&str> = matching
                    .iter()
                    .filter(|m| *m != one)
                    .map(String::as_str)
                    .collect();
                messages.insert(message(
                    name,
                    &format!(
                        "Webhook overlaps with others: [{}]. This may cause injection to occur twice.",
                        others.join(" ")
                    ),
                ));
            }
        }
    }
    for entry in entries(generated) {
        let service = &entry["clientConfig"]["service"];
        if !service.is_object() {
            continue;
        }
        let full = format!(
            "{}/{}",
            service["namespace"].as_str().unwrap_or(""),
            service["name"].as_str().unwrap_or("")
        );
        if !services.contains(&full) {
            messages.insert(message(
                name,
                &format!("Injector refers to a control plane service that does not exist: {full}."),
            ));
        }
    }
    (!messages.is_empty()).then(|| {
        let lines: Vec<String> = messages.into_iter().collect();
        format!(
            "creating tag would conflict, pass --skip-confirmation to proceed:\n{}\n",
            lines.join("\n")
        )
    })
}

/// Injection entries that would all inject the same pods: those labelled so, in these
/// namespaces.
#[derive(Debug, Clone, PartialEq)]
pub struct Overlap {
    /// `configuration/entry`, in the order of the configurations given.
    pub entries: Vec<String>,
    /// `{key=value,...}`: one of the pod label sets `conflicts` tries.
    pub pod_labels: String,
    pub namespaces: Vec<String>,
}

impl std::fmt::Display for Overlap {
    /// One line; past five namespaces, how many more.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = &self.namespaces[..self.namespaces.len().min(5)];
        let more = match self.namespaces.len() - shown.len() {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        write!(
            f,
            "pods labelled {} in namespace {}{more}, by {}",
            self.pod_labels,
            shown.join(", "),
            self.entries.join(" and ")
        )
    }
}

/// Where the injection webhooks of `configs` would inject one pod twice on the cluster as it
/// is: for each namespace (its name and labels) and each pod label set `conflicts` tries, the
/// injection entries (named `*sidecar-injector.istio.io`) of every configuration that match
/// both, when two or more do; grouped by the entries and the pod labels.
pub fn overlaps(configs: &[Value], namespaces: &[(String, Labels)]) -> Vec<Overlap> {
    let injection: Vec<(String, &Value)> = configs
        .iter()
        .flat_map(|c| {
            let config = c["metadata"]["name"].as_str().unwrap_or("").to_string();
            entries(c)
                .filter(|e| is_injection_entry(e))
                .map(move |e| (config.clone(), e))
        })
        .collect();
    let revisions: BTreeSet<String> = configs.iter().flat_map(revisions).collect();
    let pods = label_sets(&revisions, "sidecar.istio.io/inject", "true", "false");
    let mut found: Vec<Overlap> = Vec::new();
    for (namespace, labels) in namespaces {
        for pod in &pods {
            let entries: Vec<String> = injection
                .iter()
                .filter(|(_, e)| {
                    matches(&e["namespaceSelector"], labels) && matches(&e["objectSelector"], pod)
                })
                .map(|(config, e)| format!("{config}/{}", e["name"].as_str().unwrap_or("")))
                .collect();
            if entries.len() < 2 {
                continue;
            }
            let pod: Vec<String> = pod.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let pod_labels = format!("{{{}}}", pod.join(","));
            match found
                .iter_mut()
                .find(|o| o.entries == entries && o.pod_labels == pod_labels)
            {
                Some(overlap) => overlap.namespaces.push(namespace.clone()),
                None => found.push(Overlap {
                    entries,
                    pod_labels,
                    namespaces: vec![namespace.clone()],
                }),
            }
        }
    }
    found
}

fn entries(config: &Value) -> impl Iterator<Item = &Value> {
    config["webhooks"].as_array().into_iter().flatten()
}

/// A configuration with an entry named `*istio.io`.
fn is_istio(config: &Value) -> bool {
    entries(config).any(|e| e["name"].as_str().is_some_and(|n| n.ends_with("istio.io")))
}

/// The revisions a configuration names: its `istio.io/rev` label, and every value its
/// selectors give `istio.io/rev`.
fn revisions(config: &Value) -> BTreeSet<String> {
    let key = "istio.io/rev";
    let mut revs = BTreeSet::new();
    if let Some(rev) = config["metadata"]["labels"][key].as_str() {
        revs.insert(rev.to_string());
    }
    for entry in entries(config) {
        for selector in [&entry["namespaceSelector"], &entry["objectSelector"]] {
            if let Some(rev) = selector["matchLabels"][key].as_str() {
                revs.insert(rev.to_string());
            }
            for expr in selector["matchExpressions"]
                .as_array()
                .into_iter()
                .flatten()
            {
                if expr["key"] == key {
                    let values = expr["values"].as_array().into_iter().flatten();
                    revs.extend(values.filter_map(Value::as_str).map(str::to_string));
                }
            }
        }
    }
    revs
}

/// No labels, `key=on`, `key=off`; then each of those with `istio.io/rev=<r>` per revision.
fn label_sets(revisions: &BTreeSet<String>, key: &str, on: &str, off: &str) -> Vec<Labels> {
    let base: Vec<Labels> = [None, Some(on), Some(off)]
        .into_iter()
        .map(|v| {
            v.map(|v| (key.to_string(), v.to_string()))
                .into_iter()
                .collect()
        })
        .collect();
    let mut sets = base.clone();
    for rev in revisions {
        for labels in &base {
            let mut labels = labels.clone();
            labels.insert("istio.io/rev".into(), rev.clone());
            sets.push(labels);
        }
    }
    sets
}

/// A missing selector matches everything; one that does not parse matches nothing.
fn matches(selector: &Value, labels: &Labels) -> bool {
    LabelSelector::parse(selector).is_ok_and(|s| s.matches(labels))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn config(name: &str, rev: &str, tag_rev: &str) -> Value {
        json!({"metadata": {"name": name, "labels": {"istio.io/rev": rev}}, "webhooks": [
            {"name": "rev.namespace.sidecar-injector.istio.io",
             "clientConfig": {"url": "https://x/inject"},
             "namespaceSelector": {"matchExpressions": [
                {"key": "istio.io/rev", "operator": "In", "values": [tag_rev]}]}}]})
    }

    #[test]
    fn two_configurations_selecting_one_namespace_overlap() {
        let live = [config("istio-revision-tag-prod", "canary", "prod")];
        let other = config("prod-copy", "canary", "prod");
        let out = conflicts(&live, &other, "canary", &BTreeSet::new()).unwrap();
        assert_eq!(
            out,
            "creating tag would conflict, pass --skip-confirmation to proceed:\n\
             Error [IST0139] (MutatingWebhookConfiguration prod-copy ) Webhook overlaps with others: \
             [istio-revision-tag-prod/rev.namespace.sidecar-injector.istio.io]. This may cause \
             injection to occur twice.\n"
        );
        // The generated configuration replaces its own name's: re-setting a tag is no overlap.
        let moved = config("istio-revision-tag-prod", "canary", "prod");
        assert_eq!(conflicts(&live, &moved, "canary", &BTreeSet::new()), None);
        // Only the tag's revision's configurations (and unlabelled ones) are read.
        assert_eq!(conflicts(&live, &other, "stable", &BTreeSet::new()), None);
        // Configurations that are not Istio's and name no revision are not looked at.
        let foreign =
            json!({"metadata": {"name": "other"}, "webhooks": [{"name": "hook.example.com"}]});
        assert_eq!(
            conflicts(&[foreign], &moved, "canary", &BTreeSet::new()),
            None
        );
    }

    #[test]
    fn overlaps_are_found_on_the_namespaces_as_labelled() {
        let stable = config("istio-sidecar-injector-stable", "stable", "stable");
        let prod = config("istio-revision-tag-prod", "stable", "prod");
        let ns = |name: &str, rev: &str| {
            let labels = Labels::from([("istio.io/rev".to_string(), rev.to_string())]);
            (name.to_string(), labels)
        };
        let namespaces = [
            ns("shop", "stable"),
            ns("payments", "prod"),
            ns("cart", "stable"),
        ];
        let configs = [stable.clone(), prod];
        assert_eq!(overlaps(&configs, &namespaces), vec![]);
        // A second configuration selecting `stable` (a canary mislabelled) injects twice.
        let copy = config("istio-sidecar-injector-canary", "canary", "stable");
        let found = overlaps(&[stable, copy], &namespaces);
        // Every pod label set of both namespaces on `stable`, grouped.
        assert_eq!(found.len(), 9, "{found:?}");
        assert_eq!(
            found[0].to_string(),
            "pods labelled {} in namespace shop, cart, by \
             istio-sidecar-injector-stable/rev.namespace.sidecar-injector.istio.io and \
             istio-sidecar-injector-canary/rev.namespace.sidecar-injector.istio.io"
        );
        let many = Overlap {
            namespaces: (0..8).map(|i| format!("ns{i}")).collect(),
            ..found[0].clone()
        };
        assert!(
            many.to_string()
                .contains(" in namespace ns0, ns1, ns2, ns3, ns4 and 3 more, by ")
        );
        // Only injection entries count: a validator's do not.
        let mut other = config("istio-validator", "canary", "stable");
        other["webhooks"][0]["name"] = json!("rev.validation.istio.io");
        let configs = [
            config("istio-sidecar-injector-stable", "stable", "stable"),
            other,
        ];
        assert_eq!(overlaps(&configs, &namespaces), vec![]);
    }

    #[test]
    fn an_injector_service_that_does_not_exist_is_reported() {
        let mut tag = config("istio-revision-tag-prod", "canary", "prod");
        tag["webhooks"][0]["clientConfig"] =
            json!({"service": {"name": "istiod-canary", "namespace": "istio-system"}});
        let out = conflicts(&[], &tag, "canary", &BTreeSet::new()).unwrap();
        assert!(
            out.ends_with(
                "(MutatingWebhookConfiguration istio-revision-tag-prod ) Injector refers to a \
                 control plane service that does not exist: istio-system/istiod-canary.\n"
            ),
            "{out}"
        );
        let present = BTreeSet::from(["istio-system/istiod-canary".to_string()]);
        assert_eq!(conflicts(&[], &tag, "canary", &present), None);
    }
}
