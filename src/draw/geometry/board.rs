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
        let mut pts = self.fold.route_points(topo, route);
        // A pole point lies on every file, so a route that ends (or starts) on a live pole would
        // be folded onto whichever file the chart copy gives it. Pull that end a hair towards the
        // cell next to it: the route then enters (or leaves) the band on its own file.
        let n = pts.len();
        if n >= 2 {
            let toward = |a: (f64, f64), b: (f64, f64)| (a.0 + (b.0 - a.0) * 1e-6, a.1 + (b.1 - a.1) * 1e-6);
            if topo.pole_of(route.to()).is_some() {
                pts[n - 1] = toward(pts[n - 1], pts[n - 2]);
            }
            if topo.pole_of(route.from).is_some() {
                pts[0] = toward(pts[0], pts[1]);
            }
        }
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
