//! The Istio release needle answers as. What istiod's injector and validator do differently
//! from one release to the next, in their Go code and in the stock templates of the chart, is
//! this one table; the steps that differ ask it (`Release::has`), and there is one code path.
//! (What the releases' APIs add, fields, enum values and kinds, is `validate::api`; the Envoy
//! types their validators resolve, `validate::envoy_filter::registry`.) needle's
//! built-in templates read the rows of the stock templates through the template variable
//! `release` (`inject::release_flags`), so one template text gives each release's pods.
//!
//! Each row was read from Istio's history at the release tags (the backports included), not
//! inferred from dates.

use std::fmt;

/// An Istio release: `1.<minor>.<patch>`, or the development commit needle follows, which
/// comes after every patch of the newest minor (its patch is `DEVELOPMENT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release {
    minor: u32,
    patch: u32,
}

/// A behaviour of Istio's injector or validator that some releases have and others lack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// `sidecar.istio.io/proxyCPU`, `proxyMemory`, `proxyCPULimit` and `proxyMemoryLimit` are
    /// validated as quantities (istio#58928, backported to 1.28.4 and 1.29.0).
    QuantityAnnotations,
    /// `traffic.sidecar.istio.io/excludeInterfaces`, `kubevirtInterfaces` and
    /// `istio.io/reroute-virtual-interfaces` are validated as interface names (istio#58785).
    InterfaceAnnotations,
    /// Templates may call `omitNil` (istio#58824, backported to 1.28.6 and 1.29.1).
    OmitNil,
    /// Templates may call `otelResourceAttributes` (istio#59207).
    OtelResourceAttributes,
    /// `prometheus.istio.io/scrape-targets` is read into the merged scrape configuration and
    /// cleared with the other scrape annotations (istio#59924).
    PrometheusScrapeTargets,
    /// A scraped port that is not a port, is the agent's own, or is one Istio reserves denies
    /// the pod (istio#60468); before it, such pods are injected.
    PrometheusPortChecks,
    /// `prometheus.istio.io/secure-port` is set from the proxy's
    /// `ENVOY_SECURE_MERGED_METRICS_PORT` (istio#60430).
    PrometheusSecurePort,
    /// Templates have `.ProxyInitImage` (built from `global.proxy_init.image`), and an image
    /// type the proxy config leaves empty falls back to `global.variant` (istio#59292); before
    /// it, a proxy config with an `image` took its type as written, empty included. The stock
    /// `sidecar` template's init container runs `.ProxyInitImage`, before it `.ProxyImage`.
    ProxyInitImage,
    /// The stock templates' `resourceFieldRef`s (`ISTIO_CPU_LIMIT`, `GOMEMLIMIT`,
    /// `GOMAXPROCS`) name `divisor: "1"` (istio#58077); before it they name none, and Go's typed
    /// Pod prints the zero `divisor: "0"`.
    ResourceFieldDivisor,
    /// The stock `sidecar` template's `istio-ca-crl` volume mounts the ConfigMap
    /// `pilot.crlConfigMapName` names, `istio-ca-crl` by default (istio#57874); before it,
    /// always `istio-ca-crl`.
    CrlConfigMapName,
    /// The stock `sidecar` and `gateway` templates set `GODEBUG=fips140=only` with the
    /// `fips-140-3` compliance policy (istio#59847).
    FipsGodebug,
    /// The stock `sidecar` template trims `-`, `_` and `.` from both ends of the truncated
    /// canonical name (istio#60859); before it, one trailing `-`.
    CanonicalNameTrimAll,
    /// The stock templates no longer set the proxy's `GOMAXPROCS` from its CPU limit
    /// (istio#60755, master only).
    NoGomaxprocs,
    /// The stock templates quote the annotation values they write (istio#61215, master only);
    /// before it they write `proxyImage` and the init container's `agentLogLevel` between
    /// double quotes, the proxy's log levels and `bootstrapOverride` bare, and the YAML reader
    /// reads them as YAML.
    QuotedAnnotationValues,
    /// `ProxyConfig.connectionSettings` exists (istio#60576, 97ab928): a pod's ProxyConfig
    /// carries it and `proxy.istio.io/config` checks it. Before it the API has no such field,
    /// and Istio's reader drops it from every layer.
    ProxyConnectionSettings,
    /// Validation: a targetRef error lists the Gateway API kinds as `v1` (istio#58110); before
    /// it, as `v1beta1`.
    GatewayApiV1TargetRefs,
    /// Validation: a ServiceEntry with resolution DYNAMIC_DNS may have TLS ports
    /// (istio#57972); before it, HTTP only.
    DynamicDnsTls,
    /// Validation: DYNAMIC_DNS also takes GRPC and HTTP2 ports and the MESH_INTERNAL location,
    /// which a waypoint may not use (istio#58688).
    DynamicDnsMeshInternal,
    /// Validation: EnvoyFilter patches in the WAYPOINT context are not checked (istio#57970).
    EnvoyFilterWaypointSkipped,
    /// Validation: `source.trustDomain` is a known condition key (istio#59052); before it, an
    /// unknown attribute.
    TrustDomainAttribute,
    /// Validation: trust domains are checked (wildcards, `/`, CUSTOM) and count as a source
    /// (backported to 1.30.2).
    TrustDomainRules,
    /// Validation: inline `jwks` with private keys is warned about (istio#60339, backported to
    /// 1.30.3).
    JwksPrivateKeyWarning,
    /// Validation: Sidecar egress hosts may exclude a namespace with `~` (istio#60581).
    SidecarExcludedNamespaces,
    /// Validation: a Sidecar may not use the mesh-only outbound mode ALLOW_ANY_DYNAMIC_DNS
    /// (istio#59802).
    SidecarDynamicDnsModeRefused,
    /// Validation: warmup `aggression` must be above 0 (istio#60611); before it, at least 1.
    WarmupAggressionAboveZero,
    /// Validation: an EnvoyFilter `proxyVersion` over 1024 characters is ignored with a
    /// warning (istio#61257); before it, compiled like any other.
    ProxyVersionLengthCap,
}

