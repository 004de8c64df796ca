//! Tests of `resources`.

use super::*;

const ROOT: &str = "istio-system";

fn resource(name: &str, namespace: &str, spec: Value) -> ProxyConfigResource {
    resource_at(name, namespace, None, spec)
}

fn resource_at(
    name: &str,
    namespace: &str,
    created: Option<&str>,
    spec: Value,
) -> ProxyConfigResource {
    let object = json!({
        "apiVersion": API_VERSION,
        "kind": KIND,
        "metadata": {"name": name, "namespace": namespace, "creationTimestamp": created},
        "spec": spec,
    });
    ProxyConfigResource::from_object(&object).unwrap()
}

fn mesh_with(default_config: Value) -> Value {
    mesh::apply_mesh_config(&json!({"rootNamespace": ROOT, "defaultConfig": default_config}))
        .unwrap()
}

/// What Istio's tests expect: the expected fields merged onto `mesh.DefaultProxyConfig()`.
fn defaults_with(expected: Value) -> Value {
    mesh::merge_proxy_config(mesh::proxy_config_defaults(), &expected).unwrap()
}

fn effective_for(
    resources: Vec<ProxyConfigResource>,
    default_config: Value,
    namespace: &str,
    labels: Value,
    annotation: Option<Value>,
) -> Value {
    let labels = labels.as_object().cloned();
    ProxyConfigs::new(resources)
        .effective(
            &mesh_with(default_config),
            namespace,
            labels.as_ref(),
            annotation.as_ref(),
        )
        .unwrap()
}

#[test]
fn a_resource_contributes_concurrency_environment_and_image_only() {
    let r = resource("pc", "ns", json!({"concurrency": 3}));
    assert_eq!(r.layer, json!({"concurrency": 3}));
    let r = resource(
        "pc",
        "ns",
        json!({"environmentVariables": {"a": "b", "c": "d"}, "image": {"imageType": "debug"}}),
    );
    assert_eq!(
        r.layer,
        json!({"proxyMetadata": {"a": "b", "c": "d"}, "image": {"imageType": "debug"}})
    );
}

/// `mergeWithPrecedence(first, second)`: the first wins.
fn merged(first: Value, second: Value) -> Value {
    let mut out = json!({});
    for layer in [second, first] {
        out = mesh::merge_proxy_config(&out, &mesh::without_zero_fields(&layer)).unwrap();
    }
    out
}

#[test]
fn earlier_layers_take_precedence() {
    let cases = [
        (
            json!({"concurrency": 1}),
            json!({"concurrency": 2}),
            json!({"concurrency": 1}),
        ),
        (
            json!({"concurrency": 0}),
            json!({"concurrency": 2}),
            json!({"concurrency": 0}),
        ),
        (
            json!({}),
            json!({"concurrency": 2}),
            json!({"concurrency": 2}),
        ),
        (
            json!({"concurrency": 2}),
            json!({}),
            json!({"concurrency": 2}),
        ),
        (json!({}), json!({}), json!({})),
        (
            json!({"proxyMetadata": {"a": "x", "b": "y"}}),
            json!({"proxyMetadata": {"a": "z", "b": "y", "c": "d"}}),
            json!({"proxyMetadata": {"a": "x", "b": "y", "c": "d"}}),
        ),
        (
            json!({"proxyMetadata": {}}),
            json!({"proxyMetadata": {"a": "z", "b": "y", "c": "d"}}),
            json!({"proxyMetadata": {"a": "z", "b": "y", "c": "d"}}),
        ),
        (
            Value::Null,
            json!({"proxyMetadata": {"a": "z"}}),
            json!({"proxyMetadata": {"a": "z"}}),
        ),
        (
            json!({"terminationDrainDuration": "0.500s"}),
            json!({"terminationDrainDuration": "5s"}),
            mesh::merge_proxy_config(&json!({}), &json!({"terminationDrainDuration": "0.5s"}))
                .unwrap(),
        ),
        (
            json!({"tracing": {}}),
            json!({"tracing": mesh::proxy_config_defaults()["tracing"]}),
            json!({"tracing": {}}),
        ),
        (
            json!({"tracing": {"datadog": {}}}),
            json!({"tracing": {"zipkin": {"address": "zipkin.istio-system:9411"}}}),
            json!({"tracing": {"datadog": {}}}),
        ),
    ];
    for (first, second, expected) in cases {
        assert_eq!(
            merged(first.clone(), second.clone()),
            expected,
            "{first} over {second}"
        );
    }
}

