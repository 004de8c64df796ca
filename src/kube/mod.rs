//! Cluster adapters: how the CLI reaches a live cluster. Nothing here decides anything; the
//! decisions stay in `core`, fed with what these read.

pub mod audit;
pub mod cabundle;
pub mod cache;
pub mod check_inject;
pub mod configmaps;
pub mod events;
pub mod istio_resources;
pub mod namespaces;
pub mod nodes;
pub mod patch_queue;
pub mod proxy_configs;
pub mod tag;
pub mod validator_patcher;
pub mod watch;
pub mod webhook_patcher;

use std::path::PathBuf;

/// Which cluster to talk to, as kubectl chooses it: `--kubeconfig`, else `$KUBECONFIG`, else
/// `~/.kube/config`, else the in-cluster service account; `--context` picks a context.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ClusterArgs {
    /// The kubeconfig file to use (default: $KUBECONFIG, then ~/.kube/config, then in-cluster).
    #[arg(long = "kubeconfig", short = 'c')]
    pub kubeconfig: Option<PathBuf>,
    /// The kubeconfig context to use (default: its current context).
    #[arg(long = "context")]
    pub context: Option<String>,
}

/// Why no client could be made for the cluster.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot read kubeconfig {path}: {source}")]
    Kubeconfig {
        path: PathBuf,
        source: kube::config::KubeconfigError,
    },
    #[error("cannot configure the cluster client: {0}")]
    Config(#[from] kube::config::KubeconfigError),
    #[error("no cluster found (no kubeconfig and not in a cluster): {0}")]
    Infer(#[from] kube::config::InferConfigError),
    #[error("cannot build the cluster client: {0}")]
    Client(#[from] kube::Error),
}

impl ClusterArgs {
    /// A client for the chosen cluster and context.
    pub async fn client(&self) -> Result<kube::Client, ClientError> {
        let options = kube::config::KubeConfigOptions {
            context: self.context.clone(),
            ..Default::default()
        };
        let config = match &self.kubeconfig {
            Some(path) => {
                let file = kube::config::Kubeconfig::read_from(path).map_err(|source| {
                    ClientError::Kubeconfig {
                        path: path.clone(),
                        source,
                    }
                })?;
                kube::Config::from_custom_kubeconfig(file, &options).await?
            }
            None if self.context.is_some() => kube::Config::from_kubeconfig(&options).await?,
            None => kube::Config::infer().await?,
        };
        Ok(kube::Client::try_from(config)?)
    }
}
