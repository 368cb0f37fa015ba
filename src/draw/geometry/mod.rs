//! Projections: where cells and routes go on paper, for each view.
//!
//! Each view is a [`Projection`] of one surface, in its own module: `board` (flat, poles as
//! bands), `hemispheres` (azimuthal equidistant from each pole), `chart` (the unrolled
//! copies).
//!
//! Positions are continuous board coordinates `(u, v)`: file `f` spans `u` in `[f, f+1)`, rank
//! `r` spans `v` in `[r, r+1)`. A live pole is a band one row high beyond the last (or first)
//! rank, its centre the pole point; a dead pole is the line `v = H` (or 0).
//!
//! A route from the core arrives as a polyline on the unrolled chart (docs/rules.md §5.2) in the frame of
//! the piece's own board copy. [`Fold`] maps any chart position back onto the board (flipping and
//! shifting by `W/2` beyond a pole, wrapping files); each view then projects board positions to
//! paper, and [`trace`] splits a route wherever the paper position jumps — at a board edge, over a
//! pole on the single board, across the equator between the two hemispheres — so that every view
//! draws the same route from the same numbers.
//!
//! A further view needs only a projection of board positions. The orthographic globe maps
//! `(u, v)` to longitude `u / W` turns and latitude from `v` (the pole points at ±90°), rotates
//! to the viewpoint, and splits routes at the horizon with the same [`trace`]; an animation is a
//! sequence of scenes (or of [`crate::draw::scene::Group`]s) that differ in rotation or in how much of a
//! route is drawn.

mod board;
mod chart;
mod disc;
mod globe;
mod hemispheres;
mod surface;
mod wrap;

pub use board::BoardGeom;
pub use chart::{ChartCell, ChartGeom, ChartSquare, Window};
pub use disc::DiscGeom;
pub use globe::{GlobeGeom, ViewPt, Viewpoint, limb_width};
pub use hemispheres::HemiGeom;
pub use surface::Surface;
pub(crate) use surface::dot;
pub use wrap::{Morph, Split, WrapGeom, WrapPt};

use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Poles, Topology};

/// A view of the sphere's surface: where board positions go on paper, and what the view cannot
/// show. Every mark (dots, routes, loops, arrows, highlights, labels, pieces) is drawn through
/// this trait alone, so it is drawn the same way in every view; a view that hides part of the
/// surface (the far side of a globe, the outside of a chart window) leaves it out of what it
/// returns.
pub trait Projection {
    /// Every place on paper where a cell's centre is shown: one on the board and the
    /// hemispheres, one per copy in a chart window, none where the cell is hidden.
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt>;
    /// The size a piece or dot on a cell is drawn at.
    fn cell_size(&self, topo: &Topology, cell: Cell) -> f64;
    /// The shown parts of a route on paper, split wherever the view cuts it.
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>>;
    /// A route to a cell its piece has left (the last move, drawn back from where the piece
    /// stands to where it came from): as [`Projection::route`], unless the view draws a route's
    /// way into a cell to the piece standing there (the single disc's outer pole, a ring whose
    /// piece stands at one place of it: into it the empty pole, the line stops on the ring at
    /// its own file).
    fn route_to_left(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.route(topo, route)
    }
    /// A leap's route as drawn before its curve is bent (a knight's, docs/rules.md §5.4): as
    /// [`Projection::route`], unless the view draws a leap's way to a pole apart from a ride's (the
    /// single board's band).
    fn leap(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.route(topo, route)
    }
    /// The side of a square facing an orthogonal direction, as paper paths (one per shown copy).
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>>;
    /// The view's length unit (a square's side, a ring's width): line widths scale with it.
    fn unit(&self) -> f64;
    /// Where a destination is marked, given its routes as drawn: at each shown centre of the
    /// cell (a view that repeats the board marks it where each route ends instead).
    fn destination_marks(&self, topo: &Topology, cell: Cell, routes: &[Vec<Vec<Pt>>]) -> Vec<Pt> {
        let _ = routes;
        self.centres(topo, cell)
    }
    /// The parts of a route the view hides but shows faintly when asked (a globe's far side
    /// with `ghost`); none by default.
    fn far_route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        let _ = (topo, route);
        Vec::new()
    }
    /// Where a cell the view hides is shown faintly when asked (a globe's far side with `ghost`:
    /// the centre of a cell on the far half, seen through the ball); none by default.
    fn far_centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        let _ = (topo, cell);
        Vec::new()
    }
    /// The outline on paper of a view whose surface is a solid seen from outside (the globe's
    /// limb, the wrapping board's silhouette), as a convex polygon: what stands upright on the
    /// surface (a piece) must stay inside it. `None`: the view is flat, and a piece stands
    /// wholly over its cell.
    fn silhouette(&self, topo: &Topology) -> Option<Vec<Pt>> {
        let _ = topo;
        None
    }
    /// The outlines of the solids the view shows, each convex: the one [`Projection::silhouette`],
    /// or the split ball's two halves; what stands upright on a cell stays inside the one that
    /// holds its centre (`outline_at`).
    fn silhouettes(&self, topo: &Topology) -> Vec<Vec<Pt>> {
        self.silhouette(topo).into_iter().collect()
    }
}

