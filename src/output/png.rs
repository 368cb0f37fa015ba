//! SVG to PNG with resvg and tiny-skia. Rasterising is resvg's job: this only sizes the canvas.

/// Largest PNG accepted, in pixels (the figure budget's, [`crate::budget::MAX_PIXELS`]).
pub const MAX_PIXELS: u64 = crate::budget::MAX_PIXELS;

/// Why a PNG could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse (a bug: the project writes it).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The requested image is too big or empty.
    #[error("a PNG of {0}×{1} pixels is out of range (at most {MAX_PIXELS} pixels)")]
    Size(u32, u32),
    /// Encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// Rasterises an SVG document at `scale` pixels per figure unit.
pub fn svg_to_png(svg: &str, scale: f64) -> Result<Vec<u8>, PngError> {
    let opt = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = ((size.width() as f64 * scale).ceil(), (size.height() as f64 * scale).ceil());
    if !(w >= 1.0 && h >= 1.0) || w * h > MAX_PIXELS as f64 || w > u32::MAX as f64 || h > u32::MAX as f64 {
        return Err(PngError::Size(w.max(0.0) as u32, h.max(0.0) as u32));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w as u32, h as u32).ok_or(PngError::Size(w as u32, h as u32))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale as f32, scale as f32), &mut pixmap.as_mut());
    encode(&pixmap)
}

/// PNG bytes of a pixmap. The `png` crate's fast deflate (fdeflate) is several times quicker than
/// tiny-skia's default encoder for figures of flat colour, at a similar size.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PngError> {
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(|e| PngError::Encode(e.to_string()))?;
    writer.write_image_data(&rgba).map_err(|e| PngError::Encode(e.to_string()))?;
    writer.finish().map_err(|e| PngError::Encode(e.to_string()))?;
    Ok(out)
}
