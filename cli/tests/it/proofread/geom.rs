//! Plane geometry for the proofreader: shapes moved by their group, paths flattened to points,
//! distances to lines, points inside outlines, and the room a label takes.

use dotchess::draw::scene::{Anchor, Element, PathCmd, Pt, Shape};

/// A shape scaled by `scale`, then moved by `off` (as a group draws its children).
pub fn transformed(s: &Shape, off: Pt, scale: f64) -> Shape {
    let t = |p: Pt| Pt::new(off.x + p.x * scale, off.y + p.y * scale);
    match s.clone() {
        Shape::Rect { at, w, h } => Shape::Rect { at: t(at), w: w * scale, h: h * scale },
        Shape::Circle { c, r } => Shape::Circle { c: t(c), r: r * scale },
        Shape::Polyline(p) => Shape::Polyline(p.into_iter().map(t).collect()),
        Shape::Text { text, at, size, anchor, weight } => {
            Shape::Text { text, at: t(at), size: size * scale, anchor, weight }
        }
        Shape::Piece { piece, at, size, set } => Shape::Piece { piece, at: t(at), size: size * scale, set },
        Shape::Path(cmds) => Shape::Path(
            cmds.into_iter()
                .map(|c| match c {
                    PathCmd::Move(p) => PathCmd::Move(t(p)),
                    PathCmd::Line(p) => PathCmd::Line(t(p)),
                    PathCmd::Arc { r, large, sweep, to } => PathCmd::Arc { r: r * scale, large, sweep, to: t(to) },
                    PathCmd::Quad(a, b) => PathCmd::Quad(t(a), t(b)),
                    PathCmd::Cubic(a, b, c) => PathCmd::Cubic(t(a), t(b), t(c)),
                    PathCmd::Close => PathCmd::Close,
                })
                .collect(),
        ),
    }
}

/// A path's subpaths as points: arcs and curves cut into short straight pieces; a closed
/// subpath ends where it began.
pub fn flatten_path(cmds: &[PathCmd]) -> Vec<Vec<Pt>> {
    let mut out: Vec<Vec<Pt>> = Vec::new();
    let mut cur: Vec<Pt> = Vec::new();
    let mut at = Pt::default();
    let mut start = Pt::default();
    for c in cmds {
        match *c {
            PathCmd::Move(p) => {
                if cur.len() > 1 {
                    out.push(std::mem::take(&mut cur));
                }
                cur = vec![p];
                (at, start) = (p, p);
            }
            PathCmd::Line(p) => {
                cur.push(p);
                at = p;
            }
            PathCmd::Arc { r, large, sweep, to } => {
                cur.extend(arc_points(at, to, r, large, sweep));
                at = to;
            }
            PathCmd::Quad(a, b) => {
                let p0 = at;
                cur.extend((1..=16).map(|i| {
                    let t = i as f64 / 16.0;
                    p0.lerp(a, t).lerp(a.lerp(b, t), t)
                }));
                at = b;
            }
            PathCmd::Cubic(a, b, e) => {
                let p0 = at;
                cur.extend((1..=16).map(|i| {
                    let t = i as f64 / 16.0;
                    let (ab, bc, ce) = (p0.lerp(a, t), a.lerp(b, t), b.lerp(e, t));
                    ab.lerp(bc, t).lerp(bc.lerp(ce, t), t)
                }));
                at = e;
            }
            PathCmd::Close => {
                cur.push(start);
                at = start;
            }
        }
    }
    if cur.len() > 1 {
        out.push(cur);
    }
    out
}

