//! Building a configuration snapshot from inputs in Istio's formats, or from the embedded
//! defaults.

use crate::config::{self, ConfigError, InjectorConfig};
use crate::gotemplate::uses::{self, EnvironmentRead};
use crate::inject::render::SharedContext;
use crate::inject::render::{BUILTIN_TEMPLATES, Templates};
use crate::release::{ChosenRelease, Release};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// An immutable configuration: injector config, values, mesh config, compiled templates.
#[derive(Debug)]
pub struct Snapshot {
    pub config: InjectorConfig,
    pub values: Value,
    pub mesh: Value,
    pub templates: Templates,
    /// `values` and `mesh` as template values, converted once.
    pub shared_context: SharedContext,
    /// The template names a pod may select: those the injector config defines and Istio's
    /// default profile's (`DEFAULT_PROFILE_TEMPLATES`); needle's built-in `spire` is only
    /// offered when the config has a `spire` template.
    pub offered_templates: std::collections::BTreeSet<String>,
    /// Where each offered template renders from (`--templates`).
    pub template_origins: BTreeMap<String, TemplateOrigin>,
    /// The Istio release needle answers as with this configuration.
    pub release: ChosenRelease,
    /// This load among all others in the process (answers cached for one are not another's).
    pub generation: config::Generation,
    /// What was loaded, as 16 hex digits: the same on every replica given the same inputs
    /// (texts, release, template choice, image override, environment), so a platform team
    /// sees which replicas serve which configuration.
    pub fingerprint: String,
}

impl Snapshot {
    /// `name: origin` of every offered template, for the log at load.
    pub fn template_summary(&self) -> String {
        self.template_origins
            .iter()
            .map(|(name, origin)| format!("{name}: {}", origin.describe()))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The injector process's environment, which Istio's template function `env` reads: captured
/// by the adapter at start-up, so the core reads no process state.
pub type Environment = BTreeMap<String, String>;

pub const DEFAULT_CONFIG: &str = include_str!("../../../defaults/config.yaml");
pub const DEFAULT_VALUES: &str = include_str!("../../../defaults/values.json");
pub const DEFAULT_MESH: &str = include_str!("../../../defaults/mesh.yaml");

/// One input: a name for messages (usually the file path) and its text.
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// A source from a loaded (name, text) pair, if there is one.
    pub fn from_loaded(loaded: &'a Option<(String, String)>) -> Option<Self> {
        loaded.as_ref().map(|(name, text)| Source { name, text })
    }
}

/// The inputs of a snapshot; `None` takes needle's embedded default.
#[derive(Default)]
pub struct Sources<'a> {
    pub config: Option<Source<'a>>,
    pub values: Option<Source<'a>>,
    pub mesh: Option<Source<'a>>,
    pub templates: TemplateSource,
    pub environment: Environment,
    /// `--hub` / `--tag`: set over whichever values are used.
    pub image: ImageOverride,
    /// `--istio-release`: the release to answer as, whatever the values' tag says.
    pub release: Option<Release>,
}

/// The proxy image's registry and tag given on the command line (`--hub`, `--tag`). They
/// replace `global.hub` and `global.tag` of the values in use, embedded or not, as `helm
/// --set` replaces what a values file says; a pod's `sidecar.istio.io/proxyImage` annotation
/// still wins for that pod.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImageOverride {
    pub hub: Option<String>,
    pub tag: Option<String>,
}

impl ImageOverride {
    fn apply(&self, values: &mut Value) {
        if *self == Self::default() {
            return;
        }
        // Values are a mapping (`parse_values`); a `global` that is not one is left for the
        // templates to fail on, as Istio's would.
        let Some(top) = values.as_object_mut() else {
            return;
        };
        let global = top.entry("global").or_insert(Value::Null);
        if global.is_null() {
            *global = Value::Object(Default::default());
        }
        let Some(global) = global.as_object_mut() else {
            return;
        };
        for (key, value) in [("hub", &self.hub), ("tag", &self.tag)] {
            if let Some(value) = value {
                global.insert(key.to_string(), Value::String(value.clone()));
            }
        }
    }
}

/// Which version of a template that needle has built in (`render::BUILTIN_TEMPLATES`)
/// injection uses when the injector config has its text too.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum TemplateSource {
    /// The config's text, unless it is the stock text of a template needle has built in of
    /// the Istio release needle answers as: then needle's, which gives the same pods faster.
    #[default]
    Auto,
    /// needle's own minijinja templates (JSON output; about six times faster than Istio's
    /// stock Go templates translated), as the stock templates of the release needle answers as.
    Needle,
    /// The config's Go templates, for a ConfigMap whose templates were changed.
    Config,
}

