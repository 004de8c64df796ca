//! The replica cache (`core::inject::replicas`): replicas of one pod get the first one's patch,
//! byte for byte what working it out again would give, and nothing the injection reads is
//! left out of the key:
//! - Istio's injection goldens twice in one process: the second pass is all hits, with the
//!   first pass's patches (and kube-inject's output) byte-identical, and the first pass what
//!   the admission gives without a cache;
//! - the two fields of a pod's body that differ between replicas change nothing:
//!   `metadata.managedFields` (its timestamps), and the service account token volume's name
//!   (random), which each replica's patch carries as its own, unless a template writes it into
//!   a longer text; each field and input that must not be ignored misses;
//! - renders that read the clock or randomness, skips and denials are never reused.

mod common;

use common::golden_cases::{
    injectable_documents, istio_inject_cases, openshift_namespace, snapshot_for, webhook_pod,
};
use common::yaml_documents;
use needle::cli::kube_inject::inject_stream;
use needle::core::config::proxy_config::resources::{ProxyConfigResource, ProxyConfigs};
use needle::core::inject::Snapshot;
use needle::core::inject::admit::{Admission, Decision, Settings, admit};
use needle::core::inject::native::{NativeMode, Nodes};
use needle::core::inject::replicas::{Bounds, Counts, ReplicaCache};
use needle::core::inject::snapshot::{self, Source, Sources, TemplateSource};
use needle::core::inject::workload::Offline;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// What one admission answered: the patch when injected, else the decision's name and reason.
fn answer(decision: Decision) -> (String, bool) {
    match decision {
        Decision::Injected(injected, _) => (injected.patch().to_string(), injected.is_reused()),
        other => (format!("{}: {}", other.name(), other.reason()), false),
    }
}

#[test]
fn goldens_twice_in_one_process_give_byte_identical_patches() {
    let (mut pods, mut hits, mut kube_inject_cases) = (0, 0, 0);
    let namespace = openshift_namespace();
    let envs = BTreeMap::new();
    for case in istio_inject_cases() {
        let snapshot = snapshot_for(&case, TemplateSource::Auto).unwrap();
        if !case.skip_webhook {
            let settings = case.settings("default");
            let cache = ReplicaCache::new(Bounds::default());
            let inputs = injectable_documents(&yaml_documents(&case.input_text()));
            let run = |pod: &Value, replicas: Option<&ReplicaCache>| {
                let request_namespace = pod
                    .pointer("/metadata/namespace")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let admission = Admission {
                    openshift_namespace: (case.platform == "openshift").then_some(&namespace),
                    replicas,
                    ..Admission::webhook(Cow::Borrowed(pod), request_namespace, &envs)
                };
                answer(admit(&snapshot, &settings, admission))
            };
            let pods_of_case: Vec<Value> = inputs.iter().map(webhook_pod).collect();
            let uncached: Vec<_> = pods_of_case.iter().map(|p| run(p, None).0).collect();
            let first: Vec<_> = pods_of_case.iter().map(|p| run(p, Some(&cache))).collect();
            let before = cache.counts();
            let second: Vec<_> = pods_of_case.iter().map(|p| run(p, Some(&cache))).collect();
            let injected = first.iter().filter(|(a, _)| a.starts_with('[')).count();
            for (i, ((un, (one, _)), (two, reused))) in
                uncached.iter().zip(&first).zip(&second).enumerate()
            {
                assert_eq!(un, one, "{} pod {i}: the first pass differs", case.name);
                assert_eq!(one, two, "{} pod {i}: the second pass differs", case.name);
                assert_eq!(*reused, one.starts_with('['), "{} pod {i}", case.name);
            }
            let after = cache.counts();
            assert_eq!(
                (after.hits - before.hits, after.misses - before.misses),
                (injected as u64, 0),
                "{}: the second pass is all hits",
                case.name
            );
            pods += injected;
            hits += after.hits - before.hits;
        }
        if !case.skip_kube_inject && case.expected_error.is_none() {
            let settings = case.settings("");
            let cache = ReplicaCache::new(Bounds::default());
            let stream = |replicas| {
                let run = Offline {
                    snapshot: &snapshot,
                    settings: &settings,
                    proxy_configs: None,
                    replicas,
                };
                let name = case.input.display().to_string();
                inject_stream(&name, &case.input_text(), &run, &mut Vec::new())
                    .map_err(|e| format!("{e:#}"))
            };
            let uncached = stream(None);
            let first = stream(Some(&cache));
            let before = cache.counts();
            let second = stream(Some(&cache));
            assert_eq!(uncached, first, "{}: kube-inject, first pass", case.name);
            assert_eq!(first, second, "{}: kube-inject, second pass", case.name);
            assert_eq!(cache.counts().misses, before.misses, "{}", case.name);
            kube_inject_cases += 1;
        }
    }
    assert!(
        pods > 100 && kube_inject_cases > 100,
        "{pods} {kube_inject_cases}"
    );
    println!(
        "replica cache: goldens webhook {pods}/{pods} injected pods' patches byte-identical on \
         the second pass ({hits} hits), kube-inject {kube_inject_cases}/{kube_inject_cases} \
         outputs"
    );
}

