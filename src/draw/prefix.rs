//! Routes drawn once as far as they are shared. A rider's routes to the squares of one ride are
//! prefixes of one another (the rook's route to h5 passes e5, f5 and g5, the ends of three other
//! routes). Each route is still its own element with its ends (`data-from`, `data-to`), but it
//! draws only the part that the longest route it continues does not already draw, and names that
//! route (`data-continues`, the square it ends on); following the chain of `continues` gives the
//! whole route.

use crate::draw::scene::Pt;

/// A route's drawing: its polyline pieces (broken where it jumps, e.g. over a pole or a chart
/// edge), the pieces already drawn by the route it continues left out.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tail {
    /// The index of the route this one continues, if any.
    pub continues: Option<usize>,
    /// The pieces still to draw: (index of the piece in the whole route, its points).
    pub pieces: Vec<(usize, Vec<Pt>)>,
    /// Whether the first piece starts where the whole route's piece starts (so that a port
    /// marker belongs there), rather than part way along it.
    pub starts_piece: bool,
}

/// Where `p` lies on the polyline: the index of the segment's end point, or none when it is not
/// on it (within a hundredth of a unit).
fn cut(line: &[Pt], p: Pt) -> Option<usize> {
    line.windows(2)
        .position(|w| {
            let (a, b) = (w[0], w[1]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len2 = dx * dx + dy * dy;
            let t = if len2 > 0.0 { (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
            a.lerp(b, t).dist(p) < 0.01
        })
        .map(|i| i + 1)
}

/// What is left of `long` to draw after `short`, the route it continues (number `j`): none when
/// the drawings do not agree (then `long` is drawn whole).
fn tail_after(j: usize, short: &[Vec<Pt>], long: &[Vec<Pt>]) -> Option<Tail> {
    let k = short.len().checked_sub(1)?;
    let end = *short[k].last()?;
    let piece = long.get(k)?;
    let mut pieces = Vec::new();
    let mut starts_piece = false;
    if piece.last().is_some_and(|q| q.dist(end) < 0.01) {
        starts_piece = true;
    } else {
        let i = cut(piece, end)?;
        let mut rest = vec![end];
        rest.extend_from_slice(&piece[i..]);
        pieces.push((k, rest));
    }
    pieces.extend(long.iter().enumerate().skip(k + 1).map(|(n, p)| (n, p.clone())));
    (!pieces.is_empty()).then_some(Tail { continues: Some(j), pieces, starts_piece })
}

/// For each route of one piece — its steps (`keys`, anything that tells steps apart) and its
/// drawing (`drawn`, polyline pieces) — the longest other route whose steps it begins with, and
/// what is left to draw after it.
pub(crate) fn tails<K: PartialEq>(keys: &[Vec<K>], drawn: &[Vec<Vec<Pt>>]) -> Vec<Tail> {
    let whole = |r: &Vec<Vec<Pt>>| Tail {
        continues: None,
        pieces: r.iter().cloned().enumerate().collect(),
        starts_piece: true,
    };
    (0..drawn.len())
        .map(|i| {
            let best = (0..keys.len())
                .filter(|&j| keys[j].len() < keys[i].len() && keys[i].starts_with(&keys[j]))
                .max_by_key(|&j| (keys[j].len(), std::cmp::Reverse(j)));
            best.and_then(|j| tail_after(j, &drawn[j], &drawn[i])).unwrap_or_else(|| whole(&drawn[i]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(x0: i32, x1: i32) -> Vec<Pt> {
        vec![Pt::new(x0 as f64, 0.0), Pt::new(x1 as f64, 0.0)]
    }

    #[test]
    fn a_ride_is_drawn_once() {
        // A ride east (straight lines keep only their ends): routes to x = 1, 2, 3, in a
        // scrambled order; the steps are the cells passed.
        let keys = vec![vec![1, 2], vec![1], vec![1, 2, 3]];
        let drawn = vec![vec![line(0, 2)], vec![line(0, 1)], vec![line(0, 3)]];
        let t = tails(&keys, &drawn);
        assert_eq!(t[1].continues, None);
        assert_eq!(t[1].pieces, vec![(0, line(0, 1))]);
        assert_eq!(t[0].continues, Some(1));
        assert_eq!(t[0].pieces, vec![(0, line(1, 2))]);
        assert_eq!(t[2].continues, Some(0));
        assert_eq!(t[2].pieces, vec![(0, line(2, 3))]);
        // Together they draw the longest route exactly once.
        let drawn: f64 = t.iter().flat_map(|x| &x.pieces).map(|(_, p)| p[0].dist(p[p.len() - 1])).sum();
        assert!((drawn - 3.0).abs() < 1e-9);
    }

    #[test]
    fn a_route_over_a_break_continues_at_the_next_piece() {
        // The route to the far side of a pole: two pieces; the shorter ends where the break is.
        let keys = vec![vec![1, 2], vec![1], vec![7]];
        let drawn =
            vec![vec![line(0, 2), line(10, 12)], vec![line(0, 2)], vec![vec![Pt::new(0.0, 0.0), Pt::new(0.0, 1.0)]]];
        let t = tails(&keys, &drawn);
        assert_eq!(t[0].continues, Some(1));
        assert!(t[0].starts_piece);
        assert_eq!(t[0].pieces, vec![(1, line(10, 12))]);
        assert_eq!(t[2].continues, None, "a route the other way shares only the origin");
    }

    #[test]
    fn drawings_that_disagree_are_drawn_whole() {
        let keys = vec![vec![1], vec![1, 2]];
        let drawn = vec![vec![line(0, 1)], vec![vec![Pt::new(0.0, 0.0), Pt::new(0.0, 5.0)]]];
        let t = tails(&keys, &drawn);
        assert_eq!(t[1].continues, None);
        assert_eq!(t[1].pieces.len(), 1);
    }
}
