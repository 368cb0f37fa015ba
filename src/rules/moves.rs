//! Moves: what the rules core generates and plays, named apart from the code that does either, so
//! that positions, rules, tables and variants depend on this module and not on each other.

use crate::rules::piece::{Color, Role};
use crate::rules::topology::Cell;

/// The four castlings of docs/rules.md §3 (ordinary chess has the first two).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Castling {
    /// `O-O`: h-rook, king goes east.
    Short,
    /// `O-O-O`: a-rook, king goes west.
    Long,
    /// `C-O-O`: a-rook, king goes east round the board.
    AroundShort,
    /// `C-O-O-O`: h-rook, king goes west round the board.
    AroundLong,
}

impl Castling {
    /// All four, in notation order.
    pub const ALL: [Castling; 4] = [Castling::Short, Castling::Long, Castling::AroundShort, Castling::AroundLong];
    /// The notation: `O-O`, `O-O-O`, `C-O-O`, `C-O-O-O`.
    pub const fn notation(self) -> &'static str {
        match self {
            Castling::Short => "O-O",
            Castling::Long => "O-O-O",
            Castling::AroundShort => "C-O-O",
            Castling::AroundLong => "C-O-O-O",
        }
    }
}

/// Castling rights as FEN bits: `K` = 1, `Q` = 2, `k` = 4, `q` = 8. `K`/`k` name the h-rook,
/// `Q`/`q` the a-rook.
pub type CastlingRights = u8;

/// The right a rook's castlings need.
pub const fn rook_right(color: Color, h_rook: bool) -> CastlingRights {
    let base = if h_rook { 1 } else { 2 };
    match color {
        Color::White => base,
        Color::Black => base << 2,
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum MoveKind {
    /// A move or capture (promotion included).
    Normal,
    /// A pawn's double step.
    DoubleStep,
    /// An en passant capture.
    EnPassant,
    /// A castling; `from` and `to` are the king's squares.
    Castle(Castling),
}

/// A move. For castling, `from` and `to` are the king's squares.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Move {
    /// Origin.
    pub from: Cell,
    /// Destination.
    pub to: Cell,
    /// The role a pawn promotes to.
    pub promotion: Option<Role>,
    /// The kind.
    pub kind: MoveKind,
}

impl Move {
    pub(crate) const fn normal(from: Cell, to: Cell) -> Move {
        Move { from, to, promotion: None, kind: MoveKind::Normal }
    }
}
