//! Side by side, one run: the same stream of pod creations (and of Istio resources) through
//! the apiserver with no webhook, with a do-nothing webhook served as needle is (the floor:
//! what calling any webhook costs), with istiod's and with needle's, one server at a time,
//! the order turned each round. A benchmark for BENCHMARKS.md, not a timed test: it runs only
//! when asked (`NEEDLE_CASE=bench`), prints its table, and fails only when a creation does.
//!
//! Per path: the client's round trip (p50, p99) of a stream paced at one creation every
//! 40 ms; the apiserver's own mean time in the webhook
//! (`apiserver_admission_webhook_admission_duration_seconds` sum over count: its buckets are
//! too coarse for quantiles); the most creations per second 16 clients get one after another;
//! the server's CPU per 1,000 admissions and its working set (idle, and the peak sampled every
//! 50 ms); and, last, each server's time from its program's start to its first ready answer
//! (five restarts each, the median).

mod servers;

use crate::common::pod_load::injected;
use crate::world::{World, wait_until};
use crate::{Outcome, Scenario, scenario};
use serde_json::{Value, json};
use servers::{Cgroup, FLOOR, FLOOR_LABEL, ISTIOD, NEEDLE, REPLAY, REPLAY_LABEL, Server};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "bench: side by side: pod creations and Istio resources with no webhook, the floor webhook, istiod's and needle's, one replica each",
        side_by_side
    )]
}

/// Rounds over the four paths, each round in another order.
const ROUNDS: usize = 3;
/// The paced stream: creations per path and round, one every `PACE`.
const STREAM: usize = 400;
const PACE: Duration = Duration::from_millis(40);
/// The flood: clients creating one after another, for `FLOOD_FOR` per path and round.
const CLIENTS: usize = 16;
const FLOOD_FOR: Duration = Duration::from_secs(10);

/// What an admission goes through.
#[derive(Clone, Copy, PartialEq)]
enum Via {
    Nothing,
    Floor,
    /// The floor answering with needle's patch for the benchmark's pod, worked out before.
    Replay,
    Istiod,
    Needle,
}

/// The replay floor last: it replays what needle's namespace answers.
const PATHS: [Via; 5] = [
    Via::Nothing,
    Via::Floor,
    Via::Istiod,
    Via::Needle,
    Via::Replay,
];

impl Via {
    fn name(self) -> &'static str {
        match self {
            Via::Nothing => "no webhook",
            Via::Floor => "floor (do-nothing webhook)",
            Via::Replay => "replay floor (needle's patch, no work)",
            Via::Istiod => "istiod 1.31",
            Via::Needle => "needle",
        }
    }

    fn server(self) -> Option<Server> {
        match self {
            Via::Nothing => None,
            Via::Floor => Some(FLOOR),
            Via::Replay => Some(REPLAY),
            Via::Istiod => Some(ISTIOD),
            Via::Needle => Some(NEEDLE),
        }
    }

    /// The namespace labels that send a pod to it.
    fn namespace_labels(self) -> Value {
        match self {
            Via::Nothing => json!({}),
            Via::Floor => json!({"needle.test/bench": FLOOR_LABEL}),
            Via::Replay => json!({"needle.test/bench": REPLAY_LABEL}),
            Via::Istiod => json!({"istio.io/rev": crate::istiod::REVISION}),
            Via::Needle => json!({"istio-injection": "enabled"}),
        }
    }

    /// The `istio.io/rev` label that sends an Istio resource to its validator.
    fn revision_label(self) -> &'static str {
        match self {
            Via::Nothing | Via::Replay => "nobody",
            Via::Floor => FLOOR_LABEL,
            Via::Istiod => crate::istiod::REVISION,
            Via::Needle => "default",
        }
    }

    fn injects(self) -> bool {
        matches!(self, Via::Replay | Via::Istiod | Via::Needle)
    }

    /// The paths a kind goes through: validation has no replay (it changes nothing).
    fn of(kind: Kind) -> Vec<Via> {
        PATHS
            .into_iter()
            .filter(|via| kind == Kind::Pods || *via != Via::Replay)
            .collect()
    }
}

