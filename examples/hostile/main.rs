//! Hostile-load test of `needle serve` (issue #15), loopback only, bounded in time (about two
//! minutes): each case reproduces a way a webhook on the apiserver's critical path is hurt
//! (large objects, a quadratic VirtualService, slow and idle clients, running out of
//! descriptors, shutdown, drop-in mistakes) and checks what needle does about it. Prints one
//! Markdown row per check and exits 1 if any fails.
//!
//! `scripts/hostile-load.sh` runs it against a release build of needle; by hand:
//! `cargo run --example hostile -- target/release/needle [CASE...]`
//! (cases: overload, connections, slow-bodies, descriptors, drain, drop-in).

mod client;
mod connections;
mod lifecycle;
mod overload;
mod payloads;
mod server;

use std::path::PathBuf;
use std::time::Duration;

/// The checks' results, printed as they come.
#[derive(Default)]
pub struct Report {
    failed: Vec<String>,
}

impl Report {
    pub fn header() {
        println!("| case | check | measured | limit | result |");
        println!("|---|---|---|---|---|");
    }

    pub fn check(&mut self, case: &str, what: &str, measured: String, limit: &str, ok: bool) {
        println!(
            "| {case} | {what} | {measured} | {limit} | {} |",
            if ok { "pass" } else { "FAIL" }
        );
        if !ok {
            self.failed.push(format!("{case}: {what}"));
        }
    }

    /// A figure recorded without a limit.
    pub fn figure(&mut self, case: &str, what: &str, measured: String) {
        println!("| {case} | {what} | {measured} | | |");
    }
}

pub fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

pub fn mib(kib: u64) -> String {
    format!("{:.0} MiB", kib as f64 / 1024.0)
}

const CASES: [&str; 6] = [
    "overload",
    "connections",
    "slow-bodies",
    "descriptors",
    "drain",
    "drop-in",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((needle, cases)) = args.split_first() else {
        eprintln!(
            "usage: hostile NEEDLE_BINARY [CASE...]   (cases: {})",
            CASES.join(", ")
        );
        std::process::exit(2);
    };
    let needle = PathBuf::from(needle);
    if let Some(unknown) = cases.iter().find(|c| !CASES.contains(&c.as_str())) {
        eprintln!("unknown case {unknown:?}; cases: {}", CASES.join(", "));
        std::process::exit(2);
    }
    let selected: Vec<&str> = if cases.is_empty() {
        CASES.to_vec()
    } else {
        cases.iter().map(String::as_str).collect()
    };
    let mut report = Report::default();
    Report::header();
    for case in selected {
        let run = match case {
            "overload" => overload::run,
            "connections" => connections::run,
            "slow-bodies" => lifecycle::slow_bodies,
            "descriptors" => lifecycle::descriptors,
            "drain" => lifecycle::drain,
            "drop-in" => lifecycle::drop_in,
            _ => unreachable!("checked above"),
        };
        // A case that cannot run (the server refused its flags, say) fails, and the others
        // still run; the panic's message is on stderr.
        let ran =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&needle, &mut report)));
        if ran.is_err() {
            report.check(
                case,
                "the case ran",
                "it stopped; see stderr".into(),
                "",
                false,
            );
        }
    }
    if !report.failed.is_empty() {
        eprintln!("hostile load: {} check(s) failed:", report.failed.len());
        for f in &report.failed {
            eprintln!("  {f}");
        }
        std::process::exit(1);
    }
    eprintln!("hostile load: all checks pass");
}
