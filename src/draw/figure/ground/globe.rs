//! The globe: the ball's disc, the cells and pole caps that face the viewer (shaded by a light
//! from the upper left), the limb, the far half's grid when ghosted, and the file letters along
//! the equator.

use super::super::{Coordinates, Layers, Painter, file_name};
use crate::draw::geometry::GlobeGeom;
use crate::draw::scene::{Element, Node, Paint, Rgb, Shape};
use crate::rules::topology::Pole;

/// How dark the side turned away from the light gets (mixed toward this colour).
pub(super) const SHADOW: Rgb = Rgb(24, 26, 34);

/// Where a file letter may stand across its file, as fractions of the file from its west edge, in
/// the order tried: the middle, then ever nearer the edges on either side.
const ACROSS: [f64; 7] = [0.5, 0.32, 0.68, 0.22, 0.78, 0.14, 0.86];

impl Painter<'_> {
    pub(in super::super) fn globe_cells(&self, g: &GlobeGeom, l: &mut Layers) {
        let topo = &self.topo;
        let theme = self.theme;
        let shade = |fill: Rgb, light: f64| fill.mix(SHADOW, 0.5 * (1.0 - light));
        l.cells.push(Node::Element(Element::new(
            Shape::Circle { c: g.centre, r: g.radius },
            Paint::fill(shade(theme.pole, 0.3)),
            "ball",
        )));
        for cell in topo.all_cells() {
            if !g.cell_visible(topo, cell) {
                continue;
            }
            let Some(path) = g.clip_outline(&g.outline(topo, cell), false) else { continue };
            let (fill, class) = self.cell_fill(cell);
            let paint = Paint { fill: Some(shade(fill, g.light(topo, cell))), ..self.grid.clone() };
            let mut e = Element::new(Shape::Path(path), paint, class).with("cell", topo.name(cell));
            if let Some(p) = topo.pole_of(cell) {
                e = e.with("pole", p.letter().to_string());
            }
            l.cells.push(Node::Element(e));
        }
        for pole in [Pole::North, Pole::South] {
            let q = g.view(0.0, if pole == Pole::North { 90f64.to_radians() } else { -90f64.to_radians() });
            let mut shown = topo.pole_cell(pole).is_some_and(|cell| g.cell_visible(topo, cell));
            if topo.pole_cell(pole).is_none()
                && let Some(path) = g.clip_outline(&g.cap(pole), false)
            {
                let light = g.light_at(q);
                let paint = Paint { fill: Some(shade(theme.pole, light)), ..self.grid.clone() };
                l.cells.push(Node::Element(
                    Element::new(Shape::Path(path), paint, "pole").with("pole", pole.letter().to_string()),
                ));
                shown = true;
            }
            // Left out under what stands on the pole, where that is in sight.
            if shown && !(q[2] > 0.0 && self.pole_letter_left_out(pole)) {
                self.globe_pole_letter(g, pole, q, l);
            }
        }
        if g.ghost {
            let paint = Paint::stroke(theme.grid, theme.grid_width.max(0.5)).with_opacity(0.3);
            for line in g.far_grid() {
                l.decor.push(Element::new(Shape::Polyline(line), paint.clone(), "far-grid"));
            }
        }
        l.decor.push(Element::new(
            Shape::Circle { c: g.centre, r: g.radius },
            Paint::stroke(theme.text, g.limb_width()),
            "limb",
        ));
        if self.view.coordinates == Coordinates::Edge {
            self.globe_file_letters(g, l);
        }
    }

    /// File letters on the equator, where it faces the viewer, on a halo, under the marks and
    /// pieces: in the middle of the file, or, where a route or a mark will be drawn there (a rook
    /// riding along its file), at the nearest place across the file on the equator that keeps
    /// clear of them (docs/rules.md §5.5).
    ///
    /// A xiangqi board's river runs along the equator: there the letters stand in the middle of
    /// a rank beside it, Gold's (south of the river) where it is clear, else Red's, so that no
    /// letter sits on the river's line.
    fn globe_file_letters(&self, g: &GlobeGeom, l: &mut Layers) {
        let (topo, theme) = (&self.topo, self.theme);
        let size = g.surface().ring() * g.radius * 0.3;
        let lats: &[f64] = if self.pos.variant().xiangqi_tables().is_some() {
            &[-0.5 * g.surface().ring(), 0.5 * g.surface().ring()]
        } else {
            &[0.0]
        };
        for f in 0..topo.width() {
            let at = |x: f64, lat: f64| g.view(g.surface().longitude(f as f64 + x), lat);
            if at(0.5, 0.0)[2] < 0.3 {
                continue;
            }
            let clear =
                |q: &[f64; 3]| q[2] >= 0.3 && self.busy.clear(g.paper(*q), size * q[2].sqrt() * super::BADGE_HALO);
            let q = lats
                .iter()
                .flat_map(|&lat| ACROSS.iter().map(move |&x| (x, lat)))
                .map(|(x, lat)| at(x, lat))
                .find(clear)
                .unwrap_or_else(|| at(0.5, lats[0]));
            let s = size * q[2].sqrt();
            l.decor.extend(super::badge(theme, file_name(f), g.paper(q), s, "coordinate file"));
        }
    }

    /// A pole's letter on the globe, where its cap is in sight ([`Painter::pole_label`]): on the
    /// cap when the pole faces the viewer well enough to hold it (a live pole's at the cap's
    /// edge, on the side clear of the pieces: the xiangqi globe's N plate cut into e10's
    /// elephant); else outside the limb, on the axis beyond the pole (`01-globe`, seen from 12°
    /// above the equator, had its N cap in sight and no letter).
    fn globe_pole_letter(&self, g: &GlobeGeom, pole: Pole, q: crate::draw::geometry::ViewPt, l: &mut Layers) {
        if q[2] > 0.25 {
            let cap = g.surface().cap() * g.radius;
            let at = g.paper(q);
            if self.topo.pole_cell(pole).is_none() {
                return self.pole_label(pole, at, cap * 0.75 * q[2], l);
            }
            let size = (cap * 0.3).max(11.0 * self.view.width / 480.0);
            let spots = [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)]
                .map(|(dx, dy)| at.offset(dx * cap * 0.72, dy * cap * 0.72 * q[2]));
            let spot = spots.iter().copied().find(|&p| self.busy.clear_of_marks(p, size * 0.62)).unwrap_or(spots[0]);
            return self.pole_label(pole, spot, cap * 0.3, l);
        }
        let size = 11.0 * self.view.width / 480.0;
        let p = g.paper(q);
        let (dx, dy) = (p.x - g.centre.x, p.y - g.centre.y);
        let k = (g.radius + size * 0.9) / libm::hypot(dx, dy).max(1e-9);
        self.pole_label(pole, g.centre.offset(dx * k, dy * k), size, l);
    }
}
