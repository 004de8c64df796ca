//! One accepted connection: the TLS handshake within its timeout, HTTP/2 when ALPN chose it
//! (else HTTP/1.1), the header and idle timeouts of `activity`, a graceful close on shutdown.

use super::activity::{Activity, Deadline, Protocol, Timeouts, Tracked, WatchedIo};
use super::metrics::{ConnectionTimeout, ListenerMetrics};
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use std::net::SocketAddr;
use std::pin::pin;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until, timeout};
use tokio_rustls::TlsAcceptor;

/// HTTP/2 pings find a peer that vanished without closing (a node gone, a cut network) while
/// its requests are in flight; the interval and the wait for the answer are those of the
/// apiserver's own HTTP/2 health check (client-go: 30 s read idle, 15 s ping timeout).
const H2_PING_INTERVAL: Duration = Duration::from_secs(30);
const H2_PING_TIMEOUT: Duration = Duration::from_secs(15);

/// After a graceful close (idle, or the drain) a connection with no request left is dropped
/// if it has not closed by then: an HTTP/2 peer that never answers the GOAWAY's ping.
const GOODBYE_GRACE: Duration = Duration::from_secs(5);

/// What the connections of one listener share.
pub struct Shared {
    pub tls: Option<TlsAcceptor>,
    pub app: Router,
    pub tls_handshake_timeout: Duration,
    pub timeouts: Timeouts,
    pub metrics: ListenerMetrics,
    http1: Builder<TokioExecutor>,
    http2: Builder<TokioExecutor>,
}

impl Shared {
    pub fn new(
        tls: Option<TlsAcceptor>,
        app: Router,
        tls_handshake_timeout: Duration,
        timeouts: Timeouts,
        metrics: ListenerMetrics,
    ) -> Self {
        // No timer for HTTP/1: with one, hyper's own header timeout (30 s by default) would
        // close keep-alive connections; `activity` keeps that timeout instead.
        let http1 = Builder::new(TokioExecutor::new()).http1_only();
        let mut http2 = Builder::new(TokioExecutor::new()).http2_only();
        http2
            .http2()
            .timer(TokioTimer::new())
            .keep_alive_interval(H2_PING_INTERVAL)
            .keep_alive_timeout(H2_PING_TIMEOUT);
        Self {
            tls,
            app,
            tls_handshake_timeout,
            timeouts,
            metrics,
            http1,
            http2,
        }
    }
}

/// Serve one connection until it closes, times out, or shutdown closes it.
pub async fn serve(
    tcp: TcpStream,
    peer: SocketAddr,
    shared: &Shared,
    mut shutdown: watch::Receiver<bool>,
) {
    let _ = tcp.set_nodelay(true);
    let Some(acceptor) = shared.tls.clone() else {
        return drive(tcp, Protocol::Http1, peer, shared, shutdown).await;
    };
    let handshake = tokio::select! {
        handshake = timeout(shared.tls_handshake_timeout, acceptor.accept(tcp)) => handshake,
        _ = shutdown.wait_for(|stop| *stop) => return,
    };
    match handshake {
        Ok(Ok(stream)) => {
            let protocol = match stream.get_ref().1.alpn_protocol() {
                Some(b"h2") => Protocol::Http2,
                _ => Protocol::Http1,
            };
            drive(stream, protocol, peer, shared, shutdown).await
        }
        Ok(Err(e)) => {
            // Health checkers and port scanners close connections mid-handshake.
            tracing::debug!(%peer, error = %e, "TLS handshake failed");
        }
        Err(_) => {
            shared.metrics.timed_out(ConnectionTimeout::TlsHandshake);
            tracing::debug!(%peer, "TLS handshake timed out");
        }
    }
}

/// What the driver waits for next, besides the connection.
enum Expiry {
    HeaderRead,
    Idle,
    Goodbye,
}

async fn drive<T>(
    io: T,
    protocol: Protocol,
    peer: SocketAddr,
    shared: &Shared,
    mut shutdown: watch::Receiver<bool>,
) where
    T: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let activity = Activity::new(protocol);
    let service = Tracked::new(
        TowerToHyperService::new(shared.app.clone()),
        activity.clone(),
    );
    let io = TokioIo::new(WatchedIo::new(io, activity.clone()));
    let builder = match protocol {
        Protocol::Http1 => &shared.http1,
        Protocol::Http2 => &shared.http2,
    };
    let mut conn = pin!(builder.serve_connection(io, service));
    // Set once a graceful close has begun (idle timeout or drain).
    let mut closing: Option<Instant> = None;
    // The driver reads the activity when this fires, at the nearest deadline or at the latest
    // one shortest timeout after its last look (`Timeouts::shortest`), so a deadline that
    // began after that look is never passed. Requests do not wake it: a busy keep-alive
    // connection costs one timer per shortest timeout, not one per request.
    let mut check = pin!(sleep_until(Instant::now()));
    loop {
        let now = Instant::now();
        let next = match (activity.deadline(&shared.timeouts), closing) {
            (None, _) => None,
            (Some(Deadline::HeaderRead(at)), _) => Some((at, Expiry::HeaderRead)),
            (Some(Deadline::Idle(at)), None) => Some((at, Expiry::Idle)),
            (Some(Deadline::Idle(_)), Some(since)) => {
                Some((since + GOODBYE_GRACE, Expiry::Goodbye))
            }
        };
        if let Some((at, expiry)) = &next
            && *at <= now
        {
            match expiry {
                Expiry::HeaderRead => {
                    // Nothing of a request reached the service: dropping loses nothing.
                    shared.metrics.timed_out(ConnectionTimeout::HeaderRead);
                    tracing::debug!(%peer, "closing a connection whose request headers did not arrive in time");
                    return;
                }
                Expiry::Idle => {
                    shared.metrics.timed_out(ConnectionTimeout::Idle);
                    tracing::debug!(%peer, "closing an idle connection");
                    closing = Some(now);
                    conn.as_mut().graceful_shutdown();
                    continue;
                }
                Expiry::Goodbye => return,
            }
        }
        // While closing, the goodbye grace bounds the look's interval too (a request still
        // in flight may end at any moment and leave the grace alone to run).
        let mut interval = shared.timeouts.shortest();
        if closing.is_some() {
            interval = interval.min(GOODBYE_GRACE);
        }
        let look = next.map_or(now + interval, |(at, _)| at.min(now + interval));
        check.as_mut().reset(look);
        tokio::select! {
            biased;
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                return;
            }
            _ = shutdown.wait_for(|stop| *stop), if closing.is_none() => {
                closing = Some(Instant::now());
                conn.as_mut().graceful_shutdown();
            }
            _ = check.as_mut() => {}
        }
    }
}
