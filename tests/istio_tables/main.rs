//! Istio's injector unit tests (pkg/kube/inject/*_test.go) as tables run against needle.
//!
//! Each table carries the inputs and expected outputs of one Istio test function; the checks
//! are written against needle's public API. A case that fails because needle differs from
//! Istio is listed in `tests/known_failures.txt` (suite `istio-tables`).

mod annotations;
#[path = "../common/mod.rs"]
mod common;
mod inject;
mod probes;
mod prometheus;
mod selection;
mod template_functions;

use common::tally::Tally;

use needle::core::config::injector::{Policy, SelectionConfig};
use needle::core::config::mesh::{merge_proxy_config, proxy_config_defaults, proxy_config_json};
use needle::core::inject::annotations::validate;
use needle::core::inject::context::{self, ContextInput, Owner};
use needle::core::inject::funcs::{append_multus_network, omit_nil};
use needle::core::inject::images::image_url;
use needle::core::inject::merge::{Schema, strategic_merge};
use needle::core::inject::pod;
use needle::core::inject::probes::{
    dump_app_probers, merge_or_append, rewrite_probes, should_rewrite,
};
use needle::core::inject::prometheus::{apply_merge, apply_secure_port};
use needle::core::inject::select::inject_required;
use needle::core::release::Release;
use needle::server::path_params::parse_inject_envs;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::fmt::Debug;

fn expect_eq<T: PartialEq + Debug>(got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}"))
    }
}

/// Labels or annotations as (key, value) pairs.
type Pairs = &'static [(&'static str, &'static str)];

fn parse_json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("invalid JSON {s:?}: {e}"))
}

fn string_map(pairs: &[(&str, &str)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Value::from(*v)))
            .collect(),
    )
}
