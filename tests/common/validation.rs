//! The table harness of the validation tests (`tests/validate_*.rs`): Istio's test tables, each
//! case an input, the Go case's other inputs and what Istio's test expects, run through the
//! needle validator matching the Go function under test and counted against
//! `tests/known_failures.txt` (suite `validate`, cases named `<IstioTest>/<case>`).
#![allow(dead_code)]

use needle::core::validate::{Meta, Report};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::tally::Tally;

/// One case of an Istio table.
#[derive(Default)]
pub struct Case {
    pub name: &'static str,
    /// The spec or message under test, as protobuf JSON (`null` for Go's nil).
    pub input: Value,
    /// The Go case's other inputs: a bind address, a namespace, the resource's `name`,
    /// `labels` or `annotations` (see `meta`)...
    pub aux: Value,
    pub valid: bool,
    /// A text the errors must contain ("" when the Go test does not look at it).
    pub error: &'static str,
    /// `Some(text)`: a warning must contain the text ("" for any warning); `None`: no warning.
    pub warning: Option<&'static str>,
}

impl Case {
    /// A case that checks validity only (and that there is no warning).
    pub fn new(name: &'static str, input: Value, valid: bool) -> Case {
        Case {
            name,
            input,
            valid,
            ..Case::default()
        }
    }

    /// The case with the Go case's other inputs.
    pub fn with_aux(mut self, aux: Value) -> Case {
        self.aux = aux;
        self
    }
}

/// A validator of a whole spec (a kind's `validate`); `Err` is a decoding error.
pub type Validate = fn(&Meta, &Value, &mut Report) -> Result<(), String>;

/// A validator of one message of a spec, given the case's input and other inputs; `Err` is a
/// decoding error.
pub type Check = fn(&Value, &Value, &mut Report) -> Result<(), String>;

/// What a validator made of a case.
pub struct Outcome {
    /// `Err`: the input does not decode (the webhook's `error decoding configuration`).
    pub decoded: Result<(), String>,
    pub report: Report,
}

impl Outcome {
    /// A whole spec through its kind's validator.
    pub fn of(validate: Validate, meta: &Meta, input: &Value) -> Outcome {
        let mut report = Report::default();
        let decoded = validate(meta, input, &mut report);
        Outcome { decoded, report }
    }

    /// A message through a check; a decoding problem the check found (a oneof with two
    /// members set) counts as the decoding error it is.
    pub fn of_check(check: Check, case: &Case) -> Outcome {
        let mut report = Report::default();
        let decoded = check(&case.input, &case.aux, &mut report);
        let oneof = report.take_decode_error();
        Outcome {
            decoded: decoded.and(oneof),
            report,
        }
    }
}

/// One of Istio's tables, by the name of its Go test.
pub struct Table {
    name: String,
    warnings_checked: bool,
    may_not_decode: fn(&Case) -> bool,
}

impl Table {
    pub fn new(name: &str) -> Table {
        Table {
            name: name.to_string(),
            warnings_checked: true,
            may_not_decode: |_| true,
        }
    }

    /// For the Go tests that do not look at warnings: `Case::warning` goes unchecked.
    pub fn ignoring_warnings(mut self) -> Table {
        self.warnings_checked = false;
        self
    }

    /// A decoding error fails every case but those `may_not_decode` picks (where the JSON
    /// form of a Go literal cannot decode at all).
    pub fn decoding_only_where(mut self, may_not_decode: fn(&Case) -> bool) -> Table {
        self.may_not_decode = may_not_decode;
        self
    }

    /// Run every case, print `validate <table>: passed/cases pass`, and fail on a case that
    /// fails unlisted or passes while listed.
    pub fn run(&self, cases: &[Case], outcome: impl Fn(&Case) -> Outcome) {
        let mut tally = Tally::table("validate", &self.name, 1);
        for case in cases {
            tally.record(case.name, self.compare(case, &outcome(case)));
        }
        let name = &self.name;
        tally.finish(|passed, total| format!("validate {name}: {passed}/{total} pass"));
    }

    /// Run every case as a whole spec of a kind's, the resource named `name` in `namespace`
    /// unless the case's `aux` says otherwise.
    pub fn run_spec(&self, cases: &[Case], validate: Validate, (name, namespace): (&str, &str)) {
        self.run(cases, |case| {
            Outcome::of(validate, &meta(&case.aux, name, namespace), &case.input)
        });
    }

    /// Run every case through a check of one message.
    pub fn run_check(&self, cases: &[Case], check: Check) {
        self.run(cases, |case| Outcome::of_check(check, case));
    }

    /// Why the outcome is not what the case expects, if it is not.
    fn compare(&self, case: &Case, outcome: &Outcome) -> Result<(), String> {
        let report = &outcome.report;
        let mut errors = report.errors.clone();
        if let Err(e) = &outcome.decoded {
            if !(self.may_not_decode)(case) {
                return Err(format!("unexpected decoding error: {e}"));
            }
            errors.push(format!("error decoding configuration: {e}"));
        }
        let got = format!("errors {errors:?}, warnings {:?}", report.warnings);
        if errors.is_empty() != case.valid {
            return Err(format!("want valid={}, got {got}", case.valid));
        }
        if !errors.join("\n").contains(case.error) {
            return Err(format!(
                "want an error containing {:?}, got {got}",
                case.error
            ));
        }
        if !self.warnings_checked {
            return Ok(());
        }
        match case.warning {
            None if !report.warnings.is_empty() => Err(format!("want no warning, got {got}")),
            Some(text)
                if report.warnings.is_empty() || !report.warnings.join("\n").contains(text) =>
            {
                Err(format!("want a warning containing {text:?}, got {got}"))
            }
            _ => Ok(()),
        }
    }
}

/// The metadata of a case's resource: the `name`, `namespace`, `labels` and `annotations` of
/// its `aux` where it has them, else the table's `name` and `namespace`.
pub fn meta(aux: &Value, name: &str, namespace: &str) -> Meta {
    let text = |key: &str, default: &str| aux[key].as_str().unwrap_or(default).to_string();
    let map = |key: &str| aux[key].as_object().cloned().unwrap_or_default();
    Meta {
        name: text("name", name),
        namespace: text("namespace", namespace),
        labels: map("labels"),
        annotations: map("annotations"),
        // The tables are Istio's at 86c9f01, the newest release.
        release: needle::core::release::Release::NEWEST,
    }
}

/// The metadata of a resource named `name` in `namespace`.
pub fn named(name: &str, namespace: &str) -> Meta {
    meta(&Value::Null, name, namespace)
}

/// Decode a message of a case; `None` for Go's nil (`null`).
pub fn decode_message<T: DeserializeOwned>(v: &Value) -> Result<Option<T>, String> {
    if v.is_null() {
        Ok(None)
    } else {
        needle::core::validate::decode(v).map(Some)
    }
}

/// A whole spec through its kind's validator, for tests that look at the report itself.
pub fn validate_with(validate: Validate, meta: &Meta, spec: Value) -> Result<Report, String> {
    let mut report = Report::default();
    validate(meta, &spec, &mut report).map(|()| report)
}
