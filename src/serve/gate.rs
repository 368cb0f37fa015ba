//! The drawing gate: one semaphore for the whole server bounds the drawings in flight (a drawing
//! runs on a blocking thread and keeps its slot until it ends, even when the request that asked
//! for it has timed out or gone), and a bounded queue in front of it sheds load: a request that
//! finds the queue full is answered `503` with `Retry-After` at once instead of waiting.
//!
//! (tower's per-route `ConcurrencyLimitLayer` gives each request its own semaphore under axum, so
//! it limits nothing; this gate is one value shared by every route.)

use super::error::ApiError;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The seconds a shed request is told to wait before trying again.
pub(crate) const RETRY_AFTER: u32 = 1;

/// Drawing slots and the queue before them.
pub struct Gate {
    slots: Arc<Semaphore>,
    drawings: usize,
    queue: usize,
    /// Requests waiting for a slot.
    waiting: Arc<AtomicUsize>,
}

/// A request's place in the queue, given back when dropped (it got a slot, or went away).
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A drawing slot held outside a request (see [`Gate::hold`]).
pub struct Held(#[allow(dead_code)] OwnedSemaphorePermit);

impl Gate {
    /// A gate of `drawings` slots with room for `queue` requests waiting.
    pub fn new(drawings: usize, queue: usize) -> Gate {
        Gate { slots: Arc::new(Semaphore::new(drawings)), drawings, queue, waiting: Arc::default() }
    }

    /// Slots in all.
    pub fn drawings(&self) -> usize {
        self.drawings
    }

    /// Requests waiting for a slot now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Acquire)
    }

    /// Slots free now.
    pub fn free(&self) -> usize {
        self.slots.available_permits()
    }

    /// Takes a drawing slot as a drawing does, waiting for one: while held, requests queue behind
    /// it. For tests (filling the queue) and for pausing drawing.
    pub async fn hold(&self) -> Held {
        let permit = self.slots.clone().acquire_owned().await.expect("the gate's semaphore is never closed");
        Held(permit)
    }

    /// Runs `job` on a blocking thread once a slot is free, or refuses at once with `503` when
    /// the queue is full. The slot is held by the job itself, so it stays taken until the drawing
    /// ends even if the request is dropped (a timeout, a closed connection).
    pub async fn draw<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let permit = match self.slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                let before = self.waiting.fetch_add(1, Ordering::AcqRel);
                let place = Place(self.waiting.clone());
                if before >= self.queue {
                    return Err(ApiError::busy(format!(
                        "the server is busy: {} drawings in flight and {before} waiting (at most {}); try again \
                         shortly",
                        self.drawings, self.queue
                    )));
                }
                let permit = self.slots.clone().acquire_owned().await.expect("the gate's semaphore is never closed");
                drop(place);
                permit
            }
        };
        let done = tokio::task::spawn_blocking(move || {
            let _slot = permit;
            job()
        });
        done.await.map_err(|e| {
            if e.is_panic() {
                ApiError::internal("the drawing failed (a bug: please report the URL)")
            } else {
                ApiError::internal("the drawing was cancelled")
            }
        })
    }
}
