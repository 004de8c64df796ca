//! Whether an answer may be reused for another pod: a render that read the clock or drew
//! random bits (Sprig's `now`, `date`, `ago`, `randAlpha`, `uuidv4`, `genPrivateKey`, ...)
//! gives each pod its own answer, so the replica cache must not hand it to the next replica.
//! The functions that read such a source say so here; the admission asks around the work it
//! runs. The flag lives on the thread that runs the work and only for that call: the core
//! still keeps no state between calls.

use std::cell::Cell;

thread_local! {
    static READ: Cell<bool> = const { Cell::new(false) };
}

/// Called by a function whose result depends on the clock or on randomness.
pub fn mark() {
    READ.with(|read| read.set(true));
}

/// Run `work` and say whether it read the clock or randomness (a call nested in another sees
/// only its own reads; the outer one sees them too).
pub fn watch<T>(work: impl FnOnce() -> T) -> (T, bool) {
    let outer = READ.with(|read| read.replace(false));
    let out = work();
    let read = READ.with(|r| r.replace(outer || r.get()));
    (out, read)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_seen_by_the_call_that_made_them_and_its_callers() {
        let ((_, inner), outer) = watch(|| watch(mark));
        assert!(inner && outer);
        let ((_, inner), outer) = watch(|| {
            mark();
            watch(|| ())
        });
        assert!(!inner && outer);
        assert!(!watch(|| ()).1);
    }
}