/// Where a template a pod may select is rendered from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateOrigin {
    /// needle's built-in template; the config has no text for it, or `--templates needle`.
    Needle,
    /// needle's built-in template, standing in for the config's text: the stock one of the
    /// Istio release needle answers as, whose pods needle's gives.
    NeedleForStock(Release),
    /// The config's Go template text, translated.
    Config,
    /// The config's text, which is the stock template of the Istio releases named (each range
    /// the first and the last patch that ship it) but not of the one needle answers as:
    /// rendered as written, as that istiod renders another release's text.
    OtherReleaseStock(&'static [(Release, Release)]),
}

impl TemplateOrigin {
    pub fn describe(self) -> String {
        match self {
            TemplateOrigin::Needle => "needle's built-in".into(),
            TemplateOrigin::NeedleForStock(release) => {
                format!("needle's built-in (the config's text is Istio {release}'s stock template)")
            }
            TemplateOrigin::Config => "the config's text".into(),
            TemplateOrigin::OtherReleaseStock(ranges) => {
                let releases: Vec<String> = ranges
                    .iter()
                    .map(|(first, last)| match first == last {
                        true => first.to_string(),
                        false => format!("{first} to {last}"),
                    })
                    .collect();
                let releases = releases.join(", ");
                format!(
                    "the config's text (the stock template of Istio {releases}, not of the \
                     release needle answers as: rendered as written)"
                )
            }
        }
    }

    /// Whether the config's Go template text renders (it is translated at load).
    pub fn is_config_text(self) -> bool {
        matches!(
            self,
            TemplateOrigin::Config | TemplateOrigin::OtherReleaseStock(..)
        )
    }
}

/// A stock text of a template needle has built in, by its FNV-1a 64-bit hash, and the Istio
/// releases that ship it: ranges from the first patch to the last.
struct StockText {
    name: &'static str,
    hash: u64,
    releases: &'static [(Release, Release)],
}

const fn stock(
    name: &'static str,
    hash: u64,
    releases: &'static [(Release, Release)],
) -> StockText {
    StockText {
        name,
        hash,
        releases,
    }
}

const fn patches(minor: u32, first: u32, last: u32) -> (Release, Release) {
    (Release::new(minor, first), Release::new(minor, last))
}

const NEWEST: (Release, Release) = (Release::NEWEST, Release::NEWEST);

/// Istio's stock texts of the templates needle has built in: what each release's
/// istio-discovery chart writes into its default ConfigMap (`files/` at the release tags; the
/// corpus's `istio-releases/<release>/cfg/` and `istio-inject/rendered/`), and the `spire` one
/// of Istio 86c9f01's test overlay. For these, needle's built-in templates, answering as a
/// release that ships the text, give the pods the text gives (`tests/goldens_releases.rs`,
/// `tests/goldens.rs`). Any other text, an edit of one byte included, renders as written.
const STOCK_TEXTS: [StockText; 13] = [
    stock("sidecar", 0xd7b1_a319_b319_614c, &[patches(28, 6, 10)]),
    stock("sidecar", 0xb802_d340_f6f9_19c0, &[patches(29, 1, 6)]),
    stock("sidecar", 0x2b4d_b9d7_116d_70b7, &[patches(30, 0, 3)]),
    stock("sidecar", 0x5baf_0b54_1994_8553, &[patches(31, 0, 0)]),
    stock("sidecar", 0x325b_a34e_2c0c_4707, &[NEWEST]),
    stock("gateway", 0xb058_9f47_db7b_3f11, &[patches(28, 0, 10)]),
    stock(
        "gateway",
        0x25a6_b00f_e9ab_0040,
        &[patches(29, 0, 6), patches(30, 0, 3)],
    ),
    stock("gateway", 0x58fa_1746_d50d_c2ef, &[patches(31, 0, 0)]),
    stock("gateway", 0x541c_b454_55e4_1f67, &[NEWEST]),
    stock(
        "grpc-agent",
        0x51a8_7ff6_0a1b_9e76,
        &[
            patches(28, 6, 10),
            patches(29, 1, 6),
            patches(30, 0, 3),
            patches(31, 0, 0),
        ],
    ),
    stock("grpc-agent", 0xe88d_6cd4_e01b_eb04, &[NEWEST]),
    stock(
        "grpc-simple",
        0x39cd_5328_abec_37c8,
        &[
            patches(28, 0, 10),
            patches(29, 0, 6),
            patches(30, 0, 3),
            patches(31, 0, 0),
            NEWEST,
        ],
    ),
    stock("spire", 0xf8b8_9d9a_7b39_09ce, &[NEWEST]),
];

