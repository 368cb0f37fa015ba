//! The two hemispheres: sectors, pole caps and their letters, file letters round the rims, rank
//! numbers on the rings.

use super::super::{Coordinates, Layers, Painter, file_name, pieces::text};
use crate::draw::geometry::HemiGeom;
use crate::draw::scene::{Anchor, Element, Node, Paint, Pt, Shape};
use crate::rules::topology::Pole;

impl Painter<'_> {
    /// The hemispheres: sectors, pole caps and their letters, file letters round the rims, rank
    /// numbers on the rings.
    pub(super) fn hemi_cells(&self, g: &HemiGeom, l: &mut Layers) {
        let topo = &self.topo;
        for cell in topo.all_cells() {
            let Some((f, r)) = topo.coords(cell) else { continue };
            if !g.shows(g.ring_of(r).2) {
                continue;
            }
            let (fill, class) = self.cell_fill(cell);
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            l.cells.push(Node::Element(
                Element::new(Shape::Path(g.sector(f, r)), paint, class).with("cell", topo.name(cell)),
            ));
        }
        for pole in [Pole::North, Pole::South].into_iter().filter(|&p| g.shows(p == Pole::North)) {
            let c = if pole == Pole::North { g.north } else { g.south };
            let (fill, class, name) = match topo.pole_cell(pole) {
                Some(cell) => {
                    let (fill, class) = self.cell_fill(cell);
                    (fill, class, Some(topo.name(cell)))
                }
                None => (self.theme.pole, "pole", None),
            };
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            let mut e =
                Element::new(Shape::Circle { c, r: g.cap }, paint, class).with("pole", pole.letter().to_string());
            if let Some(n) = name {
                e = e.with("cell", n);
            }
            l.cells.push(Node::Element(e));
            // A live pole is a cell: its letter moves to the cap's edge, clear of a dot, and is
            // left out where a piece or markup stands on the pole (it would cut into it).
            let live = topo.pole_cell(pole).is_some();
            let (at, size) = if live { (c.offset(0.0, g.cap * 0.72), g.cap * 0.3) } else { (c, g.cap * 0.75) };
            if !self.pole_letter_left_out(pole) {
                self.pole_label(pole, at, size, l);
            }
        }
        if self.view.coordinates == Coordinates::Edge {
            self.hemi_file_letters(g, l);
            self.hemi_rank_numbers(g, l);
        }
    }

    /// The file letters round the discs' rims (both discs' letters of a file apart near the
    /// touching point, [`rim_letter_spots`]).
    fn hemi_file_letters(&self, g: &HemiGeom, l: &mut Layers) {
        let topo = &self.topo;
        let size = g.ring * 0.42;
        // A letter's place on its disc's rim at file position `u`.
        let rim = |north, u: f64| g.polar(north, g.radius() + size * 0.9, g.angle(u, north));
        for f in 0..topo.width() {
            let u = f as f64 + 0.5;
            // How far the file's middle is from the touching point, in files, either way.
            let off = u - g.rotation - topo.width() as f64 * ((u - g.rotation) / topo.width() as f64).round();
            let spots = match g.only {
                Some(Pole::North) => vec![rim(true, u)],
                Some(Pole::South) => vec![rim(false, u)],
                None => {
                    // Where the letters part: half a file from the touching point.
                    let edge = g.rotation + 0.5f64.copysign(off);
                    rim_letter_spots([rim(true, u), rim(false, u)], [rim(true, edge), rim(false, edge)], off)
                }
            };
            for p in spots {
                l.decor.push(text(
                    file_name(f),
                    p,
                    size,
                    Anchor::Middle,
                    self.theme.font,
                    self.theme.text,
                    "coordinate file",
                ));
            }
        }
    }

    /// The rank numbers on their rings.
    fn hemi_rank_numbers(&self, g: &HemiGeom, l: &mut Layers) {
        let topo = &self.topo;
        // Rank numbers on their ring, on a file boundary: the one nearest the side opposite
        // the touching point that is free (`rank_number_boundaries`).
        let opposite = self.overlay.rank_numbers_at.unwrap_or((g.rotation + topo.width() as f64 / 2.0).round() as i32);
        let discs: Vec<Vec<u8>> =
            [true, false].map(|north| (0..topo.height()).filter(|&r| g.ring_of(r).2 == north).collect()).into();
        // Near the ring's outer edge: clear of routes along the ring and of dots.
        // Readable however many rings a disc has (xiangqi's five and a half made them a few
        // pixels): as on the single disc, at least 9.5 units at the essay's 480-unit width.
        let s = (g.ring * 0.3).max(9.5 * self.view.width / 480.0).min(g.ring * 0.75);
        let spot = |r: u8, x: f64| {
            let (_, r1, north) = g.ring_of(r);
            g.polar(north, r1 - self.rank_number_inset() * g.ring, g.angle(x, north))
        };
        // Held still (a walk's frames): every number on the side opposite the touching point,
        // over the pieces on its halo, so that the numbers do not jump from frame to frame.
        let hold = self.overlay.hold_rank_numbers;
        let boundaries = if hold {
            vec![Some(opposite as f64); topo.height() as usize]
        } else {
            self.rank_number_boundaries(&discs, opposite, &spot, s * super::BADGE_HALO)
        };
        for r in 0..topo.height() {
            let (_, _, north) = g.ring_of(r);
            let Some(b) = boundaries[r as usize].filter(|_| g.shows(north)) else { continue };
            self.rank_badge((r + 1).to_string(), spot(r, b), s, hold, l);
        }
    }
}

/// Where a file's two rim letters go, the north disc's at `natural[0]` and the south disc's at
/// `natural[1]`, when the file's middle is `off` files from the touching point. Near the touching
/// point the two discs' letters of a file meet (their rims cross there), and the file is written
/// once, halfway between them: within half a file (in the still pair, where a file boundary faces
/// the touching point, the two files beside it). Beyond, each letter stands on its rim, but for
/// the gap between that place and the halfway point at half a file (`parting`, the two letters'
/// places there), which closes gradually over the next file (a smoothstep of the angle): so a
/// turning pair (the gear animation) shows the letters meet and part without a jump, and a still
/// pair (half a file, one and a half, …) shows them exactly at the halfway point or on their rims.
fn rim_letter_spots(natural: [Pt; 2], parting: [Pt; 2], off: f64) -> Vec<Pt> {
    if off.abs() <= 0.5 {
        return vec![natural[0].lerp(natural[1], 0.5)];
    }
    let u = (1.5 - off.abs()).clamp(0.0, 1.0);
    let t = u * u * (3.0 - 2.0 * u);
    let mid = parting[0].lerp(parting[1], 0.5);
    natural
        .iter()
        .zip(parting)
        .map(|(&p, q)| if t == 0.0 { p } else { Pt::new(p.x + t * (mid.x - q.x), p.y + t * (mid.y - q.y)) })
        .collect()
}
