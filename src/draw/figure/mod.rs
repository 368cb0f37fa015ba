//! Figures: a position and an overlay drawn in one view with one theme, as a [`Scene`].
//!
//! A view is a projection of the sphere's surface onto paper ([`crate::draw::geometry::Projection`]):
//! cells, routes and loops are positions on that surface, and each view only says where they go
//! on paper and what it cannot show. The figure is built in layers, one module each:
//!
//! * `ground`: the cells of the view, the poles, xiangqi's river and palaces, coordinates —
//!   the one layer that is drawn per view, because it *is* the view's picture of the surface;
//! * `marks`: dots, routes, loops, arrows (from the rules core: dots are
//!   [`crate::rules::routes::destinations`], lines are their routes, loops and castling rooks follow
//!   [`crate::rules::routes::ride_to`], arrows [`crate::rules::routes::arrow_route`]) — drawn once, for every
//!   view, through the projection;
//! * `pieces`: pieces, cell labels and the title, through the projection as well;
//! * `legend`: the check-mode legend under the figure;
//! * `panels`: several figures composed into one.

mod busy;
mod ground;
mod legend;
mod marks;
mod markups;
mod orient;
mod panels;
mod piece_moves;
mod pieces;
mod touch;
mod views;

pub use orient::Orientation;
pub(crate) use panels::{CAPTION_SIZE, caption_line, caption_lines};
pub use panels::{PanelSpec, panels};
pub use pieces::{piece_picture, text};
pub use views::{VIEW_NAMES, VIEWS, View, ViewKind, ViewRow};

use crate::draw::geometry::{
    BoardGeom, ChartGeom, DiscGeom, GlobeGeom, HemiGeom, Morph, Projection, Split, Viewpoint, Window, WrapGeom,
};
use crate::draw::scene::{Element, Node, Paint, Pt, Rgb, Scene};
use crate::draw::theme::Theme;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::routes::{Route, arrow_route_in, destinations};
use crate::rules::topology::{Cell, Dir, Pole, Topology};

/// Where coordinates are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Coordinates {
    /// None.
    None,
    /// Files and ranks round the edge (the rim of each disc).
    Edge,
    /// Every cell's name inside it.
    Cells,
}

impl Coordinates {
    /// Every choice, in the order lists name them.
    pub const ALL: [Coordinates; 3] = [Coordinates::None, Coordinates::Edge, Coordinates::Cells];
    /// Their names ([`Coordinates::name`]).
    pub const NAMES: [&'static str; 3] = crate::names::names_of!(Coordinates::ALL, Coordinates::name);

    /// `none`, `edge` or `cells`.
    pub const fn name(self) -> &'static str {
        match self {
            Coordinates::None => "none",
            Coordinates::Edge => "edge",
            Coordinates::Cells => "cells",
        }
    }
}

/// `none`, `edge` or `cells`, in any case.
impl std::str::FromStr for Coordinates {
    type Err = crate::names::UnknownName;
    fn from_str(s: &str) -> Result<Coordinates, Self::Err> {
        crate::names::parse(s, &Coordinates::ALL, &Coordinates::NAMES, Coordinates::name)
    }
}

