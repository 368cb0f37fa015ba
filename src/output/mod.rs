//! Writers: a scene to SVG text, that SVG to PDF, the scene painted to pixels and PNG, and the
//! scene as an interactive HTML page; an animation as GIF, APNG or animated SVG, every one a
//! [`Format`]; and
//! the write path that puts a figure's outputs into files or onto standard output, all or
//! nothing.

pub(crate) mod animation;
mod apng;
mod axis_stroke;
pub(crate) mod budget;
mod caches;
pub(crate) mod format;
pub(crate) mod frames;
mod gif;
mod hairline;
mod html;
mod lzw;
pub(crate) mod markup;
mod paint;
mod pdf;
mod png;
mod png_chunk;
mod raster;
mod round_stroke;
mod sprites;
mod svg;
mod svg_anim;
pub(crate) mod write;

/// The pixmaps painting draws into ([`Painter::paint`], [`to_pixmap`], [`encode`]): tiny-skia,
/// re-exported on purpose so that a user paints with the same version the library does.
pub use tiny_skia;

pub use animation::Image;
pub use animation::build as build_animation;
pub use budget::{MAX_COST, TooMuchDrawn, render_checked, render_touch_checked};
pub use caches::Caches;
pub use format::{Format, FormatError, Motion};
pub use html::to_html;
pub use pdf::{PdfError, UNITS_PER_INCH, svg_to_pdf, svg_to_pdf_at};
pub use png::{KEEP, PngError, Raster, encode, scene_png};
pub use raster::{MAX_PIXELS, Painter, canvas_size, to_pixmap};
pub use svg::{to_svg, write_svg};
pub use write::{
    EncodeError, Output, PlanError, Target, WriteError, check_folder, check_size, plan, plan_all, write, write_bytes,
    write_file, write_with,
};

/// What the fuzz targets (`fuzz/`) reach that the library keeps to itself; built only under
/// `cargo fuzz`, which sets `--cfg fuzzing`.
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzzing {
    /// The GIF LZW coder ([`super::lzw`]), which keeps its table from one stream to the next.
    #[derive(Default)]
    pub struct Lzw(super::lzw::Lzw);

    impl Lzw {
        /// `data` (palette indices) compressed: the minimum code size, then the codes.
        pub fn encode(&mut self, data: &[u8]) -> Vec<u8> {
            let mut out = Vec::new();
            self.0.encode(data, &mut out);
            out
        }
    }
}