/// Pods or Istio resources.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Pods,
    Resources,
}

/// One path's figures over every round.
#[derive(Default)]
struct Figures {
    round_trips: Vec<Duration>,
    webhook_sum: f64,
    webhook_count: f64,
    per_second: Vec<f64>,
    cpu: Duration,
    admissions: usize,
    idle: u64,
    peak: u64,
}

async fn side_by_side(world: Arc<World>) -> Outcome {
    setup(&world).await?;
    let pods_ns = namespaces(&world).await?;
    let mut cgroups = Vec::new();
    for via in PATHS {
        if let Some(server) = via.server() {
            let pod = servers::running_pod(&world, server, None, 60).await?;
            cgroups.push((via, Cgroup::of(&pod)?));
        }
    }
    let resources_ns = world.namespace("bench-resources", json!({})).await?;
    // Settled: the installs' and the namespaces' work done before the idle reading.
    tokio::time::sleep(Duration::from_secs(10)).await;
    for kind in [Kind::Pods, Kind::Resources] {
        let paths = Via::of(kind);
        let mut figures: Vec<(Via, Figures)> =
            paths.iter().map(|v| (*v, Figures::default())).collect();
        for (via, f) in figures.iter_mut() {
            if let Some((_, cgroup)) = cgroups.iter().find(|(v, _)| v == via) {
                f.idle = cgroup.working_set()?;
            }
        }
        for round in 0..ROUNDS {
            for i in 0..paths.len() {
                let (via, f) = &mut figures[(i + round) % paths.len()];
                let ns = match kind {
                    Kind::Pods => &pods_ns[PATHS.iter().position(|p| p == via).unwrap()],
                    Kind::Resources => &resources_ns,
                };
                let cgroup = cgroups.iter().find(|(v, _)| v == via).map(|(_, c)| c);
                one_step(&world, kind, *via, ns, cgroup, f).await?;
            }
        }
        print_table(kind, &figures);
    }
    for server in [FLOOR, REPLAY, ISTIOD, NEEDLE] {
        let mut samples = Vec::new();
        for _ in 0..START_SAMPLES {
            samples.push(servers::start_to_ready(&world, server).await?);
        }
        let answered = spread(samples.iter().map(|(a, _)| *a).collect());
        let kubelet = spread(samples.iter().map(|(_, k)| *k).collect());
        println!(
            "     bench start→ready {} ({START_SAMPLES} restarts, median [min–max]): first ready answer {answered} s after its program started; Ready by the kubelet after {kubelet} s",
            server.name
        );
    }
    Ok(())
}

/// How many times each server's pod is deleted and its successor timed to ready.
const START_SAMPLES: usize = 5;

/// `median [min–max]` of some seconds.
fn spread(mut seconds: Vec<f64>) -> String {
    seconds.sort_by(f64::total_cmp);
    match (seconds.first(), seconds.last()) {
        (Some(min), Some(max)) => {
            let median = seconds[seconds.len() / 2];
            format!("{median:.2} [{min:.2}–{max:.2}]")
        }
        _ => "no sample".to_string(),
    }
}

/// istiod installed (when the istiod scenarios did not run before), needle down to one replica
/// as istiod runs here, the floor installed.
async fn setup(world: &Arc<World>) -> Outcome {
    if servers::running_pod(world, ISTIOD, None, 1).await.is_err() {
        crate::istiod::installed(world.clone()).await?;
    }
    crate::install::helm_upgrade(&["--set", "replicaCount=1", "--wait", "--timeout", "3m"])?;
    servers::running_pod(world, NEEDLE, None, 120).await?;
    servers::install_floor(world, None).await
}

