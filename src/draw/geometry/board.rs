//! The single board: squares in a grid, the poles as bands.

use super::{Fold, Projection, rect_side, trace};
use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Topology};

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
    pub(crate) fn square_at(&self, file: u8, rank: u8) -> Pt {
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
    pub(crate) fn board_point(&self, u: f64, v: f64) -> Pt {
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
    /// A route's pieces on paper. A live pole is one cell drawn as a band, its piece (and its
    /// dot) at the band's centre: a route that reaches the pole enters the band on its own file,
    /// a short way, and runs straight to that centre; one that leaves it runs from the centre to
    /// where it leaves the band on its file; one that passes through does both, in one piece, so
    /// that it reads as going through the pole (Mori's Rb6-b7-b8-N-f8-f7) rather than breaking off
    /// at the band.
    pub fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        let pts = self.fold.route_points(topo, route);
        // Which points are live poles: the piece's own cell first, then each cell reached.
        let pole_at = |i: usize| {
            let cell = if i == 0 { route.from } else { route.steps.get(i - 1).map_or(route.from, |s| s.cell) };
            topo.pole_of(cell)
        };
        let mut cuts: Vec<usize> = (1..pts.len().saturating_sub(1)).filter(|&i| pole_at(i).is_some()).collect();
        cuts.insert(0, 0);
        cuts.push(pts.len().saturating_sub(1));
        // A pole point lies on every file, so it folds onto whichever file the chart copy gives
        // it: pull it a hair towards the cell next to it, so that the route meets the band on
        // that cell's file.
        let toward = |a: (f64, f64), b: (f64, f64)| (a.0 + (b.0 - a.0) * 1e-6, a.1 + (b.1 - a.1) * 1e-6);
        let mut pieces: Vec<Vec<Pt>> = Vec::new();
        let mut joins = false;
        for w in cuts.windows(2) {
            let (a, b) = (w[0], w[1]);
            if b <= a {
                continue;
            }
            let mut seg = pts[a..=b].to_vec();
            let (from, to) = (pole_at(a), pole_at(b));
            if from.is_some() {
                seg[0] = toward(seg[0], seg[1]);
            }
            if to.is_some() {
                let n = seg.len();
                seg[n - 1] = toward(seg[n - 1], seg[n - 2]);
            }
            let mut traced = trace(&seg, &|u, v| self.map(u, v), self.square * 0.45);
            if let (Some(p), Some(first)) = (from, traced.first_mut()) {
                first[0] = self.band_stub(p, first[0]);
                first.insert(0, self.band_centre(p));
            }
            if let (Some(p), Some(last)) = (to, traced.last_mut()) {
                let n = last.len();
                last[n - 1] = self.band_stub(p, last[n - 1]);
                last.push(self.band_centre(p));
            }
            let mut traced = traced.into_iter();
            // Through a pole: the piece into it and the piece out of it are one.
            if joins && let (Some(prev), Some(next)) = (pieces.last_mut(), traced.next()) {
                prev.extend(next.into_iter().skip(1));
            }
            pieces.extend(traced);
            joins = to.is_some();
        }
        pieces
    }
    /// The centre of a pole's band, where its piece stands.
    fn band_centre(&self, pole: Pole) -> Pt {
        let (at, w, h) = self.band(pole);
        Pt::new(at.x + w / 2.0, at.y + h / 2.0)
    }
    /// Where a route that meets a pole's band at `p` (on its file) has entered it: three tenths
    /// of the band in from the board's edge.
    fn band_stub(&self, pole: Pole, p: Pt) -> Pt {
        let y = match pole {
            Pole::North => self.origin.y - 0.3 * self.band_h,
            Pole::South => self.origin.y + self.height() + 0.3 * self.band_h,
        };
        Pt::new(p.x, y)
    }
}

impl Projection for BoardGeom {
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        vec![self.centre(topo, cell)]
    }
    fn cell_size(&self, _: &Topology, _: Cell) -> f64 {
        self.square
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        BoardGeom::route(self, topo, route)
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        topo.coords(cell).map(|(f, r)| self.side(f, r, dir)).into_iter().collect()
    }
    fn unit(&self) -> f64 {
        self.square
    }
}
