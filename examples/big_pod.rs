//! A big pod for memory measurements (issue #15): an AdmissionReview of a pod with N small
//! containers (about 92 bytes of JSON each; 50,000 make a 4.6 MB body).
//!
//! `cargo run --release --example big_pod -- 50000 > big.json` writes the review;
//! `cargo run --release --example big_pod -- 50000 --peak` runs the server's steps for it in
//! this process (decode, `/inject`'s handler, the response written) and prints the peak heap
//! above what was live before, with a counting allocator around mimalloc.

use needle::core::inject::admit::Settings;
use needle::core::inject::snapshot;
use needle::server::state::{AppState, LimitSettings};
use needle::server::{inject, review};
use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Relaxed) + bytes;
    PEAK.fetch_max(live, Relaxed);
}

unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Relaxed);
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

#[path = "../tests/common/big_pod.rs"]
mod big_pod;

/// Peak heap above the bytes live before `step`, and its result.
fn peak_of<T>(step: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    let out = step();
    (out, PEAK.load(Relaxed) - before)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let containers: usize = match args.next().map(|s| s.parse()) {
        Some(Ok(n)) if n >= 1 => n,
        _ => {
            eprintln!("usage: big_pod CONTAINERS [--peak]");
            std::process::exit(2);
        }
    };
    let body = big_pod::big_review(containers);
    if args.next().as_deref() != Some("--peak") {
        println!("{body}");
        return;
    }
    let state = AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings {
            max_in_flight: 1,
            request_timeout: Duration::from_secs(60),
            ..LimitSettings::default()
        },
    );
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    let len = body.len();
    let before = LIVE.load(Relaxed);
    let (request, decode) = peak_of(|| review::decode(body.as_bytes()).expect("decodes"));
    let decoded = LIVE.load(Relaxed) - before;
    let (outcome, handle) =
        peak_of(|| inject::handle(&state, state.revisions.primary(), "/inject", request));
    assert_eq!(outcome.decision, "injected", "{}", outcome.reason);
    let (text, respond) =
        peak_of(|| review::respond("admission.k8s.io/v1", "big-pod", &outcome.answer, &[]));
    // The decoded review stays alive through the work, so the work's peak stands on it.
    let whole = decode.max(decoded + handle).max(respond);
    println!(
        "body {:.2} MiB; peak heap above the body: decode {:.1} MiB (the review kept: {:.1} MiB), \
         then /inject's work {:.1} MiB more, the response {:.1} MiB ({} bytes)",
        mib(len),
        mib(decode),
        mib(decoded),
        mib(handle),
        mib(respond),
        text.len()
    );
    println!(
        "whole request: {:.1} MiB = {:.1}x the body",
        mib(whole),
        whole as f64 / len as f64
    );
}
