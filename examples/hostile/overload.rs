//! 24 pods of 1.7 MB and a VirtualService of 8,000 routes in flight at once, then 8 pods of
//! 4.6 MB, on default settings: the admin port and small reviews must keep answering, every
//! request must be answered within its deadline, and the peak memory must stay in budget.

use crate::client::{self, Client};
use crate::payloads;
use crate::server::Server;
use crate::{Report, mib, ms};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

const CASE: &str = "overload";
/// needle's default `--request-timeout`.
const DEADLINE: Duration = Duration::from_secs(5);
/// The peak resident memory needle's defaults are sized for (README, "Limits").
const BUDGET_KIB: u64 = 300 * 1024;
/// A hello review while the big ones are in flight: it has CPU permits and a memory budget of
/// its own, so it should take milliseconds; a second is room for a loaded machine.
const SMALL_REVIEW_LIMIT: Duration = Duration::from_secs(1);
/// Above the deadline, what an answer may take to come back over loopback.
const SLACK: Duration = Duration::from_millis(500);

/// `/live` on a new connection every 20 ms until `stop`: the latencies and failures.
fn probe_live(
    admin: std::net::SocketAddr,
    stop: Arc<AtomicBool>,
) -> JoinHandle<(Vec<Duration>, usize)> {
    thread::spawn(move || {
        let (mut latencies, mut failures) = (Vec::new(), 0);
        while !stop.load(Ordering::Relaxed) {
            let started = Instant::now();
            match client::admin_get(admin, "/live") {
                Ok((200, _)) => latencies.push(started.elapsed()),
                _ => failures += 1,
            }
            thread::sleep(Duration::from_millis(20));
        }
        (latencies, failures)
    })
}

/// The hello review every 50 ms on one keep-alive connection until `stop`: the latencies
/// and the answers that were not an allowed patch (or no answer).
fn probe_hello(client: Client, stop: Arc<AtomicBool>) -> JoinHandle<(Vec<Duration>, Vec<String>)> {
    thread::spawn(move || {
        let body = payloads::hello();
        let (mut latencies, mut bad) = (Vec::new(), Vec::new());
        let mut connection = None;
        while !stop.load(Ordering::Relaxed) {
            let started = Instant::now();
            let answer = match connection.take() {
                Some(c) => Ok(c),
                None => client.connect(false),
            }
            .and_then(|mut c| client::post(&mut c, "/inject", &body).map(|a| (c, a)));
            match answer {
                Ok((c, (200, text))) if text.contains("\"patch\"") => {
                    latencies.push(started.elapsed());
                    connection = Some(c);
                }
                Ok((_, (status, text))) => bad.push(format!(
                    "{status}: {}",
                    payloads::verdict(&text).err().unwrap_or_default()
                )),
                Err(e) => bad.push(e.to_string()),
            }
            thread::sleep(Duration::from_millis(50));
        }
        (latencies, bad)
    })
}

/// What one large request got: the time, and the denial's message if denied.
type Outcome = std::io::Result<(Duration, Result<(), String>)>;

fn send(client: &Client, path: &'static str, body: Arc<Vec<u8>>) -> JoinHandle<Outcome> {
    let client = client.clone();
    thread::spawn(move || {
        let (status, text, took) = client.post_once(path, &body)?;
        let verdict = if status == 200 {
            payloads::verdict(&text)
        } else {
            Err(format!("HTTP {status}: {text}"))
        };
        Ok((took, verdict))
    })
}

/// Reports one wave of large requests; `true` when each was answered within its deadline.
fn wave(report: &mut Report, what: &str, outcomes: Vec<JoinHandle<Outcome>>) {
    let (mut slowest, mut allowed, mut denied, mut unanswered) = (Duration::ZERO, 0, Vec::new(), 0);
    for outcome in outcomes {
        match outcome.join().expect("request thread") {
            Ok((took, verdict)) => {
                slowest = slowest.max(took);
                match verdict {
                    Ok(()) => allowed += 1,
                    Err(message) => denied.push(message),
                }
            }
            Err(_) => unanswered += 1,
        }
    }
    let denials = denied.len();
    denied.sort();
    denied.dedup();
    report.figure(
        CASE,
        &format!("{what}: answers"),
        format!(
            "{allowed} allowed, {denials} denied, {unanswered} unanswered{}",
            denied
                .first()
                .map(|m| format!(" (e.g. \"{m}\")"))
                .unwrap_or_default()
        ),
    );
    report.check(
        CASE,
        &format!("{what}: slowest answer"),
        ms(slowest),
        "≤ deadline 5 s + 0.5 s, all answered",
        unanswered == 0 && slowest <= DEADLINE + SLACK,
    );
}

pub fn run(needle: &Path, report: &mut Report) {
    let server = Server::start(needle, CASE, &[], None);
    let client = Client::new(server.webhook, &server.ca_pem());
    report.figure(
        CASE,
        "idle resident memory",
        mib(server.status_kib("VmRSS")),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let live = probe_live(server.admin, stop.clone());
    let hello = probe_hello(client.clone(), stop.clone());
    thread::sleep(Duration::from_millis(300));

    let pod = Arc::new(payloads::big_pod(21_000));
    let vs = Arc::new(payloads::virtual_service(8_000));
    report.figure(
        CASE,
        "wave 1",
        format!(
            "24 pods of {:.1} MB + a VirtualService of 8,000 routes ({:.2} MB)",
            pod.len() as f64 / 1e6,
            vs.len() as f64 / 1e6
        ),
    );
    let mut outcomes: Vec<_> = (0..24)
        .map(|_| send(&client, "/inject", pod.clone()))
        .collect();
    outcomes.push(send(&client, "/validate", vs));
    wave(report, "wave 1", outcomes);

    let pod = Arc::new(payloads::big_pod(57_500));
    report.figure(
        CASE,
        "wave 2",
        format!("8 pods of {:.1} MB", pod.len() as f64 / 1e6),
    );
    wave(
        report,
        "wave 2",
        (0..8)
            .map(|_| send(&client, "/inject", pod.clone()))
            .collect(),
    );

    thread::sleep(Duration::from_millis(300));
    stop.store(true, Ordering::Relaxed);
    let (live, live_failures) = live.join().expect("live probe");
    let (hello, hello_bad) = hello.join().expect("hello probe");
    let slowest_live = live.iter().max().copied().unwrap_or_default();
    report.check(
        CASE,
        "/live while loaded: slowest of all probes",
        format!(
            "{} over {} probes, {live_failures} failed",
            ms(slowest_live),
            live.len()
        ),
        "≤ 50 ms, none failed",
        slowest_live <= Duration::from_millis(50) && live_failures == 0,
    );
    let slowest_hello = hello.iter().max().copied().unwrap_or_default();
    report.check(
        CASE,
        "hello review while loaded: slowest",
        format!(
            "{} over {} reviews, {} not injected{}",
            ms(slowest_hello),
            hello.len(),
            hello_bad.len(),
            hello_bad
                .first()
                .map(|m| format!(" (e.g. \"{m}\")"))
                .unwrap_or_default()
        ),
        "≤ 1 s (the deadline is 5 s), all injected",
        slowest_hello <= SMALL_REVIEW_LIMIT && hello_bad.is_empty() && !hello.is_empty(),
    );
    let peak = server.status_kib("VmHWM");
    report.check(
        CASE,
        "peak resident memory (VmHWM)",
        mib(peak),
        "≤ 300 MiB",
        peak > 0 && peak <= BUDGET_KIB,
    );
}
