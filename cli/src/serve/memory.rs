//! The memory the drawings and their answers hold, bounded as docs/serve.md promises: at most
//! `--drawings` figures' worth ([`MAX_COST`] each, the most one accepted figure needs), whether
//! they are being drawn or their bytes are still being written to a client.
//!
//! A drawing reserves one figure's worth before it starts (on its drawing thread, waiting while
//! answers still being written hold the memory), keeps of it what its answer's bytes take once
//! they are made, and those bytes give it back when the connection is done with them: written,
//! or dropped with a client too slow to take them (the write deadline, `super::conn`). So
//! slow readers cannot make the server hold more than the bound; they make drawings wait until
//! their connections are dropped.

use axum::body::Bytes;
use dotchess::output::MAX_COST;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The memory of a server's drawings and answers.
#[derive(Clone)]
pub struct Memory {
    shared: Arc<Shared>,
}

struct Shared {
    /// Bytes reserved now.
    used: Mutex<u64>,
    /// Signalled when bytes are given back.
    freed: Condvar,
    /// The most that may be reserved.
    limit: u64,
}

impl Shared {
    fn used(&self) -> MutexGuard<'_, u64> {
        // A count, whole even if a thread panicked holding it.
        self.used.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Memory reserved, given back when dropped.
pub struct Reservation {
    of: Arc<Shared>,
    bytes: u64,
}

impl Memory {
    /// The memory of `drawings` figures at once.
    pub fn new(drawings: usize) -> Memory {
        Memory::with_limit(drawings.max(1) as u64 * MAX_COST)
    }

    fn with_limit(limit: u64) -> Memory {
        Memory { shared: Arc::new(Shared { used: Mutex::new(0), freed: Condvar::new(), limit }) }
    }

    /// Waits until one figure's worth is free, and reserves it. Called on a drawing thread.
    pub fn reserve(&self) -> Reservation {
        let bytes = MAX_COST.min(self.shared.limit);
        let mut used = self.shared.used();
        while *used + bytes > self.shared.limit {
            used = self.shared.freed.wait(used).unwrap_or_else(|e| e.into_inner());
        }
        *used += bytes;
        Reservation { of: self.shared.clone(), bytes }
    }

    /// The bytes reserved now, by drawings and by answers being written.
    pub fn held(&self) -> u64 {
        *self.shared.used()
    }
}

impl Reservation {
    /// An answer's bytes, which keep of the reservation what they take until they are dropped
    /// (the rest is given back at once).
    pub fn keep(mut self, bytes: Vec<u8>) -> Bytes {
        let len = (bytes.len() as u64).min(self.bytes);
        self.give_back(self.bytes - len);
        Bytes::from_owner(Held { bytes, _reserved: self })
    }

    fn give_back(&mut self, bytes: u64) {
        let mut used = self.of.used();
        *used -= bytes;
        self.bytes -= bytes;
        drop(used);
        self.of.freed.notify_all();
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.give_back(self.bytes);
    }
}

/// An answer's bytes and the memory they hold.
struct Held {
    bytes: Vec<u8>,
    _reserved: Reservation,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn an_answer_holds_its_bytes_until_dropped_and_the_rest_is_given_back() {
        let memory = Memory::new(2);
        let r = memory.reserve();
        assert_eq!(memory.held(), MAX_COST);
        let answer = r.keep(vec![7; 1000]);
        assert_eq!((memory.held(), answer.len()), (1000, 1000));
        let part = answer.slice(10..20);
        drop(answer);
        assert_eq!(memory.held(), 1000, "a slice of the answer still holds it");
        drop(part);
        assert_eq!(memory.held(), 0);
    }

    #[test]
    fn a_drawing_waits_while_answers_hold_the_memory() {
        let memory = Memory::with_limit(MAX_COST);
        let answer = memory.reserve().keep(vec![0; 10]);
        let waiting = std::thread::spawn({
            let memory = memory.clone();
            move || memory.reserve().bytes
        });
        std::thread::sleep(Duration::from_millis(50));
        assert!(!waiting.is_finished(), "one figure's worth does not fit beside the answer");
        drop(answer);
        assert_eq!(waiting.join().unwrap(), MAX_COST);
        assert_eq!(memory.held(), 0);
    }
}
