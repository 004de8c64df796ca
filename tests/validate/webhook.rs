//! `/validate` through `Router::oneshot` and `needle validate` as a user runs it.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use needle::core::inject::admit::Settings;
use needle::core::inject::snapshot;
use needle::server::router::webhook_router;
use needle::server::state::{AppState, LimitSettings};
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

fn state() -> Arc<AppState> {
    Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight: 4,
            request_timeout: Duration::from_secs(5),
            ..LimitSettings::default()
        },
    ))
}

fn review(version: &str, operation: &str, object: Value) -> Value {
    json!({"apiVersion": format!("admission.k8s.io/{version}"), "kind": "AdmissionReview",
        "request": {"uid": "v-1", "kind": {"group": "networking.istio.io", "version": "v1", "kind": object["kind"].clone()},
            "operation": operation, "namespace": "demo", "object": object}})
}

async fn post(state: &Arc<AppState>, content_type: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let request = Request::post("/validate")
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap();
    let response = webhook_router(state.clone())
        .oneshot(request)
        .await
        .unwrap();
    let status = response.status();
    (
        status,
        axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec(),
    )
}

async fn validate(state: &Arc<AppState>, body: &Value) -> Value {
    let (status, bytes) = post(state, "application/json", serde_json::to_vec(body).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    serde_json::from_slice(&bytes).unwrap()
}

fn unknown_kind() -> Value {
    json!({"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "x", "namespace": "demo"}, "spec": {}})
}

#[tokio::test]
async fn unknown_kinds_are_denied_for_both_versions() {
    let state = state();
    for version in ["v1", "v1beta1"] {
        let out = validate(&state, &review(version, "CREATE", unknown_kind())).await;
        assert_eq!(out["apiVersion"], format!("admission.k8s.io/{version}"));
        assert_eq!(out["response"]["uid"], "v-1");
        assert_eq!(out["response"]["allowed"], false);
        assert_eq!(
            out["response"]["status"]["message"],
            "unrecognized type example.com/v1, Kind=Thing"
        );
    }
    assert!(
        state
            .metrics
            .encode()
            .contains(r#"galley_validation_failed_total{reason="unknown_type"} 2"#)
    );
}

#[tokio::test]
async fn only_create_and_update_are_validated() {
    let state = state();
    for operation in ["DELETE", "CONNECT"] {
        let out = validate(&state, &review("v1", operation, unknown_kind())).await;
        assert_eq!(out["response"]["allowed"], true, "{operation}");
    }
    let out = validate(&state, &review("v1", "UPDATE", unknown_kind())).await;
    assert_eq!(out["response"]["allowed"], false);
}

#[tokio::test]
async fn http_edges_match_the_injection_endpoint() {
    let state = state();
    let (status, _) = post(&state, "text/yaml", b"{}".to_vec()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, _) = post(&state, "application/json", vec![]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, bytes) = post(&state, "application/json", b"[]".to_vec()).await;
    assert_eq!(status, StatusCode::OK);
    let out: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(out["response"]["allowed"], false);
}

fn needle_validate(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_needle"))
        .arg("validate")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_exit_codes_and_output() {
    let (code, out, _) = needle_validate(
        &["-f", "-"],
        "apiVersion: networking.istio.io/v1\nkind: Thing\nmetadata: {name: x, namespace: demo}\n",
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("Thing demo/x: invalid (<stdin> document 0)"),
        "{out}"
    );
    assert!(
        out.contains("  error: unrecognized type networking.istio.io/v1, Kind=Thing"),
        "{out}"
    );
    let (code, out, _) = needle_validate(
        &["-f", "-", "-o", "json"],
        "apiVersion: security.istio.io/v1\nkind: Thing\nmetadata: {name: x}\n",
    );
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report[0]["valid"], false);
    assert_eq!(report[0]["reason"], "unknown_type");
    let (code, _, err) = needle_validate(&["-f", "-"], "kind: [unclosed\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("<stdin>: document 0 (starting at line 1): invalid YAML"),
        "{err}"
    );
    let (code, _, err) = needle_validate(&["-f", "/nonexistent/file.yaml"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/file.yaml"), "{err}");
    let (code, out, _) = needle_validate(&["-f", "-"], "# nothing here\n");
    assert_eq!((code, out.as_str()), (0, ""));
}

fn virtual_service(spec: Value) -> Value {
    json!({"apiVersion": "networking.istio.io/v1", "kind": "VirtualService", "metadata": {"name": "reviews", "namespace": "demo"}, "spec": spec})
}

#[tokio::test]
async fn istio_kinds_are_validated_end_to_end() {
    let state = state();
    let valid = virtual_service(
        json!({"hosts": ["reviews"], "http": [{"route": [{"destination": {"host": "reviews", "subset": "v1"}}]}]}),
    );
    for version in ["v1", "v1beta1"] {
        let out = validate(&state, &review(version, "CREATE", valid.clone())).await;
        assert_eq!(out["response"]["allowed"], true, "{out}");
    }
    let invalid = virtual_service(json!({"hosts": ["reviews"]}));
    let out = validate(&state, &review("v1", "UPDATE", invalid)).await;
    assert_eq!(out["response"]["allowed"], false);
    let message = out["response"]["status"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("configuration is invalid: "),
        "{message}"
    );
    // A lone error prints as itself, as Istio's `AppendErrors` leaves it...
    assert_eq!(
        message,
        "configuration is invalid: http, tcp or tls must be provided in virtual service"
    );
    // ...unless Istio gathered it with `multierror.Append`, as it does destinations.
    let listed = virtual_service(json!({"hosts": ["reviews"], "http": [{"route": [{}]}]}));
    let out = validate(&state, &review("v1", "CREATE", listed)).await;
    assert_eq!(
        out["response"]["status"]["message"],
        "configuration is invalid: 1 error occurred:\n\t* destination is required\n\n"
    );
    let undecodable = virtual_service(
        json!({"hosts": ["reviews"], "http": [{"timeout": "1x", "route": [{"destination": {"host": "reviews"}}]}]}),
    );
    let out = validate(&state, &review("v1", "CREATE", undecodable)).await;
    assert!(
        out["response"]["status"]["message"]
            .as_str()
            .unwrap()
            .starts_with("error decoding configuration: "),
        "{out}"
    );
    let mut extra = valid.clone();
    extra["unexpected"] = json!(1);
    let out = validate(&state, &review("v1", "CREATE", extra)).await;
    assert_eq!(
        out["response"]["status"]["message"],
        "unknown field \"unexpected\" on VirtualService resource demo/reviews"
    );
    let mut dry_run = valid;
    dry_run["metadata"]["annotations"] = json!({"istio.io/dry-run": "true"});
    let out = validate(&state, &review("v1", "CREATE", dry_run)).await;
    assert!(
        out["response"]["status"]["message"]
            .as_str()
            .unwrap()
            .contains("has unsupported annotation istio.io/dry-run"),
        "{out}"
    );
    let metrics = state.metrics.encode();
    assert!(
        metrics.contains("galley_validation_passed_total 2"),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"galley_validation_failed_total{reason="invalid_resource"} 4"#),
        "{metrics}"
    );
}

#[tokio::test]
async fn warnings_reach_the_response() {
    let state = state();
    // A workload selector without labels selects everything: valid, with Istio's warning.
    let policy = json!({"apiVersion": "security.istio.io/v1", "kind": "AuthorizationPolicy", "metadata": {"name": "allow", "namespace": "demo"},
        "spec": {"selector": {}, "action": "ALLOW", "rules": [{}]}});
    let out = validate(&state, &review("v1", "CREATE", policy)).await;
    assert_eq!(out["response"]["allowed"], true, "{out}");
    assert_eq!(
        out["response"]["warnings"],
        json!(["workload selector specified without labels"]),
        "{out}"
    );
    // Istio's denial carries no warnings, even when the rules found some.
    let mut denied = policy_with_selector_and_target_ref();
    denied["spec"]["selector"] = json!({});
    let out = validate(&state, &review("v1", "CREATE", denied)).await;
    assert_eq!(out["response"]["allowed"], false, "{out}");
    assert_eq!(out["response"].get("warnings"), None, "{out}");
}

fn policy_with_selector_and_target_ref() -> Value {
    json!({"apiVersion": "security.istio.io/v1", "kind": "AuthorizationPolicy", "metadata": {"name": "allow", "namespace": "demo"},
        "spec": {"selector": {"matchLabels": {"app": "a"}}, "targetRef": {"kind": "Service", "name": "a"}, "action": "ALLOW", "rules": [{}]}})
}

#[test]
fn cli_skips_resources_outside_the_validated_groups() {
    let yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {a: b}\n---\n\
                apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: {name: io}\n---\n\
                apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: {name: dr}\n\
                spec: {host: a}\n";
    let (code, out, err) = needle_validate(&["-f", "-"], yaml);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "ConfigMap default/settings: skipped: not an Istio resource (<stdin> document 0)"
        ),
        "{out}"
    );
    assert!(out.contains("IstioOperator default/io: skipped"), "{out}");
    assert!(out.contains("DestinationRule default/dr: valid"), "{out}");
    let (_, out, _) = needle_validate(&["-f", "-", "-o", "json"], yaml);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            &report[0]["skipped"],
            &report[0]["valid"],
            &report[2]["skipped"]
        ),
        (&Value::Bool(true), &Value::Bool(true), &Value::Bool(false))
    );
}

#[test]
fn cli_places_resources_without_a_namespace_as_kubectl_would() {
    // `exportTo: ["."]` means the resource's own namespace, so it needs one.
    let yaml = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: r}\n\
                spec: {hosts: [r], exportTo: [\".\", other], http: [{route: [{destination: {host: r}}]}]}\n";
    let (code, out, err) = needle_validate(&["-f", "-"], yaml);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("VirtualService default/r: valid"), "{out}");
    let (code, out, _) = needle_validate(&["-f", "-", "-n", "other"], yaml);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("duplicate entries in exportTo for entry other"),
        "{out}"
    );
}

#[test]
fn cli_validates_the_items_of_a_list() {
    let yaml = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: networking.istio.io/v1\n  kind: VirtualService\n  metadata: {name: a, namespace: demo}\n  spec: {hosts: [a], http: [{route: [{destination: {host: a}}]}]}\n- apiVersion: networking.istio.io/v1\n  kind: VirtualService\n  metadata: {name: b, namespace: demo}\n  spec: {hosts: [b]}\n";
    let (code, out, _) = needle_validate(&["-f", "-"], yaml);
    assert_eq!(code, 1);
    assert!(out.contains("VirtualService demo/a: valid"), "{out}");
    assert!(out.contains("VirtualService demo/b: invalid"), "{out}");
}

#[test]
fn cli_accepts_valid_resources() {
    let yaml = "apiVersion: networking.istio.io/v1\nkind: Gateway\nmetadata: {name: gw, namespace: demo}\nspec:\n  selector: {istio: ingressgateway}\n  servers:\n  - port: {number: 80, name: http, protocol: HTTP}\n    hosts: [\"*.example.com\"]\n";
    let (code, out, err) = needle_validate(&["-f", "-"], yaml);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Gateway demo/gw: valid"), "{out}");
}

/// `/validate` shares `/inject`'s concurrency limit and deadline: with every permit of small
/// reviews held, a review is denied at the deadline with a message that says why, and counted.
#[tokio::test]
async fn validation_past_the_deadline_is_left_to_the_failure_policy() {
    let state = Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight: 1,
            request_timeout: Duration::from_millis(1),
            ..LimitSettings::default()
        },
    ));
    let _permit = state.limits.inline_cpu.acquire().await.unwrap();
    let vs = json!({"apiVersion": "networking.istio.io/v1", "kind": "VirtualService",
        "metadata": {"name": "vs", "namespace": "demo"}, "spec": {"hosts": ["a"]}});
    let body = serde_json::to_vec(&review("v1", "CREATE", vs)).unwrap();
    let (status, message) = post(&state, "application/json", body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let status: Value = serde_json::from_slice(&message).unwrap();
    assert_eq!(
        (&status["kind"], &status["code"]),
        (&json!("Status"), &json!(503))
    );
    let message = status["message"].as_str().unwrap();
    assert!(
        message.starts_with("validation did not finish within 1ms"),
        "{message}"
    );
    assert!(
        state
            .metrics
            .encode()
            .contains(r#"galley_validation_failed_total{reason="timeout"} 1"#)
    );
}

#[test]
fn cli_reads_an_ipv6_address_ending_in_colons_in_a_flow_list_as_istioctl_does() {
    // go-yaml keeps `2001:db8::` one string inside `[...]`; YAML 1.2 would make it a map key.
    let yaml = "apiVersion: networking.istio.io/v1\nkind: ServiceEntry\nmetadata: {name: se, namespace: demo}\nspec:\n  hosts: [db.example.com]\n  addresses: [192.0.2.1, 2001:db8::]\n  ports: [{number: 5432, name: tcp, protocol: TCP}]\n  resolution: STATIC\n  endpoints: [{address: 2001:db8::1}]\n";
    let (code, out, err) = needle_validate(&["-f", "-"], yaml);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("ServiceEntry demo/se: valid"), "{out}");
    let (code, out, _) =
        needle_validate(&["-f", "-"], &yaml.replace("2001:db8::]", "2001:db8::zz:]"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2001:db8::zz:"), "{out}");
}
