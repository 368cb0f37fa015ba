//! Figures: a position and an overlay drawn in one view with one theme, as a [`Scene`].
//!
//! Every mark comes from the rules core: dots are [`destinations`], lines are their routes, loops
//! and castling rooks follow [`ride_to`], arrows follow [`arrow_route`]. The views differ only in their geometry
//! ([`crate::geometry`]).

use crate::geometry::{BoardGeom, ChartCell, ChartGeom, HemiGeom, Window};
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::routes::{Route, arrow_route, destinations, ride_to};
use crate::scene::PieceSet;
use crate::scene::{Anchor, Element, FontWeight, Group, Node, Paint, PathCmd, Pt, Rgb, Scene, Shape};
use crate::theme::Theme;
use crate::topology::{Cell, Dir, Pole, Poles, Topology};

/// Which view of the sphere.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum ViewKind {
    /// The two hemispheres; `rotation` is the file position (in files, e.g. 4.0 = the d|e
    /// boundary, 3.5 = the middle of the d-file) that faces the touching point.
    Hemispheres {
        /// File position at the touching point.
        rotation: f64,
    },
    /// The unrolled chart; `window` defaults to two boards wide and two tall around the board.
    Chart {
        /// The part of the chart shown.
        window: Option<Window>,
        /// Colour each copy's edges (N red, S blue, W green, E purple).
        edges: bool,
        /// Tint the squares the same way.
        tint: bool,
    },
    /// The single board with the poles as bands.
    Board {
        /// Tint the squares in colour mode.
        tint: bool,
        /// Colour the board's edges in colour mode.
        edges: bool,
    },
}

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

/// A view and its size.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct View {
    /// Which view.
    pub kind: ViewKind,
    /// Width of the figure in figure units (pixels at PNG scale 1), 100 to 8000.
    pub width: f64,
    /// Coordinates.
    pub coordinates: Coordinates,
}

impl View {
    /// The hemispheres with the sketch's rotation (the d|e boundary at the touching point).
    pub fn hemispheres() -> View {
        View { kind: ViewKind::Hemispheres { rotation: 4.0 }, width: 480.0, coordinates: Coordinates::Edge }
    }
    /// The single board.
    pub fn board() -> View {
        View { kind: ViewKind::Board { tint: false, edges: false }, width: 480.0, coordinates: Coordinates::Edge }
    }
    /// The chart around the board, with coloured edges.
    pub fn chart() -> View {
        View {
            kind: ViewKind::Chart { window: None, edges: true, tint: false },
            width: 720.0,
            coordinates: Coordinates::None,
        }
    }
}

/// What is drawn over the position.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Overlay {
    /// A title above the figure.
    pub title: Option<String>,
    /// Pieces whose moves are marked: a dot on each destination, a line along each route.
    pub moves: Vec<Cell>,
    /// Mark pseudo-legal moves instead of legal ones.
    pub pseudo: bool,
    /// Whole loops: the ride from a square in a direction, round to where it started.
    pub loops: Vec<(Cell, Dir)>,
    /// Parts of loops: the ride from a square in a direction up to its first visit of a cell.
    pub paths: Vec<(Cell, Dir, Cell)>,
    /// Check a move set by eye: the piece on this cell and the destinations a source expects.
    /// Its dots then show agreed, missing and extra destinations in three styles, with a legend.
    pub expect: Option<(Cell, Vec<Cell>)>,
    /// Cells filled with a colour (`None`: the theme's highlight colour).
    pub highlights: Vec<(Cell, Option<Rgb>)>,
    /// Arrows between cells, routed along the board's topology.
    pub arrows: Vec<(Cell, Cell)>,
    /// Text written in cells.
    pub labels: Vec<(Cell, String)>,
    /// Draw marks over the pieces (default: under, so pieces stay readable).
    pub marks_over_pieces: bool,
}

/// The geometry of the chosen view.
enum Layout {
    Board(BoardGeom),
    Hemi(HemiGeom),
    Chart(ChartGeom),
}

impl Layout {
    /// Where a cell's piece, dot or label goes (the chart shows every copy).
    fn centres(&self, topo: &Topology, cell: Cell) -> Vec<Pt> {
        match self {
            Layout::Board(g) => vec![g.centre(topo, cell)],
            Layout::Hemi(g) => vec![g.centre(topo, cell)],
            Layout::Chart(g) => g.copies(topo, cell),
        }
    }
    /// The size of a cell for pieces and dots.
    fn cell_size(&self, topo: &Topology, cell: Cell) -> f64 {
        match self {
            Layout::Board(g) => g.square,
            Layout::Hemi(g) => g.cell_size(topo, cell),
            Layout::Chart(g) => g.square,
        }
    }
    fn route(&self, topo: &Topology, route: &Route) -> Vec<Vec<Pt>> {
        match self {
            Layout::Board(g) => g.route(topo, route),
            Layout::Hemi(g) => g.route(topo, route),
            Layout::Chart(g) => g.route(topo, route),
        }
    }
    /// The side of a square facing an orthogonal direction, as paper paths (the chart shows a
    /// square in several copies; a flipped copy has its north side at the bottom).
    fn side(&self, topo: &Topology, cell: Cell, dir: Dir) -> Vec<Vec<PathCmd>> {
        let Some((f, r)) = topo.coords(cell) else { return Vec::new() };
        match self {
            Layout::Board(g) => vec![g.side(f, r, dir)],
            Layout::Hemi(g) => vec![g.side(f, r, dir)],
            Layout::Chart(g) => g.sides(topo, cell, dir),
        }
    }

