//! Kubernetes `metav1.LabelSelector` matching, as `metav1.LabelSelectorAsSelector` does it.

use serde_json::Value;
use std::collections::BTreeMap;

pub type Labels = BTreeMap<String, String>;

/// A selector that failed to parse; the message names the offending part.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("invalid label selector: {0}")]
pub struct SelectorError(pub String);

#[derive(Debug, Clone, PartialEq)]
pub struct LabelSelector {
    requirements: Vec<Requirement>,
}

#[derive(Debug, Clone, PartialEq)]
enum Requirement {
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    DoesNotExist(String),
}

impl LabelSelector {
    pub fn parse(value: &Value) -> Result<Self, SelectorError> {
        let mut requirements = Vec::new();
        if let Some(labels) = value.get("matchLabels").and_then(Value::as_object) {
            for (k, v) in labels {
                let v = v
                    .as_str()
                    .ok_or_else(|| SelectorError(format!("matchLabels[{k}] must be a string")))?;
                requirements.push(Requirement::In(k.clone(), vec![v.to_string()]));
            }
        }
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
        Ok(Self { requirements })
    }

    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
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
    fn bad_operator_is_an_error() {
        let err =
            LabelSelector::parse(&json!({"matchExpressions": [{"key": "b", "operator": "Near"}]}))
                .unwrap_err();
        assert!(err.to_string().contains("Near"));
    }
}
