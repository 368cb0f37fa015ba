//! The interactive layer of a figure ([`super::render_touch`]): for every piece of the position,
//! both sides, a hidden group of the marks its moves make — dots and routes from the rules core,
//! drawn through the view's projection exactly as `moves = ["CELL"]` draws them — for a page's
//! script to show and hide. The page computes nothing: what the groups need is in their data.
//!
//! * `g.piece-moves` (`data-board`, `data-from`, `data-side` and the variant's name for it
//!   `data-side-name`, `data-turn` when that side is to move, `data-count` of moves, `data-say`
//!   to announce, `data-colour` when a whole side is shown): one piece's marks in one panel. A promotion's labels, which the still
//!   figure draws over the pieces, are a second such group in the top layer.
//! * `g.start-moves` (`data-board`): the marks of the overlay's own `moves`, as the still figure
//!   draws them (its colours, its one destination, its check mode), shown until the reader
//!   chooses another piece.
//! * dots carry `data-move` (the move names of SPEC §4, several for a promotion) and `data-san`
//!   (the same moves in SAN, `Nf3`, `e8=Q+`: the names a reader sees); route pieces
//!   carry `data-leads`, every destination whose route runs along them (a route drawn only
//!   beyond the end of a shorter one it continues leads to both ends); `data-spread` on a dot is
//!   how far it moves sideways when a whole side is shown at once, so that two pieces reaching
//!   one cell both show (as [`super::marks`] sets coloured dots side by side).
//!
//! `data-board` numbers the distinct positions of a figure's panels: a piece is selected in every
//! panel that draws its position.

use super::{Layers, Overlay, Painter};
use crate::draw::geometry::Projection;
use crate::draw::prefix::Tail;
use crate::draw::scene::{Element, Group, Node, Pt, Shape};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::routes::Destination;
use crate::rules::topology::Cell;

/// The colours of a side's pieces when all its moves are shown at once, in the order of the
/// position's pieces: sixteen hues dark enough to read on light and dark squares.
pub const SIDE_COLOURS: [&str; 16] = [
    "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f",
    "#393b79", "#ad494a", "#637939", "#7b4173", "#3182bd", "#e6550d",
];

/// The piece groups of one panel: those drawn with the marks (under the pieces, unless marks go
/// over them) and those drawn over the pieces (promotion labels).
pub(super) struct Groups {
    pub(super) under: Vec<Node>,
    pub(super) top: Vec<Node>,
}

impl Painter<'_> {
    /// Every piece's group of marks (see the module's doc), in the order of the position's pieces.
    pub(super) fn touch_groups(&self, layout: &dyn Projection, board: usize) -> Groups {
        let topo = &self.topo;
        let mut groups = Groups { under: Vec::new(), top: Vec::new() };
        let mut index = [0usize; 2];
        for (cell, piece) in self.pos.pieces() {
            let alone = Overlay {
                moves: vec![cell.into()],
                pseudo: self.overlay.pseudo,
                hide_check: true,
                ..Overlay::default()
            };
            // No ground is drawn for a group: nothing needs to know where its marks stand.
            let busy = super::busy::Busy::default();
            let painter = Painter { overlay: &alone, grid: self.grid.clone(), busy, ..*self };
            let mut layers = Layers::default();
            let marks = painter.marks(layout, &mut layers);
            let dests = alone.destinations_of(self.pos, 0);
            let side = piece.color as usize;
            let colour = SIDE_COLOURS[index[side] % SIDE_COLOURS.len()];
            index[side] += 1;
            let data = vec![
                ("board", board.to_string()),
                ("colour", colour.to_string()),
                ("count", move_count(&dests).to_string()),
                ("from", topo.name(cell)),
                ("say", say(&self.piece_name(cell), &dests, topo)),
                ("side", piece.color.name().to_string()),
                ("side-name", self.pos.variant().color_name(piece.color).to_string()),
                ("turn", (piece.color == self.pos.turn()).to_string()),
            ];
            let group = |children: Vec<Element>| {
                Node::Group(Group {
                    class: "piece-moves".into(),
                    data: data.clone(),
                    offset: Pt::default(),
                    scale: 1.0,
                    children: children.into_iter().map(Node::Element).collect(),
                })
            };
            groups.under.push(group(marks.elements));
            if !layers.top.is_empty() {
                groups.top.push(group(layers.top));
            }
        }
        for colour in Color::ALL {
            spread(&mut groups.under, colour.name());
        }
        groups
    }

    /// A piece as the page names it: `white knight g1` (`gold horse b1`).
    pub(super) fn piece_name(&self, cell: Cell) -> String {
        let variant = self.pos.variant();
        match self.pos.piece_at(cell) {
            Some(p) => {
                format!("{} {} {}", variant.color_name(p.color), variant.role_name(p.role), self.topo.name(cell))
            }
            None => self.topo.name(cell),
        }
    }

    /// What a piece's control is called: its name and how many legal moves it has (pseudo-legal
    /// ones when the overlay marks those), `white knight g1, 2 moves`.
    pub(super) fn piece_label(&self, cell: Cell) -> String {
        let n = move_count(&crate::rules::routes::destinations(self.pos, cell, !self.overlay.pseudo));
        format!("{}, {n} move{}", self.piece_name(cell), if n == 1 { "" } else { "s" })
    }
}

