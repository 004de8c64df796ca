//! Which load of a live input an answer was worked out from: every snapshot and every set of
//! ProxyConfig resources gets a number no other load in the process has, so the replica cache
//! can tell a reload (even of the same text) from the configuration it cached answers for.

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Generation(u64);

impl Generation {
    /// A number no earlier load had (0 is left to `Default`: the empty input nothing loaded).
    pub fn next() -> Self {
        static LAST: AtomicU64 = AtomicU64::new(0);
        Self(LAST.fetch_add(1, Ordering::Relaxed) + 1)
    }

    pub fn get(self) -> u64 {
        self.0
    }
}
