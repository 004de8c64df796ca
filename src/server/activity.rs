//! What a connection is doing, for its timeouts: serving a request, receiving a request's
//! headers, or idling between requests. The rules are those of Go's `http.Server`, which
//! istiod runs: the first request's headers must arrive within the header timeout of the
//! handshake; after a response the connection may idle for the idle timeout; the first bytes
//! of the next HTTP/1 request start its header timeout. On HTTP/2, frames between requests
//! (pings, settings) are not a request, so only the first request has a header timeout: it
//! covers the connection preface too.
//!
//! hyper cannot do this alone: its HTTP/1 header timeout starts as soon as it waits for a
//! request, so it would close keep-alive connections after the header timeout, and it has no
//! HTTP/1 idle timeout. So the requests are counted here (by wrapping the service and the
//! response bodies), the bytes read by wrapping the stream, and the connection's driver reads
//! the deadline on a timer of its own (see `connection`): nothing here wakes it, so a request
//! costs a few uncontended locks and no timer or task wake-up.

use hyper::body::{Body, Frame, SizeHint};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Http1,
    Http2,
}

#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    pub header_read: Duration,
    pub idle: Duration,
}

impl Timeouts {
    /// No deadline can begin closer than this to a moment it had not begun yet: a header
    /// timeout starts with bytes that arrive after it, an idle timeout with a request that
    /// ends after it.
    pub fn shortest(&self) -> Duration {
        self.header_read.min(self.idle)
    }
}

/// When the connection is to be closed if nothing changes before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deadline {
    /// A request's headers (or the HTTP/2 preface) did not arrive in time.
    HeaderRead(Instant),
    /// No request came for the idle timeout.
    Idle(Instant),
}

pub struct Activity {
    protocol: Protocol,
    state: Mutex<State>,
}

struct State {
    in_flight: usize,
    /// When the last request ended (or the connection started).
    idle_since: Instant,
    /// When the headers now expected began to be awaited, if they are.
    headers_since: Option<Instant>,
}

impl Activity {
    /// A connection just handshaken: waiting for its first request.
    pub fn new(protocol: Protocol) -> Arc<Self> {
        let now = Instant::now();
        Arc::new(Self {
            protocol,
            state: Mutex::new(State {
                in_flight: 0,
                idle_since: now,
                headers_since: Some(now),
            }),
        })
    }

    /// None while a request is in flight: its own deadline bounds it.
    pub fn deadline(&self, timeouts: &Timeouts) -> Option<Deadline> {
        let state = self.state.lock().unwrap();
        if state.in_flight > 0 {
            return None;
        }
        Some(match state.headers_since {
            Some(since) => Deadline::HeaderRead(since + timeouts.header_read),
            None => Deadline::Idle(state.idle_since + timeouts.idle),
        })
    }

    fn request_started(self: &Arc<Self>) -> InFlight {
        let mut state = self.state.lock().unwrap();
        state.in_flight += 1;
        state.headers_since = None;
        drop(state);
        InFlight(self.clone())
    }

    fn bytes_read(&self) {
        if self.protocol != Protocol::Http1 {
            return;
        }
        let mut state = self.state.lock().unwrap();
        if state.in_flight == 0 && state.headers_since.is_none() {
            state.headers_since = Some(Instant::now());
        }
    }
}

/// One request from its call until its response body is sent or dropped.
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut state = self.0.state.lock().unwrap();
        state.in_flight -= 1;
        if state.in_flight == 0 {
            state.idle_since = Instant::now();
            state.headers_since = None;
        }
    }
}

/// A hyper service whose requests are counted on the connection's `Activity`.
pub struct Tracked<S> {
    inner: S,
    activity: Arc<Activity>,
}

impl<S> Tracked<S> {
    pub fn new(inner: S, activity: Arc<Activity>) -> Self {
        Self { inner, activity }
    }
}

impl<S, R, B> hyper::service::Service<R> for Tracked<S>
where
    S: hyper::service::Service<R, Response = hyper::Response<B>>,
    S::Future: Send + 'static,
{
    type Response = hyper::Response<TrackedBody<B>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, S::Error>> + Send>>;

    fn call(&self, request: R) -> Self::Future {
        let in_flight = self.activity.request_started();
        let response = self.inner.call(request);
        Box::pin(async move {
            let response = response.await?;
            Ok(response.map(|body| TrackedBody {
                body,
                _in_flight: in_flight,
            }))
        })
    }
}

/// A response body that keeps its request in flight until it is sent.
pub struct TrackedBody<B> {
    body: B,
    _in_flight: InFlight,
}

impl<B: Body + Unpin> Body for TrackedBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// A stream whose reads are reported to the connection's `Activity`: on HTTP/1 the first
/// bytes after a response start the next request's header timeout.
pub struct WatchedIo<T> {
    io: T,
    activity: Arc<Activity>,
}

impl<T> WatchedIo<T> {
    pub fn new(io: T, activity: Arc<Activity>) -> Self {
        Self { io, activity }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WatchedIo<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.bytes_read();
        }
        polled
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WatchedIo<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMEOUTS: Timeouts = Timeouts {
        header_read: Duration::from_secs(10),
        idle: Duration::from_secs(120),
    };

    fn kind(activity: &Activity) -> &'static str {
        match activity.deadline(&TIMEOUTS) {
            None => "in flight",
            Some(Deadline::HeaderRead(_)) => "header read",
            Some(Deadline::Idle(_)) => "idle",
        }
    }

    #[test]
    fn a_new_connection_has_the_header_timeout_from_its_start() {
        let before = Instant::now();
        let activity = Activity::new(Protocol::Http1);
        let Some(Deadline::HeaderRead(at)) = activity.deadline(&TIMEOUTS) else {
            panic!("{}", kind(&activity));
        };
        assert!(at >= before + TIMEOUTS.header_read);
        assert!(at <= Instant::now() + TIMEOUTS.header_read);
    }

    #[test]
    fn http1_idles_after_its_last_request_until_the_next_ones_bytes() {
        let activity = Activity::new(Protocol::Http1);
        let first = activity.request_started();
        let second = activity.request_started();
        activity.bytes_read();
        drop(first);
        assert_eq!(kind(&activity), "in flight");
        let before = Instant::now();
        drop(second);
        let Some(Deadline::Idle(at)) = activity.deadline(&TIMEOUTS) else {
            panic!("{}", kind(&activity));
        };
        assert!(at >= before + TIMEOUTS.idle);
        activity.bytes_read();
        assert_eq!(kind(&activity), "header read");
        let _third = activity.request_started();
        assert_eq!(kind(&activity), "in flight");
    }

    #[test]
    fn http2_frames_between_requests_keep_it_idle() {
        let activity = Activity::new(Protocol::Http2);
        activity.bytes_read();
        assert_eq!(
            kind(&activity),
            "header read",
            "the preface has the header timeout"
        );
        drop(activity.request_started());
        assert_eq!(kind(&activity), "idle");
        activity.bytes_read();
        assert_eq!(kind(&activity), "idle");
    }
}
