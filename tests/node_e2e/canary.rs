//! docs/chart.md's "A canary upgrade with one needle": the chart's `revisions` taken from
//! Istio 1.30.3 on `stable` (tag `prod`) to 1.31 on `canary` by the page's blocks, run with
//! bash as written (`switch::run_doc_block`), with namespaces of the test's own for the page's
//! `istio-system`, `shop` and `payments`. In place of the two istiods the page installs, each
//! revision's ConfigMaps are made from the corpus's (Istio's chart of that release), the
//! stand-in proxy tagged as the release as image. The upgrade runs to its step 4, then the
//! page's "Roll the canary back", then the upgrade's steps 2 to 5 again. From the upgrade's
//! second block on a pod is created every 40 ms in `shop` and `payments` in turn under
//! failurePolicy `Fail`: not one creation may fail. All the while the cluster's injection
//! webhook configurations are read about five times a second: no namespace may have a pod two
//! injection webhooks both match. After each block the pods of both namespaces come from the
//! revision expected, a restarted workload runs that revision's sidecar, and at the end
//! `needle audit` finds every pod of each revision the same on that revision's ConfigMaps and
//! release. The release and the
//! namespaces are removed at the end, pass or fail: istiod's scenarios after install a
//! revision `canary` and a tag `prod` of their own.

use crate::common::chart::run_helm;
use crate::common::golden_cases::corpus_dir;
use crate::common::pod_load::{PodLoad, status_revision};
use crate::istiod::{Istiod, audit_all_same_beside};
use crate::switch::{doc_steps, run_doc_block};
use crate::world::{World, is_ready, wait_until};
use crate::{Outcome, Scenario, scenario, workloads};
use k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
use k8s_openapi::api::core::v1::{ConfigMap, Namespace};
use kube::api::{Api, DeleteParams, ListParams, PostParams};
use needle::core::compat::selector::string_map;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub fn scenarios() -> Vec<Scenario> {
    vec![scenario!(
        "canary upgrade: one needle from Istio 1.30.3 on stable (tag prod) to 1.31 on canary, rolled back and done again, by docs/chart.md's steps while a pod is created every 40 ms (Fail): 0 failed, no pod matched by two injection webhooks at any time, each step's pods from the revision expected, needle audit finds each revision's pods the same",
        canary_upgrade
    )]
}

const UPGRADE: &str = "### A canary upgrade with one needle";
const ROLLBACK: &str = "### Roll the canary back";
const STABLE: &str = "stable";
const CANARY: &str = "canary";
/// Each revision's Istio release: its ConfigMaps (the corpus's) and its proxy image's tag.
const RELEASES: [(&str, &str); 2] = [(STABLE, "1.30.3"), (CANARY, "1.31")];
/// The Deployment each of `shop` and `payments` runs.
const APP: &str = "app";
/// One pod every 40 ms; every tenth round over the namespaces is stored (for `needle
/// audit`), the others are dry runs.
const EVERY: Duration = Duration::from_millis(40);

