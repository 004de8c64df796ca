//! `needle tag generate` against Istio's chart: for the tags of the corpus's
//! `istio-webhooks/revision-tags.yaml` (default revision) and `revision-canary-tags.yaml`
//! (revision canary), made from that revision's canonical configuration (`default.yaml`,
//! `revision-canary.yaml`), each tag's configuration equals Istio's entry by entry.

mod common;

use common::golden_cases::corpus_dir;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn documents(file: &str) -> Vec<Value> {
    let path = corpus_dir().join("istio-webhooks").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    common::yaml_documents(&text)
}

/// `needle tag generate <tag> --revision <revision> --webhook-file <file>`: its documents.
fn generate_from(tag: &str, revision: &str, file: &Path) -> Result<Vec<Value>, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_needle"))
        .args([
            "tag",
            "generate",
            tag,
            "--revision",
            revision,
            "--webhook-file",
        ])
        .arg(file)
        .output()
        .unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(common::yaml_documents(&String::from_utf8_lossy(
        &out.stdout,
    )))
}

fn corpus_file(name: &str) -> PathBuf {
    corpus_dir().join("istio-webhooks").join(name)
}

/// The documents of the tag, by kind: istioctl's order is the MutatingWebhookConfiguration,
/// for `default` the validator, then the Service.
fn generate_all(tag: &str, revision: &str, canonical_file: &str) -> Result<Vec<Value>, String> {
    let docs = generate_from(tag, revision, &corpus_file(canonical_file))?;
    let kinds: Vec<&str> = docs
        .iter()
        .map(|d| d["kind"].as_str().unwrap_or(""))
        .collect();
    let want: &[&str] = match tag {
        "default" => &[
            "MutatingWebhookConfiguration",
            "ValidatingWebhookConfiguration",
            "Service",
        ],
        _ => &["MutatingWebhookConfiguration", "Service"],
    };
    if kinds != want {
        return Err(format!("documents {kinds:?}, want {want:?}"));
    }
    Ok(docs)
}

/// The tag's MutatingWebhookConfiguration.
fn generate(tag: &str, revision: &str, canonical_file: &str) -> Result<Value, String> {
    Ok(generate_all(tag, revision, canonical_file)?.remove(0))
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

/// The `default` tag's `istiod-default-validator` against the validating entry of Istio's
/// render of the same revision (`rev.validation.istio.io` of `istio-validator-*`): istioctl
/// renders it from Istio's `default` chart, whose entry has the same client config, rules,
/// policies and review versions; only its name and object selector are the `default`
/// chart's own (it validates objects without `istio.io/rev`, not those of the revision).
#[test]
fn tag_generate_default_makes_istios_default_validator() {
    for (revision, file) in [
        ("default", "default.yaml"),
        ("canary", "revision-canary.yaml"),
    ] {
        let docs = generate_all("default", revision, file).unwrap();
        let got = &docs[1];
        assert_eq!(got["metadata"]["name"], "istiod-default-validator");
        assert_eq!(got["metadata"]["labels"]["istio.io/rev"], revision);
        assert_eq!(got["metadata"]["labels"]["istio.io/tag"], "default");
        let want = documents(file)
            .into_iter()
            .find(|d| d["kind"] == "ValidatingWebhookConfiguration")
            .unwrap();
        let (mut got, mut want) = (
            common::semantic(&got["webhooks"][0]),
            common::semantic(&want["webhooks"][0]),
        );
        assert_eq!(
            got["objectSelector"],
            serde_json::json!({"matchExpressions": [{"key": "istio.io/rev", "operator": "DoesNotExist"}]})
        );
        for entry in [&mut got, &mut want] {
            let entry = entry.as_object_mut().unwrap();
            entry.remove("name");
            entry.remove("objectSelector");
        }
        let mut diffs = Vec::new();
        common::differences(&got, &want, file, &mut diffs);
        assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    }
}

/// istiod sets the live validator's policy to `Fail` once it serves: a re-generated one leaves
/// the policy out so that applying it keeps `Fail`; another live policy is kept.
#[test]
fn tag_generate_default_keeps_the_live_failure_policy() {
    let canonical = std::fs::read_to_string(corpus_file("revision-canary.yaml")).unwrap();
    for (live, want) in [("Fail", None), ("Ignore", Some("Ignore"))] {
        let scratch = common::server::temp_dir("tag-validator");
        let file = scratch.join("webhooks.yaml");
        std::fs::write(
            &file,
            format!(
                "{canonical}\n---\napiVersion: admissionregistration.k8s.io/v1\n\
                 kind: ValidatingWebhookConfiguration\nmetadata: {{name: istiod-default-validator}}\n\
                 webhooks:\n- name: validation.istio.io\n  failurePolicy: {live}\n"
            ),
        )
        .unwrap();
        let docs = generate_from("default", "canary", &file).unwrap();
        assert_eq!(docs[1]["kind"], "ValidatingWebhookConfiguration");
        assert_eq!(
            docs[1]["webhooks"][0]["failurePolicy"].as_str(),
            want,
            "live {live}"
        );
    }
}

/// The tag's Service: `istiod-revision-tag-<tag>` in the control plane's namespace, istiod's
/// ports, selecting the revision's istiod pods (Istio's `revision-tags-svc.yaml`).
#[test]
fn tag_generate_makes_the_tag_service() {
    let docs = generate_all("prod", "canary", "revision-canary.yaml").unwrap();
    let svc = &docs[1];
    assert_eq!(svc["metadata"]["name"], "istiod-revision-tag-prod");
    assert_eq!(svc["metadata"]["namespace"], "istio-system");
    assert_eq!(svc["metadata"]["labels"]["istio.io/tag"], "prod");
    assert_eq!(svc["metadata"]["labels"]["istio.io/rev"], "canary");
    assert_eq!(
        svc["spec"]["selector"],
        serde_json::json!({"app": "istiod", "istio.io/rev": "canary"})
    );
    let labels = svc["metadata"]["labels"].as_object().unwrap();
    assert!(
        labels.keys().all(|k| !k.contains("operator.istio.io")),
        "{labels:?}"
    );
}

/// A tag Service alone makes the tag exist, as istioctl counts it.
#[test]
fn tag_generate_refuses_a_tag_that_only_a_service_carries() {
    let canonical = std::fs::read_to_string(corpus_file("revision-canary.yaml")).unwrap();
    let scratch = common::server::temp_dir("tag-service");
    let file = scratch.join("webhooks.yaml");
    std::fs::write(
        &file,
        format!(
            "{canonical}\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: istiod-revision-tag-prod\n  \
             namespace: istio-system\n  labels: {{istio.io/rev: canary, istio.io/tag: prod}}\n"
        ),
    )
    .unwrap();
    let err = generate_from("prod", "canary", &file).unwrap_err();
    assert!(
        err.contains(r#"revision tag "prod" already exists, and --overwrite is false"#),
        "{err}"
    );
    assert!(generate_from("stable", "canary", &file).is_ok());
}