#[test]
fn a_namespace_resource_applies_to_its_namespace() {
    let pc = effective_for(
        vec![resource(
            "ns",
            "test-ns",
            json!({"concurrency": 3, "image": {"imageType": "debug"}}),
        )],
        json!(null),
        "test-ns",
        json!(null),
        None,
    );
    assert_eq!(
        pc,
        defaults_with(json!({"concurrency": 3, "image": {"imageType": "debug"}}))
    );
}

#[test]
fn a_root_namespace_resource_wins_over_the_mesh_default() {
    let pc = effective_for(
        vec![resource("ns", ROOT, json!({"concurrency": 3}))],
        json!({"concurrency": 2}),
        "bar",
        json!(null),
        None,
    );
    assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
}

#[test]
fn a_workload_resource_wins_over_the_namespace_resource() {
    let pc = effective_for(
        vec![
            resource(
                "workload",
                "test-ns",
                json!({"selector": {"matchLabels": {"test": "selector"}}, "concurrency": 3}),
            ),
            resource("ns", "test-ns", json!({"concurrency": 2})),
        ],
        json!(null),
        "test-ns",
        json!({"test": "selector"}),
        None,
    );
    assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
}

#[test]
fn a_workload_resource_wins_over_the_annotation() {
    let pc = effective_for(
        vec![resource(
            "workload",
            "test-ns",
            json!({
                "selector": {"matchLabels": {"test": "selector"}},
                "concurrency": 3,
                "image": {"imageType": "debug"},
            }),
        )],
        json!(null),
        "test-ns",
        json!({"test": "selector"}),
        Some(json!({"concurrency": 5})),
    );
    assert_eq!(
        pc,
        defaults_with(json!({"concurrency": 3, "image": {"imageType": "debug"}}))
    );
}

#[test]
fn the_annotation_wins_over_namespace_resources() {
    let pc = effective_for(
        vec![
            resource("global", ROOT, json!({"concurrency": 1})),
            resource(
                "ns",
                "test-ns",
                json!({"concurrency": 2, "environmentVariables": {"A": "ns"}}),
            ),
        ],
        json!(null),
        "test-ns",
        json!(null),
        Some(json!({"concurrency": 5, "proxyMetadata": {"B": "pod"}})),
    );
    assert_eq!(
        pc,
        defaults_with(json!({"concurrency": 5, "proxyMetadata": {"A": "ns", "B": "pod"}}))
    );
}

#[test]
fn resources_of_other_namespaces_are_ignored() {
    let pc = effective_for(
        vec![
            resource("ns", "wrong-ns", json!({"concurrency": 1})),
            resource(
                "workload",
                "wrong-ns",
                json!({"selector": {"matchLabels": {"test": "selector"}}, "concurrency": 2}),
            ),
            resource("global", ROOT, json!({"concurrency": 3})),
        ],
        json!(null),
        "test-ns",
        json!({"test": "selector"}),
        None,
    );
    assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
}

fn three_at(selector: Option<Value>) -> Vec<ProxyConfigResource> {
    let now = "2024-05-01T10:00:00Z";
    let later = "2024-05-01T11:00:00Z";
    [
        ("workload-c", later, "C"),
        ("workload-b", later, "B"),
        ("workload-a", now, "A"),
    ]
    .into_iter()
    .map(|(name, at, key)| {
        let mut spec = json!({"environmentVariables": {key: key}});
        if let Some(s) = &selector {
            spec["selector"] = s.clone();
        }
        resource_at(name, "test-ns", Some(at), spec)
    })
    .collect()
}

#[test]
fn of_several_matching_resources_the_oldest_applies() {
    let selector = json!({"matchLabels": {"test": "selector"}});
    for resources in [three_at(Some(selector)), three_at(None)] {
        let pc = effective_for(
            resources,
            json!(null),
            "test-ns",
            json!({"test": "selector"}),
            Some(json!({})),
        );
        assert_eq!(pc, defaults_with(json!({"proxyMetadata": {"A": "A"}})));
    }
}