/// What is drawn over the position.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Overlay {
    /// A title above the figure.
    pub title: Option<String>,
    /// Pieces whose moves are marked: a dot on each destination, a line along each route.
    pub moves: Vec<MoveMark>,
    /// Mark pseudo-legal moves instead of legal ones.
    pub pseudo: bool,
    /// Whole loops: the ride from a square in a direction, round to where it started.
    pub loops: Vec<(Cell, Dir)>,
    /// Parts of loops: the ride from a square in a direction up to its first visit of a cell.
    pub paths: Vec<(Cell, Dir, Cell)>,
    /// Check a move set by eye: the piece on this cell and the destinations a source expects.
    /// Its dots then show agreed, missing and extra destinations in three styles, with a legend.
    pub expect: Option<(Cell, Vec<Cell>)>,
    /// Where the expected set comes from, named in the legend.
    pub expect_source: Option<String>,
    /// Cells filled with a colour (`None`: the theme's highlight colour).
    pub highlights: Vec<(Cell, Option<Rgb>)>,
    /// Arrows between cells: along the route of the move when the piece on the first cell can
    /// make it, else the shortest way along the board's topology.
    pub arrows: Vec<ArrowMark>,
    /// Text written in cells.
    pub labels: Vec<(Cell, String)>,
    /// Circles round cells, as LaTeX `chessboard` draws them (`None`: the theme's arrow colour).
    pub circles: Vec<(Cell, Option<Rgb>)>,
    /// Crosses over cells (`None`: the theme's arrow colour).
    pub crosses: Vec<(Cell, Option<Rgb>)>,
    /// Draw marks over the pieces (default: under, so pieces stay readable).
    pub marks_over_pieces: bool,
    /// The move that led to the position, from and to: both cells tinted, its route drawn.
    pub lastmove: Option<(Cell, Cell)>,
    /// Hemispheres: the file boundary (0 = a|h west of a, 1 = a|b, …) whose side of the discs the
    /// rank numbers stand on, instead of the one opposite the touching point. The gear animation
    /// holds it through the turn, so the numbers turn with the discs instead of hopping.
    pub rank_numbers_at: Option<i32>,
    /// Hemispheres: keep the rank numbers on that boundary (`rank_numbers_at`, else the one
    /// opposite the touching point) even where pieces stand beside it, over them on their halos.
    /// An animation in which pieces move (the walk) holds them so, instead of letting them hop
    /// from frame to frame.
    pub hold_rank_numbers: bool,
    /// A move glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`) shown as a badge on a cell's corner, as
    /// lichess shows the judgement of the last move on its destination.
    pub glyph: Option<(Cell, String)>,
    /// Leave the king in check unmarked (by default the side to move's king, when the rules core
    /// finds it attacked, is ringed, as on lichess boards).
    pub hide_check: bool,
}

impl Overlay {
    /// The destinations an overlay marks for its `i`th piece (on `from`): the rules core's,
    /// legal or pseudo-legal as the overlay says, narrowed to its target cell when it names one.
    pub(crate) fn destinations_of(&self, pos: &Position, i: usize) -> Vec<crate::rules::routes::Destination> {
        let Some(mark) = self.moves.get(i) else { return Vec::new() };
        let mut dests = destinations(pos, mark.from, !self.pseudo);
        if let Some(to) = mark.only_to {
            dests.retain(|d| d.cell == to);
        }
        dests
    }
    /// The colour given to the `i`th marked piece, if any.
    pub(crate) fn move_colour(&self, i: usize) -> Option<Rgb> {
        self.moves.get(i).and_then(|m| m.colour)
    }
    /// Whether the piece on `cell` has its moves marked.
    pub(crate) fn marks_moves_of(&self, cell: Cell) -> bool {
        self.moves.iter().any(|m| m.from == cell)
    }
}

/// A piece whose moves an overlay marks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveMark {
    /// The piece's cell.
    pub from: Cell,
    /// The colour of its dots and routes (`None`: the theme's), so that several pieces in one
    /// picture can be told apart.
    pub colour: Option<Rgb>,
    /// Only the moves to this cell (`None`: all the piece's moves) — the routes to one
    /// destination when all of them would crowd the picture.
    pub only_to: Option<Cell>,
}

impl From<Cell> for MoveMark {
    /// All the moves of the piece on a cell, in the theme's colour.
    fn from(from: Cell) -> MoveMark {
        MoveMark { from, colour: None, only_to: None }
    }
}

/// An arrow an overlay draws from one cell to another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ArrowMark {
    /// Where it starts.
    pub from: Cell,
    /// Where it points.
    pub to: Cell,
    /// Its colour (`None`: the theme's).
    pub colour: Option<Rgb>,
}

impl From<(Cell, Cell)> for ArrowMark {
    /// An arrow in the theme's colour.
    fn from((from, to): (Cell, Cell)) -> ArrowMark {
        ArrowMark { from, to, colour: None }
    }
}

/// The geometry of the chosen view: one projection of the surface.
enum Layout {
    Board(BoardGeom),
    Hemi(HemiGeom),
    Chart(ChartGeom),
    Globe(GlobeGeom),
    Disc(DiscGeom),
    Wrap(WrapGeom),
}

impl Layout {
    /// The centre of the drawing of the surface: what a half turn turns about.
    fn centre(&self) -> Pt {
        match self {
            Layout::Board(g) => g.origin.offset(g.width() / 2.0, g.height() / 2.0),
            Layout::Hemi(g) => g.middle(),
            Layout::Chart(g) => {
                g.origin.offset(g.window.cols as f64 * g.square / 2.0, g.window.rows as f64 * g.square / 2.0)
            }
            Layout::Globe(g) => g.centre,
            Layout::Disc(g) => g.centre,
            Layout::Wrap(g) => g.centre,
        }
    }

