//! Validators shared by every kind: durations, ports, host names, IPs, percentages, labels and
//! regular expressions, with Istio's error texts.

pub use crate::core::gofmt::format_go_duration;

/// Errors and warnings collected for one resource.
///
/// Istio joins errors in two ways, and its message shows which: `AppendErrors` keeps a lone
/// error as it is (`configuration is invalid: port must be ...`), while `multierror.Append`
/// makes a list even of one (`1 error occurred:\n\t* ...`). `listed` records that some error
/// was gathered the second way, so the message can be printed as Istio prints it.
///
/// The checks also find problems Istio's decoder rejects before any rule runs (two members
/// of a oneof set, malformed bytes) that needle's decoder lets through; the first one is kept
/// apart, and the kind's `validate` returns it as its `Err` (see `take_decode_error`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    pub listed: bool,
    decode_error: Option<String>,
}

impl Report {
    pub fn error(&mut self, message: impl Into<String>) {
        self.errors.push(message.into());
    }

    pub fn warning(&mut self, message: impl Into<String>) {
        self.warnings.push(message.into());
    }

    /// Record the error of a check, if any.
    pub fn check(&mut self, result: Result<(), String>) {
        if let Err(e) = result {
            self.errors.push(e);
        }
    }

    /// Record the error of a check with a prefix naming where it applies.
    pub fn check_at(&mut self, prefix: &str, result: Result<(), String>) {
        if let Err(e) = result {
            self.errors.push(format!("{prefix}: {e}"));
        }
    }

    /// Run checks whose errors Istio gathers with `multierror.Append`: any error they record
    /// makes the whole message a list.
    pub fn listed<R>(&mut self, checks: impl FnOnce(&mut Report) -> R) -> R {
        let before = self.errors.len();
        let out = checks(self);
        if self.errors.len() > before {
            self.listed = true;
        }
        out
    }

    /// An error Istio adds with `multierror.Append`.
    pub fn listed_error(&mut self, message: impl Into<String>) {
        self.listed(|r| r.error(message));
    }

    /// The errors of a check that returns a `multierror` (Istio's IP and port list checks).
    pub fn listed_errors(&mut self, errors: impl IntoIterator<Item = String>) {
        self.listed(|r| r.errors.extend(errors));
    }

    /// Take over the errors and warnings of checks run on their own report.
    pub fn merge(&mut self, other: Report) {
        self.listed |= other.listed && !other.errors.is_empty();
        self.errors.extend(other.errors);
        self.warnings.extend(other.warnings);
        if self.decode_error.is_none() {
            self.decode_error = other.decode_error;
        }
    }

    /// Run checks whose warnings Istio drops (it merges their result as a plain error).
    pub fn errors_only(&mut self, checks: impl FnOnce(&mut Report)) {
        let kept = self.warnings.len();
        checks(self);
        self.warnings.truncate(kept);
    }

    /// A protobuf oneof: at most one member may be present, or the spec does not decode.
    pub fn oneof(&mut self, oneof: &str, members: &[(&str, bool)]) {
        let set: Vec<&str> = members.iter().filter(|m| m.1).map(|m| m.0).collect();
        if set.len() > 1 {
            self.decode_error(format!(
                "oneof {oneof} has more than one field set: {}",
                set.join(", ")
            ));
        }
    }

    /// A value that is malformed for its protobuf type; only the first one is kept.
    pub fn decode_error(&mut self, message: impl Into<String>) {
        if self.decode_error.is_none() {
            self.decode_error = Some(message.into());
        }
    }

