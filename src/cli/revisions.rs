//! `needle serve --revisions FILE`: several revisions in one server, each with its own Istio
//! ConfigMaps (or files), release and templates, and its tags.
//!
//! ```yaml
//! revisions:
//! - name: stable                    # the istio.io/rev value
//!   istioRelease: "1.30.3"          # else the values' global.tag, as --istio-release
//!   injectorConfigMap: istio-system/istio-sidecar-injector-stable
//!   meshConfigMap: istio-system/istio-stable
//!   tags: [prod]
//! - name: canary
//!   injectConfigFile: /etc/canary/config   # files instead: also valuesFile,
//!   valuesFile: /etc/canary/values         # meshConfigFile, injectConfigDir
//!   templates: auto                 # as --templates
//! ```

use crate::core::compat::selector::is_label_name;
use crate::core::inject::snapshot::TemplateSource;
use crate::kube::configmaps::{ConfigMapRef, ConfigMapSource};
use crate::server::RevisionOptions;
use crate::sources::ConfigPaths;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    revisions: Vec<Revision>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Revision {
    name: String,
    /// A string; YAML reads `1.30` unquoted as the number 1.3, so a number is refused.
    istio_release: Option<serde_json::Value>,
    inject_config_file: Option<PathBuf>,
    values_file: Option<PathBuf>,
    mesh_config_file: Option<PathBuf>,
    inject_config_dir: Option<PathBuf>,
    injector_config_map: Option<String>,
    mesh_config_map: Option<String>,
    templates: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
}

/// The revisions of `path`, each over `base` (the process's environment and image override);
/// the error names the file, the revision and the field.
pub fn read(path: &Path, base: &ConfigPaths) -> Result<Vec<RevisionOptions>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let value = crate::core::compat::yaml::parse_one(&text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let file: File = serde_path_to_error::deserialize(&value)
        .map_err(|e| format!("{}: {}: {}", path.display(), e.path(), e.inner()))?;
    parse(file, base).map_err(|e| format!("{}: {e}", path.display()))
}

fn parse(file: File, base: &ConfigPaths) -> Result<Vec<RevisionOptions>, String> {
    if file.revisions.is_empty() {
        return Err("`revisions` lists none".into());
    }
    let mut names = BTreeSet::new();
    for r in &file.revisions {
        if !is_label_name(&r.name) {
            return Err(format!("revision name {:?} is not a label value", r.name));
        }
        if !names.insert(r.name.as_str()) {
            return Err(format!("revision {:?} is listed twice", r.name));
        }
    }
    let mut tags = BTreeSet::new();
    for r in &file.revisions {
        for tag in &r.tags {
            if names.contains(tag.as_str()) || !tags.insert(tag.as_str()) || !is_label_name(tag) {
                return Err(format!(
                    "revision {}: tag {tag:?} is a revision's name, another revision's tag or not a label value",
                    r.name
                ));
            }
        }
    }
    file.revisions
        .into_iter()
        .map(|r| revision(r, base))
        .collect()
}