    /// The view's projection, through which every mark is drawn.
    fn projection(&self) -> &dyn Projection {
        match self {
            Layout::Board(g) => g,
            Layout::Hemi(g) => g,
            Layout::Chart(g) => g,
            Layout::Globe(g) => g,
            Layout::Disc(g) => g,
            Layout::Wrap(g) => g,
        }
    }
}

/// Smallest and largest figure width.
pub const WIDTH_RANGE: (f64, f64) = (100.0, 8000.0);

/// Draws a position with an overlay in a view.
pub fn render(pos: &Position, overlay: &Overlay, view: &View, theme: &Theme) -> Scene {
    render_in(pos, overlay, view, theme, None, true, None).0
}

/// Draws a position as one panel of a figure of several: as [`render`], but a check-mode legend
/// is not drawn under the panel; its counts (agreed, missing, extra) are returned, for the one
/// legend under the whole figure ([`legend_under`]).
pub fn render_panel(pos: &Position, overlay: &Overlay, view: &View, theme: &Theme) -> (Scene, Option<[usize; 3]>) {
    render_in(pos, overlay, view, theme, None, false, None)
}

/// Draws a position as one panel of an interactive figure ([`crate::output::to_html`]): as
/// `render_panel` (with its own check-mode legend when `own_legend`), plus, hidden, every
/// piece's dots and routes, both sides, in groups a page's script shows (see the `touch`
/// module). `board` numbers the panel's position among the figure's distinct positions. A chart
/// whose window is fitted is fitted to every piece's routes, so that each can be shown.
pub fn render_touch(
    pos: &Position,
    overlay: &Overlay,
    view: &View,
    theme: &Theme,
    board: usize,
    own_legend: bool,
) -> (Scene, Option<[usize; 3]>) {
    render_in(pos, overlay, view, theme, None, own_legend, Some(board))
}

/// Adds the check-mode legend once under a figure (of several panels): one band at one size,
/// whatever the panels' sizes. `counts` are shown when every panel's agree (`None`: the styles
/// alone).
pub fn legend_under(scene: &mut Scene, theme: &Theme, counts: Option<[usize; 3]>, source: Option<&str>) {
    let h = (scene.width * 0.035).clamp(18.0, 40.0);
    let y = scene.height + h * 0.5;
    let items = legend::legend(theme, counts, source, scene.width, y, h);
    scene.nodes.extend(items.into_iter().map(Node::Element));
    scene.height = (scene.height + h).ceil();
}

/// Draws a position with an overlay on the board part-way wrapped into the ball (the `wrap`
/// animation's frames, [`WrapGeom`]): `morph` says how far, `viewpoint` from where it is seen. The
/// figure has the globe view's size, and at [`Morph::BALL`] its cells and pieces stand where the
/// globe view puts them. The view's kind only chooses the colour mode (a board or chart with
/// `tint` or `edges` keeps them).
pub(crate) fn render_wrap(
    pos: &Position,
    overlay: &Overlay,
    view: &View,
    theme: &Theme,
    morph: Morph,
    viewpoint: Viewpoint,
) -> Scene {
    render_in(pos, overlay, view, theme, Some(Shaping { morph, viewpoint, split: None }), true, None).0
}

/// Draws a position with an overlay on the ball part-way split into the two hemispheres (the
/// `split` animation's frames, [`Split`]), seen from `viewpoint`. The figure has the hemispheres
/// view's size, the ball centred on the point where the discs touch, its radius theirs; at
/// [`Split::DISCS`], seen from latitude 0, its cells and pieces stand where the hemispheres view
/// with the rotation facing the viewer puts them.
pub fn render_split(
    pos: &Position,
    overlay: &Overlay,
    view: &View,
    theme: &Theme,
    split: Split,
    viewpoint: Viewpoint,
) -> Scene {
    render_in(
        pos,
        overlay,
        view,
        theme,
        Some(Shaping { morph: Morph::BALL, viewpoint, split: Some(split) }),
        true,
        None,
    )
    .0
}

/// A frame of the board becoming the ball ([`render_wrap`]) or of the ball split into the
/// hemispheres ([`render_split`]: `split` given, the hemispheres' canvas).
#[derive(Clone, Copy)]
struct Shaping {
    morph: Morph,
    viewpoint: Viewpoint,
    split: Option<Split>,
}

