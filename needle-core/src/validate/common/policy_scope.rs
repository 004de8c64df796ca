//! What a policy applies to (`istio.type.v1beta1`): a workload selector or target references,
//! as the security, telemetry and extensions kinds check them.

use crate::release::{Feature, Release};
use serde::Deserialize;

use super::{Report, WorkloadSelector, validate_workload_selector};

/// `istio.type.v1beta1.PolicyTargetReference`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct PolicyTargetReference {
    pub group: String,
    pub kind: String,
    pub name: String,
    pub namespace: String,
}

/// `istio.type.v1beta1.PortSelector`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct PortSelector {
    pub number: u32,
}

/// `istio.type.v1beta1.WorkloadMode`.
#[derive(Debug, Default, Clone, Copy, Deserialize)]
#[serde(rename = "istio.type.v1beta1.WorkloadMode")]
pub enum WorkloadMode {
    #[default]
    #[serde(rename = "UNDEFINED")]
    Undefined,
    #[serde(rename = "CLIENT")]
    Client,
    #[serde(rename = "SERVER")]
    Server,
    #[serde(rename = "CLIENT_AND_SERVER")]
    ClientAndServer,
}

/// Kinds a targetRef may point to: group and kind.
const ALLOWED_TARGET_REFS: [(&str, &str); 4] = [
    ("core", "Service"),
    ("networking.istio.io", "ServiceEntry"),
    ("gateway.networking.k8s.io", "Gateway"),
    ("gateway.networking.k8s.io", "GatewayClass"),
];

/// A group's version as Istio prints its GVKs in `release`.
fn version_of(group: &str, release: Release) -> &'static str {
    match group {
        "gateway.networking.k8s.io" if !release.has(Feature::GatewayApiV1TargetRefs) => "v1beta1",
        _ => "v1",
    }
}

/// `validatePolicyTargetReference`.
fn check_target_ref(target: &PolicyTargetReference, release: Release, report: &mut Report) {
    if target.name.is_empty() {
        report.error("targetRef name must be set");
    }
    if !target.namespace.is_empty() {
        report.error(
            "targetRef namespace must not be set; cross namespace referencing is not supported",
        );
    }
    let group = if target.group.is_empty() {
        "core"
    } else {
        target.group.as_str()
    };
    if !ALLOWED_TARGET_REFS
        .iter()
        .any(|(g, k)| *g == group && *k == target.kind)
    {
        let allowed: Vec<String> = ALLOWED_TARGET_REFS
            .iter()
            .map(|(g, k)| format!("{g}/{}/{k}", version_of(g, release)))
            .collect();
        report.error(format!(
            "targetRef must be to one of [{}] but was {}/{}",
            allowed.join(" "),
            target.group,
            target.kind
        ));
    }
}

/// `validateOneOfSelectorType` plus the selector and target reference checks, in Istio's order.
pub fn check_policy_scope(
    selector: Option<&WorkloadSelector>,
    target_ref: Option<&PolicyTargetReference>,
    target_refs: &[PolicyTargetReference],
    release: Release,
    report: &mut Report,
) {
    let set = usize::from(selector.is_some())
        + usize::from(target_ref.is_some())
        + usize::from(!target_refs.is_empty());
    if set > 1 {
        report.error("only one of targetRefs or workloadSelector can be set");
    }
    validate_workload_selector(selector, report);
    if let Some(t) = target_ref {
        check_target_ref(t, release, report);
    }
    for t in target_refs {
        check_target_ref(t, release, report);
    }
}
