//! ProxyConfig (networking.istio.io v1beta1): `ValidateProxyConfig`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::common::{Report, WorkloadSelector, validate_workload_selector};
use super::{Meta, decode};

/// The spec of a ProxyConfig resource (`istio.networking.v1beta1.ProxyConfig`); also what the
/// injector reads from the resources it is given (`config::proxy_config::resources`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProxyConfigSpec {
    pub selector: Option<WorkloadSelector>,
    /// `google.protobuf.Int32Value`: a bare number in JSON.
    pub concurrency: Option<i32>,
    pub environment_variables: Option<BTreeMap<String, String>>,
    pub image: Option<ProxyImage>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProxyImage {
    #[serde(default)]
    pub image_type: String,
}

/// Decode a ProxyConfig spec as Istio's strict-then-lenient reader does.
pub fn decode_spec(spec: &Value) -> Result<ProxyConfigSpec, String> {
    decode(spec)
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let pc = decode_spec(spec)?;
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    validate_workload_selector(pc.selector.as_ref(), report);
    if pc.concurrency.unwrap_or(0) < 0 {
        report.error("concurrency must be greater than or equal to 0");
    }
    Ok(())
}
