//! `needle validate`: offline validation of Istio resources, with the webhook's rules.

use crate::core::compat::yaml;
use crate::core::label::Labelled;
use crate::core::validate::{Verdict, is_validated_group, validate_object};
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
    /// The namespace of resources whose metadata names none, as `kubectl apply` would place
    /// them (it matters to `exportTo: ["."]`, for one).
    #[arg(short = 'n', long = "namespace", default_value = "default")]
    pub namespace: String,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Output {
    Text,
    Json,
}

/// One document: validated, or `None` when it is not an Istio resource (a Deployment or
/// Service beside the Istio config), which needle has no rules for and leaves alone.
struct Checked {
    file: String,
    index: usize,
    object: Value,
    verdict: Option<Verdict>,
}

impl Checked {
    fn is_valid(&self) -> bool {
        self.verdict.as_ref().is_none_or(Verdict::is_valid)
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

fn default_namespace(mut object: Value, namespace: &str) -> Value {
    if let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut)
        && meta
            .get("namespace")
            .and_then(Value::as_str)
            .is_none_or(str::is_empty)
    {
        meta.insert("namespace".into(), Value::from(namespace));
    }
    object
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
                let object = default_namespace(object, &args.namespace);
                let verdict = is_istio_resource(&object).then(|| validate_object(&object));
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
    if checked.iter().all(Checked::is_valid) {
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
        Verdict::Undecodable(m) | Verdict::UnknownType(m) | Verdict::UnknownField(m) => {
            vec![m.clone()]
        }
    }
}

const NOT_ISTIO: &str = "skipped: not an Istio resource";

fn print_text(checked: &[Checked]) {
    for c in checked {
        let (kind, name) = identity(&c.object);
        let Some(verdict) = &c.verdict else {
            println!(
                "{kind} {name}: {NOT_ISTIO} ({} document {})",
                c.file, c.index
            );
            continue;
        };
        let word = if verdict.is_valid() {
            "valid"
        } else {
            "invalid"
        };
        println!("{kind} {name}: {word} ({} document {})", c.file, c.index);
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
                let mut entry = json!({
                    "file": c.file, "document": c.index, "kind": kind, "name": name,
                    "valid": c.is_valid(),
                });
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
