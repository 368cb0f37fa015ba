//! A figure as the page describes it — a position (a FEN, a position file's text, or a game),
//! an overlay's text, the other files the overlay names, and the element's attributes — checked
//! by the library's one check and drawn into the SVG bytes `dotchess render` writes for the same
//! files and flags.

use crate::attributes;
use dotchess::input::{Checked, Draft, LoadError, PositionSpec, check_figure, read_games};
use dotchess::input::{Loader, read_draft, read_position};
use dotchess::{Position, VariantId};

/// What a page gives to draw a figure.
#[derive(Debug, Default)]
pub struct Request {
    /// The position's text: a FEN, a position file (TOML), or a game (PGN) when `name` ends in
    /// `.pgn`; empty for the variant's start.
    pub position: String,
    /// The position's name in messages (`fen`, `start.fen`).
    pub name: String,
    /// The variant of a text that does not name one (`dot` when empty).
    pub variant: String,
    /// An overlay file's text.
    pub overlay: Option<String>,
    /// The files the overlay names (a panel's position, a theme file): name and text.
    pub files: Vec<(String, String)>,
    /// The element's attributes that are options: name and value.
    pub attributes: Vec<(String, String)>,
}

/// A variant by its name; empty is the Dot.
pub fn variant(name: &str) -> Result<VariantId, String> {
    match name.trim() {
        "" => Ok(VariantId::Dot),
        n => n.parse::<VariantId>().map_err(|e| format!("variant `{n}`: {e}")),
    }
}

/// The figure's SVG, as `dotchess render` writes it.
pub fn svg(req: &Request) -> Result<String, String> {
    to_svg(&checked(req)?)
}

/// A checked figure's SVG: what `Renderer::render` writes for [`dotchess::Format::Svg`], drawn
/// here without the format chosen at run time, so that the painter, the PNG, PDF and GIF
/// writers are not linked into the .wasm (a third of its size).
pub fn to_svg(checked: &Checked) -> Result<String, String> {
    let scene = dotchess::output::render_checked(&checked.figure).map_err(|e| e.to_string())?;
    Ok(dotchess::output::to_svg(&scene))
}

/// The figure with its interactive layer, as SVG: the still figure and, hidden, every piece's
/// marks in every panel (`g.piece-moves`, `data-board`, `data-from`), drawn as `moves = [CELL]`
/// draws them — the layer `dotchess render -o PAGE.html` puts in its page. The element shows a
/// piece's marks by showing its groups, without drawing again.
pub fn live_svg(req: &Request) -> Result<String, String> {
    let checked = checked(req)?;
    let scene = dotchess::output::render_touch_checked(&checked.figure).map_err(|e| e.to_string())?;
    Ok(dotchess::output::to_svg(&scene))
}

/// The request read and checked into a figure.
pub fn checked(req: &Request) -> Result<Checked, String> {
    let variant = variant(&req.variant)?;
    let options = attributes::options(&req.attributes, &req.files)?;
    let loader = |name: &str| -> Result<(String, String), LoadError> {
        req.files.iter().find(|(n, _)| n == name).cloned().ok_or_else(|| {
            LoadError::refused(
                name,
                "not given beside the figure (a `<script type=\"text/plain\" data-file=\"NAME\">`)",
            )
        })
    };
    let text = |e: dotchess::input::InputError| e.to_string();
    if req.name.to_ascii_lowercase().ends_with(".pgn") {
        let mut games = read_games(&req.name, &req.position, variant).map_err(text)?;
        let game = games.swap_remove(0);
        let draft = draft(req, &game.base(), &loader)?;
        return game.figure(&draft, &options, None).map_err(text);
    }
    let base = match req.position.trim() {
        "" => PositionSpec { position: Position::start(variant), title: None },
        _ => read_position(&req.name, &req.position, variant).map_err(text)?,
    };
    check_figure(&draft(req, &base, &loader)?, &options).map_err(text)
}

/// The overlay read over a position, or the plain figure of it.
fn draft(req: &Request, base: &PositionSpec, loader: &Loader) -> Result<Draft, String> {
    match &req.overlay {
        None => Ok(Draft::plain(base)),
        Some(text) => read_draft("overlay", text, base, loader).map_err(|e| e.to_string()),
    }
}
