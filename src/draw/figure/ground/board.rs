//! The single board: squares, pole bands and their letters, coloured edges, coordinates.

use super::super::{Coordinates, Layers, Painter, ViewKind, file_name, pieces::text};
use crate::draw::geometry::BoardGeom;
use crate::draw::scene::{Anchor, Element, Node, Paint, Pt, Shape};
use crate::rules::topology::{Pole, Poles};

impl Painter<'_> {
    /// The single board: squares, pole bands and their letters, coloured edges, coordinates.
    pub(super) fn board_cells(&self, g: &BoardGeom, l: &mut Layers) {
        let topo = &self.topo;
        for cell in topo.all_cells() {
            let (fill, class) = self.cell_fill(cell);
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            let shape = match topo.coords(cell) {
                Some((f, r)) => Shape::Rect { at: g.square_at(f, r), w: g.square, h: g.square },
                None => {
                    let (at, bw, bh) = g.band(topo.pole_of(cell).expect("pole"));
                    Shape::Rect { at, w: bw, h: bh }
                }
            };
            l.cells.push(Node::Element(Element::new(shape, paint, class).with("cell", topo.name(cell))));
        }
        if topo.poles() == Poles::Dead {
            for pole in [Pole::North, Pole::South] {
                let (at, bw, bh) = g.band(pole);
                let paint = Paint { fill: Some(self.theme.pole), ..self.grid.clone() };
                l.cells.push(Node::Element(
                    Element::new(Shape::Rect { at, w: bw, h: bh }, paint, "pole")
                        .with("pole", pole.letter().to_string()),
                ));
            }
        }
        if topo.poles() != Poles::Edge {
            self.board_pole_letters(g, l);
        }
        if let ViewKind::Board { edges: true, .. } = self.view.kind {
            self.board_edges(g, l);
        }
        if self.view.coordinates == Coordinates::Edge {
            self.board_coordinates(g, l);
        }
    }

    /// Each pole's letter beside its band, in the margin of the rank numbers: inside the band it
    /// sat where routes run (along a live band to the pole's centre; out of the board at a dead
    /// pole's middle, the d|e boundary, where the king's step over the pole leaves its port), and
    /// covered them or was covered.
    fn board_pole_letters(&self, g: &BoardGeom, l: &mut Layers) {
        for pole in [Pole::North, Pole::South] {
            let (at, _, bh) = g.band(pole);
            let size = (g.square * 0.42).max(9.0 * self.view.width / 480.0).max(crate::draw::font::SMALLEST_TEXT);
            l.top.push(
                text(
                    pole.letter().to_string(),
                    Pt::new(at.x - g.square * 0.3, at.y + bh / 2.0),
                    size,
                    Anchor::Middle,
                    self.theme.title_font,
                    self.theme.text,
                    "pole-label",
                )
                .with("pole", pole.letter().to_string()),
            );
        }
    }

    /// The colour mode's edges (north, south, west, east) inside the board, half a line's width
    /// in from each side, so that the pole bands keep their grey and the corners show both
    /// colours.
    fn board_edges(&self, g: &BoardGeom, l: &mut Layers) {
        let lw = super::edge_width(self.theme, g.square);
        let i = lw / 2.0;
        let (x0, y0) = (g.origin.x, g.origin.y);
        let (x1, y1) = (x0 + g.width(), y0 + g.height());
        for (name, col, a, b) in [
            ("north", self.theme.north, Pt::new(x0, y0 + i), Pt::new(x1, y0 + i)),
            ("south", self.theme.south, Pt::new(x0, y1 - i), Pt::new(x1, y1 - i)),
            ("west", self.theme.west, Pt::new(x0 + i, y0), Pt::new(x0 + i, y1)),
            ("east", self.theme.east, Pt::new(x1 - i, y0), Pt::new(x1 - i, y1)),
        ] {
            l.decor.push(Element::new(Shape::Polyline(vec![a, b]), Paint::stroke(col, lw), format!("edge {name}")));
        }
    }

    /// File letters under the board and rank numbers left of it.
    fn board_coordinates(&self, g: &BoardGeom, l: &mut Layers) {
        let topo = &self.topo;
        let size = g.square * 0.32;
        for f in 0..topo.width() {
            let at = g.square_at(f, 0);
            let y = at.y + g.square + if topo.poles() == Poles::Edge { 0.0 } else { g.band_h } + g.square * 0.35;
            l.decor.push(text(
                file_name(f),
                Pt::new(at.x + g.square / 2.0, y),
                size,
                Anchor::Middle,
                self.theme.font,
                self.theme.text,
                "coordinate file",
            ));
        }
        for r in 0..topo.height() {
            let at = g.square_at(0, r);
            l.decor.push(text(
                (r + 1).to_string(),
                Pt::new(at.x - g.square * 0.3, at.y + g.square / 2.0),
                size,
                Anchor::Middle,
                self.theme.font,
                self.theme.text,
                "coordinate rank",
            ));
        }
    }
}
