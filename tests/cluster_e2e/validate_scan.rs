//! `needle validate --cluster`: Istio resources created while their validator was down (it
//! fails open, `Ignore`, and its server is gone) are all in the cluster; the scan, run with a
//! ServiceAccount that may only read the Istio groups, pages through them and finds the one the
//! validator would deny and the one it would warn about, and, asked as Istio 1.29.6, also the
//! policy whose trust domains that release does not know.

use crate::common::server::watched;
use crate::env::{Env, base64, needle_binary};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration;
use k8s_openapi::api::authentication::v1::TokenRequest;
use k8s_openapi::api::core::v1::ServiceAccount;
use k8s_openapi::api::rbac::v1::{ClusterRole, ClusterRoleBinding};
use kube::api::{Api, DeleteParams, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;

/// The revision label no validator of the test cluster selects but the one that is down.
const REVISION: &str = "scan";
/// DestinationRules beside the two findings: more than two pages of `--chunk-size 5`.
const VALID: usize = 12;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "validate --cluster: resources created while the validator was down are found, page by page, with read-only RBAC, per release",
        scan
    )]
}

async fn scan(env: Arc<Env>) -> Outcome {
    let name = env.unique("needle-validate-scan");
    let outcome = steps(&env, &name).await;
    let client = env.client.clone();
    let dp = DeleteParams::default();
    let _ = Api::<ValidatingWebhookConfiguration>::all(client.clone())
        .delete(&name, &dp)
        .await;
    let _ = Api::<ClusterRoleBinding>::all(client.clone())
        .delete(&name, &dp)
        .await;
    let _ = Api::<ClusterRole>::all(client).delete(&name, &dp).await;
    outcome
}

async fn steps(env: &Env, name: &str) -> Outcome {
    down_validator(env, name).await?;
    let ns = env.namespace("scan", json!({})).await;
    let labelled = |kind: &str, name: &str, spec: Value| {
        let api_version = match kind {
            "AuthorizationPolicy" => "security.istio.io/v1",
            "EnvoyFilter" => "networking.istio.io/v1alpha3",
            _ => "networking.istio.io/v1",
        };
        json!({"apiVersion": api_version, "kind": kind,
            "metadata": {"name": name, "namespace": ns, "labels": {"istio.io/rev": REVISION}},
            "spec": spec})
    };
    let mut resources: Vec<Value> = (0..VALID)
        .map(|i| {
            labelled(
                "DestinationRule",
                &format!("dr-{i}"),
                json!({"host": format!("svc-{i}")}),
            )
        })
        .collect();
    resources.push(labelled(
        "Gateway",
        "port-zero",
        json!({"servers": [{"port": {"number": 0, "name": "x", "protocol": "HTTP"}, "hosts": ["*"]}]}),
    ));
    resources.push(labelled(
        "EnvoyFilter",
        "warned",
        json!({"configPatches": [{"applyTo": "HTTP_FILTER", "patch": {"operation": "REMOVE"}}]}),
    ));
    resources.push(labelled(
        "AuthorizationPolicy",
        "trust-domains",
        json!({"rules": [{"from": [{"source": {"trustDomains": ["partner.example.com"]}}]}]}),
    ));
    for resource in &resources {
        env.create_resource(resource, &ns, false)
            .await
            .map_err(|e| {
                format!("the validator is down and Ignore, yet the apiserver refused: {e}")
            })?;
    }
    let kubeconfig = read_only_kubeconfig(env, &ns, name).await?;
    let kubeconfig = kubeconfig.to_str().unwrap();
    let scan_args = [
        "--cluster",
        "-n",
        &ns,
        "--chunk-size",
        "5",
        "--kubeconfig",
        kubeconfig,
    ];

    let (code, text) = needle(&scan_args, &[])?;
    let want = format!(
        "{} resources checked as Istio 86c9f01's validator: 1 denied, 1 admitted with warnings, {} admitted",
        VALID + 3,
        VALID + 1
    );
    expect(code == 1 && text.contains(&want), "as 86c9f01", code, &text)?;
    let gateway = [
        ns.as_str(),
        "Gateway",
        "port-zero",
        "denied",
        "port number 0",
    ];
    expect(row(&text, gateway), "the Gateway denied", code, &text)?;
    let warned = [
        ns.as_str(),
        "EnvoyFilter",
        "warned",
        "warning",
        "EnvoyFilter exposes",
    ];
    expect(row(&text, warned), "the EnvoyFilter warned", code, &text)?;
    let rows = text.lines().filter(|l| l.starts_with(ns.as_str())).count();
    expect(rows == 2, "the valid ones not listed", code, &text)?;

    let (code, text) = needle(&scan_args, &["--istio-release", "1.29.6"])?;
    let message = format!(
        "invalid policy trust-domains.{ns}: `from.source` must not be empty, found at rule 0"
    );
    let denied = [
        ns.as_str(),
        "AuthorizationPolicy",
        "trust-domains",
        "denied",
        &message,
    ];
    expect(code == 1 && row(&text, denied), "as 1.29.6", code, &text)?;
    expect(
        text.contains("2 denied"),
        "two denied as 1.29.6",
        code,
        &text,
    )?;

    let (code, text) = needle(&scan_args, &["-o", "json"])?;
    let report: Vec<Value> =
        serde_json::from_str(&text).map_err(|e| format!("-o json: {e}: {text}"))?;
    let invalid: Vec<&str> = report
        .iter()
        .filter(|r| r["valid"] == false)
        .filter_map(|r| r["name"].as_str())
        .collect();
    expect(
        report.len() == VALID + 3 && invalid == [format!("{ns}/port-zero")],
        "-o json",
        code,
        &text,
    )?;

    // All namespaces: the other scenarios' resources too, ours among them.
    let all = ["--cluster", "--kubeconfig", kubeconfig];
    let (code, text) = needle(&all, &[])?;
    expect(
        code == 1 && row(&text, gateway),
        "all namespaces",
        code,
        &text,
    )
}

