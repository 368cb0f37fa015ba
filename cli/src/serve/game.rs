//! The workbench's questions to the rules core, answered as JSON (GET, no state on the server):
//!
//! * `/variants.json`: each variant's name, title, board and pieces (the page's variant picker
//!   and piece palette);
//! * `/moves.json?variant=&fen=[&square=]`: the legal moves (of the piece on `square`: its
//!   destinations, as `dotchess moves --square --json` lists them), each with its SAN (as
//!   `dotchess moves --san` prints it) and the position after it;
//! * `/play.json?variant=&fen=&line=e2e4,e7e5`: a line of moves played, the position after each
//!   (a page's move list restored from its URL);
//! * `/edit.json?variant=&fen=&cell=e4&piece=Q` (`piece=-` empties the cell) or `&turn=b`: the
//!   position edited, checked as a FEN is (castling rights and an en passant square the edit
//!   made impossible are dropped), with what makes it unplayable (a side without its king);
//! * `POST /pgn.json?variant=` with a game file's text: its first game's move tree (the main
//!   line and every variation, with comments), read as `dotchess animate GAME.pgn` reads it.
//!
//! A position's `status` names the side to move as the variant does (`side`: xiangqi's gold and
//! red, docs/rules.md §3).

use super::error::ApiError;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use dotchess::Move;
use dotchess::Poles;
use dotchess::Position;
use dotchess::SetupErrorKind;
use dotchess::VariantId;
use dotchess::answers::{MoveAnswer, PieceAnswer};
use dotchess::input::query_pairs as pairs;
use dotchess::{Color, Piece, Role};
use serde_json::{Value, json};

/// Most moves in one `line`.
pub(crate) const MAX_LINE: usize = 2000;

/// A JSON answer (it depends on the query only, but is small: not cached).
pub(crate) fn answer(r: Result<Value, ApiError>) -> Response {
    match r {
        Ok(v) => {
            let mut r = v.to_string().into_response();
            r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            r
        }
        Err(e) => e.into_response(),
    }
}

/// The query's pairs by key, each key at most once and one of `keys`.
fn read<'a>(req: &Request, keys: &[&'a str]) -> Result<Vec<(&'a str, String)>, ApiError> {
    let mut out: Vec<(&'a str, String)> = Vec::new();
    let given = pairs(req.uri().query().unwrap_or("")).map_err(|e| super::query::input_error(&e))?;
    for (k, v) in given {
        let Some(&key) = keys.iter().find(|n| **n == k) else {
            let known = match keys {
                [] => "this route takes none".to_string(),
                _ => format!("the keys are {}", keys.join(", ")),
            };
            return Err(ApiError::bad(format!("unknown key `{k}` ({known})")).at_key(&k));
        };
        if out.iter().any(|(o, _)| *o == key) {
            return Err(ApiError::bad(format!("`{k}` is given twice")).at_key(&k));
        }
        out.push((key, v));
    }
    Ok(out)
}

fn get<'a>(given: &'a [(&str, String)], key: &str) -> Option<&'a str> {
    given.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// The position of `variant` and `fen` (default: the start).
fn position(given: &[(&str, String)]) -> Result<Position, ApiError> {
    let variant = match get(given, "variant") {
        None => VariantId::Dot,
        Some(v) => v.parse::<VariantId>().map_err(|e| ApiError::bad(e.to_string()).at_key("variant"))?,
    };
    match get(given, "fen") {
        None => Ok(Position::start(variant)),
        Some(f) => {
            Position::from_fen(variant, f).map_err(|e| ApiError::bad(e.to_string()).at_key("fen").at_column(e.column))
        }
    }
}

/// A move with its name in SPEC §4's coordinates and in SAN (`Nf3`), its from and to cells, the
/// figure's `lastmove` for it, and the position after it ([`MoveAnswer`]).
pub(crate) fn move_json(pos: &Position, m: Move) -> Value {
    serde_json::to_value(MoveAnswer::new(pos, m)).expect("JSON of plain data")
}

