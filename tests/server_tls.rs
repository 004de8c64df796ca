//! The real `needle serve` binary over real TLS: certificates, reloads under load, shutdown.

mod common;

use base64::Engine;
use common::server::{
    H1, Server, TempDir, connector, peer_certificate, plain_get, split_request, temp_dir,
    tls_connect,
};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn hello_review(version: &str) -> Vec<u8> {
    let mut review: Value = serde_json::from_str(
        &std::fs::read_to_string("testdata/admission-review-hello.json").unwrap(),
    )
    .unwrap();
    review["apiVersion"] = json!(format!("admission.k8s.io/{version}"));
    serde_json::to_vec(&review).unwrap()
}

fn response_of(bytes: &[u8]) -> Value {
    serde_json::from_slice::<Value>(bytes)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(bytes)))["response"]
        .clone()
}

fn proxy_env(response: &Value, name: &str) -> Option<String> {
    let raw = base64::engine::general_purpose::STANDARD
        .decode(response["patch"].as_str()?)
        .ok()?;
    let ops: Vec<Value> = serde_json::from_slice(&raw).ok()?;
    let proxy = ops.iter().find(|o| o["value"]["name"] == "istio-proxy")?;
    proxy["value"]["env"]
        .as_array()?
        .iter()
        .find(|e| e["name"] == name)?["value"]
        .as_str()
        .map(str::to_string)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injects_over_tls_with_http1_and_http2_and_reuses_the_dev_certificate() {
    let dir = temp_dir("tls");
    let certs = dir.join("certs");
    let server = Server::start(&dir, &["--cert-dir", certs.to_str().unwrap()]);
    assert!(
        server.log().contains(&format!(
            "use {} as the webhook caBundle",
            certs.join("ca.pem").display()
        )),
        "{}",
        server.log()
    );
    let h1 = connector(&certs.join("ca.pem"), false);
    let mut client = H1::connect(&h1, server.webhook).await.unwrap();
    for version in ["v1", "v1beta1"] {
        let (status, body) = client
            .post("/inject", "application/json", hello_review(version))
            .await
            .unwrap();
        assert_eq!(status, 200);
        let response = response_of(&body);
        assert_eq!(response["allowed"], true);
        assert_eq!(response["uid"], "0b3f6c2e-6d2a-4f8e-9c1a-5e2b7d4a9f10");
        assert_eq!(
            proxy_env(&response, "ISTIO_META_WORKLOAD_NAME").as_deref(),
            Some("hello")
        );
    }
    // HTTP/2, as the apiserver may use it.
    let stream = tls_connect(&connector(&certs.join("ca.pem"), true), server.webhook)
        .await
        .unwrap();
    assert_eq!(stream.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    let (mut sender, conn) = hyper::client::conn::http2::handshake(
        hyper_util::rt::TokioExecutor::new(),
        hyper_util::rt::TokioIo::new(stream),
    )
    .await
    .unwrap();
    tokio::spawn(conn);
    let req = hyper::Request::post("https://localhost/inject")
        .header("content-type", "application/json")
        .body(http_body_util::Full::new(hyper::body::Bytes::from(
            hello_review("v1"),
        )))
        .unwrap();
    let resp = sender.send_request(req).await.unwrap();
    assert_eq!(resp.status(), 200);
    // Bad inputs get Istio's answers over the wire too.
    let (status, _) = client
        .post("/inject", "text/plain", hello_review("v1"))
        .await
        .unwrap();
    assert_eq!(status, 415);
    let (status, body) = client
        .post("/inject", "application/json", b"{}".to_vec())
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert_eq!(response_of(&body)["allowed"], false);
    let (status, _) = client
        .post("/inject", "application/json", vec![])
        .await
        .unwrap();
    assert_eq!(status, 400);

    let first_cert = std::fs::read_to_string(certs.join("tls.crt")).unwrap();
    drop(server);
    let again = Server::start(&dir, &["--cert-dir", certs.to_str().unwrap()]);
    assert!(
        again.log().contains("reusing a development certificate"),
        "{}",
        again.log()
    );
    assert_eq!(
        std::fs::read_to_string(certs.join("tls.crt")).unwrap(),
        first_cert
    );
}

/// Kubernetes mounts Secrets and ConfigMaps as `name -> ..data/name` with `..data` a symlink
/// to a timestamped directory, and updates them by swapping `..data`.
struct MountedDir {
    dir: PathBuf,
    version: usize,
}

impl MountedDir {
    fn new(dir: &Path, files: &[(&str, &str)]) -> Self {
        std::fs::create_dir_all(dir).unwrap();
        let mut m = MountedDir {
            dir: dir.to_path_buf(),
            version: 0,
        };
        m.update(files);
        for (name, _) in files {
            std::os::unix::fs::symlink(format!("..data/{name}"), dir.join(name)).unwrap();
        }
        m
    }

    fn update(&mut self, files: &[(&str, &str)]) {
        self.version += 1;
        let versioned = self.dir.join(format!("..v{}", self.version));
        std::fs::create_dir_all(&versioned).unwrap();
        for (name, text) in files {
            std::fs::write(versioned.join(name), text).unwrap();
        }
        let tmp = self.dir.join("..data_tmp");
        let _ = std::fs::remove_file(&tmp);
        std::os::unix::fs::symlink(format!("..v{}", self.version), &tmp).unwrap();
        std::fs::rename(&tmp, self.dir.join("..data")).unwrap();
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }
}

/// Keep `connections` clients posting until stopped; count successes and failures.
fn start_load(
    addr: std::net::SocketAddr,
    ca: PathBuf,
    connections: usize,
) -> (
    Arc<AtomicBool>,
    Arc<AtomicUsize>,
    Arc<AtomicUsize>,
    Vec<tokio::task::JoinHandle<()>>,
) {
    let (stop, ok, failed) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicUsize::new(0)),
        Arc::new(AtomicUsize::new(0)),
    );
    let body = hello_review("v1");
    let tasks = (0..connections)
        .map(|i| {
            let (stop, ok, failed, ca, body) = (
                stop.clone(),
                ok.clone(),
                failed.clone(),
                ca.clone(),
                body.clone(),
            );
            tokio::spawn(async move {
                let tls = connector(&ca, false);
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    // Half the clients reconnect often, so new handshakes meet every certificate.
                    let Ok(mut client) = H1::connect(&tls, addr).await else {
                        failed.fetch_add(1, Ordering::Relaxed);
                        continue;
                    };
                    for _ in 0..(if i % 2 == 0 { 5 } else { 200 }) {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        match client
                            .post("/inject", "application/json", body.clone())
                            .await
                        {
                            Ok((200, b)) if response_of(&b)["allowed"] == true => {
                                ok.fetch_add(1, Ordering::Relaxed)
                            }
                            _ => failed.fetch_add(1, Ordering::Relaxed),
                        };
                        n += 1;
                    }
                }
                let _ = n;
            })
        })
        .collect();
    (stop, ok, failed, tasks)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn certificate_rotates_ten_times_under_load_without_failed_requests() {
    let dir = temp_dir("rotate");
    let ca = needle::server::devcert::DevCa::new().unwrap();
    let hosts = needle::server::devcert::default_hosts("needle", "istio-system");
    std::fs::write(dir.join("ca.pem"), ca.pem()).unwrap();
    let (cert, key) = ca.issue(&hosts).unwrap();
    let mut mount = MountedDir::new(&dir.join("tls"), &[("tls.crt", &cert), ("tls.key", &key)]);
    let server = Server::start(
        &dir,
        &[
            "--tls-cert-file",
            &mount.path("tls.crt"),
            "--tls-key-file",
            &mount.path("tls.key"),
        ],
    );
    let (stop, ok, failed, tasks) = start_load(server.webhook, dir.join("ca.pem"), 4);
    let probe = connector(&dir.join("ca.pem"), false);
    for round in 1..=10 {
        let (cert, key) = ca.issue(&hosts).unwrap();
        let want = rustls_pemfile::certs(&mut cert.as_bytes())
            .next()
            .unwrap()
            .unwrap();
        mount.update(&[("tls.crt", &cert), ("tls.key", &key)]);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let stream = tls_connect(&probe, server.webhook).await.unwrap();
            if peer_certificate(&stream) == want {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "round {round}: new certificate not served; log:\n{}",
                server.log()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    let (ok, failed) = (ok.load(Ordering::Relaxed), failed.load(Ordering::Relaxed));
    println!("certificate rotation: 10 rotations, {ok} requests succeeded, {failed} failed");
    assert!(ok > 100, "the load ran ({ok} requests)");
    assert_eq!(failed, 0);
    assert!(
        server
            .metrics()
            .contains(r#"needle_certificate_reloads_total{result="ok"}"#)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn config_reloads_under_load_and_a_broken_reload_keeps_the_last_good_config() {
    let dir = temp_dir("reload");
    let certs = dir.join("certs");
    let mut mount = MountedDir::new(
        &dir.join("mesh"),
        &[("mesh", "trustDomain: first.example\n")],
    );
    let server = Server::start(
        &dir,
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--meshConfigFile",
            &mount.path("mesh"),
        ],
    );
    let tls = connector(&certs.join("ca.pem"), false);
    let mut client = H1::connect(&tls, server.webhook).await.unwrap();
    let trust_domain = async |client: &mut H1| {
        let (_, body) = client
            .post("/inject", "application/json", hello_review("v1"))
            .await
            .unwrap();
        proxy_env(&response_of(&body), "TRUST_DOMAIN")
    };
    assert_eq!(
        trust_domain(&mut client).await.as_deref(),
        Some("first.example")
    );

    let (stop, ok, failed, tasks) = start_load(server.webhook, certs.join("ca.pem"), 4);
    mount.update(&[("mesh", "trustDomain: second.example\n")]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while trust_domain(&mut client).await.as_deref() != Some("second.example") {
        assert!(
            Instant::now() < deadline,
            "reload not applied; log:\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    mount.update(&[("mesh", "trustDomain: [broken\n")]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server
        .metrics()
        .contains(r#"needle_config_reloads_total{revision="default",source="files",result="error",reason="syntax"} 1"#)
    {
        assert!(
            Instant::now() < deadline,
            "broken reload not reported; log:\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        trust_domain(&mut client).await.as_deref(),
        Some("second.example"),
        "the last good config stays"
    );
    assert!(
        server.log().contains("keeping the last good configuration"),
        "{}",
        server.log()
    );
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    let (ok, failed) = (ok.load(Ordering::Relaxed), failed.load(Ordering::Relaxed));
    println!("config reload: {ok} requests succeeded, {failed} failed");
    assert!(ok > 0);
    assert_eq!(failed, 0);
}

/// A server on its development certificate with this drain timeout, a client trusting it, and
/// the server's directory (removed when dropped).
fn draining_server(tag: &str, drain: &str) -> (Server, tokio_rustls::TlsConnector, TempDir) {
    let dir = temp_dir(tag);
    let certs = dir.join("certs");
    let cert_dir = certs.to_str().unwrap();
    let server = Server::start(&dir, &["--cert-dir", cert_dir, "--drain-timeout", drain]);
    let tls = connector(&certs.join("ca.pem"), false);
    (server, tls, dir)
}

/// How the server exited, within 10 s of being told to.
fn exit_status(server: &mut Server) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            return status;
        }
        assert!(
            Instant::now() < deadline,
            "needle did not exit after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drain_cut_short_by_its_timeout_exits_non_zero() {
    let (mut server, tls, _dir) = draining_server("term-cut", "1s");
    let body = hello_review("v1");
    let addr = server.webhook;
    // A request whose body never comes: it is still in flight when the drain ends.
    let stuck = tokio::spawn(async move {
        split_request(&tls, addr, "/inject", &body, std::future::pending()).await
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.sigterm();
    let status = exit_status(&mut server);
    stuck.abort();
    assert_eq!(status.code(), Some(1), "log:\n{}", server.log());
    assert!(server.log().contains("drain timeout"), "{}", server.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_requests_in_flight_and_exits_zero() {
    let (mut server, tls, _dir) = draining_server("term", "5s");
    let body = hello_review("v1");
    // Three requests are half-sent when SIGTERM arrives; each must still get its answer.
    let signal = Arc::new(tokio::sync::Notify::new());
    let mut requests = Vec::new();
    for _ in 0..3 {
        let (tls, body, signal) = (tls.clone(), body.clone(), signal.clone());
        let addr = server.webhook;
        requests.push(tokio::spawn(async move {
            split_request(&tls, addr, "/inject", &body, async move {
                signal.notified().await
            })
            .await
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.sigterm();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Draining, the server listens no more: a new connection is refused at once, so the
    // apiserver tries another replica instead of waiting out the drain.
    let refused = tokio::net::TcpStream::connect(server.webhook).await;
    assert!(refused.is_err(), "a draining server accepted a connection");
    signal.notify_waiters();
    for r in requests {
        let raw = r.await.unwrap();
        assert!(
            raw.starts_with("HTTP/1.1 200"),
            "in-flight request lost: {raw:?}"
        );
        let body = raw.split_once("\r\n\r\n").unwrap().1;
        assert_eq!(response_of(body.as_bytes())["allowed"], true);
    }
    let status = exit_status(&mut server);
    assert!(
        status.success(),
        "exit status {status:?}; log:\n{}",
        server.log()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn during_the_shutdown_delay_new_connections_are_served_and_ready_fails() {
    let dir = temp_dir("term-delay");
    let certs = dir.join("certs");
    let mut server = Server::start(
        &dir,
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--shutdown-delay",
            "3s",
        ],
    );
    let tls = connector(&certs.join("ca.pem"), false);
    let review = || hello_review("v1");
    // A keep-alive connection from before, as the apiserver pools them.
    let mut pooled = H1::connect(&tls, server.webhook).await.unwrap();
    let (status, _) = pooled
        .post("/inject", "application/json", review())
        .await
        .unwrap();
    assert_eq!(status, 200);
    server.sigterm();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The endpoints may still send new connections here: each is served as before.
    let mut fresh = H1::connect(&tls, server.webhook)
        .await
        .expect("a connection during the shutdown delay is accepted");
    for client in [&mut fresh, &mut pooled] {
        let (status, body) = client
            .post("/inject", "application/json", review())
            .await
            .unwrap();
        assert_eq!(status, 200);
        assert_eq!(response_of(&body)["allowed"], true);
        // Each answer closed its connection: the client's next request needs a new one.
        let again = client.post("/inject", "application/json", review()).await;
        assert!(
            again.is_err(),
            "a connection stayed open after its answer (the next got {:?})",
            again.map(|(status, _)| status)
        );
    }
    let (ready, why) = plain_get(server.admin, "/ready").unwrap();
    assert_eq!((ready, why.as_str()), (503, "not ready: shutting down"));
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "exited before its shutdown delay"
    );
    // A second signal ends the delay at once.
    server.sigterm();
    let status = exit_status(&mut server);
    assert!(status.success(), "{status:?}; log:\n{}", server.log());
    assert!(server.log().contains("second signal"), "{}", server.log());
}
