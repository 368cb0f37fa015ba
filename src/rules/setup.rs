//! A position as plain data ([`Setup`]) and the checks that make it a [`Position`]
//! ([`Position::from_setup`]). FEN is one way to a `Setup` ([`Position::from_fen`] reads one and
//! checks it here); tests and library users can fill one in directly.

use crate::rules::moves::{CastlingRights, rook_right};
use crate::rules::piece::{Color, Piece, Role};
use crate::rules::position::Position;
use crate::rules::topology::Cell;
use crate::rules::variant::{CastlingRule, Promotion, VariantId};
use std::fmt;

/// Pieces on cells, side to move, castling rights, en passant square and clocks, unchecked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces with their cells, in any order.
    pub pieces: Vec<(Cell, Piece)>,
    /// The side to move.
    pub turn: Color,
    /// Castling rights as FEN bits (`K` = 1, `Q` = 2, `k` = 4, `q` = 8).
    pub castling: CastlingRights,
    /// The square a pawn just skipped with a double step.
    pub ep: Option<Cell>,
    /// Halfmove clock.
    pub halfmove: u32,
    /// Fullmove number (at least 1).
    pub fullmove: u32,
}

impl Default for Setup {
    /// An empty board, White to move, move 1.
    fn default() -> Setup {
        Setup { pieces: Vec::new(), turn: Color::White, castling: 0, ep: None, halfmove: 0, fullmove: 1 }
    }
}

/// What is wrong with a [`Setup`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupErrorKind {
    /// A cell the variant's board does not have.
    NotACell,
    /// Two pieces on one cell.
    Occupied,
    /// A piece the variant does not play with.
    Role,
    /// A second king (general) of one side.
    SecondKing,
    /// A piece where it can never stand: a pawn on a pole or on a promotion rank, a xiangqi
    /// general or guard outside its palace, an elephant across the river, a soldier on its pole.
    Placement,
    /// A castling right the variant has not, or without its king and rook at home.
    Castling,
    /// An en passant square the variant has not, or without the pawn that just stepped over it.
    EnPassant,
}

/// Why a [`Setup`] is not a position. `piece` is the index in [`Setup::pieces`] of the piece at
/// fault, `right` the castling bit at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupError {
    /// What is wrong.
    pub kind: SetupErrorKind,
    /// The index in [`Setup::pieces`] of the piece at fault.
    pub piece: Option<usize>,
    /// The castling right at fault.
    pub right: Option<CastlingRights>,
    /// A sentence for people.
    pub message: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The FEN letter of a castling right bit.
pub(crate) fn right_letter(bit: CastlingRights) -> char {
    match bit {
        1 => 'K',
        2 => 'Q',
        4 => 'k',
        _ => 'q',
    }
}

