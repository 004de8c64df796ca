//! Flags more than one subcommand takes.

use crate::core::config::snapshot::TemplateSource;
use crate::sources::ConfigPaths;
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
    /// does, unless it is Istio's stock text, for which needle's own templates give the same
    /// pods about six times faster; `needle` always takes needle's own, `config` always the
    /// config's. Other template names always render from the config's text.
    #[arg(long = "templates", value_parser = ["auto", "needle", "config"], default_value = "auto", env = "NEEDLE_TEMPLATES")]
    pub templates: String,
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
        }
    }
}
