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

/// Collects rule violations into the report, and the first decoding-level problem found while
/// checking (a oneof with several members set), which becomes the `Err` of `validate`.
pub struct Cx<'a> {
    pub report: &'a mut Report,
    pub decode_error: Option<String>,
}

impl<'a> Cx<'a> {
    pub fn new(report: &'a mut Report) -> Self {
        Cx {
            report,
            decode_error: None,
        }
    }

    pub fn err(&mut self, message: impl Into<String>) {
        self.report.error(message);
    }

    /// An error Istio adds with `multierror.Append` (see `Report::listed`).
    pub fn listed_err(&mut self, message: impl Into<String>) {
        self.report.listed_error(message);
    }

    pub fn warn(&mut self, message: impl Into<String>) {
        self.report.warning(message);
    }

    pub fn check(&mut self, result: Result<(), String>) {
        self.report.check(result);
    }

    /// A protobuf oneof: at most one member may be present.
    pub fn oneof(&mut self, oneof: &str, members: &[(&str, bool)]) {
        let set: Vec<&str> = members.iter().filter(|m| m.1).map(|m| m.0).collect();
        if set.len() > 1 && self.decode_error.is_none() {
            self.decode_error = Some(format!(
                "oneof {oneof} has more than one field set: {}",
                set.join(", ")
            ));
        }
    }

    /// Run checks whose warnings Istio drops (it merges their result as a plain error).
    pub fn errors_only(&mut self, f: impl FnOnce(&mut Cx)) {
        let kept = self.report.warnings.len();
        f(self);
        self.report.warnings.truncate(kept);
    }

    /// A value that is malformed for its protobuf type (a decoding error).
    pub fn decode_error(&mut self, message: impl Into<String>) {
        if self.decode_error.is_none() {
            self.decode_error = Some(message.into());
        }
    }

    pub fn finish(self) -> Result<(), String> {
        match self.decode_error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

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
pub fn validate_label_instance(cx: &mut Cx, labels: &BTreeMap<String, String>) {
    common::validate_tag_labels(labels, cx.report);
}

/// `validateExportTo` for the kinds that cannot use `~` (everything but ServiceEntry).
pub fn validate_export_to(
    cx: &mut Cx,
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
                cx.err(format!(
                    "duplicate entries in exportTo: . and current namespace {namespace}"
                ));
            } else {
                cx.err(format!("duplicate entries in exportTo for entry {e}"));
            }
            continue;
        }
        match key {
            "." | "*" => {
                seen.insert(key.to_string());
            }
            "~" => cx.err("exportTo ~ (none) is not allowed for Istio configuration objects"),
            k if is_dns1123_label(k) => {
                seen.insert(key.to_string());
            }
            _ => cx.err("only .,*, or a valid DNS 1123 label is allowed as exportTo entry"),
        }
    }
    if dr_with_selector && !seen.is_empty() {
        if seen.contains(namespace) {
            if seen.len() > 1 {
                cx.err("destination rule with workload selector cannot have multiple entries in exportTo");
            }
        } else {
            cx.err(
                "destination rule with workload selector cannot have exportTo beyond current namespace",
            );
        }
    }
    if seen.contains("*") && export_to.len() > 1 {
        cx.err("cannot have both public (*) and non-public exportTo values for a resource");
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
    // The rules also find decoding-level problems (two members of a oneof), which Istio
    // reports before the metadata checks: when those reject, the rules still run, on a
    // scratch report.
    let mut scratch = Report::default();
    let report = if super::check_metadata(meta, &mut scratch) {
        std::mem::swap(report, &mut scratch);
        &mut scratch
    } else {
        report
    };
    let mut cx = Cx::new(report);
    cx.check(validate_wildcard_domain(&rule.host));
    if let Some(tp) = &rule.traffic_policy {
        validate_traffic_policy(&mut cx, &meta.namespace, tp);
    }
    let mut names = BTreeSet::new();
    for subset in &rule.subsets {
        let Some(subset) = subset else {
            cx.err("subset may not be null");
            continue;
        };
        if !names.insert(subset.name.as_str()) {
            cx.err(format!("duplicate subset names: {}", subset.name));
        }
        cx.check(validate_subset_name(&subset.name));
        validate_label_instance(&mut cx, &subset.labels);
        if let Some(tp) = &subset.traffic_policy {
            cx.errors_only(|cx| validate_traffic_policy(cx, &meta.namespace, tp));
        }
    }
    validate_export_to(
        &mut cx,
        &meta.namespace,
        &rule.export_to,
        rule.workload_selector.is_some(),
    );
    if let Some(sel) = &rule.workload_selector {
        for (k, v) in &sel.match_labels {
            if k.is_empty() {
                cx.err(format!(
                    "empty key is not supported in selector: {:?}",
                    format!("{k}={v}")
                ));
            }
            if k.contains('*') || v.contains('*') {
                cx.err(format!(
                    "wildcard is not supported in selector: {:?}",
                    format!("{k}={v}")
                ));
            }
        }
        if sel.match_labels.is_empty() {
            cx.warn("workload selector specified without labels");
        }
    }
    cx.finish()
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
