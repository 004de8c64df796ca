//! Validation of Istio resources, as Istio's validating webhook does it: decode the spec
//! strictly, run the kind's rules, collect errors and warnings.
//!
//! Each kind has its own module with `pub fn validate(meta: &Meta, spec: &Value, report:
//! &mut Report) -> Result<(), String>`: `Err` is a decoding error (unknown field, wrong type,
//! unknown enum value), rule violations go into the report. A kind is validated only once it
//! is listed in `KINDS`.

pub mod api;
pub mod common;

pub mod authorization_policy;
pub mod destination_rule;
pub mod envoy_filter;
pub mod gateway;
pub mod peer_authentication;
pub mod proxy_config;
pub mod request_authentication;
pub mod service_entry;
pub mod sidecar;
pub mod telemetry;
pub mod traffic_extension;
pub mod virtual_service;
pub mod wasm_plugin;
pub mod workload_entry;
pub mod workload_group;

use crate::release::Release;
pub use common::Report;
pub use common::decode::decode;
use serde_json::Value;

/// What the rules of a kind may look at besides the spec: the object's metadata, and the
/// Istio release whose rules apply.
#[derive(Debug, Clone, Default)]
pub struct Meta {
    pub name: String,
    pub namespace: String,
    pub labels: serde_json::Map<String, Value>,
    pub annotations: serde_json::Map<String, Value>,
    pub release: Release,
}

type ValidateFn = fn(&Meta, &Value, &mut Report) -> Result<(), String>;

/// A kind needle validates: its API group, kind, and rules. Versions are not distinguished,
/// as in Istio: every served version of a kind has the same schema.
struct Kind {
    group: &'static str,
    kind: &'static str,
    validate: ValidateFn,
}

/// The kinds needle validates, with the groups Istio serves them in.
const KINDS: &[Kind] = &[
    Kind {
        group: NETWORKING,
        kind: "VirtualService",
        validate: virtual_service::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "DestinationRule",
        validate: destination_rule::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "Gateway",
        validate: gateway::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "ServiceEntry",
        validate: service_entry::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "Sidecar",
        validate: sidecar::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "EnvoyFilter",
        validate: envoy_filter::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "WorkloadEntry",
        validate: workload_entry::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "WorkloadGroup",
        validate: workload_group::validate,
    },
    Kind {
        group: NETWORKING,
        kind: "ProxyConfig",
        validate: proxy_config::validate,
    },
    Kind {
        group: SECURITY,
        kind: "AuthorizationPolicy",
        validate: authorization_policy::validate,
    },
    Kind {
        group: SECURITY,
        kind: "PeerAuthentication",
        validate: peer_authentication::validate,
    },
    Kind {
        group: SECURITY,
        kind: "RequestAuthentication",
        validate: request_authentication::validate,
    },
    Kind {
        group: "telemetry.istio.io",
        kind: "Telemetry",
        validate: telemetry::validate,
    },
    Kind {
        group: EXTENSIONS,
        kind: "WasmPlugin",
        validate: wasm_plugin::validate,
    },
    Kind {
        group: EXTENSIONS,
        kind: "TrafficExtension",
        validate: traffic_extension::validate,
    },
];

const NETWORKING: &str = "networking.istio.io";
const SECURITY: &str = "security.istio.io";
const EXTENSIONS: &str = "extensions.istio.io";

/// The outcome for one resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Valid {
        warnings: Vec<String>,
    },
    /// Rule violations (`configuration is invalid: ...`); `listed` as in `Report`.
    Invalid {
        errors: Vec<String>,
        warnings: Vec<String>,
        listed: bool,
    },
    /// A top-level field Kubernetes objects do not have; Istio words this one without the
    /// `configuration is invalid` prefix.
    UnknownField(String),
    /// The object could not be decoded (`error decoding configuration: ...`, `cannot decode configuration: ...`).
    Undecodable(String),
    /// Not an Istio kind needle knows (`unrecognized type ...`).
    UnknownType(String),
}

impl Verdict {
    pub fn is_valid(&self) -> bool {
        matches!(self, Verdict::Valid { .. })
    }

    /// The denial text, as Istio words it.
    pub fn message(&self) -> Option<String> {
        match self {
            Verdict::Valid { .. } => None,
            Verdict::Invalid { errors, listed, .. } => Some(format!(
                "configuration is invalid: {}",
                common::go_error_text(errors, *listed)
            )),
            Verdict::Undecodable(m) | Verdict::UnknownType(m) | Verdict::UnknownField(m) => {
                Some(m.clone())
            }
        }
    }

    pub fn warnings(&self) -> &[String] {
        match self {
            Verdict::Valid { warnings } | Verdict::Invalid { warnings, .. } => warnings,
            _ => &[],
        }
    }
}

