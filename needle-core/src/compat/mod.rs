//! Go and Kubernetes behaviour needle reproduces: YAML as go-yaml and kubectl read it, the
//! templates' trailing-comma JSON, Go's float and duration formats, net/netip, resource
//! quantities, label selectors, the apiserver's Pod defaults, istioctl's coloured table and
//! its `[TYPE/]NAME[.NAMESPACE]` resolution, the typed Pod's fields
//! (normalization), JSON written in Go's field order, and key-path lookups.
pub mod civil;
pub mod compact;
pub mod go_json;
pub mod go_printed;
pub mod gofmt;
pub mod kubectl;
pub mod netip;
pub mod normalize;
pub mod path;
pub mod pod_defaults;
#[rustfmt::skip] // a generated table, aligned as written
pub(crate) mod pod_fields;
pub mod quantity;
pub mod relaxed_json;
pub mod selector;
pub mod style_table;
pub mod yaml;
