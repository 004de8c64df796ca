//! needle against a real kube-apiserver and etcd (see `tests/common/cluster.rs`): Istio's
//! CRDs installed, `needle serve` as real processes (revisions `default`, `canary` and
//! `native`, the last with native sidecars), the webhook configurations of Istio's chart
//! pointed at them. Each scenario goes through the apiserver as a user's `kubectl` would.
//! The last line says `cluster e2e: N/M pass (kube-apiserver vX, etcd vY)`.
//!
//! Run alone: `cargo test --test cluster_e2e` (the first run builds the control plane, see
//! `scripts/controlplane.sh`). `NEEDLE_CASE=<part of a name>` runs some scenarios only.

mod audit;
mod chaos;
mod chart;
mod chart_revisions;
mod check_inject;
#[path = "../common/mod.rs"]
mod common;
mod configmaps;
mod env;
mod failures;
mod nodes;
mod openshift;
mod patcher;
mod proxy_config;
mod replicas;
mod revisions;
mod selection;
mod tag;
mod validate_scan;
mod validation;
mod validator;

use common::cluster::{ETCD_VERSION, KUBE_VERSION};
pub use common::scenario::Outcome;
use env::Env;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

pub type Scenario = common::scenario::Scenario<Env>;

fn main() -> ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run())
}

async fn run() -> ExitCode {
    let filter = common::golden_cases::case_filter();
    let started = Instant::now();
    let env = Arc::new(Env::new().await);
    println!(
        "cluster e2e: control plane and needle up in {:?}",
        started.elapsed()
    );
    let keep = |s: &Scenario| filter.as_ref().is_none_or(|f| s.name.contains(f.as_str()));
    let scenarios: Vec<Scenario> = selection::scenarios()
        .into_iter()
        .chain(check_inject::scenarios())
        .chain(validation::scenarios())
        .chain(validate_scan::scenarios())
        .chain(chart::scenarios())
        .chain(chart_revisions::scenarios())
        .chain(tag::scenarios())
        .chain(configmaps::scenarios())
        .chain(patcher::scenarios())
        .chain(validator::scenarios())
        .chain(audit::scenarios())
        .chain(nodes::scenarios())
        .chain(openshift::scenarios())
        .chain(proxy_config::scenarios())
        .chain(replicas::scenarios())
        .chain(revisions::scenarios())
        .filter(keep)
        .collect();
    // The latency the apiserver measured is read before the failure scenarios, whose
    // stopped and paused servers would only measure its timeouts.
    let mut failed = common::scenario::run_each(&env, &scenarios).await;
    let latency = failures::admission_latency(&env).await;
    let failure_scenarios: Vec<Scenario> = failures::scenarios().into_iter().filter(keep).collect();
    failed.extend(common::scenario::run_each(&env, &failure_scenarios).await);
    // The cluster's bad days last: they stop the apiserver itself.
    let chaos: Vec<Scenario> = chaos::scenarios().into_iter().filter(keep).collect();
    failed.extend(common::scenario::run_each(&env, &chaos).await);
    println!("{latency}");
    let names = (scenarios.iter().chain(&failure_scenarios).chain(&chaos)).map(|s| s.name);
    println!(
        "chaos e2e: {}",
        common::scenario::count_named("chaos:", names, &failed)
    );
    let total = scenarios.len() + failure_scenarios.len() + chaos.len();
    let passed = total - failed.len();
    drop(env);
    println!(
        "cluster e2e: {passed}/{total} pass (kube-apiserver {KUBE_VERSION}, etcd {ETCD_VERSION})"
    );
    if failed.is_empty() && total > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
