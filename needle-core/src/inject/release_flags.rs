//! The template variable `release`: the rows of the release table (`core::release`) that
//! Istio's stock templates differ by, as flags needle's built-in templates read
//! (`release.gomaxprocs`...), so that one template text gives each release's stock pods. The
//! other differences reach the templates as the context fills their variables for the release
//! (`proxy_init_image`, `otel_resource_attributes`).

use crate::release::{Feature, Release};
use minijinja::value::{Enumerator, Object, Value as MjValue};
use std::sync::Arc;

/// Whether a release has a flag.
type Has = fn(Release) -> bool;

/// Each flag by the name templates read it by, and whether a release has it.
const FLAGS: [(&str, Has); 6] = [
    ("resource_divisor", |r| r.has(Feature::ResourceFieldDivisor)),
    ("crl_config_map_name", |r| r.has(Feature::CrlConfigMapName)),
    ("fips_godebug", |r| r.has(Feature::FipsGodebug)),
    ("canonical_name_trim_all", |r| {
        r.has(Feature::CanonicalNameTrimAll)
    }),
    ("gomaxprocs", |r| !r.has(Feature::NoGomaxprocs)),
    ("quotes_annotations", |r| {
        r.has(Feature::QuotedAnnotationValues)
    }),
];

/// The flags of one release, worked out once per snapshot.
#[derive(Debug)]
pub struct ReleaseFlags([bool; FLAGS.len()]);

impl ReleaseFlags {
    pub fn of(release: Release) -> MjValue {
        MjValue::from_object(ReleaseFlags(FLAGS.map(|(_, has)| has(release))))
    }
}

impl Object for ReleaseFlags {
    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        let at = FLAGS
            .iter()
            .position(|(name, _)| Some(*name) == key.as_str())?;
        Some(MjValue::from(self.0[at]))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(FLAGS.iter().map(|(name, _)| MjValue::from(*name)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(release: &str) -> Vec<(String, bool)> {
        let value = ReleaseFlags::of(Release::parse(release).unwrap());
        value
            .try_iter()
            .unwrap()
            .map(|name| {
                let flag = value.get_attr(name.as_str().unwrap()).unwrap();
                (name.to_string(), flag.is_true())
            })
            .collect()
    }

    #[test]
    fn every_flag_is_named_and_follows_its_row() {
        let names: Vec<&str> = FLAGS.iter().map(|(n, _)| *n).collect();
        let listed: Vec<String> = flags("1.28.10").into_iter().map(|(n, _)| n).collect();
        assert_eq!(listed, names);
        let on = |release| -> Vec<String> {
            flags(release)
                .into_iter()
                .filter(|(_, on)| *on)
                .map(|(n, _)| n)
                .collect()
        };
        assert_eq!(on("1.28.10"), ["gomaxprocs"]);
        assert_eq!(
            on("1.30.3"),
            ["resource_divisor", "crl_config_map_name", "gomaxprocs"]
        );
        assert_eq!(
            on("86c9f01"),
            [
                "resource_divisor",
                "crl_config_map_name",
                "fips_godebug",
                "canonical_name_trim_all",
                "quotes_annotations"
            ]
        );
        let value = ReleaseFlags::of(Release::NEWEST);
        assert!(value.get_attr("no_such_flag").unwrap().is_undefined());
    }
}
