//! `needle validate -f`: the resources of files, a directory or stdin.

use super::{Checked, Origin, is_istio_resource};
use crate::core::compat::yaml;
use crate::core::release::Release;
use crate::core::validate::validate_object;
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Every document of `filename`, validated as `release` does; a resource without a namespace
/// is placed in `namespace`. The error names the file and the document that cannot be read.
pub fn check(filename: &str, namespace: &str, release: Release) -> Result<Vec<Checked>, String> {
    let inputs = read_inputs(filename)?;
    let mut checked = Vec::new();
    for (file, text) in &inputs {
        for (index, doc) in yaml::split_documents(text).into_iter().enumerate() {
            let object = match yaml::parse_one(doc.text) {
                Ok(v) if v.is_null() => continue,
                Ok(v) => v,
                Err(e) => {
                    return Err(format!(
                        "{file}: document {index} (starting at line {}): {e}",
                        doc.first_line
                    ));
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
                let object = default_namespace(object, namespace);
                let verdict = is_istio_resource(&object).then(|| validate_object(&object, release));
                checked.push(Checked {
                    origin: Origin::File {
                        file: file.clone(),
                        index,
                    },
                    object,
                    verdict,
                });
            }
        }
    }
    Ok(checked)
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