/// The hemispheres' disc radius and the margin round them in a figure `width` wide.
fn hemi_size(width: f64) -> (f64, f64) {
    let radius = width / 2.0 * 0.86;
    (radius, width / 2.0 - radius)
}

/// The board on its way to the ball, or the ball splitting, placed on the paper under the title
/// in a figure `width` wide, and the height it takes.
fn wrap_layout(topo: &Topology, shaping: Shaping, width: f64, title_h: f64) -> (Layout, f64) {
    let Shaping { morph, viewpoint, split } = shaping;
    match split {
        None => {
            let radius = width / 2.0 * 0.9;
            let centre = Pt::new(width / 2.0, title_h + width / 2.0);
            (Layout::Wrap(WrapGeom::new(topo, morph, viewpoint, centre, radius)), title_h + width)
        }
        Some(split) => {
            let (radius, margin) = hemi_size(width);
            let touching = Pt::new(width / 2.0, title_h + margin + 2.0 * radius);
            let g = WrapGeom::new(topo, morph, viewpoint, touching, radius).with_split(split);
            (Layout::Wrap(g), title_h + 2.0 * margin + 4.0 * radius)
        }
    }
}

/// What a figure shows, for its title and description: the view, or the board on its way to
/// the ball, or the ball splitting.
fn figure_name(wrap: Option<Shaping>, view: &View) -> &'static str {
    match wrap {
        Some(Shaping { split: Some(_), .. }) => "the ball splitting into the two hemispheres",
        Some(_) => "the board wrapping into the ball",
        None => view.kind.title(),
    }
}

/// Draws a figure; `own_legend`: a check-mode legend under it (else its counts are returned);
/// `touch`: the interactive layer too, for the board numbered so ([`render_touch`]).
fn render_in(
    pos: &Position,
    overlay: &Overlay,
    view: &View,
    theme: &Theme,
    wrap: Option<Shaping>,
    own_legend: bool,
    touch: Option<usize>,
) -> (Scene, Option<[usize; 3]>) {
    let topo = *pos.topology();
    // Whole figure units, so that a PNG at scale 1 has no partly covered (half transparent) row.
    let width = view.width.clamp(WIDTH_RANGE.0, WIDTH_RANGE.1).round();
    let title_h = if overlay.title.is_some() { (width * 0.06).clamp(18.0, 60.0) } else { 0.0 };
    let (layout, height) = match wrap {
        Some(shaping) => wrap_layout(&topo, shaping, width, title_h),
        None => layout(pos, overlay, view, &topo, width, title_h, touch.is_some()),
    };
    let legend_h = if overlay.expect.is_some() && own_legend { (width * 0.07).clamp(18.0, 56.0) } else { 0.0 };
    let height = (height + legend_h).ceil();
    let mut scene = Scene::new(width, height, theme.background);
    let proj = layout.projection();
    let busy = busy::Busy::of(pos, overlay, theme, proj);
    let grid = Paint::default().with_stroke(theme.grid, theme.grid_width);
    let painter = Painter { pos, overlay, view, theme, topo, grid, touch, busy };
    let mut l = Layers::default();
    painter.ground(&layout, &mut l);
    let marks::Marks { elements: mut marks, described: described_moves, legend, moves, moves_top, mut arrows } =
        painter.marks(proj, &mut l);
    painter.markups(proj, &mut l);
    let mut pieces = painter.pieces(proj);
    let mut labels = painter.labels(proj);
    let mut groups = touch.map(|board| painter.touch_groups(proj, board));
    if view.orientation == Orientation::Black {
        let c = layout.centre();
        orient::turn_nodes(&mut l.cells, c);
        for layer in [&mut l.decor, &mut l.top, &mut marks, &mut arrows, &mut pieces, &mut labels] {
            orient::turn_all(layer, c);
        }
        if let Some(g) = &mut groups {
            orient::turn_nodes(&mut g.under, c);
            orient::turn_nodes(&mut g.top, c);
        }
    }
    // An interactive figure: the overlay's own moves in a group of their own, every piece's
    // group after the overlay's marks.
    let (mut marks, top): (Vec<Node>, Vec<Node>) = match (touch, groups) {
        (Some(board), Some(g)) => {
            let from: Vec<String> = overlay.moves.iter().map(|m| topo.name(m.from)).collect();
            let from = from.join(" ");
            let mut marks = touch::wrap_start(marks, moves, board, &from);
            marks.extend(g.under);
            let mut top = touch::wrap_start(std::mem::take(&mut l.top), moves_top, board, &from);
            top.extend(g.top);
            (marks, top)
        }
        _ => (
            marks.into_iter().map(Node::Element).collect(),
            std::mem::take(&mut l.top).into_iter().map(Node::Element).collect(),
        ),
    };
    // The overlay's arrows over every route and dot (an interactive figure's every piece's too).
    marks.extend(arrows.into_iter().map(Node::Element));
    let pieces: Vec<Node> = pieces.into_iter().map(Node::Element).collect();
    if let Some(counts) = legend.filter(|_| own_legend) {
        let source = overlay.expect_source.as_deref();
        labels.extend(legend::legend(theme, Some(counts), source, width, height - legend_h * 0.5, legend_h));
    }
    if let Some(t) = &overlay.title {
        labels.push(pieces::title(theme, t, width, title_h));
    }
    let (under, over) = if overlay.marks_over_pieces { (pieces, marks) } else { (marks, pieces) };
    scene.nodes = l.cells;
    scene.nodes.extend(l.decor.into_iter().map(Node::Element));
    scene.nodes.extend(under.into_iter().chain(over).chain(top));
    scene.nodes.extend(labels.into_iter().map(Node::Element));
    let name = figure_name(wrap, view);
    scene.title = overlay.title.clone().unwrap_or_else(|| format!("{} — {}", pos.variant().title, name));
    scene.desc = describe(pos, name, &described_moves, overlay);
    (scene, legend)
}

