//! Where a figure's pieces and marks will stand, known before they are drawn: the ground writes
//! its rank numbers and cell names where they will not be covered (or cover anything), and the
//! marks keep their labels off the ground's numbers.
//!
//! The places come from the same rules answers and the same projection as the marks themselves
//! (destinations, their routes, loops), so nothing here is drawn by hand; the shapes are only
//! what a label must keep clear of: a circle round each piece, dot and port, and each route as a
//! line of its width.

use super::Overlay;
use super::marks::CAPTURE_RING;
use super::marks::overlay_loops;
use super::marks::{lastmove_drawing, leap_avoid, route_drawings};
use super::markups::CIRCLE;
use crate::draw::geometry::Projection;
use crate::draw::scene::{Element, PathCmd, Pt, Shape};
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use crate::rules::routes::Route;

/// What a label must keep clear of.
#[derive(Clone, Debug, Default)]
pub(super) struct Busy {
    /// Pieces, dots and ports: centre and radius.
    circles: Vec<(Pt, f64)>,
    /// The dots (as drawn: a dot its own size, a capture ring round its piece), ports (where a
    /// route is cut) and the overlay's circles and crosses: what a label may not stand on even
    /// where it may stand over a piece's edge.
    dots: Vec<(Pt, f64)>,
    /// Routes and loops, the last move, arrows, and xiangqi's river and palace lines: points,
    /// and half the line's width.
    lines: Vec<(Vec<Pt>, f64)>,
}

/// The square of the distance from `p` to `q`.
fn squared(p: Pt, q: Pt) -> f64 {
    let (dx, dy) = (p.x - q.x, p.y - q.y);
    dx * dx + dy * dy
}

/// The square of the distance from `p` to the segment `a`–`b`.
fn to_segment_squared(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    squared(p, a.offset(dx * t, dy * t))
}

impl Busy {
    /// The places of everything a figure will draw over its ground: each piece (a circle of 0.42
    /// of its cell), each markup (the overlay's circles and crosses, 0.42 of their cell too), each
    /// destination's dot (0.47 of its cell, the size of a capture ring), each route and loop as
    /// drawn, a port at every end of every piece of a route, and xiangqi's river and palaces.
    pub(super) fn of(pos: &Position, overlay: &Overlay, theme: &Theme, layout: &dyn Projection) -> Busy {
        let topo = pos.topology();
        let mut busy = Busy::default();
        for cell in pos.pieces().map(|(cell, _)| cell) {
            let r = layout.cell_size(topo, cell) * 0.42;
            busy.circles.extend(layout.centres(topo, cell).into_iter().map(|c| (c, r)));
        }
        busy.add_markups(topo, overlay, layout);
        let lw = theme.route_width * layout.unit() / 40.0 + 0.6;
        // A route's pieces: a circle at each end, a port (a dot as drawn) where a piece is cut.
        let add_route = |busy: &mut Busy, pieces: &[Vec<Pt>]| {
            for (k, p) in pieces.iter().enumerate() {
                for end in [p.first(), p.last()].into_iter().flatten() {
                    busy.circles.push((*end, lw * 2.4));
                }
                let ports = [p.first().filter(|_| k > 0), p.last().filter(|_| k + 1 < pieces.len())];
                busy.dots.extend(ports.into_iter().flatten().map(|&end| (end, lw * 2.4)));
                busy.lines.push((p.clone(), lw));
            }
        };
        for (i, mark) in overlay.moves.iter().enumerate() {
            let Some(piece) = pos.piece_at(mark.from) else { continue };
            let dests = overlay.destinations_of(pos, i);
            // The routes as the marks draw them (a knight's leaps curved).
            let all: Vec<_> = dests.iter().flat_map(|d| d.routes.iter().map(|r| (d.cell, r))).collect();
            let avoid = leap_avoid(layout, theme, lw, pos, overlay, i);
            let mut drawings = route_drawings(layout, topo, piece, &all, &avoid).into_iter();
            for d in &dests {
                let drawn: Vec<Vec<Vec<Pt>>> = d.routes.iter().filter_map(|_| drawings.next()).collect();
                drawn.iter().for_each(|pieces| add_route(&mut busy, pieces));
                let cs = layout.cell_size(topo, d.cell);
                // Kept clear by a capture ring's size; standing on a dot only as drawn (a capture
                // ring round its piece, else the dot).
                let r = if d.capture { cs * CAPTURE_RING } else { cs * theme.dot_radius + lw };
                for c in layout.destination_marks(topo, d.cell, &drawn) {
                    busy.circles.push((c, cs * CAPTURE_RING));
                    busy.dots.push((c, r));
                }
            }
        }
        // The last move, drawn back from where the piece stands to where it came from
        // (`game-xiangqi-pole-general`'s RaS ran from a1 into S under the rank number "1").
        if let Some(last) = overlay.lastmove
            && let Some(pieces) = lastmove_drawing(layout, lw, pos, last)
        {
            add_route(&mut busy, &pieces);
        }
        // The overlay's arrows, along the routes they follow (a cell name in a cell an arrow
        // crosses moves to a corner clear of it).
        for a in &overlay.arrows {
            if let Some(route) = crate::rules::routes::arrow_route_in(pos, a.from, a.to) {
                add_route(&mut busy, &layout.route(topo, &route));
            }
        }
        for (route, _, _) in overlay_loops(topo, overlay) {
            add_route(&mut busy, &layout.route(topo, &route));
            // A dot on each cell reached, where the ride arrives (on the chart, in that copy).
            for k in 0..route.steps.len() {
                let c = route.steps[k].cell;
                let prefix = Route { from: route.from, steps: route.steps[..=k].to_vec() };
                let r = layout.cell_size(topo, c) * theme.dot_radius * 1.2;
                let at = layout.destination_marks(topo, c, &[layout.route(topo, &prefix)]);
                busy.circles.extend(at.iter().map(|&p| (p, r)));
                busy.dots.extend(at.into_iter().map(|p| (p, r)));
            }
        }
        busy.add_zones(pos, layout);
        busy
    }

