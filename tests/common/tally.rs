//! Counting the cases of one suite against `tests/known_failures.txt`, the one list of cases
//! that do not pass yet: a case outside the list that fails, a listed case that passes, a
//! listed case that fails with an error other than the one it is listed for, and a listed
//! name that is no case all fail the suite, so the list stays true.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

pub struct Tally {
    suite: String,
    /// `<table>/` for one table of a suite whose cases are named `<table>/<case>`.
    prefix: String,
    known: BTreeMap<String, Known>,
    seen: BTreeSet<String>,
    /// The fewest cases the suite (or table) must run: fewer means its inputs were not all
    /// read (a corpus folder moved, a reader that stops early).
    at_least: usize,
    passed: usize,
    problems: Vec<String>,
}

impl Tally {
    /// `suite` is the first word of the suite's lines in `tests/known_failures.txt`; it must
    /// run `at_least` cases.
    pub fn new(suite: &str, at_least: usize) -> Self {
        Self::table(suite, "", at_least)
    }

    /// One table of a suite: its cases are listed as `<table>/<case>`.
    pub fn table(suite: &str, table: &str, at_least: usize) -> Self {
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
            at_least,
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
            (Ok(()), Some(known)) => {
                self.passed += 1;
                self.problems.push(format!(
                    "{case}: listed in tests/known_failures.txt ({}) but passes; remove the line",
                    known.reason
                ));
            }
            (Err(e), None) => self.problems.push(format!("{case}:\n      {e}")),
            (Err(e), Some(known)) => match known.explains(&e) {
                true => println!("known failure {} {case}: {}", self.suite, known.reason),
                false => self.problems.push(known.other_error(&case, &e)),
            },
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
    /// and, unless `NEEDLE_CASE` selected a subset, a listed case that did not run and fewer
    /// cases than the suite must run.
    pub fn surprises(mut self) -> Result<(), String> {
        if super::golden_cases::case_filter().is_none() {
            if self.seen.len() < self.at_least {
                self.problems.push(format!(
                    "{}{} cases ran, at least {} expected: were all its inputs read?",
                    self.prefix,
                    self.seen.len(),
                    self.at_least
                ));
            }
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

/// A listed case: why it does not pass, and a piece of the error it fails with.
pub struct Known {
    pub reason: String,
    pub error: String,
}

impl Known {
    /// Whether `error` is the failure this case is listed for.
    pub fn explains(&self, error: &str) -> bool {
        error.contains(&self.error)
    }

    /// The problem of a listed case that failed otherwise.
    pub fn other_error(&self, case: &str, error: &str) -> String {
        format!(
            "{case}: listed in tests/known_failures.txt for an error containing `{}`, but failed with:\n      {error}",
            self.error
        )
    }
}

/// The cases of one suite listed in `tests/known_failures.txt`, by case name: each line
/// `<suite> <case>: <reason> (error: `<a piece of the error>`)`. A line without the piece of
/// its error fails the test that reads it.
pub fn known_failures(suite: &str) -> BTreeMap<String, Known> {
    include_str!("../known_failures.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.strip_prefix(suite)?.strip_prefix(' '))
        .map(|l| {
            let (name, rest) = l.split_once(": ").unwrap_or((l, ""));
            let known = rest
                .trim()
                .strip_suffix("`)")
                .and_then(|r| r.rsplit_once(" (error: `"))
                .map(|(reason, error)| Known {
                    reason: reason.to_string(),
                    error: error.to_string(),
                })
                .filter(|k| !k.error.is_empty())
                .unwrap_or_else(|| {
                    panic!(
                        "tests/known_failures.txt: {suite} {name} does not end with (error: `<a piece of its error>`)"
                    )
                });
            (name.trim().to_string(), known)
        })
        .collect()
}
