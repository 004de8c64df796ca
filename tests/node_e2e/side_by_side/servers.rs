//! The three webhook servers of the side-by-side benchmark as the node runs them: the floor
//! (installed here), istiod and needle (installed by their scenarios); each one pod, read
//! through its container's cgroup (cgroup v1, `k8s.io/<container id>`, where this node's
//! containerd puts every container) and its readiness endpoint.

use crate::world::{NEEDLE_NS, World, wait_until};
use base64::Engine;
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration,
};
use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::api::core::v1::{ConfigMap, Pod, Secret, Service};
use kube::api::{Api, ApiResource, DeleteParams, DynamicObject, ListParams, PostParams};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How a server says it is ready.
#[derive(Clone, Copy)]
pub enum Readiness {
    /// `GET <path>` on the port answers 200.
    Http(u16, &'static str),
    /// The port accepts a connection.
    Listening(u16),
}

#[derive(Clone, Copy)]
pub struct Server {
    pub name: &'static str,
    /// Its pod's labels, as a selector in `NEEDLE_NS`.
    pub selector: &'static str,
    pub readiness: Readiness,
}

pub const FLOOR: Server = Server {
    name: "floor",
    selector: "app=floor-webhook",
    readiness: Readiness::Listening(8443),
};
pub const REPLAY: Server = Server {
    name: "replay floor",
    selector: "app=floor-replay",
    readiness: Readiness::Listening(8443),
};
pub const ISTIOD: Server = Server {
    name: "istiod",
    selector: "app=istiod",
    readiness: Readiness::Http(8080, "/ready"),
};
pub const NEEDLE: Server = Server {
    name: "needle",
    selector: "app=needle",
    readiness: Readiness::Http(15014, "/ready"),
};

/// The label value the floor's configurations select: a namespace label for pods, an
/// `istio.io/rev` object label for Istio's resources.
pub const FLOOR_LABEL: &str = "floor-bench";
/// The namespace label value the replay floor's configuration selects.
pub const REPLAY_LABEL: &str = "replay-bench";

/// Create a `K` (its JSON checked against the type first) in `ns`, or cluster-wide.
async fn create<K>(world: &World, ns: Option<&str>, object: Value) -> Result<(), String>
where
    K: kube::Resource<DynamicType = ()> + DeserializeOwned + serde::Serialize,
{
    let what = format!("{} {}", K::kind(&()), object["metadata"]["name"]);
    let typed: K = serde_json::from_value(object).map_err(|e| format!("{what}: {e}"))?;
    let object: DynamicObject = serde_json::from_value(serde_json::to_value(typed).unwrap())
        .map_err(|e| format!("{what}: {e}"))?;
    let resource = ApiResource::erase::<K>(&());
    let api = match ns {
        Some(ns) => Api::<DynamicObject>::namespaced_with(world.client.clone(), ns, &resource),
        None => Api::<DynamicObject>::all_with(world.client.clone(), &resource),
    };
    api.create(&PostParams::default(), &object)
        .await
        .map(drop)
        .map_err(|e| format!("{what}: {e}"))
}

/// The floor webhook (`examples/floor_webhook.rs`) as one pod behind a Service, as needle's
/// chart runs needle, with a certificate of its own, and a mutating configuration (`Fail`) for
/// the pods of namespaces labelled `needle.test/bench=<its label>`. The do-nothing floor
/// (`replay` None) also has a validating one for Istio's resources labelled
/// `istio.io/rev=floor-bench`; the replay floor answers every pod with the patch `replay`.
pub async fn install_floor(world: &World, replay: Option<&Value>) -> Result<(), String> {
    let (name, server, label) = match replay {
        None => ("floor-webhook", FLOOR, FLOOR_LABEL),
        Some(_) => ("floor-replay", REPLAY, REPLAY_LABEL),
    };
    let host = format!("{name}.{NEEDLE_NS}.svc");
    let (ca, cert, key) = needle::server::devcert::generate(&[host])
        .map_err(|e| format!("{name} certificate: {e}"))?;
    let ns = Some(NEEDLE_NS);
    create::<Secret>(
        world,
        ns,
        json!({"metadata": {"name": name},
        "type": "kubernetes.io/tls", "stringData": {"tls.crt": cert, "tls.key": key}}),
    )
    .await?;
    let mut args = vec!["/tls/tls.crt", "/tls/tls.key", "8443"];
    let mut mounts = vec![json!({"name": "tls", "mountPath": "/tls", "readOnly": true})];
    let mut volumes = vec![json!({"name": "tls", "secret": {"secretName": name}})];
    if let Some(patch) = replay {
        create::<ConfigMap>(
            world,
            ns,
            json!({"metadata": {"name": name},
            "data": {"patch.json": patch.to_string()}}),
        )
        .await?;
        args.push("/patch/patch.json");
        mounts.push(json!({"name": "patch", "mountPath": "/patch", "readOnly": true}));
        volumes.push(json!({"name": "patch", "configMap": {"name": name}}));
    }
    let labels = json!({"app": name});
    create::<Deployment>(world, ns, json!({"metadata": {"name": name},
        "spec": {"replicas": 1, "selector": {"matchLabels": labels},
            "template": {"metadata": {"labels": labels}, "spec": {
                "containers": [{"name": "floor", "image": "localhost/needle-test/floor-webhook:bench",
                    "imagePullPolicy": "Never", "args": args,
                    "ports": [{"containerPort": 8443, "name": "webhook"}],
                    "readinessProbe": {"tcpSocket": {"port": 8443}, "periodSeconds": 1},
                    "resources": {"requests": {"cpu": "50m", "memory": "16Mi"}},
                    "volumeMounts": mounts}],
                "volumes": volumes}}}}))
    .await?;
    create::<Service>(
        world,
        ns,
        json!({"metadata": {"name": name},
        "spec": {"selector": labels, "ports": [{"port": 443, "targetPort": 8443}]}}),
    )
    .await?;
    let client = |path: &str| {
        json!({"service": {"name": name, "namespace": NEEDLE_NS, "path": path},
            "caBundle": base64::engine::general_purpose::STANDARD.encode(&ca)})
    };
    create::<MutatingWebhookConfiguration>(world, None, json!({
        "metadata": {"name": name},
        "webhooks": [{"name": format!("{name}.bench.needle.test"), "clientConfig": client("/inject"),
            "rules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"],
                "resources": ["pods"]}],
            "namespaceSelector": {"matchLabels": {"needle.test/bench": label}},
            "failurePolicy": "Fail", "sideEffects": "None", "admissionReviewVersions": ["v1"],
            "reinvocationPolicy": "Never"}]}))
    .await?;
    if replay.is_none() {
        create::<ValidatingWebhookConfiguration>(world, None, json!({
            "metadata": {"name": name},
            "webhooks": [{"name": "floor.validation.bench.needle.test", "clientConfig": client("/validate"),
                "rules": [{"operations": ["CREATE", "UPDATE"],
                    "apiGroups": ["networking.istio.io", "security.istio.io", "telemetry.istio.io",
                        "extensions.istio.io"],
                    "apiVersions": ["*"], "resources": ["*"]}],
                "objectSelector": {"matchLabels": {"istio.io/rev": FLOOR_LABEL}},
                "failurePolicy": "Fail", "sideEffects": "None", "admissionReviewVersions": ["v1"]}]}))
        .await?;
    }
    running_pod(world, server, None, 120).await.map(drop)
}

