//! What the kinds share: the report their checks fill, decoding as Istio decodes, and the
//! checks of Istio's validation package that several kinds use, with Istio's error texts.
//!
//! The small files by topic are re-exported here, so that a kind writes
//! `common::validate_fqdn`; the ports of Go libraries (`decode`, `re2`, `go_url`) are used by
//! their module's name, which says whose behaviour they copy.

pub mod decode;
mod go_json;
pub mod go_url;
pub mod re2;

mod duration;
mod export_to;
mod labels;
mod names;
mod net;
mod numbers;
mod policy_scope;
mod ports;
mod report;
mod selectors;

pub use duration::{Duration, parse_duration, validate_duration};
pub use export_to::{Exporter, validate_export_to};
pub use labels::validate_tag_labels;
pub use names::{
    HostOwner, check_dns1123_preconditions, is_dns1123_label, validate_fqdn,
    validate_namespace_slash_wildcard_hostname, validate_partial_wildcard, validate_subset_name,
    validate_wildcard_domain,
};
pub use net::{
    UNIX_ADDRESS_PREFIX, is_ip, split_host_port, validate_ip_address, validate_ip_subnet,
    validate_unix_address,
};
pub use numbers::{de_u64, go_atoi, validate_percent};
pub use policy_scope::{PolicyTargetReference, PortSelector, WorkloadMode, check_policy_scope};
pub use ports::{Port, Protocol, validate_port, validate_port_name, validate_protocol};
pub use report::{Report, go_error_text, multierror};
pub use selectors::{
    AlphaWorkloadSelector, WorkloadSelector, validate_alpha_workload_selector,
    validate_workload_selector,
};
