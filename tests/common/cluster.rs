//! A real Kubernetes control plane for the cluster tests: etcd and kube-apiserver, built by
//! `scripts/controlplane.sh` from their pinned Go modules, started on free loopback ports
//! with fresh data directories, an admin token and a kubeconfig; stopped (apiserver first)
//! when dropped. Each process runs under a watchdog that kills it if the test process dies,
//! so nothing is left running even when a test is killed.
#![allow(dead_code)]

use super::server::{TempDir, free_port, temp_dir, watched};
use kube::config::Kubeconfig;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub const KUBE_VERSION: &str = "v1.34.4";
pub const ETCD_VERSION: &str = "v3.6.16";
const ADMIN_TOKEN: &str = "needle-e2e-admin-token";

/// A kube client for a kubeconfig that sees each answer as the apiserver gave it. kube's
/// client retries a 429, 503 or 504 by default, quietly and for minutes (15 times, the wait
/// doubling from 5 ms): a test would count a refused creation as a success, and reading a
/// page that answers 503 (`/ready` of a replica that is not ready) took five minutes.
pub async fn client_of(kubeconfig: &Path) -> kube::Client {
    let mut config = kube::Config::from_custom_kubeconfig(
        Kubeconfig::read_from(kubeconfig).unwrap(),
        &Default::default(),
    )
    .await
    .unwrap();
    config.default_retry = false;
    kube::Client::try_from(config).unwrap()
}

/// Where `scripts/controlplane.sh` keeps the binaries (it builds them on first use).
pub fn binaries() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/controlplane.sh");
        let out = Command::new(&script)
            .stderr(Stdio::inherit())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
        assert!(
            out.status.success(),
            "{} failed ({}); the cluster tests need kube-apiserver and etcd",
            script.display(),
            out.status
        );
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    })
}

/// Start a control-plane process under the watchdog, its output in `log` and `log.err`.
fn spawn_watched(program: &Path, args: &[String], log: &Path) -> Child {
    watched(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(log).unwrap())
        .stderr(std::fs::File::create(log.with_extension("err")).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()))
}

/// Stop a watched process: SIGTERM, then SIGKILL if it is still there after 20 s.
fn stop(child: &mut Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}

pub struct Cluster {
    /// Data, certificates, keys and logs; removed once the processes are stopped.
    pub dir: TempDir,
    pub url: String,
    /// The CA of the apiserver's serving certificate (PEM).
    pub ca_pem: String,
    pub kubeconfig: PathBuf,
    etcd: std::sync::Mutex<Child>,
    etcd_args: Vec<String>,
    /// Stopped and started again by the scenarios of an apiserver restart.
    apiserver: std::sync::Mutex<Child>,
    apiserver_args: Vec<String>,
}