/// The moves of a piece (a promotion counts once per role it may take).
fn move_count(dests: &[Destination]) -> usize {
    dests.iter().map(|d| d.moves.len()).sum()
}

/// What is announced when a piece is selected: its name, its number of moves, and each
/// destination with what is special about it — `white pawn e7, 5 moves: e8 (promotes to Q, R,
/// B, N), d8 (capture, promotes to …)`.
fn say(name: &str, dests: &[Destination], topo: &crate::rules::topology::Topology) -> String {
    let n = move_count(dests);
    let mut s = format!("{name}, {n} move{}", if n == 1 { "" } else { "s" });
    if dests.is_empty() {
        return s + ".";
    }
    let list: Vec<String> = dests
        .iter()
        .map(|d| {
            let mut notes: Vec<String> = Vec::new();
            if d.capture {
                notes.push("capture".into());
            }
            for m in &d.moves {
                if let crate::rules::moves::MoveKind::Castle(k) = m.kind {
                    notes.push(k.notation().to_string());
                }
            }
            let promotions: Vec<String> = d
                .moves
                .iter()
                .filter_map(|m| m.promotion)
                .map(|r| r.letter().to_ascii_uppercase().to_string())
                .collect();
            if !promotions.is_empty() {
                notes.push(format!("promotes to {}", promotions.join(", ")));
            }
            if notes.is_empty() { topo.name(d.cell) } else { format!("{} ({})", topo.name(d.cell), notes.join(", ")) }
        })
        .collect();
    s += ": ";
    s += &list.join(", ");
    s + "."
}

/// For each route of a piece, every destination whose route runs along its drawing: its own
/// (first), and those of the routes that continue it, directly or through others (`ends`: each route's
/// destination; `tails`: what each draws, [`crate::prefix::tails`]).
pub(super) fn leads(ends: &[Cell], tails: &[Tail]) -> Vec<Vec<Cell>> {
    // Its own destination first.
    let mut out: Vec<Vec<Cell>> = ends.iter().map(|&end| vec![end]).collect();
    for (i, &end) in ends.iter().enumerate() {
        let mut at = Some(i);
        // A chain of continuations is never longer than the routes (each is a shorter route).
        for _ in 0..=ends.len() {
            let Some(j) = at else { break };
            if !out[j].contains(&end) {
                out[j].push(end);
            }
            at = tails[j].continues;
        }
    }
    out
}

