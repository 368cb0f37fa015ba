//! `Move` and `LegalMoves`: moves as python-chess holds them. A move is its coordinates (`uci()`,
//! the king's squares for a castling: `e1g1`), so it equals python-chess's `chess.Move` of the
//! same text and `chess.Move.from_uci(...) in pos.legal_moves` answers as python-chess does; its
//! `name` stays the library's (`O-O`, `C-O-O`).

use dotchess::Move as RustMove;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A move of a position: its coordinates and, for a castling, its name.
#[pyclass(module = "dotchess", frozen)]
#[derive(Clone)]
pub struct Move {
    /// The move's name in the library's notation (`e2e4`, `e7e8q`, `b6N`, `O-O`, `C-O-O`).
    #[pyo3(get)]
    pub name: String,
    /// The cell the piece leaves (the king's, for a castling).
    #[pyo3(get)]
    pub from_square: String,
    /// The cell it reaches.
    #[pyo3(get)]
    pub to_square: String,
    /// The piece promoted to (its lower-case letter), if any.
    #[pyo3(get)]
    pub promotion: Option<String>,
}

impl Move {
    /// The move `m` of `pos`.
    pub fn of(pos: &dotchess::Position, m: RustMove) -> Move {
        let topo = pos.topology();
        Move {
            name: pos.move_name(m),
            from_square: topo.name(m.from),
            to_square: topo.name(m.to),
            promotion: m.promotion.map(|r| r.letter().to_ascii_lowercase().to_string()),
        }
    }

    /// The move written in coordinates, without a position to check it in.
    pub fn from_text(text: &str) -> Option<Move> {
        let (from_square, to_square, promotion) = read_coordinates(text)?;
        Some(Move { name: text.to_string(), from_square, to_square, promotion })
    }

    /// The coordinates: origin, destination, promotion (python-chess's `uci()`).
    pub fn coordinates(&self) -> String {
        format!("{}{}{}", self.from_square, self.to_square, self.promotion.as_deref().unwrap_or(""))
    }
}

/// The coordinates of a move of `pos`, as [`Move::coordinates`].
pub fn uci_of(pos: &dotchess::Position, m: RustMove) -> String {
    Move::of(pos, m).coordinates()
}

/// The number python-chess gives a square of the 8×8 board (`a1` 0, `h8` 63), if it is one.
fn square_index(name: &str) -> Option<u8> {
    let &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] = name.as_bytes() else { return None };
    Some((rank - b'1') * 8 + (file - b'a'))
}

/// A cell's name at the start of `text`: letters then digits (`e2`, `a10`), or a pole (`N`, `S`).
fn cell_prefix(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if matches!(b.first(), Some(b'N' | b'S')) {
        return Some(1);
    }
    let letters = b.iter().take_while(|c| c.is_ascii_lowercase()).count();
    let digits = b[letters..].iter().take_while(|c| c.is_ascii_digit()).count();
    (letters > 0 && digits > 0).then_some(letters + digits)
}

/// Reads coordinates (`e2e4`, `e7e8q`, `b6N`, `f6Nr`) into origin, destination and promotion.
fn read_coordinates(text: &str) -> Option<(String, String, Option<String>)> {
    let a = cell_prefix(text)?;
    let b = cell_prefix(&text[a..])?;
    let rest = &text[a + b..];
    let promotion = match rest.len() {
        0 => None,
        1 if rest.bytes().all(|c| c.is_ascii_lowercase()) => Some(rest.to_string()),
        _ => return None,
    };
    Some((text[..a].to_string(), text[a..a + b].to_string(), promotion))
}

/// The coordinates an object stands for: a `Move`, a python-chess move (anything from the `chess`
/// package with `uci()`), or `None` for anything else.
pub fn coordinates_of(other: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(m) = other.downcast::<Move>() {
        return Ok(Some(m.get().coordinates()));
    }
    let module: String = other.get_type().getattr("__module__").and_then(|m| m.extract()).unwrap_or_default();
    if (module == "chess" || module.starts_with("chess.")) && other.hasattr("uci")? {
        return Ok(Some(other.call_method0("uci")?.extract()?));
    }
    Ok(None)
}

