//! Pieces, cell labels and the title: set upright at each shown centre of their cell, through
//! the view's [`Projection`].

use super::Painter;
use crate::draw::geometry::{Projection, fit_inside, outline_at};
use crate::draw::scene::{Anchor, Element, FontWeight, Paint, PathCmd, PieceSet, Pt, Rgb, Shape};

/// A piece's size: this part of its cell's.
const PIECE_SIZE: f64 = 0.84;
use crate::draw::theme::Theme;
use crate::rules::piece::{Color, Piece};

impl Painter<'_> {
    /// Every piece of the position, at each place its cell is shown.
    pub(super) fn pieces(&self, layout: &dyn Projection) -> Vec<Element> {
        let (topo, theme) = (&self.topo, self.theme);
        let mut pieces: Vec<Element> = Vec::new();
        let set = self.piece_set();
        // On a solid seen from outside a piece by the outline is made smaller until it stands
        // inside it (foreshortened with its cell), or left out when it would be a speck.
        let outlines = layout.silhouettes(topo);
        for (cell, piece) in self.pos.pieces() {
            let size = layout.cell_size(topo, cell) * PIECE_SIZE;
            // An interactive figure: the piece is a control, named with its number of moves; a
            // chart's further copies of it are marked, so that only one is a stop of the Tab key.
            let label = self.touch.map(|board| (board.to_string(), self.piece_label(cell)));
            for (k, at) in layout.centres(topo, cell).into_iter().enumerate() {
                let Some(size) = outline_at(&outlines, at).map_or(Some(size), |o| fit_inside(o, at, size)) else {
                    continue;
                };
                let mut e = piece_element(theme, set, piece, at, size).with("cell", topo.name(cell));
                if let Some((board, label)) = &label {
                    e = e.with("board", board.clone()).with("label", label.clone());
                    if k > 0 {
                        e = e.with("copy", k.to_string());
                    }
                }
                pieces.push(e);
            }
        }
        pieces
    }

    /// The piece set the figure draws with: xiangqi pieces are discs with their sign, as in
    /// printed xiangqi diagrams; others are the theme's.
    fn piece_set(&self) -> PieceSet {
        if self.pos.variant().is_xiangqi() { PieceSet::Disc } else { self.theme.piece_set }
    }

    /// The box (top left, bottom right) of the piece drawn on `cell` at its centre `at`, as
    /// [`Painter::pieces`] draws it: what an arrow ending there stops at. `None` when no piece is
    /// drawn there.
    pub(super) fn piece_box(
        &self,
        layout: &dyn Projection,
        cell: crate::rules::topology::Cell,
        at: Pt,
    ) -> Option<(Pt, Pt)> {
        let piece = self.pos.piece_at(cell)?;
        let size = layout.cell_size(&self.topo, cell) * PIECE_SIZE;
        let outlines = layout.silhouettes(&self.topo);
        let size = match outline_at(&outlines, at) {
            Some(o) => fit_inside(o, at, size)?,
            None => size,
        };
        let e = piece_element(self.theme, self.piece_set(), piece, at, size);
        let layers = crate::draw::artwork::piece_layers(piece, at, size, self.piece_set(), &e.paint);
        let mut b: Option<(Pt, Pt)> = None;
        let mut add = |p: Pt, r: f64| {
            let (lo, hi) = b.get_or_insert((p, p));
            *lo = Pt::new(lo.x.min(p.x - r), lo.y.min(p.y - r));
            *hi = Pt::new(hi.x.max(p.x + r), hi.y.max(p.y + r));
        };
        for (cmds, paint) in &layers {
            // A stroke reaches half its width beyond the outline; an arc as far as its radius.
            let w = paint.stroke.map_or(0.0, |s| s.1 / 2.0);
            for c in cmds {
                match *c {
                    PathCmd::Move(p) | PathCmd::Line(p) => add(p, w),
                    PathCmd::Arc { r, to, .. } => add(to, r + w),
                    PathCmd::Quad(a, p) => [a, p].into_iter().for_each(|p| add(p, w)),
                    PathCmd::Cubic(a, b, p) => [a, b, p].into_iter().for_each(|p| add(p, w)),
                    PathCmd::Close => {}
                }
            }
        }
        b
    }

    /// The overlay's texts written in cells, in the text face the coordinates use (in the
    /// title's bold, `12-castling`'s file letters on the globe stood out from every other
    /// globe's).
    pub(super) fn labels(&self, layout: &dyn Projection) -> Vec<Element> {
        let (topo, theme) = (&self.topo, self.theme);
        let mut labels: Vec<Element> = Vec::new();
        for (cell, label) in &self.overlay.labels {
            let cell_size = layout.cell_size(topo, *cell);
            let size = cell_size * 0.34;
            let lines = label_lines(label, size, theme.font, cell_size * LABEL_CELLS);
            for at in layout.centres(topo, *cell) {
                for (k, line) in lines.iter().enumerate() {
                    // The lines centred together on the cell's centre.
                    let dy = (k as f64 - (lines.len() - 1) as f64 / 2.0) * size * LABEL_LEADING;
                    let at = if lines.len() == 1 { at } else { Pt { x: at.x, y: at.y + dy } };
                    labels.push(
                        text(line.clone(), at, size, Anchor::Middle, theme.font, theme.text, "label")
                            .with("cell", topo.name(*cell)),
                    );
                }
            }
        }
        labels
    }
}

