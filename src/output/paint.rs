//! What the painter ([`super::raster`]) and the sprites it keeps ([`super::sprites`]) both draw
//! with: numbers rounded as the SVG writes them, solid tiny-skia paints, paths built from a
//! scene's path commands (arcs as the cubic curves resvg makes of them) in storage kept from one
//! path to the next, and a path filled and stroked as resvg draws an SVG shape.

use crate::draw::scene::{Paint, PathCmd, Pt, Rgb};
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, PixmapMut, Stroke, StrokeDash, Transform};

/// Path storage, kept from one path to the next (and one figure to the next, when one painter
/// paints many).
#[derive(Default)]
pub(super) struct Paths {
    builder: Option<PathBuilder>,
}

impl Paths {
    /// An empty builder, reusing the storage of the last path given back.
    pub(super) fn builder(&mut self) -> PathBuilder {
        self.builder.take().unwrap_or_default()
    }

    /// Keeps a path's storage for the next one.
    pub(super) fn give_back(&mut self, path: Path) {
        self.builder = Some(path.clear());
    }

    /// A circle as resvg reads one: four quarter arcs clockwise from the east point, computed in
    /// single precision.
    pub(super) fn circle(&mut self, c: Pt, r: f64) -> Option<Path> {
        let (cx, cy, r) = (q(c.x), q(c.y), q(r));
        if r <= 0.0 {
            return None;
        }
        let mut b = self.builder();
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
        let mut b = self.builder();
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
pub(super) fn q(x: f64) -> f32 {
    ((x * 100.0).round() / 100.0) as f32
}

/// A colour at `opacity`.
pub(super) fn colour(c: Rgb, opacity: f64) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.0, c.1, c.2, (opacity * 255.0 + 0.5) as u8)
}

/// A solid, anti-aliased paint of a colour at `opacity`.
pub(super) fn solid(c: Rgb, opacity: f64) -> tiny_skia::Paint<'static> {
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
