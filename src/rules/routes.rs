//! Routes and loops: the answers the figures are drawn from.
//!
//! A [`Route`] is the chain of steps a piece takes to a destination, each step with the cell it
//! reaches, the dead pole it passed over, and its displacement on the unrolled chart, so that a
//! renderer can draw it on the board, on the chart and on the sphere without knowing any rule.

use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::{knight_leaps, pawn_step, ride_starts};
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::Role;
use crate::rules::position::Position;
use crate::rules::topology::{Cell, Dir, Pole, RIDE_LIMIT, Step, Topology};
use std::collections::BTreeSet;

/// One step of a route.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RouteStep {
    /// The cell the step reaches.
    pub cell: Cell,
    /// The heading after the step (on a live pole: the heading of the step off it).
    pub dir: Dir,
    /// The dead pole the step passed over.
    pub via: Option<Pole>,
    /// Displacement on the unrolled chart, `(columns, rows)`, in the frame of the board copy the
    /// step starts in (see [`Step::chart`]).
    pub chart: (i8, i8),
    /// Whether the step enters a north–south flipped copy on the chart.
    pub flips: bool,
}

impl From<Step> for RouteStep {
    fn from(s: Step) -> RouteStep {
        RouteStep { cell: s.to.cell, dir: s.to.dir, via: s.via, chart: s.chart, flips: s.flips }
    }
}

/// An ordered chain of steps from a piece's cell to a destination.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Route {
    /// Where the piece stands.
    pub from: Cell,
    /// The steps; the last one reaches the destination.
    pub steps: Vec<RouteStep>,
}

impl Route {
    /// The cell the route ends on.
    pub fn to(&self) -> Cell {
        self.steps.last().map_or(self.from, |s| s.cell)
    }
    /// Whether two routes are one path: the same sequence of cells and of dead poles passed.
    /// Headings and chart steps may differ: a king's three steps over a dead pole all land on the
    /// antipodal square, and its three steps from a1 onto a live pole S (north-west, south and
    /// south-east; the chart puts them in three columns of the pole's band) all enter the same
    /// cell. [`destinations`] keeps the first such route, the orthogonal one where there is one.
    pub fn same_path(&self, other: &Route) -> bool {
        self.from == other.from
            && self.steps.len() == other.steps.len()
            && self.steps.iter().zip(&other.steps).all(|(a, b)| (a.cell, a.via) == (b.cell, b.via))
    }
    /// The cells of the route in order, the origin first.
    pub fn cells(&self) -> Vec<Cell> {
        std::iter::once(self.from).chain(self.steps.iter().map(|s| s.cell)).collect()
    }
    /// The dead poles the route passes over, in order.
    pub fn poles(&self) -> Vec<Pole> {
        self.steps.iter().filter_map(|s| s.via).collect()
    }
    /// The chart position of each cell of the route relative to the origin, as `(x, y)` in
    /// squares (east and north on the origin's copy), the origin `(0, 0)` first.
    pub fn chart_path(&self) -> Vec<(i32, i32)> {
        let mut out = vec![(0, 0)];
        let (mut x, mut y, mut sign) = (0i32, 0i32, 1i32);
        for s in &self.steps {
            x += s.chart.0 as i32;
            y += sign * s.chart.1 as i32;
            if s.flips {
                sign = -sign;
            }
            out.push((x, y));
        }
        out
    }
}

/// A destination of a piece with every route that reaches it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Destination {
    /// The cell.
    pub cell: Cell,
    /// Whether moving there captures (en passant included).
    pub capture: bool,
    /// The moves that end here (several for a promotion).
    pub moves: Vec<Move>,
    /// Every route to the cell, in the order the rides were tried.
    pub routes: Vec<Route>,
}

/// Every destination of the piece on `from`, with routes, for the side that owns it. With
/// `legal`, only legal moves count (the piece's owner is put to move to ask); else pseudo-legal.
/// Empty when the cell is empty.
pub fn destinations(pos: &Position, from: Cell, legal: bool) -> Vec<Destination> {
    let Some(piece) = pos.piece_at(from) else { return Vec::new() };
    let mut p = pos.clone();
    if p.turn != piece.color {
        p.turn = piece.color;
        p.ep = None;
    }
    let mut moves = Vec::new();
    if legal {
        p.legal_moves(&mut moves)
    } else {
        p.pseudo_legal_moves(&mut moves)
    }
    moves.retain(|m| m.from == from);
    let targets: Bitboard = moves.iter().map(|m| m.to).collect();
    let mut out: Vec<Destination> = targets
        .map(|cell| {
            let ms: Vec<Move> = moves.iter().copied().filter(|m| m.to == cell).collect();
            let capture = ms.iter().any(|m| m.kind == MoveKind::EnPassant)
                || p.piece_at(cell).is_some_and(|q| q.color != piece.color);
            Destination { cell, capture, moves: ms, routes: Vec::new() }
        })
        .collect();
    for route in candidate_routes(&p, from) {
        if let Some(d) = out.iter_mut().find(|d| d.cell == route.to())
            && !d.routes.iter().any(|r| r.same_path(&route))
        {
            d.routes.push(route);
        }
    }
    out
}

