//! The generated figures: every view of every variant, four times each, from positions reached by
//! random legal play and with random marks (the moves of one to three pieces, some in colours or
//! to one cell, arrows, circles and crosses, the last move, a loop), random coordinates and
//! orientation, all drawn from one fixed seed so that a finding can be drawn again.

use super::Sheet;
use dotchess::draw::scene::Rgb;
use dotchess::draw::{ArrowMark, MoveMark, Orientation, VIEWS, ViewKind};
use dotchess::{Coordinates, Dir, Overlay, Position, Theme, VariantId};

/// The seed every run starts from.
const SEED: u64 = 0x5eed_d07c_4e55;
/// Figures drawn of each view of each variant.
const EACH: usize = 4;

/// SplitMix64: a small generator whose output depends on the seed alone.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> Option<T> {
        (!xs.is_empty()).then(|| xs[self.below(xs.len())])
    }
}

const COLOURS: [Rgb; 4] = [Rgb(0x8a, 0x2b, 0xe2), Rgb(0xe0, 0x60, 0x00), Rgb(0x00, 0x80, 0x60), Rgb(0xc0, 0x20, 0x40)];

/// A position reached by up to 40 random legal moves from the start, and the last move.
fn played(rng: &mut Rng, v: VariantId) -> (Position, Option<(dotchess::Cell, dotchess::Cell)>) {
    let mut pos = Position::start(v);
    let mut last = None;
    for _ in 0..rng.below(41) {
        let moves = pos.moves();
        let Some(m) = rng.pick(&moves) else { break };
        pos.play(m).expect("a legal move");
        last = Some((m.from, m.to));
    }
    (pos, last)
}

/// Random marks on a position.
fn marks(rng: &mut Rng, pos: &Position, last: Option<(dotchess::Cell, dotchess::Cell)>) -> Overlay {
    let topo = pos.topology();
    let cells: Vec<dotchess::Cell> = topo.all_cells().collect();
    let movers: Vec<dotchess::Cell> = pos.pieces().filter(|(_, p)| p.color == pos.turn()).map(|(c, _)| c).collect();
    let moves = pos.moves();
    let mut o = Overlay::default();
    let n = 1 + rng.below(3);
    for i in 0..n {
        let Some(from) = rng.pick(&movers) else { break };
        if o.moves.iter().any(|m| m.from == from) {
            continue;
        }
        let colour = (n > 1).then(|| COLOURS[i % COLOURS.len()]);
        let tos: Vec<_> = moves.iter().filter(|m| m.from == from).map(|m| m.to).collect();
        let only_to = if rng.below(5) == 0 { rng.pick(&tos) } else { None };
        o.moves.push(MoveMark { from, colour, only_to });
    }
    for _ in 0..rng.below(3) {
        if let Some(m) = rng.pick(&moves) {
            o.arrows.push(ArrowMark { from: m.from, to: m.to, colour: None });
        }
    }
    for _ in 0..rng.below(3) {
        if let Some(c) = rng.pick(&cells) {
            if rng.below(2) == 0 { o.circles.push((c, None)) } else { o.crosses.push((c, None)) }
        }
    }
    if rng.below(2) == 0 {
        o.lastmove = last;
    }
    if topo.wraps() && rng.below(4) == 0 {
        let squares: Vec<_> = cells.iter().copied().filter(|&c| topo.coords(c).is_some()).collect();
        let dirs = [Dir::new(1, 0), Dir::new(0, 1), Dir::new(1, 1), Dir::new(-1, 1)];
        if let (Some(c), Some(d)) = (rng.pick(&squares), rng.pick(&dirs)) {
            o.loops.push((c, d));
        }
    }
    o
}

/// Every generated figure's sheet.
pub fn sheets() -> Vec<Sheet> {
    let mut rng = Rng(SEED);
    let theme = Theme::essay();
    let mut out = Vec::new();
    for v in VariantId::ALL {
        for row in VIEWS {
            for k in 0..EACH {
                let (pos, last) = played(&mut rng, v);
                let overlay = marks(&mut rng, &pos, last);
                let mut view = (row.make)();
                view.coordinates = match (rng.below(4), view.kind) {
                    (0, _) => Coordinates::Cells,
                    (1, ViewKind::Chart { .. }) => Coordinates::Edge,
                    _ => view.coordinates,
                };
                if rng.below(3) == 0 {
                    view.orientation = Orientation::Black;
                }
                let fen = pos.fen();
                let scene = dotchess::render(&pos, &overlay, &view, &theme);
                let figure = format!("generated {v} {} #{k} [{fen}]", row.name);
                out.push(Sheet::new(
                    figure,
                    format!("{} marks", overlay.moves.len()),
                    &scene,
                    *pos.topology(),
                    Some(view),
                ));
            }
        }
    }
    out
}
