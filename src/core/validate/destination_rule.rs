//! Validation of DestinationRule (networking.istio.io), as Istio's `ValidateDestinationRule`
//! does it. The traffic policy pieces live in `traffic_policy.rs`; this file also holds the
//! small helpers the networking kinds (VirtualService, Gateway) share.

#[path = "traffic_policy.rs"]
pub mod traffic_policy;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::Meta;
use super::common::{self, Report};
use traffic_policy::{TrafficPolicy, validate_traffic_policy};

/// Collects rule violations into the report, and the first decoding-level problem found while
/// checking (a oneof with several members set), which becomes the `Err` of `validate`.
pub struct Cx<'a> {
    pub report: &'a mut Report,
    pub decode_error: Option<String>,
}

impl<'a> Cx<'a> {
    pub fn new(report: &'a mut Report) -> Self {
        Cx {
            report,
            decode_error: None,
        }
    }

    pub fn err(&mut self, message: impl Into<String>) {
        self.report.error(message);
    }

    pub fn warn(&mut self, message: impl Into<String>) {
        self.report.warning(message);
    }

    pub fn check(&mut self, result: Result<(), String>) {
        self.report.check(result);
    }

    /// A protobuf oneof: at most one member may be present.
    pub fn oneof(&mut self, oneof: &str, members: &[(&str, bool)]) {
        let set: Vec<&str> = members.iter().filter(|m| m.1).map(|m| m.0).collect();
        if set.len() > 1 && self.decode_error.is_none() {
            self.decode_error = Some(format!(
                "oneof {oneof} has more than one field set: {}",
                set.join(", ")
            ));
        }
    }

    /// Run checks whose warnings Istio drops (it merges their result as a plain error).
    pub fn errors_only(&mut self, f: impl FnOnce(&mut Cx)) {
        let kept = self.report.warnings.len();
        f(self);
        self.report.warnings.truncate(kept);
    }

    /// A value that is malformed for its protobuf type (a decoding error).
    pub fn decode_error(&mut self, message: impl Into<String>) {
        if self.decode_error.is_none() {
            self.decode_error = Some(message.into());
        }
    }

    pub fn finish(self) -> Result<(), String> {
        match self.decode_error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// `decode`, but as protobuf JSON reads it: messages must be JSON objects (serde's derived
/// structs also accept arrays, fields by position), and `null` means the default value.
pub fn decode_strict<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, String> {
    T::deserialize(strict::Strict(value)).map_err(|e| e.to_string())
}

mod strict {
    use serde::de::{
        self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
    };
    use serde::forward_to_deserialize_any;
    use serde_json::{Error, Value};

    static EMPTY: std::sync::LazyLock<serde_json::Map<String, Value>> =
        std::sync::LazyLock::new(serde_json::Map::new);

    /// `null` is the default value of any field in protobuf JSON.
    macro_rules! null_is_default {
        ($($method:ident => $visit:ident($default:expr)),* $(,)?) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                match self.0 {
                    Value::Null => visitor.$visit($default),
                    _ => self.deserialize_any(visitor),
                }
            }
        )*};
    }

    /// A `serde_json::Value` deserializer as strict as protobuf JSON: arrays are not messages,
    /// `null` stands for a field's default but is no list element or map value, all the way
    /// down.
    pub struct Strict<'a>(pub &'a Value);

    impl<'de> Deserializer<'de> for Strict<'de> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Array(items) => visitor.visit_seq(Seq(items.iter())),
                Value::Object(map) => visitor.visit_map(Map {
                    entries: map.iter(),
                    value: None,
                    is_map: true,
                }),
                other => other.deserialize_any(visitor),
            }
        }

        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Null => visitor.visit_none(),
                _ => visitor.visit_some(self),
            }
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            _fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Error> {
            match self.0 {
                Value::Object(map) => visitor.visit_map(Map {
                    entries: map.iter(),
                    value: None,
                    is_map: false,
                }),
                Value::Null => visitor.visit_map(Map {
                    entries: EMPTY.iter(),
                    value: None,
                    is_map: false,
                }),
                other => Err(de::Error::invalid_type(unexpected(other), &"an object")),
            }
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Error> {
            match (self.0, variants.first()) {
                (Value::Null, Some(first)) => {
                    visitor.visit_enum(IntoDeserializer::<Error>::into_deserializer(*first))
                }
                (v, _) => v.deserialize_enum(name, variants, visitor),
            }
        }

        fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Null => visitor.visit_seq(Seq([].iter())),
                _ => self.deserialize_any(visitor),
            }
        }

        fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0 {
                Value::Null => visitor.visit_map(Map {
                    entries: EMPTY.iter(),
                    value: None,
                    is_map: true,
                }),
                _ => self.deserialize_any(visitor),
            }
        }

        null_is_default! {
            deserialize_bool => visit_bool(false),
            deserialize_i32 => visit_i32(0),
            deserialize_i64 => visit_i64(0),
            deserialize_u32 => visit_u32(0),
            deserialize_u64 => visit_u64(0),
            deserialize_f64 => visit_f64(0.0),
            deserialize_str => visit_str(""),
            deserialize_string => visit_str("")
        }

        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            visitor: V,
        ) -> Result<V::Value, Error> {
            visitor.visit_newtype_struct(self)
        }

        forward_to_deserialize_any! {
            i8 i16 i128 u8 u16 u128 f32 char bytes byte_buf unit unit_struct tuple
            tuple_struct identifier ignored_any
        }
    }

    fn unexpected(v: &Value) -> de::Unexpected<'_> {
        match v {
            Value::Null => de::Unexpected::Unit,
            Value::Bool(b) => de::Unexpected::Bool(*b),
            Value::Number(_) => de::Unexpected::Other("number"),
            Value::String(s) => de::Unexpected::Str(s),
            Value::Array(_) => de::Unexpected::Seq,
            Value::Object(_) => de::Unexpected::Map,
        }
    }

    struct Seq<'a>(std::slice::Iter<'a, Value>);

    impl<'de> SeqAccess<'de> for Seq<'de> {
        type Error = Error;

        fn next_element_seed<T: DeserializeSeed<'de>>(
            &mut self,
            seed: T,
        ) -> Result<Option<T::Value>, Error> {
            match self.0.next() {
                None => Ok(None),
                Some(Value::Null) => Err(de::Error::custom("invalid value for list element: null")),
                Some(v) => seed.deserialize(Strict(v)).map(Some),
            }
        }
    }

    struct Map<'a> {
        entries: serde_json::map::Iter<'a>,
        value: Option<&'a Value>,
        /// A protobuf map rather than a message: its values may not be `null`.
        is_map: bool,
    }

    impl<'de> MapAccess<'de> for Map<'de> {
        type Error = Error;

        fn next_key_seed<K: DeserializeSeed<'de>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, Error> {
            let Some((k, v)) = self.entries.next() else {
                return Ok(None);
            };
            self.value = Some(v);
            seed.deserialize(de::value::BorrowedStrDeserializer::new(k))
                .map(Some)
        }

        fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
            let v = self
                .value
                .take()
                .ok_or_else(|| de::Error::custom("value without key"))?;
            if self.is_map && v.is_null() {
                return Err(de::Error::custom("invalid value for map entry: null"));
            }
            seed.deserialize(Strict(v))
        }
    }
}

