//! The admissions of an interval in one INFO line (`--log-summary-interval`). Each admission's
//! own line is DEBUG: at INFO a busy server would write half a kilobyte per request. Denials
//! the server makes itself because it could not answer in time or at all stay visible one by
//! one, at WARN or ERROR.
//!
//! The handlers count into one of a few shards, picked per thread, each behind its own lock:
//! a worker thread only ever meets the lock of its shard, so recording costs an uncontended
//! lock and a map update, and the summary task takes each shard's tally in turn.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;
use tracing::Level;

/// Labels of the denials that are logged one by one: the deadline passed, the server was
/// overloaded, or needle failed (a bug). Every other admission is logged at DEBUG.
const LOUD_DENIALS: [(&str, Level); 3] = [
    ("timeout", Level::WARN),
    ("overloaded", Level::WARN),
    ("internal", Level::ERROR),
];

const SHARDS: usize = 8;

/// The counts since the last summary.
pub struct Summary {
    shards: [Mutex<Tally>; SHARDS],
}

impl Default for Summary {
    fn default() -> Self {
        Self {
            shards: std::array::from_fn(|_| Mutex::default()),
        }
    }
}

impl Summary {
    /// One admission answered: counted for the summary, and its own line logged in the
    /// request's span, at DEBUG unless `label` is one of the loud denials.
    pub fn decided(
        &self,
        span: &tracing::Span,
        endpoint: &'static str,
        decision: &'static str,
        label: &'static str,
        took: Duration,
    ) {
        self.record(endpoint, decision, label, took);
        span.in_scope(|| match level(label) {
            Level::ERROR => tracing::error!(reason = label, "admission decided"),
            Level::WARN => tracing::warn!(reason = label, "admission decided"),
            _ => tracing::debug!("admission decided"),
        });
    }

    pub fn record(
        &self,
        endpoint: &'static str,
        decision: &'static str,
        label: &'static str,
        took: Duration,
    ) {
        let mut tally = self.shards[shard()]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        tally.add(endpoint, decision, label, took);
    }

    /// Everything counted since the last call, the counts reset.
    pub fn take(&self) -> Tally {
        let mut all = Tally::default();
        for shard in &self.shards {
            let taken = std::mem::take(
                &mut *shard
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            );
            all.merge(taken);
        }
        all
    }

    /// Log the summary line every `interval`, none for an interval without admissions.
    pub async fn report_every(&self, interval: Duration) {
        let mut ticks = tokio::time::interval(interval);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticks.tick().await;
        loop {
            ticks.tick().await;
            if let Some(line) = self.take().line(interval) {
                tracing::info!("{line}");
            }
        }
    }
}

fn level(label: &str) -> Level {
    LOUD_DENIALS
        .iter()
        .find(|(loud, _)| *loud == label)
        .map_or(Level::DEBUG, |(_, level)| *level)
}

/// This thread's shard: threads are numbered as they first record, so the tokio workers
/// and the blocking threads spread over the shards.
fn shard() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SHARD: usize = NEXT.fetch_add(1, Ordering::Relaxed) % SHARDS;
    }
    SHARD.with(|s| *s)
}

/// The admissions of one interval, per endpoint.
#[derive(Debug, Default)]
pub struct Tally {
    endpoints: BTreeMap<&'static str, EndpointTally>,
}

#[derive(Debug, Default)]
struct EndpointTally {
    decisions: BTreeMap<&'static str, u64>,
    labels: BTreeMap<&'static str, u64>,
    latency: Latency,
}

impl Tally {
    fn add(
        &mut self,
        endpoint: &'static str,
        decision: &'static str,
        label: &'static str,
        took: Duration,
    ) {
        let e = self.endpoints.entry(endpoint).or_default();
        *e.decisions.entry(decision).or_default() += 1;
        *e.labels.entry(label).or_default() += 1;
        e.latency.add(took);
    }

