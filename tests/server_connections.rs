//! Connection hygiene of the real `needle serve` over real sockets: connections that stall
//! at the TLS handshake, in their headers, before the HTTP/2 preface or between requests are
//! closed on their timeouts and counted; busy keep-alive connections are not; at the
//! connection cap the next connection waits until one closes.

mod common;

use common::server::{H1, Server, TempDir, connector, temp_dir, tls_connect};
use http_body_util::Full;
use hyper::body::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo};
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

/// What "closed on its timeout" may take at most, whatever the machine's load: the timeouts
/// of these tests are 300 ms.
const CLOSED_WITHIN: Duration = Duration::from_secs(10);

fn hello_review() -> Vec<u8> {
    std::fs::read("testdata/admission-review-hello.json").unwrap()
}

/// The server's development CA, with the directory that holds it (removed when dropped).
struct CaFile {
    path: PathBuf,
    _dir: TempDir,
}

impl std::ops::Deref for CaFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

/// A server with the given timeouts (Go durations) and connection flags.
fn server(tag: &str, flags: &[&str]) -> (Server, CaFile) {
    let dir = temp_dir(tag);
    let certs = dir.join("certs");
    let mut args = vec!["--cert-dir", certs.to_str().unwrap()];
    args.extend_from_slice(flags);
    let server = Server::start(&dir, &args);
    let path = certs.join("ca.pem");
    (server, CaFile { path, _dir: dir })
}

