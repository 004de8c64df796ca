//! How Istio's protobuf JSON reader reads a ProxyConfig (a pod's `proxy.istio.io/config`, the
//! mesh's `defaultConfig`): which fields exist, and how durations, booleans, integers and
//! enums are read and then written back into `PROXY_CONFIG`.

pub mod descriptor;
pub mod resources;
pub mod rules;

use crate::compat::go_json::json_name;
use crate::compat::gofmt;
use crate::release::{Feature, Release};
use serde_json::{Map, Value};

/// Durations, booleans, integers and enums of a merged ProxyConfig as Istio reads them.
pub fn read_values(pc: &mut Value) -> Result<(), String> {
    normalize_durations(pc)?;
    check_scalar_types(pc)
}

/// The overlay's ProxyConfig fields as Istio's reader keeps them: a field's proto name
/// (`hold_application_until_proxy_starts`) is its JSON name, and an unknown field is dropped
/// (Istio decodes strictly, then again ignoring unknown fields), so a misspelled field does
/// not reach `PROXY_CONFIG`.
pub fn known_fields(overlay: &Map<String, Value>) -> Map<String, Value> {
    overlay
        .iter()
        .filter_map(|(key, value)| {
            let name = json_name(key).into_owned();
            descriptor::PROXY_CONFIG
                .field(&name)
                .map(|_| (name, value.clone()))
        })
        .collect()
}

/// A merged ProxyConfig as `release`'s API holds it: without `connectionSettings` before
/// 1.31, whose reader drops the field from every layer (so dropping it from the merge, where
/// a layer's field replaces the one below whole, is the same).
pub fn known_to(pc: &mut Value, release: Release) {
    if !release.has(Feature::ProxyConnectionSettings)
        && let Some(pc) = pc.as_object_mut()
    {
        pc.remove("connectionSettings");
    }
}

/// The ProxyConfig fields of type `google.protobuf.Duration`.
const DURATION_FIELDS: [&[&str]; 17] = [
    &["drainDuration"],
    &["terminationDrainDuration"],
    &["discoveryRefreshDelay"],
    &["fileFlushInterval"],
    &["privateKeyProvider", "cryptomb", "pollDelay"],
    &["privateKeyProvider", "qat", "pollDelay"],
    &["connectionSettings", "httpIdleTimeout"],
    &["connectionSettings", "httpMaxConnectionDuration"],
    &["connectionSettings", "httpDrainTimeout"],
    &["connectionSettings", "httpRequestTimeout"],
    &["connectionSettings", "httpRequestHeadersTimeout"],
    &["connectionSettings", "httpStreamIdleTimeout"],
    &["connectionSettings", "httpMaxStreamDuration"],
    &["envoyMetricsService", "tcpKeepalive", "time"],
    &["envoyMetricsService", "tcpKeepalive", "interval"],
    &["envoyAccessLogService", "tcpKeepalive", "time"],
    &["envoyAccessLogService", "tcpKeepalive", "interval"],
];

/// Istio reads a ProxyConfig duration with Go's `time.ParseDuration` (`1m`, `1.5s`, `300ms`)
/// and writes it as protobuf JSON (`60s`, `1.500s`, `0.300s`), which is what `PROXY_CONFIG`
/// carries; a duration that does not parse is an error, as in Istio.
fn normalize_durations(pc: &mut Value) -> Result<(), String> {
    for path in DURATION_FIELDS {
        let (last, parents) = path.split_last().expect("paths are not empty");
        let Some(parent) = parents
            .iter()
            .try_fold(&mut *pc, |v, key| v.get_mut(*key))
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        let Some(value) = parent.get_mut(*last).filter(|v| !v.is_null()) else {
            continue;
        };
        let nanos = value
            .as_str()
            .ok_or_else(|| format!("{}: bad Duration: not a string: {value}", path.join(".")))
            .and_then(|s| {
                gofmt::parse_go_duration(s)
                    .map_err(|e| format!("{}: bad Duration: {e}", path.join(".")))
            })?;
        *value = Value::from(proto_duration(nanos));
    }
    Ok(())
}

/// ProxyConfig fields of protobuf type bool (plain or wrapped), and of integer types.
const BOOL_FIELDS: [&str; 2] = ["holdApplicationUntilProxyStarts", "statsCompression"];
/// Integer fields with their protobuf range (int32, or uint32 for the last).
const INT_FIELDS: [(&str, i64, i64); 5] = [
    ("concurrency", i32::MIN as i64, i32::MAX as i64),
    ("statusPort", i32::MIN as i64, i32::MAX as i64),
    ("proxyAdminPort", i32::MIN as i64, i32::MAX as i64),
    ("statNameLength", i32::MIN as i64, i32::MAX as i64),
    ("fileFlushMinSizeKb", 0, u32::MAX as i64),
];

