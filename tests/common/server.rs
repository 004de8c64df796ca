//! Running the real `needle serve` binary and talking to it over real TLS.
#![allow(dead_code)]

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use rustls::pki_types::{CertificateDer, ServerName};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A fresh directory `needle-<tag>-…` in the temporary directory, removed with everything in
/// it (private keys included) when dropped, by a failing test's unwinding too. Used as the
/// `Path` it derefs to.
pub fn temp_dir(tag: &str) -> TempDir {
    TempDir(
        tempfile::Builder::new()
            .prefix(&format!("needle-{tag}-"))
            .tempdir()
            .expect("a temporary directory"),
    )
}

pub struct TempDir(tempfile::TempDir);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// A running `needle serve`; killed when dropped.
pub struct Server {
    pub child: Child,
    pub webhook: SocketAddr,
    pub admin: SocketAddr,
    pub log: PathBuf,
}

impl Server {
    /// Start with extra arguments and wait until /ready answers 200.
    pub fn start(dir: &Path, extra: &[&str]) -> Server {
        Self::start_with_env(dir, extra, &[])
    }

    /// `start`, with extra environment variables.
    pub fn start_with_env(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Server {
        Self::start_on(dir, free_port(), extra, env)
    }

    /// `start_with_env` on a given webhook port (a restarted server where the webhooks
    /// expect it).
    pub fn start_on(dir: &Path, webhook: u16, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let server = Self::spawn_on(dir, webhook, extra, env);
        server.wait_ready();
        server
    }

    /// `start_on` without waiting for readiness (a server that is to wait for its config).
    pub fn spawn_on(dir: &Path, webhook: u16, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let admin = free_port();
        let log = dir.join("needle.log");
        let child = watched(Path::new(env!("CARGO_BIN_EXE_needle")))
            .arg("serve")
            .args([
                "--listen",
                &format!("127.0.0.1:{webhook}"),
                "--admin-listen",
                &format!("127.0.0.1:{admin}"),
            ])
            .args(extra)
            .env_remove("ENABLE_NATIVE_SIDECARS")
            // The default log filter, unless a test names one.
            .env_remove("NEEDLE_LOG")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("needle starts");
        Server {
            child,
            webhook: format!("127.0.0.1:{webhook}").parse().unwrap(),
            admin: format!("127.0.0.1:{admin}").parse().unwrap(),
            log,
        }
    }

    /// Wait until /ready answers 200; panic with the log after 20 s.
    pub fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if plain_get(self.admin, "/ready")
                .map(|(s, _)| s == 200)
                .unwrap_or(false)
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!(
            "needle did not become ready; log:\n{}",
            std::fs::read_to_string(&self.log).unwrap_or_default()
        );
    }

    pub fn metrics(&self) -> String {
        plain_get(self.admin, "/metrics").unwrap().1
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGTERM, then wait up to `within` for the process to end: its exit status and how
    /// long it took, or `None` if it is still running.
    pub fn sigterm_and_wait(
        &mut self,
        within: Duration,
    ) -> Option<(std::process::ExitStatus, Duration)> {
        self.sigterm();
        let began = Instant::now();
        while began.elapsed() < within {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some((status, began.elapsed()));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    pub fn sigterm(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A command for `program` that dies with the test process, even when the test is killed
/// with SIGKILL (which skips every destructor): a shell starts a watcher in the background,
/// then becomes `program` by `exec`, so the child's pid is the program's own (signals such as
/// SIGSTOP reach it directly). The watcher kills it once the test's pid is gone.
pub fn watched(program: &Path) -> Command {
    const WATCHDOG: &str = r#"test_pid=$1; shift
( while kill -0 "$test_pid" && kill -0 $$; do sleep 0.5; done; kill -KILL $$ ) >/dev/null 2>&1 </dev/null &
exec "$@""#;
    let mut command = Command::new("bash");
    command
        .args(["-c", WATCHDOG, "watchdog"])
        .arg(std::process::id().to_string())
        .arg(program);
    command
}

/// A blocking HTTP/1.1 GET over plain TCP (the admin port).
pub fn plain_get(addr: SocketAddr, path: &str) -> std::io::Result<(u16, String)> {
    plain_request(addr, "GET", path, "")
}

/// A POST of a JSON body over plain HTTP (etcd's JSON gateway): the status and the body.
pub fn plain_post(addr: SocketAddr, path: &str, json: &str) -> std::io::Result<(u16, String)> {
    plain_request(addr, "POST", path, json)
}

fn plain_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> std::io::Result<(u16, String)> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(2))?;
    s.set_read_timeout(Some(Duration::from_secs(5)))?;
    let length = body.len();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n{body}"
    )?;
    let mut out = String::new();
    s.read_to_string(&mut out)?;
    let status = out
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = out
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    Ok((status, body))
}

/// A TLS connector that trusts only the given CA (PEM file).
pub fn connector(ca_pem: &Path, alpn_h2: bool) -> TlsConnector {
    let pem = std::fs::read(ca_pem).unwrap();
    let mut roots = rustls::RootCertStore::empty();
    for cert in rustls_pemfile::certs(&mut pem.as_slice()) {
        roots.add(cert.unwrap()).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = if alpn_h2 {
        vec![b"h2".to_vec()]
    } else {
        vec![b"http/1.1".to_vec()]
    };
    TlsConnector::from(Arc::new(config))
}

pub async fn tls_connect(
    connector: &TlsConnector,
    addr: SocketAddr,
) -> std::io::Result<TlsStream<TcpStream>> {
    let tcp = TcpStream::connect(addr).await?;
    connector
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
}

/// The certificate the server presented on this connection.
pub fn peer_certificate(stream: &TlsStream<TcpStream>) -> CertificateDer<'static> {
    stream.get_ref().1.peer_certificates().unwrap()[0]
        .clone()
        .into_owned()
}

/// An HTTP/1.1 keep-alive client over one TLS connection.
pub struct H1 {
    sender: hyper::client::conn::http1::SendRequest<Full<Bytes>>,
}

impl H1 {
    pub async fn connect(connector: &TlsConnector, addr: SocketAddr) -> std::io::Result<H1> {
        let stream = tls_connect(connector, addr).await?;
        let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .map_err(std::io::Error::other)?;
        tokio::spawn(conn);
        Ok(H1 { sender })
    }

    pub async fn post(
        &mut self,
        path: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> Result<(u16, Vec<u8>), String> {
        self.sender.ready().await.map_err(|e| e.to_string())?;
        let req = hyper::Request::post(path)
            .header("host", "localhost")
            .header("content-type", content_type)
            .body(Full::new(Bytes::from(body)))
            .unwrap();
        let resp = self
            .sender
            .send_request(req)
            .await
            .map_err(|e| e.to_string())?;
        let status = resp.status().as_u16();
        let bytes = resp
            .into_body()
            .collect()
            .await
            .map_err(|e| e.to_string())?
            .to_bytes();
        Ok((status, bytes.to_vec()))
    }
}

/// Send an HTTP/1.1 request in two halves, calling `between` after the first; returns the
/// raw response.
pub async fn split_request(
    connector: &TlsConnector,
    addr: SocketAddr,
    path: &str,
    body: &[u8],
    between: impl std::future::Future<Output = ()>,
) -> String {
    let mut stream = tls_connect(connector, addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let half = body.len() / 2;
    stream.write_all(&body[..half]).await.unwrap();
    stream.flush().await.unwrap();
    between.await;
    stream.write_all(&body[half..]).await.unwrap();
    stream.flush().await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}
