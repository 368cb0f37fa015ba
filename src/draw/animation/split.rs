//! The ball made into the hemisphere diagram (essay §04, "make a diagram of Dot"): the globe turns
//! until the equator faces the viewer, splits there, its two halves draw apart and turn their
//! poles to the viewer, and each half is flattened into its azimuthal equidistant disc, ending on
//! the hemispheres view itself — the same surface at every frame
//! ([`Split`]), the pieces and marks of the overlay carried on it.
//!
//! The file position facing the viewer while it splits is the one the discs touch at: the
//! panel's `rotation` when it is a hemispheres panel (the d|e boundary on 8 files otherwise). The
//! last frames are drawn by the hemispheres view, so the animation ends exactly on the still.

use super::{AnimError, FrameArgs, checked, with_kind};
use crate::draw::figure::{ViewKind, render, render_split};
use crate::draw::geometry::{Split, Viewpoint};
use crate::draw::scene::Scene;
use rayon::prelude::*;

/// The ball held still at the start, then turning to face the viewer with its equator (the
/// stages run between these fractions of the animation).
pub(crate) const TILT: (f64, f64) = (0.14, 0.28);
/// The halves drawing apart.
pub(crate) const APART: (f64, f64) = (0.28, 0.44);
/// The halves turning their poles to the viewer.
pub(crate) const TURN: (f64, f64) = (0.40, 0.64);
/// The halves flattening into discs; from its end on, the hemispheres view holds.
pub const FLAT: (f64, f64) = (0.62, 0.84);

/// Smooth progress through a stage: 0 before it, 1 after it, easing in and out.
fn progress(t: f64, (a, b): (f64, f64)) -> f64 {
    let x = ((t - a) / (b - a)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// The time of frame `k` of `n`: the first frame is the ball, the last the discs.
pub fn time(k: u32, n: u32) -> f64 {
    if n <= 1 { 1.0 } else { k as f64 / (n - 1) as f64 }
}

/// How far the ball is split at time `t` (0 to 1).
pub fn split(t: f64) -> Split {
    Split { apart: progress(t, APART), turn: progress(t, TURN), flat: progress(t, FLAT) }
}

/// Where the ball is seen from at time `t`: from `start` it turns to latitude 0, no roll, the
/// longitude `facing` toward the viewer.
pub fn viewpoint(t: f64, start: Viewpoint, facing: f64) -> Viewpoint {
    let k = progress(t, TILT);
    let turn = (facing - start.longitude + 180.0).rem_euclid(360.0) - 180.0;
    Viewpoint {
        latitude: start.latitude * (1.0 - k),
        longitude: start.longitude + turn * k,
        roll: start.roll * (1.0 - k),
    }
}

/// The frames: the ball (seen from a globe panel's viewpoint, else from a little above the
/// equator) splitting into the hemispheres of the panel's rotation, at the panel's width.
pub(crate) fn frames(args: FrameArgs) -> Result<Vec<Scene>, AnimError> {
    let FrameArgs { pos, overlay, view, theme, n, check } = args;
    let files = pos.topology().width() as f64;
    let rotation = match view.kind {
        ViewKind::Hemispheres { rotation } => rotation,
        ViewKind::Hemisphere { .. }
        | ViewKind::Chart { .. }
        | ViewKind::Globe { .. }
        | ViewKind::Disc { .. }
        | ViewKind::Board { .. } => files / 2.0,
    };
    let facing = rotation * 360.0 / files;
    let start = match view.kind {
        ViewKind::Globe { viewpoint, .. } => viewpoint,
        ViewKind::Hemispheres { .. }
        | ViewKind::Hemisphere { .. }
        | ViewKind::Chart { .. }
        | ViewKind::Disc { .. }
        | ViewKind::Board { .. } => Viewpoint { longitude: facing, ..Viewpoint::default() },
    };
    let discs = with_kind(view, ViewKind::Hemispheres { rotation });
    (0..n)
        .into_par_iter()
        .map(|k| {
            let t = time(k, n);
            let scene = if t >= FLAT.1 {
                render(pos, overlay, &discs, theme)
            } else {
                render_split(pos, overlay, &discs, theme, split(t), viewpoint(t, start, facing))
            };
            checked(check, scene)
        })
        .collect()
}
