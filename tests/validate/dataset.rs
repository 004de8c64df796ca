//! Istio's validation datasets (`../shared/corpus/istio-validate/dataset.yaml`: the documents
//! of `TestValidation` and `TestCRDs` with the verdict, denial message and warnings of Istio's
//! webhook at 86c9f01) through both of needle's front doors (`doors`).
//!
//! Run: `cargo test --test validate dataset -- --nocapture` (`NEEDLE_CORPUS` points it at
//! another corpus).

use crate::common::golden_cases::corpus_dir;
use crate::common::tally::Tally;
use crate::doors::{Entry, Placed, Recording, agreement, read_rows, strings};
use serde_json::Value;
use std::path::Path;

fn load_entries(dir: &Path) -> Vec<Entry> {
    let rows = read_rows(&dir.join("dataset.yaml"), "the validation dataset");
    rows.iter().map(entry_of).collect()
}

fn entry_of(row: &Value) -> Entry {
    let s = |k: &str| row.get(k).and_then(Value::as_str).map(str::to_string);
    let file = s("file").unwrap_or_else(|| panic!("dataset entry without `file`: {row}"));
    let index = row.get("index").and_then(Value::as_u64);
    let valid = match s("webhook").as_deref() {
        Some("valid") => true,
        Some("invalid") => false,
        other => panic!("{file}: `webhook` is {other:?}, want valid or invalid"),
    };
    Entry {
        case: index.map_or_else(|| file.clone(), |i| format!("{file}#{i}")),
        index: index.unwrap_or(0) as usize,
        valid,
        message: s("webhookMessage"),
        warnings: strings(row.get("webhookWarnings")),
        file,
    }
}

#[test]
fn validation_dataset_agrees_with_istio_webhook() {
    let dir = corpus_dir().join("istio-validate");
    let entries = load_entries(&dir);
    let recording = Recording {
        dir: &dir,
        entries: &entries,
        placed: Placed::AsWritten,
        flags: &[],
    };
    let mut tally = Tally::new("dataset", 178);
    for (case, outcome) in agreement(&recording) {
        tally.record(&case, outcome);
    }
    tally.finish(|n, m| format!("validation dataset: {n}/{m} agree"));
}
