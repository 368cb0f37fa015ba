//! Writers: a scene to SVG text, and that SVG to PNG or PDF; and the write path that puts a
//! figure's outputs into files or onto standard output, all or nothing.

mod pdf;
mod png;
mod svg;
pub mod write;

pub use pdf::{PdfError, UNITS_PER_INCH, svg_to_pdf};
pub use png::{MAX_PIXELS, PngError, svg_to_png};
pub use svg::to_svg;
pub use write::{Format, Output, Target, WriteError};
