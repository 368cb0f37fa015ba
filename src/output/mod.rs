//! Writers: a scene to SVG text, and that SVG to PNG.

mod png;
mod svg;

pub use png::{MAX_PIXELS, PngError, svg_to_png};
pub use svg::to_svg;
