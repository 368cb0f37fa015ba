//! Move generation: pseudo-legal and legal moves, attacks, perft.
//!
//! Legal moves are generated directly from check and pin masks computed along the rides from the
//! king, so only en passant and castling need to play the move to test it. On a sphere a slider
//! can reach the king along two rides at once (both ways round a latitude) and a piece can be
//! pinned along two rides; masks are intersected, which covers both.
//!
//! Xiangqi variants (see [`xiangqi`]) are dispatched at the top of each public function here and
//! take their own, simpler path: pseudo-legal moves from their tables, each tested by play.

mod play;
mod tables;
pub mod xiangqi;

pub use crate::rules::moves::{Move, MoveKind};
pub use play::{IllegalMove, Undo};
pub use tables::{Tables, knight_leaps, pawn_step, ride_starts};

use crate::rules::bitboard::Bitboard;
use crate::rules::piece::{Color, Piece, Role};
use crate::rules::position::Position;
use crate::rules::topology::Cell;

/// Pins found around the king: the pinned cells and, for each, the cells it may move to.
struct Pins {
    pinned: Bitboard,
    masks: Vec<(Cell, Bitboard)>,
}

impl Pins {
    #[inline]
    fn mask(&self, cell: Cell) -> Bitboard {
        if !self.pinned.has(cell) {
            return Bitboard::FULL;
        }
        let mut m = Bitboard::FULL;
        for &(c, mask) in &self.masks {
            if c == cell {
                m &= mask;
            }
        }
        m
    }
}

impl Position {
    /// Whether `cell` is attacked by a piece of `by`, with `occupied` as the blockers.
    /// In xiangqi this is whether a piece of `by` could capture on `cell`; generals facing each
    /// other is a separate test, [`Position::generals_face`].
    pub fn attacked_with(&self, cell: Cell, by: Color, occupied: Bitboard) -> bool {
        if self.variant().is_xiangqi() {
            return self.xiangqi_attacked_with(cell, by, occupied);
        }
        let t = self.tables();
        let them = self.by_color(by);
        if !(t.knight_from(cell) & them & self.by_role(Role::Knight)).is_empty()
            || !(t.pawn_attackers(by, cell) & them & self.by_role(Role::Pawn)).is_empty()
            || !(t.king_from(cell) & them & self.by_role(Role::King)).is_empty()
        {
            return true;
        }
        let queens = self.by_role(Role::Queen);
        let rq = them & (self.by_role(Role::Rook) | queens);
        let bq = them & (self.by_role(Role::Bishop) | queens);
        let first_hit =
            |ray: &[Cell], sliders: Bitboard| ray.iter().find(|&&c| occupied.has(c)).is_some_and(|&c| sliders.has(c));
        (!rq.is_empty() && t.orth_rays(cell).any(|r| first_hit(r, rq)))
            || (!bq.is_empty() && t.diag_rays(cell).any(|r| first_hit(r, bq)))
    }

    /// Whether `cell` is attacked by a piece of `by` in this position.
    pub fn attacked(&self, cell: Cell, by: Color) -> bool {
        self.attacked_with(cell, by, self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.turn).is_some_and(|k| self.attacked(k, self.turn.other()))
    }

    /// The cells a piece attacks (captures on) from `cell`, given the blockers.
    /// For a cannon, the cells beyond its screen.
    pub fn attacks_from(&self, cell: Cell, piece: Piece, occupied: Bitboard) -> Bitboard {
        if self.variant().is_xiangqi() {
            return self.xiangqi_attacks(cell, piece, occupied);
        }
        let t = self.tables();
        match piece.role {
            Role::Pawn => t.pawn_attacks(piece.color, cell),
            Role::Knight => t.knight(cell),
            Role::King => t.king(cell),
            Role::Bishop => Tables::slide(t.diag_rays(cell), occupied),
            Role::Rook => Tables::slide(t.orth_rays(cell), occupied),
            Role::Queen => Tables::slide(t.orth_rays(cell).chain(t.diag_rays(cell)), occupied),
            // A chess board never holds xiangqi pieces: FEN refuses their letters.
            Role::Guard | Role::Elephant | Role::Horse | Role::Cannon => Bitboard::EMPTY,
        }
    }

