//! Addresses as Istio checks them: IPs and subnets as Go's `netip` parses them, `host:port` as
//! Go's `net.SplitHostPort` splits it, unix socket paths.

pub const UNIX_ADDRESS_PREFIX: &str = "unix://";

/// Whether Go's `netip.ParseAddr` accepts the string (IPv6 zones such as `fe80::1%eth0` included).
pub fn is_ip(s: &str) -> bool {
    crate::compat::netip::parse_addr(s).is_ok()
}

/// `ValidateIPAddress`.
pub fn validate_ip_address(addr: &str) -> Result<(), String> {
    if is_ip(addr) {
        Ok(())
    } else {
        Err(format!("{addr} is not a valid IP"))
    }
}

/// `ValidateIPSubnet`: CIDR (`10.0.0.0/8`) or a single IP.
pub fn validate_ip_subnet(subnet: &str) -> Result<(), String> {
    if subnet.matches('/').count() == 1 {
        return crate::compat::netip::parse_prefix(subnet)
            .map_err(|_| format!("{subnet} is not a valid CIDR block"));
    }
    validate_ip_address(subnet)
}

/// Go's `net.SplitHostPort`, with its error texts.
pub fn split_host_port(hp: &str) -> Result<(&str, &str), String> {
    let err = |why: &str| format!("address {hp}: {why}");
    let Some(i) = hp.rfind(':') else {
        return Err(err("missing port in address"));
    };
    let (host, j, k) = if hp.starts_with('[') {
        let Some(end) = hp.find(']') else {
            return Err(err("missing ']' in address"));
        };
        if end + 1 == hp.len() {
            return Err(err("missing port in address"));
        }
        if end + 1 != i {
            return Err(if hp.as_bytes()[end + 1] == b':' {
                err("too many colons in address")
            } else {
                err("missing port in address")
            });
        }
        (&hp[1..end], 1, end + 1)
    } else {
        let host = &hp[..i];
        if host.contains(':') {
            return Err(err("too many colons in address"));
        }
        (host, 0, 0)
    };
    if hp[j..].contains('[') {
        return Err(err("unexpected '[' in address"));
    }
    if hp[k..].contains(']') {
        return Err(err("unexpected ']' in address"));
    }
    Ok((host, &hp[i + 1..]))
}

/// `ValidateUnixAddress` (the path after `unix://`).
pub fn validate_unix_address(addr: &str) -> Result<(), String> {
    if addr.is_empty() {
        return Err("unix address must not be empty".into());
    }
    if addr.starts_with('@') {
        return Ok(());
    }
    if !addr.starts_with('/') || addr.ends_with('/') {
        return Err(format!("{addr} is not an absolute path to a file"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert!(is_ip("fe80::1%eth0"));
        assert!(validate_ip_subnet("10.0.0.0/8").is_ok());
        assert!(validate_ip_subnet("10.0.0.0/33").is_err());
        assert!(validate_ip_subnet("::1").is_ok());
    }
}
