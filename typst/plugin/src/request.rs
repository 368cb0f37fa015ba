//! A figure asked for by lib.typ, read into what `dotchess render` reads — a position (the
//! variant's start, a FEN, or a position file's text) or a game, an overlay file's text, the
//! files it names, and options by their keys — and drawn into the command's SVG bytes.

use dotchess::input::{
    read_draft, read_games, read_position, read_theme, Draft, FigureOptions, Game, InputError, LoadError, PositionSpec,
    ThemeValue, Value,
};
use dotchess::{Figure, Format, Position, Renderer, Theme, VariantId};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A file as lib.typ passes it: its name (for messages) and its text.
#[derive(Deserialize)]
pub(crate) struct Text {
    pub name: String,
    pub text: String,
}

/// A game file and which of its games.
#[derive(Deserialize)]
pub(crate) struct GameFile {
    #[serde(flatten)]
    pub file: Text,
    /// From 1.
    #[serde(default = "first")]
    pub number: usize,
}

fn first() -> usize {
    1
}

/// What lib.typ's `svg` and `figure` send.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FigureRequest {
    variant: Option<String>,
    fen: Option<String>,
    position: Option<Text>,
    overlay: Option<Text>,
    game: Option<GameFile>,
    ply: Option<usize>,
    /// The files an overlay names (a panel's position, a theme) and a `theme` option's file.
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// `(key, text)` in the order given; a mark's key once per mark.
    #[serde(default)]
    options: Vec<(String, String)>,
}

/// A request's JSON, or the message that it is not one lib.typ writes.
pub(crate) fn parse<'a, T: Deserialize<'a>>(request: &'a [u8]) -> Result<T, String> {
    serde_json::from_slice(request).map_err(|e| format!("dotchess plugin: a request lib.typ does not write: {e}"))
}

/// A variant by name (`dot` when none is given), as `--variant` reads it.
pub(crate) fn variant(name: Option<&str>) -> Result<VariantId, String> {
    match name {
        None => Ok(VariantId::Dot),
        Some(n) => n.parse::<VariantId>().map_err(|e| format!("variant: {e}")),
    }
}

/// A FEN given as the `fen` key, read as `--fen` reads it: the message names the key and the
/// column, and the variant whose board the FEN fits.
pub(crate) fn position(fen: Option<&str>, variant: VariantId) -> Result<Position, String> {
    let Some(fen) = fen else { return Ok(Position::start(variant)) };
    Position::from_fen(variant, fen).map_err(|e| {
        let hint = dotchess::input::fitting_variant(variant, fen)
            .map(|v| format!(" (the board fits {v}: did you mean variant: \"{v}\"?)"))
            .unwrap_or_default();
        format!("fen: {e}{hint}")
    })
}

/// The figure's SVG, byte for byte what `dotchess render` writes for the same position, overlay
/// and options.
pub fn svg(request: &[u8]) -> Result<Vec<u8>, String> {
    let r: FigureRequest = parse(request)?;
    let figure = figure(&r)?;
    Renderer::new().render(&figure, Format::Svg).map_err(|e| e.to_string())
}

fn figure(r: &FigureRequest) -> Result<Figure, String> {
    let variant = variant(r.variant.as_deref())?;
    // Each option named as an overlay file or a URL query names it, said at its keyword in errors.
    let options = FigureOptions::from_keywords(&r.options, false).map_err(|e| e.to_string())?;
    let options = with_theme(&options, &r.files).map_err(|e| e.to_string())?;
    let load = |name: &str| match r.files.get(name) {
        Some(text) => Ok((name.to_string(), text.clone())),
        None => Err(LoadError::refused(name, "not among the files given (pass it in `files:`)")),
    };
    let overlay = r.overlay.as_ref().map(|o| (o.name.as_str(), o.text.as_str()));
    if let Some(g) = &r.game {
        if r.fen.is_some() || r.position.is_some() {
            return Err("give a game or a position (fen, position), not both".into());
        }
        let game = read_game(g, variant)?;
        return match r.ply {
            None => Figure::of_game(&game, overlay, &options, None, &load).map_err(|e| e.to_string()),
            Some(_) if overlay.is_some() => {
                Err("ply draws the game with options (view, width, …): no overlay beside it".into())
            }
            Some(k) => Ok(Figure::from(ply_sheet(&game, k, &options)?)),
        };
    }
    if r.ply.is_some() {
        return Err("ply: a ply is of a game (dotchess.game(…) as the figure's first argument)".into());
    }
    let base = match (&r.fen, &r.position) {
        (Some(_), Some(_)) => return Err("give the position either as `fen` or as `position`, not both".into()),
        (None, Some(p)) => read_position(&p.name, &p.text, variant).map_err(|e| e.to_string())?,
        (fen, None) => PositionSpec { position: position(fen.as_deref(), variant)?, title: None },
    };
    let draft = match overlay {
        None => Draft::plain(&base),
        Some((name, text)) => read_draft(name, text, &base, &load).map_err(|e| e.to_string())?,
    };
    Figure::checked(&draft, &options).map_err(|e| e.to_string())
}

/// The position after `ply` plies as `dotchess render GAME --ply N` draws it.
fn ply_sheet(game: &Game, ply: usize, options: &FigureOptions) -> Result<dotchess::input::Checked, String> {
    let n = game.plies.len();
    if ply > n {
        return Err(format!("ply {ply}: the game has {n} plies (0, the start, to {n})"));
    }
    game.sheet(&[ply], options).map_err(|e| e.to_string())
}

/// The `number`th game of a game file's text.
pub(crate) fn read_game(g: &GameFile, variant: VariantId) -> Result<Game, String> {
    let mut games = read_games(&g.file.name, &g.file.text, variant).map_err(|e| e.to_string())?;
    let n = g.number;
    if n == 0 || n > games.len() {
        let held = if games.len() == 1 { "1 game".to_string() } else { format!("{} games", games.len()) };
        return Err(format!("number {n}: {} holds {held}", g.file.name));
    }
    Ok(games.swap_remove(n - 1))
}

/// The options with a `theme` file read from the files given, as the command reads `--theme`'s.
fn with_theme(given: &FigureOptions, files: &BTreeMap<String, String>) -> Result<FigureOptions, InputError> {
    let mut out = FigureOptions::default();
    for g in given.iter() {
        let value = match &g.value {
            Value::Theme(ThemeValue::Named(n)) if n.ends_with(".toml") => match files.get(n) {
                Some(text) => Value::Theme(ThemeValue::Read(Box::new(read_theme(n, text)?))),
                None => return Err(g.origin.error(format!("{n}: not among the files given (pass it in `files:`)"))),
            },
            Value::Theme(ThemeValue::Named(n)) => {
                Theme::built_in(n).map_err(|e| g.origin.error(e.to_string()))?;
                g.value.clone()
            }
            v => v.clone(),
        };
        out.push(g.key, value, g.origin.clone());
    }
    Ok(out)
}
