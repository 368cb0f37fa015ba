//! The connections: accepted at most [`Config::connections`] at a time, each read by hyper's
//! HTTP/1.1 server with a deadline for a request's head, closed within [`Config::grace`] of a
//! shutdown, and closed politely (the rest of what the client sends is read and dropped for a
//! moment, so that a client still sending a large body reads the answer instead of a reset).
//!
//! An answer is written under a deadline: a client that takes no byte of it for
//! [`Config::head_timeout`] (a reader too slow, or one that stopped reading) is dropped, and the
//! answer's bytes with it, so that slow readers neither hold memory nor connection slots for
//! ever.
//!
//! hyper answers a request it cannot parse by itself (`400`, `414`, `431`) with an empty body
//! before any route sees it; [`Guard`] recognises that answer as it is written, holds it back,
//! and the connection writes the JSON error of [`super::error`] in its place.

use super::error::ApiError;
use super::{App, Config, Phase};
use axum::Router;
use axum::body::HttpBody;
use axum::http::StatusCode;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::task::JoinSet;

/// Most header lines in a request's head (hyper's default); one more is `431`.
pub const MAX_HEADERS: usize = 100;
/// Longest request head hyper reads, in bytes; a longer one is `431` (a target over 64 KiB is
/// `414` first).
pub const MAX_HEAD: usize = 96 << 10;
/// How long a closing connection keeps reading (and dropping) what its client still sends.
pub const LINGER: Duration = Duration::from_secs(5);