    /// The overlay's circles and crosses, kept clear by 0.42 of their cell; a label stands off
    /// a circle as a disc of that size and off a cross as its two arms, a small circle every
    /// tenth of an arm (its cell's name stands between the arms, `cell_names`), as wide as
    /// `markups.rs` draws them and a quarter of a unit.
    fn add_markups(&mut self, topo: &crate::rules::topology::Topology, overlay: &Overlay, layout: &dyn Projection) {
        for &(cell, _) in overlay.circles.iter().chain(&overlay.crosses) {
            let r = layout.cell_size(topo, cell) * CIRCLE;
            self.circles.extend(layout.centres(topo, cell).into_iter().map(|c| (c, r)));
        }
        for &(cell, _) in &overlay.circles {
            let r = layout.cell_size(topo, cell) * CIRCLE;
            self.dots.extend(layout.centres(topo, cell).into_iter().map(|c| (c, r)));
        }
        for &(cell, _) in &overlay.crosses {
            let size = layout.cell_size(topo, cell);
            let (k, w) = (size * 0.3, (size * 0.07).max(1.2));
            for c in layout.centres(topo, cell) {
                let arms = (-10..=10).map(|i| i as f64 * k / 10.0);
                let r = w / 2.0 + 0.25;
                self.dots.extend(arms.flat_map(|t| [(c.offset(t, t), r), (c.offset(t, -t), r)]));
            }
        }
    }

    /// Xiangqi's river and palace lines, drawn with the ground: a cell name's patch in a corner
    /// stood on a palace's line, a rank number on a palace's side.
    fn add_zones(&mut self, pos: &Position, layout: &dyn Projection) {
        let (rw, pw) = super::ground::zone_widths(layout.unit());
        for side in super::ground::zone_sides(pos, layout) {
            let hw = if side.palace.is_some() { pw } else { rw } / 2.0;
            self.lines.extend(path_points(&side.cmds).into_iter().map(|p| (p, hw)));
        }
    }

    /// Whether a round label of radius `r` at `p` keeps clear of everything drawn.
    ///
    /// Distances are compared squared, without a root, and the search stops at the first thing
    /// in the way: a chart that names its cells asks this for every cell shown, against every
    /// piece, dot and route piece, and the roots (`hypot`) were most of the time of drawing the
    /// largest accepted chart.
    pub(super) fn clear(&self, p: Pt, r: f64) -> bool {
        self.clear_of_marks(p, r) && self.clear_of_lines(p, r)
    }

    /// Whether a round label of radius `r` at `p` keeps clear of the routes and loops (it may
    /// stand over a piece or dot).
    pub(super) fn clear_of_lines(&self, p: Pt, r: f64) -> bool {
        self.lines.iter().all(|(pts, hw)| {
            let d = r + hw;
            pts.windows(2).all(|w| to_segment_squared(p, w[0], w[1]) >= d * d)
        })
    }

    /// How far the routes and loops reach into a round label of radius `r` at `p`: the most by
    /// which a line's edge passes inside the label's rim (zero or less: the label is clear of
    /// them). A label that must stand on a line goes where this is least.
    pub(super) fn line_reach(&self, p: Pt, r: f64) -> f64 {
        let mut reach = f64::NEG_INFINITY;
        for (pts, hw) in &self.lines {
            let near = pts.windows(2).map(|w| to_segment_squared(p, w[0], w[1])).fold(f64::INFINITY, f64::min);
            if near.is_finite() {
                reach = reach.max(r + hw - near.sqrt());
            }
        }
        reach
    }

