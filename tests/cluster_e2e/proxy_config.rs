//! `needle serve --watch-cluster`: ProxyConfig resources (networking.istio.io/v1beta1) read
//! through the API and applied to the pods the apiserver sends, with istiod's precedence:
//! workload-selected resource > `proxy.istio.io/config` > namespace resource > root-namespace
//! resource > mesh `defaultConfig`. The `canary` revision's server runs with the watch for the
//! scenario, its mesh's root namespace one of the scenario's own (no other scenario's
//! resources reach it); the server and the resources are restored afterwards.

use crate::common::crds::wait_established;
use crate::common::golden_cases::corpus_dir;
use crate::common::pod_load::status_revision;
use crate::common::server::Server;
use crate::configmaps::{ready, wait_for};
use crate::env::{Env, Revision};
use crate::failures::{start, stop};
use crate::selection::pod;
use crate::{Outcome, Scenario, scenario};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, DeleteParams, DynamicObject, PostParams};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "proxy_config: ProxyConfig resources through the API: root, namespace, annotation and workload levels; an edit reaches the next pod",
            proxy_configs
        ),
        scenario!(
            "proxy_config: without the ProxyConfig CRD: one warning, ready, mesh default; a CRD installed later is read",
            missing_crd
        ),
    ]
}

async fn proxy_configs(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let root = env.namespace("pc-root", json!({})).await;
    watching(&env, rev, &root).await;
    let outcome = steps(&env, rev, &root).await;
    stop(rev).await;
    start(rev).await;
    outcome
}

/// The revision's server restarted with `--watch-cluster`, its mesh's root namespace `root`
/// and `concurrency: 7` in the mesh's defaultConfig, native sidecars off; not waited for.
async fn watching(env: &Env, rev: &Revision, root: &str) {
    let mesh = env.write_scratch(
        &format!("{root}-mesh.yaml"),
        &format!("rootNamespace: {root}\ndefaultConfig:\n  concurrency: 7\n"),
    );
    let kubeconfig = env.cluster.kubeconfig.display().to_string();
    stop(rev).await;
    // Native sidecars are the nodes scenario's: here the proxy stays in `containers`.
    *rev.server.lock().await = Some(rev.spawn_server_with(
        &[
            "--watch-cluster",
            "--kubeconfig",
            &kubeconfig,
            "--meshConfigFile",
            mesh.to_str().unwrap(),
        ],
        &[("ENABLE_NATIVE_SIDECARS", "false")],
    ));
}

const CRD_NAME: &str = "proxyconfigs.networking.istio.io";

