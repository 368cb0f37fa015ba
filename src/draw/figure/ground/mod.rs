//! The ground of a figure: the view's picture of the surface — its cells, the poles, xiangqi's
//! river and palaces, and the coordinates. This is the only layer drawn per view (a sector on the
//! hemispheres, a square on the board, every copy on the chart); the zones and cell names are
//! drawn through the projection like the marks.

mod board;
mod chart;
mod disc;
mod globe;
mod hemispheres;
mod wrap;

use super::{Coordinates, Layers, Layout, Painter, ViewKind, pieces::text};
use crate::draw::geometry::Projection;
use crate::draw::scene::{Anchor, Element, Paint, PathCmd, Pt, Rgb, Shape};
use crate::draw::theme::Theme;
use crate::rules::piece::Color;
use crate::rules::topology::{Cell, Dir, Pole, Topology};

impl Painter<'_> {
    /// The ground layer: the view's cells, poles and edge coordinates, then cell names and the
    /// xiangqi zones.
    pub(super) fn ground(&self, layout: &Layout, l: &mut Layers) {
        match layout {
            Layout::Board(g) => self.board_cells(g, l),
            Layout::Hemi(g) => self.hemi_cells(g, l),
            Layout::Chart(g) => self.chart_cells(g, l),
            Layout::Globe(g) => self.globe_cells(g, l),
            Layout::Disc(g) => self.disc_cells(g, l),
            Layout::Wrap(g) => self.wrap_cells(g, l),
        }
        crate::draw::grid::draw_once(&mut l.cells, &self.grid);
        let proj = layout.projection();
        if self.view.coordinates == Coordinates::Cells {
            self.cell_names(proj, l);
        }
        self.xiangqi_zones(proj, l);
    }

    /// A cell's colour and class: a highlight, else its square colour (tinted in colour mode),
    /// else the pole colour.
    pub(super) fn cell_fill(&self, cell: Cell) -> (Rgb, &'static str) {
        let (topo, theme) = (&self.topo, self.theme);
        let highlight = self.overlay.highlights.iter().rev().find(|(c, _)| *c == cell);
        if let Some((_, col)) = highlight {
            let class = if topo.pole_of(cell).is_some() { "pole highlight" } else { "cell highlight" };
            return (col.unwrap_or(theme.highlight), class);
        }
        if let Some((from, to)) = self.overlay.lastmove
            && (cell == from || cell == to)
        {
            // Half-way between the highlight colour and the square's own, so the square's colour
            // still shows (as lichess and chess.svg tint the last move).
            let own = match topo.is_dark(cell) {
                Some(true) => theme.dark,
                Some(false) => theme.light,
                None => self.pole_fill(topo.pole_of(cell)),
            };
            let class = if topo.pole_of(cell).is_some() { "pole lastmove" } else { "cell lastmove" };
            return (own.mix(theme.highlight, 0.6), class);
        }
        let tinted = matches!(self.view.kind, ViewKind::Chart { tint: true, .. } | ViewKind::Board { tint: true, .. });
        match topo.is_dark(cell) {
            None => (self.pole_fill(topo.pole_of(cell)), "pole"),
            Some(dark) => {
                // A theme with latitude bands fills a rank with its band, light and dark alike.
                let band = topo.coords(cell).and_then(|(_, r)| theme.band(r, topo.height()));
                let base = band.unwrap_or(if dark { theme.dark } else { theme.light });
                let class = if dark { "cell dark" } else { "cell light" };
                if !tinted {
                    return (base, class);
                }
                (tint(topo, theme, cell, base), class)
            }
        }
    }

    /// A pole's own colour. Spherical Chinese Chess colours its poles, the palaces' thrones, as
    /// Neatham's disc does (seed 003): Gold's S dark blue, Red's N light blue — the river's blue
    /// darkened and lightened, so each theme keeps its own hues. Other poles take the theme's
    /// pole colour.
    pub(super) fn pole_fill(&self, pole: Option<Pole>) -> Rgb {
        match pole.filter(|_| self.pos.variant().is_xiangqi() && self.topo.pole_cell(Pole::North).is_some()) {
            Some(Pole::South) => self.theme.river.mix(Rgb(0, 0, 0), 0.35),
            Some(Pole::North) => self.theme.river.mix(Rgb(255, 255, 255), 0.55),
            None => self.theme.pole,
        }
    }

    /// Whether a live pole holds what names it already: a piece, or a circle or cross of the
    /// overlay. A dead pole holds nothing.
    pub(super) fn pole_marked(&self, pole: Pole) -> bool {
        let Some(cell) = self.topo.pole_cell(pole) else { return false };
        let markup = self.overlay.circles.iter().chain(&self.overlay.crosses).any(|&(c, _)| c == cell);
        markup || self.pos.piece_at(cell).is_some()
    }

    /// Whether the letter of a pole drawn as a cap (the hemispheres', the globe's, the single
    /// disc's centre) is left out: where a piece, a circle or a cross stands on the live pole,
    /// its plate at the cap's edge would cut into the piece's base or the ring (docs/rules.md
    /// §5.8), and the piece standing there names the cell.
    pub(super) fn pole_letter_left_out(&self, pole: Pole) -> bool {
        self.pole_marked(pole)
    }

    /// A pole's letter, readable whatever sits on the pole (a piece, a route through it, a dot):
    /// over the pieces and marks, on a round plate of the pole's colour (the letter white on a
    /// dark plate, the text colour on a light one), and at least 11 units high at the essay's
    /// 480-unit width (at a small size the cap alone would give a letter of a few pixels).
    pub(super) fn pole_label(&self, pole: Pole, at: Pt, size: f64, l: &mut Layers) {
        let size = size.max(11.0 * self.view.width / 480.0);
        let fill = self.pole_fill(Some(pole));
        let plate = Paint::fill(fill);
        l.top.push(
            Element::new(Shape::Circle { c: at, r: size * 0.62 }, plate, "pole-label-plate")
                .with("pole", pole.letter().to_string()),
        );
        l.top.push(
            text(
                pole.letter().to_string(),
                at,
                size,
                Anchor::Middle,
                self.theme.title_font,
                if fill == self.theme.pole || fill.luminance() < 0.35 { self.theme.pole_text } else { self.theme.text },
                "pole-label",
            )
            .with("pole", pole.letter().to_string()),
        );
    }

    /// Xiangqi: the river along the boundary between the two halves (on the hemispheres, the rims
    /// of both discs) and the outline of each palace ([`zone_sides`]).
    fn xiangqi_zones(&self, layout: &dyn Projection, l: &mut Layers) {
        let (rw, pw) = zone_widths(layout.unit());
        let river = Paint { dash: Theme::dash(&self.theme.river_dash, rw), ..Paint::stroke(self.theme.river, rw) }
            .rounded()
            .with_opacity(0.85);
        let palace =
            Paint { dash: Theme::dash(&self.theme.palace_dash, pw), ..Paint::stroke(self.theme.palace, pw) }.rounded();
        for side in zone_sides(self.pos, layout) {
            let name = self.topo.name(side.cell);
            l.decor.push(match side.palace {
                None => Element::new(Shape::Path(side.cmds), river.clone(), "river").with("cell", name),
                Some(color) => Element::new(Shape::Path(side.cmds), palace.clone(), "palace")
                    .with("cell", name)
                    .with("side", self.pos.variant().color_name(color).to_string()),
            });
        }
    }

    /// How far in from its ring's outer edge a rank number stands, in rings: near the edge (0.23),
    /// clear of the pieces in the ring's middle; on a xiangqi board, whose river and palaces run
    /// along ring edges, in the middle of the ring, so that no number sits on those lines.
    pub(super) fn rank_number_inset(&self) -> f64 {
        if self.pos.variant().xiangqi_tables().is_some() { 0.5 } else { 0.23 }
    }

    /// The file position each rank's number is written at: the file boundary nearest `opposite`
    /// whose two neighbouring cells are empty and where the number's halo (radius `halo`, at
    /// `spot(rank, position)`) keeps clear of every piece, dot, port and route the figure draws.
    /// One boundary free on every ring of a group (the rings of one disc) makes the numbers a
    /// ruler; failing that, each ring takes its own nearest free boundary, else the nearest
    /// boundary whose spot alone is clear (beside a piece, not under it), else the middle of its
    /// nearest empty cell whose spot is clear (xiangqi's e1 between the guards), else a spot a
    /// quarter of a file at a time along the ring that is clear. Where routes cover every spot of
    /// a ring (a bishop's sixteen diagonals, a cannon riding round its rank), the spot clear of
    /// the pieces, dots and ports that the lines cross least: the number is drawn over the lines
    /// there on an opaque halo ([`Painter::rank_badge`]), never where it would hide most of a
    /// line; where dots stand round the whole ring, between two of them; where that spot would
    /// still stand on a dot (pieces and dots fill the ring), over the pieces' edges, off the dots
    /// ([`Painter::over_pieces_spot`]), else between the dots all the same. At last the boundary
    /// `opposite`: every rank is numbered. Before all these, a boundary the overlay asks for
    /// (`rank_numbers_at`, a replay's for the whole game) stays where only lines cross it.
    pub(super) fn rank_number_boundaries(
        &self,
        groups: &[Vec<u8>],
        opposite: i32,
        spot: &dyn Fn(u8, f64) -> Pt,
        halo: f64,
    ) -> Vec<Option<f64>> {
        let topo = &self.topo;
        let wf = topo.width() as i32;
        let empty = |r: u8, f: i32| {
            let sq = topo.square(f.rem_euclid(wf) as u8, r).expect("square of the ring");
            self.pos.piece_at(sq).is_none()
        };
        let clear = |r: u8, x: f64| self.busy.clear(spot(r, x), halo);
        let free = |r: u8, b: i32| empty(r, b) && empty(r, b - 1) && clear(r, b as f64);
        let candidates: Vec<i32> = (0..=wf / 2).flat_map(|k| [opposite + k, opposite - k]).collect();
        let held = |r: u8| self.held_rank_spot(r, opposite, &empty, spot, halo);
        let mut out = vec![None; topo.height() as usize];
        for rings in groups {
            let ruler = candidates.iter().copied().find(|&b| rings.iter().all(|&r| free(r, b)));
            for &r in rings {
                let own = || candidates.iter().copied().find(|&b| free(r, b)).map(|b| b as f64);
                let cell = || {
                    let middles = candidates.iter().map(|&b| b as f64 + 0.5);
                    middles.into_iter().find(|&x| empty(r, x.floor() as i32) && clear(r, x))
                };
                let beside = || candidates.iter().copied().find(|&b| clear(r, b as f64)).map(|b| b as f64);
                // Anywhere along the ring, a quarter of a file at a time, clear of everything.
                let along = || {
                    (0..=2 * wf).flat_map(|k| [k, -k]).map(|k| opposite as f64 + k as f64 / 4.0).find(|&x| clear(r, x))
                };
                // The spots a number drawn over the lines may take: the file boundaries, nearest
                // first, then every quarter of a file along the ring; on empty cells, and where
                // its halo would not hide most of a line (a one-step route along the ring).
                let spots = || {
                    let quarters = (1..=2 * wf)
                        .flat_map(|k| [k, -k])
                        .map(|k| opposite as f64 + k as f64 / 4.0)
                        .filter(|x| x.fract() != 0.0);
                    candidates.iter().map(|&b| b as f64).chain(quarters).filter(move |&x| {
                        let f = x.floor() as i32;
                        empty(r, f)
                            && (x.fract() != 0.0 || empty(r, f - 1))
                            && !self.busy.hides_most_of_a_line(spot(r, x), halo)
                    })
                };
                // Where routes cover every spot of the ring (a bishop's sixteen diagonals, a
                // cannon riding round its rank): the spot clear of the pieces, dots and ports
                // that the lines cross least; the number is drawn over the lines there, on an
                // opaque halo ([`plated_badge`]).
                let under = || {
                    let marks_clear = |x: &f64| self.busy.clear_of_marks(spot(r, *x), halo);
                    least(&|x| self.busy.line_reach(spot(r, x), halo), &mut spots().filter(marks_clear))
                };
                // Where dots stand close all round the ring (a chariot's on the xiangqi disc's
                // innermost ring, a dot on every cell): the spot the marks reach into least,
                // between two dots.
                let between = || least(&|x| self.busy.mark_reach(spot(r, x), halo), &mut spots());
                // That spot, where it keeps off the dots and ports.
                let between_clear = || between().filter(|&x| self.busy.dot_reach(spot(r, x), halo) <= 0.0);
                let over_pieces = || self.over_pieces_spot(r, opposite, &empty, spot, halo);
                // At last on the boundary opposite the touching point: every rank is numbered.
                let last = || Some(opposite as f64);
                out[r as usize] = held(r)
                    .or(ruler.map(|b| b as f64))
                    .or_else(own)
                    .or_else(beside)
                    .or_else(cell)
                    .or_else(along)
                    .or_else(under)
                    .or_else(between_clear)
                    .or_else(over_pieces)
                    .or_else(between)
                    .or_else(last);
            }
        }
        out
    }

    /// Where pieces and dots fill ring `r` (xiangqi's innermost, its eight pieces and a cannon's
    /// dot on the ninth cell, left the number only that dot's cell): the file boundary between two
    /// pieces, nearest `opposite` first, whose spot keeps off every dot and port and that the
    /// pieces reach into least, the number drawn over their edges ([`Painter::rank_badge`])
    /// rather than over a destination. `None` where no two pieces stand side by side (a lone
    /// chariot riding round its ring of dots): never over a piece's middle.
    fn over_pieces_spot(
        &self,
        r: u8,
        opposite: i32,
        empty: &dyn Fn(u8, i32) -> bool,
        spot: &dyn Fn(u8, f64) -> Pt,
        halo: f64,
    ) -> Option<f64> {
        let wf = self.topo.width() as i32;
        let boundaries = (0..=wf / 2).flat_map(|k| [opposite + k, opposite - k]);
        let between_pieces = boundaries.filter(|&b| !empty(r, b) && !empty(r, b - 1)).map(|b| b as f64);
        let off_dots = |x: &f64| {
            self.busy.dot_reach(spot(r, *x), halo) <= 0.0 && !self.busy.hides_most_of_a_line(spot(r, *x), halo)
        };
        least(&|x| self.busy.mark_reach(spot(r, x), halo), &mut between_pieces.filter(off_dots))
    }

    /// A boundary asked for (`rank_numbers_at`: a replay's, held for the whole game) kept on
    /// ring `r` where only lines cross it, the number drawn over them on its opaque halo, so that
    /// the numbers do not move from frame to frame with the last move: `None` when none was asked
    /// for, or a piece or dot stands there, or the halo would hide most of a line.
    fn held_rank_spot(
        &self,
        r: u8,
        opposite: i32,
        empty: &dyn Fn(u8, i32) -> bool,
        spot: &dyn Fn(u8, f64) -> Pt,
        halo: f64,
    ) -> Option<f64> {
        self.overlay.rank_numbers_at?;
        let (x, at) = (opposite as f64, spot(r, opposite as f64));
        let keep = empty(r, opposite)
            && empty(r, opposite - 1)
            && self.busy.clear_of_marks(at, halo)
            && !self.busy.hides_most_of_a_line(at, halo);
        keep.then_some(x)
    }

    /// Every square's name in the square (each copy on the chart), in its middle, under
    /// everything. Where a piece, a dot, a route or a markup will stand there, the name moves to
    /// the cell's upper left corner, smaller, written over them on a patch of the cell's own
    /// colour: a chart shown for its names keeps every name readable (`12-spherical-rook` had the
    /// route's dots over six names and the rook over a seventh). A cross's arms reach towards the
    /// corners, so on a crossed cell the name goes to the middle of the top edge, between them
    /// (`12-spherical-bishop-d3`'s "not c1"). Where a route or loop runs through that place (a
    /// diagonal heading south-east passes the upper left corner: `12-spherical-bishop-d3`'s
    /// Bd3-e2-f1 on the chart), the name takes the first of the other corners (on a crossed
    /// cell, the middle of the bottom edge) that the lines keep clear of, so that no line runs
    /// under its patch; the lines include xiangqi's river and palace sides, and the place keeps off
    /// the dots, ports and markups too. Where lines cross every place, the name is written over
    /// them on an opaque plate ([`Painter::name_plate_place`]). The place taken also keeps its
    /// middle inside its own cell (near a globe's pole a cell is a narrow wedge whose square's
    /// corners lie in the next cells; there the middles of its top and bottom edges are tried
    /// last), off a pole letter's plate and off the patches of the names placed before it.
    ///
    /// On a solid seen from outside (a globe, the ball swelling or split) a name near the
    /// outline is made smaller until its letters stand inside it, and left out when that would
    /// take it below half its size: a name is written on its cell, never across the edge of the
    /// ball (essay §04's split wrote b7 and g7 beside the half-spheres).
    fn cell_names(&self, layout: &dyn Projection, l: &mut Layers) {
        let topo = &self.topo;
        let outlines = layout.silhouettes(topo);
        let mut taken = pole_plates(l);
        let polygons = cell_polygons(l);
        for cell in topo.all_cells() {
            if topo.pole_of(cell).is_some() {
                continue;
            }
            let name = topo.name(cell);
            let cs = layout.cell_size(topo, cell);
            let width = |size: f64| crate::draw::font::text_width(&name, size, self.theme.font);
            for at in layout.centres(topo, cell) {
                let outline = crate::draw::geometry::outline_at(&outlines, at);
                let fit = |w: f64, h: f64, at: Pt| outline.map_or(1.0, |o| crate::draw::geometry::box_fit(o, at, w, h));
                let mut size = cs * 0.3;
                let k = fit(width(size) + size * 0.2, size * 0.9, at);
                if k < 0.5 {
                    continue;
                }
                size *= k.min(1.0);
                let half = width(size) / 2.0;
                if self.busy.clear(at, half) {
                    l.decor.push(text(
                        name.clone(),
                        at,
                        size,
                        Anchor::Middle,
                        self.theme.font,
                        self.theme.text,
                        "coordinate cell-name",
                    ));
                    continue;
                }
                let size = cs * 0.22;
                let (w, h) = (crate::draw::font::text_width(&name, size, self.theme.font), size * 1.1);
                let pad = cs * 0.04;
                let crossed = self.overlay.crosses.iter().any(|&(c, _)| c == cell);
                // The patch's top left corner, relative to the cell's centre, at each place.
                let (left, right, mid) = (-cs / 2.0 + pad, cs / 2.0 - pad - w - 2.0 * pad, -(w / 2.0 + pad));
                let (top, bottom) = (-cs / 2.0 + pad, cs / 2.0 - pad - h);
                // Between a cross's arms, the name stands half the pad nearer the cell's edge,
                // where the arms are farther apart.
                let places: &[(f64, f64)] = if crossed {
                    &[(mid, top - pad / 2.0), (mid, bottom + pad / 2.0)]
                } else {
                    &[(left, top), (right, top), (left, bottom), (right, bottom), (mid, bottom), (mid, top)]
                };
                let own = polygons.get(&name).and_then(|ps| ps.iter().find(|p| crate::draw::geometry::holds(p, at)));
                let (hw, hh) = (w / 2.0 + pad, h / 2.0);
                let centres: Vec<Pt> = places.iter().map(|&(x, y)| at.offset(x + hw, y + hh)).collect();
                let fits = |c: Pt| own.is_none_or(|p| crate::draw::geometry::holds(p, c)) && apart(&taken, c, hw, hh);
                // Half the plate's margin of air between it and a line beside it.
                let (c, plated) = self.name_plate_place(&centres, &fits, (hw, hh), pad / 2.0);
                let corner = c.offset(-hw, -hh);
                if fit(w + 2.0 * pad, h, c) < 1.0 {
                    continue;
                }
                taken.push((c, hw, hh));
                // Translucent where nothing runs under it; opaque where drawn over lines.
                let paint = Paint::fill(self.cell_fill(cell).0);
                let paint = if plated { paint } else { paint.with_opacity(0.85) };
                let plate = Element::new(Shape::Rect { at: corner, w: w + 2.0 * pad, h }, paint, "cell-name-plate")
                    .with("cell", name.clone());
                l.top.push(if plated { plate.with("plated", "true".to_string()) } else { plate });
                l.top.push(text(
                    name.clone(),
                    corner.offset(pad + w / 2.0, h / 2.0),
                    size,
                    Anchor::Middle,
                    self.theme.font,
                    self.theme.text,
                    "coordinate cell-name",
                ));
            }
        }
    }
}

