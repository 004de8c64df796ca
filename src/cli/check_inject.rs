//! `needle check-inject`: would the pod be injected, by which webhook, and why not; as
//! `istioctl x check-inject` (the same table and messages), from a live cluster or from files.
//! `--explain` then runs the admission function the server runs, for the pod and each webhook
//! that would send it to an injector, and prints that answer.

use super::args::{ConfigFileArgs, ProxyConfigFileArgs};
use crate::core::compat::kubectl::{self, Target};
use crate::core::compat::selector::{Labels, equality_labels};
use crate::core::compat::yaml;
use crate::core::config::Snapshot;
use crate::core::config::proxy_config::resources::ProxyConfigs;
use crate::core::inject::admit::{Admission, Settings, admit};
use crate::core::inject::native::Nodes;
use crate::core::inject::select::string_map;
use crate::core::inject::webhooks::{self, WebhookVerdict};
use crate::core::inject::workload::read_document;
use crate::kube::ClusterArgs;
use crate::kube::check_inject as live;
use crate::server::path_params::parse_inject_envs;
use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};

const USAGE_ERROR: &str = "check-inject requires only [<resource-type>/]<resource-name>[.<namespace>], or specify labels flag";

#[derive(Debug, Args)]
pub struct CheckInjectArgs {
    /// `[<type>/]<name>[.<namespace>]`: a pod, or a deployment, replicaset, statefulset,
    /// daemonset, job, replicationcontroller or service (its first pod).
    #[arg(value_name = "[<type>/]<name>[.<namespace>]")]
    pub target: Vec<String>,
    /// The namespace (default: the kubeconfig context's; with --pod-file or, for -l,
    /// --namespace-file, `default`).
    #[arg(short = 'n', long = "namespace")]
    pub namespace: Option<String>,
    /// Check these pod labels (`k=v,k2=v2`) in the namespace instead of an existing pod.
    #[arg(short = 'l', long = "labels", default_value = "")]
    pub labels: String,
    /// Read the MutatingWebhookConfigurations from this file instead of the cluster.
    #[arg(long = "webhooks", value_name = "FILE")]
    pub webhooks: Option<PathBuf>,
    /// Read the namespace from this file (Namespace objects) instead of the cluster.
    #[arg(long = "namespace-file", value_name = "FILE")]
    pub namespace_file: Option<PathBuf>,
    /// Find the pod (or workload) in this file instead of the cluster.
    #[arg(long = "pod-file", value_name = "FILE")]
    pub pod_file: Option<PathBuf>,
    /// Also print what needle's injector would answer for the pod (decision, reason, label).
    #[arg(long = "explain")]
    pub explain: bool,
    #[command(flatten)]
    pub config: ConfigFileArgs,
    /// (`--explain`) ProxyConfig resources, as for kube-inject.
    #[command(flatten)]
    pub proxy_configs: ProxyConfigFileArgs,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

pub fn run(args: &CheckInjectArgs) -> Result<()> {
    if args.target.is_empty() && args.labels.is_empty() || args.target.len() > 1 {
        let mut command = <super::Cli as clap::CommandFactory>::command();
        command.build();
        let usage = command
            .find_subcommand_mut("check-inject")
            .map(|c| c.render_usage().to_string())
            .unwrap_or_default();
        eprintln!("{usage}\n");
        bail!(USAGE_ERROR);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    let output = runtime.block_on(check(args))?;
    let mut stdout = std::io::stdout();
    stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
        .context("cannot write to stdout")
}

async fn check(args: &CheckInjectArgs) -> Result<String> {
    let mut cluster = Cluster::new(&args.cluster);
    let (pod, namespace) = match args.target.first() {
        Some(arg) => find_pod(args, arg, &mut cluster).await?,
        None => {
            let labels = equality_labels(&args.labels)?;
            let namespace = match &args.namespace {
                Some(ns) => ns.clone(),
                None if args.namespace_file.is_some() => "default".into(),
                None => cluster.client().await?.default_namespace().to_string(),
            };
            (labels_only_pod(&labels, &namespace), namespace)
        }
    };
    let ns_object = match &args.namespace_file {
        Some(file) => namespace_in_file(file, &namespace)?,
        None => live::namespace(cluster.client().await?, &namespace).await?,
    };
    let configs = match &args.webhooks {
        Some(file) => read_objects(file)?
            .into_iter()
            .filter(|o| o["kind"] == "MutatingWebhookConfiguration")
            .collect(),
        None => live::webhook_configurations(cluster.client().await?).await?,
    };
    let pod_labels = string_map(pod.pointer("/metadata/labels"));
    let ns_labels = string_map(ns_object.pointer("/metadata/labels"));
    let verdicts = webhooks::analyze(&configs, &pod_labels, &ns_labels);
    let mut out = webhooks::report(&verdicts);
    if args.explain {
        let snapshot = args.config.paths().load().map_err(|e| anyhow!(e))?;
        // Like istioctl, the nodes are read when there is a cluster client; offline only
        // the environment decides (`auto` is then off).
        let nodes = match &cluster.client {
            Some(client) if Settings::from_env("").native_sidecars.needs_nodes() => Some(
                live::nodes(client)
                    .await
                    .context("listing the cluster's nodes for ENABLE_NATIVE_SIDECARS=auto")?,
            ),
            _ => None,
        };
        let proxy_configs = args.proxy_configs.load()?;
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&explain(
            &snapshot,
            proxy_configs.as_ref(),
            &verdicts,
            &pod,
            &namespace,
            nodes.as_ref(),
        ));
    }
    Ok(out)
}

/// The cluster client, made only when an input is read from the cluster.
struct Cluster<'a> {
    args: &'a ClusterArgs,
    client: Option<kube::Client>,
}

