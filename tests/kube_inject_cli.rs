//! `needle kube-inject` as a user runs it: the real binary, real files, stdout and stderr.

mod common;

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

#[test]
fn injects_a_deployment_on_embedded_defaults() {
    let out = needle(
        &["kube-inject", "-f", "testdata/hello-deployment.yaml"],
        &[],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let pod = &docs[0]["spec"]["template"];
    assert_eq!(names(&pod["spec"]["containers"]), ["hello", "istio-proxy"]);
    assert_eq!(names(&pod["spec"]["initContainers"]), ["istio-init"]);
    let annos = &pod["metadata"]["annotations"];
    assert_eq!(annos["prometheus.io/port"], "15020");
    assert_eq!(annos["kubectl.kubernetes.io/default-container"], "hello");
    let status: Value =
        serde_json::from_str(annos["sidecar.istio.io/status"].as_str().unwrap()).unwrap();
    assert_eq!(status["containers"], serde_json::json!(["istio-proxy"]));
    assert_eq!(status["revision"], "default");
    // The app's readiness probe now goes through the agent, and the agent knows the original.
    let app = &pod["spec"]["containers"][0];
    assert_eq!(
        app["readinessProbe"]["httpGet"],
        serde_json::json!({"path": "/app-health/hello/readyz", "port": 15020})
    );
    let proxy = &pod["spec"]["containers"][1];
    let probers = named(&proxy["env"], "ISTIO_KUBE_APP_PROBERS");
    assert_eq!(
        probers["value"],
        r#"{"/app-health/hello/readyz":{"httpGet":{"path":"/ready","port":8080}}}"#
    );
    assert!(stdout(&out).ends_with("---\n"));
}

#[test]
fn octal_file_modes_and_whole_floats_read_as_kubectl_reads_them() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: modes}\nspec:\n  containers:\n  \
               - {name: app, image: app, ports: [{containerPort: 8080.0}]}\n  volumes:\n  \
               - name: cfg\n    configMap: {name: cfg, defaultMode: 0644, items: [{key: a, path: a, mode: 0400}]}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    let cfg = &named(&spec["volumes"], "cfg")["configMap"];
    assert_eq!(cfg["defaultMode"], 420);
    assert_eq!(cfg["items"][0]["mode"], 256);
    assert_eq!(
        named(&spec["containers"], "app")["ports"][0]["containerPort"],
        8080
    );
    assert!(
        stdout(&out).contains("defaultMode: 420\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn zero_values_are_written_as_the_go_pod_type_writes_them() {
    // terminationGracePeriodSeconds and privileged are pointers: an explicit zero stays.
    // stdin, readOnly and hostPort are plain fields with omitempty: their zero goes.
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: zeros}\nspec:\n  \
               terminationGracePeriodSeconds: 0\n  containers:\n  \
               - name: app\n    image: app\n    stdin: false\n    \
               ports: [{containerPort: 80, hostPort: 0}]\n    \
               securityContext: {privileged: false}\n    \
               volumeMounts: [{name: data, mountPath: /data, readOnly: false}]\n  \
               volumes:\n  - {name: data, emptyDir: {sizeLimit: 1024Mi}}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    assert_eq!(spec["terminationGracePeriodSeconds"], 0);
    let app = named(&spec["containers"], "app");
    assert_eq!(
        app["securityContext"],
        serde_json::json!({"privileged": false})
    );
    assert_eq!(app["ports"], serde_json::json!([{"containerPort": 80}]));
    assert_eq!(
        named(&app["volumeMounts"], "data"),
        &serde_json::json!({"name": "data", "mountPath": "/data"})
    );
    assert!(app.get("stdin").is_none(), "{app}");
    assert_eq!(
        named(&spec["volumes"], "data")["emptyDir"]["sizeLimit"],
        "1Gi"
    );
}

