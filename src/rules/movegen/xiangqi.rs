//! Xiangqi pieces: Spherical Chinese Chess (docs/rules.md §4) and ordinary xiangqi on a flat board.
//!
//! Every move is built from [`Topology::step`], like the chess pieces': the tables below are
//! computed once per variant by walking steps, and each entry keeps the steps it took, which are
//! the routes the figures draw.
//!
//! Readings of the rules taken here (each a decision in docs/rules.md §4):
//!
//! * A **palace** is [`Palace::PolarCap`] on a board with live poles (the own pole and the two
//!   nearest ranks) and [`Palace::Square`] on a flat board. General and guard never leave it; a
//!   general may step onto its pole like any other palace cell.
//! * A side's **own half** is the ranks on its side of the river (the first `H / 2` ranks for
//!   Gold) plus its own pole. Elephants never leave it; soldiers step sideways only outside it.
//! * **Elephant**: two diagonal steps in one heading; the first cell is the eye. **Horse**: one
//!   orthogonal step (the leg), then one diagonal step *outward*, i.e. keeping the leg's heading
//!   and adding one unit across it: after a leg north, north-east or north-west; after a leg east,
//!   north-east or south-east. Neither may have a pole as its eye or leg: that would be leaping
//!   across the pole. Both may start from a pole (a step off a live pole onto each file of its
//!   polar circle) and end on one (a diagonal step from the polar circle lands on the pole).
//!   A target reached by two routes is blocked only when every route is blocked.
//! * **Soldier**: one step forward along its file (from the last rank onto the enemy pole), and,
//!   once outside its own half, one step east or west (files wrap where the board wraps). On a
//!   pole it has no step.
//! * **Chariot** rides orthogonally, **cannon** likewise without capturing, and captures the first
//!   piece beyond exactly one screen on the same ride. A ride ends on a pole (nothing passes one
//!   when no file is antipodal), so a piece on a pole is never a screen.
//! * **Facing generals**: the generals face when one is the first piece met along a ride *along a
//!   file* from the other (north or south from a square, down any file from a live pole, so a
//!   general on a pole lies on every file). A move is legal when afterwards the mover's general is
//!   not attacked and the generals do not face. Without a general of the side to move, every
//!   pseudo-legal move is legal (as in chess).

use crate::rules::bitboard::Bitboard;
use crate::rules::moves::Move;
use crate::rules::piece::{Color, Piece, Role};
use crate::rules::position::Position;
use crate::rules::topology::{Cell, Cursor, Dir, Pole, Step, Topology};
use crate::rules::variant::{Family, Palace, Variant, VariantId};
use std::sync::OnceLock;

use super::tables::{Tables, ride_starts};

/// One move of a stepping or leaping piece from one cell, with its route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jump {
    /// Where it lands.
    pub to: Cell,
    /// The cell that must be empty for the move (the elephant's eye, the horse's leg).
    pub block: Option<Cell>,
    /// The steps from the origin to `to`.
    pub route: Vec<Step>,
}

/// The tables of a xiangqi variant, indexed by cell (and by colour where the rule depends on the
/// side). Built once from the step function.
#[derive(Debug)]
pub struct XiangqiTables {
    /// Each side's palace.
    palace: [Bitboard; 2],
    /// Each side's own half: its side of the river, with its own pole.
    own_half: [Bitboard; 2],
    /// General steps: one orthogonal step, from and to palace cells.
    general: [Vec<Vec<Jump>>; 2],
    /// Guard steps: one diagonal step, from and to palace cells.
    guard: [Vec<Vec<Jump>>; 2],
    /// Elephant moves inside the own half, blocked by the eye.
    elephant: [Vec<Vec<Jump>>; 2],
    /// Horse moves, blocked by the leg.
    horse: Vec<Vec<Jump>>,
    /// Soldier steps.
    soldier: [Vec<Vec<Jump>>; 2],
    /// The rides along files from each cell, as cell lists: where generals face each other.
    file_rays: Vec<Vec<Vec<Cell>>>,
}

/// Keeps the first jump of each `(to, block)` pair: two headings that land on the same cell by
/// the same blocking cell (two diagonals onto a pole) are one move.
fn push_jump(list: &mut Vec<Jump>, jump: Jump) {
    if !list.iter().any(|j| j.to == jump.to && j.block == jump.block) {
        list.push(jump);
    }
}

