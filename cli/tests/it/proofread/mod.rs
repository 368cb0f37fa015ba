//! The proofreader: what a careful reader of a printed article checks in every figure, run over
//! every still panel and every animation frame of the essay, and over a few hundred generated
//! figures (every view of every variant, positions reached by random legal play, random marks,
//! from a fixed seed).
//!
//! Each check is a module with a property a reader would state, read from the scene's semantic
//! classes and data attributes (`class="route" data-from data-to`, `class="dot" data-cell`,
//! `coordinate rank`, `piece`, `cell`, …), never from the program's own idea of where things
//! should be. A check that fails names the figure, the panel or frame, and the element it stopped
//! at, and how many more it found.
//!
//! Why in the test suite and not in the library: the checks read the scene as a reader reads the
//! page, from its classes and shapes only; kept out of `src/` they cannot lean on the drawing
//! code's own notion of where a label or dot was meant to go.

mod arrow_ends;
mod coordinates;
mod copies;
mod duplicates;
mod generated;
mod geom;
mod inside;
mod labels;
mod leaps;
mod lines_under_labels;
mod outline;
mod over_pieces;
mod pole_band;
mod pole_letters;
mod route_ends;
mod small_text;
mod steady;
mod type_scale;

use crate::essay::essay;
use dotchess::draw::scene::{Element, Node, Pt, Scene, Shape};
use dotchess::{Topology, View};
use std::sync::OnceLock;

/// One picture to proofread: a still panel, an animation frame or a generated figure.
pub struct Sheet {
    /// The figure's name (the essay's output name, or the generated figure's recipe).
    pub figure: String,
    /// Which part of it: `panel 2`, `frame 40`.
    pub part: String,
    /// Its elements, in drawing order, with their groups' offsets and scales applied.
    pub elements: Vec<Element>,
    /// The board drawn.
    pub topo: Topology,
    /// The view the picture is drawn in, when it is one view's picture (an animation's frames
    /// between two views, or of a moving board, have none).
    pub view: Option<View>,
    /// The animation it is a frame of, if it is one.
    pub animation: Option<dotchess::draw::Kind>,
}

impl Sheet {
    pub fn new(figure: String, part: String, scene: &Scene, topo: Topology, view: Option<View>) -> Sheet {
        Sheet { figure, part, elements: flatten(scene), topo, view, animation: None }
    }

    /// Elements whose class list holds every word of `class`.
    pub fn find<'a>(&'a self, class: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.elements.iter().filter(move |e| has_class(e, class))
    }
}

/// Whether an element's class list holds every word of `class`.
pub fn has_class(e: &Element, class: &str) -> bool {
    class.split_whitespace().all(|c| e.class.split_whitespace().any(|x| x == c))
}

/// An element's data attribute.
pub fn data<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// An element as the SVG writes it, for a finding: its class and data attributes.
pub fn describe(e: &Element) -> String {
    let mut s = format!("class=\"{}\"", e.class);
    for (k, v) in &e.data {
        s += &format!(" data-{k}=\"{v}\"");
    }
    s
}

/// Every element of a scene, depth first, with its groups' transforms applied to its shape.
fn flatten(scene: &Scene) -> Vec<Element> {
    let mut out = Vec::new();
    walk(&scene.nodes, Pt::default(), 1.0, &mut out);
    out
}

/// The elements of `nodes`, depth first, drawn in a group moved by `off` and scaled by `scale`.
fn walk(nodes: &[Node], off: Pt, scale: f64, out: &mut Vec<Element>) {
    for n in nodes {
        match n {
            Node::Element(e) => {
                let mut e = e.clone();
                if off != Pt::default() || scale != 1.0 {
                    e.shape = geom::transformed(&e.shape, off, scale);
                    if let Some((c, w)) = e.paint.stroke {
                        e.paint.stroke = Some((c, w * scale));
                    }
                }
                out.push(e);
            }
            Node::Group(g) => {
                let o = Pt::new(off.x + g.offset.x * scale, off.y + g.offset.y * scale);
                walk(&g.children, o, scale * g.scale, out);
            }
        }
    }
}

/// A still figure of the essay as printed: its panels composed in their grid with captions.
pub struct Figure {
    /// The essay's name for it.
    pub figure: String,
    /// Its `<title>`.
    pub title: String,
    /// Each panel's elements as printed (its group's place and scale applied).
    pub panels: Vec<Vec<Element>>,
    /// What stands outside the panels: captions, the title, a legend.
    pub outside: Vec<Element>,
}

