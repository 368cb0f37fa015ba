//! The board becoming the ball (essay §03): the flat board, seen face on, curls until its west and
//! east edges meet (a tube), its pole bands fold in over the ends (a capped cylinder), and the
//! cylinder swells into the ball, ending on the globe view — the same surface at every frame
//! ([`WrapGeom`](crate::draw::geometry::WrapGeom)), the pieces and marks of the overlay carried on it.
//!
//! The view tilts while it happens, so each of the tube's open ends can be seen as its cap
//! closes (the northern from above, the southern from below), and settles on the globe's viewpoint (the panel's own when it is a globe, else the default). A board
//! or chart panel in colour mode keeps its tint and coloured edges all the way to the ball.

use super::{AnimError, FrameArgs, checked, with_kind};
use crate::draw::figure::{ViewKind, render_wrap};
use crate::draw::geometry::{Morph, Viewpoint};
use crate::draw::scene::Scene;
use rayon::prelude::*;

/// When each stage runs, as fractions of the animation: (start, end). Before the first the board
/// lies flat, held about a second at the essay's 96 frames, 12 a second; after the last the ball
/// holds still as long.
pub const BEND: (f64, f64) = (0.12, 0.34);
/// The N pole band folding in over the tube's northern end, seen from above.
pub const CAP_NORTH: (f64, f64) = (0.36, 0.47);
/// The S pole band folding in over the southern end, seen from below (the view swings down
/// between the two).
pub(crate) const CAP_SOUTH: (f64, f64) = (0.55, 0.66);
/// The cylinder swelling into the ball.
pub const BALL: (f64, f64) = (0.68, 0.88);
/// How far above the equator (then below it) the view goes to look into the tube's open end
/// (degrees).
const RISE: f64 = 28.0;

