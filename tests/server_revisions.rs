//! One `needle serve --revisions` for two revisions, as a real process over real TLS: `stable`
//! on Istio 1.30.3's ConfigMaps (tag `prod`) and `canary` on 1.31's, from the corpus. Each
//! revision's path injects with its own configuration; plain `/inject` is the first's;
//! `/validate` judges an object by the revision its `istio.io/rev` names (by tag too), with
//! that revision's release; an unknown revision's path is refused; and a broken edit of one
//! revision's configuration leaves the other, and the server's readiness, untouched.

mod common;

use common::golden_cases::corpus_dir;
use common::server::{H1, Server, connector, free_port, plain_get, temp_dir};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};

fn hello_review() -> Vec<u8> {
    std::fs::read("testdata/admission-review-hello.json").unwrap()
}

/// A DestinationRule 1.30.3 denies (warmup aggression below 1) and 1.31 admits.
fn aggression_review(labels: Value) -> Vec<u8> {
    let object = json!({"apiVersion": "networking.istio.io/v1", "kind": "DestinationRule",
        "metadata": {"name": "gentle", "namespace": "default", "labels": labels},
        "spec": {"host": "reviews", "trafficPolicy": {"loadBalancer": {"simple": "ROUND_ROBIN",
            "warmup": {"duration": "60s", "aggression": 0.5}}}}});
    let review = json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
        "request": {"uid": "u", "kind": {"group": "networking.istio.io", "version": "v1", "kind": "DestinationRule"},
            "operation": "CREATE", "namespace": "default", "name": "gentle", "object": object}});
    serde_json::to_vec(&review).unwrap()
}

/// A copy of a release's ConfigMaps (`config`, `values`, `mesh`) in `dir`.
fn release_files(release: &str, dir: &Path) {
    let cfg = corpus_dir()
        .join("istio-releases")
        .join(release)
        .join("cfg");
    std::fs::create_dir_all(dir).unwrap();
    for (from, to) in [
        ("config.yaml", "config"),
        ("values.json", "values"),
        ("mesh.yaml", "mesh"),
    ] {
        std::fs::copy(cfg.join(from), dir.join(to)).unwrap();
    }
}

async fn post(client: &mut H1, path: &str, body: Vec<u8>) -> (u16, Value) {
    let (status, bytes) = client.post(path, "application/json", body).await.unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let value = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(text.into_owned()));
    (status, value)
}

/// The revision the injected pod's status annotation names, from the answer's patch.
fn injected_revision(answer: &Value) -> String {
    use base64::Engine;
    let response = &answer["response"];
    assert_eq!(response["allowed"], true, "{answer}");
    let patch = response["patch"]
        .as_str()
        .unwrap_or_else(|| panic!("no patch: {answer}"));
    let patch = base64::engine::general_purpose::STANDARD
        .decode(patch)
        .unwrap();
    let text = String::from_utf8(patch).unwrap();
    let at = text
        .find(r#"\"revision\":\""#)
        .unwrap_or_else(|| panic!("{text}"));
    let rest = &text[at + r#"\"revision\":\""#.len()..];
    rest[..rest.find('\\').unwrap()].to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_revision_answers_with_its_own_configuration() {
    let dir = temp_dir("revisions");
    let (stable, canary) = (dir.join("stable"), dir.join("canary"));
    release_files("1.30.3", &stable);
    release_files("1.31", &canary);
    let revisions = dir.join("revisions.yaml");
    let list = format!(
        "revisions:\n- name: stable\n  istioRelease: 1.30.3\n  injectConfigDir: {s}\n  meshConfigFile: {s}/mesh\n  tags: [prod]\n- name: canary\n  istioRelease: \"1.31\"\n  injectConfigDir: {c}\n  meshConfigFile: {c}/mesh\n",
        s = stable.display(),
        c = canary.display()
    );
    std::fs::write(&revisions, list).unwrap();
    let certs = dir.join("certs");
    let args = [
        "--cert-dir",
        certs.to_str().unwrap(),
        "--revisions",
        revisions.to_str().unwrap(),
    ];
    let server = Server::start_on(&dir, free_port(), &args, &[]);
    let mut client = H1::connect(&connector(&certs.join("ca.pem"), false), server.webhook)
        .await
        .unwrap();

    // Injection: each path its revision; plain /inject the first; Istio's path parameters kept.
    for (path, want) in [
        ("/rev/stable/inject", "stable"),
        ("/rev/canary/inject/cluster/c1/net/n1", "canary"),
        ("/inject", "stable"),
    ] {
        let (status, answer) = post(&mut client, path, hello_review()).await;
        assert_eq!(status, 200, "{path}: {answer}");
        assert_eq!(injected_revision(&answer), want, "{path}");
    }
    let (status, answer) = post(&mut client, "/rev/gone/inject", hello_review()).await;
    assert_eq!(
        (status, answer),
        (404, json!("needle serves no revision \"gone\""))
    );

    // Validation: by label (and tag), with the revision's release.
    let verdict = |answer: &Value| {
        let response = &answer["response"];
        let message = response["status"]["message"].as_str().unwrap_or_default();
        (
            response["allowed"] == true,
            message.to_string(),
            response["warnings"].clone(),
        )
    };
    let denied = "aggression should be greater than or equal to 1";
    for (labels, path, allowed) in [
        (json!({"istio.io/rev": "stable"}), "/validate", false),
        (json!({"istio.io/rev": "prod"}), "/validate", false),
        (json!({"istio.io/rev": "canary"}), "/validate", true),
        (json!({}), "/validate", false),
        // A revision served by none: judged by the first, as istiod judges what it is sent.
        (json!({"istio.io/rev": "old"}), "/validate", false),
        (json!({}), "/rev/canary/validate", true),
    ] {
        let (status, answer) = post(&mut client, path, aggression_review(labels.clone())).await;
        assert_eq!(status, 200, "{answer}");
        let (ok, message, _) = verdict(&answer);
        assert_eq!(ok, allowed, "{path} {labels}: {answer}");
        assert!(allowed || message.contains(denied), "{message}");
    }
    // A broken edit of canary's configuration: canary keeps its last good one, stable is
    // untouched, and the server stays ready.
    std::fs::write(canary.join("config"), "policy: [unclosed").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let stale = r#"needle_config_stale{revision="canary",source="files"} 1"#;
    while !server.metrics().contains(stale) {
        assert!(
            Instant::now() < deadline,
            "no stale canary:\n{}",
            server.metrics()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let metrics = server.metrics();
    assert!(
        !metrics.contains(r#"needle_config_stale{revision="stable""#),
        "{metrics}"
    );
    let infos = metrics
        .lines()
        .filter(|l| l.starts_with("needle_config_info{"))
        .count();
    assert_eq!(infos, 2, "{metrics}");
    for (path, want) in [
        ("/rev/stable/inject", "stable"),
        ("/rev/canary/inject", "canary"),
    ] {
        let (status, answer) = post(&mut client, path, hello_review()).await;
        assert_eq!(status, 200, "{path}: {answer}");
        assert_eq!(injected_revision(&answer), want, "{path}");
    }
    assert_eq!(plain_get(server.admin, "/ready").unwrap().0, 200);
}

#[test]
fn a_bad_revisions_file_is_refused_naming_what_is_wrong() {
    let dir = temp_dir("revisions-bad");
    let revisions = dir.join("revisions.yaml");
    std::fs::write(&revisions, "revisions:\n- name: a\n- name: a\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_needle"))
        .args(["serve", "--revisions", revisions.to_str().unwrap()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("revisions.yaml: revision \"a\" is listed twice"),
        "{stderr}"
    );
}
