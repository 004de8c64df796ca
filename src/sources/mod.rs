//! Where the injector configuration comes from, and the one live snapshot every source feeds:
//! a source only loads and reports; `Live` alone decides what serves.

pub mod files;
pub mod live;
pub mod watch;

pub use files::{ConfigPaths, Texts};
pub use live::Live;

use crate::core::config::ConfigError;
use crate::core::label::Labelled;
use std::path::PathBuf;

/// Why a source could not produce a snapshot.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A ConfigMap read through the API that is missing or lacks a key (Istio's words).
    #[error("ConfigMap {configmap}: {message}")]
    ConfigMap { configmap: String, message: String },
    #[error(transparent)]
    Config(#[from] ConfigError),
}

impl Labelled for LoadError {
    fn label(&self) -> &'static str {
        match self {
            LoadError::Read { .. } => "read",
            LoadError::ConfigMap { .. } => "configmap",
            LoadError::Config(e) => e.label(),
        }
    }
}
