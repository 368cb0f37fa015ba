//! Projections: where cells and routes go on paper, for each view.
//!
//! Positions are continuous board coordinates `(u, v)`: file `f` spans `u` in `[f, f+1)`, rank
//! `r` spans `v` in `[r, r+1)`. A live pole is a band one row high beyond the last (or first)
//! rank, its centre the pole point; a dead pole is the line `v = H` (or 0).
//!
//! A route from the core arrives as a polyline on the unrolled chart (SPEC §5.2) in the frame of
//! the piece's own board copy. [`Fold`] maps any chart position back onto the board (flipping and
//! shifting by `W/2` beyond a pole, wrapping files); each view then projects board positions to
//! paper, and [`trace`] splits a route wherever the paper position jumps — at a board edge, over a
//! pole on the single board, across the equator between the two hemispheres — so that every view
//! draws the same route from the same numbers.
//!
//! A further view needs only a projection of board positions. The orthographic globe maps
//! `(u, v)` to longitude `u / W` turns and latitude from `v` (the pole points at ±90°), rotates
//! to the viewpoint, and splits routes at the horizon with the same [`trace`]; an animation is a
//! sequence of scenes (or of [`crate::scene::Group`]s) that differ in rotation or in how much of a
//! route is drawn.

use crate::routes::Route;
use crate::scene::{PathCmd, Pt};
use crate::topology::{Cell, Dir, Pole, Poles, Topology};
use std::f64::consts::PI;

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
    pub fn period(&self) -> f64 {
        2.0 * (self.h + self.band)
    }
    /// `v` of a pole point.
    pub fn pole_v(&self, pole: Pole) -> f64 {
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
    pub fn route_points(&self, topo: &Topology, route: &Route) -> Vec<(f64, f64)> {
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
fn clip_segment(a: (f64, f64), b: (f64, f64), r: (f64, f64, f64, f64)) -> Option<((f64, f64), (f64, f64))> {
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
fn rect_side(at: Pt, s: f64, dir: Dir, north_up: bool) -> Vec<PathCmd> {
    let (tl, tr, bl, br) = (at, at.offset(s, 0.0), at.offset(0.0, s), at.offset(s, s));
    let (a, b) = match (dir.df, dir.dr) {
        (0, dr) if (dr > 0) == north_up => (tl, tr),
        (0, _) => (bl, br),
        (1, _) => (tr, br),
        _ => (tl, bl),
    };
    vec![PathCmd::Move(a), PathCmd::Line(b)]
}

/// The single board: squares in a grid, the poles as grey bands above and below.
#[derive(Clone, Copy, Debug)]
pub struct BoardGeom {
    /// Top-left corner of square a8 (the board's top-left).
    pub origin: Pt,
    /// Side of a square.
    pub square: f64,
    /// Height of a pole band.
    pub band_h: f64,
    fold: Fold,
}

impl BoardGeom {
    /// A board with its top-left square corner at `origin`.
    pub fn new(topo: &Topology, origin: Pt, square: f64) -> BoardGeom {
        let fold = Fold::new(topo);
        let band_h = if fold.band > 0.0 { square } else { square * 0.35 };
        BoardGeom { origin, square, band_h, fold }
    }
    /// Width of the squares.
    pub fn width(&self) -> f64 {
        self.fold.w * self.square
    }
    /// Height of the squares.
    pub fn height(&self) -> f64 {
        self.fold.h * self.square
    }
    /// A square's rectangle (top-left, side).
    pub fn square_at(&self, file: u8, rank: u8) -> Pt {
        Pt::new(
            self.origin.x + file as f64 * self.square,
            self.origin.y + (self.fold.h - 1.0 - rank as f64) * self.square,
        )
    }
    /// The side of a square facing an orthogonal direction.
    pub fn side(&self, file: u8, rank: u8, dir: Dir) -> Vec<PathCmd> {
        rect_side(self.square_at(file, rank), self.square, dir, true)
    }
    /// A pole band's rectangle (top-left, width, height).
    pub fn band(&self, pole: Pole) -> (Pt, f64, f64) {
        let y = match pole {
            Pole::North => self.origin.y - self.band_h,
            Pole::South => self.origin.y + self.height(),
        };
        (Pt::new(self.origin.x, y), self.width(), self.band_h)
    }
    /// Paper position of a board position (already folded).
    pub fn board_point(&self, u: f64, v: f64) -> Pt {
        let x = self.origin.x + u * self.square;
        let half = self.fold.band / 2.0;
        let y = if v > self.fold.h {
            self.origin.y - (v - self.fold.h) / half.max(1e-9) * self.band_h / 2.0
        } else if v < 0.0 {
            self.origin.y + self.height() + (-v) / half.max(1e-9) * self.band_h / 2.0
        } else {
            self.origin.y + (self.fold.h - v) * self.square
        };
        Pt::new(x, y)
    }
    /// Paper position of a chart position.
    pub fn map(&self, u: f64, v: f64) -> Pt {
        let (u, v) = self.fold.fold(u, v);
        self.board_point(u, v)
    }
    /// Where a cell's piece goes.
    pub fn centre(&self, topo: &Topology, cell: Cell) -> Pt {
        match topo.pole_of(cell) {
            None => {
                let (u, v) = self.fold.centre(topo, cell);
                self.board_point(u, v)
            }
            Some(p) => {
                let (at, w, h) = self.band(p);
                Pt::new(at.x + w / 2.0, at.y + h / 2.0)
            }
        }
    }
    /// A route's pieces on paper. A live pole is one cell drawn as a band: a route that starts
    /// or ends on it runs along the band to the band's centre, where its piece stands.
    pub fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        let pts = self.fold.route_points(topo, route);
        let mut pieces = trace(&pts, &|u, v| self.map(u, v), self.square * 0.45);
        if topo.pole_of(route.from).is_some()
            && let Some(first) = pieces.first_mut()
        {
            first.insert(0, self.centre(topo, route.from));
        }
        if topo.pole_of(route.to()).is_some()
            && let Some(last) = pieces.last_mut()
        {
            last.push(self.centre(topo, route.to()));
        }
        pieces
    }
}

/// The two hemispheres: azimuthal equidistant discs, north above, south below, touching.
#[derive(Clone, Copy, Debug)]
pub struct HemiGeom {
    /// Centre of the northern disc.
    pub north: Pt,
    /// Centre of the southern disc.
    pub south: Pt,
    /// Radius of a pole cap.
    pub cap: f64,
    /// Width of a ring.
    pub ring: f64,
    /// The file position (in files, continuous) that faces the touching point.
    pub rotation: f64,
    fold: Fold,
}

impl HemiGeom {
    /// Discs of radius `radius` with the northern centre at `north`.
    pub fn new(topo: &Topology, north: Pt, radius: f64, rotation: f64) -> HemiGeom {
        let fold = Fold::new(topo);
        let rings = (fold.h / 2.0).ceil();
        // A dead pole is a small grey cap; a live one is a cell and holds a piece.
        let cap_rings = if fold.band > 0.0 { 0.95 } else { 0.6 };
        let ring = radius / (rings + cap_rings);
        HemiGeom { north, south: north.offset(0.0, 2.0 * radius), cap: ring * cap_rings, ring, rotation, fold }
    }
    /// Radius of a disc.
    pub fn radius(&self) -> f64 {
        self.cap + (self.fold.h / 2.0).ceil() * self.ring
    }
    /// The point where the two discs touch.
    pub fn touching_point(&self) -> Pt {
        self.north.offset(0.0, self.radius())
    }
    fn is_north(&self, v: f64) -> bool {
        v >= self.fold.h / 2.0
    }
    /// Angle on paper (radians, counter-clockwise from east) of file position `u` on a disc:
    /// east runs counter-clockwise on the northern disc and clockwise on the southern one (both
    /// seen from outside the sphere), and `rotation` faces the touching point.
    pub fn angle(&self, u: f64, north: bool) -> f64 {
        let turn = (u - self.rotation) * 2.0 * PI / self.fold.w;
        if north { -PI / 2.0 + turn } else { PI / 2.0 - turn }
    }
    /// Distance from the disc centre of rank position `v`.
    pub fn radius_at(&self, v: f64) -> f64 {
        let (inner, near_pole) = (self.cap + 0.5 * self.ring, 0.5);
        if self.is_north(v) {
            let pole = self.fold.pole_v(Pole::North);
            if v <= self.fold.h - near_pole {
                self.cap + (self.fold.h - v) * self.ring
            } else {
                inner * (pole - v).max(0.0) / (pole - (self.fold.h - near_pole))
            }
        } else {
            let pole = self.fold.pole_v(Pole::South);
            if v >= near_pole { self.cap + v * self.ring } else { inner * (v - pole).max(0.0) / (near_pole - pole) }
        }
    }
    /// A point of a disc at a radius and angle.
    pub fn polar(&self, north: bool, r: f64, a: f64) -> Pt {
        let c = if north { self.north } else { self.south };
        Pt::new(c.x + r * a.cos(), c.y - r * a.sin())
    }
    /// Paper position of a board position (already folded).
    pub fn board_point(&self, u: f64, v: f64) -> Pt {
        let north = self.is_north(v);
        self.polar(north, self.radius_at(v), self.angle(u, north))
    }
    /// Paper position of a chart position.
    pub fn map(&self, u: f64, v: f64) -> Pt {
        let (u, v) = self.fold.fold(u, v);
        self.board_point(u, v)
    }
    /// The ring of a square: inner and outer radius and which disc.
    pub fn ring_of(&self, rank: u8) -> (f64, f64, bool) {
        let north = self.is_north(rank as f64 + 0.5);
        let k = if north { self.fold.h - 1.0 - rank as f64 } else { rank as f64 };
        let r0 = self.cap + k * self.ring;
        (r0, r0 + self.ring, north)
    }
    /// A square as an annular sector.
    pub fn sector(&self, file: u8, rank: u8) -> Vec<PathCmd> {
        let (r0, r1, north) = self.ring_of(rank);
        let (a0, a1) = (self.angle(file as f64, north), self.angle(file as f64 + 1.0, north));
        // Counter-clockwise on paper when the angle grows.
        let ccw = a1 > a0;
        vec![
            PathCmd::Move(self.polar(north, r1, a0)),
            PathCmd::Arc { r: r1, large: false, sweep: !ccw, to: self.polar(north, r1, a1) },
            PathCmd::Line(self.polar(north, r0, a1)),
            PathCmd::Arc { r: r0, large: false, sweep: ccw, to: self.polar(north, r0, a0) },
            PathCmd::Close,
        ]
    }
    /// The side of a square facing an orthogonal direction: an arc (the inner one toward the
    /// disc's own pole) or a radial line (east, west).
    pub fn side(&self, file: u8, rank: u8, dir: Dir) -> Vec<PathCmd> {
        let (r0, r1, north) = self.ring_of(rank);
        let (a0, a1) = (self.angle(file as f64, north), self.angle(file as f64 + 1.0, north));
        let arc = |rad: f64| {
            vec![
                PathCmd::Move(self.polar(north, rad, a0)),
                PathCmd::Arc { r: rad, large: false, sweep: a1 < a0, to: self.polar(north, rad, a1) },
            ]
        };
        let radial = |a: f64| vec![PathCmd::Move(self.polar(north, r0, a)), PathCmd::Line(self.polar(north, r1, a))];
        let toward_pole = if north { 1 } else { -1 };
        match (dir.df, dir.dr) {
            (0, d) if d == toward_pole => arc(r0),
            (0, _) => arc(r1),
            (1, _) => radial(a1),
            _ => radial(a0),
        }
    }
    /// Where a cell's piece goes.
    pub fn centre(&self, topo: &Topology, cell: Cell) -> Pt {
        match topo.pole_of(cell) {
            Some(Pole::North) => self.north,
            Some(Pole::South) => self.south,
            None => {
                let (u, v) = self.fold.centre(topo, cell);
                self.board_point(u, v)
            }
        }
    }
    /// The size a piece on a cell is drawn at: it fits its sector.
    pub fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        match topo.coords(cell) {
            None => self.cap * 1.6,
            Some((_, r)) => {
                let (r0, r1, _) = self.ring_of(r);
                let arc = (r0 + r1) / 2.0 * 2.0 * PI / self.fold.w;
                arc.min(self.ring)
            }
        }
    }
    /// A route's pieces on paper: split where it crosses the equator.
    pub fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        let pts = self.fold.route_points(topo, route);
        trace(&pts, &|u, v| self.map(u, v), self.ring * 0.6)
    }
}

