//! The image API: `/figure.svg|png|pdf` and `/animation.gif|apng|svg`, GET with the options in
//! the query, or POST with an overlay as the body.
//!
//! A request is answered in this order, cheapest first: its tag is worked out from the canonical
//! request and a matching `If-None-Match` gets `304`; then the query is read and checked (`400`,
//! also under `If-None-Match: *`, which gets its `304` only once the request reads);
//! then the drawing waits for a slot of the [`super::gate`] (`503` when the queue is full), checks
//! the memory budget (`413`, before anything is painted or encoded) and makes the bytes exactly
//! as the CLI makes them.

use super::App;
use super::cache::{self, Canonical};
use super::error::ApiError;
use super::query::{self, Job, Route};
use super::replay;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use dotchess::RenderError;

/// The handler of every image route.
pub async fn image(State(app): State<App>, req: Request) -> Response {
    match answer(&app, req).await {
        Ok(r) => r,
        Err(e) => e.into_response(),
    }
}

/// Reads a POSTed body (an overlay, or a game on the game routes): at most the route's
/// [`super::body_limit`] bytes of UTF-8.
pub async fn body_text(method: &Method, path: &str, body: Body) -> Result<Option<String>, ApiError> {
    if method != Method::POST {
        return Ok(None);
    }
    let limit = super::body_limit(path);
    let bytes = axum::body::to_bytes(body, limit).await.map_err(|_| super::error::body_too_large(limit))?;
    let game = replay::format_of(path).is_some() || path == "/pgn.json";
    let what = if game { "a game file's text" } else { "an overlay's TOML" };
    String::from_utf8(bytes.to_vec())
        .map(Some)
        .map_err(|_| ApiError::bad(format!("the request body ({what}) is not UTF-8")).at_key("body"))
}

async fn answer(app: &App, req: Request) -> Result<Response, ApiError> {
    let path = req.uri().path();
    // A figure's route, or the game door's.
    let (format, game) = match (Route::of_path(path), replay::format_of(path)) {
        (Some(Route(format)), _) => (format, false),
        (None, Some(format)) => (format, true),
        (None, None) => return Err(ApiError::not_found("no such image route")),
    };
    let pairs = dotchess::input::query_pairs(req.uri().query().unwrap_or("")).map_err(|e| query::input_error(&e))?;
    let (parts, body) = req.into_parts();
    let body = body_text(&parts.method, parts.uri.path(), body).await?;
    let mut canonical = Canonical::new(app.version(), parts.uri.path());
    canonical.part(&(pairs.len() as u64).to_le_bytes());
    for (k, v) in &pairs {
        canonical.part(k.as_bytes());
        canonical.part(v.as_bytes());
    }
    canonical.part(body.as_deref().unwrap_or("").as_bytes());
    let etag = canonical.etag();
    // A tag of ours names an answer made; `*` waits until the request is seen to read.
    let star = cache::star(&parts.headers);
    if !star && cache::not_modified(&parts.headers, &etag) {
        return Ok(not_modified(&etag));
    }
    let job = match game {
        false => query::read(Route(format), &pairs, body.as_deref())?,
        true => replay::read(format, &pairs, body.as_deref())?,
    };
    if star {
        return Ok(not_modified(&etag));
    }
    let held = app.clone();
    // The memory of one figure is reserved before it is drawn; the answer's bytes keep what they
    // take until the connection has written them (`memory`).
    let drawn = app.gate().draw(move || {
        let reserved = held.memory().reserve();
        draw(job, held.renderer()).map(|bytes| reserved.keep(bytes))
    });
    // Once the grace period after SIGTERM is over, a request still waiting is told so.
    let bytes = tokio::select! {
        drawn = drawn => drawn??,
        () = app.cut() => return Err(ApiError::busy(super::error::STOPPING)),
    };
    let mut r = Response::new(Body::from(bytes));
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(format.mime()));
    // Any page may fetch a figure, not only show it.
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    cache::immutable(h, &etag);
    Ok(r)
}

/// `304`, with the answer's caching headers.
fn not_modified(etag: &str) -> Response {
    let mut r = StatusCode::NOT_MODIFIED.into_response();
    cache::immutable(r.headers_mut(), etag);
    r
}

/// Makes a job's bytes as the CLI does ([`dotchess::Renderer::render`]), refusing (`413`) what
/// is over the memory budget before anything is painted or encoded. Runs on one of the gate's
/// drawing threads.
fn draw(job: Job, renderer: &dotchess::Renderer) -> Result<Vec<u8>, ApiError> {
    renderer.render(&job.figure, job.format).map_err(|e| match e {
        RenderError::Input { error, too_large } => {
            let status = if too_large { StatusCode::PAYLOAD_TOO_LARGE } else { StatusCode::BAD_REQUEST };
            ApiError { status, ..query::input_error(&error) }
        }
        e if e.too_large() => ApiError::too_large(e),
        e => ApiError::internal(e.to_string()),
    })
}
