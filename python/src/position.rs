//! `Position`: the rules core's answers under python-chess's names (`turn` a bool, `legal_moves`,
//! `push_uci`, `outcome`, …), with the positions before each pushed move for `pop`, `move_stack`
//! and repetition. Moves are read from a `Move`, a python-chess `chess.Move` or text (algebraic or
//! coordinates, a castling also by its king's squares, `e1g1`).

use crate::ending;
use crate::error;
use crate::moves::{LegalMoves, Move, coordinates_of, uci_of};
use crate::questions::{self, EnPassant};
use dotchess::answers::DestinationAnswer;
use dotchess::{Color, Move as RustMove, MoveKind, VariantId, destinations};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A position of a variant, with the moves pushed on it.
#[pyclass(module = "dotchess", name = "NativePosition")]
#[derive(Clone)]
pub struct Position {
    pub pos: dotchess::Position,
    /// Each pushed move with the position it was played in, oldest first.
    stack: Vec<(dotchess::Position, RustMove)>,
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

/// The side as python-chess writes it: `True` for white.
fn side(color: Color) -> bool {
    color == Color::White
}

impl Position {
    /// A position (of the Python class) around a library position.
    pub fn of(pos: dotchess::Position) -> Position {
        Position { pos, stack: Vec::new() }
    }

    /// The legal move `mv` stands for: a `Move` or `chess.Move` by its coordinates, a text by
    /// its coordinates or name, algebraic or not.
    fn read(&self, mv: &Bound<'_, PyAny>) -> PyResult<RustMove> {
        let text = match coordinates_of(mv)? {
            Some(c) => c,
            None => mv.extract::<String>().map_err(|_| {
                let ty = mv.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                PyTypeError::new_err(format!("a move is a dotchess.Move, a chess.Move or its text, not {ty}"))
            })?,
        };
        self.read_text(&text)
    }

    fn read_text(&self, text: &str) -> PyResult<RustMove> {
        let legal = self.pos.moves();
        if let Some(&m) = legal.iter().find(|&&m| uci_of(&self.pos, m) == text) {
            return Ok(m);
        }
        self.pos.read_move(text).map_err(|e| error::plain(e.to_string()))
    }

    /// Plays a legal move, keeping the position it was played in.
    fn play(&mut self, m: RustMove) -> PyResult<Move> {
        let played = Move::of(&self.pos, m);
        let before = self.pos.clone();
        self.pos.play(m).map_err(|e| error::plain(e.to_string()))?;
        self.stack.push((before, m));
        Ok(played)
    }

    /// The positions before the current one, oldest first.
    fn history(&self) -> Vec<dotchess::Position> {
        self.stack.iter().map(|(p, _)| p.clone()).collect()
    }

    fn cell(&self, name: &str) -> PyResult<dotchess::Cell> {
        self.pos.topology().parse_cell(name).ok_or_else(|| error::plain(dotchess::input::not_a_cell(&self.pos, name)))
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (fen=None, variant="dot"))]
    fn new(fen: Option<&str>, variant: &str) -> PyResult<Position> {
        let id = variant_named(variant)?;
        Ok(Position::of(position_of(fen, id)?))
    }