#[pymethods]
impl Move {
    /// A move from its parts, as `chess.Move(from_square, to_square, promotion)`.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, name=None))]
    fn new(from_square: String, to_square: String, promotion: Option<String>, name: Option<String>) -> PyResult<Move> {
        let mut m = Move { name: String::new(), from_square, to_square, promotion };
        let text = m.coordinates();
        if read_coordinates(&text)
            .is_none_or(|(f, t, p)| (f, t, p) != (m.from_square.clone(), m.to_square.clone(), m.promotion.clone()))
        {
            return Err(crate::error::plain(format!(
                "not a move: `{text}` (cells such as e2, N, S; a promotion's letter in lower case)"
            )));
        }
        m.name = name.unwrap_or(text);
        Ok(m)
    }

    /// The move written in coordinates (`e2e4`, `e7e8q`, `e1g1`, `b6N`), as python-chess's
    /// `Move.from_uci`; a castling's name (`O-O`) is read by a position (`parse_san`).
    #[staticmethod]
    fn from_uci(uci: &str) -> PyResult<Move> {
        Move::from_text(uci).ok_or_else(|| {
            let hint = if uci.contains('-') {
                ": a castling is written with the king's squares, e1g1, or read by a position's parse_san(\"O-O\")"
            } else {
                ""
            };
            crate::error::plain(format!("not a move in coordinates: `{uci}`{hint}"))
        })
    }

    /// The move in coordinates, as python-chess writes it (`e2e4`, `e7e8q`, a castling `e1g1`).
    fn uci(&self) -> String {
        self.coordinates()
    }

    fn __str__(&self) -> String {
        self.coordinates()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.coordinates())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = other.py();
        match coordinates_of(other)? {
            Some(c) => (c == self.coordinates()).into_py_any(py),
            None => Ok(py.NotImplemented()),
        }
    }

    /// A move of the 8×8 squares hashes as python-chess's `chess.Move` of the same coordinates
    /// (a set of either finds the other); any other by its coordinates.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let piece = |p: &str| ["p", "n", "b", "r", "q", "k"].iter().position(|&l| l == p).map(|i| i + 1);
        let promotion = self.promotion.as_deref().map(piece);
        match (square_index(&self.from_square), square_index(&self.to_square), promotion) {
            (Some(from), Some(to), None | Some(Some(_))) => {
                (from, to, promotion.flatten(), None::<u8>).into_pyobject(py)?.hash()
            }
            _ => self.coordinates().into_pyobject(py)?.hash(),
        }
    }

    fn __bool__(&self) -> bool {
        true
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let m = slf.get();
        let args = (m.from_square.clone(), m.to_square.clone(), m.promotion.clone(), m.name.clone());
        Ok((slf.get_type().into_any(), args.into_pyobject(slf.py())?))
    }
}

/// The legal moves of a position when they were asked for, as python-chess's `legal_moves`:
/// iterated, counted, asked `in` (a `Move`, a `chess.Move` or a move's text).
#[pyclass(module = "dotchess", frozen, sequence)]
pub struct LegalMoves {
    moves: Vec<Move>,
}

impl LegalMoves {
    /// The legal moves of `pos`.
    pub fn of(pos: &dotchess::Position) -> LegalMoves {
        LegalMoves { moves: pos.moves().into_iter().map(|m| Move::of(pos, m)).collect() }
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// How many there are (python-chess's `count()`).
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<Move> {
        let n = self.moves.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err("legal move index out of range"));
        }
        Ok(self.moves[i as usize].clone())
    }

    fn __contains__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let wanted = match coordinates_of(other)? {
            Some(c) => c,
            None => match other.extract::<String>() {
                Ok(text) => return Ok(self.moves.iter().any(|m| m.name == text || m.coordinates() == text)),
                Err(_) => return Ok(false),
            },
        };
        Ok(self.moves.iter().any(|m| m.coordinates() == wanted))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Bound<'_, PyAny>> {
        let list = pyo3::types::PyList::new(slf.py(), slf.moves.clone())?;
        list.try_iter().map(|it| it.into_any())
    }

    fn __repr__(&self) -> String {
        let names: Vec<String> = self.moves.iter().map(Move::coordinates).collect();
        format!("<LegalMoves ({})>", names.join(", "))
    }
}