    /// `Err` with the decoding problem the checks found, if any, which leaves the report.
    pub fn take_decode_error(&mut self) -> Result<(), String> {
        match self.decode_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The errors as the text of Istio's error value.
    pub fn error_text(&self) -> String {
        go_error_text(&self.errors, self.listed)
    }
}

/// The text of an error Istio built from `errors`: a lone error that was never put in a
/// list prints as itself, anything else as `multierror` prints it.
pub fn go_error_text(errors: &[String], listed: bool) -> String {
    match errors {
        [one] if !listed => one.clone(),
        _ => multierror(errors),
    }
}

/// A list of errors as Go's `multierror` prints it.
pub fn multierror(errors: &[String]) -> String {
    match errors {
        [] => String::new(),
        [one] => format!("1 error occurred:\n\t* {one}\n\n"),
        many => {
            let items: String = many.iter().map(|e| format!("\t* {e}\n")).collect();
            format!("{} errors occurred:\n{items}\n", many.len())
        }
    }
}

/// A duration as Istio's decoder reads `google.protobuf.Duration` fields: Go's
/// `time.ParseDuration` (`"1.5s"`, `"300ms"`, `"2h45m"`, `"0"`), in nanoseconds. The error
/// is the decoder's text.
pub fn parse_duration(s: &str) -> Result<i128, String> {
    crate::core::gofmt::parse_go_duration(s).map_err(|e| format!("bad Duration: {e}"))
}

/// `ValidateDuration`: at least 1 ms, in whole milliseconds.
pub fn validate_duration(nanos: i128) -> Result<(), String> {
    if nanos < 1_000_000 {
        return Err("duration must be greater than 1ms".into());
    }
    if nanos % 1_000_000 != 0 {
        return Err("only durations to ms precision are supported".into());
    }
    Ok(())
}

/// `ValidatePort`.
pub fn validate_port(port: i64) -> Result<(), String> {
    if (1..=65535).contains(&port) {
        Ok(())
    } else {
        Err(format!("port number {port} must be in the range 1..65535"))
    }
}

/// `validatePercent`.
pub fn validate_percent(value: i64) -> Result<(), String> {
    if (0..=100).contains(&value) {
        Ok(())
    } else {
        Err(format!("percentage {value} is not in range 0..100"))
    }
}

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
pub fn is_wildcard_dns1123_label(s: &str) -> bool {
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
pub fn validate_dns1123_labels(domain: &str) -> Result<(), String> {
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

/// Whether Go's `netip.ParseAddr` accepts the string (IPv6 zones such as `fe80::1%eth0` included).
pub fn is_ip(s: &str) -> bool {
    crate::core::netip::parse_addr(s).is_ok()
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
        return crate::core::netip::parse_prefix(subnet)
            .map_err(|_| format!("{subnet} is not a valid CIDR block"));
    }
    validate_ip_address(subnet)
}

/// A regular expression in RE2 syntax (what Envoy and Istio accept).
pub fn validate_regex(re: &str) -> Result<(), String> {
    regex::Regex::new(re)
        .map(|_| ())
        .map_err(|e| format!("{re:?} is not a valid regular expression: {e}"))
}

/// A port protocol, as Istio names them (case-insensitive).
/// Istio's `protocol.Instance`, as `protocol.Parse` classifies names (case-insensitive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Tcp,
    Udp,
    Grpc,
    GrpcWeb,
    Http,
    HttpProxy,
    Http2,
    Https,
    Tls,
    Mongo,
    Redis,
    MySql,
    Unsupported,
}

impl Protocol {
    pub fn parse(s: &str) -> Protocol {
        match s.to_ascii_lowercase().as_str() {
            "tcp" => Protocol::Tcp,
            "udp" => Protocol::Udp,
            "grpc" => Protocol::Grpc,
            "grpc-web" => Protocol::GrpcWeb,
            "http" => Protocol::Http,
            "http_proxy" => Protocol::HttpProxy,
            "http2" => Protocol::Http2,
            "https" => Protocol::Https,
            "tls" => Protocol::Tls,
            "mongo" => Protocol::Mongo,
            "redis" => Protocol::Redis,
            "mysql" => Protocol::MySql,
            _ => Protocol::Unsupported,
        }
    }

    pub fn is_http(self) -> bool {
        use Protocol::*;
        matches!(self, Http | Http2 | HttpProxy | Grpc | GrpcWeb)
    }

    pub fn is_tcp(self) -> bool {
        use Protocol::*;
        matches!(self, Tcp | Https | Tls | Mongo | Redis | MySql)
    }

    pub fn is_tls(self) -> bool {
        matches!(self, Protocol::Https | Protocol::Tls)
    }
}

/// `ValidateProtocol`: empty (sniffed) or a protocol Istio knows.
pub fn validate_protocol(protocol: &str) -> Result<(), String> {
    if !protocol.is_empty() && Protocol::parse(protocol) == Protocol::Unsupported {
        return Err(format!("unsupported protocol: {protocol}"));
    }
    Ok(())
}

/// `labels.Instance.Validate` (Istio's tag labels): each key must be an optional DNS prefix
/// and `/` then a qualified name, each value empty or a qualified name.
pub fn validate_tag_labels(
    labels: &std::collections::BTreeMap<String, String>,
    report: &mut Report,
) {
    // `labels.Instance.Validate` gathers with `multierror.Append`.
    report.listed(|report| {
        for (k, v) in labels {
            report.check(validate_tag_key(k));
            if !(v.is_empty() || is_qualified_name(v)) {
                report.error(format!("invalid tag value: {v:?}"));
            }
        }
    });
}

pub fn validate_tag_key(k: &str) -> Result<(), String> {
    let invalid = || format!("invalid tag key: {k:?}");
    let (prefix, name) = match k.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, k),
    };
    if let Some(p) = prefix
        && !p.split('.').all(is_label_chars)
    {
        return Err(invalid());
    }
    if !is_qualified_name(name) {
        return Err(invalid());
    }
    if prefix.is_some_and(|p| p.len() > 253) {
        return Err(format!("invalid tag key: {k:?} (DNS prefix is too long)"));
    }
    if name.len() > 63 {
        return Err(format!("invalid tag key: {k:?} (name is too long)"));
    }
    Ok(())
}

