//! Validation of AuthorizationPolicy (security.istio.io), as Istio's `ValidateAuthorizationPolicy`
//! does it, with its own `istio.io/dry-run` annotation check.

use super::common::{
    PolicyTargetReference, Report, WorkloadSelector, check_policy_scope, multierror,
};
use super::{Meta, decode};
use serde::Deserialize;
use serde_json::Value;
use std::net::IpAddr;

const DRY_RUN: &str = "istio.io/dry-run";

// ---------------------------------------------------------------------------------------------
// AuthorizationPolicy (security.istio.io/v1beta1).

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
    let policy: AuthorizationPolicy = decode(spec)?;
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
        &mut errs,
    );
    check_rules(&policy, &mut errs);
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

fn check_rules(policy: &AuthorizationPolicy, errs: &mut Report) {
    if policy.action == Action::Custom {
        if policy.rules.is_empty() {
            errs.error(format!("CUSTOM {NO_RULES}"));
        } else if policy.provider.as_ref().is_none_or(|p| p.name.is_empty()) {
            errs.error("`provider.name` must not be empty");
        }
        for rule in policy.rules.iter().flatten() {
            check_custom_rule(rule, errs);
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
        check_when(rule, errs);
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
fn check_custom_rule(rule: &Rule, errs: &mut Report) {
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
            "source.namespace"
                | "source.serviceAccount"
                | "source.trustDomain"
                | "source.principal"
        ) || key.starts_with("request.auth.");
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
        if l4.iter().any(|l| !l.is_empty()) {
            tcp = true;
        }
    }
    (exists, tcp)
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

fn check_when(rule: &Rule, errs: &mut Report) {
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
        if let Err(e) = validate_attribute(key, &cond.values) {
            errs.error(format!("invalid `value` for `key` {key}: {e}"));
        }
        if let Err(e) = validate_attribute(key, &cond.not_values) {
            errs.error(format!("invalid `notValue` for `key` {key}: {e}"));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Value checks of Istio's pkg/config/security.

fn check_empty_values(key: &str, values: &[String]) -> Result<(), String> {
    if values.iter().any(String::is_empty) {
        return Err(format!("empty value not allowed, found in {key}"));
    }
    Ok(())
}

/// Non-empty values with at most one wildcard, at the start or the end.
fn check_wildcard_values(key: &str, values: &[String]) -> Result<(), String> {
    check_empty_values(key, values)?;
    for v in values {
        let n = v.matches('*').count();
        if n > 1 {
            return Err(format!(
                "at most one wildcard is allowed, found in {key}: {v:?}"
            ));
        }
        if n == 1 && v != "*" && !v.starts_with('*') && !v.ends_with('*') {
            return Err(format!(
                "wildcard is only allowed at the start or end, found in {key}: {v:?}"
            ));
        }
    }
    Ok(())
}

fn check_trust_domains(key: &str, values: &[String]) -> Result<(), String> {
    check_wildcard_values(key, values)?;
    if let Some(v) = values.iter().find(|v| v.contains('/')) {
        return Err(format!(
            "trust domain must not contain '/', found in {key}: {v:?}"
        ));
    }
    Ok(())
}

/// `serviceAccount` or `namespace/serviceAccount`, no wildcards, at most 16 values.
fn check_service_accounts(key: &str, values: &[String]) -> Result<(), String> {
    if values.len() > 16 {
        return Err("may not have more than 16 values".into());
    }
    const FORMAT: &str = "expected format 'serviceAccount' or 'namespace/serviceAccount'";
    for v in values {
        if v.is_empty() {
            return Err(format!("empty value not allowed, found in {key}"));
        }
        if v.contains('*') {
            return Err(format!("wildcard not allowed, found in {key}"));
        }
        if v.matches('/').count() > 1 {
            return Err(format!("{FORMAT}, found {v:?} in {key}"));
        }
        if v.len() > 320 {
            return Err(format!(
                "value cannot exceed 320 characters, found {v:?} in {key}"
            ));
        }
        match v.split_once('/') {
            Some(("", _)) => {
                return Err(format!("{FORMAT}, found empty namespace {v:?} in {key}"));
            }
            Some((_, "")) => {
                return Err(format!(
                    "{FORMAT}, found empty serviceAccount {v:?} in {key}"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// `{*}` and `{**}` path templates: `{**}` last, no other braces, segments valid pchars.
fn check_path_templates(key: &str, paths: &[String]) -> Result<(), String> {
    for path in paths {
        let templated = path.contains("{*}") || path.contains("{**}");
        let path = path.trim_matches('/');
        let mut match_any_seen = false;
        for glob in path.split('/') {
            let is_template = glob == "{*}" || glob == "{**}";
            if is_template && match_any_seen {
                return Err(format!(
                    "invalid or unsupported path {path}, found in {key}. {{**}} is not the last operator"
                ));
            }
            if is_template {
                match_any_seen |= glob == "{**}";
                continue;
            }
            if glob.contains(['{', '}']) {
                return Err(format!(
                    "invalid or unsupported path {path}, found in {key}. Contains '{{' or '}}' beyond a supported path template"
                ));
            }
            if templated && !is_valid_literal(glob) {
                return Err(format!(
                    "invalid or unsupported path {path}, found in {key}. Contains segment {glob} with invalid string literal"
                ));
            }
        }
    }
    Ok(())
}

/// RFC 3986 pchars (unreserved, pct-encoded, sub-delims but `*`, `:` and `@`).
fn is_valid_literal(glob: &str) -> bool {
    !glob.is_empty()
        && glob
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~%!$&'()+,;:@=".contains(&b))
}

/// `security.ValidateAttribute`: the values a `when` condition's key accepts.
fn validate_attribute(key: &str, values: &[String]) -> Result<(), String> {
    check_empty_values(key, values)?;
    let list = |errors: Vec<String>| {
        if errors.is_empty() {
            Ok(())
        } else {
            Err(multierror(&errors))
        }
    };
    match key {
        _ if key.starts_with("request.headers") => validate_map_key(key),
        "source.ip" | "remote.ip" | "destination.ip" => list(ip_errors(values)),
        "source.serviceAccount" => check_service_accounts(key, values),
        "source.trustDomain" => check_wildcard_values(key, values),
        "source.namespace"
        | "source.principal"
        | "request.auth.principal"
        | "request.auth.audiences"
        | "request.auth.presenter"
        | "connection.sni" => Ok(()),
        _ if key.starts_with("request.auth.claims") => validate_map_key(key),
        "destination.port" => list(port_errors(values)),
        _ if key.starts_with("experimental.envoy.filters.") => validate_map_key(key),
        "destination.namespace" => Err(format!(
            "attribute {key} is replaced by the metadata.namespace"
        )),
        _ if key.starts_with("destination.labels") => Err(format!(
            "attribute {key} is replaced by the workload selector"
        )),
        "destination.name" | "destination.user" => Err(format!(
            "deprecated attribute {key}: only supported in v1alpha1"
        )),
        _ => Err(format!("unknown attribute: {key}")),
    }
}

/// `a[b]`: a non-empty name, then a non-empty key in brackets at the end.
fn validate_map_key(key: &str) -> Result<(), String> {
    match key.find('[') {
        Some(open) if key.ends_with(']') && open > 0 && open < key.len() - 2 => Ok(()),
        _ => Err(format!("bad key ({key}): should have format a[b]")),
    }
}

/// `security.ValidateIPs`: each an IP address or a CIDR prefix.
fn ip_errors(ips: &[String]) -> Vec<String> {
    let mut errors = Vec::new();
    for v in ips {
        if let Some((addr, bits)) = v.split_once('/') {
            if let Err(e) = parse_prefix(addr, bits) {
                errors.push(format!(
                    "bad CIDR range ({v}): netip.ParsePrefix({v:?}): {e}"
                ));
            }
        } else if v.parse::<IpAddr>().is_err() {
            errors.push(format!("bad IP address ({v})"));
        }
    }
    errors
}

fn parse_prefix(addr: &str, bits: &str) -> Result<(), String> {
    let max = match addr.parse::<IpAddr>() {
        Ok(IpAddr::V4(_)) => 32,
        Ok(IpAddr::V6(_)) => 128,
        Err(_) => return Err(format!("ParseAddr({addr:?}): invalid address")),
    };
    let digits = !bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit());
    if !digits || (bits.len() > 1 && bits.starts_with('0')) {
        return Err(format!("bad bits after slash: {bits:?}"));
    }
    match bits.parse::<u32>() {
        Ok(n) if n <= max => Ok(()),
        _ => Err("prefix length out of range".into()),
    }
}

/// `security.ValidatePorts`: each a decimal number up to 65535.
fn port_errors(ports: &[String]) -> Vec<String> {
    let mut errors = Vec::new();
    for p in ports {
        let digits = !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        match p.parse::<u32>() {
            Ok(n) if digits && n <= 65535 => {}
            Ok(_) if digits => errors.push(format!("bad port ({p}): <nil>")),
            _ if digits => errors.push(format!(
                "bad port ({p}): strconv.ParseUint: parsing {p:?}: value out of range"
            )),
            _ => errors.push(format!(
                "bad port ({p}): strconv.ParseUint: parsing {p:?}: invalid syntax"
            )),
        }
    }
    errors
}
