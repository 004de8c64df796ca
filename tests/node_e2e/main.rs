//! needle as a platform engineer runs it: its image (`scripts/image.sh`) as pods of the Helm
//! chart on a real one-node cluster (`scripts/node.sh`: kubelet, containerd, runc, kube-proxy,
//! the controller manager and scheduler beside the apiserver and etcd), the webhook reached
//! through the chart's Service, and injected workloads really running with a stand-in proxy.
//! The last line says `node e2e: N/M pass (kubelet v…, containerd …, runc …)`.
//!
//! Run alone: `cargo test --test node_e2e` (root; the first run builds the node's components,
//! see `scripts/controlplane.sh`). The test builds the images, then runs itself again inside
//! the node's network namespace through `scripts/node.sh run`, which removes everything the
//! node made when it ends. `NEEDLE_CASE=<part of a name>` runs some scenarios only (the chart
//! install always runs: the others need it).

mod broken;
mod canary;
#[path = "../common/mod.rs"]
mod common;
mod differential;
mod fresh;
mod install;
mod istiod;
mod outside;
mod rollout;
mod rotation;
mod side_by_side;
mod switch;
mod upgrade;
mod verdicts;
mod workloads;
mod world;

use common::cluster::KUBE_VERSION;
pub use common::scenario::Outcome;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::Instant;
use world::World;

pub type Scenario = common::scenario::Scenario<World>;

fn main() -> ExitCode {
    if std::env::var_os("NEEDLE_NODE_DIR").is_some() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        return runtime.block_on(on_the_node());
    }
    from_outside()
}

/// Build the images and run this test again on a node that `scripts/node.sh` brings up and
/// takes down.
fn from_outside() -> ExitCode {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut archives = Vec::new();
    let mut images = vec![&[][..], &["stand-in"][..], &["istiod"][..]];
    if benchmark_asked() {
        images.push(&["floor"][..]);
    }
    for args in images {
        match image(repo, args) {
            Ok(archive) => archives.push(archive),
            Err(e) => {
                println!("node e2e: 0/1 pass: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    // Built already by `scripts/image.sh istiod`: this only names the directory.
    let istiod = match controlplane(repo, "--istiod") {
        Ok(dir) => dir,
        Err(e) => {
            println!("node e2e: 0/1 pass: {e}");
            return ExitCode::FAILURE;
        }
    };
    let me = std::env::current_exe().expect("the test's own path");
    let status = Command::new(repo.join("scripts/node.sh"))
        .args(["run", "--"])
        .arg(me)
        .env("NEEDLE_NODE_IMAGES", archives.join(" "))
        .env("NEEDLE_ISTIOD_DIR", istiod)
        .stdin(Stdio::null())
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => {
            println!("node e2e: failed ({s}); scripts/node.sh said why above");
            ExitCode::FAILURE
        }
        Err(e) => {
            println!("node e2e: cannot run scripts/node.sh: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `NEEDLE_CASE` asks for the benchmarks (`bench...`), which run only when asked.
fn benchmark_asked() -> bool {
    common::golden_cases::case_filter().is_some_and(|f| f.starts_with("bench"))
}

/// `scripts/image.sh ARGS`: the archive it wrote (its last line).
fn image(repo: &Path, args: &[&str]) -> Result<String, String> {
    script_output(repo, "image.sh", args).and_then(|path| match Path::new(&path).is_file() {
        true => Ok(path),
        false => Err(format!(
            "scripts/image.sh {}: no archive {path}",
            args.join(" ")
        )),
    })
}

/// `scripts/controlplane.sh ARGS`: the directory it built into (its last line).
fn controlplane(repo: &Path, arg: &str) -> Result<String, String> {
    script_output(repo, "controlplane.sh", &[arg])
}

/// The last line a script of `scripts/` printed, its errors passed through.
fn script_output(repo: &Path, script: &str, args: &[&str]) -> Result<String, String> {
    let out = Command::new(repo.join("scripts").join(script))
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run scripts/{script}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    match stdout.lines().last() {
        Some(last) if out.status.success() => Ok(last.to_string()),
        _ => Err(format!(
            "scripts/{script} {} failed ({}): {stdout}",
            args.join(" "),
            out.status
        )),
    }
}

async fn on_the_node() -> ExitCode {
    let filter = common::golden_cases::case_filter();
    let started = Instant::now();
    let world = Arc::new(World::new().await);
    println!(
        "node e2e: node up, CRDs installed in {:?}",
        started.elapsed()
    );
    let keep = |s: &Scenario| match s.name.starts_with("bench:") {
        true => benchmark_asked() && filter.as_ref().is_some_and(|f| s.name.contains(f.as_str())),
        false => {
            s.name.starts_with("install")
                || filter.as_ref().is_none_or(|f| s.name.contains(f.as_str()))
        }
    };
    let scenarios: Vec<Scenario> = install::scenarios()
        .into_iter()
        .chain(workloads::scenarios())
        .chain(upgrade::scenarios())
        .chain(outside::scenarios())
        .chain(rollout::scenarios())
        .chain(broken::scenarios())
        .chain(rotation::scenarios())
        .chain(canary::scenarios())
        .chain(istiod::scenarios())
        .chain(side_by_side::scenarios())
        .filter(keep)
        .collect();
    let failed = common::scenario::run_each(&world, &scenarios).await;
    let (failed, surprises) = common::scenario::known(&scenarios, failed, "node-e2e");
    println!(
        "node e2e: {}",
        common::cluster::webhook_latency(&world.apiserver_metrics().await)
    );
    let names = || scenarios.iter().map(|s| s.name);
    println!(
        "chaos e2e (node): {}",
        common::scenario::count_named("chaos:", names(), &failed)
    );
    let (commit, _) = istiod::istiod().unwrap_or_default();
    println!(
        "istiod e2e: {} (istiod 1.31 {commit})",
        common::scenario::count_named("istiod:", names(), &failed)
    );
    let passed = scenarios.len() - failed.len();
    println!(
        "node e2e: {passed}/{} pass (kubelet {KUBE_VERSION}, containerd {}, runc {})",
        scenarios.len(),
        version("containerd", &["--version"], 2),
        version("runc", &["--version"], 2),
    );
    for surprise in &surprises {
        println!("node e2e: {surprise}");
    }
    if failed.is_empty() && surprises.is_empty() && !scenarios.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The `word`-th word (0-based) of a program's first line of `--version`.
fn version(program: &str, args: &[&str], word: usize) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| {
            let text = String::from_utf8_lossy(&o.stdout).into_owned();
            text.lines()
                .next()?
                .split_whitespace()
                .nth(word)
                .map(str::to_string)
        })
        .unwrap_or_else(|| "?".into())
}
