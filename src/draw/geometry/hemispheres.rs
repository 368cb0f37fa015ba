//! The two hemispheres: azimuthal equidistant discs, one per pole, touching at one point.

use super::{Fold, Projection, trace};
use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Topology};
use std::f64::consts::PI;

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
    /// One hemisphere alone (`view = "north"` / `"south"`): the other disc is not on the paper,
    /// and nothing on it is shown.
    pub only: Option<Pole>,
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
        HemiGeom {
            north,
            south: north.offset(0.0, 2.0 * radius),
            cap: ring * cap_rings,
            ring,
            rotation,
            only: None,
            fold,
        }
    }
    /// One hemisphere alone, its disc of radius `radius` centred on `centre`: drawn as it is in
    /// the pair (the same rotation faces where the other disc would touch it: down the page on
    /// the northern disc, up on the southern one).
    pub fn single(topo: &Topology, pole: Pole, centre: Pt, radius: f64, rotation: f64) -> HemiGeom {
        let north = if pole == Pole::North { centre } else { centre.offset(0.0, -2.0 * radius) };
        HemiGeom { only: Some(pole), ..HemiGeom::new(topo, north, radius, rotation) }
    }
    /// Whether the northern (`true`) or southern disc is shown.
    pub fn shows(&self, north: bool) -> bool {
        self.only.is_none_or(|p| (p == Pole::North) == north)
    }
    /// Whether a cell lies on a shown disc.
    pub(crate) fn shows_cell(&self, topo: &Topology, cell: Cell) -> bool {
        match (topo.pole_of(cell), topo.coords(cell)) {
            (Some(p), _) => self.shows(p == Pole::North),
            (None, Some((_, r))) => self.shows(self.ring_of(r).2),
            (None, None) => false,
        }
    }
    /// The centre of the drawing: between the discs, or the one disc's centre.
    pub fn middle(&self) -> Pt {
        match self.only {
            None => self.north.lerp(self.south, 0.5),
            Some(Pole::North) => self.north,
            Some(Pole::South) => self.south,
        }
    }
    /// Radius of a disc.
    pub fn radius(&self) -> f64 {
        self.cap + (self.fold.h / 2.0).ceil() * self.ring
    }
    fn is_north(&self, v: f64) -> bool {
        v >= self.fold.h / 2.0
    }
    /// Angle on paper (radians, counter-clockwise from east) of file position `u` on a disc:
    /// east runs counter-clockwise on the northern disc and clockwise on the southern one (both
    /// seen from outside the sphere), and `rotation` faces the touching point.
    pub(crate) fn angle(&self, u: f64, north: bool) -> f64 {
        let turn = (u - self.rotation) * 2.0 * PI / self.fold.w;
        if north { -PI / 2.0 + turn } else { PI / 2.0 - turn }
    }
    /// Distance from the disc centre of rank position `v`.
    pub(crate) fn radius_at(&self, v: f64) -> f64 {
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
        Pt::new(c.x + r * libm::cos(a), c.y - r * libm::sin(a))
    }
    /// Paper position of a board position (already folded).
    pub(crate) fn board_point(&self, u: f64, v: f64) -> Pt {
        let north = self.is_north(v);
        self.polar(north, self.radius_at(v), self.angle(u, north))
    }
    /// Paper position of a chart position.
    pub fn map(&self, u: f64, v: f64) -> Pt {
        let (u, v) = self.fold.fold(u, v);
        self.board_point(u, v)
    }
    /// The ring of a square: inner and outer radius and which disc.
    pub(crate) fn ring_of(&self, rank: u8) -> (f64, f64, bool) {
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
    pub(crate) fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        match topo.coords(cell) {
            None => self.cap * 1.6,
            Some((_, r)) => {
                let (r0, r1, _) = self.ring_of(r);
                let arc = (r0 + r1) / 2.0 * 2.0 * PI / self.fold.w;
                arc.min(self.ring)
            }
        }
    }
    /// A route's pieces on paper: split where it crosses the equator (a hemisphere alone keeps
    /// the pieces on its own disc).
    pub fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        let pts = self.fold.route_points(topo, route);
        let pieces = trace(&pts, &|u, v| self.map(u, v), self.ring * 0.6);
        if self.only.is_none() {
            return pieces;
        }
        // The runs of each piece that stay on the shown disc (a route drawn across the touching
        // point runs on from one disc to the other without a break).
        let (c, r) = (self.middle(), self.radius() + 1e-6);
        let mut shown = Vec::new();
        for p in pieces {
            for run in p.split(|q| q.dist(c) > r) {
                if run.len() >= 2 {
                    shown.push(run.to_vec());
                }
            }
        }
        shown
    }
}

impl Projection for HemiGeom {
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        if self.shows_cell(topo, cell) { vec![self.centre(topo, cell)] } else { Vec::new() }
    }
    fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        HemiGeom::cell_size(self, topo, cell)
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        HemiGeom::route(self, topo, route)
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        topo.coords(cell)
            .filter(|_| self.shows_cell(topo, cell))
            .map(|(f, r)| self.side(f, r, dir))
            .into_iter()
            .collect()
    }
    fn unit(&self) -> f64 {
        self.ring
    }
}