/// The single steps from a cell: orthogonal or diagonal, one per ride start (a live pole steps
/// onto each cell of its polar circle).
fn single_steps(topo: &Topology, from: Cell, diagonal: bool) -> Vec<Step> {
    ride_starts(topo, from, diagonal).into_iter().filter_map(|c| topo.step(c)).collect()
}

impl XiangqiTables {
    /// A side's palace.
    pub fn palace(&self, color: Color) -> Bitboard {
        self.palace[color.index()]
    }
    /// A side's own half: its side of the river, with its own pole.
    pub fn own_half(&self, color: Color) -> Bitboard {
        self.own_half[color.index()]
    }
    /// Builds the tables for a board and a palace shape.
    pub fn build(topo: &Topology, palace: Palace) -> XiangqiTables {
        let n = topo.cells();
        let (w, h) = (topo.width(), topo.height());
        let squares = |files: std::ops::Range<u8>, ranks: std::ops::Range<u8>| -> Bitboard {
            ranks.flat_map(|r| files.clone().filter_map(move |f| topo.square(f, r))).collect()
        };
        let pole = |p: Pole| -> Bitboard { topo.pole_cell(p).into_iter().collect() };
        let palaces = match palace {
            Palace::PolarCap => [squares(0..w, 0..2) | pole(Pole::South), squares(0..w, h - 2..h) | pole(Pole::North)],
            Palace::Square => {
                let f0 = (w - 3) / 2;
                [squares(f0..f0 + 3, 0..3), squares(f0..f0 + 3, h - 3..h)]
            }
        };
        let own_half = [squares(0..w, 0..h / 2) | pole(Pole::South), squares(0..w, h / 2..h) | pole(Pole::North)];
        let mut t = XiangqiTables {
            palace: palaces,
            own_half,
            general: [vec![Vec::new(); n], vec![Vec::new(); n]],
            guard: [vec![Vec::new(); n], vec![Vec::new(); n]],
            elephant: [vec![Vec::new(); n], vec![Vec::new(); n]],
            horse: vec![Vec::new(); n],
            soldier: [vec![Vec::new(); n], vec![Vec::new(); n]],
            file_rays: vec![Vec::new(); n],
        };
        for from in topo.all_cells() {
            let i = from.index();
            for color in Color::ALL {
                t.add_side_steps(topo, from, color);
            }
            t.add_horse_leaps(topo, from);
            t.file_rays[i] = ride_starts(topo, from, false)
                .into_iter()
                .filter(|c| c.dir.dr != 0)
                .map(|c| topo.ride(c).iter().map(|s| s.to.cell).collect::<Vec<Cell>>())
                .filter(|r| !r.is_empty())
                .collect();
        }
        t
    }

    /// The general's and guard's steps in the palace, the elephant's two-step jumps in its own
    /// half, and the soldier's steps, of `color` from `from`.
    fn add_side_steps(&mut self, topo: &Topology, from: Cell, color: Color) {
        let (c, i) = (color.index(), from.index());
        let is_pole = |c: Cell| topo.pole_of(c).is_some();
        let palace = self.palace[c];
        let own = self.own_half[c];
        if palace.has(from) {
            for (diagonal, table) in [(false, &mut self.general[c][i]), (true, &mut self.guard[c][i])] {
                for s in single_steps(topo, from, diagonal) {
                    if palace.has(s.to.cell) {
                        push_jump(table, Jump { to: s.to.cell, block: None, route: vec![s] });
                    }
                }
            }
        }
        if own.has(from) {
            for start in ride_starts(topo, from, true) {
                let Some(eye) = topo.step(start) else { continue };
                if is_pole(eye.to.cell) || !own.has(eye.to.cell) {
                    continue;
                }
                let Some(to) = topo.step(eye.to) else { continue };
                if own.has(to.to.cell) && to.to.cell != from {
                    let jump = Jump { to: to.to.cell, block: Some(eye.to.cell), route: vec![eye, to] };
                    push_jump(&mut self.elephant[c][i], jump);
                }
            }
        }
        if !is_pole(from) {
            let fwd = topo.step(topo.cursor(from, Dir::new(0, color.forward())));
            let sideways = if own.has(from) { Vec::new() } else { vec![Dir::new(1, 0), Dir::new(-1, 0)] };
            let side = sideways.into_iter().filter_map(|d| topo.step(topo.cursor(from, d)));
            for s in fwd.into_iter().chain(side) {
                push_jump(&mut self.soldier[c][i], Jump { to: s.to.cell, block: None, route: vec![s] });
            }
        }
    }

