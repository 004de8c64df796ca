//! Building a configuration snapshot from inputs in Istio's formats, or from the embedded
//! defaults.

use super::config::{self, ConfigError, InjectorConfig};
use super::inject::Snapshot;
use super::render::{BUILTIN_TEMPLATES, Templates};
use std::collections::BTreeSet;

pub const DEFAULT_CONFIG: &str = include_str!("../../defaults/config.yaml");
pub const DEFAULT_VALUES: &str = include_str!("../../defaults/values.json");
pub const DEFAULT_MESH: &str = include_str!("../../defaults/mesh.yaml");

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
}

/// Parse and compile everything once. Templates named in the config that needle has built in
/// use needle's version; other config templates are Istio Go templates, which needle cannot
/// render yet: they are kept by name so a pod asking for one gets a clear denial.
pub fn build(sources: Sources) -> Result<Snapshot, ConfigError> {
    let config = match &sources.config {
        Some(s) => InjectorConfig::parse(s.name, s.text)?,
        None => InjectorConfig::parse("embedded config", DEFAULT_CONFIG)?,
    };
    let values = match &sources.values {
        Some(s) => config::parse_values(s.name, s.text)?,
        None => config::parse_values("embedded values", DEFAULT_VALUES)?,
    };
    let mesh = match &sources.mesh {
        Some(s) => config::parse_mesh(s.name, s.text)?,
        None => config::parse_mesh("embedded mesh config", DEFAULT_MESH)?,
    };
    let builtin: BTreeSet<&str> = BUILTIN_TEMPLATES.iter().map(|(n, _)| *n).collect();
    let go_templates = config
        .templates
        .keys()
        .filter(|n| !builtin.contains(n.as_str()))
        .cloned()
        .collect();
    let templates =
        Templates::compile(&[]).map_err(|e| ConfigError::new("templates", e.to_string()))?;
    let shared_context = super::render::shared_context(&values, &mesh);
    Ok(Snapshot {
        config,
        values,
        mesh,
        templates,
        shared_context,
        go_templates,
    })
}

/// The snapshot of needle's embedded defaults.
pub fn embedded() -> Snapshot {
    build(Sources::default()).expect("embedded defaults are valid")
}

#[cfg(test)]
mod tests {
    #[test]
    fn embedded_defaults_build() {
        let s = super::embedded();
        assert_eq!(s.config.default_templates, ["sidecar"]);
        assert_eq!(s.values["global"]["proxy"]["statusPort"], 15020);
        assert_eq!(s.mesh["trustDomain"], "cluster.local");
    }
}
