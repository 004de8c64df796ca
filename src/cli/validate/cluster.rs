//! `needle validate --cluster`: every Istio resource of a live cluster, as the validator of the
//! release named would answer it now. Resources the validator never saw (created while it was
//! down or failing open, or before an upgrade changed its rules) show up here.

use super::{Checked, Origin, ValidateArgs, errors_of};
use crate::core::compat::style_table::{Cell, render};
use crate::core::release::Release;
use crate::core::validate::{kinds, validate_object};
use crate::kube::istio_resources::{Scanned, for_each_resource};

/// The cluster's resources, each validated as `release` does, and what the scan found.
pub fn check(args: &ValidateArgs, release: Release) -> Result<(Vec<Checked>, Scanned), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let client = args.kube.client().await.map_err(|e| e.to_string())?;
        let mut checked = Vec::new();
        let scanned = for_each_resource(
            &client,
            kinds(),
            args.namespace.as_deref(),
            args.chunk_size,
            |object| {
                let verdict = Some(validate_object(&object, release));
                checked.push(Checked {
                    origin: Origin::Cluster,
                    object,
                    verdict,
                });
            },
        )
        .await
        .map_err(|e| format!("reading the cluster's Istio resources: {e}"))?;
        if scanned.per_kind.is_empty() {
            return Err(format!(
                "the cluster serves none of the Istio kinds needle validates ({}): are Istio's CRDs installed, and is this the right cluster?",
                scanned.not_served.join(", ")
            ));
        }
        Ok((checked, scanned))
    })
}

/// A row for each error of a resource the validator would deny and each warning of one it
/// would admit (a denial carries no warnings, as the webhook's): namespace, kind, name,
/// `denied` or `warning`, and the text. Empty when there is nothing to say.
pub fn table(checked: &[Checked]) -> String {
    let mut rows = vec![
        ["NAMESPACE", "KIND", "NAME", "RESULT", "MESSAGE"]
            .map(Cell::plain)
            .to_vec(),
    ];
    for c in checked {
        let Some(verdict) = &c.verdict else { continue };
        let text = |pointer: &str| {
            c.object
                .pointer(pointer)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
        };
        let (result, said) = match verdict.is_valid() {
            true => ("warning", verdict.warnings().to_vec()),
            false => ("denied", errors_of(verdict)),
        };
        // A row is a line: a multi-line error is folded into it.
        for message in said.iter().map(|m| m.replace(['\n', '\t'], " ")) {
            let row = [
                text("/metadata/namespace"),
                text("/kind"),
                text("/metadata/name"),
                result,
                &message,
            ];
            rows.push(row.map(Cell::plain).to_vec());
        }
    }
    if rows.len() == 1 {
        return String::new();
    }
    render(&rows)
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect()
}

/// The last line of the text report: what was read, what the validator would say of it.
pub fn summary(checked: &[Checked], scan: &Scanned, release: Release) -> String {
    let denied = checked.iter().filter(|c| !c.is_valid()).count();
    let warned = checked
        .iter()
        .filter(|c| c.is_valid() && c.warned())
        .count();
    let per_kind: Vec<String> = scan
        .per_kind
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(kind, n)| format!("{kind} {n}"))
        .collect();
    let mut line = format!(
        "{} resources checked as Istio {release}'s validator: {denied} denied, {warned} admitted with warnings, {} admitted",
        checked.len(),
        checked.len() - denied - warned,
    );
    if !per_kind.is_empty() {
        line += &format!(" ({})", per_kind.join(", "));
    }
    if !scan.not_served.is_empty() {
        line += &format!(
            "; not served by the cluster: {}",
            scan.not_served.join(", ")
        );
    }
    line
}
