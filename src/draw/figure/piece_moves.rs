//! One marked piece's moves: its routes (a route that continues a shorter one drawn only from
//! where that one ends), its destination dots (checked against a source's in check mode), the
//! promotion roles under a promotion's dot, castling rooks' jumps, and the sentence that
//! describes them.

use super::marks::{
    Ctx, DotKind, coloured_dot, dot, far_dot, leap_avoid, line_colour, push_far, push_route, push_tail, route_drawings,
};
use super::{Layers, MoveMark, pieces::text};
use crate::draw::geometry::Projection;
use crate::draw::prefix::Tail;
use crate::draw::scene::{Anchor, Element, Paint, Pt, Rgb, Shape};
use crate::draw::theme::Theme;
use crate::rules::piece::Piece;
use crate::rules::position::Position;
use crate::rules::routes::{Destination, Route, ride_to};
use crate::rules::topology::{Cell, Dir, Pole, Topology};

/// How one piece's marks are drawn: its line and colour, and the source's expected destinations.
struct Style<'a> {
    line: Paint,
    colour: Option<Rgb>,
    expected: Option<&'a Vec<Cell>>,
}

impl Style<'_> {
    fn kind_of(&self, cell: Cell) -> DotKind {
        match self.expected {
            None => DotKind::Plain,
            Some(e) if e.contains(&cell) => DotKind::Agreed,
            Some(_) => DotKind::Extra,
        }
    }
}