    fn merge(&mut self, other: Tally) {
        for (endpoint, theirs) in other.endpoints {
            let ours = self.endpoints.entry(endpoint).or_default();
            for (decision, n) in theirs.decisions {
                *ours.decisions.entry(decision).or_default() += n;
            }
            for (label, n) in theirs.labels {
                *ours.labels.entry(label).or_default() += n;
            }
            ours.latency.merge(&theirs.latency);
        }
    }

    /// The summary line, or `None` when nothing was admitted:
    /// `admissions in the last 1m: inject 12 (10 injected, 2 skipped; reasons injected 10,
    /// namespace_disabled 2; p50 ≤95µs, p99 ≤1.1ms, max 1.1ms); validate 3 (…)`.
    pub fn line(&self, interval: Duration) -> Option<String> {
        if self.endpoints.is_empty() {
            return None;
        }
        let parts: Vec<String> = self
            .endpoints
            .iter()
            .map(|(endpoint, e)| format!("{endpoint} {}", e.describe()))
            .collect();
        Some(format!(
            "admissions in the last {}: {}",
            human(interval),
            parts.join("; ")
        ))
    }
}

/// How many reason labels an endpoint's summary names; the rest are counted together.
const TOP_REASONS: usize = 3;

impl EndpointTally {
    fn describe(&self) -> String {
        let total: u64 = self.decisions.values().sum();
        let mut by_count: Vec<(&str, u64)> = self.decisions.iter().map(|(d, n)| (*d, *n)).collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let decisions: Vec<String> = by_count.iter().map(|(d, n)| format!("{n} {d}")).collect();
        let mut labels: Vec<(&str, u64)> = self.labels.iter().map(|(l, n)| (*l, *n)).collect();
        labels.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let mut reasons: Vec<String> = labels
            .iter()
            .take(TOP_REASONS)
            .map(|(l, n)| format!("{l} {n}"))
            .collect();
        if labels.len() > TOP_REASONS {
            let rest: u64 = labels[TOP_REASONS..].iter().map(|(_, n)| n).sum();
            reasons.push(format!("others {rest}"));
        }
        format!(
            "{total} ({}; reasons {}; {})",
            decisions.join(", "),
            reasons.join(", "),
            self.latency.describe()
        )
    }
}

/// Latencies in buckets of a quarter octave (each about 19 % wide) from 1 µs, with the exact
/// maximum: p50 and p99 are given as their bucket's upper bound.
#[derive(Debug)]
struct Latency {
    buckets: [u64; BUCKETS],
    max_us: u64,
}

/// Quarter octaves up to 2^40 µs (12 days): a longer time goes in the last bucket.
const BUCKETS: usize = 160;

impl Default for Latency {
    fn default() -> Self {
        Self {
            buckets: [0; BUCKETS],
            max_us: 0,
        }
    }
}

impl Latency {
    fn add(&mut self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.buckets[bucket(us)] += 1;
        self.max_us = self.max_us.max(us);
    }

    fn merge(&mut self, other: &Latency) {
        for (ours, theirs) in self.buckets.iter_mut().zip(other.buckets) {
            *ours += theirs;
        }
        self.max_us = self.max_us.max(other.max_us);
    }

    /// The bound the `q` quantile is under (never above the maximum).
    fn quantile_us(&self, q: f64) -> u64 {
        let total: u64 = self.buckets.iter().sum();
        let rank = ((total as f64 * q).ceil() as u64).max(1);
        let mut seen = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return upper_bound(i).min(self.max_us);
            }
        }
        self.max_us
    }

    fn describe(&self) -> String {
        let us = |v: u64| human(Duration::from_micros(v));
        format!(
            "p50 ≤{}, p99 ≤{}, max {}",
            us(self.quantile_us(0.5)),
            us(self.quantile_us(0.99)),
            us(self.max_us)
        )
    }
}

/// 0–3 µs have a bucket each; from 4 µs on, each octave [2^e, 2^(e+1)) has four.
fn bucket(us: u64) -> usize {
    if us < 4 {
        return us as usize;
    }
    let e = 63 - us.leading_zeros() as usize;
    let quarter = ((us >> (e - 2)) & 3) as usize;
    (4 * (e - 1) + quarter).min(BUCKETS - 1)
}

