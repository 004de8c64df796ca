//! ProxyConfig (networking.istio.io v1beta1): `ValidateProxyConfig`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::common::{Report, WorkloadSelector, validate_workload_selector};
use super::{Meta, decode};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ProxyConfig {
    selector: Option<WorkloadSelector>,
    /// `google.protobuf.Int32Value`: a bare number in JSON.
    concurrency: Option<i32>,
    #[serde(default)]
    #[allow(dead_code)]
    environment_variables: BTreeMap<String, String>,
    #[allow(dead_code)]
    image: Option<ProxyImage>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ProxyImage {
    #[serde(default)]
    #[allow(dead_code)]
    image_type: String,
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