/// The server's one running and Ready pod (not `old`, a uid), waited for.
pub async fn running_pod(
    world: &World,
    server: Server,
    old: Option<&str>,
    seconds: u64,
) -> Result<Value, String> {
    let pods = Api::<Pod>::namespaced(world.client.clone(), NEEDLE_NS);
    let what = format!("{}'s pod Ready", server.name);
    wait_until(&what, seconds, || async {
        let list = pods
            .list(&ListParams::default().labels(server.selector))
            .await
            .ok()?;
        let live: Vec<Value> = list
            .items
            .into_iter()
            .map(|p| serde_json::to_value(p).unwrap())
            .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
            .filter(|p| old.is_none_or(|uid| p["metadata"]["uid"] != uid))
            .collect();
        match live.as_slice() {
            [pod] if crate::world::is_ready(pod) => Some(pod.clone()),
            _ => None,
        }
    })
    .await
}

/// A container's cgroup files (cgroup v1, as this node's containerd makes them).
#[derive(Clone)]
pub struct Cgroup {
    id: String,
}

impl Cgroup {
    /// The cgroup of the pod's first container.
    pub fn of(pod: &Value) -> Result<Cgroup, String> {
        let id = pod["status"]["containerStatuses"][0]["containerID"]
            .as_str()
            .and_then(|id| id.split_once("://"))
            .map(|(_, id)| id.to_string())
            .ok_or(format!("no container id in {}", pod["status"]))?;
        let cgroup = Cgroup { id };
        cgroup.read("cpuacct", "cpuacct.usage")?;
        Ok(cgroup)
    }

