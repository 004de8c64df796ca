//! `needle serve` on the days the cluster around it misbehaves, as real processes: an
//! apiserver that cannot be reached is retried with back-off and a line per change of state
//! (not per retry), the pods it cannot serve are left to the webhook's failurePolicy, and
//! SIGTERM ends the process at once whatever the watches are doing (`/inject` and `/validate`
//! answer not ready until the configuration loads); a first configuration
//! that is broken leaves the server up and not ready, naming the error, until it is fixed.

mod common;

use common::server::{H1, Server, connector, free_port, plain_get, temp_dir};
use std::path::Path;
use std::time::{Duration, Instant};

/// A kubeconfig for an apiserver on a loopback port nothing listens on.
fn unreachable_kubeconfig(dir: &Path) -> String {
    let path = dir.join("kubeconfig");
    let text = format!(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: gone\n  cluster:\n    server: https://127.0.0.1:{}\n    insecure-skip-tls-verify: true\nusers:\n- name: u\n  user:\n    token: t\ncontexts:\n- name: gone\n  context: {{cluster: gone, user: u}}\ncurrent-context: gone\n",
        free_port()
    );
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn hello_review() -> Vec<u8> {
    std::fs::read("testdata/admission-review-hello.json").unwrap()
}

/// The value of the series `name{labels}` in the metrics text.
fn series(metrics: &str, name_and_labels: &str) -> Option<f64> {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name_and_labels)?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_apiserver_is_retried_quietly_and_sigterm_ends_the_server() {
    let dir = temp_dir("apiserver-gone");
    let certs = dir.join("certs");
    let kubeconfig = unreachable_kubeconfig(&dir);
    // Every watch needle keeps: Nodes (native sidecars `auto`), ProxyConfigs, both
    // ConfigMaps and the webhook configurations, injectors' and validators' (--patch-webhooks).
    let mut server = Server::spawn_on(
        &dir,
        free_port(),
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--kubeconfig",
            &kubeconfig,
            "--watch-cluster",
            "--patch-webhooks",
            "--injector-configmap",
            "istio-system/istio-sidecar-injector",
            "--mesh-configmap",
            "istio-system/istio",
            "--drain-timeout",
            "2s",
        ],
        &[],
    );
    let watches = [
        "Node",
        "ProxyConfig",
        "ConfigMap istio-system/istio-sidecar-injector",
        "ConfigMap istio-system/istio",
        "MutatingWebhookConfiguration",
        "ValidatingWebhookConfiguration",
    ];
    let outage = Duration::from_secs(6);
    tokio::time::sleep(outage).await;

    let metrics = server.metrics();
    for watch in watches {
        let up = series(&metrics, &format!("needle_watch_up{{watch=\"{watch}\"}}"));
        assert_eq!(up, Some(0.0), "{watch}: {metrics}");
        let failures = series(
            &metrics,
            &format!("needle_watch_failures_total{{watch=\"{watch}\"}}"),
        )
        .unwrap_or_default();
        // 0.8 s growing to 30 s, with jitter: a handful of tries in 6 s, where retrying at
        // once made tens of thousands.
        assert!(
            (2.0..=10.0).contains(&failures),
            "{watch}: {failures} failures in {outage:?}"
        );
    }
    // The development certificate is good for a year: its expiry is there for the alert.
    let expiry = series(&metrics, "needle_certificate_expiry_timestamp_seconds").unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    assert!(expiry > now + 300.0 * 86_400.0, "{expiry} {metrics}");
    let (status, why) = plain_get(server.admin, "/ready").unwrap();
    assert_eq!(status, 503);
    assert!(
        why.contains("waiting for ConfigMap istio-system/istio-sidecar-injector"),
        "{why}"
    );

    // Not ready: no answer about the pod, an HTTP error, so the failurePolicy decides.
    let mut client = H1::connect(&connector(&certs.join("ca.pem"), false), server.webhook)
        .await
        .unwrap();
    let (status, body) = client
        .post("/inject", "application/json", hello_review())
        .await
        .unwrap();
    assert_eq!(status, 503);
    // A Kubernetes Status, whose message the apiserver shows in its error.
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["kind"], "Status", "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(
        message.starts_with("needle is not ready: waiting for ConfigMap"),
        "{body}"
    );
    // Validation too: the configuration names the release whose rules apply.
    let review = serde_json::json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
        "request": {"uid": "u", "kind": {"group": "networking.istio.io", "version": "v1", "kind": "Gateway"},
            "operation": "CREATE", "namespace": "default", "name": "g",
            "object": {"apiVersion": "networking.istio.io/v1", "kind": "Gateway",
                "metadata": {"name": "g", "namespace": "default"}, "spec": {}}}});
    let (status, body) = client
        .post(
            "/validate",
            "application/json",
            serde_json::to_vec(&review).unwrap(),
        )
        .await
        .unwrap();
    let body = String::from_utf8_lossy(&body);
    assert_eq!(status, 503, "{body}");
    assert!(
        body.contains("needle is not ready: waiting for ConfigMap"),
        "{body}"
    );

    // One line per watch when it went down, and the start-up lines: no line per retry.
    let log = server.log();
    let down: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("watch of the cluster failed"))
        .collect();
    assert_eq!(down.len(), watches.len(), "{log}");
    assert!(
        log.lines().count() <= 12,
        "{} lines in {outage:?}:\n{log}",
        log.lines().count()
    );

    drop(client);
    let (status, took) = server
        .sigterm_and_wait(Duration::from_secs(10))
        .unwrap_or_else(|| panic!("still running 10 s after SIGTERM:\n{}", server.log()));
    assert!(status.success(), "{status}: {}", server.log());
    assert!(
        took < Duration::from_secs(3),
        "SIGTERM took {took:?} with --drain-timeout 2s"
    );
}

#[test]
fn a_broken_first_configuration_leaves_the_server_up_and_not_ready_until_it_is_fixed() {
    let dir = temp_dir("broken-first");
    let certs = dir.join("certs");
    let config_dir = dir.join("config");
    std::fs::create_dir(&config_dir).unwrap();
    let config = config_dir.join("config");
    std::fs::write(&config, "policy: [unclosed").unwrap();
    let server = Server::spawn_on(
        &dir,
        free_port(),
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--injectConfigFile",
            config.to_str().unwrap(),
        ],
        &[],
    );
    let not_ready = || {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok((503, why)) = plain_get(server.admin, "/ready") {
                return why;
            }
            assert!(
                Instant::now() < deadline,
                "no answer on /ready:\n{}",
                server.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    let why = not_ready();
    assert!(why.contains("no injector configuration loaded: "), "{why}");
    assert!(
        why.contains(config.to_str().unwrap()),
        "names the file: {why}"
    );
    let metrics = server.metrics();
    assert_eq!(
        series(
            &metrics,
            r#"needle_config_stale{revision="default",source="files"}"#
        ),
        Some(1.0),
        "{metrics}"
    );
    assert!(!metrics.contains("needle_config_info{"), "{metrics}");
    assert!(
        server
            .log()
            .contains("injector configuration failed to load"),
        "{}",
        server.log()
    );

    std::fs::write(&config, include_str!("../defaults/config.yaml")).unwrap();
    server.wait_ready();
    let metrics = server.metrics();
    assert_eq!(
        series(
            &metrics,
            r#"needle_config_stale{revision="default",source="files"}"#
        ),
        Some(0.0),
        "{metrics}"
    );
    assert!(
        metrics.contains("needle_config_info{revision=\"default\",hash=\""),
        "{metrics}"
    );
}
