//! Validation of PeerAuthentication (security.istio.io), as Istio's `ValidatePeerAuthentication`
//! does it.

use super::common::{Report, WorkloadSelector, validate_workload_selector};
use super::{Meta, decode};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct PeerAuthentication {
    selector: Option<WorkloadSelector>,
    mtls: Option<MutualTls>,
    /// `Some` of an empty map for `{}`: Istio's JSON reader keeps an empty map as set.
    port_level_mtls: Option<BTreeMap<u32, Option<MutualTls>>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct MutualTls {
    #[allow(dead_code)]
    mode: Mode,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename = "istio.security.v1beta1.PeerAuthentication.MutualTLS.Mode")]
enum Mode {
    #[default]
    #[serde(rename = "UNSET")]
    Unset,
    #[serde(rename = "DISABLE")]
    Disable,
    #[serde(rename = "PERMISSIVE")]
    Permissive,
    #[serde(rename = "STRICT")]
    Strict,
}

/// Validate a PeerAuthentication spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let pa: PeerAuthentication = decode(spec)?;
    if crate::validate::check_metadata(meta, report) {
        return Ok(());
    }
    let _ = &pa.mtls;
    let empty_selector = pa
        .selector
        .as_ref()
        .is_none_or(|s| s.match_labels.is_empty());
    let set_but_empty = pa.port_level_mtls.as_ref().is_some_and(BTreeMap::is_empty);
    let port_level = pa.port_level_mtls.unwrap_or_default();
    if empty_selector && !port_level.is_empty() {
        report.error("mesh/namespace peer authentication cannot have port level mTLS");
    }
    if set_but_empty {
        report.error("port level mTLS, if defined, must have at least one element");
    }
    for port in port_level.keys() {
        if *port == 0 || *port > 65535 {
            report.error("port must be in range 1..65535");
        }
    }
    validate_workload_selector(pa.selector.as_ref(), report);
    Ok(())
}
