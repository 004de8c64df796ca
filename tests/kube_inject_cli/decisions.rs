//! What is injected, skipped and refused, and how an error names its file, document and field.

use super::*;

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
