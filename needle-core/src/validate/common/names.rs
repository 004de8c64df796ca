//! Names as Istio checks them: DNS-1123 labels (Istio's flavour, upper case allowed), FQDNs,
//! wildcard domains, the `namespace/host` form of Gateway and Sidecar hosts, subset names.

use super::is_ip;

/// Istio's `labels.IsDNS1123Label`: letters of either case, digits and `-`, not starting or
/// ending with `-`, at most 63 characters. (Istio accepts upper case, unlike Kubernetes.)
pub fn is_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

/// Istio's `labels.IsWildcardDNS1123Label`: `*`, or a label optionally prefixed by `*` or `*-`.
fn is_wildcard_dns1123_label(s: &str) -> bool {
    if s.len() > 63 {
        return false;
    }
    if s == "*" {
        return true;
    }
    let rest = s
        .strip_prefix("*-")
        .or_else(|| s.strip_prefix('*'))
        .unwrap_or(s);
    is_dns1123_label(rest)
}

/// `CheckDNS1123Preconditions`.
pub fn check_dns1123_preconditions(name: &str) -> Result<(), String> {
    if name.len() > 255 {
        return Err(format!("domain name {name:?} too long (max 255)"));
    }
    if name.is_empty() {
        return Err("empty domain name not allowed".into());
    }
    Ok(())
}

/// `ValidateDNS1123Labels`.
fn validate_dns1123_labels(domain: &str) -> Result<(), String> {
    let parts: Vec<&str> = domain.split('.').collect();
    let tld = parts[parts.len() - 1];
    if !tld.is_empty() && tld.parse::<i64>().is_ok() {
        return Err(format!(
            "domain name {domain:?} invalid (top level domain {tld:?} cannot be all-numeric)"
        ));
    }
    for (i, label) in parts.iter().enumerate() {
        if i == parts.len() - 1 && label.is_empty() {
            return Ok(());
        }
        if !is_dns1123_label(label) {
            return Err(format!(
                "domain name {domain:?} invalid (label {label:?} invalid)"
            ));
        }
    }
    Ok(())
}

/// `ValidateFQDN`.
pub fn validate_fqdn(fqdn: &str) -> Result<(), String> {
    check_dns1123_preconditions(fqdn)?;
    validate_dns1123_labels(fqdn)
}

/// `ValidateWildcardDomain`: an FQDN whose first label may be a wildcard.
pub fn validate_wildcard_domain(domain: &str) -> Result<(), String> {
    check_dns1123_preconditions(domain)?;
    let (first, rest) = match domain.split_once('.') {
        Some((f, r)) => (f, Some(r)),
        None => (domain, None),
    };
    if !is_wildcard_dns1123_label(first) {
        return Err(format!(
            "domain name {domain:?} invalid (label {first:?} invalid)"
        ));
    }
    match rest {
        Some(rest) => validate_dns1123_labels(rest),
        None => Ok(()),
    }
}

/// `ValidatePartialWildCard`: `*` alone or as a whole first label only.
pub fn validate_partial_wildcard(host: &str) -> Result<(), String> {
    if host.contains('*') && host.len() != 1 && !host.starts_with("*.") {
        return Err(format!("partial wildcard {host:?} not allowed"));
    }
    Ok(())
}

/// `validateSubsetName`.
pub fn validate_subset_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("subset name cannot be empty".into());
    }
    if !is_dns1123_label(name) {
        return Err(format!("subset name is invalid: {name}"));
    }
    Ok(())
}

/// The host part of a `namespace/host` entry of a Sidecar or Gateway.
fn validate_hostname_part(hostname: &str, is_gateway: bool) -> Vec<String> {
    let mut errs = Vec::new();
    if hostname != "*" && !hostname.contains('.') {
        errs.push("short names (non FQDN) are not allowed".to_string());
    }
    if let Err(e) = validate_wildcard_domain(hostname) {
        if !is_gateway {
            errs.push(e.clone());
        }
        if !is_ip(hostname) {
            errs.push(e);
        }
    }
    errs.extend(validate_partial_wildcard(hostname).err());
    errs
}

/// Whose hosts `validate_namespace_slash_wildcard_hostname` checks.
#[derive(Debug, Clone, Copy)]
pub enum HostOwner {
    /// A Gateway's server; with Gateway API semantics `~` is a namespace too.
    Gateway { gateway_semantics: bool },
    /// A Sidecar's egress listener; from 1.31 a namespace may be excluded with `~`.
    Sidecar { excluded_namespaces: bool },
}

