//! Round strokes of one opaque colour, a pixel wide or more: the routes and rides (straight
//! pieces, round caps and joins) and the rings round a capture or a port (a circle's stroke),
//! painted straight into the canvas's bytes from each pixel's distance to the stroke's middle.
//!
//! tiny-skia fills such a stroke as a path, supersampled four times in each direction, and lays
//! each row's few pixels on through its general pipeline, one call a run of equal coverage: a
//! 3-pixel route cost about 2,600 instructions a pixel of its length (callgrind), and the strokes
//! were a fifth of painting the 480-pixel hemispheres with a rook's moves.
//!
//! Here a pixel whose centre is `d` from the stroke's middle line is covered `w / 2 + 1/2 − d`,
//! clamped to 0…1 (`w` the width): the area of the pixel on the stroke's side of a straight edge
//! through it, within 0.06 of the exact area whatever the edge's direction. Where the pieces of a
//! polyline meet, a pixel takes the largest coverage any piece gives it (the union's, as a
//! stroke's outline is filled, not one piece over another). The colour is blended into the
//! premultiplied pixels as a hairline's is ([`lay_on`]).

use super::hairline::lay_on;
use crate::draw::scene::Rgb;
use tiny_skia::PixmapMut;

/// A point in device pixels.
pub(super) type Px = (f64, f64);

/// Paints the straight pieces `lines` (each `(a, b)`, in device pixels) as one round-capped,
/// round-joined stroke `width` pixels wide.
pub(super) fn polyline(lines: &[(Px, Px)], width: f64, colour: Rgb, canvas: &mut PixmapMut) {
    let reach = width / 2.0 + 0.5;
    let (top, bottom) = lines
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(t, b), (p, q)| (t.min(p.1).min(q.1), b.max(p.1).max(q.1)));
    let mut rows = Rows::new(canvas, colour);
    for y in rows.range(top - reach, bottom + reach) {
        let cy = y as f64 + 0.5;
        for &(a, b) in lines {
            let Some((x0, x1)) = near(a, b, cy, reach) else { continue };
            for x in rows.columns(x0, x1) {
                let d = distance((x as f64 + 0.5, cy), a, b);
                rows.cover(x, reach - d);
            }
        }
        rows.lay(y);
    }
}

/// Paints the stroke of the circle of radius `r` about `c` (device pixels), `width` pixels wide.
pub(super) fn ring(c: Px, r: f64, width: f64, colour: Rgb, canvas: &mut PixmapMut) {
    let reach = width / 2.0 + 0.5;
    let outer = r + reach;
    let mut rows = Rows::new(canvas, colour);
    for y in rows.range(c.1 - outer, c.1 + outer) {
        let cy = y as f64 + 0.5;
        let dy = cy - c.1;
        let half = (outer * outer - dy * dy).max(0.0).sqrt();
        for x in rows.columns(c.0 - half, c.0 + half) {
            let dx = x as f64 + 0.5 - c.0;
            let d = ((dx * dx + dy * dy).sqrt() - r).abs();
            rows.cover(x, reach - d);
        }
        rows.lay(y);
    }
}

/// The part of the segment `a`–`b` within `reach` of the row whose centre is at `cy`, as an
/// interval of x: every point within `reach` of the segment on that row lies in it.
fn near(a: Px, b: Px, cy: f64, reach: f64) -> Option<(f64, f64)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    // The segment's parameters whose points are within `reach` of the row vertically.
    let (t0, t1) = if dy.abs() < 1e-12 {
        if (a.1 - cy).abs() > reach {
            return None;
        }
        (0.0, 1.0)
    } else {
        let (s, t) = ((cy - reach - a.1) / dy, (cy + reach - a.1) / dy);
        (s.min(t).max(0.0), s.max(t).min(1.0))
    };
    if t0 > t1 {
        return None;
    }
    let (xa, xb) = (a.0 + t0 * dx, a.0 + t1 * dx);
    Some((xa.min(xb) - reach, xa.max(xb) + reach))
}

/// The distance from `p` to the segment `a`–`b`.
fn distance(p: Px, a: Px, b: Px) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let (ex, ey) = (p.0 - (a.0 + t * dx), p.1 - (a.1 + t * dy));
    // Not `hypot`: no overflow or underflow to guard against here, and libm's takes five times
    // as long.
    (ex * ex + ey * ey).sqrt()
}

