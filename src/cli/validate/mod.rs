//! `needle validate`: Istio resources checked with the webhook's rules, as the Istio release
//! named answers: from files (`-f`), or every resource of a live cluster (`--cluster`).

mod cluster;
mod files;

use crate::core::label::Labelled;
use crate::core::release::Release;
use crate::core::validate::{Verdict, is_validated_group};
use crate::kube::ClusterArgs;
use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A file, a directory (its .yaml, .yml and .json files, recursively) or `-` for stdin.
    #[arg(
        short = 'f',
        long = "filename",
        required_unless_present = "cluster",
        conflicts_with = "cluster"
    )]
    pub filename: Option<String>,
    /// Check every Istio resource of the cluster instead (read-only: discovery and `list` on
    /// the networking, security, telemetry and extensions groups of istio.io): what the
    /// validator would deny or warn about, before an upgrade or after it was down.
    #[arg(long = "cluster")]
    pub cluster: bool,
    /// `text`: a line per resource, then its errors and warnings (with `--cluster`, a table of
    /// each error and warning, and a summary); `json`: one array.
    #[arg(short = 'o', long = "output", value_enum, default_value = "text")]
    pub output: Output,
    /// With `-f`, the namespace of resources whose metadata names none, as `kubectl apply`
    /// would place them (it matters to `exportTo: ["."]`, for one; default `default`). With
    /// `--cluster`, the one namespace to check (default: all).
    #[arg(short = 'n', long = "namespace")]
    pub namespace: Option<String>,
    /// The Istio release whose webhook to answer as (`1.28`, `1.29.6`, `1.31`, `86c9f01`): its
    /// rules, the API fields it knows and the Envoy types it resolves. Default: 86c9f01, the
    /// newest needle knows.
    #[arg(long = "istio-release", env = "NEEDLE_ISTIO_RELEASE", value_name = "RELEASE", value_parser = super::args::parse_release)]
    pub istio_release: Option<Release>,
    /// With `--cluster`, how many resources one `list` call asks for (as kubectl's
    /// `--chunk-size`).
    #[arg(long = "chunk-size", default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..))]
    pub chunk_size: u32,
    #[command(flatten)]
    pub kube: ClusterArgs,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Output {
    Text,
    Json,
}

/// Where a checked resource came from.
pub(super) enum Origin {
    File { file: String, index: usize },
    Cluster,
}

/// One resource: validated, or `None` when it is not an Istio resource (a Deployment or
/// Service beside the Istio config), which needle has no rules for and leaves alone.
pub(super) struct Checked {
    origin: Origin,
    object: Value,
    verdict: Option<Verdict>,
}

impl Checked {
    fn is_valid(&self) -> bool {
        self.verdict.as_ref().is_none_or(Verdict::is_valid)
    }

    fn warned(&self) -> bool {
        self.verdict
            .as_ref()
            .is_some_and(|v| !v.warnings().is_empty())
    }
}

/// A resource of the API groups the webhook validates; an unknown kind in one of them is
/// denied, as the webhook denies it, anything else (apps/v1, install.istio.io, ...) skipped.
fn is_istio_resource(object: &Value) -> bool {
    object
        .get("apiVersion")
        .and_then(Value::as_str)
        .is_some_and(is_validated_group)
}

/// Exit 0 when every resource is valid, 1 when any is invalid, 2 when the input or the
/// cluster cannot be read.
pub fn run(args: &ValidateArgs) -> ExitCode {
    let (release, note) = args.istio_release.unwrap_or_default().supported();
    if let Some(note) = note {
        eprintln!("warning: {note}: answering as Istio {release}");
    }
    let checked = match &args.filename {
        Some(filename) => {
            let namespace = args.namespace.as_deref().unwrap_or("default");
            files::check(filename, namespace, release).map(|checked| (checked, None))
        }
        None => cluster::check(args, release).map(|(checked, scan)| (checked, Some(scan))),
    };
    let (checked, scan) = match checked {
        Ok(checked) => checked,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match (args.output, &scan) {
        (Output::Text, None) => print_text(&checked),
        (Output::Text, Some(scan)) => {
            print!("{}", cluster::table(&checked));
            println!("{}", cluster::summary(&checked, scan, release));
        }
        (Output::Json, _) => println!(
            "{}",
            serde_json::to_string_pretty(&json_report(&checked)).expect("JSON serializes")
        ),
    }
    if checked.iter().all(Checked::is_valid) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn identity(object: &Value) -> (String, String) {
    let s = |p: &str| {
        object
            .pointer(p)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let name = match (s("/metadata/namespace"), s("/metadata/name")) {
        (ns, n) if ns.is_empty() => n,
        (ns, n) => format!("{ns}/{n}"),
    };
    (s("/kind"), name)
}

pub(super) fn errors_of(v: &Verdict) -> Vec<String> {
    match v {
        Verdict::Valid { .. } => vec![],
        Verdict::Invalid { errors, .. } => errors.clone(),
        Verdict::Undecodable(m) | Verdict::UnknownType(m) | Verdict::UnknownField(m) => {
            vec![m.clone()]
        }
    }
}

const NOT_ISTIO: &str = "skipped: not an Istio resource";

/// Where a resource came from, for a text line: ` (FILE document N)`, or nothing.
fn place(origin: &Origin) -> String {
    match origin {
        Origin::File { file, index } => format!(" ({file} document {index})"),
        Origin::Cluster => String::new(),
    }
}

fn print_text(checked: &[Checked]) {
    for c in checked {
        let (kind, name) = identity(&c.object);
        let place = place(&c.origin);
        let Some(verdict) = &c.verdict else {
            println!("{kind} {name}: {NOT_ISTIO}{place}");
            continue;
        };
        let word = if verdict.is_valid() {
            "valid"
        } else {
            "invalid"
        };
        println!("{kind} {name}: {word}{place}");
        for e in errors_of(verdict) {
            println!("  error: {e}");
        }
        for w in verdict.warnings() {
            println!("  warning: {w}");
        }
    }
}

fn json_report(checked: &[Checked]) -> Value {
    Value::Array(
        checked
            .iter()
            .map(|c| {
                let (kind, name) = identity(&c.object);
                let mut entry = json!({"kind": kind, "name": name, "valid": c.is_valid()});
                if let Origin::File { file, index } = &c.origin {
                    entry["file"] = json!(file);
                    entry["document"] = json!(index);
                }
                entry["skipped"] = Value::Bool(c.verdict.is_none());
                match &c.verdict {
                    Some(v) => {
                        entry["reason"] = json!(v.label());
                        entry["errors"] = json!(errors_of(v));
                        entry["warnings"] = json!(v.warnings());
                        entry["message"] = json!(v.message());
                    }
                    None => entry["message"] = json!(NOT_ISTIO),
                }
                entry
            })
            .collect(),
    )
}
