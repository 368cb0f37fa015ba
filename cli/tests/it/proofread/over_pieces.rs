//! Nothing is printed over a piece, and a last move passes over no other piece.
//!
//! A plate that carries a letter (a pole's letter, a move glyph's badge, a promotion's label)
//! keeps off every piece's outline and off every ring (a capture ring, a circle of the overlay,
//! the checked king's ring): `12-small-start`'s N plate cut into the base of the king on the
//! live pole, `game-xiangqi-pole-general`'s S over the chariot and the green circle, the opera's
//! "!!" over the green circle. A glyph's badge stands on its own piece's corner, as lichess draws
//! it, and is not counted against that piece.
//!
//! The line of a knight's last move runs over no piece but its own (the opera replay drew the
//! leap Nb5–d6 as an L through the queen on b3, which read as the queen's move). The move figures
//! draw the same leap as a curve that keeps off the dots; a replay's leap keeps off the pieces.

use super::{Finding, Sheet, data, describe, essay_sheets, generated_sheets, half_stroke, has_class, line_points};
use super::{geom::to_line, proofread};
use dotchess::draw::scene::{PieceSet, Pt, Shape};

/// How far a plate may reach into a piece's outline or a ring's stroke before a reader sees it
/// printed over them (anti-aliasing, a hairline).
const GRAZE: f64 = 0.5;

/// A piece as the proofreader sees it: its cell, whether it is a knight, its centre and size,
/// and whether it is drawn as a disc.
struct Man<'a> {
    cell: Option<&'a str>,
    knight: bool,
    at: Pt,
    size: f64,
    disc: bool,
}

impl Man<'_> {
    /// How far a circle at `c` of radius `r` reaches into the piece (positive: overlaps). A
    /// diagram piece is two boxes, its base (the full width, the lowest tenth of its height)
    /// and its body above; the other sets are discs.
    fn reach(&self, c: Pt, r: f64) -> f64 {
        let s = self.size;
        if self.disc {
            return r + s * 0.47 - c.dist(self.at);
        }
        let boxed = |hw: f64, top: f64, bottom: f64| {
            let dx = ((c.x - self.at.x).abs() - hw).max(0.0);
            let (t, b) = (self.at.y + top * s, self.at.y + bottom * s);
            let dy = (t - c.y).max(c.y - b).max(0.0);
            r - (dx * dx + dy * dy).sqrt()
        };
        boxed(0.34 * s, 0.375, 0.49).max(boxed(0.24 * s, -0.45, 0.375))
    }
}

fn men(s: &Sheet) -> Vec<Man<'_>> {
    s.find("piece")
        .filter(|e| data(e, "legend").is_none())
        .filter_map(|e| match e.shape {
            Shape::Piece { piece, at, size, set } => Some(Man {
                cell: data(e, "cell"),
                knight: piece.letter().eq_ignore_ascii_case(&'n'),
                at,
                size,
                disc: set != PieceSet::Diagram,
            }),
            _ => None,
        })
        .collect()
}

/// The rings a plate keeps off: centre, radius and half the stroke's width.
fn rings(s: &Sheet) -> Vec<(&dotchess::draw::scene::Element, Pt, f64, f64)> {
    let ring = |e: &&dotchess::draw::scene::Element| {
        has_class(e, "dot capture") || has_class(e, "mark circle") || has_class(e, "check")
    };
    s.elements
        .iter()
        .filter(ring)
        .filter(|e| data(e, "far").is_none() && data(e, "legend").is_none())
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((e, c, r, half_stroke(e))),
            _ => None,
        })
        .collect()
}

fn plates_check(s: &Sheet) -> Option<Vec<Finding>> {
    let plates: Vec<(&dotchess::draw::scene::Element, Pt, f64)> = s
        .elements
        .iter()
        .filter(|e| has_class(e, "pole-label-plate") || has_class(e, "glyph") || has_class(e, "promotion-backing"))
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((e, c, r)),
            Shape::Rect { at, w, h } => Some((e, at.offset(w / 2.0, h / 2.0), w.min(h) / 2.0)),
            _ => None,
        })
        .collect();
    if plates.is_empty() {
        return None;
    }
    let (men, rings) = (men(s), rings(s));
    let mut out = Vec::new();
    for &(plate, c, r) in &plates {
        let own = if has_class(plate, "glyph") { data(plate, "cell") } else { None };
        for m in men.iter().filter(|m| own.is_none() || m.cell != own) {
            let d = m.reach(c, r);
            if d > GRAZE {
                let cell = m.cell.unwrap_or("?");
                out.push(format!("{} over the piece on {cell} (by {d:.1} units)", describe(plate)));
            }
        }
        for &(ring, rc, rr, hw) in &rings {
            // Over the ring's stroke: the plate reaches across the circle the ring is drawn on.
            let d = r + hw - (c.dist(rc) - rr).abs();
            if d > GRAZE {
                out.push(format!("{} over the ring {} (by {d:.1} units)", describe(plate), describe(ring)));
            }
        }
    }
    Some(out)
}

fn lastmove_check(s: &Sheet) -> Option<Vec<Finding>> {
    let men = men(s);
    let mut out = Vec::new();
    let mut any = false;
    for e in s.find("lastmove").filter(|e| matches!(e.shape, Shape::Polyline(_) | Shape::Path(_))) {
        let (Some(from), Some(to)) = (data(e, "from"), data(e, "to")) else { continue };
        if !men.iter().any(|m| m.cell == Some(to) && m.knight) {
            continue;
        }
        any = true;
        let half = half_stroke(e);
        for line in line_points(e) {
            for m in men.iter().filter(|m| m.cell != Some(from) && m.cell != Some(to)) {
                // Within the piece's body, as far as a line reads as running through it.
                let d = to_line(m.at, &line);
                if d < m.size * 0.3 + half - GRAZE {
                    let cell = m.cell.unwrap_or("?");
                    out.push(format!("{} runs over the piece on {cell} ({d:.1} units from its middle)", describe(e)));
                }
            }
        }
    }
    any.then_some(out)
}

#[test]
fn essay_plates_keep_off_pieces_and_rings() {
    proofread("plates over pieces and rings", essay_sheets(), 100, plates_check);
}

#[test]
fn generated_plates_keep_off_pieces_and_rings() {
    proofread("plates over pieces and rings", generated_sheets(), 100, plates_check);
}

#[test]
fn essay_knight_last_moves_keep_off_other_pieces() {
    proofread("knight's last move over pieces", essay_sheets(), 5, lastmove_check);
}

#[test]
fn generated_knight_last_moves_keep_off_other_pieces() {
    proofread("knight's last move over pieces", generated_sheets(), 5, lastmove_check);
}
