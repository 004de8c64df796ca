//! Which of Istio's injection webhooks the apiserver would call for a pod, and why or why not,
//! judged from the pod's and its namespace's labels alone as `istioctl x check-inject` judges
//! it (`analyzeRunningWebhooks`): the same verdicts and the same reason texts, since scripts
//! and people compare them with istioctl's.

use crate::compat::selector::{LabelSelector, Labels, Requirement};
use crate::compat::style_table::{self, Cell, Color};
use serde_json::{Value, json};

/// The namespace label that overrides every revision label (`istio-injection`).
pub const INJECTION_LABEL: &str = "istio-injection";
const REVISION_LABEL: &str = "istio.io/rev";

/// What one MutatingWebhookConfiguration would do with the pod.
#[derive(Debug, Clone, PartialEq)]
pub struct WebhookVerdict {
    /// The configuration's name.
    pub name: String,
    /// Its `istio.io/rev` label ("" without one).
    pub revision: String,
    pub injected: bool,
    pub reason: String,
    /// The entry (`webhooks[i]`) that injects, when one does.
    pub entry: Option<Value>,
}

/// The verdict of every Istio injection webhook among `configs` (see `injectors`), sorted by
/// name.
pub fn analyze(configs: &[Value], pod_labels: &Labels, ns_labels: &Labels) -> Vec<WebhookVerdict> {
    injectors(configs)
        .into_iter()
        .map(|config| {
            let (reason, entry) = match_status(entries(config), pod_labels, ns_labels);
            WebhookVerdict {
                name: config_name(config).to_string(),
                revision: config_revision(config).to_string(),
                injected: entry.is_some(),
                reason,
                entry: entry.cloned(),
            }
        })
        .collect()
}

/// The injection webhook configurations among `configs`, sorted by name: as istioctl, those
/// with an entry whose name ends with `istio.io`.
pub fn injectors(configs: &[Value]) -> Vec<&Value> {
    let mut injectors: Vec<&Value> = configs
        .iter()
        .filter(|c| {
            entries(c)
                .iter()
                .any(|e| str_at(e, "name").ends_with("istio.io"))
        })
        .collect();
    injectors.sort_by(|a, b| config_name(a).cmp(config_name(b)));
    injectors
}

/// A configuration's name.
pub fn config_name(config: &Value) -> &str {
    str_at(&config["metadata"], "name")
}

/// A configuration's `istio.io/rev` label ("" without one).
pub fn config_revision(config: &Value) -> &str {
    str_at(&config["metadata"]["labels"], REVISION_LABEL)
}

/// istioctl's output for the verdicts: the table, or the error when there is no Istio
/// webhook; when more than one would inject, the error istioctl ends with (no newline).
pub fn report(verdicts: &[WebhookVerdict]) -> String {
    if verdicts.is_empty() {
        return "ERROR: no Istio injection hooks present.\n".into();
    }
    let header = ["WEBHOOK", "REVISION", "INJECTED", "REASON"].map(Cell::plain);
    let rows = verdicts.iter().map(|v| {
        vec![
            Cell::plain(&v.name),
            Cell::plain(&v.revision),
            if v.injected {
                Cell::colored("✔", Color::Green)
            } else {
                Cell::colored("✘", Color::Red)
            },
            Cell::plain(&v.reason),
        ]
    });
    let table: Vec<Vec<Cell>> = std::iter::once(header.to_vec()).chain(rows).collect();
    let mut out = style_table::render(&table);
    if verdicts.iter().filter(|v| v.injected).count() > 1 {
        out.push_str("ERROR: multiple webhooks will inject, which can lead to errors");
    }
    out
}

/// A configuration's entries (`webhooks`).
pub fn entries(config: &Value) -> &[Value] {
    config["webhooks"].as_array().map_or(&[], Vec::as_slice)
}

fn str_at<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// The first entry that decides, in order; the reason, and the entry when it injects.
fn match_status<'a>(
    entries: &'a [Value],
    pod_labels: &Labels,
    ns_labels: &Labels,
) -> (String, Option<&'a Value>) {
    for entry in entries {
        let ns = Selected::new(&entry["namespaceSelector"], ns_labels);
        let pod = Selected::new(&entry["objectSelector"], pod_labels);
        match (ns.matched, pod.matched) {
            (true, true) => {
                // Both match but neither names a label: istioctl reads on, as here.
                let reason = match (ns.label, pod.label) {
                    (Some(n), Some(p)) => {
                        format!("Namespace label {n} matches, and pod label {p} matches")
                    }
                    (Some(n), None) if n.contains("kubernetes.io/metadata.name") => format!(
                        "Namespace label {n} matches (Automatic injection is enabled in all namespaces)."
                    ),
                    (Some(n), None) => format!("Namespace label {n} matches"),
                    (None, Some(p)) => format!("Pod label {p} matches"),
                    (None, None) => continue,
                };
                return (reason, Some(entry));
            }
            (true, false) => {
                if let Some(reason) = pod_prevents(pod.selector.as_ref(), pod_labels) {
                    return (reason, None);
                }
            }
            (false, true) => match ns_labels.get(INJECTION_LABEL) {
                Some(v) if v != "enabled" => {
                    return (
                        format!("Namespace has {INJECTION_LABEL}={v} label, preventing injection"),
                        None,
                    );
                }
                _ => {}
            },
            (false, false) => {}
        }
    }
    (no_match_reason(entries), None)
}