#[test]
fn at_the_same_creation_time_the_first_name_applies() {
    let at = Some("2024-05-01T10:00:00Z");
    let resources = vec![
        resource_at("b", "test-ns", at, json!({"concurrency": 2})),
        resource_at("a", "test-ns", at, json!({"concurrency": 1})),
    ];
    let pc = effective_for(resources, json!(null), "test-ns", json!(null), None);
    assert_eq!(pc, defaults_with(json!({"concurrency": 1})));
}

#[test]
fn nothing_configured_gives_istios_defaults() {
    let pc = effective_for(vec![], json!(null), "ns", json!(null), None);
    assert_eq!(&pc, mesh::proxy_config_defaults());
}

#[test]
fn a_selector_without_labels_applies_to_no_pod() {
    let pc = effective_for(
        vec![resource(
            "empty",
            "test-ns",
            json!({"selector": {}, "concurrency": 4}),
        )],
        json!(null),
        "test-ns",
        json!({"app": "x"}),
        None,
    );
    assert_eq!(&pc, mesh::proxy_config_defaults());
}

#[test]
fn a_pod_of_the_root_namespace_gets_the_root_resource() {
    let pc = effective_for(
        vec![resource("global", ROOT, json!({"concurrency": 3}))],
        json!(null),
        ROOT,
        json!(null),
        None,
    );
    assert_eq!(pc, defaults_with(json!({"concurrency": 3})));
}

#[test]
fn a_zero_value_in_a_layer_does_not_override_a_lower_layer() {
    // REDIRECT is the enum's zero value: Istio's round trip drops it from the annotation.
    let pc = effective_for(
        vec![],
        json!({"interceptionMode": "TPROXY"}),
        "ns",
        json!(null),
        Some(json!({"interceptionMode": "REDIRECT", "holdApplicationUntilProxyStarts": false})),
    );
    assert_eq!(pc["interceptionMode"], "TPROXY");
    assert_eq!(pc["holdApplicationUntilProxyStarts"], false);
}

#[test]
fn bad_objects_are_named_with_the_field() {
    let object = |metadata: Value, spec: Value| json!({"apiVersion": API_VERSION, "kind": KIND, "metadata": metadata, "spec": spec});
    let cases = [
        (
            json!([]),
            "expected a ProxyConfig object, found a list".to_string(),
        ),
        (
            json!({"apiVersion": "v1", "kind": "ConfigMap"}),
            "found apiVersion \"v1\" and kind \"ConfigMap\"".into(),
        ),
        (
            object(json!({"namespace": "a"}), json!({})),
            "metadata.name is required".into(),
        ),
        (
            object(json!({"name": "pc"}), json!({})),
            "ProxyConfig pc: metadata.namespace is required".into(),
        ),
        (
            object(
                json!({"name": "pc", "namespace": "a"}),
                json!({"concurrency": "x"}),
            ),
            "ProxyConfig a/pc: spec: ".into(),
        ),
        (
            object(
                json!({"name": "pc", "namespace": "a", "creationTimestamp": "yesterday"}),
                json!({}),
            ),
            "ProxyConfig a/pc: metadata.creationTimestamp: expected a UTC time".into(),
        ),
    ];
    for (object, expected) in cases {
        let err = ProxyConfigResource::from_object(&object).unwrap_err();
        assert!(
            err.contains(&expected),
            "{err:?} should contain {expected:?}"
        );
    }
}

#[test]
fn a_stream_holds_objects_and_lists() {
    let text = "apiVersion: networking.istio.io/v1beta1\nkind: ProxyConfig\n\
                metadata: {name: a, namespace: x}\nspec: {concurrency: 1}\n---\n\
                apiVersion: v1\nkind: List\nitems:\n\
                - {apiVersion: networking.istio.io/v1beta1, kind: ProxyConfig, metadata: {name: b, namespace: z}}\n";
    let names: Vec<String> = read_stream(text)
        .unwrap()
        .into_iter()
        .map(|r| format!("{}/{}", r.namespace, r.name))
        .collect();
    assert_eq!(names, ["x/a", "z/b"]);
    let bad = "apiVersion: v1\nkind: List\nitems:\n- {kind: ProxyConfig}\n";
    let err = read_stream(bad).unwrap_err();
    assert!(
        err.starts_with("document 0 (starting at line 1): items[0]: expected apiVersion"),
        "{err}"
    );
    let err = read_stream("a: b\n---\n: : :\n").unwrap_err();
    assert!(
        err.starts_with("document 0 (starting at line 1): expected apiVersion"),
        "{err}"
    );
}
