//! Prometheus metrics merge: the app's scrape annotations move into the sidecar's
//! `ISTIO_PROMETHEUS_ANNOTATIONS` and the pod is pointed at the agent's merged endpoint.
//! Scrape targets, the port checks and the secure port are 86c9f01's (`Release::has`); the
//! releases before it merge the scrape, port and path annotations only, and never deny.

use crate::compat::gofmt;
use crate::compat::path::At;
use crate::inject::annotations::parse_bool;
use crate::inject::pod;
use crate::release::{Feature, Release};
use serde_json::Value;
#[cfg(test)]
use serde_json::json;

const SCRAPE: &str = "prometheus_io_scrape";
const PORT: &str = "prometheus_io_port";
const PATH: &str = "prometheus_io_path";
const TARGETS: &str = "prometheus_istio_io_scrape_targets";
const SECURE_PORT: &str = "prometheus_istio_io_secure_port";

const RESERVED_PORTS: [(&str, &str); 9] = [
    ("15000", "Envoy admin"),
    ("15001", "outbound traffic capture"),
    ("15004", "pilot debug"),
    ("15006", "inbound traffic capture"),
    ("15008", "HBONE tunnel"),
    ("15020", "pilot-agent status / merged Prometheus"),
    ("15021", "Envoy health"),
    ("15053", "DNS proxy"),
    ("15090", "Envoy Prometheus (already merged)"),
];

/// Whether `key` becomes `name` under Prometheus' `SanitizeLabelName` (every character
/// outside `[a-zA-Z0-9_]` becomes `_`). Compared in place: this runs on every annotation of
/// every injected pod, several times.
fn sanitizes_to(key: &str, name: &str) -> bool {
    let mut name = name.bytes();
    for c in key.chars() {
        let sanitized = if c.is_ascii_alphanumeric() || c == '_' {
            c as u8
        } else {
            b'_'
        };
        if name.next() != Some(sanitized) {
            return false;
        }
    }
    name.next().is_none()
}

/// The pod's string annotations whose key sanitizes to `name`.
fn annotations_named<'a>(pod: &'a Value, name: &'a str) -> impl Iterator<Item = &'a str> {
    pod.at(&["metadata", "annotations"])
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter(move |(k, _)| sanitizes_to(k, name))
        .filter_map(|(_, v)| v.as_str())
}

fn scrape_enabled(pod: &Value) -> bool {
    annotations_named(pod, SCRAPE)
        .find_map(parse_bool)
        .unwrap_or(true)
}

fn merge_enabled(mesh: &Value, pod: &Value) -> bool {
    if let Some(b) = pod::annotation(pod, "prometheus.istio.io/merge-metrics").and_then(parse_bool)
    {
        return b;
    }
    mesh.get("enablePrometheusMerge")
        .and_then(Value::as_bool)
        .unwrap_or(true)
}

/// The value of the first annotation whose sanitized key is `prometheus_io_port`.
pub fn current_port(pod: &Value) -> Option<&str> {
    annotations_named(pod, PORT).next()
}

/// Remove every scrape/port/path annotation (and scrape-targets, where `release` reads it),
/// whatever its spelling.
pub fn clear_annotations(pod: &mut Value, release: Release) {
    let cleared: &[&str] = if release.has(Feature::PrometheusScrapeTargets) {
        &[SCRAPE, PORT, PATH, TARGETS]
    } else {
        &[SCRAPE, PORT, PATH]
    };
    let annos = pod::string_map_mut(pod, "annotations");
    annos.retain(|k, _| !cleared.iter().any(|n| sanitizes_to(k, n)));
}

fn parse_targets(raw: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for entry in raw.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (port, path) = entry.split_once(':').unwrap_or((entry, ""));
        let port = port.trim();
        if port.is_empty() {
            return Err(format!("empty port in scrape target {entry:?}"));
        }
        let path = if path.trim().is_empty() {
            "/metrics"
        } else {
            path.trim()
        };
        out.push((port.to_string(), path.to_string()));
    }
    Ok(out)
}

fn check_port(port: &str, status_port: &str, targets: bool) -> Result<(), String> {
    let (prefix, what) = if targets {
        ("invalid prometheus scrape targets", "target port")
    } else {
        ("invalid prometheus scrape configuration", "port")
    };
    let n: i64 = match port.parse() {
        Ok(n) if (1..=65535).contains(&n) => n,
        _ => {
            return Err(format!(
                "{prefix}: invalid {}{port:?}",
                if targets { "target port " } else { "port " }
            ));
        }
    };
    let canon = n.to_string();
    if canon == status_port {
        return Err(format!("{prefix}: {what} {port} conflicts with agent port"));
    }
    if let Some((_, reason)) = RESERVED_PORTS.iter().find(|(p, _)| *p == canon) {
        return Err(format!(
            "{prefix}: {what} {port} is reserved for Istio ({reason}) and cannot be scraped"
        ));
    }
    Ok(())
}