impl<'a> Cluster<'a> {
    fn new(args: &'a ClusterArgs) -> Self {
        Self { args, client: None }
    }

    async fn client(&mut self) -> Result<&kube::Client> {
        if self.client.is_none() {
            // The client error already carries its cause; printed once.
            let client = self.args.client().await.map_err(|e| {
                anyhow!(
                    "check-inject reads the cluster for every input not given as a file \
                     (--webhooks, --namespace-file, --pod-file): {e}"
                )
            })?;
            self.client = Some(client);
        }
        Ok(self.client.as_ref().expect("just set"))
    }
}

/// The pod the argument names, and its namespace.
async fn find_pod(
    args: &CheckInjectArgs,
    arg: &str,
    cluster: &mut Cluster<'_>,
) -> Result<(Value, String)> {
    if let Some(file) = &args.pod_file {
        let (resname, suffix_ns) = kubectl::split_namespace(arg, "");
        let asked = Some(suffix_ns)
            .filter(|n| !n.is_empty())
            .or_else(|| args.namespace.clone());
        let target = Target::parse(&resname, asked.as_deref().unwrap_or("default"))
            .map_err(|e| anyhow!(e))?;
        let objects = read_objects(file)?;
        let pod = kubectl::pod_among(&objects, &target, asked.as_deref(), "default")
            .map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let namespace = pod["metadata"]["namespace"]
            .as_str()
            .unwrap_or("default")
            .to_string();
        return Ok((pod, namespace));
    }
    let client = cluster.client().await?;
    let default_ns = args
        .namespace
        .clone()
        .unwrap_or_else(|| client.default_namespace().to_string());
    let (resname, namespace) = kubectl::split_namespace(arg, &default_ns);
    let target = Target::parse(&resname, &namespace).map_err(|e| anyhow!(e))?;
    let pod = live::pod(client, &target, &namespace).await?;
    Ok((pod, namespace))
}

/// The pod `-l` describes: those labels, no annotations, one plain container (so that
/// `--explain` can run the injection; selection reads only labels, annotations and spec).
fn labels_only_pod(labels: &Labels, namespace: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"namespace": namespace, "labels": labels},
        "spec": {"containers": [{"name": "app", "image": "app"}]}})
}

