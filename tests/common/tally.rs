//! Counting the cases of one suite against `tests/known_failures.txt`, the one list of cases
//! that do not pass yet: a case outside the list that fails, a listed case that passes, and a
//! listed name that is no case all fail the suite, so the list stays true.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

pub struct Tally {
    suite: String,
    /// `<table>/` for one table of a suite whose cases are named `<table>/<case>`.
    prefix: String,
    known: BTreeMap<String, String>,
    seen: BTreeSet<String>,
    passed: usize,
    problems: Vec<String>,
}

impl Tally {
    /// `suite` is the first word of the suite's lines in `tests/known_failures.txt`.
    pub fn new(suite: &str) -> Self {
        Self::table(suite, "")
    }

    /// One table of a suite: its cases are listed as `<table>/<case>`.
    pub fn table(suite: &str, table: &str) -> Self {
        let prefix = if table.is_empty() {
            String::new()
        } else {
            format!("{table}/")
        };
        let mut known = known_failures(suite);
        known.retain(|name, _| name.starts_with(&prefix));
        Self {
            suite: suite.to_string(),
            prefix,
            known,
            seen: BTreeSet::new(),
            passed: 0,
            problems: Vec::new(),
        }
    }

    pub fn record(&mut self, case: &str, outcome: Result<(), String>) {
        let case = format!("{}{case}", self.prefix);
        assert!(
            self.seen.insert(case.clone()),
            "{}: duplicate case name {case:?}",
            self.suite
        );
        match (outcome, self.known.get(&case)) {
            (Ok(()), None) => self.passed += 1,
            (Ok(()), Some(why)) => {
                self.passed += 1;
                self.problems.push(format!(
                    "{case}: listed in tests/known_failures.txt ({why}) but passes; remove the line"
                ));
            }
            (Err(e), None) => self.problems.push(format!("{case}:\n      {e}")),
            (Err(_), Some(why)) => println!("known failure {} {case}: {why}", self.suite),
        }
    }

    pub fn passed(&self) -> usize {
        self.passed
    }

    pub fn total(&self) -> usize {
        self.seen.len()
    }

    /// Print `summary` (given the pass and case counts) and fail on any surprise.
    pub fn finish(self, summary: impl FnOnce(usize, usize) -> String) {
        println!("{}", summary(self.passed, self.seen.len()));
        self.check();
    }

    /// Fail on any surprise (`surprises`).
    pub fn check(self) {
        if let Err(e) = self.surprises() {
            panic!("{e}");
        }
    }

    /// The surprises, if any: a case outside the list that failed, a listed case that passed,
    /// and a listed case that did not run (unless `NEEDLE_CASE` selected a subset).
    pub fn surprises(mut self) -> Result<(), String> {
        if super::golden_cases::case_filter().is_none() {
            for name in self.known.keys().filter(|k| !self.seen.contains(*k)) {
                self.problems.push(format!(
                    "tests/known_failures.txt lists {} {name:?}, which is not a case",
                    self.suite
                ));
            }
        }
        match self.problems.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "{} ({} cases):\n  {}",
                self.suite,
                self.seen.len(),
                self.problems.join("\n  ")
            )),
        }
    }
}

/// The cases of one suite listed in `tests/known_failures.txt`, by case name, with the reason.
pub fn known_failures(suite: &str) -> BTreeMap<String, String> {
    include_str!("../known_failures.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.strip_prefix(suite)?.strip_prefix(' '))
        .map(|l| {
            let (name, reason) = l.split_once(": ").unwrap_or((l, ""));
            (name.trim().to_string(), reason.trim().to_string())
        })
        .collect()
}