/// A replica of a ReplicaSet as the apiserver hands it to the webhook: `generateName`, no
/// name, the controller's managedFields entry stamped with the second it was created.
fn replica(stamp: &str) -> Value {
    json!({
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "generateName": "hello-6d4f8b7c9-",
            "namespace": "apps",
            "labels": {"app": "hello", "pod-template-hash": "6d4f8b7c9"},
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet",
                "name": "hello-6d4f8b7c9", "uid": "1f0c", "controller": true}],
            "managedFields": [{"manager": "kube-controller-manager", "operation": "Update",
                "apiVersion": "v1", "time": stamp, "fieldsType": "FieldsV1",
                "fieldsV1": {"f:metadata": {"f:generateName": {}}}}]
        },
        "spec": {
            "containers": [{"name": "hello", "image": "hello:1",
                "ports": [{"containerPort": 8080}],
                "readinessProbe": {"httpGet": {"port": 8080, "path": "/ready"}}}]
        }
    })
}

/// `pod` as the apiserver's ServiceAccount admission plugin leaves it: a projected token
/// volume named `kube-api-access-` and five random characters, mounted in each container.
fn with_token(mut pod: Value, random: &str) -> Value {
    let name = format!("kube-api-access-{random}");
    pod["spec"]["volumes"] = json!([{"name": name, "projected": {"defaultMode": 420, "sources": [
        {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
        {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}}]}}]);
    for container in pod["spec"]["containers"].as_array_mut().unwrap() {
        container["volumeMounts"] = json!([{"name": name, "readOnly": true,
            "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"}]);
    }
    pod
}

/// Everything an admission reads beside the pod, to vary one at a time.
struct World {
    snapshot: Snapshot,
    settings: Settings,
    namespace: &'static str,
    envs: BTreeMap<String, String>,
    proxy_configs: Option<ProxyConfigs>,
    nodes: Option<Nodes>,
    openshift_namespace: Option<Value>,
}

impl World {
    fn new() -> Self {
        Self {
            snapshot: snapshot::embedded(),
            settings: Settings::default(),
            namespace: "apps",
            envs: BTreeMap::new(),
            proxy_configs: None,
            nodes: None,
            openshift_namespace: None,
        }
    }

    fn admit(&self, pod: &Value, replicas: Option<&ReplicaCache>) -> (String, bool) {
        let admission = Admission {
            proxy_configs: self.proxy_configs.as_ref(),
            nodes: self.nodes.as_ref(),
            openshift_namespace: self.openshift_namespace.as_ref(),
            replicas,
            ..Admission::webhook(Cow::Borrowed(pod), self.namespace, &self.envs)
        };
        answer(admit(&self.snapshot, &self.settings, admission))
    }
}

fn counts(cache: &ReplicaCache) -> (u64, u64, usize) {
    let Counts {
        hits,
        misses,
        entries,
        ..
    } = cache.counts();
    (hits, misses, entries)
}

