//! A route ends at its own dot: where a cell holds the dots of two pieces (set side by side), each
//! piece's route arrives at its own (`13-xiangqi-guard-elephant-horse-cannon-disc`: the elephant's
//! routes ended at the cannon's dot).

use super::{Finding, Sheet, data, describe, essay_sheets, generated_sheets, has_class, line_points, proofread};
use dotchess::draw::scene::{Pt, Shape};

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let dots: Vec<(&str, Option<&str>, Pt, f64)> = s
        .find("dot")
        .filter(|e| data(e, "legend").is_none() && data(e, "far").is_none())
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((data(e, "cell")?, data(e, "from"), c, r)),
            _ => None,
        })
        .collect();
    let mut shared = false;
    let mut out = Vec::new();
    for r in s.elements.iter().filter(|e| has_class(e, "route") && data(e, "far").is_none()) {
        let (Some(from), Some(to)) = (data(r, "from"), data(r, "to")) else { continue };
        if data(r, "part").is_some_and(|p| p.split_once('/').is_some_and(|(k, n)| k != n)) {
            continue;
        }
        let there: Vec<_> = dots.iter().filter(|d| d.0 == to).collect();
        if there.iter().filter(|d| d.1.is_some()).count() < 2 {
            continue;
        }
        shared = true;
        let Some(end) = line_points(r).last().and_then(|l| l.last().copied()) else { continue };
        // Its own dot is clearly the nearest: half a unit nearer than any other piece's.
        let own = there.iter().filter(|d| d.1 == Some(from)).map(|d| d.2.dist(end)).fold(f64::INFINITY, f64::min);
        if let Some(other) = there.iter().filter(|d| d.1.is_some_and(|f| f != from)).find(|d| d.2.dist(end) < own + 0.5)
        {
            out.push(format!(
                "{} ends at the dot of the piece on {} ({:.1} units from it, {:.1} from its own)",
                describe(r),
                other.1.unwrap_or("?"),
                other.2.dist(end),
                own
            ));
        }
    }
    shared.then_some(out)
}

#[test]
fn essay_routes_end_at_their_own_pieces_dot() {
    proofread("routes ending at another piece's dot", essay_sheets(), 1, check);
}

#[test]
fn generated_routes_end_at_their_own_pieces_dot() {
    proofread("routes ending at another piece's dot", generated_sheets(), 1, check);
}
