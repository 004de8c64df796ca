//! What `needle serve` logs at its default level: a summary line per interval, not a line per
//! admission.

mod common;

use common::server::{H1, Server, connector, temp_dir};
use std::time::{Duration, Instant};

fn hello_review() -> Vec<u8> {
    std::fs::read("testdata/admission-review-hello.json").unwrap()
}

fn summaries(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|l| l.contains("admissions in the last"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admissions_are_summed_up_per_interval_and_not_logged_one_by_one_at_info() {
    let dir = temp_dir("summary");
    let certs = dir.join("certs");
    let server = Server::start_with_env(
        &dir,
        &[
            "--cert-dir",
            certs.to_str().unwrap(),
            "--log-summary-interval",
            "200ms",
        ],
        &[("NEEDLE_LOG", "info")],
    );
    let mut client = H1::connect(&connector(&certs.join("ca.pem"), false), server.webhook)
        .await
        .unwrap();
    for _ in 0..3 {
        let (status, _) = client
            .post("/inject", "application/json", hello_review())
            .await
            .unwrap();
        assert_eq!(status, 200);
    }
    let (status, _) = client
        .post("/validate", "application/json", hello_review())
        .await
        .unwrap();
    assert_eq!(status, 200);

    let deadline = Instant::now() + Duration::from_secs(10);
    while summaries(&server.log()).is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Idle intervals after it add no line.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let log = server.log();
    let lines = summaries(&log);
    assert_eq!(lines.len(), 1, "{log}");
    let line = lines[0];
    assert!(line.contains(" INFO "), "{line}");
    assert!(
        line.contains(
            "admissions in the last 200ms: inject 3 (3 injected; reasons policy_enabled 3; p50 ≤"
        ),
        "{line}"
    );
    assert!(
        line.contains("; validate 1 (1 denied; reasons unknown_type 1; p50 ≤"),
        "{line}"
    );
    assert!(!log.contains("admission decided"), "{log}");
}
