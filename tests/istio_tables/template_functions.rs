//! `template_test.go`: `omitNil`, `otelResourceAttributes`.

use super::*;

// ---------------------------------------------------------------------------------------------
// template_test.go: TestOmitNil, TestOtelResourceAttributes
// ---------------------------------------------------------------------------------------------

#[test]
fn test_omit_nil() {
    let cases = [
        (
            "no nils",
            json!({"a": 1, "b": "c"}),
            json!({"a": 1, "b": "c"}),
        ),
        (
            "top level nil",
            json!({"a": null, "b": "c"}),
            json!({"b": "c"}),
        ),
        (
            "nested nil",
            json!({"a": {"x": null, "y": 2}, "b": "c"}),
            json!({"a": {"y": 2}, "b": "c"}),
        ),
        ("slice with nil", json!([1, null, 3]), json!([1, 3])),
        (
            "nested slice nil",
            json!({"a": [null, {"x": null}]}),
            Value::Null,
        ),
        (
            "all nils map",
            json!({"a": null, "b": {"x": null}}),
            Value::Null,
        ),
        (
            "complex mixed",
            json!({"global": {"proxy": {"resources": {"limits": {"cpu": null, "memory": "500Mi"}}}}}),
            json!({"global": {"proxy": {"resources": {"limits": {"memory": "500Mi"}}}}}),
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestOmitNil", 1);
    for (name, input, want) in cases {
        table.record(name, expect_eq(omit_nil(&input), want));
    }
    table.check();
}

#[test]
fn test_otel_resource_attributes() {
    let provider = |enrichment: &str| {
        json!({ "extensionProviders": [{
            "name": "otel",
            "opentelemetry": {
                "service": "otel-collector",
                "port": 4317,
                "serviceAttributeEnrichment": enrichment,
            },
        }] })
    };
    let semconv = provider("OTEL_SEMANTIC_CONVENTIONS");
    let c = |name: &str, image: &str| json!({ "name": name, "image": image });
    let myapp = || vec![c("myapp", "myapp")];
    // (case, mesh, annotations, labels, namespace, containers, expected)
    type Case = (
        &'static str,
        Value,
        Pairs,
        Pairs,
        &'static str,
        Vec<Value>,
        &'static str,
    );
    let cases: Vec<Case> = vec![
        (
            "no OTel semantic conventions provider returns empty",
            json!({}),
            &[],
            &[],
            "default",
            vec![],
            "",
        ),
        (
            "ISTIO_CANONICAL provider returns empty",
            provider("ISTIO_CANONICAL"),
            &[],
            &[],
            "default",
            vec![],
            "",
        ),
        (
            "defaults: namespace only (no containers)",
            semconv.clone(),
            &[],
            &[],
            "my-namespace",
            vec![],
            "service.namespace=my-namespace",
        ),
        (
            "defaults: namespace + instance.id with container",
            semconv.clone(),
            &[],
            &[],
            "my-namespace",
            myapp(),
            "service.namespace=my-namespace,service.instance.id=my-namespace.$(POD_NAME).myapp",
        ),
        (
            "all annotations override defaults",
            semconv.clone(),
            &[
                ("resource.opentelemetry.io/service.namespace", "custom-ns"),
                ("resource.opentelemetry.io/service.version", "v2.0"),
                ("resource.opentelemetry.io/service.instance.id", "custom-id"),
            ],
            &[("app.kubernetes.io/version", "should-not-use")],
            "my-namespace",
            myapp(),
            "service.namespace=custom-ns,service.version=v2.0,service.instance.id=custom-id",
        ),
        (
            "service.version from label",
            semconv.clone(),
            &[],
            &[("app.kubernetes.io/version", "v1.2.3")],
            "default",
            myapp(),
            "service.namespace=default,service.version=v1.2.3,service.instance.id=default.$(POD_NAME).myapp",
        ),
        (
            "service.namespace annotation overrides k8s namespace",
            semconv.clone(),
            &[(
                "resource.opentelemetry.io/service.namespace",
                "annotated-ns",
            )],
            &[],
            "actual-namespace",
            myapp(),
            "service.namespace=annotated-ns,service.instance.id=actual-namespace.$(POD_NAME).myapp",
        ),
        (
            "service.version annotation overrides label",
            semconv.clone(),
            &[("resource.opentelemetry.io/service.version", "annotated-v1")],
            &[("app.kubernetes.io/version", "label-v2")],
            "default",
            myapp(),
            "service.namespace=default,service.version=annotated-v1,service.instance.id=default.$(POD_NAME).myapp",
        ),
        (
            "empty namespace no containers",
            semconv.clone(),
            &[],
            &[],
            "",
            vec![],
            "",
        ),
        (
            "service.version from single container image tag",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx:1.21")],
            "service.namespace=default,service.version=1.21,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version from single container image digest",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx@sha256:abc123")],
            "service.namespace=default,service.version=sha256:abc123,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version from single container image tag+digest",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx:1.21@sha256:abc123")],
            "service.namespace=default,service.version=1.21@sha256:abc123,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version from image with registry port",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "registry:5000/nginx:1.21")],
            "service.namespace=default,service.version=1.21,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version skipped for multiple containers",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx:1.21"), c("sidecar", "sidecar:2.0")],
            "service.namespace=default,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version skipped for image without tag or digest",
            semconv.clone(),
            &[],
            &[],
            "default",
            vec![c("nginx", "nginx")],
            "service.namespace=default,service.instance.id=default.$(POD_NAME).nginx",
        ),
        (
            "service.version label takes priority over image",
            semconv.clone(),
            &[],
            &[("app.kubernetes.io/version", "v1.2.3")],
            "default",
            vec![c("nginx", "nginx:1.21")],
            "service.namespace=default,service.version=v1.2.3,service.instance.id=default.$(POD_NAME).nginx",
        ),
    ];
    let mut table = Tally::table("istio-tables", "TestOtelResourceAttributes", 1);
    for (name, mesh, annos, labels, namespace, containers, want) in cases {
        // needle computes the attributes while building the template context.
        let p = json!({
            "metadata": {
                "name": "pod",
                "namespace": namespace,
                "annotations": string_map(annos),
                "labels": string_map(labels),
            },
            "spec": { "containers": containers },
        });
        let owner = Owner {
            kind: "Pod".into(),
            api_version: "v1".into(),
            name: "pod".into(),
            namespace: namespace.into(),
        };
        let ctx = context::build(&ContextInput {
            release: Release::NEWEST,
            now: 0,
            pod: &std::sync::Arc::new(p),
            owner: &owner,
            values: &json!({}),
            mesh: &mesh,
            proxy_config: proxy_config_defaults(),
            proxy_config_is_default: true,
            revision: "default",
            native_sidecars: false,
            proxy_uid: 1337,
            proxy_gid: 1337,
            compliance_policy: "",
        });
        let got = ctx
            .get(needle::core::inject::vars::Var::OtelResourceAttributes)
            .and_then(|v| v.as_str())
            .unwrap_or("<not a string>");
        table.record(name, expect_eq(got, want));
    }
    table.check();
}
