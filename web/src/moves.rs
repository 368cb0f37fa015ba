//! A piece's moves as a page asks for them: every destination with its moves (as coordinates and
//! in SAN, named as the piece's own side would name them) and every route that reaches it, the
//! answers `dotchess moves --square CELL --json` prints.

use crate::figure::variant;
use dotchess::{Color, Destination, Position, Route, destinations};
use serde::Serialize;

/// What [`moves`] answers.
#[derive(Serialize)]
pub struct Moves {
    variant: String,
    fen: String,
    square: String,
    piece: String,
    destinations: Vec<Dest>,
}

#[derive(Serialize)]
struct Dest {
    cell: String,
    capture: bool,
    moves: Vec<String>,
    san: Vec<String>,
    routes: Vec<Path>,
}

#[derive(Serialize)]
struct Path {
    /// The cells in order, dead poles written where passed (`d7 d8 N h8`).
    path: Vec<String>,
    /// The cells in order, the origin first.
    cells: Vec<String>,
    /// Each cell's place on the unrolled chart, relative to the origin.
    chart: Vec<(i32, i32)>,
}

/// The legal moves of the piece on `square` of the position `fen` (empty: the start) of
/// `variant`, as JSON.
pub fn moves(fen: &str, variant_name: &str, square: &str) -> Result<String, String> {
    let v = variant(variant_name)?;
    let pos = match fen.trim() {
        "" => Position::start(v),
        f => Position::from_fen(v, f).map_err(|e| format!("fen: {e}"))?,
    };
    let topo = pos.topology();
    let cell = topo.parse_cell(square.trim()).ok_or_else(|| format!("square `{square}`: not a cell of {}", v))?;
    let piece = pos.piece_at(cell).ok_or_else(|| format!("square `{square}`: no piece there"))?;
    // SAN as the piece's own side names its moves: the side to move set to it.
    let own = if piece.color == pos.turn() { pos.clone() } else { turned(&pos, piece.color).unwrap_or(pos.clone()) };
    let dests = destinations(&pos, cell, true);
    let own_dests = destinations(&own, cell, true);
    let out = Moves {
        variant: v.to_string(),
        fen: pos.fen(),
        square: topo.name(cell),
        piece: piece.letter().to_string(),
        destinations: dests.iter().map(|d| dest(&pos, &own, &own_dests, d)).collect(),
    };
    Ok(serde_json::to_string(&out).expect("JSON of plain data"))
}

/// The position with `side` to move (no en-passant cell), when that is a legal position.
fn turned(pos: &Position, side: Color) -> Option<Position> {
    let mut fen: Vec<String> = pos.fen().split(' ').map(str::to_string).collect();
    if fen.len() < 4 {
        return None;
    }
    fen[1] = if side == Color::White { "w" } else { "b" }.to_string();
    fen[3] = "-".to_string();
    Position::from_fen(pos.variant().id, &fen.join(" ")).ok()
}

fn dest(pos: &Position, own: &Position, own_dests: &[Destination], d: &Destination) -> Dest {
    let topo = pos.topology();
    let own_moves = own_dests.iter().find(|o| o.cell == d.cell).map(|o| o.moves.clone()).unwrap_or_default();
    Dest {
        cell: topo.name(d.cell),
        capture: d.capture,
        moves: d.moves.iter().map(|&m| pos.move_name(m)).collect(),
        san: own_moves.iter().map(|&m| own.san(m)).collect(),
        routes: d.routes.iter().map(|r| path(pos, r)).collect(),
    }
}

fn path(pos: &Position, r: &Route) -> Path {
    let topo = pos.topology();
    let mut names = vec![topo.name(r.from)];
    for s in &r.steps {
        if let Some(p) = s.via {
            names.push(p.letter().to_string());
        }
        names.push(topo.name(s.cell));
    }
    Path { path: names, cells: r.cells().into_iter().map(|c| topo.name(c)).collect(), chart: r.chart_path() }
}
