//! Scene to pixels with tiny-skia, without going through SVG text. It draws the shapes, paints
//! and piece layers the SVG writer writes, the way resvg draws SVG: non-zero fills, everything
//! anti-aliased, butt caps and miter joins (limit 4) unless the paint is round, arcs as the same
//! cubic curves (kurbo's, at resvg's tolerance), an element's opacity as the alpha of its one
//! paint (or as a layer when it has both a fill and a stroke). So the PNG and the SVG show the same
//! picture (`tests/it/golden.rs` compares the two for every golden and essay figure). Every number
//! is first rounded as the SVG writes it (two decimals; four for a group's scale): tiny-skia
//! samples coverage in quarter pixels, so a line a hundredth of a pixel away can differ visibly
//! at its edge, and the rounding keeps the two pictures pixel for pixel alike.

use super::PngError;
use super::hairline::hairline;
use super::paint::{Paths, colour, draw, q, solid};
use super::round_stroke;
use super::sprites::{Sprites, What};
use crate::draw::artwork::piece_layers;
use crate::draw::font::text_outline;
use crate::draw::scene::Pt;
use crate::draw::scene::{Element, Node, Paint, PathCmd, Rgb, Scene, Shape};
use tiny_skia::{FillRule, PathBuilder, Pixmap, PixmapMut, Transform};

/// Largest PNG accepted, in pixels (the figure budget's, [`crate::output::budget::MAX_PIXELS`]).
pub const MAX_PIXELS: u64 = crate::output::budget::MAX_PIXELS;

/// The canvas of a scene at `scale` pixels per figure unit: width and height in pixels.
pub fn canvas_size(scene: &Scene, scale: f64) -> Result<(u32, u32), PngError> {
    let (w, h) = ((scene.width * scale).ceil(), (scene.height * scale).ceil());
    if !(w >= 1.0 && h >= 1.0) || w * h > MAX_PIXELS as f64 {
        return Err(PngError::Size(w.clamp(0.0, u32::MAX as f64) as u32, h.clamp(0.0, u32::MAX as f64) as u32));
    }
    Ok((w as u32, h as u32))
}

