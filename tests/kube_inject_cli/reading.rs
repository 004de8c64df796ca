//! How the input is read, as kubectl and istioctl read YAML: numbers, keys given twice, kinds, versions and streams.

use super::*;

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
fn a_key_given_twice_in_the_input_takes_its_last_value_as_istioctl_reads_it() {
    // istioctl reads workloads with sigs.k8s.io/yaml's non-strict Unmarshal (go-yaml v2).
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: twice}\nspec:\n  containers:\n  \
               - name: app\n    image: old\n    image: new\n";
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    assert_eq!(named(&spec["containers"], "app")["image"], "new");
}
