//! needle's validation against Istio's: the cases of Istio's own validation tests, kind by
//! kind (a module a kind, a folder where a kind has several topics), `/validate` and
//! `needle validate` as a user runs them, and the corpus's validation dataset and each
//! release's recorded answers through both.
//! One test binary, so that needle is linked once for all of them.
//!
//! Run: `cargo test --test validate -- --nocapture` (one kind: `cargo test --test validate
//! gateway`; the dataset: `cargo test --test validate dataset`).

// The services' tables nest deep `json!` literals.
#![recursion_limit = "1024"]

#[path = "../common/mod.rs"]
mod common;

mod authorization_policy;
mod dataset;
mod destination_rule;
mod doors;
mod envoy_types;
mod extensions;
mod gateway;
mod http_policies;
mod http_route;
mod releases;
mod request_authentication;
mod security;
mod services;
mod telemetry;
mod virtual_service;
mod webhook;