/// Every still figure of the essay composed as it is printed, drawn once per test process.
pub fn essay_figures() -> &'static [Figure] {
    static FIGURES: OnceLock<Vec<Figure>> = OnceLock::new();
    FIGURES.get_or_init(|| {
        let mut out = Vec::new();
        for (name, fig) in essay().into_iter().filter(|(_, f)| f.animation.is_none()) {
            let scene = fig.render();
            let (mut panels, mut outside) = (Vec::new(), Vec::new());
            for n in &scene.nodes {
                let mut elements = Vec::new();
                walk(std::slice::from_ref(n), Pt::default(), 1.0, &mut elements);
                match n {
                    Node::Group(g) if g.class == "panel" => panels.push(elements),
                    // A figure scaled to a width: its panels inside.
                    Node::Group(g) if g.class == "figure" => outside.extend(elements),
                    _ => outside.extend(elements),
                }
            }
            out.push(Figure { figure: name, title: scene.title.clone(), panels, outside });
        }
        out
    })
}

/// What a check reads: a sheet, or a still figure composed as printed.
pub trait Part {
    /// The figure's name.
    fn figure(&self) -> &str;
    /// Which part of it.
    fn part(&self) -> &str;
}

impl Part for Sheet {
    fn figure(&self) -> &str {
        &self.figure
    }
    fn part(&self) -> &str {
        &self.part
    }
}

impl Part for Figure {
    fn figure(&self) -> &str {
        &self.figure
    }
    fn part(&self) -> &str {
        "the figure"
    }
}

/// What a check found on one sheet: the element it stopped at and what is wrong with it.
pub type Finding = String;

/// Runs a check over sheets and fails with the first findings, each naming figure, part and
/// element, and their count. `at_least` guards the check against passing because it saw nothing:
/// how many sheets must have held what it looks at (the check returns `None` for a sheet without).
pub fn proofread<T: Part>(what: &str, sheets: &[T], at_least: usize, check: impl Fn(&T) -> Option<Vec<Finding>>) {
    let mut seen = 0;
    let mut found: Vec<String> = Vec::new();
    let mut figures = std::collections::BTreeSet::new();
    for s in sheets {
        let Some(f) = check(s) else { continue };
        seen += 1;
        if !f.is_empty() {
            figures.insert(s.figure().to_string());
        }
        found.extend(f.into_iter().map(|x| format!("{}, {}: {x}", s.figure(), s.part())));
    }
    // `PROOFREAD_SHOW=N` lists more findings (25 by default).
    let show = std::env::var("PROOFREAD_SHOW").ok().and_then(|v| v.parse().ok()).unwrap_or(25);
    let shown: Vec<&str> = found.iter().take(show).map(String::as_str).collect();
    assert!(
        found.is_empty(),
        "{what}: {} finding(s) in {} figure(s) ({}):\n{}{}",
        found.len(),
        figures.len(),
        figures.iter().take(40).cloned().collect::<Vec<_>>().join(" "),
        shown.join("\n"),
        if found.len() > shown.len() { "\n…" } else { "" }
    );
    assert!(seen >= at_least, "{what}: only {seen} sheets to check (at least {at_least} expected)");
}

/// Every still panel and every animation frame of the essay, drawn once per test process.
pub fn essay_sheets() -> &'static [Sheet] {
    static SHEETS: OnceLock<Vec<Sheet>> = OnceLock::new();
    SHEETS.get_or_init(|| {
        use dotchess::draw::Kind;
        let mut out = Vec::new();
        for (name, fig) in essay() {
            let topo = *fig.panels[0].position.topology();
            match fig.animate() {
                Some(a) => {
                    let a = a.unwrap_or_else(|e| panic!("{name}: {e}"));
                    let kind = fig.animation.as_ref().map(|s| s.kind);
                    // Frames that are one view's picture: the gear's hemispheres, the globe
                    // turning, a game replayed on its panel's view. The others move between views.
                    let view = match kind {
                        Some(Kind::Gear | Kind::Spin | Kind::Game | Kind::Walk) => Some(fig.panels[0].view),
                        _ => None,
                    };
                    for (k, s) in a.frames.iter().enumerate() {
                        let mut sheet = Sheet::new(name.clone(), format!("frame {}", k + 1), s, topo, view);
                        sheet.animation = kind;
                        out.push(sheet);
                    }
                }
                None => {
                    for (i, p) in fig.panels.iter().enumerate() {
                        let s = dotchess::render(&p.position, &p.overlay, &p.view, &fig.theme);
                        let topo = *p.position.topology();
                        out.push(Sheet::new(name.clone(), format!("panel {}", i + 1), &s, topo, Some(p.view)));
                    }
                }
            }
        }
        out
    })
}

/// The generated figures, drawn once per test process ([`generated::sheets`]).
pub fn generated_sheets() -> &'static [Sheet] {
    static SHEETS: OnceLock<Vec<Sheet>> = OnceLock::new();
    SHEETS.get_or_init(generated::sheets)
}

/// The points of a line (a polyline, or a path with its curves flattened).
pub fn line_points(e: &Element) -> Vec<Vec<Pt>> {
    match &e.shape {
        Shape::Polyline(p) => vec![p.clone()],
        Shape::Path(cmds) => geom::flatten_path(cmds),
        _ => Vec::new(),
    }
}

/// The half width of an element's stroke.
pub fn half_stroke(e: &Element) -> f64 {
    e.paint.stroke.map_or(0.0, |(_, w)| w / 2.0)
}
