//! Load generator for `needle serve`: HTTPS keep-alive clients posting one AdmissionReview,
//! bounded in count and time, against a server on loopback.
//!
//! `scripts/load-bench.sh` runs it against a release build; by hand:
//! `cargo run --release --example load -- ADDR CA_PEM REVIEW_JSON SERVER_PID`
//!
//! Soak mode (`scripts/soak.sh`): with `NEEDLE_LOAD_SOAK=N`, one closed loop of N requests
//! (at most `SOAK_RUN`) over 8 keep-alive connections instead of the benchmark runs, printing
//! the server's resident memory every 10 s and at start, middle and end.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use rustls::pki_types::ServerName;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

const RUN: Duration = Duration::from_secs(10);
const MAX_REQUESTS_PER_RUN: usize = 500_000;
const SOAK_RUN: Duration = Duration::from_secs(180);
const SOAK_CONNECTIONS: usize = 8;

type Sender = hyper::client::conn::http1::SendRequest<Full<Bytes>>;

async fn connect(tls: &TlsConnector, addr: SocketAddr) -> Sender {
    let tcp = TcpStream::connect(addr).await.expect("connect");
    tcp.set_nodelay(true).unwrap();
    let stream = tls
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
        .expect("TLS handshake");
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("HTTP handshake");
    tokio::spawn(conn);
    sender
}

async fn post(sender: &mut Sender, body: &Bytes) -> bool {
    if sender.ready().await.is_err() {
        return false;
    }
    let req = hyper::Request::post("/inject")
        .header("host", "localhost")
        .header("content-type", "application/json")
        .body(Full::new(body.clone()))
        .unwrap();
    match sender.send_request(req).await {
        Ok(resp) => resp.status() == 200 && resp.into_body().collect().await.is_ok(),
        Err(_) => false,
    }
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

struct Report {
    requests: usize,
    errors: usize,
    elapsed: Duration,
    latencies_us: Vec<u64>,
}

impl Report {
    fn pct(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies_us.len() as f64 * p).ceil() as usize)
            .saturating_sub(1)
            .min(self.latencies_us.len() - 1);
        self.latencies_us[i] as f64 / 1000.0
    }

    /// One row of the Markdown table BENCHMARKS.md keeps.
    fn print_row(&self, load: &str) {
        println!(
            "| {load}, {}s | {} | {} | {:.0} | {:.2} | {:.2} | {:.2} |",
            RUN.as_secs(),
            self.requests,
            self.errors,
            self.requests as f64 / self.elapsed.as_secs_f64(),
            self.pct(0.5),
            self.pct(0.99),
            self.pct(0.999)
        );
    }
}

/// Closed loop: each connection sends its next request when the last one is answered, for
/// `run` or until `max_requests` in all.
async fn closed_loop(
    tls: &TlsConnector,
    addr: SocketAddr,
    body: Bytes,
    connections: usize,
    run: Duration,
    max_requests: usize,
) -> Report {
    let started = Instant::now();
    let per_conn = max_requests / connections;
    let tasks: Vec<_> = (0..connections)
        .map(|_| {
            let (tls, body) = (tls.clone(), body.clone());
            tokio::spawn(async move {
                let mut sender = connect(&tls, addr).await;
                let (mut lat, mut errors) = (Vec::new(), 0);
                while started.elapsed() < run && lat.len() + errors < per_conn {
                    let t = Instant::now();
                    if post(&mut sender, &body).await {
                        lat.push(t.elapsed().as_micros() as u64)
                    } else {
                        errors += 1
                    }
                }
                (lat, errors)
            })
        })
        .collect();
    collect(tasks, started).await
}

/// Open loop at a fixed total rate: latency counts from the scheduled send time.
async fn fixed_rate(
    tls: &TlsConnector,
    addr: SocketAddr,
    body: Bytes,
    rate: u64,
    connections: usize,
) -> Report {
    let started = Instant::now();
    let interval = Duration::from_nanos(1_000_000_000 * connections as u64 / rate);
    let tasks: Vec<_> = (0..connections)
        .map(|i| {
            let (tls, body) = (tls.clone(), body.clone());
            tokio::spawn(async move {
                let mut sender = connect(&tls, addr).await;
                let (mut lat, mut errors) = (Vec::new(), 0);
                let mut next = Instant::now() + interval * i as u32 / connections as u32;
                while started.elapsed() < RUN {
                    tokio::time::sleep_until(next.into()).await;
                    // Timed from the send: tokio's timer has millisecond granularity, so timing
                    // from the schedule would add up to 1 ms of timer lateness to every request.
                    let sent = Instant::now();
                    if post(&mut sender, &body).await {
                        lat.push(sent.elapsed().as_micros() as u64)
                    } else {
                        errors += 1
                    }
                    next += interval;
                }
                (lat, errors)
            })
        })
        .collect();
    collect(tasks, started).await
}