impl Cluster {
    pub async fn start() -> Cluster {
        let bin = binaries();
        let dir = temp_dir("cluster");
        let pki = Pki::new(&dir);
        let (client, peer, secure) = (free_port(), free_port(), free_port());
        let etcd_url = format!("http://127.0.0.1:{client}");
        let etcd_args = vec![
            "--name=e2e".into(),
            format!("--data-dir={}", dir.join("etcd").display()),
            format!("--listen-client-urls={etcd_url}"),
            format!("--advertise-client-urls={etcd_url}"),
            format!("--listen-peer-urls=http://127.0.0.1:{peer}"),
            format!("--initial-advertise-peer-urls=http://127.0.0.1:{peer}"),
            format!("--initial-cluster=e2e=http://127.0.0.1:{peer}"),
            "--unsafe-no-fsync".into(),
            "--log-level=warn".into(),
        ];
        let etcd = spawn_watched(&bin.join("etcd"), &etcd_args, &dir.join("etcd.log"));
        let apiserver_args = vec![
            format!("--etcd-servers={etcd_url}"),
            "--bind-address=127.0.0.1".into(),
            "--advertise-address=127.0.0.1".into(),
            format!("--secure-port={secure}"),
            // Without a controller manager nobody would maintain the endpoints of the
            // `kubernetes` service; the default reconciler complains about loopback.
            "--endpoint-reconciler-type=none".into(),
            format!("--tls-cert-file={}", pki.serving_cert.display()),
            format!("--tls-private-key-file={}", pki.serving_key.display()),
            format!("--token-auth-file={}", pki.tokens.display()),
            "--authorization-mode=RBAC".into(),
            "--service-account-issuer=https://kubernetes.default.svc.cluster.local".into(),
            format!("--service-account-key-file={}", pki.sa_public.display()),
            format!(
                "--service-account-signing-key-file={}",
                pki.sa_key.display()
            ),
            "--service-cluster-ip-range=10.96.0.0/16".into(),
            "--allow-privileged=true".into(),
            format!("--cert-dir={}", dir.join("apiserver-certs").display()),
            // Nodes watched straight from etcd: a compaction reaches their watchers as the
            // 410 Expired of `restart_etcd_compacted` (through the watch cache, when it comes
            // at all, it races with the cache's own relist).
            "--watch-cache-sizes=nodes#0".into(),
            "--v=1".into(),
        ];
        let apiserver = spawn_watched(
            &bin.join("kube-apiserver"),
            &apiserver_args,
            &dir.join("apiserver.log"),
        );
        let url = format!("https://127.0.0.1:{secure}");
        let kubeconfig = dir.join("kubeconfig");
        write_kubeconfig(&kubeconfig, &url, &pki.ca_pem);
        let cluster = Cluster {
            dir,
            url,
            ca_pem: pki.ca_pem,
            kubeconfig,
            etcd: std::sync::Mutex::new(etcd),
            etcd_args,
            apiserver: std::sync::Mutex::new(apiserver),
            apiserver_args,
        };
        cluster.wait_ready().await;
        cluster
    }

    /// Restart etcd on its data (SIGTERM, then the same flags), as a managed control plane's
    /// maintenance does under a running apiserver; wait until the apiserver is ready again.
    pub async fn restart_etcd(&self) {
        stop(&mut self.etcd.lock().unwrap());
        let log = self.dir.join("etcd.log");
        let started = spawn_watched(&binaries().join("etcd"), &self.etcd_args, &log);
        *self.etcd.lock().unwrap() = started;
        self.wait_ready().await;
    }

    /// Restart etcd with its history compacted while the apiserver could not reach it, as a
    /// compaction an apiserver's watches slept through: etcd first comes up on a side port
    /// only, where its history is compacted up to its current revision, then on its own port
    /// again. A watch the apiserver serves straight from etcd (Nodes here, whose watch cache is
    /// off) resumes from a revision that is gone, and its client is told 410 Expired.
    pub async fn restart_etcd_compacted(&self) {
        stop(&mut self.etcd.lock().unwrap());
        let side = free_port();
        let side_url = format!("http://127.0.0.1:{side}");
        let args: Vec<String> = self
            .etcd_args
            .iter()
            .map(|a| match a.split_once('=') {
                Some((flag @ ("--listen-client-urls" | "--advertise-client-urls"), _)) => {
                    format!("{flag}={side_url}")
                }
                _ => a.clone(),
            })
            .collect();
        let log = self.dir.join("etcd-side.log");
        let mut aside = spawn_watched(&binaries().join("etcd"), &args, &log);
        let addr: std::net::SocketAddr = format!("127.0.0.1:{side}").parse().unwrap();
        let compacted = compact_etcd(addr).await;
        stop(&mut aside);
        if let Err(e) = compacted {
            panic!(
                "{e}:\n{}",
                std::fs::read_to_string(log.with_extension("err")).unwrap_or_default()
            );
        }
        let log = self.dir.join("etcd.log");
        let started = spawn_watched(&binaries().join("etcd"), &self.etcd_args, &log);
        *self.etcd.lock().unwrap() = started;
        self.wait_ready().await;
    }

    /// Stop the apiserver as a control-plane upgrade does (SIGTERM); etcd keeps its data.
    pub fn stop_apiserver(&self) {
        stop(&mut self.apiserver.lock().unwrap());
    }

    /// Start the apiserver again, on the same port with the same flags, and wait until it
    /// is ready.
    pub async fn start_apiserver(&self) {
        let log = self.dir.join("apiserver.log");
        let started = spawn_watched(
            &binaries().join("kube-apiserver"),
            &self.apiserver_args,
            &log,
        );
        *self.apiserver.lock().unwrap() = started;
        self.wait_ready().await;
    }