/// A namespace per path, in `PATHS` order, each checked to reach its path; the replay floor
/// installed once needle's patch for the benchmark's pod is known.
async fn namespaces(world: &World) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for via in PATHS {
        if via == Via::Replay {
            let index = |path| PATHS.iter().position(|p| *p == path).unwrap();
            let patch = needles_patch(world, &out[index(Via::Nothing)], &out[index(Via::Needle)]);
            servers::install_floor(world, Some(&patch.await?)).await?;
        }
        let ns = world.namespace("bench", via.namespace_labels()).await?;
        wait_until(&format!("{ns} reaching {}", via.name()), 60, || async {
            let pod = world.create_pod(&ns, &pod(), true).await.ok()?;
            (injected(&pod) == via.injects()).then_some(())
        })
        .await?;
        out.push(ns);
    }
    Ok(out)
}

/// needle's answer for the benchmark's pod as one JSON Patch that any such pod takes: its
/// spec, labels and annotations as needle's namespace (`injected`) stores them, in place of
/// those of the pod as a namespace without injection (`plain`) stores it. The spec carries the
/// service account token volume of that one pod, so every replayed pod mounts a volume of
/// the same name, which it defines.
async fn needles_patch(world: &World, plain: &str, injected_ns: &str) -> Result<Value, String> {
    let before = world.create_pod(plain, &pod(), true).await?;
    let after = world.create_pod(injected_ns, &pod(), true).await?;
    if injected(&before) || !injected(&after) {
        return Err(format!("{plain} injects, or {injected_ns} does not"));
    }
    Ok(json!([
        {"op": "add", "path": "/spec", "value": after["spec"]},
        {"op": "add", "path": "/metadata/labels", "value": after["metadata"]["labels"]},
        {"op": "add", "path": "/metadata/annotations", "value": after["metadata"]["annotations"]},
    ]))
}

