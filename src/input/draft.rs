//! The drafts: what the overlay reader ([`super::overlay`]) and the other front ends fill in
//! before anything is checked — each level's options as given, with where, the panels'
//! positions and the expectations. [`super::check`] turns a draft and the options given beside
//! it into a checked figure; neither the reader nor the checker knows the other.

use super::options::{FigureOptions, Named, Origin};
use super::position::PositionSpec;
use crate::draw::document::Expectation;
use crate::rules::position::Position;
use std::sync::Arc;

/// An overlay as read: every option with where it was given, nothing checked against anything
/// else yet.
#[derive(Clone, Debug)]
pub struct Draft {
    /// The position file's position and title.
    pub base: PositionSpec,
    /// The top level's options: the figure's, the marks every panel draws, `[animation]`.
    pub options: FigureOptions,
    /// The `[[panels]]` (none: one hemispheres panel of the base position).
    pub panels: Vec<PanelDraft>,
    /// `why_fewer` for every panel.
    pub why_fewer: Option<String>,
    /// The `[[expect]]` tables, checked on the base position.
    pub expect: Vec<Expectation>,
    /// The file, for errors about the whole of it.
    pub file: Option<Arc<Named>>,
}

/// One `[[panels]]` table as read.
#[derive(Clone, Debug)]
pub struct PanelDraft {
    /// The position it draws.
    pub position: Position,
    /// Whether the panel names its own position or variant.
    pub own_board: bool,
    /// Its view options (with its `width`) and its own marks.
    pub options: FigureOptions,
    /// `caption`.
    pub caption: Option<String>,
    /// `why_fewer`.
    pub why_fewer: Option<String>,
    /// `each_loop = true`, and where.
    pub each_loop: Option<Origin>,
}

impl Draft {
    /// The draft of a position without an overlay: one hemispheres panel.
    pub fn plain(base: &PositionSpec) -> Draft {
        Draft {
            base: base.clone(),
            options: FigureOptions::default(),
            panels: Vec::new(),
            why_fewer: None,
            expect: Vec::new(),
            file: None,
        }
    }
}
