//! The `diagram` piece set: Staunton chessmen as printed diagrams draw them, outlines built by
//! this project from circles, straight lines and Bézier curves.
//!
//! Each piece is drawn in a box 100 units square, y downwards, its middle on the piece's place,
//! every piece standing on the same line (y = 93). A piece is a few **parts**, bottom first, each
//! filled with the piece's body colour and outlined (the base, the stem, the collar, the head…),
//! then **details**: lines and spots in the piece's ink. A white piece is white with black
//! outlines, so where one part overlaps another its outline is the line between them; a black
//! piece is black, outlined in black, and its details are white: the lines between its parts
//! (drawn a little short of the outline, so that the silhouette stays whole), the bishop's slit,
//! the knight's eye and mane. The shapes are those that tell the pieces apart at a glance when
//! a cell is 24 pixels: the king's cross over two lobes, the queen's five points with their
//! balls, the rook's three merlons, the bishop's pointed mitre with its slit and ball, the
//! knight's head facing left, the pawn's ball on a collar.

use crate::draw::scene::{PathCmd, Pt};
use crate::rules::piece::Role;
use std::sync::OnceLock;

/// A piece in its 100-unit box: parts (filled and outlined), bottom first; detail lines; detail
/// spots (filled with the ink).
pub(crate) struct Drawing {
    pub parts: Vec<Vec<PathCmd>>,
    pub lines: Vec<Vec<PathCmd>>,
    pub spots: Vec<Vec<PathCmd>>,
}

/// The drawing of a chess role (a xiangqi role, which this set never draws, gets the nearest
/// chess piece's, as the glyph set does).
pub(crate) fn drawing(role: Role) -> &'static Drawing {
    static ALL: OnceLock<[Drawing; 6]> = OnceLock::new();
    let all = ALL.get_or_init(|| [king(), queen(), rook(), bishop(), knight(), pawn()]);
    &all[match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook | Role::Cannon => 2,
        Role::Bishop | Role::Guard | Role::Elephant => 3,
        Role::Knight | Role::Horse => 4,
        Role::Pawn => 5,
    }]
}

/// Box units to the piece's `size`: the king, the tallest piece, is 93.5 units tall with its
/// outline, a little taller than a glyph piece of the same size (0.89 of its cell on a board).
const BOX: f64 = 88.0;

/// A drawing's path moved onto the page: the box's middle on `at`, `size` figure units for
/// [`BOX`] units.
pub(crate) fn place(cmds: &[PathCmd], at: Pt, size: f64) -> Vec<PathCmd> {
    let k = size / BOX;
    let p = |q: Pt| Pt::new(at.x + (q.x - 50.0) * k, at.y + (q.y - 50.0) * k);
    cmds.iter()
        .map(|c| match *c {
            PathCmd::Move(a) => PathCmd::Move(p(a)),
            PathCmd::Line(a) => PathCmd::Line(p(a)),
            PathCmd::Arc { r, large, sweep, to } => PathCmd::Arc { r: r * k, large, sweep, to: p(to) },
            PathCmd::Quad(a, b) => PathCmd::Quad(p(a), p(b)),
            PathCmd::Cubic(a, b, c) => PathCmd::Cubic(p(a), p(b), p(c)),
            PathCmd::Close => PathCmd::Close,
        })
        .collect()
}

/// A path in box units, written as SVG path data is: `m`, `l`, `c` then `z`.
#[derive(Default)]
struct Path(Vec<PathCmd>);

