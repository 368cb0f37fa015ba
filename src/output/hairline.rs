//! Thin strokes of any shape: a stroke at most a pixel wide, of one opaque colour and not dashed,
//! painted straight into the canvas's bytes. tiny-skia draws such a stroke as a *hairline*, a
//! line one pixel thick whose colour is laid on at the stroke's width as opacity, its coverage
//! spread over the two pixels nearest the line's middle in each column (or row, for a steep
//! line); it blends pixel by pixel through its general pipeline, which made the rings and spokes
//! of the hemispheres' grid at 480 pixels (a 0.8-pixel stroke) a quarter of painting the figure.
//!
//! This paints the same hairline with the same coverage: curves split into straight pieces as
//! tiny-skia's hairliner splits them, each straight piece walked along its major axis, each
//! column's share weighted by how much of the column the piece spans (so the pieces of a flattened
//! curve join without a seam), and the colour blended into the premultiplied pixels with integer
//! arithmetic. A unit test compares it with tiny-skia's own hairline on rings, spokes and
//! diagonals.

use crate::draw::scene::Rgb;
use kurbo::Point;
use tiny_skia::{Path, PathSegment, PixmapMut, Transform};

/// Paints `path` (figure units, drawn with `ts`) as a hairline of `coverage` (the stroke's width
/// in pixels, at most 1) in `colour`.
pub fn hairline(path: &Path, ts: Transform, coverage: f32, colour: Rgb, canvas: &mut PixmapMut) {
    let Some(path) = path.clone().transform(ts) else { return };
    // tiny-skia's own rounding of the coverage to an opacity.
    let alpha = (((coverage.clamp(0.0, 1.0) * 256.0) as i32 * 255) >> 8) as f32 / 255.0;
    let mut plot = Plot {
        w: canvas.width() as i64,
        h: canvas.height() as i64,
        data: canvas.data_mut(),
        colour: [colour.0 as i32, colour.1 as i32, colour.2 as i32, 255],
        alpha,
    };
    let (mut last, mut start) = (Point::new(0.0, 0.0), Point::new(0.0, 0.0));
    let pt = |p: tiny_skia::Point| Point::new(p.x as f64, p.y as f64);
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => (last, start) = (pt(p), pt(p)),
            PathSegment::LineTo(p) => {
                plot.line(last, pt(p));
                last = pt(p);
            }
            PathSegment::QuadTo(a, p) => last = plot.quad([last, pt(a), pt(p)]),
            PathSegment::CubicTo(a, b, p) => last = plot.cubic([last, pt(a), pt(b), pt(p)]),
            PathSegment::Close => {
                plot.line(last, start);
                last = start;
            }
        }
    }
}

/// The canvas's bytes (premultiplied RGBA) and what is laid on them.
struct Plot<'a> {
    data: &'a mut [u8],
    w: i64,
    h: i64,
    colour: [i32; 4],
    alpha: f32,
}

impl Plot<'_> {
    /// A cubic curve as straight pieces, as tiny-skia's hairliner splits it: 2^k pieces at equal
    /// steps of its parameter, k the first level at which the control points' distance from the
    /// chord's thirds is under 1/8 × 4^k of a pixel (at most 2^9). Returns its end.
    fn cubic(&mut self, p: [Point; 4]) -> Point {
        let third = |a: Point, b: Point| Point::new((2.0 * a.x + b.x) / 3.0, (2.0 * a.y + b.y) / 3.0);
        let (p13, p23) = (third(p[0], p[3]), third(p[3], p[0]));
        let diff = (p[1] - p13).x.abs().max((p[1] - p13).y.abs()).max((p[2] - p23).x.abs()).max((p[2] - p23).y.abs());
        let (mut pieces, mut tol) = (1u32 << 9, 1.0 / 8.0);
        for k in 0..9 {
            if diff < tol {
                pieces = 1 << k;
                break;
            }
            tol *= 4.0;
        }
        self.pieces(&kurbo::CubicBez::new(p[0], p[1], p[2], p[3]), pieces)
    }

    /// A quadratic curve as straight pieces, as tiny-skia's hairliner splits it: 2^k pieces, k
    /// about half the bits of the control point's distance (whole pixels, rounded up) from the
    /// chord's middle (at most 2^5). Returns its end.
    fn quad(&mut self, p: [Point; 3]) -> Point {
        let (dx, dy) = (((p[0].x + p[2].x) / 2.0 - p[1].x).abs(), ((p[0].y + p[2].y) / 2.0 - p[1].y).abs());
        let (ix, iy) = (dx.ceil().min(i32::MAX as f64) as u32, dy.ceil().min(i32::MAX as f64) as u32);
        let d = if ix > iy { ix + (iy >> 1) } else { iy + (ix >> 1) };
        let level = ((33 - d.leading_zeros()) >> 1).min(5);
        self.pieces(&kurbo::QuadBez::new(p[0], p[1], p[2]), 1 << level)
    }

    /// A curve as `n` straight pieces at equal steps of its parameter. Returns its end.
    fn pieces(&mut self, curve: &impl kurbo::ParamCurve, n: u32) -> Point {
        let mut from = curve.start();
        for i in 1..=n {
            let to = if i == n { curve.end() } else { curve.eval(i as f64 / n as f64) };
            self.line(from, to);
            from = to;
        }
        curve.end()
    }

    /// One straight piece, walked along its major axis a pixel at a time.
    fn line(&mut self, a: Point, b: Point) {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx.abs() >= dy.abs() {
            self.walk((a.x, a.y), (b.x, b.y), false);
        } else {
            self.walk((a.y, a.x), (b.y, b.x), true);
        }
    }

    /// Walks from `a` to `b` (major coordinate first) column by column; `steep`: the major axis
    /// is y.
    fn walk(&mut self, a: (f64, f64), b: (f64, f64), steep: bool) {
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        let run = b.0 - a.0;
        let drawable = run > 0.0 && run.is_finite() && a.1.is_finite() && b.1.is_finite();
        if !drawable {
            return;
        }
        let slope = (b.1 - a.1) / run;
        let limit = if steep { self.h } else { self.w };
        let first = (a.0.floor() as i64).max(-1);
        let last = (b.0.ceil() as i64).min(limit);
        for c in first..last {
            let (lo, hi) = ((c as f64).max(a.0), ((c + 1) as f64).min(b.0));
            let span = hi - lo;
            if span <= 0.0 {
                continue;
            }
            // The line's middle across this column's part of it, a pixel thick.
            let mid = a.1 + ((lo + hi) / 2.0 - a.0) * slope - 0.5;
            let r = mid.floor();
            let f = mid - r;
            let share = span as f32 * self.alpha;
            let r = r as i64;
            self.put(c, r, (1.0 - f as f32) * share, steep);
            self.put(c, r + 1, f as f32 * share, steep);
        }
    }

    /// Lays the colour on the pixel at (`major`, `minor`) with `cover`.
    fn put(&mut self, major: i64, minor: i64, cover: f32, steep: bool) {
        let (x, y) = if steep { (minor, major) } else { (major, minor) };
        if x < 0 || y < 0 || x >= self.w || y >= self.h || cover <= 0.0 {
            return;
        }
        let i = ((y * self.w + x) * 4) as usize;
        lay_on(&mut self.data[i..i + 4], self.colour, cover);
    }
}

