//! A bug must not take an answer down with it: work run here that panics gives the panic's
//! message instead (the admission function and the server's workers both use it).

/// Run `work`; a panic becomes `Err` with its message (`panic` when it carries none).
pub fn catch<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into())
    })
}
