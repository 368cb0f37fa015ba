//! The drawing gate: one set of drawing threads for the whole server bounds the drawings in
//! flight, fed from one queue in the order the requests came, and a bound on that queue sheds
//! load: a request that finds the queue full is answered `503` with `Retry-After` at once
//! instead of waiting.
//!
//! A drawing thread that finishes takes the next request from the queue itself. (With a
//! semaphore before tokio's blocking threads, each hand-over went through the async worker —
//! the permit woke the waiting request, which then asked for a blocking thread — and on two
//! cores under 64 connections the cores stood idle about a fifth of the time between drawings;
//! `benches/README.md`.) A request that goes away while it waits (a timeout, a closed
//! connection) gives its place back and is never drawn; a drawing once started runs to its end.
//!
//! (tower's per-route `ConcurrencyLimitLayer` gives each request its own semaphore under axum, so
//! it limits nothing; this gate is one value shared by every route.)

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Why the gate did not give a drawing's result. The server answers the first with `503` and
/// the others with `500` ([`super::error::ApiError`]).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GateError {
    /// The queue was full: the request was shed without waiting.
    #[error(
        "the server is busy: {drawings} drawings in flight and {waiting} waiting (at most {queue}); try again shortly"
    )]
    Busy {
        /// Drawing threads in all.
        drawings: usize,
        /// Requests waiting when it came.
        waiting: usize,
        /// The most that may wait.
        queue: usize,
    },
    /// The drawing panicked (its thread draws on).
    #[error("the drawing failed (a bug: please report the URL)")]
    Panicked,
    /// The drawing thread went away before it answered.
    #[error("the drawing was cancelled")]
    Cancelled,
}

/// Drawing threads and the queue before them.
pub struct Gate {
    shared: Arc<Shared>,
    queue: usize,
}

struct Shared {
    state: Mutex<State>,
    /// Signalled when a job is queued, or when the gate closes.
    work: Condvar,
    /// Drawing threads in all.
    drawings: usize,
}

#[derive(Default)]
struct State {
    /// Jobs waiting, in the order they came.
    jobs: VecDeque<Entry>,
    /// Drawing threads running a job.
    busy: usize,
    /// The gate is gone: the threads end once the queue is empty.
    closed: bool,
}

impl State {
    /// Jobs no free thread is about to take.
    fn waiting(&self, drawings: usize) -> usize {
        self.jobs.len().saturating_sub(drawings - self.busy)
    }
}

/// A job: it draws, and gives back what hands the result over (called once its thread counts as
/// free again, so that whoever gets the result finds the thread free).
type Job = Box<dyn FnOnce() -> Box<dyn FnOnce() + Send> + Send>;

/// A queued job and the ticket its request keeps.
struct Entry {
    job: Job,
    ticket: Arc<()>,
}

/// A request's place in the queue: dropped before its job started (the request went away), the
/// job leaves the queue undrawn.
struct Place {
    shared: Arc<Shared>,
    ticket: Arc<()>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        if let Some(k) = state.jobs.iter().position(|e| Arc::ptr_eq(&e.ticket, &self.ticket)) {
            state.jobs.remove(k);
        }
    }
}

