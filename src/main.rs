#![forbid(unsafe_code)]
use clap::Parser;

// The core allocates many small JSON values per pod; mimalloc roughly halves their cost.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    needle::cli::run(needle::cli::Cli::parse())
}
