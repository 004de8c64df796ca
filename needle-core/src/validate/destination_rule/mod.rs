//! Validation of DestinationRule (networking.istio.io), as Istio's `ValidateDestinationRule`
//! does it. The traffic policy pieces live in the `traffic_policy` and `load_balancer`
//! submodules.

pub mod load_balancer;
pub mod traffic_policy;

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use serde_json::Value;

use super::Meta;
use super::common::{
    Exporter, Report, WorkloadSelector, validate_export_to, validate_subset_name,
    validate_tag_labels, validate_wildcard_domain, validate_workload_selector,
};
use traffic_policy::{TrafficPolicy, validate_traffic_policy};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct DestinationRule {
    host: String,
    traffic_policy: Option<TrafficPolicy>,
    subsets: Vec<Option<Subset>>,
    export_to: Vec<String>,
    workload_selector: Option<WorkloadSelector>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Subset {
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub traffic_policy: Option<TrafficPolicy>,
}

/// Validate a DestinationRule spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let rule: DestinationRule = super::decode(spec)?;
    super::check_metadata_and_rules(meta, report, |report| {
        check_destination_rule(meta, &rule, report)
    })
}

fn check_destination_rule(meta: &Meta, rule: &DestinationRule, report: &mut Report) {
    report.check(validate_wildcard_domain(&rule.host));
    if let Some(tp) = &rule.traffic_policy {
        validate_traffic_policy(report, meta, tp);
    }
    let mut names = BTreeSet::new();
    for subset in &rule.subsets {
        let Some(subset) = subset else {
            report.error("subset may not be null");
            continue;
        };
        if !names.insert(subset.name.as_str()) {
            report.error(format!("duplicate subset names: {}", subset.name));
        }
        report.check(validate_subset_name(&subset.name));
        validate_tag_labels(&subset.labels, report);
        if let Some(tp) = &subset.traffic_policy {
            report.errors_only(|report| validate_traffic_policy(report, meta, tp));
        }
    }
    let exporter = match rule.workload_selector {
        Some(_) => Exporter::DestinationRuleWithSelector,
        None => Exporter::Other,
    };
    validate_export_to(&meta.namespace, &rule.export_to, exporter, report);
    validate_workload_selector(rule.workload_selector.as_ref(), report);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn duplicate_subsets_are_rejected() {
        let mut r = Report::default();
        let spec = json!({"host": "reviews", "subsets": [{"name": "v1"}, {"name": "v1"}]});
        validate(&Meta::default(), &spec, &mut r).unwrap();
        assert_eq!(r.errors, vec!["duplicate subset names: v1".to_string()]);
    }
}
