//! The floor of the node's side-by-side benchmark (`tests/node_e2e/side_by_side.rs`): an
//! admission webhook that allows every review and changes nothing, served as needle serves
//! (rustls with HTTP/2 and HTTP/1.1 offered, hyper, a multi-threaded tokio runtime). What the
//! apiserver spends calling it is what calling any webhook costs; needle's and istiod's
//! figures are read against it. `scripts/image.sh floor` packs it as
//! `localhost/needle-test/floor-webhook:bench`.
//!
//! Given a JSON Patch file it answers every review with that patch instead, the same bytes
//! each time (the replay floor: what the apiserver spends on a webhook that mutates as an
//! injector does, but works out nothing).
//!
//! Usage: `floor_webhook CERT KEY [PORT [PATCH]]` (PEM files; port 8443). Exits 0 on SIGTERM.

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use serde::Deserialize;
use serde_json::json;
use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::signal::unix::{SignalKind, signal};
use tokio_rustls::TlsAcceptor;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(cert), Some(key)) = (args.first(), args.get(1)) else {
        eprintln!("usage: floor_webhook CERT KEY [PORT [PATCH]]");
        return ExitCode::from(2);
    };
    let port = match args.get(2).map_or(Ok(8443), |p| p.parse::<u16>()) {
        Ok(port) => port,
        Err(e) => {
            eprintln!("floor_webhook: port {:?}: {e}", args[2]);
            return ExitCode::from(2);
        }
    };
    let patch = match args.get(3).map(|path| replayed_patch(path)).transpose() {
        Ok(patch) => patch.map(Arc::new),
        Err(e) => {
            eprintln!("floor_webhook: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(serve(cert, key, port, patch)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("floor_webhook: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A JSON Patch file as the review's `patch` field carries it (base64).
fn replayed_patch(path: &str) -> Result<String, String> {
    use base64::Engine;
    let text = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    serde_json::from_slice::<Vec<serde_json::Value>>(&text)
        .map_err(|e| format!("{path}: not a JSON Patch: {e}"))?;
    Ok(base64::engine::general_purpose::STANDARD.encode(text))
}

async fn serve(cert: &str, key: &str, port: u16, patch: Option<Arc<String>>) -> io::Result<()> {
    let acceptor = acceptor(cert, key)?;
    let listener = TcpListener::bind(("0.0.0.0", port)).await?;
    eprintln!("floor_webhook: serving on :{port}");
    let mut term = signal(SignalKind::terminate())?;
    loop {
        let (tcp, _) = tokio::select! {
            accepted = listener.accept() => accepted?,
            _ = term.recv() => return Ok(()),
        };
        let (acceptor, patch) = (acceptor.clone(), patch.clone());
        tokio::spawn(async move {
            // A connection that fails only loses its own reviews.
            let Ok(tls) = acceptor.accept(tcp).await else {
                return;
            };
            let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                .serve_connection(
                    TokioIo::new(tls),
                    hyper::service::service_fn(|request| allow(request, patch.clone())),
                )
                .await;
        });
    }
}

fn acceptor(cert: &str, key: &str) -> io::Result<TlsAcceptor> {
    let read =
        |path: &str| std::fs::read(path).map_err(|e| io::Error::other(format!("{path}: {e}")));
    let chain =
        rustls_pemfile::certs(&mut read(cert)?.as_slice()).collect::<Result<Vec<_>, _>>()?;
    let key = rustls_pemfile::private_key(&mut read(key)?.as_slice())?
        .ok_or_else(|| io::Error::other(format!("{key}: no private key")))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(chain, key))
        .map_err(io::Error::other)?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// The review's version and uid: all a webhook must read to answer.
#[derive(Deserialize)]
struct Review {
    #[serde(rename = "apiVersion")]
    api_version: String,
    request: ReviewRequest,
}

#[derive(Deserialize)]
struct ReviewRequest {
    uid: String,
}

async fn allow(
    request: Request<Incoming>,
    patch: Option<Arc<String>>,
) -> Result<Response<Full<Bytes>>, hyper::Error> {
    let body = request.into_body().collect().await?.to_bytes();
    let (status, answer) = match serde_json::from_slice::<Review>(&body) {
        Ok(review) => {
            let mut response = json!({"uid": review.request.uid, "allowed": true});
            if let Some(patch) = patch {
                response["patchType"] = json!("JSONPatch");
                response["patch"] = json!(*patch);
            }
            let kind = "AdmissionReview";
            (
                200,
                json!({"apiVersion": review.api_version, "kind": kind, "response": response}),
            )
        }
        Err(e) => (
            400,
            json!({"error": format!("not an AdmissionReview: {e}")}),
        ),
    };
    let mut response = Response::new(Full::new(Bytes::from(answer.to_string())));
    *response.status_mut() = hyper::StatusCode::from_u16(status).expect("a status code");
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    Ok(response)
}
