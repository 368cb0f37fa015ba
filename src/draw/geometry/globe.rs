//! The globe (docs/rules.md §5.5): the sphere in orthographic projection, seen from any direction.
//!
//! Positions come from [`Surface`] (longitude and latitude), are turned into the viewer's frame
//! (x right, y up, z toward the viewer, after the roll) and drop z. What has z < 0 is the far
//! half: cells, routes and sides are cut where they cross the limb (z = 0), and a cut cell is
//! closed along the limb circle. The viewpoint is three plain numbers, so an animation turns the
//! globe by changing them frame by frame.

use super::surface::{Surface, dot};
use super::{Fold, Projection};
use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Topology};
use std::f64::consts::PI;

/// Where the globe is seen from: the point of the sphere at the centre of the picture, and how
/// far the picture is turned about its centre.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Viewpoint {
    /// Latitude of the centre of the picture, degrees (-90 to 90; 90 looks straight down on N).
    pub latitude: f64,
    /// Longitude of the centre of the picture, degrees (file position `u` is `u · 360/W`).
    pub longitude: f64,
    /// Turn of the picture about its centre, degrees counter-clockwise (0: N up).
    pub roll: f64,
}

impl Default for Viewpoint {
    /// A little above the equator, tilted toward N (the cap shows), the middle of the board (the
    /// d|e boundary on 8 files; the e-file on xiangqi's 9) facing the viewer, N up.
    fn default() -> Viewpoint {
        Viewpoint { latitude: 15.0, longitude: 180.0, roll: 0.0 }
    }
}

/// Samples of a cell's side along a latitude, per file.
const SIDE_SAMPLES: usize = 10;
/// Samples per unit step of a route.
const ROUTE_SAMPLES: usize = 12;

/// The width of the outline of a ball of `radius` on paper.
pub fn limb_width(radius: f64) -> f64 {
    (radius * 0.006).max(1.0)
}

/// The inside of a ball's outline on paper, as the piece fitting sees it: a 180-gon (within a
/// ten-thousandth of the radius of the circle) inside the outline's stroke.
pub(crate) fn limb_polygon(centre: Pt, radius: f64) -> Vec<Pt> {
    let r = radius - limb_width(radius) / 2.0;
    (0..180).map(|i| i as f64 * PI / 90.0).map(|a| centre.offset(r * libm::cos(a), r * libm::sin(a))).collect()
}

/// Points on a closed body's outline (a ball's, or the wrap's and split's bodies'): one a degree.
pub(crate) const OUTLINE_POINTS: usize = 360;

/// A ball's outline on paper itself (not inset): one point a degree.
pub(crate) fn circle_polygon(centre: Pt, radius: f64) -> Vec<Pt> {
    let n = OUTLINE_POINTS;
    (0..n)
        .map(|i| i as f64 * 2.0 * PI / n as f64)
        .map(|a| centre.offset(radius * libm::cos(a), radius * libm::sin(a)))
        .collect()
}

/// A point in the viewer's frame: x right, y up, z toward the viewer (unit sphere).
pub type ViewPt = [f64; 3];

/// The globe on paper.
#[derive(Clone, Copy, Debug)]
pub struct GlobeGeom {
    /// Centre of the ball on paper.
    pub centre: Pt,
    /// Radius of the ball.
    pub radius: f64,
    /// Where it is seen from.
    pub viewpoint: Viewpoint,
    /// Draw the far half faintly (routes, loops, arrows and the grid seen through the ball).
    pub ghost: bool,
    surface: Surface,
    /// Rows: the viewer's right, up and toward-viewer directions in sphere coordinates.
    basis: [[f64; 3]; 3],
}

/// The viewer's right, up and toward-viewer directions in sphere coordinates, as rows.
pub(crate) fn view_basis(viewpoint: &Viewpoint) -> [[f64; 3]; 3] {
    let (lat, lon, roll) =
        (viewpoint.latitude.to_radians(), viewpoint.longitude.to_radians(), viewpoint.roll.to_radians());
    let toward = Surface::unit_vector(lon, lat);
    let east = [-libm::sin(lon), libm::cos(lon), 0.0];
    let north = [-libm::sin(lat) * libm::cos(lon), -libm::sin(lat) * libm::sin(lon), libm::cos(lat)];
    let (c, s) = (libm::cos(roll), libm::sin(roll));
    let right = [0, 1, 2].map(|i| c * east[i] - s * north[i]);
    let up = [0, 1, 2].map(|i| s * east[i] + c * north[i]);
    [right, up, toward]
}