fn is_qualified_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// A DNS-1123 label's characters, without its length limit (tag-key prefixes check length
/// as a whole).
fn is_label_chars(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_follow_protobuf_json_and_istio_limits() {
        assert_eq!(parse_duration("1.5s").unwrap(), 1_500_000_000);
        assert_eq!(parse_duration("0.001s").unwrap(), 1_000_000);
        assert_eq!(parse_duration("300ms").unwrap(), 300_000_000);
        assert_eq!(parse_duration("2h45m").unwrap(), 9_900_000_000_000);
        assert_eq!(parse_duration("0").unwrap(), 0);
        assert_eq!(
            parse_duration("abc").unwrap_err(),
            "bad Duration: time: invalid duration \"abc\""
        );
        assert_eq!(
            parse_duration("10").unwrap_err(),
            "bad Duration: time: missing unit in duration \"10\""
        );
        assert_eq!(
            parse_duration("1x").unwrap_err(),
            "bad Duration: time: unknown unit \"x\" in duration \"1x\""
        );
        assert!(validate_duration(parse_duration("0.001s").unwrap()).is_ok());
        assert_eq!(
            validate_duration(parse_duration("0.0005s").unwrap()).unwrap_err(),
            "duration must be greater than 1ms"
        );
        assert_eq!(
            validate_duration(parse_duration("1.0005s").unwrap()).unwrap_err(),
            "only durations to ms precision are supported"
        );
        assert_eq!(format_go_duration(60_000_000_000), "1m0s");
        assert_eq!(format_go_duration(1_500_000_000), "1.5s");
        assert_eq!(format_go_duration(100_000_000), "100ms");
    }

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
        assert!(is_ip("fe80::1%eth0"));
        assert!(validate_wildcard_domain("*.istio.io").is_ok());
        assert!(validate_wildcard_domain("*").is_ok());
        assert!(validate_wildcard_domain("foo.*.io").is_err());
        assert!(validate_partial_wildcard("*foo.com").is_err());
        assert!(validate_ip_subnet("10.0.0.0/8").is_ok());
        assert!(validate_ip_subnet("10.0.0.0/33").is_err());
        assert!(validate_ip_subnet("::1").is_ok());
    }

    #[test]
    fn labels_and_regex() {
        assert!(validate_tag_key("app").is_ok());
        assert!(validate_tag_key("example.com/app").is_ok());
        assert!(validate_tag_key("-app").is_err());
        assert!(validate_regex("^/api/.*$").is_ok());
        assert!(validate_regex("(").is_err());
    }

    #[test]
    fn a_lone_error_prints_as_itself_unless_istio_listed_it() {
        let mut r = Report::default();
        r.error("a");
        assert_eq!(r.error_text(), "a");
        r.listed(|_| {});
        assert_eq!(r.error_text(), "a", "a listed check that found nothing");
        r.listed_error("b");
        assert_eq!(r.error_text(), "2 errors occurred:\n\t* a\n\t* b\n\n");
        let mut listed = Report::default();
        listed.listed_error("c");
        assert_eq!(listed.error_text(), "1 error occurred:\n\t* c\n\n");
        let mut merged = Report::default();
        merged.merge(listed);
        assert_eq!(merged.error_text(), "1 error occurred:\n\t* c\n\n");
        let mut labels = Report::default();
        validate_tag_labels(&[("-x".to_string(), "v".to_string())].into(), &mut labels);
        assert_eq!(
            labels.error_text(),
            "1 error occurred:\n\t* invalid tag key: \"-x\"\n\n"
        );
    }

    #[test]
    fn the_first_decoding_problem_is_kept_apart_from_the_errors() {
        let mut r = Report::default();
        r.oneof("m", &[("a", true), ("b", false)]);
        assert_eq!(r.take_decode_error(), Ok(()));
        r.oneof("m", &[("a", true), ("b", true)]);
        r.decode_error("later");
        assert!(r.errors.is_empty());
        let mut merged = Report::default();
        merged.merge(r);
        assert_eq!(
            merged.take_decode_error(),
            Err("oneof m has more than one field set: a, b".to_string())
        );
        assert_eq!(merged.take_decode_error(), Ok(()));
    }

    #[test]
    fn multierror_text() {
        assert_eq!(multierror(&["a".into()]), "1 error occurred:\n\t* a\n\n");
        assert_eq!(
            multierror(&["a".into(), "b".into()]),
            "2 errors occurred:\n\t* a\n\t* b\n\n"
        );
    }
}