/// The view's geometry placed on the paper under the title, and the height it takes.
fn layout(
    pos: &Position,
    overlay: &Overlay,
    view: &View,
    topo: &Topology,
    width: f64,
    title_h: f64,
    every_piece: bool,
) -> (Layout, f64) {
    let w = topo.width() as f64;
    match view.kind {
        ViewKind::Board { .. } => {
            let square = width / (w + 1.4);
            let g = BoardGeom::new(topo, Pt::new(0.0, 0.0), square);
            // The file letters take 0.8 of a square under the board; turned, above it.
            let (above, below) = if view.orientation == Orientation::Black { (0.8, 0.2) } else { (0.2, 0.8) };
            let top = title_h + above * square + g.band_h;
            let g = BoardGeom::new(topo, Pt::new(0.7 * square, top), square);
            let height = top + g.height() + g.band_h + below * square;
            (Layout::Board(g), height)
        }
        ViewKind::Hemispheres { rotation } => {
            let (radius, margin) = hemi_size(width);
            let g = HemiGeom::new(topo, Pt::new(width / 2.0, title_h + margin + radius), radius, rotation);
            (Layout::Hemi(g), title_h + 2.0 * margin + 4.0 * radius)
        }
        ViewKind::Hemisphere { pole, rotation } => {
            let (radius, margin) = hemi_size(width);
            let g = HemiGeom::single(topo, pole, Pt::new(width / 2.0, title_h + margin + radius), radius, rotation);
            (Layout::Hemi(g), title_h + 2.0 * margin + 2.0 * radius)
        }
        ViewKind::Chart { window, .. } => {
            let win = match window {
                Some(w) => w.on_board(topo),
                None => ChartGeom::fit(topo, &chart_marks(pos, overlay, every_piece)),
            };
            // Edge coordinates need a band of 0.64 of a square round the window.
            let square = if view.coordinates == Coordinates::Edge {
                width / (win.cols as f64 + 1.28)
            } else {
                width * 0.94 / win.cols as f64
            };
            let margin = if view.coordinates == Coordinates::Edge { square * 0.64 } else { width * 0.03 };
            let g = ChartGeom::new(topo, Pt::new(margin, title_h + margin), square, win);
            (Layout::Chart(g), title_h + 2.0 * margin + win.rows as f64 * square)
        }
        ViewKind::Globe { viewpoint, ghost } => {
            let radius = width / 2.0 * 0.9;
            let g = GlobeGeom::new(topo, Pt::new(width / 2.0, title_h + width / 2.0), radius, viewpoint, ghost);
            (Layout::Globe(g), title_h + width)
        }
        ViewKind::Disc { pole, rotation } => {
            let pole = pole.unwrap_or_else(|| disc_centre(pos.variant().id));
            let radius = width / 2.0 * 0.88;
            let g = DiscGeom::new(topo, Pt::new(width / 2.0, title_h + width / 2.0), radius, pole, rotation);
            (Layout::Disc(g), title_h + width)
        }
    }
}