#[test]
fn managed_fields_differ_between_replicas_and_change_nothing() {
    let world = World::new();
    let cache = ReplicaCache::new(Bounds::default());
    let (first, reused) = world.admit(&replica("2026-12-05T10:00:00Z"), Some(&cache));
    assert!(first.starts_with('[') && !reused, "{first}");
    let (second, reused) = world.admit(&replica("2026-12-05T10:00:07Z"), Some(&cache));
    assert!(reused);
    assert_eq!(first, second);
    assert_eq!(
        second,
        world.admit(&replica("2026-12-05T10:00:07Z"), None).0
    );
    assert_eq!(counts(&cache), (1, 1, 1));
}

#[test]
fn each_replica_gets_the_patch_with_its_own_token_volume() {
    let world = World::new();
    let cache = ReplicaCache::new(Bounds::default());
    for (n, random) in ["bz9q2", "x7b2q", "x7b2q", "mm4lp"].into_iter().enumerate() {
        let pod = with_token(replica(&format!("2026-12-07T10:00:0{n}Z")), random);
        let (patch, reused) = world.admit(&pod, Some(&cache));
        assert_eq!(reused, n > 0, "replica {n}");
        assert!(
            patch.contains(&format!("\"kube-api-access-{random}\"")),
            "{patch}"
        );
        assert_eq!(patch, world.admit(&pod, None).0, "replica {n}");
    }
    assert_eq!(counts(&cache), (3, 1, 1));
}

#[test]
fn a_template_that_reads_the_token_volume_shares_only_what_a_swap_gives() {
    let name = "(index .Spec.Volumes 0).Name";
    for (expression, shared) in [
        (name.to_string(), true),
        (format!("printf \"in %s\" {name}"), false),
    ] {
        let world = World {
            snapshot: stamping(&expression),
            ..World::new()
        };
        let cache = ReplicaCache::new(Bounds::default());
        for (n, random) in ["bz9q2", "x7b2q", "mm4lp"].into_iter().enumerate() {
            let pod = with_token(replica("t"), random);
            let (patch, reused) = world.admit(&pod, Some(&cache));
            assert!(
                patch.contains(&format!("kube-api-access-{random}\"")),
                "{patch}"
            );
            assert_eq!(reused, shared && n > 0, "{expression}, replica {n}");
            assert_eq!(
                patch,
                world.admit(&pod, None).0,
                "{expression}, replica {n}"
            );
        }
        let hits = if shared { 2 } else { 0 };
        assert_eq!(counts(&cache), (hits, 3 - hits, 1), "{expression}");
    }
}