    fn read(&self, hierarchy: &str, file: &str) -> Result<String, String> {
        let path = format!("/sys/fs/cgroup/{hierarchy}/k8s.io/{}/{file}", self.id);
        std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))
    }

    /// CPU time used so far (user and system).
    pub fn cpu(&self) -> Result<Duration, String> {
        let ns = self.read("cpuacct", "cpuacct.usage")?;
        ns.trim()
            .parse::<u64>()
            .map(Duration::from_nanos)
            .map_err(|e| format!("cpuacct.usage {ns:?}: {e}"))
    }

    /// The working set, as the kubelet counts it: usage without the inactive file cache.
    pub fn working_set(&self) -> Result<u64, String> {
        let usage: u64 = self
            .read("memory", "memory.usage_in_bytes")?
            .trim()
            .parse()
            .map_err(|e| format!("memory.usage_in_bytes: {e}"))?;
        let stat = self.read("memory", "memory.stat")?;
        let inactive = stat
            .lines()
            .find_map(|l| l.strip_prefix("total_inactive_file "))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or(0);
        Ok(usage.saturating_sub(inactive))
    }

    /// When its program began, in seconds since boot: the earliest start of a thread that is
    /// not its process's first (`/proc/<pid>/task/<tid>/stat`, in the kernel's 100 Hz ticks),
    /// or the process's own start where it has no other thread. A container's process starts
    /// when runc forks it, before the container's setup and the exec of the program (tens to
    /// hundreds of milliseconds that are the runtime's, not the server's); Go's runtime and
    /// tokio's start their threads first thing after the exec.
    pub fn program_started(&self) -> Result<f64, String> {
        let procs = self.read("cpuacct", "cgroup.procs")?;
        let starts = |pid: &str| -> Vec<(bool, u64)> {
            std::fs::read_dir(format!("/proc/{pid}/task"))
                .into_iter()
                .flatten()
                .filter_map(|task| {
                    let tid = task.ok()?.file_name().into_string().ok()?;
                    let stat =
                        std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/stat")).ok()?;
                    // The fields after the command (which may hold spaces); starttime is the 22nd.
                    let start = stat.rsplit_once(')')?.1.split_whitespace().nth(19)?;
                    Some((tid == pid, start.parse().ok()?))
                })
                .collect()
        };
        let all: Vec<(bool, u64)> = procs.split_whitespace().flat_map(starts).collect();
        let threads = all.iter().filter(|(main, _)| !main).map(|(_, t)| *t).min();
        let processes = all.iter().filter(|(main, _)| *main).map(|(_, t)| *t).min();
        threads
            .or(processes)
            .map(|ticks| ticks as f64 / 100.0)
            .ok_or(format!("no process in container {}", self.id))
    }
}

/// Seconds since boot, as `/proc/uptime` says.
fn uptime() -> f64 {
    std::fs::read_to_string("/proc/uptime")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0)
}

/// The node's pod addresses as the CNI's host-local allocator keeps them: one file per
/// address in use (scripts/node/10-bridge.conflist names the network).
const ADDRESSES: &str = "/var/lib/cni/networks/needle-node";

fn addresses() -> Vec<String> {
    std::fs::read_dir(ADDRESSES)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.parse::<std::net::Ipv4Addr>().is_ok())
        .collect()
}

/// Delete the server's pod and time its successor from its program's start to the first
/// answer of its readiness endpoint, polled every 5 ms from the node at every address the
/// CNI gives out meanwhile (read from its allocations, not from the pod's status, which the
/// kubelet posts up to a second later); and the kubelet's view, until the pod is Ready.
pub async fn start_to_ready(world: &World, server: Server) -> Result<(f64, f64), String> {
    let pods = Api::<Pod>::namespaced(world.client.clone(), NEEDLE_NS);
    let old = running_pod(world, server, None, 60).await?;
    let old_uid = old["metadata"]["uid"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let name = old["metadata"]["name"].as_str().unwrap_or_default();
    let taken = addresses();
    if taken.is_empty() {
        return Err(format!("no pod address in {ADDRESSES}"));
    }
    pods.delete(name, &DeleteParams::default())
        .await
        .map_err(|e| format!("deleting {name}: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(120);
    let answered = 'polling: loop {
        if Instant::now() > deadline {
            return Err(format!("{}'s new pod did not answer in 120 s", server.name));
        }
        for ip in addresses().iter().filter(|ip| !taken.contains(ip)) {
            if answers(ip, server.readiness).await {
                break 'polling uptime();
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let began = Instant::now();
    let pod = running_pod(world, server, Some(&old_uid), 120).await?;
    let kubelet_later = began.elapsed().as_secs_f64();
    let started = Cgroup::of(&pod)?.program_started()?;
    let to_answer = answered - started;
    if !(0.0..120.0).contains(&to_answer) {
        return Err(format!(
            "{}: started at {started} s, answered at {answered} s",
            server.name
        ));
    }
    Ok((to_answer, to_answer + kubelet_later))
}

/// Whether the endpoint answers ready now (within 100 ms).
async fn answers(ip: &str, readiness: Readiness) -> bool {
    let attempt = async {
        match readiness {
            Readiness::Listening(port) => TcpStream::connect((ip, port)).await.is_ok(),
            Readiness::Http(port, path) => {
                let Ok(mut stream) = TcpStream::connect((ip, port)).await else {
                    return false;
                };
                let request = format!("GET {path} HTTP/1.0\r\nHost: {ip}\r\n\r\n");
                let mut head = [0u8; 12];
                stream.write_all(request.as_bytes()).await.is_ok()
                    && stream.read_exact(&mut head).await.is_ok()
                    && head.ends_with(b" 200")
            }
        }
    };
    tokio::time::timeout(Duration::from_millis(100), attempt)
        .await
        .unwrap_or(false)
}