/// A drawing thread held outside a request ([`super::App::hold_drawing`]); dropping it lets the
/// thread go.
pub struct Held(#[allow(dead_code)] std::sync::mpsc::Sender<()>);

impl Shared {
    /// The state, even if a thread panicked while holding it (every change to it is a few
    /// counts and the queue, each left whole).
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A drawing thread: takes the oldest job, runs it, and again, until the gate closes and
    /// the queue is empty.
    fn serve(&self) {
        let mut state = self.lock();
        loop {
            match state.jobs.pop_front() {
                Some(entry) => {
                    state.busy += 1;
                    drop(state);
                    let hand_over = (entry.job)();
                    self.lock().busy -= 1;
                    hand_over();
                    state = self.lock();
                }
                None if state.closed => return,
                None => state = self.work.wait(state).unwrap_or_else(|e| e.into_inner()),
            }
        }
    }
}

impl Gate {
    /// A gate of `drawings` drawing threads (at least one) with room for `queue` requests
    /// waiting; an error if the system would not start the threads (those started end again).
    pub fn new(drawings: usize, queue: usize) -> std::io::Result<Gate> {
        let drawings = drawings.max(1);
        let shared = Arc::new(Shared { state: Mutex::default(), work: Condvar::new(), drawings });
        // Made before the threads, so that an early return closes the gate and they end.
        let gate = Gate { shared, queue };
        for k in 0..drawings {
            let shared = gate.shared.clone();
            std::thread::Builder::new().name(format!("dotchess-draw-{k}")).spawn(move || shared.serve())?;
        }
        Ok(gate)
    }

    /// Requests waiting for a drawing thread now (not those a free thread is about to take).
    pub fn waiting(&self) -> usize {
        self.shared.lock().waiting(self.shared.drawings)
    }

    /// Drawing threads free now (and not about to take a queued job).
    pub fn free(&self) -> usize {
        let state = self.shared.lock();
        (self.shared.drawings - state.busy).saturating_sub(state.jobs.len())
    }

    /// Queues `job`, its result a channel away; when `bounded`, refuses at once with `503` if
    /// the queue is full. The place is given back when dropped before the job starts.
    fn enqueue<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
        bounded: bool,
    ) -> Result<(Place, tokio::sync::oneshot::Receiver<std::thread::Result<T>>), GateError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let ticket = Arc::new(());
        let mut state = self.shared.lock();
        let waiting = state.waiting(self.shared.drawings);
        if bounded && waiting >= self.queue && state.busy + state.jobs.len() >= self.shared.drawings {
            return Err(GateError::Busy { drawings: self.shared.drawings, waiting, queue: self.queue });
        }
        let job: Job = Box::new(move || {
            let out = catch_unwind(AssertUnwindSafe(job));
            Box::new(move || {
                // The request may have gone: nobody to tell.
                let _ = tx.send(out);
            })
        });
        state.jobs.push_back(Entry { job, ticket: ticket.clone() });
        drop(state);
        self.shared.work.notify_one();
        Ok((Place { shared: self.shared.clone(), ticket }, rx))
    }

    /// Takes a drawing thread as a drawing does, waiting for one: while held, requests queue
    /// behind it. For tests (filling the queue) and for pausing drawing.
    pub async fn hold(&self) -> Held {
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (begun, started) = tokio::sync::oneshot::channel::<()>();
        let hold = move || {
            let _ = begun.send(());
            // Until the `Held` is dropped.
            let _ = released.recv();
        };
        if let Ok((_place, _)) = self.enqueue(hold, false) {
            let _ = started.await;
        }
        Held(release)
    }

    /// Runs `job` on a drawing thread once one is free, in the order the requests came, or
    /// refuses at once with `503` when the queue is full.
    pub async fn draw<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, GateError> {
        let (_place, done) = self.enqueue(job, true)?;
        match done.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_panic)) => Err(GateError::Panicked),
            Err(_) => Err(GateError::Cancelled),
        }
    }
}

impl Drop for Gate {
    /// The drawing threads end once they have drawn what is queued.
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.work.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::atomic::Ordering::Relaxed;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_are_drawn_in_the_order_they_came() {
        let gate = Arc::new(Gate::new(1, 100).unwrap());
        let held = gate.hold().await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut asks = Vec::new();
        for k in 0..20 {
            let (g, order) = (gate.clone(), order.clone());
            asks.push(tokio::spawn(async move { g.draw(move || order.lock().unwrap().push(k)).await }));
            // Request k is queued before request k + 1 is made.
            while gate.waiting() < k + 1 {
                tokio::task::yield_now().await;
            }
        }
        drop(held);
        for ask in asks {
            ask.await.unwrap().unwrap();
        }
        assert_eq!(*order.lock().unwrap(), (0..20).collect::<Vec<_>>(), "first come, first drawn");
        assert_eq!((gate.waiting(), gate.free()), (0, 1));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_drawings_at_once_than_threads() {
        let gate = Arc::new(Gate::new(3, 100).unwrap());
        let (running, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let asks: Vec<_> = (0..30)
            .map(|k| {
                let (gate, running, most) = (gate.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    gate.draw(move || {
                        most.fetch_max(running.fetch_add(1, Relaxed) + 1, Relaxed);
                        std::thread::sleep(Duration::from_millis(3));
                        running.fetch_sub(1, Relaxed);
                        k
                    })
                    .await
                })
            })
            .collect();
        for (k, ask) in asks.into_iter().enumerate() {
            assert_eq!(ask.await.unwrap().unwrap(), k);
        }
        assert!(most.load(Relaxed) <= 3, "{} at once", most.load(Relaxed));
        assert_eq!((gate.waiting(), gate.free()), (0, 3));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_drawing_that_panics_is_an_error_and_its_thread_draws_on() {
        let gate = Gate::new(1, 4).unwrap();
        let failed = gate.draw(|| -> u32 { panic!("a bug") }).await;
        assert_eq!(failed, Err(GateError::Panicked));
        assert_eq!(gate.draw(|| 7).await.unwrap(), 7, "the one thread still draws");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_that_goes_away_while_waiting_is_never_drawn() {
        let gate = Arc::new(Gate::new(1, 4).unwrap());
        let held = gate.hold().await;
        let drawn = Arc::new(AtomicUsize::new(0));
        let ask = tokio::spawn({
            let (gate, drawn) = (gate.clone(), drawn.clone());
            async move { gate.draw(move || drawn.fetch_add(1, Relaxed)).await }
        });
        while gate.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        ask.abort();
        let _ = ask.await;
        assert_eq!(gate.waiting(), 0, "its place was given back");
        drop(held);
        assert_eq!(gate.draw(|| 1).await.unwrap(), 1);
        assert_eq!(drawn.load(Relaxed), 0, "the request that went away was not drawn");
    }
}
