//! The marks of a figure — dots, routes, loops, castling rooks, arrows — drawn once for every
//! view through its [`Projection`]: what a view cannot show it leaves out of the centres and
//! route pieces it returns, and nothing here asks which view it is.

use super::{ArrowMark, Layers, Overlay, Painter};
use crate::draw::geometry::Projection;
use crate::draw::scene::{Element, Paint, PathCmd, Pt, Rgb, Shape};
use crate::draw::theme::Theme;
use crate::rules::piece::Piece;
use crate::rules::routes::{Route, arrow_route_in, ride_to};
use crate::rules::topology::{Cell, Dir, Topology};

/// A capture ring's radius, in its cell's size: what label avoidance keeps clear of it too
/// (`busy`).
pub(super) const CAPTURE_RING: f64 = 0.47;

/// The marks of a figure, and what the description and legend say of them.
pub(super) struct Marks {
    pub(super) elements: Vec<Element>,
    pub(super) described: Vec<String>,
    pub(super) legend: Option<[usize; 3]>,
    /// Which of `elements`, and which of the elements added to the top layer, mark the overlay's
    /// `moves` (an interactive figure shows them until the reader picks another piece).
    pub(super) moves: std::ops::Range<usize>,
    pub(super) moves_top: std::ops::Range<usize>,
    /// The overlay's arrows: drawn after every route and dot (those of an interactive figure's
    /// pieces too), a reader's marks over the figure.
    pub(super) arrows: Vec<Element>,
}

impl Painter<'_> {
    /// The marks over the cells: the last move, the checked king's ring (into `l.decor`), loops,
    /// each marked piece's routes and dots (with promotion labels into `l.top`, and castling
    /// rooks); and apart, the arrows. Labels that must stay readable go on top.
    pub(super) fn marks(&self, layout: &dyn Projection, l: &mut Layers) -> Marks {
        let cx = Ctx::new(self, layout);
        let mut marks: Vec<Element> = Vec::new();
        cx.lastmove(&mut marks);
        cx.check_ring(l);
        cx.loops(&mut marks);
        let mut described = Vec::new();
        let mut legend: Option<[usize; 3]> = None;
        let (moves_from, top_from) = (marks.len(), l.top.len());
        for (mi, mark) in self.overlay.moves.iter().enumerate() {
            if let Some((text, counts)) = cx.piece_moves(mi, mark, &mut marks, l) {
                described.push(text);
                legend = counts.or(legend);
            }
        }
        spread_shared_dots(&mut marks);
        let (moves, moves_top) = (moves_from..marks.len(), top_from..l.top.len());
        let mut arrows = Vec::new();
        cx.arrows(&mut arrows);
        let moves = dots_on_top(&mut marks, moves);
        Marks { elements: marks, described, legend, moves, moves_top, arrows }
    }
}

/// What every mark is drawn with: the figure, its view's projection, and the route line.
pub(super) struct Ctx<'a> {
    pub(super) p: &'a Painter<'a>,
    pub(super) layout: &'a dyn Projection,
    pub(super) topo: &'a Topology,
    pub(super) line: Paint,
}