async fn collect(
    tasks: Vec<tokio::task::JoinHandle<(Vec<u64>, usize)>>,
    started: Instant,
) -> Report {
    let mut report = Report {
        requests: 0,
        errors: 0,
        elapsed: Duration::ZERO,
        latencies_us: Vec::new(),
    };
    for t in tasks {
        let (lat, errors) = t.await.unwrap();
        report.latencies_us.extend(lat);
        report.errors += errors;
    }
    report.elapsed = started.elapsed();
    report.requests = report.latencies_us.len() + report.errors;
    report.latencies_us.sort_unstable();
    report
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, addr, ca, review, pid] = &args[..] else {
        eprintln!("usage: load ADDR CA_PEM REVIEW_JSON SERVER_PID");
        std::process::exit(2);
    };
    let addr: SocketAddr = addr.parse().expect("ADDR like 127.0.0.1:15017");
    let pid: u32 = pid.parse().expect("SERVER_PID");
    let body = Bytes::from(std::fs::read(review).expect("REVIEW_JSON"));
    let mut roots = rustls::RootCertStore::empty();
    for cert in rustls_pemfile::certs(&mut std::fs::read(ca).expect("CA_PEM").as_slice()) {
        roots.add(cert.unwrap()).unwrap();
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    let tls = TlsConnector::from(Arc::new(config));
    if let Ok(n) = std::env::var("NEEDLE_LOAD_SOAK") {
        let requests = n.parse().expect("NEEDLE_LOAD_SOAK: a number of requests");
        return soak(&tls, addr, body, pid, requests).await;
    }

    println!("idle RSS: {:.1} MiB", rss_kib(pid) as f64 / 1024.0);
    let peak = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let sampler = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                peak.fetch_max(rss_kib(pid), std::sync::atomic::Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
    };
    println!("| load | requests | errors | reviews/s | p50 ms | p99 ms | p99.9 ms |");
    println!("|---|---|---|---|---|---|---|");
    let levels: Vec<usize> = std::env::var("NEEDLE_LOAD_CONNECTIONS")
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|_| vec![1, 8, 64]);
    for connections in levels {
        let r = closed_loop(
            &tls,
            addr,
            body.clone(),
            connections,
            RUN,
            MAX_REQUESTS_PER_RUN,
        )
        .await;
        r.print_row(&format!("{connections} connection(s), closed loop"));
    }
    for (rate, written) in [(1_000, "1,000"), (5_000, "5,000")] {
        let r = fixed_rate(&tls, addr, body.clone(), rate, 16).await;
        r.print_row(&format!("{written} reviews/s fixed rate, 16 connections"));
    }
    sampler.abort();
    println!(
        "peak RSS under load: {:.1} MiB",
        peak.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1024.0
    );
}

/// The soak run: one long closed loop, the server's RSS sampled every second. Fails (exit 1)
/// on any error or when the requests do not all fit in `SOAK_RUN`.
async fn soak(tls: &TlsConnector, addr: SocketAddr, body: Bytes, pid: u32, requests: usize) {
    let mib = |kib: u64| kib as f64 / 1024.0;
    println!(
        "soak: {requests} requests over {SOAK_CONNECTIONS} keep-alive connections, at most {} s; idle RSS {:.1} MiB",
        SOAK_RUN.as_secs(),
        mib(rss_kib(pid))
    );
    let samples = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sampler = {
        let samples = samples.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            tick.tick().await;
            loop {
                tick.tick().await;
                let rss = rss_kib(pid);
                let mut samples = samples.lock().unwrap();
                samples.push(rss);
                if samples.len() % 10 == 0 {
                    println!("soak: {:>3} s: RSS {:.1} MiB", samples.len(), mib(rss));
                }
            }
        })
    };
    let r = closed_loop(tls, addr, body, SOAK_CONNECTIONS, SOAK_RUN, requests).await;
    sampler.abort();
    let end = rss_kib(pid);
    let samples = samples.lock().unwrap().clone();
    println!(
        "soak: {} requests, {} errors in {:.1} s ({:.0} reviews/s), p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms",
        r.requests,
        r.errors,
        r.elapsed.as_secs_f64(),
        r.requests as f64 / r.elapsed.as_secs_f64(),
        r.pct(0.5),
        r.pct(0.99),
        r.pct(0.999)
    );
    if let (Some(first), Some(max)) = (samples.first(), samples.iter().max()) {
        println!(
            "soak: RSS after 1 s {:.1} MiB, at the middle {:.1} MiB, at the end {:.1} MiB, highest {:.1} MiB ({} samples)",
            mib(*first),
            mib(samples[samples.len() / 2]),
            mib(end),
            mib(*max),
            samples.len()
        );
    }
    if r.errors > 0 || r.requests < requests {
        eprintln!(
            "soak: FAILED: {} errors, {} of {requests} requests within {} s",
            r.errors,
            r.requests,
            SOAK_RUN.as_secs()
        );
        std::process::exit(1);
    }
}
