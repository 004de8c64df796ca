//! Istio's validation tables for ServiceEntry, Sidecar, WorkloadEntry, WorkloadGroup,
//! EnvoyFilter and ProxyConfig (pkg/config/validation/validation_test.go and
//! envoyfilter/envoyfilter_test.go), with each Go struct literal written as the JSON spec
//! Kubernetes would hand the webhook. Go `nil` list elements become JSON `null`, which Istio's
//! JSON reader (and needle) reads as an empty element, judged by the rules. A case needle
//! answers differently is listed, with the reason, in `tests/known_failures.txt`.

mod decoding;
mod entries;
mod envoy_filters;
mod sidecar_and_proxy;

use crate::common::validation::{Case, Outcome, Table, Validate, meta, named, validate_with};

use needle::core::validate::{
    Report, envoy_filter, proxy_config, service_entry, sidecar, workload_entry, workload_group,
};

use serde_json::{Value, json};

/// The warning every EnvoyFilter gets; Istio's table calls the validator behind it.
const ENVOY_FILTER_NOTICE: &str = "EnvoyFilter exposes internal implementation details";

/// A case of a table whose Go test checks validity and whether there are warnings.
fn case(name: &'static str, spec: Value, valid: bool, warning: bool) -> Case {
    Case {
        name,
        input: spec,
        valid,
        warning: warning.then_some(""),
        ..Case::default()
    }
}

/// A case of a table whose Go test checks texts: a substring of the errors and of the
/// warnings ("": none expected).
fn msg(name: &'static str, spec: Value, error: &'static str, warn: &'static str) -> Case {
    Case {
        name,
        input: spec,
        valid: error.is_empty(),
        error,
        warning: (!warn.is_empty()).then_some(warn),
        ..Case::default()
    }
}

/// Run a table on resources `bar/foo` (labelled as a case's `aux` says).
fn run(table: &str, validate: Validate, cases: Vec<Case>) {
    Table::new(table)
        // Only Go's nil list elements (JSON null) are meant to fail decoding.
        .decoding_only_where(|case| case.name.contains("nil"))
        .run(&cases, |case| {
            let mut outcome = Outcome::of(validate, &meta(&case.aux, "foo", "bar"), &case.input);
            if table == "envoy_filter" {
                outcome
                    .report
                    .warnings
                    .retain(|w| !w.starts_with(ENVOY_FILTER_NOTICE));
            }
            outcome
        });
}

/// A spec through its kind's validator as resource `bar/foo`.
fn outcome(validate: Validate, spec: Value) -> Result<Report, String> {
    validate_with(validate, &named("foo", "bar"), spec)
}
