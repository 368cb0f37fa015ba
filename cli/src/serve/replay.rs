//! The game door: `POST /game.gif`, `/game.apng`, `/game.svg` (a replay, one frame a ply) and
//! `/game.pdf` (the game's end, the position after `ply`, or a sheet of `plies`), the body a
//! game file's text (PGN), read as `dotchess animate GAME.pgn` and `dotchess render GAME.pgn`
//! read a file: the same bytes for the same options, the same messages (the file named `body`,
//! with its line and column), the same limits (a body as large as a game file may be).
//!
//! Besides the options table's keys (those `animate` takes, or `render` for the PDF) a game
//! route reads `variant` (of a game without a `Variant` tag, as `--variant`), `game` (which game
//! of several, from 1), `overlay` (an overlay read over the game's end, as the file beside the
//! game; or packed, `overlayz`, as the image routes take it), `from` and `to` (the plies
//! replayed), `ply` and `plies` (the PDF's positions).

use super::error::ApiError;
use super::query::{self, Job, Route, query_error};
use dotchess::VariantId;
use dotchess::input::Draft;
use dotchess::input::LoadError;
use dotchess::input::read_draft;
use dotchess::input::{Game, read_games};
use dotchess::output::{Format, Motion};

/// The game routes' own keys.
const OWN_KEYS: [&str; 8] = ["variant", "game", "overlay", super::packed::KEY, "from", "to", "ply", "plies"];

/// The format of a game route's path: `/game.gif`, `/game.apng`, `/game.svg` (animated),
/// `/game.pdf` (still).
pub fn format_of(path: &str) -> Option<Format> {
    match path.strip_prefix("/game.")? {
        "pdf" => Some(Format::Pdf),
        name => Format::named(name, Motion::Animated),
    }
}

/// The game routes' paths.
pub fn paths() -> impl Iterator<Item = String> {
    ["gif", "apng", "svg", "pdf"].into_iter().map(|n| format!("/game.{n}"))
}

/// A whole number of a key (plies, a game's number).
fn count(name: &str, text: &str) -> Result<usize, ApiError> {
    text.trim().parse().map_err(|_| query_error(name, text, format!("`{text}` is not a whole number")))
}