/// Whether a closed polygon holds `p` (even-odd).
pub(crate) fn holds(poly: &[Pt], p: Pt) -> bool {
    let mut inside = false;
    for (i, &a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
    }
    inside
}

/// Of a view's outlines ([`Projection::silhouettes`]), the one that holds `at`, else the first;
/// `None` when the view has none.
pub(crate) fn outline_at(outlines: &[Vec<Pt>], at: Pt) -> Option<&[Pt]> {
    outlines.iter().find(|o| holds(o, at)).or(outlines.first()).map(Vec::as_slice)
}

/// How far a box `w` by `h` centred at `at` must shrink (a factor up to 1) for every corner to
/// lie inside the convex polygon `outline`; 0 when its centre is outside.
pub(crate) fn box_fit(outline: &[Pt], at: Pt, w: f64, h: f64) -> f64 {
    if outline.len() < 3 {
        return 1.0;
    }
    let n = outline.len() as f64;
    let mid = outline.iter().fold(Pt::default(), |m, p| Pt::new(m.x + p.x / n, m.y + p.y / n));
    let mut k: f64 = 1.0;
    for (i, &a) in outline.iter().enumerate() {
        let b = outline[(i + 1) % outline.len()];
        let len = a.dist(b);
        if len < 1e-12 {
            continue;
        }
        let (mut nx, mut ny) = (-(b.y - a.y) / len, (b.x - a.x) / len);
        if nx * (mid.x - a.x) + ny * (mid.y - a.y) < 0.0 {
            (nx, ny) = (-nx, -ny);
        }
        let inside = nx * (at.x - a.x) + ny * (at.y - a.y);
        k = k.min(inside / (nx.abs() * w / 2.0 + ny.abs() * h / 2.0).max(1e-12));
    }
    k.max(0.0)
}

