//! While the chart is built (the essay's `chart` animations, essay §07), a copy of the board
//! that moves is never drawn over a copy that stays: a duplicate comes out from under its
//! original, it does not slide across it (`07-chart-steps` step 2: the duplicate slid down over
//! stream-alpha, its red border across it; step 6: the duplicate of stream-gamma rose over it,
//! which read as the view panning).
//!
//! A copy is its run of elements with one `data-copy` (its place on the chart, in squares); it
//! stays when the frame before had a copy at that place, and moves when it did not.

use super::{Finding, Sheet, data, essay_sheets, has_class, proofread};
use dotchess::draw::Kind;
use dotchess::draw::scene::Shape;
use std::collections::{BTreeSet, HashMap};

/// A cell square: left, top, right, bottom.
type Square = [f64; 4];

/// How far two squares may overlap (pixels, both ways) and still only touch.
const TOUCH: f64 = 0.5;

/// The copies of a frame in drawing order: each one's place and its cells' squares.
fn copies(s: &Sheet) -> Vec<(String, Vec<Square>)> {
    let mut out: Vec<(String, Vec<Square>)> = Vec::new();
    for e in &s.elements {
        let Some(place) = data(e, "copy") else { continue };
        if out.last().is_none_or(|(p, _)| p != place) {
            out.push((place.to_string(), Vec::new()));
        }
        if let (true, Shape::Rect { at, w, h }) = (has_class(e, "cell"), &e.shape) {
            out.last_mut().expect("pushed").1.push([at.x, at.y, at.x + w, at.y + h]);
        }
    }
    out
}

fn overlap(a: &Square, b: &Square) -> bool {
    a[2].min(b[2]) - a[0].max(b[0]) > TOUCH && a[3].min(b[3]) - a[1].max(b[1]) > TOUCH
}

#[test]
fn essay_chart_duplicates_never_cover_their_originals() {
    let sheets = essay_sheets();
    // Each chart frame's predecessor's places.
    let mut before: HashMap<*const Sheet, BTreeSet<String>> = HashMap::new();
    for w in sheets.windows(2) {
        if w[0].figure == w[1].figure && w[1].animation == Some(Kind::Chart) {
            before.insert(&w[1] as *const Sheet, copies(&w[0]).into_iter().map(|(p, _)| p).collect());
        }
    }
    let check = |s: &Sheet| -> Option<Vec<Finding>> {
        let was = before.get(&(s as *const Sheet))?;
        let now = copies(s);
        let mut out = Vec::new();
        for (i, (place, squares)) in now.iter().enumerate() {
            if was.contains(place) {
                continue;
            }
            // A moving copy: nothing it draws lies over a staying copy drawn before it.
            for (kept, under) in now[..i].iter().filter(|(p, _)| was.contains(p)) {
                if let Some(b) = under.iter().find(|b| squares.iter().any(|a| overlap(a, b))) {
                    out.push(format!(
                        "the copy moving to {place} is drawn over the copy staying at {kept} (its cell at ({:.0}, {:.0}))",
                        b[0], b[1]
                    ));
                    break;
                }
            }
        }
        Some(out)
    };
    proofread("duplicates under their originals", sheets, 200, check);
}