/// A block of the page the test runs, and what holds after it.
struct Step {
    section: &'static str,
    /// The block's number in its section, from 1.
    block: usize,
    /// The revision that injects `shop`'s new pods, and `payments'`.
    injects: [&'static str; 2],
    /// Which of the two (0, 1) had its workload restarted by the block.
    restarted: Option<usize>,
    /// A revision the block removed: no configuration may name it after.
    removed: Option<&'static str>,
}

const fn step(
    section: &'static str,
    block: usize,
    injects: [&'static str; 2],
    restarted: Option<usize>,
    removed: Option<&'static str>,
) -> Step {
    Step {
        section,
        block,
        injects,
        restarted,
        removed,
    }
}

/// The upgrade to step 4, the rollback, and the upgrade again to its end.
const STEPS: [Step; 11] = [
    step(UPGRADE, 1, [STABLE, STABLE], None, None),
    step(UPGRADE, 2, [STABLE, STABLE], None, None),
    step(UPGRADE, 3, [CANARY, STABLE], Some(0), None),
    step(UPGRADE, 4, [CANARY, CANARY], Some(1), None),
    step(ROLLBACK, 1, [CANARY, STABLE], Some(1), None),
    step(ROLLBACK, 2, [STABLE, STABLE], Some(0), None),
    step(ROLLBACK, 3, [STABLE, STABLE], None, Some(CANARY)),
    step(UPGRADE, 2, [STABLE, STABLE], None, None),
    step(UPGRADE, 3, [CANARY, STABLE], Some(0), None),
    step(UPGRADE, 4, [CANARY, CANARY], Some(1), None),
    step(UPGRADE, 5, [CANARY, CANARY], None, Some(STABLE)),
];

impl Step {
    fn name(&self) -> String {
        let section = self.section.trim_start_matches('#').trim();
        format!("`{section}` step {}", self.block)
    }
}

async fn canary_upgrade(world: Arc<World>) -> Outcome {
    let mut namespaces = Vec::new();
    let mut made = Ok(());
    for (name, labels) in [
        ("mesh", json!({})),
        ("shop", json!({"istio.io/rev": STABLE})),
        ("payments", json!({"istio.io/rev": "prod"})),
    ] {
        match world.namespace(name, labels).await {
            Ok(ns) => namespaces.push(ns),
            Err(e) => made = Err(e),
        }
    }
    let outcome = match (made, &namespaces[..]) {
        (Ok(()), [mesh, shop, payments]) => {
            let outcome = upgrade(&world, mesh, [shop.clone(), payments.clone()]).await;
            let removed = run_helm(&["uninstall", "needle", "-n", mesh, "--wait"]);
            outcome.and(removed.map(drop))
        }
        (made, _) => made,
    };
    let api = Api::<Namespace>::all(world.client.clone());
    for ns in &namespaces {
        if let Err(e) = api.delete(ns, &DeleteParams::default()).await {
            println!("     namespace {ns} not deleted: {e}");
        }
    }
    outcome
}

async fn upgrade(world: &Arc<World>, mesh: &str, apps: [String; 2]) -> Outcome {
    for (revision, release) in RELEASES {
        istiod_configmaps(world, mesh, revision, release).await?;
    }
    let mut blocks = BTreeMap::new();
    for section in [UPGRADE, ROLLBACK] {
        blocks.insert(section, doc_steps(section)?);
    }
    let block = |step: &Step| match blocks[step.section].get(step.block - 1) {
        Some(block) => Ok(block.clone()),
        None => Err(format!("docs/chart.md has no {}", step.name())),
    };
    for (section, size) in [(UPGRADE, 5), (ROLLBACK, 3)] {
        if blocks[section].len() != size {
            return Err(format!(
                "docs/chart.md's `{section}` has {} blocks; the test knows {size}",
                blocks[section].len()
            ));
        }
    }
    let replace: Vec<(String, String)> = [
        ("istio-system", mesh),
        ("shop", &apps[0]),
        ("payments", &apps[1]),
    ]
    .map(|(from, to)| (from.to_string(), to.to_string()))
    .to_vec();
    // The first block before the load: until it has run nothing injects the namespaces.
    let [first, rest @ ..] = &STEPS;
    run_block(&block(first)?, &replace).await?;
    for ns in &apps {
        let pod = workloads::run(world, ns, APP, json!({})).await?;
        carries_sidecar_of(&pod, STABLE)?;
    }
    let after = after_block(world, first, mesh, &apps, "").await?;
    println!("     {} ran; {after}", first.name());

    let watch = OverlapWatch::start(world.clone());
    let injected_by = Arc::new(Mutex::new(BTreeMap::new()));
    let load = load(world, &apps, injected_by.clone());
    let blocks_run = async {
        for step in rest {
            let text = block(step)?;
            let before = needle_pods(world, mesh).await?;
            let started = Instant::now();
            let said = run_block(&text, &replace)
                .await
                .map_err(|e| format!("{}: {e}", step.name()))?;
            let took = started.elapsed();
            let after = after_block(world, step, mesh, &apps, &said).await?;
            // Each of the page's `helm upgrade`s changes the revisions, so rolls needle's pods:
            // the creations above went on through that rollout.
            let now = needle_pods(world, mesh).await?;
            let rolled = match text.contains("helm upgrade") {
                true if now.iter().any(|p| before.contains(p)) => {
                    return Err(format!(
                        "{}: needle's pods not all replaced: {before:?} then {now:?}",
                        step.name()
                    ));
                }
                true => format!(", needle's {} pods replaced", now.len()),
                false => String::new(),
            };
            println!("     {} ran in {took:.1?}{rolled}; {after}", step.name());
            watch.clean(&step.name())?;
        }
        Ok::<(), String>(())
    };
    let outcome = blocks_run.await;
    let tally = load.stop().await;
    let checks = watch.stop().await;
    outcome?;
    checks?;
    tally.all_injected(500)?;
    let counts: Vec<String> = injected_by
        .lock()
        .unwrap()
        .iter()
        .map(|((ns, rev), n)| format!("{n} in {ns} by {rev}"))
        .collect();
    println!(
        "     {} pods created and injected from the upgrade's step 2 to its end, 0 failed: {}",
        tally.injected,
        counts.join(", ")
    );
    for ns in &apps {
        for (revision, release) in RELEASES {
            let istiod = Istiod {
                namespace: mesh,
                release,
            };
            audit_all_same_beside(ns, revision, &istiod)?;
        }
    }
    Ok(())
}

async fn run_block(block: &str, replace: &[(String, String)]) -> Result<String, String> {
    let (block, replace) = (block.to_string(), replace.to_vec());
    tokio::task::spawn_blocking(move || run_doc_block(&block, &replace))
        .await
        .map_err(|e| e.to_string())?
}

/// What must hold after a step: each namespace's new pods from its revision, a restarted
/// workload on that revision's sidecar, the tag listed where it points, and no configuration
/// left of a revision removed. Which revision injects each namespace.
async fn after_block(
    world: &World,
    step: &Step,
    mesh: &str,
    apps: &[String; 2],
    said: &str,
) -> Result<String, String> {
    let injects = step.injects;
    for (ns, revision) in apps.iter().zip(injects) {
        injected_by(world, ns, revision).await?;
    }
    if let Some(i) = step.restarted {
        let ns = &apps[i];
        let pod = wait_until(
            &format!("{ns}/{APP}'s one pod Ready on revision {}", injects[i]),
            60,
            || async {
                let pods = world.pods(ns, &format!("app={APP}")).await.ok()?;
                let live: Vec<&Value> = pods
                    .iter()
                    .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
                    .collect();
                match &live[..] {
                    [pod]
                        if is_ready(pod) && status_revision(pod).as_deref() == Some(injects[i]) =>
                    {
                        Some((*pod).clone())
                    }
                    _ => None,
                }
            },
        )
        .await?;
        carries_sidecar_of(&pod, injects[i])?;
    }
    if said.contains("warning: injected twice") {
        return Err(format!("needle tag list warned of an overlap:\n{said}"));
    }
    if said.contains("TAG") {
        // `payments` is on the tag: where it points is where its pods come from.
        let row = said.lines().find(|l| l.starts_with("prod "));
        let words: Vec<&str> = row.unwrap_or_default().split_whitespace().collect();
        if words.get(1) != Some(&injects[1]) || !words.get(2).is_some_and(|n| n.contains(&apps[1]))
        {
            return Err(format!(
                "needle tag list should show prod on {}, used by {}:\n{said}",
                injects[1], apps[1]
            ));
        }
    }
    if let Some(removed) = step.removed {
        let left = configurations_naming(world, mesh, removed).await?;
        if !left.is_empty() {
            return Err(format!("configurations of {removed} left: {left:?}"));
        }
    }
    Ok(format!(
        "after it {} is injected by {}, {} by {}",
        apps[0], injects[0], apps[1], injects[1]
    ))
}

/// The names of needle's pods in `mesh` that are not being deleted.
async fn needle_pods(world: &World, mesh: &str) -> Result<Vec<String>, String> {
    let pods = world.pods(mesh, "app=needle").await?;
    Ok(pods
        .iter()
        .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
        .filter_map(|p| p["metadata"]["name"].as_str().map(str::to_string))
        .collect())
}

/// Wait until ten dry-run pods of `ns` in a row come from `revision` (the apiserver's view of
/// a changed configuration follows a watch). A refused creation fails at once.
async fn injected_by(world: &World, ns: &str, revision: &str) -> Outcome {
    let probe = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "probe"},
        "spec": {"containers": [{"name": "app", "image": workloads::APP_IMAGE}]}});
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut in_a_row = 0;
    while in_a_row < 10 {
        let pod = world
            .create_pod(ns, &probe, true)
            .await
            .map_err(|e| format!("a pod of {ns} refused: {e}"))?;
        let by = status_revision(&pod);
        if by.as_deref() == Some(revision) {
            in_a_row += 1;
            continue;
        }
        if Instant::now() > deadline {
            return Err(format!(
                "{ns}'s pods should come from {revision}, after 30 s still from {by:?}"
            ));
        }
        in_a_row = 0;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Ok(())
}

