//! Pixels to PNG bytes. (resvg, which reads our SVG back for comparison, is a dev-dependency:
//! `tests/support/resvg_png.rs`.)

use super::raster::{MAX_PIXELS, Painter, canvas_size};
use crate::draw::scene::Scene;

/// Why a PNG could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The requested image is too big or empty.
    #[error("a PNG of {0}×{1} pixels is out of range (at most {MAX_PIXELS} pixels)")]
    Size(u32, u32),
    /// Encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
    /// Writing the encoded PNG failed.
    #[error("{0}")]
    Io(std::io::Error),
}

/// Buffers for painting and encoding figure after figure: the canvas and the painter's path
/// storage are kept and reused, so a batch allocates them once per thread. A canvas larger than
/// [`KEEP`] bytes is given back after its figure, so that a thread holds no large figure's memory
/// once it is done with it (the batch budget counts only figures being written).
#[derive(Default)]
pub struct Raster {
    painter: Painter,
    canvas: Vec<u8>,
    png: Vec<u8>,
}

/// The most canvas bytes a [`Raster`] keeps between figures: 16 MiB (a 2000 × 2000 figure).
pub const KEEP: usize = 16 << 20;

impl Raster {
    /// A raster with empty buffers.
    pub fn new() -> Raster {
        Raster::default()
    }

    /// The scene as PNG bytes at `scale` pixels per figure unit, in this raster's buffer (valid
    /// until its next use).
    pub fn png(&mut self, scene: &Scene, scale: f64) -> Result<&[u8], PngError> {
        let mut png = std::mem::take(&mut self.png);
        png.clear();
        let made = self.png_to(scene, scale, &mut png);
        self.png = png;
        made.map(|()| &self.png[..])
    }

    /// Paints the scene at `scale` pixels per figure unit and writes it as PNG to `out` (a file
    /// is written as it is encoded, without the PNG ever being held whole in memory).
    pub(crate) fn png_to(&mut self, scene: &Scene, scale: f64, out: &mut dyn std::io::Write) -> Result<(), PngError> {
        let (w, h) = canvas_size(scene, scale)?;
        let len = w as usize * h as usize * 4;
        // Not cleared first: the painter covers every pixel of the canvas before it draws.
        self.canvas.resize(len, 0);
        let mut canvas = tiny_skia::PixmapMut::from_bytes(&mut self.canvas, w, h).ok_or(PngError::Size(w, h))?;
        let opaque = self.painter.paint(scene, scale, &mut canvas);
        let made = encode_into(&mut self.canvas, w, h, opaque, scene.dpi.map(|d| d * scale), out);
        if self.canvas.capacity() > KEEP {
            self.canvas = Vec::new();
        }
        if self.png.capacity() > KEEP {
            self.png = Vec::new();
        }
        made
    }
}

thread_local! {
    /// Each thread's raster: a batch's worker threads reuse their canvas from one figure to the next.
    static RASTER: std::cell::RefCell<Raster> = std::cell::RefCell::default();
}

/// The scene as PNG bytes at `scale` pixels per figure unit, painted with this thread's
/// [`Raster`].
pub fn scene_png(scene: &Scene, scale: f64) -> Result<Vec<u8>, PngError> {
    let mut out = Vec::new();
    scene_png_to(scene, scale, &mut out)?;
    Ok(out)
}

/// The scene painted with this thread's [`Raster`] and written as PNG to `out`.
pub fn scene_png_to(scene: &Scene, scale: f64, out: &mut dyn std::io::Write) -> Result<(), PngError> {
    RASTER.with_borrow_mut(|r| r.png_to(scene, scale, out))
}

/// PNG bytes of a pixmap.
pub fn encode(pixmap: tiny_skia::PixmapRef) -> Result<Vec<u8>, PngError> {
    let mut out = Vec::new();
    encode_into(&mut pixmap.data().to_vec(), pixmap.width(), pixmap.height(), false, None, &mut out)?;
    Ok(out)
}

