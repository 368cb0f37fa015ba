//! Rides over a live pole on the single board, as a reader follows them (docs/rules.md §5.3,
//! item 3 of the print-grade pass: `12-small-bishop`'s Λ at every band point and its routes into N
//! that miss the rank-6 and rank-5 dots; `12-small8-examples`' Be7 reading as a V bouncing off the
//! band above c and g).
//!
//! - A ride's line that runs over a dot of its own goes through the dot's centre: a reader takes a
//!   line over a dot for the ride passing that cell, and one that grazes it, or passes its centre
//!   some units off, for a slip of the pen. (Leaps keep off other dots altogether: `leaps.rs`.)
//! - Inside a live pole's band a ride's line never turns back at a point: it does not rise and at
//!   once fall (a Λ: a ride bouncing off the band, where the rules have it pass the pole), nor
//!   turn by more than a right angle at one point (the V of a diagonal that hits the band and
//!   goes off the other way). A ride through the pole rises to the pole, runs along it and falls.

use super::{
    Finding, Sheet, data, describe, essay_sheets, generated_sheets, half_stroke, has_class, line_points, proofread,
};
use dotchess::Poles;
use dotchess::draw::ViewKind;
use dotchess::draw::scene::{Element, Pt, Shape};

/// How far off a dot's centre a line through it may pass (a rounding slip, not a miss).
const THROUGH: f64 = 1.0;

/// A dot: its cell, centre and radius.
type Dot<'a> = (&'a str, Pt, f64);

/// The rides drawn with their own dots: a piece's routes (its destinations' dots) and loops
/// (the dots along the loop), each with the dots that are its own and the cell it ends on.
fn rides(s: &Sheet) -> Vec<(&Element, Vec<Dot<'_>>, Option<&str>)> {
    let leapers: Vec<&str> = s
        .find("piece")
        .filter_map(|e| match e.shape {
            Shape::Piece { piece, .. } if piece.letter().eq_ignore_ascii_case(&'n') => data(e, "cell"),
            _ => None,
        })
        .collect();
    let dots: Vec<&Element> =
        s.find("dot").filter(|e| data(e, "legend").is_none() && data(e, "far").is_none()).collect();
    // A cell whose dots are set side by side (two pieces, or two loops, reach it) has none at its
    // centre: a ride passing it runs between them (where each ride ends is `route_ends.rs`).
    let shared = |cell: &str| dots.iter().filter(|d| data(d, "cell") == Some(cell)).count() > 1;
    let own = |key: &str, value: &str| -> Vec<Dot<'_>> {
        dots.iter()
            .filter(|d| data(d, key) == Some(value))
            .filter_map(|d| match d.shape {
                Shape::Circle { c, r } => Some((data(d, "cell")?, c, r)),
                _ => None,
            })
            .filter(|d| !shared(d.0))
            .collect()
    };
    s.elements
        .iter()
        .filter(|e| data(e, "far").is_none())
        .filter_map(|e| {
            if has_class(e, "route") {
                let from = data(e, "from")?;
                (!leapers.contains(&from)).then(|| (e, own("from", from), data(e, "to")))
            } else if has_class(e, "loop") {
                Some((e, own("loop", data(e, "index")?), data(e, "until")))
            } else {
                None
            }
        })
        .collect()
}

fn through_dots(s: &Sheet) -> Option<Vec<Finding>> {
    let rides = rides(s);
    if rides.iter().all(|r| r.1.is_empty()) {
        return None;
    }
    let mut out = Vec::new();
    for (e, dots, end) in rides {
        let half = half_stroke(e);
        for line in line_points(e) {
            for &(cell, c, r) in &dots {
                // The dot the ride ends on: an arrowhead may stop the line short of its centre.
                if Some(cell) == end {
                    continue;
                }
                let d = super::geom::to_line(c, &line);
                if d < r + half && d > THROUGH {
                    out.push(format!(
                        "{} runs over the dot on {cell} {d:.1} units off its centre (radius {r:.1})",
                        describe(e)
                    ));
                }
            }
        }
    }
    Some(out)
}

