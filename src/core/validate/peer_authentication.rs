//! Validation of PeerAuthentication (security.istio.io), as Istio's `ValidatePeerAuthentication`
//! does it.

use super::authorization_policy::{WorkloadSelector, check_workload_selector};
use super::common::Report;
use super::{Meta, decode};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct PeerAuthentication {
    selector: Option<WorkloadSelector>,
    mtls: Option<MutualTls>,
    port_level_mtls: BTreeMap<u32, Option<MutualTls>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct MutualTls {
    #[allow(dead_code)]
    mode: Mode,
}

#[derive(Debug, Default, Deserialize)]
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
///
/// Protobuf JSON cannot tell an empty `portLevelMtls` map from an absent one, so Istio's "port
/// level mTLS, if defined, must have at least one element" never applies, as in Istio's webhook.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let pa: PeerAuthentication = decode(spec)?;
    if crate::core::validate::reject_dry_run(meta, report) {
        return Ok(());
    }
    let _ = &pa.mtls;
    let empty_selector = pa
        .selector
        .as_ref()
        .is_none_or(|s| s.match_labels.is_empty());
    if empty_selector && !pa.port_level_mtls.is_empty() {
        report.error("mesh/namespace peer authentication cannot have port level mTLS");
    }
    for port in pa.port_level_mtls.keys() {
        if *port == 0 || *port > 65535 {
            report.error("port must be in range 1..65535");
        }
    }
    check_workload_selector(pa.selector.as_ref(), report);
    Ok(())
}
