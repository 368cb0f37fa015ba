//! The drawing half: projections of the sphere onto paper ([`geometry`]), the figure's layers
//! (`figure`), the resulting [`scene`] of shapes, its `theme` and embedded font, and the frames of
//! animations (`animation`). It takes the rules half's answers and produces a scene; it knows
//! nothing of files or output formats.

pub(crate) mod animation;
pub(crate) mod artwork;
pub(crate) mod colour;
pub(crate) mod document;
pub(crate) mod figure;
pub(crate) mod font;
pub mod geometry;
pub(crate) mod grid;
pub(crate) mod prefix;
pub mod scene;
pub(crate) mod staunton;
pub(crate) mod theme;

pub use animation::replay;
pub use animation::{AnimError, AnimSpec, Animation, Kind, build as animate};
pub use document::{Background, BackgroundError, Expectation, FigureSpec};
pub use figure::{
    ArrowMark, Coordinates, MoveMark, Orientation, Overlay, PanelSpec, VIEWS, View, ViewKind, ViewRow, panels,
    piece_picture, render, render_split, render_touch,
};
pub use geometry::{Viewpoint, Window};
pub use theme::{Theme, ThemeError};
