//! Istio's injection goldens through the path the apiserver uses: every webhook-path case of
//! the corpus's `istio-inject/cases.yaml` posted as an AdmissionReview over HTTPS to a real
//! `needle serve`, started on that case's settings (one server per settings), the returned
//! patch applied and the pod compared with the golden as Istio's test compares it.
//! `NEEDLE_CASE=<part of a name>` runs some cases only; cases that do not pass yet are listed
//! in `tests/known_failures.txt` (suite `goldens-https`).

mod common;

use base64::Engine;
use common::golden_cases::{
    CaseSpec, injectable_documents, istio_inject_cases, webhook_differences, webhook_pod,
};
use common::server::{H1, Server, connector, temp_dir};
use common::tally::Tally;
use common::yaml_documents;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// Cases that run on one server: the same files, native-sidecar mode and compliance policy.
type ServerKey = (String, String, String, bool, String);

fn server_key(case: &CaseSpec) -> ServerKey {
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

fn start(key: &ServerKey, work: &Path) -> Server {
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
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let native = if *native { "true" } else { "false" };
    Server::start_with_env(
        work,
        &args,
        &[
            ("ENABLE_NATIVE_SIDECARS", native),
            ("COMPLIANCE_POLICY", compliance),
        ],
    )
}

async fn post_case(client: &mut H1, case: &CaseSpec) -> Result<(), String> {
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
                common::apply_patch(&pod, &text).map_err(|e| format!("{part}: {e}"))?
            }
            None => pod,
        };
        diffs.extend(webhook_differences(&got, &webhook_pod(want), &part));
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn goldens_https() {
    let mut groups: BTreeMap<ServerKey, Vec<CaseSpec>> = BTreeMap::new();
    for case in istio_inject_cases().into_iter().filter(|c| !c.skip_webhook) {
        groups.entry(server_key(&case)).or_default().push(case);
    }
    let work = temp_dir("goldens-https");
    let mut outcomes = BTreeMap::new();
    for (key, cases) in &groups {
        let server = start(key, &work);
        let tls = connector(&work.join("certs").join("ca.pem"), false);
        let mut client = H1::connect(&tls, server.webhook).await.unwrap();
        for case in cases {
            outcomes.insert(case.name.clone(), post_case(&mut client, case).await);
        }
    }
    // Recorded in the table's order, so the summary reads like the other golden suites.
    let mut tally = Tally::new("goldens-https");
    for case in istio_inject_cases().into_iter().filter(|c| !c.skip_webhook) {
        tally.record(&case.name, outcomes.remove(&case.name).unwrap());
    }
    let _ = std::fs::remove_dir_all(&work);
    println!("goldens https: {} servers, one per settings", groups.len());
    tally.finish(|n, m| format!("goldens https: {n}/{m} pass"));
}
