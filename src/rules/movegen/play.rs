//! Playing moves: checked ([`Position::play`]), unchecked ([`Position::play_unchecked`]) and
//! reversible ([`Position::make`] / [`Position::unmake`], what perft walks the tree with).
//!
//! None of them panics on a move from another position: the checked one refuses it, the
//! unchecked ones leave the position in some state of this variant (pieces only ever move between
//! cells of the board, and no piece is created).

use super::tables::Tables;
use crate::rules::moves::{CastlingRights, Move, MoveKind};
use crate::rules::piece::{Color, Piece, Role};
use crate::rules::position::Position;
use crate::rules::topology::Cell;

/// What [`Position::make`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<(Cell, Piece)>,
    moved: bool,
    castling: CastlingRights,
    ep: Option<Cell>,
    halfmove: u32,
}

/// A move that is not legal in the position it was offered to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a legal move in this position")]
pub struct IllegalMove(pub Move);

impl Position {
    /// The variant's tables.
    #[inline]
    pub(crate) fn tables(&self) -> &'static Tables {
        self.variant().tables()
    }

    /// Plays a move after checking that it is one of this position's legal moves.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.moves().contains(&m) {
            return Err(IllegalMove(m));
        }
        self.make(m);
        Ok(())
    }

    /// Plays a move without checking it. A legal move is played exactly; any other move leaves
    /// the position in some state of this variant, without panicking.
    pub fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    /// Plays a move without checking it (see [`Position::play_unchecked`]) and returns what
    /// [`Position::unmake`] needs to take it back.
    pub fn make(&mut self, m: Move) -> Undo {
        let t = self.tables();
        let mut undo =
            Undo { captured: None, moved: false, castling: self.castling, ep: self.ep, halfmove: self.halfmove };
        let us = self.turn;
        let topo = self.topology();
        if !topo.contains(m.from) || !topo.contains(m.to) {
            return undo;
        }
        self.ep = None;
        match m.kind {
            MoveKind::Castle(kind) => {
                let Some(way) = t.castling(us, kind) else { return undo };
                if self.piece_at(way.king_from) != Some(Piece { color: us, role: Role::King })
                    || self.piece_at(way.rook_from) != Some(Piece { color: us, role: Role::Rook })
                    || self.piece_at(way.king_to).is_some() && way.king_to != way.rook_from
                    || self.piece_at(way.rook_to).is_some() && way.rook_to != way.king_from
                {
                    self.ep = undo.ep;
                    return undo;
                }
                let king = self.take(way.king_from);
                let rook = self.take(way.rook_from);
                king.into_iter().for_each(|p| self.put(way.king_to, p));
                rook.into_iter().for_each(|p| self.put(way.rook_to, p));
                self.halfmove += 1;
            }
            _ => {
                let captured_at = if m.kind == MoveKind::EnPassant { self.ep_victim(m) } else { Some(m.to) };
                let (Some(mut piece), Some(captured_at)) = (self.piece_at(m.from), captured_at) else {
                    self.ep = undo.ep;
                    return undo;
                };
                if m.from == m.to || (captured_at != m.to && self.piece_at(m.to).is_some()) {
                    self.ep = undo.ep;
                    return undo;
                }
                self.take(m.from);
                undo.captured = self.take(captured_at).map(|p| (captured_at, p));
                if let Some(role) = m.promotion {
                    piece.role = role;
                }
                self.put(m.to, piece);
                if m.kind == MoveKind::DoubleStep {
                    self.ep = t.pawn_double(us, m.from).map(|(skip, _)| skip);
                }
                let irreversible = piece.role == Role::Pawn || m.promotion.is_some() || undo.captured.is_some();
                self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
            }
        }
        undo.moved = true;
        self.castling &= t.castling_keep(m.from) & t.castling_keep(m.to);
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = us.other();
        undo
    }

    /// Takes back a move played by [`Position::make`] with the [`Undo`] it returned.
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        if !undo.moved {
            return;
        }
        let t = self.tables();
        self.turn = self.turn.other();
        let us = self.turn;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_sub(1).max(1);
        }
        match m.kind {
            MoveKind::Castle(kind) => {
                if let Some(way) = t.castling(us, kind) {
                    let king = self.take(way.king_to);
                    let rook = self.take(way.rook_to);
                    king.into_iter().for_each(|p| self.put(way.king_from, p));
                    rook.into_iter().for_each(|p| self.put(way.rook_from, p));
                }
            }
            _ => {
                if let Some(mut piece) = self.take(m.to) {
                    if m.promotion.is_some() {
                        piece.role = Role::Pawn;
                    }
                    self.put(m.from, piece);
                }
                if let Some((cell, p)) = undo.captured {
                    self.put(cell, p);
                }
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
    }

    /// The cell of the pawn an en passant capture takes: on the capturing pawn's rank, on the
    /// file it lands on. `None` when either end is a pole.
    pub(crate) fn ep_victim(&self, m: Move) -> Option<Cell> {
        let topo = self.topology();
        let (file, _) = topo.coords(m.to)?;
        let (_, rank) = topo.coords(m.from)?;
        topo.square(file, rank)
    }
}