/// The pixels, of `n` in a row or column, whose centres (at `i + 1/2`) lie between `lo` and `hi`.
fn centres(lo: f64, hi: f64, n: i64) -> std::ops::Range<i64> {
    if !(lo.is_finite() && hi.is_finite()) {
        return 0..0;
    }
    let first = (lo - 0.5).ceil().max(0.0).min(n as f64) as i64;
    let last = (hi - 0.5).floor().max(-1.0).min(n as f64 - 1.0) as i64;
    first..last + 1
}

/// One row's coverage at a time, laid on the canvas when the row is done.
struct Rows<'a> {
    data: &'a mut [u8],
    w: i64,
    h: i64,
    colour: [i32; 4],
    /// Coverage of each pixel of the row being painted (0 outside `lo..=hi`).
    cover: Vec<f32>,
    lo: i64,
    hi: i64,
}

impl<'a> Rows<'a> {
    fn new(canvas: &'a mut PixmapMut, colour: Rgb) -> Rows<'a> {
        let (w, h) = (canvas.width() as i64, canvas.height() as i64);
        Rows {
            data: canvas.data_mut(),
            w,
            h,
            colour: [colour.0 as i32, colour.1 as i32, colour.2 as i32, 255],
            cover: vec![0.0; w as usize],
            lo: i64::MAX,
            hi: i64::MIN,
        }
    }

    /// The rows whose centres lie between `top` and `bottom`, within the canvas.
    fn range(&self, top: f64, bottom: f64) -> std::ops::Range<i64> {
        centres(top, bottom, self.h)
    }

    /// The columns whose centres lie between `left` and `right`, within the canvas.
    fn columns(&self, left: f64, right: f64) -> std::ops::Range<i64> {
        centres(left, right, self.w)
    }

    /// Covers pixel `x` of the row at least `c` (clamped to 0…1).
    fn cover(&mut self, x: i64, c: f64) {
        if c > 0.0 {
            let slot = &mut self.cover[x as usize];
            *slot = slot.max(c.min(1.0) as f32);
            self.lo = self.lo.min(x);
            self.hi = self.hi.max(x);
        }
    }

    /// Lays the colour on row `y` by the coverage gathered, and clears it for the next row.
    fn lay(&mut self, y: i64) {
        if self.lo > self.hi {
            return;
        }
        let start = (y * self.w * 4) as usize;
        let row = &mut self.data[start..start + self.w as usize * 4];
        for x in self.lo as usize..=self.hi as usize {
            let c = std::mem::take(&mut self.cover[x]);
            if c > 0.0 {
                lay_on(&mut row[x * 4..x * 4 + 4], self.colour, c);
            }
        }
        (self.lo, self.hi) = (i64::MAX, i64::MIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

    /// How far `ours` is from `theirs`, over the pixels either changed from the ground: the mean
    /// of each pixel's largest channel difference, how many differ by more than 32, the largest
    /// difference, and how many pixels were drawn.
    fn compare(ours: &Pixmap, theirs: &Pixmap, ground: u8) -> (f64, usize, u8, usize) {
        let (mut sum, mut off, mut most, mut drawn) = (0u64, 0usize, 0u8, 0usize);
        for (p, q) in ours.data().chunks_exact(4).zip(theirs.data().chunks_exact(4)) {
            let d = (0..4).map(|i| p[i].abs_diff(q[i])).max().unwrap();
            sum += u64::from(d);
            off += (d > 32) as usize;
            most = most.max(d);
            drawn += (q[1] != ground || p[1] != ground) as usize;
        }
        (sum as f64 / drawn.max(1) as f64, off, most, drawn)
    }

    /// tiny-skia samples a pixel at four heights and in quarter pixels across, so its coverage is
    /// within an eighth of the exact area, ours within 0.06: on a ground 240 levels from the
    /// colour the two may differ by about 45 in a pixel, and by a fifth of that on the whole;
    /// a stroke out of place by half a pixel differs by 100 or more along its whole length.
    /// (Round a small ring, tiny-skia's outline of the stroke — its curves offset — strays a
    /// little more: up to 7 % of a 5.5-pixel port's pixels differ by more than 32.)
    fn agree(what: &str, (mean, off, most, drawn): (f64, usize, u8, usize)) {
        assert!(drawn > 50, "{what}: nothing drawn");
        assert!(mean < 20.0, "{what}: mean difference {mean:.2} over {drawn} pixels");
        assert!(most <= 64, "{what}: a pixel differs by {most}");
        assert!(off * 100 < drawn * 8, "{what}: {off} of {drawn} pixels off by more than 32");
    }

    fn canvas() -> Pixmap {
        let mut c = Pixmap::new(240, 240).unwrap();
        c.fill(tiny_skia::Color::from_rgba8(240, 217, 181, 255));
        c
    }

    fn paint(colour: Rgb) -> Paint<'static> {
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        paint.set_color_rgba8(colour.0, colour.1, colour.2, 255);
        paint
    }

    #[test]
    fn polylines_cover_what_tiny_skias_stroker_covers() {
        let colour = Rgb(208, 31, 176);
        let shapes: Vec<Vec<Px>> = vec![
            vec![(10.3, 20.7), (200.2, 20.7)],
            vec![(30.0, 10.0), (30.0, 220.5)],
            vec![(12.0, 14.0), (220.0, 190.0)],
            vec![(186.77, 24.29), (203.94, 65.75)],
            // A flattened arc, as the hemispheres' rank routes are drawn.
            (0..12)
                .map(|k| (120.0 + 90.0 * libm::cos(k as f64 * 0.13), 120.0 + 90.0 * libm::sin(k as f64 * 0.13)))
                .collect(),
            // A sharp turn.
            vec![(20.0, 200.0), (120.0, 40.0), (220.0, 200.0)],
        ];
        for pts in &shapes {
            for width in [1.2, 3.07, 6.5] {
                let mut theirs = canvas();
                let mut ours = theirs.clone();
                let mut b = PathBuilder::new();
                b.move_to(pts[0].0 as f32, pts[0].1 as f32);
                for p in &pts[1..] {
                    b.line_to(p.0 as f32, p.1 as f32);
                }
                let stroke = Stroke {
                    width: width as f32,
                    line_cap: LineCap::Round,
                    line_join: LineJoin::Round,
                    ..Stroke::default()
                };
                theirs.stroke_path(&b.finish().unwrap(), &paint(colour), &stroke, Transform::identity(), None);
                let lines: Vec<(Px, Px)> = pts.windows(2).map(|w| (w[0], w[1])).collect();
                polyline(&lines, width, colour, &mut ours.as_mut());
                agree(&format!("{pts:?} {width}"), compare(&ours, &theirs, 217));
            }
        }
    }

    #[test]
    fn rings_cover_what_tiny_skias_stroker_covers() {
        let colour = Rgb(0, 0, 0);
        for (c, r, width) in [((120.0, 120.0), 21.09, 3.21), ((60.5, 70.25), 5.52, 3.07), ((120.0, 120.0), 100.0, 1.5)]
        {
            let mut theirs = canvas();
            let mut ours = theirs.clone();
            // The circle as cubic curves within a hundredth of a pixel (tiny-skia's own circle
            // is farther off: conics turned into quadratic curves).
            let mut b = PathBuilder::new();
            for el in kurbo::Shape::path_elements(&kurbo::Circle::new(c, r), 0.01) {
                let f = |p: kurbo::Point| (p.x as f32, p.y as f32);
                match el {
                    kurbo::PathEl::MoveTo(p) => b.move_to(f(p).0, f(p).1),
                    kurbo::PathEl::CurveTo(p, q, e) => b.cubic_to(f(p).0, f(p).1, f(q).0, f(q).1, f(e).0, f(e).1),
                    kurbo::PathEl::ClosePath => b.close(),
                    other => panic!("{other:?} in a circle"),
                }
            }
            let circle = b.finish().unwrap();
            let stroke = Stroke { width: width as f32, ..Stroke::default() };
            theirs.stroke_path(&circle, &paint(colour), &stroke, Transform::identity(), None);
            ring(c, r, width, colour, &mut ours.as_mut());
            agree(&format!("ring {r} {width}"), compare(&ours, &theirs, 217));
        }
    }
}