/// The widest a label's line may be, in its cell's widths; a longer label (one may have 200
/// characters, docs/inputs.md) is set in lines, centred on the cell.
const LABEL_CELLS: f64 = 4.0;
/// From one line of a label to the next, in its size.
const LABEL_LEADING: f64 = 1.25;

/// A label broken into lines at most `width` wide: between words, and inside a word wider than
/// that; one line when it fits.
fn label_lines(label: &str, size: f64, weight: FontWeight, width: f64) -> Vec<String> {
    let wide = |t: &str| crate::draw::font::text_width(t, size, weight) > width;
    if !wide(label) {
        return vec![label.to_string()];
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in label.split(' ') {
        let joined = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !wide(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            line.push(c);
            if wide(&line) && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::replace(&mut line, c.to_string()));
            }
        }
    }
    lines.push(line);
    lines
}

/// The figure's title, centred in the band `height` tall above it.
pub(super) fn title(theme: &Theme, t: &str, width: f64, height: f64) -> Element {
    text(
        t.to_string(),
        Pt::new(width / 2.0, height * 0.55),
        height * 0.55,
        Anchor::Middle,
        theme.title_font,
        theme.text,
        "title",
    )
}

/// Text as a scene element.
pub fn text(s: String, at: Pt, size: f64, anchor: Anchor, weight: FontWeight, col: Rgb, class: &str) -> Element {
    Element::new(Shape::Text { text: s.clone(), at, size, anchor, weight }, Paint::fill(col), class).with("text", s)
}

fn piece_element(theme: &Theme, set: PieceSet, piece: Piece, at: Pt, size: f64) -> Element {
    let (body, ink) = match (set, piece.color) {
        (PieceSet::Disc, Color::White) => (theme.disc, theme.gold_ink),
        (PieceSet::Disc, Color::Black) => (theme.disc, theme.red_ink),
        (PieceSet::Letter | PieceSet::Diagram, Color::Black) => (theme.piece_body(piece.color), theme.white_piece),
        _ => (theme.piece_body(piece.color), Rgb::BLACK),
    };
    Element::new(
        Shape::Piece { piece, at, size, set },
        Paint { fill: Some(body), stroke: Some((ink, (size * 0.045).max(0.8))), ..Paint::default() },
        "piece",
    )
    .with("piece", piece.letter().to_string())
}

/// One piece alone, drawn as the figures draw it (the theme's set; xiangqi's discs), centred in a
/// square scene `size` units wide with no background: a picture for a button (the workbench's
/// promotion choices and piece palette).
pub fn piece_picture(theme: &Theme, xiangqi: bool, piece: Piece, size: f64) -> crate::draw::scene::Scene {
    let set = if xiangqi { PieceSet::Disc } else { theme.piece_set };
    let mut scene = crate::draw::scene::Scene::new(size, size, theme.background);
    scene.transparent = true;
    scene.title = piece.letter().to_string();
    let e = piece_element(theme, set, piece, Pt::new(size / 2.0, size / 2.0), size * 0.9);
    scene.nodes.push(crate::draw::scene::Node::Element(e));
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_label_is_set_in_lines_that_fit_and_keep_its_words() {
        let label = "A long label of two hundred characters, and a word over the width: ".to_string() + &"x".repeat(60);
        let (size, width) = (10.0, 150.0);
        let lines = label_lines(&label, size, FontWeight::Bold, width);
        assert!(lines.len() > 2, "{lines:?}");
        for l in &lines {
            assert!(crate::draw::font::text_width(l, size, FontWeight::Bold) <= width, "{l}");
        }
        assert_eq!(lines.concat().replace(' ', ""), label.replace(' ', ""), "nothing lost");
        assert_eq!(label_lines("e4", size, FontWeight::Bold, width), vec!["e4"], "a short label is one line");
    }
}
