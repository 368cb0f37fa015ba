//! An arrow ends where a reader can see why: in its own first or last cell, at its head, or at a
//! port where it leaves the side in sight (a globe's limb, a chart's window) — never in the open
//! (`game-dot-pole-mate` frame 4: the red arrow ran off the limb with neither port nor head; frame
//! 10: the green arrow came out of nowhere at the top).

use super::geom::{inside_rings, outline, to_boundary};
use super::{Finding, Sheet, data, describe, essay_sheets, generated_sheets, has_class, line_points, proofread};
use dotchess::draw::scene::{Pt, Shape};

/// How far from a port's centre, or outside its own cell, an arrow's end may stand.
const NEAR: f64 = 1.0;

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let arrows: Vec<_> = s.find("arrow").filter(|e| data(e, "far").is_none()).collect();
    if arrows.is_empty() {
        return None;
    }
    let ports: Vec<Pt> = s
        .find("port")
        .filter_map(|e| match e.shape {
            Shape::Circle { c, .. } => Some(c),
            _ => None,
        })
        .collect();
    let cell = |name: &str| -> Vec<Vec<Vec<Pt>>> {
        let of = |e: &&dotchess::draw::scene::Element| has_class(e, "cell") || has_class(e, "pole");
        s.elements.iter().filter(of).filter(|e| data(e, "cell") == Some(name)).map(outline).collect()
    };
    let mut out = Vec::new();
    for a in arrows {
        let (Some(from), Some(to)) = (data(a, "from"), data(a, "to")) else { continue };
        let (from_cells, to_cells) = (cell(from), cell(to));
        let heads: Vec<Vec<Pt>> = s
            .find("arrow-head")
            .filter(|h| data(h, "from") == Some(from) && data(h, "to") == Some(to))
            .flat_map(line_points)
            .collect();
        let in_cell = |p: Pt, cells: &[Vec<Vec<Pt>>]| {
            cells.iter().any(|rings| inside_rings(p, rings) || to_boundary(p, rings) < NEAR)
        };
        for line in line_points(a) {
            for (k, p) in [line.first(), line.last()].into_iter().flatten().enumerate() {
                let own = if k == 0 { &from_cells } else { &to_cells };
                let ported = ports.iter().any(|c| c.dist(*p) < NEAR);
                let headed = to_boundary(*p, &heads) < NEAR;
                if !(ported || headed || in_cell(*p, own)) {
                    let end = if k == 0 { "starts" } else { "ends" };
                    out.push(format!("{} {end} at ({:.0}, {:.0}) without a port", describe(a), p.x, p.y));
                }
            }
        }
    }
    Some(out)
}

#[test]
fn essay_arrows_end_in_their_cells_at_their_heads_or_at_ports() {
    proofread("arrows ending in the open", essay_sheets(), 5, check);
}

#[test]
fn generated_arrows_end_in_their_cells_at_their_heads_or_at_ports() {
    proofread("arrows ending in the open", generated_sheets(), 25, check);
}