impl crate::label::Labelled for Verdict {
    fn label(&self) -> &'static str {
        match self {
            Verdict::Valid { .. } => "valid",
            Verdict::Invalid { .. } | Verdict::UnknownField(_) => "invalid_resource",
            Verdict::Undecodable(_) => "crd_conversion_error",
            Verdict::UnknownType(_) => "unknown_type",
        }
    }
}

/// Top-level fields an Istio resource may have.
const VALID_FIELDS: [&str; 5] = ["apiVersion", "kind", "metadata", "spec", "status"];

/// Annotations reserved for istiod itself.
const ALWAYS_REJECT: &str = "internal.istio.io/webhook-always-reject";
const INTERNAL_ANNOTATIONS: [&str; 2] = [
    "internal.istio.io/parent-namespace",
    "internal.istio.io/parents",
];

/// The kinds needle validates, as (API group, kind).
pub fn kinds() -> impl Iterator<Item = (&'static str, &'static str)> {
    KINDS.iter().map(|k| (k.group, k.kind))
}

/// Whether `api_version` is in one of the API groups whose kinds needle validates
/// (networking, security, telemetry and extensions of istio.io).
pub fn is_validated_group(api_version: &str) -> bool {
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    KINDS.iter().any(|k| k.group == group)
}

/// Validate one object (a whole Kubernetes resource as JSON) as `release`'s webhook does.
pub fn validate_object(object: &Value, release: Release) -> Verdict {
    let Some(obj) = object.as_object() else {
        return Verdict::Undecodable("cannot decode configuration: expected an object".into());
    };
    let api_version = obj
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let kind_name = obj.get("kind").and_then(Value::as_str).unwrap_or_default();
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    let Some(kind) = KINDS
        .iter()
        .find(|k| k.group == group && k.kind == kind_name && api::knows_kind(release, k.kind))
    else {
        // As Go prints a GroupVersionKind.
        return Verdict::UnknownType(format!(
            "unrecognized type {group}/{version}, Kind={kind_name}"
        ));
    };
    let meta = match decode_meta(obj.get("metadata"), release) {
        Ok(m) => m,
        Err(e) => return Verdict::Undecodable(format!("cannot decode configuration: {e}")),
    };
    let empty = Value::Object(Default::default());
    let spec = match api::as_known_to(release, kind.kind, obj.get("spec").unwrap_or(&empty)) {
        Ok(spec) => spec,
        Err(e) => return Verdict::Undecodable(format!("error decoding configuration: {e}")),
    };
    let mut report = Report::default();
    if let Err(e) = (kind.validate)(&meta, &spec, &mut report) {
        return Verdict::Undecodable(format!("error decoding configuration: {e}"));
    }
    if !report.is_valid() {
        return Verdict::Invalid {
            errors: report.errors,
            warnings: report.warnings,
            listed: report.listed,
        };
    }
    if let Some(field) = obj.keys().find(|k| !VALID_FIELDS.contains(&k.as_str())) {
        return Verdict::UnknownField(format!(
            "unknown field {field:?} on {kind_name} resource {}/{}",
            meta.namespace, meta.name
        ));
    }
    Verdict::Valid {
        warnings: report.warnings,
    }
}

/// The checks Istio runs on every kind's metadata once the spec is decoded, before the
/// kind's rules: `istio.io/dry-run` (only AuthorizationPolicy may carry it, and it checks
/// that itself before calling `reject_internal_annotations`), then the annotations reserved
/// for istiod. Returns whether the object was rejected; the error is a lone one, as in Istio.
pub(crate) fn check_metadata(meta: &Meta, report: &mut Report) -> bool {
    if meta.annotations.contains_key("istio.io/dry-run") {
        report.error(format!(
            "{}/{} has unsupported annotation istio.io/dry-run, please remove the annotation",
            meta.namespace, meta.name
        ));
        return true;
    }
    reject_internal_annotations(meta, report)
}

/// `check_metadata` for the kinds whose rules also find decoding-level problems (two members
/// of a oneof set): Istio reports those before the metadata checks, so the rules run even
/// when the metadata is rejected, and then only a decoding problem of theirs counts.
pub(crate) fn check_metadata_and_rules(
    meta: &Meta,
    report: &mut Report,
    rules: impl FnOnce(&mut Report),
) -> Result<(), String> {
    let mut found = Report::default();
    rules(&mut found);
    found.take_decode_error()?;
    if !check_metadata(meta, report) {
        report.merge(found);
    }
    Ok(())
}

pub(crate) fn reject_internal_annotations(meta: &Meta, report: &mut Report) -> bool {
    if meta.annotations.contains_key(ALWAYS_REJECT) {
        report.error(format!("{ALWAYS_REJECT:?} annotation found, rejecting"));
        return true;
    }
    if let Some(a) = INTERNAL_ANNOTATIONS
        .iter()
        .find(|a| meta.annotations.contains_key(**a))
    {
        report.error(format!(
            "{a:?} annotation found, this may not be set by users"
        ));
        return true;
    }
    false
}

