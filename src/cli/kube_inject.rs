//! `needle kube-inject`: offline injection of workload YAML, like `istioctl kube-inject`.

use super::args::{ConfigFileArgs, ProxyConfigFileArgs};
use crate::core::compat::yaml;
use crate::core::inject::replicas::{Bounds, ReplicaCache};
use crate::core::inject::workload::{self, Offline, Outcome};
use anyhow::{Context, Result, anyhow};
use clap::Args;
use serde_json::Value;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct KubeInjectArgs {
    /// Input workload YAML (`-` for stdin).
    #[arg(short = 'f', long = "filename")]
    pub filename: String,
    /// Output file (default: stdout). Written only when every document succeeded.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub config: ConfigFileArgs,
    #[command(flatten)]
    pub proxy_configs: ProxyConfigFileArgs,
    /// Control plane revision; `default` is the default revision.
    #[arg(short = 'r', long = "revision", default_value = "")]
    pub revision: String,
}

pub fn run(args: &KubeInjectArgs) -> Result<()> {
    let snapshot = args.config.paths().load().map_err(|e| anyhow!(e))?;
    let proxy_configs = args.proxy_configs.load()?;
    let (input_name, input) = read_input(&args.filename)?;
    // Native sidecars only with `ENABLE_NATIVE_SIDECARS=true`, as istioctl without a cluster.
    let settings = crate::cli::args::injector_settings(&args.revision);
    // Workloads whose pod templates are the same (a List of copies, one app per environment
    // with equal specs) are worked out once.
    let replicas = ReplicaCache::new(Bounds::default());
    let run = Offline {
        snapshot: &snapshot,
        settings: &settings,
        proxy_configs: proxy_configs.as_ref(),
        replicas: Some(&replicas),
    };
    let mut warnings = Vec::new();
    let output = inject_stream(&input_name, &input, &run, &mut warnings)?;
    match &args.output {
        Some(path) => write_atomically(path, &output)?,
        None => std::io::stdout()
            .write_all(output.as_bytes())
            .context("cannot write to stdout")?,
    }
    if !warnings.is_empty() {
        eprintln!();
        for w in warnings {
            eprintln!("{w}");
        }
    }
    Ok(())
}

fn read_input(filename: &str) -> Result<(String, String)> {
    if filename == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read stdin")?;
        return Ok(("<stdin>".into(), s));
    }
    let text =
        std::fs::read_to_string(filename).with_context(|| format!("cannot read {filename}"))?;
    Ok((filename.to_string(), text))
}

/// Inject every document of a YAML stream; the output is each document followed by `---`.
pub fn inject_stream(
    input_name: &str,
    input: &str,
    run: &Offline,
    warnings: &mut Vec<String>,
) -> Result<String> {
    let mut out = String::new();
    for (index, doc) in yaml::split_documents(input).into_iter().enumerate() {
        let parsed = workload::read_document(doc.text).map_err(|e| {
            anyhow!(
                "{input_name}: document {index} (starting at line {}): {e}",
                doc.first_line
            )
        })?;
        let label = describe(&parsed);
        if !parsed.is_object() {
            return Err(anyhow!(
                "{input_name}: document {index} (starting at line {}): expected a Kubernetes object, found {}",
                doc.first_line,
                crate::core::config::kind_of(&parsed)
            ));
        }
        let outcome = workload::inject_document(&parsed, run, warnings)
            .map_err(|e| anyhow!("{input_name}: document {index} ({label}): {e}"))?;
        match outcome {
            Outcome::Injected(v) => out.push_str(&yaml::to_yaml(&v)),
            Outcome::Skipped(v, warning) => {
                warnings.push(warning);
                out.push_str(&yaml::to_yaml(&v));
            }
            Outcome::PassThrough => {
                out.push_str(doc.text);
                if !doc.text.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        out.push_str("---\n");
    }
    Ok(out)
}

fn describe(doc: &Value) -> String {
    let s = |p: &str| doc.pointer(p).and_then(Value::as_str).unwrap_or_default();
    let name = match (s("/metadata/namespace"), s("/metadata/name")) {
        ("", n) => n.to_string(),
        (ns, n) => format!("{ns}/{n}"),
    };
    match s("/kind") {
        "" => format!("{name:?}"),
        kind => format!("{kind} {name}"),
    }
}

/// Write through a temporary file in the same directory, so a failure leaves no partial file.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.needle-tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("out")
    ));
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}
