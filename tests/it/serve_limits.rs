//! The server's limits: one bound on drawings in flight for every route, a bounded
//! queue beyond which requests get `503` with `Retry-After`, the request timeout, `304` without
//! a drawing slot, and graceful shutdown — a request in flight completes — in-process and on
//! SIGTERM to the command.

use crate::http::{app_with, get, send};
use axum::http::StatusCode;
use std::io::{BufRead, BufReader, Read, Write};
use std::time::{Duration, Instant};

/// Waits until `f` holds (checked every 5 ms), for at most 30 s.
async fn until(what: &str, f: impl Fn() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < Duration::from_secs(30), "waited 30 s for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_sheds_load_with_503_and_every_route_shares_the_slots() {
    // One drawing slot, room for two waiting.
    let app = app_with(1, 2, Duration::from_secs(120));
    let held = app.gate().hold().await;
    // Two requests of two routes wait for the one slot…
    let a = tokio::spawn({
        let app = app.clone();
        async move { send(&app, get("/figure.png?square=e2")).await }
    });
    let b = tokio::spawn({
        let app = app.clone();
        async move { send(&app, get("/animation.svg?kind=spin&frames=2&width=120")).await }
    });
    until("two requests queued", || app.gate().waiting() == 2).await;
    // …and a third finds the queue full: refused at once, not queued.
    let t = Instant::now();
    let c = send(&app, get("/figure.svg?square=d2")).await;
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!(c.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(c.header("retry-after"), "1");
    assert_eq!(c.header("content-type"), "application/json");
    assert!(c.json()["error"].as_str().unwrap().contains("busy"), "{}", c.text());
    // Questions that draw nothing are still answered.
    assert_eq!(send(&app, get("/moves.json")).await.status, StatusCode::OK);
    assert!(!a.is_finished() && !b.is_finished(), "nothing drew while the slot was held");
    drop(held);
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert_eq!((a.status, b.status), (StatusCode::OK, StatusCode::OK));
    assert_eq!((app.gate().waiting(), app.gate().free()), (0, 1));
    // The queue has room again.
    assert_eq!(send(&app, get("/figure.svg?square=d2")).await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_waits_too_long_gets_503_and_a_tag_needs_no_slot() {
    let app = app_with(1, 8, Duration::from_millis(300));
    let held = app.gate().hold().await;
    let t = Instant::now();
    let r = send(&app, get("/figure.svg?square=e2")).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    assert!(t.elapsed() >= Duration::from_millis(300));
    assert_eq!(r.header("retry-after"), "1");
    assert!(r.json()["error"].as_str().unwrap().contains("too long"), "{}", r.text());
    // The timed-out request gave its place in the queue back.
    until("the queue empty", || app.gate().waiting() == 0).await;
    drop(held);
    let first = send(&app, get("/figure.svg?square=e2")).await;
    assert_eq!(first.status, StatusCode::OK);
    // With every slot taken, a request naming the tag it has is still answered: 304.
    let _held = app.gate().hold().await;
    let req = axum::http::Request::get("/figure.svg?square=e2")
        .header("if-none-match", first.header("etag"))
        .body(axum::body::Body::empty())
        .unwrap();
    assert_eq!(send(&app, req).await.status, StatusCode::NOT_MODIFIED);
}

/// Sends a GET over a socket and reads the whole answer (HTTP/1.1, connection closed after).
fn raw_get(addr: std::net::SocketAddr, path: &str) -> std::thread::JoinHandle<String> {
    let path = path.to_string();
    std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(addr).expect("connect");
        write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).expect("read the answer");
        String::from_utf8_lossy(&out).into_owned()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graceful_shutdown_lets_a_request_in_flight_finish() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = app_with(1, 8, Duration::from_secs(120));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(dotchess::serve::serve_until(listener, app.clone(), async move {
        let _ = stopped.await;
    }));
    let held = app.gate().hold().await;
    let answer = raw_get(addr, "/figure.svg?square=e2");
    until("the request in flight", || app.gate().waiting() == 1).await;
    // Shut down while the request waits for its drawing…
    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!server.is_finished(), "the server waits for the request in flight");
    // …then let it draw: it completes, and the server stops.
    drop(held);
    let text = tokio::task::spawn_blocking(move || answer.join().unwrap()).await.unwrap();
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{}", &text[..text.len().min(300)]);
    assert!(text.contains("content-type: image/svg+xml") && text.trim_end().ends_with("</svg>"));
    tokio::time::timeout(Duration::from_secs(30), server).await.expect("the server stops").unwrap().unwrap();
    assert!(std::net::TcpStream::connect(addr).is_err(), "no new connection after shutdown");
}

#[test]
fn sigterm_stops_the_command_after_its_request_in_flight() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .args(["serve", "--addr", "127.0.0.1:0", "--drawings", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run dotchess serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr: std::net::SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    // The server answers…
    let ready = raw_get(addr, "/moves.json").join().unwrap();
    assert!(ready.starts_with("HTTP/1.1 200 OK"), "{ready}");
    // …and a slow drawing (a 120-frame GIF) is in flight when the signal comes.
    let answer = raw_get(addr, "/animation.gif?kind=spin&frames=120&width=400");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    std::thread::sleep(Duration::from_millis(500));
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let text = answer.join().unwrap();
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{}", &text[..text.len().min(300)]);
    assert!(text.contains("content-type: image/gif"));
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    let mut log = String::new();
    err.read_to_string(&mut log).unwrap();
    // One line a request, then the goodbye, in that order.
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 3, "{log}");
    assert!(lines[0].starts_with("GET /moves.json 200 "), "{log}");
    assert!(lines[1].starts_with("GET /animation.gif?+") && lines[1].contains(" 200 "), "{log}");
    assert!(lines[1].ends_with(" ms"), "{log}");
    assert_eq!(lines[2], "dotchess serve: stopped");
}