impl Ctx<'_> {
    /// The marks of the `mi`th marked piece, pushed onto `marks` (promotion labels onto `l.top`):
    /// its description, and the check-mode counts (agreed, missing, extra) when a source's set
    /// is checked. `None` when no piece stands on the cell.
    pub(super) fn piece_moves(
        &self,
        mi: usize,
        mark: &MoveMark,
        marks: &mut Vec<Element>,
        l: &mut Layers,
    ) -> Option<(String, Option<[usize; 3]>)> {
        let (p, topo) = (self.p, self.topo);
        let from = mark.from;
        let piece = p.pos.piece_at(from)?;
        let dests = p.overlay.destinations_of(p.pos, mi);
        // A piece of its own colour: its routes in that colour over a thin dark casing, its
        // dots filled with it and outlined, so that a pale colour (the white of seed 003's
        // soldiers) still shows on light squares.
        let colour = p.overlay.move_colour(mi);
        let style = Style {
            line: match colour {
                Some(c) => Paint::stroke(c, self.lw()).rounded(),
                None => self.line.clone(),
            },
            colour,
            // Check mode: the core's destinations against a source's.
            expected: p.overlay.expect.as_ref().filter(|(sq, _)| *sq == from).map(|(_, e)| e),
        };
        let mut dots: Vec<Element> = Vec::new();
        // All of the piece's routes first: a route that continues a shorter one (the same
        // steps, then more) draws only from where that one ends.
        let all: Vec<(Cell, &Route)> = dests.iter().flat_map(|d| d.routes.iter().map(|r| (d.cell, r))).collect();
        let steps: Vec<Vec<(Cell, Option<Pole>)>> =
            all.iter().map(|(_, r)| r.steps.iter().map(|s| (s.cell, s.via)).collect()).collect();
        let avoid = leap_avoid(self.layout, p.theme, self.lw(), p.pos, p.overlay, mi);
        let drawings = route_drawings(self.layout, topo, piece, &all, &avoid);
        let tails = crate::draw::prefix::tails(&steps, &drawings);
        // An interactive figure: each drawn route names every destination it leads to.
        let ends: Vec<Cell> = all.iter().map(|(c, _)| *c).collect();
        let mut leads = p.touch.map(|_| super::touch::leads(&ends, &tails)).unwrap_or_default().into_iter();
        let mut tails = tails.into_iter();
        // Promotion labels placed so far (centre, width, height), kept apart from each other.
        let mut placed: Vec<(Pt, f64, f64)> = Vec::new();
        let lines = route_obstacles(&drawings, self.lw());
        let mut drawings = drawings.into_iter();
        for d in &dests {
            let mut drawn: Vec<Vec<Vec<Pt>>> = Vec::new();
            for r in &d.routes {
                let (Some(pieces), Some(tail)) = (drawings.next(), tails.next()) else { break };
                let lead = leads.next();
                self.route_of(marks, &style, from, d, r, &tail, pieces.len(), all.as_slice(), lead.as_deref());
                drawn.push(pieces);
            }
            // A destination hidden on a ghost globe's far side: its dot seen faintly there.
            let mut places = self.layout.destination_marks(topo, d.cell, &drawn);
            let far = places.is_empty();
            if far {
                places = self.layout.far_centres(topo, d.cell);
            }
            for at in places {
                let mut e = dot(self.layout, topo, p.theme, d.cell, at, d.capture, style.kind_of(d.cell))
                    .with("from", topo.name(from));
                if far {
                    e = far_dot(e);
                }
                if p.touch.is_some() {
                    let names: Vec<String> =
                        d.moves.iter().map(|&m| crate::rules::notation::move_name(topo, m)).collect();
                    e = e.with("move", names.join(" "));
                    e = e.with("san", super::touch::san_names(p.pos, from, &d.moves).join(" "));
                }
                dots.push(match colour {
                    Some(c) => coloured_dot(e, c, p.theme),
                    None => e,
                });
            }
            self.promotion_label(l, d, (&dests, &lines), &drawn, &mut placed);
            self.castling(marks, &style, piece, d);
        }
        let legend = style.expected.map(|e| self.missing_dots(e, &dests, &mut dots));
        marks.extend(dots);
        Some((describe(p.pos, piece, mark, &dests, style.expected, legend), legend))
    }

    /// Check mode: a dot for each of the source's `expected` destinations the core did not find,
    /// pushed onto `dots`; the counts of destinations agreed, missing and extra.
    fn missing_dots(&self, expected: &[Cell], dests: &[Destination], dots: &mut Vec<Element>) -> [usize; 3] {
        let (p, topo) = (self.p, self.topo);
        let found: Vec<Cell> = dests.iter().map(|d| d.cell).collect();
        let missing: Vec<Cell> = expected.iter().copied().filter(|c| !found.contains(c)).collect();
        for &c in &missing {
            for at in self.layout.centres(topo, c) {
                dots.push(dot(self.layout, topo, p.theme, c, at, false, DotKind::Missing));
            }
        }
        let agreed = found.iter().filter(|c| expected.contains(c)).count();
        [agreed, missing.len(), found.len() - agreed]
    }

    /// One route of the piece to `d`: its casing when the piece has a colour of its own, the part
    /// `tail` says is new, and what lies beyond the view's edge; `leads`, in an interactive
    /// figure, the destinations the drawn part leads to.
    #[allow(clippy::too_many_arguments)]
    fn route_of(
        &self,
        marks: &mut Vec<Element>,
        style: &Style,
        from: Cell,
        d: &Destination,
        r: &Route,
        tail: &Tail,
        n_pieces: usize,
        all: &[(Cell, &Route)],
        leads: Option<&[Cell]>,
    ) {
        let (p, topo) = (self.p, self.topo);
        let lw = self.lw();
        let mut data = vec![("from", topo.name(from)), ("to", topo.name(d.cell))];
        if let Some(cells) = leads {
            data.push(("leads", cells.iter().map(|&c| topo.name(c)).collect::<Vec<_>>().join(" ")));
        }
        if d.capture {
            data.push(("capture", "true".to_string()));
        }
        if let Some(j) = tail.continues {
            data.push(("continues", topo.name(all[j].0)));
        }
        if style.colour.is_some() {
            let casing = Paint::stroke(p.theme.dot, lw * 1.9).rounded().with_opacity(0.55);
            for (_, piece) in &tail.pieces {
                marks.push(
                    Element::new(Shape::Polyline(piece.clone()), casing.clone(), "route-casing")
                        .with("from", topo.name(from))
                        .with("to", topo.name(d.cell)),
                );
            }
        }
        let port_colour = style.colour.unwrap_or(p.theme.route);
        push_tail(marks, tail, n_pieces, style.line.clone(), "route", &data, &|at| self.port(at, port_colour, lw));
        push_far(marks, self.layout.far_route(topo, r), style.line.clone(), "route", &data);
    }

    /// A promotion: the roles the core offers, written by the dot, clear of what is drawn there.
    fn promotion_label(
        &self,
        l: &mut Layers,
        d: &Destination,
        (dests, lines): (&[Destination], &[(Pt, f64)]),
        drawn: &[Vec<Vec<Pt>>],
        placed: &mut Vec<(Pt, f64, f64)>,
    ) {
        let (p, topo, layout) = (self.p, self.topo, self.layout);
        let promotions: Vec<String> =
            d.moves.iter().filter_map(|m| m.promotion).map(|r| r.letter().to_ascii_uppercase().to_string()).collect();
        if promotions.is_empty() {
            return;
        }
        let size = layout.cell_size(topo, d.cell);
        let label = promotions.join(" ");
        // At least 11 units at the essay's 480-unit width, whatever the cell's size.
        let th = (size * 0.22).max(11.0 * p.view.width / 480.0);
        let tw = crate::draw::font::text_width(&label, th, p.theme.title_font);
        // Beyond the dot, the way the pawn arrives (onto the pole band, clear of the piece it
        // may take), unless something is drawn there (a hemisphere's pole cap and its letter, a
        // piece, a dot, another label): then the nearest way round that is clear.
        let arrival = drawn.first().and_then(|pieces| pieces.last()).and_then(|p| match p[..] {
            [.., a, b] if a.dist(b) > 1e-6 => Some(((b.x - a.x) / a.dist(b), (b.y - a.y) / a.dist(b))),
            _ => None,
        });
        let first = match arrival {
            Some(v) if topo.pole_of(d.cell).is_none() => v,
            _ => (1.0, 0.0),
        };
        let mut obstacles = label_obstacles(p.pos, layout, topo, p.theme, dests);
        // The piece's routes (`12-promotion`: the plate over the b7-c8 capture's line).
        obstacles.extend_from_slice(lines);
        // And the ground's own writing: the rank numbers and file letters.
        obstacles.extend(super::busy::ground_writing(&l.decor));
        obstacles.extend(super::busy::ground_writing(&l.top));
        let bw = (tw + th * 0.4, th * 1.3);
        for at in layout.destination_marks(topo, d.cell, drawn) {
            let at = place_label(at, size, bw, first, &obstacles, placed);
            placed.push((at, bw.0, bw.1));
            // Over the pieces, on a backing of the paper colour.
            l.top.push(
                Element::new(
                    Shape::Rect { at: at.offset(-tw / 2.0 - th * 0.2, -th * 0.65), w: tw + th * 0.4, h: th * 1.3 },
                    Paint::fill(p.theme.background).with_opacity(0.85),
                    "promotion-backing",
                )
                .with("cell", topo.name(d.cell)),
            );
            l.top.push(
                text(label.clone(), at, th, Anchor::Middle, p.theme.title_font, p.theme.dot, "promotion")
                    .with("cell", topo.name(d.cell)),
            );
        }
    }

    /// Castling: the rook's jump, along the rank the other way, dashed, and a frame where it lands.
    fn castling(&self, marks: &mut Vec<Element>, style: &Style, piece: Piece, d: &Destination) {
        let (p, topo, layout) = (self.p, self.topo, self.layout);
        let lw = self.lw();
        for m in &d.moves {
            let crate::rules::movegen::MoveKind::Castle(k) = m.kind else { continue };
            let Some(way) = p.pos.tables().castling(piece.color, k) else { continue };
            let Some(route) = ride_to(topo, way.rook_from, way.dir.reverse(), way.rook_to) else { continue };
            let paint = Paint { dash: Some(vec![lw * 2.5, lw * 2.0]), ..style.line.clone() };
            let mut data = vec![
                ("from", topo.name(way.rook_from)),
                ("to", topo.name(way.rook_to)),
                ("castling", k.notation().to_string()),
            ];
            if p.touch.is_some() {
                data.push(("leads", topo.name(d.cell)));
            }
            let pieces = rook_jump(layout, topo, &route);
            let port_colour = style.colour.unwrap_or(p.theme.route);
            push_route(marks, &pieces, paint.clone(), "castling-rook", &data, &|at| self.port(at, port_colour, lw));
            push_far(marks, layout.far_route(topo, &route), paint, "castling-rook", &data);
            // Where the rook lands: a square frame round the cell (the king's own dot may be
            // there too, for its ordinary step).
            for at in layout.centres(topo, way.rook_to) {
                let k2 = layout.cell_size(topo, way.rook_to) * 0.36;
                marks.push(
                    Element::new(
                        Shape::Rect { at: at.offset(-k2, -k2), w: 2.0 * k2, h: 2.0 * k2 },
                        Paint { dash: Some(vec![lw * 1.6, lw * 1.2]), ..Paint::stroke(line_colour(&style.line), lw) },
                        "rook-landing",
                    )
                    .with("cell", topo.name(way.rook_to))
                    .with("castling", k.notation().to_string()),
                );
                if p.touch.is_some()
                    && let Some(frame) = marks.last_mut()
                {
                    frame.data.push(("leads", topo.name(d.cell)));
                }
            }
        }
    }
}