fn fnv1a64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Where `name` renders from, given the config's text for it (if any), for `release`. A stock
/// text stands in for needle's built-in only when `release` ships it: another release's
/// istiod renders it as written (86c9f01's, for one, reads `.ProxyInitImage`, which an older
/// istiod lacks).
pub fn template_origin(
    name: &str,
    text: Option<&str>,
    source: TemplateSource,
    release: Release,
) -> TemplateOrigin {
    let builtin = BUILTIN_TEMPLATES.iter().any(|(n, _)| *n == name);
    match (text, source) {
        (None, _) => TemplateOrigin::Needle,
        (Some(_), _) if !builtin => TemplateOrigin::Config,
        (Some(_), TemplateSource::Needle) => TemplateOrigin::Needle,
        (Some(_), TemplateSource::Config) => TemplateOrigin::Config,
        (Some(text), TemplateSource::Auto) => stock_origin(name, fnv1a64(text), release),
    }
}

/// The origin of a config's text (by its hash) of a built-in template with `--templates auto`.
fn stock_origin(name: &str, hash: u64, release: Release) -> TemplateOrigin {
    let Some(stock) = STOCK_TEXTS
        .iter()
        .find(|s| s.name == name && s.hash == hash)
    else {
        return TemplateOrigin::Config;
    };
    let ships = |(first, last): &(Release, Release)| (*first..=*last).contains(&release);
    match stock.releases.iter().any(ships) {
        true => TemplateOrigin::NeedleForStock(release),
        false => TemplateOrigin::OtherReleaseStock(stock.releases),
    }
}

/// Parse and compile everything once. Config templates are Istio Go templates, translated to
/// minijinja here (a template that cannot be translated fails the config load); for the
/// names needle has built in, `sources.templates` picks needle's version or the config's.
pub fn build(sources: Sources) -> Result<Snapshot, ConfigError> {
    let config = match &sources.config {
        Some(s) => InjectorConfig::parse(s.name, s.text)?,
        None => InjectorConfig::parse("embedded config", DEFAULT_CONFIG)?,
    };
    let mut values = match &sources.values {
        Some(s) => config::parse_values(s.name, s.text)?,
        None => config::parse_values("embedded values", DEFAULT_VALUES)?,
    };
    let release = ChosenRelease::choose(sources.release, sources.values.as_ref().map(|_| &values));
    sources.image.apply(&mut values);
    let mesh = match &sources.mesh {
        Some(s) => config::parse_mesh(s.name, s.text)?,
        None => config::parse_mesh("embedded mesh config", DEFAULT_MESH)?,
    };
    let template_origins: BTreeMap<String, TemplateOrigin> = config
        .templates
        .iter()
        .map(|(n, t)| {
            (
                n.clone(),
                template_origin(n, Some(t), sources.templates, release.release),
            )
        })
        .collect();
    let go_sources: Vec<(String, String)> = config
        .templates
        .iter()
        .filter(|(n, _)| template_origins[n.as_str()].is_config_text())
        .map(|(n, t)| (n.clone(), t.clone()))
        .collect();
    let config_name = sources
        .config
        .as_ref()
        .map_or("embedded config", |s| s.name);
    let templates = Templates::compile(&go_sources, release.release).map_err(|error| {
        ConfigError::Template {
            source_name: config_name.to_string(),
            message: error.to_string(),
        }
    })?;
    let fingerprint = fingerprint(&sources, &environment_read(&go_sources));
    let shared_context =
        crate::inject::context::shared(&values, &mesh, &sources.environment, release.release);
    let offered_templates: BTreeSet<String> = (config.templates.keys().cloned())
        .chain(DEFAULT_PROFILE_TEMPLATES.map(String::from))
        .collect();
    let template_origins = offered_templates
        .iter()
        .map(|n| {
            let origin = template_origins.get(n).copied();
            (n.clone(), origin.unwrap_or(TemplateOrigin::Needle))
        })
        .collect();
    Ok(Snapshot {
        config,
        values,
        mesh,
        templates,
        shared_context,
        offered_templates,
        template_origins,
        release,
        generation: config::Generation::next(),
        fingerprint,
    })
}

