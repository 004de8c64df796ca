//! needle: Istio-compatible sidecar injection and config validation.
#![forbid(unsafe_code)]

pub mod cli;
pub mod core;
pub mod kube;
pub mod server;
pub mod sources;
