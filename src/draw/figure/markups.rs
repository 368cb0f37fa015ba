//! Markups, as LaTeX's `chessboard` package draws them: a circle round a cell and a cross over
//! it, each in a colour of its own. Like every mark they are drawn through the view's
//! [`Projection`], so they appear in every view (once per shown copy of the cell on a chart,
//! nowhere where a globe hides the cell).
//!
//! Markups are drawn over the pieces (they annotate a cell whatever stands on it, and a circle
//! round a piece or a cross through it is what readers of chess diagrams expect); they are thin
//! strokes, so the piece stays readable under them.

use super::{Layers, Painter};
use crate::draw::geometry::Projection;
use crate::draw::scene::{Element, Paint, PathCmd, Shape};

/// A kind of markup.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Markup {
    Circle,
    Cross,
}

impl Painter<'_> {
    /// The overlay's circles and crosses, on top of the pieces (`class="mark circle"` /
    /// `class="mark cross"`, `data-cell`, the colour in the stroke attribute).
    pub(super) fn markups(&self, layout: &dyn Projection, l: &mut Layers) {
        let circles = self.overlay.circles.iter().map(|m| (Markup::Circle, m));
        let crosses = self.overlay.crosses.iter().map(|m| (Markup::Cross, m));
        for (kind, &(cell, colour)) in circles.chain(crosses) {
            let colour = colour.unwrap_or(self.theme.arrow);
            for at in layout.centres(&self.topo, cell) {
                let size = layout.cell_size(&self.topo, cell);
                let w = (size * 0.07).max(1.2);
                let (shape, class) = match kind {
                    Markup::Circle => (Shape::Circle { c: at, r: size * 0.42 }, "mark circle"),
                    Markup::Cross => {
                        let k = size * 0.3;
                        let cmds = vec![
                            PathCmd::Move(at.offset(-k, -k)),
                            PathCmd::Line(at.offset(k, k)),
                            PathCmd::Move(at.offset(-k, k)),
                            PathCmd::Line(at.offset(k, -k)),
                        ];
                        (Shape::Path(cmds), "mark cross")
                    }
                };
                l.top.push(
                    Element::new(shape, Paint::stroke(colour, w).rounded(), class).with("cell", self.topo.name(cell)),
                );
            }
        }
    }
}