/// One side of a cell on a xiangqi zone's line: the river's (`palace` `None`) or the outline of
/// the palace of `palace`'s colour, as a paper path.
pub(super) struct ZoneSide {
    pub cell: Cell,
    pub palace: Option<Color>,
    pub cmds: Vec<PathCmd>,
}

/// The widths of the river's and the palaces' lines for a view of unit `unit`.
pub(super) fn zone_widths(unit: f64) -> (f64, f64) {
    ((unit * 0.11).max(2.0), (unit * 0.05).max(1.2))
}

/// Xiangqi's zone lines, in drawing order: the river along the boundary between the two halves
/// and the outline of each palace, found as the sides of cells whose neighbour across the side
/// lies on the other side of the boundary. Empty for a board without them. The ground draws them
/// ([`Painter::xiangqi_zones`]); the ground's writing keeps off them (`busy.rs`).
pub(super) fn zone_sides(pos: &crate::rules::position::Position, layout: &dyn Projection) -> Vec<ZoneSide> {
    let Some(x) = pos.variant().xiangqi_tables() else { return Vec::new() };
    let topo = pos.topology();
    let neighbour = |cell: Cell, dir: Dir| topo.step(topo.cursor(cell, dir)).map(|s| s.to.cell);
    let mut out = Vec::new();
    for cell in topo.all_cells().filter(|&c| topo.pole_of(c).is_none()) {
        for dir in Dir::ORTHOGONAL {
            let Some(n) = neighbour(cell, dir) else { continue };
            for side in Color::ALL {
                if x.own_half(side).has(cell) && x.own_half(side.other()).has(n) {
                    let sides = layout.sides(topo, cell, dir).into_iter();
                    out.extend(sides.map(|cmds| ZoneSide { cell, palace: None, cmds }));
                }
            }
            for color in Color::ALL {
                let p = x.palace(color);
                if p.has(cell) && !p.has(n) {
                    let sides = layout.sides(topo, cell, dir).into_iter();
                    out.extend(sides.map(|cmds| ZoneSide { cell, palace: Some(color), cmds }));
                }
            }
        }
    }
    out
}

