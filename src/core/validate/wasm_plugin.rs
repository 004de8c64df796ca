//! Validation of WasmPlugin (extensions.istio.io), as Istio's `ValidateWasmPlugin` does it, with
//! the Wasm module checks TrafficExtension shares and a port of the URL parsing rules of Go's
//! `net/url` that Istio's URL checks rely on.

use super::authorization_policy::{
    PolicyTargetReference, PortSelector, WorkloadMode, WorkloadSelector, check_policy_scope,
};
use super::common::Report;
use super::{Meta, decode};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashSet;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct WasmPlugin {
    selector: Option<WorkloadSelector>,
    target_ref: Option<PolicyTargetReference>,
    target_refs: Vec<PolicyTargetReference>,
    url: String,
    sha256: String,
    image_pull_policy: Option<PullPolicy>,
    image_pull_secret: String,
    verification_key: String,
    plugin_config: Option<serde_json::Map<String, Value>>,
    plugin_name: String,
    phase: Option<PluginPhase>,
    priority: Option<i32>,
    fail_strategy: Option<FailStrategy>,
    vm_config: Option<VmConfig>,
    r#match: Vec<Option<TrafficSelector>>,
    r#type: Option<PluginType>,
}

/// `WasmConfig`: the Wasm module of a TrafficExtension.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct WasmConfig {
    pub url: String,
    pub sha256: String,
    pub image_pull_policy: Option<PullPolicy>,
    pub image_pull_secret: String,
    pub verification_key: String,
    pub plugin_config: Option<serde_json::Map<String, Value>>,
    pub plugin_name: String,
    pub fail_strategy: Option<FailStrategy>,
    pub vm_config: Option<VmConfig>,
    pub r#type: Option<PluginType>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.extensions.v1alpha1.PullPolicy")]