/// The sentence describing a piece's marked moves, for the figure's description.
fn describe(
    pos: &Position,
    piece: Piece,
    mark: &MoveMark,
    dests: &[Destination],
    expected: Option<&Vec<Cell>>,
    legend: Option<[usize; 3]>,
) -> String {
    let topo = pos.topology();
    let names: Vec<String> = dests.iter().map(|d| topo.name(d.cell)).collect();
    let caps: Vec<String> = dests.iter().filter(|d| d.capture).map(|d| topo.name(d.cell)).collect();
    let only = match mark.only_to {
        Some(t) => format!(" to {}", topo.name(t)),
        None => String::new(),
    };
    let mut s = format!(
        "Moves of the {} {} on {}{only}: {} destination{} ({})",
        pos.variant().color_name(piece.color),
        pos.variant().role_name(piece.role),
        topo.name(mark.from),
        dests.len(),
        if dests.len() == 1 { "" } else { "s" },
        names.join(", ")
    );
    if !caps.is_empty() {
        s += &format!("; captures on {}", caps.join(", "));
    }
    if let (Some(e), Some([agreed, missing, extra])) = (expected, legend) {
        s += &format!("; checked against {} expected: {agreed} agreed, {missing} missing, {extra} extra", e.len());
    }
    s + "."
}

