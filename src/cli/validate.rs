//! `needle validate`: offline validation of Istio resources, with the webhook's rules.

use crate::core::validate::{Verdict, validate_object};
use crate::core::yaml;
use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A file, a directory (its .yaml, .yml and .json files, recursively) or `-` for stdin.
    #[arg(short = 'f', long = "filename")]
    pub filename: String,
    /// `text`: a line per resource, then its errors and warnings; `json`: one array.
    #[arg(short = 'o', long = "output", value_enum, default_value = "text")]
    pub output: Output,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Output {
    Text,
    Json,
}

/// One validated document.
struct Checked {
    file: String,
    index: usize,
    object: Value,
    verdict: Verdict,
}

/// Exit 0 when every resource is valid, 1 when any is invalid, 2 when input cannot be read or parsed.
pub fn run(args: &ValidateArgs) -> ExitCode {
    let inputs = match read_inputs(&args.filename) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut checked = Vec::new();
    for (file, text) in &inputs {
        for (index, doc) in yaml::split_documents(text).into_iter().enumerate() {
            let object = match yaml::parse_one(doc.text) {
                Ok(v) if v.is_null() => continue,
                Ok(v) => v,
                Err(e) => {
                    eprintln!(
                        "error: {file}: document {index} (starting at line {}): {e}",
                        doc.first_line
                    );
                    return ExitCode::from(2);
                }
            };
            // `kubectl get -o yaml` wraps resources in a List: validate its items.
            let objects = match (
                object.get("kind").and_then(Value::as_str),
                object.get("items"),
            ) {
                (Some("List"), Some(Value::Array(items))) => items.clone(),
                _ => vec![object],
            };
            for object in objects {
                let verdict = validate_object(&object);
                checked.push(Checked {
                    file: file.clone(),
                    index,
                    object,
                    verdict,
                });
            }
        }
    }
    match args.output {
        Output::Text => print_text(&checked),
        Output::Json => println!(
            "{}",
            serde_json::to_string_pretty(&json_report(&checked)).expect("JSON serializes")
        ),
    }
    if checked.iter().all(|c| c.verdict.is_valid()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn read_inputs(filename: &str) -> Result<Vec<(String, String)>, String> {
    if filename == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        return Ok(vec![("<stdin>".into(), s)]);
    }
    let path = Path::new(filename);
    let files = if path.is_dir() {
        files_in(path)?
    } else {
        vec![path.to_path_buf()]
    };
    files
        .into_iter()
        .map(|p| {
            std::fs::read_to_string(&p)
                .map(|t| (p.display().to_string(), t))
                .map_err(|e| format!("cannot read {}: {e}", p.display()))
        })
        .collect()
}

fn files_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            out.extend(files_in(&path)?);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "yaml" | "yml" | "json"))
        {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
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

fn errors_of(v: &Verdict) -> Vec<String> {
    match v {
        Verdict::Valid { .. } => vec![],
        Verdict::Invalid { errors, .. } => errors.clone(),
        Verdict::Undecodable(m) | Verdict::UnknownType(m) => vec![m.clone()],
    }
}

fn print_text(checked: &[Checked]) {
    for c in checked {
        let (kind, name) = identity(&c.object);
        let word = if c.verdict.is_valid() {
            "valid"
        } else {
            "invalid"
        };
        println!("{kind} {name}: {word} ({} document {})", c.file, c.index);
        for e in errors_of(&c.verdict) {
            println!("  error: {e}");
        }
        for w in c.verdict.warnings() {
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
                json!({
                    "file": c.file, "document": c.index, "kind": kind, "name": name,
                    "valid": c.verdict.is_valid(), "reason": c.verdict.reason(),
                    "errors": errors_of(&c.verdict), "warnings": c.verdict.warnings(),
                    "message": c.verdict.message(),
                })
            })
            .collect(),
    )
}
