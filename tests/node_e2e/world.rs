//! The node the scenarios run on, as its admin client sees it (`KUBECONFIG` from
//! `scripts/node.sh`), and the calls the scenarios share.

use k8s_openapi::api::core::v1::{ConfigMap, Namespace, Pod, ServiceAccount};
use kube::api::{Api, ApiResource, ListParams, PostParams};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The namespace the chart is installed in, as the README's `helm install` does.
pub const NEEDLE_NS: &str = "istio-system";

pub struct World {
    pub client: kube::Client,
    /// Istio's kinds by `kind`, from the CRDs installed.
    pub kinds: BTreeMap<String, ApiResource>,
    names: AtomicUsize,
}

impl World {
    pub async fn new() -> World {
        let path = std::env::var("KUBECONFIG").expect("scripts/node.sh sets KUBECONFIG");
        let client = crate::common::cluster::client_of(path.as_ref()).await;
        let kinds = crate::common::crds::install_crds(&client).await;
        World {
            client,
            kinds,
            names: AtomicUsize::new(0),
        }
    }

    /// A name no other scenario uses.
    pub fn unique(&self, prefix: &str) -> String {
        format!("{prefix}-{}", self.names.fetch_add(1, Ordering::Relaxed))
    }

    /// A namespace with these labels, once the controller manager gave it its `default`
    /// ServiceAccount (pods are refused before), and with the `istio-ca-root-cert` ConfigMap
    /// istiod writes into every namespace: injected pods mount it, and until the istiod
    /// scenario installs one there is no istiod here (after it, istiod may write it first).
    pub async fn namespace(&self, prefix: &str, labels: Value) -> Result<String, String> {
        let name = self.unique(prefix);
        let ns: Namespace =
            serde_json::from_value(json!({"metadata": {"name": name, "labels": labels}})).unwrap();
        Api::<Namespace>::all(self.client.clone())
            .create(&PostParams::default(), &ns)
            .await
            .map_err(|e| format!("namespace {name}: {e}"))?;
        let accounts = Api::<ServiceAccount>::namespaced(self.client.clone(), &name);
        wait_until(
            &format!("namespace {name}'s default ServiceAccount"),
            30,
            || async { accounts.get_opt("default").await.ok().flatten().map(|_| ()) },
        )
        .await?;
        let root_cert: ConfigMap = serde_json::from_value(json!({
            "metadata": {"name": "istio-ca-root-cert"},
            "data": {"root-cert.pem": "not read by the stand-in proxy"},
        }))
        .unwrap();
        match Api::<ConfigMap>::namespaced(self.client.clone(), &name)
            .create(&PostParams::default(), &root_cert)
            .await
        {
            Ok(_) => Ok(name),
            Err(kube::Error::Api(e)) if e.code == 409 => Ok(name),
            Err(e) => Err(format!("{name}/istio-ca-root-cert: {e}")),
        }
    }

    /// Create a pod (a JSON manifest): the stored (or, with `dry_run`, the would-be) pod.
    pub async fn create_pod(&self, ns: &str, pod: &Value, dry_run: bool) -> Result<Value, String> {
        crate::common::cluster::create_pod(&self.client, ns, pod, dry_run).await
    }

    /// The pods of a namespace that a label selector picks, as JSON.
    pub async fn pods(&self, ns: &str, selector: &str) -> Result<Vec<Value>, String> {
        Api::<Pod>::namespaced(self.client.clone(), ns)
            .list(&ListParams::default().labels(selector))
            .await
            .map(|list| {
                list.items
                    .into_iter()
                    .map(|p| serde_json::to_value(p).unwrap())
                    .collect()
            })
            .map_err(|e| e.to_string())
    }

    /// Wait until ten dry-run pods in a row come back injected with `text` in their spec: the
    /// Service spreads them over both replicas, so both have the change.
    pub async fn wait_injected_with(
        &self,
        ns: &str,
        text: &str,
        seconds: u64,
    ) -> Result<(), String> {
        let probe = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "probe"},
            "spec": {"containers": [{"name": "app", "image": crate::workloads::APP_IMAGE}]}});
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let (mut in_a_row, mut last) = (0, String::from("no pod created yet"));
        while in_a_row < 10 {
            if Instant::now() > deadline {
                return Err(format!(
                    "{text} not in ten injected pods in a row after {seconds} s; last: {last}"
                ));
            }
            match self.create_pod(ns, &probe, true).await {
                Ok(pod) if pod["spec"].to_string().contains(text) => in_a_row += 1,
                Ok(pod) => {
                    (in_a_row, last) = (0, format!("a pod without it: {}", pod["spec"]));
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => {
                    (in_a_row, last) = (0, format!("dry-run create failed: {e}"));
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }
        }
        Ok(())
    }

    pub async fn apiserver_metrics(&self) -> String {
        let request = axum::http::Request::get("/metrics")
            .body(Vec::new())
            .unwrap();
        self.client.request_text(request).await.unwrap_or_default()
    }
}

/// Poll `check` twice a second until it gives a value, for at most `seconds`.
pub async fn wait_until<T, F, Fut>(what: &str, seconds: u64, mut check: F) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(value) = check().await {
            return Ok(value);
        }
        if Instant::now() > deadline {
            return Err(format!("{what}: not so after {seconds} s"));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Whether a pod is Ready (its `Ready` condition is True).
pub fn is_ready(pod: &Value) -> bool {
    pod["status"]["conditions"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|c| c["type"] == "Ready" && c["status"] == "True")
}

/// The names of a pod's containers of one list (`containers`, `initContainers`).
pub fn container_names(pod: &Value, list: &str) -> Vec<String> {
    pod["spec"][list]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str().map(str::to_string))
        .collect()
}

/// Every container's restart count, summed.
pub fn restarts(pod: &Value) -> u64 {
    ["containerStatuses", "initContainerStatuses"]
        .iter()
        .flat_map(|k| pod["status"][k].as_array().into_iter().flatten())
        .filter_map(|s| s["restartCount"].as_u64())
        .sum()
}