/// `ValidateNamespaceSlashWildcardHostname`: `namespace/host` (or a bare host in Gateways).
pub fn validate_namespace_slash_wildcard_hostname(hostname: &str, owner: HostOwner) -> Vec<String> {
    let is_gateway = matches!(owner, HostOwner::Gateway { .. });
    let Some((ns, host)) = hostname.split_once('/') else {
        if is_gateway {
            return validate_hostname_part(hostname, true);
        }
        return vec!["host must be of form namespace/dnsName".into()];
    };
    let mut errs = Vec::new();
    if ns.is_empty() || host.is_empty() {
        errs.push("config namespace and dnsName in host entry cannot be empty".to_string());
    }
    match owner {
        HostOwner::Sidecar {
            excluded_namespaces: true,
        } => {
            let n = ns.strip_prefix('~').unwrap_or(ns);
            if !n.is_empty() && n != "*" && n != "." && !is_dns1123_label(n) {
                errs.push(format!("invalid namespace value {ns:?} in sidecar"));
            }
        }
        HostOwner::Sidecar {
            excluded_namespaces: false,
        } => {
            if ns != "*" && ns != "." && ns != "~" && !is_dns1123_label(ns) {
                errs.push(format!("invalid namespace value {ns:?} in sidecar"));
            }
        }
        HostOwner::Gateway { gateway_semantics } => {
            if ns != "*" && ns != "." && (ns != "~" || !gateway_semantics) && !is_dns1123_label(ns)
            {
                errs.push(format!("invalid namespace value {ns:?} in gateway"));
            }
        }
    }
    errs.extend(validate_hostname_part(host, is_gateway));
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_domains() {
        assert!(validate_fqdn("istio.io").is_ok());
        assert!(validate_fqdn("istio.io.").is_ok());
        assert!(validate_fqdn("istio.123").is_err());
        assert!(
            validate_fqdn("Istio.io").is_ok(),
            "Istio accepts upper case"
        );
        assert!(validate_fqdn("-istio.io").is_err());
        assert!(validate_wildcard_domain("*.istio.io").is_ok());
        assert!(validate_wildcard_domain("*").is_ok());
        assert!(validate_wildcard_domain("foo.*.io").is_err());
        assert!(validate_partial_wildcard("*foo.com").is_err());
    }

    #[test]
    fn wildcard_labels_follow_istio() {
        assert!(is_wildcard_dns1123_label("*"));
        assert!(is_wildcard_dns1123_label("*-foo"));
        assert!(is_wildcard_dns1123_label("*foo"));
        assert!(!is_wildcard_dns1123_label("*--foo"));
        assert!(!is_wildcard_dns1123_label("f*o"));
        assert!(validate_fqdn("Istio.io").is_ok());
    }

    #[test]
    fn gateway_hosts() {
        let gateway = HostOwner::Gateway {
            gateway_semantics: false,
        };
        assert!(validate_namespace_slash_wildcard_hostname("*/foo.com", gateway).is_empty());
        assert!(validate_namespace_slash_wildcard_hostname("1.2.3.4", gateway).is_empty());
        assert_eq!(
            validate_namespace_slash_wildcard_hostname("*bar.com", gateway),
            vec!["partial wildcard \"*bar.com\" not allowed".to_string()]
        );
    }

    #[test]
    fn sidecar_hosts_exclude_namespaces_from_1_31() {
        let hosts = |excluded_namespaces| {
            let owner = HostOwner::Sidecar {
                excluded_namespaces,
            };
            ["~legacy/*", "/foo.com", "~/foo.com"]
                .map(|h| validate_namespace_slash_wildcard_hostname(h, owner))
        };
        let [excluded, empty, bare] = hosts(true);
        assert!(excluded.is_empty() && bare.is_empty());
        assert_eq!(
            empty,
            ["config namespace and dnsName in host entry cannot be empty"]
        );
        let [excluded, empty, bare] = hosts(false);
        assert_eq!(excluded, ["invalid namespace value \"~legacy\" in sidecar"]);
        assert_eq!(empty.len(), 2, "{empty:?}");
        assert!(bare.is_empty());
    }
}