pub(crate) enum PullPolicy {
    #[serde(rename = "UNSPECIFIED_POLICY")]
    Unspecified,
    IfNotPresent,
    Always,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.extensions.v1alpha1.FailStrategy")]
pub(crate) enum FailStrategy {
    #[serde(rename = "FAIL_CLOSE")]
    Close,
    #[serde(rename = "FAIL_OPEN")]
    Open,
    #[serde(rename = "FAIL_RELOAD")]
    Reload,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.extensions.v1alpha1.PluginType")]
pub(crate) enum PluginType {
    #[serde(rename = "UNSPECIFIED_PLUGIN_TYPE")]
    Unspecified,
    #[serde(rename = "HTTP")]
    Http,
    #[serde(rename = "NETWORK")]
    Network,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.extensions.v1alpha1.PluginPhase")]
pub(crate) enum PluginPhase {
    #[serde(rename = "UNSPECIFIED_PHASE")]
    Unspecified,
    #[serde(rename = "AUTHN")]
    Authn,
    #[serde(rename = "AUTHZ")]
    Authz,
    #[serde(rename = "STATS")]
    Stats,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct VmConfig {
    pub env: Vec<Option<EnvVar>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct EnvVar {
    pub name: String,
    pub value_from: EnvValueSource,
    pub value: String,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename = "istio.extensions.v1alpha1.EnvValueSource")]
pub(crate) enum EnvValueSource {
    #[default]
    #[serde(rename = "INLINE")]
    Inline,
    #[serde(rename = "HOST")]
    Host,
}

/// `TrafficSelector` (also WasmPlugin's nested one).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct TrafficSelector {
    pub mode: Option<WorkloadMode>,
    pub ports: Vec<Option<PortSelector>>,
}

/// Validate a WasmPlugin spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let plugin: WasmPlugin = decode(spec)?;
    if crate::core::validate::check_metadata(meta, report) {
        return Ok(());
    }
    check_policy_scope(
        plugin.selector.as_ref(),
        plugin.target_ref.as_ref(),
        &plugin.target_refs,
        report,
    );
    report.check(check_url(&plugin.url));
    report.check(check_sha256(&plugin.sha256));
    report.check(check_image_pull_secret(&plugin.image_pull_secret));
    if plugin.plugin_name.len() > 256 {
        report.error("pluginName field must be less than 255 characters long");
    }
    report.check(check_vm_config(plugin.vm_config.as_ref()));
    report.check(check_traffic_selectors(&plugin.r#match));
    Ok(())
}

/// `validateWasmPluginURL`: set, parseable, and `file`, `http`, `https`, `oci` or no scheme.
pub(crate) fn check_url(url: &str) -> Result<(), String> {
    if url.is_empty() {
        return Err("url field needs to be set".into());
    }
    let scheme = strict_parse_url(url)?;
    if !matches!(scheme.as_str(), "" | "file" | "http" | "https" | "oci") {
        return Err(format!("url contains unsupported scheme: {scheme}"));
    }
    Ok(())
}

/// Istio's `strictParseURL`: as a request URI, else with `http://` in front; the scheme.
fn strict_parse_url(original: &str) -> Result<String, String> {
    match go_url::parse_request_uri(original) {
        Ok(u) => go_url::parse(original)
            .map(|_| u.scheme)
            .map_err(|e| format!("failed to strict parse url: {e}")),
        Err(first) => {
            let with_scheme = format!("http://{original}");
            let u = go_url::parse_request_uri(&with_scheme)
                .map_err(|_| format!("failed to parse url: {first}"))?;
            go_url::parse(&with_scheme)
                .map(|_| u.scheme)
                .map_err(|e| format!("failed to strict parse url: {e}"))
        }
    }
}

/// `validateWasmPluginSHA`.
pub(crate) fn check_sha256(sha: &str) -> Result<(), String> {
    if sha.is_empty() {
        return Ok(());
    }
    if sha.len() != 64 {
        return Err("sha256 field must be 64 characters long".into());
    }
    if !sha.bytes().all(|b| matches!(b, b'a'..=b'f' | b'0'..=b'9')) {
        return Err("sha256 field must match [a-f0-9]{64} pattern".into());
    }
    Ok(())
}

/// `validateWasmPluginImagePullSecret`.
pub(crate) fn check_image_pull_secret(secret: &str) -> Result<(), String> {
    if secret.len() > 253 {
        return Err("imagePullSecret field must be less than 253 characters long".into());
    }
    Ok(())
}

/// `validateWasmPluginVMConfig`: named, unique env vars; values only when INLINE.
pub(crate) fn check_vm_config(vm: Option<&VmConfig>) -> Result<(), String> {
    let Some(vm) = vm else { return Ok(()) };
    let mut seen = HashSet::new();
    for env in vm.env.iter().flatten() {
        if env.name.is_empty() {
            return Err("spec.vmConfig.env invalid".into());
        }
        if env.name.len() > 256 {
            return Err("env.name field must be less than 255 characters long".into());
        }
        if !seen.insert(env.name.as_str()) {
            return Err("duplicate env".into());
        }
        if env.value_from != EnvValueSource::Inline && !env.value.is_empty() {
            return Err("value may only be set when valueFrom is INLINE".into());
        }
    }
    Ok(())
}

/// `validateWasmPluginMatch` / `validateTrafficExtensionMatch`: ports in 1..65535.
pub(crate) fn check_traffic_selectors(selectors: &[Option<TrafficSelector>]) -> Result<(), String> {
    for (i, sel) in selectors.iter().enumerate() {
        let Some(sel) = sel else {
            return Err(format!("spec.Match[{i}] is nil"));
        };
        let _ = sel.mode;
        for (j, port) in sel.ports.iter().enumerate() {
            let Some(port) = port else {
                return Err(format!("spec.Match[{i}].Ports[{j}] is nil"));
            };
            if port.number == 0 || port.number > 65535 {
                return Err(format!(
                    "spec.Match[{i}].Ports[{j}] is out of range: {}",
                    port.number
                ));
            }
        }
    }
    Ok(())
}

/// The parts of Go's `net/url` parsing whose errors Istio reports: `Parse` and
/// `ParseRequestURI` accept or reject the same strings, with the same error texts.
pub(crate) mod go_url {
    /// What Istio looks at in a parsed URL.
    #[derive(Debug, Default, Clone, PartialEq, Eq)]
    pub(crate) struct Url {
        pub scheme: String,
        /// `host[:port]` of the authority, if there is one.
        pub host: String,
    }

    impl Url {
        /// The port after the host, if any (Go's `URL.Port`).
        pub(crate) fn port(&self) -> &str {
            match self.host.rfind(':') {
                Some(i) if self.host[i + 1..].bytes().all(|b| b.is_ascii_digit()) => {
                    &self.host[i + 1..]
                }
                _ => "",
            }
        }
    }

    /// `url.Parse`: any URL reference; a `#fragment` is split off first.
    pub(crate) fn parse(raw: &str) -> Result<Url, String> {
        let (u, frag) = raw.split_once('#').unwrap_or((raw, ""));
        let url = parse_inner(u, false).map_err(|e| wrap(u, &e))?;
        if !frag.is_empty() {
            unescape(frag, Mode::Other).map_err(|e| wrap(raw, &e))?;
        }
        Ok(url)
    }

    /// `url.ParseRequestURI`: an absolute URL or an absolute path, no fragment.
    pub(crate) fn parse_request_uri(raw: &str) -> Result<Url, String> {
        parse_inner(raw, true).map_err(|e| wrap(raw, &e))
    }

    fn wrap(url: &str, err: &str) -> String {
        // Go's `%q`: a control character prints as `\b`, where Rust's `{:?}` has `\u{8}`.
        format!(
            "parse {}: {err}",
            crate::core::gotemplate::funcs::go_quote(url)
        )
    }

    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mode {
        Host,
        Other,
    }

    fn parse_inner(raw: &str, via_request: bool) -> Result<Url, String> {
        if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
            return Err("net/url: invalid control character in URL".into());
        }
        if raw.is_empty() && via_request {
            return Err("empty url".into());
        }
        if raw == "*" {
            return Ok(Url::default());
        }
        let (scheme, rest) = split_scheme(raw)?;
        let mut url = Url {
            scheme: scheme.to_ascii_lowercase(),
            ..Url::default()
        };
        let rest = if rest.ends_with('?') && rest.matches('?').count() == 1 {
            &rest[..rest.len() - 1]
        } else {
            rest.split_once('?').map_or(rest, |(r, _)| r)
        };
        if !rest.starts_with('/') {
            if !url.scheme.is_empty() {
                return Ok(url);
            }
            if via_request {
                return Err("invalid URI for request".into());
            }
            let segment = rest.split('/').next().unwrap_or_default();
            if segment.contains(':') {
                return Err("first path segment in URL cannot contain colon".into());
            }
        }
        let mut path = rest;
        let authority_form = !url.scheme.is_empty() || (!via_request && !rest.starts_with("///"));
        if authority_form && rest.starts_with("//") {
            let after = &rest[2..];
            let (authority, p) = match after.find('/') {
                Some(i) => (&after[..i], &after[i..]),
                None => (after, ""),
            };
            url.host = parse_authority(&url.scheme, authority)?;
            path = p;
        }
        unescape(path, Mode::Other)?;
        Ok(url)
    }

    /// A leading `scheme:`, if the string has one.
    fn split_scheme(raw: &str) -> Result<(&str, &str), String> {
        for (i, c) in raw.bytes().enumerate() {
            match c {
                b'a'..=b'z' | b'A'..=b'Z' => {}
                b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
                b':' if i == 0 => return Err("missing protocol scheme".into()),
                b':' => return Ok((&raw[..i], &raw[i + 1..])),
                _ => return Ok(("", raw)),
            }
        }
        Ok(("", raw))
    }

    fn parse_authority(scheme: &str, authority: &str) -> Result<String, String> {
        let (userinfo, host) = match authority.rfind('@') {
            Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
            None => (None, authority),
        };
        let host = parse_host(scheme, host)?;
        if let Some(user) = userinfo {
            let valid = user.bytes().all(|b| {
                b.is_ascii_alphanumeric() || b"-._:~!$&'()*+,;=%@".contains(&b) || b >= 0x80
            });
            if !valid {
                return Err("net/url: invalid userinfo".into());
            }
            for part in user.splitn(2, ':') {
                unescape(part, Mode::Other)?;
            }
        }
        Ok(host)
    }

    fn parse_host(scheme: &str, host: &str) -> Result<String, String> {
        match host.rfind('[') {
            Some(i) if i > 0 => return Err("invalid IP-literal".into()),
            Some(_) => {
                let close = host.rfind(']').ok_or("missing ']' in host")?;
                let port = &host[close + 1..];
                if !valid_optional_port(port) {
                    return Err(format!("invalid port {port:?} after host"));
                }
                let literal = &host[1..close];
                let literal = literal.split_once("%25").map_or(literal, |(a, _)| a);
                let unescaped = unescape(literal, Mode::Host)?;
                return match unescaped.parse::<std::net::IpAddr>() {
                    Ok(std::net::IpAddr::V6(_)) => Ok(host.to_string()),
                    Ok(_) => Err("invalid IP-literal".into()),
                    Err(_) => Err(format!(
                        "invalid host: ParseAddr({unescaped:?}): unable to parse IP"
                    )),
                };
            }
            None => {}
        }
        if let Some(first) = host.find(':') {
            let last = host.rfind(':').unwrap_or(first);
            let i = if scheme == "http" || scheme == "https" {
                first
            } else {
                last
            };
            let port = &host[i..];
            if !valid_optional_port(port) {
                return Err(format!("invalid port {port:?} after host"));
            }
        }
        unescape(host, Mode::Host)?;
        Ok(host.to_string())
    }

    fn valid_optional_port(port: &str) -> bool {
        port.is_empty()
            || port
                .strip_prefix(':')
                .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
    }

    /// Check `%XX` escapes (and, in a host, the characters allowed); the unescaped text.
    fn unescape(s: &str, mode: Mode) -> Result<String, String> {
        let b = s.as_bytes();
        let mut out = Vec::with_capacity(b.len());
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'%' => {
                    let ok = i + 2 < b.len()
                        && b[i + 1].is_ascii_hexdigit()
                        && b[i + 2].is_ascii_hexdigit();
                    if !ok {
                        let end = (i + 3).min(b.len());
                        return Err(format!("invalid URL escape {:?}", &s[i..end]));
                    }
                    let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or_default();
                    if mode == Mode::Host && v < 0x80 && &s[i..i + 3] != "%25" {
                        return Err(format!("invalid URL escape {:?}", &s[i..i + 3]));
                    }
                    out.push(v);
                    i += 3;
                }
                c => {
                    if mode == Mode::Host && c < 0x80 && !host_char(c) {
                        return Err(format!(
                            "invalid character {:?} in host name",
                            (c as char).to_string()
                        ));
                    }
                    out.push(c);
                    i += 1;
                }
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    fn host_char(c: u8) -> bool {
        c.is_ascii_alphanumeric() || b"!\"$&'()*+,-.:;<=>[]_~".contains(&c)
    }
}