/// Smooth progress through a stage: 0 before it, 1 after it, easing in and out.
fn progress(t: f64, (a, b): (f64, f64)) -> f64 {
    let x = ((t - a) / (b - a)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// The stage of the surface at time `t` (0 to 1).
pub fn morph(t: f64) -> Morph {
    Morph {
        bend: progress(t, BEND),
        cap_north: progress(t, CAP_NORTH),
        cap_south: progress(t, CAP_SOUTH),
        ball: progress(t, BALL),
    }
}

/// Where the surface is seen from at time `t`, on its way to `end` (the globe's viewpoint): face
/// on to the board's middle at the start (longitude of the middle file boundary, latitude 0),
/// rising while the board curls to look into the tube's northern end as it closes, swinging
/// down to look into the southern end as that closes, then turning to `end` while the ball
/// forms.
pub fn viewpoint(t: f64, end: Viewpoint) -> Viewpoint {
    let ball = progress(t, BALL);
    let tilt = progress(t, BEND) - 2.0 * progress(t, (CAP_NORTH.1, CAP_SOUTH.0));
    let start_lon = 180.0; // the middle file boundary of any board
    let turn = (end.longitude - start_lon + 180.0).rem_euclid(360.0) - 180.0;
    Viewpoint {
        latitude: RISE * tilt * (1.0 - ball) + end.latitude * ball,
        longitude: start_lon + turn * ball,
        roll: end.roll * ball,
    }
}

/// The time of frame `k` of `n`: the first frame is the flat board, the last the ball.
pub fn time(k: u32, n: u32) -> f64 {
    if n <= 1 { 1.0 } else { k as f64 / (n - 1) as f64 }
}

/// The frames.
pub(crate) fn frames(args: FrameArgs) -> Result<Vec<Scene>, AnimError> {
    let FrameArgs { pos, overlay, view, theme, n, check } = args;
    let end = match view.kind {
        ViewKind::Globe { viewpoint, .. } => viewpoint,
        ViewKind::Hemispheres { .. }
        | ViewKind::Hemisphere { .. }
        | ViewKind::Chart { .. }
        | ViewKind::Disc { .. }
        | ViewKind::Board { .. } => Viewpoint::default(),
    };
    // A globe panel is drawn in the board's colours (a globe has no colour mode).
    let view = match view.kind {
        ViewKind::Globe { .. } | ViewKind::Hemispheres { .. } | ViewKind::Disc { .. } => {
            with_kind(view, ViewKind::Board { tint: false, edges: false })
        }
        ViewKind::Hemisphere { .. } | ViewKind::Chart { .. } | ViewKind::Board { .. } => *view,
    };
    (0..n)
        .into_par_iter()
        .map(|k| {
            let t = time(k, n);
            checked(check, render_wrap(pos, overlay, &view, theme, morph(t), viewpoint(t, end)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::geometry::WrapGeom;
    use crate::draw::scene::{PathCmd, Pt, Shape};
    use crate::rules::topology::Topology;
    use crate::rules::variant::VariantId;

    /// The wrap of the start position on the board view, in `n` frames.
    fn wrap_of_the_start(n: u32) -> crate::draw::animation::Animation {
        let panel = crate::draw::figure::PanelSpec {
            position: crate::rules::position::Position::start(VariantId::Dot),
            view: crate::draw::figure::View::board(),
            overlay: crate::draw::figure::Overlay::default(),
            caption: None,
            why_fewer: None,
        };
        let spec = crate::draw::animation::AnimSpec {
            frames: n,
            ..crate::draw::animation::AnimSpec::new(super::super::Kind::Wrap)
        };
        crate::draw::animation::build(&spec, &panel, None, &crate::draw::theme::Theme::essay()).expect("frames")
    }

    /// The animation passes through the tube: some frame has the seam closed and the ends open.
    #[test]
    fn the_wrap_passes_through_an_open_tube() {
        let m = morph((BEND.1 + CAP_NORTH.0) / 2.0);
        assert!(m.bend == 1.0 && m.cap_north == 0.0 && m.cap_south == 0.0 && m.ball == 0.0, "{m:?}");
    }

    /// The surface patches of a wrap frame (cells and pole bands, seen from outside or inside) in the
    /// order they are painted: (class, data-cell or pole letter, outline on paper).
    fn surface_patches(s: &Scene) -> Vec<(String, String, Vec<Pt>)> {
        let mut out = Vec::new();
        for e in s.elements() {
            let Shape::Path(cmds) = &e.shape else { continue };
            if !(e.class.starts_with("cell") || e.class.starts_with("pole")) {
                continue;
            }
            let key = e.data.iter().find(|(k, _)| *k == "cell" || *k == "pole").map(|(_, v)| v.clone());
            let poly = cmds
                .iter()
                .filter_map(|c| match *c {
                    PathCmd::Move(p) | PathCmd::Line(p) => Some(p),
                    _ => None,
                })
                .collect();
            out.push((e.class.clone(), key.unwrap_or_default(), poly));
        }
        out
    }

    /// Whether a polygon paints `p` (non-zero winding, the rule the painter fills with).
    fn inside_polygon(poly: &[Pt], p: Pt) -> bool {
        let mut winding = 0;
        for (i, a) in poly.iter().enumerate() {
            let b = poly[(i + 1) % poly.len()];
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                winding += if b.y > a.y { 1 } else { -1 };
            }
        }
        winding != 0
    }

    #[test]
    fn wrap_paints_nothing_over_a_square_where_it_faces_the_viewer() {
        // Wherever a square faces the viewer, nothing of the surface lies between it and the viewer
        // (the surface bounds a convex body, or an open tube seen from outside): where the square's
        // own patch paints such a point (not where a square turning over the limb folds onto
        // itself), no patch painted after it covers the point.
        let topo: &Topology = &VariantId::Dot.variant().topology;
        let n = 60;
        let a = wrap_of_the_start(n);
        for (k, s) in a.frames.iter().enumerate() {
            let t = time(k as u32, n);
            // Where the figure places the wrap: a ball of 0.45 of the width in the middle.
            let (w, at) = (s.width, Viewpoint::default());
            let g = WrapGeom::new(topo, morph(t), viewpoint(t, at), Pt::new(w / 2.0, w / 2.0), w / 2.0 * 0.9);
            let patches = surface_patches(s);
            for cell in topo.all_cells() {
                let Some((f, r)) = topo.coords(cell) else { continue };
                let name = topo.name(cell);
                for (i, j) in [(0.5, 0.5), (0.2, 0.2), (0.2, 0.8), (0.8, 0.2), (0.8, 0.8)] {
                    let p = g.point(f as f64 + i, g.surface().cell_colatitude(r as f64 + j));
                    if p.facing < 0.1 {
                        continue;
                    }
                    let paper = g.paper(p.at);
                    let Some(own) = patches.iter().position(|(class, key, poly)| {
                        *key == name && !class.contains("inside") && inside_polygon(poly, paper)
                    }) else {
                        continue;
                    };
                    let top = patches[own + 1..].iter().rev().find(|(_, _, poly)| inside_polygon(poly, paper));
                    assert!(
                        top.is_none(),
                        "frame {k}: {name} faces the viewer at {paper:?} but {:?} is painted over it",
                        top.map(|(c, k, _)| (c, k))
                    );
                }
            }
        }
    }
}
