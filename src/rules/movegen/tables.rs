//! Move tables, computed once per variant from the step function.

use crate::rules::bitboard::Bitboard;
use crate::rules::moves::{Castling, CastlingRights, rook_right};
use crate::rules::piece::Color;
use crate::rules::topology::{Cell, Cursor, Dir, Poles, Step, Topology};
use crate::rules::variant::{CastlingRule, KnightRule, Promotion, Variant, VariantId};
use std::sync::OnceLock;

/// One castling of one side, with every square it involves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CastlingWay {
    /// Which castling.
    pub kind: Castling,
    /// Whose.
    pub color: Color,
    /// The right it needs.
    pub right: CastlingRights,
    /// The king's square before.
    pub king_from: Cell,
    /// The square the king crosses (where the rook lands).
    pub king_cross: Cell,
    /// The king's square after.
    pub king_to: Cell,
    /// The rook's square before.
    pub rook_from: Cell,
    /// The rook's square after (= `king_cross`).
    pub rook_to: Cell,
    /// The squares between king and rook on this way round, which must be empty.
    pub between: Bitboard,
    /// The direction the king walks.
    pub dir: Dir,
}

/// Per-variant chess tables: rides, leaps, pawn steps, castlings, indexed by cell (and colour).
/// They are built for every board (riders and generals use them in xiangqi too); xiangqi's own
/// pieces have [`XiangqiTables`](super::XiangqiTables). Read through the functions below; a
/// cell of another board reads as empty.
#[derive(Debug)]
pub struct Tables {
    topology: Topology,
    ray_cells: Vec<Cell>,
    rays: Vec<(u32, u32)>,
    orth: Vec<(u32, u32)>,
    diag: Vec<(u32, u32)>,
    king: Vec<Bitboard>,
    knight: Vec<Bitboard>,
    knight_from: Vec<Bitboard>,
    king_from: Vec<Bitboard>,
    pawn_push: [Vec<Option<Cell>>; 2],
    pawn_double: [Vec<Option<(Cell, Cell)>>; 2],
    pawn_attacks: [Vec<Bitboard>; 2],
    pawn_attackers: [Vec<Bitboard>; 2],
    promotion_zone: [Bitboard; 2],
    castling_keep: Vec<CastlingRights>,
    castlings: [Vec<CastlingWay>; 2],
    all: Bitboard,
}

impl Variant {
    /// The variant's chess tables, built on first use.
    pub fn tables(&self) -> &'static Tables {
        static TABLES: [OnceLock<Tables>; VariantId::ALL.len()] = [const { OnceLock::new() }; VariantId::ALL.len()];
        TABLES[self.id as usize].get_or_init(|| Tables::build(self))
    }
}

/// The entry of a per-cell table, or the default for a cell the board lacks.
#[inline]
fn at<T: Copy + Default>(table: &[T], cell: Cell) -> T {
    table.get(cell.index()).copied().unwrap_or_default()
}

/// Leaps of a knight under the variant's rule, each with its route (docs/rules.md §3): `|dr|` steps along
/// the file, then `|df|` along the rank. With a live pole the pole is one cell at rank `H + 1`
/// (or 0) on every file: a leap that ends its file steps on the pole lands there whatever its
/// `df`, a leap that would go past the pole does not exist, and a knight on the pole reaches
/// every square of the two nearest ranks. Targets are distinct; the first route found is kept.
pub fn knight_leaps(topo: &Topology, rule: KnightRule, from: Cell) -> Vec<(Cell, Vec<Step>)> {
    let mut out: Vec<(Cell, Vec<Step>)> = Vec::new();
    let push = |out: &mut Vec<(Cell, Vec<Step>)>, to: Cell, route: Vec<Step>| {
        if to != from && !out.iter().any(|(c, _)| *c == to) {
            out.push((to, route));
        }
    };
    if topo.pole_of(from).is_some() {
        for start in topo.pole_departures(from, false) {
            let mut route = Vec::new();
            let mut cur = start;
            for _ in 0..2 {
                let Some(step) = topo.step(cur) else { break };
                if topo.pole_of(step.to.cell).is_some() {
                    break;
                }
                route.push(step);
                cur = step.to;
                push(&mut out, cur.cell, route.clone());
            }
        }
    } else {
        for (df, dr) in [(1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1)] {
            if let Some((to, route)) = leap(topo, from, df, dr) {
                push(&mut out, to, route);
            }
        }
    }
    if rule == KnightRule::Strict {
        let lines = lines_through(topo, from);
        out.retain(|(c, _)| !lines.has(*c));
    }
    out
}

