//! The rules core's answers as plain data, one set of `serde` types shared by every front end
//! that writes them out: `dotchess moves --json` and `dotchess loops --json`, the server's
//! `/moves.json` and `/play.json`, and the Python package's `Position.destinations`. Cells are
//! named as the position's board names them (`d5`), moves in SPEC §4's coordinates (`e2e4`) or
//! in SAN (`Nf3`). `docs/cli.md` ("The rules' answers as JSON") describes the fields.

use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::routes::{Destination, Loop, Route, destinations};
use crate::rules::topology::{Cell, Topology};
use serde::Serialize;

/// A route: the cells it passes, in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct RouteAnswer {
    /// The cells in order, origin first, a dead pole passed over written `N` or `S` where it is.
    pub path: Vec<String>,
    /// The chart position of each cell of `cells`, relative to the origin.
    pub chart: Vec<(i32, i32)>,
    /// The cells in order, origin first.
    pub cells: Vec<String>,
}

impl RouteAnswer {
    /// A route on a board.
    pub fn new(topo: &Topology, r: &Route) -> RouteAnswer {
        let mut path = vec![topo.name(r.from)];
        for s in &r.steps {
            if let Some(p) = s.via {
                path.push(p.letter().to_string());
            }
            path.push(topo.name(s.cell));
        }
        RouteAnswer { path, chart: r.chart_path(), cells: r.cells().into_iter().map(|c| topo.name(c)).collect() }
    }
}

/// One destination of a piece: where, whether a capture, the moves that go there, and every
/// route that reaches it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct DestinationAnswer {
    /// The cell.
    pub cell: String,
    /// Whether the piece captures there.
    pub capture: bool,
    /// The moves to it (promotions: one each), in SAN or in coordinates.
    pub moves: Vec<String>,
    /// The routes that reach it.
    pub routes: Vec<RouteAnswer>,
}

impl DestinationAnswer {
    /// A destination of a piece of `pos`, its moves in SAN (`san`) or in coordinates.
    pub fn new(pos: &Position, d: &Destination, san: bool) -> DestinationAnswer {
        let topo = pos.topology();
        DestinationAnswer {
            cell: topo.name(d.cell),
            capture: d.capture,
            moves: d.moves.iter().map(|&m| if san { pos.san(m) } else { pos.move_name(m) }).collect(),
            routes: d.routes.iter().map(|r| RouteAnswer::new(topo, r)).collect(),
        }
    }
}

/// Every destination of the piece on a square.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct PieceAnswer {
    /// The variant's name.
    pub variant: &'static str,
    /// The position.
    pub fen: String,
    /// The square.
    pub square: String,
    /// The piece, as its FEN letter.
    pub piece: String,
    /// Its destinations ([`destinations`]).
    pub destinations: Vec<DestinationAnswer>,
}

impl PieceAnswer {
    /// The destinations of the piece on `cell` (`legal`: its legal moves only, else every
    /// pseudo-legal one), their moves in SAN (`san`) or in coordinates; `None` on an empty cell.
    pub fn new(pos: &Position, cell: Cell, legal: bool, san: bool) -> Option<PieceAnswer> {
        let piece = pos.piece_at(cell)?;
        Some(PieceAnswer {
            variant: pos.variant().id.name(),
            fen: pos.fen(),
            square: pos.topology().name(cell),
            piece: piece.letter().to_string(),
            destinations: destinations(pos, cell, legal).iter().map(|d| DestinationAnswer::new(pos, d, san)).collect(),
        })
    }
}

/// A move played: its names, cells and the position after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct MoveAnswer {
    /// In coordinates (`e2e4`).
    pub name: String,
    /// In SAN (`e4`).
    pub san: String,
    /// Its origin.
    pub from: String,
    /// Its destination.
    pub to: String,
    /// Both, as a figure's `lastmove` takes them (`e2e4`).
    pub lastmove: String,
    /// The position after it.
    pub fen: String,
}

impl MoveAnswer {
    /// A legal move of `pos`.
    pub fn new(pos: &Position, m: Move) -> MoveAnswer {
        let topo = pos.topology();
        let mut after = pos.clone();
        after.play_unchecked(m);
        let (from, to) = (topo.name(m.from), topo.name(m.to));
        MoveAnswer {
            name: pos.move_name(m),
            san: pos.san(m),
            lastmove: format!("{from}{to}"),
            from,
            to,
            fen: after.fen(),
        }
    }
}

/// A loop of a board: its kind, length and route.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct LoopAnswer {
    /// `rank`, `file`, `diagonal`, … ([`crate::LoopKind`]).
    pub kind: &'static str,
    /// Its cells.
    pub length: usize,
    /// The route round it.
    pub route: RouteAnswer,
}

impl LoopAnswer {
    /// A loop of a board.
    pub fn new(topo: &Topology, l: &Loop) -> LoopAnswer {
        LoopAnswer { kind: l.kind.name(), length: l.cells().len(), route: RouteAnswer::new(topo, &l.route) }
    }
}
