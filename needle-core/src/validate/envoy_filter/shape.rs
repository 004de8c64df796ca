//! The EnvoyFilter resource as decoded: the proto messages' shape, with unknown fields refused.

// The structs mirror the proto messages; not every field is looked at.
#![allow(dead_code)]

use super::super::common::{AlphaWorkloadSelector, PolicyTargetReference};
use serde::Deserialize;
use serde_json::{Map, Value};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct EnvoyFilter {
    pub(super) workload_selector: Option<AlphaWorkloadSelector>,
    #[serde(default)]
    pub(super) target_refs: Vec<PolicyTargetReference>,
    #[serde(default)]
    pub(super) config_patches: Vec<ConfigPatch>,
    #[serde(default)]
    pub(super) priority: i32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct ConfigPatch {
    #[serde(default)]
    pub(super) apply_to: ApplyTo,
    pub(super) r#match: Option<ObjectMatch>,
    pub(super) patch: Option<Patch>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.EnvoyFilter.ApplyTo")]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub(super) enum ApplyTo {
    #[default]
    INVALID,
    LISTENER,
    FILTER_CHAIN,
    NETWORK_FILTER,
    HTTP_FILTER,
    ROUTE_CONFIGURATION,
    VIRTUAL_HOST,
    HTTP_ROUTE,
    CLUSTER,
    EXTENSION_CONFIG,
    BOOTSTRAP,
    LISTENER_FILTER,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.EnvoyFilter.PatchContext")]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub(super) enum PatchContext {
    #[default]
    ANY,
    SIDECAR_INBOUND,
    SIDECAR_OUTBOUND,
    GATEWAY,
    WAYPOINT,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct ObjectMatch {
    #[serde(default)]
    pub(super) context: PatchContext,
    pub(super) proxy: Option<ProxyMatch>,
    pub(super) listener: Option<ListenerMatch>,
    pub(super) route_configuration: Option<RouteConfigurationMatch>,
    pub(super) cluster: Option<ClusterMatch>,
    pub(super) waypoint: Option<WaypointMatch>,
}

impl ObjectMatch {
    /// How many members of the `objectTypes` oneof are set.
    pub(super) fn object_types(&self) -> usize {
        [
            self.listener.is_some(),
            self.route_configuration.is_some(),
            self.cluster.is_some(),
            self.waypoint.is_some(),
        ]
        .into_iter()
        .filter(|s| *s)
        .count()
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct ProxyMatch {
    #[serde(default)]
    pub(super) proxy_version: String,
    #[serde(default)]
    pub(super) metadata: std::collections::BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct ListenerMatch {
    #[serde(default)]
    pub(super) port_number: u32,
    #[serde(default)]
    pub(super) port_name: String,
    pub(super) filter_chain: Option<FilterChainMatch>,
    #[serde(default)]
    pub(super) listener_filter: String,
    #[serde(default)]
    pub(super) name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct FilterChainMatch {
    #[serde(default)]
    pub(super) name: String,
    #[serde(default)]
    pub(super) sni: String,
    #[serde(default)]
    pub(super) transport_protocol: String,
    #[serde(default)]
    pub(super) application_protocols: String,
    pub(super) filter: Option<FilterMatch>,
    #[serde(default)]
    pub(super) destination_port: u32,
    #[serde(default)]
    pub(super) transport_socket: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct FilterMatch {
    #[serde(default)]
    pub(super) name: String,
    pub(super) sub_filter: Option<NameMatch>,
}

/// Messages with only a `name` (sub filter, waypoint route matches).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct NameMatch {
    #[serde(default)]
    pub(super) name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct RouteConfigurationMatch {
    #[serde(default)]
    pub(super) port_number: u32,
    #[serde(default)]
    pub(super) port_name: String,
    #[serde(default)]
    pub(super) gateway: String,
    pub(super) vhost: Option<VirtualHostMatch>,
    #[serde(default)]
    pub(super) name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct VirtualHostMatch {
    #[serde(default)]
    pub(super) name: String,
    #[serde(default)]
    pub(super) domain_name: String,
    pub(super) route: Option<RouteMatch>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct RouteMatch {
    #[serde(default)]
    pub(super) name: String,
    #[serde(default)]
    pub(super) action: RouteAction,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.EnvoyFilter.RouteConfigurationMatch.RouteMatch.Action")]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub(super) enum RouteAction {
    #[default]
    ANY,
    ROUTE,
    REDIRECT,
    DIRECT_RESPONSE,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct ClusterMatch {
    #[serde(default)]
    pub(super) port_number: u32,
    #[serde(default)]
    pub(super) service: String,
    #[serde(default)]
    pub(super) subset: String,
    #[serde(default)]
    pub(super) name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct WaypointMatch {
    #[serde(default)]
    pub(super) port_number: u32,
    pub(super) route: Option<NameMatch>,
    pub(super) filter: Option<FilterMatch>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct Patch {
    #[serde(default)]
    pub(super) operation: Operation,
    /// `google.protobuf.Struct`: a JSON object.
    pub(super) value: Option<Map<String, Value>>,
    #[serde(default)]
    pub(super) filter_class: FilterClass,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.EnvoyFilter.Patch.Operation")]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub(super) enum Operation {
    #[default]
    INVALID,
    MERGE,
    ADD,
    REMOVE,
    INSERT_BEFORE,
    INSERT_AFTER,
    INSERT_FIRST,
    REPLACE,
    MERGE_AND_REPLACE_LIST,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.EnvoyFilter.Patch.FilterClass")]
#[allow(clippy::upper_case_acronyms)]
pub(super) enum FilterClass {
    #[default]
    UNSPECIFIED,
    AUTHN,
    AUTHZ,
    STATS,
}
