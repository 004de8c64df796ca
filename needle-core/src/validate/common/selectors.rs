//! Workload selectors, in both of Istio's flavours: `istio.type.v1beta1.WorkloadSelector`
//! (`matchLabels`, the policies, DestinationRule and ProxyConfig) and
//! `networking.v1alpha3.WorkloadSelector` (`labels`, ServiceEntry, Sidecar and EnvoyFilter).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::Report;

/// `istio.type.v1beta1.WorkloadSelector`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct WorkloadSelector {
    pub match_labels: BTreeMap<String, String>,
}

/// `validateWorkloadSelector`: no empty keys, no wildcards; warn when no labels are given.
pub fn validate_workload_selector(selector: Option<&WorkloadSelector>, report: &mut Report) {
    let Some(selector) = selector else { return };
    for e in selector_label_errors(&selector.match_labels) {
        report.error(e);
    }
    if selector.match_labels.is_empty() {
        report.warning("workload selector specified without labels");
    }
}

/// `networking.v1alpha3.WorkloadSelector` (`labels`, unlike the `matchLabels` of type.v1beta1).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AlphaWorkloadSelector {
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
}

/// `ValidateAlphaWorkloadSelector`: `Ok(Some(warning))` when the selector has no labels.
pub fn validate_alpha_workload_selector(
    selector: Option<&AlphaWorkloadSelector>,
) -> Result<Option<String>, Vec<String>> {
    let Some(sel) = selector else {
        return Ok(None);
    };
    let errors = selector_label_errors(&sel.labels);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(sel
        .labels
        .is_empty()
        .then(|| "workload selector specified without labels".to_string()))
}

/// Key/value checks shared by both workload selector flavours.
fn selector_label_errors(labels: &BTreeMap<String, String>) -> Vec<String> {
    let mut errors = Vec::new();
    for (k, v) in labels {
        let kv = format!("{k}={v}");
        if k.is_empty() {
            errors.push(format!("empty key is not supported in selector: {kv:?}"));
        }
        if k.contains('*') || v.contains('*') {
            errors.push(format!("wildcard is not supported in selector: {kv:?}"));
        }
    }
    errors
}
