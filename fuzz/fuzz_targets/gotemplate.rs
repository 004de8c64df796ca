//! An Istio-style Go template: translated to minijinja, compiled, and rendered for the hello
//! pod over the embedded default values and mesh config, as an injection renders it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use needle::core::inject::context::{self, ContextInput, Owner};
use needle::core::inject::render::Templates;
use needle::core::inject::vars::Vars;
use needle::core::inject::{Snapshot, snapshot};
use serde_json::json;
use std::sync::{Arc, LazyLock};

static SNAPSHOT: LazyLock<Snapshot> = LazyLock::new(snapshot::embedded);

static HELLO: LazyLock<Arc<Vars>> = LazyLock::new(|| {
    let pod = Arc::new(json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "hello", "namespace": "demo", "labels": {"app": "hello"},
            "annotations": {"sidecar.istio.io/rewriteAppHTTPProbers": "true"}},
        "spec": {"serviceAccountName": "hello", "containers": [{"name": "hello",
            "image": "example.com/hello:1.0", "ports": [{"name": "http", "containerPort": 8080}],
            "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}}}]}}));
    let s = &*SNAPSHOT;
    Arc::new(context::build(&ContextInput {
        pod: &pod,
        owner: &Owner::default(),
        values: &s.values,
        mesh: &s.mesh,
        proxy_config: &s.mesh["defaultConfig"],
        proxy_config_is_default: true,
        revision: "",
        native_sidecars: false,
        proxy_uid: 1337,
        proxy_gid: 1337,
        compliance_policy: "",
        release: needle::core::release::Release::NEWEST,
        now: 0,
    }))
});

fuzz_target!(|text: &str| {
    let Ok(templates) = Templates::compile(
        &[("fuzz".to_string(), text.to_string())],
        needle::core::release::Release::NEWEST,
    ) else {
        return;
    };
    let _ = templates.render("fuzz", &SNAPSHOT.shared_context, &HELLO);
});