/// The ProxyConfig CRD is deleted for the scenario and installed again after it, whatever the
/// outcome (other scenarios create ProxyConfigs).
async fn missing_crd(env: Arc<Env>) -> Outcome {
    let rev = env.revision("canary");
    let crds: Api<CustomResourceDefinition> = Api::all(env.client.clone());
    let crd = crds.get(CRD_NAME).await.map_err(|e| e.to_string())?;
    crds.delete(CRD_NAME, &DeleteParams::default())
        .await
        .map_err(|e| format!("deleting the CRD: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(30);
    while crds
        .get_opt(CRD_NAME)
        .await
        .map_err(|e| e.to_string())?
        .is_some()
    {
        if Instant::now() > deadline {
            return Err("the ProxyConfig CRD was not deleted in 30 s".into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let root = env.namespace("pc-root", json!({})).await;
    watching(&env, rev, &root).await;
    let outcome = without_crd(&env, rev, &root, &crds, crd).await;
    if crds.get_opt(CRD_NAME).await.ok().flatten().is_none() {
        let _ = install(&crds, &env_crd()).await;
    }
    stop(rev).await;
    start(rev).await;
    outcome
}

async fn without_crd(
    env: &Env,
    rev: &Revision,
    root: &str,
    crds: &Api<CustomResourceDefinition>,
    crd: CustomResourceDefinition,
) -> Outcome {
    let (admin, log) = {
        let server = rev.server.lock().await;
        let server: &Server = server.as_ref().unwrap();
        (server.admin, server.log.clone())
    };
    wait_for(|| ready(admin).is_ok())
        .await
        .map_err(|_| format!("not ready without the CRD: {:?}", ready(admin)))?;
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let warning = "does not serve networking.istio.io/v1beta1 proxyconfigs";
    if text.matches(warning).count() != 1 {
        return Err(format!("want one warning {warning:?} in the log:\n{text}"));
    }
    let apps = env
        .namespace("pc-apps", json!({"istio.io/rev": "canary"}))
        .await;
    let plain = || pod("plain", json!({}), json!({}));
    let proxy = proxy_of(&env.create_pod(&apps, plain(), true).await?)?;
    if proxy.config != json!({"concurrency": 7}) {
        return Err(format!("without the CRD: {proxy:?}"));
    }
    // Installed again: the watch's back-off finds it (within its 30 s ceiling).
    let mut crd = crd;
    crd.metadata = kube::api::ObjectMeta {
        name: Some(CRD_NAME.into()),
        ..Default::default()
    };
    crd.status = None;
    install(crds, &crd).await?;
    create(env, root, "mesh-wide", json!({"concurrency": 1})).await?;
    let deadline = Duration::from_secs(45);
    expect_within(env, &apps, plain, "a CRD installed later", deadline, |p| {
        p.config == json!({"concurrency": 1})
    })
    .await?;
    delete(env, root, "mesh-wide").await
}

fn env_crd() -> CustomResourceDefinition {
    let path = corpus_dir().join("istio-crds/crd-all.gen.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = crate::common::yaml_documents(&text)
        .into_iter()
        .find(|d| d["metadata"]["name"] == CRD_NAME)
        .expect("the corpus has the ProxyConfig CRD");
    serde_json::from_value(doc).unwrap()
}

async fn install(crds: &Api<CustomResourceDefinition>, crd: &CustomResourceDefinition) -> Outcome {
    crds.create(&PostParams::default(), crd)
        .await
        .map_err(|e| format!("installing the CRD: {e}"))?;
    wait_established(crds, CRD_NAME).await;
    Ok(())
}

/// What the scenario reads off an injected pod: `PROXY_CONFIG` of istio-proxy (parsed), the
/// `LEVEL` env that proxyMetadata gives it, and its image.
#[derive(Debug)]
pub struct Proxy {
    pub config: Value,
    pub level: Option<String>,
    pub image: String,
}

pub fn proxy_of(stored: &Value) -> Result<Proxy, String> {
    if status_revision(stored).as_deref() != Some("canary") {
        return Err(format!("not injected by canary: {stored}"));
    }
    let proxy = stored["spec"]["containers"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["name"] == "istio-proxy"))
        .ok_or("no istio-proxy container")?;
    let env = |name: &str| {
        proxy["env"]
            .as_array()?
            .iter()
            .find(|e| e["name"] == name)?["value"]
            .as_str()
            .map(str::to_string)
    };
    let text = env("PROXY_CONFIG").ok_or("no PROXY_CONFIG")?;
    Ok(Proxy {
        config: serde_json::from_str(&text).map_err(|e| format!("PROXY_CONFIG {text:?}: {e}"))?,
        level: env("LEVEL"),
        image: proxy["image"].as_str().unwrap_or_default().to_string(),
    })
}

async fn steps(env: &Env, rev: &Revision, root: &str) -> Outcome {
    let admin = {
        let server = rev.server.lock().await;
        let server: &Server = server.as_ref().unwrap();
        server.admin
    };
    wait_for(|| ready(admin).is_ok())
        .await
        .map_err(|_| format!("not ready with --watch-cluster: {:?}", ready(admin)))?;
    let apps = env
        .namespace("pc-apps", json!({"istio.io/rev": "canary"}))
        .await;
    let plain = || pod("plain", json!({"app": "plain"}), json!({}));
    let annotated = |labels: Value| {
        pod(
            "annotated",
            labels,
            json!({"proxy.istio.io/config": "concurrency: 3\nproxyMetadata: {LEVEL: annotation}\n"}),
        )
    };

    // No resources: the mesh's defaultConfig.
    let first = proxy_of(&env.create_pod(&apps, plain(), true).await?)?;
    if first.config != json!({"concurrency": 7}) || first.level.is_some() {
        return Err(format!("with no ProxyConfig: {first:?}"));
    }

    // The root namespace's resource applies to every namespace, over the mesh default.
    create(
        env,
        root,
        "mesh-wide",
        json!({"concurrency": 1,
        "environmentVariables": {"LEVEL": "root", "FROM_ROOT": "kept"}}),
    )
    .await?;
    let want = json!({"concurrency": 1, "proxyMetadata": {"LEVEL": "root", "FROM_ROOT": "kept"}});
    expect(env, &apps, plain, "the root resource", |p| p.config == want).await?;

    // The namespace's resource wins over the root's; proxyMetadata maps merge; image type.
    create(
        env,
        &apps,
        "apps-wide",
        json!({"concurrency": 2,
        "environmentVariables": {"LEVEL": "namespace"}, "image": {"imageType": "debug"}}),
    )
    .await?;
    let want = json!({"concurrency": 2, "image": {"imageType": "debug"},
        "proxyMetadata": {"LEVEL": "namespace", "FROM_ROOT": "kept"}});
    expect(env, &apps, plain, "the namespace resource", |p| {
        p.config == want && p.level.as_deref() == Some("namespace") && p.image.ends_with("-debug")
    })
    .await?;

    // The pod's annotation wins over the namespace's resource.
    let proxy = proxy_of(
        &env.create_pod(&apps, annotated(json!({"app": "plain"})), true)
            .await?,
    )?;
    if proxy.config["concurrency"] != 3 || proxy.level.as_deref() != Some("annotation") {
        return Err(format!(
            "the annotation under a namespace resource: {proxy:?}"
        ));
    }

    // A resource selecting the pod's labels wins over the annotation; other pods keep theirs.
    create(
        env,
        &apps,
        "special-only",
        json!({"selector": {"matchLabels": {"app": "special"}},
        "concurrency": 4, "environmentVariables": {"LEVEL": "workload"}}),
    )
    .await?;
    let special = || annotated(json!({"app": "special"}));
    expect(env, &apps, special, "the workload resource", |p| {
        p.config["concurrency"] == 4 && p.level.as_deref() == Some("workload")
    })
    .await?;
    let other = proxy_of(
        &env.create_pod(&apps, annotated(json!({"app": "other"})), true)
            .await?,
    )?;
    if other.config["concurrency"] != 3 {
        return Err(format!(
            "a pod the workload resource does not select: {other:?}"
        ));
    }

    // Editing a resource changes the next pod; deleting one falls back to the level below.
    edit(env, &apps, "special-only", |spec| {
        spec["concurrency"] = json!(5)
    })
    .await?;
    expect(env, &apps, special, "the edited workload resource", |p| {
        p.config["concurrency"] == 5
    })
    .await?;
    delete(env, &apps, "apps-wide").await?;
    expect(
        env,
        &apps,
        plain,
        "the root resource after the namespace's went",
        |p| p.level.as_deref() == Some("root") && p.config["concurrency"] == 1,
    )
    .await?;
    // Stored, not only dry-run: the apiserver keeps what needle answered.
    let stored = proxy_of(&env.create_pod(&apps, special(), false).await?)?;
    if stored.config["concurrency"] != 5 {
        return Err(format!("the stored pod: {stored:?}"));
    }
    delete(env, &apps, "special-only").await?;
    delete(env, root, "mesh-wide").await
}

/// Dry-run pods until one satisfies `check` (the watch reaches needle a moment after the
/// apiserver stored the change), up to 20 s.
async fn expect(
    env: &Env,
    ns: &str,
    pod: impl Fn() -> Value,
    what: &str,
    check: impl Fn(&Proxy) -> bool,
) -> Outcome {
    expect_within(env, ns, pod, what, Duration::from_secs(20), check).await
}

pub async fn expect_within(
    env: &Env,
    ns: &str,
    pod: impl Fn() -> Value,
    what: &str,
    within: Duration,
    check: impl Fn(&Proxy) -> bool,
) -> Outcome {
    let deadline = Instant::now() + within;
    loop {
        let proxy = proxy_of(&env.create_pod(ns, pod(), true).await?)?;
        if check(&proxy) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("{what}: the pod got {proxy:?}"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn api(env: &Env, ns: &str) -> Api<DynamicObject> {
    Api::namespaced_with(env.client.clone(), ns, &env.kinds["ProxyConfig"])
}

pub async fn create(env: &Env, ns: &str, name: &str, spec: Value) -> Outcome {
    let object = json!({"apiVersion": "networking.istio.io/v1beta1", "kind": "ProxyConfig",
        "metadata": {"name": name, "namespace": ns}, "spec": spec});
    env.create_resource(&object, ns, false)
        .await
        .map_err(|e| format!("creating ProxyConfig {ns}/{name}: {e}"))
}

async fn edit(env: &Env, ns: &str, name: &str, change: impl Fn(&mut Value)) -> Outcome {
    let api = api(env, ns);
    let mut current = api.get(name).await.map_err(|e| e.to_string())?;
    change(&mut current.data["spec"]);
    api.replace(name, &PostParams::default(), &current)
        .await
        .map(drop)
        .map_err(|e| format!("editing ProxyConfig {ns}/{name}: {e}"))
}

async fn delete(env: &Env, ns: &str, name: &str) -> Outcome {
    api(env, ns)
        .delete(name, &DeleteParams::default())
        .await
        .map(drop)
        .map_err(|e| format!("deleting ProxyConfig {ns}/{name}: {e}"))
}
