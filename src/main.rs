#![forbid(unsafe_code)]
use clap::Parser;

fn main() -> std::process::ExitCode {
    match needle::cli::run(needle::cli::Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
