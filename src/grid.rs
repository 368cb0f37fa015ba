//! Grid lines drawn once. Neighbouring cells share their sides; stroking every cell's outline
//! draws each shared side twice (and costs twice). This takes the outlines of many cells (rects
//! and paths of lines and circular arcs, as the views draw them), keeps each side once, and joins
//! sides that continue one another (a straight line on, or the same circle on) into long
//! subpaths: a board's grid becomes one line per rank and file boundary, a disc's one ring per
//! rank boundary and one spoke per file boundary. The cells stay separate elements with their
//! fills; only the stroke moves into the one grid path.

use crate::scene::{Element, Node, Paint, PathCmd, Pt, Shape};
use std::collections::HashMap;

/// One side of a cell: a straight line or a circular arc (SVG's radius and flags).
#[derive(Clone, Copy, Debug)]
enum Side {
    Line(Pt, Pt),
    Arc { from: Pt, to: Pt, r: f64, large: bool, sweep: bool },
}

/// A point as the SVG writes it (hundredths), for telling shared corners apart.
type Key = (i64, i64);

fn key(p: Pt) -> Key {
    ((p.x * 100.0).round() as i64, (p.y * 100.0).round() as i64)
}

impl Side {
    fn from(self) -> Pt {
        match self {
            Side::Line(a, _) | Side::Arc { from: a, .. } => a,
        }
    }
    fn to(self) -> Pt {
        match self {
            Side::Line(_, b) | Side::Arc { to: b, .. } => b,
        }
    }
    fn reversed(self) -> Side {
        match self {
            Side::Line(a, b) => Side::Line(b, a),
            Side::Arc { from, to, r, large, sweep } => Side::Arc { from: to, to: from, r, large, sweep: !sweep },
        }
    }
    /// The same side whichever way it was walked: ends in order, the radius in hundredths.
    fn identity(self) -> (Key, Key, i64, u8) {
        let (a, b) = (key(self.from()), key(self.to()));
        let s = if a <= b { self } else { self.reversed() };
        match s {
            Side::Line(..) => (a.min(b), a.max(b), -1, 0),
            Side::Arc { r, large, sweep, .. } => {
                (a.min(b), a.max(b), (r * 100.0).round() as i64, large as u8 * 2 + sweep as u8)
            }
        }
    }
    /// Whether `next` (starting where this ends) carries on this side without a corner: the same
    /// straight line, or the same circle the same way round.
    fn continued_by(self, next: Side) -> bool {
        match (self, next) {
            (Side::Line(a, b), Side::Line(_, c)) => {
                let (u, v) = ((b.x - a.x, b.y - a.y), (c.x - b.x, c.y - b.y));
                let cross = u.0 * v.1 - u.1 * v.0;
                let dot = u.0 * v.0 + u.1 * v.1;
                dot > 0.0 && cross.abs() <= 1e-6 * (u.0.hypot(u.1) * v.0.hypot(v.1))
            }
            (Side::Arc { r, sweep, large: false, .. }, Side::Arc { r: r2, sweep: s2, large: false, .. }) => {
                (r - r2).abs() < 1e-6 * r.max(1.0) && sweep == s2
            }
            _ => false,
        }
    }
}

/// The sides of an outline: rects and paths of lines and arcs; other shapes have none.
fn sides(shape: &Shape, out: &mut Vec<Side>) -> bool {
    match shape {
        Shape::Rect { at, w, h } => {
            let (a, b, c, d) = (*at, at.offset(*w, 0.0), at.offset(*w, *h), at.offset(0.0, *h));
            out.extend([Side::Line(a, b), Side::Line(b, c), Side::Line(c, d), Side::Line(d, a)]);
            true
        }
        Shape::Path(cmds) => {
            let (mut start, mut at) = (None::<Pt>, Pt::default());
            for c in cmds {
                match *c {
                    PathCmd::Move(p) => {
                        start = Some(p);
                        at = p;
                    }
                    PathCmd::Line(p) => {
                        out.push(Side::Line(at, p));
                        at = p;
                    }
                    PathCmd::Arc { r, large, sweep, to } => {
                        out.push(Side::Arc { from: at, to, r, large, sweep });
                        at = to;
                    }
                    PathCmd::Close => {
                        if let Some(s) = start
                            && key(s) != key(at)
                        {
                            out.push(Side::Line(at, s));
                        }
                        at = start.unwrap_or(at);
                    }
                    PathCmd::Quad(..) | PathCmd::Cubic(..) => return false,
                }
            }
            true
        }
        _ => false,
    }
}

