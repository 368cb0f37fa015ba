//! Orientation: the figure seen from Black's side. Turning the paper half a turn is exactly
//! that for every view — the board and the chart turned (h8 bottom left), the hemispheres with S
//! on top, each disc turned with them — so the drawing is turned about the view's centre, while
//! texts and pieces, placed at points, stay upright.

use crate::draw::scene::{Element, Node, PathCmd, Pt, Shape};

/// From which side the figure is seen.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Orientation {
    /// White's (south) side at the bottom: a1 bottom left, N on top.
    #[default]
    White,
    /// Black's (north) side at the bottom: h8 bottom left, S on top.
    Black,
}

impl Orientation {
    /// Both sides, White's first.
    pub const ALL: [Orientation; 2] = [Orientation::White, Orientation::Black];
    /// Their names ([`Orientation::name`]).
    pub const NAMES: [&'static str; 2] = crate::names::names_of!(Orientation::ALL, Orientation::name);

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Orientation::White => "white",
            Orientation::Black => "black",
        }
    }
}

/// `white` or `black`, in any case.
impl std::str::FromStr for Orientation {
    type Err = crate::names::UnknownName;
    fn from_str(s: &str) -> Result<Orientation, Self::Err> {
        crate::names::parse(s, &Orientation::ALL, &Orientation::NAMES, Orientation::name)
    }
}

/// Turns nodes half a turn about `c` (their own points only: upright texts and pieces move to the
/// turned place of their anchor).
pub(super) fn turn_nodes(nodes: &mut [Node], c: Pt) {
    for n in nodes {
        match n {
            Node::Element(e) => turn(e, c),
            Node::Group(g) => turn_nodes(&mut g.children, Pt::new(c.x - g.offset.x, c.y - g.offset.y)),
        }
    }
}

/// Turns elements half a turn about `c`.
pub(super) fn turn_all(elements: &mut [Element], c: Pt) {
    for e in elements {
        turn(e, c);
    }
}

fn turn(e: &mut Element, c: Pt) {
    let p = |q: Pt| Pt::new(2.0 * c.x - q.x, 2.0 * c.y - q.y);
    match &mut e.shape {
        Shape::Rect { at, w, h } => *at = p(at.offset(*w, *h)),
        Shape::Circle { c: centre, .. } => *centre = p(*centre),
        Shape::Polyline(points) => points.iter_mut().for_each(|q| *q = p(*q)),
        // A half turn keeps the sense of every arc (clockwise stays clockwise).
        Shape::Path(cmds) => {
            for cmd in cmds {
                match cmd {
                    PathCmd::Move(q) | PathCmd::Line(q) => *q = p(*q),
                    PathCmd::Arc { to, .. } => *to = p(*to),
                    PathCmd::Quad(a, b) => (*a, *b) = (p(*a), p(*b)),
                    PathCmd::Cubic(a, b, d) => (*a, *b, *d) = (p(*a), p(*b), p(*d)),
                    PathCmd::Close => {}
                }
            }
        }
        Shape::Text { at, .. } | Shape::Piece { at, .. } => *at = p(*at),
    }
}