#[test]
fn older_api_versions_are_injected_and_look_alike_custom_kinds_pass_through() {
    let stream = "apiVersion: extensions/v1beta1\nkind: Deployment\nmetadata: {name: old}\n\
                  spec: {template: {spec: {containers: [{name: app, image: app}]}}}\n---\n\
                  kind: Pod\nmetadata: {name: bare}\nspec: {containers: [{name: app, image: app}]}\n---\n\
                  apiVersion: batch.volcano.sh/v1alpha1\nkind: Job\nmetadata: {name: vj}\n\
                  spec: {tasks: [{template: {spec: {containers: [{name: app, image: app}]}}}]}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(stream));
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let old = &docs[0]["spec"]["template"]["spec"]["containers"];
    assert_eq!(names(old), ["app", "istio-proxy"]);
    assert_eq!(
        names(&docs[1]["spec"]["containers"]),
        ["app", "istio-proxy"]
    );
    let volcano = &docs[2]["spec"]["tasks"][0]["template"]["spec"]["containers"];
    assert_eq!(names(volcano), ["app"]);
}

#[test]
fn numbers_and_booleans_in_labels_and_annotations_are_read_as_text() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {version: 1.10, canary: yes, build: 1e6, huge: 1.7976931348623157e308}\n  \
               annotations: {sidecar.istio.io/proxyCPU: 1, readiness.status.sidecar.istio.io/periodSeconds: 30}\n\
               spec: {containers: [{name: app, image: app}]}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    let doc = &yaml_documents(&stdout(&out))[0];
    let labels = &doc["metadata"]["labels"];
    assert_eq!(
        (&labels["version"], &labels["canary"]),
        (&Value::from("1.1"), &Value::from("true"))
    );
    assert_eq!(
        (&labels["build"], &labels["huge"]),
        (&Value::from("1e+06"), &Value::from("+Inf"))
    );
    assert_eq!(labels["service.istio.io/canonical-revision"], "1.1");
    let proxy = named(&doc["spec"]["containers"], "istio-proxy");
    assert_eq!(proxy["resources"]["requests"]["cpu"], "1");
    assert_eq!(proxy["readinessProbe"]["periodSeconds"], 30);
}