/// One L-leap: `|dr|` file steps then `|df|` rank steps, through the step function.
fn leap(topo: &Topology, from: Cell, df: i8, dr: i8) -> Option<(Cell, Vec<Step>)> {
    let mut route = Vec::new();
    let mut cur = topo.cursor(from, Dir::new(0, dr.signum()));
    for i in 0..dr.abs() {
        let step = topo.step(cur)?;
        route.push(step);
        cur = step.to;
        if topo.pole_of(cur.cell).is_some() {
            // A live pole: the leap ends here if its file steps are done, else it would pass it.
            return (i + 1 == dr.abs()).then_some((cur.cell, route));
        }
    }
    cur.dir = Dir::new(df.signum(), 0);
    for _ in 0..df.abs() {
        let step = topo.step(cur)?;
        route.push(step);
        cur = step.to;
    }
    Some((cur.cell, route))
}

/// Every cell on a rook or bishop line through `from` on the empty board.
pub fn lines_through(topo: &Topology, from: Cell) -> Bitboard {
    ride_starts(topo, from, false)
        .into_iter()
        .chain(ride_starts(topo, from, true))
        .flat_map(|start| topo.ride(start))
        .map(|s| s.to.cell)
        .collect()
}

/// The cursors rides from a cell start with: the four orthogonal or diagonal headings on a square,
/// the polar-circle departures on a live pole.
pub fn ride_starts(topo: &Topology, cell: Cell, diagonal: bool) -> Vec<Cursor> {
    if topo.pole_of(cell).is_some() {
        return topo.pole_departures(cell, diagonal);
    }
    let dirs = if diagonal { Dir::DIAGONAL } else { Dir::ORTHOGONAL };
    dirs.into_iter().map(|d| topo.cursor(cell, d)).collect()
}

/// A pawn's step of heading `dir`: it never crosses a pole, but may enter a live one.
pub fn pawn_step(topo: &Topology, from: Cell, dir: Dir) -> Option<Step> {
    if topo.pole_of(from).is_some() {
        return None;
    }
    topo.step(topo.cursor(from, dir)).filter(|s| s.via.is_none())
}

impl Tables {
    /// Builds every table for a variant.
    fn build(variant: &Variant) -> Tables {
        let topo = variant.topology;
        let n = topo.cells();
        let mut t = Tables {
            topology: topo,
            ray_cells: Vec::new(),
            rays: Vec::new(),
            orth: Vec::with_capacity(n),
            diag: Vec::with_capacity(n),
            king: vec![Bitboard::EMPTY; n],
            knight: vec![Bitboard::EMPTY; n],
            knight_from: vec![Bitboard::EMPTY; n],
            king_from: vec![Bitboard::EMPTY; n],
            pawn_push: [vec![None; n], vec![None; n]],
            pawn_double: [vec![None; n], vec![None; n]],
            pawn_attacks: [vec![Bitboard::EMPTY; n], vec![Bitboard::EMPTY; n]],
            pawn_attackers: [vec![Bitboard::EMPTY; n], vec![Bitboard::EMPTY; n]],
            promotion_zone: [Bitboard::EMPTY; 2],
            castling_keep: vec![0b1111; n],
            castlings: [Vec::new(), Vec::new()],
            all: topo.all_cells().collect(),
        };
        for cell in topo.all_cells() {
            t.add_rays(cell);
            t.add_steps(variant, cell);
        }
        t.add_reverse_steps();
        t.add_promotion_zones(variant);
        t.build_castlings(variant);
        t
    }

    /// The rides from `cell`, along the files and ranks, then along the diagonals.
    fn add_rays(&mut self, cell: Cell) {
        let topo = self.topology;
        for diagonal in [false, true] {
            let first = self.rays.len() as u32;
            for start in ride_starts(&topo, cell, diagonal) {
                let ride = topo.ride(start);
                if ride.is_empty() {
                    continue;
                }
                let s = self.ray_cells.len() as u32;
                self.ray_cells.extend(ride.iter().map(|st| st.to.cell));
                self.rays.push((s, self.ray_cells.len() as u32));
            }
            let range = (first, self.rays.len() as u32);
            if diagonal { self.diag.push(range) } else { self.orth.push(range) }
        }
    }