/// True when the peer closes the stream within `bound` (end of stream or a reset).
async fn closed_within(stream: &mut (impl AsyncRead + Unpin), bound: Duration) -> bool {
    let mut buf = [0u8; 4096];
    tokio::time::timeout(bound, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok()
}

fn timed_out(server: &Server, listener: &str, timeout: &str) -> u64 {
    let prefix = format!(
        "needle_connections_timed_out_total{{listener=\"{listener}\",timeout=\"{timeout}\"}} "
    );
    server
        .metrics()
        .lines()
        .find_map(|l| l.strip_prefix(&prefix).map(|n| n.parse().unwrap()))
        .unwrap_or(0)
}

/// One keep-alive POST of the hello review over a raw stream; the response's status.
async fn post_hello<S: AsyncRead + tokio::io::AsyncWrite + Unpin>(stream: &mut S) -> u16 {
    let body = hello_review();
    let head = format!(
        "POST /inject HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body).await.unwrap();
    stream.flush().await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = stream.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed before the response");
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got).to_string();
        if let Some((head, rest)) = text.split_once("\r\n\r\n") {
            let length: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(|v| v.trim().parse().unwrap())
                })
                .expect("a content-length");
            if rest.len() >= length {
                return head.split_whitespace().nth(1).unwrap().parse().unwrap();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_starts_tls_is_closed_after_the_handshake_timeout() {
    let (server, _ca) = server("conn-tls", &["--tls-handshake-timeout", "300ms"]);
    let mut tcp = TcpStream::connect(server.webhook).await.unwrap();
    assert!(closed_within(&mut tcp, CLOSED_WITHIN).await);
    assert_eq!(timed_out(&server, "webhook", "tls_handshake"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_no_request_is_closed_after_the_header_timeout() {
    let (server, ca) = server(
        "conn-fresh",
        &["--header-read-timeout", "300ms", "--idle-timeout", "1h"],
    );
    let mut silent = tls_connect(&connector(&ca, false), server.webhook)
        .await
        .unwrap();
    assert!(closed_within(&mut silent, CLOSED_WITHIN).await);
    assert_eq!(timed_out(&server, "webhook", "header_read"), 1);
    // The admin port has the same timeouts.
    let mut admin = TcpStream::connect(server.admin).await.unwrap();
    assert!(closed_within(&mut admin, CLOSED_WITHIN).await);
    assert_eq!(timed_out(&server, "admin", "header_read"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_headers_are_closed_after_the_header_timeout_on_a_fresh_or_reused_connection() {
    let (server, ca) = server(
        "conn-headers",
        &["--header-read-timeout", "300ms", "--idle-timeout", "1h"],
    );
    let tls = connector(&ca, false);
    let mut fresh = tls_connect(&tls, server.webhook).await.unwrap();
    fresh
        .write_all(b"POST /inject HTTP/1.1\r\nHost: localhost\r\n")
        .await
        .unwrap();
    assert!(closed_within(&mut fresh, CLOSED_WITHIN).await);
    // On a keep-alive connection the timeout starts at the next request's first bytes.
    let mut reused = tls_connect(&tls, server.webhook).await.unwrap();
    assert_eq!(post_hello(&mut reused).await, 200);
    reused.write_all(b"POST /inj").await.unwrap();
    assert!(closed_within(&mut reused, CLOSED_WITHIN).await);
    assert_eq!(timed_out(&server, "webhook", "header_read"), 2);
    assert_eq!(timed_out(&server, "webhook", "idle"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http2_connection_without_its_preface_is_closed() {
    let (server, ca) = server(
        "conn-preface",
        &["--header-read-timeout", "300ms", "--idle-timeout", "1h"],
    );
    let h2 = connector(&ca, true);
    let mut silent = tls_connect(&h2, server.webhook).await.unwrap();
    assert_eq!(silent.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    assert!(closed_within(&mut silent, CLOSED_WITHIN).await);
    let mut half = tls_connect(&h2, server.webhook).await.unwrap();
    half.write_all(b"PRI * HTTP/2.0\r\n").await.unwrap();
    assert!(closed_within(&mut half, CLOSED_WITHIN).await);
    assert_eq!(timed_out(&server, "webhook", "header_read"), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_keep_alive_connections_are_closed_after_the_idle_timeout() {
    let (server, ca) = server(
        "conn-idle",
        &["--header-read-timeout", "1h", "--idle-timeout", "300ms"],
    );
    // HTTP/1.1: a request, then nothing.
    let mut h1 = tls_connect(&connector(&ca, false), server.webhook)
        .await
        .unwrap();
    assert_eq!(post_hello(&mut h1).await, 200);
    assert!(closed_within(&mut h1, CLOSED_WITHIN).await);
    // HTTP/2: a request, then nothing; the server says GOAWAY and the client's connection ends.
    let stream = tls_connect(&connector(&ca, true), server.webhook)
        .await
        .unwrap();
    let (mut sender, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
            .await
            .unwrap();
    let conn = tokio::spawn(conn);
    let request = hyper::Request::post("https://localhost/inject")
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(hello_review())))
        .unwrap();
    assert_eq!(sender.send_request(request).await.unwrap().status(), 200);
    assert!(tokio::time::timeout(CLOSED_WITHIN, conn).await.is_ok());
    assert_eq!(timed_out(&server, "webhook", "idle"), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keep_alive_connections_in_use_stay_open() {
    // Requests 50 ms apart for two and a half idle timeouts: a gap between two requests of a
    // connection (50 ms and the other connection's request) would have to reach 2 s to close.
    let (server, ca) = server(
        "conn-busy",
        &["--header-read-timeout", "5s", "--idle-timeout", "2s"],
    );
    let mut h1 = H1::connect(&connector(&ca, false), server.webhook)
        .await
        .unwrap();
    let stream = tls_connect(&connector(&ca, true), server.webhook)
        .await
        .unwrap();
    let (mut h2, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
            .await
            .unwrap();
    tokio::spawn(conn);
    let start = tokio::time::Instant::now();
    let mut requests = 0;
    while start.elapsed() < Duration::from_secs(5) {
        let (status, _) = h1
            .post("/inject", "application/json", hello_review())
            .await
            .expect("the HTTP/1.1 connection stays open");
        assert_eq!(status, 200);
        let request = hyper::Request::post("https://localhost/inject")
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(hello_review())))
            .unwrap();
        let response = h2
            .send_request(request)
            .await
            .expect("the HTTP/2 connection stays open");
        assert_eq!(response.status(), 200);
        requests += 1;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(requests > 1);
    assert_eq!(timed_out(&server, "webhook", "idle"), 0);
    assert_eq!(timed_out(&server, "webhook", "header_read"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_connection_cap_the_next_connection_waits_until_one_closes() {
    // No header timeout to free a slot while the test looks.
    let (server, ca) = server(
        "conn-cap",
        &["--max-connections", "2", "--header-read-timeout", "1h"],
    );
    let tls = connector(&ca, false);
    let first = tls_connect(&tls, server.webhook).await.unwrap();
    let mut second = H1::connect(&tls, server.webhook).await.unwrap();
    assert!(
        server
            .metrics()
            .contains("needle_connections_open{listener=\"webhook\"} 2"),
        "{}",
        server.metrics()
    );
    // The kernel completes the TCP handshake (the backlog), but needle does not accept: no
    // TLS answer comes while two connections are open.
    let third = tokio::spawn(waiting_handshake(tls.clone(), server.webhook));
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(
        !third.is_finished(),
        "the third connection was served at the cap"
    );
    let (status, _) = second
        .post("/inject", "application/json", hello_review())
        .await
        .unwrap();
    assert_eq!(status, 200, "the open connections are still served");
    drop(first);
    let mut third = tokio::time::timeout(CLOSED_WITHIN, third)
        .await
        .expect("served once a connection closed")
        .unwrap();
    assert_eq!(post_hello(&mut third).await, 200);
    assert!(
        server.log().contains("connection limit reached"),
        "{}",
        server.log()
    );
}

async fn waiting_handshake(
    tls: TlsConnector,
    addr: std::net::SocketAddr,
) -> tokio_rustls::client::TlsStream<TcpStream> {
    tls_connect(&tls, addr).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_descriptors_the_accept_loop_backs_off_logs_once_a_second_and_recovers() {
    let (server, ca) = server("conn-emfile", &["--max-connections", "1000"]);
    let pid = server.child.id();
    let open_fds = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .count();
    let limit = format!("--nofile={0}:{0}", open_fds + 10);
    let status = std::process::Command::new("prlimit")
        .args(["--pid", &pid.to_string(), &limit])
        .status()
        .expect("prlimit runs");
    assert!(status.success());
    // Far more connections than descriptors left: accepts fail with EMFILE.
    let mut held = Vec::new();
    for _ in 0..60 {
        held.push(TcpStream::connect(server.webhook).await.unwrap());
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let failures = server.log().matches("accept failed").count();
    assert!(
        (1..=5).contains(&failures),
        "{failures} lines about failed accepts in 3 s:\n{}",
        server.log()
    );
    drop(held);
    // With descriptors free again the next connection is served, after at most a backoff.
    let mut h1 = tokio::time::timeout(
        CLOSED_WITHIN,
        H1::connect(&connector(&ca, false), server.webhook),
    )
    .await
    .expect("served after the descriptors came back")
    .unwrap();
    let (status, _) = h1
        .post("/inject", "application/json", hello_review())
        .await
        .unwrap();
    assert_eq!(status, 200);
}
