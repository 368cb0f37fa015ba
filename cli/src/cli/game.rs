//! The game files' glue: `animate GAME.pgn` (a replay), `render GAME.pgn` (its end, `--ply N`
//! a still, `--plies 10,20,30` a game sheet). The game is read and the figure checked by the input
//! half ([`dotchess::input::game`]); the writers are `animate`'s and `render`'s own.

use super::files::{folder_of, read_file, with_files};
use super::{AnimateArgs, CliError, RenderArgs};
use dotchess::VariantId;
use dotchess::input::Checked;
use dotchess::input::Draft;
use dotchess::input::read_draft;
use dotchess::input::{Game, read_games};
use std::path::Path;

/// Whether a file is a game file (`.pgn`).
pub(super) fn is_game_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Reads a game file and picks its `number`th game (from 1; default the first).
fn read_game(path: &Path, variant: VariantId, number: Option<usize>) -> Result<Game, CliError> {
    let text = read_file(path)?;
    let mut games = read_games(&path.display().to_string(), &text, variant)?;
    let n = number.unwrap_or(1);
    if n == 0 || n > games.len() {
        let held = if games.len() == 1 { "1 game".to_string() } else { format!("{} games", games.len()) };
        return Err(CliError::Usage(format!("--game {n}: {} holds {held}", path.display())));
    }
    Ok(games.swap_remove(n - 1))
}

/// The draft of an overlay file read over the game's end (or the plain one).
fn draft(game: &Game, overlay: Option<&Path>) -> Result<Draft, CliError> {
    let base = game.base();
    let Some(o) = overlay else { return Ok(Draft::plain(&base)) };
    let text = read_file(o)?;
    let files = dotchess::batch::Disk(folder_of(o));
    use dotchess::batch::Files;
    Ok(read_draft(&o.display().to_string(), &text, &base, &|p| files.read(p))?)
}

/// `animate GAME.pgn [OVERLAY]`: the game replayed from `--from` to `--to`.
pub(super) fn replay(a: &AnimateArgs, path: &Path) -> Result<Checked, CliError> {
    if a.position.fen.is_some() {
        return Err(CliError::Usage("give the position either as a file or with --fen, not both".into()));
    }
    let game = read_game(path, a.position.variant, a.game)?;
    let n = game.plies.len();
    let to = a.to.unwrap_or(n);
    let from = a.from.unwrap_or(0);
    if to > n {
        return Err(CliError::Usage(format!("--to {to}: the game has {n} plies (0, the start, to {n})")));
    }
    if from > to {
        return Err(CliError::Usage(format!("--from {from} comes after the last ply shown, {to}")));
    }
    let draft = draft(&game, a.overlay_file.as_deref())?;
    Ok(game.figure(&draft, &with_files(&a.options.options)?, Some((from, to)))?)
}

/// `render GAME.pgn [OVERLAY]`: the game's end; `--ply N` the position after N plies; `--plies`
/// a game sheet.
pub(super) fn still(a: &RenderArgs, path: &Path) -> Result<Checked, CliError> {
    if a.position.fen.is_some() {
        return Err(CliError::Usage("give the position either as a file or with --fen, not both".into()));
    }
    let game = read_game(path, a.position.variant, a.game)?;
    let n = game.plies.len();
    let list: Vec<usize> = match (a.ply, a.plies.as_deref()) {
        (None, None) => {
            let draft = draft(&game, a.overlay_file.as_deref())?;
            return Ok(game.figure(&draft, &with_files(&a.options.options)?, None)?);
        }
        (Some(_), Some(_)) => return Err(CliError::Usage("give --ply or --plies, not both".into())),
        (Some(k), None) => vec![k],
        (None, Some(list)) => list
            .split(',')
            .map(|item| {
                item.trim().parse().map_err(|_| {
                    CliError::Usage(format!("--plies `{list}`: `{item}` is not a number of plies (as 10,20,30)"))
                })
            })
            .collect::<Result<_, _>>()?,
    };
    if a.overlay_file.is_some() {
        return Err(CliError::Usage(
            "--ply and --plies draw the game with flags (--view, --width, …): no overlay file beside them".into(),
        ));
    }
    let flag = if a.ply.is_some() { "--ply" } else { "--plies" };
    if list.len() > dotchess::input::MAX_PANELS {
        return Err(CliError::Usage(format!("{flag}: at most {} positions", dotchess::input::MAX_PANELS)));
    }
    if let Some(&k) = list.iter().find(|&&k| k > n) {
        return Err(CliError::Usage(format!("{flag} {k}: the game has {n} plies (0, the start, to {n})")));
    }
    Ok(game.sheet(&list, &with_files(&a.options.options)?)?)
}