    /// The steps from `cell`: the king's, the knight's, and each side's pawn pushes, double
    /// steps and captures.
    fn add_steps(&mut self, variant: &Variant, cell: Cell) {
        let topo = self.topology;
        // King: one step each way; a live pole is next to its whole polar circle.
        let king: Bitboard = ride_starts(&topo, cell, false)
            .into_iter()
            .chain(ride_starts(&topo, cell, true))
            .filter_map(|c| topo.step(c))
            .map(|s| s.to.cell)
            .filter(|&c| c != cell)
            .collect();
        self.king[cell.index()] = king;
        self.knight[cell.index()] = knight_leaps(&topo, variant.knight, cell).into_iter().map(|(c, _)| c).collect();
        for color in [Color::White, Color::Black] {
            let ci = color.index();
            let fwd = color.forward();
            let push = pawn_step(&topo, cell, Dir::new(0, fwd)).map(|s| s.to.cell);
            self.pawn_push[ci][cell.index()] = push;
            let first_rank = match color {
                Color::White => 1,
                Color::Black => topo.height() - 2,
            };
            if variant.pawn_double_step
                && topo.coords(cell).is_some_and(|(_, r)| r == first_rank)
                && let Some(skip) = push.filter(|c| topo.pole_of(*c).is_none())
                && let Some(to) = pawn_step(&topo, skip, Dir::new(0, fwd))
            {
                self.pawn_double[ci][cell.index()] = Some((skip, to.to.cell));
            }
            self.pawn_attacks[ci][cell.index()] = [-1, 1]
                .into_iter()
                .filter_map(|df| pawn_step(&topo, cell, Dir::new(df, fwd)))
                .map(|s| s.to.cell)
                .collect();
        }
    }

    /// The knight's, king's and pawns' steps turned round: the cells they come to each cell from.
    fn add_reverse_steps(&mut self) {
        let topo = self.topology;
        for cell in topo.all_cells() {
            for to in self.knight[cell.index()] {
                self.knight_from[to.index()].add(cell);
            }
            for to in self.king[cell.index()] {
                self.king_from[to.index()].add(cell);
            }
            for ci in 0..2 {
                for to in self.pawn_attacks[ci][cell.index()] {
                    self.pawn_attackers[ci][to.index()].add(cell);
                }
            }
        }
    }

    /// Where each side's pawns promote.
    fn add_promotion_zones(&mut self, variant: &Variant) {
        let topo = self.topology;
        for color in [Color::White, Color::Black] {
            self.promotion_zone[color.index()] = match variant.promotion {
                Promotion::None => Bitboard::EMPTY,
                Promotion::LastRank => {
                    let r = if color == Color::White { topo.height() - 1 } else { 0 };
                    (0..topo.width()).filter_map(|f| topo.square(f, r)).collect()
                }
                Promotion::EnemyPole => {
                    let pole = if color == Color::White {
                        crate::rules::topology::Pole::North
                    } else {
                        crate::rules::topology::Pole::South
                    };
                    topo.pole_cell(pole).into_iter().collect()
                }
            };
        }
    }

    fn build_castlings(&mut self, variant: &Variant) {
        let topo = self.topology;
        let kinds: &[Castling] = match variant.castling {
            CastlingRule::None => return,
            CastlingRule::Two => &Castling::ALL[..2],
            CastlingRule::Four => &Castling::ALL,
        };
        if topo.poles() == Poles::Live || topo.width() < 5 {
            return;
        }
        for color in [Color::White, Color::Black] {
            let rank = if color == Color::White { 0 } else { topo.height() - 1 };
            let sq = |f| topo.square(f, rank).expect("home rank square");
            let king_from = sq(4);
            let (a, h) = (sq(0), sq(topo.width() - 1));
            self.castling_keep[king_from.index()] &= !(rook_right(color, true) | rook_right(color, false));
            self.castling_keep[a.index()] &= !rook_right(color, false);
            self.castling_keep[h.index()] &= !rook_right(color, true);
            for &kind in kinds {
                let (h_rook, east) = match kind {
                    Castling::Short => (true, true),
                    Castling::Long => (false, false),
                    Castling::AroundShort => (false, true),
                    Castling::AroundLong => (true, false),
                };
                let rook_from = if h_rook { h } else { a };
                let dir = Dir::new(if east { 1 } else { -1 }, 0);
                let walk: Vec<Cell> = topo.ride(topo.cursor(king_from, dir)).iter().map(|s| s.to.cell).collect();
                let Some(pos) = walk.iter().position(|&c| c == rook_from) else { continue };
                if pos < 2 {
                    continue;
                }
                self.castlings[color.index()].push(CastlingWay {
                    kind,
                    color,
                    right: rook_right(color, h_rook),
                    king_from,
                    king_cross: walk[0],
                    king_to: walk[1],
                    rook_from,
                    rook_to: walk[0],
                    between: walk[..pos].iter().copied().collect(),
                    dir,
                });
            }
        }
    }

