//! DestinationRule load balancing, as Istio's `validateLoadBalancer` checks it: the simple,
//! consistent-hash and backend-utilization policies, locality and zone-aware settings, warmup.

use crate::release::{Feature, Release};
use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use super::traffic_policy::OutlierDetection;
use crate::validate::common::{Duration, Report, de_u64};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct LoadBalancerSettings {
    pub simple: Option<SimpleLb>,
    pub consistent_hash: Option<ConsistentHashLb>,
    pub backend_utilization: Option<BackendUtilizationLb>,
    pub locality_lb_setting: Option<LocalityLbSetting>,
    pub zone_aware_lb_setting: Option<ZoneAwareLbSetting>,
    pub warmup_duration_secs: Option<Duration>,
    pub warmup: Option<Warmup>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "istio.networking.v1alpha3.LoadBalancerSettings.SimpleLB")]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum SimpleLb {
    UNSPECIFIED,
    LEAST_CONN,
    RANDOM,
    PASSTHROUGH,
    ROUND_ROBIN,
    LEAST_REQUEST,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ConsistentHashLb {
    pub http_header_name: Option<String>,
    pub http_cookie: Option<HttpCookie>,
    pub use_source_ip: Option<bool>,
    pub http_query_parameter_name: Option<String>,
    pub ring_hash: Option<RingHash>,
    pub maglev: Option<Maglev>,
    #[serde(deserialize_with = "de_u64")]
    pub minimum_ring_size: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct RingHash {
    #[serde(deserialize_with = "de_u64")]
    pub minimum_ring_size: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Maglev {
    #[serde(deserialize_with = "de_u64")]
    pub table_size: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct HttpCookie {
    pub name: String,
    pub path: String,
    pub ttl: Option<Duration>,
    pub attributes: Vec<CookieAttribute>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct CookieAttribute {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct BackendUtilizationLb {
    pub weight_stabilization_period: Option<Duration>,
    pub weight_expiration_period: Option<Duration>,
    pub weight_update_period: Option<Duration>,
    pub error_utilization_penalty_percent: u32,
    pub metric_names_for_computing_utilization: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Warmup {
    pub duration: Option<Duration>,
    pub minimum_percent: Option<f64>,
    pub aggression: Option<f64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct LocalityLbSetting {
    pub distribute: Vec<Distribute>,
    pub failover: Vec<Failover>,
    pub failover_priority: Vec<String>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Distribute {
    pub from: String,
    pub to: BTreeMap<String, u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct Failover {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct ZoneAwareLbSetting {
    pub enabled: Option<bool>,
    pub failover: Vec<Failover>,
    pub failover_priority: Vec<String>,
    pub min_cluster_size: Option<u32>,
}

/// `validateLoadBalancer`.
pub fn validate_load_balancer(
    report: &mut Report,
    s: Option<&LoadBalancerSettings>,
    outlier: Option<&OutlierDetection>,
    release: Release,
) {
    let Some(s) = s else { return };
    report.oneof(
        "lb_policy",
        &[
            ("simple", s.simple.is_some()),
            ("consistentHash", s.consistent_hash.is_some()),
            ("backendUtilization", s.backend_utilization.is_some()),
        ],
    );
    if let Some(ch) = &s.consistent_hash {
        validate_consistent_hash(report, ch);
    }
    if s.locality_lb_setting.is_some() && s.zone_aware_lb_setting.is_some() {
        report.error("only one of localityLbSetting and zoneAwareLbSetting can be set");
    }
    if let Some(l) = &s.locality_lb_setting {
        validate_locality_lb_setting(report, l, outlier);
    }
    if let Some(z) = &s.zone_aware_lb_setting {
        validate_zone_aware_lb_setting(report, z, outlier);
    }
    if let Some(w) = &s.warmup {
        match w.duration {
            None => report.error("duration is required"),
            Some(d) => report.check(d.check()),
        }
        if w.minimum_percent.unwrap_or(0.0) > 100.0 {
            report.error("minimumPercent value should be less than or equal to 100");
        }
        let above_zero = release.has(Feature::WarmupAggressionAboveZero);
        match w.aggression {
            Some(a) if above_zero && a <= 0.0 => {
                report.error("aggression should be greater than 0")
            }
            Some(a) if !above_zero && a < 1.0 => {
                report.error("aggression should be greater than or equal to 1")
            }
            _ => {}
        }
    }
}

fn validate_consistent_hash(report: &mut Report, ch: &ConsistentHashLb) {
    report.oneof(
        "hash_key",
        &[
            ("httpHeaderName", ch.http_header_name.is_some()),
            ("httpCookie", ch.http_cookie.is_some()),
            ("useSourceIp", ch.use_source_ip.is_some()),
            (
                "httpQueryParameterName",
                ch.http_query_parameter_name.is_some(),
            ),
        ],
    );
    report.oneof(
        "hash_algorithm",
        &[
            ("ringHash", ch.ring_hash.is_some()),
            ("maglev", ch.maglev.is_some()),
        ],
    );
    if let Some(cookie) = &ch.http_cookie {
        if cookie.name.is_empty() {
            report.error("name required for HttpCookie");
        }
        let mut names = BTreeSet::new();
        for attr in &cookie.attributes {
            if attr.name.is_empty() {
                report.error("cookie attribute name cannot be empty");
            } else if !names.insert(attr.name.as_str()) {
                report.error(format!("duplicate cookie attribute name: {}", attr.name));
            }
        }
    }
    if ch.minimum_ring_size != 0 {
        report.warning("consistent hash MinimumRingSize is deprecated, use ConsistentHashLB's RingHash configuration instead");
        if ch.ring_hash.is_some() || ch.maglev.is_some() {
            report.error("only one of MinimumRingSize or Maglev/Ringhash can be specified");
        }
    }
    if let Some(ml) = &ch.maglev {
        if ml.table_size == 0 {
            report.error("tableSize must be set for maglev");
        }
        if ml.table_size >= 5_000_011 {
            report.error("tableSize must be less than 5000011 for maglev");
        }
        if !is_prime(ml.table_size) {
            report.error("tableSize must be a prime number for maglev");
        }
    }
}

/// Envoy's primality test (1, 2 and 3 count as prime; 0 does not).
fn is_prime(x: u64) -> bool {
    if x != 0 && x < 4 {
        return true;
    }
    if x & 1 == 0 {
        return false;
    }
    let limit = (x as f64).sqrt() as u64;
    (3..=limit).step_by(2).all(|f| !x.is_multiple_of(f))
}

const TOPOLOGY_LABELS: [&str; 3] = [
    "topology.kubernetes.io/region",
    "topology.kubernetes.io/zone",
    "topology.istio.io/subzone",
];

/// `ValidateLocalityLbSetting`.
pub fn validate_locality_lb_setting(
    report: &mut Report,
    lb: &LocalityLbSetting,
    outlier: Option<&OutlierDetection>,
) {
    if !lb.distribute.is_empty() && !lb.failover.is_empty() {
        report.error("can not simultaneously specify 'distribute' and 'failover'");
        return;
    }
    if !lb.failover.is_empty()
        && let Some(l) = lb
            .failover_priority
            .iter()
            .find(|l| TOPOLOGY_LABELS.contains(&l.as_str()))
    {
        report.error(format!(
            "can not simultaneously set 'failover' and topology label '{l}' in 'failover_priority'"
        ));
        return;
    }
    let mut sources = Vec::new();
    for d in &lb.distribute {
        sources.push(d.from.as_str());
        let mut total: u32 = 0;
        for w in d.to.values() {
            if *w == 0 || *w > 100 {
                report.error("locality weight must be in range [1, 100]");
                return;
            }
            total += w;
        }
        if total != 100 {
            report.error(format!("total locality weight {total} != 100"));
            return;
        }
        let dests: Vec<&str> = d.to.keys().map(String::as_str).collect();
        report.check(validate_localities(&dests));
    }
    report.check(validate_localities(&sources));
    if (!lb.failover.is_empty() || !lb.failover_priority.is_empty()) && outlier.is_none() {
        report.warning("outlier detection policy must be provided for failover");
    }
    for f in &lb.failover {
        if f.from == f.to {
            report.error("locality lb failover settings must specify different regions");
        }
        if f.from.contains('/') || f.to.contains('/') {
            report.error("locality lb failover only specify region");
        }
        if f.from.contains('*') || f.to.contains('*') {
            report.error("locality lb failover region should not contain '*' wildcard");
        }
    }
}

/// `ValidateZoneAwareLbSetting`.
pub fn validate_zone_aware_lb_setting(
    report: &mut Report,
    lb: &ZoneAwareLbSetting,
    outlier: Option<&OutlierDetection>,
) {
    for l in &lb.failover_priority {
        if TOPOLOGY_LABELS.contains(&l.as_str()) {
            report.error(format!("'failover_priority' for zone aware lb must not use topology label '{l}'; region- and zone-level routing are handled automatically"));
        }
    }
    if (!lb.failover.is_empty() || !lb.failover_priority.is_empty()) && outlier.is_none() {
        report.warning("outlier detection policy must be provided for failover");
    }
    for f in &lb.failover {
        if f.from == f.to {
            report.error("zone aware lb failover settings must specify different regions");
        }
        if f.from.contains('/') || f.to.contains('/') {
            report.error("zone aware lb failover only specifies region; zone and subzone failover are handled automatically");
        }
        if f.from.contains('*') || f.to.contains('*') {
            report.error("zone aware lb failover region should not contain '*' wildcard");
        }
    }
}

/// `validateLocalities`: `region[/zone[/subzone]]`, a single trailing `*`, no overlaps.
pub fn validate_localities(localities: &[&str]) -> Result<(), String> {
    // region -> zone -> subzones; "*" marks "everything below".
    let mut seen: BTreeMap<&str, BTreeMap<&str, BTreeSet<&str>>> = BTreeMap::new();
    for &loc in localities {
        let overlap = || format!("locality {loc} overlap with previous specified ones");
        let stars = loc.matches('*').count();
        if stars > 1 || (stars == 1 && !loc.ends_with('*')) {
            return Err(format!(
                "locality {loc} wildcard '*' number can not exceed 1 and must be in the end"
            ));
        }
        if seen.contains_key("*") {
            return Err(overlap());
        }
        let items: Vec<&str> = loc.splitn(3, '/').collect();
        if items.iter().any(|i| i.is_empty()) {
            return Err(format!(
                "locality {loc} must not contain empty region/zone/subzone info"
            ));
        }
        let region = items[0];
        match items.len() {
            1 => {
                if seen.contains_key(region) {
                    return Err(overlap());
                }
                seen.insert(region, BTreeMap::from([("*", BTreeSet::from(["*"]))]));
            }
            2 => {
                let zone = items[1];
                let zones = seen.entry(region).or_default();
                if zones.contains_key("*") || zones.contains_key(zone) {
                    return Err(overlap());
                }
                zones.insert(zone, BTreeSet::from(["*"]));
            }
            _ => {
                let (zone, sub) = (items[1], items[2]);
                let zones = seen.entry(region).or_default();
                if zones.contains_key("*") {
                    return Err(overlap());
                }
                let subs = zones.entry(zone).or_default();
                if subs.contains("*") || !subs.insert(sub) {
                    return Err(overlap());
                }
            }
        }
    }
    Ok(())
}
