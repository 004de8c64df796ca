//! `needle check-inject`: would the pod be injected, by which webhook, and why not; as
//! `istioctl x check-inject` (the same table and messages), from a live cluster or from files.
//! `--explain` then judges every entry of those webhooks as the apiserver does (rules,
//! selectors, matchConditions) and, for each entry the apiserver would call, runs the
//! admission function the server runs and prints that answer.

use super::args::{ConfigFileArgs, ProxyConfigFileArgs};
use crate::core::compat::kubectl::{self, Target};
use crate::core::compat::selector::string_map;
use crate::core::compat::selector::{Labels, equality_labels};
use crate::core::compat::yaml;
use crate::core::config::proxy_config::resources::ProxyConfigs;
use crate::core::inject::Snapshot;
use crate::core::inject::admit::{Admission, admit};
use crate::core::inject::native::Nodes;
use crate::core::inject::webhook_call::{self, Call, PodCreate};
use crate::core::inject::webhooks::{self, WebhookVerdict};
use crate::core::inject::workload::read_document;
use crate::core::label::Labelled;
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
    /// Also judge every entry as the apiserver does (rules, selectors, matchConditions) and
    /// print what needle's injector would answer for each one it calls (decision, reason, label).
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
            Some(client)
                if crate::cli::args::injector_settings("")
                    .native_sidecars
                    .needs_nodes() =>
            {
                Some(
                    live::nodes(client)
                        .await
                        .context("listing the cluster's nodes for ENABLE_NATIVE_SIDECARS=auto")?,
                )
            }
            _ => None,
        };
        let proxy_configs = args.proxy_configs.load()?;
        if !out.ends_with('\n') {
            out.push('\n');
        }
        let injector = Injector {
            snapshot: &snapshot,
            proxy_configs: proxy_configs.as_ref(),
            nodes: nodes.as_ref(),
        };
        let create = PodCreate {
            pod: &pod,
            namespace: &namespace,
            namespace_labels: &ns_labels,
            pod_labels: &pod_labels,
        };
        out.push_str(&explain(&injector, &configs, &verdicts, &create));
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

/// What `--explain` needs beside the request: the injector's configuration and the cluster
/// data the server would have.
struct Injector<'a> {
    snapshot: &'a Snapshot,
    proxy_configs: Option<&'a ProxyConfigs>,
    nodes: Option<&'a Nodes>,
}

/// How the entries of the injection webhooks came out, for the closing line.
#[derive(Default)]
struct Tally {
    called: usize,
    rejected: usize,
    unknown: usize,
}

/// For every entry of every injection webhook configuration (those of the table), what the
/// apiserver does with the pod CREATE, judged as the apiserver judges it; for each entry it
/// calls, the injector's answer from the same admission function, `Reason` and label the
/// server logs and returns. Where the table (istioctl's reading) says otherwise, a line says
/// so; an entry needle cannot judge offline is named, never counted either way.
fn explain(
    injector: &Injector,
    configs: &[Value],
    verdicts: &[WebhookVerdict],
    create: &PodCreate,
) -> String {
    let mut out = String::new();
    let mut tally = Tally::default();
    // `verdicts` are the table's rows: one per injector configuration, in the same order.
    for (config, verdict) in webhooks::injectors(configs).into_iter().zip(verdicts) {
        for entry in webhooks::entries(config) {
            let by_table = verdict.entry.as_ref() == Some(entry);
            let call = webhook_call::judge(entry, create);
            out.push_str(&explain_entry(
                injector, verdict, entry, by_table, &call, create,
            ));
            match call {
                Call::Calls => tally.called += 1,
                Call::Rejects(_) => tally.rejected += 1,
                Call::Unknown(_) => tally.unknown += 1,
                Call::Skips(_) => {}
            }
        }
    }
    match tally {
        Tally {
            called: 0,
            rejected: 0,
            unknown: 0,
        } => out.push_str(
            "EXPLAIN no injection webhook selects the pod: the apiserver creates it \
             without calling an injector, so it is not injected\n",
        ),
        Tally {
            called: 0,
            rejected: 0,
            ..
        } => out.push_str("EXPLAIN no other injection webhook selects the pod\n"),
        _ => {}
    }
    out
}

/// The lines for one entry: the injector's answer when the apiserver calls it, the reason
/// when it cannot be judged or refuses the pod, and where the table's row disagrees.
fn explain_entry(
    injector: &Injector,
    verdict: &WebhookVerdict,
    entry: &Value,
    by_table: bool,
    call: &Call,
    create: &PodCreate,
) -> String {
    let name = &verdict.name;
    let entry_name = entry["name"].as_str().unwrap_or_default();
    let table = if by_table {
        "; the table's ✔ follows istioctl, which reads only the selectors"
    } else {
        ""
    };
    match call {
        Call::Calls if by_table => decide(injector, verdict, entry, create),
        Call::Calls => {
            let said = match &verdict.entry {
                Some(named) => format!(
                    "the table names entry {} only (it follows istioctl, which names the first \
                     entry that decides)",
                    named["name"].as_str().unwrap_or_default()
                ),
                None => "the table's ✘ follows istioctl".into(),
            };
            format!(
                "EXPLAIN {name}: {said}, but the apiserver calls entry {entry_name}: its rules, \
                 selectors and matchConditions all match this pod CREATE\n{}",
                decide(injector, verdict, entry, create)
            )
        }
        Call::Skips(why) if by_table => format!(
            "EXPLAIN {name}: the table's ✔ follows istioctl, but the apiserver does not \
             call entry {entry_name}: {why}\n"
        ),
        Call::Skips(_) => String::new(),
        Call::Rejects(why) => format!(
            "EXPLAIN {name} (entry {entry_name}): the apiserver refuses to create the pod: \
             {why}{table}\n"
        ),
        Call::Unknown(why) => format!(
            "EXPLAIN {name} (entry {entry_name}): cannot tell offline whether the apiserver \
             calls it: {why}{table}\n"
        ),
    }
}

/// The injector's answer for the pod sent through `entry`.
fn decide(
    injector: &Injector,
    verdict: &WebhookVerdict,
    entry: &Value,
    create: &PodCreate,
) -> String {
    let envs = parse_inject_envs(&webhook_path(entry));
    let settings = crate::cli::args::injector_settings(&verdict.revision);
    let admission = Admission {
        nodes: injector.nodes,
        proxy_configs: injector.proxy_configs,
        ..Admission::webhook(Cow::Borrowed(create.pod), create.namespace, &envs)
    };
    let native = admission.native_sidecars(&settings);
    let decision = admit(injector.snapshot, &settings, admission);
    let entry_name = entry["name"].as_str().unwrap_or_default();
    format!(
        "EXPLAIN {} (revision {}, entry {entry_name}):\n  decision: {}\n  reason:   {}\n  label:    {}\n  native:   {}\n  release:  {}\n",
        verdict.name,
        verdict.revision,
        decision.name(),
        decision.reason(),
        decision.reason().label(),
        native,
        injector.snapshot.release.describe(),
    )
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
