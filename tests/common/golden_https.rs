//! One golden case of the corpus through a real `needle serve` over HTTPS: the server started
//! on the case's settings, each pod posted as an AdmissionReview, the returned patch applied
//! and the pod compared with the golden as Istio's test compares it. Used by
//! `tests/goldens_https.rs` and, for the OpenShift cases, which need Namespaces from an
//! apiserver, by the cluster e2e tests.
#![allow(dead_code)]

use super::exact_texts::exact_text_differences;
use super::golden_cases::{CaseSpec, injectable_documents, webhook_differences, webhook_pod};
use super::server::{H1, Server};
use super::yaml_documents;
use base64::Engine;
use serde_json::{Value, json};
use std::path::Path;

/// Cases that run on one server: the same files, native-sidecar mode and compliance policy.
pub type ServerKey = (String, String, String, bool, String);

pub fn server_key(case: &CaseSpec) -> ServerKey {
    let file = |p: &Option<std::path::PathBuf>| {
        p.as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default()
    };
    (
        file(&case.inject_config),
        file(&case.values),
        file(&case.mesh),
        case.native_sidecars,
        case.compliance_policy.clone(),
    )
}

/// `needle serve` on the files and environment of `key`, with `extra` flags and `env` (a
/// cluster to read Namespaces from, `PLATFORM`).
pub fn start(key: &ServerKey, work: &Path, extra: &[&str], env: &[(&str, &str)]) -> Server {
    let (config, values, mesh, native, compliance) = key;
    let mut args = vec![
        "--cert-dir".to_string(),
        work.join("certs").display().to_string(),
        "--revision".into(),
        "default".into(),
    ];
    for (flag, file) in [
        ("--injectConfigFile", config),
        ("--valuesFile", values),
        ("--meshConfigFile", mesh),
    ] {
        if !file.is_empty() {
            args.extend([flag.to_string(), file.clone()]);
        }
    }
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.extend_from_slice(extra);
    let native = if *native { "true" } else { "false" };
    let mut vars = vec![
        ("ENABLE_NATIVE_SIDECARS", native),
        ("COMPLIANCE_POLICY", compliance.as_str()),
    ];
    vars.extend_from_slice(env);
    Server::start_with_env(work, &args, &vars)
}

/// Post each pod of the case as the apiserver would and compare the patched pod with the
/// golden's, and the JSON texts embedded in it byte for byte (`exact_texts`); the first
/// differences, if any.
pub async fn post_case(client: &mut H1, case: &CaseSpec) -> Result<(), String> {
    let inputs = injectable_documents(&yaml_documents(&case.input_text()));
    let wants = injectable_documents(&case.golden_documents());
    let mut diffs = Vec::new();
    for (i, (input, want)) in inputs.iter().zip(&wants).enumerate() {
        let part = format!("yamlPart[{i}]");
        let pod = webhook_pod(input);
        let namespace = input
            .pointer("/metadata/namespace")
            .cloned()
            .unwrap_or(json!(""));
        let review = json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
            "request": {"uid": format!("{}-{i}", case.name), "kind": {"group": "", "version": "v1", "kind": "Pod"},
                "operation": "CREATE", "namespace": namespace, "object": pod}});
        let (status, body) = client
            .post(
                "/inject",
                "application/json",
                serde_json::to_vec(&review).unwrap(),
            )
            .await?;
        let response: Value = serde_json::from_slice::<Value>(&body)
            .map_err(|e| format!("{part}: {e}"))?["response"]
            .clone();
        if status != 200 || response["allowed"] != true {
            return Err(format!("{part}: HTTP {status}: {response}"));
        }
        let got = match response["patch"].as_str() {
            Some(encoded) => {
                let raw = base64::engine::general_purpose::STANDARD
                    .decode(encoded)
                    .map_err(|e| format!("{part}: patch is not base64: {e}"))?;
                let text = String::from_utf8(raw).map_err(|e| format!("{part}: {e}"))?;
                super::apply_patch(&pod, &text).map_err(|e| format!("{part}: {e}"))?
            }
            None => pod,
        };
        let want = webhook_pod(want);
        diffs.extend(webhook_differences(&got, &want, &part));
        // The JSON texts inside the pod, byte for byte (the semantic comparison parses them).
        let (_, texts) = exact_text_differences(&[got], &[want]);
        diffs.extend(texts.into_iter().map(|d| format!("{part} {d}")));
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs
            .into_iter()
            .take(6)
            .collect::<Vec<_>>()
            .join("\n      "))
    }
}