/// Whether the report's table has a row of these namespace, kind, name and result whose
/// message contains the last.
fn row(text: &str, [ns, kind, name, result, message]: [&str; 5]) -> bool {
    text.lines().any(|line| {
        let cells: Vec<&str> = line.split_whitespace().collect();
        cells.len() > 4 && cells[..4] == [ns, kind, name, result] && line.contains(message)
    })
}

fn expect(ok: bool, what: &str, code: i32, text: &str) -> Outcome {
    match ok {
        true => Ok(()),
        false => Err(format!("{what}: exit {code}, printed:\n{text}")),
    }
}

/// `needle validate ARGS EXTRA`: exit code and stdout; a run that could not read is an error.
fn needle(args: &[&str], extra: &[&str]) -> Result<(i32, String), String> {
    let out = watched(needle_binary())
        .arg("validate")
        .args(args)
        .args(extra)
        .env_remove("NEEDLE_ISTIO_RELEASE")
        .output()
        .map_err(|e| e.to_string())?;
    let code = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if code == 2 {
        return Err(format!(
            "validate {args:?} {extra:?} could not run: {stderr}"
        ));
    }
    Ok((code, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// A validator for the `scan` revision whose server is gone: it fails open.
async fn down_validator(env: &Env, name: &str) -> Outcome {
    let (ca, _, _) =
        needle::server::devcert::generate(&["localhost".into()]).map_err(|e| e.to_string())?;
    let config: ValidatingWebhookConfiguration = serde_json::from_value(json!({
        "metadata": {"name": name},
        "webhooks": [{
            // Not Istio's name: the apiserver's latency of needle's validator leaves it out.
            "name": "down.scan.needle.e2e",
            // Nothing listens on port 1: every call is refused.
            "clientConfig": {"url": "https://127.0.0.1:1/validate", "caBundle": base64(&ca)},
            "rules": [{"operations": ["CREATE", "UPDATE"],
                "apiGroups": ["security.istio.io", "networking.istio.io", "telemetry.istio.io", "extensions.istio.io"],
                "apiVersions": ["*"], "resources": ["*"]}],
            "failurePolicy": "Ignore", "sideEffects": "None", "admissionReviewVersions": ["v1"],
            "objectSelector": {"matchLabels": {"istio.io/rev": REVISION}},
        }],
    }))
    .map_err(|e| e.to_string())?;
    Api::<ValidatingWebhookConfiguration>::all(env.client.clone())
        .create(&PostParams::default(), &config)
        .await
        .map_err(|e| format!("creating the down validator: {e}"))?;
    Ok(())
}

/// A kubeconfig for a ServiceAccount of `ns` bound to a role that may only get and list the
/// Istio groups' resources (discovery is every user's).
async fn read_only_kubeconfig(
    env: &Env,
    ns: &str,
    name: &str,
) -> Result<std::path::PathBuf, String> {
    let client = env.client.clone();
    let pp = PostParams::default();
    let role: ClusterRole = serde_json::from_value(json!({
        "metadata": {"name": name},
        "rules": [{"apiGroups": ["networking.istio.io", "security.istio.io", "telemetry.istio.io", "extensions.istio.io"],
            "resources": ["*"], "verbs": ["get", "list"]}],
    }))
    .unwrap();
    Api::<ClusterRole>::all(client.clone())
        .create(&pp, &role)
        .await
        .map_err(|e| e.to_string())?;
    let sa: ServiceAccount =
        serde_json::from_value(json!({"metadata": {"name": "scanner"}})).unwrap();
    Api::<ServiceAccount>::namespaced(client.clone(), ns)
        .create(&pp, &sa)
        .await
        .map_err(|e| e.to_string())?;
    let binding: ClusterRoleBinding = serde_json::from_value(json!({
        "metadata": {"name": name},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": name},
        "subjects": [{"kind": "ServiceAccount", "name": "scanner", "namespace": ns}],
    }))
    .unwrap();
    Api::<ClusterRoleBinding>::all(client.clone())
        .create(&pp, &binding)
        .await
        .map_err(|e| e.to_string())?;
    let request: TokenRequest =
        serde_json::from_value(json!({"spec": {"audiences": [], "expirationSeconds": 3600}}))
            .unwrap();
    let token = Api::<ServiceAccount>::namespaced(client, ns)
        .create_token_request("scanner", &pp, &request)
        .await
        .map_err(|e| format!("a token for the scanner: {e}"))?
        .status
        .map(|s| s.token)
        .ok_or("the token request has no status")?;
    let text = std::fs::read_to_string(&env.cluster.kubeconfig).map_err(|e| e.to_string())?;
    let mut config: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    config["users"] = json!([{"name": "admin", "user": {"token": token}}]);
    Ok(env.write_scratch(&format!("{name}.kubeconfig"), &config.to_string()))
}
