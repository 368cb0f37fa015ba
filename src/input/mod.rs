//! The input half: position, overlay and theme files and option values read, checked and turned
//! into the drawing half's types ([`crate::draw::document::FigureSpec`]), with located error
//! messages (`diagnostics`).
//!
//! The formats are documented key by key in `docs/inputs.md`, with an annotated template in
//! `templates/overlay.toml`.

pub(crate) mod check;
pub(crate) mod diagnostics;
pub(crate) mod draft;
pub(crate) mod file;
pub(crate) mod game;
mod keywords;
pub(crate) mod marks;
pub(crate) mod options;
pub(crate) mod overlay;
pub(crate) mod position;
pub(crate) mod table;
pub(crate) mod theme;

pub use check::{Checked, animation_error, figure as check_figure};
pub use diagnostics::{InputError, Place};
pub use draft::Draft;
pub use file::{LoadError, ReadError, plain_os_error, read_input};
pub use game::{Brush, Game, Note, Ply, read_games};
pub use marks::{MarkError, MarkKind, add_mark, not_a_cell};
pub use options::{
    Along, Applies, Choice, FigureOptions, Given, Key, Level, MAX_WINDOW, Named, NumberOrFile, Origin, Spec,
    ThemeValue, Ty, Value, ValueError, parse_text,
};
pub use overlay::{Loader, no_files, read_draft};
pub use position::{PositionSpec, fitting_variant, read_position};
pub use theme::read_theme;

pub use marks::pgn_shape;
pub use options::{query_pairs, unknown_name};
pub use table::own_options;

/// Every option a figure takes, one row each with its names as a flag, a file's key and a URL
/// query's name, its type, limits, default and help: for front ends that offer them (the
/// command line's flags are made from these rows).
pub fn option_rows() -> impl Iterator<Item = &'static Spec> {
    table::TABLE.iter()
}

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