/// Where each feature starts: per minor, the first patch that has it; every minor after the
/// last one listed has it from its first patch.
const SINCE: [(Feature, &[(u32, u32)]); 26] = [
    (Feature::QuantityAnnotations, &[(28, 4), (29, 0)]),
    (Feature::InterfaceAnnotations, &[(30, 0)]),
    (Feature::OmitNil, &[(28, 6), (29, 1)]),
    (Feature::OtelResourceAttributes, &[(30, 0)]),
    (Feature::PrometheusScrapeTargets, &[(31, 0)]),
    (Feature::PrometheusPortChecks, &[(31, 0)]),
    (Feature::PrometheusSecurePort, &[(31, 0)]),
    (Feature::ProxyInitImage, &[(31, 0)]),
    (Feature::ResourceFieldDivisor, &[(29, 0)]),
    (Feature::CrlConfigMapName, &[(29, 0)]),
    (Feature::FipsGodebug, &[(31, 0)]),
    (Feature::CanonicalNameTrimAll, &[(31, 0)]),
    (Feature::NoGomaxprocs, &[(31, DEVELOPMENT)]),
    (Feature::QuotedAnnotationValues, &[(31, DEVELOPMENT)]),
    (Feature::ProxyConnectionSettings, &[(31, 0)]),
    (Feature::GatewayApiV1TargetRefs, &[(29, 0)]),
    (Feature::DynamicDnsTls, &[(29, 0)]),
    (Feature::DynamicDnsMeshInternal, &[(30, 0)]),
    (Feature::EnvoyFilterWaypointSkipped, &[(29, 0)]),
    (Feature::TrustDomainAttribute, &[(30, 0)]),
    (Feature::TrustDomainRules, &[(30, 2)]),
    (Feature::JwksPrivateKeyWarning, &[(30, 3)]),
    (Feature::SidecarExcludedNamespaces, &[(31, 0)]),
    (Feature::SidecarDynamicDnsModeRefused, &[(31, 0)]),
    (Feature::WarmupAggressionAboveZero, &[(31, 0)]),
    (Feature::ProxyVersionLengthCap, &[(31, 0)]),
];

/// The oldest minor needle answers as; older ones are answered as this one, with a warning.
const OLDEST_MINOR: u32 = 28;

/// The patch of the development commit: master after the 1.31 branch was cut, so after every
/// 1.31 patch (the corpus's `istio-releases/1.31` is that branch, 27 Aug 2026). Its injector
/// code is 1.31's; its stock `sidecar` text differs (istio#61215's quoting, no `GOMAXPROCS`).
const DEVELOPMENT: u32 = u32::MAX;

impl Release {
    /// The development commit of Istio needle follows (master after 1.31; its stock templates
    /// are needle's built-in ones with every row of the table). Newer or unknown releases are
    /// answered as this one.
    pub const NEWEST: Release = Release {
        minor: 31,
        patch: DEVELOPMENT,
    };

