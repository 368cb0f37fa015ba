//! The hemispheres turning as meshing gears (essay §04 and §05): the rotation — the file
//! position facing the touching point — runs through one whole turn, `W` files, in equal steps.
//! Both discs take the same rotation, so at every frame the two cells on either side of the
//! touching point are of one file on both discs, and the frame after the last is the first.

use super::{AnimError, FrameArgs, checked, with_kind};
use crate::draw::figure::{ViewKind, render};
use crate::draw::scene::Scene;
use rayon::prelude::*;

/// The rotation of frame `k` of `n`, starting from `start`: the turn goes east (the file
/// position at the touching point grows), one full turn over the `n` frames.
pub fn rotation(start: f64, files: u8, k: u32, n: u32) -> f64 {
    start + files as f64 * k as f64 / n.max(1) as f64
}

/// The frames: the panel drawn as hemispheres at each rotation of the turn (a panel of
/// another view is drawn as hemispheres, at its size, starting from the d|e boundary).
pub(crate) fn frames(args: FrameArgs) -> Result<Vec<Scene>, AnimError> {
    let FrameArgs { pos, overlay, view, theme, n, check } = args;
    let start = match view.kind {
        ViewKind::Hemispheres { rotation } => rotation,
        ViewKind::Hemisphere { .. }
        | ViewKind::Chart { .. }
        | ViewKind::Globe { .. }
        | ViewKind::Disc { .. }
        | ViewKind::Board { .. } => pos.topology().width() as f64 / 2.0,
    };
    let files = pos.topology().width();
    // The rank numbers stay on the boundary they start on (opposite the touching point), turning
    // with the discs.
    let mut overlay = overlay.clone();
    overlay.rank_numbers_at.get_or_insert((start + files as f64 / 2.0).round() as i32);
    let overlay = &overlay;
    (0..n)
        .into_par_iter()
        .map(|k| {
            let v = with_kind(view, ViewKind::Hemispheres { rotation: rotation(start, files, k, n) });
            checked(check, render(pos, overlay, &v, theme))
        })
        .collect()
}
