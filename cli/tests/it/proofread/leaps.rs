//! A leap passes over no cell: no line of a knight's route runs over the dot of another
//! destination, where it would read as a slide through that cell (`12-small-knight-pole`'s N→c5
//! through c6's dot). The xiangqi horse and elephant are not counted: their moves can be blocked
//! on the way (the horse's leg, the elephant's eye), and their routes run over that point on
//! purpose.

use super::geom::{to_line, to_segment};
use super::{
    Finding, Sheet, data, describe, essay_sheets, generated_sheets, half_stroke, has_class, line_points, proofread,
};
use dotchess::draw::scene::{Pt, Shape};

/// How far a line may reach into a dot before a reader sees it run over it.
const GRAZE: f64 = 0.5;

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let leapers: Vec<(&str, Pt, f64)> = s
        .find("piece")
        .filter_map(|e| {
            let Shape::Piece { piece, at, size, .. } = e.shape else { return None };
            let leaper = piece.letter().eq_ignore_ascii_case(&'n');
            leaper.then_some((data(e, "cell")?, at, size))
        })
        .collect();
    let dots: Vec<(&str, Pt, f64)> = s
        .find("dot")
        .filter(|e| data(e, "legend").is_none() && data(e, "far").is_none())
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((data(e, "cell")?, c, r)),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    let mut any = false;
    for r in s.elements.iter().filter(|e| has_class(e, "route") && data(e, "far").is_none()) {
        let (Some(from), Some(to)) = (data(r, "from"), data(r, "to")) else { continue };
        let Some(&(_, centre, size)) = leapers.iter().find(|l| l.0 == from) else { continue };
        any = true;
        let half = half_stroke(r);
        for line in line_points(r) {
            // The line outside its piece (where it starts, under the piece).
            let outside: Vec<Pt> = line.iter().copied().filter(|p| p.dist(centre) > size * 0.45).collect();
            for &(cell, c, rad) in dots.iter().filter(|d| d.0 != to && d.0 != from) {
                if c.dist(centre) < size * 0.45 {
                    continue;
                }
                let d =
                    if outside.len() == line.len() { to_line(c, &line) } else { near_outside(c, &line, centre, size) };
                if d < rad + half - GRAZE {
                    out.push(format!(
                        "{} runs over the dot on {cell} ({:.1} units from its centre, radius {rad:.1})",
                        describe(r),
                        d
                    ));
                }
            }
        }
    }
    any.then_some(out)
}

/// The distance from `c` to the parts of `line` outside the piece's disc at `centre`.
fn near_outside(c: Pt, line: &[Pt], centre: Pt, size: f64) -> f64 {
    line.windows(2)
        .filter(|w| w[0].dist(centre) > size * 0.45 || w[1].dist(centre) > size * 0.45)
        .map(|w| to_segment(c, w[0], w[1]))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn essay_leaps_keep_off_other_destinations_dots() {
    proofread("leaps over dots", essay_sheets(), 10, check);
}

#[test]
fn generated_leaps_keep_off_other_destinations_dots() {
    proofread("leaps over dots", generated_sheets(), 25, check);
}
