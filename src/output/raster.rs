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
use super::round_stroke;
use super::sprites::{Sprites, What};
use crate::draw::artwork::piece_layers;
use crate::draw::font::text_outline;
use crate::draw::scene::Pt;
use crate::draw::scene::{Element, Node, Paint, PathCmd, Rgb, Scene, Shape};
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Pixmap, PixmapMut, Stroke, StrokeDash, Transform};

/// Largest PNG accepted, in pixels (the figure budget's, `crate::output::budget::MAX_PIXELS`).
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
    builder: Option<PathBuilder>,
    /// Pieces and labels painted once and copied ([`super::sprites`]): the store of the
    /// painter's [`super::Caches`] (a store of its own for a painter made alone).
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
            if let Some(path) = self.path(cmds) {
                hairline(&path, ts, q(width) * ts.sx, colour, canvas);
                self.builder = Some(path.clear());
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
            Shape::Circle { c, r } => self.circle(*c, *r),
            Shape::Path(cmds) => self.path(cmds),
            Shape::Polyline(pts) => {
                let mut b = self.builder.take().unwrap_or_default();
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
                self.path(&text_outline(text, *at, *size, *anchor, *weight))
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
        self.builder = Some(path.clear());
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
                    let Some(path) = self.circle(*c, *r) else { return false };
                    draw(&path, &Paint { stroke: None, ..e.paint.clone() }, 1.0, ts, canvas);
                    self.builder = Some(path.clear());
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

    /// A painter that keeps its sprites in `sprites`.
    pub(crate) fn with_sprites(sprites: Sprites) -> Painter {
        Painter { builder: None, sprites }
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
        // A handle on the store, so that the painter can lend itself to paint a sprite.
        self.sprites.clone().paint(self, at, paint, ts, canvas, layers);
    }

    /// A circle as resvg reads one: four quarter arcs clockwise from the east point, computed in
    /// single precision.
    fn circle(&mut self, c: Pt, r: f64) -> Option<Path> {
        let (cx, cy, r) = (q(c.x), q(c.y), q(r));
        if r <= 0.0 {
            return None;
        }
        let mut b = self.builder.take().unwrap_or_default();
        b.move_to(cx + r, cy);
        let mut last = (cx + r, cy);
        for to in [(cx, cy + r), (cx - r, cy), (cx, cy - r), (cx + r, cy)] {
            arc(&mut b, last, r, false, true, to);
            last = to;
        }
        b.close();
        b.finish()
    }

    /// A tiny-skia path of path commands (arcs as cubic curves), or none when it is empty.
    pub(super) fn path(&mut self, cmds: &[PathCmd]) -> Option<Path> {
        let mut b = self.builder.take().unwrap_or_default();
        let p = |p: Pt| (q(p.x), q(p.y));
        let (mut last, mut start) = ((0.0, 0.0), (0.0, 0.0));
        for c in cmds {
            match *c {
                PathCmd::Move(to) => {
                    let to = p(to);
                    b.move_to(to.0, to.1);
                    (last, start) = (to, to);
                }
                PathCmd::Line(to) => {
                    let to = p(to);
                    b.line_to(to.0, to.1);
                    last = to;
                }
                PathCmd::Quad(a, to) => {
                    let (a, to) = (p(a), p(to));
                    b.quad_to(a.0, a.1, to.0, to.1);
                    last = to;
                }
                PathCmd::Cubic(a, c2, to) => {
                    let (a, c2, to) = (p(a), p(c2), p(to));
                    b.cubic_to(a.0, a.1, c2.0, c2.1, to.0, to.1);
                    last = to;
                }
                PathCmd::Arc { r, large, sweep, to } => {
                    let to = p(to);
                    arc(&mut b, last, q(r), large, sweep, to);
                    last = to;
                }
                PathCmd::Close => {
                    b.close();
                    last = start;
                }
            }
        }
        b.finish()
    }
}

/// An SVG arc from `from` to `to` as cubic curves, as resvg converts it (kurbo, tolerance 0.1).
fn arc(b: &mut PathBuilder, from: (f32, f32), r: f32, large: bool, sweep: bool, to: (f32, f32)) {
    let arc = kurbo::SvgArc {
        from: kurbo::Point::new(from.0 as f64, from.1 as f64),
        to: kurbo::Point::new(to.0 as f64, to.1 as f64),
        radii: kurbo::Vec2::new(r as f64, r as f64),
        x_rotation: 0.0,
        large_arc: large,
        sweep,
    };
    match kurbo::Arc::from_svg_arc(&arc) {
        Some(a) => a.to_cubic_beziers(0.1, |p1, p2, p| {
            b.cubic_to(p1.x as f32, p1.y as f32, p2.x as f32, p2.y as f32, p.x as f32, p.y as f32)
        }),
        None => b.line_to(to.0, to.1),
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

/// A number as the SVG holds it: two decimals.
pub(super) fn q(x: f64) -> f32 {
    ((x * 100.0).round() / 100.0) as f32
}

fn colour(c: Rgb, opacity: f64) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.0, c.1, c.2, (opacity * 255.0 + 0.5) as u8)
}

fn solid(c: Rgb, opacity: f64) -> tiny_skia::Paint<'static> {
    let mut paint = tiny_skia::Paint { anti_alias: true, ..Default::default() };
    paint.set_color(colour(c, opacity));
    paint
}

/// Fills then strokes a path with a paint, its colours at `opacity`.
pub(super) fn draw(path: &Path, p: &Paint, opacity: f64, ts: Transform, canvas: &mut PixmapMut) {
    if let Some(c) = p.fill {
        let paint = tiny_skia::Paint { anti_alias: !p.crisp, ..solid(c, opacity) };
        canvas.fill_path(path, &paint, FillRule::Winding, ts, None);
    }
    if let Some((c, width)) = p.stroke {
        if width <= 0.0 {
            return;
        }
        let dash = p.dash.as_ref().and_then(|d| {
            // SVG repeats an odd dash list to make it even.
            let mut v: Vec<f32> = d.iter().map(|&x| q(x)).collect();
            if v.len() % 2 == 1 {
                v.extend_from_within(..);
            }
            StrokeDash::new(v, 0.0)
        });
        let stroke = Stroke {
            width: q(width),
            miter_limit: 4.0,
            line_cap: if p.round { LineCap::Round } else { LineCap::Butt },
            line_join: if p.round { LineJoin::Round } else { LineJoin::Miter },
            dash,
        };
        canvas.stroke_path(path, &solid(c, opacity), &stroke, ts, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stroke painted by tiny-skia's stroker on a fresh canvas.
    fn stroked(cmds: &[PathCmd], width: f32, ts: Transform) -> Pixmap {
        let mut canvas = Pixmap::new(100, 100).unwrap();
        canvas.fill(tiny_skia::Color::WHITE);
        let path = Painter::default().path(cmds).unwrap();
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
