//! The webhook router: the admission endpoints (one flow, `admission`) and how their
//! connections close during shutdown.

use super::admission::{self, Endpoint};
use super::state::AppState;
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, Uri, header};
use axum::response::Response;
use axum::routing::any;
use std::sync::Arc;

pub fn webhook_router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/inject", any(serve_inject))
        .route("/inject/{*params}", any(serve_inject))
        .route("/validate", any(serve_validate))
        .route("/validate/", any(serve_validate))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            close_when_shutting_down,
        ))
        .with_state(state)
}

/// During the shutdown delay, each HTTP/1.1 answer closes its connection (`Connection:
/// close`), so the apiserver's pooled keep-alive connections to this pod end cleanly, one by
/// one after a response, and its next requests open connections to the remaining replicas.
/// Closed by the drain instead, an idle one could meet a request the apiserver is writing
/// into it at that moment, which fails (the apiserver does not retry a webhook call).
async fn close_when_shutting_down(
    State(state): State<Arc<AppState>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let http1 = request.version() <= axum::http::Version::HTTP_11;
    let mut response = next.run(request).await;
    if http1 && state.shutting_down() {
        response.headers_mut().insert(
            header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    response
}

async fn serve_inject(
    State(state): State<Arc<AppState>>,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    admission::serve(&state, Endpoint::Inject, uri.path(), &headers, body).await
}

async fn serve_validate(
    State(state): State<Arc<AppState>>,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    admission::serve(&state, Endpoint::Validate, uri.path(), &headers, body).await
}
