//! Each Istio release's own validation webhook, as the corpus recorded it
//! (`istio-releases/<release>/validate/verdicts.yaml`: Istio's validation dataset and the
//! `targeted/` documents, each placed in `default` where it names no namespace), against
//! needle answering as that release (`--istio-release`) through both front doors (`doors`).
//!
//! Run: `cargo test --test validate releases -- --nocapture`.

use crate::common::golden_cases::{corpus_dir, corpus_releases};
use crate::common::tally::Tally;
use crate::doors::{Entry, Placed, Recording, agreement, read_rows, strings};
use serde_json::Value;
use std::path::Path;

/// Every release's recording holds at least this many documents (228 in the corpus of
/// 2026-12): fewer means the recording was not all read.
const AT_LEAST: usize = 228;

fn load_entries(verdicts: &Path) -> Vec<Entry> {
    let rows = read_rows(verdicts, "a release's validation webhook answers");
    rows.iter().map(|row| entry_of(verdicts, row)).collect()
}

fn entry_of(verdicts: &Path, row: &Value) -> Entry {
    let file = row["file"]
        .as_str()
        .unwrap_or_else(|| panic!("{}: an answer without `file`: {row}", verdicts.display()));
    let index = row["index"]
        .as_u64()
        .unwrap_or_else(|| panic!("{}: {file}: no `index`", verdicts.display()));
    let valid = row["allowed"]
        .as_bool()
        .unwrap_or_else(|| panic!("{}: {file}: `allowed` is not a bool", verdicts.display()));
    Entry {
        case: format!("{file}#{index}"),
        file: file.to_string(),
        index: index as usize,
        valid,
        message: row["message"].as_str().map(str::to_string),
        warnings: strings(row.get("warnings")),
    }
}

#[test]
fn each_release_answers_as_its_own_webhook() {
    let dir = corpus_dir().join("istio-validate");
    let mut counts = Vec::new();
    let mut surprises = Vec::new();
    for (release, path) in corpus_releases() {
        let entries = load_entries(&path.join("validate/verdicts.yaml"));
        let recording = Recording {
            dir: &dir,
            entries: &entries,
            placed: Placed::In("default"),
            flags: &["--istio-release", &release],
        };
        let mut tally = Tally::table("validation-releases", &release, AT_LEAST);
        for (case, outcome) in agreement(&recording) {
            tally.record(&case, outcome);
        }
        counts.push(format!("{release} {}/{}", tally.passed(), tally.total()));
        surprises.extend(tally.surprises().err());
    }
    println!("validation releases: {}", counts.join(", "));
    assert!(surprises.is_empty(), "{}", surprises.join("\n"));
}
