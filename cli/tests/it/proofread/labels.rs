//! No two labels overlap: rank numbers, file letters, pole letters, cell names, promotion labels,
//! captions and titles each keep their own room (`game-xiangqi-pole-general`: the "!" badge half
//! under the "S" plate).

use super::geom::{Box2, text_box};
use super::{Finding, Sheet, describe, essay_sheets, generated_sheets, has_class, proofread};
use dotchess::draw::scene::{Element, Shape};

/// How much two labels may share (a fraction of the smaller one's height): letters' boxes are
/// estimated, and a halo's rim may touch another's.
const SHARE: f64 = 0.2;

fn room(s: &Sheet, e: &Element) -> Option<Box2> {
    let Shape::Text { at, size, .. } = e.shape else { return None };
    // A label on a halo or a plate takes the halo's or plate's room.
    let backing = s.elements.iter().find_map(|b| {
        let plate = ["coordinate-halo", "pole-label-plate", "glyph"].iter().any(|c| has_class(b, c));
        match b.shape {
            Shape::Circle { c, r } if plate && c.dist(at) < size * 0.3 => {
                Some(Box2 { l: c.x - r, t: c.y - r, r: c.x + r, b: c.y + r })
            }
            _ => None,
        }
    });
    backing.or_else(|| text_box(e))
}

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    const LABELS: [&str; 6] = ["coordinate", "pole-label", "promotion", "caption", "title", "glyph-text"];
    let labels: Vec<(&Element, Box2)> = s
        .elements
        .iter()
        .filter(|e| LABELS.iter().any(|c| has_class(e, c)) && matches!(e.shape, Shape::Text { .. }))
        .filter_map(|e| Some((e, room(s, e)?)))
        .collect();
    if labels.len() < 2 {
        return None;
    }
    let mut out = Vec::new();
    for (i, (a, ba)) in labels.iter().enumerate() {
        for (b, bb) in &labels[i + 1..] {
            let smaller = (ba.b - ba.t).min(bb.b - bb.t);
            let o = ba.overlap(*bb);
            if o > SHARE * smaller {
                out.push(format!("{} overlaps {} by {o:.1} units", describe(a), describe(b)));
            }
        }
    }
    Some(out)
}

#[test]
fn essay_labels_keep_apart() {
    proofread("overlapping labels", essay_sheets(), 100, check);
}

#[test]
fn generated_labels_keep_apart() {
    proofread("overlapping labels", generated_sheets(), 100, check);
}
