//! The scenarios of the cluster and node tests: a name and an async check against a shared
//! world (the control plane, or the node), run one after the other, each as its own task so
//! that a panic in one is that scenario's failure, not the run's.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Instant;

pub type Outcome = Result<(), String>;
pub type Run<W> = fn(Arc<W>) -> Pin<Box<dyn Future<Output = Outcome> + Send>>;

pub struct Scenario<W> {
    pub name: &'static str,
    pub run: Run<W>,
}

/// `scenario!("what it checks", async_fn)`: a `crate::Scenario` (the test binary's alias of
/// `Scenario<ItsWorld>`) running `async_fn(world)`.
#[macro_export]
macro_rules! scenario {
    ($name:expr, $f:path) => {
        $crate::Scenario {
            name: $name,
            run: |world| Box::pin($f(world)),
        }
    };
}

/// Run each scenario, printing `ok   NAME (time)` or `FAIL NAME: why`; the names that failed.
pub async fn run_each<W: Send + Sync + 'static>(
    world: &Arc<W>,
    scenarios: &[Scenario<W>],
) -> Vec<&'static str> {
    let mut failed = Vec::new();
    for scenario in scenarios {
        let began = Instant::now();
        let outcome = match tokio::spawn((scenario.run)(world.clone())).await {
            Ok(outcome) => outcome,
            Err(panic) => Err(format!("panicked: {panic}")),
        };
        match outcome {
            Ok(()) => println!("ok   {} ({:?})", scenario.name, began.elapsed()),
            Err(e) => {
                println!("FAIL {}: {e}", scenario.name);
                failed.push(scenario.name);
            }
        }
    }
    failed
}

/// `M/M pass` over the scenarios among those that ran whose names start with `prefix`
/// (`chaos:`, the cluster's bad days; `istiod:`, beside a real istiod): a summary line's count.
pub fn count_named<'a>(
    prefix: &str,
    names: impl Iterator<Item = &'a str>,
    failed: &[&str],
) -> String {
    let named: Vec<&str> = names.filter(|n| n.starts_with(prefix)).collect();
    let passed = named.iter().filter(|n| !failed.contains(n)).count();
    format!("{passed}/{} pass", named.len())
}
