//! The chart's `revisions`: `helm install` of one release for two revisions, `blue` (tag
//! `live`) and `green`, its webhook configurations pointed at a local `needle serve
//! --revisions` on Istio 1.30.3's and 1.31's ConfigMaps (`istiodRemote.injectionURL`, the
//! base URL). Pods of each revision's namespaces, and of the tag's, are injected by that
//! revision; the one validator judges each object as the release of the revision it names;
//! `needle tag` lists the chart's tag, leaves it to helm, and makes a tag of its own that
//! injects as its revision.

use crate::common::chart::{chart_dir, run_helm};
use crate::common::golden_cases::corpus_dir;
use crate::common::pod_load::status_revision;
use crate::common::server::{Server, free_port, temp_dir};
use crate::env::{Env, base64};
use crate::selection::pod;
use crate::tag::needle;
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "chart: revisions, one release for two revisions on 1.30.3's and 1.31's ConfigMaps: each revision's and tag's pods injected by it, each object judged by its revision's release",
        chart_revisions
    )]
}

async fn chart_revisions(env: Arc<Env>) -> Outcome {
    let dir = temp_dir("e2e-chart-revisions");
    let list = dir.join("revisions.yaml");
    let mut served = String::from("revisions:\n");
    for (name, release, tags) in [("blue", "1.30.3", "[live]"), ("green", "1.31", "[]")] {
        let cfg = dir.join(name);
        copy_release(release, &cfg)?;
        served += &format!(
            "- name: {name}\n  istioRelease: \"{release}\"\n  injectConfigDir: {d}\n  meshConfigFile: {d}/mesh\n  tags: {tags}\n",
            d = cfg.display()
        );
    }
    std::fs::write(&list, served).map_err(|e| e.to_string())?;
    let certs = dir.join("certs");
    let port = free_port();
    let args = [
        "--cert-dir",
        certs.to_str().unwrap(),
        "--revisions",
        list.to_str().unwrap(),
    ];
    let server = Server::spawn_on(&dir, port, &args, &[]);
    server.wait_ready();
    let ns = env.namespace("needle-revisions-chart", json!({})).await;
    let outcome = installed(&env, &ns, port, &certs.join("ca.pem"), &dir).await;
    let uninstalled = helm(&env, &["uninstall", "needle-revisions", "--namespace", &ns]);
    drop(server);
    outcome.and(uninstalled.map(|_| ()))
}

fn copy_release(release: &str, to: &Path) -> Outcome {
    let cfg = corpus_dir()
        .join("istio-releases")
        .join(release)
        .join("cfg");
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for (from, name) in [
        ("config.yaml", "config"),
        ("values.json", "values"),
        ("mesh.yaml", "mesh"),
    ] {
        std::fs::copy(cfg.join(from), to.join(name)).map_err(|e| format!("{from}: {e}"))?;
    }
    Ok(())
}

