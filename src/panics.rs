//! A panic is a bug, never an answer: the front ends (the command, a batch, the Python package)
//! turn one into a failure that says so, with its message, instead of Rust's report and exit
//! status 101, or Python's `PanicException`, which `except Exception` does not catch.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What a panic said: its message when it is text (`panic!("…")`), else that it said nothing.
pub fn message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Runs `f`; a panic in it is `Err` with its [`message`]. (Whatever `f` changed before it
/// panicked may be half done: the callers drop it, or hold nothing `f` could leave broken.)
pub fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| message(payload.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_its_message_and_no_panic_is_the_value() {
        assert_eq!(caught(|| 7), Ok(7));
        assert_eq!(caught(|| -> u8 { panic!("static text") }), Err("static text".to_string()));
        let n = 3;
        assert_eq!(caught(|| -> u8 { panic!("made {n}") }), Err("made 3".to_string()));
        assert_eq!(caught(|| std::panic::panic_any(5u8)), Err("a panic without a message".to_string()));
    }
}
