//! The drawing half: projections of the sphere onto paper ([`geometry`]), the figure's layers
//! ([`figure`]), the resulting [`scene`] of shapes, its [`theme`] and embedded font, and the frames of
//! animations ([`animation`]). It takes the rules half's answers and produces a scene; it knows
//! nothing of files or output formats.

pub mod animation;
pub(crate) mod artwork;
pub mod colour;
pub mod document;
pub mod figure;
pub(crate) mod font;
pub mod geometry;
pub(crate) mod grid;
pub(crate) mod prefix;
pub mod scene;
pub(crate) mod staunton;
pub mod theme;