    /// Istio `1.<minor>.<patch>`.
    pub const fn new(minor: u32, patch: u32) -> Release {
        Release { minor, patch }
    }

    /// A release named as a user or a values file names it: `1.28`, `1.28.4`, `v1.28.4`,
    /// `1.28.4-distroless`, or `86c9f01`. `None` when the text names no release.
    pub fn parse(text: &str) -> Option<Release> {
        let text = text.trim();
        if text == "86c9f01" {
            return Some(Release::NEWEST);
        }
        let text = text.strip_prefix('v').unwrap_or(text);
        let version = text.split(['-', '+']).next()?;
        let mut parts = version.split('.');
        let (major, minor) = (parts.next()?, parts.next()?);
        let patch = parts.next().unwrap_or("0");
        if major != "1" || parts.next().is_some() {
            return None;
        }
        let patch: u32 = patch.parse().ok()?;
        (patch != DEVELOPMENT).then_some(())?;
        Some(Release {
            minor: minor.parse().ok()?,
            patch,
        })
    }

    /// The release needle answers as for this one, and why when it is not the same: a release
    /// older than the oldest needle knows, or newer than the newest.
    pub fn supported(self) -> (Release, Option<String>) {
        if self > Release::NEWEST {
            let why = format!("Istio {self} is newer than the newest release needle knows");
            return (Release::NEWEST, Some(why));
        }
        if self.minor < OLDEST_MINOR {
            let oldest = Release {
                minor: OLDEST_MINOR,
                patch: 0,
            };
            let why = format!("Istio {self} is older than the oldest release needle answers as");
            return (oldest, Some(why));
        }
        (self, None)
    }

    /// The `<minor>` of `1.<minor>`.
    pub fn minor(self) -> u32 {
        self.minor
    }

    pub fn has(self, feature: Feature) -> bool {
        let (_, since) = SINCE
            .iter()
            .find(|(f, _)| *f == feature)
            .expect("every feature has a row");
        let last_minor = since.iter().map(|(m, _)| *m).max().unwrap_or(0);
        match since.iter().find(|(m, _)| *m == self.minor) {
            Some((_, first_patch)) => self.patch >= *first_patch,
            None => self.minor > last_minor,
        }
    }
}

/// When nothing names a release, needle answers as the newest it knows.
impl Default for Release {
    fn default() -> Release {
        Release::NEWEST
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Release::NEWEST {
            write!(f, "86c9f01")
        } else {
            write!(f, "1.{}.{}", self.minor, self.patch)
        }
    }
}

/// How the release in use was chosen, for the load log and `check-inject --explain`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReleaseSource {
    /// `--istio-release`.
    Flag,
    /// The values' `global.tag`.
    ValuesTag(String),
    /// needle's embedded values and templates, which are 86c9f01's.
    Embedded,
    /// Nothing named one (a tag such as `latest`): the newest.
    Newest,
}

/// The release in use and how it was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenRelease {
    pub release: Release,
    pub source: ReleaseSource,
    /// Why it differs from the one asked for, when it does.
    pub note: Option<String>,
}

impl ChosenRelease {
    /// The release a flag names, else the one the values' `global.tag` names (`values` is
    /// `None` for needle's embedded values), else the newest.
    pub fn choose(flag: Option<Release>, values: Option<&serde_json::Value>) -> ChosenRelease {
        let (asked, source) = match (flag, values) {
            (Some(release), _) => (release, ReleaseSource::Flag),
            (None, None) => (Release::NEWEST, ReleaseSource::Embedded),
            (None, Some(values)) => {
                let tag = values
                    .pointer("/global/tag")
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or_default();
                match Release::parse(tag) {
                    Some(release) => (release, ReleaseSource::ValuesTag(tag.to_string())),
                    None => (Release::NEWEST, ReleaseSource::Newest),
                }
            }
        };
        let (release, note) = asked.supported();
        ChosenRelease {
            release,
            source,
            note,
        }
    }

