//! `needle audit` against the apiserver: pods needle's `default` revision injected for real
//! (plain, probes, a user's own proxy override, Prometheus annotations) audit the same with
//! needle's defaults; audited as a server with `--watch-cluster` on a cluster without nodes
//! (native sidecars on under `auto`) they differ where the proxy moves; audited with an edited
//! template of Istio's they are reported with the field the edit changed. Pods of another revision and pods
//! without injection are counted, not audited. The upgrade preview: pods injected as Istio
//! 1.28.10 with that release's ConfigMaps audit the same with them, and with 1.29.6's each is
//! reported with what it would change.

use crate::common::golden_cases::corpus_dir;
use crate::common::pod_load::status_revision;
use crate::common::server::watched;
use crate::env::{Env, needle_binary};
use crate::failures::{start, stop};
use crate::selection::pod;
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "audit: injected pods are the same, an edited template names its field",
            audit_namespace
        ),
        scenario!(
            "audit: upgrade preview, pods of Istio 1.28.10 audited with 1.29.6's ConfigMaps",
            upgrade_preview
        ),
    ]
}

/// `needle audit ARGS` against the test cluster: exit code and stdout.
fn audit(env: &Env, args: &[&str]) -> Result<(i32, String), String> {
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let out = watched(needle_binary())
        .arg("audit")
        .args(args)
        .args(["--kubeconfig", &kubeconfig])
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .env_remove("PLATFORM")
        .output()
        .map_err(|e| e.to_string())?;
    let code = out.status.code().unwrap_or(-1);
    if code == 2 {
        return Err(format!(
            "audit {args:?} could not run: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok((code, String::from_utf8_lossy(&out.stdout).into_owned()))
}

fn injected_pods() -> Vec<Value> {
    let mut probes = pod("probes", json!({}), json!({}));
    probes["spec"]["containers"][0]["livenessProbe"] =
        json!({"tcpSocket": {"port": 8080}, "periodSeconds": 7});
    let mut overridden = pod("override", json!({}), json!({}));
    overridden["spec"]["containers"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "istio-proxy", "image": "auto",
            "resources": {"limits": {"memory": "300Mi"}}}));
    let scraped = pod(
        "scraped",
        json!({}),
        json!({"prometheus.io/scrape": "true", "prometheus.io/port": "9090", "prometheus.io/path": "/m"}),
    );
    vec![
        pod("plain", json!({}), json!({})),
        probes,
        overridden,
        scraped,
    ]
}

/// `pod` with the label that marks this run's pods.
fn marked(mut pod: Value, run: &str) -> Value {
    pod["metadata"]["labels"]["audit-run"] = json!(run);
    pod
}

async fn audit_namespace(env: Arc<Env>) -> Outcome {
    let ns = env
        .namespace("audit", json!({"istio-injection": "enabled"}))
        .await;
    let canary_ns = env
        .namespace("audit-canary", json!({"istio.io/rev": "canary"}))
        .await;
    for p in injected_pods() {
        let stored = env.create_pod(&ns, marked(p, &ns), false).await?;
        if status_revision(&stored).as_deref() != Some("default") {
            return Err(format!("not injected by default: {stored}"));
        }
    }
    let opted_out = pod(
        "opted-out",
        json!({"sidecar.istio.io/inject": "false"}),
        json!({}),
    );
    env.create_pod(&ns, marked(opted_out, &ns), false).await?;
    let canary = env
        .create_pod(
            &canary_ns,
            marked(pod("canary", json!({}), json!({})), &ns),
            false,
        )
        .await?;
    if status_revision(&canary).as_deref() != Some("canary") {
        return Err(format!("not injected by canary: {canary}"));
    }

    // All namespaces, this run's pods.
    let selector = format!("audit-run={ns}");
    let (code, out) = audit(&env, &["-l", &selector])?;
    let summary = "audit: 4 pods of revision default (Istio 86c9f01): 4 same, 0 different, 0 not injected now, 0 denied; 1 pods of other revisions (canary) not audited; 1 pods without an injection not audited\n";
    if code != 0 || !out.ends_with(summary) {
        return Err(format!("needle's defaults: exit {code}:\n{out}"));
    }
    for name in ["plain", "probes", "override", "scraped"] {
        let row = [ns.as_str(), name, "default", "same"];
        if !out
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == row)
        {
            return Err(format!("no `same` row for {name}:\n{out}"));
        }
    }

    // As a server with --watch-cluster: the cluster has no nodes (the nodes scenario removes
    // its own), so under `auto` every kubelet counts as new enough and native sidecars are on,
    // unlike the `default` revision that injected these pods.
    let (code, out) = audit(&env, &["-n", &ns, "--watch-cluster", "-o", "json"])?;
    let report: Value = serde_json::from_str(&out).map_err(|e| format!("{e}: {out}"))?;
    // The proxy moves to `initContainers`: the status annotation says so first (the
    // overridden pod's record of its override, before it).
    let moved = report["pods"].as_array().is_some_and(|pods| {
        pods.len() == 4
            && pods.iter().all(|p| {
                let needle: Value = p["needle"]
                    .as_str()
                    .and_then(|s| serde_json::from_str(s).ok())
                    .unwrap_or_default();
                let proxy_in_init = needle["initContainers"].as_array().is_some_and(|l| {
                    l.iter()
                        .any(|c| c == "istio-proxy" || c["name"] == "istio-proxy")
                });
                let field = p["field"].as_str().unwrap_or_default();
                p["result"] == "different"
                    && proxy_in_init
                    && match p["name"].as_str() {
                        Some("override") => {
                            field == "metadata.annotations['proxy.istio.io/overrides']"
                        }
                        _ => field == "metadata.annotations['sidecar.istio.io/status']",
                    }
            })
    });
    if code != 1 || !moved {
        return Err(format!("--watch-cluster, no nodes: exit {code}: {out}"));
    }

    // An edited template of Istio's, rendered as Istio renders it: every pod differs, at the
    // argument the edit changed.
    let istio_config = corpus_dir().join("istio-inject/rendered/default/config.yaml");
    let text = std::fs::read_to_string(&istio_config).map_err(|e| e.to_string())?;
    let edited = text.replace("--proxyLogLevel=%s", "--proxyLogLevel=debug-%s");
    if edited == text {
        return Err("the edit found nothing to change".into());
    }
    let edited_path = env.write_scratch(&format!("{ns}-edited-config.yaml"), &edited);
    let edited_path = edited_path.display().to_string();
    let (code, out) = audit(
        &env,
        &[
            "-n",
            &ns,
            "-l",
            "!sidecar.istio.io/inject",
            "-o",
            "json",
            "--templates",
            "config",
            "--injectConfigFile",
            &edited_path,
        ],
    )?;
    let report: Value = serde_json::from_str(&out).map_err(|e| format!("{e}: {out}"))?;
    let pods = report["pods"].as_array().cloned().unwrap_or_default();
    if code != 1 || pods.len() != 4 || report["notInjectedBefore"] != 0 {
        return Err(format!("edited template: exit {code}: {out}"));
    }
    for p in &pods {
        let field = p["field"].as_str().unwrap_or_default();
        let needle = p["needle"].as_str().unwrap_or_default();
        if p["result"] != "different"
            || !field.starts_with("spec.containers[istio-proxy].args[")
            || !needle.starts_with("--proxyLogLevel=debug-")
        {
            return Err(format!("edited template: {p}"));
        }
    }
    Ok(())
}

