//! `dotchess serve`: the figures over HTTP — an image API any web page can link to, and a
//! workbench page to compose figures in.
//!
//! The server is glue: every rule and every pixel comes from the library, called as the command
//! line calls it, so a URL gives the bytes `dotchess render` / `dotchess animate` give for the
//! same options. Its parts, one idea each:
//!
//! * `query` reads a URL's query (and a POSTed overlay) into the figure the CLI would build;
//!   `packed` unpacks an overlay compressed into one query key (`overlayz`);
//! * `api` answers `/figure.svg|png|pdf` and `/animation.gif|apng|svg`, and the game door's
//!   `/game.gif|apng|svg|pdf` (`replay` reads a POSTed game as `dotchess animate` reads a game
//!   file);
//! * `conn` accepts connections and reads requests (hyper's HTTP/1.1, with a deadline for a
//!   request's head, a cap on connections and a bounded grace period at shutdown);
//! * `gate` bounds the drawings in flight (one set of drawing threads for the whole server, fed
//!   from one queue) and sheds load beyond a bound on that queue; `memory` bounds what the
//!   drawings and the answers still being written hold;
//! * `cache` makes the strong `ETag` and answers `If-None-Match`;
//! * `game` answers the workbench's questions to the rules core (legal moves, playing a line,
//!   editing a position) as JSON, and `tree` a POSTed game's move tree (`/pgn.json`);
//! * `page` serves the workbench (`/`), HTML, CSS and JavaScript of our own built into the
//!   binary, and `piece` the pictures of single pieces it shows on its buttons;
//! * `error` turns every failure into a JSON body, and `log` writes one line a request.
//!
//! Every response depends only on its request (and the program), so copies of the server scale
//! out behind any load balancer or HTTP cache (README, "Serving figures").

pub(crate) mod api;
pub(crate) mod cache;
pub(crate) mod conn;
pub(crate) mod error;
pub(crate) mod game;
pub(crate) mod gate;
pub(crate) mod log;
pub(crate) mod memory;
pub(crate) mod packed;
pub(crate) mod page;
pub(crate) mod piece;
pub(crate) mod query;
pub(crate) mod replay;
pub(crate) mod tree;

pub use gate::Held;

use axum::Router;
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Longest URL accepted (path and query), in bytes: 8 KiB.
pub const MAX_URL: usize = 8 << 10;
/// Largest request body accepted (a POSTed overlay), in bytes: 256 KiB.
pub const MAX_BODY: usize = 256 << 10;

/// The largest body a route takes: a game file's limit ([`dotchess::input::MAX_INPUT`], 1 MiB) on
/// the game routes, [`MAX_BODY`] elsewhere.
pub fn body_limit(path: &str) -> usize {
    if replay::format_of(path).is_some() || path == "/pgn.json" { dotchess::input::MAX_INPUT } else { MAX_BODY }
}

/// How a server runs: its limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// Drawings in flight at once, over the whole server (default: the machine's cores).
    pub drawings: usize,
    /// Threads that read requests and write answers (the async runtime's workers; drawings run
    /// on threads of their own). Default: one for every four cores, at least one. Answering
    /// without drawing takes about a hundredth of a PNG's CPU (0.04 ms for a `304`), so one
    /// thread keeps several drawing cores busy; a thread more than that only takes turns with
    /// the drawings: on two cores, two of them answered 250–266 hemispheres PNGs a second with a
    /// p99 of 345–413 ms where one answered 272–294 with 263–298 ms (`benches/README.md`).
    pub io_threads: usize,
    /// Requests that may wait for a drawing thread; one more gets `503` with `Retry-After`.
    pub queue: usize,
    /// The longest a request may take, waiting included; then `503`.
    pub timeout: Duration,
    /// The longest a client may take to send a request's head (from its connection, or from
    /// the end of the answer before); then the connection is closed (`408` if part of a head
    /// came). Idle keep-alive connections close after it too, and so does a client that takes no
    /// byte of an answer for as long.
    pub head_timeout: Duration,
    /// Connections open at once; more wait in the listener's backlog until one closes.
    pub connections: usize,
    /// After SIGTERM (or SIGINT), how long the requests being answered may take to finish;
    /// connections answering nothing close at once.
    pub grace: Duration,
    /// Where one line a request goes (method, path, status, bytes, milliseconds: `log`); the
    /// library writes nowhere by itself. Default: nowhere.
    pub log: Option<Log>,
}

