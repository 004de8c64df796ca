//! `needle serve`: the HTTPS admission server and its plain-HTTP admin port.

pub mod activity;
pub mod admin;
pub mod admission;
pub mod bounded;
pub mod budget;
pub mod cache_metrics;
pub mod connection;
pub mod devcert;
pub mod expiry;
pub mod inject;
pub mod listener;
pub mod metrics;
pub mod path_params;
pub mod process_metrics;
pub mod review;
pub mod revisions;
pub mod router;
pub mod state;
pub mod summary;
pub mod tls;
pub mod validate;

use crate::core::inject::admit::Settings;
use crate::core::inject::native::NativeMode;
use crate::core::inject::snapshot;
use crate::kube::configmaps::{self, ConfigMapSource};
use crate::kube::events::{self, PodRef};
use crate::kube::proxy_configs;
use crate::kube::validator_patcher::ValidatorPatcher;
use crate::kube::webhook_patcher::Patcher;
use crate::kube::{ClientError, ClusterArgs};
use crate::kube::{namespaces, nodes};
use crate::sources::live::ConfigMetrics;
use crate::sources::watch::{self, WatchError};
use crate::sources::{ConfigPaths, Live};
use revisions::{Revisions, Served};
use state::{AppState, LimitSettings};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tls::ReloadingResolver;
use tokio::net::TcpListener;
use tokio::sync::watch as signal_watch;

/// Everything `needle serve` needs; the CLI fills it from flags and environment.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub listen: SocketAddr,
    pub admin_listen: SocketAddr,
    /// Serving certificate and key; without them a development pair is generated in `cert_dir`.
    pub tls_files: Option<(PathBuf, PathBuf)>,
    pub cert_dir: PathBuf,
    /// The revisions served, the first one plain `/inject`'s; never empty.
    pub revisions: Vec<RevisionOptions>,
    /// The cluster those ConfigMaps are read from and the webhooks are patched in.
    pub cluster: ClusterArgs,
    /// Watch the cluster objects the injector reads (ProxyConfigs, Nodes, Namespaces).
    pub watch_cluster: bool,
    /// Keep the caBundle of the revision's injector webhooks and validators equal to the
    /// serving CA, and flip its validators to fail closed once needle answers.
    pub patch_webhooks: bool,
    /// The values fix the validators' failurePolicy: patch only their caBundle.
    pub keep_validator_failure_policy: bool,
    /// needle's own pod, for the Events of rejected configurations.
    pub pod: Option<PodRef>,
    /// The serving certificate's CA (PEM), for `patch_webhooks` with `tls_files`; default
    /// `ca.crt` beside the certificate, as a cert-manager or `kubernetes.io/tls` Secret has it.
    pub ca_file: Option<PathBuf>,
    /// The injector's settings, the same for every revision but its name.
    pub inject: Settings,
    pub limits: LimitSettings,
    /// After SIGTERM, how long to go on serving (not ready) before the drain.
    pub shutdown_delay: Duration,
    pub drain_timeout: Duration,
    /// Timeouts and the connection cap of the webhook port; the admin port has the same
    /// timeouts and `ADMIN_MAX_CONNECTIONS`.
    pub connections: listener::ConnectionLimits,
    /// How often the INFO line summing up the admissions is logged; zero: never.
    pub log_summary_interval: Duration,
}

/// One revision: its name, where its configuration comes from, and its tags.
#[derive(Debug, Clone)]
pub struct RevisionOptions {
    pub name: String,
    pub config: ConfigPaths,
    /// Istio's ConfigMaps to read through the API instead of the corresponding files.
    pub configmaps: ConfigMapSource,
    pub tags: Vec<String>,
}