impl Path {
    fn m(mut self, x: f64, y: f64) -> Path {
        self.0.push(PathCmd::Move(Pt::new(x, y)));
        self
    }
    fn l(mut self, x: f64, y: f64) -> Path {
        self.0.push(PathCmd::Line(Pt::new(x, y)));
        self
    }
    /// A polyline through `(x, y)` pairs.
    fn ls(mut self, pts: &[(f64, f64)]) -> Path {
        self.0.extend(pts.iter().map(|&(x, y)| PathCmd::Line(Pt::new(x, y))));
        self
    }
    #[allow(clippy::too_many_arguments)]
    fn c(mut self, x1: f64, y1: f64, x2: f64, y2: f64, x: f64, y: f64) -> Path {
        self.0.push(PathCmd::Cubic(Pt::new(x1, y1), Pt::new(x2, y2), Pt::new(x, y)));
        self
    }
    fn arc(mut self, r: f64, x: f64, y: f64) -> Path {
        self.0.push(PathCmd::Arc { r, large: false, sweep: true, to: Pt::new(x, y) });
        self
    }
    /// The same, the other way round.
    fn arc_ccw(mut self, r: f64, x: f64, y: f64) -> Path {
        self.0.push(PathCmd::Arc { r, large: false, sweep: false, to: Pt::new(x, y) });
        self
    }
    fn z(mut self) -> Vec<PathCmd> {
        self.0.push(PathCmd::Close);
        self.0
    }
    fn open(self) -> Vec<PathCmd> {
        self.0
    }
}

/// A circle.
fn circle(cx: f64, cy: f64, r: f64) -> Vec<PathCmd> {
    Path::default().m(cx + r, cy).arc(r, cx - r, cy).arc(r, cx + r, cy).z()
}

/// A rectangle from `(x0, y0)` to `(x1, y1)` with corners rounded by `r`.
fn slab(x0: f64, y0: f64, x1: f64, y1: f64, r: f64) -> Vec<PathCmd> {
    Path::default()
        .m(x0 + r, y0)
        .l(x1 - r, y0)
        .arc(r, x1, y0 + r)
        .l(x1, y1 - r)
        .arc(r, x1 - r, y1)
        .l(x0 + r, y1)
        .arc(r, x0, y1 - r)
        .l(x0, y0 + r)
        .arc(r, x0 + r, y0)
        .z()
}