/// A sink for the server's lines, chosen by the program that runs it (the command writes them on
/// standard error).
#[derive(Clone)]
pub struct Log(Arc<dyn Fn(&str) + Send + Sync>);

impl Log {
    /// Lines given to `write`.
    pub fn new(write: impl Fn(&str) + Send + Sync + 'static) -> Log {
        Log(Arc::new(write))
    }

    /// Gives a line to the sink.
    pub fn line(&self, line: &str) {
        (self.0)(line)
    }
}

impl std::fmt::Debug for Log {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Log(..)")
    }
}

impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            drawings: cores,
            io_threads: (cores / 4).max(1),
            queue: 64 * cores,
            timeout: Duration::from_secs(30),
            head_timeout: Duration::from_secs(10),
            connections: default_connections(),
            grace: Duration::from_secs(10),
            log: None,
        }
    }
}

/// Connections open at once by default: the open-files limit less 64 (for the listener, the
/// runtime and the files the program opens), at least 16, at most 4096; 960 where the limit
/// cannot be read (not Linux).
fn default_connections() -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits").ok().and_then(|t| {
        let line = t.lines().find(|l| l.starts_with("Max open files"))?;
        line["Max open files".len()..].split_whitespace().next()?.parse::<usize>().ok()
    });
    soft.map_or(960, |n| n.saturating_sub(64).clamp(16, 4096))
}

/// Where a server is in its life: a signal stops it, and the grace period ends.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Phase {
    /// Answering.
    Running,
    /// Stopped (SIGTERM), in the grace period: requests in flight finish, a new one gets `503`.
    Stopping,
    /// The grace period is over: a request still waiting for its drawing gets `503`.
    Cut,
}

/// What every request shares: the limits and the drawing gate.
#[derive(Clone)]
pub struct App {
    inner: Arc<Shared>,
}

struct Shared {
    config: Config,
    gate: gate::Gate,
    memory: memory::Memory,
    version: String,
    /// What the drawing threads keep from one figure to the next: this server's own.
    renderer: dotchess::Renderer,
    /// Where the server is in its life.
    phase: tokio::sync::watch::Sender<Phase>,
}

impl App {
    /// A server's shared state for `config`: an error if the system would not start its drawing
    /// threads.
    pub fn new(config: Config) -> std::io::Result<App> {
        let gate = gate::Gate::new(config.drawings, config.queue)?;
        let version = cache::program_version().to_string();
        let memory = memory::Memory::new(config.drawings);
        let (phase, _) = tokio::sync::watch::channel(Phase::Running);
        let renderer = dotchess::Renderer::new();
        Ok(App { inner: Arc::new(Shared { gate, memory, version, config, renderer, phase }) })
    }

    /// Where the server is in its life.
    pub fn phase(&self) -> Phase {
        *self.inner.phase.borrow()
    }

    /// Moves the server on to `phase` (never back).
    pub(crate) fn enter(&self, phase: Phase) {
        self.inner.phase.send_if_modified(|p| {
            let later = phase > *p;
            if later {
                *p = phase;
            }
            later
        });
    }

    /// Resolves when the grace period is over.
    pub(crate) async fn cut(&self) {
        let mut phase = self.inner.phase.subscribe();
        let _ = phase.wait_for(|p| *p == Phase::Cut).await;
    }

    /// The memory the drawings and the answers being written hold.
    pub(crate) fn memory(&self) -> &memory::Memory {
        &self.inner.memory
    }

