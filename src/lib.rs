//! needle: Istio-compatible sidecar injection and config validation.
#![forbid(unsafe_code)]

pub mod cli;
/// The pure core (the `needle-core` crate), under the name the adapters and tests use.
pub use needle_core as core;
pub mod kube;
pub mod server;
pub mod sources;
