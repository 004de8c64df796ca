//! Users' own templates (`testdata/templates/`, each says what it exercises and expects) through
//! `needle kube-inject` with the default `--templates auto`, and `needle template check` on
//! them and on Istio's templates of the corpus.

mod common;

use common::golden_cases::{corpus_dir, corpus_releases};
use common::yaml_documents;
use serde_json::Value;
use std::process::{Command, Output};

fn needle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_needle"))
        .args(args)
        .env_remove("ENABLE_NATIVE_SIDECARS")
        .env_remove("NEEDLE_TEMPLATES")
        .output()
        .expect("needle runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The pod of `testdata/hello-deployment.yaml` injected with the template config `name`.
fn injected(name: &str) -> Result<Value, String> {
    let config = format!("testdata/templates/{name}");
    let out = needle(&[
        "kube-inject",
        "-f",
        "testdata/hello-deployment.yaml",
        "--injectConfigFile",
        &config,
    ]);
    if !out.status.success() {
        return Err(text(&out.stderr));
    }
    let docs = yaml_documents(&text(&out.stdout));
    Ok(docs[0]["spec"]["template"].clone())
}

fn proxy(pod: &Value) -> &Value {
    pod["spec"]["containers"]
        .as_array()
        .and_then(|l| l.iter().find(|c| c["name"] == "istio-proxy"))
        .unwrap_or_else(|| panic!("no istio-proxy in {pod}"))
}

#[test]
fn a_brace_before_a_trimmed_action_is_text() {
    let pod = injected("brace-before-trimmed-action.yaml").unwrap();
    assert_eq!(pod["metadata"]["annotations"]["brace"], "kept", "{pod}");
}

#[test]
fn fields_the_pod_type_lacks_are_dropped() {
    let pod = injected("fields-the-pod-lacks.yaml").unwrap();
    let proxy = proxy(&pod);
    assert_eq!(
        proxy["securityContext"],
        serde_json::json!({"runAsUser": 1337})
    );
    assert!(proxy.get("bogusField").is_none(), "{proxy}");
}

#[test]
fn a_key_written_twice_takes_its_last_value() {
    let pod = injected("duplicate-keys.yaml").unwrap();
    let names: Vec<&str> = pod["spec"]["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v["name"].as_str())
        .collect();
    assert!(
        names.contains(&"second") && !names.contains(&"first"),
        "{names:?}"
    );
}

#[test]
fn a_field_the_template_data_lacks_fails_the_injection() {
    let e = injected("missing-data-field.yaml").unwrap_err();
    assert!(
        e.contains("can't evaluate field EstimatedConcurrency in type *inject.SidecarTemplateData"),
        "{e}"
    );
}

#[test]
fn a_comparison_of_different_kinds_fails_the_injection() {
    let e = injected("mismatched-comparison.yaml").unwrap_err();
    assert!(
        e.contains("error calling gt: incompatible types for comparison"),
        "{e}"
    );
}

#[test]
fn a_field_the_proxy_config_lacks_fails_the_injection() {
    let e = injected("missing-proxy-config-field.yaml").unwrap_err();
    assert!(
        e.contains("can't evaluate field ParentShutdownDuration in type *v1alpha1.ProxyConfig"),
        "{e}"
    );
}

/// Go's execution errors, each from a template of `testdata/templates/` that says what Go
/// 1.26's text/template printed for it (a Go program over the same data shape, run by hand).
#[test]
fn go_execution_errors_fail_the_injection_with_gos_message() {
    for (config, message) in [
        (
            "eq-of-different-kinds.yaml",
            "error calling eq: incompatible types for comparison: float64 and int",
        ),
        (
            "field-of-a-plain-value.yaml",
            "can't evaluate field tag in type interface {}",
        ),
        (
            "missing-mesh-config-field.yaml",
            "can't evaluate field SdsUdsPath in type *v1alpha1.MeshConfig",
        ),
        (
            "len-of-a-number.yaml",
            "error calling len: len of type float64",
        ),
        (
            "field-of-a-nil-struct.yaml",
            "nil pointer evaluating *v1.PodSecurityContext.RunAsUser",
        ),
        (
            "container-field-typo.yaml",
            "can't evaluate field Port in type v1.Container",
        ),
        (
            "index-out-of-range.yaml",
            "error calling index: index out of range: 5",
        ),
        (
            "nested-proxy-config-typo.yaml",
            "can't evaluate field GetVaule in type *wrapperspb.Int32Value",
        ),
        (
            "container-port-typo.yaml",
            "can't evaluate field Port in type v1.ContainerPort",
        ),
    ] {
        let e = injected(config).unwrap_err();
        assert!(e.contains(message), "{config}: {e}");
        // `template check` renders its sample pod through the webhook's admission: denied.
        let path = format!("testdata/templates/{config}");
        let out = needle(&["template", "check", "--injectConfigFile", &path]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{config}: {report}");
        let denied = report
            .lines()
            .find(|l| l.contains("sample pod: denied: "))
            .unwrap_or_else(|| panic!("{config}: {report}"));
        assert!(denied.contains(message), "{config}: {report}");
    }
}

#[test]
fn a_function_needle_refuses_fails_the_config_at_load_with_its_position() {
    let e = injected("refused-function.yaml").unwrap_err();
    assert!(
        e.contains(
            "template sidecar: cannot translate the Go template: line 5, column 3: function \"genCA\": Sprig's genCA is not supported by needle"
        ),
        "{e}"
    );
    let out = needle(&[
        "template",
        "check",
        "--injectConfigFile",
        "testdata/templates/refused-function.yaml",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("translates: no"), "{report}");
}

#[test]
fn template_check_reports_each_template() {
    let out = needle(&[
        "template",
        "check",
        "--injectConfigFile",
        "testdata/templates/missing-data-field.yaml",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("template sidecar: renders from the config's text\n  translates: yes\n"),
        "{report}"
    );
    assert!(report.contains("sample pod: denied: "), "{report}");
    assert!(
        report.ends_with("template check: 1 templates, 1 fail\n"),
        "{report}"
    );

    let stock = corpus_dir().join("istio-inject/rendered/default/config.yaml");
    let out = needle(&[
        "template",
        "check",
        "--injectConfigFile",
        stock.to_str().unwrap(),
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    assert!(report.contains(
        "template sidecar: renders from needle's built-in (the config's text is Istio 86c9f01's stock template)\n"
    ), "{report}");
    assert!(
        report.contains(
            "  sample pod: injected (containers: istio-proxy; initContainers: istio-init)\n"
        ),
        "{report}"
    );

    let out = needle(&["template", "check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--injectConfigFile"));
}

/// Each release of the corpus, checked as itself on its own ConfigMaps: its stock `sidecar`,
/// `gateway`, `grpc-simple` and `grpc-agent` render from needle's built-in templates.
#[test]
fn template_check_names_each_releases_stock_templates_as_needles() {
    for (release, dir) in corpus_releases() {
        let cfg = dir.join("cfg");
        let file = |name: &str| cfg.join(name).to_string_lossy().into_owned();
        let out = needle(&[
            "template",
            "check",
            "--injectConfigFile",
            &file("config.yaml"),
            "--valuesFile",
            &file("values.json"),
            "--meshConfigFile",
            &file("mesh.yaml"),
            "--istio-release",
            &release,
        ]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{release}: {report}");
        // `1.31` names 1.31.0.
        let named = needle::core::release::Release::parse(&release).unwrap();
        for template in ["sidecar", "gateway", "grpc-simple", "grpc-agent"] {
            let line = format!(
                "template {template}: renders from needle's built-in (the config's text is Istio {named}'s stock template)\n"
            );
            assert!(report.contains(&line), "{release}: {line}{report}");
        }
    }
}
