//! `Position` and `Move`: the rules core's answers, named as the command names them (`dotchess
//! moves --san`), with a stack of the moves pushed for `pop`.

use crate::error;
use dotchess::answers::DestinationAnswer;
use dotchess::{Move as RustMove, VariantId, destinations};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A move of a position, named in the library's coordinate notation (`e2e4`, `e7e8q`, `O-O`).
#[pyclass(module = "dotchess", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// The move's name in coordinate notation.
    #[pyo3(get)]
    pub name: String,
    /// The cell the piece leaves.
    #[pyo3(get)]
    pub from_square: String,
    /// The cell it reaches.
    #[pyo3(get)]
    pub to_square: String,
    /// The piece promoted to (its letter), if any.
    #[pyo3(get)]
    pub promotion: Option<String>,
}

impl Move {
    fn of(pos: &dotchess::Position, m: RustMove) -> Move {
        let topo = pos.topology();
        Move {
            name: pos.move_name(m),
            from_square: topo.name(m.from),
            to_square: topo.name(m.to),
            promotion: m.promotion.map(|r| r.letter().to_string()),
        }
    }
}

#[pymethods]
impl Move {
    /// The name in coordinate notation (python-chess's `uci()`).
    fn uci(&self) -> String {
        self.name.clone()
    }
    fn __str__(&self) -> String {
        self.name.clone()
    }
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.name)
    }
}

/// A position of a variant, with the moves pushed on it.
#[pyclass(module = "dotchess", name = "NativePosition")]
#[derive(Clone)]
pub struct Position {
    pub pos: dotchess::Position,
    stack: Vec<dotchess::Position>,
}

/// The variant of a name (or alias), with the library's message.
pub fn variant_named(name: &str) -> PyResult<VariantId> {
    name.parse::<VariantId>().map_err(|e| error::located(format!("--variant: {e}"), None, 0, 0))
}

/// A position from a FEN, with the command's message (and the variant the board fits).
pub fn position_of(fen: Option<&str>, variant: VariantId) -> PyResult<dotchess::Position> {
    let Some(fen) = fen else { return Ok(dotchess::Position::start(variant)) };
    dotchess::Position::from_fen(variant, fen).map_err(|mut e| {
        if let Some(v) = dotchess::input::fitting_variant(variant, fen) {
            e.message += &format!(" (the board fits {v}: did you mean variant=\"{v}\"?)");
        }
        error::located(format!("fen: {e}"), Some("fen".into()), 1, e.column)
    })
}

