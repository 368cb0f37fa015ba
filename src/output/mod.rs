//! Writers: a scene to SVG text, and a scene painted to pixels and PNG.

mod png;
mod raster;
mod svg;

pub use png::{PngError, Raster, encode, svg_to_png};
pub use raster::{MAX_PIXELS, Painter, canvas_size, to_pixmap};
pub use svg::to_svg;
