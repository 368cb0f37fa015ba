//! Writers: a scene to SVG text, and that SVG to PNG or PDF.

mod pdf;
mod png;
mod svg;

pub use pdf::{PdfError, UNITS_PER_INCH, svg_to_pdf};
pub use png::{MAX_PIXELS, PngError, svg_to_png};
pub use svg::to_svg;
