//! Command-line adapters, one file per subcommand.
pub mod kube_inject;
pub mod serve;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "needle",
    version,
    about = "Istio-compatible sidecar injection and config validation"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Inject the sidecar into workload YAML offline (like `istioctl kube-inject`).
    #[command(name = "kube-inject")]
    KubeInject(kube_inject::KubeInjectArgs),
    /// Run the HTTPS admission webhook server (/inject) with an admin port (/live, /ready, /metrics).
    Serve(serve::ServeArgs),
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::KubeInject(args) => kube_inject::run(&args),
        Command::Serve(args) => serve::run(args),
    }
}