/// Every route the piece on `from` could take given the blockers, before legality.
fn candidate_routes(pos: &Position, from: Cell) -> Vec<Route> {
    let Some(piece) = pos.piece_at(from) else { return Vec::new() };
    let topo = pos.topology();
    let route = |steps: Vec<Step>| Route { from, steps: steps.into_iter().map(RouteStep::from).collect() };
    if pos.variant().is_xiangqi() {
        return pos.xiangqi_routes(from).into_iter().map(route).collect();
    }
    let mut out = Vec::new();
    let rides = |diagonal: bool, out: &mut Vec<Route>| {
        for start in ride_starts(topo, from, diagonal) {
            let mut steps = Vec::new();
            for step in topo.ride(start) {
                steps.push(step);
                out.push(route(steps.clone()));
                if pos.piece_at(step.to.cell).is_some() {
                    break;
                }
            }
        }
    };
    match piece.role {
        Role::Rook => rides(false, &mut out),
        Role::Bishop => rides(true, &mut out),
        Role::Queen => {
            rides(false, &mut out);
            rides(true, &mut out);
        }
        Role::Knight => {
            out.extend(knight_leaps(topo, pos.variant().knight, from).into_iter().map(|(_, s)| route(s)));
        }
        Role::King => {
            for diagonal in [false, true] {
                for start in ride_starts(topo, from, diagonal) {
                    out.extend(topo.step(start).map(|s| route(vec![s])));
                }
            }
            for way in pos.tables().castlings(piece.color) {
                if way.king_from == from {
                    let walk = topo.ride(topo.cursor(from, way.dir));
                    out.push(route(walk.into_iter().take(2).collect()));
                }
            }
        }
        // A chess board never holds xiangqi pieces: FEN refuses their letters.
        Role::Guard | Role::Elephant | Role::Horse | Role::Cannon => {}
        // A pawn's route is the step it makes: a push onto an empty cell, a capture onto an enemy
        // piece or the en passant square, never the other kind onto the same cell (a push and a
        // diagonal capture may both end on a live pole).
        Role::Pawn => {
            let fwd = piece.color.forward();
            let empty = |c: Cell| pos.piece_at(c).is_none();
            if let Some(one) = pawn_step(topo, from, Dir::new(0, fwd)).filter(|s| empty(s.to.cell)) {
                out.push(route(vec![one]));
                if let Some(two) = pawn_step(topo, one.to.cell, Dir::new(0, fwd)).filter(|s| empty(s.to.cell)) {
                    out.push(route(vec![one, two]));
                }
            }
            let takes = |c: Cell| pos.ep_square() == Some(c) || pos.piece_at(c).is_some_and(|q| q.color != piece.color);
            for df in [-1, 1] {
                out.extend(
                    pawn_step(topo, from, Dir::new(df, fwd)).filter(|s| takes(s.to.cell)).map(|s| route(vec![s])),
                );
            }
        }
    }
    out
}

/// What a loop follows.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum LoopKind {
    /// An orthogonal loop along one rank.
    Latitude,
    /// An orthogonal loop along files (through the poles).
    Longitude,
    /// A diagonal loop.
    Diagonal,
}

impl LoopKind {
    /// A lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            LoopKind::Latitude => "latitude",
            LoopKind::Longitude => "longitude",
            LoopKind::Diagonal => "diagonal",
        }
    }
}

/// A closed loop traced by a rook or bishop ride on the empty board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Loop {
    /// What it follows.
    pub kind: LoopKind,
    /// The heading the ride starts with from the route's first cell.
    pub dir: Dir,
    /// A route that walks the whole loop from its first cell back to that cell: the last step
    /// closes the loop.
    pub route: Route,
}

impl Loop {
    /// The loop's cells in order, each once (live poles included).
    pub fn cells(&self) -> Vec<Cell> {
        let mut cells = self.route.cells();
        cells.pop();
        cells
    }
}

