//! Answers are written under a deadline and within the memory bound, and a stopping server
//! answers what it will not draw (issue 46, on real sockets). Each failed before its fix: a client
//! that stopped reading held its answer's memory and its connection for ever (16 such clients
//! locked a server of `--connections 16`), and the requests still waiting when the grace period
//! after SIGTERM ended had their connections closed without an answer.

use crate::http::{get, send};
use axum::http::StatusCode;
use dotchess_cli::serve::{App, Config, Phase};
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// The chart with every cell named over a window of 60 × 60 squares: a 7.6 MB SVG, more than
/// the sockets between a client and the server hold.
const BIG: &str = "/figure.svg?view=chart&coordinates=cells&window=0,0,60,60";

/// Waits until `f` holds (checked every 5 ms), for at most 60 s.
async fn until(what: &str, f: impl Fn() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < Duration::from_secs(60), "waited 60 s for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// A server with these limits on 127.0.0.1, its state, and the sender that stops it.
async fn started(
    config: Config,
) -> (std::net::SocketAddr, App, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<std::io::Result<()>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = App::new(config).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(dotchess_cli::serve::serve_until(listener, app.clone(), async move {
        let _ = stopped.await;
    }));
    (addr, app, stop, server)
}

/// A client that asks for `path` and then reads nothing (its receive buffer kept small).
async fn stalled_reader(addr: std::net::SocketAddr, path: &str) -> std::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut c = socket.connect(addr).await.unwrap().into_std().unwrap();
    c.set_nonblocking(false).unwrap();
    write!(c, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    c
}

/// A GET over a socket of its own (connection closed after), read whole on a thread.
fn raw_get(addr: std::net::SocketAddr, path: &str) -> std::thread::JoinHandle<String> {
    let path = path.to_string();
    std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).expect("an answer, and the connection closed");
        String::from_utf8_lossy(&out).into_owned()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_dropped_and_its_answer_freed() {
    let config = Config { drawings: 1, head_timeout: Duration::from_secs(1), ..Config::default() };
    let (addr, app, stop, server) = started(config).await;
    let client = stalled_reader(addr, BIG).await;
    // Drawn (one figure's worth held while it is), then the answer alone is held…
    until("the answer made", || (1..8_000_000).contains(&app.memory_held())).await;
    // …until the client, taking no byte for a second, is dropped, and the memory with it.
    until("the stalled client dropped", || app.memory_held() == 0).await;
    // What the client can still read ends before the answer's 7.6 MB.
    let mut client = client;
    client.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut got = Vec::new();
    let _ = client.read_to_end(&mut got);
    assert!(got.starts_with(b"HTTP/1.1 200 OK") && got.len() < 7_000_000, "{} bytes", got.len());
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_reader_does_not_lock_others_out_of_the_connections() {
    let config = Config { drawings: 1, connections: 1, head_timeout: Duration::from_secs(1), ..Config::default() };
    let (addr, app, stop, server) = started(config).await;
    let _stalled = stalled_reader(addr, BIG).await;
    until("the answer made", || (1..8_000_000).contains(&app.memory_held())).await;
    // The one connection is the stalled reader's: the next client waits in the backlog, and is
    // answered once the reader is dropped.
    let text = tokio::task::spawn_blocking(move || raw_get(addr, "/moves.json").join().unwrap()).await.unwrap();
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{}", &text[..text.len().min(200)]);
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_sigterm_what_will_not_be_drawn_is_answered_503() {
    let config = Config { drawings: 1, grace: Duration::from_millis(500), ..Config::default() };
    let (addr, app, stop, server) = started(config).await;
    let held = app.hold_drawing().await;
    let waiting: Vec<_> = (0..3).map(|k| raw_get(addr, &format!("/figure.svg?square=e2&width={}", 300 + k))).collect();
    until("three requests waiting", || app.waiting() == 3).await;
    stop.send(()).unwrap();
    until("the server stopping", || app.phase() == Phase::Stopping).await;
    // A request that comes during the grace period: 503, try again.
    let late = send(&app, get("/moves.json")).await;
    assert_eq!((late.status, late.header("retry-after")), (StatusCode::SERVICE_UNAVAILABLE, "1"));
    assert!(late.json()["error"].as_str().unwrap().contains("stopping"), "{}", late.text());
    // The requests still waiting when the grace period ends: 503 too, not a closed connection.
    for w in waiting {
        let text = tokio::task::spawn_blocking(move || w.join().unwrap()).await.unwrap();
        assert!(text.starts_with("HTTP/1.1 503 Service Unavailable"), "{text}");
        assert!(text.to_ascii_lowercase().contains("retry-after: 1\r\n"), "{text}");
        assert!(text.contains("stopping"), "{text}");
    }
    tokio::time::timeout(Duration::from_secs(30), server).await.expect("the server stops").unwrap().unwrap();
    drop(held);
}
