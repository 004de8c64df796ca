//! `needle tag generate` against Istio's chart: for the tags of the corpus's
//! `istio-webhooks/revision-tags.yaml` (default revision) and `revision-canary-tags.yaml`
//! (revision canary), made from that revision's canonical configuration (`default.yaml`,
//! `revision-canary.yaml`), each tag's configuration equals Istio's entry by entry.

mod common;

use common::golden_cases::corpus_dir;
use serde_json::Value;
use std::process::Command;

fn documents(file: &str) -> Vec<Value> {
    let path = corpus_dir().join("istio-webhooks").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    common::yaml_documents(&text)
}

fn generate(tag: &str, revision: &str, canonical_file: &str) -> Result<Value, String> {
    let file = corpus_dir().join("istio-webhooks").join(canonical_file);
    let out = Command::new(env!("CARGO_BIN_EXE_needle"))
        .args([
            "tag",
            "generate",
            tag,
            "--revision",
            revision,
            "--webhook-file",
        ])
        .arg(&file)
        .output()
        .unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let mut docs = common::yaml_documents(&String::from_utf8_lossy(&out.stdout));
    (docs.len() == 1)
        .then(|| docs.remove(0))
        .ok_or_else(|| format!("{} documents", docs.len()))
}

#[test]
fn tag_generate_matches_istio_render() {
    let cases = [
        ("revision-tags.yaml", "default", "default.yaml"),
        (
            "revision-canary-tags.yaml",
            "canary",
            "revision-canary.yaml",
        ),
    ];
    let (mut matching, mut total, mut entries, mut failures) = (0, 0, 0, Vec::new());
    for (rendered, revision, canonical) in cases {
        for want in documents(rendered)
            .into_iter()
            .filter(|d| d["metadata"]["labels"].get("istio.io/tag").is_some())
        {
            total += 1;
            let tag = want["metadata"]["labels"]["istio.io/tag"].as_str().unwrap();
            let got = match generate(tag, revision, canonical) {
                Ok(got) => got,
                Err(e) => {
                    failures.push(format!("{rendered} tag {tag}: {e}"));
                    continue;
                }
            };
            let mut diffs = Vec::new();
            for field in ["name", "labels/istio.io~1tag", "labels/istio.io~1rev"] {
                let pointer = format!("/metadata/{field}");
                if got.pointer(&pointer) != want.pointer(&pointer) {
                    diffs.push(format!(
                        "{pointer}: {:?}, Istio's {:?}",
                        got.pointer(&pointer),
                        want.pointer(&pointer)
                    ));
                }
            }
            let (got_hooks, want_hooks) = (
                common::semantic(&got["webhooks"]),
                common::semantic(&want["webhooks"]),
            );
            common::differences(&got_hooks, &want_hooks, "webhooks", &mut diffs);
            entries += want_hooks.as_array().map_or(0, Vec::len);
            if diffs.is_empty() {
                matching += 1;
            } else {
                failures.push(format!("{rendered} tag {tag}:\n  {}", diffs.join("\n  ")));
            }
        }
    }
    println!("tag generate: {matching}/{total} tags match Istio's render ({entries} entries)");
    assert!(total > 0, "no tag configurations in the corpus renders");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn tag_generate_names_a_missing_revision() {
    let err = generate("prod", "stable", "default.yaml").unwrap_err();
    assert!(
        err.contains(
            r#"cannot modify tag: cannot find MutatingWebhookConfiguration or Service with revision "stable""#
        ),
        "{err}"
    );
}

/// A tag that exists already is refused without `--overwrite`, as istioctl refuses it.
#[test]
fn tag_generate_refuses_an_existing_tag() {
    let err = generate("prod", "default", "revision-tags.yaml").unwrap_err();
    assert!(
        err.contains(r#"revision tag "prod" already exists, and --overwrite is false"#),
        "{err}"
    );
}