/// The admin port serves probes and scrapes, a few connections at a time; its own cap keeps
/// a flood there from taking the webhook's descriptors (and the webhook's from taking its).
const ADMIN_MAX_CONNECTIONS: u32 = 64;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    DevCert(#[from] devcert::DevCertError),
    #[error(transparent)]
    Certificate(#[from] tls::CertError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error(transparent)]
    Watch(#[from] WatchError),
    #[error("reaching the cluster: {0}")]
    Cluster(#[from] ClientError),
    #[error(
        "--patch-webhooks: no CA to patch in: {0} does not exist (give the serving certificate's CA with --ca-file)"
    )]
    NoCaFile(PathBuf),
    #[error("the drain timeout ({0:?}) cut requests still in flight")]
    DrainCut(Duration),
}

/// Run until SIGTERM or SIGINT; then drain and return.
pub async fn run(opts: ServeOptions) -> Result<(), ServeError> {
    let config_metrics = ConfigMetrics::default();
    let served = opts.revisions.iter().map(|revision| Served {
        live: first_load(revision, &config_metrics),
        settings: Settings {
            revision: revision.name.clone(),
            ..opts.inject.clone()
        },
        tags: revision.tags.clone(),
    });
    let revisions = Revisions::new(served.collect());
    let state = Arc::new(AppState::with_revisions(
        revisions,
        config_metrics,
        opts.limits,
    ));

    let (cert_path, key_path, ca_path) = match &opts.tls_files {
        Some((cert, key)) => {
            let beside = cert
                .parent()
                .unwrap_or(std::path::Path::new("."))
                .join("ca.crt");
            let ca = opts.ca_file.clone().unwrap_or(beside);
            (cert.clone(), key.clone(), ca)
        }
        None => {
            let hosts = devcert::default_hosts("needle", "istio-system");
            let (paths, fresh) = devcert::ensure(&opts.cert_dir, &hosts)?;
            let verb = if fresh { "generated" } else { "reusing" };
            eprintln!(
                "needle: {verb} a development certificate; use {} as the webhook caBundle",
                paths.ca.display()
            );
            (paths.cert, paths.key, paths.ca)
        }
    };
    if opts.patch_webhooks && !ca_path.exists() {
        return Err(ServeError::NoCaFile(ca_path));
    }
    let certificate = tls::load_certified_key(&cert_path, &key_path)?;
    state.metrics.serving_certificate(&certificate);
    let resolver = Arc::new(ReloadingResolver::new(certificate));
    state.set_certificate_loaded();
    let tls_config = Arc::new(tls::server_config(resolver.clone())?);

    let from_configmaps = opts.revisions.iter().any(|r| !r.configmaps.is_empty());
    let client = if !from_configmaps && !opts.patch_webhooks && !opts.watch_cluster {
        None
    } else {
        Some(opts.cluster.client().await?)
    };
    if let Some(client) = client.as_ref().filter(|_| opts.watch_cluster) {
        watch_cluster_objects(client, &state);
    }
    if let (Some(client), Some(pod)) = (&client, &opts.pod) {
        let (rejections, rejected) = tokio::sync::mpsc::unbounded_channel();
        for served in state.revisions.iter() {
            served.live.report_rejections_to(rejections.clone());
        }
        tokio::spawn(events::report_rejections(
            client.clone(),
            pod.clone(),
            rejected,
        ));
    }
    warn_about_cluster_view(&opts);
    // Files given beside a ConfigMap are read again whenever a ConfigMap changes.
    let mut _config_watches = Vec::new();
    for revision in &opts.revisions {
        match &client {
            Some(client) if !revision.configmaps.is_empty() => {
                let apply_state = state.clone();
                let name = revision.name.clone();
                tokio::spawn(configmaps::watch(
                    client.clone(),
                    revision.configmaps.clone(),
                    revision.config.clone(),
                    Arc::new(move |loaded| apply_state.live(&name).apply("configmap", loaded)),
                    state.metrics.watches.clone(),
                ));
            }
            _ => _config_watches.extend(watch_config(revision, state.clone())?),
        }
    }
    if let Some(client) = client.clone().filter(|_| opts.watch_cluster) {
        state.caches.expect("ProxyConfig");
        let (publish_state, synced_state) = (state.clone(), state.clone());
        tokio::spawn(proxy_configs::watch(
            client,
            move |set| publish_state.proxy_configs.store(Some(Arc::new(set))),
            move || synced_state.caches.synced("ProxyConfig"),
            state.metrics.watches.health("ProxyConfig"),
        ));
    }
    // The patcher reads the CA again whenever the certificate files change.
    let (ca_changed, ca_watched) = signal_watch::channel(());
    let mut cert_dirs = vec![cert_path.clone(), key_path.clone()];
    if let Some(client) = client.filter(|_| opts.patch_webhooks) {
        cert_dirs.push(ca_path.clone());
        // Each revision's webhook configurations, as each istiod patches its own.
        for revision in &opts.revisions {
            tokio::spawn(
                ValidatorPatcher::new(
                    client.clone(),
                    revision.name.clone(),
                    ca_path.clone(),
                    ca_watched.clone(),
                    opts.keep_validator_failure_policy,
                    state.metrics.validator_patch.clone(),
                    state.metrics.watches.clone(),
                )
                .run(),
            );
            tokio::spawn(
                Patcher {
                    client: client.clone(),
                    revision: revision.name.clone(),
                    ca_file: ca_path.clone(),
                    ca_changed: ca_watched.clone(),
                    metrics: state.metrics.webhook_patch.clone(),
                    watches: state.metrics.watches.clone(),
                }
                .run(),
            );
        }
    }
    let _cert_watch = watch_certificate(
        &cert_dirs,
        cert_path,
        key_path,
        resolver,
        state.clone(),
        ca_changed,
    )?;

    if !opts.log_summary_interval.is_zero() {
        let summary = state.summary.clone();
        tokio::spawn(async move { summary.report_every(opts.log_summary_interval).await });
    }
    let webhook = bind(opts.listen).await?;
    let admin = bind(opts.admin_listen).await?;
    tracing::info!(webhook = %local(&webhook), admin = %local(&admin), "needle serving");
    warn_if_descriptors_run_out_first(opts.connections.max_connections);

    let (stop_tx, stop_rx) = signal_watch::channel(false);
    let connection_metrics = &state.metrics.connections;
    let webhook_task = tokio::spawn(listener::serve(
        webhook,
        listener::Endpoint {
            name: "webhook",
            tls: Some(tls_config),
            app: router::webhook_router(state.clone()),
            limits: opts.connections,
            metrics: connection_metrics.listener("webhook"),
        },
        stop_rx.clone(),
        opts.drain_timeout,
    ));
    let admin_task = tokio::spawn(listener::serve(
        admin,
        listener::Endpoint {
            name: "admin",
            tls: None,
            app: admin::admin_router(state.clone()),
            limits: listener::ConnectionLimits {
                max_connections: ADMIN_MAX_CONNECTIONS,
                ..opts.connections
            },
            metrics: connection_metrics.listener("admin"),
        },
        stop_rx,
        opts.drain_timeout,
    ));
    if wait_for_signal().await == Signal::Term && !opts.shutdown_delay.is_zero() {
        state.set_shutting_down();
        tracing::info!(delay = ?opts.shutdown_delay, "SIGTERM: serving on, not ready, until the endpoints drop this pod");
        tokio::select! {
            _ = tokio::time::sleep(opts.shutdown_delay) => {}
            _ = wait_for_signal() => tracing::info!("second signal: shutting down now"),
        }
    }
    tracing::info!(drain = ?opts.drain_timeout, "shutting down: no new connections, finishing requests in flight");
    let _ = stop_tx.send(true);
    let (webhook, admin) = tokio::join!(webhook_task, admin_task);
    if webhook.unwrap_or(false) && admin.unwrap_or(false) {
        Ok(())
    } else {
        Err(ServeError::DrainCut(opts.drain_timeout))
    }
}

/// The caches `--watch-cluster` keeps for admissions: Nodes when native sidecars are `auto`,
/// Namespaces on OpenShift (istiod's informers). The server is not ready until each listed.
fn watch_cluster_objects(client: &kube::Client, state: &Arc<AppState>) {
    let settings = &state.revisions.primary().settings;
    if settings.native_sidecars.needs_nodes() {
        state.caches.expect("Node");
        let synced = state.clone();
        tokio::spawn(nodes::watch(
            client.clone(),
            state.nodes.clone(),
            state.metrics.watches.health("Node"),
            move || synced.caches.synced("Node"),
        ));
    }
    if settings.openshift {
        state.caches.expect("Namespace");
        let synced = state.clone();
        tokio::spawn(namespaces::watch(
            client.clone(),
            state.namespaces.clone(),
            state.metrics.watches.health("Namespace"),
            move || synced.caches.synced("Namespace"),
        ));
    }
}

/// Said once at start-up: a native-sidecar mode istiod does not know, `auto` with no node
/// view (every pod is then injected without native sidecars), OpenShift with no namespaces.
fn warn_about_cluster_view(opts: &ServeOptions) {
    match &opts.inject.native_sidecars {
        NativeMode::Unknown(value) => tracing::warn!(
            value,
            "unknown value for ENABLE_NATIVE_SIDECARS (true, false or auto); native sidecars are off"
        ),
        NativeMode::Auto if !opts.watch_cluster => tracing::warn!(
            "ENABLE_NATIVE_SIDECARS is auto but needle does not watch the cluster's nodes \
             (--watch-cluster): native sidecars are off"
        ),
        _ => {}
    }
    if opts.inject.openshift && !opts.watch_cluster {
        tracing::warn!(
            "PLATFORM=openshift but needle does not watch the cluster's namespaces \
             (--watch-cluster): proxies run as 1337, not in the namespace's UID range"
        );
    }
}

/// The connection caps only hold back a flood if descriptors last until they are reached;
/// Rust, unlike Go, does not raise the soft limit, and containers often have 1024.
fn warn_if_descriptors_run_out_first(max_connections: u32) {
    // Besides connections: the runtime, the watches, the log, the listening sockets.
    const OTHER_DESCRIPTORS: i64 = 64;
    let connections = i64::from(max_connections) + i64::from(ADMIN_MAX_CONNECTIONS);
    if let Some(limit) = process_metrics::max_open_files()
        && connections + OTHER_DESCRIPTORS > limit
    {
        tracing::warn!(
            max_connections,
            admin_max_connections = ADMIN_MAX_CONNECTIONS,
            open_files_limit = limit,
            "the open-file limit is below the connection caps: accepts will fail (out of descriptors) before the caps apply; raise the limit or lower --max-connections"
        );
    }
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Listen { addr, source })
}