/// Serves on a bound listener until `shutdown` resolves; then takes no new connection, answers
/// `503` to a request that comes after, lets the requests in flight finish for at most `grace`,
/// answers `503` to those still waiting for their drawing then, and closes what is left.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: App,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let (router, config) = (app.router(), app.config().clone());
    let slots = Arc::new(Semaphore::new(config.connections.max(1)));
    let (stop, stopping) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        // A free slot first: beyond the cap, clients wait in the listener's backlog, holding no
        // descriptor of the server's.
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => p.map_err(io::Error::other)?,
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            r = listener.accept() => match r {
                Ok((s, _)) => s,
                Err(e) => {
                    accept_failed(&e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        while tasks.try_join_next().is_some() {}
        tasks.spawn(connection(stream, router.clone(), config.clone(), stopping.clone(), permit));
    }
    drop(listener);
    app.enter(Phase::Stopping);
    let _ = stop.send(true);
    if tokio::time::timeout(config.grace, all_done(&mut tasks)).await.is_err() {
        // The grace is over: what still waits for a drawing is answered `503`, in a moment.
        app.enter(Phase::Cut);
        if tokio::time::timeout(LAST_WORDS, all_done(&mut tasks)).await.is_err() {
            tasks.shutdown().await;
        }
    }
    Ok(())
}

/// How long the connections have, once the grace is over, to write their `503`.
const LAST_WORDS: Duration = Duration::from_secs(1);

async fn all_done(tasks: &mut JoinSet<()>) {
    while tasks.join_next().await.is_some() {}
}

/// After a failed `accept`: a connection that went away is nobody's business; out of
/// descriptors (or memory), wait a little for connections to close instead of spinning.
async fn accept_failed(e: &io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

type Answer = Pin<Box<dyn Future<Output = Result<axum::response::Response, std::convert::Infallible>> + Send>>;

/// What a connection's task and its socket share: the requests being answered (from the call
/// of the routes to the end of the answer's body), and whether anything was written yet.
#[derive(Default)]
struct Watch {
    busy: AtomicUsize,
    wrote: AtomicBool,
}

/// One request being answered, counted in its connection's [`Watch`] while it lives.
struct Busy(Arc<Watch>);

impl Busy {
    fn new(watch: &Arc<Watch>) -> Busy {
        watch.busy.fetch_add(1, Ordering::SeqCst);
        Busy(watch.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

/// An answer's body that keeps its request counted as busy until hyper has taken all of it.
struct Tracked {
    body: axum::body::Body,
    _busy: Busy,
}

impl HttpBody for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;
    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }
    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }
    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// How a connection ended.
enum End {
    /// hyper finished it (its error, if any).
    Served(Result<(), hyper::Error>),
    /// Cut at a shutdown: no request of it was being answered.
    Cut,
}

/// One connection, from its first byte to its close.
async fn connection(
    stream: TcpStream,
    router: Router,
    config: Config,
    mut stopping: watch::Receiver<bool>,
    _slot: OwnedSemaphorePermit,
) {
    let _ = stream.set_nodelay(true);
    let watch = Arc::new(Watch::default());
    let counted = watch.clone();
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| -> Answer {
        use tower::ServiceExt;
        let busy = Busy::new(&counted);
        let answer = router.clone().oneshot(req.map(axum::body::Body::new));
        Box::pin(async move {
            let r = answer.await?;
            Ok(r.map(|body| axum::body::Body::new(Tracked { body, _busy: busy })))
        })
    });
    let mut conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(config.head_timeout)
        .max_headers(MAX_HEADERS)
        .max_buf_size(MAX_HEAD)
        .serve_connection(TokioIo::new(Guard::new(stream, watch.clone(), config.head_timeout)), service);
    let mut stop = pin!(async move {
        let _ = stopping.wait_for(|s| *s).await;
    });
    let mut stopped = false;
    // At a shutdown, a connection answering nothing and with nothing written (a client that
    // connected, or sent part of a head, and went quiet) is closed at once; the others finish
    // the request they are answering (hyper then closes them), within the grace period.
    let end = std::future::poll_fn(|cx| {
        if !stopped && stop.as_mut().poll(cx).is_ready() {
            stopped = true;
            if watch.busy.load(Ordering::SeqCst) == 0 && !watch.wrote.load(Ordering::SeqCst) {
                return Poll::Ready(End::Cut);
            }
            Pin::new(&mut conn).graceful_shutdown();
        }
        conn.poll_without_shutdown(cx).map(End::Served)
    })
    .await;
    let mut io = conn.into_parts().io.into_inner();
    if let End::Served(Err(e)) = &end
        && let Some(answer) = io.answer_for(e)
    {
        let _ = tokio::time::timeout(LINGER, write_all(&mut io.inner, &answer)).await;
    }
    let _ = tokio::time::timeout(LINGER, std::future::poll_fn(|cx| Pin::new(&mut io.inner).poll_shutdown(cx))).await;
    // A client still sending is read to its end; one too slow to send a head, or to take an
    // answer, is not waited for.
    let slow = matches!(&end, End::Served(Err(e)) if e.is_timeout()) || io.stalled;
    if matches!(end, End::Served(_)) && !slow {
        linger(&mut io.inner).await;
    }
}

/// Reads and drops what the client still sends, until it closes or for [`LINGER`]: closing a
/// socket with unread bytes resets it, and a client still writing its body (a body over the
/// limit, answered `413` before it was read) would see the reset instead of the answer.
async fn linger(stream: &mut TcpStream) {
    let mut sink = vec![0u8; 64 << 10];
    let _ = tokio::time::timeout(LINGER, async {
        loop {
            let mut buf = ReadBuf::new(&mut sink);
            match std::future::poll_fn(|cx| Pin::new(&mut *stream).poll_read(cx, &mut buf)).await {
                Ok(()) if !buf.filled().is_empty() => {}
                _ => break,
            }
        }
    })
    .await;
}

/// Writes all of `bytes`.
async fn write_all(stream: &mut TcpStream, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        let n = std::future::poll_fn(|cx| Pin::new(&mut *stream).poll_write(cx, bytes)).await?;
        if n == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        bytes = &bytes[n..];
    }
    Ok(())
}

/// The socket as hyper sees it, watching the answers written: it holds back the empty answer
/// hyper writes by itself to a request it could not parse (see [`Guard::answer_for`]).
struct Guard {
    inner: TcpStream,
    watch: Arc<Watch>,
    /// The status of the answer held back.
    held: Option<u16>,
    /// Bytes of a request have come since the last answer began.
    unanswered: bool,
    /// The longest a write may wait for the client to take a byte.
    write_timeout: Duration,
    /// The deadline of the write waiting now, if one is.
    waiting: Option<Pin<Box<tokio::time::Sleep>>>,
    /// A write waited past its deadline: the client is dropped.
    stalled: bool,
}

impl Guard {
    fn new(inner: TcpStream, watch: Arc<Watch>, write_timeout: Duration) -> Guard {
        Guard { inner, watch, held: None, unanswered: false, write_timeout, waiting: None, stalled: false }
    }

    /// A write's outcome under the deadline: bytes taken (or an error) end the wait; waiting
    /// longer than `write_timeout` for the client is an error, which ends the connection.
    fn deadline<T>(&mut self, cx: &mut Context<'_>, written: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if written.is_ready() {
            self.waiting = None;
            return written;
        }
        let timeout = self.write_timeout;
        let waiting = self.waiting.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        if waiting.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        self.stalled = true;
        let message = format!("the client took no byte of the answer for {} s", timeout.as_secs_f64());
        Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, message)))
    }

    /// Looks at the start of a write: an answer's head. Ours always say their type (every error
    /// of ours is JSON); hyper's own answer to a request it could not parse is an error status
    /// with no `content-type` and no body. True when the write is that answer.
    fn hold(&mut self, bytes: &[u8]) -> bool {
        if !bytes.starts_with(b"HTTP/1.") {
            return false;
        }
        self.unanswered = false;
        let head = bytes.split(|&b| b == b'\n').take_while(|l| *l != b"\r" && !l.is_empty());
        let mut status = None;
        for (i, line) in head.enumerate() {
            if i == 0 {
                status = std::str::from_utf8(line.get(9..12).unwrap_or_default()).ok().and_then(|s| s.parse().ok());
            } else if line.len() >= 13 && line[..13].eq_ignore_ascii_case(b"content-type:") {
                return false;
            }
        }
        match status {
            Some(s @ 400..=599) => {
                self.held = Some(s);
                true
            }
            _ => false,
        }
    }

    /// The JSON answer to write in place of hyper's, for the error the connection ended with:
    /// the answer held back, or `408` for a head that did not come in time.
    fn answer_for(&self, e: &hyper::Error) -> Option<Vec<u8>> {
        let text = e.to_string();
        let (status, message) = match self.held {
            Some(414) => (
                StatusCode::URI_TOO_LONG,
                "the request target is over the 64 KiB this server reads (and a URL may have 8 KiB): POST a long \
                 overlay as the body"
                    .to_string(),
            ),
            Some(431) => (
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!("the request's head is over {MAX_HEADERS} header lines or {} KiB", MAX_HEAD >> 10),
            ),
            Some(s) => (StatusCode::from_u16(s).unwrap_or(StatusCode::BAD_REQUEST), unreadable(&text)),
            None if e.is_timeout() && self.unanswered => (
                StatusCode::REQUEST_TIMEOUT,
                "the request's head did not come in time (see --head-timeout)".to_string(),
            ),
            None => return None,
        };
        let body =
            ApiError { status, error: message, message: None, key: Some("request".into()), line: None, column: None }
                .json();
        let reason = status.canonical_reason().unwrap_or("Error");
        let head = format!(
            "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncache-control: no-store\r\n\
             content-length: {}\r\nconnection: close\r\n\r\n",
            status.as_u16(),
            body.len()
        );
        Some([head.into_bytes(), body.into_bytes()].concat())
    }
}

