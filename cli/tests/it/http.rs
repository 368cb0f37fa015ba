//! Helpers of the server's tests: requests sent in-process (`tower::ServiceExt::oneshot`) and
//! the CLI run on the same input.

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use dotchess_cli::serve::{App, Config};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tower::ServiceExt;

/// An answer: status, headers, body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    /// A header's value.
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |v| v.to_str().unwrap())
    }
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }
}

/// A quiet server's state with the default limits.
pub fn app() -> App {
    App::new(Config::default()).unwrap()
}

/// A quiet server's state with `drawings` slots, room for `queue` waiting, and a timeout.
pub fn app_with(drawings: usize, queue: usize, timeout: Duration) -> App {
    App::new(Config { drawings, queue, timeout, ..Config::default() }).unwrap()
}

/// Sends one request in-process.
pub async fn send(app: &App, req: Request<Body>) -> Answer {
    let r = app.router().oneshot(req).await.expect("the router never fails");
    let (parts, body) = r.into_parts();
    let body = axum::body::to_bytes(body, usize::MAX).await.unwrap().to_vec();
    Answer { status: parts.status, headers: parts.headers, body }
}

/// A GET of a URL.
pub fn get(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

/// A POST of a body.
pub fn post(uri: &str, body: &str) -> Request<Body> {
    Request::post(uri).header("content-type", "application/toml").body(Body::from(body.to_string())).unwrap()
}

/// A query value percent-encoded (every byte but unreserved ones).
pub fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Runs the CLI; its status, standard output and standard error.
pub fn cli(args: &[&str], dir: &Path) -> (i32, Vec<u8>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).current_dir(dir).output().expect("run dotchess");
    (o.status.code().unwrap_or(-1), o.stdout, String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Runs the CLI writing `file` in `dir`, and gives its bytes.
pub fn cli_file(args: &[&str], dir: &Path, file: &str) -> Vec<u8> {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", file]);
    let (code, _, err) = cli(&all, dir);
    assert_eq!(code, 0, "dotchess {all:?}: {err}");
    std::fs::read(dir.join(file)).unwrap()
}

/// The message the CLI prints for bad input (exit status 2), without `dotchess: ` and the flag
/// before the library's words (`--square `e9`: `).
pub fn cli_message(args: &[&str], dir: &Path) -> String {
    let (code, _, err) = cli(args, dir);
    assert_eq!(code, 2, "dotchess {args:?} should refuse: {err}");
    err.trim().trim_start_matches("dotchess: ").to_string()
}

/// The library's words of a message: what follows the first `: ` (after the query pair, the
/// file and line, or the flag that names where the input was given).
pub fn words(message: &str) -> &str {
    message.split_once(": ").map_or(message, |(_, w)| w)
}

/// The library's words of a CLI message: after the flag (`--square `e9`: `), if it names one; a
/// value the flag's parser refused is reported by clap (`error: invalid value '20' for '--width
/// <N>': 20 is out of range …`).
pub fn flag_words(message: &str) -> &str {
    if let Some(rest) = message.strip_prefix("error: invalid value ") {
        let said = rest.split_once("': ").map_or(rest, |(_, w)| w);
        return said.lines().next().unwrap_or(said);
    }
    if message.starts_with("--") { words(message) } else { message }
}
