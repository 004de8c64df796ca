//! Kubernetes `metav1.LabelSelector` matching, as `metav1.LabelSelectorAsSelector` does it.

use serde_json::Value;
use std::collections::BTreeMap;

pub type Labels = BTreeMap<String, String>;

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

/// A selector that failed to parse; the message names the offending part.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("invalid label selector: {0}")]
pub struct SelectorError(pub String);

#[derive(Debug, Clone, PartialEq)]
pub struct LabelSelector {
    /// `matchLabels` first (as `In` of one value), then `matchExpressions` in their order.
    requirements: Vec<Requirement>,
    match_labels: usize,
}

/// One requirement of a selector.
#[derive(Debug, Clone, PartialEq)]
pub enum Requirement {
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
}

impl Requirement {
    pub fn key(&self) -> &str {
        match self {
            Requirement::In(k, _)
            | Requirement::NotIn(k, _)
            | Requirement::Exists(k)
            | Requirement::DoesNotExist(k) => k,
        }
    }
}

impl LabelSelector {
    pub fn parse(value: &Value) -> Result<Self, SelectorError> {
        let mut requirements = Vec::new();
        if let Some(labels) = value.get("matchLabels").and_then(Value::as_object) {
            for (k, v) in labels {
                let v = v
                    .as_str()
                    .ok_or_else(|| SelectorError(format!("matchLabels[{k}] must be a string")))?;
                check_key(k)?;
                check_value(k, v)?;
                requirements.push(Requirement::In(k.clone(), vec![v.to_string()]));
            }
        }
        let match_labels = requirements.len();
        for expr in value
            .get("matchExpressions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let key = expr
                .get("key")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let values: Vec<String> = expr
                .get("values")
                .and_then(Value::as_array)
                .map(|vs| {
                    vs.iter()
                        .filter_map(|v| v.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let op = expr
                .get("operator")
                .and_then(Value::as_str)
                .unwrap_or_default();
            check_key(&key)?;
            for v in &values {
                check_value(&key, v)?;
            }
            let req = match op {
                "In" | "NotIn" if values.is_empty() => {
                    return Err(SelectorError(format!(
                        "for 'in', 'notin' operators, values set can't be empty (key {key})"
                    )));
                }
                "In" => Requirement::In(key, values),
                "NotIn" => Requirement::NotIn(key, values),
                "Exists" | "DoesNotExist" if !values.is_empty() => {
                    return Err(SelectorError(format!(
                        "values set must be empty for exists and does not exist (key {key})"
                    )));
                }
                "Exists" => Requirement::Exists(key),
                "DoesNotExist" => Requirement::DoesNotExist(key),
                other => {
                    return Err(SelectorError(format!(
                        "{other:?} is not a valid label selector operator"
                    )));
                }
            };
            requirements.push(req);
        }
        Ok(Self {
            requirements,
            match_labels,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// The `matchExpressions`, in their order (istioctl's check-inject reads them to explain).
    pub fn match_expressions(&self) -> &[Requirement] {
        &self.requirements[self.match_labels..]
    }

    pub fn matches(&self, labels: &Labels) -> bool {
        self.requirements.iter().all(|r| match r {
            Requirement::In(k, vs) => labels.get(k).is_some_and(|v| vs.contains(v)),
            Requirement::NotIn(k, vs) => labels.get(k).is_none_or(|v| !vs.contains(v)),
            Requirement::Exists(k) => labels.contains_key(k),
            Requirement::DoesNotExist(k) => !labels.contains_key(k),
        })
    }
}

/// The `key=value` (and `key==value`) pairs of a selector string such as kubectl's `-l`
/// (`metav1.ParseToLabelSelector(..).MatchLabels`, what istioctl's `check-inject -l` takes as
/// the pod's labels). Set-based terms (`k in (a,b)`, `k notin (..)`, `k`, `!k`, `k!=v`) are
/// accepted and carry no label; `>` and `<` are refused as Kubernetes refuses them there.
pub fn equality_labels(text: &str) -> Result<Labels, SelectorError> {
    let fail = |why: String| {
        SelectorError(format!(
            "couldn't parse the selector string {text:?}: {why}"
        ))
    };
    let mut labels = Labels::new();
    let mut depth = 0usize;
    let mut terms = vec![String::new()];
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                terms.push(String::new());
                continue;
            }
            _ => {}
        }
        terms.last_mut().expect("never empty").push(c);
    }
    if text.trim().is_empty() {
        return Ok(labels);
    }
    for term in terms.iter().map(|t| t.trim()) {
        let words: Vec<&str> = term.split_whitespace().collect();
        let set_based = words.get(1).is_some_and(|w| {
            matches!(*w, "in" | "notin") || w.starts_with("in(") || w.starts_with("notin(")
        });
        if set_based {
            check_key(words[0]).map_err(|e| fail(e.0))?;
            continue;
        }
        if let Some(key) = term.strip_prefix('!') {
            check_key(key.trim()).map_err(|e| fail(e.0))?;
            continue;
        }
        if let Some((key, value)) = term.split_once("!=") {
            check_key(key.trim()).map_err(|e| fail(e.0))?;
            check_value(key.trim(), value.trim()).map_err(|e| fail(e.0))?;
            continue;
        }
        for (sign, op) in [('>', "gt"), ('<', "lt")] {
            if term.contains(sign) {
                return Err(SelectorError(format!(
                    "{op:?} isn't supported in label selectors"
                )));
            }
        }
        let split = term.split_once("==").or_else(|| term.split_once('='));
        let Some((key, value)) = split else {
            check_key(term).map_err(|e| fail(e.0))?;
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        check_key(key).map_err(|e| fail(e.0))?;
        check_value(key, value).map_err(|e| fail(e.0))?;
        labels.insert(key.to_string(), value.to_string());
    }
    Ok(labels)
}

/// A label key as Kubernetes accepts it (`validation.IsQualifiedName`): an optional DNS
/// subdomain prefix of at most 253 characters and `/`, then a name of at most 63.
fn check_key(key: &str) -> Result<(), SelectorError> {
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    let prefix_ok = prefix.is_none_or(|p| {
        !p.is_empty()
            && p.len() <= 253
            && p.split('.').all(|part| {
                let b = part.as_bytes();
                !b.is_empty()
                    && b.iter()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
                    && b[0] != b'-'
                    && b[b.len() - 1] != b'-'
            })
    });
    if prefix_ok && !name.is_empty() && is_label_name(name) {
        Ok(())
    } else {
        Err(SelectorError(format!("invalid label key {key:?}")))
    }
}

/// A label value: empty, or a name of at most 63 characters (`validation.IsValidLabelValue`).
fn check_value(key: &str, value: &str) -> Result<(), SelectorError> {
    if value.is_empty() || is_label_name(value) {
        Ok(())
    } else {
        Err(SelectorError(format!(
            "invalid label value {value:?} for key {key}"
        )))
    }
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`, at most 63 characters: a non-empty label value.
pub fn is_label_name(s: &str) -> bool {
    let b = s.as_bytes();
    let end_ok = |c: &u8| c.is_ascii_alphanumeric();
    !b.is_empty()
        && b.len() <= 63
        && end_ok(&b[0])
        && end_ok(&b[b.len() - 1])
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn labels(pairs: &[(&str, &str)]) -> Labels {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn match_labels_and_expressions() {
        let s = LabelSelector::parse(&json!({"matchLabels": {"a": "1"}, "matchExpressions": [{"key": "b", "operator": "NotIn", "values": ["x"]}]})).unwrap();
        assert!(s.matches(&labels(&[("a", "1")])));
        assert!(!s.matches(&labels(&[("a", "1"), ("b", "x")])));
        assert!(!s.matches(&labels(&[])));
    }

    #[test]
    fn keys_and_values_are_checked_as_kubernetes_does() {
        for bad in [
            json!({"matchLabels": {"a b": "1"}}),
            json!({"matchLabels": {"a": "-1"}}),
            json!({"matchLabels": {"Example.com/a": "1"}}),
            json!({"matchExpressions": [{"key": "a", "operator": "In", "values": ["x y"]}]}),
        ] {
            assert!(LabelSelector::parse(&bad).is_err(), "{bad}");
        }
        let s = LabelSelector::parse(&json!({"matchLabels": {"sidecar.istio.io/inject": ""},
            "matchExpressions": [{"key": "istio.io/rev", "operator": "Exists"}]}))
        .unwrap();
        assert_eq!(
            s.match_expressions(),
            &[Requirement::Exists("istio.io/rev".into())]
        );
    }

    #[test]
    fn equality_labels_of_a_selector_string() {
        let got = equality_labels("app=web, version==v1,env in (a,b),!x,y!=z,tier").unwrap();
        assert_eq!(got, labels(&[("app", "web"), ("version", "v1")]));
        assert!(equality_labels("").unwrap().is_empty());
        assert!(
            equality_labels("a>1")
                .unwrap_err()
                .to_string()
                .contains("\"gt\" isn't supported")
        );
        assert!(equality_labels("a b=c").is_err());
    }

    #[test]
    fn bad_operator_is_an_error() {
        let err =
            LabelSelector::parse(&json!({"matchExpressions": [{"key": "b", "operator": "Near"}]}))
                .unwrap_err();
        assert!(err.to_string().contains("Near"));
    }
}
