//! Validation of WasmPlugin (extensions.istio.io), as Istio's `ValidateWasmPlugin` does it, with
//! the Wasm module checks TrafficExtension shares.

use super::common::go_url;
use super::common::{
    PolicyTargetReference, PortSelector, Report, WorkloadMode, WorkloadSelector, check_policy_scope,
};
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
    if crate::validate::check_metadata(meta, report) {
        return Ok(());
    }
    check_policy_scope(
        plugin.selector.as_ref(),
        plugin.target_ref.as_ref(),
        &plugin.target_refs,
        meta.release,
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
