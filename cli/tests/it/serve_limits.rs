//! The server's limits: one bound on drawings in flight for every route, a bounded queue beyond
//! which requests get `503` with `Retry-After`, the request timeout, `304` without a drawing
//! slot, and graceful shutdown — a request in flight completes — in-process and on SIGTERM to
//! the command; the connections' limits — a deadline for a request's head, a cap on connections,
//! a bounded grace period — and the answers to what hyper cannot parse, on real sockets.

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
    let held = app.hold_drawing().await;
    // Two requests of two routes wait for the one slot…
    let a = tokio::spawn({
        let app = app.clone();
        async move { send(&app, get("/figure.png?square=e2")).await }
    });
    let b = tokio::spawn({
        let app = app.clone();
        async move { send(&app, get("/animation.svg?kind=spin&frames=2&width=120")).await }
    });
    until("two requests queued", || app.waiting() == 2).await;
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
    assert_eq!((app.waiting(), app.free_drawings()), (0, 1));
    // The queue has room again.
    assert_eq!(send(&app, get("/figure.svg?square=d2")).await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_waits_too_long_gets_503_and_a_tag_needs_no_slot() {
    let app = app_with(1, 8, Duration::from_millis(300));
    let held = app.hold_drawing().await;
    let t = Instant::now();
    let r = send(&app, get("/figure.svg?square=e2")).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    assert!(t.elapsed() >= Duration::from_millis(300));
    assert_eq!(r.header("retry-after"), "1");
    assert!(r.json()["error"].as_str().unwrap().contains("too long"), "{}", r.text());
    // The timed-out request gave its place in the queue back.
    until("the queue empty", || app.waiting() == 0).await;
    drop(held);
    let first = send(&app, get("/figure.svg?square=e2")).await;
    assert_eq!(first.status, StatusCode::OK);
    // With every slot taken, a request naming the tag it has is still answered: 304.
    let _held = app.hold_drawing().await;
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
    let server = tokio::spawn(dotchess_cli::serve::serve_until(listener, app.clone(), async move {
        let _ = stopped.await;
    }));
    let held = app.hold_drawing().await;
    let answer = raw_get(addr, "/figure.svg?square=e2");
    until("the request in flight", || app.waiting() == 1).await;
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
        .args(["serve", "--addr", "127.0.0.1:0", "--drawings", "1", "--grace", "600"])
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

/// A server on 127.0.0.1 (port 0) with these limits, in this process; stop it with the sender.
async fn started(
    config: dotchess_cli::serve::Config,
) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<std::io::Result<()>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = dotchess_cli::serve::App::new(config).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(dotchess_cli::serve::serve_until(listener, app, async move {
        let _ = stopped.await;
    }));
    (addr, stop, server)
}

/// Writes `bytes` whole, then reads the answer to its end (on a thread of its own).
fn exchange(addr: std::net::SocketAddr, bytes: Vec<u8>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        s.write_all(&bytes).expect("the server reads the whole request");
        let mut out = Vec::new();
        s.read_to_end(&mut out).expect("read the answer");
        String::from_utf8_lossy(&out).into_owned()
    })
}

/// An answer's status and its body read as JSON (panics if it is not JSON).
fn status_and_json(text: &str) -> (u16, serde_json::Value) {
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("no status: {text:?}"));
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no head: {text:?}"));
    assert!(head.to_ascii_lowercase().contains("content-type: application/json"), "{head}");
    let json = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}"));
    (status, json)
}