/// A `google.protobuf.Duration` in its JSON form, in nanoseconds. Malformed strings are
/// decoding errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duration(pub i128);

impl<'de> Deserialize<'de> for Duration {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        common::parse_duration(&s)
            .map(Duration)
            .map_err(serde::de::Error::custom)
    }
}

impl Duration {
    pub fn check(self) -> Result<(), String> {
        common::validate_duration(self.0)
    }
}

/// A 64-bit protobuf integer: JSON number or decimal string.
pub fn de_u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        N(u64),
        S(String),
    }
    match Option::<Raw>::deserialize(d)? {
        None => Ok(0),
        Some(Raw::N(n)) => Ok(n),
        Some(Raw::S(s)) => s
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("invalid uint64 value {s:?}"))),
    }
}

/// Istio's `labels.IsDNS1123Label` (letters of either case, digits and `-`, at most 63).
pub fn is_dns1123_label(s: &str) -> bool {
    s.len() <= 63 && is_label_chars(s)
}

/// A DNS-1123 label's characters, without its length limit.
fn is_label_chars(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

/// Istio's `labels.IsWildcardDNS1123Label`: `*`, or a label optionally prefixed by `*` or `*-`.
pub fn is_wildcard_dns1123_label(s: &str) -> bool {
    if s.len() > 63 {
        return false;
    }
    if s == "*" || is_dns1123_label(s) {
        return true;
    }
    s.strip_prefix('*').is_some_and(|rest| {
        is_dns1123_label(rest) || rest.strip_prefix('-').is_some_and(is_dns1123_label)
    })
}

/// `ValidateDNS1123Labels` with Istio's label rule.
pub fn validate_dns1123_labels(domain: &str) -> Result<(), String> {
    let parts: Vec<&str> = domain.split('.').collect();
    let tld = parts[parts.len() - 1];
    if tld.parse::<i64>().is_ok() {
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
    common::check_dns1123_preconditions(fqdn)?;
    validate_dns1123_labels(fqdn)
}

/// `ValidateWildcardDomain`.
pub fn validate_wildcard_domain(domain: &str) -> Result<(), String> {
    common::check_dns1123_preconditions(domain)?;
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

/// Whether Go's `netip.ParseAddr` accepts the string (IPv6 zones included).
pub fn is_ip(s: &str) -> bool {
    let plain = match s.split_once('%') {
        Some((ip, zone)) if !zone.is_empty() && ip.contains(':') => ip,
        Some(_) => return false,
        None => s,
    };
    plain.parse::<std::net::IpAddr>().is_ok()
}

/// `labels.Instance.Validate`: Kubernetes label keys and values, one error per bad entry.
pub fn validate_label_instance(cx: &mut Cx, labels: &BTreeMap<String, String>) {
    for (k, v) in labels {
        if let Err(e) = validate_tag_key(k) {
            cx.err(e);
        }
        if !(v.is_empty() || is_qualified_name(v)) {
            cx.err(format!("invalid tag value: {v:?}"));
        }
    }
}

fn is_qualified_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

fn validate_tag_key(k: &str) -> Result<(), String> {
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

/// `validateExportTo` for the kinds that cannot use `~` (everything but ServiceEntry).
pub fn validate_export_to(
    cx: &mut Cx,
    namespace: &str,
    export_to: &[String],
    dr_with_selector: bool,
) {
    if export_to.is_empty() {
        return;
    }
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for e in export_to {
        let key = if e == "." { namespace } else { e.as_str() };
        if seen.contains(key) {
            if key != e {
                cx.err(format!(
                    "duplicate entries in exportTo: . and current namespace {namespace}"
                ));
            } else {
                cx.err(format!("duplicate entries in exportTo for entry {e}"));
            }
            continue;
        }
        match key {
            "." | "*" => {
                seen.insert(key.to_string());
            }
            "~" => cx.err("exportTo ~ (none) is not allowed for Istio configuration objects"),
            k if is_dns1123_label(k) => {
                seen.insert(key.to_string());
            }
            _ => cx.err("only .,*, or a valid DNS 1123 label is allowed as exportTo entry"),
        }
    }
    if dr_with_selector && !seen.is_empty() {
        if seen.contains(namespace) {
            if seen.len() > 1 {
                cx.err("destination rule with workload selector cannot have multiple entries in exportTo");
            }
        } else {
            cx.err(
                "destination rule with workload selector cannot have exportTo beyond current namespace",
            );
        }
    }
    if seen.contains("*") && export_to.len() > 1 {
        cx.err("cannot have both public (*) and non-public exportTo values for a resource");
    }
}

/// Only AuthorizationPolicy may carry `istio.io/dry-run`; Istio rejects it on the other kinds
/// before running their rules. Returns whether the object was rejected.
pub fn reject_dry_run(meta: &Meta, report: &mut Report) -> bool {
    if meta.annotations.contains_key("istio.io/dry-run") {
        report.error(format!(
            "{}/{} has unsupported annotation istio.io/dry-run, please remove the annotation",
            meta.namespace, meta.name
        ));
        return true;
    }
    false
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct DestinationRule {
    host: String,
    traffic_policy: Option<TrafficPolicy>,
    subsets: Vec<Option<Subset>>,
    export_to: Vec<String>,
    workload_selector: Option<WorkloadSelector>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Subset {
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub traffic_policy: Option<TrafficPolicy>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
struct WorkloadSelector {
    match_labels: BTreeMap<String, String>,
}

/// Validate a DestinationRule spec.
pub fn validate(meta: &Meta, spec: &Value, report: &mut Report) -> Result<(), String> {
    let rule: DestinationRule = decode_strict(spec)?;
    if reject_dry_run(meta, report) {
        return Ok(());
    }
    let mut cx = Cx::new(report);
    cx.check(validate_wildcard_domain(&rule.host));
    if let Some(tp) = &rule.traffic_policy {
        validate_traffic_policy(&mut cx, &meta.namespace, tp);
    }
    let mut names = BTreeSet::new();
    for subset in &rule.subsets {
        let Some(subset) = subset else {
            cx.err("subset may not be null");
            continue;
        };
        if !names.insert(subset.name.as_str()) {
            cx.err(format!("duplicate subset names: {}", subset.name));
        }
        cx.check(validate_subset_name(&subset.name));
        validate_label_instance(&mut cx, &subset.labels);
        if let Some(tp) = &subset.traffic_policy {
            cx.errors_only(|cx| validate_traffic_policy(cx, &meta.namespace, tp));
        }
    }
    validate_export_to(
        &mut cx,
        &meta.namespace,
        &rule.export_to,
        rule.workload_selector.is_some(),
    );
    if let Some(sel) = &rule.workload_selector {
        for (k, v) in &sel.match_labels {
            if k.is_empty() {
                cx.err(format!(
                    "empty key is not supported in selector: {:?}",
                    format!("{k}={v}")
                ));
            }
            if k.contains('*') || v.contains('*') {
                cx.err(format!(
                    "wildcard is not supported in selector: {:?}",
                    format!("{k}={v}")
                ));
            }
        }
        if sel.match_labels.is_empty() {
            cx.warn("workload selector specified without labels");
        }
    }
    cx.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
    fn duplicate_subsets_are_rejected() {
        let mut r = Report::default();
        let spec = json!({"host": "reviews", "subsets": [{"name": "v1"}, {"name": "v1"}]});
        validate(&Meta::default(), &spec, &mut r).unwrap();
        assert_eq!(r.errors, vec!["duplicate subset names: v1".to_string()]);
    }
}
