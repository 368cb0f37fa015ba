//! Piece artwork: the outlines and paints a piece is drawn with in each piece set, the same
//! layers for the SVG writer and the painter.

use crate::draw::scene::{Anchor, FontWeight, Paint, PathCmd, PieceSet, Pt, Rgb};
use crate::draw::{font, staunton};

/// The layers of a piece, bottom first: outline and paint. The SVG writer and the painter draw
/// the same layers.
pub(crate) fn piece_layers(
    piece: crate::rules::piece::Piece,
    at: Pt,
    size: f64,
    set: PieceSet,
    paint: &Paint,
) -> Vec<(Vec<PathCmd>, Paint)> {
    let body = paint.fill.unwrap_or(Rgb::WHITE);
    let (ink, width) = paint.stroke.unwrap_or((Rgb::BLACK, 1.0));
    let letter = piece.role.letter().to_ascii_uppercase().to_string();
    let sign = |scale: f64| font::text_outline(&letter, at, size * scale, Anchor::Middle, FontWeight::Bold);
    match set {
        // Body disc ringed in ink, an inner ring, and the sign.
        PieceSet::Disc => vec![
            (circle(at, size * 0.47).to_vec(), Paint::fill(body).with_stroke(ink, width)),
            (circle(at, size * 0.38).to_vec(), Paint::stroke(ink, width * 0.6)),
            (sign(0.5), Paint::fill(ink)),
        ],
        // Parts in the body colour outlined (in black for a white piece, in its body colour for
        // a black one), then the details in the ink: black on a white piece, white on a black.
        PieceSet::Diagram => {
            let d = staunton::drawing(piece.role);
            let outline = match piece.color {
                crate::rules::piece::Color::White => ink,
                crate::rules::piece::Color::Black => body,
            };
            let part = Paint::fill(body).with_stroke(outline, width).rounded();
            let line = Paint::stroke(ink, width).rounded();
            let mut layers: Vec<_> = d.parts.iter().map(|c| (staunton::place(c, at, size), part.clone())).collect();
            layers.extend(d.lines.iter().map(|c| (staunton::place(c, at, size), line.clone())));
            layers.extend(d.spots.iter().map(|c| (staunton::place(c, at, size), Paint::fill(ink))));
            layers
        }
        PieceSet::Glyph => {
            let (under, over) = font::piece_outline(piece, at, size);
            vec![(under, Paint::fill(body)), (over, Paint::fill(ink))]
        }
        PieceSet::Letter => vec![
            (circle(at, size * 0.46).to_vec(), Paint::fill(body).with_stroke(Rgb::BLACK, width)),
            (sign(0.56), Paint::fill(ink)),
        ],
    }
}

/// A circle as path commands (two half arcs), as pieces draw their discs.
fn circle(at: Pt, r: f64) -> [PathCmd; 4] {
    [
        PathCmd::Move(at.offset(r, 0.0)),
        PathCmd::Arc { r, large: false, sweep: true, to: at.offset(-r, 0.0) },
        PathCmd::Arc { r, large: false, sweep: true, to: at.offset(r, 0.0) },
        PathCmd::Close,
    ]
}
