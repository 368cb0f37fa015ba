//! The chart shows the board as often as the board repeats: a flipped copy above and below only
//! where the board has poles to ride over, copies side by side only where its files wrap, and a
//! flat board once (`--view chart` of `cylinder` drew the sphere's flipped copies, 16 rows for 8
//! ranks).

use super::{Finding, Sheet, data, describe, essay_sheets, generated_sheets, has_class, proofread};
use dotchess::Poles;
use dotchess::draw::scene::Shape;

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let cells: Vec<_> = s.elements.iter().filter(|e| has_class(e, "cell") && data(e, "cell").is_some()).collect();
    if cells.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    if s.topo.poles() == Poles::Edge {
        let flipped: Vec<_> = s.elements.iter().filter(|e| data(e, "flipped") == Some("true")).collect();
        if let Some(e) = flipped.first() {
            out.push(format!(
                "{} and {} more: a flipped copy on a board without poles",
                describe(e),
                flipped.len() - 1
            ));
        }
    }
    // Each square drawn at most once per repetition the board has: once on a flat board, in one
    // row of copies on a cylinder.
    let mut seen: std::collections::BTreeMap<&str, Vec<(f64, f64)>> = Default::default();
    for e in &cells {
        let Shape::Rect { at, .. } = e.shape else { continue };
        seen.entry(data(e, "cell").unwrap_or("?")).or_default().push((at.x, at.y));
    }
    let (mut twice, mut rows) = (Vec::new(), Vec::new());
    for (cell, at) in &seen {
        let ys = at.iter().map(|p| (p.1 * 8.0).round() as i64).collect::<std::collections::BTreeSet<_>>();
        if !s.topo.wraps() && at.len() > 1 {
            twice.push(*cell);
        } else if s.topo.poles() == Poles::Edge && ys.len() > 1 {
            rows.push(*cell);
        }
    }
    if !twice.is_empty() {
        out.push(format!(
            "{} cells drawn more than once on a board that does not wrap (first {})",
            twice.len(),
            twice[0]
        ));
    }
    if !rows.is_empty() {
        out.push(format!(
            "{} cells drawn in more than one row on a board without poles (first {})",
            rows.len(),
            rows[0]
        ));
    }
    Some(out)
}

#[test]
fn essay_charts_repeat_the_board_as_it_repeats() {
    proofread("copies", essay_sheets(), 100, check);
}

#[test]
fn generated_charts_repeat_the_board_as_it_repeats() {
    proofread("copies", generated_sheets(), 100, check);
}