    /// The horse's leaps from `from`: one step along a line, then one diagonally outward, the
    /// first step's cell the one that blocks.
    fn add_horse_leaps(&mut self, topo: &Topology, from: Cell) {
        let i = from.index();
        let is_pole = |c: Cell| topo.pole_of(c).is_some();
        for start in ride_starts(topo, from, false) {
            let Some(leg) = topo.step(start) else { continue };
            if is_pole(leg.to.cell) {
                continue;
            }
            let d = leg.to.dir;
            let outward = if d.df == 0 {
                [Dir::new(1, d.dr), Dir::new(-1, d.dr)]
            } else {
                [Dir::new(d.df, 1), Dir::new(d.df, -1)]
            };
            for dir in outward {
                let Some(to) = topo.step(Cursor { dir, ..leg.to }) else { continue };
                if to.to.cell != from {
                    push_jump(
                        &mut self.horse[i],
                        Jump { to: to.to.cell, block: Some(leg.to.cell), route: vec![leg, to] },
                    );
                }
            }
        }
    }

    /// The jump table of a stepping or leaping role for a side (`None` for the riders).
    pub fn jumps(&self, role: Role, color: Color) -> Option<&[Vec<Jump>]> {
        let c = color.index();
        Some(match role {
            Role::King => &self.general[c],
            Role::Guard => &self.guard[c],
            Role::Elephant => &self.elephant[c],
            Role::Horse => &self.horse,
            Role::Pawn => &self.soldier[c],
            _ => return None,
        })
    }

    /// The rides along files from a cell, as cell lists.
    pub fn file_rays(&self, cell: Cell) -> &[Vec<Cell>] {
        &self.file_rays[cell.index()]
    }
}

/// The cells reached by the jumps whose blocking cell is empty.
fn open_jumps(jumps: &[Jump], occupied: Bitboard) -> Bitboard {
    jumps.iter().filter(|j| j.block.is_none_or(|b| !occupied.has(b))).map(|j| j.to).collect()
}

/// The cells a cannon may move to without capturing: up to its screen on each ride.
fn cannon_quiet<'a>(rays: impl Iterator<Item = &'a [Cell]>, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for ray in rays {
        for &c in ray.iter().take_while(|&&c| !occupied.has(c)) {
            out.add(c);
        }
    }
    out
}

/// The cells a cannon captures on: the first occupied cell beyond the first occupied cell (the
/// screen) of each ride.
fn cannon_captures<'a>(rays: impl Iterator<Item = &'a [Cell]>, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for ray in rays {
        let mut hits = ray.iter().filter(|&&c| occupied.has(c));
        if let (Some(_screen), Some(&target)) = (hits.next(), hits.next()) {
            out.add(target);
        }
    }
    out
}

impl Variant {
    /// The tables of a xiangqi variant's pieces, built on first use; `None` for chess.
    pub fn xiangqi_tables(&self) -> Option<&'static XiangqiTables> {
        static TABLES: [OnceLock<Option<XiangqiTables>>; VariantId::ALL.len()] =
            [const { OnceLock::new() }; VariantId::ALL.len()];
        TABLES[self.id as usize]
            .get_or_init(|| match self.family {
                Family::Xiangqi(palace) => Some(XiangqiTables::build(&self.topology, palace)),
                Family::Chess => None,
            })
            .as_ref()
    }
}

/// The xiangqi tables of a position's variant, on the xiangqi path (entered only for a variant
/// of the xiangqi family).
fn xiangqi_tables(pos: &Position) -> &'static XiangqiTables {
    pos.variant().xiangqi_tables().expect("the xiangqi path runs for xiangqi variants only")
}

