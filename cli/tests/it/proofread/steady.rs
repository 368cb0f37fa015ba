//! A game replayed keeps its rank numbers still: a number moves from one frame to the next only
//! where something now stands at its place (a piece, or a dot), or back to the place it holds in
//! most frames. A number that follows the last move round the board jumps every frame
//! (`game-small8-pole-mate`: on the top ruler in frame 1, on the g|h diagonal in frame 3).

use super::geom::{inside_rings, outline, to_boundary};
use super::{Finding, Sheet, data, essay_sheets, has_class};
use dotchess::draw::Kind;
use dotchess::draw::scene::{Pt, Shape};
use std::collections::BTreeMap;

/// Positions closer than this are the same place (figure units).
const SAME: f64 = 0.5;

/// Each rank number of a frame, by its text and its occurrence (two discs may repeat none, but a
/// figure of panels may): where it stands and its font size.
fn numbers(s: &Sheet) -> BTreeMap<(String, usize), (Pt, f64)> {
    let mut out = BTreeMap::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for e in s.find("coordinate rank") {
        if let Shape::Text { text, at, size, .. } = &e.shape {
            let n = seen.entry(text.clone()).or_default();
            out.insert((text.clone(), *n), (*at, *size));
            *n += 1;
        }
    }
    out
}

/// Whether a piece or a dot of the frame stands at a number's place `at` (font size `size`): in a
/// cell beside it (one whose outline comes within the number's size of it), or within its reach.
fn taken(s: &Sheet, at: Pt, size: f64) -> bool {
    let beside: Vec<&str> = s
        .find("cell")
        .filter(|e| {
            let o = outline(e);
            inside_rings(at, &o) || to_boundary(at, &o) < size
        })
        .filter_map(|e| data(e, "cell"))
        .collect();
    s.elements.iter().any(|e| {
        let in_beside = data(e, "cell").is_some_and(|c| beside.contains(&c));
        match &e.shape {
            Shape::Piece { at: p, size: ps, .. } if has_class(e, "piece") => in_beside || p.dist(at) < size + ps / 2.0,
            Shape::Circle { c, r } if has_class(e, "dot") => in_beside || c.dist(at) < size + r,
            _ => false,
        }
    })
}

fn check(frames: &[&Sheet]) -> Vec<Finding> {
    let all: Vec<_> = frames.iter().map(|s| numbers(s)).collect();
    // The place each number holds in most frames.
    let mut home: BTreeMap<&(String, usize), Vec<Pt>> = BTreeMap::new();
    for f in &all {
        for (k, (at, _)) in f {
            home.entry(k).or_default().push(*at);
        }
    }
    let home: BTreeMap<_, Pt> = home
        .into_iter()
        .filter_map(|(k, pts)| {
            let count = |p: &Pt| pts.iter().filter(|q| q.dist(*p) < SAME).count();
            pts.iter().copied().max_by_key(count).map(|p| (k, p))
        })
        .collect();
    let mut out = Vec::new();
    for (i, pair) in all.windows(2).enumerate() {
        let (before, after) = (&pair[0], &pair[1]);
        for (k, &(at, size)) in after {
            let Some(&(was, _)) = before.get(k) else { continue };
            let moved = was.dist(at) >= SAME;
            let back_home = home.get(k).is_some_and(|h| h.dist(at) < SAME);
            if moved && !back_home && !taken(frames[i + 1], was, size) {
                out.push(format!(
                    "{}, frame {}: rank number {} moves from ({:.1}, {:.1}) to ({:.1}, {:.1}) with nothing at its place",
                    frames[i + 1].figure,
                    i + 2,
                    k.0,
                    was.x,
                    was.y,
                    at.x,
                    at.y
                ));
            }
        }
    }
    out
}

#[test]
fn replays_keep_their_rank_numbers_still() {
    let mut games: BTreeMap<&str, Vec<&Sheet>> = BTreeMap::new();
    for s in essay_sheets().iter().filter(|s| s.animation == Some(Kind::Game)) {
        games.entry(&s.figure).or_default().push(s);
    }
    let with_numbers = games.values().filter(|f| f.iter().any(|s| s.find("coordinate rank").next().is_some())).count();
    let found: Vec<Finding> = games.values().flat_map(|f| check(f)).collect();
    let shown: Vec<&str> = found.iter().take(25).map(String::as_str).collect();
    assert!(found.is_empty(), "{} rank number(s) move without cause:\n{}", found.len(), shown.join("\n"));
    assert!(with_numbers >= 5, "only {with_numbers} replays with rank numbers to check");
}
