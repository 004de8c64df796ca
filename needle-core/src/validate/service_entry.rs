//! ServiceEntry (networking.istio.io): `ValidateServiceEntry`.

use std::collections::HashSet;

use crate::release::Feature;
use serde::Deserialize;
use serde_json::Value;

use super::common::{
    AlphaWorkloadSelector, Exporter, Port, Protocol, Report, is_ip,
    validate_alpha_workload_selector, validate_export_to, validate_fqdn, validate_ip_subnet,
    validate_partial_wildcard, validate_port, validate_port_name, validate_protocol,
    validate_tag_labels, validate_wildcard_domain,
};
use super::workload_entry::{WorkloadEntry, validate_workload_entry};
use super::{Meta, decode};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ServiceEntry {
    #[serde(default)]
    hosts: Vec<String>,
    #[serde(default)]
    addresses: Vec<String>,
    #[serde(default)]
    ports: Vec<Port>,
    #[serde(default)]
    location: Location,
    #[serde(default)]
    resolution: Resolution,
    #[serde(default)]
    endpoints: Vec<WorkloadEntry>,
    workload_selector: Option<AlphaWorkloadSelector>,
    #[serde(default)]
    export_to: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    subject_alt_names: Vec<String>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.ServiceEntry.Location")]
#[allow(non_camel_case_types)]
enum Location {
    #[default]
    MESH_EXTERNAL,
    MESH_INTERNAL,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.ServiceEntry.Resolution")]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
enum Resolution {
    #[default]
    NONE,
    STATIC,
    DNS,
    DNS_ROUND_ROBIN,
    DYNAMIC_DNS,
}

pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let se: ServiceEntry = decode(spec)?;
    if super::check_metadata(meta, report) {
        return Ok(());
    }
    let warning = match validate_alpha_workload_selector(se.workload_selector.as_ref()) {
        Ok(w) => w,
        Err(errors) => {
            report.errors.extend(errors);
            return Ok(());
        }
    };
    let mut r = Report::default();
    if let Some(w) = warning {
        r.warning(format!(
            "service entry: {w}, will be applied to all services in namespace"
        ));
    }
    if se.workload_selector.is_some() && !se.endpoints.is_empty() {
        r.error("only one of WorkloadSelector or Endpoints is allowed in Service Entry");
    }
    check_hosts_and_addresses(&se, &mut r);
    let service_ports = check_ports(meta, &se, &mut r);
    check_resolution(meta, &se, &service_ports, &mut r);
    if se.resolution != Resolution::NONE && se.hosts.len() > 1 {
        let bad = se.ports.iter().any(|p| {
            let p = Protocol::parse(&p.protocol);
            !p.is_http() && !p.is_tls()
        });
        if bad {
            r.error("multiple hosts provided with non-HTTP, non-TLS ports");
        }
    }
    validate_export_to(
        &meta.namespace,
        &se.export_to,
        Exporter::ServiceEntry,
        &mut r,
    );
    report.merge(r);
    Ok(())
}

fn check_hosts_and_addresses(se: &ServiceEntry, r: &mut Report) {
    if se.hosts.is_empty() {
        r.error("service entry must have at least one host");
    }
    for host in &se.hosts {
        if host == "*" {
            r.error(format!("invalid host {host}"));
        } else {
            r.check(validate_wildcard_domain(host));
            if se.resolution != Resolution::DYNAMIC_DNS
                && let Err(w) = validate_partial_wildcard(host)
            {
                r.warning(w);
            }
        }
    }
    let mut cidr = false;
    for address in &se.addresses {
        cidr |= address.contains('/');
        r.check(validate_ip_subnet(address));
    }
    if cidr && !matches!(se.resolution, Resolution::NONE | Resolution::STATIC) {
        r.error("CIDR addresses are allowed only for NONE/STATIC resolution types");
    }
}

/// `serviceentry.ShouldV2AutoAllocateIPFromConfig`, with the feature flag at its default (on).
fn auto_allocates(meta: &Meta, se: &ServiceEntry) -> bool {
    if se.resolution == Resolution::NONE {
        return false;
    }
    let opted_out = meta
        .labels
        .get("networking.istio.io/enable-autoallocate-ip")
        .and_then(Value::as_str)
        .is_some_and(|v| v.eq_ignore_ascii_case("false"));
    !opted_out && se.addresses.is_empty()
}

fn check_ports(meta: &Meta, se: &ServiceEntry, r: &mut Report) -> HashSet<String> {
    let auto = auto_allocates(meta, se);
    let mut names = HashSet::new();
    let mut numbers = HashSet::new();
    for port in &se.ports {
        if !names.insert(port.name.clone()) {
            r.error(format!(
                "service entry port name {:?} already defined",
                port.name
            ));
        }
        if !numbers.insert(port.number) {
            r.error(format!(
                "service entry port {} already defined",
                port.number
            ));
        }
        if port.target_port != 0 {
            r.check(validate_port(i64::from(port.target_port)));
        }
        if se.addresses.is_empty() && !auto && (port.protocol.is_empty() || port.protocol == "TCP")
        {
            r.warning("addresses are required for ports serving TCP (or unset) protocol when IP Autoallocation is not enabled");
        }
        r.check(validate_port_name(&port.name));
        r.check(validate_protocol(&port.protocol));
        r.check(validate_port(i64::from(port.number)));
    }
    names
}

fn resolution_name(r: Resolution) -> &'static str {
    match r {
        Resolution::NONE => "NONE",
        Resolution::STATIC => "STATIC",
        Resolution::DNS => "DNS",
        Resolution::DNS_ROUND_ROBIN => "DNS_ROUND_ROBIN",
        Resolution::DYNAMIC_DNS => "DYNAMIC_DNS",
    }
}