fn revision(r: Revision, base: &ConfigPaths) -> Result<RevisionOptions, String> {
    let at = |field: &str, e: String| format!("revision {}: {field}: {e}", r.name);
    let configmap = |field: &str, text: Option<&String>| {
        text.map(|t| t.parse::<ConfigMapRef>().map_err(|e| at(field, e)))
            .transpose()
    };
    let configmaps = ConfigMapSource {
        injector: configmap("injectorConfigMap", r.injector_config_map.as_ref())?,
        mesh: configmap("meshConfigMap", r.mesh_config_map.as_ref())?,
    };
    let files = r.inject_config_file.is_some() || r.values_file.is_some();
    if r.inject_config_dir.is_some() && files {
        return Err(at(
            "injectConfigDir",
            "give it or injectConfigFile and valuesFile, not both".into(),
        ));
    }
    if configmaps.injector.is_some() && (files || r.inject_config_dir.is_some()) {
        return Err(at(
            "injectorConfigMap",
            "give it or the injector's files, not both".into(),
        ));
    }
    if configmaps.mesh.is_some() && r.mesh_config_file.is_some() {
        return Err(at(
            "meshConfigMap",
            "give it or meshConfigFile, not both".into(),
        ));
    }
    let release = match &r.istio_release {
        None => None,
        Some(serde_json::Value::String(text)) => {
            Some(super::args::parse_release(text).map_err(|e| at("istioRelease", e))?)
        }
        Some(other) => {
            let why =
                format!("{other} is not a string: quote it (\"1.31\"), as YAML reads 1.30 as 1.3");
            return Err(at("istioRelease", why));
        }
    };
    let templates = match r.templates.as_deref() {
        None => base.templates,
        Some("auto") => TemplateSource::Auto,
        Some("needle") => TemplateSource::Needle,
        Some("config") => TemplateSource::Config,
        Some(other) => {
            return Err(at(
                "templates",
                format!("{other:?}: write auto, needle or config"),
            ));
        }
    };
    let mut config = ConfigPaths {
        templates,
        inject_config: r.inject_config_file,
        values: r.values_file,
        mesh: r.mesh_config_file,
        release: release.or(base.release),
        ..base.clone()
    };
    if let Some(dir) = &r.inject_config_dir {
        config = config.with_injector_dir(dir);
    }
    Ok(RevisionOptions {
        name: r.name,
        config,
        configmaps,
        tags: r.tags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::release::Release;

    fn parsed(text: &str) -> Result<Vec<RevisionOptions>, String> {
        let value = crate::core::compat::yaml::parse_one(text).unwrap();
        let file: File = serde_json::from_value(value).map_err(|e| e.to_string())?;
        parse(file, &ConfigPaths::default())
    }

    #[test]
    fn revisions_read_with_their_sources_releases_and_tags() {
        let revisions = parsed(
            "revisions:\n- name: stable\n  istioRelease: 1.30.3\n  injectorConfigMap: istio-system/inj-stable\n  meshConfigMap: istio-system/mesh\n  tags: [prod]\n- name: canary\n  injectConfigDir: /etc/canary\n  templates: config\n",
        )
        .unwrap();
        let [stable, canary] = &revisions[..] else {
            panic!("{revisions:?}")
        };
        assert_eq!(stable.name, "stable");
        assert_eq!(stable.tags, ["prod"]);
        assert_eq!(stable.config.release, Release::parse("1.30.3"));
        assert_eq!(
            stable.configmaps.injector.as_ref().unwrap().name,
            "inj-stable"
        );
        assert_eq!(
            canary.config.inject_config,
            Some(PathBuf::from("/etc/canary/config"))
        );
        assert_eq!(canary.config.templates, TemplateSource::Config);
        assert!(canary.configmaps.is_empty());
    }

    #[test]
    fn a_wrong_list_is_refused_with_what_is_wrong() {
        let refused = |text: &str, want: &str| {
            let err = parsed(text).unwrap_err();
            assert!(err.contains(want), "{text}: {err}");
        };
        refused("revisions: []\n", "lists none");
        refused("revisions:\n- name: a\n- name: a\n", "listed twice");
        refused(
            "revisions:\n- name: a\n  tags: [b]\n- name: b\n",
            "tag \"b\"",
        );
        refused("revisions:\n- name: -a\n", "not a label value");
        refused(
            "revisions:\n- name: a\n  istioRelease: 2.0\n",
            "revision a: istioRelease",
        );
        refused(
            "revisions:\n- name: a\n  templates: fast\n",
            "write auto, needle or config",
        );
        refused(
            "revisions:\n- name: a\n  injectorConfigMap: ns/x\n  valuesFile: v\n",
            "not both",
        );
        refused(
            "revisions:\n- name: a\n  injectorConfigMap: x\n",
            "revision a: injectorConfigMap",
        );
        refused("revisions:\n- name: a\n  flavour: x\n", "unknown field");
    }
}