/// FNV-1a 64 of everything `build` reads, each part ended by a NUL (no text holds one). Of
/// the environment, only what the templates read: the rest (`HOSTNAME`, the downward API's
/// `POD_NAME`, the Service links of a replica started after a new Service) differs from
/// replica to replica without changing a pod, and the hash must be the same on every replica
/// serving the same configuration.
fn fingerprint(sources: &Sources, read: &EnvironmentRead) -> String {
    fn text(s: &Option<Source>, default: &'static str) -> String {
        s.as_ref().map_or(default, |s| s.text).to_string()
    }
    let mut parts: Vec<String> = vec![
        text(&sources.config, DEFAULT_CONFIG),
        text(&sources.values, DEFAULT_VALUES),
        text(&sources.mesh, DEFAULT_MESH),
        format!("{:?}", sources.templates),
        format!("{:?}", sources.image),
        format!("{:?}", sources.release),
    ];
    let env = &sources.environment;
    match read {
        EnvironmentRead::Any => parts.extend(env.iter().map(|(k, v)| format!("{k}={v}"))),
        EnvironmentRead::Names(names) => parts.extend(names.iter().map(|k| {
            env.get(k)
                .map_or(format!("{k} unset"), |v| format!("{k}={v}"))
        })),
    }
    format!("{:016x}", fnv1a64(&parts.join("\0")))
}

/// The variables of the environment that the config's own template texts read (needle's
/// built-in templates read none).
fn environment_read(go_sources: &[(String, String)]) -> EnvironmentRead {
    let mut names = BTreeSet::new();
    for (_, text) in go_sources {
        match uses::environment_read(text) {
            Ok(EnvironmentRead::Names(read)) => names.extend(read),
            // A text that did not parse did not compile either: `build` has failed already.
            Ok(EnvironmentRead::Any) | Err(_) => return EnvironmentRead::Any,
        }
    }
    EnvironmentRead::Names(names)
}

/// The templates of Istio's default profile that needle has built in, offered beside the
/// injector config's own: Istio's chart always writes these beside the custom templates of
/// `sidecarInjectorWebhook.templates`, so a config that adds one template (needle's chart
/// writes only what is added, or a file that only sets the policy) still injects `sidecar`.
/// A config's text of the same name is the one offered. Istio's default profile has no
/// `spire`.
const DEFAULT_PROFILE_TEMPLATES: [&str; 4] = ["sidecar", "gateway", "grpc-simple", "grpc-agent"];

/// The snapshot of needle's embedded defaults.
pub fn embedded() -> Snapshot {
    build(Sources::default()).expect("embedded defaults are valid")
}

#[cfg(test)]
mod tests {
    use crate::inject::vars::{Var, Vars};

    #[test]
    fn auto_renders_a_text_as_written_unless_it_is_istios_stock_one() {
        use super::{TemplateOrigin::*, TemplateSource};
        let origin =
            |name, text, source| super::template_origin(name, text, source, super::Release::NEWEST);
        assert_eq!(origin("sidecar", None, TemplateSource::Auto), Needle);
        assert_eq!(
            origin("sidecar", Some("edited"), TemplateSource::Auto),
            Config
        );
        assert_eq!(
            origin("sidecar", Some("edited"), TemplateSource::Needle),
            Needle
        );
        assert_eq!(origin("custom", Some("x"), TemplateSource::Needle), Config);
        assert_eq!(origin("sidecar", Some("x"), TemplateSource::Config), Config);
        // FNV-1a 64 of "a", as its reference gives it.
        assert_eq!(super::fnv1a64("a"), 0xaf63_dc4c_8601_ec8c);
    }

    /// A release's stock text stands in for needle's built-in when needle answers as a release
    /// that ships it, and is named when it answers as another.
    #[test]
    fn stock_texts_stand_in_for_the_releases_that_ship_them() {
        use super::TemplateOrigin::*;
        let r = |text| super::Release::parse(text).unwrap();
        let sidecar_1_29 = 0xb802_d340_f6f9_19c0;
        let origin = |hash, release| super::stock_origin("sidecar", hash, r(release));
        for release in ["1.29.1", "1.29.6"] {
            assert_eq!(origin(sidecar_1_29, release), NeedleForStock(r(release)));
        }
        for release in ["1.29.0", "1.30.3", "86c9f01"] {
            let other = origin(sidecar_1_29, release);
            assert!(other.is_config_text(), "{release}");
            assert_eq!(
                other.describe(),
                "the config's text (the stock template of Istio 1.29.1 to 1.29.6, not of the \
                 release needle answers as: rendered as written)"
            );
        }
        assert_eq!(origin(1, "1.29.6"), Config);
        assert_eq!(
            super::stock_origin("gateway", sidecar_1_29, r("1.29.6")),
            Config
        );
        let newest = origin(0x325b_a34e_2c0c_4707, "86c9f01");
        assert_eq!(
            newest.describe(),
            "needle's built-in (the config's text is Istio 86c9f01's stock template)"
        );
        let gateway = super::stock_origin("gateway", 0x25a6_b00f_e9ab_0040, r("1.31"));
        assert!(
            gateway
                .describe()
                .contains("Istio 1.29.0 to 1.29.6, 1.30.0 to 1.30.3,")
        );
    }

