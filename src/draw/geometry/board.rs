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
    /// dot) at the band's centre, and the band's middle line is the pole itself: the chart's pole
    /// point, which lies on every file at once (docs/rules.md §5.3). A ride's step onto the pole
    /// runs on in its own direction until it meets that line above the file the chart gives it —
    /// a diagonal at 45°, through the centre of every dot it passed on its way — and then along
    /// the line to the centre; a step off the pole leaves the line above its file the way the
    /// chart draws it (straight down the file, the whole shift spent on the step onto the pole).
    /// A ride that passes through the pole (Mori's Rb6-b7-b8-N-f8-f7, Be7-f8-N-c8-d7) does both,
    /// in one piece, along the line through the centre. Inside the band the line thus rises, runs
    /// level and falls, its corners rounded (see `round_in_bands`): no point where it turns
    /// back on itself, which would read as a bounce off the band where the rules have none.
    pub fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.route_drawn(topo, route, false)
    }
    /// A leap's line before its curve is bent ([`Projection::leap`]): onto or off a live pole it
    /// runs straight between the band's centre and a point three tenths of the band in on its
    /// file, and the leap's own curve (docs/rules.md §5.4) bends it from there.
    pub fn leap(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.route_drawn(topo, route, true)
    }
    /// A route's pieces, as a ride's ([`BoardGeom::route`]) or as a leap's ([`BoardGeom::leap`]).
    fn route_drawn(&self, topo: &Topology, route: &Route, leap: bool) -> Vec<Vec<Pt>> {
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
            let n = seg.len();
            let (from, to) = (pole_at(a), pole_at(b));
            if from.is_some() {
                seg[0] = toward(seg[0], seg[1]);
            }
            if to.is_some() {
                seg[n - 1] = toward(seg[n - 1], seg[n - 2]);
            }
            let mut traced = trace(&seg, &|u, v| self.map(u, v), self.square * 0.45);
            if let (Some(p), Some(first)) = (from, traced.first_mut()) {
                if leap {
                    first[0] = self.band_stub(p, first[0]);
                }
                if leap || first[0].dist(self.band_centre(p)) > self.square * 1e-3 {
                    first.insert(0, self.band_centre(p));
                }
            }
            if let (Some(p), Some(last)) = (to, traced.last_mut()) {
                let n = last.len();
                if leap {
                    last[n - 1] = self.band_stub(p, last[n - 1]);
                }
                if leap || last[n - 1].dist(self.band_centre(p)) > self.square * 1e-3 {
                    last.push(self.band_centre(p));
                }
            }
            let mut traced = traced.into_iter();
            // Through a pole: the piece into it and the piece out of it are one.
            if joins && let (Some(prev), Some(next)) = (pieces.last_mut(), traced.next()) {
                prev.extend(next.into_iter().skip(1));
            }
            pieces.extend(traced);
            joins = to.is_some();
        }
        if !leap && self.fold.band() > 0.0 {
            let lines = [Pole::North, Pole::South].map(|p| self.band_centre(p).y);
            for piece in &mut pieces {
                round_in_bands(piece, &lines, self.band_h);
            }
        }
        pieces
    }
    /// The centre of a pole's band, where its piece stands.
    fn band_centre(&self, pole: Pole) -> Pt {
        let (at, w, h) = self.band(pole);
        Pt::new(at.x + w / 2.0, at.y + h / 2.0)
    }
    /// Where a leap that meets a pole's band at `p` (on its file) has entered it: three tenths
    /// of the band in from the board's edge.
    fn band_stub(&self, pole: Pole, p: Pt) -> Pt {
        let y = match pole {
            Pole::North => self.origin.y - 0.3 * self.band_h,
            Pole::South => self.origin.y + self.height() + 0.3 * self.band_h,
        };
        Pt::new(p.x, y)
    }
}

/// Rounds a route's corners on a pole band's middle line (`lines`, their heights on paper): where
/// the route meets the line and turns along it, or turns off it, the corner becomes an arc of a
/// quarter of the band's height (less where the legs are short), kept inside the band. Inside a
/// band the line then never turns at a point, and two rides that use one file's point of the
/// line, one arriving there and the other leaving (Mori's Be7 rides, entering above g and c and
/// leaving above c and g), each curve off the line on their own instead of meeting in a Λ that
/// reads as one ride bouncing off the band.
fn round_in_bands(piece: &mut Vec<Pt>, lines: &[f64], band_h: f64) {
    let on_line = |p: Pt| lines.iter().any(|&y| (p.y - y).abs() < band_h * 1e-3);
    if piece.len() < 3 || !piece.iter().any(|&p| on_line(p)) {
        return;
    }
    piece.dedup_by(|a, b| a.dist(*b) < band_h * 1e-3);
    let n = piece.len();
    if n < 3 {
        return;
    }
    let unit = |a: Pt, b: Pt| {
        let l = a.dist(b);
        ((b.x - a.x) / l, (b.y - a.y) / l)
    };
    // The signed turn at each point that is rounded (0 elsewhere).
    let turns: Vec<f64> = (0..n)
        .map(|i| {
            if i == 0 || i == n - 1 || !on_line(piece[i]) {
                return 0.0;
            }
            let (ui, uo) = (unit(piece[i - 1], piece[i]), unit(piece[i], piece[i + 1]));
            let turn = libm::atan2(ui.0 * uo.1 - ui.1 * uo.0, ui.0 * uo.0 + ui.1 * uo.1);
            if turn.abs() < 1e-3 { 0.0 } else { turn }
        })
        .collect();
    // How far along a leg from `i` to `j` the arc at `i` may reach: inside the band (half its
    // height from the line) and short of the leg's other end, or of its middle when that end is
    // rounded too.
    let room = |i: usize, j: usize| {
        let (u, len) = (unit(piece[i], piece[j]), piece[i].dist(piece[j]));
        let mut r = len * if turns[j] != 0.0 { 0.45 } else { 0.9 };
        if u.1.abs() > 1e-9 {
            r = r.min(0.5 * band_h / u.1.abs());
        }
        r
    };
    let mut out = vec![piece[0]];
    for i in 1..n - 1 {
        let (p, turn) = (piece[i], turns[i]);
        if turn == 0.0 {
            out.push(p);
            continue;
        }
        let half = libm::tan(turn.abs() / 2.0);
        let t = (0.25 * band_h * half).min(room(i, i - 1)).min(room(i, i + 1));
        let r = t / half;
        let ui = unit(piece[i - 1], p);
        let t1 = Pt::new(p.x - ui.0 * t, p.y - ui.1 * t);
        let s = turn.signum();
        let c = Pt::new(t1.x - s * ui.1 * r, t1.y + s * ui.0 * r);
        let a0 = libm::atan2(t1.y - c.y, t1.x - c.x);
        let k = (turn.abs() / 15f64.to_radians()).ceil().max(2.0) as usize;
        out.extend((0..=k).map(|j| {
            let a = a0 + turn * j as f64 / k as f64;
            Pt::new(c.x + r * libm::cos(a), c.y + r * libm::sin(a))
        }));
    }
    out.push(piece[n - 1]);
    *piece = out;
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
    fn leap(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        BoardGeom::leap(self, topo, route)
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        topo.coords(cell).map(|(f, r)| self.side(f, r, dir)).into_iter().collect()
    }
    fn unit(&self) -> f64 {
        self.square
    }
}