/// Whether a shape's outline can join the grid (rects, and paths of lines and arcs).
pub fn joinable(shape: &Shape) -> bool {
    sides(shape, &mut Vec::new())
}

/// The outlines of the shapes as one path, every shared side once, sides that continue one
/// another joined. Shapes that cannot join (see [`joinable`]) are skipped.
pub fn outline<'a>(shapes: impl IntoIterator<Item = &'a Shape>) -> Vec<PathCmd> {
    let mut all = Vec::new();
    for s in shapes {
        let mark = all.len();
        if !sides(s, &mut all) {
            all.truncate(mark);
        }
    }
    // Each side once, in the order first seen; dropping degenerate sides.
    let mut seen = HashMap::with_capacity(all.len());
    let mut list: Vec<Side> = Vec::with_capacity(all.len() / 2 + 1);
    for s in all {
        if key(s.from()) != key(s.to()) && seen.insert(s.identity(), ()).is_none() {
            list.push(s);
        }
    }
    // Which sides meet at each corner.
    let mut at: HashMap<Key, Vec<usize>> = HashMap::with_capacity(list.len());
    for (i, s) in list.iter().enumerate() {
        at.entry(key(s.from())).or_default().push(i);
        at.entry(key(s.to())).or_default().push(i);
    }
    let mut used = vec![false; list.len()];
    // The unused side where `last` ends that carries it on, oriented to start there: the same
    // line or circle on, or round a plain corner (where only two sides meet, so that the corner is
    // a join of one stroke, as it was in each cell's outline).
    let next = |used: &[bool], last: Side| -> Option<(usize, Side)> {
        let here = at.get(&key(last.to()))?;
        let oriented = |j: usize| {
            let s = list[j];
            if key(s.from()) == key(last.to()) { s } else { s.reversed() }
        };
        let free = here.iter().copied().filter(|&j| !used[j]);
        if let Some(j) = free.clone().find(|&j| last.continued_by(oriented(j))) {
            return Some((j, oriented(j)));
        }
        let j = free.clone().next()?;
        (here.len() == 2).then(|| (j, oriented(j)))
    };
    let mut path = Vec::new();
    for i in 0..list.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut forward = vec![list[i]];
        while let Some((j, s)) = next(&used, *forward.last().expect("a side")) {
            used[j] = true;
            forward.push(s);
        }
        let mut backward = vec![list[i].reversed()];
        while let Some((j, s)) = next(&used, *backward.last().expect("a side")) {
            used[j] = true;
            backward.push(s);
        }
        // The run from its far back end to its far front end.
        let run: Vec<Side> = backward[1..].iter().rev().map(|s| s.reversed()).chain(forward).collect();
        push_run(&mut path, &run);
    }
    path
}

/// Draws the grid of a layer of cells once: every cell element stroked with `grid`'s stroke whose
/// outline can join loses its stroke, and one `grid` path with that stroke, the outlines of all of
/// them, is added on top of the layer. The cells keep their fills, classes and data.
pub fn draw_once(cells: &mut Vec<Node>, grid: &Paint) {
    let Some(stroke) = grid.stroke else { return };
    let mut shapes = Vec::new();
    for n in cells.iter_mut() {
        if let Node::Element(e) = n
            && e.paint.stroke == Some(stroke)
            && e.paint.dash.is_none()
            && e.paint.opacity.is_none()
            && joinable(&e.shape)
        {
            e.paint.stroke = None;
            shapes.push(&e.shape);
        }
    }
    if shapes.is_empty() {
        return;
    }
    let path = outline(shapes);
    let paint = Paint { fill: None, stroke: Some(stroke), ..Paint::default() };
    cells.push(Node::Element(Element::new(Shape::Path(path), paint, "grid")));
}

