//! The unrolled chart (docs/rules.md §5.2): copies of the board, flipped and shifted beyond each pole.

use super::{Fold, Projection, clip_segment, rect_side};
use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Topology};

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

impl Window {
    /// The window cut to the part of the chart that a board repeats (docs/rules.md §5.2): a board
    /// without poles has no flipped copies above or below, so its rows are its own ranks; a board
    /// whose files do not wrap has no copies beside it, so its columns are its own files. A
    /// window wholly beyond the board keeps one row (or column) at the nearer edge.
    pub fn on_board(self, topo: &Topology) -> Window {
        let cut = |start: i32, len: u32, n: u8| {
            let (a, b) = (start.clamp(0, n as i32 - 1), (start + len as i32).clamp(1, n as i32));
            (a, (b - a).max(1) as u32)
        };
        let mut w = self;
        if topo.poles() == crate::rules::topology::Poles::Edge {
            (w.y0, w.rows) = cut(w.y0, w.rows, topo.height());
        }
        if !topo.wraps() {
            (w.x0, w.cols) = cut(w.x0, w.cols, topo.width());
        }
        w
    }
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
    /// A chart window with its top-left at `origin`, cut to what the board repeats
    /// ([`Window::on_board`]).
    pub fn new(topo: &Topology, origin: Pt, square: f64, window: Window) -> ChartGeom {
        ChartGeom { origin, square, window: window.on_board(topo), fold: Fold::new(topo) }
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
        let mut out = Vec::with_capacity(w.rows as usize * (w.cols as usize + 1));
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
    pub(crate) fn clip(&self, a: (f64, f64), b: (f64, f64)) -> Option<(Pt, Pt)> {
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
    pub(crate) fn route_points(&self, topo: &Topology, route: &Route) -> Vec<(f64, f64)> {
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
    /// round it, and every given chart position with a square to spare, cut to what the board
    /// repeats (a cylinder's chart is one row of copies, a flat board's chart the board alone).
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
            .on_board(topo)
    }
    /// The board copies that meet the window, as chart rectangles `(x0, y0, flipped)` of `W × H`
    /// squares (flipped copies are shifted by `W/2`).
    pub(crate) fn copy_blocks(&self) -> Vec<(f64, f64, bool)> {
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

impl Projection for ChartGeom {
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        self.copies(topo, cell)
    }
    fn cell_size(&self, _: &Topology, _: Cell) -> f64 {
        self.square
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        ChartGeom::route(self, topo, route)
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        if topo.coords(cell).is_none() {
            return Vec::new();
        }
        ChartGeom::sides(self, topo, cell, dir)
    }
    fn unit(&self) -> f64 {
        self.square
    }
    /// The chart repeats the board: a destination is marked where each of its routes ends (the
    /// copy the route reaches), once per place.
    fn destination_marks(&self, _: &Topology, _: Cell, routes: &[Vec<Vec<Pt>>]) -> Vec<Pt> {
        let mut out: Vec<Pt> = Vec::new();
        for at in routes.iter().filter_map(|pieces| pieces.last().and_then(|p| p.last())) {
            if !out.iter().any(|o| o.dist(*at) < 1e-3) {
                out.push(*at);
            }
        }
        out
    }
}