impl Position {
    /// Xiangqi: the cells a piece captures on from `from` (see [`Position::attacks_from`]).
    pub(crate) fn xiangqi_attacks(&self, from: Cell, piece: Piece, occupied: Bitboard) -> Bitboard {
        let t = self.tables();
        let x = xiangqi_tables(self);
        match piece.role {
            Role::Rook => Tables::slide(t.orth_rays(from), occupied),
            Role::Cannon => cannon_captures(t.orth_rays(from), occupied),
            role => x.jumps(role, piece.color).map_or(Bitboard::EMPTY, |j| open_jumps(&j[from.index()], occupied)),
        }
    }

    /// Xiangqi: whether a piece of `by` standing on an `occupied` cell captures on `cell`.
    pub(crate) fn xiangqi_attacked_with(&self, cell: Cell, by: Color, occupied: Bitboard) -> bool {
        (self.by_color(by) & occupied).any(|from| {
            let piece = self.piece_at(from).expect("occupied cell has a piece");
            self.xiangqi_attacks(from, piece, occupied).has(cell)
        })
    }

    /// Whether the two generals face each other: one is the first piece met along a file from
    /// the other (a general on a live pole lies on every file). False without both generals.
    pub fn generals_face(&self) -> bool {
        let (Some(g), Some(e)) = (self.king(Color::White), self.king(Color::Black)) else { return false };
        let Some(x) = self.variant().xiangqi_tables() else { return false };
        let occ = self.occupied();
        x.file_rays(g).iter().any(|ray| ray.iter().find(|&&c| occ.has(c)) == Some(&e))
    }

    /// Xiangqi pseudo-legal moves (appended to `out`).
    pub(crate) fn xiangqi_pseudo_legal(&self, out: &mut Vec<Move>) {
        let t = self.tables();
        let us = self.turn;
        let own = self.by_color(us);
        let enemy = self.by_color(us.other());
        let occ = own | enemy;
        for from in own {
            let piece = self.piece_at(from).expect("own piece");
            let targets = match piece.role {
                Role::Cannon => {
                    cannon_quiet(t.orth_rays(from), occ) | (cannon_captures(t.orth_rays(from), occ) & enemy)
                }
                _ => self.xiangqi_attacks(from, piece, occ) & !own,
            };
            out.extend(targets.map(|to| Move::normal(from, to)));
        }
    }

    /// Xiangqi legal moves: each pseudo-legal move is played and kept when the mover's general
    /// is then neither attacked nor facing the other general.
    pub(crate) fn xiangqi_legal(&self, out: &mut Vec<Move>) {
        self.xiangqi_pseudo_legal(out);
        let us = self.turn;
        if self.king(us).is_none() {
            return;
        }
        let mut p = self.clone();
        out.retain(|&m| {
            let undo = p.make(m);
            let king = p.king(us).expect("a legal position keeps the mover's general");
            let safe = !p.generals_face() && !p.xiangqi_attacked_with(king, us.other(), p.occupied());
            p.unmake(m, undo);
            safe
        });
    }

    /// Xiangqi: every route the piece on `from` could take given the blockers, before legality
    /// (the routes of [`crate::destinations`]): a jump's steps, a chariot's ride to each cell up
    /// to the first piece, a cannon's ride to each cell before its screen and over the screen to
    /// the next piece.
    pub(crate) fn xiangqi_routes(&self, from: Cell) -> Vec<Vec<Step>> {
        let Some(piece) = self.piece_at(from) else { return Vec::new() };
        let topo = self.topology();
        let x = xiangqi_tables(self);
        let occ = self.occupied();
        if let Some(jumps) = x.jumps(piece.role, piece.color) {
            return jumps[from.index()]
                .iter()
                .filter(|j| j.block.is_none_or(|b| !occ.has(b)))
                .map(|j| j.route.clone())
                .collect();
        }
        let mut out = Vec::new();
        for start in ride_starts(topo, from, false) {
            let ride = topo.ride(start);
            let mut screens = 0;
            for (k, s) in ride.iter().enumerate() {
                let occupied = occ.has(s.to.cell);
                match (piece.role, screens, occupied) {
                    (Role::Rook, _, _) | (Role::Cannon, 0, false) | (Role::Cannon, 1, true) => {
                        out.push(ride[..=k].to_vec())
                    }
                    _ => {}
                }
                if occupied {
                    screens += 1;
                    if piece.role != Role::Cannon || screens == 2 {
                        break;
                    }
                }
            }
        }
        out
    }
}
