//! The board becoming the ball (essay §03): the flat board, seen face on, curls until its west and
//! east edges meet (a tube), its pole bands fold in over the ends (a capped cylinder), and the
//! cylinder swells into the ball, ending on the globe view — the same surface at every frame
//! ([`WrapGeom`](crate::draw::geometry::WrapGeom)), the pieces and marks of the overlay carried on it.
//!
//! The view tilts while it happens, so the tube's open end and the caps closing can be seen, and
//! settles on the globe's viewpoint (the panel's own when it is a globe, else the default). A board
//! or chart panel in colour mode keeps its tint and coloured edges all the way to the ball.

use super::{AnimError, FrameCheck, checked, with_kind};
use crate::draw::figure::{Overlay, View, ViewKind, render_wrap};
use crate::draw::geometry::{Morph, Viewpoint};
use crate::draw::scene::Scene;
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use rayon::prelude::*;

/// When each stage runs, as fractions of the animation: (start, end). Before the first the board
/// lies flat; after the last the ball holds still.
pub const BEND: (f64, f64) = (0.06, 0.38);
/// The pole bands folding in.
pub const CAP: (f64, f64) = (0.40, 0.56);
/// The cylinder swelling into the ball.
pub const BALL: (f64, f64) = (0.58, 0.90);
/// How much higher than the globe's the view rises mid-way (degrees), to look into the tube.
const RISE: f64 = 22.0;

/// Smooth progress through a stage: 0 before it, 1 after it, easing in and out.
fn progress(t: f64, (a, b): (f64, f64)) -> f64 {
    let x = ((t - a) / (b - a)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// The stage of the surface at time `t` (0 to 1).
pub fn morph(t: f64) -> Morph {
    Morph { bend: progress(t, BEND), cap: progress(t, CAP), ball: progress(t, BALL) }
}

/// Where the surface is seen from at time `t`, on its way to `end` (the globe's viewpoint): face
/// on to the board's middle at the start (longitude of the middle file boundary, latitude 0),
/// rising to look into the tube, then turning to `end` while the ball forms.
pub fn viewpoint(t: f64, end: Viewpoint) -> Viewpoint {
    let ball = progress(t, BALL);
    let up = progress(t, (BEND.0, CAP.1));
    let start_lon = 180.0; // the middle file boundary of any board
    let turn = (end.longitude - start_lon + 180.0).rem_euclid(360.0) - 180.0;
    let rise = RISE * (std::f64::consts::PI * progress(t, (BEND.0, BALL.1))).sin().powi(2);
    Viewpoint { latitude: end.latitude * up + rise, longitude: start_lon + turn * ball, roll: end.roll * ball }
}

/// The time of frame `k` of `n`: the first frame is the flat board, the last the ball.
pub fn time(k: u32, n: u32) -> f64 {
    if n <= 1 { 1.0 } else { k as f64 / (n - 1) as f64 }
}

/// The frames.
pub fn frames(
    pos: &Position,
    overlay: &Overlay,
    view: &View,
    theme: &Theme,
    n: u32,
    check: &FrameCheck,
) -> Result<Vec<Scene>, AnimError> {
    let end = match view.kind {
        ViewKind::Globe { viewpoint, .. } => viewpoint,
        _ => Viewpoint::default(),
    };
    // A globe panel is drawn in the board's colours (a globe has no colour mode).
    let view = match view.kind {
        ViewKind::Globe { .. } | ViewKind::Hemispheres { .. } | ViewKind::Disc { .. } => {
            with_kind(view, ViewKind::Board { tint: false, edges: false })
        }
        _ => *view,
    };
    (0..n)
        .into_par_iter()
        .map(|k| {
            let t = time(k, n);
            checked(check, render_wrap(pos, overlay, &view, theme, morph(t), viewpoint(t, end)))
        })
        .collect()
}
