//! A small blocking HTTP/1.1 client, over TLS (rustls, trusting the server's development CA)
//! or plain TCP: each hostile case needs control of the bytes on the wire, and threads are
//! the simplest way to hold dozens of requests in flight.

use rustls::pki_types::ServerName;
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub type Tls = rustls::StreamOwned<rustls::ClientConnection, TcpStream>;

#[derive(Clone)]
pub struct Client {
    config: Arc<rustls::ClientConfig>,
    h2: Arc<rustls::ClientConfig>,
    pub addr: SocketAddr,
}

impl Client {
    pub fn new(addr: SocketAddr, ca: &Path) -> Client {
        let mut roots = rustls::RootCertStore::empty();
        let pem = std::fs::read(ca).expect("the development CA");
        for cert in rustls_pemfile::certs(&mut pem.as_slice()) {
            roots
                .add(cert.expect("a CA certificate"))
                .expect("add the CA");
        }
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
        let mut h2 = config.clone();
        h2.alpn_protocols = vec![b"h2".to_vec()];
        Client {
            config: Arc::new(config),
            h2: Arc::new(h2),
            addr,
        }
    }

    /// A TLS connection with its handshake done (HTTP/1.1, or HTTP/2 by ALPN).
    pub fn connect(&self, http2: bool) -> io::Result<Tls> {
        let tcp = TcpStream::connect(self.addr)?;
        tcp.set_nodelay(true)?;
        let config = if http2 { &self.h2 } else { &self.config };
        let connection = rustls::ClientConnection::new(
            config.clone(),
            ServerName::try_from("localhost").unwrap(),
        )
        .map_err(io::Error::other)?;
        let mut tls = rustls::StreamOwned::new(connection, tcp);
        while tls.conn.is_handshaking() {
            tls.conn.complete_io(&mut tls.sock)?;
        }
        Ok(tls)
    }

    /// POST `body` as JSON on a fresh connection: the status, the body and the time taken.
    pub fn post_once(&self, path: &str, body: &[u8]) -> io::Result<(u16, String, Duration)> {
        let started = Instant::now();
        let mut tls = self.connect(false)?;
        let (status, text) = post(&mut tls, path, body)?;
        Ok((status, text, started.elapsed()))
    }
}

/// POST `body` as JSON on an open connection and read the answer.
pub fn post(stream: &mut impl ReadWrite, path: &str, body: &[u8]) -> io::Result<(u16, String)> {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()?;
    read_response(stream)
}

pub trait ReadWrite: Read + Write {}
impl<T: Read + Write> ReadWrite for T {}

/// One HTTP/1.1 response with a Content-Length (what hyper sends for a full body).
fn read_response(stream: &mut impl Read) -> io::Result<(u16, String)> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "connection closed before a response",
            ));
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| io::Error::other(format!("no status line in {head:?}")))?;
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = vec![0; length];
    stream.read_exact(&mut body)?;
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// GET on the admin port, a new connection each time as a kubelet probe makes it.
pub fn admin_get(addr: SocketAddr, path: &str) -> io::Result<(u16, String)> {
    let mut tcp = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    tcp.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        tcp,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )?;
    read_response(&mut tcp)
}

/// How long until the peer closes `stream` (a read returns end of file or an error), if it
/// does within `limit`. Bytes the server sends first (an HTTP/2 SETTINGS frame, a TLS alert)
/// are read past.
pub fn time_to_close(
    stream: &mut impl Read,
    limit: Duration,
    set_timeout: impl Fn(Duration),
) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        let left = limit.checked_sub(started.elapsed())?;
        set_timeout(left.max(Duration::from_millis(1)));
        match stream.read(&mut buf) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                if started.elapsed() >= limit {
                    return None;
                }
            }
            Err(_) => return Some(started.elapsed()),
        }
    }
}
