//! Command-line adapters, one file per subcommand; shared flags in `args`.
pub mod args;
pub mod audit;
pub mod check_inject;
pub mod kube_inject;
mod revisions;
pub mod serve;
pub mod tag;
pub mod template;
pub mod validate;

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
    /// Inject every injected pod of the cluster again and compare with the pod as stored: does
    /// needle give the pods the injector gave (exit 0 all the same, 1 some differ, 2 error)?
    Audit(audit::AuditArgs),
    /// Check whether a pod is (or would be) injected, by which webhook, and why (like `istioctl x check-inject`).
    #[command(name = "check-inject")]
    CheckInject(check_inject::CheckInjectArgs),
    /// Inject the sidecar into workload YAML offline (like `istioctl kube-inject`).
    #[command(name = "kube-inject")]
    KubeInject(kube_inject::KubeInjectArgs),
    /// Run the HTTPS admission webhook server (/inject) with an admin port (/live, /ready, /metrics).
    Serve(Box<serve::ServeArgs>),
    /// Revision tags, as `istioctl tag` (generate, set, list, remove).
    Tag(tag::TagArgs),
    /// Check an injector config's templates: translation, functions used, a sample pod.
    Template(template::TemplateArgs),
    /// Validate Istio resources with the webhook's rules, from files or a whole cluster (exit 0 valid, 1 invalid, 2 unreadable).
    Validate(validate::ValidateArgs),
}

/// Run a subcommand; its exit code (`validate` distinguishes invalid input from unreadable input).
pub fn run(cli: Cli) -> std::process::ExitCode {
    let result = match cli.command {
        Command::Audit(args) => return audit::run(&args),
        Command::CheckInject(args) => check_inject::run(&args),
        Command::KubeInject(args) => kube_inject::run(&args),
        Command::Serve(args) => serve::run(*args),
        Command::Tag(args) => tag::run(&args),
        Command::Template(args) => return template::run(&args),
        Command::Validate(args) => return validate::run(&args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