impl Painter<'_> {
    /// Where a cell name's patch (half sizes `hw`, `hh`) stands among the `centres` of its
    /// places, in the order tried, and whether it is drawn over lines on an opaque plate. The
    /// first place that `fits` (in its cell, off the patches placed before) and keeps off the
    /// lines by `air` and off the dots, ports and the overlay's circles and crosses (a piece's
    /// edge it may cover). Where lines run through every such place (a bishop's four diagonals
    /// and a route along its rank), the one the lines reach into least that is clear of those
    /// marks and hides no more than half of any line: the name is written there over the lines,
    /// its plate opaque, as a printed map writes a name over a road on a knock-out, the same
    /// rule as the rank numbers' ([`plated_badge`]). Failing that (a capture ring round the
    /// cell's piece reaches every corner), the first place clear of the lines; at last the
    /// first place.
    fn name_plate_place(
        &self,
        centres: &[Pt],
        fits: &dyn Fn(Pt) -> bool,
        (hw, hh): (f64, f64),
        air: f64,
    ) -> (Pt, bool) {
        let busy = &self.busy;
        let fitting: Vec<Pt> = centres.iter().copied().filter(|&c| fits(c)).collect();
        let off_lines = |c: &&Pt| busy.box_line_reach(**c, hw + air, hh + air) <= 0.0;
        let off_dots: Vec<Pt> = fitting.iter().copied().filter(|&c| busy.box_clear_of_dots(c, hw, hh)).collect();
        if let Some(&c) = off_dots.iter().find(off_lines) {
            return (c, false);
        }
        let mut over = off_dots.iter().copied().filter(|&c| !busy.box_hides_most_of_a_line(c, hw, hh));
        if let Some(c) = least(&|c| busy.box_line_reach(c, hw, hh), &mut over) {
            return (c, true);
        }
        (fitting.iter().find(off_lines).copied().unwrap_or(centres[0]), false)
    }
}