    /// Bytes of memory the drawings and the answers still being written hold now (at most
    /// `drawings` times the most one figure needs).
    pub fn memory_held(&self) -> u64 {
        self.memory().held()
    }

    /// The drawing gate.
    pub(crate) fn gate(&self) -> &gate::Gate {
        &self.inner.gate
    }

    /// Takes a drawing thread as a drawing does, waiting for one: while the handle is held,
    /// requests that draw queue behind it (and, the queue full, get `503`). An operator pauses
    /// drawing with it; a test fills the queue.
    pub async fn hold_drawing(&self) -> Held {
        self.gate().hold().await
    }

    /// Requests waiting for a drawing thread now.
    pub fn waiting(&self) -> usize {
        self.gate().waiting()
    }

    /// Drawing threads free now.
    pub fn free_drawings(&self) -> usize {
        self.gate().free()
    }

    /// What draws this server's figures, with the painting caches they share.
    pub(crate) fn renderer(&self) -> &dotchess::Renderer {
        &self.inner.renderer
    }

    /// The limits the server runs with.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The program's version as the ETags count it.
    pub fn version(&self) -> &str {
        &self.inner.version
    }

    /// The whole service: routes, then the layers every request passes (outermost last).
    pub fn router(&self) -> Router {
        use tower_http::catch_panic::CatchPanicLayer;
        use tower_http::timeout::TimeoutLayer;
        let mut routes = Router::new()
            .route("/", get(page::index))
            .route("/workbench.css", get(page::style))
            .route("/piece.svg", get(piece::picture));
        // The page's scripts, one route each.
        for (name, _) in page::MODULES {
            routes = routes.route(&format!("/{name}"), get(page::module));
        }
        // An image route for every format: `/figure.svg` … `/animation.apng`.
        for format in dotchess::output::Format::ALL {
            routes = routes.route(&query::Route(format).path(), get(api::image).post(api::image));
        }
        // The game door: a game file's text POSTed, as `animate GAME.pgn` (and `render` for
        // the PDF) reads it.
        for path in replay::paths() {
            routes = routes.route(&path, axum::routing::post(api::image));
        }
        let routes = routes
            .route("/moves.json", get(game::moves))
            .route("/play.json", get(game::play))
            .route("/edit.json", get(game::edit))
            .route("/variants.json", get(game::variants))
            .route("/pgn.json", axum::routing::post(tree::pgn))
            .fallback(error::not_found)
            .with_state(self.clone());
        let timeout = self.config().timeout;
        routes
            .layer(axum::middleware::from_fn(error::body_limit))
            .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::SERVICE_UNAVAILABLE, timeout))
            .layer(axum::middleware::from_fn(error::url_limit))
            .layer(CatchPanicLayer::custom(error::panicked))
            .layer(axum::middleware::from_fn_with_state(self.clone(), error::stopping))
            .layer(axum::middleware::from_fn_with_state(self.clone(), error::json_errors))
            .layer(axum::middleware::from_fn_with_state(self.clone(), log::line))
    }
}

/// Serves on a bound listener until `shutdown` resolves; requests in flight then finish, within
/// the grace period (`conn`).
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: App,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    conn::serve(listener, app, shutdown).await
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn signalled() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

/// `dotchess serve`: binds `addr`, tells `listening` the address it listens on (port 0: the one
/// the system chose), and serves until SIGINT or SIGTERM, letting requests in flight finish.
pub fn run(addr: SocketAddr, config: Config, listening: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.io_threads.max(1))
        .enable_all()
        // Drawings run on the gate's own threads; the runtime's blocking threads are for the
        // little else that blocks.
        .max_blocking_threads(4)
        .build()?;
    // The state (and the program's fingerprint for the tags) before the address is announced.
    let app = App::new(config)?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        listening(bound);
        serve_until(listener, app, signalled()).await
    })
}
