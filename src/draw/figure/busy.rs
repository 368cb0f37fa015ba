//! Where a figure's pieces and marks will stand, known before they are drawn: the ground writes
//! its rank numbers and cell names where they will not be covered (or cover anything), and the
//! marks keep their labels off the ground's numbers.
//!
//! The places come from the same rules answers and the same projection as the marks themselves
//! (destinations, their routes, loops), so nothing here is drawn by hand; the shapes are only
//! what a label must keep clear of: a circle round each piece, dot and port, and each route as a
//! line of its width.

use super::Overlay;
use super::marks::overlay_loops;
use super::marks::route_drawings;
use crate::draw::geometry::Projection;
use crate::draw::scene::{Element, Pt, Shape};
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use crate::rules::routes::Route;

/// What a label must keep clear of.
#[derive(Clone, Debug, Default)]
pub(super) struct Busy {
    /// Pieces, dots and ports: centre and radius.
    circles: Vec<(Pt, f64)>,
    /// Routes and loops: points, and half the line's width.
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
    /// drawn, and a port at every end of every piece of a route.
    pub(super) fn of(pos: &Position, overlay: &Overlay, theme: &Theme, layout: &dyn Projection) -> Busy {
        let topo = pos.topology();
        let mut busy = Busy::default();
        let markups = overlay.circles.iter().chain(&overlay.crosses).map(|&(cell, _)| cell);
        for cell in pos.pieces().map(|(cell, _)| cell).chain(markups) {
            let r = layout.cell_size(topo, cell) * 0.42;
            busy.circles.extend(layout.centres(topo, cell).into_iter().map(|c| (c, r)));
        }
        let lw = theme.route_width * layout.unit() / 40.0 + 0.6;
        let add_route = |busy: &mut Busy, pieces: &[Vec<Pt>]| {
            for p in pieces {
                for end in [p.first(), p.last()].into_iter().flatten() {
                    busy.circles.push((*end, lw * 2.4));
                }
                busy.lines.push((p.clone(), lw));
            }
        };
        for (i, mark) in overlay.moves.iter().enumerate() {
            let Some(piece) = pos.piece_at(mark.from) else { continue };
            let dests = overlay.destinations_of(pos, i);
            // The routes as the marks draw them (a knight's leaps curved).
            let all: Vec<_> = dests.iter().flat_map(|d| d.routes.iter().map(|r| (d.cell, r))).collect();
            let mut drawings = route_drawings(layout, topo, theme, lw, piece, &all, &dests).into_iter();
            for d in &dests {
                let drawn: Vec<Vec<Vec<Pt>>> = d.routes.iter().filter_map(|_| drawings.next()).collect();
                drawn.iter().for_each(|pieces| add_route(&mut busy, pieces));
                let r = layout.cell_size(topo, d.cell) * 0.47;
                busy.circles.extend(layout.destination_marks(topo, d.cell, &drawn).into_iter().map(|c| (c, r)));
            }
        }
        // The last move, drawn back from where the piece stands to where it came from
        // (`game-xiangqi-pole-general`'s RaS ran from a1 into S under the rank number "1").
        if let Some((from, to)) = overlay.lastmove
            && let Some(route) = crate::rules::routes::arrow_route_in(pos, to, from)
        {
            add_route(&mut busy, &layout.route_to_left(topo, &route));
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
                busy.circles.extend(at.into_iter().map(|p| (p, r)));
            }
        }
        busy
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
        self.circles.iter().map(|&(c, cr)| r + cr - squared(p, c).sqrt()).fold(f64::NEG_INFINITY, f64::max)
    }

    /// Whether a round label of radius `r` at `p`, drawn over the lines, would hide more than
    /// half of one of them: a short route (one step along a ring) is lost under a label that a
    /// long one passes under.
    pub(super) fn hides_most_of_a_line(&self, p: Pt, r: f64) -> bool {
        self.lines.iter().any(|(pts, _)| {
            let (mut hidden, mut all) = (0.0, 0.0);
            for w in pts.windows(2) {
                let len = squared(w[0], w[1]).sqrt();
                let n = (len / 0.5).ceil().max(1.0) as usize;
                for i in 0..n {
                    let q = w[0].lerp(w[1], (i as f64 + 0.5) / n as f64);
                    all += len / n as f64;
                    if squared(p, q) < r * r {
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