/// The pod was injected by `revision`, its proxy the stand-in tagged as that revision's
/// release.
fn carries_sidecar_of(pod: &Value, revision: &str) -> Outcome {
    let (_, release) = RELEASES.iter().find(|(r, _)| *r == revision).unwrap();
    let want = format!("localhost/needle-test/proxyv2:{release}");
    let proxy = ["initContainers", "containers"]
        .iter()
        .flat_map(|list| pod["spec"][list].as_array().into_iter().flatten())
        .find(|c| c["name"] == "istio-proxy");
    let image = proxy.and_then(|p| p["image"].as_str());
    match (status_revision(pod).as_deref(), image) {
        (Some(r), Some(i)) if r == revision && i == want => Ok(()),
        (by, image) => Err(format!(
            "{} should carry {revision}'s sidecar ({want}): injected by {by:?}, istio-proxy image {image:?}",
            pod["metadata"]["name"]
        )),
    }
}

/// The release's injection webhook configurations that still name `revision` (by label or
/// selector).
async fn configurations_naming(
    world: &World,
    mesh: &str,
    revision: &str,
) -> Result<Vec<String>, String> {
    let configs = webhook_configurations(world).await?;
    Ok(configs
        .iter()
        .filter(|c| {
            let name = c["metadata"]["name"].as_str().unwrap_or_default();
            name.ends_with(mesh) && c.to_string().contains(&format!("\"{revision}\""))
        })
        .map(|c| c["metadata"]["name"].to_string())
        .collect())
}

