//! Pixels to PNG bytes, and (for comparison and for SVG files from elsewhere) SVG text to PNG
//! through resvg.

use super::raster::{MAX_PIXELS, Painter, canvas_size};
use crate::scene::Scene;

/// Why a PNG could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse.
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The requested image is too big or empty.
    #[error("a PNG of {0}×{1} pixels is out of range (at most {MAX_PIXELS} pixels)")]
    Size(u32, u32),
    /// Encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// Buffers for painting and encoding figure after figure: the canvas, the PNG bytes and the
/// painter's path storage are kept and reused, so a batch allocates them once per thread.
#[derive(Default)]
pub struct Raster {
    painter: Painter,
    canvas: Vec<u8>,
    straight: Vec<u8>,
    png: Vec<u8>,
}

impl Raster {
    /// A raster with empty buffers.
    pub fn new() -> Raster {
        Raster::default()
    }

    /// The scene as PNG bytes at `scale` pixels per figure unit, in this raster's buffer (valid
    /// until its next use).
    pub fn png(&mut self, scene: &Scene, scale: f64) -> Result<&[u8], PngError> {
        let (w, h) = canvas_size(scene, scale)?;
        let len = w as usize * h as usize * 4;
        self.canvas.clear();
        self.canvas.resize(len, 0);
        let mut canvas = tiny_skia::PixmapMut::from_bytes(&mut self.canvas, w, h).ok_or(PngError::Size(w, h))?;
        self.painter.paint(scene, scale, &mut canvas);
        self.png.clear();
        encode_into(&self.canvas, w, h, scene.dpi.map(|d| d * scale), &mut self.straight, &mut self.png)?;
        Ok(&self.png)
    }
}

/// The scene as PNG bytes at `scale` pixels per figure unit, painted with this thread's
/// [`Raster`]: a batch's worker threads reuse their canvas from one figure to the next.
pub fn scene_png(scene: &Scene, scale: f64) -> Result<Vec<u8>, PngError> {
    thread_local! {
        static RASTER: std::cell::RefCell<Raster> = std::cell::RefCell::default();
    }
    RASTER.with_borrow_mut(|r| r.png(scene, scale).map(<[u8]>::to_vec))
}

/// PNG bytes of a pixmap.
pub fn encode(pixmap: tiny_skia::PixmapRef) -> Result<Vec<u8>, PngError> {
    let mut out = Vec::new();
    encode_into(pixmap.data(), pixmap.width(), pixmap.height(), None, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// Encodes premultiplied RGBA `data` as PNG into `out`. When every pixel is opaque (as figures
/// with a background are) premultiplied and straight alpha are the same bytes and `data` is
/// encoded as it is; otherwise it is converted through `straight`. The `png` crate's fast
/// deflate (fdeflate) is several times quicker than tiny-skia's default encoder for figures of
/// flat colour, at a similar size. `dpi`, when given, goes into a `pHYs` chunk (pixels per metre,
/// rounded).
fn encode_into(
    data: &[u8],
    w: u32,
    h: u32,
    dpi: Option<f64>,
    straight: &mut Vec<u8>,
    out: &mut Vec<u8>,
) -> Result<(), PngError> {
    let opaque = data.chunks_exact(4).all(|p| p[3] == 255);
    let rgba: &[u8] = if opaque {
        data
    } else {
        straight.clear();
        straight.reserve(data.len());
        for p in data.chunks_exact(4) {
            let c = tiny_skia::PremultipliedColorU8::from_rgba(p[0], p[1], p[2], p[3])
                .map(|c| c.demultiply())
                .unwrap_or(tiny_skia::ColorU8::from_rgba(0, 0, 0, 0));
            straight.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        straight
    };
    let mut encoder = png::Encoder::new(&mut *out, w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    if let Some(dpi) = dpi {
        let per_metre = (dpi / 0.0254).round().clamp(1.0, u32::MAX as f64) as u32;
        encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: per_metre, yppu: per_metre, unit: png::Unit::Meter }));
    }
    let mut writer = encoder.write_header().map_err(|e| PngError::Encode(e.to_string()))?;
    writer.write_image_data(rgba).map_err(|e| PngError::Encode(e.to_string()))?;
    writer.finish().map_err(|e| PngError::Encode(e.to_string()))?;
    Ok(())
}

/// Rasterises SVG text with resvg at `scale` pixels per figure unit. The figures themselves are
/// painted straight from their scenes ([`Scene::to_png`]); this reads any SVG, and the tests use
/// it to check that the two pictures agree.
pub fn svg_to_png(svg: &str, scale: f64) -> Result<Vec<u8>, PngError> {
    let opt = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = ((size.width() as f64 * scale).ceil(), (size.height() as f64 * scale).ceil());
    if !(w >= 1.0 && h >= 1.0) || w * h > MAX_PIXELS as f64 {
        return Err(PngError::Size(w.clamp(0.0, u32::MAX as f64) as u32, h.clamp(0.0, u32::MAX as f64) as u32));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w as u32, h as u32).ok_or(PngError::Size(w as u32, h as u32))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale as f32, scale as f32), &mut pixmap.as_mut());
    encode(pixmap.as_ref())
}
