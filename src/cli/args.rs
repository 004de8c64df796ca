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
    /// Whose `sidecar`, `gateway`, `grpc-simple`, `grpc-agent` and `spire` templates to use: needle's
    /// own (fast), or the Go templates of the injector config, as Istio renders them (for a
    /// ConfigMap whose templates were changed; about six times slower per pod).
    #[arg(long = "templates", value_parser = ["needle", "config"], default_value = "needle", env = "NEEDLE_TEMPLATES")]
    pub templates: String,
}

impl ConfigFileArgs {
    pub fn paths(&self) -> ConfigPaths {
        ConfigPaths {
            inject_config: self.inject_config_file.clone(),
            values: self.values_file.clone(),
            mesh: self.mesh_config_file.clone(),
            environment: std::env::vars().collect(),
            templates: if self.templates == "config" {
                TemplateSource::Config
            } else {
                TemplateSource::Needle
            },
        }
    }
}
