//! Every piece stands in its cell, and every cell name is written in its cell; on a ball (its
//! outline, the `limb`; the split ball's two halves, a `limb` each), both stay inside the
//! outline, a name's letters and all (`04-split`: names drawn outside the half-spheres' outline).

use super::geom::{inside_rings, outline, text_box, to_boundary};
use super::{Finding, Sheet, data, describe, essay_sheets, generated_sheets, has_class, proofread};
use dotchess::draw::scene::{Pt, Shape};

/// How far outside its cell a piece's centre or a name's point may be (the cell's grid line).
const SLACK: f64 = 1.0;

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let mut cells: std::collections::BTreeMap<&str, Vec<Vec<Vec<Pt>>>> = Default::default();
    for e in s.elements.iter().filter(|e| has_class(e, "cell") || has_class(e, "pole")) {
        let name = data(e, "cell").or(data(e, "pole"));
        if let Some(n) = name {
            cells.entry(n).or_default().push(outline(e));
        }
    }
    if cells.is_empty() {
        return None;
    }
    let limbs: Vec<Vec<Vec<Pt>>> = s.find("limb").map(outline).collect();
    let mut out = Vec::new();
    let within = |p: Pt, rings: &[Vec<Pt>]| inside_rings(p, rings) || to_boundary(p, rings) < SLACK;
    for e in &s.elements {
        let (at, cell, corners) = match &e.shape {
            Shape::Piece { at, size, .. } if has_class(e, "piece") && data(e, "legend").is_none() => {
                let h = size * 0.4;
                (*at, data(e, "cell"), vec![at.offset(-h, -h), at.offset(h, -h), at.offset(h, h), at.offset(-h, h)])
            }
            Shape::Text { at, .. } if has_class(e, "cell-name") => {
                let Some(b) = text_box(e) else { continue };
                (*at, data(e, "text"), vec![Pt::new(b.l, b.t), Pt::new(b.r, b.t), Pt::new(b.r, b.b), Pt::new(b.l, b.b)])
            }
            _ => continue,
        };
        let Some(cell) = cell else { continue };
        match cells.get(cell) {
            Some(outlines) if outlines.iter().any(|o| within(at, o)) => {}
            Some(_) => out.push(format!("{} stands outside its cell", describe(e))),
            None => out.push(format!("{} is drawn, its cell is not", describe(e))),
        }
        // The outline that holds the centre (the half it stands on), every corner inside it.
        let limb = limbs.iter().find(|l| inside_rings(at, l)).or(limbs.first());
        if let Some(limb) = limb
            && let Some(c) = corners.iter().find(|&&c| !within(c, limb))
        {
            out.push(format!("{} reaches outside the ball's outline at ({:.1}, {:.1})", describe(e), c.x, c.y));
        }
    }
    Some(out)
}

#[test]
fn essay_pieces_and_names_stand_in_their_cells() {
    proofread("pieces and names in their cells", essay_sheets(), 100, check);
}

#[test]
fn generated_pieces_and_names_stand_in_their_cells() {
    proofread("pieces and names in their cells", generated_sheets(), 100, check);
}