/// Every object of a YAML (or JSON) file of one or more documents; `List` items are flattened,
/// so `kubectl get -o yaml` output reads as its objects.
fn read_objects(file: &Path) -> Result<Vec<Value>> {
    let name = file.display();
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {name}"))?;
    let mut objects = Vec::new();
    for (index, doc) in yaml::split_documents(&text).into_iter().enumerate() {
        let at = || {
            format!(
                "{name}: document {index} (starting at line {})",
                doc.first_line
            )
        };
        let value = read_document(doc.text).map_err(|e| anyhow!("{}: {e}", at()))?;
        if !value.is_object() {
            bail!("{}: expected a Kubernetes object", at());
        }
        match value.get("items") {
            Some(Value::Array(items)) if str_kind(&value).ends_with("List") => {
                objects.extend(items.iter().cloned());
            }
            _ => objects.push(value),
        }
    }
    Ok(objects)
}

fn str_kind(v: &Value) -> &str {
    v["kind"].as_str().unwrap_or_default()
}

/// The Namespace `name` of a file, with the `kubernetes.io/metadata.name` label the apiserver
/// gives every namespace (Istio's `auto.` webhook selects on it).
fn namespace_in_file(file: &Path, name: &str) -> Result<Value> {
    let mut ns = read_objects(file)?
        .into_iter()
        .find(|o| o["kind"] == "Namespace" && o["metadata"]["name"] == name)
        .ok_or_else(|| anyhow!("{}: no Namespace {name:?}", file.display()))?;
    if !ns["metadata"]["labels"].is_object() {
        ns["metadata"]["labels"] = json!({});
    }
    let labels = ns["metadata"]["labels"].as_object_mut().expect("just set");
    labels
        .entry("kubernetes.io/metadata.name")
        .or_insert_with(|| json!(name));
    Ok(ns)
}

/// For each webhook that would send the pod to an injector, the injector's answer, from the
/// same admission function, `Reason` and label the server logs and returns.
fn explain(
    snapshot: &Snapshot,
    proxy_configs: Option<&ProxyConfigs>,
    verdicts: &[WebhookVerdict],
    pod: &Value,
    namespace: &str,
    nodes: Option<&Nodes>,
) -> String {
    let injecting: Vec<&WebhookVerdict> = verdicts.iter().filter(|v| v.injected).collect();
    if injecting.is_empty() {
        return "EXPLAIN no injection webhook selects the pod: the apiserver creates it \
                without calling an injector, so it is not injected\n"
            .into();
    }
    let mut out = String::new();
    for verdict in injecting {
        let entry = verdict.entry.as_ref().unwrap_or(&Value::Null);
        let envs = parse_inject_envs(&webhook_path(entry));
        let settings = Settings::from_env(&verdict.revision);
        let admission = Admission {
            nodes,
            proxy_configs,
            ..Admission::webhook(Cow::Borrowed(pod), namespace, &envs)
        };
        let native = admission.native_sidecars(&settings);
        let decision = admit(snapshot, &settings, admission);
        let entry_name = entry["name"].as_str().unwrap_or_default();
        out.push_str(&format!(
            "EXPLAIN {} (revision {}, entry {entry_name}):\n  decision: {}\n  reason:   {}\n  label:    {}\n  native:   {}\n",
            verdict.name,
            verdict.revision,
            decision.name(),
            decision.reason(),
            decision.reason().label(),
            native,
        ));
    }
    out
}

/// The path the apiserver posts to: the service's `path`, or the URL's.
fn webhook_path(entry: &Value) -> String {
    let config = &entry["clientConfig"];
    if let Some(path) = config.pointer("/service/path").and_then(Value::as_str) {
        return path.to_string();
    }
    let url = config["url"].as_str().unwrap_or_default();
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    after_scheme
        .find('/')
        .map_or(String::new(), |i| after_scheme[i..].to_string())
}
