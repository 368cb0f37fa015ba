//! `dotchess.InputError`: a `ValueError` with the message the command prints and, where the input
//! has them, the line and column (1-based; `None` otherwise) and the input's name.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _native,
    InputError,
    PyValueError,
    "Bad input (a FEN, a move, an option, an overlay): the command's message; `.line`, `.column` and `.file` say where, when it is in a text; `.keyword` names the keyword argument at fault, when it is one."
);

/// An error with its place: `file`, `line`, `column` set as attributes (`None` when unknown).
pub fn located(message: String, file: Option<String>, line: usize, column: usize) -> PyErr {
    Python::with_gil(|py| {
        let err = InputError::new_err(message);
        let value = err.value(py);
        let at = |n: usize| if n > 0 { Some(n) } else { None };
        let _ = value.setattr("line", at(line));
        let _ = value.setattr("column", at(column));
        let _ = value.setattr("file", file);
        let _ = value.setattr("keyword", None::<String>);
        err
    })
}

/// A library input error, as the command prints it (a keyword argument named as one), its
/// place as attributes: the file, line and column, or the keyword.
pub fn input(e: &dotchess::input::InputError) -> PyErr {
    use dotchess::input::Place;
    match &e.place {
        Place::File { name, line, column } => located(e.to_string(), Some(name.clone()), *line, *column),
        Place::Keyword { name, .. } => {
            let err = located(e.to_string(), None, 0, 0);
            Python::with_gil(|py| {
                let _ = err.value(py).setattr("keyword", name.as_str());
            });
            err
        }
        _ => located(e.to_string(), None, 0, 0),
    }
}

/// A message with no place.
pub fn plain(message: impl Into<String>) -> PyErr {
    located(message.into(), None, 0, 0)
}

/// A panic inside the library (a bug) as an `InputError` that says so, never pyo3's
/// `PanicException`: a `BaseException`, which `except Exception` does not catch and which left a
/// Dask batch waiting for ever.
pub fn panicked(message: &str) -> PyErr {
    plain(format!("an internal error (a bug: please report the input): {message}"))
}

/// Runs `f` (holding the GIL), a panic in it raised as [`panicked`].
pub fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    dotchess::panics::caught(f).unwrap_or_else(|message| Err(panicked(&message)))
}