    /// How far the pieces, dots and ports reach into a round label of radius `r` at `p` (zero or
    /// less: it is clear of them).
    pub(super) fn mark_reach(&self, p: Pt, r: f64) -> f64 {
        circles_reach(&self.circles, p, r)
    }

    /// Whether a round label of radius `r` at `p`, drawn over the lines, would hide more than
    /// half of one of them: a short route (one step along a ring) is lost under a label that a
    /// long one passes under.
    pub(super) fn hides_most_of_a_line(&self, p: Pt, r: f64) -> bool {
        self.hides_most_of_a_line_where(&|q| squared(p, q) < r * r)
    }

    /// How far the dots, ports and the overlay's circles and crosses (not the pieces) reach into a
    /// round label of radius `r` at `p` (zero or less: it is clear of them).
    pub(super) fn dot_reach(&self, p: Pt, r: f64) -> f64 {
        circles_reach(&self.dots, p, r)
    }

    /// How far the lines reach into a box, centred at `c` and `hw` by `hh` from its centre to its
    /// sides: the most by which a line's edge passes inside the box's edge (zero or less: the box
    /// is clear of them). A cell name's patch is a box, and a round label as wide as the patch
    /// would keep a patch out of a corner that a diagonal route passes well clear of.
    pub(super) fn box_line_reach(&self, c: Pt, hw: f64, hh: f64) -> f64 {
        let mut reach = f64::NEG_INFINITY;
        for (pts, lhw) in &self.lines {
            for w in pts.windows(2) {
                let (lo, hi) = (w[0].x.min(w[1].x), w[0].x.max(w[1].x));
                let (top, bottom) = (w[0].y.min(w[1].y), w[0].y.max(w[1].y));
                let far = hw + lhw + 1.0;
                if lo > c.x + far || hi < c.x - far || top > c.y + hh + lhw + 1.0 || bottom < c.y - hh - lhw - 1.0 {
                    continue;
                }
                let n = (squared(w[0], w[1]).sqrt() / 0.5).ceil().max(1.0) as usize;
                for i in 0..=n {
                    reach = reach.max(lhw - box_distance(w[0].lerp(w[1], i as f64 / n as f64), c, hw, hh));
                }
            }
        }
        reach
    }

    /// Whether a box (centre `c`, half sizes `hw`, `hh`) keeps clear of the dots, ports and the
    /// overlay's circles and crosses (it may stand over a piece's edge).
    pub(super) fn box_clear_of_dots(&self, c: Pt, hw: f64, hh: f64) -> bool {
        self.dots.iter().all(|&(q, r)| box_distance(q, c, hw, hh) >= r)
    }

    /// Whether a box (centre `c`, half sizes `hw`, `hh`) drawn over the lines would hide more
    /// than half of one of them (a one-step route, a palace's side).
    pub(super) fn box_hides_most_of_a_line(&self, c: Pt, hw: f64, hh: f64) -> bool {
        self.hides_most_of_a_line_where(&|q| (q.x - c.x).abs() < hw && (q.y - c.y).abs() < hh)
    }

    /// Whether a label whose room holds the points where `inside` says so would hide more than
    /// half of a line: each line measured half a unit at a time, by the middles of its pieces.
    fn hides_most_of_a_line_where(&self, inside: &dyn Fn(Pt) -> bool) -> bool {
        self.lines.iter().any(|(pts, _)| {
            let (mut hidden, mut all) = (0.0, 0.0);
            for w in pts.windows(2) {
                let len = squared(w[0], w[1]).sqrt();
                let n = (len / 0.5).ceil().max(1.0) as usize;
                for i in 0..n {
                    all += len / n as f64;
                    if inside(w[0].lerp(w[1], (i as f64 + 0.5) / n as f64)) {
                        hidden += len / n as f64;
                    }
                }
            }
            all > 0.0 && hidden > all / 2.0
        })
    }

    /// Whether a round label of radius `r` at `p` keeps clear of the pieces, dots and ports (a
    /// route may pass under it).
    pub(super) fn clear_of_marks(&self, p: Pt, r: f64) -> bool {
        self.circles.iter().all(|&(c, cr)| squared(p, c) >= (r + cr) * (r + cr))
    }
}

/// How far the `circles` (centre, radius) reach into a round label of radius `r` at `p`: the
/// most by which one overlaps it (zero or less: it is clear of them).
fn circles_reach(circles: &[(Pt, f64)], p: Pt, r: f64) -> f64 {
    circles.iter().map(|&(c, cr)| r + cr - squared(p, c).sqrt()).fold(f64::NEG_INFINITY, f64::max)
}

