//! The single disc: sectors, the central pole's cap, the outer pole's ring, their letters, file
//! letters round the rim, rank numbers on the rings.

use super::super::{Coordinates, Layers, Painter, file_name, pieces::text};
use crate::draw::geometry::DiscGeom;
use crate::draw::scene::{Anchor, Element, Node, Paint, PathCmd, Shape};
use std::f64::consts::PI;

impl Painter<'_> {
    /// The size of the rank numbers on the disc's rings: 0.3 of a ring, but at least 9.5 units at
    /// the essay's 480-unit width, as long as the halo fits in the ring.
    fn rank_number_size(&self, g: &DiscGeom) -> f64 {
        (g.ring() * 0.3).max(9.5 * self.view.width / 480.0).min(g.ring() * 0.75)
    }

    pub(in super::super) fn disc_cells(&self, g: &DiscGeom, l: &mut Layers) {
        let topo = &self.topo;
        let theme = self.theme;
        for cell in topo.all_cells() {
            let Some((f, r)) = topo.coords(cell) else { continue };
            let (fill, class) = self.cell_fill(cell);
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            l.cells.push(Node::Element(
                Element::new(Shape::Path(g.sector(f, r)), paint, class).with("cell", topo.name(cell)),
            ));
        }
        for (pole, outer) in [(g.pole, false), (g.outer_pole(), true)] {
            let (fill, class, name) = match topo.pole_cell(pole) {
                Some(cell) => {
                    let (fill, class) = self.cell_fill(cell);
                    (fill, class, Some(topo.name(cell)))
                }
                None => (theme.pole, "pole", None),
            };
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            let shape = if outer { Shape::Path(g.outer_ring()) } else { Shape::Circle { c: g.centre, r: g.cap() } };
            let mut e = Element::new(shape, paint, class).with("pole", pole.letter().to_string());
            if let Some(n) = name {
                e = e.with("cell", n);
            }
            l.cells.push(Node::Element(e));
            // The letters: the central one as on the hemispheres (at the cap's edge when the pole
            // is live, left out where a piece or markup stands on it); the outer one at the bottom of its ring, clear of its piece at the top.
            let live = topo.pole_cell(pole).is_some();
            let (at, size) = match (outer, live) {
                (true, _) => (g.polar(g.radius - g.cap() / 2.0, -PI / 2.0), g.cap() * 0.6),
                (false, true) => (g.centre.offset(0.0, g.cap() * 0.72), g.cap() * 0.3),
                (false, false) => (g.centre, g.cap() * 0.75),
            };
            if outer || !self.pole_letter_left_out(pole) {
                self.pole_label(pole, at, size, l);
            }
        }
        // The rim.
        let rim = Paint::stroke(theme.grid, theme.grid_width);
        let r = g.radius;
        l.decor.push(Element::new(
            Shape::Path(vec![
                PathCmd::Move(g.centre.offset(r, 0.0)),
                PathCmd::Arc { r, large: false, sweep: true, to: g.centre.offset(-r, 0.0) },
                PathCmd::Arc { r, large: false, sweep: true, to: g.centre.offset(r, 0.0) },
            ]),
            rim,
            "rim",
        ));
        if self.view.coordinates == Coordinates::Edge {
            // Readable however many rings the disc has (xiangqi's ten made them a few pixels):
            // at least 12 units at the essay's 480-unit width.
            let size = (g.ring() * 0.42).max(12.0 * self.view.width / 480.0);
            for f in 0..topo.width() {
                let at = g.polar(g.radius + size * 0.9, g.angle(f as f64 + 0.5));
                l.decor.push(text(file_name(f), at, size, Anchor::Middle, theme.font, theme.text, "coordinate file"));
            }
            // Rank numbers on their ring, on the free file boundary nearest the top of the page
            // (`rank_number_boundaries`).
            let opposite =
                self.overlay.rank_numbers_at.unwrap_or((g.rotation + topo.width() as f64 / 2.0).round() as i32);
            let s = self.rank_number_size(g);
            let inset = self.rank_number_inset();
            let spot = |r: u8, x: f64| g.polar(g.ring_of(r).1 - inset * g.ring(), g.angle(x));
            let boundaries =
                self.rank_number_boundaries(&[(0..topo.height()).collect()], opposite, &spot, s * super::BADGE_HALO);
            for r in 0..topo.height() {
                let Some(b) = boundaries[r as usize] else { continue };
                self.rank_badge((r + 1).to_string(), spot(r, b), s, false, l);
            }
        }
    }
}
