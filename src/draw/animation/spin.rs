//! The globe turning about its axis (docs/rules.md §5.7, "the globe turning"): the viewpoint's longitude
//! runs through one whole turn in equal steps, latitude and roll held, so the frame after the
//! last is the first. A panel of another view is drawn as a globe from the default viewpoint.

use super::{AnimError, FrameArgs, checked, with_kind};
use crate::draw::figure::{ViewKind, render};
use crate::draw::geometry::Viewpoint;
use crate::draw::scene::Scene;
use rayon::prelude::*;

/// The viewpoint of frame `k` of `n`: `start` turned west by `k / n` of a turn, so the ball is
/// seen turning east (the way the files run), as the gears turn.
pub fn viewpoint(start: Viewpoint, k: u32, n: u32) -> Viewpoint {
    Viewpoint { longitude: start.longitude + 360.0 * k as f64 / n.max(1) as f64, ..start }
}

/// The frames: the panel drawn as a globe at each viewpoint of the turn.
pub(crate) fn frames(args: FrameArgs) -> Result<Vec<Scene>, AnimError> {
    let FrameArgs { pos, overlay, view, theme, n, check } = args;
    let (start, ghost) = match view.kind {
        ViewKind::Globe { viewpoint, ghost } => (viewpoint, ghost),
        ViewKind::Hemispheres { .. }
        | ViewKind::Hemisphere { .. }
        | ViewKind::Chart { .. }
        | ViewKind::Disc { .. }
        | ViewKind::Board { .. } => (Viewpoint::default(), false),
    };
    (0..n)
        .into_par_iter()
        .map(|k| {
            let v = with_kind(view, ViewKind::Globe { viewpoint: viewpoint(start, k, n), ghost });
            checked(check, render(pos, overlay, &v, theme))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    /// The frame after the last is the first: over its frames the viewpoint turns 360°.
    #[test]
    fn the_turn_closes_after_the_last_frame() {
        let start = super::Viewpoint { latitude: 0.0, longitude: 180.0, roll: 0.0 };
        let end = super::viewpoint(start, 8, 8);
        assert!((end.longitude - start.longitude - 360.0).abs() < 1e-9);
    }
}