/// The flags that make needle answer as `release` with its chart's default ConfigMaps.
fn release_flags(release: &str) -> Vec<String> {
    let cfg = corpus_dir()
        .join("istio-releases")
        .join(release)
        .join("cfg");
    let file = |name: &str| cfg.join(name).display().to_string();
    vec![
        "--injectConfigFile".into(),
        file("config.yaml"),
        "--valuesFile".into(),
        file("values.json"),
        "--meshConfigFile".into(),
        file("mesh.yaml"),
        "--istio-release".into(),
        release.into(),
    ]
}

/// The `canary` server answers as Istio 1.28.10 for the scenario and as before afterwards.
async fn upgrade_preview(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    stop(rev).await;
    let flags = release_flags("1.28.10");
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let server = rev.spawn_server(&flags);
    server.wait_ready();
    *rev.server.lock().await = Some(server);
    let outcome = preview_steps(&env).await;
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn preview_steps(env: &Env) -> Outcome {
    let ns = env
        .namespace("upgrade", json!({"istio.io/rev": "canary"}))
        .await;
    for p in [
        pod("plain", json!({}), json!({})),
        injected_pods().remove(3),
    ] {
        let stored = env.create_pod(&ns, p, false).await?;
        if status_revision(&stored).as_deref() != Some("canary") {
            return Err(format!("not injected by canary: {stored}"));
        }
    }
    let audit_as = |release: &str| {
        let mut args = vec!["-n", ns.as_str(), "--revision", "canary", "-o", "json"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>();
        args.extend(release_flags(release));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        audit(env, &args)
    };
    // With the ConfigMaps that injected them: the same.
    let (code, out) = audit_as("1.28.10")?;
    let report: Value = serde_json::from_str(&out).map_err(|e| format!("{e}: {out}"))?;
    let pods = report["pods"].as_array().cloned().unwrap_or_default();
    if code != 0 || pods.len() != 2 || pods.iter().any(|p| p["result"] != "same") {
        return Err(format!("1.28.10 on its own pods: exit {code}: {out}"));
    }
    // 1.29.6's sidecar template gives the proxy's resource env vars a divisor: each pod is
    // reported with it.
    let (code, out) = audit_as("1.29.6")?;
    let report: Value = serde_json::from_str(&out).map_err(|e| format!("{e}: {out}"))?;
    let pods = report["pods"].as_array().cloned().unwrap_or_default();
    let divisor = |p: &Value| {
        let field = p["field"].as_str().unwrap_or_default();
        p["result"] == "different"
            && field.starts_with("spec.containers[istio-proxy].env[")
            && field.ends_with("valueFrom.resourceFieldRef.divisor")
            && p["needle"] == "1"
    };
    if code != 1 || pods.len() != 2 || !pods.iter().all(divisor) {
        return Err(format!("1.29.6 on 1.28.10's pods: exit {code}: {out}"));
    }
    Ok(())
}
