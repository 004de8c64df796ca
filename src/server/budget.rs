//! The memory budget of the requests in flight, counted in body bytes: a request holds its
//! share from its first body byte until its work has ended, so the bodies read, decoded and
//! worked on at once never add up to more than `--max-in-flight-bytes`. (What a request costs
//! beyond its body grows with it, so counting bodies bounds that too; BENCHMARKS.md has the
//! factor.)

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Body bytes allowed in flight at once.
pub struct Budget {
    bytes: Arc<Semaphore>,
    total: usize,
}

/// One request's share of the budget; given back when dropped.
#[derive(Default)]
pub struct Share {
    permit: Option<OwnedSemaphorePermit>,
}

/// The budget did not have room for the request before its deadline.
#[derive(Debug)]
pub struct NoRoom;

impl Budget {
    pub fn new(total: usize) -> Self {
        let total = total.clamp(1, Semaphore::MAX_PERMITS);
        Self {
            bytes: Arc::new(Semaphore::new(total)),
            total,
        }
    }

    pub fn total(&self) -> usize {
        self.total
    }

    /// Bytes no request holds now.
    pub fn available(&self) -> usize {
        self.bytes.available_permits()
    }

    /// Grow `share` to cover `bytes` in all, waiting for room until `deadline`. A body larger
    /// than the whole budget takes all of it (it then runs alone) instead of waiting forever.
    pub async fn cover(
        &self,
        share: &mut Share,
        bytes: usize,
        deadline: Instant,
    ) -> Result<(), NoRoom> {
        let held = share.bytes();
        let wanted = bytes.min(self.total);
        if wanted <= held {
            return Ok(());
        }
        // A body is at most MAX_BODY_BYTES (6 MiB), far below u32::MAX; a budget clamps to it.
        let more = u32::try_from(wanted - held).unwrap_or(u32::MAX);
        // Room at once costs no timer (every small request); the semaphore is never closed.
        let permit = match self.bytes.clone().try_acquire_many_owned(more) {
            Ok(permit) => permit,
            Err(_) => {
                let acquire = self.bytes.clone().acquire_many_owned(more);
                match tokio::time::timeout_at(deadline, acquire).await {
                    Ok(Ok(permit)) => permit,
                    _ => return Err(NoRoom),
                }
            }
        };
        match &mut share.permit {
            Some(held) => held.merge(permit),
            none => *none = Some(permit),
        }
        Ok(())
    }
}

impl Share {
    pub fn bytes(&self) -> usize {
        self.permit
            .as_ref()
            .map_or(0, OwnedSemaphorePermit::num_permits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn shares_wait_for_room_and_give_it_back() {
        let budget = Budget::new(100);
        let soon = || Instant::now() + Duration::from_millis(20);
        let mut first = Share::default();
        budget.cover(&mut first, 60, soon()).await.unwrap();
        budget.cover(&mut first, 70, soon()).await.unwrap();
        assert_eq!((first.bytes(), budget.available()), (70, 30));
        let mut second = Share::default();
        assert!(budget.cover(&mut second, 31, soon()).await.is_err());
        assert_eq!(second.bytes(), 0);
        drop(first);
        // Larger than the whole budget: all of it.
        budget.cover(&mut second, 500, soon()).await.unwrap();
        assert_eq!((second.bytes(), budget.available()), (100, 0));
    }
}
