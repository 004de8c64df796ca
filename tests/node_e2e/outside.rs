//! `needle check-inject` and `needle audit` run from outside the cluster (the admin's
//! kubeconfig, as a platform engineer runs them) about pods the chart's needle admitted: each
//! must say what the stored pod got. A Deployment's pod in an `istio-injection=enabled`
//! namespace with a ProxyConfig (injected, native sidecar: kubelet 1.34) and a pod that opts
//! out with its label (not injected).

use crate::world::World;
use crate::{Outcome, Scenario, scenario};
use serde_json::json;
use std::process::Command;
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "outside: check-inject --explain and audit agree with what the pods got",
        outside
    )]
}

async fn outside(world: Arc<World>) -> Outcome {
    let ns = world
        .namespace("outside", json!({"istio-injection": "enabled"}))
        .await?;
    crate::workloads::proxy_config(&world, &ns).await?;
    let web = crate::workloads::run(&world, &ns, "web", json!({})).await?;
    let opted_out = json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "opted-out", "labels": {"sidecar.istio.io/inject": "false"}},
        "spec": {"containers": [{"name": "app", "image": crate::workloads::APP_IMAGE}]}});
    let opted_out = world.create_pod(&ns, &opted_out, false).await?;

    for pod in [&web, &opted_out] {
        let name = format!(
            "{}.{ns}",
            pod["metadata"]["name"].as_str().unwrap_or_default()
        );
        let injected = pod["spec"].to_string().contains("\"istio-proxy\"");
        let said = needle(&["check-inject", &name, "--explain"])?;
        let (mark, decision) = if injected {
            ("✔", "decision: injected")
        } else {
            ("✘", "EXPLAIN no injection webhook selects the pod")
        };
        let row = said
            .lines()
            .find(|l| l.starts_with("istio-sidecar-injector "))
            .unwrap_or_default();
        if !row.contains(mark) || !said.contains(decision) {
            return Err(format!(
                "{name} (injected: {injected}): check-inject said\n{said}"
            ));
        }
        if injected && !said.contains("native:   on") {
            return Err(format!(
                "{name} got a native sidecar, check-inject said\n{said}"
            ));
        }
    }

    // As the server answers: the chart's ConfigMaps, the ProxyConfig and the Node.
    let audit = needle(&[
        "audit",
        "-n",
        &ns,
        "--injector-configmap",
        "istio-system/needle-injector",
        "--mesh-configmap",
        "istio-system/needle-mesh",
        "--watch-cluster",
    ])?;
    let want = "audit: 1 pods of revision default (Istio 86c9f01): 1 same, 0 different, 0 not injected now, 0 denied; 1 pods without an injection not audited";
    if !audit.lines().any(|l| l == want) {
        return Err(format!("audit said\n{audit}\nwant the line {want}"));
    }
    Ok(())
}

/// The needle binary with these arguments and the node's kubeconfig (`KUBECONFIG`), as a
/// user runs it: its stdout, or why it failed.
pub fn needle(args: &[&str]) -> Result<String, String> {
    let (out, stdout) = needle_run(args)?;
    if !out.status.success() {
        return Err(format!(
            "needle {args:?} failed ({}): {stdout}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(stdout)
}

/// Run the needle binary however it exits: its output, and its standard output as text.
pub fn needle_run(args: &[&str]) -> Result<(std::process::Output, String), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_needle"))
        .args(args)
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .output()
        .map_err(|e| format!("needle {args:?}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    Ok((out, stdout))
}