/// Reads a game request: the body (the game file's text) and the query, checked as the CLI
/// checks a game file and its flags.
pub fn read(format: Format, pairs: &[(String, String)], body: Option<&str>) -> Result<Job, ApiError> {
    let mut own: [Option<&str>; 8] = [None; 8];
    let mut rest = Vec::new();
    for (name, text) in pairs {
        // The keys of one kind of answer only.
        let replaying = name == "from" || name == "to";
        if (replaying || name == "ply" || name == "plies") && replaying != format.is_animation() {
            let message = match replaying {
                true => "replays the game: /game.gif, /game.apng or /game.svg",
                false => "draws a still or a game sheet: /game.pdf",
            };
            return Err(query_error(name, text, message));
        }
        match OWN_KEYS.iter().position(|k| k == name) {
            Some(i) if own[i].is_some() => return Err(query_error(name, text, "is given twice")),
            Some(i) => own[i] = Some(text),
            None if name == "fen" => {
                return Err(query_error(name, text, "the game gives its positions (its FEN tag): no fen"));
            }
            None => rest.push((name.clone(), text.clone())),
        }
    }
    let [variant, number, overlay, packed, from, to, ply, plies] = own;
    let unpacked = unpacked(overlay, packed)?;
    let overlay = overlay.or(unpacked.as_deref());
    let body = body
        .filter(|b| !b.trim().is_empty())
        .ok_or_else(|| ApiError::bad("POST the game, a game file's text (PGN), as the body".into()).at_key("body"))?;
    let variant = match variant {
        None => VariantId::Dot,
        Some(v) => v.parse::<VariantId>().map_err(|e| query_error("variant", v, e.to_string()))?,
    };
    let game = pick(read_games("body", body, variant).map_err(|e| query::input_error(&e))?, number)?;
    let route = Route(format);
    let options = query::options(route, &rest, &game.base().position)?;
    let draft = match overlay {
        None => Draft::plain(&game.base()),
        Some(text) => {
            let no_files =
                |name: &str| Err(LoadError::refused(name, "an overlay sent to the server cannot read files"));
            read_draft("overlay", text, &game.base(), &no_files).map_err(|e| query::input_error(&e))?
        }
    };
    let input = |e| query::input_error(&e);
    if format.is_animation() {
        let range = replayed(&game, from, to)?;
        let checked = game.figure(&draft, &options, Some(range)).map_err(input)?;
        return Ok(Job { figure: Box::new(checked.into()), format });
    }
    let list = match (ply, plies) {
        (None, None) => {
            let checked = game.figure(&draft, &options, None).map_err(input)?;
            return Ok(Job { figure: Box::new(checked.into()), format });
        }
        (Some(p), Some(_)) => return Err(query_error("ply", p, "give ply or plies, not both")),
        (Some(p), None) => vec![count("ply", p)?],
        (None, Some(list)) => list
            .split(',')
            .map(|item| {
                item.trim()
                    .parse()
                    .map_err(|_| query_error("plies", list, format!("`{item}` is not a number of plies (as 10,20,30)")))
            })
            .collect::<Result<_, _>>()?,
    };
    let (name, text) = if let Some(p) = ply { ("ply", p) } else { ("plies", plies.unwrap_or_default()) };
    if overlay.is_some() {
        let message = "draws the game with keys (view, width, …): no overlay beside it";
        return Err(query_error(name, text, message));
    }
    if list.len() > dotchess::input::MAX_PANELS {
        return Err(query_error(name, text, format!("at most {} positions", dotchess::input::MAX_PANELS)));
    }
    let n = game.plies.len();
    if let Some(&k) = list.iter().find(|&&k| k > n) {
        return Err(query_error(name, text, format!("{k}: the game has {n} plies (0, the start, to {n})")));
    }
    let checked = game.sheet(&list, &options).map_err(input)?;
    Ok(Job { figure: Box::new(checked.into()), format })
}

/// An overlay packed into the query (`overlayz`), unpacked as the image routes unpack it; an
/// error beside a plain `overlay`.
fn unpacked(overlay: Option<&str>, packed: Option<&str>) -> Result<Option<String>, ApiError> {
    if overlay.is_some() && packed.is_some() {
        let message = "give the overlay as `overlay` or as `overlayz`, not both";
        return Err(ApiError::bad(message.into()).at_key(super::packed::KEY));
    }
    packed.map(super::packed::unpack).transpose()
}

/// The `number`th game of the body (from 1; default the first).
fn pick(mut games: Vec<Game>, number: Option<&str>) -> Result<Game, ApiError> {
    let n = number.map(|t| count("game", t)).transpose()?.unwrap_or(1);
    if n == 0 || n > games.len() {
        let held = if games.len() == 1 { "1 game".to_string() } else { format!("{} games", games.len()) };
        return Err(query_error("game", number.unwrap_or("1"), format!("the body holds {held}")));
    }
    Ok(games.swap_remove(n - 1))
}

/// The plies replayed, `from` to `to` (default: the whole game), checked against the game.
fn replayed(game: &Game, from: Option<&str>, to: Option<&str>) -> Result<(usize, usize), ApiError> {
    let n = game.plies.len();
    let last = to.map(|t| count("to", t)).transpose()?.unwrap_or(n);
    let first = from.map(|t| count("from", t)).transpose()?.unwrap_or(0);
    if last > n {
        let message = format!("the game has {n} plies (0, the start, to {n})");
        return Err(query_error("to", to.unwrap_or_default(), message));
    }
    if first > last {
        let message = format!("comes after the last ply shown, {last}");
        return Err(query_error("from", from.unwrap_or_default(), message));
    }
    Ok((first, last))
}