/// What is wrong with a request hyper could not parse, in our words (from hyper's description).
fn unreadable(hyper_says: &str) -> String {
    let what = if hyper_says.contains("version") {
        "its version is not HTTP/1.0 or HTTP/1.1"
    } else if hyper_says.contains("content-length") {
        "its Content-Length is not one number of bytes"
    } else if hyper_says.contains("transfer-encoding") {
        "its Transfer-Encoding is not one this server reads (chunked, last)"
    } else if hyper_says.contains("URI") {
        "its target has a byte a URL may not have (a space, a control character or a byte over 0x7e: \
         percent-encode it)"
    } else if hyper_says.contains("method") {
        "its method is not a name (GET, POST, …)"
    } else {
        "a header line is not `Name: value`"
    };
    format!("the request is not HTTP as this server reads it: {what}")
}

impl AsyncRead for Guard {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.unanswered = true;
        }
        r
    }
}

impl AsyncWrite for Guard {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if self.hold(buf) {
            return Poll::Ready(Ok(buf.len()));
        }
        self.watch.wrote.store(true, Ordering::SeqCst);
        let written = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.deadline(cx, written)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if bufs.iter().find(|b| !b.is_empty()).is_some_and(|first| self.hold(first)) {
            return Poll::Ready(Ok(bufs.iter().map(|b| b.len()).sum()));
        }
        self.watch.wrote.store(true, Ordering::SeqCst);
        let written = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.deadline(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = Pin::new(&mut self.inner).poll_flush(cx);
        self.deadline(cx, flushed)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
