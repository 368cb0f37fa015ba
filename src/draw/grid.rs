//! Grid lines drawn once. Neighbouring cells share their sides; stroking every cell's outline
//! draws each shared side twice (and costs twice). This takes the outlines of many cells (rects
//! and paths of lines and circular arcs, as the views draw them), keeps each side once, and joins
//! sides that continue one another (a straight line on, or the same circle on) into long
//! subpaths: a board's grid becomes one line per rank and file boundary, a disc's one ring per
//! rank boundary and one spoke per file boundary. The cells stay separate elements with their
//! fills; only the stroke moves into the one grid path.

use crate::draw::scene::{Element, Node, Paint, PathCmd, Pt, Shape};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};

/// A hasher for the grid's integer keys: a multiply and a rotate a word, far cheaper than the
/// standard one for the hundreds of thousands of corners of a large chart window. Only lookups
/// depend on it, never an order, so the output is the same whatever it gives.
#[derive(Clone, Copy, Default)]
struct Fast;

/// The state of a [`Fast`] hash.
struct FastHasher(u64);

impl BuildHasher for Fast {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0)
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        // The product's well-mixed high half folded into the low bits, which pick the bucket.
        self.0 ^ (self.0 >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

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
    /// Whether `next` (starting where this ends) carries on this side without a corner: the same
    /// straight line, or the same circle the same way round.
    fn continued_by(self, next: Side) -> bool {
        match (self, next) {
            (Side::Line(a, b), Side::Line(_, c)) => {
                let (u, v) = ((b.x - a.x, b.y - a.y), (c.x - b.x, c.y - b.y));
                let cross = u.0 * v.1 - u.1 * v.0;
                let dot = u.0 * v.0 + u.1 * v.1;
                dot > 0.0 && cross.abs() <= 1e-6 * (libm::hypot(u.0, u.1) * libm::hypot(v.0, v.1))
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
pub(crate) fn joinable(shape: &Shape) -> bool {
    sides(shape, &mut Vec::new())
}

/// The outlines of the shapes as one path, every shared side once, sides that continue one
/// another joined. Shapes that cannot join (see [`joinable`]) are skipped.
pub fn outline<'a>(shapes: impl IntoIterator<Item = &'a Shape>) -> Vec<PathCmd> {
    let sides = distinct_sides(shapes);
    let at = sides.at_corners();
    sides.joined(&at)
}

/// The distinct sides of a set of shapes, each known by its two corners.
struct Sides {
    /// The sides, each once, in the order first met.
    list: Vec<Side>,
    /// Each side's corners (numbered as first met): where it starts and where it ends.
    corner_of: Vec<[usize; 2]>,
    /// How many sides meet at each corner.
    count: Vec<usize>,
}

/// Which sides meet at each corner: corner `c`'s sides (their places in [`Sides::list`], in its
/// order) are `ends[starts[c]..starts[c + 1]]`.
struct AtCorners {
    starts: Vec<usize>,
    ends: Vec<usize>,
}

/// Every side of the shapes that can join, each once however many shapes share it.
fn distinct_sides<'a>(shapes: impl IntoIterator<Item = &'a Shape>) -> Sides {
    // Corners are numbered as first met (over every side, kept or not); a side is then known by
    // its two corner numbers, so each side is looked up once by small integer keys and only the
    // sides kept are stored (a large chart window has hundreds of thousands of sides, most of
    // them shared).
    // Sized for a grid of cells with four sides each, about two of them shared.
    let shapes = shapes.into_iter();
    let n = shapes.size_hint().0;
    let mut number: HashMap<Key, u32, Fast> = HashMap::with_capacity_and_hasher(n + n / 8 + 4, Fast);
    let mut seen: HashSet<(u64, u64), Fast> = HashSet::with_capacity_and_hasher(2 * n + n / 4 + 4, Fast);
    let mut list: Vec<Side> = Vec::with_capacity(2 * n + 4);
    let mut corner_of: Vec<[usize; 2]> = Vec::with_capacity(2 * n + 4);
    let mut count: Vec<usize> = Vec::with_capacity(n + 4);
    let mut buf = Vec::new();
    for shape in shapes {
        buf.clear();
        if !sides(shape, &mut buf) {
            continue;
        }
        for &s in &buf {
            let (ka, kb) = (key(s.from()), key(s.to()));
            if ka == kb {
                continue;
            }
            let mut corner = |k: Key| {
                let next = number.len() as u32;
                *number.entry(k).or_insert(next)
            };
            let (a, b) = (corner(ka), corner(kb));
            if a as usize == count.len() {
                count.push(0);
            }
            if b as usize == count.len() {
                count.push(0);
            }
            // The same side whichever way it was walked: corners in the order of their points,
            // an arc's radius (hundredths) and flags as walked from the lesser point.
            let (lo, hi) = if ka <= kb { (a, b) } else { (b, a) };
            let shape_of = match if ka <= kb { s } else { s.reversed() } {
                Side::Line(..) => u64::MAX,
                Side::Arc { r, large, sweep, .. } => {
                    (((r * 100.0).round() as i64 as u64) << 2) | (large as u64) << 1 | sweep as u64
                }
            };
            if seen.insert((u64::from(lo) << 32 | u64::from(hi), shape_of)) {
                count[a as usize] += 1;
                count[b as usize] += 1;
                corner_of.push([a as usize, b as usize]);
                list.push(s);
            }
        }
    }
    Sides { list, corner_of, count }
}

impl Sides {
    /// The sides at each corner.
    fn at_corners(&self) -> AtCorners {
        let Sides { list, corner_of, count } = self;
        let mut starts = Vec::with_capacity(count.len() + 1);
        starts.push(0);
        for n in count {
            starts.push(starts.last().copied().unwrap_or(0) + n);
        }
        let mut fill = starts.clone();
        let mut ends = vec![0usize; 2 * list.len()];
        for (i, corners) in corner_of.iter().enumerate() {
            for &c in corners {
                ends[fill[c]] = i;
                fill[c] += 1;
            }
        }
        AtCorners { starts, ends }
    }

    /// The sides joined into runs, each run as path commands: a run goes on from a side's end
    /// while a side continues it, or round a corner where only two sides meet.
    fn joined(&self, at: &AtCorners) -> Vec<PathCmd> {
        let Sides { list, corner_of, .. } = self;
        let AtCorners { starts, ends } = at;
        let mut used = vec![false; list.len()];
        // The unused side at corner `c` (where `last` ends) that carries `last` on, oriented to
        // start there, with the corner where it ends: the same line or circle on, or round a plain
        // corner (where only two sides meet, so that the corner is a join of one stroke, as it was
        // in each cell's outline).
        let next = |used: &[bool], last: Side, c: usize| -> Option<(usize, Side, usize)> {
            let here = &ends[starts[c]..starts[c + 1]];
            let oriented = |j: usize| match corner_of[j] {
                [from, to] if from == c => (list[j], to),
                [from, _] => (list[j].reversed(), from),
            };
            let free = here.iter().copied().filter(|&j| !used[j]);
            if let Some(j) = free.clone().find(|&j| last.continued_by(oriented(j).0)) {
                let (s, end) = oriented(j);
                return Some((j, s, end));
            }
            let j = free.clone().next()?;
            let (s, end) = oriented(j);
            (here.len() == 2).then_some((j, s, end))
        };
        let mut path = Vec::new();
        for i in 0..list.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            let mut forward = vec![list[i]];
            let mut end = corner_of[i][1];
            while let Some((j, s, e)) = next(&used, *forward.last().expect("a side"), end) {
                used[j] = true;
                forward.push(s);
                end = e;
            }
            let mut backward = vec![list[i].reversed()];
            let mut end = corner_of[i][0];
            while let Some((j, s, e)) = next(&used, *backward.last().expect("a side"), end) {
                used[j] = true;
                backward.push(s);
                end = e;
            }
            // The run from its far back end to its far front end.
            let run: Vec<Side> = backward[1..].iter().rev().map(|s| s.reversed()).chain(forward).collect();
            push_run(&mut path, &run);
        }
        path
    }
}

/// The narrowest grid line (figure units) that cells are filled crisply under: the default
/// themes' lines are 0.8 and 1.0 wide, and a line at least half a pixel wide at scale 1 covers the
/// pixel a crisp edge steps within.
pub(crate) const CRISP_UNDER: f64 = 0.5;

/// Draws the grid of a layer of cells once: every cell element stroked with `grid`'s stroke whose
/// outline can join loses its stroke, and one `grid` path with that stroke, the outlines of all of
/// them, is added on top of the layer. The cells keep their fills, classes and data; when the
/// line is at least [`CRISP_UNDER`] wide they are filled crisply ([`Paint::crisp`]), their
/// edges being under it.
pub(crate) fn draw_once(cells: &mut Vec<Node>, grid: &Paint) {
    let Some(stroke) = grid.stroke else { return };
    let crisp = stroke.1 >= CRISP_UNDER;
    let mut shapes = Vec::new();
    for n in cells.iter_mut() {
        if let Node::Element(e) = n
            && e.paint.stroke == Some(stroke)
            && e.paint.dash.is_none()
            && e.paint.opacity.is_none()
            && joinable(&e.shape)
        {
            e.paint.stroke = None;
            e.paint.crisp = crisp;
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
            Pt::new(r * libm::cos(a), r * libm::sin(a))
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
