//! A game file read for a viewer: its games' moves in SAN with their move numbers, glyphs,
//! comments (their arrows, circles and clocks) and variations, as JSON; and any ply of a game as
//! the figure `dotchess render GAME.pgn --ply N` draws (the replay's marks on it: the last
//! move's route, check, the comment's `%cal` and `%csl`).

use crate::attributes;
use crate::figure::variant;
use dotchess::input::{Game, Note, Ply, read_games};
use dotchess::{Position, Topology};
use serde::Serialize;

/// A game read once, for its plies to be drawn one after another.
pub struct Viewer {
    game: Game,
}

impl Viewer {
    /// The `number`th game (from 1) of a game file's text; `name` names the file in messages.
    pub fn read(name: &str, pgn: &str, variant_name: &str, number: usize) -> Result<Viewer, String> {
        let v = variant(variant_name)?;
        let mut games = read_games(name, pgn, v).map_err(|e| e.to_string())?;
        let held = games.len();
        if number == 0 || number > held {
            return Err(format!(
                "{name}: game {number}: the file holds {held} game{}",
                if held == 1 { "" } else { "s" }
            ));
        }
        Ok(Viewer { game: games.swap_remove(number - 1) })
    }

    /// The number of plies of the main line.
    pub fn plies(&self) -> usize {
        self.game.plies.len()
    }

    /// The game as JSON ([`GameJson`]).
    pub fn json(&self) -> String {
        serde_json::to_string(&GameJson::new(&self.game)).expect("JSON of plain data")
    }

    /// The position after `ply` plies as `dotchess render GAME --ply PLY` draws it, with the
    /// element's attributes as its flags.
    pub fn svg(&self, ply: usize, attrs: &[(String, String)]) -> Result<String, String> {
        let n = self.plies();
        if ply > n {
            return Err(format!("ply {ply}: the game has {n} plies (0, the start, to {n})"));
        }
        let options = attributes::options(attrs, &[])?;
        let checked = self.game.sheet(&[ply], &options).map_err(|e| e.to_string())?;
        crate::figure::to_svg(&checked)
    }
}

impl Viewer {
    /// A ply of a variation, as [`Viewer::svg`] draws a main-line ply: the game taken along the
    /// variation, its marks those of the replay's still there. `path` is `[i, v, j, …]`: the
    /// main line's `i`th ply (from 0) replaced by its `v`th variation, in which the `j`th ply is
    /// the one drawn — or, when more follow, replaced by its own variation in turn.
    pub fn svg_in_variation(&self, path: &[usize], attrs: &[(String, String)]) -> Result<String, String> {
        let bad = || format!("no variation at {path:?}");
        if path.len() < 3 || path.len().is_multiple_of(2) {
            return Err(bad());
        }
        let mut line: Vec<Ply> = Vec::new();
        let mut cur: &[Ply] = &self.game.plies;
        for pair in path[..path.len() - 1].chunks(2) {
            let (i, v) = (pair[0], pair[1]);
            let ply = cur.get(i).ok_or_else(bad)?;
            line.extend_from_slice(&cur[..i]);
            cur = ply.variations.get(v).ok_or_else(bad)?;
        }
        let last = path[path.len() - 1];
        line.extend_from_slice(cur.get(..=last).ok_or_else(bad)?);
        let game = Game { plies: line, ..self.game.clone() };
        let options = attributes::options(attrs, &[])?;
        let checked = game.sheet(&[game.plies.len()], &options).map_err(|e| e.to_string())?;
        crate::figure::to_svg(&checked)
    }
}

/// A game for a page: tags, start, result, caption, the comment before the first move and the
/// main line.
#[derive(Serialize)]
struct GameJson {
    variant: String,
    tags: Vec<(String, String)>,
    start: String,
    result: String,
    caption: String,
    intro: NoteJson,
    plies: Vec<PlyJson>,
}

/// A ply: its SAN, its number as a book writes it (`12.`, `12...`), its glyph and NAGs, its
/// comment, the FEN after it, and the variations played instead of it.
#[derive(Serialize)]
struct PlyJson {
    san: String,
    number: String,
    glyph: Option<&'static str>,
    nags: Vec<u8>,
    note: NoteJson,
    fen: String,
    variations: Vec<Vec<PlyJson>>,
}

#[derive(Serialize)]
struct NoteJson {
    text: String,
    arrows: Vec<(String, String, char)>,
    circles: Vec<(String, char)>,
    clock: Option<u64>,
}

impl GameJson {
    fn new(game: &Game) -> GameJson {
        GameJson {
            variant: game.variant.to_string(),
            tags: game.tags.clone(),
            start: game.start.fen(),
            result: game.result.clone(),
            caption: game.caption(),
            intro: NoteJson::new(game.start.topology(), &game.intro),
            plies: line(&game.start, &game.plies),
        }
    }
}

/// A line of plies from a position, each with its number and the position after it.
fn line(start: &Position, plies: &[Ply]) -> Vec<PlyJson> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(plies.len());
    for p in plies {
        let variations = p.variations.iter().map(|v| line(&pos, v)).collect();
        let number = number(&pos);
        pos.play_unchecked(p.mv);
        out.push(PlyJson {
            san: p.san.clone(),
            number,
            glyph: p.glyph(),
            nags: p.nags.clone(),
            note: NoteJson::new(pos.topology(), &p.note),
            fen: pos.fen(),
            variations,
        });
    }
    out
}

/// The number a book writes before a move in a position: `12.` for White's, `12...` for
/// Black's (Red and Black in xiangqi alike).
fn number(pos: &Position) -> String {
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let side = fields.get(1).copied().unwrap_or("w");
    let full = fields.get(5).copied().unwrap_or("1");
    if side == "w" { format!("{full}.") } else { format!("{full}...") }
}

impl NoteJson {
    fn new(topo: &Topology, n: &Note) -> NoteJson {
        NoteJson {
            text: n.text.clone(),
            arrows: n.arrows.iter().map(|&(a, b, brush)| (topo.name(a), topo.name(b), brush.letter())).collect(),
            circles: n.circles.iter().map(|&(c, brush)| (topo.name(c), brush.letter())).collect(),
            clock: n.clock,
        }
    }
}