/// A request head sent in part: the request line and one header, no blank line.
fn half_head(addr: std::net::SocketAddr) -> std::net::TcpStream {
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(s, "GET /moves.json HTTP/1.1\r\nHost: {addr}\r\n").unwrap();
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_sent_head_is_timed_out_and_connections_are_capped() {
    use dotchess_cli::serve::Config;
    let config = Config { head_timeout: Duration::from_millis(400), connections: 4, ..Config::default() };
    let (addr, stop, server) = started(config).await;
    // Ten clients send half a head and wait; the server holds at most four of them at once…
    let idle: Vec<std::net::TcpStream> = (0..10).map(|_| half_head(addr)).collect();
    let t = Instant::now();
    // …and still answers a whole request behind them, once their heads have timed out.
    let text = tokio::task::spawn_blocking(move || raw_get(addr, "/moves.json").join().unwrap()).await.unwrap();
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(20), "answered after {:?}", t.elapsed());
    // A client whose head did not come in time is told so (408, JSON) and its socket closed.
    let answers = tokio::task::spawn_blocking(move || {
        idle.into_iter()
            .map(|mut s| {
                s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
                let mut out = Vec::new();
                s.read_to_end(&mut out).expect("closed by the server");
                String::from_utf8_lossy(&out).into_owned()
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    for a in &answers {
        let (status, json) = status_and_json(a);
        assert_eq!(status, 408, "{a}");
        assert!(json["error"].as_str().unwrap().contains("did not come in time"), "{a}");
    }
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(30), server).await.expect("the server stops").unwrap().unwrap();
}

/// A server command, killed when dropped (a failed test leaves no server behind).
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `dotchess serve` with these flags and, if given, a limit on open files (`ulimit -n`); its
/// address.
fn command(flags: &str, files: Option<u32>) -> (Server, std::net::SocketAddr) {
    let exe = env!("CARGO_BIN_EXE_dotchess");
    let limit = files.map_or(String::new(), |n| format!("ulimit -n {n} && "));
    let mut child = std::process::Command::new("sh")
        .args(["-c", &format!("{limit}exec '{exe}' serve --addr 127.0.0.1:0 --quiet {flags}")])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run dotchess serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (Server(child), addr)
}

#[test]
fn idle_sockets_beyond_the_descriptor_limit_do_not_stop_the_server() {
    // 64 descriptors, 80 clients holding half a head each: the server still answers.
    let (_server, addr) = command("--head-timeout 0.5", Some(64));
    let idle: Vec<std::net::TcpStream> = (0..80).map(|_| half_head(addr)).collect();
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    let text = raw_get(addr, "/moves.json").join().unwrap();
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(25), "answered after {:?}", t.elapsed());
    drop(idle);
}

#[test]
fn sigterm_does_not_wait_for_a_client_that_never_finishes_its_request() {
    // The head timeout and the grace period are long; the half-sent request is not waited for.
    let (mut server, addr) = command("--head-timeout 60 --grace 60", None);
    let child = &mut server.0;
    let _idle = half_head(addr);
    let _quiet = std::net::TcpStream::connect(addr).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    let killed = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(t.elapsed() < Duration::from_secs(5), "stopped after {:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_grace_period_bounds_a_request_whose_body_never_comes() {
    use dotchess_cli::serve::Config;
    let config = Config { grace: Duration::from_millis(300), timeout: Duration::from_secs(120), ..Config::default() };
    let (addr, stop, server) = started(config).await;
    // A POST announces a body of 1000 bytes and sends 10: its request is being answered (the
    // route waits for the body) when the server is told to stop.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "POST /figure.svg HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 1000\r\n\r\n0123456789").unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let t = Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), server).await.expect("the server stops").unwrap().unwrap();
    assert!(t.elapsed() < Duration::from_secs(3), "stopped after {:?}", t.elapsed());
    assert!(t.elapsed() >= Duration::from_millis(250), "the request had its grace period: {:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_hyper_cannot_parse_get_json_errors() {
    let (addr, stop, server) = started(dotchess_cli::serve::Config::default()).await;
    let host = format!("Host: {addr}\r\n");
    let long = format!("GET /figure.svg?title={} HTTP/1.1\r\n{host}\r\n", "a".repeat(70_000));
    let many: String = (0..150).map(|i| format!("X-Header-{i}: {i}\r\n")).collect();
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("a target over 64 KiB", long.into_bytes(), 414, "64 KiB"),
        (
            "a control byte in the target",
            format!("GET /figure.svg?title=\x01 HTTP/1.1\r\n{host}\r\n").into_bytes(),
            400,
            "target",
        ),
        (
            "a byte over 0x7e in the target",
            [b"GET /figure.svg?title=\xff HTTP/1.1\r\n".as_slice(), host.as_bytes(), b"\r\n"].concat(),
            400,
            "target",
        ),
        (
            "a negative Content-Length",
            format!("POST /figure.svg HTTP/1.1\r\n{host}Content-Length: -1\r\n\r\n").into_bytes(),
            400,
            "Content-Length",
        ),
        ("HTTP/9.9", format!("GET /moves.json HTTP/9.9\r\n{host}\r\n").into_bytes(), 400, "version"),
        ("too many headers", format!("GET /moves.json HTTP/1.1\r\n{host}{many}\r\n").into_bytes(), 431, "header lines"),
    ];
    for (what, bytes, status, says) in cases {
        let text = tokio::task::spawn_blocking(move || exchange(addr, bytes).join().unwrap()).await.unwrap();
        let (got, json) = status_and_json(&text);
        assert_eq!(got, status, "{what}: {text}");
        let error = json["error"].as_str().unwrap_or_else(|| panic!("{what}: {text}"));
        assert!(error.contains(says), "{what}: {error}");
        assert!(text.contains("cache-control: no-store"), "{what}: {text}");
    }
    // The server goes on answering.
    let ok = tokio::task::spawn_blocking(move || raw_get(addr, "/moves.json").join().unwrap()).await.unwrap();
    assert!(ok.starts_with("HTTP/1.1 200 OK"), "{ok}");
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_over_the_limit_is_answered_413_to_a_client_that_sends_it_whole() {
    let (addr, stop, server) = started(dotchess_cli::serve::Config::default()).await;
    // As Python's http.client does: the whole body written, then the answer read.
    let body = vec![b'#'; 5_000_000];
    let head = format!(
        "POST /figure.svg HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/toml\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let text = tokio::task::spawn_blocking(move || exchange(addr, [head.into_bytes(), body].concat()).join().unwrap())
        .await
        .unwrap();
    let (status, json) = status_and_json(&text);
    assert_eq!(status, 413, "{text}");
    assert!(json["error"].as_str().unwrap().contains("256 KiB"), "{text}");
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}
