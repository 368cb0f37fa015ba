//! Writers: a scene to SVG text, and that SVG to PNG; and the write path that puts a figure's
//! outputs into files or onto standard output, all or nothing.

mod png;
mod svg;
pub mod write;

pub use png::{MAX_PIXELS, PngError, svg_to_png};
pub use svg::to_svg;
pub use write::{Format, Output, Target, WriteError};