/// String fields, message fields (JSON objects), `map<string, string>` fields and repeated
/// string fields of ProxyConfig.
const STRING_FIELDS: [&str; 11] = [
    "configPath",
    "binaryPath",
    "serviceCluster",
    "discoveryAddress",
    "zipkinAddress",
    "statsdUdpAddress",
    "envoyMetricsServiceAddress",
    "availabilityZone",
    "customConfigFile",
    "proxyBootstrapTemplatePath",
    "meshId",
];
const MESSAGE_FIELDS: [&str; 11] = [
    "tracing",
    "image",
    "sds",
    "envoyAccessLogService",
    "envoyMetricsService",
    "gatewayTopology",
    "readinessProbe",
    "proxyStatsMatcher",
    "privateKeyProvider",
    "proxyHeaders",
    "connectionSettings",
];
const STRING_MAP_FIELDS: [&str; 2] = ["proxyMetadata", "runtimeValues"];
const STRING_LIST_FIELDS: [&str; 2] = ["extraStatTags", "caCertificatesPem"];

/// A ProxyConfig enum field and its values (name, number). Which enums `PROXY_CONFIG` leaves
/// out at their zero value is the descriptor's to say.
struct EnumField {
    field: &'static str,
    values: &'static [(&'static str, i64)],
}

const ENUM_FIELDS: [EnumField; 3] = [
    EnumField {
        field: "interceptionMode",
        values: &[("REDIRECT", 0), ("TPROXY", 1), ("NONE", 2)],
    },
    EnumField {
        field: "controlPlaneAuthPolicy",
        values: &[("NONE", 0), ("MUTUAL_TLS", 1), ("INHERIT", 1000)],
    },
    EnumField {
        field: "tracingServiceName",
        values: &[
            ("APP_LABEL_AND_NAMESPACE", 0),
            ("CANONICAL_NAME_ONLY", 1),
            ("CANONICAL_NAME_AND_NAMESPACE", 2),
        ],
    },
];

/// The types Istio's reader insists on: a boolean is `true`/`false` (not `"true"`), an
/// integer a number or a number in quotes (which is read as the number).
fn check_scalar_types(pc: &mut Value) -> Result<(), String> {
    let Some(fields) = pc.as_object_mut() else {
        return Ok(());
    };
    for field in BOOL_FIELDS {
        if let Some(v) = fields
            .get(field)
            .filter(|v| !v.is_null() && !v.is_boolean())
        {
            return Err(format!("{field}: must be true or false, got {v}"));
        }
    }
    // An enum is its name or its number (which Istio's reader also takes); kept as the name.
    for EnumField { field, values } in ENUM_FIELDS {
        let Some(v) = fields.get_mut(field).filter(|v| !v.is_null()) else {
            continue;
        };
        let known = values
            .iter()
            .find(|(name, number)| v.as_str() == Some(*name) || v.as_i64() == Some(*number));
        match known {
            Some((name, _)) => *v = Value::from(*name),
            None => return Err(format!("{field}: unknown value {v}")),
        }
    }
    for (field, min, max) in INT_FIELDS {
        let Some(v) = fields.get_mut(field).filter(|v| !v.is_null()) else {
            continue;
        };
        let number = match v {
            Value::Number(n) => n.as_i64(),
            Value::String(text) => text.parse::<i64>().ok(),
            _ => None,
        };
        match number {
            Some(n) if (min..=max).contains(&n) => *v = Value::from(n),
            _ => {
                return Err(format!(
                    "{field}: must be an integer from {min} to {max}, got {v}"
                ));
            }
        }
    }
    let wrong =
        |field: &str, what: &str, v: &Value| Err(format!("{field}: must be {what}, got {v}"));
    let is_string = |v: &Value| v.is_string() || v.is_null();
    for field in STRING_FIELDS {
        if let Some(v) = fields.get(field).filter(|v| !is_string(v)) {
            return wrong(field, "a string", v);
        }
    }
    for field in MESSAGE_FIELDS {
        if let Some(v) = fields
            .get(field)
            .filter(|v| !(v.is_object() || v.is_null()))
        {
            return wrong(field, "an object", v);
        }
    }
    for field in STRING_MAP_FIELDS {
        match fields.get(field) {
            Some(Value::Object(map)) if map.values().all(is_string) => {}
            Some(v) if !v.is_null() => return wrong(field, "a map of strings", v),
            _ => {}
        }
    }
    for field in STRING_LIST_FIELDS {
        match fields.get(field) {
            Some(Value::Array(items)) if items.iter().all(is_string) => {}
            Some(v) if !v.is_null() => return wrong(field, "a list of strings", v),
            _ => {}
        }
    }
    Ok(())
}

/// A duration as protobuf JSON writes it: seconds with 0, 3, 6 or 9 fractional digits.
fn proto_duration(nanos: i128) -> String {
    let sign = if nanos < 0 { "-" } else { "" };
    let (secs, frac) = (
        nanos.unsigned_abs() / 1_000_000_000,
        nanos.unsigned_abs() % 1_000_000_000,
    );
    match frac {
        0 => format!("{sign}{secs}s"),
        f if f % 1_000_000 == 0 => format!("{sign}{secs}.{:03}s", f / 1_000_000),
        f if f % 1_000 == 0 => format!("{sign}{secs}.{:06}s", f / 1_000),
        f => format!("{sign}{secs}.{f:09}s"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations_print_with_0_3_6_or_9_fraction_digits() {
        assert_eq!(super::proto_duration(60_000_000_000), "60s");
        assert_eq!(super::proto_duration(1_500_000_000), "1.500s");
        assert_eq!(super::proto_duration(1_000_000_001), "1.000000001s");
        assert_eq!(super::proto_duration(-1_500_000), "-0.001500s");
    }
}