/// The pole at the centre of a variant's single disc when a figure does not say (docs/rules.md
/// §5.6): the one its source's drawing puts there. Mori's board (`small`, `small8`, seed 001) as
/// Howe drew it was opened at the southern pole and pulled flat, S becoming the outermost ring, so
/// N is at the centre; Neatham's xiangqi disc (seed 003) has Gold's pole S at the centre (dark
/// blue) and Red's N as the outer ring (light blue). The other variants have no drawing of their
/// own and follow Neatham's: White's pole S at the centre.
pub fn disc_centre(variant: crate::rules::variant::VariantId) -> Pole {
    use crate::rules::variant::VariantId;
    match variant {
        VariantId::Small | VariantId::Small8 => Pole::North,
        _ => Pole::South,
    }
}

/// The window a chart view given none fits to this position and its marks (the board, half a
/// board round it, and every arrow, loop and route of the overlay): a replay takes the union of
/// its frames' windows so that every frame is one size.
pub(crate) fn fitted_chart_window(pos: &Position, overlay: &Overlay) -> Window {
    ChartGeom::fit(pos.topology(), &chart_marks(pos, overlay, false))
}

/// Every chart position the overlay's marks pass through (and, with `every_piece`, every
/// piece's routes), seen from the home copies of an unbounded chart: what a fitted chart window
/// must show.
fn chart_marks(pos: &Position, overlay: &Overlay, every_piece: bool) -> Vec<(f64, f64)> {
    let topo = pos.topology();
    let probe = ChartGeom::new(
        topo,
        Pt::default(),
        1.0,
        Window { x0: 0, y0: 0, cols: topo.width() as u32, rows: topo.height() as u32 },
    );
    let mut routes: Vec<Route> = Vec::new();
    for i in 0..overlay.moves.len() {
        routes.extend(overlay.destinations_of(pos, i).into_iter().flat_map(|d| d.routes));
    }
    routes.extend(marks::overlay_loops(topo, overlay).into_iter().map(|(r, _, _)| r));
    routes.extend(overlay.arrows.iter().filter_map(|a| arrow_route_in(pos, a.from, a.to)));
    if every_piece {
        let cells: Vec<Cell> = pos.pieces().map(|(c, _)| c).collect();
        routes.extend(cells.into_iter().flat_map(|c| destinations(pos, c, !overlay.pseudo)).flat_map(|d| d.routes));
    }
    routes.iter().flat_map(|r| probe.route_points(topo, r)).collect()
}

/// What every layer of a figure needs to know while drawing.
struct Painter<'a> {
    pos: &'a Position,
    overlay: &'a Overlay,
    view: &'a View,
    theme: &'a Theme,
    topo: Topology,
    grid: Paint,
    /// An interactive figure's board number ([`render_touch`]).
    touch: Option<usize>,
    /// Where the pieces and marks will stand, for the ground's numbers and names to avoid.
    busy: busy::Busy,
}

/// The drawing's lower layers, bottom first: cells, their decorations, and what must stay on top.
#[derive(Default)]
struct Layers {
    cells: Vec<Node>,
    decor: Vec<Element>,
    top: Vec<Element>,
}

fn describe(pos: &Position, view_name: &str, moves: &[String], overlay: &Overlay) -> String {
    let topo = pos.topology();
    let mut s = format!("{}, drawn as {}.", pos.variant().title, view_name);
    for color in Color::ALL {
        let list: Vec<String> = pos
            .pieces()
            .filter(|(_, p)| p.color == color)
            .map(|(c, p)| format!("{} {}", pos.variant().role_name(p.role), topo.name(c)))
            .collect();
        let name = pos.variant().color_name(color);
        let side = name[..1].to_ascii_uppercase() + &name[1..];
        if list.is_empty() {
            s += &format!(" {side}: no pieces.");
        } else {
            s += &format!(" {side}: {}.", list.join(", "));
        }
    }
    for m in moves {
        s += " ";
        s += m;
    }
    for (cell, dir) in &overlay.loops {
        s += &format!(" The loop of the ride from {} heading {}.", topo.name(*cell), dir.name());
    }
    for ArrowMark { from: a, to: b, .. } in &overlay.arrows {
        s += &format!(" An arrow from {} to {}.", topo.name(*a), topo.name(*b));
    }
    s
}

fn file_name(f: u8) -> String {
    ((b'a' + f) as char).to_string()
}