#[test]
fn user_volumes_may_be_a_json_map_or_list_as_go_ranges_over_both() {
    let pod = r#"apiVersion: v1
kind: Pod
metadata:
  name: p
  annotations:
    sidecar.istio.io/userVolume: '[{"name": "extra", "emptyDir": {}}]'
    sidecar.istio.io/userVolumeMount: '{"extra": {"mountPath": "/extra"}}'
spec: {containers: [{name: app, image: app}]}
"#;
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    assert_eq!(
        named(&spec["volumes"], "extra")["emptyDir"],
        serde_json::json!({})
    );
    let proxy = named(&spec["containers"], "istio-proxy");
    assert_eq!(
        named(&proxy["volumeMounts"], "extra")["mountPath"],
        "/extra"
    );
    let bad = pod.replace(r#"'[{"name": "extra", "emptyDir": {}}]'"#, "not-json");
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(&bad));
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("range can't iterate over {}"),
        "{}",
        stderr(&out)
    );
    // An item that is not a map makes Istio's template output broken YAML: refused too.
    let scalar = pod.replace(r#"'[{"name": "extra", "emptyDir": {}}]'"#, r#"'["a"]'"#);
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(&scalar));
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains(r#"cannot merge "a" into an object"#),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_skipped_pod_is_named_after_its_workload_as_istioctl_names_it() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: hello-abc123-\n  \
               labels: {pod-template-hash: abc123}\n  annotations: {sidecar.istio.io/inject: \"false\"}\n  \
               ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: hello-abc123, uid: u1, controller: true}]\n\
               spec: {containers: [{name: a, image: x}]}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            r#"===> Skipping injection because Deployment "hello" has sidecar injection disabled"#
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_proxy_config_that_does_not_parse_fails_even_a_skipped_pod() {
    // Host networking is checked first, as istioctl does: that pod is skipped.
    let host = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  \
               annotations: {proxy.istio.io/config: \"concurrency: abc\"}\n\
               spec: {hostNetwork: true, containers: [{name: a, image: x}]}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(host));
    assert!(out.status.success(), "{}", stderr(&out));
    // Injection disabled is decided after the ProxyConfig is read: that pod fails.
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  \
               labels: {sidecar.istio.io/inject: \"false\"}\n  \
               annotations: {proxy.istio.io/config: \"concurrency: abc\"}\n\
               spec: {containers: [{name: a, image: x}]}\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(!out.status.success());
    assert!(
        stderr(&out)
            .contains("invalid proxy.istio.io/config annotation: concurrency: must be an integer"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn native_sidecars_follow_the_environment() {
    let out = needle(
        &["kube-inject", "-f", "testdata/hello-deployment.yaml"],
        &[("ENABLE_NATIVE_SIDECARS", "true")],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let spec = &docs[0]["spec"]["template"]["spec"];
    assert_eq!(names(&spec["containers"]), ["hello"]);
    assert_eq!(
        names(&spec["initContainers"]),
        ["istio-init", "istio-proxy"]
    );
    assert_eq!(spec["initContainers"][1]["restartPolicy"], "Always");
}

#[test]
fn multi_document_streams_keep_other_kinds_and_warn_on_skips() {
    let out = needle(
        &["kube-inject", "-f", "-"],
        &[],
        Some(&std::fs::read_to_string("testdata/mixed-stream.yaml").unwrap()),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("# Several documents"),
        "the Service is copied as given:\n{text}"
    );
    let docs = yaml_documents(&text);
    assert_eq!(docs.len(), 4);
    assert_eq!(
        names(&docs[1]["spec"]["template"]["spec"]["containers"]),
        ["web", "istio-proxy"]
    );
    assert!(
        docs[2]["spec"].get("initContainers").is_none(),
        "host-network pod untouched"
    );
    // CronJob: labels and annotations land on the Job template's metadata, as Istio does.
    assert!(
        docs[3]["spec"]["jobTemplate"]["metadata"]["annotations"]["sidecar.istio.io/status"]
            .is_string()
    );
    assert_eq!(
        names(&docs[3]["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"]),
        ["job", "istio-proxy"]
    );
    assert!(
        stderr(&out).contains(
            r#"===> Skipping injection because Pod "node-agent" has host networking enabled"#
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn invalid_annotation_is_refused_with_istio_message_and_no_output_file() {
    let dir = temp_dir("cli");
    let out_file = dir.join("out.yaml");
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/bad-annotation-pod.yaml",
            "-o",
            out_file.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("testdata/bad-annotation-pod.yaml: document 0 (Pod bad)"),
        "{err}"
    );
    assert!(err.contains("invalid value '10.0.0.1' for annotation 'traffic.sidecar.istio.io/includeOutboundIPRanges'"), "{err}");
    assert!(!out_file.exists(), "nothing is written on failure");
}

#[test]
fn bad_inputs_name_file_document_and_field() {
    let cases: [(&str, &str); 4] = [
        (
            "apiVersion: v1\nkind: Pod\nmetadata: [unclosed\n",
            "document 0 (starting at line 1): invalid YAML",
        ),
        (
            "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {}\n",
            "document 0 (Deployment x): spec.template.spec: Deployment has no pod template",
        ),
        (
            "a: 1\n---\n- just\n- a list\n",
            "document 1 (starting at line 3): expected a Kubernetes object, found a list",
        ),
        (
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations: {inject.istio.io/templates: nope}\nspec: {containers: [{name: a, image: b}]}\n",
            "requested template \"nope\" not found",
        ),
    ];
    for (input, want) in cases {
        let out = needle(&["kube-inject", "-f", "-"], &[], Some(input));
        assert!(!out.status.success(), "should fail: {input}");
        assert!(
            stderr(&out).contains(want),
            "want {want:?} in {:?}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty(), "nothing on stdout when failing");
    }
}

#[test]
fn broken_config_files_name_the_file() {
    let dir = temp_dir("cfg");
    let values = dir.join("values.json");
    std::fs::write(&values, "{\"global\": [1,").unwrap();
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--valuesFile",
            values.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains(&format!("{}: invalid YAML", values.display())),
        "{}",
        stderr(&out)
    );
    let missing = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--meshConfigFile",
            "/nonexistent/mesh.yaml",
        ],
        &[],
        None,
    );
    assert!(
        stderr(&missing).contains("cannot read /nonexistent/mesh.yaml"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn mesh_and_values_files_change_the_output() {
    let (_dir, mesh) = scratch_file(
        "mesh",
        "mesh.yaml",
        "trustDomain: example.org\ndefaultConfig:\n  holdApplicationUntilProxyStarts: true\n",
    );
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--meshConfigFile",
            mesh.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let containers = &docs[0]["spec"]["template"]["spec"]["containers"];
    assert_eq!(
        names(containers),
        ["istio-proxy", "hello"],
        "hold moves the proxy first"
    );
    assert_eq!(
        containers[0]["lifecycle"]["postStart"]["exec"]["command"],
        serde_json::json!(["pilot-agent", "wait"])
    );
    let env = containers[0]["env"].as_array().unwrap();
    assert!(
        env.iter()
            .any(|e| e["name"] == "TRUST_DOMAIN" && e["value"] == "example.org")
    );
    assert!(env.iter().any(|e| e["name"] == "PROXY_CONFIG"
        && e["value"] == "{\"holdApplicationUntilProxyStarts\":true}\n"));
}

#[test]
fn templates_config_uses_the_configs_own_sidecar_template() {
    // A ConfigMap whose `sidecar` template was changed: its proxy image and an extra env var.
    let (_dir, config) = scratch_file(
        "templates",
        "config.yaml",
        "policy: enabled\ndefaultTemplates: [sidecar]\ntemplates:\n  sidecar: |\n    spec:\n      containers:\n      - name: istio-proxy\n        image: example.com/custom-proxy:{{ .Values.global.tag }}\n        env:\n        - name: TEAM\n          value: {{ .DeploymentMeta.Name | quote }}\n",
    );
    let run = |templates: &str| {
        let out = needle(
            &[
                "kube-inject",
                "-f",
                "testdata/hello-deployment.yaml",
                "--injectConfigFile",
                config.to_str().unwrap(),
                "--templates",
                templates,
            ],
            &[],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let docs = yaml_documents(&stdout(&out));
        docs[0]["spec"]["template"]["spec"]["containers"].clone()
    };
    let config_version = run("config");
    let proxy = named(&config_version, "istio-proxy");
    assert!(
        proxy["image"]
            .as_str()
            .unwrap()
            .starts_with("example.com/custom-proxy:"),
        "{proxy}"
    );
    // The template's env var, then what injection adds after rendering (the app's probes).
    assert_eq!(
        proxy["env"][0],
        serde_json::json!({"name": "TEAM", "value": "hello"})
    );
    let needle_version = run("needle");
    let proxy = named(&needle_version, "istio-proxy");
    assert!(
        proxy["image"].as_str().unwrap().contains("/proxyv2:"),
        "needle's own sidecar template: {proxy}"
    );
    let bad = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--templates",
            "go",
        ],
        &[],
        None,
    );
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("--templates"), "{}", stderr(&bad));
}

#[test]
fn a_key_given_twice_in_the_input_takes_its_last_value_as_istioctl_reads_it() {
    // istioctl reads workloads with sigs.k8s.io/yaml's non-strict Unmarshal (go-yaml v2).
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: twice}\nspec:\n  containers:\n  \
               - name: app\n    image: old\n    image: new\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    assert_eq!(named(&spec["containers"], "app")["image"], "new");
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

#[test]
fn a_key_the_config_template_writes_twice_takes_its_last_value_as_in_istio() {
    // The same shape as Istio's template, in a config of our own: `name` twice per mount.
    let (_dir, config) = scratch_file(
        "duplicate-keys",
        "config.yaml",
        "policy: enabled\ndefaultTemplates: [sidecar]\ntemplates:\n  sidecar: |\n    spec:\n      containers:\n      - name: istio-proxy\n        image: proxy\n        volumeMounts:\n        {{- range $index, $value := fromJSON (index .ObjectMeta.Annotations `sidecar.istio.io/userVolumeMount`) }}\n        - name: \"{{ $index }}\"\n          {{ toYaml $value | indent 6 }}\n        {{- end }}\n",
    );
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "-",
            "--templates",
            "config",
            "--injectConfigFile",
            config.to_str().unwrap(),
        ],
        &[],
        Some(USER_VOLUME_LIST_POD),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    assert_eq!(
        named(&spec["containers"], "istio-proxy")["volumeMounts"],
        serde_json::json!([{"name": "istio-certs", "mountPath": "/etc/istio-certs", "readOnly": true}])
    );

    // Istio's own rendered injector config, when the corpus is there: the mount and the
    // volume are named after the user's item, and `--templates config` agrees with needle's
    // own templates.
    let settings = std::path::Path::new("../shared/corpus/istio-inject/rendered/default");
    if !settings.is_dir() {
        eprintln!("no {}: skipping Istio's own templates", settings.display());
        return;
    }
    let run = |templates: &str| {
        let file = |name: &str| settings.join(name).to_str().unwrap().to_string();
        let (config, values, mesh) = (file("config.yaml"), file("values.json"), file("mesh.yaml"));
        let args = [
            "kube-inject",
            "-f",
            "-",
            "--templates",
            templates,
            "--injectConfigFile",
            &config,
            "--valuesFile",
            &values,
            "--meshConfigFile",
            &mesh,
        ];
        let out = needle(&args, &[], Some(USER_VOLUME_LIST_POD));
        assert!(
            out.status.success(),
            "--templates {templates}: {}",
            stderr(&out)
        );
        yaml_documents(&stdout(&out)).remove(0)
    };
    let pod = run("config");
    let spec = &pod["spec"];
    assert_eq!(
        named(
            &named(&spec["containers"], "istio-proxy")["volumeMounts"],
            "istio-certs"
        ),
        &serde_json::json!({"name": "istio-certs", "mountPath": "/etc/istio-certs", "readOnly": true})
    );
    assert_eq!(
        named(&spec["volumes"], "istio-certs"),
        &serde_json::json!({"name": "istio-certs", "emptyDir": {"medium": "Memory"}})
    );
    assert_eq!(pod, run("needle"));
}

#[test]
fn spire_template_is_built_in_and_offered_when_the_config_defines_it() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    inject.istio.io/templates: sidecar,spire\nspec:\n  containers:\n  - name: app\n    image: app\n";
    // Istio's default profile has no `spire` template, so on the embedded defaults the pod
    // is refused as Istio refuses it.
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains(
            r#"requested template "spire" not found; have gateway, grpc-agent, grpc-simple, sidecar"#
        ),
        "{}",
        stderr(&out)
    );
    // A SPIRE install adds a `spire` template to the injector config; with `--templates
    // needle` needle then uses its own version of it (as for `sidecar`), whatever the Go text
    // says (`auto` would render these texts, which are no Istio stock ones).
    let config = "defaultTemplates: [sidecar]\ntemplates:\n  sidecar: '{{ .Values }}'\n  spire: '{{ .Values }}'\n";
    let (_dir, file) = scratch_file("spire", "config.yaml", config);
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "-",
            "--templates",
            "needle",
            "--injectConfigFile",
            file.to_str().unwrap(),
        ],
        &[],
        Some(pod),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let spec = &docs[0]["spec"];
    let socket = named(&spec["volumes"], "workload-socket");
    assert_eq!(
        socket["csi"],
        serde_json::json!({"driver": "csi.spiffe.io", "readOnly": true})
    );
    let proxy = named(&spec["containers"], "istio-proxy");
    let mount = named(&proxy["volumeMounts"], "workload-socket");
    assert_eq!(mount["readOnly"], true);
}

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

#[test]
fn proxy_config_files_apply_istiods_precedence() {
    let (dir, root) = scratch_file("pc-levels", "root.yaml", ROOT_PROXY_CONFIG);
    let matching = dir.join("matching.yaml");
    std::fs::write(&matching, namespace_proxy_configs("{app: hello}")).unwrap();
    let other = dir.join("other.yaml");
    std::fs::write(&other, namespace_proxy_configs("{app: other}")).unwrap();

    let proxy = inject_with_proxy_configs(&[&root]);
    let config: Value = serde_json::from_str(env_of(&proxy, "PROXY_CONFIG").unwrap()).unwrap();
    assert_eq!(config["concurrency"], 1);
    assert_eq!(
        config["proxyMetadata"],
        serde_json::json!({"LEVEL": "root", "ROOT_ONLY": "rt"})
    );
    assert_eq!(env_of(&proxy, "LEVEL"), Some("root"));

    // The namespace's resource wins over the root's; their environments merge.
    let proxy = inject_with_proxy_configs(&[&root, &other]);
    let config: Value = serde_json::from_str(env_of(&proxy, "PROXY_CONFIG").unwrap()).unwrap();
    assert_eq!(config["concurrency"], 2);
    assert_eq!(config["image"]["imageType"], "debug");
    assert_eq!(
        config["proxyMetadata"],
        serde_json::json!({"LEVEL": "namespace", "NS_ONLY": "ns", "ROOT_ONLY": "rt"})
    );
    let image = proxy["image"].as_str().unwrap();
    assert!(image.ends_with("-debug"), "{image}");

    // A resource selecting the pod's labels wins over both.
    let proxy = inject_with_proxy_configs(&[&root, &matching]);
    assert_eq!(env_of(&proxy, "LEVEL"), Some("workload"));
    assert_eq!(env_of(&proxy, "NS_ONLY"), Some("ns"));
}

#[test]
fn without_proxy_config_files_a_pod_gets_istioctls_proxy_config() {
    let proxy = inject_with_proxy_configs(&[]);
    assert_eq!(env_of(&proxy, "PROXY_CONFIG"), Some("{}\n"));
}

#[test]
fn a_bad_proxy_config_file_names_file_document_and_field() {
    let text = format!(
        "{ROOT_PROXY_CONFIG}---\n{}",
        namespace_proxy_configs("[app]")
    );
    let (_dir, file) = scratch_file("pc-bad", "bad.yaml", &text);
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--proxyConfigFile",
            file.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "", "nothing is written on error");
    let err = stderr(&out);
    let want = format!(
        "{}: document 1 (starting at line 8): items[1]: ProxyConfig demo/hello-only: spec: ",
        file.display()
    );
    assert!(err.contains(&want), "{err}");
    assert!(err.contains("selector.matchLabels"), "{err}");
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

#[test]
fn the_proxy_image_is_a_pinned_release_unless_flags_or_values_say_otherwise() {
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["kube-inject", "-f", "testdata/hello-deployment.yaml"];
        all.extend_from_slice(args);
        images(&needle(&all, env, None))
    };
    let pinned = "docker.io/istio/proxyv2:1.30.3";
    assert_eq!(run(&[], &[]), [pinned, pinned]);
    let flagged = "registry.example/istio/proxyv2:1.30.3-distroless";
    assert_eq!(
        run(
            &[
                "--hub",
                "registry.example/istio",
                "--tag",
                "1.30.3-distroless"
            ],
            &[]
        ),
        [flagged, flagged]
    );
    assert_eq!(
        run(&["--tag", "1.30.2"], &[("NEEDLE_HUB", "mirror.example")]),
        [
            "mirror.example/proxyv2:1.30.2",
            "mirror.example/proxyv2:1.30.2"
        ]
    );
    // A values file keeps its own hub and tag over the embedded ones; a flag wins over both.
    let embedded = std::fs::read_to_string("defaults/values.json").unwrap();
    let theirs = embedded
        .replace("\"docker.io/istio\"", "\"gcr.io/istio-release\"")
        .replace("\"1.30.3\"", "\"1.28.10\"");
    let (_dir, values) = scratch_file("image-values", "values.json", &theirs);
    let file = values.to_str().unwrap();
    let from_file = "gcr.io/istio-release/proxyv2:1.28.10";
    assert_eq!(run(&["--valuesFile", file], &[]), [from_file, from_file]);
    assert_eq!(
        run(&["--valuesFile", file, "--tag", "1.30.3"], &[]),
        [
            "gcr.io/istio-release/proxyv2:1.30.3",
            "gcr.io/istio-release/proxyv2:1.30.3"
        ]
    );
}

/// Sprig's `now` reads the clock the command gives the core: the system's.
#[test]
fn templates_read_the_time_the_command_gives() {
    let (_dir, config) = scratch_file(
        "clock",
        "config.yaml",
        "policy: enabled\ndefaultTemplates: [sidecar]\ntemplates:\n  sidecar: |\n    metadata:\n      annotations:\n        rendered-in: \"{{ now | date `2006` }}\"\n",
    );
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--injectConfigFile",
            config.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc = &yaml_documents(&stdout(&out))[0];
    let year: i32 = doc["spec"]["template"]["metadata"]["annotations"]["rendered-in"]
        .as_str()
        .and_then(|y| y.parse().ok())
        .unwrap_or_default();
    assert!(year >= 2026, "{doc}");
}
