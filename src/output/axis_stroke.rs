//! Strokes of axis-aligned lines (the grid of a board or a chart) painted as the rectangles they
//! cover, by tiny-skia's rect filler, a column or row at a time, instead of its stroker's fill or
//! its hairliner, which step pixel by pixel; beside [`super::hairline`] and
//! [`super::round_stroke`], the painter's other ways past the stroker ([`super::raster`]).

use super::paint::{q, solid};
use crate::draw::scene::{PathCmd, Pt, Rgb};
use tiny_skia::{FillRule, PathBuilder, PixmapMut, Transform};

/// Paints a stroke of straight lines as rectangles, when every line runs along an axis, the
/// transform neither turns nor stretches, and the stroke is not dashed; false (and nothing
/// painted) otherwise. The rectangles cover what tiny-skia's stroker (and so resvg) covers:
/// - a stroke at most a pixel wide is drawn as separate lines without joins ("hairlines"): each
///   a pixel wide, its colour at the stroke's width as opacity, as a hairline spreads its
///   coverage over the two pixels nearest its middle;
/// - a wider one as bands with butt caps and mitred corners: each band's sides at quarter pixels
///   (the stroker's fill supersamples at quarters), bands along one another merged (the stroker
///   fills the union of its outline), each corner filled as a small path of its own between cuts
///   on whole pixels, so that no pixel is painted by two pieces.
///
/// Rectangles are filled by tiny-skia's rect filler, a column or row at a time, where the
/// hairliner and the stroker's fill step pixel by pixel: a board's or a chart's grid costs a
/// fraction. A unit test compares the two on outlines of every kind.
pub(super) fn axis_stroke(cmds: &[PathCmd], width: f32, colour: Rgb, ts: Transform, canvas: &mut PixmapMut) -> bool {
    if ts.kx != 0.0 || ts.ky != 0.0 || ts.sx != ts.sy || ts.sx <= 0.0 || width <= 0.0 {
        return false;
    }
    let Some(subpaths) = axis_subpaths(cmds, ts) else { return false };
    let w = width * ts.sx;
    let hairline = w <= 1.0;
    let Some(lines) = axis_lines(&subpaths, w, hairline) else { return false };
    if hairline {
        fill_hairlines(&lines, w, colour, canvas);
        true
    } else {
        fill_wide(&lines, w, colour, canvas)
    }
}

/// An axis stroke's line in device pixels: its ends, whether the line before turns into it,
/// whether it turns into the line after, and the index of the line after.
type AxisLine = (((f32, f32), (f32, f32)), bool, bool, usize);

/// A subpath as device points, and whether it is closed.
type Subpath = (Vec<(f32, f32)>, bool);

