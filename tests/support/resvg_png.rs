//! resvg's rendering of an SVG, as PNG bytes: the reference our painter is compared with (tests)
//! and measured against (benches). resvg is a dev-dependency only; the library paints figures
//! itself.

/// Rasterises SVG text with resvg at `scale` pixels per figure unit and encodes it as our PNGs are.
pub fn svg_to_png(svg: &str, scale: f64) -> Vec<u8> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("the SVG parses");
    let size = tree.size();
    let (w, h) = ((size.width() as f64 * scale).ceil() as u32, (size.height() as f64 * scale).ceil() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).expect("a non-empty pixmap");
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale as f32, scale as f32), &mut pixmap.as_mut());
    dotchess::output::encode(pixmap.as_ref()).expect("PNG")
}