/// Appends a run of sides as one subpath; a straight line's inner corners are left out.
fn push_run(path: &mut Vec<PathCmd>, run: &[Side]) {
    let Some(first) = run.first() else { return };
    path.push(PathCmd::Move(first.from()));
    for (i, s) in run.iter().enumerate() {
        match *s {
            Side::Line(_, b) => {
                let straight_on = matches!(run.get(i + 1), Some(n @ Side::Line(..)) if s.continued_by(*n));
                if !straight_on {
                    path.push(PathCmd::Line(b));
                }
            }
            Side::Arc { to, r, large, sweep, .. } => path.push(PathCmd::Arc { r, large, sweep, to }),
        }
    }
    if run.len() > 2 && key(run[run.len() - 1].to()) == key(first.from()) {
        path.push(PathCmd::Close);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(path: &[PathCmd]) -> (usize, usize) {
        let moves = path.iter().filter(|c| matches!(c, PathCmd::Move(_))).count();
        let segs = path.iter().filter(|c| !matches!(c, PathCmd::Move(_) | PathCmd::Close)).count();
        (moves, segs)
    }

    #[test]
    fn a_board_becomes_one_line_per_boundary() {
        // 8 × 8 unit squares: the border as one closed run round its four corners, then 7
        // horizontal and 7 vertical lines, each one move and one line.
        let cells: Vec<Shape> =
            (0..64).map(|i| Shape::Rect { at: Pt::new((i % 8) as f64, (i / 8) as f64), w: 1.0, h: 1.0 }).collect();
        let path = outline(&cells);
        let (moves, segs) = lines(&path);
        assert_eq!(moves, 15, "{path:?}");
        assert_eq!(segs, 18, "{path:?}");
        assert_eq!(path.iter().filter(|c| matches!(c, PathCmd::Close)).count(), 1, "{path:?}");
        // Every side of every cell lies on the path.
        for c in &cells {
            let Shape::Rect { at, .. } = c else { unreachable!() };
            let on = |p: Pt| {
                path.windows(2).any(|w| match (w[0], w[1]) {
                    (PathCmd::Move(a) | PathCmd::Line(a), PathCmd::Line(b)) => {
                        let (dx, dy) = (b.x - a.x, b.y - a.y);
                        let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
                        (0.0..=1.0).contains(&t) && a.lerp(b, t).dist(p) < 1e-9
                    }
                    _ => false,
                })
            };
            for p in [at.offset(0.5, 0.0), at.offset(1.0, 0.5), at.offset(0.5, 1.0), at.offset(0.0, 0.5)] {
                assert!(on(p), "{p:?} is not on the grid");
            }
        }
    }

    #[test]
    fn shared_arcs_are_kept_once_and_rings_run_on() {
        // Two rings of four quarter sectors round the origin: radii 1, 2, 3.
        let pt = |r: f64, q: i32| {
            let a = q as f64 * std::f64::consts::FRAC_PI_2;
            Pt::new(r * a.cos(), r * a.sin())
        };
        let mut cells = Vec::new();
        for ring in 1..3 {
            let (r0, r1) = (ring as f64, ring as f64 + 1.0);
            for q in 0..4 {
                cells.push(Shape::Path(vec![
                    PathCmd::Move(pt(r0, q)),
                    PathCmd::Line(pt(r1, q)),
                    PathCmd::Arc { r: r1, large: false, sweep: true, to: pt(r1, q + 1) },
                    PathCmd::Line(pt(r0, q + 1)),
                    PathCmd::Arc { r: r0, large: false, sweep: false, to: pt(r0, q) },
                    PathCmd::Close,
                ]));
            }
        }
        let path = outline(&cells);
        let arcs = path.iter().filter(|c| matches!(c, PathCmd::Arc { .. })).count();
        // 12 distinct quarter arcs (4 on each of 3 circles), not 16; 4 spokes of two sides each.
        assert_eq!(arcs, 12);
        let closes = path.iter().filter(|c| matches!(c, PathCmd::Close)).count();
        assert_eq!(closes, 3, "each circle is one closed ring: {path:?}");
        let (moves, _) = lines(&path);
        assert_eq!(moves, 3 + 4, "three rings and four spokes: {path:?}");
    }
}