/// How much a surface whose outward normal (in the viewer's frame) is `n` faces a light from the
/// upper left (0 to 1).
pub(crate) fn light_of(n: ViewPt) -> f64 {
    let l = [-0.45, 0.55, 0.70];
    let len = dot(l, l).sqrt();
    (dot(n, l) / len).max(0.0)
}

impl GlobeGeom {
    /// A ball of `radius` centred at `centre`.
    pub fn new(topo: &Topology, centre: Pt, radius: f64, viewpoint: Viewpoint, ghost: bool) -> GlobeGeom {
        GlobeGeom { centre, radius, viewpoint, ghost, surface: Surface::new(topo), basis: view_basis(&viewpoint) }
    }
    /// The surface the globe shows.
    pub fn surface(&self) -> &Surface {
        &self.surface
    }
    fn fold(&self) -> Fold {
        self.surface.fold()
    }
    /// A longitude and latitude (radians) in the viewer's frame.
    pub fn view(&self, lon: f64, lat: f64) -> ViewPt {
        let p = Surface::unit_vector(lon, lat);
        self.basis.map(|b| dot(b, p))
    }
    /// Paper position of a point in the viewer's frame.
    pub fn paper(&self, q: ViewPt) -> Pt {
        Pt::new(self.centre.x + self.radius * q[0], self.centre.y - self.radius * q[1])
    }
    /// A chart position (a route point) in the viewer's frame.
    pub(crate) fn route_point(&self, u: f64, v: f64) -> ViewPt {
        let (lon, lat) = self.surface.lon_lat(u, v);
        self.view(lon, lat)
    }
    /// A board position on a cell's edge or inside it, in the viewer's frame.
    fn cell_point(&self, u: f64, v: f64) -> ViewPt {
        let lat = PI / 2.0 - self.surface.cell_colatitude(v);
        self.view(self.surface.longitude(u), lat)
    }
    /// A cell's centre in the viewer's frame.
    pub fn cell_centre(&self, topo: &Topology, cell: Cell) -> ViewPt {
        let (lon, lat) = self.surface.cell_centre(topo, cell);
        self.view(lon, lat)
    }
    /// A cell's outline in the viewer's frame, counter-clockwise seen from outside: a square's
    /// four sides sampled along their latitudes and meridians, a pole's cap circle.
    pub fn outline(&self, topo: &Topology, cell: Cell) -> Vec<ViewPt> {
        match topo.coords(cell) {
            Some((f, r)) => {
                let (f, r) = (f as f64, r as f64);
                let n = SIDE_SAMPLES;
                let mut out = Vec::with_capacity(4 * n);
                for i in 0..n {
                    out.push(self.cell_point(f + i as f64 / n as f64, r));
                }
                for i in 0..n {
                    out.push(self.cell_point(f + 1.0, r + i as f64 / n as f64));
                }
                for i in 0..n {
                    out.push(self.cell_point(f + 1.0 - i as f64 / n as f64, r + 1.0));
                }
                for i in 0..n {
                    out.push(self.cell_point(f, r + 1.0 - i as f64 / n as f64));
                }
                out
            }
            None => self.cap(topo.pole_of(cell).unwrap_or(Pole::North)),
        }
    }
    /// A pole's cap circle in the viewer's frame.
    pub fn cap(&self, pole: Pole) -> Vec<ViewPt> {
        let lat = PI / 2.0 - self.surface.cap();
        let lat = if pole == Pole::North { lat } else { -lat };
        let n = 72;
        (0..n).map(|i| self.view(i as f64 * 2.0 * PI / n as f64, lat)).collect()
    }
    /// Whether any part of a cell faces the viewer.
    pub(crate) fn cell_visible(&self, topo: &Topology, cell: Cell) -> bool {
        self.cell_centre(topo, cell)[2] > 1e-9 || self.outline(topo, cell).iter().any(|q| q[2] > 1e-9)
    }
    /// How much a cell faces a light from the upper left (0 to 1), for shading.
    pub fn light(&self, topo: &Topology, cell: Cell) -> f64 {
        self.light_at(self.cell_centre(topo, cell))
    }
    /// How much the surface at a point faces the light (0 to 1).
    pub(crate) fn light_at(&self, q: ViewPt) -> f64 {
        light_of(q)
    }
    /// The visible part of a closed outline as a paper path, closed along the limb where it is
    /// cut (`None` when nothing of it faces the viewer). `far` takes the hidden part instead.
    pub(crate) fn clip_outline(&self, outline: &[ViewPt], far: bool) -> Option<Vec<PathCmd>> {
        let side = |q: &ViewPt| if far { -q[2] } else { q[2] };
        // Sutherland–Hodgman against the plane z = 0; points made by the cut are on the limb.
        let mut out: Vec<(ViewPt, bool)> = Vec::new();
        let n = outline.len();
        for i in 0..n {
            let (a, b) = (outline[i], outline[(i + 1) % n]);
            let (da, db) = (side(&a), side(&b));
            if da >= 0.0 {
                out.push((a, false));
            }
            if (da >= 0.0) != (db >= 0.0) {
                let t = da / (da - db);
                let mut m = [0, 1, 2].map(|k| a[k] + (b[k] - a[k]) * t);
                m[2] = 0.0;
                let len = dot(m, m).sqrt().max(1e-12);
                out.push((m.map(|x| x / len), true));
            }
        }
        if out.len() < 3 {
            return None;
        }
        let mut cmds = vec![PathCmd::Move(self.paper(out[0].0))];
        for i in 1..=out.len() {
            let (q, on_limb) = out[i % out.len()];
            let (p, prev_on_limb) = out[i - 1];
            let to = self.paper(q);
            if on_limb && prev_on_limb {
                cmds.push(self.limb_arc(self.paper(p), to));
            } else if i < out.len() {
                cmds.push(PathCmd::Line(to));
            }
        }
        cmds.push(PathCmd::Close);
        Some(cmds)
    }
    /// The shorter arc of the limb from one limb point to another.
    fn limb_arc(&self, from: Pt, to: Pt) -> PathCmd {
        let angle = |p: Pt| libm::atan2(p.y - self.centre.y, p.x - self.centre.x);
        let mut d = angle(to) - angle(from);
        while d > PI {
            d -= 2.0 * PI;
        }
        while d <= -PI {
            d += 2.0 * PI;
        }
        PathCmd::Arc { r: self.radius, large: false, sweep: d > 0.0, to }
    }
    /// A polyline in the viewer's frame cut at the limb: the visible pieces, then the hidden ones.
    pub fn cut(&self, points: &[ViewPt]) -> (Vec<Vec<Pt>>, Vec<Vec<Pt>>) {
        let (mut near, mut far): (Vec<Vec<Pt>>, Vec<Vec<Pt>>) = (Vec::new(), Vec::new());
        let Some(&first) = points.first() else { return (near, far) };
        let mut cur = vec![self.paper(first)];
        let mut front = first[2] >= 0.0;
        for w in points.windows(2) {
            let (a, b) = (w[0], w[1]);
            if (b[2] >= 0.0) != front {
                let t = a[2] / (a[2] - b[2]);
                let m = [0, 1].map(|k| a[k] + (b[k] - a[k]) * t);
                let limb = self.paper([m[0], m[1], 0.0]);
                cur.push(limb);
                let done = std::mem::replace(&mut cur, vec![limb]);
                if front {
                    near.push(done)
                } else {
                    far.push(done)
                }
                front = !front;
            }
            cur.push(self.paper(b));
        }
        if front {
            near.push(cur)
        } else {
            far.push(cur)
        }
        near.retain(|p| p.len() > 1);
        far.retain(|p| p.len() > 1);
        (near, far)
    }
    /// A route sampled in the viewer's frame.
    fn route_points(&self, topo: &Topology, route: &Route) -> Vec<ViewPt> {
        let pts = self.fold().route_points(topo, route);
        let mut out = Vec::new();
        if let Some(&(u, v)) = pts.first() {
            out.push(self.route_point(u, v));
        }
        for w in pts.windows(2) {
            let ((ua, va), (ub, vb)) = (w[0], w[1]);
            for i in 1..=ROUTE_SAMPLES {
                let t = i as f64 / ROUTE_SAMPLES as f64;
                out.push(self.route_point(ua + (ub - ua) * t, va + (vb - va) * t));
            }
        }
        out
    }
    /// A cell side as a line in the viewer's frame.
    fn side_points(&self, file: u8, rank: u8, dir: Dir) -> Vec<ViewPt> {
        let (f, r) = (file as f64, rank as f64);
        let n = SIDE_SAMPLES;
        let along = |a: (f64, f64), b: (f64, f64)| -> Vec<ViewPt> {
            (0..=n)
                .map(|i| {
                    let t = i as f64 / n as f64;
                    self.cell_point(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
                })
                .collect()
        };
        match (dir.df, dir.dr) {
            (0, 1) => along((f, r + 1.0), (f + 1.0, r + 1.0)),
            (0, _) => along((f, r), (f + 1.0, r)),
            (1, _) => along((f + 1.0, r), (f + 1.0, r + 1.0)),
            _ => along((f, r), (f, r + 1.0)),
        }
    }
    /// The far half of the grid (meridians on file boundaries, circles on rank boundaries), as
    /// seen through the ball.
    pub(crate) fn far_grid(&self) -> Vec<Vec<Pt>> {
        let (w, h) = (self.fold().w(), self.fold().h());
        let mut out = Vec::new();
        for f in 0..w as usize {
            let line: Vec<ViewPt> = (0..=(h as usize * 4)).map(|i| self.cell_point(f as f64, i as f64 / 4.0)).collect();
            out.extend(self.cut(&line).1);
        }
        for r in 0..=h as usize {
            let n = w as usize * SIDE_SAMPLES;
            let line: Vec<ViewPt> = (0..=n).map(|i| self.cell_point(i as f64 * w / n as f64, r as f64)).collect();
            out.extend(self.cut(&line).1);
        }
        out
    }
    /// The width of the limb's outline.
    pub fn limb_width(&self) -> f64 {
        limb_width(self.radius)
    }
    /// Where a cell's piece goes, when it faces the viewer.
    pub fn centre(&self, topo: &Topology, cell: Cell) -> Option<Pt> {
        let q = self.cell_centre(topo, cell);
        (q[2] > 0.0).then(|| self.paper(q))
    }
}

impl Projection for GlobeGeom {
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        self.centre(topo, cell).into_iter().collect()
    }
    /// A cell's size on the sphere, foreshortened toward the limb.
    fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        let s = &self.surface;
        let angle = match topo.coords(cell) {
            None => s.cap() * 1.6,
            Some((_, r)) => {
                let colat = s.cell_colatitude(r as f64 + 0.5);
                (libm::sin(colat) * 2.0 * PI / self.fold().w()).min(s.ring())
            }
        };
        let depth = self.cell_centre(topo, cell)[2].max(0.0);
        angle * self.radius * depth.sqrt().max(0.3)
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.cut(&self.route_points(topo, route)).0
    }
    fn far_route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        if self.ghost { self.cut(&self.route_points(topo, route)).1 } else { Vec::new() }
    }
    fn far_centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        let q = self.cell_centre(topo, cell);
        if self.ghost && q[2] <= 0.0 { vec![self.paper(q)] } else { Vec::new() }
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        let Some((f, r)) = topo.coords(cell) else { return Vec::new() };
        self.cut(&self.side_points(f, r, dir)).0.into_iter().map(|p| PathCmd::polyline(&p)).collect()
    }
    fn unit(&self) -> f64 {
        self.surface.ring() * self.radius
    }
    /// The limb, inside the outline's stroke (a 180-gon: within a ten-thousandth of the radius).
    fn silhouette(&self, _: &Topology) -> Option<Vec<Pt>> {
        Some(limb_polygon(self.centre, self.radius))
    }
}
