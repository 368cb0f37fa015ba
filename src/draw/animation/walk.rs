//! A piece walking its loop square by square, on any view, with the path it has walked drawn
//! behind it. The walk is the overlay's first loop (`d5:e`, round to where it started) or part
//! of a loop (`d2:ne:b8`); the piece on its first cell, if any, is the walker. Each frame is the
//! figure with the piece moved one square on and the ride drawn up to it (the overlay's
//! "part of a loop"), so the path is the rules core's route, never redrawn by hand.

use super::{AnimError, FrameArgs, checked, moved};
use crate::draw::figure::{Overlay, render};
use crate::draw::scene::Scene;
use crate::rules::position::Position;
use crate::rules::routes::ride_to;
use crate::rules::topology::{Cell, Dir};
use rayon::prelude::*;

/// What one frame of a walk shows: where the walker stands and how much of the ride is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// At the start, nothing drawn yet.
    Start,
    /// On a cell, the ride drawn up to it.
    At(Cell),
    /// Back at the start, the whole loop drawn.
    Closed,
}

/// The stages of the overlay's first loop or part of a loop: the start, then one per square
/// reached.
pub fn stages(pos: &Position, overlay: &Overlay) -> Result<(Cell, Dir, Vec<Stage>), AnimError> {
    let topo = pos.topology();
    let (from, dir, until) = if let Some(&(c, d)) = overlay.loops.first() {
        (c, d, c)
    } else if let Some(&(c, d, u)) = overlay.paths.first() {
        (c, d, u)
    } else {
        return Err(AnimError::Content("a walk needs a loop to walk".into()));
    };
    let route = ride_to(topo, from, dir, until).ok_or_else(|| {
        AnimError::Content(format!(
            "the ride from {} heading {} never reaches {}",
            topo.name(from),
            dir.name(),
            topo.name(until)
        ))
    })?;
    let mut stages = vec![Stage::Start];
    for s in &route.steps {
        stages.push(if s.cell == from { Stage::Closed } else { Stage::At(s.cell) });
    }
    Ok((from, dir, stages))
}

/// The frames: one a square, or `n` frames spread over the squares when `n` is given.
pub(crate) fn frames(args: FrameArgs) -> Result<Vec<Scene>, AnimError> {
    let FrameArgs { pos, overlay, view, theme, n, check } = args;
    let (from, dir, stages) = stages(pos, overlay)?;
    let mut rest = overlay.clone();
    // The rank numbers of the hemispheres stay where they are while the piece walks past them.
    rest.hold_rank_numbers = true;
    if rest.loops.first().is_some_and(|&l| l == (from, dir)) {
        rest.loops.remove(0);
    } else {
        rest.paths.remove(0);
    }
    let count = if n == 0 { stages.len() } else { n.min(super::MAX_FRAMES) as usize };
    let picks: Vec<Stage> = (0..count).map(|k| stages[k * stages.len() / count]).collect();
    picks
        .par_iter()
        .map(|stage| {
            let mut o = rest.clone();
            let p = match *stage {
                Stage::Start => pos.clone(),
                Stage::At(c) => {
                    o.paths.insert(0, (from, dir, c));
                    moved(pos, from, c)
                }
                Stage::Closed => {
                    o.loops.insert(0, (from, dir));
                    pos.clone()
                }
            };
            checked(check, render(&p, &o, view, theme))
        })
        .collect()
}