/// The live poles' bands of a single board: (top, bottom, left, right).
fn bands(s: &Sheet) -> Vec<(f64, f64, f64, f64)> {
    let board = s.view.is_some_and(|v| matches!(v.kind, ViewKind::Board { .. }));
    if !board || s.topo.poles() != Poles::Live {
        return Vec::new();
    }
    s.find("pole")
        .filter_map(|e| match e.shape {
            Shape::Rect { at, w, h } => Some((at.y, at.y + h, at.x, at.x + w)),
            _ => None,
        })
        .collect()
}

fn band_turns(s: &Sheet) -> Option<Vec<Finding>> {
    let bands = bands(s);
    if bands.is_empty() {
        return None;
    }
    let inside = |p: Pt| bands.iter().any(|&(t, b, l, r)| p.y > t + 0.5 && p.y < b - 0.5 && p.x > l && p.x < r);
    let rides = rides(s);
    // A route drawn on from where a shorter one ends (`data-continues`) turns at that joint too.
    // Several routes may end there (every ride into a pole ends at its centre): the reader
    // follows the one that leads on most nearly straight, so its last point but one leads in.
    let lead = |e: &Element, first: Pt, second: Pt| -> Option<Pt> {
        let (from, to) = (data(e, "from")?, data(e, "continues")?);
        let out = ((second.x - first.x), (second.y - first.y));
        rides
            .iter()
            .filter(|r| data(r.0, "from") == Some(from) && data(r.0, "to") == Some(to))
            .filter_map(|r| {
                let mut last = line_points(r.0).pop()?;
                last.dedup_by(|a, b| a.dist(*b) < 0.5);
                let n = last.len();
                (n >= 2 && last[n - 1].dist(first) < 0.01).then(|| last[n - 2])
            })
            .max_by(|a, b| {
                let along = |p: &Pt| {
                    let inn = (first.x - p.x, first.y - p.y);
                    (inn.0 * out.0 + inn.1 * out.1) / (inn.0.hypot(inn.1) * out.0.hypot(out.1)).max(1e-9)
                };
                along(a).total_cmp(&along(b))
            })
    };
    let mut out = Vec::new();
    let mut any = false;
    for &(e, _, _) in &rides {
        for (k, line) in line_points(e).into_iter().enumerate() {
            let mut line = line.clone();
            line.dedup_by(|a, b| a.dist(*b) < 0.5);
            if k == 0
                && line.len() >= 2
                && let Some(p) = lead(e, line[0], line[1])
            {
                line.insert(0, p);
            }
            for w in line.windows(3) {
                let (a, p, b) = (w[0], w[1], w[2]);
                if !inside(p) {
                    continue;
                }
                any = true;
                let (li, lo) = (a.dist(p), p.dist(b));
                let (ui, uo) = (((p.x - a.x) / li, (p.y - a.y) / li), ((b.x - p.x) / lo, (b.y - p.y) / lo));
                let turn = (ui.0 * uo.1 - ui.1 * uo.0).atan2(ui.0 * uo.0 + ui.1 * uo.1).abs().to_degrees();
                if ui.1.abs() > 0.02 && uo.1.abs() > 0.02 && ui.1.signum() != uo.1.signum() {
                    let shape = if ui.1 < 0.0 { "Λ" } else { "V" };
                    out.push(format!(
                        "{} rises and falls at a point in the pole's band, a {shape} at ({:.0}, {:.0})",
                        describe(e),
                        p.x,
                        p.y
                    ));
                } else if turn > 90.0 {
                    out.push(format!(
                        "{} turns back by {turn:.0}° at a point in the pole's band, at ({:.0}, {:.0})",
                        describe(e),
                        p.x,
                        p.y
                    ));
                }
            }
        }
    }
    any.then_some(out)
}

#[test]
fn essay_rides_go_through_the_dots_they_run_over() {
    proofread("rides beside dots", essay_sheets(), 40, through_dots);
}

#[test]
fn generated_rides_go_through_the_dots_they_run_over() {
    proofread("rides beside dots", generated_sheets(), 40, through_dots);
}

#[test]
fn essay_rides_do_not_turn_back_at_a_point_in_a_pole_band() {
    proofread("rides turning back in a pole band", essay_sheets(), 3, band_turns);
}

#[test]
fn generated_rides_do_not_turn_back_at_a_point_in_a_pole_band() {
    proofread("rides turning back in a pole band", generated_sheets(), 3, band_turns);
}