async fn installed(env: &Env, ns: &str, port: u16, ca: &Path, dir: &Path) -> Outcome {
    let ca = base64(&std::fs::read_to_string(ca).map_err(|e| e.to_string())?);
    let values = dir.join("values.yaml");
    let list = "revisions:\n- name: blue\n  istioRelease: \"1.30.3\"\n  tags: [live]\n- name: green\n  istioRelease: \"1.31\"\n";
    std::fs::write(&values, list).map_err(|e| e.to_string())?;
    let base = format!("https://127.0.0.1:{port}");
    let sets = [
        format!("global.istioNamespace={ns}"),
        format!("istiodRemote.injectionURL={base}"),
        format!("istiodRemote.injectionCABundle={ca}"),
        format!("base.validationURL={base}/validate"),
        format!("base.validationCABundle={ca}"),
    ];
    let chart = chart_dir().display().to_string();
    let values = values.display().to_string();
    let mut args = vec![
        "install",
        "needle-revisions",
        chart.as_str(),
        "--namespace",
        ns,
        "-f",
        &values,
    ];
    for set in &sets {
        args.extend(["--set", set.as_str()]);
    }
    helm(env, &args)?;

    // Each revision's namespace, and the tag's, injected by that revision.
    for (label, revision) in [("blue", "blue"), ("green", "green"), ("live", "blue")] {
        let apps = env
            .namespace(&format!("chart-{label}"), json!({"istio.io/rev": label}))
            .await;
        let stored = eventually_injected(env, &apps).await?;
        if status_revision(&stored).as_deref() != Some(revision) {
            return Err(format!(
                "istio.io/rev={label}: want injected by {revision}: {stored}"
            ));
        }
    }
    // Warmup aggression 0.5: 1.30.3 refuses it, 1.31 takes it.
    for (label, refused) in [("blue", true), ("live", true), ("green", false)] {
        let rule = json!({"apiVersion": "networking.istio.io/v1", "kind": "DestinationRule",
            "metadata": {"name": env.unique("gentle"), "namespace": "default", "labels": {"istio.io/rev": label}},
            "spec": {"host": "reviews", "trafficPolicy": {"loadBalancer": {"simple": "ROUND_ROBIN",
                "warmup": {"duration": "60s", "aggression": 0.5}}}}});
        match (env.create_resource(&rule, "default", true).await, refused) {
            (Err(e), true) if e.contains("aggression should be greater than or equal to 1") => {}
            (Ok(()), false) => {}
            (other, _) => {
                return Err(format!(
                    "istio.io/rev={label}: refused {refused} wanted, got {other:?}"
                ));
            }
        }
    }
    tags(env, ns).await
}

/// `needle tag` beside the chart: `list` shows the chart's tag on its revision; `set` and
/// `remove` leave a tag of the chart's values to helm (even with `--overwrite`); a tag of
/// its own made from a revision's configuration points at that revision's path.
async fn tags(env: &Env, ns: &str) -> Outcome {
    let listed = needle(env, &["tag", "list", "-i", ns])?;
    if !listed
        .lines()
        .any(|l| l.split_whitespace().take(2).eq(["live", "blue"]))
    {
        return Err(format!(
            "needle tag list should show live on blue:\n{listed}"
        ));
    }
    let in_chart = format!(
        "revision tag \"live\" belongs to needle's Helm release \"needle-revisions\" (namespace \"{ns}\")"
    );
    for args in [
        &[
            "tag",
            "set",
            "live",
            "--revision",
            "green",
            "--overwrite",
            "-y",
            "-i",
            ns,
        ][..],
        &["tag", "remove", "live", "-y", "-i", ns][..],
    ] {
        match needle(env, args) {
            Err(e) if e.contains(&in_chart) => {}
            other => {
                return Err(format!(
                    "needle {args:?}: want refused ({in_chart}), got {other:?}"
                ));
            }
        }
    }
    needle(
        env,
        &["tag", "set", "extra", "--revision", "green", "-y", "-i", ns],
    )?;
    let apps = env
        .namespace("chart-extra", json!({"istio.io/rev": "extra"}))
        .await;
    let stored = eventually_injected(env, &apps).await?;
    needle(env, &["tag", "remove", "extra", "-y", "-i", ns])?;
    match status_revision(&stored).as_deref() {
        Some("green") => Ok(()),
        _ => Err(format!(
            "istio.io/rev=extra: want injected by green: {stored}"
        )),
    }
}

/// A pod of `ns` as stored, once the chart's webhook configurations are in place (the
/// apiserver picks new ones up within a second or so).
async fn eventually_injected(env: &Env, ns: &str) -> Result<Value, String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let stored = env
            .create_pod(ns, pod(&env.unique("app"), json!({}), json!({})), true)
            .await?;
        if status_revision(&stored).is_some() || Instant::now() > deadline {
            return Ok(stored);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn helm(env: &Env, args: &[&str]) -> Result<String, String> {
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let mut all = vec!["--kubeconfig", &kubeconfig];
    all.extend_from_slice(args);
    run_helm(&all)
}