/// The cells drawn so far by name, each copy as the polygon of its path's points (a curve by its
/// end points): a name's patch keeps its middle in its own cell (near a globe's pole, a cell's
/// corner of the square round its centre lies in the next cell).
fn cell_polygons(l: &Layers) -> std::collections::BTreeMap<String, Vec<Vec<Pt>>> {
    let mut out: std::collections::BTreeMap<String, Vec<Vec<Pt>>> = Default::default();
    for node in &l.cells {
        let crate::draw::scene::Node::Element(e) = node else { continue };
        let (Shape::Path(cmds), Some(name)) = (&e.shape, e.data.iter().find(|(k, _)| *k == "cell")) else { continue };
        out.entry(name.1.clone()).or_default().push(cmds.iter().filter_map(PathCmd::end).collect());
    }
    out
}

/// What a cell name's patch keeps off, as boxes (centre, half width, half height): the pole
/// letters' plates drawn so far (on the globe a cell beside the pole has its top corners under
/// the letter); the names' patches are added as they are placed (a name pushed down from the
/// plate meets the next cell's).
fn pole_plates(l: &Layers) -> Vec<(Pt, f64, f64)> {
    let plates = l.top.iter().filter(|e| e.class == "pole-label-plate");
    plates
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((c, r, r)),
            _ => None,
        })
        .collect()
}

