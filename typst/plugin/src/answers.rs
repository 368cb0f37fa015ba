//! The rules' answers as data for a document: a game's tags and moves (for the move text and the
//! captions lib.typ sets), and a piece's destinations with their routes and names (as `dotchess
//! moves --square CELL --json` lists them).

use crate::request::{parse, position, read_game, variant, GameFile};
use dotchess::input::{not_a_cell, Game, Ply};
use dotchess::{Color, Destination, Position, Route, Topology};
use serde::{Deserialize, Serialize};

/// What lib.typ's `game` sends: the game file and the variant of a game without a `Variant` tag.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    game: GameFile,
    variant: Option<String>,
}

#[derive(Serialize)]
struct GameJson {
    variant: &'static str,
    tags: Vec<(String, String)>,
    result: String,
    /// The players, event and year, and the result, as a replay's caption gives them.
    caption: String,
    /// The start's FEN.
    start: String,
    /// The comment before the first move.
    intro: String,
    plies: Vec<PlyJson>,
}

/// One move, with where it stands in the game: its move number and side, so that the document
/// writes `12.` or `12…` before it.
#[derive(Serialize)]
struct PlyJson {
    /// The move number.
    number: u32,
    /// Whether White made it.
    white: bool,
    san: String,
    /// The first move glyph among its NAGs (`!`, `?`, `!!`, …), or none.
    glyph: Option<&'static str>,
    nags: Vec<u8>,
    comment: String,
    /// Lines played instead of it, each from the position before it.
    variations: Vec<Vec<PlyJson>>,
}

/// A game's tags, moves (SAN, numbers, glyphs, comments, variations) and caption as JSON.
pub fn game(request: &[u8]) -> Result<Vec<u8>, String> {
    let r: GameRequest = parse(request)?;
    let game = read_game(&r.game, variant(r.variant.as_deref())?)?;
    Ok(serde_json::to_vec(&game_json(&game)).expect("JSON of plain data"))
}

fn game_json(game: &Game) -> GameJson {
    let half = u32::from(game.start.turn() == Color::Black);
    GameJson {
        variant: game.variant.name(),
        tags: game.tags.clone(),
        result: game.result.clone(),
        caption: game.caption(),
        start: game.start.fen(),
        intro: game.intro.text.clone(),
        plies: line(&game.plies, game.start.setup().fullmove, half),
    }
}

/// A line of plies, the first `half` half-moves after move `fullmove`'s start (0: White's).
fn line(plies: &[Ply], fullmove: u32, half: u32) -> Vec<PlyJson> {
    plies
        .iter()
        .zip(half..)
        .map(|(p, h)| PlyJson {
            number: fullmove + h / 2,
            white: h % 2 == 0,
            san: p.san.clone(),
            glyph: p.glyph(),
            nags: p.nags.clone(),
            comment: p.note.text.clone(),
            variations: p.variations.iter().map(|v| line(v, fullmove, h)).collect(),
        })
        .collect()
}

/// What lib.typ's `destinations` sends.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DestinationsRequest {
    fen: Option<String>,
    variant: Option<String>,
    square: String,
    #[serde(default)]
    pseudo: bool,
}

#[derive(Serialize)]
struct DestinationJson {
    cell: String,
    capture: bool,
    /// The moves to it in coordinate form (`d5d8`; several for a promotion).
    moves: Vec<String>,
    /// Their algebraic names, for a legal move of the side to move; else empty.
    san: Vec<String>,
    /// Each route: the cells passed, the piece's own first, `N`/`S` where it crosses a dead pole.
    routes: Vec<Vec<String>>,
}

/// A piece's destinations, each with its moves and routes, as JSON.
pub fn destinations(request: &[u8]) -> Result<Vec<u8>, String> {
    let r: DestinationsRequest = parse(request)?;
    let pos = position(r.fen.as_deref(), variant(r.variant.as_deref())?)?;
    let cell =
        pos.topology().parse_cell(&r.square).ok_or_else(|| format!("square: {}", not_a_cell(&pos, &r.square)))?;
    let piece = pos.piece_at(cell).ok_or_else(|| format!("square: no piece on {}", r.square))?;
    let named = piece.color == pos.turn() && !r.pseudo;
    let list: Vec<DestinationJson> =
        dotchess::destinations(&pos, cell, !r.pseudo).iter().map(|d| destination(&pos, d, named)).collect();
    Ok(serde_json::to_vec(&list).expect("JSON of plain data"))
}

fn destination(pos: &Position, d: &Destination, named: bool) -> DestinationJson {
    let topo = pos.topology();
    DestinationJson {
        cell: topo.name(d.cell),
        capture: d.capture,
        moves: d.moves.iter().map(|&m| pos.move_name(m)).collect(),
        san: if named { d.moves.iter().map(|&m| pos.san(m)).collect() } else { Vec::new() },
        routes: d.routes.iter().map(|r| route(topo, r)).collect(),
    }
}

fn route(topo: &Topology, r: &Route) -> Vec<String> {
    let mut cells = vec![topo.name(r.from)];
    for s in &r.steps {
        cells.extend(s.via.map(|p| p.letter().to_string()));
        cells.push(topo.name(s.cell));
    }
    cells
}
