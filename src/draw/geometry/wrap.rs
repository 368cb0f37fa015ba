//! The board wrapped into the ball (essay §03, docs/rules.md §5.7): one surface family, a flat board at
//! the start, a tube (files joined east–west), a cylinder with its ends covered (the poles), and
//! the sphere of the globe view at the end.
//!
//! Every member of the family is a map from the same surface coordinates — file position `u` in
//! `[0, W]` (the seam at `u = 0 = W`) and colatitude `γ` in `[0, π]` as [`Surface`] gives it — to a
//! point in space, so a cell, a route or a piece is the same set of coordinates at every stage and
//! only where it lands changes. The unit of space is the ball's radius; a square's side is `2/H`,
//! so the board is as tall as the ball, and the tube's circumference is the board's width.
//!
//! * **bend** (0 → 1): the board curls round a vertical axis behind it, its middle file boundary
//!   fixed, until the west and east edges meet (the tube).
//! * **cap** (0 → 1): each pole band — the strip beyond the last rank that the board view draws —
//!   folds inward about the tube's rim and stretches until it closes the end (the cylinder).
//! * **ball** (0 → 1): every point moves, in distance from the axis and height, from the capped
//!   cylinder to the sphere (squeezed in height, bulked up in girth).
//!
//! Seen orthographically from a [`Viewpoint`] like the globe; what faces away from the viewer is
//! the far side. At `ball = 1` the positions are the globe's exactly.

use super::globe::{OUTLINE_POINTS, light_of, view_basis};
use super::surface::{Surface, dot};
use super::{Fold, Projection};
use crate::draw::scene::{PathCmd, Pt};
use crate::rules::routes::Route;
use crate::rules::topology::{Cell, Dir, Pole, Topology};
use std::f64::consts::{FRAC_PI_2, PI};

use super::Viewpoint;

/// How far the board has been wrapped: the stages, each 0 (not begun) to 1 (done). The two ends
/// close one at a time (the animation shows each from its own side).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Morph {
    /// The board curled into a tube.
    pub bend: f64,
    /// The N pole band folded in to close the tube's northern end.
    pub cap_north: f64,
    /// The S pole band folded in to close its southern end.
    pub cap_south: f64,
    /// The capped cylinder swollen into the ball.
    pub ball: f64,
}

impl Morph {
    /// The flat board.
    pub const FLAT: Morph = Morph { bend: 0.0, cap_north: 0.0, cap_south: 0.0, ball: 0.0 };
    /// The tube capped at both ends.
    pub const CYLINDER: Morph = Morph { bend: 1.0, cap_north: 1.0, cap_south: 1.0, ball: 0.0 };
    /// The ball.
    pub const BALL: Morph = Morph { bend: 1.0, cap_north: 1.0, cap_south: 1.0, ball: 1.0 };
    /// Whether the surface is closed (both ends covered): nothing inside it can be seen.
    pub fn closed(&self) -> bool {
        (self.cap_north >= 1.0 && self.cap_south >= 1.0) || self.ball > 0.0
    }
    /// How far a pole's band has folded in.
    pub fn cap(&self, pole: Pole) -> f64 {
        match pole {
            Pole::North => self.cap_north,
            Pole::South => self.cap_south,
        }
    }
}

/// How far the ball has been split at the equator into the hemisphere diagram (essay §04, the
/// `split` animation): three stages, each 0 (not begun) to 1 (done), after [`Morph::BALL`].
///
/// * **apart**: the two halves drawn apart along the axis, each by one radius;
/// * **turn**: each half turned about the viewer's horizontal axis until its pole faces the
///   viewer (the northern half tipping toward the viewer, the southern away), so that their rims
///   touch at the point that faced the viewer;
/// * **flat**: each half flattened into its azimuthal equidistant disc (a point at angular
///   distance `γ` from its pole comes to lie `γ / 90°` radii from the disc's centre).
///
/// Seen from latitude 0, N up, the end is the hemispheres view: the two discs one radius above
/// and below the touching point, east running counter-clockwise on the northern disc and
/// clockwise on the southern one.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Split {
    /// The halves drawn apart.
    pub apart: f64,
    /// The halves turned to face the viewer with their poles.
    pub turn: f64,
    /// The halves flattened into discs.
    pub flat: f64,
}

impl Split {
    /// The two discs of the hemispheres view.
    pub const DISCS: Split = Split { apart: 1.0, turn: 1.0, flat: 1.0 };
    /// Whether the ball is split at all.
    pub fn begun(&self) -> bool {
        self.apart > 0.0 || self.turn > 0.0 || self.flat > 0.0
    }
}

/// Samples along a cell's side: within half a pixel of the true curve on a 480-px ball, so each
/// frame's SVG stays small (an animation holds one outline per cell per frame).
const SIDE_SAMPLES: usize = 6;
/// Samples per unit step of a route.
const ROUTE_SAMPLES: usize = 12;

