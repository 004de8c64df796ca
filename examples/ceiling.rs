//! The ceiling `needle serve` is measured against: a bare axum + rustls server on the same TLS
//! and HTTP stack that reads each request's body and answers with fixed bytes, the response
//! needle gives to `testdata/admission-review-hello.json` (worked out once at start by
//! needle's own router). What it cannot do faster than this, needle cannot either: the gap
//! between the two is needle's own work per review.
//!
//! It takes `needle serve`'s flags that `scripts/load-bench.sh` passes, so the load-bench
//! scripts run it as they run needle:
//! `scripts/load-bench-pairs.sh target/release/needle target/release/examples/ceiling`.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{Request, header};
use axum::routing::{get, post};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use needle::core::inject::admit::Settings;
use needle::core::inject::snapshot;
use needle::server::devcert;
use needle::server::router::webhook_router;
use needle::server::state::{AppState, LimitSettings};
use needle::server::tls::{ReloadingResolver, load_certified_key, server_config};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt;

const REVIEW: &str = "testdata/admission-review-hello.json";

/// `--listen`, `--admin-listen` and `--cert-dir` of `needle serve`'s flags; the rest ignored.
fn flags() -> (SocketAddr, SocketAddr, PathBuf) {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str, default: &str| {
        let at = args.iter().position(|a| a == flag);
        at.and_then(|i| args.get(i + 1))
            .cloned()
            .unwrap_or_else(|| default.to_string())
    };
    let addr = |flag, default| value(flag, default).parse().expect("an address");
    (
        addr("--listen", "127.0.0.1:18443"),
        addr("--admin-listen", "127.0.0.1:18014"),
        PathBuf::from(value("--cert-dir", "certs")),
    )
}

/// needle's answer to the hello review, byte for byte.
async fn needle_answer() -> Bytes {
    let state = Arc::new(AppState::new(
        snapshot::embedded(),
        Settings::default(),
        LimitSettings::default(),
    ));
    let review = std::fs::read(REVIEW).expect("the hello review (run from the checkout)");
    let request = Request::post("/inject")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(review))
        .unwrap();
    let response = webhook_router(state).oneshot(request).await.unwrap();
    assert!(response.status().is_success());
    axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap()
}

#[tokio::main]
async fn main() {
    let (listen, admin_listen, cert_dir) = flags();
    let hosts = devcert::default_hosts("needle", "istio-system");
    let (paths, _) = devcert::ensure(&cert_dir, &hosts).expect("a development certificate");
    let key = load_certified_key(&paths.cert, &paths.key).expect("the certificate");
    let tls = server_config(Arc::new(ReloadingResolver::new(key))).expect("TLS");
    let acceptor = TlsAcceptor::from(Arc::new(tls));
    let answer = needle_answer().await;
    let app = Router::new().route(
        "/inject",
        post(move |body: Bytes| {
            let answer = answer.clone();
            async move {
                drop(body);
                ([(header::CONTENT_TYPE, "application/json")], answer)
            }
        }),
    );
    let admin = Router::new().route("/ready", get(|| async { "ready" }));
    let admin_listener = TcpListener::bind(admin_listen).await.expect("admin port");
    tokio::spawn(async move { axum::serve(admin_listener, admin).await });
    let listener = TcpListener::bind(listen).await.expect("webhook port");
    loop {
        let Ok((tcp, _)) = listener.accept().await else {
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let (acceptor, app) = (acceptor.clone(), app.clone());
        tokio::spawn(async move {
            let Ok(stream) = acceptor.accept(tcp).await else {
                return;
            };
            let service = TowerToHyperService::new(app);
            let _ = Builder::new(TokioExecutor::new())
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
