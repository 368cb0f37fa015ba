//! Markups, as LaTeX's `chessboard` package draws them: a circle round a cell and a cross over
//! it, each in a colour of its own. Like every mark they are drawn through the view's
//! [`Projection`], so they appear in every view (once per shown copy of the cell on a chart,
//! nowhere where a globe hides the cell).
//!
//! Markups are drawn over the pieces (they annotate a cell whatever stands on it, and a circle
//! round a piece or a cross through it is what readers of chess diagrams expect); they are thin
//! strokes, so the piece stays readable under them.

use super::{Layers, Painter, pieces::text};
use crate::draw::geometry::Projection;
use crate::draw::scene::{Anchor, Element, FontWeight, Paint, PathCmd, Pt, Rgb, Shape};

/// An overlay circle's radius, in its cell's size: what label avoidance keeps clear of it too
/// (`busy`).
pub(super) const CIRCLE: f64 = 0.42;

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
                    Markup::Circle => (Shape::Circle { c: at, r: size * CIRCLE }, "mark circle"),
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
        if let Some((cell, glyph)) = &self.overlay.glyph {
            self.glyph_badge(layout, *cell, glyph, l);
        }
    }

    /// A move glyph on a round badge at the upper right of its cell (`class="glyph"`,
    /// `data-cell`, `data-glyph`), in the colour lichess gives the judgement.
    fn glyph_badge(&self, layout: &dyn Projection, cell: crate::rules::topology::Cell, glyph: &str, l: &mut Layers) {
        let colour = glyph_colour(glyph);
        for at in layout.centres(&self.topo, cell) {
            let size = layout.cell_size(&self.topo, cell);
            let r = size * 0.22;
            // The upper right corner, or the first other corner clear of a pole's letter plate
            // (`game-xiangqi-pole-general`: the "!" on e1 half under the "S").
            let plates: Vec<(Pt, f64)> = l
                .top
                .iter()
                .filter(|e| e.class == "pole-label-plate")
                .filter_map(|e| match e.shape {
                    Shape::Circle { c, r } => Some((c, r)),
                    _ => None,
                })
                .collect();
            // On the corner, or, where the overlay circles the cell, out beyond the circle's
            // stroke on the diagonal (the opera's "!!" on b8 stood on the green circle).
            let circled = self.overlay.circles.iter().any(|&(c, _)| c == cell);
            let k = if circled {
                (size * (CIRCLE + 0.035) + r) * std::f64::consts::FRAC_1_SQRT_2 + 0.5
            } else {
                size * 0.36
            };
            let corners = [(k, -k), (-k, -k), (k, k), (-k, k)].map(|(dx, dy)| at.offset(dx, dy));
            // Off the other pieces too (`game-xiangqi-pole-general`: moved off the "S", the "!"
            // stood on the guard on f1).
            let others: Vec<(Pt, f64)> = (self.pos.pieces().map(|(c, _)| c))
                .filter(|&c| c != cell)
                .flat_map(|c| {
                    let pr = layout.cell_size(&self.topo, c) * 0.42;
                    layout.centres(&self.topo, c).into_iter().map(move |p| (p, pr))
                })
                .collect();
            let off_plates = |c: Pt| plates.iter().all(|&(p, pr)| p.dist(c) >= pr + r);
            let clear = |c: Pt| off_plates(c) && others.iter().all(|&(p, pr)| p.dist(c) >= pr + r);
            let first = corners.iter().copied().find(|&c| clear(c));
            let c = first.or_else(|| corners.iter().copied().find(|&c| off_plates(c))).unwrap_or(corners[0]);
            let ring = Paint::fill(colour).with_stroke(Rgb(0xff, 0xff, 0xff), (r * 0.12).max(0.6));
            l.top.push(
                Element::new(Shape::Circle { c, r }, ring, "glyph")
                    .with("cell", self.topo.name(cell))
                    .with("glyph", glyph.to_string()),
            );
            let size = r * if glyph.len() > 1 { 1.05 } else { 1.4 };
            l.top.push(
                text(glyph.to_string(), c, size, Anchor::Middle, FontWeight::Bold, Rgb(0xff, 0xff, 0xff), "glyph-text")
                    .with("cell", self.topo.name(cell)),
            );
        }
    }
}

/// The colour of a move glyph: lichess's (brilliant teal, good green, interesting pink, dubious
/// blue, mistake orange, blunder red); another text grey.
fn glyph_colour(glyph: &str) -> Rgb {
    match glyph {
        "!!" => Rgb(0x16, 0x8a, 0x8a),
        "!" => Rgb(0x22, 0xac, 0x38),
        "!?" => Rgb(0xea, 0x45, 0xd8),
        "?!" => Rgb(0x56, 0xb4, 0xe9),
        "?" => Rgb(0xe6, 0x9f, 0x00),
        "??" => Rgb(0xdf, 0x53, 0x53),
        _ => Rgb(0x66, 0x66, 0x66),
    }
}
