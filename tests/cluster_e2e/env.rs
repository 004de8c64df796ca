//! The world the scenarios run in: a real control plane, Istio's CRDs, `needle serve`
//! processes (one per revision) and the webhook configurations of Istio's chart pointed at
//! them, plus the client calls the scenarios share.

use crate::common::cluster::Cluster;
use crate::common::golden_cases::corpus_dir;
use crate::common::server::{Server, TempDir, free_port, temp_dir};
use k8s_openapi::api::core::v1::{Namespace, Pod, ServiceAccount};
use kube::api::{Api, DeleteParams, DynamicObject, PostParams};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Mutex;

/// A revision of needle: its server process and what the webhooks need to reach it.
pub struct Revision {
    pub name: &'static str,
    pub server: Mutex<Option<Server>>,
    /// Its certificates and log; removed after the server (declared before it) is stopped.
    pub dir: TempDir,
    pub port: u16,
    pub env: Vec<(&'static str, &'static str)>,
}

impl Revision {
    pub fn url(&self, path: &str) -> String {
        format!("https://127.0.0.1:{}{path}", self.port)
    }
    pub fn ca_pem(&self) -> String {
        std::fs::read_to_string(self.dir.join("certs/ca.pem")).unwrap()
    }
}

pub struct Env {
    pub cluster: Cluster,
    pub client: kube::Client,
    pub revisions: Vec<Revision>,
    /// Istio's kinds by `kind`: their API group, version and plural, from the CRDs.
    pub kinds: BTreeMap<String, ApiResource>,
    names: AtomicUsize,
    /// Where the scenarios write files for `needle kube-inject`.
    scratch: TempDir,
}

impl Env {
    pub async fn new() -> Env {
        let cluster = Cluster::start().await;
        let client = cluster.client().await;
        let kinds = crate::common::crds::install_crds(&client).await;
        let revisions = vec![
            start_revision("default", &[]),
            start_revision("canary", &[]),
            start_revision("native", &[("ENABLE_NATIVE_SIDECARS", "true")]),
        ];
        let env = Env {
            cluster,
            client,
            revisions,
            kinds,
            names: AtomicUsize::new(0),
            scratch: temp_dir("e2e-scratch"),
        };
        for rev in &env.revisions {
            env.apply_injector_webhooks(rev, "Fail", 10).await;
        }
        // There is no controller manager to give kube-system its ServiceAccount.
        let sa: ServiceAccount =
            serde_json::from_value(json!({"metadata": {"name": "default"}})).unwrap();
        Api::<ServiceAccount>::namespaced(env.client.clone(), "kube-system")
            .create(&PostParams::default(), &sa)
            .await
            .unwrap();
        env.apply_validator_webhooks().await;
        env
    }

    pub fn revision(&self, name: &str) -> &Revision {
        self.revisions.iter().find(|r| r.name == name).unwrap()
    }