impl Position {
    /// The position as a plain [`Setup`] (pieces in cell order).
    pub fn setup(&self) -> Setup {
        Setup {
            pieces: self.pieces().collect(),
            turn: self.turn,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
    }

    /// Checks a [`Setup`] and makes it a position of `variant`: every piece on a cell of the board,
    /// one piece a cell, pieces of the variant, at most one king a side, no piece where it can
    /// never stand, castling rights with their king and rook at home, an en passant square with the
    /// pawn that just stepped over it. A side *not* to move may be in check (diagrams show that).
    pub fn from_setup(variant: VariantId, setup: &Setup) -> Result<Position, SetupError> {
        let mut pos = Position::empty(variant);
        pos.place_pieces(setup)?;
        pos.turn = setup.turn;
        pos.grant_castling(setup.castling)?;
        if let Some(cell) = setup.ep {
            pos.grant_en_passant(cell)?;
        }
        pos.halfmove = setup.halfmove;
        pos.fullmove = setup.fullmove.max(1);
        Ok(pos)
    }

    /// Puts the setup's pieces on the board, each checked ([`Position::from_setup`]).
    fn place_pieces(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let (v, topo) = (self.variant(), *self.topology());
        let variant = v.id;
        let mut kings = [0u8; 2];
        for (i, &(cell, piece)) in setup.pieces.iter().enumerate() {
            let fail = |kind, message: String| Err(SetupError { kind, piece: Some(i), right: None, message });
            if !topo.contains(cell) {
                return fail(SetupErrorKind::NotACell, format!("cell {} is not on the board", cell.index()));
            }
            let at = topo.name(cell);
            if self.piece_at(cell).is_some() {
                return fail(SetupErrorKind::Occupied, format!("two pieces on {at}"));
            }
            if !v.roles.contains(&piece.role) {
                return fail(SetupErrorKind::Role, format!("{variant} has no {}", piece.role.name()));
            }
            let (side, name) = (v.color_name(piece.color), v.role_name(piece.role));
            if piece.role == Role::King {
                kings[piece.color.index()] += 1;
                if kings[piece.color.index()] > 1 {
                    return fail(SetupErrorKind::SecondKing, format!("a second {side} {name}"));
                }
            }
            let misplaced = |message: String| fail(SetupErrorKind::Placement, message);
            if let Some(x) = v.xiangqi_tables() {
                // Xiangqi: a piece may only stand where its moves can bring it.
                match piece.role {
                    Role::King | Role::Guard if !x.palace(piece.color).has(cell) => {
                        return misplaced(format!("a {side} {name} never leaves its palace ({at} is outside)"));
                    }
                    Role::Elephant if !x.own_half(piece.color).has(cell) => {
                        return misplaced(format!("a {side} elephant never crosses the river ({at})"));
                    }
                    Role::Pawn if topo.pole_of(cell).is_some() && x.own_half(piece.color).has(cell) => {
                        return misplaced(format!("a {side} soldier cannot stand on its own pole ({at})"));
                    }
                    _ => {}
                }
            } else if piece.role == Role::Pawn {
                match topo.coords(cell) {
                    None => return misplaced(format!("a pawn cannot stand on a pole ({at})")),
                    Some((_, r)) if v.promotion == Promotion::LastRank && (r == 0 || r == topo.height() - 1) => {
                        return misplaced(format!("a pawn cannot stand on rank {} ({at})", r + 1));
                    }
                    _ => {}
                }
            }
            self.put(cell, piece);
        }
        Ok(())
    }

    /// The castling rights `castling` (a bit a right), each with its king and rook at home.
    fn grant_castling(&mut self, castling: CastlingRights) -> Result<(), SetupError> {
        let (v, topo) = (self.variant(), *self.topology());
        let variant = v.id;
        for bit in [1, 2, 4, 8] {
            if castling & bit == 0 {
                continue;
            }
            let ch = right_letter(bit);
            let fail = |message: String| {
                Err(SetupError { kind: SetupErrorKind::Castling, piece: None, right: Some(bit), message })
            };
            if v.castling == CastlingRule::None {
                return fail(format!("{variant} has no castling"));
            }
            let color = if bit < 4 { Color::White } else { Color::Black };
            let h_rook = rook_right(color, true) == bit;
            let rank = if color == Color::White { 0 } else { topo.height() - 1 };
            let king_sq = topo.square(4, rank);
            let rook_sq = topo.square(if h_rook { topo.width() - 1 } else { 0 }, rank);
            let has = |sq: Option<Cell>, role| sq.and_then(|c| self.piece_at(c)) == Some(Piece { color, role });
            if !has(king_sq, Role::King) || !has(rook_sq, Role::Rook) {
                return fail(format!(
                    "`{ch}` needs the {} king on {} and a rook on {}",
                    color.name(),
                    king_sq.map(|c| topo.name(c)).unwrap_or_default(),
                    rook_sq.map(|c| topo.name(c)).unwrap_or_default()
                ));
            }
            self.castling |= bit;
        }
        Ok(())
    }

    /// The en passant square `cell`, with the pawn that just stepped over it.
    fn grant_en_passant(&mut self, cell: Cell) -> Result<(), SetupError> {
        let (v, topo) = (self.variant(), *self.topology());
        let variant = v.id;
        let fail =
            |message: String| Err(SetupError { kind: SetupErrorKind::EnPassant, piece: None, right: None, message });
        if !v.pawn_double_step {
            return fail(format!("{variant} has no en passant (expected `-`)"));
        }
        let mover = self.turn.other();
        let t = self.tables();
        let fits = topo.contains(cell)
            && topo.all_cells().any(|from| {
                t.pawn_double(mover, from).is_some_and(|(skip, to)| {
                    skip == cell
                        && self.piece_at(to) == Some(Piece { color: mover, role: Role::Pawn })
                        && self.piece_at(skip).is_none()
                        && self.piece_at(from).is_none()
                })
            });
        if !fits {
            let name = if topo.contains(cell) { topo.name(cell) } else { format!("cell {}", cell.index()) };
            return fail(format!("no {} pawn can just have stepped over {name}", mover.name()));
        }
        self.ep = Some(cell);
        Ok(())
    }
}
