//! No route or mark crosses a label: a rank number's or file letter's halo, a cell name's plate, a
//! promotion's plate, or the letters themselves where they have no halo (`12-promotion`'s "QRBN"
//! over the b7→c8 capture route, the xiangqi horse's route over rank label "1"). Pole letters are
//! drawn over what passes the pole on purpose (docs/rules.md §5.8) and are not counted.

use super::geom::{Box2, text_box, to_line};
use super::{
    Finding, Sheet, data, describe, essay_sheets, generated_sheets, half_stroke, has_class, line_points, proofread,
};
use dotchess::draw::scene::{Element, Pt, Shape};

/// How far a line or mark may reach into a label's room before a reader sees it there: the rim
/// of a halo, under a unit, reads as touching, not crossing.
const GRAZE: f64 = 1.0;

/// A label's room: a halo (circle) or a box.
pub enum Room {
    Halo(Pt, f64),
    Plate(Box2),
}

impl Room {
    /// How far a line of points, `half` wide either side, reaches into the room (negative: apart).
    fn reach(&self, line: &[Pt], half: f64) -> f64 {
        match *self {
            Room::Halo(c, r) => r + half - to_line(c, line),
            Room::Plate(b) => {
                let mut best = f64::NEG_INFINITY;
                for w in line.windows(2) {
                    let n = (w[0].dist(w[1]) / 0.5).ceil().max(1.0) as usize;
                    for i in 0..=n {
                        let p = w[0].lerp(w[1], i as f64 / n as f64);
                        let dx = (b.l - p.x).max(p.x - b.r).max(0.0);
                        let dy = (b.t - p.y).max(p.y - b.b).max(0.0);
                        let inside = (p.x - b.l).min(b.r - p.x).min(p.y - b.t).min(b.b - p.y);
                        let d = if dx == 0.0 && dy == 0.0 { -inside } else { dx.hypot(dy) };
                        best = best.max(half - d);
                    }
                }
                best
            }
        }
    }
}

/// The labels of a sheet, each with its room: coordinate letters and numbers (their halo where
/// they stand on one), cell names (their plate), promotion labels (their backing).
pub fn labels(s: &Sheet) -> Vec<(&Element, Room)> {
    let halos: Vec<(Pt, f64)> = s
        .find("coordinate-halo")
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((c, r)),
            _ => None,
        })
        .collect();
    let plates: Vec<Box2> = s
        .elements
        .iter()
        .filter(|e| has_class(e, "cell-name-plate") || has_class(e, "promotion-backing"))
        .filter_map(|e| match e.shape {
            Shape::Rect { at, w, h } => Some(Box2 { l: at.x, t: at.y, r: at.x + w, b: at.y + h }),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for e in s.elements.iter().filter(|e| has_class(e, "coordinate") || has_class(e, "promotion")) {
        let Shape::Text { at, .. } = e.shape else { continue };
        if let Some(&(c, r)) = halos.iter().find(|h| h.0.dist(at) < 1e-6) {
            out.push((e, Room::Halo(c, r)));
        } else if let Some(&b) = plates.iter().find(|b| at.x > b.l && at.x < b.r && at.y > b.t && at.y < b.b) {
            out.push((e, Room::Plate(b)));
        } else if let Some(b) = text_box(e) {
            out.push((e, Room::Plate(b)));
        }
    }
    out
}

/// The lines a reader follows: routes, loops, arrows, the last move, castling rooks' jumps, and
/// the xiangqi board's river and palaces.
const LINES: [&str; 7] = ["route", "loop", "arrow", "lastmove", "castling-rook", "river", "palace"];
/// The marks on cells: dots, ports, the overlay's circles and crosses.
const MARKS: [&str; 3] = ["dot", "port", "mark"];

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let labels = labels(s);
    if labels.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for e in &s.elements {
        let line = LINES.iter().any(|c| has_class(e, c));
        let mark = MARKS.iter().any(|c| has_class(e, c)) && data(e, "legend").is_none();
        // A cell tinted for the last move is ground, not a line.
        let ground = has_class(e, "cell") || has_class(e, "pole");
        if !(line || mark) || ground || data(e, "far").is_some() {
            continue;
        }
        let (lines, half): (Vec<Vec<Pt>>, f64) = match e.shape {
            Shape::Circle { c, r } => (vec![vec![c]], r + half_stroke(e)),
            _ => (line_points(e), half_stroke(e)),
        };
        for (label, room) in &labels {
            let reach = lines.iter().map(|l| room.reach(l, half)).fold(f64::NEG_INFINITY, f64::max);
            if reach > GRAZE {
                out.push(format!(
                    "{} crosses the label {:?} ({}) by {reach:.1} units",
                    describe(e),
                    data(label, "text").unwrap_or("?"),
                    label.class
                ));
            }
        }
    }
    Some(out)
}

#[test]
#[ignore = "open: routes under rank numbers in 6 essay figures (rings every spot of which a route crosses: 12-small-bishop hemispheres, xiangqi rings a chariot or cannon rides round)"]
fn essay_routes_and_marks_keep_off_labels() {
    proofread("routes and marks over labels", essay_sheets(), 100, check);
}

#[test]
#[ignore = "open: routes under rank numbers and cell names in generated figures"]
fn generated_routes_and_marks_keep_off_labels() {
    proofread("routes and marks over labels", generated_sheets(), 100, check);
}
