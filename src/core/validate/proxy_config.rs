//! ProxyConfig (networking.istio.io v1beta1): `ValidateProxyConfig`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::common::Report;
use super::service_entry::selector_label_errors;
use super::{Meta, decode};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ProxyConfig {
    selector: Option<TypeWorkloadSelector>,
    /// `google.protobuf.Int32Value`: a bare number in JSON.
    concurrency: Option<i32>,
    #[serde(default)]
    #[allow(dead_code)]
    environment_variables: BTreeMap<String, String>,
    #[allow(dead_code)]
    image: Option<ProxyImage>,
}

/// `istio.type.v1beta1.WorkloadSelector`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct TypeWorkloadSelector {
    #[serde(default)]
    pub match_labels: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ProxyImage {
    #[serde(default)]
    #[allow(dead_code)]
    image_type: String,
}

/// `validateWorkloadSelector` (type.v1beta1 selectors): errors for empty keys and wildcards,
/// a warning when there are no labels.
pub(crate) fn validate_workload_selector(sel: Option<&TypeWorkloadSelector>, r: &mut Report) {
    let Some(sel) = sel else {
        return;
    };
    for e in selector_label_errors(&sel.match_labels) {
        r.error(e);
    }
    if sel.match_labels.is_empty() {
        r.warning("workload selector specified without labels");
    }
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let pc: ProxyConfig = decode(spec)?;
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    validate_workload_selector(pc.selector.as_ref(), report);
    if pc.concurrency.unwrap_or(0) < 0 {
        report.error("concurrency must be greater than or equal to 0");
    }
    Ok(())
}