fn local(l: &TcpListener) -> String {
    l.local_addr().map(|a| a.to_string()).unwrap_or_default()
}

/// The revision's configuration as it loads first: from files, what they hold (a failed load
/// leaves it up and not ready, naming the error, until a good edit: a crash loop would only
/// say it later, on some unrelated restart); from ConfigMaps, nothing until their first good
/// load (readiness says what it waits for, and its requests are refused, so the webhook's
/// failurePolicy decides).
fn first_load(revision: &RevisionOptions, metrics: &ConfigMetrics) -> Live {
    let name = revision.name.as_str();
    if !revision.configmaps.is_empty() {
        let why = revision.configmaps.awaiting();
        return Live::awaiting(name, snapshot::embedded(), why, metrics);
    }
    match revision.config.load() {
        Ok(snapshot) => {
            tracing::info!(
                revision = name,
                istio_release = snapshot.release.describe(),
                fingerprint = snapshot.fingerprint,
                templates = snapshot.template_summary(),
                "injector configuration loaded"
            );
            Live::new(name, snapshot, metrics)
        }
        Err(error) => {
            let live = Live::awaiting(name, snapshot::embedded(), String::new(), metrics);
            live.apply("files", Err(error));
            live
        }
    }
}

/// Follow the revision's configuration files, if it has any.
fn watch_config(
    revision: &RevisionOptions,
    state: Arc<AppState>,
) -> Result<Option<watch::DirWatch>, WatchError> {
    let dirs = revision.config.dirs();
    if dirs.is_empty() {
        return Ok(None);
    }
    let (paths, name) = (revision.config.clone(), revision.name.clone());
    let reload = move || state.live(&name).apply("files", paths.load());
    watch::watch_dirs(&dirs, reload).map(Some)
}