async fn webhook_configurations(world: &World) -> Result<Vec<Value>, String> {
    Api::<MutatingWebhookConfiguration>::all(world.client.clone())
        .list(&ListParams::default())
        .await
        .map(|l| {
            l.items
                .into_iter()
                .map(|c| serde_json::to_value(c).unwrap())
                .collect()
        })
        .map_err(|e| format!("mutating webhook configurations: {e}"))
}

/// The ConfigMaps istiod's chart writes for `revision` of `release` in `mesh`
/// (`istio-sidecar-injector-<revision>`, `istio-<revision>`), from the corpus's: the values'
/// revision, the stand-in proxy tagged as the release, the mesh config's istiod address as
/// the chart renders it for a revision in that namespace.
async fn istiod_configmaps(world: &World, mesh: &str, revision: &str, release: &str) -> Outcome {
    let cfg = corpus_dir()
        .join("istio-releases")
        .join(release)
        .join("cfg");
    let read = |name: &str| {
        std::fs::read_to_string(cfg.join(name)).map_err(|e| format!("{}: {e}", cfg.display()))
    };
    let mut values: Value = serde_json::from_str(&read("values.json")?)
        .map_err(|e| format!("{release}'s values.json: {e}"))?;
    values["revision"] = json!(revision);
    values["global"]["hub"] = json!("localhost/needle-test");
    values["global"]["tag"] = json!(release);
    let mesh_config = read("mesh.yaml")?
        .replace(
            "istiod.istio-system.svc",
            &format!("istiod-{revision}.{mesh}.svc"),
        )
        .replace("istio-system", mesh);
    let configmaps = Api::<ConfigMap>::namespaced(world.client.clone(), mesh);
    for (name, data) in [
        (
            format!("istio-sidecar-injector-{revision}"),
            json!({"config": read("config.yaml")?, "values": values.to_string()}),
        ),
        (format!("istio-{revision}"), json!({"mesh": mesh_config})),
    ] {
        let configmap: ConfigMap = serde_json::from_value(json!({
            "metadata": {"name": name, "labels": {"istio.io/rev": revision}},
            "data": data,
        }))
        .unwrap();
        configmaps
            .create(&PostParams::default(), &configmap)
            .await
            .map_err(|e| format!("{mesh}/{name}: {e}"))?;
    }
    Ok(())
}