/// Points along an SVG circular arc from `a` to `b` (without `a`).
fn arc_points(a: Pt, b: Pt, r: f64, large: bool, sweep: bool) -> Vec<Pt> {
    let d = a.dist(b);
    if d < 1e-9 || r <= 0.0 {
        return vec![b];
    }
    let r = r.max(d / 2.0);
    let m = a.lerp(b, 0.5);
    let h = (r * r - d * d / 4.0).max(0.0).sqrt();
    // The unit normal to a→b; the centre lies on it, on the side the flags choose (y down:
    // sweep = clockwise on paper = increasing angle).
    let (nx, ny) = (-(b.y - a.y) / d, (b.x - a.x) / d);
    let side = if large == sweep { -1.0 } else { 1.0 };
    let c = Pt::new(m.x + side * h * nx, m.y + side * h * ny);
    let t0 = (a.y - c.y).atan2(a.x - c.x);
    let mut t1 = (b.y - c.y).atan2(b.x - c.x);
    use std::f64::consts::TAU;
    if sweep {
        while t1 < t0 {
            t1 += TAU;
        }
    } else {
        while t1 > t0 {
            t1 -= TAU;
        }
    }
    let n = (((t1 - t0).abs() / 0.05).ceil() as usize).max(2);
    (1..=n)
        .map(|i| {
            let t = t0 + (t1 - t0) * i as f64 / n as f64;
            Pt::new(c.x + r * t.cos(), c.y + r * t.sin())
        })
        .collect()
}

/// The distance from `p` to the segment `a`–`b`.
pub fn to_segment(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-12)).clamp(0.0, 1.0);
    p.dist(Pt::new(a.x + dx * t, a.y + dy * t))
}

/// The distance from `p` to a line of points.
pub fn to_line(p: Pt, line: &[Pt]) -> f64 {
    match line {
        [] => f64::INFINITY,
        [q] => p.dist(*q),
        _ => line.windows(2).map(|w| to_segment(p, w[0], w[1])).fold(f64::INFINITY, f64::min),
    }
}

/// Whether `p` lies inside the outline of `rings` (even-odd, as the SVG fills a cell).
pub fn inside_rings(p: Pt, rings: &[Vec<Pt>]) -> bool {
    let mut inside = false;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
                inside = !inside;
            }
        }
    }
    inside
}

/// The distance from `p` to the boundary of `rings`.
pub fn to_boundary(p: Pt, rings: &[Vec<Pt>]) -> f64 {
    rings
        .iter()
        .map(|r| {
            let mut closed = r.clone();
            closed.push(r[0]);
            to_line(p, &closed)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The outline of a filled shape (a cell, a pole, a limb) as rings of points.
pub fn outline(e: &Element) -> Vec<Vec<Pt>> {
    match &e.shape {
        Shape::Rect { at, w, h } => {
            vec![vec![*at, at.offset(*w, 0.0), at.offset(*w, *h), at.offset(0.0, *h)]]
        }
        Shape::Circle { c, r } => {
            vec![
                (0..180)
                    .map(|i| {
                        c.offset(r * (i as f64 * 2.0f64.to_radians()).cos(), r * (i as f64 * 2.0f64.to_radians()).sin())
                    })
                    .collect(),
            ]
        }
        Shape::Path(cmds) => flatten_path(cmds),
        Shape::Polyline(p) => vec![p.clone()],
        _ => Vec::new(),
    }
}

/// An axis-aligned box: left, top, right, bottom.
#[derive(Clone, Copy, Debug)]
pub struct Box2 {
    pub l: f64,
    pub t: f64,
    pub r: f64,
    pub b: f64,
}

impl Box2 {
    /// How far two boxes overlap, in the smaller of the two directions (0 when apart).
    pub fn overlap(self, o: Box2) -> f64 {
        let dx = self.r.min(o.r) - self.l.max(o.l);
        let dy = self.b.min(o.b) - self.t.max(o.t);
        dx.min(dy).max(0.0)
    }
}

/// The room a line of text takes: DejaVu Sans's letters average some 0.62 of the size wide, its
/// capitals and figures 0.73 tall, centred on the text's point.
pub fn text_box(e: &Element) -> Option<Box2> {
    let Shape::Text { text, at, size, anchor, .. } = &e.shape else { return None };
    let w = text.chars().map(|c| if c == ' ' { 0.32 } else { 0.62 }).sum::<f64>() * size;
    let l = match anchor {
        Anchor::Start => at.x,
        Anchor::Middle => at.x - w / 2.0,
        Anchor::End => at.x - w,
    };
    Some(Box2 { l, t: at.y - 0.365 * size, r: l + w, b: at.y + 0.365 * size })
}
