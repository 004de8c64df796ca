//! `needle kube-inject` as a user runs it: the real binary, real files, stdout and stderr.

#[path = "../common/mod.rs"]
mod common;
mod config;
mod decisions;
mod reading;

use common::server::{TempDir, temp_dir};

use common::yaml_documents;

use serde_json::Value;

use std::io::Write;

use std::path::PathBuf;

use std::process::{Command, Output, Stdio};

fn needle(args: &[&str], env: &[(&str, &str)], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_needle"));
    cmd.args(args)
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .env_remove("COMPLIANCE_POLICY");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("needle runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A file with `text` in a fresh directory, removed when the returned guard is dropped;
/// returns (directory, file).
fn scratch_file(tag: &str, name: &str, text: &str) -> (TempDir, PathBuf) {
    let dir = temp_dir(tag);
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

/// The item called `name` in a list of named objects (containers, volumes, mounts).
fn named<'a>(list: &'a Value, name: &str) -> &'a Value {
    list.as_array()
        .and_then(|l| l.iter().find(|item| item["name"] == name))
        .unwrap_or_else(|| panic!("no {name:?} in {list}"))
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .map(|l| l.iter().map(|c| c["name"].as_str().unwrap()).collect())
        .unwrap_or_default()
}

/// A pod that lists its user volume and mount as JSON lists, as Istio's own
/// `samples/addons/extras/prometheus-secure-metrics.yaml` does: Istio's template writes each
/// item as `- name: "<index>"` followed by the item's own fields, `name` among them.
const USER_VOLUME_LIST_POD: &str = r#"apiVersion: v1
kind: Pod
metadata:
  name: p
  annotations:
    sidecar.istio.io/userVolume: '[{"name": "istio-certs", "emptyDir": {"medium": "Memory"}}]'
    sidecar.istio.io/userVolumeMount: '[{"name": "istio-certs", "mountPath": "/etc/istio-certs", "readOnly": true}]'
spec: {containers: [{name: app, image: app}]}
"#;

/// ProxyConfig resources at each level for the `demo` namespace of hello-deployment.yaml: the
/// root namespace's (a plain document), the namespace's and a workload's (in a `List`, as
/// `kubectl get proxyconfigs -A -o yaml` writes them).
const ROOT_PROXY_CONFIG: &str = "apiVersion: networking.istio.io/v1beta1
kind: ProxyConfig
metadata: {name: mesh-wide, namespace: istio-system}
spec:
  concurrency: 1
  environmentVariables: {LEVEL: root, ROOT_ONLY: rt}
";

fn namespace_proxy_configs(workload_labels: &str) -> String {
    format!(
        "apiVersion: v1
kind: List
items:
- apiVersion: networking.istio.io/v1beta1
  kind: ProxyConfig
  metadata: {{name: demo-wide, namespace: demo}}
  spec:
    concurrency: 2
    environmentVariables: {{LEVEL: namespace, NS_ONLY: ns}}
    image: {{imageType: debug}}
- apiVersion: networking.istio.io/v1beta1
  kind: ProxyConfig
  metadata: {{name: hello-only, namespace: demo}}
  spec:
    selector: {{matchLabels: {workload_labels}}}
    environmentVariables: {{LEVEL: workload}}
"
    )
}

/// kube-inject with ProxyConfig files; the pod's proxy container.
fn inject_with_proxy_configs(files: &[&PathBuf]) -> Value {
    let mut args = vec!["kube-inject", "-f", "testdata/hello-deployment.yaml"];
    for f in files {
        args.extend(["--proxyConfigFile", f.to_str().unwrap()]);
    }
    let out = needle(&args, &[], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    named(
        &docs[0]["spec"]["template"]["spec"]["containers"],
        "istio-proxy",
    )
    .clone()
}

fn env_of<'a>(container: &'a Value, name: &str) -> Option<&'a str> {
    container["env"]
        .as_array()?
        .iter()
        .find(|e| e["name"] == name)
        .and_then(|e| e["value"].as_str())
}

/// The images of `istio-init` and `istio-proxy` (a native sidecar or not), in that order, in
/// the first document's pod.
fn images(out: &Output) -> Vec<String> {
    assert!(out.status.success(), "{}", stderr(out));
    let docs = yaml_documents(&stdout(out));
    let spec = &docs[0]["spec"]["template"]["spec"];
    let mut found: Vec<(String, String)> = ["initContainers", "containers"]
        .iter()
        .filter_map(|list| spec[list].as_array())
        .flatten()
        .filter(|c| c["name"] == "istio-init" || c["name"] == "istio-proxy")
        .map(|c| {
            (
                c["name"].to_string(),
                c["image"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, image)| image).collect()
}
