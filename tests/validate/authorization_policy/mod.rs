//! Istio's validation tests for AuthorizationPolicy (`pkg/config/validation/validation_test.go` and
//! `pkg/config/security/security_test.go`, through the validator that uses those checks)
//! as tables run against needle's validators.
//!
//! Specs are the protobuf JSON of the Go test literals. Tables whose Istio test checks only
//! validity and the presence of warnings do the same here; the others also check that the
//! error (or warning) text contains Istio's expected text. A case that fails because needle
//! differs from Istio is listed in `tests/known_failures.txt` (suite `validate`): a listed case
//! must fail, an unlisted case must pass. Cases of Istio's tables that pass a non-Istio message
//! ("invalid message") have no JSON form and are left out.

mod fields;
mod rules;
mod targets;

use crate::common::validation::{Case, Table};
use needle::core::validate::authorization_policy;
use serde_json::{Value, json};

/// Istio's `TestValidateAuthorizationPolicy` (67 cases).
#[test]
fn validate_authorization_policy() {
    let cases: Vec<Case> = rules::cases()
        .into_iter()
        .chain(targets::cases())
        .chain(fields::cases())
        .collect();
    Table::new("TestValidateAuthorizationPolicy").run_spec(
        &cases,
        authorization_policy::validate,
        ("name", "namespace"),
    );
}

/// An AuthorizationPolicy with one `when` condition.
fn condition_spec(key: &str, values: &[&str]) -> Value {
    json!({"rules": [{"when": [{"key": key, "values": values}]}]})
}

/// An AuthorizationPolicy with one operation on `paths`.
fn paths_spec(paths: &[&str]) -> Value {
    json!({"rules": [{"to": [{"operation": {"paths": paths}}]}]})
}

/// An AuthorizationPolicy with one source from `trustDomains`.
fn trust_domains_spec(values: &[&str]) -> Value {
    json!({"rules": [{"from": [{"source": {"trustDomains": values}}]}]})
}

/// Istio's `TestCheckWildcardValues` (7 cases), as `source.trustDomain` condition values.
#[test]
fn check_wildcard_values() {
    let cases = [
        ("exact", "foo", true),
        ("presence", "*", true),
        ("prefix", "foo*", true),
        ("suffix", "*foo", true),
        ("empty", "", false),
        ("middle wildcard", "fo*-bar", false),
        ("multiple wildcards", "fo*bar*", false),
    ]
    .into_iter()
    .map(|(name, v, valid)| Case::new(name, condition_spec("source.trustDomain", &[v]), valid))
    .collect::<Vec<_>>();
    Table::new("TestCheckWildcardValues").run_spec(
        &cases,
        authorization_policy::validate,
        ("name", "namespace"),
    );
}

/// Istio's `TestCheckTrustDomainValues` (7 cases), as `source.trustDomains`.
#[test]
fn check_trust_domain_values() {
    let cases = [
        ("exact", "cluster.local", true),
        ("presence wildcard", "*", true),
        ("prefix wildcard", "cluster-*", true),
        ("suffix wildcard", "*-cluster", true),
        ("empty", "", false),
        ("slash", "cluster.local/ns/foo", false),
        ("spiffe uri", "spiffe://cluster.local", false),
    ]
    .into_iter()
    .map(|(name, v, valid)| Case::new(name, trust_domains_spec(&[v]), valid))
    .collect::<Vec<_>>();
    Table::new("TestCheckTrustDomainValues").run_spec(
        &cases,
        authorization_policy::validate,
        ("name", "namespace"),
    );
}

/// Istio's `TestValidateCondition` (38 cases), as `when` conditions.
#[test]
fn validate_condition() {
    let cases: &[(&str, &[&str], bool)] = &[
        ("request.headers[:authority]", &["productpage", ""], false),
        ("request.headers[:authority]", &["productpage"], true),
        ("request.headers[]", &["productpage"], false),
        ("source.ip", &["1.2.3.4", "5.6.7.0/24"], true),
        ("source.ip", &["a.b.c.d"], false),
        ("remote.ip", &["1.2.3.4", "5.6.7.0/24"], true),
        ("remote.ip", &["a.b.c.d"], false),
        ("source.namespace", &["value"], true),
        ("source.user", &["value"], false),
        ("source.principal", &["value"], true),
        ("source.serviceAccount", &["too/many/slashes"], false),
        ("source.serviceAccount", &["/emptyns"], false),
        ("source.serviceAccount", &["emptysa/"], false),
        ("source.serviceAccount", &["ns/sa"], true),
        ("source.serviceAccount", &["sa"], true),
        ("source.trustDomain", &["cluster.local"], true),
        ("source.trustDomain", &["*"], true),
        ("source.trustDomain", &["foo*"], true),
        ("source.trustDomain", &["*bar"], true),
        ("source.trustDomain", &["fo*-bar"], false),
        ("source.trustDomain", &["fo*bar*"], false),
        ("source.trustDomain", &[""], false),
        ("request.auth.principal", &["value"], true),
        ("request.auth.audiences", &["value"], true),
        ("request.auth.presenter", &["value"], true),
        ("request.auth.claims[id]", &["123"], true),
        ("request.auth.claims[]", &["value"], false),
        ("destination.ip", &["1.2.3.4", "5.6.7.0/24"], true),
        ("destination.ip", &["a.b.c.d"], false),
        ("destination.port", &["80", "90"], true),
        ("destination.port", &["80", "x"], false),
        ("destination.labels[app]", &["value"], false),
        ("destination.name", &["value"], false),
        ("destination.namespace", &["value"], false),
        ("destination.user", &["value"], false),
        ("connection.sni", &["value"], true),
        ("experimental.envoy.filters.a.b[c]", &["value"], true),
        ("experimental.envoy.filters.a.b.x", &["value"], false),
    ];
    // Istio's cases have no names: name them by position, key and values (leaked to get the
    // `&'static str` a case name is; a test process is short-lived).
    let cases = cases
        .iter()
        .enumerate()
        .map(|(i, (key, values, valid))| {
            let name = format!("{i}: {key} {values:?}").leak();
            Case::new(name, condition_spec(key, values), *valid)
        })
        .collect::<Vec<_>>();
    Table::new("TestValidateCondition").run_spec(
        &cases,
        authorization_policy::validate,
        ("name", "namespace"),
    );
}

