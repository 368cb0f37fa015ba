//! The scene: everything a figure draws, as plain shapes in figure units (f64), each with a
//! semantic class and data attributes. Writers ([`crate::output`]) turn a scene into bytes; they
//! never compute rules or geometry of their own.

use crate::rules::piece::Piece;

/// A point in figure units (x right, y down).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Pt {
    /// Right.
    pub x: f64,
    /// Down.
    pub y: f64,
}

impl Pt {
    /// A point.
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }
    /// Distance to another point.
    pub fn dist(self, o: Pt) -> f64 {
        libm::hypot(self.x - o.x, self.y - o.y)
    }
    /// The point moved by `(dx, dy)`.
    pub fn offset(self, dx: f64, dy: f64) -> Pt {
        Pt::new(self.x + dx, self.y + dy)
    }
    /// The point between two, at fraction `t` from `self`.
    pub fn lerp(self, o: Pt, t: f64) -> Pt {
        Pt::new(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)
    }
}

/// An sRGB colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// White.
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
    /// Parses `#rgb` or `#rrggbb`.
    pub fn parse(s: &str) -> Option<Rgb> {
        let h = s.strip_prefix('#')?;
        // Hex digits only: `from_str_radix` would also take a sign (`#+1+1+1`).
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let nib = |i: usize| u8::from_str_radix(h.get(i..i + 1)?, 16).ok();
        let byte = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
        match h.len() {
            3 => Some(Rgb(nib(0)? * 17, nib(1)? * 17, nib(2)? * 17)),
            6 => Some(Rgb(byte(0)?, byte(2)?, byte(4)?)),
            _ => None,
        }
    }
    /// Relative luminance (0 black, 1 white), as WCAG computes it.
    pub fn luminance(self) -> f64 {
        let lin = |v: u8| {
            let v = v as f64 / 255.0;
            if v <= 0.04045 { v / 12.92 } else { libm::pow((v + 0.055) / 1.055, 2.4) }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }
    /// Mixes towards `other` by `t` (0 = self, 1 = other).
    pub(crate) fn mix(self, other: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round().clamp(0.0, 255.0) as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

/// One command of a path.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum PathCmd {
    /// Start a subpath.
    Move(Pt),
    /// Straight line.
    Line(Pt),
    /// Circular arc of radius `r` to `to`; `sweep` is SVG's sweep flag (true = clockwise on
    /// paper).
    Arc {
        /// Radius.
        r: f64,
        /// More than half a turn.
        large: bool,
        /// Clockwise on paper.
        sweep: bool,
        /// End point.
        to: Pt,
    },
    /// Quadratic Bézier.
    Quad(Pt, Pt),
    /// Cubic Bézier.
    Cubic(Pt, Pt, Pt),
    /// Close the subpath.
    Close,
}

impl PathCmd {
    /// Where the command ends: the point it moves or draws to (`None` for a close).
    pub(crate) fn end(&self) -> Option<Pt> {
        match *self {
            PathCmd::Move(p) | PathCmd::Line(p) | PathCmd::Quad(_, p) | PathCmd::Cubic(_, _, p) => Some(p),
            PathCmd::Arc { to, .. } => Some(to),
            PathCmd::Close => None,
        }
    }

    /// An open path through `points`: a move to the first, a line to each of the others.
    pub fn polyline(points: &[Pt]) -> Vec<PathCmd> {
        let mut cmds = Vec::with_capacity(points.len());
        if let Some((&first, rest)) = points.split_first() {
            cmds.push(PathCmd::Move(first));
            cmds.extend(rest.iter().map(|&q| PathCmd::Line(q)));
        }
        cmds
    }
}

/// Text anchoring.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Anchor {
    /// The point is the text's left end.
    Start,
    /// The point is the text's centre.
    Middle,
    /// The point is the text's right end.
    End,
}

/// Which embedded font.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FontWeight {
    /// Regular.
    Regular,
    /// Bold.
    Bold,
}

/// How pieces are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceSet {
    /// Staunton chessmen as printed diagrams draw them, outlines drawn by the project: a white
    /// piece white with black outlines, a black piece black with white inner lines.
    Diagram,
    /// The chess symbols of the embedded font.
    Glyph,
    /// A disc with the piece's letter (K, Q, R, B, N, P).
    Letter,
    /// A xiangqi piece as printed diagrams draw it: a disc with an inner ring and the piece's
    /// sign (its letter: K A E H R C P) in the side's ink.
    Disc,
}

/// A drawn shape.
#[derive(Clone, PartialEq, Debug)]
pub enum Shape {
    /// Axis-aligned rectangle.
    Rect {
        /// Top-left corner.
        at: Pt,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
    },
    /// Circle.
    Circle {
        /// Centre.
        c: Pt,
        /// Radius.
        r: f64,
    },
    /// General path.
    Path(Vec<PathCmd>),
    /// Open polyline.
    Polyline(Vec<Pt>),
    /// A line of text, vertically centred on `at`; writers draw it from the embedded font's
    /// outlines.
    Text {
        /// The text.
        text: String,
        /// The anchor point (vertical centre of the text).
        at: Pt,
        /// Font size (em) in figure units.
        size: f64,
        /// Horizontal anchoring.
        anchor: Anchor,
        /// Weight.
        weight: FontWeight,
    },
    /// A piece, upright, centred on `at`, `size` figure units tall. Its paint's fill is the
    /// piece's body colour, its stroke colour the ink.
    Piece {
        /// Which piece.
        piece: Piece,
        /// Centre.
        at: Pt,
        /// Height.
        size: f64,
        /// The artwork.
        set: PieceSet,
    },
}