    /// The board's shape.
    #[inline]
    pub fn topology(&self) -> &Topology {
        &self.topology
    }
    /// Every cell of the board.
    #[inline]
    pub fn all(&self) -> Bitboard {
        self.all
    }
    /// King steps from a cell.
    #[inline]
    pub fn king(&self, cell: Cell) -> Bitboard {
        at(&self.king, cell)
    }
    /// Knight leaps from a cell.
    #[inline]
    pub fn knight(&self, cell: Cell) -> Bitboard {
        at(&self.knight, cell)
    }
    /// The cells a knight attacks `cell` from (the inverse of [`Tables::knight`]).
    #[inline]
    pub fn knight_from(&self, cell: Cell) -> Bitboard {
        at(&self.knight_from, cell)
    }
    /// The cells a king attacks `cell` from.
    #[inline]
    pub fn king_from(&self, cell: Cell) -> Bitboard {
        at(&self.king_from, cell)
    }
    /// A pawn's single step.
    #[inline]
    pub fn pawn_push(&self, color: Color, cell: Cell) -> Option<Cell> {
        at(&self.pawn_push[color.index()], cell)
    }
    /// A pawn's double step from its first rank: (the square it skips, the square it lands on).
    #[inline]
    pub fn pawn_double(&self, color: Color, cell: Cell) -> Option<(Cell, Cell)> {
        at(&self.pawn_double[color.index()], cell)
    }
    /// The cells a pawn captures on.
    #[inline]
    pub fn pawn_attacks(&self, color: Color, cell: Cell) -> Bitboard {
        at(&self.pawn_attacks[color.index()], cell)
    }
    /// The cells a pawn of `color` attacks `cell` from.
    #[inline]
    pub fn pawn_attackers(&self, color: Color, cell: Cell) -> Bitboard {
        at(&self.pawn_attackers[color.index()], cell)
    }
    /// Where pawns of a colour promote.
    #[inline]
    pub fn promotion_zone(&self, color: Color) -> Bitboard {
        self.promotion_zone[color.index()]
    }
    /// The castling rights kept when a move starts or ends on a cell.
    #[inline]
    pub fn castling_keep(&self, cell: Cell) -> CastlingRights {
        self.castling_keep.get(cell.index()).copied().unwrap_or(0b1111)
    }
    /// The castlings the variant has for a colour.
    #[inline]
    pub fn castlings(&self, color: Color) -> &[CastlingWay] {
        &self.castlings[color.index()]
    }

    /// The orthogonal rides from a cell on the empty board, as cell lists.
    #[inline]
    pub fn orth_rays(&self, cell: Cell) -> impl Iterator<Item = &[Cell]> + '_ {
        let (s, e) = at(&self.orth, cell);
        self.rays[s as usize..e as usize].iter().map(|&(a, b)| &self.ray_cells[a as usize..b as usize])
    }

    /// The diagonal rides from a cell on the empty board, as cell lists.
    #[inline]
    pub fn diag_rays(&self, cell: Cell) -> impl Iterator<Item = &[Cell]> + '_ {
        let (s, e) = at(&self.diag, cell);
        self.rays[s as usize..e as usize].iter().map(|&(a, b)| &self.ray_cells[a as usize..b as usize])
    }

    /// The cells a rider reaches along `rays` given the occupied cells: up to and including the
    /// first occupied cell of each ride.
    #[inline]
    pub fn slide<'a>(rays: impl Iterator<Item = &'a [Cell]>, occupied: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for ray in rays {
            for &c in ray {
                out.add(c);
                if occupied.has(c) {
                    break;
                }
            }
        }
        out
    }

    /// A castling of a side, if the variant has it.
    pub fn castling(&self, color: Color, kind: Castling) -> Option<&CastlingWay> {
        self.castlings[color.index()].iter().find(|w| w.kind == kind)
    }
}
