//! One line a request, given to the [`super::Log`] the server was started with: method, path,
//! status, body bytes, milliseconds.
//!
//! ```text
//! GET /figure.png 200 41873 B 6.2 ms
//! ```
//!
//! The query is left out (it can be 8 KiB); its length is shown instead, `?+215`.

use super::App;
use axum::body::HttpBody as _;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use std::time::Instant;

/// The logging middleware.
pub async fn line(State(app): State<App>, req: Request, next: Next) -> Response {
    let Some(log) = app.config().log.clone() else {
        return next.run(req).await;
    };
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let query = req.uri().query().map_or(String::new(), |q| format!("?+{}", q.len()));
    let r = next.run(req).await;
    let bytes = r.body().size_hint().exact().map_or("-".to_string(), |n| n.to_string());
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    log.line(&format!("{method} {path}{query} {} {bytes} B {ms:.1} ms", r.status().as_u16()));
    r
}