/// Sets `data-spread` on the dots of one side's groups that share a spot with another piece's:
/// side by side across the cell, in the order of the pieces, each keeping its size (the spacing
/// of [`super::marks`]' coloured dots).
fn spread(groups: &mut [Node], side: &str) {
    // A spot: the cell and the dot's centre in 64ths of a unit; its dots: group, child, radius.
    type Spot = (String, i64, i64);
    type Dots = Vec<(usize, usize, f64)>;
    let mut spots: Vec<(Spot, Dots)> = Vec::new();
    for (gi, node) in groups.iter().enumerate() {
        let Node::Group(g) = node else { continue };
        if !g.data.iter().any(|(k, v)| *k == "side" && v == side) {
            continue;
        }
        for (ei, child) in g.children.iter().enumerate() {
            let Node::Element(e) = child else { continue };
            let Shape::Circle { c, r } = e.shape else { continue };
            if !e.class.split_whitespace().any(|w| w == "dot") {
                continue;
            }
            let Some(cell) = e.data.iter().find(|(k, _)| *k == "cell").map(|(_, v)| v.clone()) else { continue };
            let spot = (cell, (c.x * 64.0).round() as i64, (c.y * 64.0).round() as i64);
            let members = match spots.iter_mut().find(|(s, _)| *s == spot) {
                Some((_, m)) => m,
                None => {
                    spots.push((spot, Vec::new()));
                    &mut spots.last_mut().expect("just pushed").1
                }
            };
            // One dot a piece at a spot.
            if !members.iter().any(|&(g2, _, _)| g2 == gi) {
                members.push((gi, ei, r));
            }
        }
    }
    for (_, members) in spots {
        if members.len() < 2 {
            continue;
        }
        let step = members.iter().map(|m| m.2).fold(0.0, f64::max) * 2.3;
        let mid = (members.len() - 1) as f64 / 2.0;
        for (n, &(gi, ei, _)) in members.iter().enumerate() {
            let dx = (n as f64 - mid) * step;
            if dx.abs() < 0.005 {
                continue;
            }
            if let Node::Group(g) = &mut groups[gi]
                && let Node::Element(e) = &mut g.children[ei]
            {
                e.data.push(("spread", format!("{}", (dx * 100.0).round() / 100.0)));
            }
        }
    }
}

/// The marks of the overlay's own moves (`range` of `elements`) wrapped in a `g.start-moves`, the
/// others left as they are.
/// `from` names the pieces, as the group's `data-from`.
pub(super) fn wrap_start(elements: Vec<Element>, range: std::ops::Range<usize>, board: usize, from: &str) -> Vec<Node> {
    let mut out: Vec<Node> = Vec::with_capacity(elements.len());
    let mut start: Vec<Node> = Vec::new();
    for (i, e) in elements.into_iter().enumerate() {
        if range.contains(&i) {
            start.push(Node::Element(e));
        } else {
            if i == range.end && !start.is_empty() {
                out.push(start_group(std::mem::take(&mut start), board, from));
            }
            out.push(Node::Element(e));
        }
    }
    if !start.is_empty() {
        out.push(start_group(start, board, from));
    }
    out
}

fn start_group(children: Vec<Node>, board: usize, from: &str) -> Node {
    Node::Group(Group {
        class: "start-moves".into(),
        data: vec![("board", board.to_string()), ("from", from.to_string())],
        offset: Pt::default(),
        scale: 1.0,
        children,
    })
}

/// The SAN of some moves of the piece on `from` (`Nf3`, `exd5`, `e8=Q+`), named as that piece's
/// side would name them with that side to move: a piece of the side not to move is shown its
/// moves too, and its names are disambiguated among that side's legal moves.
pub(super) fn san_names(pos: &Position, from: Cell, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    if let Some(piece) = pos.piece_at(from)
        && p.turn != piece.color
    {
        p.turn = piece.color;
        p.ep = None;
    }
    let legal = p.moves();
    moves.iter().map(|&m| p.san_parts_among(m, &legal).to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tail(continues: Option<usize>) -> Tail {
        Tail { continues, pieces: Vec::new(), starts_piece: true }
    }

    #[test]
    fn a_route_leads_to_every_destination_that_continues_it() {
        // A ride east: d5 → e5 → f5 → g5, each route continuing the one before.
        let ends: Vec<Cell> = (0..4).map(Cell::from_index).collect();
        let tails = vec![tail(None), tail(Some(0)), tail(Some(1)), tail(Some(2))];
        let l = leads(&ends, &tails);
        assert_eq!(l[0], ends);
        assert_eq!(l[2], ends[2..]);
        assert_eq!(l[3], ends[3..]);
    }
}