    /// The variant's name (`dot`, `flat`, …).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().id.name()
    }

    /// The side to move: `True` for white, as python-chess's `chess.WHITE`.
    #[getter]
    fn turn(&self) -> bool {
        side(self.pos.turn())
    }

    /// The position's FEN; the en passant square as python-chess writes it (`legal`: only when
    /// a legal move takes there; `xfen`: when a pawn stands ready; `fen`: after every double step).
    #[pyo3(signature = (en_passant="legal"))]
    fn fen(&self, en_passant: &str) -> PyResult<String> {
        let mode = EnPassant::named(en_passant)
            .ok_or_else(|| error::plain(format!("en_passant: `{en_passant}` is not legal, xfen or fen")))?;
        Ok(questions::fen(&self.pos, mode))
    }

    /// Sets the position from a FEN of the same variant and forgets the moves pushed.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        self.pos = position_of(Some(fen), self.pos.variant().id)?;
        self.stack.clear();
        Ok(())
    }

    /// The variant's start, with no moves pushed.
    fn reset(&mut self) {
        self.pos = dotchess::Position::start(self.pos.variant().id);
        self.stack.clear();
    }

    /// Plies since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        ending::halfmove_clock(&self.pos)
    }

    /// The move's number, from 1, counted up after black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.setup().fullmove
    }

    /// The legal moves of the side to move, in the library's order.
    #[getter]
    fn legal_moves(&self) -> LegalMoves {
        LegalMoves::of(&self.pos)
    }

    /// The algebraic name (SAN) of a legal move.
    fn san(&self, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.pos.san(self.read(mv)?))
    }

    /// The long algebraic name of a legal move (`Ng1-f3`, `e4xd5`, `O-O`).
    fn lan(&self, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(questions::lan(&self.pos, self.read(mv)?))
    }

    /// The legal move written `text` (algebraic or coordinate notation).
    fn parse_san(&self, text: &str) -> PyResult<Move> {
        Ok(Move::of(&self.pos, self.read_text(text)?))
    }

    /// The legal move written in coordinates (`e2e4`, `e1g1`), as python-chess's `parse_uci`.
    fn parse_uci(&self, text: &str) -> PyResult<Move> {
        let topo = self.pos.topology();
        let cells = |m: Move| topo.parse_cell(&m.from_square).is_some() && topo.parse_cell(&m.to_square).is_some();
        if !Move::from_text(text).is_some_and(cells) {
            return Err(error::plain(format!(
                "`{text}` is not a move in coordinates (e2e4, e7e8q, e1g1); parse_san reads algebraic names"
            )));
        }
        Ok(Move::of(&self.pos, self.read_text(text)?))
    }

    /// Whether `mv` is a legal move here (never raises for a move that is not).
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.read(mv) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<PyTypeError>(mv.py()) => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Plays a legal move (a `Move`, a `chess.Move` or its text).
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.read(mv)?;
        self.play(m).map(|_| ())
    }

    /// Plays the move written `text` and returns it.
    fn push_san(&mut self, text: &str) -> PyResult<Move> {
        let m = self.read_text(text)?;
        self.play(m)
    }

    /// Plays the move written in coordinates and returns it.
    fn push_uci(&mut self, text: &str) -> PyResult<Move> {
        let m = self.parse_uci(text)?;
        let rust = self.read_text(&m.coordinates())?;
        self.play(rust)
    }

    /// Takes back the last move pushed and returns it.
    fn pop(&mut self) -> PyResult<Move> {
        let (before, m) =
            self.stack.pop().ok_or_else(|| PyIndexError::new_err("pop from a position with no moves pushed"))?;
        self.pos = before;
        Ok(Move::of(&self.pos, m))
    }

    /// The last move pushed.
    fn peek(&self) -> PyResult<Move> {
        let (before, m) =
            self.stack.last().ok_or_else(|| PyIndexError::new_err("peek at a position with no moves pushed"))?;
        Ok(Move::of(before, *m))
    }

    /// The moves pushed, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|(p, m)| Move::of(p, *m)).collect()
    }

    /// `(variant, FEN before the first pushed move, the pushed moves' names)`: what a copy in
    /// another process is rebuilt from.
    fn state(&self) -> (String, String, Vec<String>) {
        let root = self.stack.first().map_or(&self.pos, |(p, _)| p);
        let names = self.stack.iter().map(|(p, m)| p.move_name(*m)).collect();
        (self.variant().to_string(), root.fen(), names)
    }

    /// The position a [`Position::state`] describes.
    #[staticmethod]
    fn restore(variant: &str, fen: &str, names: Vec<String>) -> PyResult<Position> {
        let mut p = Position::new(Some(fen), variant)?;
        for name in names {
            let m = p.read_text(&name)?;
            p.play(m)?;
        }
        Ok(p)
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

    /// Whether a legal move takes a piece (en passant included).
    fn is_capture(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(questions::is_capture(&self.pos, self.read(mv)?))
    }

    /// Whether a legal move takes en passant.
    fn is_en_passant(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.read(mv)?.kind == MoveKind::EnPassant)
    }

    /// Whether a legal move is a castling (any of the four).
    fn is_castling(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(matches!(self.read(mv)?.kind, MoveKind::Castle(_)))
    }

    /// Whether a legal move resets the halfmove clock (a capture or a pawn's move).
    fn is_zeroing(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.read(mv)?;
        let pawn = self.pos.piece_at(m.from).is_some_and(|p| p.role == dotchess::Role::Pawn);
        Ok(pawn || questions::is_capture(&self.pos, m))
    }

    /// Whether a legal move checks the other king.
    fn gives_check(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(questions::gives_check(&self.pos, self.read(mv)?))
    }

    /// The cells of the pieces of `color` (`True` white) that attack `cell`.
    fn attackers(&self, color: bool, cell: &str) -> PyResult<Vec<String>> {
        let c = self.cell(cell)?;
        let by = if color { Color::White } else { Color::Black };
        let topo = self.pos.topology();
        Ok(questions::attackers(&self.pos, by, c).into_iter().map(|a| topo.name(a)).collect())
    }

    /// Whether a piece of `color` attacks `cell`.
    fn is_attacked_by(&self, color: bool, cell: &str) -> PyResult<bool> {
        Ok(!self.attackers(color, cell)?.is_empty())
    }

    /// `(termination, winner)` with python-chess's names, or `None` while the game goes on.
    #[pyo3(signature = (claim_draw=false))]
    fn outcome(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        ending::outcome(&self.history(), &self.pos, claim_draw).map(|(t, w)| (t.name(), w.map(side)))
    }

    /// Whether neither side has the material to mate.
    fn is_insufficient_material(&self) -> bool {
        ending::is_insufficient_material(&self.pos)
    }

    /// Whether 150 plies passed without a capture or a pawn move (and a move is left).
    fn is_seventyfive_moves(&self) -> bool {
        ending::is_seventyfive_moves(&self.pos)
    }

    /// Whether the current position stands for the fifth time.
    fn is_fivefold_repetition(&self) -> bool {
        ending::repetitions(&self.history(), &self.pos) >= 5
    }

    /// Whether the current position stands for at least the `count`-th time.
    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        ending::repetitions(&self.history(), &self.pos) >= count
    }

    /// Whether the fifty-move rule may be claimed.
    fn can_claim_fifty_moves(&self) -> bool {
        ending::can_claim_fifty_moves(&self.pos)
    }

    /// Whether threefold repetition may be claimed.
    fn can_claim_threefold_repetition(&self) -> bool {
        ending::can_claim_threefold(&self.history(), &self.pos)
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

    /// The board as text: a line a rank, `.` for an empty cell (python-chess's `str(board)`).
    fn __str__(&self) -> String {
        questions::ascii(&self.pos)
    }

    fn __eq__(&self, other: &Position) -> bool {
        self.pos == other.pos
    }
}
