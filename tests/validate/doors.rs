//! Documents with the answers of an Istio validation webhook (the corpus's recordings), put
//! through both of needle's front doors: `needle validate -o json` (the real binary, one run
//! for every document) and `/validate` of a running `needle serve` over real TLS. A document
//! agrees only when both answer as Istio's webhook did.

use crate::common::server::{H1, Server, connector, temp_dir};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// A document and Istio's answer to it.
pub struct Entry {
    /// The case's name in `tests/known_failures.txt`: `<file>` or `<file>#<index>`.
    pub case: String,
    /// Relative to the corpus's `istio-validate/`.
    pub file: String,
    /// The document's place in the file.
    pub index: usize,
    pub valid: bool,
    pub message: Option<String>,
    pub warnings: BTreeSet<String>,
}

/// An answer from one of needle's doors.
#[derive(Debug)]
struct Answer {
    valid: bool,
    message: String,
    warnings: BTreeSet<String>,
}

/// The rows of a corpus table (a YAML list); `what` names it when it cannot be read.
pub fn read_rows(path: &Path, what: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{what} missing: cannot read {}: {e}", path.display()));
    let rows = needle::core::compat::yaml::parse_one(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match rows {
        Value::Array(rows) => rows,
        _ => panic!("{}: expected a list of rows", path.display()),
    }
}

pub fn strings(v: Option<&Value>) -> BTreeSet<String> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// How a recording placed its documents: as written, or in `namespace` where they name none
/// (as the apiserver sends a namespaced object).
#[derive(Clone, Copy)]
pub enum Placed<'a> {
    AsWritten,
    In(&'a str),
}

/// What `answers` compares.
pub struct Recording<'a> {
    /// The corpus's `istio-validate/`.
    pub dir: &'a Path,
    pub entries: &'a [Entry],
    pub placed: Placed<'a>,
    /// Flags for both `needle validate` and `needle serve` (`--istio-release`).
    pub flags: &'a [&'a str],
}

/// Each entry's agreement: `Ok` when both doors answered as Istio, else how they differ.
pub fn agreement(recording: &Recording) -> Vec<(String, Result<(), String>)> {
    let docs = load_documents(recording.dir, recording.entries, recording.placed);
    let cli = cli_answers(recording, &docs);
    let served = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(server_answers(recording, &docs));
    let mut out = Vec::new();
    for e in recording.entries {
        let diffs: Vec<String> = [
            ("needle validate", &cli, true),
            ("/validate", &served, false),
        ]
        .iter()
        .filter_map(|(door, answers, cli)| {
            difference(e, answers.get(&e.case), *cli).map(|d| format!("{door}: {d}"))
        })
        .collect();
        let outcome = match diffs.is_empty() {
            true => Ok(()),
            false => Err(diffs.join("; ")),
        };
        out.push((e.case.clone(), outcome));
    }
    out
}

/// The documents of a dataset file, as `yml.SplitString` splits them (needle's splitter; the
/// entry count of the file must match), each without its top-level `_err` key: the text the
/// CLI reads and the object the webhook receives.
struct Document {
    text: String,
    object: Value,
}

fn documents_of(path: &Path, placed: Placed) -> Vec<Document> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read dataset file {}: {e}", path.display()));
    needle::core::compat::yaml::split_documents(&text)
        .iter()
        .map(|d| {
            let text = without_err_key(d.text);
            let object = needle::core::compat::yaml::parse_one(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut want = needle::core::compat::yaml::parse_one(d.text).unwrap();
            if let Some(m) = want.as_object_mut() {
                m.remove("_err");
            }
            assert_eq!(
                object,
                want,
                "{}: dropping `_err` changed more",
                path.display()
            );
            let mut object = object;
            if let (Placed::In(namespace), Some(meta)) = (placed, object.get_mut("metadata"))
                && let Some(meta) = meta.as_object_mut()
                && meta
                    .get("namespace")
                    .and_then(Value::as_str)
                    .is_none_or(str::is_empty)
            {
                meta.insert("namespace".into(), Value::from(namespace));
            }
            Document { text, object }
        })
        .collect()
}

/// Drop the `_err:` line and its continuation lines (indented, or a quoted scalar's folds):
/// the test's own annotation, which TestCRDs deletes before validating.
fn without_err_key(doc: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in doc.split_inclusive('\n') {
        if line.starts_with("_err:") {
            skipping = true;
            continue;
        }
        if skipping && (line.starts_with([' ', '\t']) || line.trim().is_empty()) {
            continue;
        }
        skipping = false;
        out.push_str(line);
    }
    out
}

/// Every document by case name, checking that the files hold exactly the listed documents.
fn load_documents(dir: &Path, entries: &[Entry], placed: Placed) -> BTreeMap<String, Document> {
    let mut by_file: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in entries {
        by_file.entry(&e.file).or_default().push(e);
    }
    let mut out = BTreeMap::new();
    for (file, listed) in by_file {
        let docs = documents_of(&dir.join(file), placed);
        assert_eq!(
            docs.len(),
            listed.len(),
            "{file}: {} documents, the dataset lists {}",
            docs.len(),
            listed.len()
        );
        let mut docs: Vec<Option<Document>> = docs.into_iter().map(Some).collect();
        for e in listed {
            let doc = docs
                .get_mut(e.index)
                .and_then(Option::take)
                .unwrap_or_else(|| panic!("{}: no document {} (or listed twice)", file, e.index));
            out.insert(e.case.clone(), doc);
        }
    }
    out
}

