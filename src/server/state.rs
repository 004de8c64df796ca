//! What every request handler shares: the current config snapshot, metrics and limits.

use super::metrics::Metrics;
use crate::core::config::Snapshot;
use crate::core::inject::admit::Settings;
use crate::sources::Live;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

pub struct AppState {
    pub live: Live,
    pub metrics: Metrics,
    pub settings: Settings,
    /// Bounds the CPU work in flight; requests wait for a permit up to the deadline.
    pub limiter: Semaphore,
    pub request_timeout: Duration,
    certificate_loaded: AtomicBool,
}

impl AppState {
    pub fn new(
        snapshot: Snapshot,
        settings: Settings,
        max_in_flight: usize,
        request_timeout: Duration,
    ) -> Self {
        Self::with_live(
            Live::new(snapshot),
            settings,
            max_in_flight,
            request_timeout,
        )
    }

    /// `new`, for a live snapshot made elsewhere (one that awaits its source).
    pub fn with_live(
        live: Live,
        settings: Settings,
        max_in_flight: usize,
        request_timeout: Duration,
    ) -> Self {
        Self {
            metrics: Metrics::new(&live),
            live,
            settings,
            limiter: Semaphore::new(max_in_flight),
            request_timeout,
            certificate_loaded: AtomicBool::new(false),
        }
    }

    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.live.current()
    }

    pub fn set_certificate_loaded(&self) {
        self.certificate_loaded.store(true, Ordering::Release);
    }

    /// `Ok` once a config snapshot and a serving certificate are loaded, else what is missing.
    pub fn ready(&self) -> Result<(), String> {
        if !self.certificate_loaded.load(Ordering::Acquire) {
            return Err("no serving certificate loaded yet".into());
        }
        self.live.unloaded().map_or(Ok(()), Err)
    }
}