/// Whose turn (and the variant's name of that side), check, the number of legal moves, and what
/// makes the position unplayable.
fn status(pos: &Position) -> Value {
    let side = pos.variant().color_name(pos.turn());
    let (turn, check, legal, problems) = (pos.turn().name(), pos.in_check(), pos.moves().len(), problems(pos));
    json!({ "turn": turn, "side": side, "check": check, "legal": legal, "problems": problems })
}

/// What makes a position unplayable though it reads: a side without its king.
fn problems(pos: &Position) -> Vec<String> {
    let v = pos.variant();
    let royal = v.role_name(Role::King);
    [Color::White, Color::Black]
        .into_iter()
        .filter(|&c| !pos.pieces().any(|(_, p)| p.color == c && p.role == Role::King))
        .map(|c| {
            let side = v.color_name(c);
            let (first, rest) = side.split_at(side.chars().next().map_or(0, char::len_utf8));
            format!("{}{rest} has no {royal}", first.to_uppercase())
        })
        .collect()
}

/// `/moves.json`.
pub async fn moves(req: Request) -> Response {
    answer((|| {
        let given = read(&req, &["variant", "fen", "square"])?;
        let pos = position(&given)?;
        let mut doc = json!({ "variant": pos.variant().id.name(), "fen": pos.fen(), "status": status(&pos) });
        let mut list = pos.moves();
        list.sort_by_key(|&m| pos.move_name(m));
        doc["moves"] = list.iter().map(|&m| move_json(&pos, m)).collect();
        if let Some(sq) = get(&given, "square") {
            let topo = pos.topology();
            let cell = topo
                .parse_cell(sq)
                .ok_or_else(|| ApiError::bad(dotchess::input::not_a_cell(&pos, sq)).at_key("square"))?;
            // The piece's answer as `dotchess moves --square --json` gives it, moves in coordinates.
            let piece = PieceAnswer::new(&pos, cell, true, false)
                .ok_or_else(|| ApiError::bad(format!("no piece on {sq}")).at_key("square"))?;
            doc["square"] = piece.square.into();
            doc["piece"] = piece.piece.into();
            doc["destinations"] = serde_json::to_value(piece.destinations).expect("JSON of plain data");
        }
        Ok(doc)
    })())
}

/// `/play.json`.
pub async fn play(req: Request) -> Response {
    answer((|| {
        let given = read(&req, &["variant", "fen", "line"])?;
        let mut pos = position(&given)?;
        let line: Vec<&str> = get(&given, "line").unwrap_or("").split(',').filter(|s| !s.is_empty()).collect();
        if line.len() > MAX_LINE {
            return Err(ApiError::bad(format!("`line` has {} moves; at most {MAX_LINE}", line.len())).at_key("line"));
        }
        let mut played = Vec::new();
        for (i, name) in line.iter().enumerate() {
            // Read as a game file's moves are: algebraic (`Nf3`) or coordinates (`g1f3`).
            let m = pos.read_move(name).map_err(|e| {
                ApiError::bad(format!("move {} of the line: {e} (in {})", i + 1, pos.fen())).at_key("line")
            })?;
            played.push(move_json(&pos, m));
            pos.play_unchecked(m);
        }
        Ok(json!({ "variant": pos.variant().id.name(), "played": played, "fen": pos.fen(), "status": status(&pos) }))
    })())
}

