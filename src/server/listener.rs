//! Accept loops: HTTPS (HTTP/1.1 and HTTP/2 by ALPN) for the webhook, plain HTTP for admin,
//! both with graceful shutdown that lets requests in flight finish; failing accepts back off,
//! a TLS handshake has a deadline.

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::time::timeout;
use tokio_rustls::TlsAcceptor;

/// A client that opens a connection and never finishes the TLS handshake holds a task and a
/// descriptor; past this it is closed.
const TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How the accept loop meets failing accepts (out of descriptors, above all): it waits before
/// the next try, longer each time, instead of spinning, and logs once a second at most.
struct AcceptErrors {
    backoff: Duration,
    last_logged: Option<Instant>,
    suppressed: u64,
}

impl AcceptErrors {
    const FIRST: Duration = Duration::from_millis(5);
    const LONGEST: Duration = Duration::from_secs(1);

    fn new() -> Self {
        Self {
            backoff: Self::FIRST,
            last_logged: None,
            suppressed: 0,
        }
    }

    async fn failed(&mut self, error: &std::io::Error) {
        let now = Instant::now();
        if self
            .last_logged
            .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(1))
        {
            tracing::warn!(%error, suppressed = self.suppressed, backoff = ?self.backoff, "accept failed; retrying after a pause");
            self.last_logged = Some(now);
            self.suppressed = 0;
        } else {
            self.suppressed += 1;
        }
        tokio::time::sleep(self.backoff).await;
        self.backoff = (self.backoff * 2).min(Self::LONGEST);
    }

    fn succeeded(&mut self) {
        self.backoff = Self::FIRST;
    }
}

/// Serve until `shutdown` flips, then stop listening at once (new connections are refused, so
/// the apiserver tries another replica) and wait up to `drain` for open requests. `false`
/// when the drain timed out with connections still open.
pub async fn serve(
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    app: Router,
    mut shutdown: watch::Receiver<bool>,
    drain: Duration,
) -> bool {
    let graceful = GracefulShutdown::new();
    let builder = Builder::new(TokioExecutor::new());
    let acceptor = tls.map(TlsAcceptor::from);
    let mut accept_errors = AcceptErrors::new();
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => {
                    accept_errors.succeeded();
                    conn
                }
                Err(e) => {
                    accept_errors.failed(&e).await;
                    continue;
                }
            },
            _ = shutdown.changed() => break,
        };
        let _ = tcp.set_nodelay(true);
        let (builder, acceptor, app, watcher) = (
            builder.clone(),
            acceptor.clone(),
            app.clone(),
            graceful.watcher(),
        );
        tokio::spawn(async move {
            let service = TowerToHyperService::new(app);
            let result = match acceptor {
                Some(acceptor) => {
                    match timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                        Err(_) => {
                            tracing::debug!(%peer, "TLS handshake timed out");
                            return;
                        }
                        Ok(Ok(stream)) => {
                            watcher
                                .watch(
                                    builder
                                        .serve_connection(TokioIo::new(stream), service)
                                        .into_owned(),
                                )
                                .await
                        }
                        Ok(Err(e)) => {
                            // Health checkers and port scanners close connections mid-handshake.
                            tracing::debug!(%peer, error = %e, "TLS handshake failed");
                            return;
                        }
                    }
                }
                None => {
                    watcher
                        .watch(
                            builder
                                .serve_connection(TokioIo::new(tcp), service)
                                .into_owned(),
                        )
                        .await
                }
            };
            if let Err(e) = result {
                tracing::debug!(%peer, error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if timeout(drain, graceful.shutdown()).await.is_err() {
        tracing::warn!(?drain, "drain timeout reached with connections still open");
        return false;
    }
    true
}
