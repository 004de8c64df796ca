//! WorkloadEntry (networking.istio.io): `ValidateWorkloadEntry`, plus the helpers the other
//! networking kinds share with it (Istio's DNS-1123 flavour, tag labels, port names, unix
//! socket addresses).

use std::collections::{BTreeMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::common::{Report, validate_port};
use super::{Meta, decode};

pub(crate) const UNIX_ADDRESS_PREFIX: &str = "unix://";

// Istio's name and address checks live in `common`; re-exported for the modules that import
// them from here.
pub(crate) use super::common::{
    is_dns1123_label, is_ip, validate_fqdn, validate_ip_address as validate_ip,
    validate_tag_labels, validate_wildcard_domain,
};

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

/// Go's `strconv.Atoi`, with its error text.
pub(crate) fn go_atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {s:?}: invalid syntax"));
    }
    s.parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing {s:?}: value out of range"))
}

/// `ValidatePortName`.
pub(crate) fn validate_port_name(name: &str) -> Result<(), String> {
    if is_dns1123_label(name) {
        Ok(())
    } else {
        Err(format!("invalid port name: {name}"))
    }
}

/// `ValidateUnixAddress` (the path after `unix://`).
pub(crate) fn validate_unix_address(addr: &str) -> Result<(), String> {
    if addr.is_empty() {
        return Err("unix address must not be empty".into());
    }
    if addr.starts_with('@') {
        return Ok(());
    }
    if !addr.starts_with('/') || addr.ends_with('/') {
        return Err(format!("{addr} is not an absolute path to a file"));
    }
    Ok(())
}
