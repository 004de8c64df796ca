//! `needle serve`: flags and environment, then the server.

use super::args::ConfigFileArgs;
use crate::core::inject::replicas::Bounds;
use crate::kube::ClusterArgs;
use crate::kube::configmaps::{ConfigMapRef, ConfigMapSource};
use crate::kube::events::PodRef;
use crate::server::listener::ConnectionLimits;
use crate::server::state::LimitSettings;
use crate::server::{self, RevisionOptions, ServeOptions};
use anyhow::{Result, anyhow};
use clap::{Args, ValueEnum};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// HTTPS address for /inject.
    #[arg(long, env = "NEEDLE_LISTEN", default_value = "0.0.0.0:15017")]
    pub listen: SocketAddr,
    /// Plain-HTTP address for /live, /ready and /metrics.
    #[arg(
        long = "admin-listen",
        env = "NEEDLE_ADMIN_LISTEN",
        default_value = "0.0.0.0:15014"
    )]
    pub admin_listen: SocketAddr,
    /// Serving certificate (PEM); reloaded when it changes.
    #[arg(
        long = "tls-cert-file",
        env = "NEEDLE_TLS_CERT_FILE",
        requires = "tls_key_file"
    )]
    pub tls_cert_file: Option<PathBuf>,
    /// Private key of the serving certificate (PEM).
    #[arg(
        long = "tls-key-file",
        env = "NEEDLE_TLS_KEY_FILE",
        requires = "tls_cert_file"
    )]
    pub tls_key_file: Option<PathBuf>,
    /// Where the development certificate is generated when no certificate files are given.
    #[arg(long = "cert-dir", env = "NEEDLE_CERT_DIR", default_value = "certs")]
    pub cert_dir: PathBuf,
    #[command(flatten)]
    pub config: ConfigFileArgs,
    /// Directory holding `config` and `values`, as istiod mounts the istio-sidecar-injector ConfigMap.
    #[arg(long = "inject-config-dir", env = "NEEDLE_INJECT_CONFIG_DIR", conflicts_with_all = ["inject_config_file", "values_file"])]
    pub inject_config_dir: Option<PathBuf>,
    /// Read the istio-sidecar-injector ConfigMap (keys `config` and `values`) through the API
    /// and follow its changes, as istiod does: NAMESPACE/NAME. Instead of the files.
    #[arg(long = "injector-configmap", env = "NEEDLE_INJECTOR_CONFIGMAP", conflicts_with_all = ["inject_config_file", "values_file", "inject_config_dir"])]
    pub injector_configmap: Option<ConfigMapRef>,
    /// Read the istio ConfigMap (key `mesh`) through the API and follow its changes:
    /// NAMESPACE/NAME. Instead of the file.
    #[arg(
        long = "mesh-configmap",
        env = "NEEDLE_MESH_CONFIGMAP",
        conflicts_with = "mesh_config_file"
    )]
    pub mesh_configmap: Option<ConfigMapRef>,
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Read the cluster as istiod does: ProxyConfig resources, Nodes (for native sidecars
    /// when ENABLE_NATIVE_SIDECARS is unset or `auto`) and, with PLATFORM=openshift,
    /// Namespaces. Not ready until each has been listed once.
    #[arg(long = "watch-cluster", env = "NEEDLE_WATCH_CLUSTER")]
    pub watch_cluster: bool,
    /// Keep `caBundle` of the injector entries (`*sidecar-injector.istio.io`) of the
    /// MutatingWebhookConfigurations labelled `istio.io/rev=<revision>` (tags included), and
    /// of every entry of the ValidatingWebhookConfigurations so labelled, equal to the serving
    /// certificate's CA, as istiod's patchers do; a validator entry set `Ignore` becomes `Fail`
    /// once needle is seen to answer (see `--keep-validator-failure-policy`).
    #[arg(long = "patch-webhooks", env = "NEEDLE_PATCH_WEBHOOKS")]
    pub patch_webhooks: bool,
    /// With `--patch-webhooks`: the values fix the failurePolicy of the revision's validators
    /// (GitOps), so only their caBundle is kept; without it an entry installed `Ignore` is
    /// flipped to `Fail` once needle is seen to deny a dry-run Gateway through the apiserver.
    #[arg(
        long = "keep-validator-failure-policy",
        env = "NEEDLE_KEEP_VALIDATOR_FAILURE_POLICY",
        requires = "patch_webhooks"
    )]
    pub keep_validator_failure_policy: bool,
    /// The CA (PEM) of `--tls-cert-file` that `--patch-webhooks` writes as caBundle; default
    /// `ca.crt` in the certificate's directory. Watched and followed like the certificate.
    #[arg(
        long = "ca-file",
        env = "NEEDLE_CA_FILE",
        requires_all = ["patch_webhooks", "tls_cert_file"]
    )]
    pub ca_file: Option<PathBuf>,
    /// needle's own pod, as the downward API names it: with a cluster client (`--watch-cluster`,
    /// `--patch-webhooks` or a ConfigMap source), each rejected configuration is written as a
    /// Warning Event on it (reason `InjectorConfigRejected`).
    #[arg(long = "pod-name", env = "POD_NAME")]
    pub pod_name: Option<String>,
    /// The namespace of `--pod-name`.
    #[arg(long = "pod-namespace", env = "POD_NAMESPACE")]
    pub pod_namespace: Option<String>,
    /// Control plane revision written into injected pods; `default` is the default revision.
    #[arg(long, env = "REVISION", default_value = "default")]
    pub revision: String,
    /// Serve several revisions, each with its own ConfigMaps (or files), Istio release,
    /// templates and tags, listed in this YAML file (see docs/serve.md): `/rev/<name>/inject`
    /// and `/rev/<name>/validate` answer for one, plain `/inject` for the first, plain
    /// `/validate` for the one each object's `istio.io/rev` selects. Instead of `--revision`
    /// and the configuration flags; `--hub`, `--tag` and `--templates` apply to each.
    #[arg(long = "revisions", env = "NEEDLE_REVISIONS", value_name = "FILE", conflicts_with_all = [
        "revision", "inject_config_file", "values_file", "mesh_config_file", "istio_release",
        "inject_config_dir", "injector_configmap", "mesh_configmap",
    ])]
    pub revisions: Option<PathBuf>,
    /// Deadline for one admission request, below the webhook's timeout: from its first body
    /// byte to its answer (reading, decoding, waiting for a permit, the work).
    #[arg(long = "request-timeout", env = "NEEDLE_REQUEST_TIMEOUT", default_value = "5s", value_parser = parse_duration)]
    pub request_timeout: Duration,
    /// On SIGTERM, go on serving this long (with `/ready` failing) before closing the
    /// listening sockets: the time for the Service's endpoints to drop the pod everywhere, so
    /// no new connection reaches a closed port. A second signal, or SIGINT, ends it at once.
    #[arg(long = "shutdown-delay", env = "NEEDLE_SHUTDOWN_DELAY", default_value = "0s", value_parser = parse_duration)]
    pub shutdown_delay: Duration,
    /// How long SIGTERM waits for requests in flight.
    #[arg(long = "drain-timeout", env = "NEEDLE_DRAIN_TIMEOUT", default_value = "20s", value_parser = parse_duration)]
    pub drain_timeout: Duration,
    /// Reviews worked on at once (default: the number of CPUs), small ones (up to 64 KiB, on
    /// the async workers) and large ones (on the blocking pool) counted apart, so a small one
    /// never waits behind a large one; more wait, up to the request timeout.
    #[arg(long = "max-in-flight", env = "NEEDLE_MAX_IN_FLIGHT")]
    pub max_in_flight: Option<usize>,
    /// A connection that has not finished its TLS handshake by then is closed.
    #[arg(long = "tls-handshake-timeout", env = "NEEDLE_TLS_HANDSHAKE_TIMEOUT", default_value = "10s", value_parser = parse_duration)]
    pub tls_handshake_timeout: Duration,
    /// A request's headers must arrive within this of the handshake (first request) or of
    /// their first bytes (later ones); an HTTP/2 connection's preface and first request too.
    #[arg(long = "header-read-timeout", env = "NEEDLE_HEADER_READ_TIMEOUT", default_value = "10s", value_parser = parse_duration)]
    pub header_read_timeout: Duration,
    /// A connection with no request for this long is closed (gracefully: HTTP/2 GOAWAY).
    #[arg(long = "idle-timeout", env = "NEEDLE_IDLE_TIMEOUT", default_value = "120s", value_parser = parse_duration)]
    pub idle_timeout: Duration,
    /// Connections open at once on the webhook port; past it new connections wait in the
    /// listen backlog until one closes.
    #[arg(long = "max-connections", env = "NEEDLE_MAX_CONNECTIONS", default_value = "512", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: u32,
    /// How often one INFO line sums up the admissions since the last (counts per endpoint,
    /// decision and reason, latency); none when there were none. `0s`: never. Each
    /// admission's own line is DEBUG (`NEEDLE_LOG=debug`), a timeout or overload denial WARN.
    #[arg(long = "log-summary-interval", env = "NEEDLE_LOG_SUMMARY_INTERVAL", default_value = "60s", value_parser = parse_duration)]
    pub log_summary_interval: Duration,
    /// Memory budget of the requests in flight, in body bytes all together (default 6 MiB,
    /// the largest body, which keeps the server under about 300 MiB); a request waits for
    /// room up to the request timeout, then is refused as overloaded. A body larger than
    /// the whole budget waits for all of it.
    #[arg(long = "max-in-flight-bytes", env = "NEEDLE_MAX_IN_FLIGHT_BYTES")]
    pub max_in_flight_bytes: Option<usize>,
    /// Answers the replica cache keeps (replicas of one workload get the first one's patch;
    /// least recently used dropped first). `0` turns the cache off.
    #[arg(long = "replica-cache-entries", env = "NEEDLE_REPLICA_CACHE_ENTRIES", default_value_t = Bounds::default().entries)]
    pub replica_cache_entries: usize,
    /// Bytes the replica cache's answers (each patch, and the base64 of it that responses
    /// carry) and keys may take together (default 8 MiB).
    #[arg(long = "replica-cache-bytes", env = "NEEDLE_REPLICA_CACHE_BYTES", default_value_t = Bounds::default().bytes)]
    pub replica_cache_bytes: usize,
    #[arg(
        long = "log-format",
        env = "NEEDLE_LOG_FORMAT",
        value_enum,
        default_value = "text"
    )]
    pub log_format: LogFormat,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// A Go duration (`500ms`, `5s`, `2m`), as istiod flags take them.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let nanos = crate::core::compat::gofmt::parse_go_duration(s)?;
    u64::try_from(nanos)
        .map(Duration::from_nanos)
        .map_err(|_| format!("invalid duration {s:?}: must not be negative"))
}

