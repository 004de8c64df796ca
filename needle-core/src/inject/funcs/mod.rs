//! Istio's injection template functions (`createInjectionFuncmap` of Istio's
//! pkg/kube/inject), in one place for both kinds of template. Each is registered under its
//! Go name for translated Go templates (called as `gt_<name>`, `translated`) and, where
//! needle's own templates call it, under the name they use (`needle`); both registrations
//! run the one implementation of the function (`annotations`, `json`, `maps`, `networks`,
//! `ports`, `text`, `yaml`) and differ only in how the kind of template passes arguments.
//! Go's builtins and Sprig's functions are the translator's (`gotemplate::funcs`).

mod annotations;
mod json;
mod maps;
mod needle;
mod networks;
mod ports;
mod text;
mod translated;
mod written;
mod yaml;

use minijinja::Environment;

pub use maps::omit_nil;
pub use networks::append_multus_network;
pub use ports::{exclude_inbound_port, pod_ports_json};
pub use text::directory;

/// The Go names of Istio's injection functions, which translated templates may call.
pub const ISTIO_FUNCTIONS: &[&str] = &[
    "formatDuration",
    "isset",
    "excludeInboundPort",
    "includeInboundPorts",
    "kubevirtInterfaces",
    "excludeInterfaces",
    "applicationPorts",
    "annotation",
    "valueOrDefault",
    "toJSON",
    "fromJSON",
    "structToJSON",
    "protoToJSON",
    "toYaml",
    "indent",
    "directory",
    "contains",
    "toLower",
    "appendMultusNetwork",
    "env",
    "omit",
    "strdict",
    "toJsonMap",
    "mergeMaps",
    "omitNil",
    "otelResourceAttributes",
];

/// The functions of `ISTIO_FUNCTIONS` that take their argument's Go type when the
/// translation knows it (`gotemplate::Host::typed_functions`): `structToJSON` writes a
/// Kubernetes struct's fields in the order Go declares them.
pub const TYPED_FUNCTIONS: &[&str] = &["structToJSON"];

/// The functions of `ISTIO_FUNCTIONS` a release's injector has: a template calling another
/// fails to load there as in that release's istiod ("function ... not defined").
pub fn istio_functions(release: crate::release::Release) -> Vec<&'static str> {
    use crate::release::Feature;
    ISTIO_FUNCTIONS
        .iter()
        .copied()
        .filter(|name| match *name {
            "omitNil" => release.has(Feature::OmitNil),
            "otelResourceAttributes" => release.has(Feature::OtelResourceAttributes),
            _ => true,
        })
        .collect()
}

/// Register Istio's functions under the names of both kinds of template (in Istio's order;
/// needle's name follows the Go one), then needle's own helpers.
pub fn register(env: &mut Environment<'static>) {
    env.add_function("gt_formatDuration", translated::format_duration);
    env.add_function("gt_isset", translated::isset);
    env.add_function("gt_excludeInboundPort", translated::exclude_inbound_port);
    env.add_function("exclude_inbound_port", needle::exclude_inbound_port);
    env.add_function("gt_includeInboundPorts", translated::include_inbound_ports);
    env.add_function("gt_kubevirtInterfaces", translated::interfaces);
    env.add_function("gt_excludeInterfaces", translated::interfaces);
    env.add_function("gt_applicationPorts", translated::application_ports);
    env.add_function("gt_annotation", translated::annotation);
    env.add_function("annotation", needle::annotation);
    env.add_function("gt_valueOrDefault", translated::value_or_default);
    env.add_function("gt_toJSON", translated::to_json);
    env.add_function("gt_fromJSON", translated::from_json);
    env.add_function("from_json", needle::from_json);
    env.add_function("gt_structToJSON", translated::struct_to_json);
    env.add_function("gt_protoToJSON", translated::proto_to_json);
    env.add_function("gt_toYaml", translated::to_yaml);
    env.add_function("gt_indent", translated::indent);
    env.add_function("gt_directory", translated::directory);
    env.add_function("gt_contains", translated::contains);
    env.add_function("gt_toLower", translated::to_lower);
    env.add_function("gt_appendMultusNetwork", translated::append_multus_network);
    env.add_function("append_multus_network", needle::append_multus_network);
    env.add_function("gt_env", translated::env);
    env.add_function("gt_omit", translated::omit);
    env.add_function("gt_strdict", translated::strdict);
    env.add_function("gt_toJsonMap", translated::to_json_map);
    env.add_function("gt_mergeMaps", translated::merge_maps);
    env.add_function("gt_omitNil", maps::omit_nil_of);
    env.add_function("omit_nil", maps::omit_nil_of);
    env.add_function(
        "gt_otelResourceAttributes",
        translated::otel_resource_attributes,
    );
    needle::register_helpers(env);
}

#[cfg(test)]
mod tests;