/// How a selector (`null` or absent: matches everything) judged an object's labels, and the
/// first `In`/`NotIn` expression key the object has, as `key=value`.
struct Selected {
    matched: bool,
    label: Option<String>,
    selector: Option<LabelSelector>,
}

impl Selected {
    fn new(selector: &Value, labels: &Labels) -> Self {
        if selector.is_null() {
            return Self {
                matched: true,
                label: None,
                selector: None,
            };
        }
        // An invalid selector matches nothing (the apiserver would not have accepted it).
        let Ok(parsed) = LabelSelector::parse(selector) else {
            return Self {
                matched: false,
                label: None,
                selector: None,
            };
        };
        let matched = parsed.matches(labels);
        let label = matched
            .then(|| {
                parsed.match_expressions().iter().find_map(|r| match r {
                    Requirement::In(k, _) | Requirement::NotIn(k, _) => {
                        labels.get(k).map(|v| format!("{k}={v}"))
                    }
                    _ => None,
                })
            })
            .flatten();
        Self {
            matched,
            label,
            selector: Some(parsed),
        }
    }
}

/// When the namespace matched but the pod did not: the pod label that keeps it out.
fn pod_prevents(selector: Option<&LabelSelector>, pod_labels: &Labels) -> Option<String> {
    selector?.match_expressions().iter().find_map(|r| {
        let (key, blocked) = match r {
            Requirement::DoesNotExist(k) => (k, pod_labels.get(k)),
            Requirement::NotIn(k, vs) => (k, pod_labels.get(k).filter(|v| vs.contains(v))),
            _ => return None,
        };
        blocked.map(|v| format!("Pod has {key}={v} label, preventing injection"))
    })
}

/// No entry decided: the configuration is deactivated (`istioctl tag set default` gives every
/// entry the never-matching selectors), or the labels that would have selected the pod.
fn no_match_reason(entries: &[Value]) -> String {
    if entries
        .iter()
        .any(|e| is_never_match(&e["namespaceSelector"]) && is_never_match(&e["objectSelector"]))
    {
        return "The injection webhook is deactivated, and will never match labels.".into();
    }
    let in_labels = |key: &str| -> Vec<String> {
        entries
            .iter()
            .flat_map(|e| e[key]["matchExpressions"].as_array().into_iter().flatten())
            .filter(|expr| expr["operator"] == "In")
            .flat_map(|expr| {
                let k = str_at(expr, "key").to_string();
                expr["values"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .map(move |v| format!("{k}={v}"))
            })
            .collect()
    };
    format!(
        "No matching namespace labels ({}) or pod labels ({})",
        in_labels("namespaceSelector").join(", "),
        in_labels("objectSelector").join(", ")
    )
}

/// istioctl compares with `{matchLabels: {istio.io/deactivated: never-match}}` exactly. An
/// empty `matchExpressions` counts as none: the apiserver does not keep empty lists.
fn is_never_match(selector: &Value) -> bool {
    let mut s = selector.clone();
    if let Some(map) = s.as_object_mut()
        && map
            .get("matchExpressions")
            .is_some_and(|e| e.is_null() || e.as_array().is_some_and(Vec::is_empty))
    {
        map.remove("matchExpressions");
    }
    s == json!({"matchLabels": {"istio.io/deactivated": "never-match"}})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> Labels {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn config(name: &str, entries: Value) -> Value {
        json!({"metadata": {"name": name, "labels": {"istio.io/rev": "r"}}, "webhooks": entries})
    }

    #[test]
    fn matching_without_a_label_reads_on_to_the_next_entry() {
        let c = config(
            "x",
            json!([
                {"name": "a.istio.io", "namespaceSelector": {}, "objectSelector": {}},
                {"name": "b.istio.io", "objectSelector": {"matchExpressions": [
                    {"key": "app", "operator": "In", "values": ["web"]}]}}
            ]),
        );
        let v = analyze(&[c], &labels(&[("app", "web")]), &labels(&[]));
        assert_eq!(v[0].reason, "Pod label app=web matches");
        assert_eq!(v[0].entry.as_ref().unwrap()["name"], "b.istio.io");
    }

    #[test]
    fn only_istio_configurations_count() {
        let other = config("other", json!([{"name": "hook.example.com"}]));
        assert!(analyze(&[other], &labels(&[]), &labels(&[])).is_empty());
    }

    #[test]
    fn never_match_tolerates_an_empty_expression_list() {
        let never =
            json!({"matchLabels": {"istio.io/deactivated": "never-match"}, "matchExpressions": []});
        let c = config(
            "x",
            json!([{"name": "a.istio.io", "namespaceSelector": never, "objectSelector": never}]),
        );
        let v = analyze(&[c], &labels(&[]), &labels(&[]));
        assert_eq!(
            v[0].reason,
            "The injection webhook is deactivated, and will never match labels."
        );
    }
}