/// INFO, but for the cluster client's ERROR line per failed request: each failure needle
/// acts on is said once by needle (a watch down, a patch retried), and while the apiserver is
/// away the client's lines would repeat at every retry. `NEEDLE_LOG` replaces the whole filter.
const DEFAULT_LOG_FILTER: &str = "info,kube_client::client::builder=off";

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("NEEDLE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER));
    // Colours only for a terminal: a log file or a collector gets plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .init(),
    }
}

pub fn run(args: ServeArgs) -> Result<()> {
    init_logging(args.log_format);
    let mut config = args.config.paths();
    if let Some(dir) = &args.inject_config_dir {
        config = config.with_injector_dir(dir);
    }
    let revisions = match &args.revisions {
        Some(file) => super::revisions::read(file, &config).map_err(|e| anyhow!(e))?,
        None => vec![RevisionOptions {
            name: args.revision.clone(),
            config,
            configmaps: ConfigMapSource {
                injector: args.injector_configmap,
                mesh: args.mesh_configmap,
            },
            tags: Vec::new(),
        }],
    };
    let defaults = LimitSettings::default();
    let limits = LimitSettings {
        max_in_flight: args.max_in_flight.unwrap_or(defaults.max_in_flight).max(1),
        max_in_flight_bytes: args
            .max_in_flight_bytes
            .unwrap_or(defaults.max_in_flight_bytes)
            .max(1),
        request_timeout: args.request_timeout,
        replica_cache: Bounds {
            entries: args.replica_cache_entries,
            bytes: args.replica_cache_bytes,
        },
    };
    let opts = ServeOptions {
        listen: args.listen,
        admin_listen: args.admin_listen,
        tls_files: args.tls_cert_file.zip(args.tls_key_file),
        cert_dir: args.cert_dir,
        revisions,
        cluster: args.cluster,
        watch_cluster: args.watch_cluster,
        patch_webhooks: args.patch_webhooks,
        keep_validator_failure_policy: args.keep_validator_failure_policy,
        pod: args
            .pod_name
            .zip(args.pod_namespace)
            .map(|(name, namespace)| PodRef { name, namespace }),
        ca_file: args.ca_file,
        inject: crate::cli::args::injector_settings(&args.revision),
        limits,
        shutdown_delay: args.shutdown_delay,
        drain_timeout: args.drain_timeout,
        connections: ConnectionLimits {
            tls_handshake_timeout: args.tls_handshake_timeout,
            header_read_timeout: args.header_read_timeout,
            idle_timeout: args.idle_timeout,
            max_connections: args.max_connections,
        },
        log_summary_interval: args.log_summary_interval,
    };
    // Large requests are worked on the blocking pool, behind the same limit: it needs no more
    // threads than requests may be worked on at once.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(limits.max_in_flight)
        .build()?;
    let result = runtime.block_on(server::run(opts));
    // The watches and timers are tasks that never end by themselves: they are dropped here,
    // and a blocking task still running (a large review past its deadline) is not waited for
    // past this, so SIGTERM ends the process within the shutdown delay and the drain.
    runtime.shutdown_timeout(SHUTDOWN_GRACE);
    result.map_err(|e| anyhow!(e))
}

/// How long the runtime waits, after the drain, for blocking work still running.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("5s").unwrap(), Duration::from_secs(5));
        assert_eq!(parse_duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
        assert_eq!(parse_duration("1h").unwrap(), Duration::from_secs(3600));
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("x").is_err());
    }
}