fn pod() -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"generateName": "bench-"},
        "spec": {"schedulingGates": [{"name": "needle.test/never-run"}],
            "containers": [{"name": "app", "image": crate::workloads::APP_IMAGE,
                "ports": [{"containerPort": 8080}],
                "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}})
}

fn resource(via: Via) -> Value {
    json!({"apiVersion": "networking.istio.io/v1", "kind": "VirtualService",
        "metadata": {"generateName": "bench-", "labels": {"istio.io/rev": via.revision_label()}},
        "spec": {"hosts": ["reviews"], "http": [{"route": [{"destination": {"host": "reviews"}}]}]}})
}

/// One creation of `kind` through `via`: an error when refused, or when a pod comes back
/// other than the path makes it.
async fn create_one(world: &World, kind: Kind, via: Via, ns: &str) -> Result<(), String> {
    match kind {
        Kind::Pods => {
            let pod = world.create_pod(ns, &pod(), false).await?;
            match injected(&pod) == via.injects() {
                true => Ok(()),
                false => Err(format!("{}: injected {}", via.name(), injected(&pod))),
            }
        }
        Kind::Resources => {
            crate::common::crds::create_resource(
                &world.client,
                &world.kinds,
                &resource(via),
                ns,
                false,
            )
            .await
        }
    }
}

/// The paced stream and the flood through one path, with the server's CPU, memory and the
/// apiserver's webhook time around them; then what they stored removed.
async fn one_step(
    world: &Arc<World>,
    kind: Kind,
    via: Via,
    ns: &str,
    cgroup: Option<&Cgroup>,
    f: &mut Figures,
) -> Outcome {
    let kind_label = match kind {
        Kind::Pods => "admit",
        Kind::Resources => "validating",
    };
    let before = webhook_time(&world.apiserver_metrics().await, kind_label);
    let cpu_before = cgroup.map(Cgroup::cpu).transpose()?;
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = cgroup.map(|c| peak_sampler(c, sampling.clone()));

    let stream = paced(world, kind, via, ns).await?;
    let (created, took) = flood(world, kind, via, ns).await?;

    sampling.store(false, Ordering::Relaxed);
    if let Some(sampler) = sampler {
        f.peak = f.peak.max(sampler.join().expect("the memory sampler"));
    }
    if let (Some(c), Some(cpu_before)) = (cgroup, cpu_before) {
        f.cpu += c.cpu()? - cpu_before;
    }
    let after = webhook_time(&world.apiserver_metrics().await, kind_label);
    f.webhook_sum += after.0 - before.0;
    f.webhook_count += after.1 - before.1;
    f.admissions += stream.len() + created;
    f.round_trips.extend(stream);
    f.per_second.push(created as f64 / took.as_secs_f64());
    clean(world, kind, ns).await
}

/// The working set's peak, read every 50 ms on a thread of its own until `sampling` ends.
fn peak_sampler(cgroup: &Cgroup, sampling: Arc<AtomicBool>) -> std::thread::JoinHandle<u64> {
    let cgroup = cgroup.clone();
    std::thread::spawn(move || {
        let mut peak = 0;
        while sampling.load(Ordering::Relaxed) {
            peak = peak.max(cgroup.working_set().unwrap_or(0));
            std::thread::sleep(Duration::from_millis(50));
        }
        peak
    })
}

/// `STREAM` creations started one every `PACE` (at most 32 waiting): each one's round trip.
async fn paced(
    world: &Arc<World>,
    kind: Kind,
    via: Via,
    ns: &str,
) -> Result<Vec<Duration>, String> {
    let mut ticks = tokio::time::interval(PACE);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut running = JoinSet::new();
    let mut out = Vec::with_capacity(STREAM);
    for _ in 0..STREAM {
        ticks.tick().await;
        while running.len() >= 32 {
            out.push(running.join_next().await.unwrap().expect("a creation")?);
        }
        let (world, ns) = (world.clone(), ns.to_string());
        running.spawn(async move {
            let began = Instant::now();
            create_one(&world, kind, via, &ns)
                .await
                .map(|()| began.elapsed())
        });
    }
    while let Some(done) = running.join_next().await {
        out.push(done.expect("a creation")?);
    }
    Ok(out)
}

/// `CLIENTS` clients creating one after another for `FLOOD_FOR`: how many were created, in
/// how long (from the first start to the last answer).
async fn flood(
    world: &Arc<World>,
    kind: Kind,
    via: Via,
    ns: &str,
) -> Result<(usize, Duration), String> {
    let created = Arc::new(AtomicUsize::new(0));
    let began = Instant::now();
    let mut clients = JoinSet::new();
    for _ in 0..CLIENTS {
        let (world, ns, created) = (world.clone(), ns.to_string(), created.clone());
        clients.spawn(async move {
            while began.elapsed() < FLOOD_FOR {
                create_one(&world, kind, via, &ns).await?;
                created.fetch_add(1, Ordering::Relaxed);
            }
            Ok::<(), String>(())
        });
    }
    while let Some(done) = clients.join_next().await {
        done.expect("a client")?;
    }
    Ok((created.load(Ordering::Relaxed), began.elapsed()))
}

/// Remove what a step stored, and wait until it is gone: the next step starts on a quiet
/// apiserver.
async fn clean(world: &World, kind: Kind, ns: &str) -> Outcome {
    use kube::api::{Api, DeleteParams, DynamicObject, ListParams};
    let api: Api<DynamicObject> = match kind {
        Kind::Pods => {
            let resource = kube::api::ApiResource::erase::<k8s_openapi::api::core::v1::Pod>(&());
            Api::namespaced_with(world.client.clone(), ns, &resource)
        }
        Kind::Resources => {
            Api::namespaced_with(world.client.clone(), ns, &world.kinds["VirtualService"])
        }
    };
    api.delete_collection(&DeleteParams::default(), &ListParams::default())
        .await
        .map_err(|e| format!("deleting what {ns} stored: {e}"))?;
    wait_until(&format!("{ns} empty"), 120, || async {
        let left = api.list(&ListParams::default().limit(1)).await.ok()?;
        left.items.is_empty().then_some(())
    })
    .await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    Ok(())
}

/// The apiserver's time in webhooks of one type (`admit` or `validating`), summed over the
/// webhooks: (sum of seconds, count).
fn webhook_time(metrics: &str, kind: &str) -> (f64, f64) {
    let series = "apiserver_admission_webhook_admission_duration_seconds";
    let total = |suffix: &str| -> f64 {
        metrics
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("{series}_{suffix}{{")))
            .filter(|l| l.contains(&format!("type=\"{kind}\"")))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    };
    (total("sum"), total("count"))
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1]
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The table for BENCHMARKS.md, with the ratios of each webhook to the floor (and, for the
/// injectors, to the replay floor: the mutation's own cost to the apiserver set aside).
fn print_table(kind: Kind, figures: &[(Via, Figures)]) {
    let what = match kind {
        Kind::Pods => "pod creations (mutating)",
        Kind::Resources => "VirtualService creations (validating)",
    };
    println!(
        "     bench {what}, {ROUNDS} rounds of {STREAM} paced + {CLIENTS} clients for {FLOOD_FOR:?}:"
    );
    println!(
        "     | path | p50 | p99 | webhook mean (apiserver) | per second (median) | CPU s / 1000 | working set idle | peak |"
    );
    let summary = |f: &Figures| {
        let mut sorted = f.round_trips.clone();
        sorted.sort();
        let (p50, p99) = (quantile(&sorted, 0.5), quantile(&sorted, 0.99));
        (p50.as_secs_f64(), p99.as_secs_f64(), median(&f.per_second))
    };
    let of = |path: Via| {
        figures
            .iter()
            .find(|(v, _)| *v == path)
            .map(|(_, f)| summary(f))
    };
    let (floor, replay) = (of(Via::Floor), of(Via::Replay));
    for (via, f) in figures {
        let (p50, p99, rate) = summary(f);
        let against: Vec<(&str, (f64, f64, f64))> = match via {
            Via::Replay => floor.map(|f| ("floor", f)).into_iter().collect(),
            Via::Istiod | Via::Needle => {
                [floor.map(|f| ("floor", f)), replay.map(|r| ("replay", r))]
                    .into_iter()
                    .flatten()
                    .collect()
            }
            _ => Vec::new(),
        };
        let ratios = |pick: fn(&(f64, f64, f64)) -> f64, mine: f64| match against.is_empty() {
            true => String::new(),
            false => {
                let each: Vec<String> = against
                    .iter()
                    .map(|(name, base)| format!("{:.2}x {name}", mine / pick(base)))
                    .collect();
                format!(" ({})", each.join(", "))
            }
        };
        let mean = match f.webhook_count {
            0.0 => "-".to_string(),
            n => format!("{:.2} ms ({n} calls)", f.webhook_sum / n * 1000.0),
        };
        let server = via.server().is_some();
        let cpu = match server && f.admissions > 0 {
            true => format!("{:.2}", f.cpu.as_secs_f64() / f.admissions as f64 * 1000.0),
            false => "-".into(),
        };
        let mib = |b: u64| match server {
            true => format!("{:.1} MiB", b as f64 / 1048576.0),
            false => "-".into(),
        };
        println!(
            "     | {} | {:.1} ms{} | {:.1} ms{} | {mean} | {rate:.0}{} | {cpu} | {} | {} |",
            via.name(),
            p50 * 1000.0,
            ratios(|b| b.0, p50),
            p99 * 1000.0,
            ratios(|b| b.1, p99),
            ratios(|b| b.2, rate),
            mib(f.idle),
            mib(f.peak)
        );
    }
}