    /// A file the scenarios give `needle` (a kube-inject input, a config).
    pub fn write_scratch(&self, name: &str, text: &str) -> PathBuf {
        let path = self.scratch.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// A name no other scenario uses.
    pub fn unique(&self, prefix: &str) -> String {
        format!("{prefix}-{}", self.names.fetch_add(1, Ordering::Relaxed))
    }

    /// A namespace with these labels, and its `default` ServiceAccount (there is no
    /// controller manager to create it).
    pub async fn namespace(&self, prefix: &str, labels: Value) -> String {
        let name = self.unique(prefix);
        let ns: Namespace =
            serde_json::from_value(json!({"metadata": {"name": name, "labels": labels}})).unwrap();
        Api::<Namespace>::all(self.client.clone())
            .create(&PostParams::default(), &ns)
            .await
            .unwrap();
        let sa: ServiceAccount =
            serde_json::from_value(json!({"metadata": {"name": "default"}})).unwrap();
        Api::<ServiceAccount>::namespaced(self.client.clone(), &name)
            .create(&PostParams::default(), &sa)
            .await
            .unwrap();
        name
    }

    /// Create a pod (a JSON manifest); the stored pod as JSON, or the apiserver's refusal.
    pub async fn create_pod(&self, ns: &str, pod: Value, dry_run: bool) -> Result<Value, String> {
        crate::common::cluster::create_pod(&self.client, ns, &pod, dry_run).await
    }

    pub async fn pod_exists(&self, ns: &str, name: &str) -> bool {
        Api::<Pod>::namespaced(self.client.clone(), ns)
            .get_opt(name)
            .await
            .unwrap()
            .is_some()
    }

    /// Create (or, with `dry_run`, try) an Istio resource of the dataset.
    pub async fn create_resource(
        &self,
        doc: &Value,
        ns: &str,
        dry_run: bool,
    ) -> Result<(), String> {
        crate::common::crds::create_resource(&self.client, &self.kinds, doc, ns, dry_run).await
    }

    /// The MutatingWebhookConfiguration of Istio's chart for a revision (the corpus's
    /// `istio-webhooks/default.yaml` or `revision-canary.yaml`; `native` is `canary`'s
    /// renamed), each entry's `service` replaced by the URL of that revision's server.
    pub async fn apply_injector_webhooks(
        &self,
        rev: &Revision,
        failure_policy: &str,
        timeout: u32,
    ) {
        self.apply_injector_webhooks_trusting(rev, failure_policy, timeout, &rev.ca_pem())
            .await;
    }

    /// The revision's injector webhooks (failurePolicy Fail) trusting `ca_bundle`.
    pub async fn set_ca_bundle(&self, rev: &Revision, ca_bundle: &str) {
        self.apply_injector_webhooks_trusting(rev, "Fail", 10, ca_bundle)
            .await;
    }

    async fn apply_injector_webhooks_trusting(
        &self,
        rev: &Revision,
        failure_policy: &str,
        timeout: u32,
        ca_bundle: &str,
    ) {
        let mut config = injector_webhooks(rev.name);
        let name = config["metadata"]["name"].as_str().unwrap().to_string();
        for hook in config["webhooks"].as_array_mut().unwrap() {
            hook["clientConfig"] =
                json!({"url": rev.url("/inject"), "caBundle": base64(ca_bundle)});
            hook["failurePolicy"] = json!(failure_policy);
            hook["timeoutSeconds"] = json!(timeout);
        }
        apply(&self.client, "mutatingwebhookconfigurations", &name, config).await;
    }

    /// Istio's validating webhook for the default revision, pointed at needle, with
    /// `failurePolicy: Fail` (istiod flips it so once ready), and beside it an entry for
    /// objects that carry no revision, as Istio's base chart's default validator has.
    pub async fn apply_validator_webhooks(&self) {
        let ca = self.revision("default").ca_pem();
        self.apply_validator_webhooks_trusting(&ca).await;
    }

    /// `apply_validator_webhooks` with this caBundle (a CA rotation's steps).
    pub async fn apply_validator_webhooks_trusting(&self, ca_bundle: &str) {
        let rev = self.revision("default");
        let mut config = webhook_document("default.yaml", "ValidatingWebhookConfiguration");
        let name = config["metadata"]["name"].as_str().unwrap().to_string();
        let mut hooks = config["webhooks"].as_array().unwrap().clone();
        let mut unlabelled = hooks[0].clone();
        unlabelled["name"] = json!("validation.istio.io");
        unlabelled["objectSelector"] =
            json!({"matchExpressions": [{"key": "istio.io/rev", "operator": "DoesNotExist"}]});
        hooks.push(unlabelled);
        for hook in &mut hooks {
            hook["clientConfig"] =
                json!({"url": rev.url("/validate"), "caBundle": base64(ca_bundle)});
            hook["failurePolicy"] = json!("Fail");
        }
        config["webhooks"] = json!(hooks);
        apply(
            &self.client,
            "validatingwebhookconfigurations",
            &name,
            config,
        )
        .await;
    }

    /// The apiserver's own metrics text.
    pub async fn apiserver_metrics(&self) -> String {
        let request = axum::http::Request::get("/metrics")
            .body(Vec::new())
            .unwrap();
        self.client.request_text(request).await.unwrap()
    }

    pub async fn delete_pod(&self, ns: &str, name: &str) {
        let _ = Api::<Pod>::namespaced(self.client.clone(), ns)
            .delete(name, &DeleteParams::default())
            .await;
    }
}

fn start_revision(name: &'static str, env: &[(&'static str, &'static str)]) -> Revision {
    let dir = temp_dir(&format!("e2e-needle-{name}"));
    let mut rev = Revision {
        name,
        server: Mutex::new(None),
        dir,
        port: 0,
        env: env.to_vec(),
    };
    let server = rev.start_server();
    rev.port = server.webhook.port();
    rev.server = Mutex::new(Some(server));
    rev
}

impl Revision {
    /// The revision's server replaced by one with `extra` flags and `env`, once it is ready:
    /// its admin address and its log. The scenario restores the usual one with
    /// `failures::stop` and `failures::start`.
    pub async fn serve_with(
        &self,
        extra: &[&str],
        env: &[(&str, &str)],
    ) -> Result<(std::net::SocketAddr, PathBuf), String> {
        crate::failures::stop(self).await;
        let server = self.spawn_server_with(extra, env);
        let (admin, log) = (server.admin, server.log.clone());
        *self.server.lock().await = Some(server);
        crate::configmaps::wait_for(|| crate::configmaps::ready(admin).is_ok())
            .await
            .map_err(|_| {
                format!(
                    "not ready with {extra:?}: {:?}",
                    crate::configmaps::ready(admin)
                )
            })?;
        Ok((admin, log))
    }

