//! The plain-HTTP admin port: liveness, readiness and metrics.

use super::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::Arc;

pub fn admin_router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/live", get(|| async { "ok" }))
        .route("/ready", get(ready))
        .route("/metrics", get(metrics))
        .with_state(state)
}

async fn ready(State(state): State<Arc<AppState>>) -> impl IntoResponse {
    match state.ready() {
        Ok(()) => (StatusCode::OK, "ready".to_string()),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {why}")),
    }
}

async fn metrics(State(state): State<Arc<AppState>>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        state.metrics.encode(),
    )
}