fn decode_meta(meta: Option<&Value>, release: Release) -> Result<Meta, String> {
    let Some(meta) = meta.filter(|m| !m.is_null()) else {
        return Ok(Meta {
            release,
            ..Meta::default()
        });
    };
    let m = meta.as_object().ok_or("metadata must be an object")?;
    let s = |k: &str| {
        m.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let map = |k: &str| -> Result<serde_json::Map<String, Value>, String> {
        match m.get(k) {
            None | Some(Value::Null) => Ok(Default::default()),
            Some(Value::Object(o)) if o.values().all(Value::is_string) => Ok(o.clone()),
            Some(_) => Err(format!("metadata.{k} must be a map of strings")),
        }
    };
    Ok(Meta {
        name: s("name"),
        namespace: s("namespace"),
        labels: map("labels")?,
        annotations: map("annotations")?,
        release,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::label::Labelled;
    use serde_json::json;

    fn validate_object_newest(object: &Value) -> Verdict {
        validate_object(object, Release::NEWEST)
    }

    #[test]
    fn unknown_kinds_are_unrecognized() {
        let v = validate_object_newest(
            &json!({"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "x"}}),
        );
        assert_eq!(
            v.message().unwrap(),
            "unrecognized type example.com/v1, Kind=Thing"
        );
        assert_eq!(v.label(), "unknown_type");
    }

    fn with_annotation(kind: &str, annotation: &str, spec: Value) -> Value {
        let group = if kind == "AuthorizationPolicy" {
            SECURITY
        } else {
            NETWORKING
        };
        json!({"apiVersion": format!("{group}/v1"), "kind": kind,
            "metadata": {"name": "x", "namespace": "ns", "annotations": {annotation: "true"}},
            "spec": spec})
    }

    #[test]
    fn metadata_is_checked_after_decoding_and_before_the_rules() {
        let rejected = "configuration is invalid: \"internal.istio.io/webhook-always-reject\" annotation found, rejecting";
        let dr = with_annotation("DestinationRule", ALWAYS_REJECT, json!({"host": "a"}));
        assert_eq!(validate_object_newest(&dr).message().unwrap(), rejected);
        // A rule violation is not reported, the annotation is.
        let dr = with_annotation("DestinationRule", ALWAYS_REJECT, json!({"host": ""}));
        assert_eq!(validate_object_newest(&dr).message().unwrap(), rejected);
        let authz = with_annotation("AuthorizationPolicy", ALWAYS_REJECT, json!({}));
        assert_eq!(validate_object_newest(&authz).message().unwrap(), rejected);
        // Decoding comes first, also for problems the rules find (two members of a oneof).
        let bad_type = with_annotation("DestinationRule", ALWAYS_REJECT, json!({"host": 1}));
        assert_eq!(
            validate_object_newest(&bad_type).label(),
            "crd_conversion_error"
        );
        let oneof = with_annotation(
            "DestinationRule",
            ALWAYS_REJECT,
            json!({"host": "a", "trafficPolicy": {"loadBalancer": {"simple": "RANDOM", "consistentHash": {"useSourceIp": true}}}}),
        );
        assert_eq!(
            validate_object_newest(&oneof).label(),
            "crd_conversion_error"
        );
        let dry_run = with_annotation("DestinationRule", "istio.io/dry-run", json!({"host": "a"}));
        assert_eq!(
            validate_object_newest(&dry_run).message().unwrap(),
            "configuration is invalid: ns/x has unsupported annotation istio.io/dry-run, please remove the annotation"
        );
    }

    /// Which errors Istio gathers with `multierror.Append` shows in its message: a lone one
    /// is printed as a one-item list.
    #[test]
    fn lone_errors_print_as_istio_joins_them() {
        let one = |e: &str| format!("1 error occurred:\n\t* {e}\n\n");
        let cases = [
            (SECURITY, "RequestAuthentication", json!({"jwtRules": [{"issuer": "i", "audiences": [""]}]}),
                one("audience must be non-empty string")),
            (SECURITY, "RequestAuthentication", json!({"targetRef": {"kind": "Service"}}),
                "targetRef name must be set".to_string()),
            (SECURITY, "AuthorizationPolicy", json!({"rules": [{"from": [{"source": {"ipBlocks": ["x"]}}]}]}),
                one("invalid policy x.ns: bad IP address (x)")),
            (SECURITY, "AuthorizationPolicy", json!({"rules": [{"from": [{"source": {"namespaces": ["a"], "serviceAccounts": ["b"]}}]}]}),
                "invalid policy x.ns: cannot set serviceAccounts with namespaces or principals, found at rule 0".to_string()),
            (NETWORKING, "DestinationRule", json!({"host": "a", "subsets": [{"name": "v1", "labels": {"-x": "y"}}]}),
                one("invalid tag key: \"-x\"")),
            (NETWORKING, "DestinationRule", json!({"host": "a", "subsets": [{"name": "v1"}, {"name": "v1"}]}),
                "duplicate subset names: v1".to_string()),
            (NETWORKING, "VirtualService", json!({"hosts": ["a"], "http": [{"route": [{"destination": {"host": "a"}}], "retries": {"attempts": -1}}]}),
                one("attempts cannot be negative")),
            (NETWORKING, "VirtualService", json!({"hosts": ["a"], "http": [{"route": [{"destination": {"host": "a"}}], "fault": {}}]}),
                one("HTTP fault injection must have an abort and/or a delay")),
            (NETWORKING, "VirtualService", json!({"hosts": ["a"], "http": [{"route": [{"destination": {"host": "a"}}], "corsPolicy": {"maxAge": "1.5s"}}]}),
                one("max_age duration is accurate only to seconds precision")),
            (NETWORKING, "VirtualService", json!({"hosts": ["a"], "tcp": [{"route": [{}]}]}),
                one("destination is required")),
            (NETWORKING, "VirtualService", json!({"hosts": ["a"], "http": [{"route": [{"destination": {"host": "a", "subset": "-"}}]}]}),
                "subset name is invalid: -".to_string()),
            (NETWORKING, "WorkloadEntry", json!({"address": "1.2.3.4", "labels": {"a": "-"}}),
                one("invalid tag value: \"-\"")),
            (NETWORKING, "WorkloadEntry", json!({}), "address is required".to_string()),
        ];
        for (group, kind, spec, want) in cases {
            let object = json!({"apiVersion": format!("{group}/v1"), "kind": kind,
                "metadata": {"name": "x", "namespace": "ns"}, "spec": spec});
            assert_eq!(
                validate_object_newest(&object).message().unwrap(),
                format!("configuration is invalid: {want}"),
                "{object}"
            );
        }
    }

    #[test]
    fn an_unknown_top_level_field_is_worded_without_a_prefix() {
        let mut dr = json!({"apiVersion": "networking.istio.io/v1", "kind": "DestinationRule",
            "metadata": {"name": "x", "namespace": "ns"}, "spec": {"host": "a"}});
        dr["extra"] = json!(1);
        let v = validate_object_newest(&dr);
        assert_eq!(
            v.message().unwrap(),
            "unknown field \"extra\" on DestinationRule resource ns/x"
        );
        assert_eq!(v.label(), "invalid_resource");
    }

    /// The rows no recorded release shows: 1.30.0 and 1.30.1 know `source.trustDomain` and
    /// decode trust domains but check neither, and the Sidecar's mesh-only mode is refused
    /// from 1.31 only (the corpus records 1.30.3, where both moved already or not yet).
    #[test]
    fn rules_between_the_recorded_patches_follow_the_table() {
        let policy = |rule: Value| {
            json!({"apiVersion": "security.istio.io/v1", "kind": "AuthorizationPolicy",
                "metadata": {"name": "p", "namespace": "ns"}, "spec": {"rules": [rule]}})
        };
        let when = policy(json!({"when": [{"key": "source.trustDomain", "values": ["a.*.b"]}]}));
        let only = policy(json!({"from": [{"source": {"trustDomains": ["a/b"]}}]}));
        let message = |object: &Value, minor, patch| {
            validate_object(object, Release::new(minor, patch)).message()
        };
        assert!(
            message(&when, 29, 6)
                .unwrap()
                .contains("unknown attribute: source.trustDomain")
        );
        assert_eq!(message(&when, 30, 1), None);
        assert!(
            message(&when, 30, 2)
                .unwrap()
                .contains("wildcard is only allowed")
        );
        let empty = "`from.source` must not be empty, found at rule 0";
        assert!(message(&only, 29, 6).unwrap().contains(empty));
        assert!(message(&only, 30, 1).unwrap().contains(empty));
        assert!(
            message(&only, 30, 2)
                .unwrap()
                .contains("trust domain must not contain '/'")
        );
        let sidecar = json!({"apiVersion": "networking.istio.io/v1", "kind": "Sidecar",
            "metadata": {"name": "s", "namespace": "ns"},
            "spec": {"outboundTrafficPolicy": {"mode": 3}}});
        assert_eq!(message(&sidecar, 30, 3), None);
        assert!(
            message(&sidecar, 31, 0)
                .unwrap()
                .contains("ALLOW_ANY_DYNAMIC_DNS")
        );
    }
}