/// Reload the certificate when a file in the directories of `files` changes, and mark
/// `changed` for the caBundle patcher (which checks the CA itself, whatever the reload did).
fn watch_certificate(
    files: &[PathBuf],
    cert: PathBuf,
    key: PathBuf,
    resolver: Arc<ReloadingResolver>,
    state: Arc<AppState>,
    changed: signal_watch::Sender<()>,
) -> Result<watch::DirWatch, WatchError> {
    let mut dirs: Vec<PathBuf> = files
        .iter()
        .map(|p| {
            p.parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."))
                .to_path_buf()
        })
        .collect();
    dirs.sort();
    dirs.dedup();
    watch::watch_dirs(&dirs, move || {
        match tls::load_certified_key(&cert, &key) {
            Ok(k) => {
                state.metrics.serving_certificate(&k);
                resolver.replace(k);
                state.metrics.cert_reload(true);
                tracing::info!("serving certificate reloaded");
            }
            Err(e) => {
                state.metrics.cert_reload(false);
                tracing::error!(error = %e, "serving certificate reload failed; keeping the current certificate");
            }
        }
        changed.send_replace(());
    })
}

#[derive(PartialEq)]
enum Signal {
    Term,
    Int,
}

async fn wait_for_signal() -> Signal {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate()).expect("SIGTERM handler installs");
    tokio::select! {
        _ = term.recv() => Signal::Term,
        _ = tokio::signal::ctrl_c() => Signal::Int,
    }
}