impl Position {
    fn read(&self, mv: &Bound<'_, PyAny>) -> PyResult<RustMove> {
        let text: String = match mv.downcast::<Move>() {
            Ok(m) => m.get().name.clone(),
            Err(_) => mv.extract()?,
        };
        self.pos.read_move(&text).map_err(|e| error::plain(e.to_string()))
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (fen=None, variant="dot"))]
    fn new(fen: Option<&str>, variant: &str) -> PyResult<Position> {
        let id = variant_named(variant)?;
        Ok(Position { pos: position_of(fen, id)?, stack: Vec::new() })
    }

    /// The variant's name (`dot`, `flat`, …).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().id.name()
    }

    /// `"white"` or `"black"`: the side to move.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.pos.turn() {
            dotchess::Color::White => "white",
            dotchess::Color::Black => "black",
        }
    }

    /// The position's FEN.
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The legal moves of the side to move, in the library's order.
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        self.pos.moves().into_iter().map(|m| Move::of(&self.pos, m)).collect()
    }

    /// The algebraic name (SAN) of a legal move, given as a `Move` or its name.
    fn san(&self, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.pos.san(self.read(mv)?))
    }

    /// The legal move written `text` (algebraic or coordinate notation).
    fn parse_san(&self, text: &str) -> PyResult<Move> {
        let m = self.pos.read_move(text).map_err(|e| error::plain(e.to_string()))?;
        Ok(Move::of(&self.pos, m))
    }

    /// Plays a legal move (a `Move` or its name).
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.read(mv)?;
        let before = self.pos.clone();
        self.pos.play(m).map_err(|e| error::plain(e.to_string()))?;
        self.stack.push(before);
        Ok(())
    }

    /// Plays the move written `text` and returns it.
    fn push_san(&mut self, text: &str) -> PyResult<Move> {
        let m = self.pos.read_move(text).map_err(|e| error::plain(e.to_string()))?;
        let played = Move::of(&self.pos, m);
        let before = self.pos.clone();
        self.pos.play(m).map_err(|e| error::plain(e.to_string()))?;
        self.stack.push(before);
        Ok(played)
    }

    /// Takes back the last move pushed and returns it.
    fn pop(&mut self) -> PyResult<Move> {
        let Some(before) = self.stack.pop() else {
            return Err(pyo3::exceptions::PyIndexError::new_err("pop from a position with no moves pushed"));
        };
        let after = std::mem::replace(&mut self.pos, before);
        let m = self.pos.moves().into_iter().find(|&m| {
            let mut p = self.pos.clone();
            p.play_unchecked(m);
            p == after
        });
        m.map(|m| Move::of(&self.pos, m)).ok_or_else(|| error::plain("the move taken back is not found"))
    }

    /// The moves pushed, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut all = self.stack.clone();
        all.push(self.pos.clone());
        for w in all.windows(2) {
            if let Some(m) = w[0].moves().into_iter().find(|&m| {
                let mut p = w[0].clone();
                p.play_unchecked(m);
                p == w[1]
            }) {
                out.push(Move::of(&w[0], m));
            }
        }
        out
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.in_check() && self.pos.moves().is_empty()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        !self.pos.in_check() && self.pos.moves().is_empty()
    }

    /// The piece on a cell, as its FEN letter (upper case white), or `None`.
    fn piece_at(&self, cell: &str) -> PyResult<Option<String>> {
        let c = self.cell(cell)?;
        Ok(self.pos.piece_at(c).map(|p| p.letter().to_string()))
    }

    /// Every cell with a piece: `{cell: letter}`.
    fn piece_map(&self) -> Vec<(String, String)> {
        let topo = self.pos.topology();
        self.pos.pieces().map(|(c, p)| (topo.name(c), p.letter().to_string())).collect()
    }

    /// Every destination of the piece on `cell` (for the side that owns it): a list of dicts
    /// `{"cell", "capture", "moves", "routes"}`, each route the cells it passes in order (the
    /// origin first, a dead pole passed over written `N` or `S`), as `dotchess moves --square`.
    #[pyo3(signature = (cell, legal=true))]
    fn destinations<'py>(&self, py: Python<'py>, cell: &str, legal: bool) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let from = self.cell(cell)?;
        if self.pos.piece_at(from).is_none() {
            return Err(error::plain(format!("no piece on {cell}")));
        }
        let mut out = Vec::new();
        for d in destinations(&self.pos, from, legal) {
            // The fields `dotchess moves --square --json` writes (`dotchess::answers`), the moves
            // as `Move`s and each route as its path.
            let answer = DestinationAnswer::new(&self.pos, &d, false);
            let dict = PyDict::new(py);
            dict.set_item("cell", answer.cell)?;
            dict.set_item("capture", answer.capture)?;
            let moves: Vec<Move> = d.moves.iter().map(|&m| Move::of(&self.pos, m)).collect();
            dict.set_item("moves", moves)?;
            let routes: Vec<Vec<String>> = answer.routes.into_iter().map(|r| r.path).collect();
            dict.set_item("routes", routes)?;
            out.push(dict);
        }
        Ok(out)
    }

    /// A copy (with its move stack).
    fn copy(&self) -> Position {
        self.clone()
    }

    fn __eq__(&self, other: &Position) -> bool {
        self.pos == other.pos
    }
}

impl Position {
    fn cell(&self, name: &str) -> PyResult<dotchess::Cell> {
        self.pos.topology().parse_cell(name).ok_or_else(|| error::plain(dotchess::input::not_a_cell(&self.pos, name)))
    }
}

impl Position {
    /// A position (of the Python class) around a library position.
    pub fn of(pos: dotchess::Position) -> Position {
        Position { pos, stack: Vec::new() }
    }
}