    /// `needle serve` for this revision, on its port (a fresh one the first time).
    pub fn start_server(&self) -> Server {
        let server = self.spawn_server(&[]);
        server.wait_ready();
        server
    }

    /// `needle serve` for this revision with extra flags, not waiting for readiness.
    pub fn spawn_server(&self, extra: &[&str]) -> Server {
        self.spawn_server_with(extra, &[])
    }

    /// `spawn_server`, with environment variables beside the revision's own.
    pub fn spawn_server_with(&self, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let certs = self.dir.join("certs").display().to_string();
        let mut args = vec!["--cert-dir", &certs, "--revision", self.name];
        args.extend_from_slice(extra);
        let port = if self.port == 0 {
            free_port()
        } else {
            self.port
        };
        let mut vars: Vec<(&str, &str)> = self.env.clone();
        vars.extend_from_slice(env);
        Server::spawn_on(&self.dir, port, &args, &vars)
    }
}

fn webhook_document(file: &str, kind: &str) -> Value {
    let path = corpus_dir().join("istio-webhooks").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    crate::common::yaml_documents(&text)
        .into_iter()
        .find(|d| d["kind"] == kind)
        .unwrap_or_else(|| panic!("{}: no {kind}", path.display()))
}

fn injector_webhooks(revision: &str) -> Value {
    match revision {
        "default" => webhook_document("default.yaml", "MutatingWebhookConfiguration"),
        other => {
            let mut config =
                webhook_document("revision-canary.yaml", "MutatingWebhookConfiguration");
            let text = serde_json::to_string(&config)
                .unwrap()
                .replace("canary", other);
            config = serde_json::from_str(&text).unwrap();
            config
        }
    }
}

pub fn base64(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// Create or replace a cluster-scoped admissionregistration object.
async fn apply(client: &kube::Client, plural: &str, name: &str, mut object: Value) {
    let gvk = GroupVersionKind::gvk(
        "admissionregistration.k8s.io",
        "v1",
        object["kind"].as_str().unwrap(),
    );
    let resource = ApiResource::from_gvk_with_plural(&gvk, plural);
    let api = Api::<DynamicObject>::all_with(client.clone(), &resource);
    if let Some(existing) = api.get_opt(name).await.unwrap() {
        object["metadata"]["resourceVersion"] = json!(existing.metadata.resource_version);
        let object: DynamicObject = serde_json::from_value(object).unwrap();
        api.replace(name, &PostParams::default(), &object)
            .await
            .unwrap();
    } else {
        let object: DynamicObject = serde_json::from_value(object).unwrap();
        api.create(&PostParams::default(), &object).await.unwrap();
    }
}

pub fn needle_binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_needle"))
}
