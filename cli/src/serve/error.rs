//! Errors as HTTP answers: every failure gets a JSON body `{ "error", "message", "key", "line",
//! "column" }` (all but the first when known) with the message the command line prints for the
//! same input (`error`), and for bad input the reason alone, without the place it names
//! (`message`: what the page shows beside its own box).
//!
//! * `400` bad input (a query pair, the FEN, the overlay: located);
//! * `404` no such route; `405` a method the route does not take (with `Allow`);
//! * `413` an input over the memory budget (before anything is painted or encoded), or a body
//!   over its route's limit ([`super::body_limit`]); `414` a URL over [`super::MAX_URL`];
//! * `503` with `Retry-After` when the queue is full, the request took too long, or the server
//!   is stopping (a request that comes after SIGTERM, or still waits for its drawing when the
//!   grace period ends);
//! * `500` a bug (a panic is caught and answered, the server goes on).

use super::App;
use super::gate::GateError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The seconds a shed request is told to wait before trying again.
pub(crate) const RETRY_AFTER: u32 = 1;

/// An error answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// The message.
    pub error: String,
    /// The reason alone, without the place (the query pair, the overlay's line): for bad input.
    pub message: Option<String>,
    /// The query key (or `overlay`, `body`) at fault.
    pub key: Option<String>,
    /// The line in the overlay (1-based).
    pub line: Option<usize>,
    /// The column, 1-based: in the overlay's line, or in the query value.
    pub column: Option<usize>,
}

impl ApiError {
    fn new(status: StatusCode, error: String) -> ApiError {
        ApiError { status, error, message: None, key: None, line: None, column: None }
    }
    /// `400`: bad input.
    pub fn bad(error: String) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error)
    }
    /// `413`: over the memory budget.
    pub(crate) fn too_large(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, error.to_string())
    }
    /// `503`: the queue is full.
    pub fn busy(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error.to_string())
    }
    /// `500`: a bug.
    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
    }
    /// `404`.
    pub(crate) fn not_found(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error.to_string())
    }
    /// The same error, naming the key at fault.
    pub(crate) fn at_key(mut self, key: &str) -> ApiError {
        self.key = Some(key.to_string());
        self
    }
    /// The same error, at a column of the key's value.
    pub(crate) fn at_column(mut self, column: usize) -> ApiError {
        self.column = Some(column);
        self
    }

    /// The JSON body.
    pub fn json(&self) -> String {
        let mut doc = serde_json::Map::new();
        doc.insert("error".into(), self.error.clone().into());
        if let Some(m) = &self.message {
            doc.insert("message".into(), m.clone().into());
        }
        if let Some(k) = &self.key {
            doc.insert("key".into(), k.clone().into());
        }
        if let Some(l) = self.line {
            doc.insert("line".into(), l.into());
        }
        if let Some(c) = self.column {
            doc.insert("column".into(), c.into());
        }
        serde_json::Value::Object(doc).to_string()
    }
}

impl From<GateError> for ApiError {
    /// A shed request is `503` (with `Retry-After`); a drawing that failed or was cancelled, `500`.
    fn from(e: GateError) -> ApiError {
        match e {
            GateError::Busy { .. } => ApiError::busy(e),
            GateError::Panicked | GateError::Cancelled => ApiError::internal(e),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, self.json()).into_response();
        finish(&mut r);
        r
    }
}

/// The headers of every error answer: JSON, never stored, and `Retry-After` on a `503`.
fn finish(r: &mut Response) {
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.remove(header::ETAG);
    if r.status() == StatusCode::SERVICE_UNAVAILABLE && !r.headers().contains_key(header::RETRY_AFTER) {
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER));
    }
}

/// The fallback: no such route.
pub async fn not_found(req: Request) -> ApiError {
    ApiError::not_found(format!(
        "no route {}: the routes are /, /figure.svg, /figure.png, /figure.pdf, /figure.html, /animation.gif, \
         /animation.apng, /animation.svg, /game.gif, /game.apng, /game.svg, /game.pdf, /moves.json, /play.json, \
         /edit.json, /variants.json, /pgn.json and /piece.svg (and the workbench's /workbench.css and scripts \
         /workbench.js, /page.js, /state.js …)",
        req.uri().path()
    ))
}

/// Refuses a URL over [`super::MAX_URL`] before anything reads it.
pub async fn url_limit(req: Request, next: Next) -> Response {
    let len = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if len > super::MAX_URL {
        let mut e = ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!(
                "the URL is {len} bytes, over the {} KiB a URL may have: POST a long overlay as the body, or pack it into `overlayz`",
                super::MAX_URL >> 10
            ),
        );
        e.key = Some("url".into());
        return e.into_response();
    }
    next.run(req).await
}

/// `413` for a body over `limit` bytes.
pub(crate) fn body_too_large(limit: usize) -> ApiError {
    ApiError::too_large(format!("the request body is over the {} KiB a body may have here", limit >> 10)).at_key("body")
}

/// Refuses a body whose `Content-Length` is over the route's limit before anything reads it
/// (the rest of it is read and dropped as the connection closes, so the client reads the
/// answer).
pub async fn body_limit(req: Request, next: Next) -> Response {
    let limit = super::body_limit(req.uri().path());
    let length = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|n| n > limit as u64) {
        return body_too_large(limit).into_response();
    }
    next.run(req).await
}

/// What a request that comes after SIGTERM is told, and one whose drawing the grace period
/// did not wait for.
pub(crate) const STOPPING: &str =
    "the server is stopping (SIGTERM): try again shortly (another copy, or this one restarted, will answer)";

/// `503` with `Retry-After` to a request that comes while the server stops.
pub async fn stopping(State(app): State<App>, req: Request, next: Next) -> Response {
    if app.phase() > super::Phase::Running {
        return ApiError::busy(STOPPING).into_response();
    }
    next.run(req).await
}

/// The answer to a panic: `500` (the server goes on).
pub(crate) fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal("the request failed (a bug: please report the URL)").into_response()
}

/// Gives every error answer made outside our handlers (a `405` from the router, a `413` or a
/// `503` from a layer) the JSON body and headers of ours.
pub async fn json_errors(State(_app): State<App>, req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let r = next.run(req).await;
    let status = r.status();
    let json = r.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes() == b"application/json");
    if status.as_u16() < 400 || json {
        return r;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            format!("this route does not take {method} (its `Allow` header lists the methods it takes)")
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is over the {} KiB a body may have", super::MAX_BODY >> 10)
        }
        StatusCode::SERVICE_UNAVAILABLE => "the request took too long; try again shortly".to_string(),
        s => s.canonical_reason().unwrap_or("error").to_string(),
    };
    let (mut parts, _) = r.into_parts();
    let body = ApiError::new(status, message).json();
    parts.headers.remove(header::CONTENT_LENGTH);
    let mut out = Response::from_parts(parts, Body::from(body));
    finish(&mut out);
    out
}
