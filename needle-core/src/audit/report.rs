//! What `needle audit` prints: a table row per audited pod, a summary line, or all of it as JSON.

use super::Finding;
use crate::compat::style_table::{Cell, render};
use crate::release::Release;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeSet;

/// Longest value shown in a table cell; `-o json` has the whole value.
const CELL_VALUE: usize = 60;

/// One audited pod.
#[derive(Debug, Clone, Serialize)]
pub struct PodResult {
    pub namespace: String,
    pub name: String,
    pub revision: String,
    #[serde(flatten)]
    pub verdict: Finding,
}

/// The audit of a set of pods, built as they are read.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The revision audited (needle's own).
    pub revision: String,
    /// The Istio release whose injection the pods were compared with.
    pub istio_release: String,
    pub pods: Vec<PodResult>,
    /// Pods listed that carry no injection.
    pub not_injected_before: usize,
    /// Pods injected by another revision: not compared, needle serves one revision.
    pub other_revisions: usize,
    #[serde(skip)]
    other_revision_names: BTreeSet<String>,
}

impl Report {
    /// The audit of `revision`'s pods, injected again as `release` injects.
    pub fn new(revision: &str, release: Release) -> Self {
        Self {
            revision: revision.to_string(),
            istio_release: release.to_string(),
            ..Self::default()
        }
    }

    pub fn skip_uninjected(&mut self) {
        self.not_injected_before += 1;
    }

    pub fn skip_other_revision(&mut self, revision: &str) {
        self.other_revisions += 1;
        self.other_revision_names.insert(revision.to_string());
    }

    pub fn add(&mut self, result: PodResult) {
        self.pods.push(result);
    }

    /// Every audited pod came back the same.
    pub fn all_same(&self) -> bool {
        self.pods.iter().all(|p| p.verdict == Finding::Same)
    }

    fn count(&self, name: &str) -> usize {
        self.pods
            .iter()
            .filter(|p| p.verdict.name() == name)
            .count()
    }

    pub fn table(&self) -> String {
        if self.pods.is_empty() {
            return String::new();
        }
        let header = ["NAMESPACE", "POD", "REVISION", "RESULT", "FIRST DIFFERENCE"];
        let rows: Vec<Vec<Cell>> = std::iter::once(header.map(Cell::plain).to_vec())
            .chain(self.pods.iter().map(|p| {
                [
                    p.namespace.as_str(),
                    p.name.as_str(),
                    p.revision.as_str(),
                    p.verdict.name(),
                    &detail(&p.verdict),
                ]
                .map(Cell::plain)
                .to_vec()
            }))
            .collect();
        // A `same` row has no last column: no padding left at its end.
        render(&rows)
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }

    pub fn summary(&self) -> String {
        let mut line = format!(
            "audit: {} pods of revision {} (Istio {}): {} same, {} different, {} not injected now, {} denied",
            self.pods.len(),
            self.revision,
            self.istio_release,
            self.count("same"),
            self.count("different"),
            self.count("not-injected"),
            self.count("denied"),
        );
        if self.other_revisions > 0 {
            let names: Vec<&str> = self
                .other_revision_names
                .iter()
                .map(String::as_str)
                .collect();
            line.push_str(&format!(
                "; {} pods of other revisions ({}) not audited",
                self.other_revisions,
                names.join(", ")
            ));
        }
        if self.not_injected_before > 0 {
            line.push_str(&format!(
                "; {} pods without an injection not audited",
                self.not_injected_before
            ));
        }
        line.push('\n');
        line
    }

    pub fn json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the report serializes");
        text.push('\n');
        text
    }
}

/// The table's last column: the first differing field with both sides, or the reason.
fn detail(verdict: &Finding) -> String {
    match verdict {
        Finding::Same => String::new(),
        Finding::Different(d) => format!(
            "{}: stored {}, needle {}",
            d.field,
            shown(d.stored.as_ref()),
            shown(d.needle.as_ref())
        ),
        Finding::NotInjected { reason } | Finding::Denied { reason } => reason.clone(),
    }
}

fn shown(value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "(none)".into();
    };
    let text = value.to_string();
    if text.chars().count() <= CELL_VALUE {
        return text;
    }
    let cut: String = text.chars().take(CELL_VALUE).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::Difference;
    use serde_json::json;

    fn pod(name: &str, verdict: Finding) -> PodResult {
        PodResult {
            namespace: "default".into(),
            name: name.into(),
            revision: "default".into(),
            verdict,
        }
    }

    #[test]
    fn table_summary_and_json_say_the_same() {
        let mut report = Report::new("default", Release::new(30, 3));
        report.add(pod("a", Finding::Same));
        report.add(pod(
            "b",
            Finding::Different(Difference {
                field: "spec.containers[istio-proxy].image".into(),
                stored: Some(json!("proxyv2:1.27")),
                needle: Some(json!("x".repeat(80))),
            }),
        ));
        report.skip_other_revision("canary");
        report.skip_uninjected();
        assert!(!report.all_same());
        let table = report.table();
        assert!(table.starts_with("NAMESPACE  POD  REVISION  RESULT     FIRST DIFFERENCE\n"));
        assert!(table.contains(
            "default    b    default   different  spec.containers[istio-proxy].image: stored \"proxyv2:1.27\", needle \"xxx"
        ), "{table}");
        assert!(table.contains('…'));
        assert_eq!(
            report.summary(),
            "audit: 2 pods of revision default (Istio 1.30.3): 1 same, 1 different, 0 not injected now, 0 denied; 1 pods of other revisions (canary) not audited; 1 pods without an injection not audited\n"
        );
        let json: Value = serde_json::from_str(&report.json()).unwrap();
        assert_eq!(json["pods"][0]["result"], "same");
        assert_eq!(json["pods"][1]["result"], "different");
        assert_eq!(
            json["pods"][1]["field"],
            "spec.containers[istio-proxy].image"
        );
        assert_eq!(json["pods"][1]["needle"], json!("x".repeat(80)));
        assert_eq!(json["otherRevisions"], 1);
        assert_eq!(json["istioRelease"], "1.30.3");
    }
}