/// Whether a box centred at `c`, `hw` by `hh` from its centre to its sides, overlaps none of
/// `boxes` (a plate taken as its square: a near miss at its corner counts as touching).
fn apart(boxes: &[(Pt, f64, f64)], c: Pt, hw: f64, hh: f64) -> bool {
    boxes.iter().all(|&(q, qw, qh)| (q.x - c.x).abs() >= hw + qw || (q.y - c.y).abs() >= hh + qh)
}

/// The place among `xs` (nearest first: a spot along a ring, a name's plate) where `cost` is
/// least; a quarter of a unit less is worth leaving a nearer place for.
fn least<T: Copy>(cost: &dyn Fn(T) -> f64, xs: &mut dyn Iterator<Item = T>) -> Option<T> {
    let mut best: Option<(T, f64)> = None;
    for x in xs {
        let c = cost(x);
        if best.is_none_or(|(_, b)| c < b - 0.25) {
            best = Some((x, c));
        }
    }
    best.map(|(x, _)| x)
}

/// Colour mode: the width of a copy's coloured edge for squares of side `square` — the theme's
/// width, or a tenth of a square when that is wider, so that the edges stay bold on a large
/// figure. Each edge is drawn inside its own copy, so where two copies meet both colours show.
fn edge_width(theme: &Theme, square: f64) -> f64 {
    theme.edge_width.max(square * 0.12)
}

