//! `PLATFORM=openshift` with `--watch-cluster`: the proxy runs with the UID and group ranges
//! OpenShift writes on the pod's Namespace (`openshift.io/sa.scc.*`), read from the apiserver
//! by needle's Namespace watcher, as istiod reads them from its namespace informer.

use crate::common::golden_cases::{CaseSpec, all_istio_inject_cases, openshift_namespace};
use crate::common::golden_https::{self, ServerKey, post_case, server_key};
use crate::common::server::{H1, connector, temp_dir};
use crate::configmaps::{ready, wait_for};
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::api::core::v1::{Namespace, ServiceAccount};
use kube::api::{Api, PostParams};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

const UID_RANGE: &str = "2000100000-2000100999";
const GROUPS: &str = "3000/100,5000/10";

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "OpenShift goldens through needle serve, the Namespace from the apiserver",
            goldens
        ),
        scenario!(
            "OpenShift: the namespace's UID range reaches the pod, a sidecar user copied from the app is reset",
            uid_range
        ),
    ]
}

/// Istio's OpenShift golden cases (the corpus's `platform: openshift`), served by a
/// `needle serve` on each case's settings that reads the cluster, with the Namespace Istio's
/// test has (`test-ns`, its `openshift.io/sa.scc.*` annotations) created in the apiserver.
async fn goldens(env: Arc<Env>) -> Outcome {
    let mut ns = openshift_namespace();
    ns["metadata"]["labels"] = json!({});
    create_namespace(&env, ns).await?;
    let mut groups: BTreeMap<ServerKey, Vec<CaseSpec>> = BTreeMap::new();
    for case in all_istio_inject_cases()
        .into_iter()
        .filter(|c| !c.skip_webhook && c.platform == "openshift")
    {
        groups.entry(server_key(&case)).or_default().push(case);
    }
    if groups.is_empty() {
        return Err("the corpus has no OpenShift webhook cases".into());
    }
    let work = temp_dir("e2e-openshift-goldens");
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    let mut failed = Vec::new();
    let mut passed = 0;
    for (key, cases) in groups {
        let (key, dir, kubeconfig) = (key.clone(), work.to_path_buf(), kubeconfig.clone());
        // Starting waits for readiness, which blocks: off the scenario's worker.
        let server = tokio::task::spawn_blocking(move || {
            golden_https::start(
                &key,
                &dir,
                &["--watch-cluster", "--kubeconfig", &kubeconfig],
                &[("PLATFORM", "openshift")],
            )
        })
        .await
        .map_err(|e| format!("needle serve did not start: {e}"))?;
        let tls = connector(&work.join("certs").join("ca.pem"), false);
        let mut client = H1::connect(&tls, server.webhook)
            .await
            .map_err(|e| e.to_string())?;
        for case in &cases {
            match post_case(&mut client, case).await {
                Ok(()) => passed += 1,
                Err(e) => failed.push(format!("{}:\n      {e}", case.name)),
            }
        }
    }
    println!(
        "     OpenShift goldens: {passed}/{} pass",
        passed + failed.len()
    );
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed.join("\n    "))
    }
}

/// The `canary` server restarted on OpenShift with `--watch-cluster` for the scenario, as
/// before afterwards.
async fn uid_range(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    stop(rev).await;
    *rev.server.lock().await = Some(rev.spawn_server_with(
        &["--watch-cluster", "--kubeconfig", &kubeconfig],
        &[
            ("PLATFORM", "openshift"),
            ("ENABLE_NATIVE_SIDECARS", "false"),
        ],
    ));
    let outcome = uid_range_steps(&env, rev).await;
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn uid_range_steps(env: &Env, rev: &Revision) -> Outcome {
    let admin = rev
        .server
        .lock()
        .await
        .as_ref()
        .expect("just started")
        .admin;
    wait_for(|| ready(admin).is_ok())
        .await
        .map_err(|_| format!("not ready on OpenShift: {:?}", ready(admin)))?;
    let name = env.unique("openshift-apps");
    create_namespace(
        env,
        json!({"metadata": {"name": name, "labels": {"istio.io/rev": "canary"},
            "annotations": {"openshift.io/sa.scc.uid-range": UID_RANGE,
                "openshift.io/sa.scc.supplemental-groups": GROUPS}}}),
    )
    .await?;
    let sa: ServiceAccount =
        serde_json::from_value(json!({"metadata": {"name": "default"}})).unwrap();
    Api::<ServiceAccount>::namespaced(env.client.clone(), &name)
        .create(&PostParams::default(), &sa)
        .await
        .map_err(|e| e.to_string())?;

    // OpenShift gives every container the same user; the proxy's, equal to the app's, is reset.
    let user = json!({"runAsUser": 1000620000});
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "app"},
        "spec": {"automountServiceAccountToken": false, "containers": [
            {"name": "app", "image": "registry.example/app:1", "securityContext": user},
            {"name": "istio-proxy", "image": "auto", "securityContext": user}]}});
    let stored = env.create_pod(&name, pod, false).await?;
    let (uid, gid) = (2000100999_i64, 3099_i64);
    let init_args = container(&stored, "initContainers", "istio-init")["args"].clone();
    let args: Vec<&str> = init_args
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let uid_text = uid.to_string();
    if !args.windows(2).any(|w| w == ["-u", uid_text.as_str()]) {
        return Err(format!("istio-init args without -u {uid}: {args:?}"));
    }
    let proxy = container(&stored, "containers", "istio-proxy");
    let security = &proxy["securityContext"];
    if security["runAsUser"] != uid || security["runAsGroup"] != gid {
        return Err(format!(
            "istio-proxy should run as {uid}:{gid} (the namespace's ranges): {security}"
        ));
    }
    Ok(())
}

fn container<'a>(pod: &'a Value, list: &str, name: &str) -> &'a Value {
    pod["spec"][list]
        .as_array()
        .and_then(|l| l.iter().find(|c| c["name"] == name))
        .unwrap_or(&Value::Null)
}

/// Create a Namespace (JSON).
async fn create_namespace(env: &Env, ns: Value) -> Outcome {
    let object: Namespace = serde_json::from_value(ns).map_err(|e| e.to_string())?;
    Api::<Namespace>::all(env.client.clone())
        .create(&PostParams::default(), &object)
        .await
        .map(|_| ())
        .map_err(|e| format!("creating the namespace: {e}"))
}
