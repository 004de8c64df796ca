//! Validation of DestinationRule (networking.istio.io), as Istio's `ValidateDestinationRule`
//! does it. The traffic policy pieces live in the `traffic_policy` submodule; this file also
//! holds the small helpers the networking kinds (VirtualService, Gateway) share.

pub mod traffic_policy;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::Meta;
use super::common::{self, Report};
use traffic_policy::{TrafficPolicy, validate_traffic_policy};

/// A `google.protobuf.Duration` in its JSON form, in nanoseconds. Malformed strings are
/// decoding errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duration(pub i128);

impl<'de> Deserialize<'de> for Duration {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        common::parse_duration(&s)
            .map(Duration)
            .map_err(serde::de::Error::custom)
    }
}

impl Duration {
    pub fn check(self) -> Result<(), String> {
        common::validate_duration(self.0)
    }
}

/// A 64-bit protobuf integer: JSON number or decimal string.
pub fn de_u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        N(u64),
        S(String),
    }
    match Option::<Raw>::deserialize(d)? {
        None => Ok(0),
        Some(Raw::N(n)) => Ok(n),
        Some(Raw::S(s)) => s
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("invalid uint64 value {s:?}"))),
    }
}

/// `labels.Instance.Validate`: Kubernetes label keys and values, one error per bad entry.
pub fn validate_label_instance(report: &mut Report, labels: &BTreeMap<String, String>) {
    common::validate_tag_labels(labels, report);
}

/// `validateExportTo` for the kinds that cannot use `~` (everything but ServiceEntry).
pub fn validate_export_to(
    report: &mut Report,
    namespace: &str,
    export_to: &[String],
    dr_with_selector: bool,
) {
    if export_to.is_empty() {
        return;
    }
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for e in export_to {
        let key = if e == "." { namespace } else { e.as_str() };
        if seen.contains(key) {
            if key != e {
                report.error(format!(
                    "duplicate entries in exportTo: . and current namespace {namespace}"
                ));
            } else {
                report.error(format!("duplicate entries in exportTo for entry {e}"));
            }
            continue;
        }
        match key {
            "." | "*" => {
                seen.insert(key.to_string());
            }
            "~" => report.error("exportTo ~ (none) is not allowed for Istio configuration objects"),
            k if is_dns1123_label(k) => {
                seen.insert(key.to_string());
            }
            _ => report.error("only .,*, or a valid DNS 1123 label is allowed as exportTo entry"),
        }
    }
    if dr_with_selector && !seen.is_empty() {
        if seen.contains(namespace) {
            if seen.len() > 1 {
                report.error("destination rule with workload selector cannot have multiple entries in exportTo");
            }
        } else {
            report.error(
                "destination rule with workload selector cannot have exportTo beyond current namespace",
            );
        }
    }
    if seen.contains("*") && export_to.len() > 1 {
        report.error("cannot have both public (*) and non-public exportTo values for a resource");
    }
}

// Istio's name and address checks live in `common`; re-exported for the modules that import
// them from here.
pub use super::common::{
    is_dns1123_label, is_ip, is_wildcard_dns1123_label, validate_dns1123_labels, validate_fqdn,
    validate_wildcard_domain,
};

/// `validateSubsetName`.
pub fn validate_subset_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("subset name cannot be empty".into());
    }
    if !is_dns1123_label(name) {
        return Err(format!("subset name is invalid: {name}"));
    }
    Ok(())
}

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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct WorkloadSelector {
    match_labels: BTreeMap<String, String>,
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
        validate_traffic_policy(report, &meta.namespace, tp);
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
        validate_label_instance(report, &subset.labels);
        if let Some(tp) = &subset.traffic_policy {
            report.errors_only(|report| validate_traffic_policy(report, &meta.namespace, tp));
        }
    }
    validate_export_to(
        report,
        &meta.namespace,
        &rule.export_to,
        rule.workload_selector.is_some(),
    );
    if let Some(sel) = &rule.workload_selector {
        for (k, v) in &sel.match_labels {
            if k.is_empty() {
                report.error(format!(
                    "empty key is not supported in selector: {:?}",
                    format!("{k}={v}")
                ));
            }
            if k.contains('*') || v.contains('*') {
                report.error(format!(
                    "wildcard is not supported in selector: {:?}",
                    format!("{k}={v}")
                ));
            }
        }
        if sel.match_labels.is_empty() {
            report.warning("workload selector specified without labels");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn wildcard_labels_follow_istio() {
        assert!(is_wildcard_dns1123_label("*"));
        assert!(is_wildcard_dns1123_label("*-foo"));
        assert!(is_wildcard_dns1123_label("*foo"));
        assert!(!is_wildcard_dns1123_label("*--foo"));
        assert!(!is_wildcard_dns1123_label("f*o"));
        assert!(validate_fqdn("Istio.io").is_ok());
    }

    #[test]
    fn duplicate_subsets_are_rejected() {
        let mut r = Report::default();
        let spec = json!({"host": "reviews", "subsets": [{"name": "v1"}, {"name": "v1"}]});
        validate(&Meta::default(), &spec, &mut r).unwrap();
        assert_eq!(r.errors, vec!["duplicate subset names: v1".to_string()]);
    }
}
