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

/// A scenario that failed, and why.
pub struct Failure {
    pub name: &'static str,
    pub error: String,
}

/// Run each scenario, printing `ok   NAME (time)` or `FAIL NAME: why`; those that failed.
pub async fn run_each<W: Send + Sync + 'static>(
    world: &Arc<W>,
    scenarios: &[Scenario<W>],
) -> Vec<Failure> {
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
                failed.push(Failure {
                    name: scenario.name,
                    error: e,
                });
            }
        }
    }
    failed
}

/// Whether the scenario `name` is among those that failed.
fn failed_named(failed: &[Failure], name: &str) -> bool {
    failed.iter().any(|f| f.name == name)
}

/// `M/M pass` over the scenarios among those that ran whose names start with `prefix`
/// (`chaos:`, the cluster's bad days; `istiod:`, beside a real istiod): a summary line's count.
pub fn count_named<'a>(
    prefix: &str,
    names: impl Iterator<Item = &'a str>,
    failed: &[Failure],
) -> String {
    let named: Vec<&str> = names.filter(|n| n.starts_with(prefix)).collect();
    let passed = named.iter().filter(|n| !failed_named(failed, n)).count();
    format!("{passed}/{} pass", named.len())
}

/// Set apart the failed scenarios that `tests/known_failures.txt` lists for `suite` (each line
/// names a part of the scenarios' names and a piece of the error they are listed for): the
/// failures left, and the surprises (a listed part that names no scenario, a listed scenario
/// that passes, or one that fails with another error).
pub fn known<W>(
    scenarios: &[Scenario<W>],
    failed: Vec<Failure>,
    suite: &str,
) -> (Vec<Failure>, Vec<String>) {
    let known = super::tally::known_failures(suite);
    let listed = |name: &str| known.iter().find(|(part, _)| name.contains(part.as_str()));
    let mut surprises = Vec::new();
    for (part, listed) in &known {
        let named: Vec<&Scenario<W>> = scenarios
            .iter()
            .filter(|s| s.name.contains(part.as_str()))
            .collect();
        if named.is_empty() && super::golden_cases::case_filter().is_none() {
            surprises.push(format!(
                "tests/known_failures.txt lists {suite} {part:?}, which names no scenario"
            ));
        }
        for s in named.iter().filter(|s| !failed_named(&failed, s.name)) {
            surprises.push(format!(
                "{}: listed in tests/known_failures.txt ({}) but passes; remove the line",
                s.name, listed.reason
            ));
        }
    }
    let failed = failed
        .into_iter()
        .filter(|failure| match listed(failure.name) {
            Some((_, listed)) if listed.explains(&failure.error) => {
                println!("known failure {suite} {}: {}", failure.name, listed.reason);
                false
            }
            Some((_, listed)) => {
                surprises.push(listed.other_error(failure.name, &failure.error));
                true
            }
            None => true,
        })
        .collect();
    (failed, surprises)
}
