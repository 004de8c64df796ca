//! Accept loops: HTTPS (HTTP/1.1 and HTTP/2 by ALPN) for the webhook, plain HTTP for admin.
//! At most `max_connections` are open: at the cap the loop stops accepting until one closes,
//! so new connections wait in the kernel's backlog instead of costing memory and descriptors.
//! Failing accepts back off; on shutdown the socket closes at once and open requests finish.

use super::activity::Timeouts;
use super::connection::{self, Shared};
use super::metrics::ListenerMetrics;
use axum::Router;
use prometheus_client::metrics::gauge::Gauge;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::time::{Instant, timeout};
use tokio_rustls::TlsAcceptor;

/// How long a connection may take at each step, and how many may be open at once.
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub tls_handshake_timeout: Duration,
    pub header_read_timeout: Duration,
    pub idle_timeout: Duration,
    pub max_connections: u32,
}

/// One listening port: its name in metrics and logs, TLS or not, what it serves.
pub struct Endpoint {
    pub name: &'static str,
    pub tls: Option<Arc<rustls::ServerConfig>>,
    pub app: Router,
    pub limits: ConnectionLimits,
    pub metrics: ListenerMetrics,
}

/// At most one line per `every`, saying how many were held back since the last.
struct Throttle {
    every: Duration,
    last: Option<Instant>,
    suppressed: u64,
}

impl Throttle {
    fn new(every: Duration) -> Self {
        Self {
            every,
            last: None,
            suppressed: 0,
        }
    }

    /// `Some(suppressed)` when a line is due now.
    fn due(&mut self, now: Instant) -> Option<u64> {
        if self
            .last
            .is_some_and(|t| now.duration_since(t) < self.every)
        {
            self.suppressed += 1;
            return None;
        }
        self.last = Some(now);
        Some(std::mem::take(&mut self.suppressed))
    }
}

/// How the accept loop meets failing accepts (out of descriptors, above all): it waits before
/// the next try, longer each time, instead of spinning, and logs once a second at most.
struct AcceptErrors {
    backoff: Duration,
    log: Throttle,
}

impl AcceptErrors {
    const FIRST: Duration = Duration::from_millis(5);
    const LONGEST: Duration = Duration::from_secs(1);

    fn new() -> Self {
        Self {
            backoff: Self::FIRST,
            log: Throttle::new(Duration::from_secs(1)),
        }
    }

    /// The pause before the next accept, and whether to log this failure (with the number
    /// of failures not logged since the last line).
    fn failed(&mut self, now: Instant) -> (Duration, Option<u64>) {
        let pause = self.backoff;
        self.backoff = (self.backoff * 2).min(Self::LONGEST);
        (pause, self.log.due(now))
    }

    fn succeeded(&mut self) {
        self.backoff = Self::FIRST;
    }
}

/// An open connection's slot: frees the slot and counts the connection closed when dropped.
struct Open {
    _slot: OwnedSemaphorePermit,
    gauge: Gauge,
}

impl Drop for Open {
    fn drop(&mut self) {
        self.gauge.dec();
    }
}

/// Serve until `shutdown` flips, then stop listening at once (new connections are refused, so
/// the apiserver tries another replica) and wait up to `drain` for open requests. `false`
/// when the drain timed out with connections still open.
pub async fn serve(
    listener: TcpListener,
    endpoint: Endpoint,
    mut shutdown: watch::Receiver<bool>,
    drain: Duration,
) -> bool {
    let Endpoint {
        name,
        tls,
        app,
        limits,
        metrics,
    } = endpoint;
    let max = limits.max_connections.max(1);
    let slots = Arc::new(Semaphore::new(max as usize));
    let gauge = metrics.open.clone();
    let shared = Arc::new(Shared::new(
        tls.map(TlsAcceptor::from),
        app,
        limits.tls_handshake_timeout,
        Timeouts {
            header_read: limits.header_read_timeout,
            idle: limits.idle_timeout,
        },
        metrics,
    ));
    let mut accept_errors = AcceptErrors::new();
    let mut at_cap = Throttle::new(Duration::from_secs(10));
    loop {
        let slot = match slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                if let Some(suppressed) = at_cap.due(Instant::now()) {
                    tracing::warn!(
                        listener = name,
                        max,
                        suppressed,
                        "connection limit reached; new connections wait until one closes"
                    );
                }
                tokio::select! {
                    slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
                    _ = shutdown.changed() => break,
                }
            }
        };
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => {
                    accept_errors.succeeded();
                    conn
                }
                Err(error) => {
                    let (pause, log) = accept_errors.failed(Instant::now());
                    if let Some(suppressed) = log {
                        tracing::warn!(listener = name, %error, suppressed, backoff = ?pause, "accept failed; retrying after a pause");
                    }
                    tokio::time::sleep(pause).await;
                    continue;
                }
            },
            _ = shutdown.changed() => break,
        };
        gauge.inc();
        let open = Open {
            _slot: slot,
            gauge: gauge.clone(),
        };
        let (shared, shutdown) = (shared.clone(), shutdown.clone());
        tokio::spawn(async move {
            connection::serve(tcp, peer, &shared, shutdown).await;
            drop(open);
        });
    }
    drop(listener);
    // Every connection holds a slot until it ends: all slots back means all done.
    if timeout(drain, slots.acquire_many(max)).await.is_err() {
        tracing::warn!(
            listener = name,
            ?drain,
            "drain timeout reached with connections still open"
        );
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failing_accepts_back_off_doubling_up_to_a_second_and_reset_on_success() {
        let mut errors = AcceptErrors::new();
        let now = Instant::now();
        let pauses: Vec<u64> = (0..10)
            .map(|_| errors.failed(now).0.as_millis() as u64)
            .collect();
        assert_eq!(pauses, [5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
        errors.succeeded();
        assert_eq!(errors.failed(now).0, Duration::from_millis(5));
    }

    #[test]
    fn failing_accepts_are_logged_once_a_second_with_the_count_held_back() {
        let mut errors = AcceptErrors::new();
        let start = Instant::now();
        let at = |ms| start + Duration::from_millis(ms);
        // A spinning accept (EMFILE) fails thousands of times a second: one line a second.
        let logged: Vec<(u64, u64)> = (0..3000)
            .filter_map(|ms| errors.failed(at(ms)).1.map(|held| (ms, held)))
            .collect();
        assert_eq!(logged, [(0, 0), (1000, 999), (2000, 999)]);
    }

    #[test]
    fn a_throttle_logs_again_after_a_quiet_interval() {
        let mut throttle = Throttle::new(Duration::from_secs(10));
        let start = Instant::now();
        assert_eq!(throttle.due(start), Some(0));
        assert_eq!(throttle.due(start + Duration::from_secs(9)), None);
        assert_eq!(throttle.due(start + Duration::from_secs(60)), Some(1));
    }
}