/// The convex hull of points (Andrew's monotone chain), counter-clockwise on paper seen with y
/// down as drawn: no three points in a row, the first point not repeated.
pub(crate) fn convex_hull(points: &[Pt]) -> Vec<Pt> {
    let mut pts: Vec<Pt> = points.iter().copied().filter(|p| p.x.is_finite() && p.y.is_finite()).collect();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup_by(|a, b| a.dist(*b) < 1e-9);
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: Pt, a: Pt, b: Pt| (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    let mut hull: Vec<Pt> = Vec::with_capacity(pts.len() * 2);
    for pass in [&pts[..], &pts.iter().rev().copied().collect::<Vec<Pt>>()[..]] {
        let start = hull.len();
        for &p in pass {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0 {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// The largest size, up to `size`, at which something upright of that height and width centred
/// at `at` fits inside the convex polygon `outline` (every corner of its box inside); `None` when
/// not even a fifth of `size` fits: it stands on the very edge (a sliver of a cell at a globe's limb)
/// or outside, and would be a speck.
pub(crate) fn fit_inside(outline: &[Pt], at: Pt, size: f64) -> Option<f64> {
    let fitted = box_fit(outline, at, size, size) * size;
    (fitted >= size * 0.2).then_some(fitted)
}

/// Folds the unrolled chart onto the board.
#[derive(Clone, Copy, Debug)]
pub struct Fold {
    w: f64,
    h: f64,
    band: f64,
}

impl Fold {
    /// The fold of a topology.
    pub fn new(topo: &Topology) -> Fold {
        Fold {
            w: topo.width() as f64,
            h: topo.height() as f64,
            band: if topo.poles() == Poles::Live { 1.0 } else { 0.0 },
        }
    }
    /// Files.
    pub fn w(&self) -> f64 {
        self.w
    }
    /// Ranks.
    pub fn h(&self) -> f64 {
        self.h
    }
    /// Height of a pole band on the chart: 1 for live poles, 0 for dead ones.
    pub fn band(&self) -> f64 {
        self.band
    }
    /// Rows of the chart before it repeats: a board, a band, the flipped board, a band.
    pub(crate) fn period(&self) -> f64 {
        2.0 * (self.h + self.band)
    }
    /// `v` of a pole point.
    pub(crate) fn pole_v(&self, pole: Pole) -> f64 {
        match pole {
            Pole::North => self.h + self.band / 2.0,
            Pole::South => -self.band / 2.0,
        }
    }
    /// The board position of a chart position: `v` comes back in
    /// `[pole_v(S), pole_v(N)]`, `u` in `[0, W)`.
    pub fn fold(&self, u: f64, v: f64) -> (f64, f64) {
        let p = self.period();
        let vp = v.rem_euclid(p);
        let north = self.pole_v(Pole::North);
        let (u, v) = if vp <= north {
            (u, vp)
        } else if vp <= 2.0 * self.h + 1.5 * self.band {
            (u + self.w / 2.0, 2.0 * north - vp)
        } else {
            (u, vp - p)
        };
        (u.rem_euclid(self.w), v)
    }
    /// Where a cell's centre is on the board; a live pole's centre has no file (`u` = 0).
    pub fn centre(&self, topo: &Topology, cell: Cell) -> (f64, f64) {
        match topo.coords(cell) {
            Some((f, r)) => (f as f64 + 0.5, r as f64 + 0.5),
            None => (0.0, self.pole_v(topo.pole_of(cell).unwrap_or(Pole::North))),
        }
    }
    /// A route as a polyline on the chart, in the frame of the piece's board copy: the piece's
    /// centre first, then each cell reached. A route from a live pole starts at the pole point
    /// above the file it leaves by.
    pub(crate) fn route_points(&self, topo: &Topology, route: &Route) -> Vec<(f64, f64)> {
        let (mut u0, v0) = self.centre(topo, route.from);
        if topo.pole_of(route.from).is_some()
            && let Some(first) = route.steps.first()
        {
            u0 = topo.coords(first.cell).map_or(0.0, |(f, _)| f as f64 + 0.5);
        }
        route.chart_path().into_iter().map(|(x, y)| (u0 + x as f64, v0 + y as f64)).collect()
    }
}

/// Samples per unit step of a route: enough for an arc of the outermost ring to stay within a
/// quarter pixel of the circle at 800 px.
const SAMPLES: usize = 8;

/// Draws a chart polyline through `map` (chart position to paper), splitting it wherever two
/// neighbouring samples land more than `jump` apart on paper. Each split point is found by
/// bisection, so pieces end exactly at the edge, pole or equator they meet.
pub fn trace(points: &[(f64, f64)], map: &dyn Fn(f64, f64) -> Pt, jump: f64) -> Vec<Vec<Pt>> {
    let mut out: Vec<Vec<Pt>> = Vec::new();
    let Some(&(u0, v0)) = points.first() else { return out };
    let mut cur = vec![map(u0, v0)];
    for w in points.windows(2) {
        let ((ua, va), (ub, vb)) = (w[0], w[1]);
        let at = |t: f64| (ua + (ub - ua) * t, va + (vb - va) * t);
        let mut prev_t = 0.0;
        let mut prev = map(ua, va);
        for i in 1..=SAMPLES {
            let t = i as f64 / SAMPLES as f64;
            let (u, v) = at(t);
            let p = map(u, v);
            if p.dist(prev) > jump {
                // Bisect towards the discontinuity: across it the two ends stay far apart, while
                // on the continuous side they close in.
                let (mut lo, mut hi) = (prev_t, t);
                for _ in 0..48 {
                    let mid = (lo + hi) / 2.0;
                    let [a, m, b] = [lo, mid, hi].map(|x| {
                        let (u, v) = at(x);
                        map(u, v)
                    });
                    if a.dist(m) >= m.dist(b) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                let (lu, lv) = at(lo);
                let (hu, hv) = at(hi);
                cur.push(map(lu, lv));
                out.push(std::mem::take(&mut cur));
                cur.push(map(hu, hv));
            }
            cur.push(p);
            prev = p;
            prev_t = t;
        }
    }
    out.push(cur);
    out.retain(|piece| piece.len() > 1);
    for piece in &mut out {
        simplify(piece);
    }
    out
}

/// Drops points that lie on the straight line through their neighbours.
fn simplify(points: &mut Vec<Pt>) {
    if points.len() < 3 {
        return;
    }
    let mut kept = vec![points[0]];
    for i in 1..points.len() - 1 {
        let (a, b, c) = (*kept.last().expect("kept starts non-empty"), points[i], points[i + 1]);
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
        let len = a.dist(c).max(1e-9);
        if (cross / len).abs() > 0.1 {
            kept.push(b);
        }
    }
    kept.push(points[points.len() - 1]);
    *points = kept;
}

/// The part of segment `a`–`b` inside the rectangle `(x0, y0, x1, y1)` (Liang–Barsky).
pub(crate) fn clip_segment(a: (f64, f64), b: (f64, f64), r: (f64, f64, f64, f64)) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [(-dx, a.0 - r.0), (dx, r.2 - a.0), (-dy, a.1 - r.1), (dy, r.3 - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then_some(((a.0 + t0 * dx, a.1 + t0 * dy), (a.0 + t1 * dx, a.1 + t1 * dy)))
}

/// The side of a square drawn as a rectangle (top-left `at`, side `s`) facing an orthogonal
/// direction; `north_up` is false on a chart copy flipped north–south.
pub(crate) fn rect_side(at: Pt, s: f64, dir: Dir, north_up: bool) -> Vec<PathCmd> {
    let (tl, tr, bl, br) = (at, at.offset(s, 0.0), at.offset(0.0, s), at.offset(s, s));
    let (a, b) = match (dir.df, dir.dr) {
        (0, dr) if (dr > 0) == north_up => (tl, tr),
        (0, _) => (bl, br),
        (1, _) => (tr, br),
        _ => (tl, bl),
    };
    vec![PathCmd::Move(a), PathCmd::Line(b)]
}
