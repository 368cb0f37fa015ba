//! A position: pieces on cells, side to move, castling rights, en passant, clocks.

use crate::rules::bitboard::Bitboard;
use crate::rules::moves::CastlingRights;
use crate::rules::piece::{Color, Piece, Role};
use crate::rules::topology::{Cell, MAX_CELLS, Topology};
use crate::rules::variant::{Variant, VariantId};

/// A checked position of one variant. Build it from FEN ([`Position::from_fen`]) or from the
/// variant's start ([`Position::start`]).
#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    board: [Option<Piece>; MAX_CELLS],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; Role::COUNT],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<Cell>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant.id == other.variant.id
            && self.board[..] == other.board[..]
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({}, {})", self.variant.id, self.fen())
    }
}

impl Position {
    /// An empty board of a variant, White to move.
    pub fn empty(variant: VariantId) -> Position {
        Position {
            variant: variant.variant(),
            board: [None; MAX_CELLS],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; Role::COUNT],
            turn: Color::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The variant's start position.
    pub fn start(variant: VariantId) -> Position {
        Position::from_fen(variant, variant.variant().start_fen).expect("built-in start FEN is valid")
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }
    /// The board's shape.
    pub fn topology(&self) -> &'static Topology {
        &self.variant.topology
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// Castling rights (FEN bits).
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }
    /// The en passant square, if the last move was a double step.
    pub fn ep_square(&self) -> Option<Cell> {
        self.ep
    }
    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }
    /// Every piece with its cell, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        self.occupied().map(|c| (c, self.board[c.index()].expect("occupied cell has a piece")))
    }
    /// Cells of one colour's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    /// Cells of one role's pieces (both colours).
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
    /// Cells of one piece kind.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color) & self.by_role(piece.role)
    }
    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    /// The king of a side, if it has one.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Cell> {
        self.by_piece(Piece { color, role: Role::King }).first()
    }

    /// Puts a piece on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, cell: Cell, piece: Piece) {
        // A cell that is not empty (only after an unmake with another position's undo) loses
        // its piece rather than corrupting the sets.
        self.take(cell);
        self.board[cell.index()] = Some(piece);
        self.by_color[piece.color.index()].add(cell);
        self.by_role[piece.role.index()].add(cell);
    }

    /// Takes the piece off a cell.
    #[inline]
    pub(crate) fn take(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.board[cell.index()].take()?;
        self.by_color[piece.color.index()].remove(cell);
        self.by_role[piece.role.index()].remove(cell);
        Some(piece)
    }

    /// The position with colours swapped and the board turned upside down (rank `r` becomes
    /// rank `H-1-r`, N and S swap); the side to move swaps too. Perft is the same for both.
    pub fn mirrored(&self) -> Position {
        let topo = self.topology();
        let mut out = Position::empty(self.variant.id);
        for (cell, piece) in self.pieces() {
            if let Some(to) = mirror_cell(topo, cell) {
                out.put(to, Piece { color: piece.color.other(), role: piece.role });
            }
        }
        out.turn = self.turn.other();
        out.castling = (self.castling >> 2) | ((self.castling & 3) << 2);
        out.ep = self.ep.and_then(|c| mirror_cell(topo, c));
        out.halfmove = self.halfmove;
        out.fullmove = self.fullmove;
        out
    }
}

/// A cell reflected north–south; `None` for a cell the board lacks.
pub fn mirror_cell(topo: &Topology, cell: Cell) -> Option<Cell> {
    match topo.coords(cell) {
        Some((f, r)) => topo.square(f, topo.height() - 1 - r),
        None => {
            let other = match topo.pole_of(cell)? {
                crate::rules::topology::Pole::North => crate::rules::topology::Pole::South,
                crate::rules::topology::Pole::South => crate::rules::topology::Pole::North,
            };
            topo.pole_cell(other)
        }
    }
}