/// Lays the opaque `colour` (RGBA, alpha 255) on one premultiplied pixel, `cover` of it (at most
/// 1), in integer arithmetic: what a hairline and a round stroke ([`super::round_stroke`]) do to
/// each pixel they touch.
pub(super) fn lay_on(pixel: &mut [u8], colour: [i32; 4], cover: f32) {
    let a = (cover.min(1.0) * 256.0 + 0.5) as i32;
    for (d, s) in pixel.iter_mut().zip(colour) {
        let v = *d as i32;
        *d = (v + (((s - v) * a + 128) >> 8)).clamp(0, 255) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{Paint, PathBuilder, Pixmap, Stroke};

    /// The path on a light canvas, by tiny-skia's stroker and by [`hairline`].
    fn both(path: &Path, width: f32, scale: f32) -> (Pixmap, Pixmap) {
        let ts = Transform::from_scale(scale, scale);
        let colour = Rgb(92, 92, 92);
        let mut theirs = Pixmap::new(200, 200).unwrap();
        theirs.fill(tiny_skia::Color::from_rgba8(240, 217, 181, 255));
        let mut ours = theirs.clone();
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        paint.set_color_rgba8(colour.0, colour.1, colour.2, 255);
        theirs.stroke_path(path, &paint, &Stroke { width, ..Stroke::default() }, ts, None);
        hairline(path, ts, width * scale, colour, &mut ours.as_mut());
        (ours, theirs)
    }

    #[test]
    fn hairlines_cover_what_tiny_skias_hairliner_covers() {
        let mut shapes = Vec::new();
        let mut b = PathBuilder::new();
        for r in [12.3, 40.0, 71.79] {
            b.push_circle(100.0, 100.0, r);
        }
        shapes.push(("rings", b.finish().unwrap()));
        let mut b = PathBuilder::new();
        for k in 0..16 {
            let t = k as f32 * std::f32::consts::PI / 8.0 + 0.1;
            b.move_to(100.0 + 10.0 * libm::cosf(t), 100.0 + 10.0 * libm::sinf(t));
            b.line_to(100.0 + 95.0 * libm::cosf(t), 100.0 + 95.0 * libm::sinf(t));
        }
        shapes.push(("spokes", b.finish().unwrap()));
        let mut b = PathBuilder::new();
        b.move_to(3.3, 5.5);
        b.cubic_to(60.0, 190.0, 140.0, 10.0, 196.2, 150.7);
        b.line_to(20.25, 180.5);
        b.close();
        shapes.push(("curve", b.finish().unwrap()));
        for (name, path) in &shapes {
            for (width, scale) in [(0.8, 1.0), (0.5, 1.0), (1.0, 1.0), (0.4, 2.0)] {
                let (ours, theirs) = both(path, width, scale);
                let (mut sum, mut off, mut drawn) = (0u64, 0usize, 0usize);
                for (p, q) in ours.data().chunks_exact(4).zip(theirs.data().chunks_exact(4)) {
                    let d = (0..4).map(|i| p[i].abs_diff(q[i])).max().unwrap();
                    sum += u64::from(d);
                    off += (d > 32) as usize;
                    drawn += (q[0] != 240 || p[0] != 240) as usize;
                }
                let mean = sum as f64 / drawn as f64;
                assert!(drawn > 300, "{name}: nothing drawn");
                // Per pixel either of the two touched (the line's colour is 148 levels from the
                // ground): the same coverage, up to rounding (measured: 0.9 to 1.9).
                assert!(mean < 2.5, "{name} {width}×{scale}: mean difference {mean:.2} over {drawn} pixels");
                assert!(
                    (off as f64) < drawn as f64 * 0.005,
                    "{name} {width}×{scale}: {off} of {drawn} pixels off by more than 32"
                );
            }
        }
    }
}