/// Colour mode: a square tinted by the edge of the board it lies nearest (north red, south blue,
/// west green, east purple; two edges at the same distance share the tint), strongest on the
/// edge ranks and files and fading towards the middle. The four colours are not averaged over
/// the whole board (their average is a muddy grey, and the point of colour mode is to see at a
/// glance which edge is which, essay §07), and the tint is the edge colour made paler on light
/// squares and kept deep on dark ones, so the hue stays clean and the chequer readable. The
/// theme's `tint` is the strength half-way between the edge and the middle, twice it (at most
/// all) on the edge.
fn tint(topo: &Topology, theme: &Theme, cell: Cell, base: Rgb) -> Rgb {
    let Some((f, r)) = topo.coords(cell) else { return base };
    let (w, h) = (topo.width() as i32, topo.height() as i32);
    let (f, r) = (f as i32, r as i32);
    let edges = [(h - 1 - r, theme.north), (r, theme.south), (f, theme.west), (w - 1 - f, theme.east)];
    let near = edges.iter().map(|e| e.0).min().unwrap_or(0);
    let nearest: Vec<Rgb> = edges.iter().filter(|e| e.0 == near).map(|e| e.1).collect();
    let colour = nearest[1..].iter().enumerate().fold(nearest[0], |acc, (i, &c)| acc.mix(c, 1.0 / (i as f64 + 2.0)));
    let dark = topo.is_dark(cell).unwrap_or(false);
    let shade = colour.mix(Rgb(255, 255, 255), if dark { 0.2 } else { 0.6 });
    // The middle is half the shorter side in: the tint fades from the edge to a third there.
    let middle = (w.min(h) as f64 / 2.0 - 1.0).max(1.0);
    let fade = 1.0 - (2.0 / 3.0) * (near as f64 / middle).min(1.0);
    base.mix(shade, (2.0 * theme.tint).min(1.0) * fade)
}