/// A premultiplied RGBA pixel turned into straight alpha, in place.
fn demultiply(p: &mut [u8]) {
    if p[3] != 255 {
        let c = tiny_skia::PremultipliedColorU8::from_rgba(p[0], p[1], p[2], p[3])
            .map(|c| c.demultiply())
            .unwrap_or(tiny_skia::ColorU8::from_rgba(0, 0, 0, 0));
        p.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
}

/// Encodes premultiplied RGBA `data` as PNG into `out`, turning it into straight alpha in place
/// (the buffer is spent); `opaque`: every pixel is known to be opaque, and is not looked at for
/// it. `dpi`, when given, goes into a `pHYs` chunk (pixels per metre, rounded).
///
/// A figure with a background is opaque in every pixel (but for the edge of a canvas wider than
/// the figure), and then premultiplied and straight alpha are the same bytes and the PNG is
/// written as RGB: a quarter fewer bytes to filter and compress, and a smaller file. Otherwise it
/// is RGBA.
///
/// Compression: the `png` crate's fast deflate (fdeflate), several times quicker than zlib for
/// figures of flat colour at a similar size, after the Paeth filter on every row. Paeth alone
/// keeps flat areas, horizontal and vertical edges all at zero; choosing a filter per row
/// (adaptive) tries all five on every row and made the essay's PNGs only 5 % smaller for about
/// three times the filtering time, and Up or Sub alone make them 1.6 to 1.7 times larger.
fn encode_into(
    data: &mut [u8],
    w: u32,
    h: u32,
    opaque: bool,
    dpi: Option<f64>,
    out: &mut dyn std::io::Write,
) -> Result<(), PngError> {
    use std::io::Write;
    let opaque = opaque || to_straight_alpha(data);
    let mut encoder = png::Encoder::new(out, w, h);
    encoder.set_color(if opaque { png::ColorType::Rgb } else { png::ColorType::Rgba });
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    if let Some(dpi) = dpi {
        let per_metre = (dpi / 0.0254).round().clamp(1.0, u32::MAX as f64) as u32;
        encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: per_metre, yppu: per_metre, unit: png::Unit::Meter }));
    }
    let error = |e: png::EncodingError| match e {
        png::EncodingError::IoError(e) => PngError::Io(e),
        e => PngError::Encode(e.to_string()),
    };
    let mut writer = encoder.write_header().map_err(error)?;
    // Row by row into IDAT chunks of 64 KiB: the compressed image is never held whole.
    let mut stream = writer.stream_writer_with_size(64 << 10).map_err(error)?;
    if opaque {
        // Each row packed to RGB in a small buffer on its way to the encoder.
        let mut row = vec![0u8; w as usize * 3];
        for src in data.chunks_exact(w as usize * 4) {
            for (rgb, rgba) in row.chunks_exact_mut(3).zip(src.chunks_exact(4)) {
                rgb.copy_from_slice(&rgba[..3]);
            }
            stream.write_all(&row).map_err(PngError::Io)?;
        }
    } else {
        stream.write_all(data).map_err(PngError::Io)?;
    }
    stream.finish().map_err(error)
}

/// Turns premultiplied RGBA into straight alpha in place; whether every pixel is opaque. Eight
/// bytes (two pixels) are tested at a time, and almost every pixel of a figure is opaque.
fn to_straight_alpha(data: &mut [u8]) -> bool {
    const OPAQUE: u64 = 0xff00_0000_ff00_0000;
    let mut opaque = true;
    let mut pairs = data.chunks_exact_mut(8);
    for pair in &mut pairs {
        if <[u8; 8]>::try_from(&*pair).map_or(0, u64::from_le_bytes) & OPAQUE != OPAQUE {
            pair.chunks_exact_mut(4).for_each(demultiply);
            opaque = false;
        }
    }
    for p in pairs.into_remainder().chunks_exact_mut(4) {
        demultiply(p);
        opaque &= p[3] == 255;
    }
    opaque
}
