//! The input half: position, overlay and theme files and option values read, checked and turned
//! into the drawing half's types ([`crate::draw::document::FigureSpec`]), with located error
//! messages ([`diagnostics`]).
//!
//! The formats are documented key by key in `docs/inputs.md`, with an annotated template in
//! `templates/overlay.toml`.

pub mod check;
pub mod diagnostics;
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