/// Istio's `TestCheckValidPathTemplate` (22 cases), as operation paths.
#[test]
fn check_valid_path_template() {
    let cases = [
        ("valid path template - matchOneTemplate", "/{*}/foo", true),
        ("valid path template - matchOneTemplate with trailing slash", "/{*}/foo/", true),
        ("valid path template - matchAnyTemplate", "/foo/{**}/bar", true),
        ("valid path template - matchAnyTemplate at end", "/foo/bar/{**}", true),
        ("unsupported path template - matchAnyTemplate with additional chars", "/foo/{**}buzz/bar", false),
        ("unsupported path template - empty curly braces", "/{*}/foo/{}/bar", false),
        ("unsupported path template - matchOneTemplate with `*`", "/foo/{*}/bar/*", false),
        ("unsupported path template - matchOneTemplate with `**`", "/foo/{*}/bar/**/buzz", false),
        ("unsupported path/path template - named var: {buzz}", "/foo/{buzz}/bar", false),
        ("unsupported path/path template - only named var: {buzz}", "/{buzz}", false),
        ("unsupported path template - matchAnyTemplate with named var: {buzz}", "/foo/{buzz}/bar/{**}", false),
        ("unsupported path template - matchAnyTemplate with named var: {buzz=*}", "/foo/{buzz=*}/bar/{**}", false),
        ("unsupported path template - matchAnyTemplate with named var: {buzz=**}", "/{*}/foo/{buzz=**}/bar", false),
        ("unsupported path template - matchAnyTemplate with additional chars at end", "/{*}/foo/{**}bar", false),
        ("unsupported path template - matchOneTemplate with file extension", "/{*}/foo/{*}.txt", false),
        ("unsupported path template - matchOneTemplate with unmatched open curly brace", "/{*}/foo/{temp", false),
        ("unsupported path template - matchOneTemplate with unmatched closed curly brace", "/{*}/foo/temp}/bar", false),
        ("unsupported path template - matchOneTemplate with unmatched closed curly brace and `*`", "/{*}/foo/temp}/*", false),
        ("unsupported path template - matchAnyTemplate is not the last operator in the template", "/{**}/foo/temp/{*}/bar", false),
        ("unsupported path template - simple multiple matchAnyTemplates", "/{**}/{**}", false),
        ("unsupported path template - multiple matchAnyTemplates", "/{**}/foo/temp/{**}/bar", false),
        ("unsupported path template - invalid literal in path template", "/{*}/foo/?abc", false),
    ]
    .into_iter()
    .map(|(name, path, valid)| Case::new(name, paths_spec(&[path]), valid))
    .collect::<Vec<_>>();
    Table::new("TestCheckValidPathTemplate").run_spec(
        &cases,
        authorization_policy::validate,
        ("name", "namespace"),
    );
}

/// Istio's `TestIsValidLiteral` (14 of 15 cases), as a segment after a `{*}` template. The
/// "invalid - slash" case (`abc/`) has no form as a path segment and is left out.
#[test]
fn is_valid_literal() {
    let cases = [
        ("valid - alphabet chars and nums", "123abcABC", true),
        ("valid - unreserved chars", "._~-", true),
        ("valid - equals", "a=c", true),
        ("valid - mixed chars", "-._~%20!$&'()+,;:@", true),
        (
            "invalid - mixed chars",
            "`~!@#$%^&()-_+;:,<.>'\"\\| ",
            false,
        ),
        ("invalid - star with other chars", "ab*c", false),
        ("invalid - star", "*", false),
        ("invalid - double star with other chars", "ab**c", false),
        ("invalid - double star", "**", false),
        ("invalid - question mark", "?abc", false),
        ("invalid - question mark with equals", "?a=c", false),
        ("invalid - left curly brace", "{abc", false),
        ("invalid - right curly brace", "abc}", false),
        ("invalid - curly brace set", "{abc}", false),
    ]
    .into_iter()
    .map(|(name, glob, valid)| {
        let path = format!("/{{*}}/{glob}");
        Case::new(name, paths_spec(&[&path]), valid)
    })
    .collect::<Vec<_>>();
    Table::new("TestIsValidLiteral").run_spec(
        &cases,
        authorization_policy::validate,
        ("name", "namespace"),
    );
}
