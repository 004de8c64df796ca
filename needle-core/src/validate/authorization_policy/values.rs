//! The value checks of Istio's `pkg/config/security` that AuthorizationPolicy rules use: empty
//! values, wildcards, service accounts, trust domains, path templates, `when` attributes, IPs
//! and ports.

use crate::release::{Feature, Release};
use std::net::IpAddr;

use crate::validate::common::multierror;

pub(super) fn check_empty_values(key: &str, values: &[String]) -> Result<(), String> {
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

pub(super) fn check_trust_domains(key: &str, values: &[String]) -> Result<(), String> {
    check_wildcard_values(key, values)?;
    if let Some(v) = values.iter().find(|v| v.contains('/')) {
        return Err(format!(
            "trust domain must not contain '/', found in {key}: {v:?}"
        ));
    }
    Ok(())
}

/// `serviceAccount` or `namespace/serviceAccount`, no wildcards, at most 16 values.
pub(super) fn check_service_accounts(key: &str, values: &[String]) -> Result<(), String> {
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
pub(super) fn check_path_templates(key: &str, paths: &[String]) -> Result<(), String> {
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

/// `security.ValidateAttribute`: the values a `when` condition's key accepts, in `release`.
pub(super) fn validate_attribute(
    key: &str,
    values: &[String],
    release: Release,
) -> Result<(), String> {
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
        "source.trustDomain" if release.has(Feature::TrustDomainRules) => {
            check_wildcard_values(key, values)
        }
        "source.trustDomain" if release.has(Feature::TrustDomainAttribute) => Ok(()),
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
pub(super) fn ip_errors(ips: &[String]) -> Vec<String> {
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
pub(super) fn port_errors(ports: &[String]) -> Vec<String> {
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
