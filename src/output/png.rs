//! Pixels to PNG bytes. (resvg, which reads our SVG back for comparison, is a dev-dependency:
//! `tests/support/resvg_png.rs`.)

use super::png_chunk::{Colour, Idat, SIGNATURE, chunk, ihdr, phys};
use super::raster::{MAX_PIXELS, Painter, canvas_size};
use crate::draw::scene::Scene;

/// Why a PNG could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The requested image is too big or empty.
    #[error("a PNG of {0}×{1} pixels is out of range (at most {MAX_PIXELS} pixels)")]
    Size(u32, u32),
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

    /// A raster that paints with `painter` (and its sprites).
    pub(crate) fn with_painter(painter: Painter) -> Raster {
        Raster { painter, canvas: Vec::new(), png: Vec::new() }
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

/// The scene as PNG bytes at `scale` pixels per figure unit, painted with a new [`Raster`] (a
/// program that paints many holds a [`crate::Renderer`], whose caches are kept).
pub fn scene_png(scene: &Scene, scale: f64) -> Result<Vec<u8>, PngError> {
    let mut out = Vec::new();
    Raster::new().png_to(scene, scale, &mut out)?;
    Ok(out)
}

/// The scene painted with a raster of `caches` and written as PNG to `out`.
pub(crate) fn scene_png_to(
    caches: &super::Caches,
    scene: &Scene,
    scale: f64,
    out: &mut dyn std::io::Write,
) -> Result<(), PngError> {
    caches.with_raster(|r| r.png_to(scene, scale, out))
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
/// Every row is filtered with Paeth ([`paeth_row`]) and the rows are compressed with fdeflate,
/// several times quicker than zlib for figures of flat colour at a similar size. Paeth alone
/// keeps flat areas, horizontal and vertical edges all at zero; choosing a filter per row
/// (adaptive) tries all five on every row and made the essay's PNGs only 5 % smaller for about
/// three times the filtering time, and Up or Sub alone make them 1.6 to 1.7 times larger.
///
/// The file is written here, chunk by chunk ([`super::png_chunk`]), rather than through the
/// `png` crate's encoder (which does the same filter and compressor): packing a row to RGB,
/// filtering it and handing it to the compressor with no copy between, the encoding of a
/// 480-pixel hemispheres figure takes about a sixth fewer instructions (`benches/README.md`).
fn encode_into(
    data: &mut [u8],
    w: u32,
    h: u32,
    opaque: bool,
    dpi: Option<f64>,
    out: &mut dyn std::io::Write,
) -> Result<(), PngError> {
    let opaque = opaque || to_straight_alpha(data);
    let colour = if opaque { Colour::Rgb } else { Colour::Rgba };
    let line = w as usize * colour.bytes();
    if w == 0 || h == 0 || data.len() != w as usize * h as usize * 4 {
        return Err(PngError::Size(w, h));
    }
    out.write_all(SIGNATURE).map_err(PngError::Io)?;
    chunk(out, b"IHDR", &ihdr(w, h, colour)).map_err(PngError::Io)?;
    if let Some(dpi) = dpi {
        let per_metre = (dpi / 0.0254).round().clamp(1.0, u32::MAX as f64) as u32;
        chunk(out, b"pHYs", &phys(per_metre)).map_err(PngError::Io)?;
    }
    let mut deflate = fdeflate::Compressor::new(Idat::new(out)).map_err(PngError::Io)?;
    // The row above (zeros above the first) and this row, unfiltered; this row filtered, after
    // its filter type.
    let (mut above, mut row) = (vec![0u8; line], vec![0u8; line]);
    let mut filtered = vec![0u8; line + 1];
    filtered[0] = PAETH;
    for src in data.chunks_exact(w as usize * 4) {
        if opaque {
            to_rgb(&mut row, src);
        } else {
            row.copy_from_slice(src);
        }
        paeth_row(&mut filtered[1..], &row, &above, colour.bytes());
        deflate.write_data(&filtered).map_err(PngError::Io)?;
        std::mem::swap(&mut above, &mut row);
    }
    deflate.finish().and_then(Idat::finish).map_err(PngError::Io)?;
    chunk(out, b"IEND", &[]).map_err(PngError::Io)
}

/// RGBA pixels packed to RGB.
fn to_rgb(rgb: &mut [u8], rgba: &[u8]) {
    for (rgb, rgba) in rgb.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
        rgb.copy_from_slice(&rgba[..3]);
    }
}

/// The Paeth filter's type byte.
const PAETH: u8 = 4;

/// A row filtered with Paeth (the PNG standard's filter type 4): each byte less its prediction
/// from the same byte of the pixel to its left (`a`), above (`b`) and above-left (`c`) — of `a`,
/// `b` and `c` the one nearest to `a + b − c`, ties going to `a`, then `b`. Bytes left of the
/// row and the row above the image are zero. `bpp`: bytes a pixel.
fn paeth_row(out: &mut [u8], row: &[u8], above: &[u8], bpp: usize) {
    let n = row.len();
    // In the first pixel `a` and `c` are zero: the prediction is `b`.
    for ((o, &x), &b) in out[..bpp].iter_mut().zip(&row[..bpp]).zip(&above[..bpp]) {
        *o = x.wrapping_sub(b);
    }
    // The rest in blocks of a fixed size, which the compiler turns into vector instructions.
    const BLOCK: usize = 32;
    let (out, x, a, b, c) = (&mut out[bpp..], &row[bpp..], &row[..n - bpp], &above[bpp..], &above[..n - bpp]);
    let blocks = out.chunks_exact_mut(BLOCK).zip(x.chunks_exact(BLOCK)).zip(a.chunks_exact(BLOCK));
    let mut upper = b.chunks_exact(BLOCK).zip(c.chunks_exact(BLOCK));
    let mut done = 0;
    for ((o, x), a) in blocks {
        let Some((b, c)) = upper.next() else { break };
        for i in 0..BLOCK {
            o[i] = x[i].wrapping_sub(paeth(a[i], b[i], c[i]));
        }
        done += BLOCK;
    }
    for i in done..out.len() {
        out[i] = x[i].wrapping_sub(paeth(a[i], b[i], c[i]));
    }
}

/// The Paeth prediction of a byte from its left (`a`), upper (`b`) and upper-left (`c`)
/// neighbours, in byte arithmetic only, so that the compiler does sixteen bytes or more at once.
///
/// With `p = a + b − c`, the distances of `p` from `a`, `b` and `c` are `|b − c|`, `|a − c|` and
/// `|(a − c) + (b − c)|`. When `a − c` and `b − c` lie on opposite sides of zero the last is the
/// difference of the first two; when on the same side it is their sum, never less than either,
/// so `c` is never the nearest and any large number stands for it.
#[inline(always)]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let from_a = b.max(c) - b.min(c);
    let from_b = a.max(c) - a.min(c);
    let from_c = if (a < c) != (b < c) { from_a.max(from_b) - from_a.min(from_b) } else { u8::MAX };
    // Without `&&`, whose second test is skipped when the first fails: the same answer, as
    // selections the compiler can make for many bytes at once.
    let to_a = (from_a <= from_b) & (from_a <= from_c);
    let to_b = from_b <= from_c;
    if to_a {
        a
    } else if to_b {
        b
    } else {
        c
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The Paeth prediction as the PNG standard writes it, in wide signed arithmetic.
    fn paeth_as_written(a: u8, b: u8, c: u8) -> u8 {
        let (ia, ib, ic) = (i32::from(a), i32::from(b), i32::from(c));
        let p = ia + ib - ic;
        let (pa, pb, pc) = ((p - ia).abs(), (p - ib).abs(), (p - ic).abs());
        if pa <= pb && pa <= pc {
            a
        } else if pb <= pc {
            b
        } else {
            c
        }
    }

    #[test]
    fn paeth_predicts_as_the_standard_for_every_three_bytes() {
        for a in 0..=255 {
            for b in 0..=255 {
                for c in 0..=255 {
                    assert_eq!(paeth(a, b, c), paeth_as_written(a, b, c), "a {a}, b {b}, c {c}");
                }
            }
        }
    }

    /// A small random generator (the same numbers on every run).
    fn bytes(n: usize, seed: &mut u64, flat: bool) -> Vec<u8> {
        (0..n)
            .map(|i| {
                *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                // Flat runs as well as noise, so the compressor codes runs and literals.
                if flat && (*seed >> 60) < 12 { (i / 97) as u8 } else { (*seed >> 33) as u8 }
            })
            .collect()
    }

    /// Decodes a PNG with the `png` crate: its colour type, size and pixels.
    fn decode(file: &[u8]) -> (png::ColorType, u32, u32, Vec<u8>, Option<png::PixelDimensions>) {
        let mut r = png::Decoder::new(std::io::Cursor::new(file)).read_info().unwrap();
        let mut buf = vec![0u8; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        let dims = r.info().pixel_dims;
        (info.color_type, info.width, info.height, buf, dims)
    }

    #[test]
    fn the_png_crate_reads_back_every_pixel() {
        let mut seed = 1;
        for (w, h) in [(1, 1), (2, 3), (5, 4), (17, 9), (64, 33), (301, 7)] {
            for flat in [false, true] {
                // Opaque: written as RGB.
                let mut rgba = bytes(w * h * 4, &mut seed, flat);
                rgba.chunks_exact_mut(4).for_each(|p| p[3] = 255);
                let want: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| p[..3].to_vec()).collect();
                let mut file = Vec::new();
                encode_into(&mut rgba.clone(), w as u32, h as u32, false, Some(96.0), &mut file).unwrap();
                let (colour, gw, gh, got, dims) = decode(&file);
                assert_eq!((colour, gw, gh), (png::ColorType::Rgb, w as u32, h as u32));
                assert_eq!(got, want, "{w} × {h} opaque, flat {flat}");
                let dims = dims.expect("a pHYs chunk");
                assert_eq!((dims.xppu, dims.yppu, dims.unit), (3780, 3780, png::Unit::Meter), "96 dpi");
                // Translucent: premultiplied in, straight alpha out (as tiny-skia turns it).
                let mut pre = bytes(w * h * 4, &mut seed, flat);
                pre[3] = 7;
                for p in pre.chunks_exact_mut(4) {
                    for k in 0..3 {
                        p[k] = p[k].min(p[3]);
                    }
                }
                let want: Vec<u8> = pre
                    .chunks_exact(4)
                    .flat_map(|p| {
                        let c =
                            tiny_skia::PremultipliedColorU8::from_rgba(p[0], p[1], p[2], p[3]).unwrap().demultiply();
                        [c.red(), c.green(), c.blue(), c.alpha()]
                    })
                    .collect();
                let mut file = Vec::new();
                encode_into(&mut pre, w as u32, h as u32, false, None, &mut file).unwrap();
                let (colour, _, _, got, dims) = decode(&file);
                assert_eq!(colour, png::ColorType::Rgba);
                assert_eq!(got, want, "{w} × {h} translucent, flat {flat}");
                assert!(dims.is_none());
            }
        }
    }
}
