//! Accept loops: HTTPS (HTTP/1.1 and HTTP/2 by ALPN) for the webhook, plain HTTP for admin,
//! both with graceful shutdown that lets requests in flight finish.

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio_rustls::TlsAcceptor;

/// Serve until `shutdown` flips, then wait up to `drain` for open requests.
pub async fn serve(
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    app: Router,
    mut shutdown: watch::Receiver<bool>,
    drain: Duration,
) {
    let graceful = GracefulShutdown::new();
    let builder = Builder::new(TokioExecutor::new());
    let acceptor = tls.map(TlsAcceptor::from);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(conn) => conn,
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
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
                Some(acceptor) => match acceptor.accept(tcp).await {
                    Ok(stream) => {
                        watcher
                            .watch(
                                builder
                                    .serve_connection(TokioIo::new(stream), service)
                                    .into_owned(),
                            )
                            .await
                    }
                    Err(e) => {
                        // Health checkers and port scanners close connections mid-handshake.
                        tracing::debug!(%peer, error = %e, "TLS handshake failed");
                        return;
                    }
                },
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
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(?drain, "drain timeout reached with connections still open");
    }
}