impl<'a> Ctx<'a> {
    fn new(p: &'a Painter<'a>, layout: &'a dyn Projection) -> Ctx<'a> {
        let unit = layout.unit();
        let line = Paint::stroke(p.theme.route, p.theme.route_width * unit / 40.0 + 0.6).rounded();
        Ctx { p, layout, topo: &p.topo, line }
    }

    /// The route line's width.
    pub(super) fn lw(&self) -> f64 {
        self.line.stroke.map_or(2.0, |s| s.1)
    }

    /// A port: where a route leaves the drawing at one edge (or pole) to come back at another.
    pub(super) fn port(&self, at: Pt, col: Rgb, lw: f64) -> Element {
        Element::new(
            Shape::Circle { c: at, r: lw * 1.8 },
            Paint::fill(self.p.theme.background).with_stroke(col, lw),
            "port",
        )
    }

    /// The move that led to the position: the piece now on `to` reaches back to `from` the way it
    /// came (a pawn, which cannot move back, by the file: the shortest way).
    fn lastmove(&self, marks: &mut Vec<Element>) {
        let (p, topo) = (self.p, self.topo);
        let Some((from, to)) = p.overlay.lastmove else { return };
        let lw = self.lw();
        let Some(pieces) = lastmove_drawing(self.layout, lw, p.pos, (from, to)) else { return };
        let paint = Paint::stroke(p.theme.route, lw).rounded().with_opacity(0.6);
        push_route(marks, &pieces, paint, "lastmove", &[("from", topo.name(from)), ("to", topo.name(to))], &|at| {
            self.port(at, p.theme.route, lw)
        });
    }

    /// The side to move's king ringed when it is in check (unless the overlay hides it).
    fn check_ring(&self, l: &mut Layers) {
        let (p, topo, layout) = (self.p, self.topo, self.layout);
        if p.overlay.hide_check || !p.pos.in_check() {
            return;
        }
        let Some(king) = p.pos.king(p.pos.turn()) else { return };
        for at in layout.centres(topo, king) {
            let r = layout.cell_size(topo, king) * 0.5;
            let mut ring = Element::new(
                Shape::Circle { c: at, r },
                Paint::fill(p.theme.missing).with_opacity(0.45).with_stroke(p.theme.missing, (r * 0.12).max(1.0)),
                "check",
            )
            .with("cell", topo.name(king));
            ring.paint.round = true;
            l.decor.push(ring);
        }
    }

    /// Loops and parts of loops: the ride drawn, its start ringed, a dot on every cell it reaches.
    fn loops(&self, marks: &mut Vec<Element>) {
        let (p, topo, layout) = (self.p, self.topo, self.layout);
        for (li, (route, dir, until)) in overlay_loops(topo, p.overlay).into_iter().enumerate() {
            let cell = route.from;
            let lw = self.lw();
            let paint = Paint {
                dash: crate::draw::theme::Theme::dash(&p.theme.loop_dash, lw),
                ..Paint::stroke(p.theme.loop_, lw).rounded()
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
            push_route(marks, &pieces, paint.clone(), "loop", &data, &|at| self.port(at, p.theme.loop_, lw));
            if let Some(tri) = head {
                let mut e = Element::new(Shape::Path(tri), Paint::fill(p.theme.loop_), "loop-head");
                for (k, v) in &data {
                    e = e.with(k, v.clone());
                }
                marks.push(e);
            }
            push_far(marks, layout.far_route(topo, &route), paint, "loop", &data);
            // The start ringed, and a dot on every cell the ride reaches, each where the ride
            // arrives (on the chart, in the copy it arrives in).
            for at in layout.centres(topo, cell) {
                let r = layout.cell_size(topo, cell) * 0.46;
                marks.push(
                    Element::new(Shape::Circle { c: at, r }, Paint::stroke(p.theme.loop_, lw * 1.2), "loop-start")
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
                let near = layout.destination_marks(topo, c, &[layout.route(topo, &prefix)]);
                let far = if near.is_empty() { layout.far_centres(topo, c) } else { Vec::new() };
                for (at, faint) in near.into_iter().map(|at| (at, false)).chain(far.into_iter().map(|at| (at, true))) {
                    let e = dot(layout, topo, p.theme, c, at, false, DotKind::Plain).with("loop", li.to_string());
                    marks.push(if faint { far_dot(e) } else { e });
                }
            }
        }
    }

    /// Arrows: along the move's route when the piece can make it, with a head where the end is
    /// shown (not at the limb of a globe).
    fn arrows(&self, marks: &mut Vec<Element>) {
        let (p, topo, layout) = (self.p, self.topo, self.layout);
        for &ArrowMark { from: a, to: b, colour } in &p.overlay.arrows {
            let Some(route) = arrow_route_in(p.pos, a, b) else { continue };
            let lw = self.lw() * 1.3;
            let colour = colour.unwrap_or(p.theme.arrow);
            let paint = Paint::stroke(colour, lw).rounded();
            let mut pieces = layout.route(topo, &route);
            // Where the route ends on the target's centre (not at a globe's limb, the target
            // behind it).
            let centres = layout.centres(topo, b);
            let end =
                pieces.last().and_then(|l| l.last().copied()).filter(|e| centres.iter().any(|c| c.dist(*e) < 1e-6));
            if let Some(bx) = end.and_then(|at| p.piece_box(layout, b, at)) {
                stop_at_box(&mut pieces, bx);
            }
            // Where the arrow leaves the side in sight (a globe's limb) at either end, it ends
            // at a port, as a route does where it is cut (`game-dot-pole-mate`'s red arrow ran
            // off the limb with neither port nor head).
            let starts = layout.centres(topo, a);
            let first = pieces.first().and_then(|l| l.first().copied());
            let near = layout.cell_size(topo, a) * 0.3;
            let cut_start = first.filter(|s| !starts.iter().any(|c| c.dist(*s) < near));
            let cut_end = pieces.last().and_then(|l| l.last().copied()).filter(|_| end.is_none());
            let head = if layout.centres(topo, b).is_empty() { None } else { arrow_head(&mut pieces, lw * 4.5) };
            let data = [("from", topo.name(a)), ("to", topo.name(b))];
            push_route(marks, &pieces, paint.clone(), "arrow", &data, &|at| self.port(at, colour, lw));
            marks.extend(cut_start.into_iter().chain(cut_end).map(|at| self.port(at, colour, lw)));
            push_far(marks, layout.far_route(topo, &route), paint, "arrow", &data);
            if let Some(tri) = head {
                marks.push(
                    Element::new(Shape::Path(tri), Paint::fill(colour), "arrow-head")
                        .with("from", topo.name(a))
                        .with("to", topo.name(b)),
                );
            }
        }
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

pub(super) fn dot(
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
            Element::new(Shape::Circle { c: at, r: size * CAPTURE_RING }, paint, class)
        }
        (kind, false) => {
            let class = if kind == DotKind::Agreed { "dot agreed" } else { "dot" };
            Element::new(Shape::Circle { c: at, r }, Paint::fill(theme.dot), class)
        }
    }
}

pub(super) fn line_colour(p: &Paint) -> Rgb {
    p.stroke.map_or(Rgb::BLACK, |s| s.0)
}

/// Every destination dot after every other mark (but the arrows, drawn after them), keeping each
/// group's order: a route, loop or port of one piece never runs over the dot of another (or of a
/// longer route of the same piece), whatever order the overlay names them in. The overlay's own moves (`moves`, the
/// range an interactive figure groups) stay together: the other marks' lines, then the moves'
/// lines and dots, then the other marks' dots. Returns where the moves now stand.
fn dots_on_top(marks: &mut Vec<Element>, moves: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let is_dot = |e: &Element| e.class.split_whitespace().any(|c| c == "dot");
    let all = std::mem::take(marks);
    let (mut others_lines, mut others_dots, mut move_lines, mut move_dots) = (vec![], vec![], vec![], vec![]);
    for (i, e) in all.into_iter().enumerate() {
        match (moves.contains(&i), is_dot(&e)) {
            (false, false) => others_lines.push(e),
            (false, true) => others_dots.push(e),
            (true, false) => move_lines.push(e),
            (true, true) => move_dots.push(e),
        }
    }
    let start = others_lines.len();
    let end = start + move_lines.len() + move_dots.len();
    marks.extend(others_lines.into_iter().chain(move_lines).chain(move_dots).chain(others_dots));
    start..end
}

/// A destination mark in a piece's own colour: a dot filled with it, a capture ring stroked with
/// it; marked `data-colour`. A dot is outlined in the theme's dot colour, or in the paper's when
/// its own colour is dark (seed 003's brown, violet and dark green), so that it stands out on a
/// dark square as on a light one.
pub(super) fn coloured_dot(mut e: Element, colour: Rgb, theme: &Theme) -> Element {
    match (e.paint.fill, e.paint.stroke) {
        (Some(_), _) => {
            let w = match e.shape {
                Shape::Circle { r, .. } => (r * 0.3).max(0.8),
                _ => 1.0,
            };
            let outline = if colour.luminance() < 0.3 { theme.background } else { theme.dot };
            e.paint = Paint::fill(colour).with_stroke(outline, w);
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
            let Shape::Circle { c: old, .. } = marks[i].shape else { continue };
            let new = old.offset((n as f64 - mid) * step, 0.0);
            if let Shape::Circle { c, .. } = &mut marks[i].shape {
                *c = new;
            }
            if let (Some(f), Some(cell)) = (from(&marks[i]), data_of(&marks[i], "cell")) {
                follow_dot(marks, &f, &cell, old, new);
            }
        }
    }
}

fn data_of(e: &Element, key: &str) -> Option<String> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())
}

/// The routes (and their casings) of the piece on `from` that end on `cell` at `old` end at `new`
/// instead: where dots of several pieces share a cell, each piece's routes arrive at its own dot,
/// not between them (the xiangqi elephant's routes ended at the cannon's dot).
fn follow_dot(marks: &mut [Element], from: &str, cell: &str, old: Pt, new: Pt) {
    for e in marks.iter_mut() {
        let line = e.class.split_whitespace().any(|c| c == "route" || c == "route-casing");
        if !line || data_of(e, "from").as_deref() != Some(from) || data_of(e, "to").as_deref() != Some(cell) {
            continue;
        }
        if let Shape::Polyline(pts) = &mut e.shape
            && let Some(last) = pts.last_mut()
            && last.dist(old) < 1e-6
        {
            *last = new;
        }
    }
}

/// Adds a route's pieces as polylines, with a port marker wherever it is broken.
pub(super) fn push_route(
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
pub(super) fn push_tail(
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
/// A dot on the far side of a ghost globe, seen through the ball as its routes are: as faint as
/// they are, `class="dot far"`, `data-far="true"`.
pub(super) fn far_dot(mut e: Element) -> Element {
    e.paint = e.paint.with_opacity(0.45);
    e.class += " far";
    e.with("far", "true")
}

pub(super) fn push_far(
    out: &mut Vec<Element>,
    pieces: Vec<Vec<Pt>>,
    paint: Paint,
    class: &str,
    data: &[(&'static str, String)],
) {
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
    *points = quadratic(a, b, c);
}

/// Each route of a piece (`all`, with the destination each leads to) as the pieces of line it is
/// drawn in: a knight's leaps curved, and bowed clear of the dots in `avoid` but their own
/// destination's (a leap passes over no cell; [`leap_avoid`]). The ground asks for them too, to
/// keep its writing off the lines as they are drawn (`busy.rs`).
pub(super) fn route_drawings(
    layout: &dyn Projection,
    topo: &Topology,
    piece: Piece,
    all: &[(Cell, &Route)],
    avoid: &[(Cell, Pt, f64)],
) -> Vec<Vec<Vec<Pt>>> {
    let knight = piece.role == crate::rules::piece::Role::Knight;
    all.iter()
        .map(|&(to, r)| {
            let mut pieces = if knight { layout.leap(topo, r) } else { layout.route(topo, r) };
            if knight {
                let whole = pieces.len() == 1;
                let others: Vec<(Pt, f64)> = avoid.iter().filter(|d| d.0 != to).map(|d| (d.1, d.2)).collect();
                pieces.iter_mut().for_each(|p| {
                    leap_curve(p, layout.unit(), whole);
                    leap_clear_of(p, &others);
                });
            }
            pieces
        })
        .collect()
}

/// The last move (`from`, `to`) as the pieces of line it is drawn in, from the piece now on `to`
/// back to where it came from: the way it came (a pawn, which cannot move back, by the file).
/// A knight's leap is drawn as the move figures draw it ([`route_drawings`]): curved, and kept
/// off every other piece (as a right-angle L it ran through the queen on b3 in the opera replay,
/// and read as that piece's move). `None` where no route joins them. The ground keeps its writing
/// off the line as drawn (`busy.rs`).
pub(super) fn lastmove_drawing(
    layout: &dyn Projection,
    lw: f64,
    pos: &crate::rules::position::Position,
    (from, to): (Cell, Cell),
) -> Option<Vec<Vec<Pt>>> {
    let topo = pos.topology();
    let route = arrow_route_in(pos, to, from)?;
    let Some(knight) = pos.piece_at(to).filter(|p| p.role == crate::rules::piece::Role::Knight) else {
        return Some(layout.route_to_left(topo, &route));
    };
    // Every other piece, as far as a line must keep from its middle to stay off its outline.
    let mut avoid = Vec::new();
    for (cell, _) in pos.pieces().filter(|&(c, _)| c != to && c != from) {
        let r = layout.cell_size(topo, cell) * 0.42 + lw / 2.0;
        avoid.extend(layout.centres(topo, cell).into_iter().map(|at| (cell, at, r)));
    }
    route_drawings(layout, topo, knight, &[(from, &route)], &avoid).pop()
}

/// The dots the leaps of the overlay's `i`th marked piece keep off, when it is a knight (else
/// none): the dots of all its destinations, of every other marked piece's and of the overlay's
/// loops (`12`'s figures mark one piece; generated figures' knights leapt a3–c4 over the dot of
/// a pawn's b3, h2–b3 over a loop's dot on a2). Each as where it stands and how far a line `lw`
/// wide must keep from its centre to stay off it (the dot's radius, half the route's width and
/// half a unit).
pub(super) fn leap_avoid(
    layout: &dyn Projection,
    theme: &Theme,
    lw: f64,
    pos: &crate::rules::position::Position,
    overlay: &Overlay,
    i: usize,
) -> Vec<(Cell, Pt, f64)> {
    let topo = pos.topology();
    let knight = overlay.moves.get(i).and_then(|m| pos.piece_at(m.from));
    if knight.is_none_or(|p| p.role != crate::rules::piece::Role::Knight) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for j in 0..overlay.moves.len() {
        if j != i && pos.piece_at(overlay.moves[j].from).is_none() {
            continue;
        }
        for d in overlay.destinations_of(pos, j) {
            let r = layout.cell_size(topo, d.cell) * theme.dot_radius + lw / 2.0 + 0.5;
            out.extend(layout.centres(topo, d.cell).into_iter().map(|at| (d.cell, at, r)));
        }
    }
    // A loop's dots, on each cell it reaches, where the ride arrives.
    for (route, _, _) in overlay_loops(topo, overlay) {
        for k in 0..route.steps.len() {
            let c = route.steps[k].cell;
            let prefix = Route { from: route.from, steps: route.steps[..=k].to_vec() };
            let r = layout.cell_size(topo, c) * theme.dot_radius + lw / 2.0 + 0.5;
            let at = layout.destination_marks(topo, c, &[layout.route(topo, &prefix)]);
            out.extend(at.into_iter().map(|p| (c, p, r)));
        }
    }
    out
}

/// A knight's leap kept off the dots of its other destinations (docs/rules.md §5.4): a leap passes
/// over no cell, so where its curve runs over another destination's dot (from a live pole on the
/// single board, the leap to c5 bent towards its corner c6 runs over c6's dot) it is bowed
/// instead, to one side of its way or the other, a little more each try, until it keeps clear of
/// every one of them; when no bow does, the one that keeps farthest is kept. `avoid` holds each
/// dot's centre and the distance a line must keep from it.
fn leap_clear_of(points: &mut Vec<Pt>, avoid: &[(Pt, f64)]) {
    let (Some(&a), Some(&c)) = (points.first(), points.last()) else { return };
    // How far the line keeps clear (negative: how far it runs into a dot), beyond its two ends.
    let clearance = |pts: &[Pt]| -> f64 {
        avoid
            .iter()
            .filter(|(q, r)| q.dist(a) > *r && q.dist(c) > *r)
            .map(|&(q, r)| pts.windows(2).map(|w| segment_distance(q, w[0], w[1])).fold(f64::INFINITY, f64::min) - r)
            .fold(f64::INFINITY, f64::min)
    };
    if clearance(points) >= 0.0 {
        return;
    }
    let mid = a.lerp(c, 0.5);
    let mut best = (clearance(points), points.clone());
    for k in [0.25, -0.25, 0.4, -0.4, 0.55, -0.55, 0.7, -0.7] {
        let ctrl = Pt::new(mid.x + k * (c.y - a.y), mid.y - k * (c.x - a.x));
        let curve = quadratic(a, ctrl, c);
        let clear = clearance(&curve);
        if clear >= 0.0 {
            *points = curve;
            return;
        }
        if clear > best.0 {
            best = (clear, curve);
        }
    }
    *points = best.1;
}

/// The quadratic Bézier from `a` to `c` with control point `b`, as 25 points.
fn quadratic(a: Pt, b: Pt, c: Pt) -> Vec<Pt> {
    const N: usize = 24;
    (0..=N)
        .map(|i| {
            let t = i as f64 / N as f64;
            let (u, w) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t));
            Pt::new(u * a.x + w * b.x + t * t * c.x, u * a.y + w * b.y + t * t * c.y)
        })
        .collect()
}

/// The distance from `p` to the segment `a`–`b`.
fn segment_distance(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-12)).clamp(0.0, 1.0);
    p.dist(Pt::new(a.x + dx * t, a.y + dy * t))
}

/// Shortens the last piece of an arrow by the head's length and returns the head triangle.
/// Cuts a route's end back to where it enters a box (the piece it ends on, top left and bottom
/// right), so that an arrowhead's tip touches the piece instead of lying under it. A route that
/// does not end inside the box, or never leaves it, is left whole.
fn stop_at_box(pieces: &mut [Vec<Pt>], (lo, hi): (Pt, Pt)) {
    let inside = |p: Pt| p.x > lo.x && p.x < hi.x && p.y > lo.y && p.y < hi.y;
    let Some(last) = pieces.last_mut() else { return };
    if !last.last().is_some_and(|&p| inside(p)) || last.iter().all(|&p| inside(p)) {
        return;
    }
    while last.len() >= 2 && inside(last[last.len() - 2]) {
        last.pop();
    }
    let n = last.len();
    let (mut out, mut inn) = (last[n - 2], last[n - 1]);
    // The edge by halving: the segment runs from outside the box to inside it.
    for _ in 0..40 {
        let mid = out.lerp(inn, 0.5);
        if inside(mid) { inn = mid } else { out = mid }
    }
    last[n - 1] = out;
}

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
    let l = libm::hypot(dx, dy).max(1e-9);
    let (nx, ny) = (-dy / l * len * 0.45, dx / l * len * 0.45);
    Some(vec![
        PathCmd::Move(tip),
        PathCmd::Line(back.offset(nx, ny)),
        PathCmd::Line(back.offset(-nx, -ny)),
        PathCmd::Close,
    ])
}
