//! Flags more than one subcommand takes.

use crate::core::config::proxy_config::resources::{ProxyConfigs, read_stream};
use crate::core::inject::admit::Settings;
use crate::core::inject::native::NativeMode;
use crate::core::inject::snapshot::{ImageOverride, TemplateSource};
use crate::core::release::Release;
use crate::sources::ConfigPaths;
use anyhow::{Context, anyhow};
use clap::Args;
use std::path::PathBuf;

/// The injector inputs, in Istio's formats; each falls back to needle's embedded default.
#[derive(Debug, Args, Clone, Default)]
pub struct ConfigFileArgs {
    /// The `config` key of the istio-sidecar-injector ConfigMap (YAML).
    #[arg(long = "injectConfigFile", env = "NEEDLE_INJECT_CONFIG_FILE")]
    pub inject_config_file: Option<PathBuf>,
    /// The `values` key of the istio-sidecar-injector ConfigMap (JSON).
    #[arg(long = "valuesFile", env = "NEEDLE_VALUES_FILE")]
    pub values_file: Option<PathBuf>,
    /// The `mesh` key of the istio ConfigMap (YAML), applied over Istio's mesh defaults.
    #[arg(long = "meshConfigFile", env = "NEEDLE_MESH_CONFIG_FILE")]
    pub mesh_config_file: Option<PathBuf>,
    /// Where the `sidecar`, `gateway`, `grpc-simple`, `grpc-agent` and `spire` templates come
    /// from when the injector config has their text: `auto` renders the config's text as Istio
    /// does, unless it is the stock text of the Istio release needle answers as, for which
    /// needle's own templates give the same pods about six times faster; `needle` always takes
    /// needle's own (as that release's stock templates), `config` always the config's. Other
    /// template names always render from the config's text.
    #[arg(long = "templates", value_parser = ["auto", "needle", "config"], default_value = "auto", env = "NEEDLE_TEMPLATES")]
    pub templates: String,
    /// Registry of the proxy image (`global.hub`); replaces the values' own, the embedded
    /// default `docker.io/istio` included.
    #[arg(long = "hub", env = "NEEDLE_HUB", value_name = "REGISTRY")]
    pub hub: Option<String>,
    /// Tag of the proxy image (`global.tag`); replaces the values' own, the embedded default
    /// (the Istio release whose templates needle's match) included.
    #[arg(long = "tag", env = "NEEDLE_TAG")]
    pub tag: Option<String>,
    /// The Istio release to answer as (`1.28`, `1.29.6`, `1.31`, `86c9f01`): its annotation checks,
    /// Prometheus merge, template functions and data. Without it, the release the values'
    /// `global.tag` names; else (and for the embedded config) 86c9f01, the newest needle knows.
    #[arg(long = "istio-release", env = "NEEDLE_ISTIO_RELEASE", value_name = "RELEASE", value_parser = parse_release)]
    pub istio_release: Option<Release>,
}

pub fn parse_release(text: &str) -> Result<Release, String> {
    Release::parse(text).ok_or_else(|| {
        format!("{text:?} names no Istio release: write 1.28, 1.29.6, 1.31 or 86c9f01")
    })
}

impl ConfigFileArgs {
    pub fn paths(&self) -> ConfigPaths {
        ConfigPaths {
            inject_config: self.inject_config_file.clone(),
            values: self.values_file.clone(),
            mesh: self.mesh_config_file.clone(),
            environment: std::env::vars().collect(),
            templates: match self.templates.as_str() {
                "config" => TemplateSource::Config,
                "needle" => TemplateSource::Needle,
                _ => TemplateSource::Auto,
            },
            image: ImageOverride {
                hub: self.hub.clone(),
                tag: self.tag.clone(),
            },
            release: self.istio_release,
        }
    }
}

/// ProxyConfig resources from files, so an offline answer can match the cluster's.
#[derive(Debug, Args, Clone, Default)]
pub struct ProxyConfigFileArgs {
    /// ProxyConfig resources (networking.istio.io/v1beta1) in YAML: ProxyConfig objects or a
    /// List of them, several documents per file. Repeatable. With any, the pod's ProxyConfig
    /// is computed as istiod's webhook computes it from the cluster's resources.
    #[arg(long = "proxyConfigFile", value_name = "FILE")]
    pub proxy_config_files: Vec<PathBuf>,
}

impl ProxyConfigFileArgs {
    /// The resources of all the files; `None` when no file is given. The error names the
    /// file, the document and the field.
    pub fn load(&self) -> anyhow::Result<Option<ProxyConfigs>> {
        if self.proxy_config_files.is_empty() {
            return Ok(None);
        }
        let mut all = Vec::new();
        for path in &self.proxy_config_files {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let resources = read_stream(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            all.extend(resources);
        }
        Ok(Some(ProxyConfigs::new(all)))
    }
}

/// The injector's settings for `revision` from the process's environment, as istiod reads them:
/// `ENABLE_NATIVE_SIDECARS` (unset is `auto`), `COMPLIANCE_POLICY` and `PLATFORM`; and the
/// system clock.
pub fn injector_settings(revision: &str) -> Settings {
    let native =
        std::env::var_os("ENABLE_NATIVE_SIDECARS").map(|v| v.to_string_lossy().into_owned());
    Settings {
        revision: revision.to_string(),
        native_sidecars: NativeMode::parse(native.as_deref()),
        compliance_policy: std::env::var("COMPLIANCE_POLICY").unwrap_or_default(),
        openshift: std::env::var("PLATFORM").is_ok_and(|p| p == "openshift"),
        clock: std::time::SystemTime::now,
    }
}