/// `/edit.json`.
pub async fn edit(req: Request) -> Response {
    answer((|| {
        let given = read(&req, &["variant", "fen", "cell", "piece", "turn"])?;
        let pos = position(&given)?;
        let variant = pos.variant();
        let topo = pos.topology();
        let mut setup = pos.setup();
        if let Some(t) = get(&given, "turn") {
            setup.turn = match t {
                "w" | "white" => Color::White,
                "b" | "black" => Color::Black,
                _ => return Err(ApiError::bad(format!("`turn` is w or b, not `{t}`")).at_key("turn")),
            };
            setup.ep = None;
        }
        match (get(&given, "cell"), get(&given, "piece")) {
            (Some(c), Some(p)) => {
                let cell = topo
                    .parse_cell(c)
                    .ok_or_else(|| ApiError::bad(dotchess::input::not_a_cell(&pos, c)).at_key("cell"))?;
                setup.pieces.retain(|(at, _)| *at != cell);
                if p != "-" {
                    let piece = p
                        .chars()
                        .next()
                        .filter(|_| p.chars().count() == 1)
                        .and_then(Piece::from_letter)
                        .filter(|pc| variant.roles.contains(&pc.role))
                        .ok_or_else(|| {
                            ApiError::bad(format!(
                                "`{p}` is not a piece of {} (a FEN letter, or - to empty)",
                                variant.id
                            ))
                            .at_key("piece")
                        })?;
                    setup.pieces.push((cell, piece));
                }
                setup.ep = None;
            }
            (None, None) => {}
            _ => return Err(ApiError::bad("`cell` and `piece` go together".into()).at_key("cell")),
        }
        // Rights the edit made impossible go; anything else wrong is the edit's fault.
        loop {
            match Position::from_setup(variant.id, &setup) {
                Ok(p) => return Ok(json!({ "fen": p.fen(), "status": status(&p) })),
                Err(e) if e.kind == SetupErrorKind::Castling => setup.castling &= !e.right.unwrap_or(0xf),
                Err(e) if e.kind == SetupErrorKind::EnPassant => setup.ep = None,
                Err(e) => return Err(ApiError::bad(e.message).at_key("piece")),
            }
        }
    })())
}

/// `/variants.json`: what the workbench starts from — the variants (size, poles, start, pieces),
/// the views with the keys of their own, and which optional formats this server makes.
pub async fn variants(req: Request) -> Response {
    if let Err(e) = read(&req, &[]) {
        return answer(Err(e));
    }
    let list: Vec<Value> = VariantId::ALL
        .iter()
        .map(|&id| {
            let v = id.variant();
            let t = &v.topology;
            let pieces: Vec<Value> = [Color::White, Color::Black]
                .iter()
                .flat_map(|&color| v.roles.iter().map(move |&role| (color, role)))
                .map(|(color, role)| {
                    let letter = Piece { color, role }.letter().to_string();
                    json!({ "letter": letter, "name": format!("{} {}", v.color_name(color), v.role_name(role)) })
                })
                .collect();
            let sides = [v.color_name(Color::White), v.color_name(Color::Black)];
            json!({
                "name": id.name(), "title": v.title, "files": t.width(), "ranks": t.height(),
                "poles": matches!(t.poles(), Poles::Live), "start": v.start_fen, "pieces": pieces, "sides": sides,
            })
        })
        .collect();
    // The views from the one list of views, each with the query keys that belong to it (and
    // not to every view): the workbench's view picker and the keys it sends are these.
    let views: Vec<Value> = dotchess::draw::VIEWS
        .iter()
        .map(|r| {
            let keys: Vec<&str> = dotchess::input::own_options(r.name).filter_map(|s| s.query).collect();
            json!({ "name": r.name, "title": r.title, "keys": keys })
        })
        .collect();
    // The view keys' values when a figure does not give them (the page turns from these).
    let globe = dotchess::draw::Viewpoint::default();
    let rotation = match dotchess::View::hemispheres().kind {
        dotchess::ViewKind::Hemispheres { rotation } => rotation,
        _ => 4.0,
    };
    let defaults =
        json!({ "latitude": globe.latitude, "longitude": globe.longitude, "roll": globe.roll, "rotation": rotation });
    answer(Ok(json!({
        "variants": list, "views": views, "formats": { "html": true }, "defaults": defaults, "max_url": super::MAX_URL,
    })))
}