    #[test]
    fn embedded_defaults_build() {
        let s = super::embedded();
        assert_eq!(s.config.default_templates, ["sidecar"]);
        assert_eq!(s.values["global"]["proxy"]["statusPort"], 15020);
        assert_eq!(s.mesh["trustDomain"], "cluster.local");
    }

    #[test]
    fn hub_and_tag_given_replace_the_values_own() {
        use super::ImageOverride;
        let image = |hub: Option<&str>, tag: Option<&str>| ImageOverride {
            hub: hub.map(String::from),
            tag: tag.map(String::from),
        };
        let mut values = serde_json::json!({"global": {"hub": "a", "tag": 1.3}});
        image(None, Some("1.30.3")).apply(&mut values);
        assert_eq!(
            values["global"],
            serde_json::json!({"hub": "a", "tag": "1.30.3"})
        );
        let mut bare = serde_json::json!({});
        image(Some("h"), None).apply(&mut bare);
        assert_eq!(bare, serde_json::json!({"global": {"hub": "h"}}));
        let mut odd = serde_json::json!({"global": [1]});
        image(Some("h"), Some("t")).apply(&mut odd);
        assert_eq!(odd, serde_json::json!({"global": [1]}));
    }

    fn with_config(text: &str) -> Result<super::Snapshot, super::ConfigError> {
        super::build(super::Sources {
            config: Some(super::Source {
                name: "inject.yaml",
                text,
            }),
            ..Default::default()
        })
    }

    #[test]
    fn go_templates_are_translated_and_render_yaml() {
        let s = with_config(
            "templates:\n  custom: |\n    metadata:\n      labels:\n        sa: {{ .Spec.ServiceAccountName | quote }}\n        rev: {{ .Revision | default \"default\" }}\n",
        )
        .unwrap();
        assert_eq!(
            s.templates.format("custom"),
            crate::inject::render::Format::Yaml
        );
        let pod =
            serde_json::json!({"metadata": {"name": "p"}, "spec": {"serviceAccountName": "sa1"}});
        let vars = std::sync::Arc::new(Vars::from([
            (
                Var::Pod,
                minijinja::Value::from(minijinja::value::Serde(&pod)),
            ),
            (Var::Revision, minijinja::Value::from("")),
        ]));
        let out = s
            .templates
            .render("custom", &s.shared_context, &vars)
            .unwrap();
        assert_eq!(
            out,
            serde_json::json!({"metadata": {"labels": {"sa": "sa1", "rev": "default"}}})
        );
    }

    /// Istio's `env` template function reads the environment captured into the snapshot.
    #[test]
    fn env_reads_the_captured_environment() {
        let s = super::build(super::Sources {
            config: Some(super::Source {
                name: "inject.yaml",
                text: "templates:\n  custom: |\n    metadata:\n      labels:\n        a: {{ env \"NEEDLE_A\" \"unset\" }}\n        b: {{ env \"NEEDLE_B\" \"unset\" }}\n",
            }),
            environment: [("NEEDLE_A".to_string(), "set".to_string())].into(),
            ..Default::default()
        })
        .unwrap();
        let vars = std::sync::Arc::new(Vars::from([(
            Var::Pod,
            minijinja::Value::from(minijinja::value::Serde(serde_json::json!({}))),
        )]));
        let out = s
            .templates
            .render("custom", &s.shared_context, &vars)
            .unwrap();
        assert_eq!(
            out,
            serde_json::json!({"metadata": {"labels": {"a": "set", "b": "unset"}}})
        );
    }