/// A window of the unrolled chart, in squares (columns east, rows north) of the base frame:
/// column `x` is file position `x`, row `y` is rank position `y` of the unflipped board.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Window {
    /// First column.
    pub x0: i32,
    /// First (lowest) row.
    pub y0: i32,
    /// Number of columns.
    pub cols: u32,
    /// Number of rows.
    pub rows: u32,
}

/// What a chart square shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChartCell {
    /// A square of the board, and whether its copy is flipped north–south.
    Square(Cell, bool),
    /// A row of a live pole's band.
    Pole(Pole),
}

/// A square of the chart window.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ChartSquare {
    /// Left edge, in chart columns (cut to the window).
    pub left: f64,
    /// Width in columns (less than 1 where the window cuts it).
    pub width: f64,
    /// Row.
    pub row: i32,
    /// Centre, in chart positions (possibly outside the window for a cut square).
    pub centre: (f64, f64),
    /// What it shows.
    pub shows: ChartCell,
}

/// The unrolled chart.
#[derive(Clone, Copy, Debug)]
pub struct ChartGeom {
    /// Top-left of the window on paper.
    pub origin: Pt,
    /// Side of a square.
    pub square: f64,
    /// The window.
    pub window: Window,
    fold: Fold,
}

impl ChartGeom {
    /// A chart window with its top-left at `origin`.
    pub fn new(topo: &Topology, origin: Pt, square: f64, window: Window) -> ChartGeom {
        ChartGeom { origin, square, window, fold: Fold::new(topo) }
    }
    /// Paper position of a chart position (no folding: the chart is the unrolled sphere).
    pub fn map(&self, u: f64, v: f64) -> Pt {
        let top = (self.window.y0 + self.window.rows as i32) as f64;
        Pt::new(self.origin.x + (u - self.window.x0 as f64) * self.square, self.origin.y + (top - v) * self.square)
    }
    /// How far the squares of row `y` are shifted east: half a square in the flipped copies of
    /// a board with an odd number of files (their antipodal shift is `W/2`, a half-integer).
    fn row_shift(&self, y: i32) -> f64 {
        let vp = (y as f64 + 0.5).rem_euclid(self.fold.period());
        let flipped = vp > self.fold.h + self.fold.band && vp < 2.0 * self.fold.h + self.fold.band;
        if flipped && self.fold.w as i64 % 2 == 1 { 0.5 } else { 0.0 }
    }
    /// Every square the window shows, row by row: its left edge and width (cut to the window),
    /// its row, its centre and what it shows.
    pub fn squares(&self, topo: &Topology) -> Vec<ChartSquare> {
        let w = self.window;
        let (x0, x1) = (w.x0 as f64, (w.x0 + w.cols as i32) as f64);
        let mut out = Vec::new();
        for y in w.y0..w.y0 + w.rows as i32 {
            let shift = self.row_shift(y);
            for x in w.x0 - 1..w.x0 + w.cols as i32 {
                let left = x as f64 + shift;
                let (l, r) = (left.max(x0), (left + 1.0).min(x1));
                if r - l < 1e-9 {
                    continue;
                }
                let centre = (left + 0.5, y as f64 + 0.5);
                out.push(ChartSquare { left: l, width: r - l, row: y, centre, shows: self.cell_at(topo, centre) });
            }
        }
        out
    }
    /// What the chart square centred on `centre` shows.
    fn cell_at(&self, topo: &Topology, centre: (f64, f64)) -> ChartCell {
        let (u, v) = centre;
        let vp = v.rem_euclid(self.fold.period());
        let (h, b) = (self.fold.h, self.fold.band);
        if vp > h && vp < h + b {
            return ChartCell::Pole(Pole::North);
        }
        if vp > 2.0 * h + b {
            return ChartCell::Pole(Pole::South);
        }
        let flipped = vp > h;
        let (fu, fv) = self.fold.fold(u, v);
        let cell = topo.square(fu.floor() as u8, fv.floor() as u8).expect("folded square is on the board");
        ChartCell::Square(cell, flipped)
    }
    /// Every place in the window where `cell`'s centre is shown (a pole band: its middle).
    pub fn copies(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        let w = self.window;
        let (x0, x1) = (w.x0 as f64, (w.x0 + w.cols as i32) as f64);
        let middle = w.x0 + w.cols as i32 / 2;
        self.squares(topo)
            .into_iter()
            .filter(|s| match s.shows {
                ChartCell::Square(c, _) => c == cell && s.centre.0 > x0 && s.centre.0 < x1,
                ChartCell::Pole(p) => topo.pole_cell(p) == Some(cell) && s.centre.0 == middle as f64 + 0.5,
            })
            .map(|s| self.map(s.centre.0, s.centre.1))
            .collect()
    }
    /// The part of a chart segment inside the window, on paper; `None` when nothing (or a single
    /// point) of it is.
    pub fn clip(&self, a: (f64, f64), b: (f64, f64)) -> Option<(Pt, Pt)> {
        let w = self.window;
        let rect = (w.x0 as f64, w.y0 as f64, (w.x0 + w.cols as i32) as f64, (w.y0 + w.rows as i32) as f64);
        let (a, b) = clip_segment(a, b, rect)?;
        let (pa, pb) = (self.map(a.0, a.1), self.map(b.0, b.1));
        (pa.dist(pb) > 1e-9).then_some((pa, pb))
    }
    /// The side of a square facing an orthogonal direction, in every whole copy the window shows
    /// (a flipped copy has its north side at the bottom).
    pub fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        self.squares(topo)
            .into_iter()
            .filter_map(|s| match s.shows {
                ChartCell::Square(c, flipped) if c == cell && s.width > 0.999 => {
                    Some(rect_side(self.map(s.left, (s.row + 1) as f64), self.square, dir, !flipped))
                }
                _ => None,
            })
            .collect()
    }
    /// The chart frame offset `(x, y)` of the copy of `cell` shown nearest the window's centre,
    /// among the unflipped copies: routes are drawn from there.
    pub fn home(&self, topo: &Topology, cell: Cell) -> (f64, f64) {
        let (u, v) = self.fold.centre(topo, cell);
        let w = self.window;
        let (cx, cy) = (w.x0 as f64 + w.cols as f64 / 2.0, w.y0 as f64 + w.rows as f64 / 2.0);
        let (pw, pp) = (self.fold.w, self.fold.period());
        let jx = ((cx - u) / pw).round();
        let jy = ((cy - v) / pp).round();
        (jx * pw, jy * pp)
    }
    /// A route on the chart in chart positions, from the piece's home copy.
    pub fn route_points(&self, topo: &Topology, route: &Route) -> Vec<(f64, f64)> {
        let (dx, dy) = self.home(topo, route.from);
        self.fold.route_points(topo, route).into_iter().map(|(u, v)| (u + dx, v + dy)).collect()
    }
    /// A route on the chart: one line from the piece's home copy, cut to the window.
    pub fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        let pts = self.route_points(topo, route);
        let mut out: Vec<Vec<Pt>> = Vec::new();
        let mut cur: Vec<Pt> = Vec::new();
        for seg in pts.windows(2) {
            match self.clip(seg[0], seg[1]) {
                Some((pa, pb)) => {
                    if cur.last().is_none_or(|l| l.dist(pa) > 1e-6) {
                        if cur.len() > 1 {
                            out.push(std::mem::take(&mut cur));
                        }
                        cur = vec![pa];
                    }
                    cur.push(pb);
                }
                None => {
                    if cur.len() > 1 {
                        out.push(std::mem::take(&mut cur));
                    }
                    cur.clear();
                }
            }
        }
        if cur.len() > 1 {
            out.push(cur);
        }
        out
    }
    /// The smallest window of whole squares that holds the board copy at the origin, half a board
    /// round it, and every given chart position with a square to spare.
    pub fn fit(topo: &Topology, points: &[(f64, f64)]) -> Window {
        let fold = Fold::new(topo);
        let (w, h, b) = (fold.w, fold.h, fold.band);
        let (mut x0, mut x1) = (-w / 2.0, 1.5 * w);
        let (mut y0, mut y1) = (-h / 2.0 - b, 1.5 * h + b);
        for &(u, v) in points {
            x0 = x0.min((u - 1.0).floor());
            x1 = x1.max((u + 1.0).ceil());
            y0 = y0.min((v - 1.0).floor());
            y1 = y1.max((v + 1.0).ceil());
        }
        let cap = |a: f64| a.clamp(-1000.0, 1000.0);
        let (x0, x1, y0, y1) = (cap(x0), cap(x1), cap(y0), cap(y1));
        Window { x0: x0 as i32, y0: y0 as i32, cols: (x1 - x0).max(1.0) as u32, rows: (y1 - y0).max(1.0) as u32 }
    }
    /// The board copies that meet the window, as chart rectangles `(x0, y0, flipped)` of `W × H`
    /// squares (flipped copies are shifted by `W/2`).
    pub fn copy_blocks(&self) -> Vec<(f64, f64, bool)> {
        let (w, h, b, p) = (self.fold.w, self.fold.h, self.fold.band, self.fold.period());
        let win = self.window;
        let (x0, x1) = (win.x0 as f64, (win.x0 + win.cols as i32) as f64);
        let (y0, y1) = (win.y0 as f64, (win.y0 + win.rows as i32) as f64);
        let mut out = Vec::new();
        let k0 = (y0 / p).floor() as i64 - 1;
        let k1 = (y1 / p).ceil() as i64 + 1;
        for k in k0..=k1 {
            for (dy, flipped) in [(0.0, false), (h + b, true)] {
                let by = k as f64 * p + dy;
                let shift = if flipped { w / 2.0 } else { 0.0 };
                let j0 = ((x0 - shift) / w).floor() as i64 - 1;
                let j1 = ((x1 - shift) / w).ceil() as i64 + 1;
                for j in j0..=j1 {
                    let bx = j as f64 * w + shift;
                    if bx < x1 && bx + w > x0 && by < y1 && by + h > y0 {
                        out.push((bx, by, flipped));
                    }
                }
            }
        }
        out
    }
}
