//! `needle audit`: for every injected pod of the cluster (or of `-n`, `-l`), inject it again
//! with needle's config and compare with the pod as stored — the proof, before the webhook is
//! switched over, that needle gives the pods the injector before it gave.

use super::args::ConfigFileArgs;
use crate::core::audit::report::{PodResult, Report};
use crate::core::audit::{audit, injected_revision};
use crate::core::config::proxy_config::resources::ProxyConfigs;
use crate::core::inject::Snapshot;
use crate::core::inject::admit::{Admission, Settings};
use crate::core::inject::native::Nodes;
use crate::kube::ClusterArgs;
use crate::kube::configmaps::{self, ConfigMapRef, ConfigMapSource};
use crate::server::path_params::parse_inject_envs;
use anyhow::{Context, Result, anyhow};
use clap::{Args, ValueEnum};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Audit the pods of this namespace only (default: all namespaces).
    #[arg(short = 'n', long = "namespace")]
    pub namespace: Option<String>,
    /// Audit only the pods this label selector selects (`app=x,tier!=db`).
    #[arg(short = 'l', long = "selector")]
    pub selector: Option<String>,
    #[arg(short = 'o', long = "output", value_enum, default_value = "table")]
    pub output: Output,
    /// The revision needle serves; pods injected by other revisions are counted, not audited.
    #[arg(long, env = "REVISION", default_value = "default")]
    pub revision: String,
    /// The webhook path the injector is called on (`/inject/cluster/c1/net/n1` sets the
    /// proxy's cluster and network, as the webhook configuration's path does).
    #[arg(long = "webhook-path", default_value = "/inject")]
    pub webhook_path: String,
    #[command(flatten)]
    pub config: ConfigFileArgs,
    /// Read the istio-sidecar-injector ConfigMap (`config`, `values`) from the cluster instead
    /// of the files: NAMESPACE/NAME.
    #[arg(long = "injector-configmap", conflicts_with_all = ["inject_config_file", "values_file"])]
    pub injector_configmap: Option<ConfigMapRef>,
    /// Read the istio ConfigMap (`mesh`) from the cluster instead of the file: NAMESPACE/NAME.
    #[arg(long = "mesh-configmap", conflicts_with = "mesh_config_file")]
    pub mesh_configmap: Option<ConfigMapRef>,
    /// Audit as `needle serve --watch-cluster` answers: with the cluster's ProxyConfig
    /// resources, its Nodes (native sidecars when ENABLE_NATIVE_SIDECARS is unset or `auto`)
    /// and, with PLATFORM=openshift, its Namespaces, each listed once.
    #[arg(long = "watch-cluster", env = "NEEDLE_WATCH_CLUSTER")]
    pub watch_cluster: bool,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Output {
    Table,
    Json,
}

/// Exit 0 when every audited pod is the same, 1 when one is not, 2 when the audit could not run.
pub fn run(args: &AuditArgs) -> ExitCode {
    let result = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the runtime")
        .and_then(|runtime| runtime.block_on(audit_cluster(args)));
    let report = match result {
        Ok(report) => report,
        Err(e) => {
            eprintln!("error: {e:#}");
            return ExitCode::from(2);
        }
    };
    let text = match args.output {
        Output::Table => report.table() + &report.summary(),
        Output::Json => report.json(),
    };
    let mut stdout = std::io::stdout();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        eprintln!("error: cannot write to stdout: {e}");
        return ExitCode::from(2);
    }
    if report.all_same() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

async fn audit_cluster(args: &AuditArgs) -> Result<Report> {
    let client = args.cluster.client().await?;
    let source = ConfigMapSource {
        injector: args.injector_configmap.clone(),
        mesh: args.mesh_configmap.clone(),
    };
    let files = args.config.paths();
    let snapshot = if source.is_empty() {
        files.load()
    } else {
        configmaps::load_once(&client, &source, &files).await
    }
    .map_err(|e| anyhow!(e))
    .context("loading the injector configuration")?;
    let settings = crate::cli::args::injector_settings(&args.revision);
    let (mut nodes, mut namespaces, mut proxy_configs) = (None, None, None);
    if args.watch_cluster {
        let listed = crate::kube::proxy_configs::list(client.clone()).await;
        proxy_configs = Some(listed.context("listing ProxyConfig resources")?);
    }
    if args.watch_cluster && settings.native_sidecars.needs_nodes() {
        nodes = Some(
            crate::kube::nodes::list(client.clone())
                .await
                .context("listing nodes")?,
        );
    }
    if args.watch_cluster && settings.openshift {
        let listed = crate::kube::namespaces::list(client.clone()).await;
        namespaces = Some(listed.context("listing namespaces")?);
    }
    let auditor = Auditor {
        snapshot,
        settings,
        proxy_envs: parse_inject_envs(&args.webhook_path),
        nodes,
        namespaces,
        proxy_configs,
    };
    let mut report = Report::new(&args.revision, auditor.snapshot.release.release);
    crate::kube::audit::for_each_pod(
        &client,
        args.namespace.as_deref(),
        args.selector.as_deref(),
        |pod| auditor.pod(&pod, &mut report),
    )
    .await
    .context("listing pods")?;
    Ok(report)
}

struct Auditor {
    snapshot: Snapshot,
    settings: Settings,
    proxy_envs: BTreeMap<String, String>,
    nodes: Option<Nodes>,
    /// Name and annotations of every namespace (OpenShift's UID ranges).
    namespaces: Option<BTreeMap<String, Value>>,
    proxy_configs: Option<ProxyConfigs>,
}

impl Auditor {
    fn pod(&self, pod: &Value, report: &mut Report) {
        let Some(revision) = injected_revision(pod) else {
            report.skip_uninjected();
            return;
        };
        if !same_revision(&revision, &self.settings.revision) {
            report.skip_other_revision(&revision);
            return;
        }
        let text = |key: &str| {
            pod.pointer(&format!("/metadata/{key}"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let namespace = text("namespace");
        // As the server: a namespace it does not know still counts as OpenShift's.
        static NOT_FOUND: Value = Value::Null;
        let admission = Admission {
            nodes: self.nodes.as_ref(),
            proxy_configs: self.proxy_configs.as_ref(),
            openshift_namespace: self
                .namespaces
                .as_ref()
                .map(|all| all.get(&namespace).unwrap_or(&NOT_FOUND)),
            ..Admission::webhook(Cow::Borrowed(pod), &namespace, &self.proxy_envs)
        };
        let verdict = audit(&self.snapshot, &self.settings, &admission);
        report.add(PodResult {
            name: text("name"),
            namespace,
            revision,
            verdict,
        });
    }
}

/// "" and `default` both name the default revision.
fn same_revision(a: &str, b: &str) -> bool {
    let norm = |r: &str| if r.is_empty() { "default" } else { r }.to_string();
    norm(a) == norm(b)
}