    /// One line for the load log and `check-inject --explain`.
    pub fn describe(&self) -> String {
        let from = match &self.source {
            ReleaseSource::Flag => "--istio-release".to_string(),
            ReleaseSource::ValuesTag(tag) => format!("the values' global.tag {tag:?}"),
            ReleaseSource::Embedded => "needle's embedded config".to_string(),
            ReleaseSource::Newest => {
                "the newest needle knows: no --istio-release, and the values' global.tag names no release"
                    .to_string()
            }
        };
        match &self.note {
            Some(note) => format!("Istio {} (from {from}; {note})", self.release),
            None => format!("Istio {} (from {from})", self.release),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn r(text: &str) -> Release {
        Release::parse(text).unwrap()
    }

    #[test]
    fn names_parse_as_users_and_values_write_them() {
        assert_eq!(r("1.28"), r("1.28.0"));
        assert_eq!(r("v1.28.4"), r("1.28.4"));
        assert_eq!(r("1.30.3-distroless"), r("1.30.3"));
        assert_eq!(r("86c9f01"), Release::NEWEST);
        assert_eq!(r("86c9f01").to_string(), "86c9f01");
        assert_eq!(r("1.29.6").to_string(), "1.29.6");
        assert_eq!(r("1.31").to_string(), "1.31.0");
        assert!(r("1.31") < Release::NEWEST && Release::NEWEST < r("1.32"));
        for not_one in ["latest", "", "2.1.0", "1.x", "1.28.4.1", "master"] {
            assert_eq!(Release::parse(not_one), None, "{not_one}");
        }
    }

    #[test]
    fn features_follow_the_releases_and_their_backports() {
        use Feature::*;
        // The four of 1.31 (86c9f01) move together: scrape targets, port checks, secure port,
        // `.ProxyInitImage`.
        let table = [
            ("1.28.3", [false, false, false, false, false]),
            ("1.28.4", [true, false, false, false, false]),
            ("1.28.6", [true, false, true, false, false]),
            ("1.29.0", [true, false, false, false, false]),
            ("1.29.1", [true, false, true, false, false]),
            ("1.30.0", [true, true, true, true, false]),
            ("1.30.3", [true, true, true, true, false]),
            ("1.31.0", [true, true, true, true, true]),
            ("86c9f01", [true, true, true, true, true]),
        ];
        for (release, want) in table {
            let got = [
                QuantityAnnotations,
                InterfaceAnnotations,
                OmitNil,
                OtelResourceAttributes,
                PrometheusScrapeTargets,
            ]
            .map(|f| r(release).has(f));
            assert_eq!(got, want, "{release}");
            for f in [PrometheusPortChecks, PrometheusSecurePort, ProxyInitImage] {
                assert_eq!(r(release).has(f), want[4], "{release} {f:?}");
            }
        }
    }

    #[test]
    fn stock_template_rows_follow_the_charts_at_the_tags() {
        use Feature::*;
        let rows = [
            ResourceFieldDivisor,
            CrlConfigMapName,
            FipsGodebug,
            CanonicalNameTrimAll,
            NoGomaxprocs,
            QuotedAnnotationValues,
        ];
        let table = [
            ("1.28.10", [false, false, false, false, false, false]),
            ("1.29.0", [true, true, false, false, false, false]),
            ("1.30.3", [true, true, false, false, false, false]),
            ("1.31.0", [true, true, true, true, false, false]),
            ("1.31.4", [true, true, true, true, false, false]),
            ("86c9f01", [true, true, true, true, true, true]),
        ];
        for (release, want) in table {
            assert_eq!(rows.map(|f| r(release).has(f)), want, "{release}");
        }
        assert_eq!(Release::new(29, 6), r("1.29.6"));
    }

    #[test]
    fn the_flag_wins_then_the_tag_then_the_newest() {
        let values = json!({"global": {"tag": "1.29.6"}});
        let chosen = ChosenRelease::choose(Some(r("1.28.10")), Some(&values));
        assert_eq!(chosen.describe(), "Istio 1.28.10 (from --istio-release)");
        let chosen = ChosenRelease::choose(None, Some(&values));
        assert_eq!(
            chosen.describe(),
            "Istio 1.29.6 (from the values' global.tag \"1.29.6\")"
        );
        let latest = json!({"global": {"tag": "latest"}});
        assert_eq!(
            ChosenRelease::choose(None, Some(&latest)).release,
            Release::NEWEST
        );
        assert_eq!(
            ChosenRelease::choose(None, None).source,
            ReleaseSource::Embedded
        );
    }

    #[test]
    fn releases_outside_the_table_are_answered_as_its_ends_and_say_so() {
        let newer = ChosenRelease::choose(Some(r("1.32.0")), None);
        assert_eq!(newer.release, Release::NEWEST);
        assert_eq!(
            newer.describe(),
            "Istio 86c9f01 (from --istio-release; Istio 1.32.0 is newer than the newest release needle knows)"
        );
        let older = ChosenRelease::choose(Some(r("1.26.8")), None);
        assert_eq!(older.release, r("1.28.0"));
        assert!(older.note.unwrap().contains("older than the oldest"));
    }
}
