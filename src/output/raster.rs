//! Scene to pixels with tiny-skia, without going through SVG text. It draws the shapes, paints
//! and piece layers the SVG writer writes, the way resvg draws SVG: non-zero fills, everything
//! anti-aliased, butt caps and miter joins (limit 4) unless the paint is round, arcs as the same
//! cubic curves (kurbo's, at resvg's tolerance), an element's opacity as the alpha of its one
//! paint (or as a layer when it has both a fill and a stroke). So the PNG and the SVG show the same
//! picture (`tests/golden.rs` compares the two for every golden and essay figure). Every number
//! is first rounded as the SVG writes it (two decimals; four for a group's scale): tiny-skia
//! samples coverage in quarter pixels, so a line a hundredth of a pixel away can differ visibly
//! at its edge, and the rounding keeps the two pictures pixel for pixel alike.

use super::PngError;
use super::svg::piece_layers;
use crate::scene::Pt;
use crate::scene::{Element, Node, Paint, PathCmd, Rgb, Scene, Shape};
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Pixmap, PixmapMut, Stroke, StrokeDash, Transform};

/// Largest PNG accepted, in pixels (the figure budget's, [`crate::budget::MAX_PIXELS`]).
pub const MAX_PIXELS: u64 = crate::budget::MAX_PIXELS;

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
}

impl Painter {
    /// Paints the whole scene (background first) onto `canvas`, `scale` pixels per figure unit.
    /// Whatever the canvas held is painted over.
    pub fn paint(&mut self, scene: &Scene, scale: f64, canvas: &mut PixmapMut) {
        let ts = Transform::from_scale(scale as f32, scale as f32);
        let (w, h) = (scene.width * scale, scene.height * scale);
        if scene.transparent {
            canvas.fill(tiny_skia::Color::TRANSPARENT);
        } else if w == canvas.width() as f64 && h == canvas.height() as f64 {
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
            Shape::Text { text, at, size, anchor, weight } => {
                self.path(&crate::font::text_outline(text, *at, *size, *anchor, *weight))
            }
            Shape::Piece { piece, at, size, set } => {
                for (cmds, paint) in piece_layers(*piece, *at, *size, *set, p) {
                    if let Some(path) = self.path(&cmds) {
                        draw(&path, &paint, 1.0, ts, canvas);
                        self.builder = Some(path.clear());
                    }
                }
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
    fn path(&mut self, cmds: &[PathCmd]) -> Option<Path> {
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

/// A number as the SVG holds it: two decimals.
fn q(x: f64) -> f32 {
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
fn draw(path: &Path, p: &Paint, opacity: f64, ts: Transform, canvas: &mut PixmapMut) {
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
