//! The unrolled chart: a square per chart position in the window, pole bands, coloured copy
//! edges.

use super::super::{Layers, Painter, ViewKind, pieces::text};
use crate::geometry::{ChartCell, ChartGeom};
use crate::scene::{Anchor, Element, Node, Paint, Shape};
use crate::topology::Poles;

impl Painter<'_> {
    /// The chart: a square per chart position in the window, pole bands, coloured copy edges.
    pub(super) fn chart_cells(&self, g: &ChartGeom, l: &mut Layers) {
        let topo = &self.topo;
        let (w, h) = (topo.width() as f64, topo.height() as f64);
        let win = g.window;
        for sq in g.squares(topo) {
            let (x, y) = (sq.centre.0.floor() as i32, sq.row);
            let at = g.map(sq.left, (y + 1) as f64);
            let shape = Shape::Rect { at, w: sq.width * g.square, h: g.square };
            let node = match sq.shows {
                ChartCell::Square(cell, flipped) => {
                    let (fill, class) = self.cell_fill(cell);
                    Element::new(shape, Paint { fill: Some(fill), ..self.grid.clone() }, class)
                        .with("cell", topo.name(cell))
                        .with("chart", format!("{x},{y}"))
                        .with("flipped", flipped.to_string())
                }
                ChartCell::Pole(p) => {
                    let cell = topo.pole_cell(p).expect("live pole band");
                    let (fill, class) = self.cell_fill(cell);
                    Element::new(shape, Paint { fill: Some(fill), stroke: None, ..Paint::default() }, class)
                        .with("cell", topo.name(cell))
                        .with("chart", format!("{x},{y}"))
                }
            };
            l.cells.push(Node::Element(node));
        }
        // Colour mode's blue south edges would read as xiangqi's river: no edges there.
        if let ViewKind::Chart { edges: true, .. } = self.view.kind
            && !self.pos.variant().is_xiangqi()
        {
            for (bx, by, flipped) in g.copy_blocks() {
                let (bw, bh) = (w, h);
                // A flipped copy has its north edge at the bottom.
                let (n_edge, s_edge) = if flipped {
                    (((bx, by), (bx + bw, by)), ((bx, by + bh), (bx + bw, by + bh)))
                } else {
                    (((bx, by + bh), (bx + bw, by + bh)), ((bx, by), (bx + bw, by)))
                };
                let lw = super::edge_width(self.theme, g.square);
                let inset = lw / 2.0 / g.square;
                let edges = [
                    ("north", self.theme.north, n_edge, (0.0, if flipped { inset } else { -inset })),
                    ("south", self.theme.south, s_edge, (0.0, if flipped { -inset } else { inset })),
                    ("west", self.theme.west, ((bx, by), (bx, by + bh)), (inset, 0.0)),
                    ("east", self.theme.east, ((bx + bw, by), (bx + bw, by + bh)), (-inset, 0.0)),
                ];
                for (name, col, (a, b), (dx, dy)) in edges {
                    if let Some((pa, pb)) = g.clip((a.0 + dx, a.1 + dy), (b.0 + dx, b.1 + dy)) {
                        l.decor.push(
                            Element::new(Shape::Polyline(vec![pa, pb]), Paint::stroke(col, lw), format!("edge {name}"))
                                .with("flipped", flipped.to_string()),
                        );
                    }
                }
            }
        }
        if topo.poles() == Poles::Live {
            for sq in g.squares(topo).into_iter().filter(|s| s.left == win.x0 as f64) {
                if let ChartCell::Pole(p) = sq.shows {
                    let at = g.map(win.x0 as f64 + 0.5, sq.centre.1);
                    l.top.push(text(
                        p.letter().to_string(),
                        at,
                        g.square * 0.5,
                        Anchor::Middle,
                        self.theme.title_font,
                        self.theme.pole_text,
                        "pole-label",
                    ));
                }
            }
        }
    }
}