/// The scene painted on a new pixmap at `scale` pixels per figure unit.
pub fn to_pixmap(scene: &Scene, scale: f64) -> Result<Pixmap, PngError> {
    let (w, h) = canvas_size(scene, scale)?;
    let mut pixmap = Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    Painter::default().paint(scene, scale, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Paints scenes; keeps its path storage from one shape to the next (and one figure to the next,
/// when the same painter paints many).
#[derive(Default)]
pub struct Painter {
    paths: Paths,
    /// Pieces and labels painted once and copied ([`super::sprites`]): the store all painters
    /// share.
    sprites: Sprites,
}

impl Painter {
    /// Paints the whole scene (background first) onto `canvas`, `scale` pixels per figure unit.
    /// Whatever the canvas held is painted over. Returns whether every pixel is opaque: so when
    /// the background covers the whole canvas, everything else being painted over it.
    pub fn paint(&mut self, scene: &Scene, scale: f64, canvas: &mut PixmapMut) -> bool {
        let ts = Transform::from_scale(scale as f32, scale as f32);
        let (w, h) = (scene.width * scale, scene.height * scale);
        let opaque = !scene.transparent && w == canvas.width() as f64 && h == canvas.height() as f64;
        if scene.transparent {
            canvas.fill(tiny_skia::Color::TRANSPARENT);
        } else if opaque {
            canvas.fill(colour(scene.background, 1.0));
        } else {
            canvas.fill(tiny_skia::Color::TRANSPARENT);
            let rect = tiny_skia::Rect::from_xywh(0.0, 0.0, scene.width as f32, scene.height as f32);
            if let Some(r) = rect {
                canvas.fill_path(
                    &PathBuilder::from_rect(r),
                    &solid(scene.background, 1.0),
                    FillRule::Winding,
                    ts,
                    None,
                );
            }
        }
        self.nodes(&scene.nodes, ts, canvas);
        opaque
    }

    fn nodes(&mut self, nodes: &[Node], ts: Transform, canvas: &mut PixmapMut) {
        for n in nodes {
            match n {
                Node::Element(e) => self.element(e, ts, canvas),
                Node::Group(g) => {
                    let scale = ((g.scale * 10000.0).round() / 10000.0) as f32;
                    let inner =
                        ts.pre_concat(Transform::from_row(scale, 0.0, 0.0, scale, q(g.offset.x), q(g.offset.y)));
                    self.nodes(&g.children, inner, canvas);
                }
            }
        }
    }

    fn element(&mut self, e: &Element, ts: Transform, canvas: &mut PixmapMut) {
        let p = &e.paint;
        // A filled rect (every cell of a board or chart) with nothing turned: filled in device
        // pixels by tiny-skia's rect filler, which computes each edge pixel's coverage exactly
        // instead of scanning a path.
        if let (Shape::Rect { at, w, h }, Some(fill), None) = (&e.shape, p.fill, p.stroke)
            && ts.kx == 0.0
            && ts.ky == 0.0
        {
            let (x, y) = (q(at.x) * ts.sx + ts.tx, q(at.y) * ts.sy + ts.ty);
            let (w, h) = (q(*w) * ts.sx, q(*h) * ts.sy);
            // Crisp: the pixels whose centres are inside, as a path is filled without
            // anti-aliasing (tiny-skia's own rect rounding floors instead).
            let r = if p.crisp {
                let snap = |v: f32| (v + 0.5).floor();
                tiny_skia::Rect::from_ltrb(snap(x), snap(y), snap(x + w), snap(y + h))
            } else {
                tiny_skia::Rect::from_xywh(x, y, w, h)
            };
            if let Some(r) = r {
                let opacity = (q(p.opacity.unwrap_or(1.0)) as f64).clamp(0.0, 1.0);
                let paint = tiny_skia::Paint { anti_alias: !p.crisp, ..solid(fill, opacity) };
                canvas.fill_rect(r, &paint, Transform::identity(), None);
            }
            return;
        }
        // A stroke of straight lines, each along an axis (the grid of a board or a chart): painted
        // as the thin rectangles its stroke covers, by the rect filler too.
        if let (Shape::Path(cmds), None, Some((colour, width)), None, false) =
            (&e.shape, p.fill, p.stroke, &p.dash, p.round)
            && p.opacity.is_none_or(|o| q(o) >= 1.0)
            && axis_stroke(cmds, q(width), colour, ts, canvas)
        {
            return;
        }
        // A thin stroke of one opaque colour, butt-capped: painted straight into the canvas
        // ([`hairline`]).
        if let (Shape::Path(cmds), None, Some((colour, width)), None, false) =
            (&e.shape, p.fill, p.stroke, &p.dash, p.round)
            && p.opacity.is_none_or(|o| q(o) >= 1.0)
            && ts.kx == 0.0
            && ts.ky == 0.0
            && ts.sx == ts.sy
            && q(width) > 0.0
            && q(width) * ts.sx <= 1.0
        {
            if let Some(path) = self.paths.path(cmds) {
                hairline(&path, ts, q(width) * ts.sx, colour, canvas);
                self.paths.give_back(path);
            }
            return;
        }
        // A round stroke of one opaque colour at least a pixel wide — a route, a ride, the ring
        // round a capture or a port: painted straight into the canvas ([`round_stroke`]).
        if let (Some((colour, width)), None) = (p.stroke, &p.dash)
            && p.opacity.is_none_or(|o| q(o) >= 1.0)
            && ts.kx == 0.0
            && ts.ky == 0.0
            && ts.sx == ts.sy
            && q(width) * ts.sx > 1.0
            && self.round_stroke(e, colour, (q(width) * ts.sx) as f64, ts, canvas)
        {
            return;
        }
        let path = match &e.shape {
            Shape::Rect { at, w, h } => {
                tiny_skia::Rect::from_xywh(q(at.x), q(at.y), q(*w), q(*h)).map(PathBuilder::from_rect)
            }
            Shape::Circle { c, r } => self.paths.circle(*c, *r),
            Shape::Path(cmds) => self.paths.path(cmds),
            Shape::Polyline(pts) => {
                let mut b = self.paths.builder();
                for (i, p) in pts.iter().enumerate() {
                    if i == 0 {
                        b.move_to(q(p.x), q(p.y));
                    } else {
                        b.line_to(q(p.x), q(p.y));
                    }
                }
                b.finish()
            }
            Shape::Text { text, at, size, anchor, weight }
                if p.dash.is_none() && !p.crisp && (p.fill.is_none() || p.stroke.is_none()) =>
            {
                let what = What::Text(text.as_str().into(), size.to_bits(), *anchor, *weight);
                let layers = |at| vec![(text_outline(text, at, *size, *anchor, *weight), p.clone())];
                self.sprite((what, *at), p, ts, canvas, layers);
                return;
            }
            Shape::Text { text, at, size, anchor, weight } => {
                self.paths.path(&text_outline(text, *at, *size, *anchor, *weight))
            }
            Shape::Piece { piece, at, size, set } => {
                // The piece's own paints, opaque ([`piece_layers`]).
                let what = What::Piece(*piece, *set, size.to_bits());
                let plain = Paint { opacity: None, ..p.clone() };
                let layers = |at| piece_layers(*piece, at, *size, *set, p);
                self.sprite((what, *at), &plain, ts, canvas, layers);
                return;
            }
        };
        let Some(path) = path else { return };
        let opacity = (q(p.opacity.unwrap_or(1.0)) as f64).clamp(0.0, 1.0);
        if opacity < 1.0 && p.fill.is_some() && p.stroke.is_some() {
            // Fill and stroke seen through together, as SVG's opacity means: one layer.
            if let Some(mut layer) = Pixmap::new(canvas.width(), canvas.height()) {
                draw(&path, p, 1.0, ts, &mut layer.as_mut());
                let pp = tiny_skia::PixmapPaint { opacity: opacity as f32, ..Default::default() };
                canvas.draw_pixmap(0, 0, layer.as_ref(), &pp, Transform::identity(), None);
            }
        } else {
            draw(&path, p, opacity, ts, canvas);
        }
        self.paths.give_back(path);
    }

    /// Paints `e`'s stroke (`colour`, `width` device pixels; a fill first, for a circle) with
    /// [`round_stroke`] when it is a round-capped, round-joined line of straight pieces or a
    /// circle; whether it did.
    fn round_stroke(&mut self, e: &Element, colour: Rgb, width: f64, ts: Transform, canvas: &mut PixmapMut) -> bool {
        let px = |p: Pt| ((q(p.x) * ts.sx + ts.tx) as f64, (q(p.y) * ts.sy + ts.ty) as f64);
        match &e.shape {
            Shape::Circle { c, r } if q(*r) > 0.0 => {
                if e.paint.fill.is_some() {
                    // The fill as any shape's is drawn, then the stroke over it.
                    let Some(path) = self.paths.circle(*c, *r) else { return false };
                    draw(&path, &Paint { stroke: None, ..e.paint.clone() }, 1.0, ts, canvas);
                    self.paths.give_back(path);
                }
                round_stroke::ring(px(*c), (q(*r) * ts.sx) as f64, width, colour, canvas);
                true
            }
            Shape::Path(cmds) if e.paint.round && e.paint.fill.is_none() => {
                let mut lines = Vec::with_capacity(cmds.len());
                let (mut last, mut start) = ((0.0, 0.0), (0.0, 0.0));
                for c in cmds {
                    match *c {
                        PathCmd::Move(to) => (last, start) = (px(to), px(to)),
                        PathCmd::Line(to) => {
                            lines.push((last, px(to)));
                            last = px(to);
                        }
                        PathCmd::Close => {
                            lines.push((last, start));
                            last = start;
                        }
                        _ => return false,
                    }
                }
                round_stroke::polyline(&lines, width, colour, canvas);
                true
            }
            Shape::Polyline(pts) if e.paint.round && e.paint.fill.is_none() => {
                let lines: Vec<_> = pts.windows(2).map(|w| (px(w[0]), px(w[1]))).collect();
                round_stroke::polyline(&lines, width, colour, canvas);
                true
            }
            _ => false,
        }
    }

    /// A painter with a store of sprites of its own (for tests that count them).
    #[cfg(test)]
    pub(crate) fn own_sprites() -> Painter {
        Painter { paths: Paths::default(), sprites: Sprites::own() }
    }

    /// How many sprites the painter's store keeps.
    #[cfg(test)]
    pub(crate) fn sprite_count(&self) -> usize {
        self.sprites.len()
    }

    /// Paints a piece or a label from its sprite ([`super::sprites`]).
    fn sprite(
        &mut self,
        at: (What, Pt),
        paint: &Paint,
        ts: Transform,
        canvas: &mut PixmapMut,
        layers: impl FnOnce(Pt) -> Vec<(Vec<PathCmd>, Paint)>,
    ) {
        self.sprites.paint(&mut self.paths, at, paint, ts, canvas, layers);
    }
}

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
fn axis_stroke(cmds: &[PathCmd], width: f32, colour: Rgb, ts: Transform, canvas: &mut PixmapMut) -> bool {
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
    use crate::draw::scene::{Anchor, FontWeight, PieceSet};
    use crate::rules::piece::{Color, Piece, Role};
    use tiny_skia::Stroke;

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

    /// A scene of one element on white, `w` × `h` figure units.
    fn scene(shape: Shape, paint: Paint, (w, h): (f64, f64)) -> Scene {
        let mut s = Scene::new(w, h, Rgb::WHITE);
        s.nodes.push(Node::Element(Element::new(shape, paint, "x")));
        s
    }

    /// The layers painted straight onto a white canvas, as the painter did before sprites.
    fn straight(layers: Vec<(Vec<PathCmd>, Paint)>, opacity: f64, (w, h): (u32, u32), scale: f32) -> Pixmap {
        let mut canvas = Pixmap::new(w, h).unwrap();
        canvas.fill(tiny_skia::Color::WHITE);
        let mut paths = Paths::default();
        for (cmds, p) in layers {
            if let Some(path) = paths.path(&cmds) {
                draw(&path, &p, opacity, Transform::from_scale(scale, scale), &mut canvas.as_mut());
            }
        }
        canvas
    }

    /// The mean difference per channel (of 255) and the share of pixels off by more than 32.
    fn difference(a: &Pixmap, b: &Pixmap) -> (f64, f64) {
        let (mut sum, mut off) = (0u64, 0usize);
        for (p, q) in a.data().chunks_exact(4).zip(b.data().chunks_exact(4)) {
            sum += (0..4).map(|i| u64::from(p[i].abs_diff(q[i]))).sum::<u64>();
            off += (0..4).any(|i| p[i].abs_diff(q[i]) > 32) as usize;
        }
        let n = a.data().len() as f64 / 4.0;
        (sum as f64 / (4.0 * n), off as f64 / n)
    }

    #[test]
    fn a_piece_from_its_sprite_shows_what_painting_it_straight_shows() {
        let piece = Piece { color: Color::Black, role: Role::Knight };
        let paint = Paint::fill(Rgb(250, 250, 250)).with_stroke(Rgb(20, 20, 20), 1.3);
        for set in [PieceSet::Glyph, PieceSet::Disc, PieceSet::Letter] {
            for (size, at, scale) in
                [(45.0, (30.13, 41.77), 1.0), (20.3, (17.5, 18.04), 2.0), (61.7, (40.0, 39.9), 1.5)]
            {
                let at = Pt { x: at.0, y: at.1 };
                let s = scene(Shape::Piece { piece, at, size, set }, paint.clone(), (80.0, 80.0));
                let ours = to_pixmap(&s, scale).unwrap();
                let theirs = straight(
                    crate::draw::artwork::piece_layers(piece, at, size, set, &paint),
                    1.0,
                    (ours.width(), ours.height()),
                    scale as f32,
                );
                let (mean, off) = difference(&ours, &theirs);
                assert!(
                    mean < 0.5 && off < 0.005,
                    "{set:?} {size} at {at:?} ×{scale}: mean {mean:.3}, {:.2} % off",
                    off * 100.0
                );
            }
        }
    }

    #[test]
    fn a_label_from_its_sprite_shows_what_painting_it_straight_shows() {
        let paint = Paint { opacity: Some(0.7), ..Paint::fill(Rgb(60, 60, 60)) };
        for (text, at, scale) in [("a", (10.3, 12.61), 1.0), ("h8", (30.0, 20.25), 2.0), ("N", (5.55, 30.0), 1.25)] {
            let at = Pt { x: at.0, y: at.1 };
            let (size, anchor, weight) = (11.0, Anchor::Middle, FontWeight::Regular);
            let s = scene(Shape::Text { text: text.into(), at, size, anchor, weight }, paint.clone(), (40.0, 40.0));
            let ours = to_pixmap(&s, scale).unwrap();
            let outline = crate::draw::font::text_outline(text, at, size, anchor, weight);
            let theirs = straight(vec![(outline, paint.clone())], 0.7, (ours.width(), ours.height()), scale as f32);
            let (mean, off) = difference(&ours, &theirs);
            assert!(mean < 0.5 && off < 0.01, "{text} at {at:?} ×{scale}: mean {mean:.3}, {:.2} % off", off * 100.0);
        }
    }

    #[test]
    fn a_painter_paints_a_figure_the_same_whatever_it_painted_before() {
        let piece = |x: f64, y: f64, size: f64| {
            let at = Pt { x, y };
            let shape =
                Shape::Piece { piece: Piece { color: Color::Black, role: Role::Rook }, at, size, set: PieceSet::Glyph };
            Node::Element(Element::new(shape, Paint::fill(Rgb::WHITE).with_stroke(Rgb::BLACK, 1.0), "piece"))
        };
        let label = |x: f64, y: f64| {
            let shape = Shape::Text {
                text: "e4".into(),
                at: Pt { x, y },
                size: 12.0,
                anchor: Anchor::Middle,
                weight: FontWeight::Regular,
            };
            Node::Element(Element::new(shape, Paint::fill(Rgb(40, 40, 40)), "label"))
        };
        let mut first = Scene::new(120.0, 60.0, Rgb::WHITE);
        first.nodes.extend([piece(20.13, 30.4, 33.0), piece(81.13, 29.4, 33.0), label(50.06, 10.3)]);
        let mut second = Scene::new(120.0, 60.0, Rgb::WHITE);
        // The same fractions of a pixel at other places: the sprites the first figure made.
        second.nodes.extend([piece(47.13, 21.4, 33.0), label(90.06, 50.3)]);
        let paint = |painter: &mut Painter, s: &Scene| {
            let mut canvas = Pixmap::new(120, 60).unwrap();
            painter.paint(s, 1.0, &mut canvas.as_mut());
            canvas
        };
        let mut used = Painter::own_sprites();
        paint(&mut used, &first);
        assert_eq!(used.sprite_count(), 2, "one rook sprite, one label sprite");
        let after = paint(&mut used, &second);
        assert_eq!(used.sprite_count(), 2, "the second figure found them");
        let fresh = paint(&mut Painter::own_sprites(), &second);
        assert!(after.data() == fresh.data(), "the second figure's pixels depend on what was painted before");
        for scale in [1.5, 0.75] {
            let mut used = Painter::own_sprites();
            let mut big = Pixmap::new(180, 90).unwrap();
            used.paint(&first, scale, &mut big.as_mut());
            let (mut a, mut b) = (Pixmap::new(180, 90).unwrap(), Pixmap::new(180, 90).unwrap());
            used.paint(&second, scale, &mut a.as_mut());
            Painter::own_sprites().paint(&second, scale, &mut b.as_mut());
            assert!(a.data() == b.data(), "at scale {scale}, the pixels depend on what was painted before");
        }
    }

    #[test]
    fn pieces_a_whole_number_of_pixels_apart_share_one_sprite_and_its_pixels() {
        let piece = Piece { color: Color::White, role: Role::Queen };
        let (paint, size) = (Paint::fill(Rgb::WHITE).with_stroke(Rgb::BLACK, 1.0), 30.0);
        let mut s = Scene::new(100.0, 50.0, Rgb::WHITE);
        for x in [20.4, 70.4] {
            let at = Pt { x, y: 25.3 };
            s.nodes.push(Node::Element(Element::new(
                Shape::Piece { piece, at, size, set: PieceSet::Glyph },
                paint.clone(),
                "piece",
            )));
        }
        let mut canvas = Pixmap::new(100, 50).unwrap();
        let mut painter = Painter::own_sprites();
        painter.paint(&s, 1.0, &mut canvas.as_mut());
        assert_eq!(painter.sprite_count(), 1);
        let column = |x0: usize| -> Vec<u8> {
            (0..50).flat_map(|y| canvas.data()[(y * 100 + x0) * 4..][..50 * 4].to_vec()).collect()
        };
        assert_eq!(column(0), column(50), "the same pixels, 50 pixels apart");
        assert!(column(0).chunks_exact(4).any(|p| p[0] < 100), "the queen is drawn");
    }
}
