//! The injector inputs from files (an adapter: the core never touches the disk).

use super::LoadError;
use crate::core::inject::Snapshot;
use crate::core::inject::snapshot::{
    self, Environment, ImageOverride, Source, Sources, TemplateSource,
};
use crate::core::release::Release;
use std::path::{Path, PathBuf};

/// Paths of the injector inputs; `None` uses needle's embedded default for that input.
#[derive(Debug, Clone, Default)]
pub struct ConfigPaths {
    /// Whose version of the templates needle has built in to use.
    pub templates: TemplateSource,
    /// The `config` key of the istio-sidecar-injector ConfigMap.
    pub inject_config: Option<PathBuf>,
    /// The `values` key of the istio-sidecar-injector ConfigMap.
    pub values: Option<PathBuf>,
    /// The `mesh` key of the istio ConfigMap.
    pub mesh: Option<PathBuf>,
    /// The process environment templates read (`env`), captured at start-up.
    pub environment: Environment,
    /// `--hub` / `--tag`, over the values of whichever source.
    pub image: ImageOverride,
    /// `--istio-release`: the release to answer as (else the values' tag says).
    pub release: Option<Release>,
}

impl ConfigPaths {
    /// `DIR/config` and `DIR/values`, as istiod mounts the istio-sidecar-injector ConfigMap.
    pub fn with_injector_dir(mut self, dir: &Path) -> Self {
        self.inject_config = Some(dir.join("config"));
        self.values = Some(dir.join("values"));
        self
    }

    /// Read and parse everything; the error names the file.
    pub fn load(&self) -> Result<Snapshot, LoadError> {
        self.read()?.build(self)
    }

    /// The texts of the files given (named by path), not parsed yet.
    pub fn read(&self) -> Result<Texts, LoadError> {
        let read = |p: &Option<PathBuf>| -> Result<Option<(String, String)>, LoadError> {
            p.as_ref()
                .map(|p| {
                    std::fs::read_to_string(p)
                        .map(|t| (p.display().to_string(), t))
                        .map_err(|source| LoadError::Read {
                            path: p.clone(),
                            source,
                        })
                })
                .transpose()
        };
        Ok(Texts {
            config: read(&self.inject_config)?,
            values: read(&self.values)?,
            mesh: read(&self.mesh)?,
        })
    }

    /// The directories to watch for changes.
    pub fn dirs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = [&self.inject_config, &self.values, &self.mesh]
            .into_iter()
            .flatten()
            .map(|p| {
                p.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .to_path_buf()
            })
            .collect();
        dirs.sort();
        dirs.dedup();
        dirs
    }
}

/// The texts of the injector inputs, each with the name its errors give it (a path, a
/// ConfigMap key); `None` takes needle's embedded default.
#[derive(Debug, Clone, Default)]
pub struct Texts {
    pub config: Option<(String, String)>,
    pub values: Option<(String, String)>,
    pub mesh: Option<(String, String)>,
}

impl Texts {
    /// Parse into a snapshot, with the template choice, environment and image of `paths`.
    pub fn build(&self, paths: &ConfigPaths) -> Result<Snapshot, LoadError> {
        snapshot::build(Sources {
            config: Source::from_loaded(&self.config),
            values: Source::from_loaded(&self.values),
            mesh: Source::from_loaded(&self.mesh),
            templates: paths.templates,
            environment: paths.environment.clone(),
            image: paths.image.clone(),
            release: paths.release,
        })
        .map_err(LoadError::from)
    }
}