/// A badge's halo: its radius in letter sizes.
const BADGE_HALO: f64 = 0.62;

/// A coordinate badge: `label` on a halo of the theme's badge colour at `at`, `size` tall — the
/// file letters and rank numbers of the round views. `class` names which (`"coordinate file"`,
/// `"coordinate rank"`).
fn badge(theme: &Theme, label: String, at: Pt, size: f64, class: &str) -> [Element; 2] {
    [
        Element::new(
            Shape::Circle { c: at, r: size * BADGE_HALO },
            Paint::fill(theme.badge).with_opacity(0.85),
            "coordinate-halo",
        ),
        text(label, at, size, Anchor::Middle, theme.font, theme.badge_text, class),
    ]
}

/// A badge that must stand on a route or loop: the halo opaque, and the badge drawn over the
/// lines (in the top layer), as a printed map writes a name over a road on a knock-out — the line
/// stops at the halo's rim and goes on beyond it, the number reads whole. Only where every spot of
/// the ring that keeps clear of the pieces and dots is crossed by a line
/// ([`Painter::rank_number_boundaries`]), at the spot the lines cross least.
fn plated_badge(theme: &Theme, label: String, at: Pt, size: f64, class: &str) -> [Element; 2] {
    let [mut halo, text] = badge(theme, label, at, size, class);
    halo.paint.opacity = None;
    [halo.with("plated", "true".to_string()), text]
}

impl Painter<'_> {
    /// A rank number's badge at `at` (its halo `size * BADGE_HALO` round) pushed where it will be
    /// read: in the ground, under the marks, where nothing will cover it; above the pieces and
    /// dots where they would (a full ring's number beside them, its halo over their edge); above
    /// the routes on an opaque halo where a line runs through it ([`plated_badge`]).
    pub(super) fn rank_badge(&self, label: String, at: Pt, size: f64, over: bool, l: &mut Layers) {
        let halo = size * BADGE_HALO;
        if !self.busy.clear_of_lines(at, halo) {
            l.top.extend(plated_badge(self.theme, label, at, size, "coordinate rank"));
        } else if over || !self.busy.clear_of_marks(at, halo) {
            l.top.extend(badge(self.theme, label, at, size, "coordinate rank"));
        } else {
            l.decor.extend(badge(self.theme, label, at, size, "coordinate rank"));
        }
    }
}
