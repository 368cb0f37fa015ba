//! The single disc (docs/rules.md §5.6): the sphere punched at one pole and pulled flat, an azimuthal
//! equidistant projection from the pole at the centre over the whole sphere. That pole is the
//! central disc, each rank a ring outward (of the hemispheres' angular widths, from
//! [`Surface`]), the other pole the outermost ring.

use super::surface::Surface;
use super::{Projection, trace};
use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Topology};
use std::f64::consts::PI;

/// The single disc on paper.
#[derive(Clone, Copy, Debug)]
pub struct DiscGeom {
    /// Centre of the disc.
    pub centre: Pt,
    /// Radius of the disc (the far pole's outer edge).
    pub radius: f64,
    /// The pole at the centre.
    pub pole: Pole,
    /// The file position (in files, continuous) that faces down the page.
    pub rotation: f64,
    surface: Surface,
}

impl DiscGeom {
    /// A disc of `radius` centred at `centre`, `pole` in the middle.
    pub fn new(topo: &Topology, centre: Pt, radius: f64, pole: Pole, rotation: f64) -> DiscGeom {
        DiscGeom { centre, radius, pole, rotation, surface: Surface::new(topo) }
    }
    /// The surface the disc shows.
    pub fn surface(&self) -> &Surface {
        &self.surface
    }
    /// The pole on the outermost ring.
    pub(crate) fn outer_pole(&self) -> Pole {
        match self.pole {
            Pole::North => Pole::South,
            Pole::South => Pole::North,
        }
    }
    /// Distance from the centre of a point at colatitude `colat` (from N): linear in the angular
    /// distance from the centre pole, the far pole on the rim.
    pub(crate) fn radius_at(&self, colat: f64) -> f64 {
        let d = if self.pole == Pole::North { colat } else { PI - colat };
        d / PI * self.radius
    }
    /// Paper angle (radians, counter-clockwise from east) of file position `u`: the disc is seen
    /// from outside at its centre pole, so east runs counter-clockwise round N and clockwise round
    /// S; `rotation` points down the page.
    pub(crate) fn angle(&self, u: f64) -> f64 {
        let turn = (u - self.rotation) * 2.0 * PI / self.surface.fold().w();
        if self.pole == Pole::North { -PI / 2.0 + turn } else { -PI / 2.0 - turn }
    }
    /// A point at a radius and angle.
    pub fn polar(&self, r: f64, a: f64) -> Pt {
        Pt::new(self.centre.x + r * libm::cos(a), self.centre.y - r * libm::sin(a))
    }
    /// Paper position of a chart position (a route point).
    pub fn map(&self, u: f64, v: f64) -> Pt {
        let (u, v) = self.surface.fold().fold(u, v);
        self.polar(self.radius_at(self.surface.colatitude(v)), self.angle(u))
    }
    /// Inner and outer radius of a rank's ring.
    pub(crate) fn ring_of(&self, rank: u8) -> (f64, f64) {
        let s = &self.surface;
        let (a, b) =
            (self.radius_at(s.cell_colatitude(rank as f64)), self.radius_at(s.cell_colatitude(rank as f64 + 1.0)));
        (a.min(b), a.max(b))
    }
    /// Radius of the central pole's cap.
    pub fn cap(&self) -> f64 {
        self.surface.cap() / PI * self.radius
    }
    /// Width of a ring.
    pub fn ring(&self) -> f64 {
        self.surface.ring() / PI * self.radius
    }
    /// Where the outer pole's piece, dot or letter goes: in its ring, at the top of the page.
    pub(crate) fn outer_spot(&self) -> Pt {
        self.polar(self.radius - self.cap() / 2.0, PI / 2.0)
    }
    /// A square as an annular sector.
    pub fn sector(&self, file: u8, rank: u8) -> Vec<PathCmd> {
        let (r0, r1) = self.ring_of(rank);
        let (a0, a1) = (self.angle(file as f64), self.angle(file as f64 + 1.0));
        let ccw = a1 > a0;
        vec![
            PathCmd::Move(self.polar(r1, a0)),
            PathCmd::Arc { r: r1, large: false, sweep: !ccw, to: self.polar(r1, a1) },
            PathCmd::Line(self.polar(r0, a1)),
            PathCmd::Arc { r: r0, large: false, sweep: ccw, to: self.polar(r0, a0) },
            PathCmd::Close,
        ]
    }
    /// The outer pole's ring, as a path with a hole.
    pub(crate) fn outer_ring(&self) -> Vec<PathCmd> {
        let (r0, r1) = (self.radius - self.cap(), self.radius);
        let c = self.centre;
        vec![
            PathCmd::Move(c.offset(r1, 0.0)),
            PathCmd::Arc { r: r1, large: false, sweep: true, to: c.offset(-r1, 0.0) },
            PathCmd::Arc { r: r1, large: false, sweep: true, to: c.offset(r1, 0.0) },
            PathCmd::Close,
            PathCmd::Move(c.offset(r0, 0.0)),
            PathCmd::Arc { r: r0, large: false, sweep: false, to: c.offset(-r0, 0.0) },
            PathCmd::Arc { r: r0, large: false, sweep: false, to: c.offset(r0, 0.0) },
            PathCmd::Close,
        ]
    }
    /// The side of a square facing an orthogonal direction: an arc (north or south) or a radial
    /// line (east or west).
    pub fn side(&self, file: u8, rank: u8, dir: Dir) -> Vec<PathCmd> {
        let s = &self.surface;
        let (a0, a1) = (self.angle(file as f64), self.angle(file as f64 + 1.0));
        let arc = |rad: f64| {
            vec![
                PathCmd::Move(self.polar(rad, a0)),
                PathCmd::Arc { r: rad, large: false, sweep: a1 < a0, to: self.polar(rad, a1) },
            ]
        };
        let (r0, r1) = self.ring_of(rank);
        let radial = |a: f64| vec![PathCmd::Move(self.polar(r0, a)), PathCmd::Line(self.polar(r1, a))];
        match (dir.df, dir.dr) {
            (0, 1) => arc(self.radius_at(s.cell_colatitude(rank as f64 + 1.0))),
            (0, _) => arc(self.radius_at(s.cell_colatitude(rank as f64))),
            (1, _) => radial(a1),
            _ => radial(a0),
        }
    }
    /// Where a cell's piece goes.
    pub(crate) fn centre_of(&self, topo: &Topology, cell: Cell) -> Pt {
        match topo.pole_of(cell) {
            Some(p) if p == self.pole => self.centre,
            Some(_) => self.outer_spot(),
            None => {
                let (u, v) = self.surface.fold().centre(topo, cell);
                self.map(u, v)
            }
        }
    }
    /// The point of the outer pole's ring (half way across it) in the direction of `p`.
    fn onto_outer_ring(&self, p: Pt) -> Pt {
        let a = libm::atan2(-(p.y - self.centre.y), p.x - self.centre.x);
        self.polar(self.radius - self.cap() / 2.0, a)
    }
    /// Points along the outer pole's ring from the angle of `from` to the outer spot: how a route
    /// into (or out of) a live outer pole reaches its piece.
    fn along_outer_ring(&self, from: Pt) -> Vec<Pt> {
        let a = libm::atan2(-(from.y - self.centre.y), from.x - self.centre.x);
        let mut d = PI / 2.0 - a;
        while d > PI {
            d -= 2.0 * PI;
        }
        while d <= -PI {
            d += 2.0 * PI;
        }
        let r = self.radius - self.cap() / 2.0;
        let n = ((d.abs() / (PI / 36.0)).ceil() as usize).max(1);
        (0..=n).map(|i| self.polar(r, a + d * i as f64 / n as f64)).collect()
    }
    /// A route's pieces: split where it crosses the outer pole (from one side of the rim to the
    /// other); a route from a live outer pole runs round its ring from the pole's piece, and one
    /// into it runs round to the piece when `to_piece` (a destination), else stops on the ring
    /// at its own file (the last move, drawn back to the pole its piece has left: a one-step
    /// move was drawn as half a circle round the ring, `game-xiangqi-pole-general`'s Ke10).
    fn route_into(&self, topo: &Topology, route: &Route, to_piece: bool) -> Vec<Vec<Pt>> {
        let mut pts = self.surface.fold().route_points(topo, route);
        let outer = topo.pole_cell(self.outer_pole());
        // The outer pole is a ring, so the file a route leaves or reaches it by matters, but the
        // pole point lies on every file and folds onto whichever copy the chart gives it (the
        // antipodal file, across the disc). Pull that end a hair towards the cell next to it: the
        // route then meets the ring on its own file, as on the single board's bands.
        let n = pts.len();
        if n >= 2 && outer.is_some() {
            let toward = |a: (f64, f64), b: (f64, f64)| (a.0 + (b.0 - a.0) * 1e-6, a.1 + (b.1 - a.1) * 1e-6);
            if outer == Some(route.to()) {
                pts[n - 1] = toward(pts[n - 1], pts[n - 2]);
            }
            if outer == Some(route.from) {
                pts[0] = toward(pts[0], pts[1]);
            }
        }
        let mut pieces = trace(&pts, &|u, v| self.map(u, v), self.radius * 0.5);
        if outer.is_some()
            && outer == Some(route.from)
            && let Some(first) = pieces.first_mut()
            && let Some(start) = first.first_mut()
        {
            // The pole point is on the rim; the ring's piece stands half way across the ring.
            *start = self.onto_outer_ring(*start);
            let mut way = self.along_outer_ring(*start);
            way.reverse();
            way.pop();
            first.splice(0..0, way);
        }
        if outer.is_some()
            && outer == Some(route.to())
            && let Some(last) = pieces.last_mut()
            && let Some(end) = last.last_mut()
        {
            *end = self.onto_outer_ring(*end);
            let end = *end;
            if to_piece {
                last.extend(self.along_outer_ring(end).into_iter().skip(1));
            }
        }
        pieces
    }
}

impl Projection for DiscGeom {
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        vec![self.centre_of(topo, cell)]
    }
    fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        match (topo.coords(cell), topo.pole_of(cell)) {
            (Some((_, r)), _) => {
                let (r0, r1) = self.ring_of(r);
                ((r0 + r1) / 2.0 * 2.0 * PI / self.surface.fold().w()).min(self.ring())
            }
            (None, Some(p)) if p == self.pole => self.cap() * 1.6,
            _ => self.cap() * 1.1,
        }
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.route_into(topo, route, true)
    }
    fn route_to_left(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.route_into(topo, route, false)
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        topo.coords(cell).map(|(f, r)| self.side(f, r, dir)).into_iter().collect()
    }
    fn unit(&self) -> f64 {
        self.ring()
    }
}
