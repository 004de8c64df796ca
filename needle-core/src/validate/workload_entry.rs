//! WorkloadEntry (networking.istio.io): `ValidateWorkloadEntry`, also run on the endpoints of
//! a ServiceEntry.

use std::collections::{BTreeMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::common::{
    Report, UNIX_ADDRESS_PREFIX, is_ip, validate_fqdn, validate_port, validate_port_name,
    validate_tag_labels, validate_unix_address,
};
use super::{Meta, decode};

/// `networking.v1alpha3.WorkloadEntry`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct WorkloadEntry {
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub ports: BTreeMap<String, u32>,
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    #[serde(default)]
    pub network: String,
    #[serde(default)]
    #[allow(dead_code)]
    pub locality: String,
    #[serde(default)]
    #[allow(dead_code)]
    pub weight: u32,
    #[serde(default)]
    #[allow(dead_code)]
    pub service_account: String,
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let we: WorkloadEntry = decode(spec)?;
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    validate_workload_entry(&we, None, true, report);
    Ok(())
}

/// `validateWorkloadEntry`: `service_ports` are the port names of the enclosing ServiceEntry
/// (`None` for a standalone WorkloadEntry).
pub(crate) fn validate_workload_entry(
    we: &WorkloadEntry,
    service_ports: Option<&HashSet<String>>,
    allow_fqdn: bool,
    report: &mut Report,
) {
    let addr = we.address.as_str();
    if addr.is_empty() {
        if we.network.is_empty() {
            report.error("address is required");
            return;
        }
        report.warning(format!("address is unset with network {:?}", we.network));
    }
    let mut unix = false;
    if let Some(path) = addr.strip_prefix(UNIX_ADDRESS_PREFIX) {
        unix = true;
        report.check(validate_unix_address(path));
        if !we.ports.is_empty() {
            report.error(format!("unix endpoint {addr} must not include ports"));
        }
    } else if !addr.is_empty() && !is_ip(addr) {
        if !allow_fqdn {
            report.error(format!(
                "endpoint address {addr:?} is not a valid IP address"
            ));
        } else if validate_fqdn(addr).is_err() {
            report.error(format!(
                "endpoint address {addr:?} is not a valid FQDN or an IP address"
            ));
        }
    }
    for (name, port) in &we.ports {
        if service_ports.is_some_and(|sp| !sp.contains(name)) {
            report.error(format!(
                "endpoint port {port} is not defined by the service entry"
            ));
        }
        report.check(validate_port_name(name));
        report.check(validate_port(i64::from(*port)));
    }
    validate_tag_labels(&we.labels, report);
    if unix && service_ports.is_some_and(|sp| sp.len() != 1) {
        report.error("exactly 1 service port required for unix endpoints");
    }
}
