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
use crate::draw::scene::{Anchor, Element, Paint, Pt, Rgb, Shape};
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
                None => theme.pole,
            };
            let class = if topo.pole_of(cell).is_some() { "pole lastmove" } else { "cell lastmove" };
            return (own.mix(theme.highlight, 0.6), class);
        }
        let tinted = matches!(self.view.kind, ViewKind::Chart { tint: true, .. } | ViewKind::Board { tint: true, .. });
        match topo.is_dark(cell) {
            None => (theme.pole, "pole"),
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

    /// A pole's letter, readable whatever sits on the pole (a piece, a route through it, a dot):
    /// over the pieces and marks, on a round plate of the pole's colour, and
    /// at least 11 units high at the essay's 480-unit width (at a small size the cap alone would
    /// give a letter of a few pixels).
    pub(super) fn pole_label(&self, pole: Pole, at: Pt, size: f64, l: &mut Layers) {
        let size = size.max(11.0 * self.view.width / 480.0);
        let plate = Paint::fill(self.theme.pole);
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
                self.theme.pole_text,
                "pole-label",
            )
            .with("pole", pole.letter().to_string()),
        );
    }

    /// Xiangqi: the river along the boundary between the two halves (on the hemispheres, the rims
    /// of both discs) and the outline of each palace, found as the sides of cells whose neighbour
    /// across the side lies on the other side of the boundary.
    fn xiangqi_zones(&self, layout: &dyn Projection, l: &mut Layers) {
        let Some(x) = self.pos.variant().xiangqi_tables() else { return };
        let topo = &self.topo;
        let unit = layout.unit();
        let neighbour = |cell: Cell, dir: Dir| topo.step(topo.cursor(cell, dir)).map(|s| s.to.cell);
        let (rw, pw) = ((unit * 0.11).max(2.0), (unit * 0.05).max(1.2));
        let river = Paint { dash: Theme::dash(&self.theme.river_dash, rw), ..Paint::stroke(self.theme.river, rw) }
            .rounded()
            .with_opacity(0.85);
        let palace =
            Paint { dash: Theme::dash(&self.theme.palace_dash, pw), ..Paint::stroke(self.theme.palace, pw) }.rounded();
        for cell in topo.all_cells().filter(|&c| topo.pole_of(c).is_none()) {
            for dir in Dir::ORTHOGONAL {
                let Some(n) = neighbour(cell, dir) else { continue };
                for side in Color::ALL {
                    if x.own_half(side).has(cell) && x.own_half(side.other()).has(n) {
                        for cmds in layout.sides(topo, cell, dir) {
                            l.decor.push(
                                Element::new(Shape::Path(cmds), river.clone(), "river").with("cell", topo.name(cell)),
                            );
                        }
                    }
                }
                for color in Color::ALL {
                    let p = x.palace(color);
                    if p.has(cell) && !p.has(n) {
                        for cmds in layout.sides(topo, cell, dir) {
                            l.decor.push(
                                Element::new(Shape::Path(cmds), palace.clone(), "palace")
                                    .with("cell", topo.name(cell))
                                    .with("side", self.pos.variant().color_name(color).to_string()),
                            );
                        }
                    }
                }
            }
        }
    }

    /// The file boundary each rank's number is written on: the one nearest `opposite` whose two
    /// neighbouring cells are empty. One boundary free on every ring of a group (the rings of one
    /// disc) makes the numbers a ruler; failing that, each ring takes its own nearest free
    /// boundary; `None` where every boundary of the ring has a piece beside it.
    pub(super) fn rank_number_boundaries(&self, groups: &[Vec<u8>], opposite: i32) -> Vec<Option<i32>> {
        let topo = &self.topo;
        let wf = topo.width() as i32;
        let free = |r: u8, b: i32| {
            let empty = |f: i32| {
                let sq = topo.square(f.rem_euclid(wf) as u8, r).expect("square of the ring");
                self.pos.piece_at(sq).is_none()
            };
            empty(b) && empty(b - 1)
        };
        let candidates: Vec<i32> = (0..=wf / 2).flat_map(|k| [opposite + k, opposite - k]).collect();
        let mut out = vec![None; topo.height() as usize];
        for rings in groups {
            let ruler = candidates.iter().copied().find(|&b| rings.iter().all(|&r| free(r, b)));
            for &r in rings {
                out[r as usize] = ruler.or_else(|| candidates.iter().copied().find(|&b| free(r, b)));
            }
        }
        out
    }

    /// Every square's name in the square (each copy on the chart).
    fn cell_names(&self, layout: &dyn Projection, l: &mut Layers) {
        let topo = &self.topo;
        for cell in topo.all_cells() {
            if topo.pole_of(cell).is_some() {
                continue;
            }
            let size = layout.cell_size(topo, cell) * 0.3;
            for at in layout.centres(topo, cell) {
                let shift = if self.pos.piece_at(cell).is_some() { layout.cell_size(topo, cell) * 0.36 } else { 0.0 };
                l.decor.push(text(
                    topo.name(cell),
                    at.offset(0.0, shift),
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