    fn unit(&self) -> f64 {
        match self {
            Layout::Board(g) => g.square,
            Layout::Hemi(g) => g.ring,
            Layout::Chart(g) => g.square,
        }
    }
}

/// Smallest and largest figure width.
pub const WIDTH_RANGE: (f64, f64) = (100.0, 8000.0);

/// Draws a position with an overlay in a view.
pub fn render(pos: &Position, overlay: &Overlay, view: &View, theme: &Theme) -> Scene {
    let topo = *pos.topology();
    let width = view.width.clamp(WIDTH_RANGE.0, WIDTH_RANGE.1);
    let w = topo.width() as f64;
    let title_h = if overlay.title.is_some() { (width * 0.06).clamp(18.0, 60.0) } else { 0.0 };
    let (layout, height) = match view.kind {
        ViewKind::Board { .. } => {
            let square = width / (w + 1.4);
            let g = BoardGeom::new(&topo, Pt::new(0.0, 0.0), square);
            let top = title_h + 0.2 * square + g.band_h;
            let g = BoardGeom::new(&topo, Pt::new(0.7 * square, top), square);
            let height = top + g.height() + g.band_h + 0.8 * square;
            (Layout::Board(g), height)
        }
        ViewKind::Hemispheres { rotation } => {
            let radius = width / 2.0 * 0.86;
            let margin = width / 2.0 - radius;
            let g = HemiGeom::new(&topo, Pt::new(width / 2.0, title_h + margin + radius), radius, rotation);
            (Layout::Hemi(g), title_h + 2.0 * margin + 4.0 * radius)
        }
        ViewKind::Chart { window, .. } => {
            let win = window.unwrap_or_else(|| ChartGeom::fit(&topo, &chart_marks(pos, overlay)));
            let margin = width * 0.03;
            let square = (width - 2.0 * margin) / win.cols as f64;
            let g = ChartGeom::new(&topo, Pt::new(margin, title_h + margin), square, win);
            (Layout::Chart(g), title_h + 2.0 * margin + win.rows as f64 * square)
        }
    };
    let legend_h = if overlay.expect.is_some() { (width * 0.07).clamp(18.0, 56.0) } else { 0.0 };
    let height = height + legend_h;
    let mut scene = Scene::new(width, height, theme.background);
    let painter =
        Painter { pos, overlay, view, theme, topo, grid: Paint::default().with_stroke(theme.grid, theme.grid_width) };
    let mut l = Layers::default();
    match &layout {
        Layout::Board(g) => painter.board_cells(g, &mut l),
        Layout::Hemi(g) => painter.hemi_cells(g, &mut l),
        Layout::Chart(g) => painter.chart_cells(g, &mut l),
    }
    if view.coordinates == Coordinates::Cells {
        painter.cell_names(&layout, &mut l);
    }
    painter.xiangqi_zones(&layout, &mut l);

    let Marks { elements: marks, described: described_moves, legend } = painter.marks(&layout, &mut l);

    // Pieces.
    let mut pieces: Vec<Element> = Vec::new();
    // Xiangqi pieces are discs with their sign, as in printed xiangqi diagrams.
    let set = if pos.variant().is_xiangqi() { PieceSet::Disc } else { theme.piece_set };
    for (cell, piece) in pos.pieces() {
        let size = layout.cell_size(&topo, cell) * 0.84;
        for at in layout.centres(&topo, cell) {
            pieces.push(piece_element(theme, set, piece, at, size).with("cell", topo.name(cell)));
        }
    }

    let mut labels: Vec<Element> = Vec::new();
    for (cell, label) in &overlay.labels {
        let size = layout.cell_size(&topo, *cell) * 0.34;
        for at in layout.centres(&topo, *cell) {
            labels.push(
                text(label.clone(), at, size, Anchor::Middle, theme.title_font, theme.text, "label")
                    .with("cell", topo.name(*cell)),
            );
        }
    }
    if let Some(counts) = legend {
        let y = height - legend_h * 0.5;
        let size = legend_h * 0.5;
        let items = [
            (DotKind::Agreed, format!("agreed ({})", counts[0])),
            (DotKind::Missing, format!("missing: expected, not found ({})", counts[1])),
            (DotKind::Extra, format!("extra: found, not expected ({})", counts[2])),
        ];
        let gap = size * 1.2;
        let widths: Vec<f64> = items.iter().map(|(_, t)| crate::font::text_width(t, size * 0.62, theme.font)).collect();
        let total: f64 =
            widths.iter().sum::<f64>() + items.len() as f64 * (size * 1.1) + (items.len() - 1) as f64 * gap;
        let mut x = (width - total) / 2.0;
        for ((kind, t), w) in items.into_iter().zip(widths) {
            labels.push(dot_shape(theme, Pt::new(x + size * 0.4, y), size * 2.4, false, kind).with("legend", "true"));
            labels.push(text(
                t,
                Pt::new(x + size * 1.1, y),
                size * 0.62,
                Anchor::Start,
                theme.font,
                theme.text,
                "legend",
            ));
            x += size * 1.1 + w + gap;
        }
    }
    if let Some(t) = &overlay.title {
        labels.push(text(
            t.clone(),
            Pt::new(width / 2.0, title_h * 0.55),
            title_h * 0.55,
            Anchor::Middle,
            theme.title_font,
            theme.text,
            "title",
        ));
    }

    scene.nodes = l.cells;
    scene.nodes.extend(l.decor.into_iter().map(Node::Element));
    let (under, over) = if overlay.marks_over_pieces { (pieces, marks) } else { (marks, pieces) };
    scene.nodes.extend(under.into_iter().map(Node::Element));
    scene.nodes.extend(over.into_iter().map(Node::Element));
    scene.nodes.extend(l.top.into_iter().map(Node::Element));
    scene.nodes.extend(labels.into_iter().map(Node::Element));
    scene.title = overlay.title.clone().unwrap_or_else(|| format!("{} — {}", pos.variant().title, view_name(view)));
    scene.desc = describe(pos, view, &described_moves, overlay);
    scene
}

