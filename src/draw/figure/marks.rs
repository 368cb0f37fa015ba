//! The marks of a figure — dots, routes, loops, castling rooks, arrows — drawn once for every
//! view through its [`Projection`]: what a view cannot show it leaves out of the centres and
//! route pieces it returns, and nothing here asks which view it is.

use super::{ArrowMark, Layers, MoveMark, Overlay, Painter, pieces::text};
use crate::draw::geometry::Projection;
use crate::draw::scene::{Anchor, Element, Paint, PathCmd, Pt, Rgb, Shape};
use crate::draw::theme::Theme;
use crate::rules::routes::{Route, arrow_route_in, ride_to};
use crate::rules::topology::{Cell, Dir, Pole, Topology};

/// The marks of a figure, and what the description and legend say of them.
pub(super) struct Marks {
    pub(super) elements: Vec<Element>,
    pub(super) described: Vec<String>,
    pub(super) legend: Option<[usize; 3]>,
}

impl Painter<'_> {
    /// styles and castling rooks), arrows. Labels that must stay readable go on top.
    pub(super) fn marks(&self, layout: &dyn Projection, l: &mut Layers) -> Marks {
        let topo = &self.topo;
        let mut marks: Vec<Element> = Vec::new();
        let unit = layout.unit();
        let line = Paint::stroke(self.theme.route, self.theme.route_width * unit / 40.0 + 0.6).rounded();
        let port = |at: Pt, col: Rgb, lw: f64| {
            Element::new(
                Shape::Circle { c: at, r: lw * 1.8 },
                Paint::fill(self.theme.background).with_stroke(col, lw),
                "port",
            )
        };
        let mut described_moves: Vec<String> = Vec::new();
        if let Some((from, to)) = self.overlay.lastmove
            && let Some(route) = arrow_route_in(self.pos, to, from)
        {
            // The piece now on `to` reaches back to `from` the way it came (a pawn, which cannot
            // move back, by the file: the shortest way).
            let lw = line.stroke.map_or(2.0, |s| s.1);
            let paint = Paint::stroke(self.theme.route, lw).rounded().with_opacity(0.6);
            let pieces = layout.route(topo, &route);
            push_route(
                &mut marks,
                &pieces,
                paint,
                "lastmove",
                &[("from", topo.name(from)), ("to", topo.name(to))],
                &|at| port(at, self.theme.route, lw),
            );
        }
        if !self.overlay.hide_check
            && self.pos.in_check()
            && let Some(king) = self.pos.king(self.pos.turn())
        {
            for at in layout.centres(topo, king) {
                let r = layout.cell_size(topo, king) * 0.5;
                let mut ring = Element::new(
                    Shape::Circle { c: at, r },
                    Paint::fill(self.theme.missing)
                        .with_opacity(0.45)
                        .with_stroke(self.theme.missing, (r * 0.12).max(1.0)),
                    "check",
                )
                .with("cell", topo.name(king));
                ring.paint.round = true;
                l.decor.push(ring);
            }
        }
        for (li, (route, dir, until)) in overlay_loops(topo, self.overlay).into_iter().enumerate() {
            let cell = route.from;
            let lw = line.stroke.map_or(2.0, |s| s.1);
            let paint = Paint {
                dash: crate::draw::theme::Theme::dash(&self.theme.loop_dash, lw),
                ..Paint::stroke(self.theme.loop_, lw).rounded()
            };
            let mut pieces = layout.route(topo, &route);
            let mut data = vec![("from", topo.name(cell)), ("dir", dir.name().to_string()), ("index", li.to_string())];
            if let Some(u) = until {
                data.push(("until", topo.name(u)));
            }
            // A part of a loop is a move: an arrowhead where it ends (where that end is shown).
            let head = match until {
                Some(u) if !layout.centres(topo, u).is_empty() => arrow_head(&mut pieces, lw * 4.0),
                _ => None,
            };
            push_route(&mut marks, &pieces, paint.clone(), "loop", &data, &|at| port(at, self.theme.loop_, lw));
            if let Some(tri) = head {
                let mut e = Element::new(Shape::Path(tri), Paint::fill(self.theme.loop_), "loop-head");
                for (k, v) in &data {
                    e = e.with(k, v.clone());
                }
                marks.push(e);
            }
            push_far(&mut marks, layout.far_route(topo, &route), paint, "loop", &data);
            // The start ringed, and a dot on every cell the ride reaches, each where the ride
            // arrives (on the chart, in the copy it arrives in).
            for at in layout.centres(topo, cell) {
                let r = layout.cell_size(topo, cell) * 0.46;
                marks.push(
                    Element::new(Shape::Circle { c: at, r }, Paint::stroke(self.theme.loop_, lw * 1.2), "loop-start")
                        .with("cell", topo.name(cell))
                        .with("index", li.to_string()),
                );
            }
            for k in 0..route.steps.len() {
                let c = route.steps[k].cell;
                if c == cell {
                    continue;
                }
                let prefix = Route { from: cell, steps: route.steps[..=k].to_vec() };
                for at in layout.destination_marks(topo, c, &[layout.route(topo, &prefix)]) {
                    marks
                        .push(dot(layout, topo, self.theme, c, at, false, DotKind::Plain).with("loop", li.to_string()));
                }
            }
        }
        let mut legend: Option<[usize; 3]> = None;
        for (mi, &MoveMark { from, only_to, .. }) in self.overlay.moves.iter().enumerate() {
            let Some(piece) = self.pos.piece_at(from) else { continue };
            let dests = self.overlay.destinations_of(self.pos, mi);
            let lw = line.stroke.map_or(2.0, |s| s.1);
            // A piece of its own colour: its routes in that colour over a thin dark casing, its
            // dots filled with it and outlined, so that a pale colour (the white of seed 003's
            // soldiers) still shows on light squares.
            let colour = self.overlay.move_colour(mi);
            let line = match colour {
                Some(c) => Paint::stroke(c, lw).rounded(),
                None => line.clone(),
            };
            let port = |at: Pt, _: Rgb, lw: f64| port(at, colour.unwrap_or(self.theme.route), lw);
            let recolour = |e: Element| match colour {
                Some(c) => coloured_dot(e, c, self.theme),
                None => e,
            };
            // Check mode: the core's destinations against a source's.
            let expected: Option<&Vec<Cell>> =
                self.overlay.expect.as_ref().filter(|(sq, _)| *sq == from).map(|(_, e)| e);
            let kind_of = |cell: Cell| match expected {
                None => DotKind::Plain,
                Some(e) if e.contains(&cell) => DotKind::Agreed,
                Some(_) => DotKind::Extra,
            };
            let mut dots: Vec<Element> = Vec::new();
            // All of the piece's routes first: a route that continues a shorter one (the same
            // steps, then more) draws only from where that one ends.
            let all: Vec<(Cell, &Route)> = dests.iter().flat_map(|d| d.routes.iter().map(|r| (d.cell, r))).collect();
            let steps: Vec<Vec<(Cell, Option<Pole>)>> =
                all.iter().map(|(_, r)| r.steps.iter().map(|s| (s.cell, s.via)).collect()).collect();
            let drawings: Vec<Vec<Vec<Pt>>> = all
                .iter()
                .map(|(_, r)| {
                    let mut pieces = layout.route(topo, r);
                    if piece.role == crate::rules::piece::Role::Knight {
                        let whole = pieces.len() == 1;
                        pieces.iter_mut().for_each(|p| leap_curve(p, unit, whole));
                    }
                    pieces
                })
                .collect();
            let mut tails = crate::draw::prefix::tails(&steps, &drawings).into_iter();
            // Promotion labels placed so far (centre, width, height), kept apart from each other.
            let mut placed: Vec<(Pt, f64, f64)> = Vec::new();
            let mut drawings = drawings.into_iter();
            for d in &dests {
                let kind = kind_of(d.cell);
                let mut drawn: Vec<Vec<Vec<Pt>>> = Vec::new();
                for r in &d.routes {
                    let (Some(pieces), Some(tail)) = (drawings.next(), tails.next()) else { break };
                    let mut data = vec![("from", topo.name(from)), ("to", topo.name(d.cell))];
                    if d.capture {
                        data.push(("capture", "true".to_string()));
                    }
                    if let Some(j) = tail.continues {
                        data.push(("continues", topo.name(all[j].0)));
                    }
                    if colour.is_some() {
                        let casing = Paint::stroke(self.theme.dot, lw * 1.9).rounded().with_opacity(0.55);
                        for (_, p) in &tail.pieces {
                            marks.push(
                                Element::new(Shape::Polyline(p.clone()), casing.clone(), "route-casing")
                                    .with("from", topo.name(from))
                                    .with("to", topo.name(d.cell)),
                            );
                        }
                    }
                    push_tail(&mut marks, &tail, pieces.len(), line.clone(), "route", &data, &|at| {
                        port(at, self.theme.route, lw)
                    });
                    push_far(&mut marks, layout.far_route(topo, r), line.clone(), "route", &data);
                    drawn.push(pieces);
                }
                for at in layout.destination_marks(topo, d.cell, &drawn) {
                    dots.push(recolour(
                        dot(layout, topo, self.theme, d.cell, at, d.capture, kind).with("from", topo.name(from)),
                    ));
                }
                // A promotion: the roles the core offers, written under the dot.
                let promotions: Vec<String> = d
                    .moves
                    .iter()
                    .filter_map(|m| m.promotion)
                    .map(|r| r.letter().to_ascii_uppercase().to_string())
                    .collect();
                if !promotions.is_empty() {
                    let size = layout.cell_size(topo, d.cell);
                    let label = promotions.join(" ");
                    // At least 11 units at the essay's 480-unit width, whatever the cell's size.
                    let th = (size * 0.22).max(11.0 * self.view.width / 480.0);
                    let tw = crate::draw::font::text_width(&label, th, self.theme.title_font);
                    // Beyond the dot, the way the pawn arrives (onto the pole band, clear of the
                    // piece it may take), unless something is drawn there (a hemisphere's pole
                    // cap and its letter, a piece, a dot, another label): then the nearest way
                    // round that is clear.
                    let arrival = drawn.first().and_then(|pieces| pieces.last()).and_then(|p| match p[..] {
                        [.., a, b] if a.dist(b) > 1e-6 => Some(((b.x - a.x) / a.dist(b), (b.y - a.y) / a.dist(b))),
                        _ => None,
                    });
                    let first = match arrival {
                        Some(v) if topo.pole_of(d.cell).is_none() => v,
                        _ => (1.0, 0.0),
                    };
                    let obstacles = label_obstacles(self.pos, layout, topo, self.theme, &dests);
                    let bw = (tw + th * 0.4, th * 1.3);
                    for at in layout.destination_marks(topo, d.cell, &drawn) {
                        let at = place_label(at, size, bw, first, &obstacles, &placed);
                        placed.push((at, bw.0, bw.1));
                        // Over the pieces, on a backing of the paper colour.
                        l.top.push(
                            Element::new(
                                Shape::Rect {
                                    at: at.offset(-tw / 2.0 - th * 0.2, -th * 0.65),
                                    w: tw + th * 0.4,
                                    h: th * 1.3,
                                },
                                Paint::fill(self.theme.background).with_opacity(0.85),
                                "promotion-backing",
                            )
                            .with("cell", topo.name(d.cell)),
                        );
                        l.top.push(
                            text(
                                label.clone(),
                                at,
                                th,
                                Anchor::Middle,
                                self.theme.title_font,
                                self.theme.dot,
                                "promotion",
                            )
                            .with("cell", topo.name(d.cell)),
                        );
                    }
                }
                // Castling: the rook's jump, along the rank the other way, dashed.
                for m in &d.moves {
                    if let crate::rules::movegen::MoveKind::Castle(k) = m.kind
                        && let Some(way) = self.pos.tables().castling(piece.color, k)
                        && let Some(route) = ride_to(topo, way.rook_from, way.dir.reverse(), way.rook_to)
                    {
                        let paint = Paint { dash: Some(vec![lw * 2.5, lw * 2.0]), ..line.clone() };
                        let data = [
                            ("from", topo.name(way.rook_from)),
                            ("to", topo.name(way.rook_to)),
                            ("castling", k.notation().to_string()),
                        ];
                        let pieces = rook_jump(layout, topo, &route);
                        push_route(&mut marks, &pieces, paint.clone(), "castling-rook", &data, &|at| {
                            port(at, self.theme.route, lw)
                        });
                        push_far(&mut marks, layout.far_route(topo, &route), paint, "castling-rook", &data);
                        // Where the rook lands: a square frame round the cell (the king's own
                        // dot may be there too, for its ordinary step).
                        for at in layout.centres(topo, way.rook_to) {
                            let k2 = layout.cell_size(topo, way.rook_to) * 0.36;
                            marks.push(
                                Element::new(
                                    Shape::Rect { at: at.offset(-k2, -k2), w: 2.0 * k2, h: 2.0 * k2 },
                                    Paint {
                                        dash: Some(vec![lw * 1.6, lw * 1.2]),
                                        ..Paint::stroke(line_colour(&line), lw)
                                    },
                                    "rook-landing",
                                )
                                .with("cell", topo.name(way.rook_to))
                                .with("castling", k.notation().to_string()),
                            );
                        }
                    }
                }
            }
            if let Some(e) = expected {
                let found: Vec<Cell> = dests.iter().map(|d| d.cell).collect();
                let missing: Vec<Cell> = e.iter().copied().filter(|c| !found.contains(c)).collect();
                for &c in &missing {
                    for at in layout.centres(topo, c) {
                        dots.push(dot(layout, topo, self.theme, c, at, false, DotKind::Missing));
                    }
                }
                let agreed = found.iter().filter(|c| e.contains(c)).count();
                legend = Some([agreed, missing.len(), found.len() - agreed]);
            }
            marks.extend(dots);
            let names: Vec<String> = dests.iter().map(|d| topo.name(d.cell)).collect();
            let caps: Vec<String> = dests.iter().filter(|d| d.capture).map(|d| topo.name(d.cell)).collect();
            let only = match only_to {
                Some(t) => format!(" to {}", topo.name(t)),
                None => String::new(),
            };
            let mut s = format!(
                "Moves of the {} {} on {}{only}: {} destination{} ({})",
                self.pos.variant().color_name(piece.color),
                self.pos.variant().role_name(piece.role),
                topo.name(from),
                dests.len(),
                if dests.len() == 1 { "" } else { "s" },
                names.join(", ")
            );
            if !caps.is_empty() {
                s += &format!("; captures on {}", caps.join(", "));
            }
            if let (Some(e), Some([agreed, missing, extra])) = (expected, legend) {
                s += &format!(
                    "; checked against {} expected: {agreed} agreed, {missing} missing, {extra} extra",
                    e.len()
                );
            }
            described_moves.push(s + ".");
        }
        spread_shared_dots(&mut marks);
        for &ArrowMark { from: a, to: b, colour } in &self.overlay.arrows {
            let Some(route) = arrow_route_in(self.pos, a, b) else { continue };
            let lw = line.stroke.map_or(2.0, |s| s.1) * 1.3;
            let colour = colour.unwrap_or(self.theme.arrow);
            let paint = Paint::stroke(colour, lw).rounded();
            let mut pieces = layout.route(topo, &route);
            // The head only where the arrow's end is shown (not at the limb of a globe).
            let head = if layout.centres(topo, b).is_empty() { None } else { arrow_head(&mut pieces, lw * 4.5) };
            let data = [("from", topo.name(a)), ("to", topo.name(b))];
            push_route(&mut marks, &pieces, paint.clone(), "arrow", &data, &|at| port(at, colour, lw));
            push_far(&mut marks, layout.far_route(topo, &route), paint, "arrow", &data);
            if let Some(tri) = head {
                marks.push(
                    Element::new(Shape::Path(tri), Paint::fill(colour), "arrow-head")
                        .with("from", topo.name(a))
                        .with("to", topo.name(b)),
                );
            }
        }
        Marks { elements: marks, described: described_moves, legend }
    }
}

