//! The input half: position, overlay and theme files and option values read, checked and turned
//! into the drawing half's types ([`crate::draw::document::FigureSpec`]), with located error
//! messages ([`diagnostics`]).
//!
//! The formats are documented key by key in `docs/inputs.md`, with an annotated template in
//! `templates/overlay.toml`.

pub mod check;
pub mod diagnostics;
pub mod draft;
pub mod file;
pub mod game;
pub mod marks;
pub mod options;
pub mod overlay;
pub mod position;
pub(crate) mod table;
pub mod theme;

pub use options::MAX_WINDOW;

/// Largest input file read, in bytes.
pub const MAX_INPUT: usize = 1 << 20;
/// Most panels in one figure.
pub const MAX_PANELS: usize = 64;
/// Most marks of one kind in one overlay or panel.
pub(crate) const MAX_MARKS: usize = 512;
/// Longest title or caption, in characters.
pub const MAX_TEXT: usize = 200;

/// Reads an overlay spec for a position and checks it ([`overlay::read_draft`], then
/// [`check::figure`] with no other options). `load` resolves the files it names.
pub fn read_overlay(
    name: &str,
    text: &str,
    base: &position::PositionSpec,
    load: &overlay::Loader,
) -> Result<crate::draw::document::FigureSpec, diagnostics::InputError> {
    let draft = overlay::read_draft(name, text, base, load)?;
    Ok(check::figure(&draft, &options::FigureOptions::default())?.figure)
}

/// The figure for a position with no overlay file: the hemispheres.
pub fn plain_figure(base: &position::PositionSpec) -> crate::draw::document::FigureSpec {
    let checked = check::figure(&draft::Draft::plain(base), &options::FigureOptions::default());
    checked.expect("a position alone is a valid figure").figure
}
