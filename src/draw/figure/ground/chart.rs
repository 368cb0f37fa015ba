//! The unrolled chart: a square per chart position in the window, pole bands, coloured copy
//! edges.

use super::super::{Coordinates, Layers, Painter, ViewKind, file_name, pieces::text};
use crate::draw::geometry::{ChartCell, ChartGeom};
use crate::draw::scene::{Anchor, Element, Node, Paint, Shape};
use crate::rules::topology::Poles;

impl Painter<'_> {
    /// The chart: a square per chart position in the window, pole bands, coloured copy edges.
    pub(super) fn chart_cells(&self, g: &ChartGeom, l: &mut Layers) {
        let topo = &self.topo;
        let (w, h) = (topo.width() as f64, topo.height() as f64);
        let win = g.window;
        let squares = g.squares(topo);
        l.cells.reserve(squares.len());
        for sq in squares {
            let (x, y) = (sq.centre.0.floor() as i32, sq.row);
            let at = g.map(sq.left, (y + 1) as f64);
            let shape = Shape::Rect { at, w: sq.width * g.square, h: g.square };
            let node = match sq.shows {
                ChartCell::Square(cell, flipped) => {
                    let (fill, class) = self.cell_fill(cell);
                    // The data list made at its size: a large window has tens of thousands.
                    let data = vec![
                        ("cell", topo.name(cell)),
                        ("chart", format!("{x},{y}")),
                        ("flipped", flipped.to_string()),
                    ];
                    Element { data, ..Element::new(shape, Paint { fill: Some(fill), ..self.grid.clone() }, class) }
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
        if self.view.coordinates == Coordinates::Edge {
            self.chart_coordinates(g, l);
        }
        if topo.poles() == Poles::Live {
            for sq in g.squares(topo).into_iter().filter(|s| s.left == win.x0 as f64) {
                if let ChartCell::Pole(p) = sq.shows {
                    let at = g.map(win.x0 as f64 + 0.5, sq.centre.1);
                    self.pole_label(p, at, g.square * 0.5, l);
                }
            }
        }
    }

    /// Coordinates on the window's edges, read off the squares next to each edge: file letters
    /// under the bottom row and over the top row of board squares, rank numbers left of every
    /// row. Each copy's flip and shift shows in them: over a pole the files run on shifted by
    /// `W/2` and the ranks count back down (docs/rules.md §5.2), so every label names the square beside it.
    fn chart_coordinates(&self, g: &ChartGeom, l: &mut Layers) {
        let topo = &self.topo;
        let win = g.window;
        let (x0, x1) = (win.x0 as f64, (win.x0 + win.cols as i32) as f64);
        let squares = g.squares(topo);
        let size = g.square * 0.34;
        let away = g.square * 0.32;
        let row_of = |y: i32| squares.iter().filter(move |s| s.row == y);
        let is_square = |y: i32| row_of(y).any(|s| matches!(s.shows, ChartCell::Square(..)));
        let rows: Vec<i32> = (win.y0..win.y0 + win.rows as i32).filter(|&y| is_square(y)).collect();
        // Files: the lowest and the highest row of squares, each labelled on its outer edge.
        let (Some(&low), Some(&high)) = (rows.first(), rows.last()) else { return };
        for (y, below) in [(low, true), (high, false)] {
            for s in row_of(y) {
                let ChartCell::Square(cell, _) = s.shows else { continue };
                let Some((f, _)) = topo.coords(cell) else { continue };
                // A square the window cuts (a half-shifted row) is labelled only when its
                // centre is inside.
                if s.centre.0 <= x0 || s.centre.0 >= x1 {
                    continue;
                }
                let edge = if below { win.y0 as f64 } else { (win.y0 + win.rows as i32) as f64 };
                let at = g.map(s.centre.0, edge);
                let at = at.offset(0.0, if below { away } else { -away });
                l.decor.push(
                    text(file_name(f), at, size, Anchor::Middle, self.theme.font, self.theme.text, "coordinate file")
                        .with("chart", format!("{},{y}", s.centre.0.floor())),
                );
            }
        }
        for &y in &rows {
            let Some(s) = row_of(y).find(|s| matches!(s.shows, ChartCell::Square(..))) else { continue };
            let ChartCell::Square(cell, _) = s.shows else { continue };
            let Some((_, r)) = topo.coords(cell) else { continue };
            let at = g.map(x0, y as f64 + 0.5).offset(-away, 0.0);
            l.decor.push(
                text(
                    (r + 1).to_string(),
                    at,
                    size,
                    Anchor::Middle,
                    self.theme.font,
                    self.theme.text,
                    "coordinate rank",
                )
                .with("chart", format!("{},{y}", win.x0)),
            );
        }
    }
}