/// The largest value of bucket `i`.
fn upper_bound(i: usize) -> u64 {
    if i < 4 {
        return i as u64;
    }
    let (e, quarter) = (i / 4 + 1, (i % 4) as u64);
    (1u64 << e) + ((quarter + 1) << (e - 2)) - 1
}

/// `850µs`, `1.2ms`, `3.4s`, `1m`: two significant figures are enough for a log line.
fn human(d: Duration) -> String {
    let us = d.as_micros();
    match us {
        0..1_000 => format!("{us}µs"),
        1_000..1_000_000 => format!("{}ms", round(us as f64 / 1e3)),
        _ if us.is_multiple_of(60_000_000) => format!("{}m", us / 60_000_000),
        _ => format!("{}s", round(us as f64 / 1e6)),
    }
}

fn round(v: f64) -> String {
    if v >= 10.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}").trim_end_matches(".0").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us(v: u64) -> Duration {
        Duration::from_micros(v)
    }

    #[test]
    fn buckets_are_quarter_octaves_and_hold_their_bounds() {
        for v in [0, 1, 3, 4, 5, 7, 8, 100, 1_000, 65_535, 1 << 30] {
            let i = bucket(v);
            assert!(v <= upper_bound(i), "{v} above bucket {i}");
            assert!(i == 0 || v > upper_bound(i - 1), "{v} below bucket {i}");
        }
        assert_eq!((bucket(4), upper_bound(4)), (4, 4));
        assert_eq!((bucket(8), upper_bound(8)), (8, 9));
        assert_eq!(bucket(u64::MAX), BUCKETS - 1);
    }

    #[test]
    fn nothing_admitted_gives_no_line() {
        assert_eq!(
            Summary::default().take().line(Duration::from_secs(60)),
            None
        );
    }

    #[test]
    fn the_line_counts_decisions_reasons_and_latency_per_endpoint() {
        let summary = Summary::default();
        for _ in 0..97 {
            summary.record("inject", "injected", "injected", us(80));
        }
        summary.record("inject", "skipped", "namespace_disabled", us(40));
        summary.record("inject", "skipped", "host_network", us(40));
        summary.record("inject", "denied", "timeout", Duration::from_secs(5));
        summary.record("inject", "ignored", "not_injectable", us(10));
        // From another thread, so another shard: the summary adds the shards up.
        std::thread::scope(|s| {
            s.spawn(|| summary.record("validate", "allowed", "ok", us(1_500)));
        });
        assert_eq!(
            summary.take().line(Duration::from_secs(60)).unwrap(),
            "admissions in the last 1m: \
             inject 101 (97 injected, 2 skipped, 1 denied, 1 ignored; \
             reasons injected 97, host_network 1, namespace_disabled 1, others 2; \
             p50 ≤95µs, p99 ≤95µs, max 5s); \
             validate 1 (1 allowed; reasons ok 1; p50 ≤1.5ms, p99 ≤1.5ms, max 1.5ms)"
        );
        assert_eq!(summary.take().line(Duration::from_secs(60)), None, "reset");
    }

    #[test]
    fn only_denials_the_server_could_not_answer_are_loud() {
        assert_eq!(level("timeout"), Level::WARN);
        assert_eq!(level("overloaded"), Level::WARN);
        assert_eq!(level("internal"), Level::ERROR);
        assert_eq!(level("injected"), Level::DEBUG);
        assert_eq!(level("config_not_loaded"), Level::DEBUG);
    }

    #[test]
    fn durations_read_short() {
        assert_eq!(human(us(850)), "850µs");
        assert_eq!(human(us(1_234)), "1.2ms");
        assert_eq!(human(us(12_345)), "12ms");
        assert_eq!(human(Duration::from_secs(3)), "3s");
        assert_eq!(human(Duration::from_millis(3_400)), "3.4s");
        assert_eq!(human(Duration::from_secs(120)), "2m");
    }
}