/// A point in the viewer's frame (x right, y up, z toward the viewer) and how much the surface
/// there faces the viewer (the z of its outward normal; negative: seen from inside or behind).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct WrapPt {
    /// Position in the viewer's frame.
    pub at: [f64; 3],
    /// The outward unit normal in the viewer's frame.
    pub normal: [f64; 3],
    /// The z of the outward unit normal.
    pub facing: f64,
}

impl WrapPt {
    /// How much the surface here faces a light from the upper left (0 to 1), as on the globe.
    pub fn light(&self) -> f64 {
        light_of(self.normal)
    }
}

/// The wrapped board on paper.
#[derive(Clone, Copy, Debug)]
pub struct WrapGeom {
    /// The stage.
    pub morph: Morph,
    /// Where it is seen from.
    pub viewpoint: Viewpoint,
    /// How far the ball is split into the hemispheres (nothing: the wrap's stages alone).
    pub split: Split,
    /// Paper position of the ball's centre (the axis's midpoint).
    pub centre: Pt,
    /// Paper length of one unit of space (at `ball = 1`, the globe's radius).
    pub scale: f64,
    surface: Surface,
    basis: [[f64; 3]; 3],
    /// A square's side in space.
    square: f64,
    /// The tube's radius.
    tube: f64,
    /// The flat pole band's height in space (the board view's band).
    band: f64,
}

