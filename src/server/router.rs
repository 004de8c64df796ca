//! The webhook router: the admission endpoints (one flow, `admission`), plain or under
//! `/rev/<revision>` for one of several revisions, and how their connections close during
//! shutdown.

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
        .route("/rev/{revision}/inject", any(serve_inject))
        .route("/rev/{revision}/inject/{*params}", any(serve_inject))
        .route("/rev/{revision}/validate", any(serve_validate))
        .route("/rev/{revision}/validate/", any(serve_validate))
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
    let (revision, path) = revision_of(uri.path());
    admission::serve(&state, Endpoint::Inject, revision, path, &headers, body).await
}

async fn serve_validate(
    State(state): State<Arc<AppState>>,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let (revision, path) = revision_of(uri.path());
    admission::serve(&state, Endpoint::Validate, revision, path, &headers, body).await
}

/// The revision a `/rev/<revision>/...` path names, and the rest of it (`/inject/...`); a path
/// without one is the whole path.
fn revision_of(path: &str) -> (Option<&str>, &str) {
    let Some(rest) = path.strip_prefix("/rev/") else {
        return (None, path);
    };
    match rest.find('/') {
        Some(at) => (Some(&rest[..at]), &rest[at..]),
        None => (Some(rest), ""),
    }
}

#[cfg(test)]
mod tests {
    use super::revision_of;

    #[test]
    fn a_revision_path_names_its_revision_and_keeps_istios_parameters() {
        assert_eq!(
            revision_of("/inject/cluster/c1"),
            (None, "/inject/cluster/c1")
        );
        assert_eq!(
            revision_of("/rev/canary/inject/cluster/c1/net/n1"),
            (Some("canary"), "/inject/cluster/c1/net/n1")
        );
        assert_eq!(
            revision_of("/rev/canary/validate"),
            (Some("canary"), "/validate")
        );
    }
}