/// A piece's drawn routes as small circles along their lines (a route's width across, one every
/// two widths), for the promotion labels to keep clear of.
fn route_obstacles(drawings: &[Vec<Vec<Pt>>], lw: f64) -> Vec<(Pt, f64)> {
    let step = (2.0 * lw).max(1.0);
    let mut out = Vec::new();
    for line in drawings.iter().flatten() {
        for w in line.windows(2) {
            let n = (w[0].dist(w[1]) / step).ceil().max(1.0) as usize;
            out.extend((0..=n).map(|i| (w[0].lerp(w[1], i as f64 / n as f64), lw)));
        }
    }
    out
}

/// What a promotion label must keep clear of, as circles (centre, radius): every piece, every
/// destination mark of the promoting piece, and, for a destination on
/// a polar circle, the pole drawn half-way to its antipodal square (a hemisphere's cap and its
/// letter; on the board that point lies on the rank itself, where the pieces are anyway).
fn label_obstacles(
    pos: &crate::rules::position::Position,
    layout: &dyn Projection,
    topo: &Topology,
    theme: &Theme,
    dests: &[crate::rules::routes::Destination],
) -> Vec<(Pt, f64)> {
    let mut out: Vec<(Pt, f64)> = Vec::new();
    for c in topo.all_cells().filter(|&c| pos.piece_at(c).is_some()) {
        out.extend(layout.centres(topo, c).into_iter().map(|p| (p, layout.cell_size(topo, c) * 0.36)));
    }
    let w = topo.width();
    for d in dests {
        let size = layout.cell_size(topo, d.cell);
        let r = if d.capture { size * 0.4 } else { size * theme.dot_radius };
        out.extend(layout.centres(topo, d.cell).into_iter().map(|p| (p, r)));
        // The step over the pole to the antipodal square, drawn in one piece through the pole
        // (a hemisphere's cap): its middle is the pole. A view that cuts it at the pole (the
        // board's band) has nothing drawn there to avoid.
        if let Some((f, rank)) = topo.coords(d.cell)
            && (rank == 0 || rank + 1 == topo.height())
            && w.is_multiple_of(2)
            && let Some(anti) = topo.square((f + w / 2) % w, rank)
            && let Some(over) = ride_to(topo, d.cell, Dir::new(0, if rank == 0 { -1 } else { 1 }), anti)
            && let [piece] = &layout.route(topo, &over)[..]
        {
            let length: f64 = piece.windows(2).map(|s| s[0].dist(s[1])).sum();
            let mut left = length / 2.0;
            for s in piece.windows(2) {
                let l = s[0].dist(s[1]);
                if l >= left {
                    out.push((s[0].lerp(s[1], left / l.max(1e-9)), layout.unit() * 0.7));
                    break;
                }
                left -= l;
            }
        }
    }
    out
}