/// Every loop and part of a loop of an overlay, with what to call it.
pub(super) fn overlay_loops(topo: &Topology, overlay: &Overlay) -> Vec<(Route, Dir, Option<Cell>)> {
    let whole = overlay.loops.iter().filter_map(|&(c, d)| ride_to(topo, c, d, c).map(|r| (r, d, None)));
    let parts = overlay.paths.iter().filter_map(|&(c, d, u)| ride_to(topo, c, d, u).map(|r| (r, d, Some(u))));
    whole.chain(parts).collect()
}

/// How a destination is marked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum DotKind {
    /// An ordinary move dot.
    Plain,
    /// Check mode: found by the core and expected by the source.
    Agreed,
    /// Check mode: expected by the source, not found by the core.
    Missing,
    /// Check mode: found by the core, not expected by the source.
    Extra,
}

fn dot(
    layout: &dyn Projection,
    topo: &Topology,
    theme: &Theme,
    cell: Cell,
    at: Pt,
    capture: bool,
    kind: DotKind,
) -> Element {
    let size = layout.cell_size(topo, cell);
    dot_shape(theme, at, size, capture, kind).with("cell", topo.name(cell))
}

/// A destination mark: a dot (ringed for a capture); in check mode agreed dots are the plain ones,
/// missing ones a crossed ring, extra ones a square.
pub(super) fn dot_shape(theme: &Theme, at: Pt, size: f64, capture: bool, kind: DotKind) -> Element {
    let r = size * theme.dot_radius;
    let w = (r * 0.55).max(1.0);
    match (kind, capture) {
        (DotKind::Missing, _) => {
            let k = r * 1.25;
            let d = k * std::f64::consts::FRAC_1_SQRT_2;
            let mut cmds = vec![
                PathCmd::Move(at.offset(k, 0.0)),
                PathCmd::Arc { r: k, large: false, sweep: true, to: at.offset(-k, 0.0) },
                PathCmd::Arc { r: k, large: false, sweep: true, to: at.offset(k, 0.0) },
                PathCmd::Close,
            ];
            cmds.extend([
                PathCmd::Move(at.offset(-d, -d)),
                PathCmd::Line(at.offset(d, d)),
                PathCmd::Move(at.offset(-d, d)),
                PathCmd::Line(at.offset(d, -d)),
            ]);
            Element::new(Shape::Path(cmds), Paint::stroke(theme.missing, w).rounded(), "dot missing")
        }
        (DotKind::Extra, _) => {
            let k = r * 1.15;
            let mut e = Element::new(
                Shape::Rect { at: at.offset(-k, -k), w: 2.0 * k, h: 2.0 * k },
                Paint::fill(theme.extra),
                if capture { "dot extra capture" } else { "dot extra" },
            );
            if capture {
                e.paint = e.paint.with_stroke(theme.capture, w);
            }
            e
        }
        (kind, true) => {
            let class = if kind == DotKind::Agreed { "dot agreed capture" } else { "dot capture" };
            let paint = Paint {
                dash: crate::draw::theme::Theme::dash(&theme.capture_dash, w),
                ..Paint::stroke(theme.capture, w)
            };
            Element::new(Shape::Circle { c: at, r: size * 0.47 }, paint, class)
        }
        (kind, false) => {
            let class = if kind == DotKind::Agreed { "dot agreed" } else { "dot" };
            Element::new(Shape::Circle { c: at, r }, Paint::fill(theme.dot), class)
        }
    }
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
    let start = first.1.atan2(first.0);
    let gap = |c: Pt, o: Pt, (ow, oh): (f64, f64)| {
        let dx = ((o.x - c.x).abs() - (w + ow) / 2.0).max(0.0);
        let dy = ((o.y - c.y).abs() - (h + oh) / 2.0).max(0.0);
        dx.hypot(dy)
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
        let (dx, dy) = (a.cos(), a.sin());
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

fn line_colour(p: &Paint) -> Rgb {
    p.stroke.map_or(Rgb::BLACK, |s| s.0)
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

/// A destination mark in a piece's own colour: a dot filled with it and outlined in the theme's
/// dot colour, a capture ring stroked with it; marked `data-colour`.
fn coloured_dot(mut e: Element, colour: Rgb, theme: &Theme) -> Element {
    match (e.paint.fill, e.paint.stroke) {
        (Some(_), _) => {
            let w = match e.shape {
                Shape::Circle { r, .. } => (r * 0.3).max(0.8),
                _ => 1.0,
            };
            e.paint = Paint::fill(colour).with_stroke(theme.dot, w);
        }
        (None, Some((_, w))) => e.paint.stroke = Some((colour, w)),
        (None, None) => {}
    }
    e.with("colour", colour.hex())
}

/// Where several pieces, each in its own colour, can reach the same cell, their dots would lie
/// on top of each other and only the last colour would show (seed 003's general and chariot share
/// d1 and f1). Such dots are set side by side across the cell, in the order the overlay names the
/// pieces, each keeping its own size; a cell marked by one piece keeps its dot in the middle.
fn spread_shared_dots(marks: &mut [Element]) {
    let key = |e: &Element| -> Option<(String, i64, i64, f64)> {
        let Shape::Circle { c, r } = e.shape else { return None };
        let has = |k: &str| e.data.iter().any(|(key, _)| *key == k);
        if !(e.class.starts_with("dot") && has("colour") && has("from")) {
            return None;
        }
        let cell = e.data.iter().find(|(k, _)| *k == "cell")?.1.clone();
        Some((cell, (c.x * 64.0).round() as i64, (c.y * 64.0).round() as i64, r))
    };
    let mut groups: Vec<((String, i64, i64), Vec<usize>)> = Vec::new();
    for (i, e) in marks.iter().enumerate() {
        let Some((cell, x, y, _)) = key(e) else { continue };
        match groups.iter_mut().find(|(k, _)| *k == (cell.clone(), x, y)) {
            Some((_, members)) => members.push(i),
            None => groups.push(((cell, x, y), vec![i])),
        }
    }
    let from = |e: &Element| e.data.iter().find(|(k, _)| *k == "from").map(|(_, v)| v.clone());
    for (_, mut members) in groups {
        // One dot a piece: a piece's own second dot at the same spot is not spread.
        let mut seen = Vec::new();
        members.retain(|&i| {
            let f = from(&marks[i]);
            let new = !seen.contains(&f);
            seen.push(f);
            new
        });
        if members.len() < 2 {
            continue;
        }
        let step = members.iter().filter_map(|&i| key(&marks[i]).map(|k| k.3)).fold(0.0, f64::max) * 2.3;
        let mid = (members.len() - 1) as f64 / 2.0;
        for (n, &i) in members.iter().enumerate() {
            if let Shape::Circle { c, .. } = &mut marks[i].shape {
                *c = c.offset((n as f64 - mid) * step, 0.0);
            }
        }
    }
}

/// Adds a route's pieces as polylines, with a port marker wherever it is broken.
fn push_route(
    out: &mut Vec<Element>,
    pieces: &[Vec<Pt>],
    paint: Paint,
    class: &str,
    data: &[(&'static str, String)],
    port: &dyn Fn(Pt) -> Element,
) {
    let whole = crate::draw::prefix::Tail {
        continues: None,
        pieces: pieces.iter().cloned().enumerate().collect(),
        starts_piece: true,
    };
    push_tail(out, &whole, pieces.len(), paint, class, data, port);
}

/// Adds the pieces a route draws (of `n` pieces in all) as polylines, numbered as parts of the
/// whole route, with a port marker wherever the whole route is broken along them.
fn push_tail(
    out: &mut Vec<Element>,
    tail: &crate::draw::prefix::Tail,
    n: usize,
    paint: Paint,
    class: &str,
    data: &[(&'static str, String)],
    port: &dyn Fn(Pt) -> Element,
) {
    for (i, p) in &tail.pieces {
        let mut e = Element::new(Shape::Polyline(p.clone()), paint.clone(), class);
        for (k, v) in data {
            e = e.with(k, v.clone());
        }
        if n > 1 {
            e = e.with("part", format!("{}/{}", i + 1, n));
        }
        out.push(e);
    }
    for (k, (i, p)) in tail.pieces.iter().enumerate() {
        if i + 1 < n
            && let Some(&end) = p.last()
        {
            out.push(port(end));
        }
        if *i > 0
            && (k > 0 || tail.starts_piece)
            && let Some(&start) = p.first()
        {
            out.push(port(start));
        }
    }
}

/// Adds the hidden parts of a route that a view shows faintly (a ghosted globe's far side):
/// thin, dashed, translucent, marked `data-far`.
fn push_far(out: &mut Vec<Element>, pieces: Vec<Vec<Pt>>, paint: Paint, class: &str, data: &[(&'static str, String)]) {
    let lw = paint.stroke.map_or(1.0, |s| s.1) * 0.6;
    let col = paint.stroke.map_or(Rgb::BLACK, |s| s.0);
    let far = Paint { dash: Some(vec![lw * 3.0, lw * 2.5]), ..Paint::stroke(col, lw).rounded() }.with_opacity(0.45);
    for p in pieces {
        let mut e = Element::new(Shape::Polyline(p), far.clone(), class).with("far", "true");
        for (k, v) in data {
            e = e.with(k, v.clone());
        }
        out.push(e);
    }
}

/// A knight's leap drawn as a curve: a piece of its route that turns a corner becomes the
/// quadratic Bézier from its first to its last point bent towards the corner. Leaps that share
/// a leg (d1-d2 to b2 and to f2) would otherwise merge into one straight line; as curves each
/// leaves the piece on its own arc and each corner shows as its bend. A whole leap without a
/// corner that passes over a cell on the way (a leap from a pole, whose two legs lie on one meridian on
/// the hemispheres) is bowed to the left of its way by a fifth of its length, so that it does not
/// read as a rook's slide through the nearer cell's dot. A piece of a route cut at the board's
/// edge or a pole (`whole` false) stays straight when it has no corner.
fn leap_curve(points: &mut Vec<Pt>, unit: f64, whole: bool) {
    let (Some(&a), Some(&c)) = (points.first(), points.last()) else { return };
    let chord = a.dist(c).max(1e-9);
    // The corner: the point farthest from the chord.
    let off = |p: Pt| ((c.x - a.x) * (p.y - a.y) - (c.y - a.y) * (p.x - a.x)).abs() / chord;
    let Some(&b) = points.iter().max_by(|p, q| off(**p).total_cmp(&off(**q))) else { return };
    let b = if off(b) >= 0.25 * unit {
        // Pulled towards the corner, a little along the second leg: leaps that share a corner
        // (d1 to b1 and to f1, both over S and h1) then leave the piece in different directions.
        b.lerp(c, 0.3)
    } else if whole && chord > 1.2 * unit {
        // A control point 0.4 of the chord off its middle bows the curve by 0.2 of it.
        let mid = a.lerp(c, 0.5);
        Pt::new(mid.x + 0.4 * (c.y - a.y), mid.y - 0.4 * (c.x - a.x))
    } else {
        return;
    };
    const N: usize = 24;
    *points = (0..=N)
        .map(|i| {
            let t = i as f64 / N as f64;
            let (u, w) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t));
            Pt::new(u * a.x + w * b.x + t * t * c.x, u * a.y + w * b.y + t * t * c.y)
        })
        .collect();
}

/// Shortens the last piece of an arrow by the head's length and returns the head triangle.
fn arrow_head(pieces: &mut [Vec<Pt>], len: f64) -> Option<Vec<PathCmd>> {
    let last = pieces.last_mut()?;
    let tip = *last.last()?;
    // Walk back to the point `len` before the tip.
    let mut back = tip;
    while last.len() >= 2 {
        let prev = last[last.len() - 2];
        let d = prev.dist(tip);
        if d >= len {
            back = tip.lerp(prev, len / d);
            let n = last.len();
            last[n - 1] = back;
            break;
        }
        last.pop();
        back = prev;
    }
    let (dx, dy) = (tip.x - back.x, tip.y - back.y);
    let l = dx.hypot(dy).max(1e-9);
    let (nx, ny) = (-dy / l * len * 0.45, dx / l * len * 0.45);
    Some(vec![
        PathCmd::Move(tip),
        PathCmd::Line(back.offset(nx, ny)),
        PathCmd::Line(back.offset(-nx, -ny)),
        PathCmd::Close,
    ])
}