fn check_resolution(meta: &Meta, se: &ServiceEntry, ports: &HashSet<String>, r: &mut Report) {
    let res = resolution_name(se.resolution);
    match se.resolution {
        Resolution::NONE => {
            if !se.endpoints.is_empty() {
                r.error("no endpoints should be provided for resolution type none");
            }
            if se.workload_selector.is_some() {
                r.warning("workloadSelector should not be set when resolution mode is NONE");
            }
        }
        Resolution::STATIC => {
            for ep in &se.endpoints {
                validate_workload_entry(ep, Some(ports), false, r);
            }
        }
        Resolution::DNS | Resolution::DNS_ROUND_ROBIN => {
            if se.endpoints.is_empty()
                && let Some(err) = se.hosts.iter().find_map(|h| validate_fqdn(h).err())
            {
                r.error(format!("hosts must be FQDN or contain only prefix wildcards if no endpoints are provided for resolution mode {res}, {err}"));
            }
            if se.resolution == Resolution::DNS_ROUND_ROBIN && se.endpoints.len() > 1 {
                r.error(format!(
                    "there must only be 0 or 1 endpoint for resolution mode {res}"
                ));
            }
            for ep in &se.endpoints {
                if !is_ip(&ep.address) && validate_fqdn(&ep.address).is_err() {
                    r.error(format!(
                        "endpoint address {:?} is not a valid FQDN or an IP address",
                        ep.address
                    ));
                }
                validate_tag_labels(&ep.labels, r);
                for (name, port) in &ep.ports {
                    if !ports.contains(name) {
                        r.error(format!(
                            "endpoint port {port} is not defined by the service entry"
                        ));
                    }
                    r.check(validate_port_name(name));
                    r.check(validate_port(i64::from(*port)));
                }
            }
            let tcp = se
                .ports
                .iter()
                .any(|p| Protocol::parse(&p.protocol).is_tcp());
            if !se.addresses.is_empty() && tcp && se.hosts.len() > 1 {
                r.warning("service entry can not have more than one host specified simultaneously with address and tcp port");
            }
        }
        Resolution::DYNAMIC_DNS => check_dynamic_dns(meta, se, res, r),
    }
}

fn check_dynamic_dns(meta: &Meta, se: &ServiceEntry, res: &str, r: &mut Report) {
    if se.hosts.is_empty() {
        r.error(format!(
            "at least one wildcard host must be provided for resolution type {res}"
        ));
    }
    for host in &se.hosts {
        if !host.starts_with('*') {
            r.error(format!("host must be wildcarded for resolution mode {res}"));
        }
    }
    if !se.addresses.is_empty() {
        r.error(format!("addresses cannot be set for resolution type {res}. HTTP route domains will only be generatedfrom the hosts field values"));
    }
    if !se.endpoints.is_empty() {
        r.error(format!("endpoints cannot be set for resolution type {res}. Destination IP address determined from hostsfield values"));
    }
    let release = meta.release;
    let (allowed, words): (&[Protocol], _) = if release.has(Feature::DynamicDnsMeshInternal) {
        let all = &[
            Protocol::Http,
            Protocol::Tls,
            Protocol::Grpc,
            Protocol::Http2,
        ];
        (all, "only HTTP, TLS, GRPC, and HTTP2 protocols are")
    } else if release.has(Feature::DynamicDnsTls) {
        (
            &[Protocol::Http, Protocol::Tls],
            "only HTTP and TLS protocol is",
        )
    } else {
        (&[Protocol::Http], "only HTTP protocol is")
    };
    for port in &se.ports {
        if !allowed.contains(&Protocol::parse(&port.protocol)) {
            r.error(format!("{words} supported for resolution type {res}"));
        }
    }
    if !release.has(Feature::DynamicDnsMeshInternal) {
        if se.location != Location::MESH_EXTERNAL {
            r.error(format!(
                "location must be MESH_EXTERNAL for resolution type {res}"
            ));
        }
        return;
    }
    let waypoint = meta
        .labels
        .get("istio.io/use-waypoint")
        .and_then(Value::as_str)
        .is_some_and(|v| !v.is_empty() && !v.eq_ignore_ascii_case("none"));
    if se.location == Location::MESH_INTERNAL && waypoint {
        r.error(format!(
            "location MESH_INTERNAL with resolution type {res} is not supported when using waypoints"
        ));
    }
}