/// Every distinct closed loop that rook and bishop rides trace on the empty board. A loop is the
/// cycle of ride states (cell and heading) that a ride from a square repeats; two loops are the
/// same when their cell cycles agree up to where they start and which way round they go. Rides
/// that run off an edge make no loop. Sorted by kind, then by their cells.
pub fn loops(topo: &Topology) -> Vec<Loop> {
    let mut seen: BTreeSet<Vec<Cell>> = BTreeSet::new();
    let mut out = Vec::new();
    for cell in topo.all_cells().filter(|&c| topo.coords(c).is_some()) {
        for dir in Dir::ORTHOGONAL.into_iter().chain(Dir::DIAGONAL) {
            let start = topo.cursor(cell, dir);
            let mut steps = Vec::new();
            let mut cur = start;
            let closed = loop {
                let Some(step) = topo.step(cur) else { break false };
                steps.push(step);
                if step.to == start {
                    break true;
                }
                cur = step.to;
                if steps.len() > RIDE_LIMIT {
                    break false;
                }
            };
            if !closed {
                continue;
            }
            let route = Route { from: cell, steps: steps.into_iter().map(RouteStep::from).collect() };
            let mut cells = route.cells();
            cells.pop();
            let key = canonical_cycle(&cells);
            if !seen.insert(key.clone()) {
                continue;
            }
            let kind = if !dir.is_orthogonal() {
                LoopKind::Diagonal
            } else if cells.iter().all(|&c| topo.coords(c).map(|x| x.1) == topo.coords(cell).map(|x| x.1)) {
                LoopKind::Latitude
            } else {
                LoopKind::Longitude
            };
            out.push((kind, key, Loop { kind, dir, route }));
        }
    }
    out.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    out.into_iter().map(|(_, _, l)| l).collect()
}

/// The least rotation of a cycle or of its reverse: one name per undirected cycle.
fn canonical_cycle(cells: &[Cell]) -> Vec<Cell> {
    let n = cells.len();
    let mut best: Option<Vec<Cell>> = None;
    let rev: Vec<Cell> = cells.iter().rev().copied().collect();
    for seq in [cells, &rev[..]] {
        for i in 0..n {
            let rot: Vec<Cell> = seq[i..].iter().chain(&seq[..i]).copied().collect();
            if best.as_ref().is_none_or(|b| rot < *b) {
                best = Some(rot);
            }
        }
    }
    best.unwrap_or_default()
}

/// The ride from `cell` heading `dir` on the empty board, up to its first visit of `until`
/// (`cell` itself: the whole loop, closed). `None` when the ride ends before reaching `until`.
/// Figures draw loops, parts of loops and a castling rook's jump with it.
pub fn ride_to(topo: &Topology, cell: Cell, dir: Dir, until: Cell) -> Option<Route> {
    let start = topo.cursor(cell, dir);
    let mut steps = Vec::new();
    let mut cur = start;
    while let Some(s) = topo.step(cur) {
        steps.push(RouteStep::from(s));
        if s.to.cell == until || s.to == start || steps.len() > RIDE_LIMIT {
            break;
        }
        cur = s.to;
    }
    (steps.last().is_some_and(|s| s.cell == until)).then_some(Route { from: cell, steps })
}

/// The route an arrow from `from` to `to` follows in a position: when the piece on `from` can
/// move to `to` (pseudo-legally: a diagram's arrow need not be a legal move), the shortest route
/// of that move, so the arrow goes round blockers as the piece does; otherwise the shortest way
/// on the empty board ([`arrow_route`]).
pub fn arrow_route_in(pos: &Position, from: Cell, to: Cell) -> Option<Route> {
    let moved = destinations(pos, from, false)
        .into_iter()
        .find(|d| d.cell == to)
        .and_then(|d| d.routes.into_iter().min_by_key(|r| r.steps.len()));
    moved.or_else(|| arrow_route(pos.variant(), from, to))
}

/// The route an arrow from `from` to `to` follows: the shortest of the rides (rook and bishop
/// directions, on the empty board) and the knight's leaps (an L along its leg squares) that reach
/// `to`; rides win ties. `None` when neither reaches it.
pub fn arrow_route(variant: &crate::rules::variant::Variant, from: Cell, to: Cell) -> Option<Route> {
    let topo = &variant.topology;
    let mut best: Option<Vec<Step>> = None;
    let mut offer = |steps: Vec<Step>| {
        if best.as_ref().is_none_or(|b| steps.len() < b.len()) {
            best = Some(steps);
        }
    };
    for diagonal in [false, true] {
        for start in ride_starts(topo, from, diagonal) {
            let ride = topo.ride(start);
            if let Some(i) = ride.iter().position(|s| s.to.cell == to) {
                offer(ride[..=i].to_vec());
            }
        }
    }
    for (cell, steps) in knight_leaps(topo, variant.knight, from) {
        if cell == to {
            offer(steps);
        }
    }
    best.map(|steps| Route { from, steps: steps.into_iter().map(RouteStep::from).collect() })
}