/// The signed distance from `p` to a box centred at `c`, `hw` by `hh` from its centre to its
/// sides: negative inside, by how far `p` lies in from the nearest side.
fn box_distance(p: Pt, c: Pt, hw: f64, hh: f64) -> f64 {
    let (dx, dy) = ((p.x - c.x).abs() - hw, (p.y - c.y).abs() - hh);
    if dx <= 0.0 && dy <= 0.0 { dx.max(dy) } else { libm::hypot(dx.max(0.0), dy.max(0.0)) }
}

/// A path's lines as points: its straight pieces by their ends, its arcs and curves a point
/// every few degrees or sixteenth of the way (xiangqi's river and palace sides on a disc).
fn path_points(cmds: &[PathCmd]) -> Vec<Vec<Pt>> {
    let mut out: Vec<Vec<Pt>> = Vec::new();
    let (mut at, mut start) = (Pt::default(), Pt::default());
    for c in cmds {
        match *c {
            PathCmd::Move(p) => {
                out.push(vec![p]);
                (at, start) = (p, p);
                continue;
            }
            PathCmd::Line(p) => out.last_mut().into_iter().for_each(|l| l.push(p)),
            PathCmd::Arc { r, large, sweep, to } => {
                let pts = arc_points(at, to, r, large, sweep);
                out.last_mut().into_iter().for_each(|l| l.extend(pts.iter().copied()));
            }
            PathCmd::Quad(a, b) => {
                let pts: Vec<Pt> =
                    (1..=16).map(|i| i as f64 / 16.0).map(|t| at.lerp(a, t).lerp(a.lerp(b, t), t)).collect();
                out.last_mut().into_iter().for_each(|l| l.extend(pts.iter().copied()));
            }
            PathCmd::Cubic(a, b, e) => {
                let pts: Vec<Pt> = (1..=16)
                    .map(|i| {
                        let t = i as f64 / 16.0;
                        let (ab, bc, ce) = (at.lerp(a, t), a.lerp(b, t), b.lerp(e, t));
                        ab.lerp(bc, t).lerp(bc.lerp(ce, t), t)
                    })
                    .collect();
                out.last_mut().into_iter().for_each(|l| l.extend(pts.iter().copied()));
            }
            PathCmd::Close => out.last_mut().into_iter().for_each(|l| l.push(start)),
        }
        at = out.last().and_then(|l| l.last().copied()).unwrap_or(at);
    }
    out.retain(|l| l.len() > 1);
    out
}

/// The points of a circular arc of radius `r` from `a` to `b` as SVG draws it (`large`: the
/// longer way round; `sweep`: clockwise on paper), every three degrees.
fn arc_points(a: Pt, b: Pt, r: f64, large: bool, sweep: bool) -> Vec<Pt> {
    let (hx, hy) = ((a.x - b.x) / 2.0, (a.y - b.y) / 2.0);
    let d2 = hx * hx + hy * hy;
    if d2 < 1e-12 {
        return vec![b];
    }
    let r = r.abs().max(d2.sqrt());
    let k = ((r * r - d2) / d2).max(0.0).sqrt() * if large != sweep { 1.0 } else { -1.0 };
    let (cx, cy) = (k * hy, -k * hx);
    let centre = Pt::new(cx + (a.x + b.x) / 2.0, cy + (a.y + b.y) / 2.0);
    let t1 = libm::atan2(hy - cy, hx - cx);
    let mut dt = libm::atan2(-hy - cy, -hx - cx) - t1;
    if sweep && dt < 0.0 {
        dt += std::f64::consts::TAU;
    } else if !sweep && dt > 0.0 {
        dt -= std::f64::consts::TAU;
    }
    let n = (dt.abs() / 3f64.to_radians()).ceil().max(1.0) as usize;
    (1..=n)
        .map(|i| {
            let t = t1 + dt * i as f64 / n as f64;
            Pt::new(centre.x + r * libm::cos(t), centre.y + r * libm::sin(t))
        })
        .collect()
}

/// What a label placed over the ground must keep clear of among the ground's own writing: its
/// coordinates (rank numbers on their halos, file letters), as circles.
pub(super) fn ground_writing(elements: &[Element]) -> Vec<(Pt, f64)> {
    elements
        .iter()
        .filter(|e| e.class.split_whitespace().any(|c| c == "coordinate" || c == "coordinate-halo"))
        .filter_map(|e| match &e.shape {
            Shape::Circle { c, r } => Some((*c, *r)),
            Shape::Text { at, size, text, .. } => Some((*at, size * 0.35 * text.chars().count().max(1) as f64)),
            _ => None,
        })
        .collect()
}