/// Where a label of `(w, h)` goes beside a mark at `at` on a cell of `size`: just beyond the cell
/// in the direction `first`, else in the nearest of 16 directions round it whose box keeps clear
/// of every obstacle (circles) and of the labels placed before (boxes) by a tenth of the label's
/// height, else where it keeps clearest.
fn place_label(
    at: Pt,
    size: f64,
    (w, h): (f64, f64),
    first: (f64, f64),
    obstacles: &[(Pt, f64)],
    placed: &[(Pt, f64, f64)],
) -> Pt {
    let start = libm::atan2(first.1, first.0);
    let gap = |c: Pt, o: Pt, (ow, oh): (f64, f64)| {
        let dx = ((o.x - c.x).abs() - (w + ow) / 2.0).max(0.0);
        let dy = ((o.y - c.y).abs() - (h + oh) / 2.0).max(0.0);
        libm::hypot(dx, dy)
    };
    let clearance = |c: Pt| {
        let circles = obstacles.iter().map(|&(o, r)| gap(c, o, (0.0, 0.0)) - r);
        let boxes = placed.iter().map(|&(o, ow, oh)| gap(c, o, (ow, oh)));
        circles.chain(boxes).fold(f64::INFINITY, f64::min)
    };
    let mut best = (f64::NEG_INFINITY, at);
    // 0, +1, -1, +2, -2, … sixteenths of a turn from the first direction.
    for k in (0..16).map(|i: i32| if i % 2 == 1 { (i + 1) / 2 } else { -(i / 2) }) {
        let a = start + k as f64 * std::f64::consts::PI / 8.0;
        let (dx, dy) = (libm::cos(a), libm::sin(a));
        let reach = size * 0.5 + dx.abs() * w / 2.0 + dy.abs() * h / 2.0;
        let c = at.offset(dx * reach, dy * reach);
        let clear = clearance(c);
        if clear >= h * 0.1 {
            return c;
        }
        if clear > best.0 {
            best = (clear, c);
        }
    }
    best.1
}

/// A castling rook's jump as drawn: along its rank, but moved a quarter of the way towards the
/// next rank inwards (found by projecting the same ride one rank further from the pole), so that
/// the dashed jump runs beside the king's steps and dots on the polar circle instead of through
/// them. Where the two rides do not project alike (a piece cut differently), the rank itself.
fn rook_jump(layout: &dyn Projection, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
    let on_rank = layout.route(topo, route);
    let inward = |c: Cell| {
        let (f, r) = topo.coords(c)?;
        let r2 = if (r as u32) < topo.height() as u32 / 2 { r + 1 } else { r.checked_sub(1)? };
        topo.square(f, r2)
    };
    let shifted = (|| {
        let from = inward(route.from)?;
        let last = route.steps.last()?.cell;
        let dir = route.steps.first()?.dir;
        ride_to(topo, from, dir, inward(last)?)
    })();
    let Some(next) = shifted else { return on_rank };
    let next = layout.route(topo, &next);
    let alike = next.len() == on_rank.len() && next.iter().zip(&on_rank).all(|(a, b)| a.len() == b.len());
    if !alike {
        return on_rank;
    }
    on_rank.iter().zip(&next).map(|(a, b)| a.iter().zip(b).map(|(p, q)| p.lerp(*q, 0.28)).collect()).collect()
}