/// The marks of a figure, and what the description and legend say of them.
struct Marks {
    elements: Vec<Element>,
    described: Vec<String>,
    legend: Option<[usize; 3]>,
}

/// What every part of a figure needs to know while drawing.
struct Painter<'a> {
    pos: &'a Position,
    overlay: &'a Overlay,
    view: &'a View,
    theme: &'a Theme,
    topo: Topology,
    grid: Paint,
}

/// The drawing's lower layers, bottom first: cells, their decorations, and what must stay on top.
#[derive(Default)]
struct Layers {
    cells: Vec<Node>,
    decor: Vec<Element>,
    top: Vec<Element>,
}

impl Painter<'_> {
    /// A cell's colour and class: a highlight, else its square colour (tinted in colour mode),
    /// else the pole colour.
    fn cell_fill(&self, cell: Cell) -> (Rgb, &'static str) {
        let (topo, theme) = (&self.topo, self.theme);
        let highlight = self.overlay.highlights.iter().rev().find(|(c, _)| *c == cell);
        if let Some((_, col)) = highlight {
            let class = if topo.pole_of(cell).is_some() { "pole highlight" } else { "cell highlight" };
            return (col.unwrap_or(theme.highlight), class);
        }
        let tinted = matches!(self.view.kind, ViewKind::Chart { tint: true, .. } | ViewKind::Board { tint: true, .. });
        match topo.is_dark(cell) {
            None => (theme.pole, "pole"),
            Some(dark) => {
                let base = if dark { theme.dark } else { theme.light };
                let class = if dark { "cell dark" } else { "cell light" };
                if !tinted {
                    return (base, class);
                }
                (tint(topo, theme, cell, base), class)
            }
        }
    }

    /// The single board: squares, pole bands and their letters, coloured edges, coordinates.
    fn board_cells(&self, g: &BoardGeom, l: &mut Layers) {
        let topo = &self.topo;
        for cell in topo.all_cells() {
            let (fill, class) = self.cell_fill(cell);
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            let shape = match topo.coords(cell) {
                Some((f, r)) => Shape::Rect { at: g.square_at(f, r), w: g.square, h: g.square },
                None => {
                    let (at, bw, bh) = g.band(topo.pole_of(cell).expect("pole"));
                    Shape::Rect { at, w: bw, h: bh }
                }
            };
            l.cells.push(Node::Element(Element::new(shape, paint, class).with("cell", topo.name(cell))));
        }
        if topo.poles() == Poles::Dead {
            for pole in [Pole::North, Pole::South] {
                let (at, bw, bh) = g.band(pole);
                let paint = Paint { fill: Some(self.theme.pole), ..self.grid.clone() };
                l.cells.push(Node::Element(
                    Element::new(Shape::Rect { at, w: bw, h: bh }, paint, "pole")
                        .with("pole", pole.letter().to_string()),
                ));
            }
        }
        if topo.poles() != Poles::Edge {
            for pole in [Pole::North, Pole::South] {
                let (at, bw, bh) = g.band(pole);
                let c = Pt::new(at.x + bw / 2.0, at.y + bh / 2.0);
                let live = topo.pole_cell(pole).is_some();
                let x = if live { at.x + bh * 0.6 } else { c.x };
                l.top.push(text(
                    pole.letter().to_string(),
                    Pt::new(x, c.y),
                    bh * 0.6,
                    Anchor::Middle,
                    self.theme.title_font,
                    self.theme.pole_text,
                    "pole-label",
                ));
            }
        }
        if let ViewKind::Board { edges: true, .. } = self.view.kind {
            let (x0, y0) = (g.origin.x, g.origin.y);
            let (x1, y1) = (x0 + g.width(), y0 + g.height());
            for (name, col, a, b) in [
                ("north", self.theme.north, Pt::new(x0, y0), Pt::new(x1, y0)),
                ("south", self.theme.south, Pt::new(x0, y1), Pt::new(x1, y1)),
                ("west", self.theme.west, Pt::new(x0, y0), Pt::new(x0, y1)),
                ("east", self.theme.east, Pt::new(x1, y0), Pt::new(x1, y1)),
            ] {
                l.decor.push(Element::new(
                    Shape::Polyline(vec![a, b]),
                    Paint::stroke(col, self.theme.edge_width),
                    format!("edge {name}"),
                ));
            }
        }
        if self.view.coordinates == Coordinates::Edge {
            let size = g.square * 0.32;
            for f in 0..topo.width() {
                let at = g.square_at(f, 0);
                let y = at.y + g.square + if topo.poles() == Poles::Edge { 0.0 } else { g.band_h } + g.square * 0.35;
                l.decor.push(text(
                    file_name(f),
                    Pt::new(at.x + g.square / 2.0, y),
                    size,
                    Anchor::Middle,
                    self.theme.font,
                    self.theme.text,
                    "coordinate file",
                ));
            }
            for r in 0..topo.height() {
                let at = g.square_at(0, r);
                l.decor.push(text(
                    (r + 1).to_string(),
                    Pt::new(at.x - g.square * 0.3, at.y + g.square / 2.0),
                    size,
                    Anchor::Middle,
                    self.theme.font,
                    self.theme.text,
                    "coordinate rank",
                ));
            }
        }
    }

    /// The hemispheres: sectors, pole caps and their letters, file letters round the rims, rank
    /// numbers on the rings.
    fn hemi_cells(&self, g: &HemiGeom, l: &mut Layers) {
        let topo = &self.topo;
        for cell in topo.all_cells() {
            let Some((f, r)) = topo.coords(cell) else { continue };
            let (fill, class) = self.cell_fill(cell);
            let paint = Paint { fill: Some(fill), ..self.grid.clone() };
            l.cells.push(Node::Element(
                Element::new(Shape::Path(g.sector(f, r)), paint, class).with("cell", topo.name(cell)),
            ));
        }
        for pole in [Pole::North, Pole::South] {
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
            // A live pole is a cell: its letter moves to the cap's edge, clear of a piece or dot.
            let live = topo.pole_cell(pole).is_some();
            let (at, size) = if live { (c.offset(0.0, g.cap * 0.72), g.cap * 0.3) } else { (c, g.cap * 0.75) };
            l.top.push(text(
                pole.letter().to_string(),
                at,
                size,
                Anchor::Middle,
                self.theme.title_font,
                self.theme.pole_text,
                "pole-label",
            ));
        }
        if self.view.coordinates == Coordinates::Edge {
            let size = g.ring * 0.42;
            for f in 0..topo.width() {
                let at = |north| g.polar(north, g.radius() + size * 0.9, g.angle(f as f64 + 0.5, north));
                let (n, s) = (at(true), at(false));
                // Near the touching point the two discs' letters for a file meet: write it once.
                let spots = if n.dist(s) < size * 1.5 { vec![n.lerp(s, 0.5)] } else { vec![n, s] };
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
            // Rank numbers on their ring, on a file boundary: the one nearest the side opposite
            // the touching point whose two neighbouring cells are empty (else that side).
            let wf = topo.width() as i32;
            let opposite = (g.rotation + wf as f64 / 2.0).round() as i32;
            let free = |r: u8, b: i32| {
                let empty = |f: i32| {
                    let sq = topo.square(f.rem_euclid(wf) as u8, r).expect("square of the ring");
                    self.pos.piece_at(sq).is_none()
                };
                empty(b) && empty(b - 1)
            };
            let candidates: Vec<i32> = (0..=wf / 2).flat_map(|k| [opposite + k, opposite - k]).collect();
            // One boundary free on every ring of a disc makes the numbers a ruler; failing that,
            // each ring takes its own nearest free boundary.
            let ruler = |north: bool| {
                let rings: Vec<u8> = (0..topo.height()).filter(|&r| g.ring_of(r).2 == north).collect();
                candidates.iter().copied().find(|&b| rings.iter().all(|&r| free(r, b)))
            };
            let rulers = [ruler(true), ruler(false)];
            for r in 0..topo.height() {
                let (_, r1, north) = g.ring_of(r);
                let free = rulers[usize::from(!north)].or_else(|| candidates.iter().copied().find(|&b| free(r, b)));
                // On a full ring the number goes over the pieces, on its halo.
                let layer = if free.is_some() { &mut l.decor } else { &mut l.top };
                // Near the ring's outer edge: clear of routes along the ring and of dots.
                let s = g.ring * 0.3;
                let at = g.polar(north, r1 - 0.23 * g.ring, g.angle(free.unwrap_or(opposite) as f64, north));
                layer.push(Element::new(
                    Shape::Circle { c: at, r: s * 0.62 },
                    Paint::fill(self.theme.background).with_opacity(0.85),
                    "coordinate-halo",
                ));
                layer.push(text(
                    (r + 1).to_string(),
                    at,
                    s,
                    Anchor::Middle,
                    self.theme.font,
                    self.theme.text,
                    "coordinate rank",
                ));
            }
        }
    }

    /// The chart: a square per chart position in the window, pole bands, coloured copy edges.
    fn chart_cells(&self, g: &ChartGeom, l: &mut Layers) {
        let topo = &self.topo;
        let (w, h) = (topo.width() as f64, topo.height() as f64);
        let win = g.window;
        for sq in g.squares(topo) {
            let (x, y) = (sq.centre.0.floor() as i32, sq.row);
            let at = g.map(sq.left, (y + 1) as f64);
            let shape = Shape::Rect { at, w: sq.width * g.square, h: g.square };
            let node = match sq.shows {
                ChartCell::Square(cell, flipped) => {
                    let (fill, class) = self.cell_fill(cell);
                    Element::new(shape, Paint { fill: Some(fill), ..self.grid.clone() }, class)
                        .with("cell", topo.name(cell))
                        .with("chart", format!("{x},{y}"))
                        .with("flipped", flipped.to_string())
                }
                ChartCell::Pole(p) => {
                    let cell = topo.pole_cell(p).expect("live pole band");
                    let (fill, class) = self.cell_fill(cell);
                    Element::new(shape, Paint { fill: Some(fill), stroke: None, ..Paint::default() }, class)
                        .with("cell", topo.name(cell))
                        .with("chart", format!("{x},{y}"))
                }
            };
            l.cells.push(Node::Element(node));
        }
        // Colour mode's blue south edges would read as xiangqi's river: no edges there.
        if let ViewKind::Chart { edges: true, .. } = self.view.kind
            && !self.pos.variant().is_xiangqi()
        {
            for (bx, by, flipped) in g.copy_blocks() {
                let (bw, bh) = (w, h);
                // A flipped copy has its north edge at the bottom.
                let (n_edge, s_edge) = if flipped {
                    (((bx, by), (bx + bw, by)), ((bx, by + bh), (bx + bw, by + bh)))
                } else {
                    (((bx, by + bh), (bx + bw, by + bh)), ((bx, by), (bx + bw, by)))
                };
                let inset = self.theme.edge_width / 2.0 / g.square;
                let edges = [
                    ("north", self.theme.north, n_edge, (0.0, if flipped { inset } else { -inset })),
                    ("south", self.theme.south, s_edge, (0.0, if flipped { -inset } else { inset })),
                    ("west", self.theme.west, ((bx, by), (bx, by + bh)), (inset, 0.0)),
                    ("east", self.theme.east, ((bx + bw, by), (bx + bw, by + bh)), (-inset, 0.0)),
                ];
                for (name, col, (a, b), (dx, dy)) in edges {
                    if let Some((pa, pb)) = g.clip((a.0 + dx, a.1 + dy), (b.0 + dx, b.1 + dy)) {
                        l.decor.push(
                            Element::new(
                                Shape::Polyline(vec![pa, pb]),
                                Paint::stroke(col, self.theme.edge_width),
                                format!("edge {name}"),
                            )
                            .with("flipped", flipped.to_string()),
                        );
                    }
                }
            }
        }
        if topo.poles() == Poles::Live {
            for sq in g.squares(topo).into_iter().filter(|s| s.left == win.x0 as f64) {
                if let ChartCell::Pole(p) = sq.shows {
                    let at = g.map(win.x0 as f64 + 0.5, sq.centre.1);
                    l.top.push(text(
                        p.letter().to_string(),
                        at,
                        g.square * 0.5,
                        Anchor::Middle,
                        self.theme.title_font,
                        self.theme.pole_text,
                        "pole-label",
                    ));
                }
            }
        }
    }

    /// Every mark of the overlay, from the rules core: loops, routes and dots (with check-mode
    /// styles and castling rooks), arrows. Labels that must stay readable go on top.
    fn marks(&self, layout: &Layout, l: &mut Layers) -> Marks {
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
        for (li, (route, dir, until)) in overlay_loops(topo, self.overlay).into_iter().enumerate() {
            let cell = route.from;
            let lw = line.stroke.map_or(2.0, |s| s.1);
            let paint = Paint::stroke(self.theme.loop_, lw).rounded();
            let pieces = layout.route(topo, &route);
            let mut data = vec![("from", topo.name(cell)), ("dir", dir.name().to_string()), ("index", li.to_string())];
            if let Some(u) = until {
                data.push(("until", topo.name(u)));
            }
            push_route(&mut marks, &pieces, paint, "loop", &data, &|at| port(at, self.theme.loop_, lw));
        }
        let mut legend: Option<[usize; 3]> = None;
        for &from in &self.overlay.moves {
            let Some(piece) = self.pos.piece_at(from) else { continue };
            let dests = destinations(self.pos, from, !self.overlay.pseudo);
            let lw = line.stroke.map_or(2.0, |s| s.1);
            // Check mode: the core's destinations against a source's.
            let expected: Option<&Vec<Cell>> =
                self.overlay.expect.as_ref().filter(|(sq, _)| *sq == from).map(|(_, e)| e);
            let kind_of = |cell: Cell| match expected {
                None => DotKind::Plain,
                Some(e) if e.contains(&cell) => DotKind::Agreed,
                Some(_) => DotKind::Extra,
            };
            let mut dots: Vec<Element> = Vec::new();
            for d in &dests {
                let kind = kind_of(d.cell);
                for r in &d.routes {
                    let pieces = layout.route(topo, r);
                    let mut data = vec![("from", topo.name(from)), ("to", topo.name(d.cell))];
                    if d.capture {
                        data.push(("capture", "true".to_string()));
                    }
                    let ends: Vec<Pt> = pieces.last().and_then(|p| p.last()).copied().into_iter().collect();
                    push_route(&mut marks, &pieces, line.clone(), "route", &data, &|at| port(at, self.theme.route, lw));
                    // On the chart a destination is marked where its route ends; elsewhere once.
                    if let Layout::Chart(_) = layout {
                        for at in ends {
                            if !dots.iter().any(|e| matches!(e.shape, Shape::Circle { c, .. } if c.dist(at) < 1e-3)) {
                                dots.push(dot(layout, topo, self.theme, d.cell, at, d.capture, kind));
                            }
                        }
                    }
                }
                if !matches!(layout, Layout::Chart(_)) {
                    for at in layout.centres(topo, d.cell) {
                        dots.push(dot(layout, topo, self.theme, d.cell, at, d.capture, kind));
                    }
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
                    let (tw, th) = (crate::font::text_width(&label, size * 0.2, self.theme.title_font), size * 0.2);
                    for at in layout.centres(topo, d.cell) {
                        let at = at.offset(0.0, size * 0.36);
                        // Over the pieces, on a backing of the paper colour, so that a capturing
                        // promotion stays readable.
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
                                size * 0.2,
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
                    if let crate::rules::MoveKind::Castle(k) = m.kind
                        && let Some(way) = self.pos.tables().castling(piece.color, k)
                        && let Some(route) = ride_to(topo, way.rook_from, way.dir.reverse(), way.rook_to)
                    {
                        let paint = Paint { dash: Some(vec![lw * 2.5, lw * 2.0]), ..line.clone() };
                        let data = [
                            ("from", topo.name(way.rook_from)),
                            ("to", topo.name(way.rook_to)),
                            ("castling", k.notation().to_string()),
                        ];
                        push_route(&mut marks, &layout.route(topo, &route), paint, "castling-rook", &data, &|at| {
                            port(at, self.theme.route, lw)
                        });
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
            let mut s = format!(
                "Moves of the {} {} on {}: {} destination{} ({})",
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
        for &(a, b) in &self.overlay.arrows {
            let Some(route) = arrow_route(self.pos.variant(), a, b) else { continue };
            let lw = line.stroke.map_or(2.0, |s| s.1) * 1.3;
            let paint = Paint::stroke(self.theme.arrow, lw).rounded();
            let mut pieces = layout.route(topo, &route);
            let head = arrow_head(&mut pieces, lw * 4.5);
            push_route(&mut marks, &pieces, paint, "arrow", &[("from", topo.name(a)), ("to", topo.name(b))], &|at| {
                port(at, self.theme.arrow, lw)
            });
            if let Some(tri) = head {
                marks.push(
                    Element::new(Shape::Path(tri), Paint::fill(self.theme.arrow), "arrow-head")
                        .with("from", topo.name(a))
                        .with("to", topo.name(b)),
                );
            }
        }
        Marks { elements: marks, described: described_moves, legend }
    }

    /// Xiangqi: the river along the boundary between the two halves (on the hemispheres, the rims
    /// of both discs) and the outline of each palace, found as the sides of cells whose neighbour
    /// across the side lies on the other side of the boundary.
    fn xiangqi_zones(&self, layout: &Layout, l: &mut Layers) {
        let Some(x) = self.pos.variant().xiangqi_tables() else { return };
        let topo = &self.topo;
        let unit = layout.unit();
        let neighbour = |cell: Cell, dir: Dir| topo.step(topo.cursor(cell, dir)).map(|s| s.to.cell);
        let river = Paint::stroke(self.theme.river, (unit * 0.11).max(2.0)).rounded().with_opacity(0.85);
        let palace = Paint::stroke(self.theme.palace, (unit * 0.05).max(1.2)).rounded();
        for cell in topo.all_cells().filter(|&c| topo.pole_of(c).is_none()) {
            for dir in Dir::ORTHOGONAL {
                let Some(n) = neighbour(cell, dir) else { continue };
                for side in Color::ALL {
                    if x.own_half(side).has(cell) && x.own_half(side.other()).has(n) {
                        for cmds in layout.side(topo, cell, dir) {
                            l.decor.push(
                                Element::new(Shape::Path(cmds), river.clone(), "river").with("cell", topo.name(cell)),
                            );
                        }
                    }
                }
                for color in Color::ALL {
                    let p = x.palace(color);
                    if p.has(cell) && !p.has(n) {
                        for cmds in layout.side(topo, cell, dir) {
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

    /// Every square's name in the square (each copy on the chart).
    fn cell_names(&self, layout: &Layout, l: &mut Layers) {
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

/// Every chart position the overlay's marks pass through, seen from the home copies of an
/// unbounded chart: what a fitted chart window must show.
fn chart_marks(pos: &Position, overlay: &Overlay) -> Vec<(f64, f64)> {
    let topo = pos.topology();
    let probe = ChartGeom::new(
        topo,
        Pt::default(),
        1.0,
        Window { x0: 0, y0: 0, cols: topo.width() as u32, rows: topo.height() as u32 },
    );
    let mut routes: Vec<Route> = Vec::new();
    for &from in &overlay.moves {
        routes.extend(destinations(pos, from, !overlay.pseudo).into_iter().flat_map(|d| d.routes));
    }
    routes.extend(overlay_loops(topo, overlay).into_iter().map(|(r, _, _)| r));
    routes.extend(overlay.arrows.iter().filter_map(|&(a, b)| arrow_route(pos.variant(), a, b)));
    routes.iter().flat_map(|r| probe.route_points(topo, r)).collect()
}

fn view_name(view: &View) -> &'static str {
    match view.kind {
        ViewKind::Hemispheres { .. } => "the two hemispheres",
        ViewKind::Chart { .. } => "the unrolled chart (2DFARCSOD)",
        ViewKind::Board { .. } => "the single board",
    }
}

fn describe(pos: &Position, view: &View, moves: &[String], overlay: &Overlay) -> String {
    let topo = pos.topology();
    let mut s = format!("{}, drawn as {}.", pos.variant().title, view_name(view));
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
    for (a, b) in &overlay.arrows {
        s += &format!(" An arrow from {} to {}.", topo.name(*a), topo.name(*b));
    }
    s
}

/// Every loop and part of a loop of an overlay, with what to call it.
fn overlay_loops(topo: &Topology, overlay: &Overlay) -> Vec<(Route, Dir, Option<Cell>)> {
    let whole = overlay.loops.iter().filter_map(|&(c, d)| ride_to(topo, c, d, c).map(|r| (r, d, None)));
    let parts = overlay.paths.iter().filter_map(|&(c, d, u)| ride_to(topo, c, d, u).map(|r| (r, d, Some(u))));
    whole.chain(parts).collect()
}

fn file_name(f: u8) -> String {
    ((b'a' + f) as char).to_string()
}

/// Text as a scene element.
pub fn text(s: String, at: Pt, size: f64, anchor: Anchor, weight: FontWeight, col: Rgb, class: &str) -> Element {
    Element::new(Shape::Text { text: s.clone(), at, size, anchor, weight }, Paint::fill(col), class).with("text", s)
}

/// How a destination is marked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DotKind {
    /// An ordinary move dot.
    Plain,
    /// Check mode: found by the core and expected by the source.
    Agreed,
    /// Check mode: expected by the source, not found by the core.
    Missing,
    /// Check mode: found by the core, not expected by the source.
    Extra,
}

fn dot(layout: &Layout, topo: &Topology, theme: &Theme, cell: Cell, at: Pt, capture: bool, kind: DotKind) -> Element {
    let size = layout.cell_size(topo, cell);
    dot_shape(theme, at, size, capture, kind).with("cell", topo.name(cell))
}

/// A destination mark: a dot (ringed for a capture); in check mode agreed dots are the plain ones,
/// missing ones a crossed ring, extra ones a square.
fn dot_shape(theme: &Theme, at: Pt, size: f64, capture: bool, kind: DotKind) -> Element {
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
            Element::new(Shape::Circle { c: at, r: size * 0.47 }, Paint::stroke(theme.capture, w), class)
        }
        (kind, false) => {
            let class = if kind == DotKind::Agreed { "dot agreed" } else { "dot" };
            Element::new(Shape::Circle { c: at, r }, Paint::fill(theme.dot), class)
        }
    }
}

fn piece_element(theme: &Theme, set: PieceSet, piece: Piece, at: Pt, size: f64) -> Element {
    let (body, ink) = match (set, piece.color) {
        (PieceSet::Disc, Color::White) => (theme.disc, theme.gold_ink),
        (PieceSet::Disc, Color::Black) => (theme.disc, theme.red_ink),
        (PieceSet::Letter, Color::Black) => (theme.piece_body(piece.color), theme.white_piece),
        _ => (theme.piece_body(piece.color), Rgb::BLACK),
    };
    Element::new(
        Shape::Piece { piece, at, size, set },
        Paint { fill: Some(body), stroke: Some((ink, (size * 0.045).max(0.8))), ..Paint::default() },
        "piece",
    )
    .with("piece", piece.letter().to_string())
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
    let n = pieces.len();
    for (i, p) in pieces.iter().enumerate() {
        let mut e = Element::new(Shape::Polyline(p.clone()), paint.clone(), class);
        for (k, v) in data {
            e = e.with(k, v.clone());
        }
        if n > 1 {
            e = e.with("part", format!("{}/{}", i + 1, n));
        }
        out.push(e);
    }
    for (i, p) in pieces.iter().enumerate() {
        if i + 1 < n
            && let Some(&end) = p.last()
        {
            out.push(port(end));
        }
        if i > 0
            && let Some(&start) = p.first()
        {
            out.push(port(start));
        }
    }
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

/// Colour mode: a square tinted by where it lies (north red, south blue, west green, east
/// purple), mixed into its light or dark base colour.
fn tint(topo: &Topology, theme: &Theme, cell: Cell, base: Rgb) -> Rgb {
    let Some((f, r)) = topo.coords(cell) else { return base };
    let (w, h) = (topo.width() as f64, topo.height() as f64);
    let ns = theme.south.mix(theme.north, (r as f64 + 0.5) / h);
    let we = theme.west.mix(theme.east, (f as f64 + 0.5) / w);
    base.mix(ns.mix(we, 0.5), theme.tint)
}

/// Several scenes in one figure: a grid of panels, each row as tall as its tallest panel, a
/// caption under each (shrunk to its panel's width), and an optional title.
pub fn panels(items: Vec<(Scene, String)>, columns: usize, title: Option<&str>, theme: &Theme) -> Scene {
    let columns = columns.clamp(1, items.len().max(1));
    let cell_w = items.iter().map(|(s, _)| s.width).fold(1.0, f64::max);
    let caption_size = (cell_w * 0.045).clamp(11.0, 26.0);
    let caption_h = caption_size * 1.8;
    let gap = (cell_w * 0.05).max(8.0);
    let title_h = if title.is_some() { caption_size * 2.6 } else { 0.0 };
    let rows: Vec<&[(Scene, String)]> = items.chunks(columns).collect();
    let row_h: Vec<f64> = rows.iter().map(|r| r.iter().map(|(s, _)| s.height).fold(1.0, f64::max)).collect();
    let width = columns as f64 * cell_w + (columns + 1) as f64 * gap;
    let height = title_h + row_h.iter().map(|h| h + caption_h + gap).sum::<f64>() + gap;
    let mut scene = Scene::new(width, height, theme.background);
    let mut descs = Vec::new();
    let mut y = title_h + gap;
    let mut index = 0;
    for (r, row) in rows.iter().enumerate() {
        for (col, (sub, caption)) in row.iter().enumerate() {
            index += 1;
            let x = gap + col as f64 * (cell_w + gap) + (cell_w - sub.width) / 2.0;
            let top = y + (row_h[r] - sub.height) / 2.0;
            descs.push(format!("Panel {index} ({caption}): {}", sub.desc));
            scene.nodes.push(Node::Group(Group {
                class: "panel".into(),
                data: vec![("index", index.to_string()), ("caption", caption.clone())],
                offset: Pt::new(x, top),
                scale: 1.0,
                children: sub.nodes.clone(),
            }));
            if !caption.is_empty() {
                let fit = cell_w * 0.96 / crate::font::text_width(caption, 1.0, theme.font).max(1e-9);
                let size = caption_size.min(fit);
                let at = Pt::new(gap + col as f64 * (cell_w + gap) + cell_w / 2.0, y + row_h[r] + caption_h * 0.45);
                scene.push(text(caption.clone(), at, size, Anchor::Middle, theme.font, theme.text, "caption"));
            }
        }
        y += row_h[r] + caption_h + gap;
    }
    if let Some(t) = title {
        let fit = width * 0.96 / crate::font::text_width(t, 1.0, theme.title_font).max(1e-9);
        let size = (caption_size * 1.3).min(fit);
        scene.push(text(
            t.to_string(),
            Pt::new(width / 2.0, title_h * 0.55),
            size,
            Anchor::Middle,
            theme.title_font,
            theme.text,
            "title",
        ));
        scene.title = t.to_string();
    }
    scene.desc = descs.join(" ");
    scene
}