/// Pods created every `EVERY`, in each of `apps` in turn: every tenth round stored (held from
/// scheduling), the others server-side dry runs; each injected pod counted by namespace and
/// revision.
fn load(
    world: &Arc<World>,
    apps: &[String; 2],
    injected_by: Arc<Mutex<BTreeMap<(String, String), usize>>>,
) -> PodLoad {
    let (world, apps) = (world.clone(), apps.clone());
    PodLoad::start(EVERY, move |n| {
        let (world, injected_by) = (world.clone(), injected_by.clone());
        let ns = apps[n % apps.len()].clone();
        let dry_run = (n / apps.len()) % 10 != 0;
        async move {
            let pod = json!({"apiVersion": "v1", "kind": "Pod",
                "metadata": {"name": format!("load-{n}"), "labels": {"app": "load"}},
                "spec": {"schedulingGates": [{"name": "needle.test/never-run"}],
                    "containers": [{"name": "app", "image": workloads::APP_IMAGE,
                        "ports": [{"containerPort": 8080}],
                        "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}});
            let pod = world.create_pod(&ns, &pod, dry_run).await?;
            if let Some(revision) = status_revision(&pod) {
                *injected_by
                    .lock()
                    .unwrap()
                    .entry((ns, revision))
                    .or_default() += 1;
            }
            Ok(pod)
        }
    })
}

/// The cluster's injection webhook configurations, read again and again while the load runs:
/// the overlaps `needle::core::tag::overlaps` finds on the namespaces as they are labelled.
struct OverlapWatch {
    stop: Arc<AtomicBool>,
    seen: Arc<Mutex<Seen>>,
    task: tokio::task::JoinHandle<()>,
}

#[derive(Default)]
struct Seen {
    checks: usize,
    /// The first overlaps found, or why the cluster could not be read.
    trouble: Option<String>,
}

impl OverlapWatch {
    fn start(world: Arc<World>) -> OverlapWatch {
        let stop = Arc::new(AtomicBool::new(false));
        let seen = Arc::new(Mutex::new(Seen::default()));
        let (stopped, seen_by_task) = (stop.clone(), seen.clone());
        let task = tokio::spawn(async move {
            while !stopped.load(Ordering::Relaxed) {
                let found = overlaps_now(&world).await;
                {
                    let mut seen = seen_by_task.lock().unwrap();
                    seen.checks += 1;
                    if let Err(e) = found {
                        seen.trouble.get_or_insert(e);
                    }
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        });
        OverlapWatch { stop, seen, task }
    }

    /// No overlap seen so far.
    fn clean(&self, when: &str) -> Outcome {
        let seen = self.seen.lock().unwrap();
        match &seen.trouble {
            None => Ok(()),
            Some(e) => Err(format!("by {when}: {e}")),
        }
    }

    /// Stop reading: how many times the configurations were checked, none with an overlap.
    async fn stop(self) -> Outcome {
        self.stop.store(true, Ordering::Relaxed);
        self.task.await.map_err(|e| e.to_string())?;
        let seen = self.seen.lock().unwrap();
        if let Some(e) = &seen.trouble {
            return Err(e.clone());
        }
        println!(
            "     no pod matched by two injection webhooks: the cluster's configurations and namespaces read {} times",
            seen.checks
        );
        Ok(())
    }
}

/// The overlaps on the cluster as it is now: every namespace with its labels.
async fn overlaps_now(world: &World) -> Outcome {
    let configs = webhook_configurations(world).await?;
    let namespaces: Vec<(String, _)> = Api::<Namespace>::all(world.client.clone())
        .list(&ListParams::default())
        .await
        .map_err(|e| format!("namespaces: {e}"))?
        .items
        .into_iter()
        .map(|ns| {
            let ns = serde_json::to_value(ns).unwrap();
            let name = ns["metadata"]["name"].as_str().unwrap_or_default();
            (name.to_string(), string_map(ns["metadata"].get("labels")))
        })
        .collect();
    let found = needle::core::tag::overlaps(&configs, &namespaces);
    match found.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "injected twice: {first} (and {} more overlaps)",
            found.len() - 1
        )),
    }
}