/// Each change the injection reads: the second admission misses and gives exactly what the
/// admission gives without a cache.
#[test]
fn every_field_and_input_the_injection_reads_misses() {
    type Change = fn(&mut Value, &mut World);
    let changes: [(&str, Change); 16] = [
        ("metadata.name", |p, _| {
            p["metadata"]["name"] = "hello-1".into()
        }),
        ("metadata.generateName", |p, _| {
            p["metadata"]["generateName"] = "hello-7f5-".into()
        }),
        ("metadata.namespace", |p, _| {
            p["metadata"]["namespace"] = "other".into()
        }),
        ("metadata.labels", |p, _| {
            p["metadata"]["labels"]["version"] = "v2".into()
        }),
        ("metadata.annotations", |p, _| {
            p["metadata"]["annotations"] = json!({"sidecar.istio.io/logLevel": "debug"})
        }),
        ("metadata.ownerReferences", |p, _| {
            p["metadata"]["ownerReferences"][0]["name"] = "hello-7f5".into()
        }),
        ("spec.containers[].image", |p, _| {
            p["spec"]["containers"][0]["image"] = "hello:2".into()
        }),
        ("spec.containers[].readinessProbe", |p, _| {
            p["spec"]["containers"][0]["readinessProbe"]["httpGet"]["path"] = "/live".into()
        }),
        ("spec.serviceAccountName", |p, _| {
            p["spec"]["serviceAccountName"] = "hello".into()
        }),
        ("the request's namespace", |p, w| {
            p["metadata"].as_object_mut().unwrap().remove("namespace");
            w.namespace = "elsewhere";
        }),
        ("the webhook path's parameters", |_, w| {
            w.envs.insert("ISTIO_META_CLUSTER_ID".into(), "c2".into());
        }),
        ("the configuration, reloaded", |_, w| {
            w.snapshot = snapshot::embedded()
        }),
        ("the ProxyConfig resources", |_, w| {
            let object = json!({"apiVersion": "networking.istio.io/v1beta1",
                "kind": "ProxyConfig", "metadata": {"name": "pc", "namespace": "apps"},
                "spec": {"concurrency": 3}});
            let resource = ProxyConfigResource::from_object(&object).unwrap();
            w.proxy_configs = Some(ProxyConfigs::new(vec![resource]));
        }),
        ("the nodes, under native auto", |_, w| {
            w.settings.native_sidecars = NativeMode::Auto;
            w.nodes = Some(BTreeMap::from([("n1".into(), "v1.33.1".into())]));
        }),
        ("the pod's Namespace on OpenShift", |_, w| {
            w.openshift_namespace = Some(json!({"metadata": {"name": "apps", "annotations": {
                "openshift.io/sa.scc.uid-range": "1000620000/10000"}}}));
        }),
        ("the settings' revision", |_, w| {
            w.settings.revision = "canary".into()
        }),
    ];
    for (what, change) in changes {
        let mut world = World::new();
        let cache = ReplicaCache::new(Bounds::default());
        let mut pod = replica("2026-12-05T10:00:00Z");
        let (first, _) = world.admit(&pod, Some(&cache));
        assert!(first.starts_with('['), "{what}: {first}");
        change(&mut pod, &mut world);
        let (second, reused) = world.admit(&pod, Some(&cache));
        assert!(!reused, "{what}: reused");
        assert_eq!(counts(&cache), (0, 2, 2), "{what}");
        assert_eq!(second, world.admit(&pod, None).0, "{what}");
    }
}

#[test]
fn skips_and_denials_are_not_cached() {
    let world = World::new();
    let cache = ReplicaCache::new(Bounds::default());
    let mut skipped = replica("t");
    skipped["metadata"]["labels"]["sidecar.istio.io/inject"] = "false".into();
    let mut denied = replica("t");
    denied["metadata"]["annotations"] = json!({"sidecar.istio.io/proxyCPU": "lots"});
    for _ in 0..2 {
        assert!(world.admit(&skipped, Some(&cache)).0.starts_with("skipped"));
        let (answer, _) = world.admit(&denied, Some(&cache));
        assert!(answer.starts_with("denied"), "{answer}");
    }
    // Selection decides before the cache is asked; a denial is looked up but never kept.
    assert_eq!(counts(&cache), (0, 2, 0));
}

/// A configuration whose only template writes one annotation with `expression`.
fn stamping(expression: &str) -> Snapshot {
    let config = format!(
        "policy: enabled\ndefaultTemplates: [stamp]\ntemplates:\n  stamp: |\n    metadata:\n      \
         annotations:\n        stamp: {{{{ {expression} | quote }}}}\n"
    );
    snapshot::build(Sources {
        config: Some(Source {
            name: "config.yaml",
            text: &config,
        }),
        ..Sources::default()
    })
    .unwrap()
}

#[test]
fn renders_that_read_the_clock_or_randomness_are_not_reused() {
    for (expression, cached) in [
        ("randAlphaNum 8", false),
        ("uuidv4", false),
        ("now | date \"2006\"", false),
        ("list 3 1 2 | shuffle | join \",\"", false),
        ("\"fixed\" | upper", true),
    ] {
        let world = World {
            snapshot: stamping(expression),
            ..World::new()
        };
        let cache = ReplicaCache::new(Bounds::default());
        let (first, _) = world.admit(&replica("t"), Some(&cache));
        assert!(first.contains("stamp"), "{expression}: {first}");
        let (_, reused) = world.admit(&replica("t"), Some(&cache));
        assert_eq!(reused, cached, "{expression}");
        assert_eq!(counts(&cache).2, usize::from(cached), "{expression}");
    }
}