/// The subpaths of a path of axis-aligned lines as device points, each with whether it is closed;
/// `None` when the path has anything else.
fn axis_subpaths(cmds: &[PathCmd], ts: Transform) -> Option<Vec<Subpath>> {
    // The subpaths as device points, each with whether it is closed.
    let dev = |p: Pt| (q(p.x) * ts.sx + ts.tx, q(p.y) * ts.sy + ts.ty);
    let mut subpaths: Vec<Subpath> = Vec::new();
    for c in cmds {
        match *c {
            PathCmd::Move(p) => subpaths.push((vec![dev(p)], false)),
            PathCmd::Line(p) => match subpaths.last_mut() {
                Some((pts, false)) => {
                    let (a, b) = (pts[pts.len() - 1], dev(p));
                    if a.0 != b.0 && a.1 != b.1 {
                        return None;
                    }
                    pts.push(b);
                }
                _ => return None,
            },
            PathCmd::Close => match subpaths.last_mut() {
                Some((pts, closed @ false)) => {
                    let (a, b) = (pts[pts.len() - 1], pts[0]);
                    if a.0 != b.0 && a.1 != b.1 {
                        return None;
                    }
                    *closed = true;
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    Some(subpaths)
}

/// The lines of every subpath ([`AxisLine`]). A path with a line that doubles back, or one too
/// short to hold its corners, is left to the stroker (`None`).
fn axis_lines(subpaths: &[Subpath], w: f32, hairline: bool) -> Option<Vec<AxisLine>> {
    let dir = |(a, b): ((f32, f32), (f32, f32))| (sign(b.0 - a.0), sign(b.1 - a.1));
    let mut lines = Vec::new();
    for (pts, closed) in subpaths {
        let base = lines.len();
        let mut segs: Vec<((f32, f32), (f32, f32))> = pts.windows(2).map(|p| (p[0], p[1])).collect();
        if *closed {
            segs.push((pts[pts.len() - 1], pts[0]));
        }
        segs.retain(|(a, b)| a != b);
        if !hairline {
            // A wide stroke's lines that run straight on are one band (a grid's closed outline
            // may start in the middle of a side).
            let mut joined: Vec<((f32, f32), (f32, f32))> = Vec::with_capacity(segs.len());
            for sg in segs {
                match joined.last_mut() {
                    Some(last) if last.1 == sg.0 && dir(*last) == dir(sg) => last.1 = sg.1,
                    _ => joined.push(sg),
                }
            }
            if *closed && joined.len() > 1 && dir(joined[0]) == dir(joined[joined.len() - 1]) {
                let last = joined.pop().expect("two lines");
                joined[0].0 = last.0;
            }
            segs = joined;
        }
        let n = segs.len();
        let turns = |i: usize, j: usize| {
            let (d, e) = (dir(segs[i]), dir(segs[j]));
            // Doubling back, or (wide) running straight on, where two bands would meet
            // inside a pixel: left to the stroker (the grid joins such lines into one).
            if (d.0 == -e.0 && d.1 == -e.1) || (d == e && !hairline) { None } else { Some(d != e) }
        };
        for (i, &(a, b)) in segs.iter().enumerate() {
            let before = if i > 0 || (*closed && n > 1) { turns((i + n - 1) % n, i) } else { Some(false) };
            let after = if i + 1 < n || (*closed && n > 1) { turns(i, (i + 1) % n) } else { Some(false) };
            let (Some(before), Some(after)) = (before, after) else { return None };
            if !hairline && (b.0 - a.0).abs().max((b.1 - a.1).abs()) < w {
                return None;
            }
            // The line after this one, round the corner.
            let next = if i + 1 < n { base + i + 1 } else { base };
            lines.push(((a, b), before, after, next));
        }
    }
    Some(lines)
}

/// Hairlines (at most a pixel wide) as one-pixel rectangles, their coverage the width.
fn fill_hairlines(lines: &[AxisLine], w: f32, colour: Rgb, canvas: &mut PixmapMut) {
    // A hairline's coverage is scaled in 256ths, as tiny-skia scales it.
    let paint = solid(colour, ((w * 256.0).floor() / 256.0) as f64);
    for &((a, b), ..) in lines {
        let r = if a.1 == b.1 {
            tiny_skia::Rect::from_ltrb(a.0.min(b.0), a.1 - 0.5, a.0.max(b.0), a.1 + 0.5)
        } else {
            tiny_skia::Rect::from_ltrb(a.0 - 0.5, a.1.min(b.1), a.0 + 0.5, a.1.max(b.1))
        };
        if let Some(r) = r {
            canvas.fill_rect(r, &paint, Transform::identity(), None);
        }
    }
}

/// A wide stroke as bands and mitred corners; `false` when a band is too short for its cuts.
fn fill_wide(lines: &[AxisLine], w: f32, colour: Rgb, canvas: &mut PixmapMut) -> bool {
    // A wide stroke. Each line is a band `h` either side of it; where two lines meet at a corner
    // the stroke is mitred (a square `h` round the corner). A line's band is cut at the first
    // whole pixel clear of each corner it has: from there to the corner, round it and on to the
    // cut in the next line is a corner piece, filled as one path (as the stroker's outline is
    // filled); the rest is a rectangle. Pieces meet only on whole pixels, so no pixel is painted
    // by two of them.
    let h = w / 2.0;
    let mut bands = Vec::with_capacity(lines.len());
    for ((a, b), before, after, _) in lines {
        let horizontal = a.1 == b.1;
        let (across, from, to) = if horizontal { (a.1, a.0, b.0) } else { (a.0, a.1, b.1) };
        let s = sign(to - from);
        let start = if *before { if s > 0.0 { (from + h).ceil() } else { (from - h).floor() } } else { from };
        let end = if *after { if s > 0.0 { (to - h).floor() } else { (to + h).ceil() } } else { to };
        if (end - start) * s < 0.0 {
            return false;
        }
        bands.push(Band { horizontal, across, from, to, s, start, end });
    }
    let paint = solid(colour, 1.0);
    // The band of a line between two places along it, as a rectangle.
    let band = |horizontal: bool, across: f32, p: f32, q: f32| {
        if horizontal {
            tiny_skia::Rect::from_ltrb(p.min(q), across - h, p.max(q), across + h)
        } else {
            tiny_skia::Rect::from_ltrb(across - h, p.min(q), across + h, p.max(q))
        }
    };
    // The outline is filled at a quarter pixel's resolution, as tiny-skia supersamples it: a
    // rectangle's sides rounded to quarters cover the same (cuts are on whole pixels already).
    let quarter = |v: f32| (v * 4.0).round() / 4.0;
    // The rectangles: where two lines lie along one another (a grid may hold a long side beside
    // the short sides of the cells along it), their stretches are merged, since the stroker fills
    // the union of its outline and paints such a stretch once.
    let mut stretches: Vec<(bool, f32, f32, f32)> =
        bands.iter().map(|b| (b.horizontal, b.across, b.start.min(b.end), b.start.max(b.end))).collect();
    stretches.sort_by(|a, b| (a.0, a.1, a.2).partial_cmp(&(b.0, b.1, b.2)).unwrap_or(std::cmp::Ordering::Equal));
    let mut merged: Vec<(bool, f32, f32, f32)> = Vec::with_capacity(stretches.len());
    for st in stretches {
        match merged.last_mut() {
            Some(m) if m.0 == st.0 && m.1 == st.1 && st.2 <= m.3 => m.3 = m.3.max(st.3),
            _ => merged.push(st),
        }
    }
    for (horizontal, across, lo, hi) in merged {
        if let Some(r) = band(horizontal, across, lo, hi)
            && let Some(r) =
                tiny_skia::Rect::from_ltrb(quarter(r.left()), quarter(r.top()), quarter(r.right()), quarter(r.bottom()))
        {
            canvas.fill_rect(r, &paint, Transform::identity(), None);
        }
    }
    // The corners, each from the cut in the line that arrives round to the cut in the next.
    for (k, b) in bands.iter().enumerate() {
        let (_, _, after, next) = lines[k];
        if after {
            let n = &bands[next];
            let mut pb = PathBuilder::new();
            if let Some(r) = band(b.horizontal, b.across, b.end, b.to + b.s * h) {
                pb.push_rect(r);
            }
            if let Some(r) = band(n.horizontal, n.across, n.from - n.s * h, n.start) {
                pb.push_rect(r);
            }
            if let Some(path) = pb.finish() {
                canvas.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
    }
    true
}

/// A wide axis stroke's line ([`axis_stroke`]), in device pixels.
struct Band {
    /// Along x (else along y).
    horizontal: bool,
    /// Where it lies across its direction.
    across: f32,
    /// Where it runs from and to, along its direction.
    from: f32,
    to: f32,
    /// Its direction along the axis: 1 or -1.
    s: f32,
    /// The whole pixels where its rectangle is cut clear of its corners (`from` and `to` where it
    /// has none).
    start: f32,
    end: f32,
}

/// -1, 0 or 1 (`f32::signum` gives 1 for zero).
fn sign(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::paint::Paths;
    use tiny_skia::{Pixmap, Stroke};

    /// A stroke painted by tiny-skia's stroker on a fresh canvas.
    fn stroked(cmds: &[PathCmd], width: f32, ts: Transform) -> Pixmap {
        let mut canvas = Pixmap::new(100, 100).unwrap();
        canvas.fill(tiny_skia::Color::WHITE);
        let path = Paths::default().path(cmds).unwrap();
        let stroke = Stroke { width, miter_limit: 4.0, ..Stroke::default() };
        canvas.stroke_path(&path, &solid(Rgb(40, 60, 80), 1.0), &stroke, ts, None);
        canvas
    }

    /// The same stroke as rectangles.
    fn as_rects(cmds: &[PathCmd], width: f32, ts: Transform) -> Pixmap {
        let mut canvas = Pixmap::new(100, 100).unwrap();
        canvas.fill(tiny_skia::Color::WHITE);
        assert!(axis_stroke(cmds, width, Rgb(40, 60, 80), ts, &mut canvas.as_mut()));
        canvas
    }

    /// Rectangles cover what the stroker covers: open and closed outlines with corners turning
    /// both ways, crossing lines, hairlines (at most a pixel wide) and wide strokes, off the pixel
    /// grid. No channel of any pixel differs by more than 3 (of 255), the golden images'
    /// tolerance.
    #[test]
    fn axis_strokes_cover_what_the_stroker_covers() {
        let pt = |x: f64, y: f64| Pt { x, y };
        // Subpaths of points, each closed or open.
        let path = |subpaths: &[(&[(f64, f64)], bool)]| -> Vec<PathCmd> {
            let mut cmds = Vec::new();
            for (points, closed) in subpaths {
                for (i, &(x, y)) in points.iter().enumerate() {
                    cmds.push(if i == 0 { PathCmd::Move(pt(x, y)) } else { PathCmd::Line(pt(x, y)) });
                }
                if *closed {
                    cmds.push(PathCmd::Close);
                }
            }
            cmds
        };
        let outline = path(&[
            (&[(5.3, 7.71), (40.55, 7.71), (40.55, 30.2), (20.1, 30.2), (20.1, 50.9), (5.3, 50.9)], true),
            (&[(2.5, 20.33), (60.2, 20.33)], false),
            (&[(30.45, 2.0), (30.45, 60.0)], false),
            // A closed outline starting in the middle of a side, one side in two pieces.
            (
                &[(50.27, 60.5), (44.6, 60.5), (44.6, 40.33), (62.1, 40.33), (62.1, 50.5), (62.1, 60.5), (50.27, 60.5)],
                true,
            ),
            // Lines along one another: a long one beside two short ones, one drawn backwards.
            (&[(70.2, 80.4), (95.0, 80.4)], false),
            (&[(80.0, 80.4), (72.1, 80.4)], false),
            (&[(88.3, 80.4), (93.0, 80.4)], false),
        ]);
        for (width, scale) in [(0.8, 1.0), (0.8, 1.53), (2.4, 1.0), (3.1, 1.3)] {
            let ts = Transform::from_row(scale, 0.0, 0.0, scale, 0.37, 0.0);
            let (a, b) = (stroked(&outline, width, ts), as_rects(&outline, width, ts));
            let off: Vec<u8> = a.data().iter().zip(b.data()).map(|(x, y)| x.abs_diff(*y)).filter(|&d| d > 0).collect();
            let worst = off.iter().copied().max().unwrap_or(0);
            assert!(worst <= 3, "width {width} at ×{scale}: {} channels off, worst by {worst}", off.len());
        }
        // Not along an axis, or turned: left to the stroker.
        let slant = path(&[(&[(1.0, 1.0), (9.0, 5.0)], false)]);
        let mut canvas = Pixmap::new(8, 8).unwrap();
        assert!(!axis_stroke(&slant, 1.0, Rgb(0, 0, 0), Transform::identity(), &mut canvas.as_mut()));
        let turned = Transform::from_rotate(30.0);
        assert!(!axis_stroke(&outline, 1.0, Rgb(0, 0, 0), turned, &mut canvas.as_mut()));
    }
}