/// `needle validate -o json` over a copy of the documents (one file per corpus file), in one
/// run.
fn cli_answers(
    recording: &Recording,
    docs: &BTreeMap<String, Document>,
) -> BTreeMap<String, Answer> {
    let entries = recording.entries;
    let root = temp_dir("validate-dataset");
    let mut streams: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for e in entries {
        streams.entry(&e.file).or_default();
    }
    for e in entries {
        let stream = streams.get_mut(e.file.as_str()).unwrap();
        stream.resize(stream.len().max(e.index + 1), "");
        stream[e.index] = &docs[&e.case].text;
    }
    for (file, texts) in &streams {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let stream: Vec<String> = texts
            .iter()
            .map(|t| format!("{}\n", t.trim_end_matches('\n')))
            .collect();
        std::fs::write(&path, stream.join("---\n")).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_needle"))
        .args(["validate", "-o", "json", "-f"])
        .arg(&root)
        .args(["-n", namespace(recording.placed)])
        .args(recording.flags)
        .output()
        .expect("needle runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "needle validate exited with {:?}: {stderr}",
        out.status
    );
    let report: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "needle validate -o json printed no JSON array ({e}): {}{stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    let mut answers = BTreeMap::new();
    for r in report {
        let file = r["file"].as_str().unwrap_or_default();
        let rel = Path::new(file)
            .strip_prefix(&root)
            .unwrap_or(Path::new(file));
        let index = r["document"].as_u64().unwrap_or(u64::MAX) as usize;
        let Some(e) = entries
            .iter()
            .find(|e| Path::new(&e.file) == rel && e.index == index)
        else {
            panic!("needle validate reported a document the dataset does not list: {r}");
        };
        let answer = Answer {
            // A skipped document has no verdict: it cannot agree with Istio's.
            valid: r["valid"] == true && r["skipped"] == false,
            message: r["message"].as_str().unwrap_or_default().to_string(),
            warnings: strings(r.get("warnings")),
        };
        assert!(
            answers.insert(e.case.clone(), answer).is_none(),
            "{}: reported twice",
            e.case
        );
    }
    answers
}

fn review(object: &Value, uid: usize) -> Value {
    let s = |p: &str| {
        object
            .pointer(p)
            .and_then(Value::as_str)
            .unwrap_or_default()
    };
    let api_version = s("/apiVersion");
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
        "request": {"uid": format!("dataset-{uid}"),
            "kind": {"group": group, "version": version, "kind": s("/kind")},
            "operation": "CREATE", "namespace": s("/metadata/namespace"),
            "name": s("/metadata/name"), "object": object}})
}

/// Each document posted to `/validate` of `needle serve` over HTTPS, one connection.
async fn server_answers(
    recording: &Recording<'_>,
    docs: &BTreeMap<String, Document>,
) -> BTreeMap<String, Answer> {
    let entries = recording.entries;
    let dir = temp_dir("validate-dataset-serve");
    let certs = dir.join("certs");
    let mut args = vec!["--cert-dir", certs.to_str().unwrap()];
    args.extend(recording.flags);
    let server = Server::start(&dir, &args);
    let tls = connector(&certs.join("ca.pem"), false);
    let mut client = H1::connect(&tls, server.webhook).await.unwrap();
    let mut answers = BTreeMap::new();
    for (uid, e) in entries.iter().enumerate() {
        let body = serde_json::to_vec(&review(&docs[&e.case].object, uid)).unwrap();
        let (status, bytes) = client
            .post("/validate", "application/json", body)
            .await
            .unwrap_or_else(|err| panic!("{}: POST /validate failed: {err}", e.case));
        let text = String::from_utf8_lossy(&bytes);
        assert_eq!(status, 200, "{}: {text}", e.case);
        let out: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|err| panic!("{}: response is not JSON ({err}): {text}", e.case));
        let response = &out["response"];
        assert_eq!(response["uid"], format!("dataset-{uid}"), "{}", e.case);
        let answer = Answer {
            valid: response["allowed"] == true,
            message: response["status"]["message"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            warnings: strings(response.get("warnings")),
        };
        answers.insert(e.case.clone(), answer);
    }
    answers
}

/// How an answer differs from Istio's webhook, if it does. A denial must contain Istio's
/// message (both carry the same `configuration is invalid: ` style prefix). Istio's webhook
/// drops the warnings of a denial, and so does `/validate`; `needle validate` lists them
/// beside the errors, as `istioctl validate` does, so `cli_denial_warnings` skips them there.
fn difference(e: &Entry, got: Option<&Answer>, cli_denial_warnings: bool) -> Option<String> {
    let Some(got) = got else {
        return Some("no answer".into());
    };
    let verdict = |v: bool| if v { "valid" } else { "invalid" };
    if got.valid != e.valid {
        return Some(format!(
            "{} ({:?}), Istio: {} ({:?})",
            verdict(got.valid),
            got.message,
            verdict(e.valid),
            e.message.as_deref().unwrap_or_default()
        ));
    }
    if let Some(want) = &e.message
        && !got.message.contains(want.as_str())
    {
        return Some(format!("message {:?}, Istio: {want:?}", got.message));
    }
    let compared = got.valid || !cli_denial_warnings;
    if compared && got.warnings != e.warnings {
        return Some(format!(
            "warnings {:?}, Istio: {:?}",
            got.warnings, e.warnings
        ));
    }
    None
}

/// `needle validate`'s `-n`: where documents that name no namespace go. For documents placed
/// as written, none: Istio's webhook saw none, so needle must not place them in `default`.
fn namespace<'a>(placed: Placed<'a>) -> &'a str {
    match placed {
        Placed::AsWritten => "",
        Placed::In(namespace) => namespace,
    }
}
