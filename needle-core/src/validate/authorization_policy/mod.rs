//! Validation of AuthorizationPolicy (security.istio.io), as Istio's `ValidateAuthorizationPolicy`
//! does it, with its own `istio.io/dry-run` annotation check.

mod values;

use super::common::{PolicyTargetReference, Report, WorkloadSelector, check_policy_scope};
use super::{Meta, decode};
use crate::release::{Feature, Release};
use serde::Deserialize;
use serde_json::Value;
use values::{
    check_empty_values, check_path_templates, check_service_accounts, check_trust_domains,
    ip_errors, port_errors, validate_attribute,
};

const DRY_RUN: &str = "istio.io/dry-run";

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct AuthorizationPolicy {
    selector: Option<WorkloadSelector>,
    target_ref: Option<PolicyTargetReference>,
    target_refs: Vec<PolicyTargetReference>,
    rules: Vec<Option<Rule>>,
    action: Action,
    provider: Option<ExtensionProvider>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.security.v1beta1.AuthorizationPolicy.Action")]
enum Action {
    #[default]
    #[serde(rename = "ALLOW")]
    Allow,
    #[serde(rename = "DENY")]
    Deny,
    #[serde(rename = "AUDIT")]
    Audit,
    #[serde(rename = "CUSTOM")]
    Custom,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Action::Allow => "ALLOW",
            Action::Deny => "DENY",
            Action::Audit => "AUDIT",
            Action::Custom => "CUSTOM",
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct ExtensionProvider {
    name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Rule {
    from: Vec<Option<From>>,
    to: Vec<Option<To>>,
    when: Vec<Option<Condition>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct From {
    source: Option<Source>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct To {
    operation: Option<Operation>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Source {
    principals: Vec<String>,
    not_principals: Vec<String>,
    request_principals: Vec<String>,
    not_request_principals: Vec<String>,
    namespaces: Vec<String>,
    not_namespaces: Vec<String>,
    service_accounts: Vec<String>,
    not_service_accounts: Vec<String>,
    ip_blocks: Vec<String>,
    not_ip_blocks: Vec<String>,
    remote_ip_blocks: Vec<String>,
    not_remote_ip_blocks: Vec<String>,
    trust_domains: Vec<String>,
    not_trust_domains: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Operation {
    hosts: Vec<String>,
    not_hosts: Vec<String>,
    ports: Vec<String>,
    not_ports: Vec<String>,
    methods: Vec<String>,
    not_methods: Vec<String>,
    paths: Vec<String>,
    not_paths: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct Condition {
    key: String,
    values: Vec<String>,
    not_values: Vec<String>,
}

/// Validate an AuthorizationPolicy spec.
///
/// Protobuf JSON cannot tell an empty list from an absent one, so Istio's "`from`/`to` must
/// not be empty" rules (which fire only for a non-nil empty Go slice) never apply here, as in
/// Istio's own webhook.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let mut policy: AuthorizationPolicy = decode(spec)?;
    if !meta.release.has(Feature::TrustDomainRules) {
        // Decoded (from 1.30.0) but read by no rule before 1.30.2.
        for src in policy
            .rules
            .iter_mut()
            .flatten()
            .flat_map(|r| r.from.iter_mut().flatten())
            .filter_map(|f| f.source.as_mut())
        {
            src.trust_domains.clear();
            src.not_trust_domains.clear();
        }
    }
    if check_dry_run(meta, policy.action, report)
        || super::reject_internal_annotations(meta, report)
    {
        return Ok(());
    }
    let mut errs = Report::default();
    check_policy_scope(
        policy.selector.as_ref(),
        policy.target_ref.as_ref(),
        &policy.target_refs,
        meta.release,
        &mut errs,
    );
    check_rules(&policy, meta.release, &mut errs);
    // `multierror.Prefix` prefixes each error and keeps a list a list.
    let prefix = format!("invalid policy {}.{}:", meta.name, meta.namespace);
    errs.errors = errs
        .errors
        .iter()
        .map(|e| format!("{prefix} {e}"))
        .collect();
    report.merge(errs);
    Ok(())
}

/// `checkDryRunAnnotation` for AuthorizationPolicy: a Go boolean, with ALLOW or DENY only.
fn check_dry_run(meta: &Meta, action: Action, report: &mut Report) -> bool {
    let Some(value) = meta.annotations.get(DRY_RUN) else {
        return false;
    };
    let value = value.as_str().unwrap_or_default();
    let (ns, name) = (&meta.namespace, &meta.name);
    match action {
        Action::Allow | Action::Deny => {
            const GO_BOOLS: [&str; 12] = [
                "1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False",
            ];
            if GO_BOOLS.contains(&value) {
                return false;
            }
            report.error(format!(
                "{ns}/{name} has annotation {DRY_RUN} with invalid value ({value}): strconv.ParseBool: parsing {value:?}: invalid syntax"
            ));
        }
        other => report.error(format!(
            "the annotation {DRY_RUN} currently only supports action ALLOW/DENY, found action {} in {ns}/{name}",
            other.name()
        )),
    }
    true
}

const NO_RULES: &str = "action without `rules` is meaningless as it will never be triggered, add an empty rule `{}` if you want it be triggered for every request";

fn check_rules(policy: &AuthorizationPolicy, release: Release, errs: &mut Report) {
    if policy.action == Action::Custom {
        if policy.rules.is_empty() {
            errs.error(format!("CUSTOM {NO_RULES}"));
        } else if policy.provider.as_ref().is_none_or(|p| p.name.is_empty()) {
            errs.error("`provider.name` must not be empty");
        }
        for rule in policy.rules.iter().flatten() {
            check_custom_rule(rule, release, errs);
        }
    }
    if policy.provider.is_some() && policy.action != Action::Custom {
        errs.error(format!(
            "`provider` must not be with non CUSTOM action, found {}",
            policy.action.name()
        ));
    }
    if policy.action == Action::Deny && policy.rules.is_empty() {
        errs.error(format!("DENY {NO_RULES}"));
    }
    for (i, rule) in policy.rules.iter().enumerate() {
        let Some(rule) = rule else {
            errs.error(format!("`rule` must not be nil, found at rule {i}"));
            continue;
        };
        let (from_exists, tcp_in_from) = check_from(rule, i, errs);
        let (to_exists, tcp_in_to) = check_to(rule, i, errs);
        check_when(rule, release, errs);
        if policy.action == Action::Deny
            && ((from_exists && !to_exists && !tcp_in_from) || (to_exists && !tcp_in_to))
        {
            errs.warning(
                "configured AuthorizationPolicy will deny all traffic to TCP ports under its scope due to the use of only HTTP attributes in a DENY rule; it is recommended to explicitly specify the port",
            );
        }
    }
}

/// The sources and conditions the CUSTOM action cannot match on.
fn check_custom_rule(rule: &Rule, release: Release, errs: &mut Report) {
    for src in rule.from.iter().flatten().filter_map(|f| f.source.as_ref()) {
        let fields = [
            (&src.namespaces, "From.Namespaces"),
            (&src.not_namespaces, "From.NotNamespaces"),
            (&src.service_accounts, "From.ServiceAccounts"),
            (&src.not_service_accounts, "From.NotServiceAccounts"),
            (&src.trust_domains, "From.TrustDomains"),
            (&src.not_trust_domains, "From.NotTrustDomains"),
            (&src.principals, "From.Principals"),
            (&src.not_principals, "From.NotPrincipals"),
            (&src.request_principals, "From.RequestPrincipals"),
            (&src.not_request_principals, "From.NotRequestPrincipals"),
        ];
        for (values, what) in fields {
            if !values.is_empty() {
                errs.error(format!(
                    "{what} is currently not supported with CUSTOM action"
                ));
            }
        }
    }
    for when in &rule.when {
        let Some(when) = when else {
            errs.error("when field cannot be nil");
            continue;
        };
        let key = when.key.as_str();
        let custom_unsupported = matches!(
            key,
            "source.namespace" | "source.serviceAccount" | "source.principal"
        ) || (key == "source.trustDomain"
            && release.has(Feature::TrustDomainRules))
            || key.starts_with("request.auth.");
        if custom_unsupported {
            errs.error(format!(
                "{key} is currently not supported with CUSTOM action"
            ));
        }
    }
}

/// Checks of `rule.from`; returns whether a source exists and whether one uses TCP attributes.
fn check_from(rule: &Rule, i: usize, errs: &mut Report) -> (bool, bool) {
    let (mut exists, mut tcp) = (false, false);
    for from in &rule.from {
        let Some(from) = from else {
            errs.error(format!("`from` must not be nil, found at rule {i}"));
            continue;
        };
        let Some(src) = &from.source else {
            errs.error(format!("`from.source` must not be nil, found at rule {i}"));
            continue;
        };
        exists = true;
        check_source(src, i, errs);
        tcp |= uses_tcp_attributes(src);
    }
    (exists, tcp)
}

/// The checks of one `from.source` of rule `i`.
fn check_source(src: &Source, i: usize, errs: &mut Report) {
    let identity = [
        &src.principals,
        &src.not_principals,
        &src.namespaces,
        &src.not_namespaces,
    ]
    .iter()
    .any(|l| !l.is_empty());
    if identity && !(src.service_accounts.is_empty() && src.not_service_accounts.is_empty()) {
        errs.error(format!(
            "cannot set serviceAccounts with namespaces or principals, found at rule {i}"
        ));
    }
    let all = [
        &src.principals,
        &src.request_principals,
        &src.namespaces,
        &src.ip_blocks,
        &src.remote_ip_blocks,
        &src.not_principals,
        &src.not_request_principals,
        &src.not_namespaces,
        &src.not_ip_blocks,
        &src.not_remote_ip_blocks,
        &src.service_accounts,
        &src.not_service_accounts,
        &src.trust_domains,
        &src.not_trust_domains,
    ];
    if all.iter().all(|l| l.is_empty()) {
        errs.error(format!(
            "`from.source` must not be empty, found at rule {i}"
        ));
    }
    for ips in [
        &src.ip_blocks,
        &src.not_ip_blocks,
        &src.remote_ip_blocks,
        &src.not_remote_ip_blocks,
    ] {
        errs.listed_errors(ip_errors(ips));
    }
    check_source_values(src, errs);
}

/// Each list of a source through the value check of its attribute.
fn check_source_values(src: &Source, errs: &mut Report) {
    type Check = fn(&str, &[String]) -> Result<(), String>;
    let checks: [(&str, &Vec<String>, Check); 14] = [
        ("Principals", &src.principals, check_empty_values),
        (
            "RequestPrincipals",
            &src.request_principals,
            check_empty_values,
        ),
        ("Namespaces", &src.namespaces, check_empty_values),
        (
            "ServiceAccounts",
            &src.service_accounts,
            check_service_accounts,
        ),
        ("TrustDomains", &src.trust_domains, check_trust_domains),
        ("IpBlocks", &src.ip_blocks, check_empty_values),
        ("RemoteIpBlocks", &src.remote_ip_blocks, check_empty_values),
        ("NotPrincipals", &src.not_principals, check_empty_values),
        (
            "NotRequestPrincipals",
            &src.not_request_principals,
            check_empty_values,
        ),
        ("NotNamespaces", &src.not_namespaces, check_empty_values),
        (
            "NotServiceAccounts",
            &src.not_service_accounts,
            check_service_accounts,
        ),
        (
            "NotTrustDomains",
            &src.not_trust_domains,
            check_trust_domains,
        ),
        ("NotIpBlocks", &src.not_ip_blocks, check_empty_values),
        (
            "NotRemoteIpBlocks",
            &src.not_remote_ip_blocks,
            check_empty_values,
        ),
    ];
    for (name, values, check) in checks {
        errs.check(check(name, values));
    }
}

/// Whether a source names what a TCP connection has, not only HTTP attributes.
fn uses_tcp_attributes(src: &Source) -> bool {
    let l4 = [
        &src.not_principals,
        &src.principals,
        &src.ip_blocks,
        &src.not_ip_blocks,
        &src.namespaces,
        &src.not_namespaces,
        &src.remote_ip_blocks,
        &src.not_remote_ip_blocks,
        &src.service_accounts,
        &src.not_service_accounts,
    ];
    l4.iter().any(|l| !l.is_empty())
}

/// Checks of `rule.to`; returns whether an operation exists and whether one names ports.
fn check_to(rule: &Rule, i: usize, errs: &mut Report) -> (bool, bool) {
    let (mut exists, mut tcp) = (false, false);
    for to in &rule.to {
        let Some(to) = to else {
            errs.error(format!("`to` must not be nil, found at rule {i}"));
            continue;
        };
        let Some(op) = &to.operation else {
            errs.error(format!("`to.operation` must not be nil, found at rule {i}"));
            continue;
        };
        exists = true;
        let all = [
            &op.ports,
            &op.methods,
            &op.paths,
            &op.hosts,
            &op.not_ports,
            &op.not_methods,
            &op.not_paths,
            &op.not_hosts,
        ];
        if all.iter().all(|l| l.is_empty()) {
            errs.error(format!(
                "`to.operation` must not be empty, found at rule {i}"
            ));
        }
        errs.listed_errors(port_errors(&op.ports));
        errs.listed_errors(port_errors(&op.not_ports));
        for (name, values) in [
            ("Ports", &op.ports),
            ("Methods", &op.methods),
            ("Paths", &op.paths),
            ("Hosts", &op.hosts),
            ("NotPorts", &op.not_ports),
            ("NotMethods", &op.not_methods),
            ("NotPaths", &op.not_paths),
            ("NotHosts", &op.not_hosts),
        ] {
            errs.check(check_empty_values(name, values));
        }
        errs.check(check_path_templates("Paths", &op.paths));
        errs.check(check_path_templates("NotPaths", &op.not_paths));
        if !op.ports.is_empty() || !op.not_ports.is_empty() {
            tcp = true;
        }
    }
    (exists, tcp)
}

fn check_when(rule: &Rule, release: Release, errs: &mut Report) {
    for cond in &rule.when {
        // A null condition reads as one with an empty key, as Go's getters make it.
        let Some(cond) = cond.as_ref().filter(|c| !c.key.is_empty()) else {
            errs.error("`key` must not be empty");
            continue;
        };
        let key = &cond.key;
        if cond.values.is_empty() && cond.not_values.is_empty() {
            errs.error(format!(
                "at least one of `values` or `notValues` must be set for key {key}"
            ));
            continue;
        }
        if let Err(e) = validate_attribute(key, &cond.values, release) {
            errs.error(format!("invalid `value` for `key` {key}: {e}"));
        }
        if let Err(e) = validate_attribute(key, &cond.not_values, release) {
            errs.error(format!("invalid `notValue` for `key` {key}: {e}"));
        }
    }
}