/// `applyPrometheusMerge`, as `release` does it; runs even when the pod has no sidecar.
pub fn apply_merge(
    pod: &mut Value,
    mesh: &Value,
    status_port: i64,
    release: Release,
) -> Result<(), String> {
    if !(scrape_enabled(pod) && merge_enabled(mesh, pod)) {
        return Ok(());
    }
    let target_port = status_port.to_string();
    if current_port(pod) == Some(target_port.as_str()) {
        return Ok(());
    }
    let (mut scrape, mut path, mut port) = (String::new(), String::new(), String::new());
    let mut targets = Vec::new();
    let annos = pod
        .at(&["metadata", "annotations"])
        .and_then(Value::as_object);
    for (k, v) in annos.into_iter().flatten() {
        let Some(v) = v.as_str() else { continue };
        if sanitizes_to(k, PORT) {
            port = v.to_string();
        } else if sanitizes_to(k, SCRAPE) {
            scrape = v.to_string();
        } else if sanitizes_to(k, PATH) {
            path = v.to_string();
        } else if release.has(Feature::PrometheusScrapeTargets) && sanitizes_to(k, TARGETS) {
            // Istio logs malformed targets and ignores them.
            if let Ok(t) = parse_targets(v) {
                targets = t;
            }
        }
    }
    let checked = release.has(Feature::PrometheusPortChecks);
    if let Some((p, pa)) = targets.first() {
        port = p.clone();
        path = pa.clone();
        for (p, _) in targets.iter().filter(|_| checked) {
            check_port(p, &target_port, true)?;
        }
    } else if checked && !port.is_empty() {
        check_port(&port, &target_port, false)?;
    }
    let empty = scrape.is_empty() && path.is_empty() && port.is_empty() && targets.is_empty();
    if !empty {
        let (scrape, path, port) = (Value::from(scrape), Value::from(path), Value::from(port));
        let mut text = gofmt::struct_json(&[("scrape", &scrape), ("path", &path), ("port", &port)]);
        if !targets.is_empty() {
            let items: Vec<String> = targets
                .iter()
                .map(|(p, pa)| {
                    gofmt::struct_json(&[
                        ("port", &Value::from(p.as_str())),
                        ("path", &Value::from(pa.as_str())),
                    ])
                })
                .collect();
            text.pop();
            text.push_str(&format!(",\"targets\":[{}]}}", items.join(",")));
        }
        if let Some(sidecar) = pod::sidecar_mut(pod) {
            pod::push_env(sidecar, "ISTIO_PROMETHEUS_ANNOTATIONS", &text);
        }
    }
    clear_annotations(pod, release);
    let annos = pod::string_map_mut(pod, "annotations");
    annos.insert("prometheus.io/port".into(), target_port.into());
    annos.insert("prometheus.io/path".into(), "/stats/prometheus".into());
    annos.insert("prometheus.io/scrape".into(), "true".into());
    Ok(())
}