/// Where the straight way in surface coordinates from `a` to `b`, whose ends lie on the two
/// sides of the limb (`facing` positive at one, not at the other), turns away: found by halving
/// the way thirty times.
fn turning_point(a: (f64, f64), b: (f64, f64), facing: &dyn Fn((f64, f64)) -> f64) -> (f64, f64) {
    let at = |t: f64| (lerp(a.0, b.0, t), lerp(a.1, b.1, t));
    let from = facing(a) > 0.0;
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..30 {
        let mid = (lo + hi) / 2.0;
        if (facing(at(mid)) > 0.0) == from {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    at((lo + hi) / 2.0)
}

fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

impl WrapGeom {
    /// The stage `morph` seen from `viewpoint`, placed to fill a square of side `2 · radius`
    /// centred at `centre` (the globe view's ball); at `ball = 1` the ball is exactly that.
    pub fn new(topo: &Topology, morph: Morph, viewpoint: Viewpoint, centre: Pt, radius: f64) -> WrapGeom {
        let surface = Surface::new(topo);
        let fold = surface.fold();
        let square = 2.0 / fold.h();
        let live = fold.band() > 0.0;
        let mut g = WrapGeom {
            morph: Morph {
                bend: morph.bend.clamp(0.0, 1.0),
                cap_north: morph.cap_north.clamp(0.0, 1.0),
                cap_south: morph.cap_south.clamp(0.0, 1.0),
                ball: morph.ball.clamp(0.0, 1.0),
            },
            viewpoint,
            split: Split::default(),
            centre,
            scale: radius,
            surface,
            basis: view_basis(&viewpoint),
            square,
            tube: fold.w() * square / (2.0 * PI),
            // As the board view draws it: a live pole is a row of cells, a dead one a thin band.
            band: if live { square } else { 0.35 * square },
        };
        // Fit what the stage shows into the square, then settle on the globe's placement while the
        // ball forms (the sampled outline of a sphere falls a little short of its limb).
        let (x0, y0, x1, y1) = g.bounds();
        let fit = (2.0 / (x1 - x0)).min(2.0 / (y1 - y0)) * radius;
        let mid = Pt::new(centre.x - fit * (x0 + x1) / 2.0, centre.y + fit * (y0 + y1) / 2.0);
        let k = g.morph.ball;
        g.scale = lerp(fit, radius, k);
        g.centre = mid.lerp(centre, k);
        g
    }
    /// The surface the coordinates come from.
    pub fn surface(&self) -> &Surface {
        &self.surface
    }
    fn fold(&self) -> Fold {
        self.surface.fold()
    }
    /// Extent of the stage in the viewer's frame: (x min, y min, x max, y max).
    fn bounds(&self) -> (f64, f64, f64, f64) {
        let (w, cap) = (self.fold().w(), self.surface.cap());
        let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        let n = 48;
        for i in 0..=n {
            let u = w * i as f64 / n as f64;
            for j in 0..=24 {
                let g = PI * j as f64 / 24.0;
                for g in [g, cap, PI - cap] {
                    let q = self.view(self.space(u, g));
                    b = (b.0.min(q[0]), b.1.min(q[1]), b.2.max(q[0]), b.3.max(q[1]));
                }
            }
        }
        b
    }
    /// A point of space in the viewer's frame.
    fn view(&self, p: [f64; 3]) -> [f64; 3] {
        self.basis.map(|b| dot(b, p))
    }
    /// Where surface coordinates `(u, γ)` lie in space (x toward longitude 0, y toward 90° east,
    /// z toward N; the ball's centre at the origin).
    pub fn space(&self, u: f64, g: f64) -> [f64; 3] {
        let fold = self.fold();
        let (w, h) = (fold.w(), fold.h());
        let (cap, ring) = (self.surface.cap(), self.surface.ring());
        let m = self.morph;
        // Which part of the surface: a pole region (c from 0 at the pole to 1 at the rim, `up` its
        // side) or the body (rank position v).
        let region = if g < cap {
            Some((g / cap, 1.0))
        } else if g > PI - cap {
            Some(((PI - g) / cap, -1.0))
        } else {
            None
        };
        let lon = self.surface.longitude(u);
        if m.ball > 0.0 {
            let (rho, z) = self.swollen(g);
            return [rho * libm::cos(lon), rho * libm::sin(lon), z];
        }
        // The board's middle faces longitude `lon_c`; it bends about an axis behind it.
        let lon_c = self.surface.longitude(w / 2.0);
        let front = Surface::unit_vector(lon_c, 0.0);
        let east = [-libm::sin(lon_c), libm::cos(lon_c), 0.0];
        let phi = (u - w / 2.0) * self.square / self.tube; // angle round the closed tube
        let (side, depth, normal) = if m.bend < 1e-9 {
            ((u - w / 2.0) * self.square, 0.0, [1.0, 0.0])
        } else {
            let (r, a) = (self.tube / m.bend, phi * m.bend);
            (r * libm::sin(a), r * (1.0 - libm::cos(a)), [libm::cos(a), libm::sin(a)])
        };
        let along = |f: f64, e: f64, z: f64| [0, 1, 2].map(|i| front[i] * f + east[i] * e + [0.0, 0.0, 1.0][i] * z);
        let rim_z = h * self.square / 2.0;
        match region {
            None => {
                let v = h - (g - cap) / ring;
                along(self.tube - depth, side, (v - h / 2.0) * self.square)
            }
            Some((c, up)) => {
                // The band, `1 - c` of its length from the rim, folded inward by `cap` of a right angle.
                let folded = if up > 0.0 { m.cap_north } else { m.cap_south };
                let len = lerp(self.band, self.tube, folded) * (1.0 - c);
                let turn = folded * FRAC_PI_2;
                let (dz, dn) = (libm::cos(turn) * len, libm::sin(turn) * len);
                along(self.tube - depth - dn * normal[0], side - dn * normal[1], up * (rim_z + dz))
            }
        }
    }
    /// While the capped cylinder swells into the ball (`ball` > 0): the distance from the axis
    /// and the height of the surface at colatitude `g` (the same on every meridian).
    ///
    /// Each point moves from its place on the cylinder toward its place on the sphere, both
    /// averaged over the colatitudes within `δ` of it: the straight blend alone keeps the
    /// cylinder's rim as a corner until the very end (a flat top with kinks at its ends, essay
    /// §03's frames 72–82); averaged, the rim is rounded over `δ` on either side, and the outline
    /// is a smooth curve at every frame. `δ` is a ring's width at the middle of the stage and
    /// none at either end, so the stage still runs from the capped cylinder to the ball itself.
    fn swollen(&self, g: f64) -> (f64, f64) {
        let b = self.morph.ball;
        let d = 4.0 * b * (1.0 - b) * self.surface.ring();
        let (cyl, ball) = if d < 1e-9 {
            (self.cylinder_profile(g), (libm::sin(g), libm::cos(g)))
        } else {
            let (rho, z) = self.cylinder_average(g - d, g + d);
            // The mean of (sin, cos) over [g − d, g + d].
            let k = libm::sin(d) / d;
            ((rho / (2.0 * d), z / (2.0 * d)), (k * libm::sin(g), k * libm::cos(g)))
        };
        (lerp(cyl.0, ball.0, b), lerp(cyl.1, ball.1, b))
    }
    /// The capped cylinder's profile at colatitude `g` (distance from the axis, height), carried
    /// on beyond the poles as the profile's mirror image (negative distances), so that an
    /// average near a pole stays on the axis there.
    fn cylinder_profile(&self, g: f64) -> (f64, f64) {
        if !(0.0..=PI).contains(&g) {
            let (rho, z) = self.cylinder_profile(if g < 0.0 { -g } else { 2.0 * PI - g });
            return (-rho, z);
        }
        let (h, cap, ring) = (self.fold().h(), self.surface.cap(), self.surface.ring());
        let top = h * self.square / 2.0; // 1: the board is as tall as the ball
        let rho = self.tube * (g / cap).min((PI - g) / cap).min(1.0);
        let z = if g < cap {
            top
        } else if g > PI - cap {
            -top
        } else {
            (h - (g - cap) / ring - h / 2.0) * self.square
        };
        (rho, z)
    }
    /// The integral of [`WrapGeom::cylinder_profile`] from `a` to `b`: exact, the profile being
    /// straight between the rims.
    fn cylinder_average(&self, a: f64, b: f64) -> (f64, f64) {
        let cap = self.surface.cap();
        let mut cuts = vec![a];
        cuts.extend([-cap, cap, PI - cap, PI + cap].into_iter().filter(|&x| x > a && x < b));
        cuts.push(b);
        cuts.windows(2).fold((0.0, 0.0), |(r, z), w| {
            let (p, q) = (self.cylinder_profile(w[0]), self.cylinder_profile(w[1]));
            let len = w[1] - w[0];
            (r + (p.0 + q.0) / 2.0 * len, z + (p.1 + q.1) / 2.0 * len)
        })
    }
    /// The outline on paper of a convex body of revolution about space's z axis, drawn through
    /// `to_view` (rows: the viewer's x, y, z in space) and moved by `off` in the viewer's frame:
    /// its profile (distance from the axis, height) along `range`. For each of
    /// [`OUTLINE_POINTS`] directions on paper, the body's point furthest that way (its support
    /// point), so the outline is the true one (no corners but the body's own) whatever the cells.
    fn revolution_outline(
        &self,
        to_view: [[f64; 3]; 3],
        off: [f64; 3],
        profile: impl Fn(f64) -> (f64, f64),
        range: (f64, f64),
    ) -> Vec<Pt> {
        const SAMPLES: usize = 192;
        let at = |i: usize| range.0 + (range.1 - range.0) * i as f64 / SAMPLES as f64;
        let table: Vec<(f64, f64)> = (0..=SAMPLES).map(|i| profile(at(i))).collect();
        (0..OUTLINE_POINTS)
            .map(|k| {
                let th = 2.0 * PI * k as f64 / OUTLINE_POINTS as f64;
                let (dx, dy) = (libm::cos(th), libm::sin(th));
                let e = [0, 1, 2].map(|j| to_view[0][j] * dx + to_view[1][j] * dy);
                let (eh, alpha) = (libm::hypot(e[0], e[1]), libm::atan2(e[1], e[0]));
                let reach = |(rho, z): (f64, f64)| rho * eh + z * e[2];
                let best = (0..=SAMPLES).max_by(|&a, &b| reach(table[a]).total_cmp(&reach(table[b]))).unwrap_or(0);
                // Refined between the samples beside the best (the reach is unimodal on a convex
                // profile).
                let (mut lo, mut hi) = (at(best.saturating_sub(1)), at((best + 1).min(SAMPLES)));
                for _ in 0..28 {
                    let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
                    if reach(profile(a)) < reach(profile(b)) {
                        lo = a;
                    } else {
                        hi = b;
                    }
                }
                let (rho, z) = profile((lo + hi) / 2.0);
                let p = [rho * libm::cos(alpha), rho * libm::sin(alpha), z];
                let q = [0, 1, 2].map(|i| dot(to_view[i], p) + off[i]);
                self.paper(q)
            })
            .collect()
    }
    /// The ball's outline while it swells (`ball` > 0, not split).
    fn swollen_outline(&self) -> Vec<Pt> {
        self.revolution_outline(self.basis, [0.0; 3], |g| self.swollen(g), (0.0, PI))
    }
    /// The outline of one half of the split ball (the northern or the southern): its dome's
    /// limb and, where it shows, its rim on the equator.
    fn half_outline(&self, north: bool) -> Vec<Pt> {
        let sp = self.split;
        let sign = if north { 1.0 } else { -1.0 };
        let (s, c) = libm::sincos(sign * sp.turn * FRAC_PI_2);
        let b = self.basis;
        let to_view =
            [b[0], [0, 1, 2].map(|j| b[1][j] * c - b[2][j] * s), [0, 1, 2].map(|j| b[1][j] * s + b[2][j] * c)];
        let profile = |a: f64| (lerp(libm::sin(a), a / FRAC_PI_2, sp.flat), sign * lerp(libm::cos(a), 0.0, sp.flat));
        self.revolution_outline(to_view, [0.0, sign * sp.apart, 0.0], profile, (0.0, FRAC_PI_2))
    }
    /// The outlines of the closed, convex bodies the frame shows: the two halves once the ball
    /// is split (north first), the ball while it swells, none before (the board, the tube, the
    /// cylinder: their patches are drawn whole).
    pub(crate) fn body_outlines(&self) -> Vec<Vec<Pt>> {
        if self.split.begun() {
            vec![self.half_outline(true), self.half_outline(false)]
        } else if self.morph.ball >= 1.0 {
            vec![super::globe::circle_polygon(self.centre, self.scale)]
        } else if self.morph.ball > 0.0 {
            vec![self.swollen_outline()]
        } else {
            Vec::new()
        }
    }
    /// A patch's outline in surface coordinates, on the half of colatitude `half`, as seen on a
    /// closed convex body whose outline on paper is `limb`: where it turns away from the viewer
    /// it is cut (the point found by halving the step), and the cut is closed along `limb`, as
    /// the globe closes a cell along its limb. Cut at the sampled points instead, a cell turning
    /// over the limb folded onto itself and fell short of the outline (steps along the
    /// half-spheres' edge, cell names outside it: essay §04's split). `None`: none of it faces.
    pub(crate) fn seen_outline(&self, coords: &[(f64, f64)], half: f64, limb: &[Pt]) -> Option<Vec<Pt>> {
        let facing = |(u, g): (f64, f64)| self.point_on(u, g, half).facing;
        let on_paper = |(u, g): (f64, f64)| self.paper(self.point_on(u, g, half).at);
        let f: Vec<f64> = coords.iter().map(|&c| facing(c)).collect();
        if f.iter().all(|&x| x <= 0.0) {
            return None;
        }
        if f.iter().all(|&x| x > 0.0) || limb.len() < 3 {
            return Some(coords.iter().map(|&c| on_paper(c)).collect());
        }
        // (paper point, whether the outline leaves the seen part there)
        let mut pts: Vec<(Pt, Option<bool>)> = Vec::new();
        let n = coords.len();
        for i in 0..n {
            let (a, b) = (coords[i], coords[(i + 1) % n]);
            let (fa, fb) = (f[i] > 0.0, f[(i + 1) % n] > 0.0);
            if fa {
                pts.push((on_paper(a), None));
            }
            if fa != fb {
                pts.push((on_paper(turning_point(a, b, &facing)), Some(fa)));
            }
        }
        let mut out = Vec::with_capacity(pts.len() + 16);
        for (k, &(p, leaves)) in pts.iter().enumerate() {
            out.push(p);
            if leaves == Some(true) {
                let next = pts[(k + 1) % pts.len()].0;
                out.extend(along_outline(limb, p, next));
            }
        }
        Some(out)
    }
    /// A line of surface coordinates on the half of colatitude `half`: its pieces that face the
    /// viewer, on paper, each ending where the surface turns away.
    pub(crate) fn seen_lines(&self, coords: &[(f64, f64)], half: f64) -> Vec<Vec<Pt>> {
        let facing = |(u, g): (f64, f64)| self.point_on(u, g, half).facing;
        let on_paper = |(u, g): (f64, f64)| self.paper(self.point_on(u, g, half).at);
        let mut out: Vec<Vec<Pt>> = Vec::new();
        let mut cur: Vec<Pt> = Vec::new();
        for (i, &c) in coords.iter().enumerate() {
            let shown = facing(c) > 0.0;
            if i > 0 {
                let a = coords[i - 1];
                let was = facing(a) > 0.0;
                if was != shown {
                    let cut = on_paper(turning_point(a, c, &facing));
                    if was {
                        cur.push(cut);
                        if cur.len() > 1 {
                            out.push(std::mem::take(&mut cur));
                        }
                        cur.clear();
                    } else {
                        cur = vec![cut];
                    }
                }
            }
            if shown {
                cur.push(on_paper(c));
            }
        }
        if cur.len() > 1 {
            out.push(cur);
        }
        out
    }
    /// The ball split part-way into the hemispheres ([`Split`]); only the ball can be split, so
    /// the morph becomes [`Morph::BALL`], placed as the ball is.
    pub(crate) fn with_split(mut self, split: Split) -> WrapGeom {
        self.split = Split {
            apart: split.apart.clamp(0.0, 1.0),
            turn: split.turn.clamp(0.0, 1.0),
            flat: split.flat.clamp(0.0, 1.0),
        };
        if self.split.begun() {
            self.morph = Morph::BALL;
        }
        self
    }
    /// Where surface coordinates `(u, γ)` lie in the viewer's frame; once the ball is split, on
    /// the northern half (`north`) or the southern one.
    fn located(&self, u: f64, g: f64, north: bool) -> [f64; 3] {
        let sp = self.split;
        if !sp.begun() {
            return self.view(self.space(u, g));
        }
        // On its half, flattened: distance from the axis and height above the equator's plane.
        let c = if north { g } else { PI - g };
        let rho = lerp(libm::sin(c), c / FRAC_PI_2, sp.flat);
        let up = lerp(libm::cos(c), 0.0, sp.flat) * if north { 1.0 } else { -1.0 };
        let lon = self.surface.longitude(u);
        let q = self.view([rho * libm::cos(lon), rho * libm::sin(lon), up]);
        // Turned about the viewer's x axis (the northern pole toward the viewer, the southern
        // too), then moved apart along y.
        let sign = if north { 1.0 } else { -1.0 };
        let (s, cth) = libm::sincos(sign * sp.turn * FRAC_PI_2);
        [q[0], q[1] * cth - q[2] * s + sign * sp.apart, q[1] * s + q[2] * cth]
    }
    /// A surface point in the viewer's frame, with how much it faces the viewer.
    pub fn point(&self, u: f64, g: f64) -> WrapPt {
        self.point_on(u, g, g)
    }
    /// [`WrapGeom::point`] on the half of the split ball that colatitude `half` lies on (a cell's
    /// outline on the equator stays with its cell).
    pub(crate) fn point_on(&self, u: f64, g: f64, half: f64) -> WrapPt {
        let north = half < FRAC_PI_2;
        let at = self.located(u, g, north);
        // The outward normal from the two tangents (toward S, then toward E); away from the poles'
        // single points, where the tangent along u vanishes.
        let (e, w) = (1e-4, self.fold().w());
        let g = g.clamp(2.0 * e, PI - 2.0 * e);
        let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
        let (u0, u1) = ((u - e).max(0.0).min(w - 2.0 * e), (u + e).min(w).max(2.0 * e));
        let du = sub(self.located(u1, g, north), self.located(u0, g, north));
        let dg = sub(self.located(u, g + e, north), self.located(u, g - e, north));
        let n = [dg[1] * du[2] - dg[2] * du[1], dg[2] * du[0] - dg[0] * du[2], dg[0] * du[1] - dg[1] * du[0]];
        let len = dot(n, n).sqrt();
        let normal = if len > 0.0 { n.map(|x| x / len) } else { [0.0; 3] };
        WrapPt { at, normal, facing: normal[2] }
    }
    /// Paper position of a point in the viewer's frame.
    pub fn paper(&self, q: [f64; 3]) -> Pt {
        Pt::new(self.centre.x + self.scale * q[0], self.centre.y - self.scale * q[1])
    }
    /// The surface coordinates of a cell's centre: a square's middle; a pole's band centre on the
    /// board, moving to the pole point as its end closes.
    pub(crate) fn centre_coords(&self, topo: &Topology, cell: Cell) -> (f64, f64) {
        match topo.coords(cell) {
            Some((f, r)) => (f as f64 + 0.5, self.surface.cell_colatitude(r as f64 + 0.5)),
            None => self.pole_centre(topo.pole_of(cell).unwrap_or(Pole::North)),
        }
    }
    /// The surface coordinates of a pole's centre: the band's middle on the board, the pole point
    /// once its end is closed.
    pub(crate) fn pole_centre(&self, pole: Pole) -> (f64, f64) {
        let g = self.surface.cap() * 0.5 * (1.0 - self.morph.cap(pole).max(self.morph.ball));
        (self.fold().w() / 2.0, if pole == Pole::North { g } else { PI - g })
    }
    /// A cell's outline in surface coordinates: a square's four sides; a pole's band (its rim,
    /// the seam, the pole itself, the seam back), which closes to the cap circle on the ball.
    pub(crate) fn outline_coords(&self, topo: &Topology, cell: Cell) -> Vec<(f64, f64)> {
        let n = SIDE_SAMPLES;
        let s = |i: usize| i as f64 / n as f64;
        match topo.coords(cell) {
            Some((f, r)) => {
                let (f, r) = (f as f64, r as f64);
                let g = |v: f64| self.surface.cell_colatitude(v);
                let mut out = Vec::with_capacity(4 * n);
                out.extend((0..n).map(|i| (f + s(i), g(r))));
                out.extend((0..n).map(|i| (f + 1.0, g(r + s(i)))));
                out.extend((0..n).map(|i| (f + 1.0 - s(i), g(r + 1.0))));
                out.extend((0..n).map(|i| (f, g(r + 1.0 - s(i)))));
                out
            }
            None => self.pole_outline(topo.pole_of(cell).unwrap_or(Pole::North)),
        }
    }
    /// A pole's band or cap (dead or live) in surface coordinates.
    pub(crate) fn pole_outline(&self, pole: Pole) -> Vec<(f64, f64)> {
        self.pole_sector(pole, 0.0, self.fold().w())
    }
    /// The part of a pole's band or cap between `u0` and `u1` (its rim, its side at `u1`, its
    /// free edge or the pole, its side at `u0`), in surface coordinates. A band drawn as one
    /// patch can face the viewer at one end and away at the other; drawn a file's width at a time,
    /// each part is ordered by its own depth.
    pub(crate) fn pole_sector(&self, pole: Pole, u0: f64, u1: f64) -> Vec<(f64, f64)> {
        let cap = self.surface.cap();
        let g = |c: f64| if pole == Pole::North { cap * c } else { PI - cap * c };
        let n = SIDE_SAMPLES;
        let along = (SIDE_SAMPLES as f64 * (u1 - u0)).ceil().max(1.0) as usize;
        let u = |i: usize| u0 + (u1 - u0) * i as f64 / along as f64;
        let mut out = Vec::new();
        out.extend((0..along).map(|i| (u(i), g(1.0))));
        out.extend((0..n).map(|i| (u1, g(1.0 - i as f64 / n as f64))));
        out.extend((0..along).map(|i| (u(along - i), g(0.0))));
        out.extend((0..n).map(|i| (u0, g(i as f64 / n as f64))));
        out
    }
    /// The lines of a [`WrapGeom::pole_sector`] that are lines of the whole band: its rim, its
    /// free edge (the pole once closed), and the band's ends at the seam (`u = 0`, `u = W`) when
    /// the sector reaches them.
    pub(crate) fn pole_sector_edges(&self, pole: Pole, u0: f64, u1: f64) -> Vec<Vec<(f64, f64)>> {
        let (w, cap) = (self.fold().w(), self.surface.cap());
        let g = |c: f64| if pole == Pole::North { cap * c } else { PI - cap * c };
        let n = SIDE_SAMPLES;
        let along = (SIDE_SAMPLES as f64 * (u1 - u0)).ceil().max(1.0) as usize;
        let u = |i: usize| u0 + (u1 - u0) * i as f64 / along as f64;
        let mut out =
            vec![(0..=along).map(|i| (u(i), g(1.0))).collect(), (0..=along).map(|i| (u(i), g(0.0))).collect()];
        for end in [0.0, w] {
            if u0 == end || u1 == end {
                out.push((0..=n).map(|i| (end, g(i as f64 / n as f64))).collect());
            }
        }
        out
    }
    /// A line of surface coordinates, its visible pieces on paper: split where it turns away
    /// from the viewer and where it jumps on paper (across the seam or a pole while they are
    /// open).
    pub(crate) fn visible_pieces(&self, coords: &[(f64, f64)]) -> Vec<Vec<Pt>> {
        self.pieces_facing(coords, true)
    }
    /// As [`WrapGeom::visible_pieces`], or (`front` false) the pieces seen from inside or behind.
    pub(crate) fn pieces_facing(&self, coords: &[(f64, f64)], front: bool) -> Vec<Vec<Pt>> {
        let jump = self.unit() * 0.45;
        let mut out: Vec<Vec<Pt>> = Vec::new();
        let mut cur: Vec<Pt> = Vec::new();
        for &(u, g) in coords {
            let p = self.point(u, g);
            let at = self.paper(p.at);
            let jumped = cur.last().is_some_and(|l: &Pt| l.dist(at) > jump);
            let shown = (p.facing > 0.0) == front;
            if !shown || jumped {
                if cur.len() > 1 {
                    out.push(std::mem::take(&mut cur));
                }
                cur.clear();
            }
            if shown {
                cur.push(at);
            }
        }
        if cur.len() > 1 {
            out.push(cur);
        }
        out
    }
    /// A route's points in surface coordinates, sampled.
    fn route_coords(&self, topo: &Topology, route: &Route) -> Vec<(f64, f64)> {
        let fold = self.fold();
        let pts = fold.route_points(topo, route);
        let at = |u: f64, v: f64| {
            let (u, v) = fold.fold(u, v);
            (u, FRAC_PI_2 - self.surface.lon_lat(u, v).1)
        };
        let mut out = Vec::new();
        if let Some(&(u, v)) = pts.first() {
            out.push(at(u, v));
        }
        for w in pts.windows(2) {
            let ((ua, va), (ub, vb)) = (w[0], w[1]);
            for i in 1..=ROUTE_SAMPLES {
                let t = i as f64 / ROUTE_SAMPLES as f64;
                out.push(at(ua + (ub - ua) * t, va + (vb - va) * t));
            }
        }
        out
    }
    /// The length in space of a step along `u` and along `γ` at a point (one file, one ring).
    fn steps_at(&self, u: f64, g: f64) -> (f64, f64) {
        let d = |a: [f64; 3], b: [f64; 3]| {
            dot([a[0] - b[0], a[1] - b[1], a[2] - b[2]], [a[0] - b[0], a[1] - b[1], a[2] - b[2]]).sqrt()
        };
        let r = self.surface.ring() / 2.0;
        let w = self.fold().w();
        let (u0, u1) = ((u - 0.5).max(0.0), (u + 0.5).min(w));
        let at = |u: f64, x: f64| self.located(u, x, g < FRAC_PI_2);
        (d(at(u1, g), at(u0, g)) / (u1 - u0), d(at(u, g + r), at(u, g - r)))
    }
}

/// The vertices of the closed outline `limb` strictly between the points of it nearest `from`
/// and `to`, the shorter way round.
fn along_outline(limb: &[Pt], from: Pt, to: Pt) -> Vec<Pt> {
    let n = limb.len();
    // A point's place on the outline: segment index plus the fraction along it.
    let place = |p: Pt| {
        let mut best = (f64::INFINITY, 0.0);
        for i in 0..n {
            let (a, b) = (limb[i], limb[(i + 1) % n]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-12)).clamp(0.0, 1.0);
            let d = p.dist(Pt::new(a.x + dx * t, a.y + dy * t));
            if d < best.0 {
                best = (d, i as f64 + t);
            }
        }
        best.1
    };
    let (a, b) = (place(from), place(to));
    let forward = (b - a).rem_euclid(n as f64);
    let nf = n as f64;
    let idx = |k: f64| limb[(k.rem_euclid(nf) as usize) % n];
    let mut out = Vec::new();
    if forward <= nf / 2.0 {
        let mut k = a.floor() + 1.0;
        while k < a + forward {
            out.push(idx(k));
            k += 1.0;
        }
    } else {
        let back = nf - forward;
        let mut k = a.ceil() - 1.0;
        while k > a - back {
            out.push(idx(k));
            k -= 1.0;
        }
    }
    out
}

impl Projection for WrapGeom {
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        let (u, g) = self.centre_coords(topo, cell);
        let p = self.point(u, g);
        if p.facing > 0.0 { vec![self.paper(p.at)] } else { Vec::new() }
    }
    /// The smaller of a file's and a ring's length at the cell, foreshortened as it turns away.
    fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        let (u, g) = self.centre_coords(topo, cell);
        let p = self.point(u, g);
        let size = match topo.coords(cell) {
            Some(_) => {
                let (a, b) = self.steps_at(u, g);
                a.min(b)
            }
            None => {
                let pole = topo.pole_of(cell).unwrap_or(Pole::North);
                let rim = if pole == Pole::North { self.surface.cap() } else { PI - self.surface.cap() };
                let edge = self.space(u, rim);
                let c = self.space(u, if pole == Pole::North { 0.0 } else { PI });
                let d = [edge[0] - c[0], edge[1] - c[1], edge[2] - c[2]];
                dot(d, d).sqrt().min(self.steps_at(u, g).1 * 2.0) * lerp(1.0, 1.6, self.morph.ball)
            }
        };
        size * self.scale * p.facing.max(0.0).sqrt().max(0.3)
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        self.visible_pieces(&self.route_coords(topo, route))
    }
    fn sides(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        let Some((f, r)) = topo.coords(cell) else { return Vec::new() };
        let (f, r) = (f as f64, r as f64);
        let g = |v: f64| self.surface.cell_colatitude(v);
        let (a, b) = match (dir.df, dir.dr) {
            (0, 1) => ((f, r + 1.0), (f + 1.0, r + 1.0)),
            (0, _) => ((f, r), (f + 1.0, r)),
            (1, _) => ((f + 1.0, r), (f + 1.0, r + 1.0)),
            _ => ((f, r), (f, r + 1.0)),
        };
        let line: Vec<(f64, f64)> = (0..=SIDE_SAMPLES)
            .map(|i| {
                let t = i as f64 / SIDE_SAMPLES as f64;
                (lerp(a.0, b.0, t), g(lerp(a.1, b.1, t)))
            })
            .collect();
        self.visible_pieces(&line).into_iter().map(|p| PathCmd::polyline(&p)).collect()
    }
    /// A rank's height in the middle of the board, on paper.
    fn unit(&self) -> f64 {
        self.steps_at(self.fold().w() / 2.0, FRAC_PI_2).1 * self.scale
    }
    /// The outline of the whole surface as drawn (the convex hull of every cell's and band's
    /// outline on paper, seen from either side): the flat board, the tube, the capped cylinder.
    /// Every stage's surface bounds a convex body or part of one, so the hull is its outline. The
    /// swelling ball's is its true outline (`WrapGeom::body_outlines`).
    fn silhouette(&self, topo: &Topology) -> Option<Vec<Pt>> {
        if self.split.begun() {
            // Two halves coming apart, then two discs: no one outline holds them.
            return None;
        }
        if self.morph.ball >= 1.0 {
            // The ball: the globe's limb, so that the last frame is the globe view's picture.
            return Some(super::globe::limb_polygon(self.centre, self.scale));
        }
        if self.morph.ball > 0.0 {
            return Some(self.swollen_outline());
        }
        let mut coords: Vec<(f64, f64)> = topo.all_cells().flat_map(|c| self.outline_coords(topo, c)).collect();
        coords.extend(self.pole_outline(Pole::North));
        coords.extend(self.pole_outline(Pole::South));
        let points: Vec<Pt> = coords.into_iter().map(|(u, g)| self.paper(self.view(self.space(u, g)))).collect();
        Some(super::convex_hull(&points))
    }
    /// Once the ball is split, each half's outline (north first); else the one silhouette.
    fn silhouettes(&self, topo: &Topology) -> Vec<Vec<Pt>> {
        if self.split.begun() { self.body_outlines() } else { self.silhouette(topo).into_iter().collect() }
    }
}
