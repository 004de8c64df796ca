//! Slow and aborted bodies, running out of descriptors, shutdown, and the drop-in mistakes a
//! webhook must refuse at start rather than serve wrongly.

use crate::client::{self, Client};
use crate::payloads;
use crate::server::{Server, scratch_dir};
use crate::{Report, ms};
use base64::Engine;
use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

/// A failure counter of /metrics for `reason`, 0 when absent.
fn failures(metrics: &str, reason: &str) -> u64 {
    let key = format!("sidecar_injection_failure_total{{reason=\"{reason}\"}} ");
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(&key)?.trim().parse().ok())
        .unwrap_or(0)
}

/// Headers promising a body of `length` bytes, and the first bytes of it.
fn start_request(length: usize) -> Vec<u8> {
    let mut head = format!(
        "POST /inject HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
    .into_bytes();
    head.extend_from_slice(
        br#"{"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {"#,
    );
    head
}

pub fn slow_bodies(needle: &Path, report: &mut Report) {
    const CASE: &str = "slow-bodies";
    let server = Server::start(needle, CASE, &["--request-timeout", "1s"], None);
    let client = Client::new(server.webhook, &server.ca_pem());
    let aborted: Vec<_> = (0..200)
        .map(|_| {
            let client = client.clone();
            thread::spawn(move || {
                let mut tls = client.connect(false).ok()?;
                tls.write_all(&start_request(100_000)).ok()?;
                tls.flush().ok()?;
                thread::sleep(Duration::from_millis(300));
                Some(())
            })
        })
        .collect();
    let started = aborted
        .into_iter()
        .filter_map(|t| t.join().ok().flatten())
        .count();
    thread::sleep(Duration::from_millis(500));
    let metrics = client::admin_get(server.admin, "/metrics")
        .map(|(_, m)| m)
        .unwrap_or_default();
    let (too_large, read) = (
        failures(&metrics, "body_too_large"),
        failures(&metrics, "body_read"),
    );
    report.check(
        CASE,
        "200 clients abort mid-body",
        format!("{started} sent; counted body_read {read}, body_too_large {too_large}"),
        "all body_read, none body_too_large",
        started == 200 && read == 200 && too_large == 0,
    );

    let mut slow = client.connect(false).expect("TLS connect");
    slow.write_all(&start_request(100_000)).unwrap();
    slow.flush().unwrap();
    let begun = Instant::now();
    let mut answer = [0u8; 512];
    let _ = slow.sock.set_read_timeout(Some(Duration::from_secs(8)));
    let got = std::io::Read::read(&mut slow, &mut answer).unwrap_or(0);
    let took = begun.elapsed();
    let first_line = String::from_utf8_lossy(&answer[..got])
        .lines()
        .next()
        .unwrap_or("closed")
        .to_string();
    report.check(
        CASE,
        "a body that stops half-way, deadline 1 s",
        format!("answered \"{first_line}\" after {}", ms(took)),
        "answered ≤ 1.5 s",
        got > 0 && took <= Duration::from_millis(1500),
    );
    thread::sleep(Duration::from_millis(200));
    let warned = server
        .log()
        .lines()
        .any(|l| l.contains("WARN") && l.contains("time"));
    report.check(
        CASE,
        "the timeout is logged",
        if warned {
            "a WARN line"
        } else {
            "no WARN line"
        }
        .into(),
        "WARN",
        warned,
    );
}

pub fn descriptors(needle: &Path, report: &mut Report) {
    const CASE: &str = "descriptors";
    let server = Server::start(needle, CASE, &[], Some(256));
    let client = Client::new(server.webhook, &server.ca_pem());
    let before = server.log();
    let held: Vec<TcpStream> = (0..300)
        .filter_map(|_| TcpStream::connect(server.webhook).ok())
        .collect();
    thread::sleep(Duration::from_secs(3));
    let during = server.log();
    let new = &during[before.len().min(during.len())..];
    let lines = new.lines().count();
    report.check(
        CASE,
        "300 idle connections at a limit of 256 descriptors, 3 s",
        format!(
            "{} connections held; {lines} log lines, {} bytes",
            held.len(),
            new.len()
        ),
        "≤ 4 log lines (one a second)",
        lines <= 4,
    );
    drop(held);
    thread::sleep(Duration::from_millis(500));
    let served = client
        .post_once("/inject", &payloads::hello())
        .is_ok_and(|(status, text, _)| status == 200 && text.contains("\"patch\""));
    report.check(
        CASE,
        "a hello review once they are gone",
        if served { "injected" } else { "not injected" }.into(),
        "injected",
        served,
    );
}

pub fn drain(needle: &Path, report: &mut Report) {
    const CASE: &str = "drain";
    let mut server = Server::start(
        needle,
        CASE,
        &["--drain-timeout", "2s", "--request-timeout", "10s"],
        None,
    );
    let client = Client::new(server.webhook, &server.ca_pem());
    let mut in_flight = client.connect(false).expect("TLS connect");
    in_flight.write_all(&start_request(100_000)).unwrap();
    in_flight.flush().unwrap();
    thread::sleep(Duration::from_millis(200));
    server.sigterm();
    thread::sleep(Duration::from_millis(300));
    let refused = match TcpStream::connect_timeout(&server.webhook, Duration::from_secs(1)) {
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => "refused".to_string(),
        Err(e) => format!("failed otherwise: {e}"),
        Ok(_) => "accepted".to_string(),
    };
    report.check(
        CASE,
        "a new connection 0.3 s after SIGTERM",
        refused.clone(),
        "refused",
        refused == "refused",
    );
    let exit = server.wait(Duration::from_secs(6));
    report.check(
        CASE,
        "a request still in flight at the 2 s drain timeout",
        format!("{exit:?}"),
        "exit code 1",
        exit.and_then(|s| s.code()) == Some(1),
    );

    let mut quiet = Server::start(needle, "drain-idle", &["--drain-timeout", "2s"], None);
    quiet.sigterm();
    let started = Instant::now();
    let exit = quiet.wait(Duration::from_secs(4));
    report.check(
        CASE,
        "SIGTERM with nothing in flight",
        format!("{exit:?} after {}", ms(started.elapsed())),
        "exit code 0 ≤ 1 s",
        exit.and_then(|s| s.code()) == Some(0) && started.elapsed() <= Duration::from_secs(1),
    );
}

/// `needle serve` with an injector config that must not load: up and not ready (no crash
/// loop), its readiness answer (status and text, `None` if it never answered 503 within 10 s)
/// and its log.
fn refused_config(
    needle: &Path,
    name: &str,
    config: &str,
) -> (Option<(u16, String)>, String, String) {
    let dir = scratch_dir(&format!("{name}-config"));
    let file = dir.join("config");
    std::fs::write(&file, config).unwrap();
    let file = file.display().to_string();
    let mut server = Server::spawn(
        needle,
        name,
        &["--injectConfigFile", &file, "--templates", "config"],
        None,
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut ready = None;
    while ready.is_none() && Instant::now() < deadline && server.wait(Duration::ZERO).is_none() {
        ready = crate::client::admin_get(server.admin, "/ready")
            .ok()
            .filter(|(status, _)| *status == 503);
        std::thread::sleep(Duration::from_millis(50));
    }
    let log = server.log();
    let _ = std::fs::remove_dir_all(&dir);
    (ready, log, file)
}

pub fn drop_in(needle: &Path, report: &mut Report) {
    const CASE: &str = "drop-in";
    let (ready, log, file) = refused_config(needle, "policy", "policy: sometimes\n");
    let why = ready.map(|(_, why)| why).unwrap_or_default();
    let named = |text: &str| text.contains(&file) && text.contains("sometimes");
    report.check(
        CASE,
        "`policy: sometimes`",
        format!(
            "/ready 503: {}, file and value named there and in the log: {}",
            !why.is_empty(),
            named(&why) && named(&log)
        ),
        "up, not ready, naming both",
        named(&why) && named(&log),
    );

    let (ready, log, file) = refused_config(
        needle,
        "template",
        "policy: enabled\ntemplates:\n  sidecar: |\n    spec:\n      containers: {{ if }}\n",
    );
    let line = log
        .lines()
        .find(|l| l.contains(&file))
        .unwrap_or("")
        .trim()
        .to_string();
    let located = line.contains("sidecar") && line.contains("line 2, column");
    report.check(
        CASE,
        "a template that cannot be translated",
        format!(
            "/ready 503: {}: `{}`",
            ready.is_some(),
            line.chars().take(160).collect::<String>()
        ),
        "up, not ready, naming file, template, line and column",
        ready.is_some() && located,
    );

    let server = Server::start(needle, CASE, &[], None);
    let client = Client::new(server.webhook, &server.ca_pem());
    let image = client
        .post_once("/inject", &payloads::hello())
        .ok()
        .and_then(|(_, text, _)| {
            let v: serde_json::Value = serde_json::from_str(&text).ok()?;
            let patch = base64::engine::general_purpose::STANDARD
                .decode(v.pointer("/response/patch")?.as_str()?)
                .ok()?;
            let patch = String::from_utf8(patch).ok()?;
            let at = patch.find("proxyv2:")?;
            let start = patch[..at].rfind('"')? + 1;
            let end = at + patch[at..].find('"')?;
            Some(patch[start..end].to_string())
        });
    let image = image.unwrap_or_else(|| "no proxyv2 image in the patch".into());
    report.check(
        CASE,
        "proxy image of the embedded defaults",
        image.clone(),
        "a released tag, not :latest",
        image.contains("proxyv2:1.") && !image.ends_with(":latest"),
    );
    let mode = std::fs::metadata(server.dir.join("certs/ca.key"))
        .map(|m| std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o777);
    report.check(
        CASE,
        "development CA key kept",
        match &mode {
            Ok(m) => format!("ca.key mode {m:o}"),
            Err(e) => format!("no ca.key: {e}"),
        },
        "mode 600",
        matches!(mode, Ok(0o600)),
    );
}
