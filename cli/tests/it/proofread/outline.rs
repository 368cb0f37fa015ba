//! A solid's outline as a reader sees it while the board wraps into the ball and the ball splits
//! into the hemispheres (every frame of the essay's `wrap` and `split` animations): the outline
//! (`limb`) is a smooth curve, no corner on it but the body's own (a half of the split ball has
//! two, where its cut rim meets its dome), and the surface fills it, no gap or step between the
//! cells and the outline (`03-wrap` frames 72–82: a polygon with corners at the rank boundaries;
//! `04-split`: steps along the half-spheres' edge).

use super::geom::{inside_rings, outline};
use super::{Finding, Sheet, data, describe, essay_sheets, has_class, proofread};
use dotchess::draw::Kind;
use dotchess::draw::scene::{Element, Pt, Shape};

/// The most a smooth outline may turn at one of its points (degrees): a circle drawn as a
/// 180-gon turns 2°, as a 360-gon 1°.
const MAX_TURN: f64 = 8.0;
/// Points closer than this (pixels) are one point of the outline.
const SAME: f64 = 0.25;

/// Frames of the animations whose outline moves between views.
fn moving_solid(s: &Sheet) -> bool {
    matches!(s.animation, Some(Kind::Wrap | Kind::Split))
}

/// Corners closer than this (pixels) are one corner (a rim seen nearly edge on turns within a
/// pixel or two).
const ONE_CORNER: f64 = 4.0;

/// The corners of a closed outline: its points where it turns by more than [`MAX_TURN`], with
/// the angle, those within [`ONE_CORNER`] of each other counted once.
fn corners(ring: &[Pt]) -> Vec<(Pt, f64)> {
    let mut pts: Vec<Pt> = Vec::new();
    for &p in ring {
        if pts.last().is_none_or(|q: &Pt| q.dist(p) > SAME) {
            pts.push(p);
        }
    }
    while pts.len() > 1 && pts[0].dist(pts[pts.len() - 1]) <= SAME {
        pts.pop();
    }
    let n = pts.len();
    if n < 3 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for i in 0..n {
        let (a, b, c) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
        let (u, v) = ((b.x - a.x, b.y - a.y), (c.x - b.x, c.y - b.y));
        let turn = (u.0 * v.1 - u.1 * v.0).atan2(u.0 * v.0 + u.1 * v.1).to_degrees().abs();
        if turn > MAX_TURN && !out.iter().any(|&(p, _): &(Pt, f64)| p.dist(b) < ONE_CORNER) {
            out.push((b, turn));
        }
    }
    out
}

/// The outlines (`limb`) of a sheet of a moving solid, if it has any.
fn moving_limbs(s: &Sheet) -> Option<Vec<&Element>> {
    let limbs: Vec<_> = s.find("limb").collect();
    (moving_solid(s) && !limbs.is_empty()).then_some(limbs)
}

fn smooth(s: &Sheet) -> Option<Vec<Finding>> {
    let limbs = moving_limbs(s)?;
    let mut out = Vec::new();
    for e in limbs {
        // A half of the split ball: its rim meets its dome at two points.
        let allowed = if data(e, "half").is_some() { 2 } else { 0 };
        for ring in outline(e) {
            let c = corners(&ring);
            if c.len() > allowed {
                let (p, turn) = c[allowed.min(c.len() - 1)];
                out.push(format!(
                    "{}: {} corners (first at ({:.1}, {:.1}), turning {turn:.0}°), {allowed} allowed",
                    describe(e),
                    c.len(),
                    p.x,
                    p.y
                ));
            }
        }
    }
    Some(out)
}

/// How far inside the outline the surface must reach (pixels, beyond the outline's half stroke).
const FILL: f64 = 1.5;

fn filled(s: &Sheet) -> Option<Vec<Finding>> {
    let limbs = moving_limbs(s)?;
    // The surface's patches (not the grid lines drawn over them, nor what shows through an open
    // tube), each with its box.
    let patches: Vec<(Vec<Vec<Pt>>, [f64; 4])> = s
        .elements
        .iter()
        .filter(|e| (has_class(e, "cell") || has_class(e, "pole")) && !has_class(e, "edge") && !has_class(e, "inside"))
        .filter(|e| matches!(e.shape, Shape::Path(_)))
        .map(|e| {
            let rings = outline(e);
            let b = rings.iter().flatten().fold([f64::MAX, f64::MAX, f64::MIN, f64::MIN], |b, p| {
                [b[0].min(p.x), b[1].min(p.y), b[2].max(p.x), b[3].max(p.y)]
            });
            (rings, b)
        })
        .collect();
    let covered = |p: Pt| {
        patches
            .iter()
            .any(|(rings, b)| p.x >= b[0] && p.x <= b[2] && p.y >= b[1] && p.y <= b[3] && inside_rings(p, rings))
    };
    let mut out = Vec::new();
    for e in limbs {
        let inset = e.paint.stroke.map_or(0.0, |(_, w)| w / 2.0) + FILL;
        for ring in outline(e) {
            let n = ring.len() as f64;
            let mid = ring.iter().fold(Pt::default(), |m, p| Pt::new(m.x + p.x / n, m.y + p.y / n));
            let mut gaps = Vec::new();
            for (i, &a) in ring.iter().enumerate() {
                let b = ring[(i + 1) % ring.len()];
                let steps = (a.dist(b) / 3.0).ceil().max(1.0) as usize;
                for k in 0..steps {
                    let p = a.lerp(b, k as f64 / steps as f64);
                    let d = p.dist(mid);
                    if d <= inset * 2.0 {
                        continue;
                    }
                    // Toward the middle (every outline here is convex).
                    let q = p.lerp(mid, inset / d);
                    if !covered(q) {
                        gaps.push(q);
                    }
                }
            }
            if let Some(q) = gaps.first() {
                out.push(format!(
                    "{}: {} points just inside it not covered by the surface (first at ({:.1}, {:.1}))",
                    describe(e),
                    gaps.len(),
                    q.x,
                    q.y
                ));
            }
        }
    }
    Some(out)
}

#[test]
fn essay_wrap_and_split_outlines_are_smooth() {
    proofread("smooth outlines", essay_sheets(), 60, smooth);
}

#[test]
fn essay_wrap_and_split_surfaces_fill_their_outlines() {
    proofread("surface fills its outline", essay_sheets(), 60, filled);
}