    async fn wait_ready(&self) {
        let client = self.client().await;
        let deadline = Instant::now() + Duration::from_secs(90);
        while Instant::now() < deadline {
            let exited = self.apiserver.lock().unwrap().try_wait();
            if let Ok(Some(status)) = exited {
                panic!(
                    "kube-apiserver exited ({status}):\n{}",
                    self.log("apiserver")
                );
            }
            let readyz = axum::http::Request::get("/readyz")
                .body(Vec::new())
                .unwrap();
            if client.request_text(readyz).await.is_ok_and(|t| t == "ok") {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!(
            "kube-apiserver not ready in 90 s:\n{}",
            self.log("apiserver")
        );
    }

    /// The tail of a component's log (`apiserver`, `etcd`), for failure messages.
    pub fn log(&self, component: &str) -> String {
        let text =
            std::fs::read_to_string(self.dir.join(format!("{component}.err"))).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// A kube client with the admin identity.
    pub async fn client(&self) -> kube::Client {
        client_of(&self.kubeconfig).await
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // The apiserver first: stopping etcd under it makes it spin on reconnects.
        stop(self.apiserver.get_mut().unwrap_or_else(|e| e.into_inner()));
        stop(self.etcd.get_mut().unwrap_or_else(|e| e.into_inner()));
        // `dir` goes after this, with the processes that wrote in it gone.
    }
}

/// Compact etcd's history through its JSON gateway, once it answers (within 30 s), past any
/// revision a watch of the apiserver can have seen: two writes first (of a key outside the
/// apiserver's `/registry`), so the compaction is two revisions past the last one the
/// apiserver was told of (a progress notification can have told it the last revision itself).
async fn compact_etcd(etcd: std::net::SocketAddr) -> Result<u64, String> {
    use super::server::plain_post;
    let deadline = Instant::now() + Duration::from_secs(30);
    let write = r#"{"key":"L25lZWRsZS1lMmUvY29tcGFjdGlvbg==","value":"MQ=="}"#; // /needle-e2e/compaction
    let revision = loop {
        // A write answers with the store's revision after it in its header.
        match plain_post(etcd, "/v3/kv/put", write)
            .and_then(|_| plain_post(etcd, "/v3/kv/put", write))
        {
            Ok((200, body)) => {
                let header: serde_json::Value = serde_json::from_str(&body)
                    .map_err(|e| format!("etcd's range answer {body:?}: {e}"))?;
                let revision = header["header"]["revision"]
                    .as_str()
                    .and_then(|r| r.parse().ok());
                break revision.ok_or(format!("no revision in etcd's answer {body}"))?;
            }
            other if Instant::now() > deadline => {
                return Err(format!("etcd on {etcd} did not answer in 30 s: {other:?}"));
            }
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    };
    let request = format!(r#"{{"revision":"{revision}","physical":true}}"#);
    match plain_post(etcd, "/v3/kv/compaction", &request) {
        Ok((200, _)) => Ok(revision),
        other => Err(format!("compacting etcd at {revision}: {other:?}")),
    }
}

/// The apiserver's certificates and keys, made fresh for each cluster.
struct Pki {
    ca_pem: String,
    serving_cert: PathBuf,
    serving_key: PathBuf,
    sa_key: PathBuf,
    sa_public: PathBuf,
    tokens: PathBuf,
}

impl Pki {
    fn new(dir: &Path) -> Pki {
        use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair, SanType};
        let pki = dir.join("pki");
        std::fs::create_dir_all(&pki).unwrap();
        let ca_key = KeyPair::generate().unwrap();
        let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca_params
            .distinguished_name
            .push(rcgen::DnType::CommonName, "needle e2e cluster CA");
        let ca_cert = ca_params.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(ca_params, ca_key);
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(vec![
            "localhost".to_string(),
            "kubernetes.default.svc".to_string(),
        ])
        .unwrap();
        params
            .subject_alt_names
            .push(SanType::IpAddress("127.0.0.1".parse().unwrap()));
        let cert = params.signed_by(&key, &issuer).unwrap();
        let write = |name: &str, text: &str| {
            let path = pki.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let ca_pem = ca_cert.pem();
        let sa_key = KeyPair::generate().unwrap();
        write("ca.pem", &ca_pem);
        Pki {
            serving_cert: write("apiserver.pem", &cert.pem()),
            serving_key: write("apiserver-key.pem", &key.serialize_pem()),
            sa_key: write("sa-key.pem", &sa_key.serialize_pem()),
            sa_public: write("sa-public.pem", &sa_key.public_key_pem()),
            tokens: write(
                "tokens.csv",
                &format!("{ADMIN_TOKEN},needle-e2e-admin,needle-e2e-admin,\"system:masters\"\n"),
            ),
            ca_pem,
        }
    }
}

fn write_kubeconfig(path: &Path, url: &str, ca_pem: &str) {
    use base64::Engine;
    let ca = base64::engine::general_purpose::STANDARD.encode(ca_pem);
    let config = serde_json::json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "e2e",
        "clusters": [{"name": "e2e", "cluster": {"server": url, "certificate-authority-data": ca}}],
        "users": [{"name": "admin", "user": {"token": ADMIN_TOKEN}}],
        "contexts": [{"name": "e2e", "context": {"cluster": "e2e", "user": "admin"}}],
    });
    // JSON is YAML: kubectl, helm and kube read it.
    std::fs::write(path, serde_json::to_string_pretty(&config).unwrap()).unwrap();
}

/// The admission latency of needle's injection and validation webhooks as the apiserver
/// measured it (`apiserver_admission_webhook_admission_duration_seconds` of its `/metrics`
/// text): calls, mean, p50 and p99 (bucket bounds).
pub fn webhook_latency(metrics: &str) -> String {
    let mut out = Vec::new();
    for (label, marker) in [
        ("injection", "sidecar-injector.istio.io"),
        ("validation", "validation.istio.io"),
    ] {
        let mut buckets: std::collections::BTreeMap<u64, f64> = Default::default();
        for line in metrics.lines().filter(|l| {
            l.starts_with("apiserver_admission_webhook_admission_duration_seconds_bucket{")
                && l.contains(marker)
        }) {
            let le = line
                .split("le=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap_or("+Inf");
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().unwrap_or(f64::INFINITY)
            };
            let count: f64 = line
                .rsplit(' ')
                .next()
                .and_then(|c| c.parse().ok())
                .unwrap_or(0.0);
            *buckets
                .entry((le * 1e6).min(u64::MAX as f64) as u64)
                .or_default() += count;
        }
        let total = buckets.values().cloned().fold(0.0, f64::max);
        let sum: f64 = metrics
            .lines()
            .filter(|l| {
                l.starts_with("apiserver_admission_webhook_admission_duration_seconds_sum{")
                    && l.contains(marker)
            })
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum();
        let quantile = |q: f64| {
            buckets
                .iter()
                .find(|(_, c)| **c >= q * total)
                .map(|(le, _)| format!("≤ {} ms", *le as f64 / 1000.0))
                .unwrap_or_else(|| "n/a".into())
        };
        let mean = if total > 0.0 {
            format!("{:.1} ms", sum / total * 1000.0)
        } else {
            "n/a".into()
        };
        out.push(format!(
            "{label}: {total} calls, mean {mean}, p50 {}, p99 {}",
            quantile(0.5),
            quantile(0.99)
        ));
    }
    format!(
        "apiserver-measured admission latency of needle's webhooks: {}",
        out.join("; ")
    )
}

/// Create a pod (a JSON manifest) through the apiserver, as `kubectl create` does: the stored
/// pod (with `dry_run`, the pod the apiserver would store), or the apiserver's refusal.
pub async fn create_pod(
    client: &kube::Client,
    ns: &str,
    pod: &serde_json::Value,
    dry_run: bool,
) -> Result<serde_json::Value, String> {
    use k8s_openapi::api::core::v1::Pod;
    let pod: Pod = serde_json::from_value(pod.clone()).map_err(|e| e.to_string())?;
    let params = kube::api::PostParams {
        dry_run,
        ..Default::default()
    };
    kube::Api::<Pod>::namespaced(client.clone(), ns)
        .create(&params, &pod)
        .await
        .map(|p| serde_json::to_value(p).unwrap())
        .map_err(|e| e.to_string())
}
