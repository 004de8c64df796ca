//! Clients that hold connections without using them: each must be closed on its timeout,
//! while a connection in use is kept; at the connection cap, the next one waits for a slot.

use crate::client::{self, Client, Tls};
use crate::payloads;
use crate::server::Server;
use crate::{Report, ms};
use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::thread;
use std::time::Duration;

const CASE: &str = "connections";
/// Short timeouts so the case takes seconds; the defaults are in the README.
const FLAGS: [&str; 6] = [
    "--tls-handshake-timeout",
    "1s",
    "--header-read-timeout",
    "1s",
    "--idle-timeout",
    "2s",
];
const HANDSHAKE: Duration = Duration::from_secs(1);
const HEADER: Duration = Duration::from_secs(1);
const IDLE: Duration = Duration::from_secs(2);
const SLACK: Duration = Duration::from_millis(1500);
/// How long a connection is watched before it counts as never closed.
const WATCH: Duration = Duration::from_secs(8);

fn closed_within(
    report: &mut Report,
    what: &str,
    took: Option<std::time::Duration>,
    limit: Duration,
) {
    report.check(
        CASE,
        what,
        took.map(ms)
            .unwrap_or_else(|| format!("still open after {}", ms(WATCH))),
        &format!("closed ≤ {}", ms(limit)),
        took.is_some_and(|t| t <= limit),
    );
}

fn tls_close(tls: &mut Tls) -> Option<Duration> {
    let socket = tls.sock.try_clone().expect("clone the socket");
    client::time_to_close(tls, WATCH, |t| {
        let _ = socket.set_read_timeout(Some(t));
    })
}

pub fn run(needle: &Path, report: &mut Report) {
    let server = Server::start(needle, CASE, &FLAGS, None);
    let client = Client::new(server.webhook, &server.ca_pem());

    let mut raw = TcpStream::connect(server.webhook).expect("connect");
    let socket = raw.try_clone().unwrap();
    let took = client::time_to_close(&mut raw, WATCH, |t| {
        let _ = socket.set_read_timeout(Some(t));
    });
    closed_within(
        report,
        "TCP connection that never starts TLS",
        took,
        HANDSHAKE + SLACK,
    );

    let mut idle = client.connect(false).expect("TLS connect");
    closed_within(
        report,
        "TLS connection that never sends a request",
        tls_close(&mut idle),
        HEADER.max(IDLE) + SLACK,
    );

    let mut half = client.connect(false).expect("TLS connect");
    half.write_all(b"POST /inject HTTP/1.1\r\nHost: localhost\r\nContent-Type: appl")
        .unwrap();
    half.flush().unwrap();
    closed_within(
        report,
        "half-sent request headers",
        tls_close(&mut half),
        HEADER + SLACK,
    );

    let mut h2 = client.connect(true).expect("TLS connect (h2)");
    assert_eq!(
        h2.conn.alpn_protocol(),
        Some(&b"h2"[..]),
        "the server offers HTTP/2"
    );
    closed_within(
        report,
        "HTTP/2 connection without its preface",
        tls_close(&mut h2),
        HEADER.max(IDLE) + SLACK,
    );

    let hello = payloads::hello();
    let mut used = client.connect(false).expect("TLS connect");
    let answered = (0..8)
        .filter(|_| {
            thread::sleep(IDLE / 4);
            client::post(&mut used, "/inject", &hello).is_ok_and(|(status, _)| status == 200)
        })
        .count();
    report.check(
        CASE,
        "keep-alive connection in use for 2× the idle timeout",
        format!("{answered}/8 reviews answered on it"),
        "8/8",
        answered == 8,
    );
    closed_within(
        report,
        "the same connection once idle",
        tls_close(&mut used),
        IDLE + SLACK,
    );
    drop(server);
    cap(needle, report);
}

/// With `--max-connections 4`, a fifth connection's handshake waits until one of the four
/// closes, then completes.
fn cap(needle: &Path, report: &mut Report) {
    let server = Server::start(needle, "connection-cap", &["--max-connections", "4"], None);
    let client = Client::new(server.webhook, &server.ca_pem());
    let mut held: Vec<Tls> = (0..4)
        .map(|_| client.connect(false).expect("TLS connect"))
        .collect();
    let fifth = {
        let client = client.clone();
        thread::spawn(move || {
            let started = std::time::Instant::now();
            client.connect(false).map(|_| started.elapsed())
        })
    };
    thread::sleep(Duration::from_millis(1000));
    let waited = !fifth.is_finished();
    drop(held.pop());
    let served = fifth.join().expect("connect thread");
    report.check(
        CASE,
        "at the cap of 4: a fifth connection",
        match &served {
            Ok(t) => format!(
                "{} the cap, served after {}",
                if waited {
                    "waited at"
                } else {
                    "did NOT wait at"
                },
                ms(*t)
            ),
            Err(e) => format!("failed: {e}"),
        },
        "waits ≥ 1 s, then served",
        waited && served.is_ok(),
    );
}
