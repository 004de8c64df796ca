//! Istio's validation dataset (the corpus's `istio-validate/dataset.yaml`): each document
//! with what the CRD schema and Istio's webhook make of it, for the tests that send it through
//! an apiserver.
#![allow(dead_code)]

use serde_json::Value;

/// One document of the dataset.
pub struct Entry {
    pub case: String,
    pub doc: Value,
    /// The CRD schema accepts it (TestValidation's documents all pass it; TestCRDs' file
    /// names say).
    pub crd_valid: bool,
    pub webhook_valid: bool,
    pub message: Option<String>,
}

pub fn entries() -> Vec<Entry> {
    let dir = super::golden_cases::corpus_dir().join("istio-validate");
    let table = std::fs::read_to_string(dir.join("dataset.yaml")).unwrap();
    let rows = needle::core::compat::yaml::parse_one(&table).unwrap();
    let mut files = std::collections::BTreeMap::new();
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let s = |k: &str| row[k].as_str().unwrap_or_default().to_string();
            let file = s("file");
            let index = row["index"].as_u64().unwrap_or(0) as usize;
            let docs = files.entry(file.clone()).or_insert_with(|| {
                let text = std::fs::read_to_string(dir.join(&file)).unwrap();
                super::yaml_documents(&text)
            });
            let mut doc = docs[index].clone();
            doc.as_object_mut().unwrap().remove("_err");
            Entry {
                case: format!("{file}#{index}"),
                doc,
                crd_valid: s("test") == "TestValidation" || s("expected") == "valid",
                webhook_valid: s("webhook") == "valid",
                message: row["webhookMessage"].as_str().map(str::to_string),
            }
        })
        .collect()
}