    /// Pseudo-legal moves: every move the pieces can make, ignoring whether it leaves the own
    /// king attacked (castling still needs its rights and empty squares).
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.variant().is_xiangqi() {
            return self.xiangqi_pseudo_legal(out);
        }
        let pins = Pins { pinned: Bitboard::EMPTY, masks: Vec::new() };
        self.generate(out, Bitboard::FULL, &pins, None);
    }

    /// Legal moves. Without a king of the side to move, every pseudo-legal move is legal.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.variant().is_xiangqi() {
            return self.xiangqi_legal(out);
        }
        let Some(king) = self.king(self.turn) else {
            let pins = Pins { pinned: Bitboard::EMPTY, masks: Vec::new() };
            self.generate(out, Bitboard::FULL, &pins, None);
            return;
        };
        let t = self.tables();
        let us = self.turn;
        let them = us.other();
        let own = self.by_color(us);
        let enemy = self.by_color(them);
        let occ = own | enemy;
        let mut check_mask = Bitboard::FULL;
        let mut pins = Pins { pinned: Bitboard::EMPTY, masks: Vec::new() };
        let queens = self.by_role(Role::Queen);
        let rq = enemy & (self.by_role(Role::Rook) | queens);
        let bq = enemy & (self.by_role(Role::Bishop) | queens);
        let mut scan = |ray: &[Cell], sliders: Bitboard| {
            let mut seg = Bitboard::EMPTY;
            let mut blocker: Option<Cell> = None;
            for &c in ray {
                seg.add(c);
                if !occ.has(c) {
                    continue;
                }
                match blocker {
                    None if sliders.has(c) => {
                        check_mask &= seg;
                        return;
                    }
                    None if own.has(c) => blocker = Some(c),
                    None => return,
                    // A ride may pass a square twice (6×6 live-pole chart diagonals): meeting
                    // the blocker again is not a second piece.
                    Some(b) if b == c => {}
                    Some(b) => {
                        if sliders.has(c) {
                            pins.pinned.add(b);
                            pins.masks.push((b, seg));
                        }
                        return;
                    }
                }
            }
        };
        if !rq.is_empty() {
            t.orth_rays(king).for_each(|r| scan(r, rq));
        }
        if !bq.is_empty() {
            t.diag_rays(king).for_each(|r| scan(r, bq));
        }
        let leapers = (t.knight_from(king) & self.by_role(Role::Knight))
            | (t.pawn_attackers(them, king) & self.by_role(Role::Pawn))
            | (t.king_from(king) & self.by_role(Role::King));
        for c in leapers & enemy {
            check_mask &= Bitboard::from_cell(c);
        }
        self.generate(out, check_mask, &pins, Some(king));
    }

    /// The shared generator. With `king`, moves are filtered for legality: other pieces by the
    /// check and pin masks, the king by attacks on its target, en passant and castling by play.
    fn generate(&self, out: &mut Vec<Move>, check_mask: Bitboard, pins: &Pins, king: Option<Cell>) {
        let t = self.tables();
        let us = self.turn;
        let them = us.other();
        let own = self.by_color(us);
        let enemy = self.by_color(them);
        let occ = own | enemy;
        let legal = king.is_some();
        let in_check = check_mask != Bitboard::FULL;
        let pawns = self.by_role(Role::Pawn) & own;
        let kings = self.by_role(Role::King) & own;

        for from in own & !pawns & !kings {
            let piece = self.piece_at(from).expect("own piece");
            let targets = self.attacks_from(from, piece, occ) & !own & check_mask & pins.mask(from);
            out.extend(targets.map(|to| Move::normal(from, to)));
        }

        let zone = t.promotion_zone(us);
        let roles = self.variant().promotion_roles;
        let push_pawn = |out: &mut Vec<Move>, m: Move| {
            if zone.has(m.to) {
                out.extend(roles.iter().map(|&r| Move { promotion: Some(r), ..m }));
            } else {
                out.push(m);
            }
        };
        for from in pawns {
            let mask = check_mask & pins.mask(from);
            for to in t.pawn_attacks(us, from) & enemy & mask {
                push_pawn(out, Move::normal(from, to));
            }
            if let Some(to) = t.pawn_push(us, from).filter(|&c| !occ.has(c)) {
                if mask.has(to) {
                    push_pawn(out, Move::normal(from, to));
                }
                if let Some((_, to2)) = t.pawn_double(us, from)
                    && !occ.has(to2)
                    && mask.has(to2)
                {
                    push_pawn(out, Move { kind: MoveKind::DoubleStep, ..Move::normal(from, to2) });
                }
            }
            if let Some(ep) = self.ep
                && t.pawn_attacks(us, from).has(ep)
            {
                let m = Move { kind: MoveKind::EnPassant, ..Move::normal(from, ep) };
                if !legal || self.leaves_king_safe(m) {
                    out.push(m);
                }
            }
        }

        for from in kings {
            for to in t.king(from) & !own {
                let mut occ_without = occ;
                occ_without.remove(from);
                if !legal || !self.attacked_with(to, them, occ_without) {
                    out.push(Move::normal(from, to));
                }
            }
        }

        for way in t.castlings(us) {
            if self.castling & way.right == 0
                || self.piece_at(way.king_from) != Some(Piece { color: us, role: Role::King })
                || self.piece_at(way.rook_from) != Some(Piece { color: us, role: Role::Rook })
                || !(way.between & occ).is_empty()
            {
                continue;
            }
            let m = Move { kind: MoveKind::Castle(way.kind), ..Move::normal(way.king_from, way.king_to) };
            if legal && (in_check || self.attacked(way.king_cross, them) || !self.leaves_king_safe(m)) {
                continue;
            }
            out.push(m);
        }
    }

    /// Plays a move on a copy and reports whether the mover's king is safe afterwards.
    fn leaves_king_safe(&self, m: Move) -> bool {
        let mut after = self.clone();
        let us = self.turn;
        after.make(m);
        after.king(us).is_none_or(|k| !after.attacked(k, us.other()))
    }

    /// Legal moves as a new vector.
    pub fn moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves(&mut v);
        v
    }
}

/// Counts the leaf nodes of the legal move tree to `depth` (perft).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_inner(&mut pos, depth, &mut buffers)
}

fn perft_inner(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = pos.make(m);
        nodes += perft_inner(pos, depth - 1, rest);
        pos.unmake(m, undo);
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut pos = pos.clone();
    let moves = pos.moves();
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    moves
        .into_iter()
        .map(|m| {
            let undo = pos.make(m);
            let n = perft_inner(&mut pos, depth.saturating_sub(1), &mut buffers);
            pos.unmake(m, undo);
            (m, n)
        })
        .collect()
}