    /// A config that adds a template keeps Istio's default profile beside it, as Istio's
    /// chart writes its stock templates beside `sidecarInjectorWebhook.templates`.
    #[test]
    fn a_config_adding_a_template_keeps_the_default_profile() {
        let s = super::build(super::Sources {
            config: Some(super::Source {
                name: "inject.yaml",
                text: "templates:\n  custom: |\n    metadata: {}\n",
            }),
            ..Default::default()
        })
        .unwrap();
        let offered: Vec<&str> = s.offered_templates.iter().map(String::as_str).collect();
        assert_eq!(
            offered,
            ["custom", "gateway", "grpc-agent", "grpc-simple", "sidecar"]
        );
        assert_eq!(s.template_origins["sidecar"], super::TemplateOrigin::Needle);
        assert_eq!(s.template_origins["custom"], super::TemplateOrigin::Config);
    }

    /// The fingerprint names the configuration, not the replica: of the environment it takes
    /// only what the templates read.
    #[test]
    fn fingerprint_takes_of_the_environment_what_the_templates_read() {
        let fingerprint = |template: &'static str, env: &[(&str, &str)]| {
            let text = format!("templates:\n  custom: |\n    a: {template}\n");
            super::build(super::Sources {
                config: Some(super::Source {
                    name: "inject.yaml",
                    text: &text,
                }),
                environment: env
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                ..Default::default()
            })
            .unwrap()
            .fingerprint
        };
        let plain = "{{ .Values.global.hub }}";
        let reads_a = r#"{{ env "A" }}"#;
        let replica = |name| [("HOSTNAME", name), ("A", "1")];
        assert_eq!(
            fingerprint(plain, &replica("needle-1")),
            fingerprint(plain, &replica("needle-2"))
        );
        assert_eq!(
            fingerprint(reads_a, &replica("needle-1")),
            fingerprint(reads_a, &replica("needle-2"))
        );
        assert_ne!(
            fingerprint(reads_a, &[("A", "1")]),
            fingerprint(reads_a, &[("A", "2")])
        );
        assert_ne!(
            fingerprint(reads_a, &[("A", "")]),
            fingerprint(reads_a, &[])
        );
        let reads_any = r#"{{ expandenv "$A" }}"#;
        assert_ne!(
            fingerprint(reads_any, &replica("needle-1")),
            fingerprint(reads_any, &replica("needle-2"))
        );
    }

    /// A template calling a function its release's injector lacks fails to load there.
    #[test]
    fn template_functions_follow_the_release() {
        let load = |release: &str| {
            super::build(super::Sources {
                config: Some(super::Source {
                    name: "inject.yaml",
                    text: "templates:\n  custom: |\n    a: {{ omitNil .Values }}\n",
                }),
                release: crate::release::Release::parse(release),
                ..Default::default()
            })
        };
        let err = load("1.28.5").unwrap_err().to_string();
        assert!(err.contains("omitNil"), "{err}");
        assert!(load("1.28.6").is_ok());
        assert!(load("1.29.0").is_err());
        assert!(load("86c9f01").is_ok());
    }

    /// `.ProxyInitImage` is 86c9f01's: an older release's template data lacks it.
    #[test]
    fn template_data_follows_the_release() {
        let load = |text: &str, release: &str| {
            super::build(super::Sources {
                config: Some(super::Source {
                    name: "inject.yaml",
                    text,
                }),
                templates: super::TemplateSource::Auto,
                release: crate::release::Release::parse(release),
                ..Default::default()
            })
            .unwrap()
        };
        let custom = "templates:\n  custom: |\n    metadata:\n      annotations:\n        init: \"{{ .ProxyInitImage }}\"\n";
        let vars = std::sync::Arc::new(Vars::default());
        let render = |s: &super::Snapshot| {
            s.templates
                .render("custom", &s.shared_context, &vars)
                .map_err(|e| e.to_string())
        };
        let newest = load(custom, "86c9f01");
        let image = render(&newest).unwrap()["metadata"]["annotations"]["init"].clone();
        assert!(
            image.as_str().is_some_and(|i| i.contains("/proxyv2:")),
            "{image}"
        );
        let err = render(&load(custom, "1.30.3")).unwrap_err();
        assert!(
            err.contains("can't evaluate field ProxyInitImage in type *inject.SidecarTemplateData"),
            "{err}"
        );
    }

    #[test]
    fn untranslatable_go_template_fails_the_config_load() {
        let err = with_config("templates:\n  custom: |\n    a: 1\n    b: {{ nope .X }}\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("inject.yaml"), "{err}");
        assert!(err.contains("template custom"), "{err}");
        assert!(err.contains("line 2, column 4"), "{err}");
        assert!(err.contains("\"nope\" not defined"), "{err}");
    }
}