/// A straight line.
fn line(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<PathCmd> {
    Path::default().m(x0, y0).l(x1, y1).open()
}

/// The slab every piece but the pawn stands on, from `x0` to `100 - x0`.
fn base(x0: f64) -> Vec<PathCmd> {
    slab(x0, 83.0, 100.0 - x0, 93.0, 4.0)
}

/// A band curved like a ring seen from a little above (sagging in the middle): its top from `x0`
/// to `100 - x0` at `y0` (at the sides), its bottom `h` lower and a little wider.
fn ring(x0: f64, y0: f64, h: f64) -> Vec<PathCmd> {
    let (x1, y1) = (x0 - 1.0, y0 + h);
    Path::default()
        .m(x0, y0)
        .c(x0 + 13.0, y0 + 4.0, 87.0 - x0, y0 + 4.0, 100.0 - x0, y0)
        .l(100.0 - x1, y1)
        .c(87.0 - x1, y1 + 4.0, x1 + 13.0, y1 + 4.0, x1, y1)
        .z()
}

/// The curve of a ring's top, from `x0` to `100 - x0` at `y0`, as a detail line.
fn ring_line(x0: f64, y0: f64) -> Vec<PathCmd> {
    Path::default().m(x0, y0).c(x0 + 13.0, y0 + 4.0, 87.0 - x0, y0 + 4.0, 100.0 - x0, y0).open()
}

fn king() -> Drawing {
    let body = Path::default()
        .m(28.0, 76.0)
        .c(22.0, 66.0, 14.0, 57.0, 16.0, 47.0)
        .c(18.0, 37.0, 30.0, 32.0, 39.0, 36.0)
        .c(44.0, 38.0, 48.0, 43.0, 50.0, 48.0)
        .c(52.0, 43.0, 56.0, 38.0, 61.0, 36.0)
        .c(70.0, 32.0, 82.0, 37.0, 84.0, 47.0)
        .c(86.0, 57.0, 78.0, 66.0, 72.0, 76.0)
        .z();
    let cross = Path::default()
        .m(45.0, 31.0)
        .ls(&[(45.0, 21.0), (38.0, 21.0), (38.0, 12.0), (45.0, 12.0), (45.0, 4.0), (55.0, 4.0)])
        .ls(&[(55.0, 12.0), (62.0, 12.0), (62.0, 21.0), (55.0, 21.0), (55.0, 31.0)])
        .z();
    Drawing {
        parts: vec![body, cross, circle(50.0, 38.0, 8.5), ring(27.0, 72.0, 10.0), base(20.0)],
        lines: vec![
            Path::default().m(42.0, 40.0).arc_ccw(8.5, 58.0, 40.0).open(),
            ring_line(30.0, 72.0),
            line(30.0, 83.0, 70.0, 83.0),
        ],
        spots: vec![],
    }
}

fn queen() -> Drawing {
    let tips = [(18.0, 31.0), (34.0, 25.0), (50.0, 22.0), (66.0, 25.0), (82.0, 31.0)];
    let valleys = [(33.0, 50.0), (44.5, 47.0), (55.5, 47.0), (67.0, 50.0)];
    let mut crown = Path::default().m(29.0, 76.0);
    for (i, t) in tips.iter().enumerate() {
        crown = crown.l(t.0, t.1);
        if let Some(v) = valleys.get(i) {
            crown = crown.l(v.0, v.1);
        }
    }
    let mut parts = vec![crown.l(71.0, 76.0).z()];
    parts.extend(tips.iter().map(|&(x, y)| circle(x, y - 4.0, 5.5)));
    parts.extend([ring(27.0, 72.0, 10.0), base(20.0)]);
    Drawing { parts, lines: vec![ring_line(30.0, 72.0), line(30.0, 83.0, 70.0, 83.0)], spots: vec![] }
}

fn rook() -> Drawing {
    let head = Path::default()
        .m(30.0, 38.0)
        .ls(&[(26.0, 31.0), (26.0, 12.0), (36.0, 12.0), (36.0, 21.0), (45.0, 21.0), (45.0, 12.0)])
        .ls(&[(55.0, 12.0), (55.0, 21.0), (64.0, 21.0), (64.0, 12.0), (74.0, 12.0), (74.0, 31.0)])
        .l(70.0, 38.0)
        .z();
    let tower = Path::default().m(32.0, 77.0).l(34.0, 36.0).l(66.0, 36.0).l(68.0, 77.0).z();
    Drawing {
        parts: vec![tower, head, slab(26.0, 75.0, 74.0, 84.0, 3.0), base(20.0)],
        lines: vec![
            line(29.0, 29.0, 71.0, 29.0),
            line(35.0, 38.0, 65.0, 38.0),
            line(34.0, 75.0, 66.0, 75.0),
            line(29.0, 83.0, 71.0, 83.0),
        ],
        spots: vec![],
    }
}

fn bishop() -> Drawing {
    let stem = Path::default().m(33.0, 84.0).c(37.0, 77.0, 42.0, 73.0, 43.0, 66.0).l(57.0, 66.0);
    let stem = stem.c(58.0, 73.0, 63.0, 77.0, 67.0, 84.0).z();
    let mitre =
        Path::default().m(37.0, 63.0).c(28.0, 52.0, 31.0, 37.0, 50.0, 18.0).c(69.0, 37.0, 72.0, 52.0, 63.0, 63.0).z();
    Drawing {
        parts: vec![stem, circle(50.0, 12.0, 6.0), mitre, slab(35.0, 60.0, 65.0, 68.0, 3.5), base(24.0)],
        lines: vec![
            line(60.0, 33.0, 48.0, 47.0),
            line(39.0, 60.0, 61.0, 60.0),
            line(44.0, 68.0, 56.0, 68.0),
            line(35.0, 83.0, 65.0, 83.0),
        ],
        spots: vec![],
    }
}

fn knight() -> Drawing {
    let head = Path::default()
        .m(28.0, 84.0)
        .c(28.0, 74.0, 33.0, 67.0, 41.0, 61.0)
        .c(44.0, 59.0, 46.0, 57.0, 46.0, 55.0)
        .c(40.0, 58.0, 33.0, 61.0, 27.0, 63.0)
        .c(23.0, 64.0, 19.0, 64.0, 16.0, 62.0)
        .c(13.0, 60.0, 13.0, 56.0, 15.0, 53.0)
        .c(20.0, 44.0, 28.0, 32.0, 38.0, 22.0)
        .c(39.0, 17.0, 40.0, 12.0, 41.0, 6.0)
        .c(45.0, 9.0, 49.0, 13.0, 52.0, 16.0)
        .c(68.0, 19.0, 81.0, 36.0, 80.0, 57.0)
        .c(79.0, 70.0, 77.0, 78.0, 75.0, 84.0)
        .z();
    let mane = Path::default().m(56.0, 24.0).c(65.0, 29.0, 72.0, 41.0, 72.0, 57.0).open();
    Drawing {
        parts: vec![head, base(22.0)],
        lines: vec![mane, line(15.0, 58.0, 21.0, 58.0), line(32.0, 83.0, 72.0, 83.0)],
        spots: vec![circle(37.0, 31.0, 3.5), circle(21.0, 50.0, 2.0)],
    }
}

fn pawn() -> Drawing {
    let body = Path::default().m(31.0, 84.0).c(33.0, 74.0, 41.0, 68.0, 43.0, 58.0).l(57.0, 58.0);
    let body = body.c(59.0, 68.0, 67.0, 74.0, 69.0, 84.0).z();
    Drawing {
        parts: vec![
            body,
            slab(26.0, 83.0, 74.0, 93.0, 4.0),
            circle(50.0, 38.0, 14.0),
            slab(37.0, 52.0, 63.0, 60.0, 4.0),
        ],
        lines: vec![line(40.0, 52.0, 60.0, 52.0), line(45.0, 60.0, 55.0, 60.0), line(34.0, 83.0, 66.0, 83.0)],
        spots: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The highest and lowest y a path reaches: a curve stays inside its control points; an arc
    /// reaches at most its radius above its end point (a circle's top), and in these drawings no
    /// arc is lowest (a slab's rounded corners end on its bottom edge).
    fn span(cmds: &[PathCmd]) -> (f64, f64) {
        let mut ys = Vec::new();
        for c in cmds {
            match *c {
                PathCmd::Move(a) | PathCmd::Line(a) => ys.push(a.y),
                PathCmd::Quad(a, b) => ys.extend([a.y, b.y]),
                PathCmd::Cubic(a, b, c) => ys.extend([a.y, b.y, c.y]),
                PathCmd::Arc { r, to, .. } => ys.extend([to.y - r, to.y]),
                PathCmd::Close => {}
            }
        }
        ys.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &y| (lo.min(y), hi.max(y)))
    }

    const CHESS: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

    #[test]
    fn every_piece_stands_on_the_same_line_and_the_king_is_tallest() {
        let top = |r: Role| drawing(r).parts.iter().map(|p| span(p).0).fold(f64::MAX, f64::min);
        for role in CHESS {
            let bottom = drawing(role).parts.iter().map(|p| span(p).1).fold(f64::MIN, f64::max);
            assert!((bottom - 93.0).abs() < 1e-9, "{role:?} stands at {bottom}");
            assert!(top(role) >= top(Role::King), "{role:?} is taller than the king");
        }
        // The pawn is the shortest, the bishop clearly taller than it.
        assert!(CHESS.iter().all(|&r| top(r) <= top(Role::Pawn)));
        assert!(top(Role::Pawn) - top(Role::Bishop) > 15.0);
    }

    #[test]
    fn a_placed_piece_is_its_drawing_scaled_about_the_place() {
        let at = Pt::new(10.0, 20.0);
        let placed = place(&circle(50.0, 50.0, 10.0), at, BOX / 2.0);
        assert_eq!(placed[0], PathCmd::Move(Pt::new(15.0, 20.0)));
        assert!(matches!(placed[1], PathCmd::Arc { r, .. } if (r - 5.0).abs() < 1e-12));
    }
}
