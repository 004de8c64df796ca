//! The real `needle serve` binary under hostile input (issue #15): a body slower than the
//! deadline is cut off at the deadline, a Content-Length over the limit is refused before a
//! byte is read, and each is counted under its own label.

mod common;

use common::server::{H1, Server, connector, temp_dir, tls_connect};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Send a request head (and `body_start` of its body), then wait for the raw answer.
async fn half_sent(
    server: &Server,
    certs: &std::path::Path,
    head: &str,
    body_start: &[u8],
) -> (String, Duration) {
    let tls = connector(&certs.join("ca.pem"), false);
    let mut stream = tls_connect(&tls, server.webhook).await.unwrap();
    let sent = Instant::now();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body_start).await.unwrap();
    stream.flush().await.unwrap();
    let mut answer = vec![0; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), stream.read(&mut answer))
        .await
        .expect("an answer before the client gives up")
        .unwrap();
    answer.truncate(n);
    (
        String::from_utf8_lossy(&answer).into_owned(),
        sent.elapsed(),
    )
}

fn post_head(content_length: usize) -> String {
    format!(
        "POST /inject HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {content_length}\r\n\r\n"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_slower_than_the_deadline_is_cut_off_at_the_deadline() {
    let dir = temp_dir("slow-body");
    let certs = dir.join("certs");
    let server = Server::start(
        &dir,
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--request-timeout",
            "300ms",
        ],
    );
    let (answer, took) = half_sent(&server, &certs, &post_head(1000), b"{\"apiVersion\": ").await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.contains(
            "reading the request body did not finish within 300ms (needle --request-timeout)"
        ),
        "{answer}"
    );
    assert!(took < Duration::from_secs(5), "answered after {took:?}");
    let metrics = server.metrics();
    assert!(
        metrics.contains("sidecar_injection_failure_total{reason=\"timeout\"} 1"),
        "{metrics}"
    );
    assert!(
        server.log().contains("WARN") && server.log().contains("reason=\"timeout\""),
        "{}",
        server.log()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_content_length_over_the_limit_is_refused_before_the_body_is_read() {
    let dir = temp_dir("too-long");
    let certs = dir.join("certs");
    // A long deadline: the answer comes at once, not when the deadline ends the read.
    let server = Server::start(
        &dir,
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--request-timeout",
            "30s",
        ],
    );
    let (answer, took) = half_sent(&server, &certs, &post_head(7_000_000), b"").await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(
        answer.contains("Request entity too large: limit is 6291456"),
        "{answer}"
    );
    assert!(took < Duration::from_secs(10), "answered after {took:?}");
    // A client that sends the whole body anyway reads the answer, not a reset connection.
    let tls = connector(&certs.join("ca.pem"), false);
    let mut client = H1::connect(&tls, server.webhook).await.unwrap();
    let (status, text) = client
        .post("/inject", "application/json", vec![b' '; 7_000_000])
        .await
        .unwrap();
    assert_eq!(
        (status, String::from_utf8_lossy(&text).as_ref()),
        (400, "Request entity too large: limit is 6291456")
    );
    let metrics = server.metrics();
    assert!(
        metrics.contains("sidecar_injection_failure_total{reason=\"body_too_large\"} 2"),
        "{metrics}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