/// `applySecurePrometheusAnnotation`: advertise ENVOY_SECURE_MERGED_METRICS_PORT, where
/// `release` does.
pub fn apply_secure_port(pod: &mut Value, release: Release) {
    if !release.has(Feature::PrometheusSecurePort)
        || annotations_named(pod, SECURE_PORT).next().is_some()
    {
        return;
    }
    let port = pod::sidecar(pod)
        .and_then(|s| s.get("env"))
        .and_then(Value::as_array)
        .and_then(|env| {
            env.iter()
                .find(|e| {
                    e.get("name").and_then(Value::as_str)
                        == Some("ENVOY_SECURE_MERGED_METRICS_PORT")
                })
                .and_then(|e| e.get("value").and_then(Value::as_str))
                .filter(|v| !v.is_empty() && *v != "0")
                .map(str::to_string)
        });
    if let Some(port) = port {
        pod::string_map_mut(pod, "annotations")
            .insert("prometheus.istio.io/secure-port".into(), port.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod_with(annos: Value) -> Value {
        json!({"metadata": {"annotations": annos}, "spec": {"containers": [{"name": "istio-proxy"}]}})
    }

    #[test]
    fn keys_are_compared_as_prometheus_sanitizes_them() {
        assert!(sanitizes_to("prometheus.io/port", PORT));
        assert!(sanitizes_to("prometheus-io_port", PORT));
        assert!(!sanitizes_to("prometheus.io/ports", PORT));
        assert!(!sanitizes_to("prometheus.io/por", PORT));
        // One underscore per character, however many bytes it takes.
        assert!(sanitizes_to("prometheus\u{e9}io/port", PORT));
        assert!(!sanitizes_to("prometheus\u{e9}\u{e9}io/port", PORT));
    }

    #[test]
    fn merges_app_annotations_into_env() {
        let mut p = pod_with(json!({"prometheus.io/port": "8080", "prometheus-io/path": "/m"}));
        apply_merge(&mut p, &json!({}), 15020, Release::NEWEST).unwrap();
        assert_eq!(
            p["metadata"]["annotations"],
            json!({"prometheus.io/port": "15020", "prometheus.io/path": "/stats/prometheus", "prometheus.io/scrape": "true"})
        );
        let env = &p["spec"]["containers"][0]["env"][0];
        assert_eq!(env["value"], r#"{"scrape":"","path":"/m","port":"8080"}"#);
    }

    #[test]
    fn reserved_ports_deny() {
        let mut p = pod_with(json!({"prometheus.io/port": "15090"}));
        let err = apply_merge(&mut p, &json!({}), 15020, Release::NEWEST).unwrap_err();
        assert_eq!(
            err,
            "invalid prometheus scrape configuration: port 15090 is reserved for Istio (Envoy Prometheus (already merged)) and cannot be scraped"
        );
    }

    #[test]
    fn scrape_false_or_merge_off_leaves_pod() {
        let mut p = pod_with(json!({"prometheus.io/scrape": "false"}));
        apply_merge(&mut p, &json!({}), 15020, Release::NEWEST).unwrap();
        assert_eq!(
            p["metadata"]["annotations"],
            json!({"prometheus.io/scrape": "false"})
        );
        let mut p = pod_with(json!({}));
        apply_merge(
            &mut p,
            &json!({"enablePrometheusMerge": false}),
            15020,
            Release::NEWEST,
        )
        .unwrap();
        assert_eq!(p["metadata"]["annotations"], json!({}));
    }

    #[test]
    fn releases_before_86c9f01_inject_what_it_denies_and_leave_targets_alone() {
        let r130 = Release::parse("1.30.3").unwrap();
        let mut p = pod_with(json!({"prometheus.io/port": "15090"}));
        apply_merge(&mut p, &json!({}), 15020, r130).unwrap();
        let env = &p["spec"]["containers"][0]["env"][0];
        assert_eq!(env["value"], r#"{"scrape":"","path":"","port":"15090"}"#);

        let targets = json!({"prometheus.istio.io/scrape-targets": "9090:/a,9091"});
        let mut old = pod_with(targets.clone());
        apply_merge(&mut old, &json!({}), 15020, r130).unwrap();
        assert_eq!(
            old["metadata"]["annotations"]["prometheus.istio.io/scrape-targets"],
            "9090:/a,9091"
        );
        assert_eq!(old["spec"]["containers"][0].get("env"), None);
        let mut new = pod_with(targets);
        apply_merge(&mut new, &json!({}), 15020, Release::NEWEST).unwrap();
        assert_eq!(
            new["metadata"]["annotations"].get("prometheus.istio.io/scrape-targets"),
            None
        );
        assert_eq!(
            new["spec"]["containers"][0]["env"][0]["value"],
            r#"{"scrape":"","path":"/a","port":"9090","targets":[{"port":"9090","path":"/a"},{"port":"9091","path":"/metrics"}]}"#
        );
    }

    #[test]
    fn the_secure_port_is_advertised_from_86c9f01_only() {
        let secure = || {
            let mut p = pod_with(json!({}));
            p["spec"]["containers"][0]["env"] =
                json!([{"name": "ENVOY_SECURE_MERGED_METRICS_PORT", "value": "15091"}]);
            p
        };
        let mut old = secure();
        apply_secure_port(&mut old, Release::parse("1.30.3").unwrap());
        assert_eq!(old["metadata"]["annotations"], json!({}));
        let mut new = secure();
        apply_secure_port(&mut new, Release::NEWEST);
        assert_eq!(
            new["metadata"]["annotations"]["prometheus.istio.io/secure-port"],
            "15091"
        );
    }
}
