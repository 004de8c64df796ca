//! `needle template check`: load an injector config and report, for every template, whether
//! it translates, which functions it calls, where it renders from and what it does to a
//! sample pod (exit 0 all fine, 1 a template fails, 2 the inputs cannot be read).

use super::args::ConfigFileArgs;
use crate::core::config::InjectorConfig;
use crate::core::inject::template_check;
use clap::{Args, Subcommand};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct TemplateArgs {
    #[command(subcommand)]
    pub command: TemplateCommand,
}

#[derive(Debug, Subcommand)]
pub enum TemplateCommand {
    /// Check the templates of an injector config (`--injectConfigFile`, the `config` key of
    /// the istio-sidecar-injector ConfigMap) before pointing the webhook at needle.
    Check(ConfigFileArgs),
}

pub fn run(args: &TemplateArgs) -> ExitCode {
    let TemplateCommand::Check(config) = &args.command;
    let paths = config.paths();
    let texts = match paths.read() {
        Ok(texts) => texts,
        Err(e) => return fail(&e.to_string()),
    };
    let Some((name, text)) = &texts.config else {
        return fail("give the injector config to check with --injectConfigFile");
    };
    let injector = match InjectorConfig::parse(name, text) {
        Ok(c) => c,
        Err(e) => return fail(&e.to_string()),
    };
    let loaded = texts.build(&paths);
    if let Err(e) = &loaded {
        eprintln!("needle: the config does not load: {e}");
    }
    let checks = template_check::check(
        &injector,
        paths.templates,
        loaded.as_ref().ok(),
        &crate::cli::args::injector_settings(""),
    );
    print!("{}", template_check::report(&checks));
    if loaded.is_ok() && checks.iter().all(|c| c.passed()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}
