//! The workbench (`/`): one page of our own — HTML, CSS and JavaScript in `src/serve/page/`,
//! built into the binary (`include_str!`), no framework, no build step, nothing fetched from
//! elsewhere — that composes figures with the image API and the rules answers of
//! [`super::game`]. It is described for its users in the README ("The workbench").

use super::App;
use super::cache::{self, Canonical};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/workbench.js");
const STATE: &str = include_str!("page/state.js");
const STYLE: &str = include_str!("page/workbench.css");

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

/// `/workbench.js`.
pub async fn script(State(app): State<App>, req: Request) -> Response {
    file(&app, &req, SCRIPT, "text/javascript; charset=utf-8")
}

/// `/state.js`: the page's state in its URL, and its exports.
pub async fn state(State(app): State<App>, req: Request) -> Response {
    file(&app, &req, STATE, "text/javascript; charset=utf-8")
}

/// `/workbench.css`.
pub async fn style(State(app): State<App>, req: Request) -> Response {
    file(&app, &req, STYLE, "text/css; charset=utf-8")
}
