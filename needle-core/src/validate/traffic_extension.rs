//! Validation of TrafficExtension (extensions.istio.io), as Istio's `ValidateTrafficExtension`
//! does it: exactly one of a Wasm module or Lua code, a policy scope, and traffic selectors.

use super::common::{PolicyTargetReference, Report, WorkloadSelector, check_policy_scope};
use super::wasm_plugin::{
    TrafficSelector, WasmConfig, check_image_pull_secret, check_sha256, check_traffic_selectors,
    check_url, check_vm_config,
};
use super::{Meta, decode};
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct TrafficExtension {
    selector: Option<WorkloadSelector>,
    target_refs: Vec<PolicyTargetReference>,
    phase: Option<ExecutionPhase>,
    priority: Option<i32>,
    r#match: Vec<Option<TrafficSelector>>,
    wasm: Option<WasmConfig>,
    lua: Option<LuaConfig>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename = "istio.extensions.v1alpha1.TrafficExtension.ExecutionPhase")]
enum ExecutionPhase {
    #[serde(rename = "UNSPECIFIED")]
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
struct LuaConfig {
    inline_code: String,
}

/// Validate a TrafficExtension spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let ext: TrafficExtension = decode(spec)?;
    if ext.wasm.is_some() && ext.lua.is_some() {
        // `wasm` and `lua` are a protobuf oneof: setting both is a decoding error.
        return Err(
            "oneof istio.extensions.v1alpha1.TrafficExtension.filter_config is already set".into(),
        );
    }
    if crate::validate::check_metadata(meta, report) {
        return Ok(());
    }
    if ext.wasm.is_none() && ext.lua.is_none() {
        report.error("exactly one of wasm or lua must be set");
    }
    check_policy_scope(
        ext.selector.as_ref(),
        None,
        &ext.target_refs,
        meta.release,
        report,
    );
    if let Some(lua) = &ext.lua {
        if lua.inline_code.is_empty() {
            report.error("lua.inlineCode cannot be empty");
        } else if lua.inline_code.len() > 65536 {
            report.error("lua.inlineCode exceeds maximum size of 64KB");
        }
    }
    if let Some(wasm) = &ext.wasm {
        report.check(check_url(&wasm.url));
        report.check(check_sha256(&wasm.sha256));
        report.check(check_image_pull_secret(&wasm.image_pull_secret));
        if wasm.plugin_name.len() > 256 {
            report.error("pluginName field must be less than 256 characters long");
        }
        report.check(check_vm_config(wasm.vm_config.as_ref()));
    }
    report.check(check_traffic_selectors(&ext.r#match));
    Ok(())
}
