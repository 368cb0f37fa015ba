//! The workbench (`/`): one page of our own — HTML, CSS and JavaScript modules in
//! `src/serve/page/`, built into the binary (`include_str!`), no framework, no build step,
//! nothing fetched from elsewhere — that composes figures with the image API and the rules
//! answers of [`super::game`]. It is described for its users in the README ("The workbench").
//! Its JavaScript is checked by `tests/js` (lint, type check, unit tests).

use super::App;
use super::cache::{self, Canonical};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/workbench.css");

/// The page's JavaScript modules, each served at `/NAME` (`workbench.js` imports the others).
pub const MODULES: [(&str, &str); 10] = [
    ("workbench.js", include_str!("page/workbench.js")),
    ("page.js", include_str!("page/page.js")),
    ("moves.js", include_str!("page/moves.js")),
    ("tree.js", include_str!("page/tree.js")),
    ("input.js", include_str!("page/input.js")),
    ("history.js", include_str!("page/history.js")),
    ("exports.js", include_str!("page/exports.js")),
    ("notes.js", include_str!("page/notes.js")),
    ("state.js", include_str!("page/state.js")),
    ("net.js", include_str!("page/net.js")),
];

/// A file of the page, revalidated by its tag (it changes with the program).
fn file(app: &App, req: &Request, text: &'static str, media: &'static str) -> Response {
    let mut c = Canonical::new(app.version(), req.uri().path());
    c.part(text.as_bytes());
    let etag = c.etag();
    let mut r = if cache::not_modified(req.headers(), &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        text.into_response()
    };
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(media));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    r
}

/// `/`: the workbench page. Its state is in its URL's fragment, packed (`/#z=…`: the API's query
/// form compressed), which no request carries; an old link's query (`/?variant=small&view=globe`)
/// is read by the page and rewritten as a fragment.
pub async fn index(State(app): State<App>, req: Request) -> Response {
    file(&app, &req, INDEX, "text/html; charset=utf-8")
}

/// `/workbench.js`, `/state.js` …: one of [`MODULES`].
pub async fn module(State(app): State<App>, req: Request) -> Response {
    let name = req.uri().path().trim_start_matches('/');
    match MODULES.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => file(&app, &req, text, "text/javascript; charset=utf-8"),
        None => super::error::ApiError::not_found("no such script").into_response(),
    }
}

/// `/workbench.css`.
pub async fn style(State(app): State<App>, req: Request) -> Response {
    file(&app, &req, STYLE, "text/css; charset=utf-8")
}
