//! `exportTo`, as Istio's `validateExportTo` checks it for every kind that has one.

use std::collections::HashSet;

use super::{Report, is_dns1123_label};

/// The kind whose `exportTo` is checked, where the rules differ by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exporter {
    /// May export to no one (`~`).
    ServiceEntry,
    /// May export only to its own namespace.
    DestinationRuleWithSelector,
    /// Every other kind (a DestinationRule without a workload selector included).
    Other,
}

/// `validateExportTo`: `.`, `*` or namespaces, each once, `*` alone; `namespace` is the
/// resource's, which `.` stands for.
pub fn validate_export_to(
    namespace: &str,
    export_to: &[String],
    exporter: Exporter,
    report: &mut Report,
) {
    if export_to.is_empty() {
        return;
    }
    let mut seen: HashSet<&str> = HashSet::new();
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
        } else if exporter == Exporter::ServiceEntry && e == "~" {
            seen.insert(key);
        } else {
            match key {
                "." | "*" => {
                    seen.insert(key);
                }
                "~" => {
                    report.error("exportTo ~ (none) is not allowed for Istio configuration objects")
                }
                _ if !is_dns1123_label(key) => {
                    report.error("only .,*, or a valid DNS 1123 label is allowed as exportTo entry")
                }
                _ => {
                    seen.insert(key);
                }
            }
        }
    }
    if exporter == Exporter::DestinationRuleWithSelector && !seen.is_empty() {
        if !seen.contains(namespace) {
            report.error("destination rule with workload selector cannot have exportTo beyond current namespace");
        } else if seen.len() > 1 {
            report.error(
                "destination rule with workload selector cannot have multiple entries in exportTo",
            );
        }
    }
    if seen.contains("*") && export_to.len() > 1 {
        report.error("cannot have both public (*) and non-public exportTo values for a resource");
    }
    // Only a ServiceEntry can have `~` among the entries seen.
    if seen.contains("~") && export_to.len() > 1 {
        report.error("cannot export service entry to no one (~) and someone");
    }
}