/// How a shape is painted.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Paint {
    /// Fill colour (none: not filled).
    pub fill: Option<Rgb>,
    /// Stroke colour and width.
    pub stroke: Option<(Rgb, f64)>,
    /// Dash pattern of the stroke.
    pub dash: Option<Vec<f64>>,
    /// Opacity (1 = opaque).
    pub opacity: Option<f64>,
    /// Round caps and joins on strokes.
    pub round: bool,
    /// Filled without anti-aliasing (SVG `shape-rendering="crispEdges"`): for a cell whose
    /// outline is part of the grid drawn over it (the grid module's `draw_once`). Each edge pixel is
    /// then painted once, by the cell its centre lies in, instead of being blended by both cells
    /// on either side; the grid line over the edge hides the difference, and the PNG is painted
    /// several times quicker.
    pub crisp: bool,
}

impl Paint {
    /// Filled, no stroke.
    pub fn fill(c: Rgb) -> Paint {
        Paint { fill: Some(c), ..Paint::default() }
    }
    /// Stroked, no fill.
    pub fn stroke(c: Rgb, w: f64) -> Paint {
        Paint { stroke: Some((c, w)), ..Paint::default() }
    }
    /// Adds a stroke.
    pub(crate) fn with_stroke(mut self, c: Rgb, w: f64) -> Paint {
        self.stroke = Some((c, w));
        self
    }
    /// Round caps and joins.
    pub(crate) fn rounded(mut self) -> Paint {
        self.round = true;
        self
    }
    /// With opacity.
    pub(crate) fn with_opacity(mut self, o: f64) -> Paint {
        self.opacity = Some(o);
        self
    }
}

/// A drawn thing: a shape, its paint, and what it means.
#[derive(Clone, PartialEq, Debug)]
pub struct Element {
    /// The shape.
    pub shape: Shape,
    /// The paint.
    pub paint: Paint,
    /// Semantic class (`cell dark`, `dot capture`, `route`, `piece`, …).
    pub class: String,
    /// Data attributes, written `data-<key>="<value>"`, in this order.
    pub data: Vec<(&'static str, String)>,
}

impl Element {
    /// An element with no data attributes.
    pub fn new(shape: Shape, paint: Paint, class: impl Into<String>) -> Element {
        Element { shape, paint, class: class.into(), data: Vec::new() }
    }
    /// Adds a data attribute.
    pub fn with(mut self, key: &'static str, value: impl Into<String>) -> Element {
        self.data.push((key, value.into()));
        self
    }
}

/// A node of the scene tree: an element, or a group of nodes moved and scaled together.
#[derive(Clone, PartialEq, Debug)]
pub enum Node {
    /// One element.
    Element(Element),
    /// A group.
    Group(Group),
}

/// A group of nodes, translated then scaled.
#[derive(Clone, PartialEq, Debug)]
pub struct Group {
    /// Semantic class.
    pub class: String,
    /// Data attributes.
    pub data: Vec<(&'static str, String)>,
    /// Translation applied to the children.
    pub offset: Pt,
    /// Scale applied to the children (before the translation).
    pub scale: f64,
    /// Children, drawn in order.
    pub children: Vec<Node>,
}

/// A whole figure.
#[derive(Clone, PartialEq, Debug)]
pub struct Scene {
    /// Width in figure units (one unit is one pixel at PNG scale 1).
    pub width: f64,
    /// Height in figure units.
    pub height: f64,
    /// Short title (SVG `<title>`).
    pub title: String,
    /// Description in words of what the figure shows (SVG `<desc>`).
    pub desc: String,
    /// Background colour.
    pub background: Rgb,
    /// No background at all (`background = "none"`): the SVG has no background rectangle and the
    /// PNG's pixels outside the drawing are clear; otherwise every pixel is opaque.
    pub transparent: bool,
    /// Pixels (figure units) per inch, when asked for (`--dpi`): written into the PNG (its `pHYs`
    /// chunk) and used for the PDF page, whose size is then the figure's width and height at
    /// this resolution. `None`: 96, as CSS pixels are, and no `pHYs` chunk.
    pub dpi: Option<f64>,
    /// What is drawn, bottom first.
    pub nodes: Vec<Node>,
}

impl Scene {
    /// An empty scene.
    pub fn new(width: f64, height: f64, background: Rgb) -> Scene {
        Scene {
            width,
            height,
            title: String::new(),
            desc: String::new(),
            background,
            transparent: false,
            dpi: None,
            nodes: Vec::new(),
        }
    }

    /// Adds an element on top.
    pub fn push(&mut self, e: Element) {
        self.nodes.push(Node::Element(e));
    }

    /// Every element, depth first, with the transform of its groups applied to nothing: for
    /// tests and queries that look for classes and data.
    pub fn elements(&self) -> Vec<&Element> {
        fn walk<'a>(nodes: &'a [Node], out: &mut Vec<&'a Element>) {
            for n in nodes {
                match n {
                    Node::Element(e) => out.push(e),
                    Node::Group(g) => walk(&g.children, out),
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.nodes, &mut out);
        out
    }

    /// Elements whose class list contains every word of `class`.
    pub fn find(&self, class: &str) -> Vec<&Element> {
        self.elements()
            .into_iter()
            .filter(|e| class.split_whitespace().all(|c| e.class.split_whitespace().any(|x| x == c)))
            .collect()
    }
}
