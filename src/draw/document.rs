//! The figure document: what a figure draws, checked and complete ([`FigureSpec`]: its panels,
//! each a position, a view and an overlay; its title, theme and background; an animation), and
//! the drawing of it into one scene.

use crate::draw::figure::{Overlay, PanelSpec, View};
use crate::draw::scene::Rgb;
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use crate::rules::topology::Cell;

/// A figure's background: a colour over the theme's paper, or none at all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Background {
    /// Nothing behind the drawing: a PNG is clear there (its only pixels with alpha below 255),
    /// an SVG has no background rectangle. Ports and plates under labels keep the theme's paper
    /// colour, so they still hide what they cover.
    None,
    /// This colour instead of the theme's paper.
    Colour(Rgb),
}

impl Background {
    /// Reads `none` (or CSS's `transparent`) or a colour ([`crate::draw::colour::parse_colour`]).
    pub fn parse(s: &str) -> Result<Background, BackgroundError> {
        if ["none", "transparent"].iter().any(|n| s.trim().eq_ignore_ascii_case(n)) {
            return Ok(Background::None);
        }
        crate::draw::colour::parse_colour(s).map(Background::Colour).map_err(BackgroundError)
    }
}

/// A background that is neither `none` nor a colour ([`Background::parse`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("is `none` or a colour: {0}")]
pub struct BackgroundError(pub crate::draw::colour::ColourError);

/// An expected destination set for a piece, from a book or another program.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The position the expectation is about: the figure's base position (the position file),
    /// whatever the panels draw.
    pub position: Position,
    /// The piece's cell.
    pub square: Cell,
    /// The destinations the source gives.
    pub destinations: Vec<Cell>,
    /// Where the expectation comes from.
    pub source: Option<String>,
}

/// A whole figure, checked and ready to draw.
#[derive(Clone, Debug)]
pub struct FigureSpec {
    /// The title above it.
    pub title: Option<String>,
    /// The theme.
    pub theme: Theme,
    /// Panel columns when there are several.
    pub columns: usize,
    /// The whole figure's width, when asked for (else each panel's own width decides).
    pub width: Option<f64>,
    /// The panels (one for a simple figure).
    pub panels: Vec<PanelSpec>,
    /// Expected destination sets to check.
    pub expect: Vec<Expectation>,
    /// The overlay's `[animation]`: the figure is then an animation of its first panel.
    pub animation: Option<crate::draw::animation::AnimSpec>,
    /// `background`: none (transparent) or a colour over the theme's paper.
    pub background: Option<Background>,
    /// `dpi`: the resolution written into the PNG, and the PDF page's scale.
    pub dpi: Option<f64>,
    /// A game to replay (`kind = "game"`), when the figure's position file is a game file.
    pub script: Option<std::sync::Arc<crate::draw::animation::replay::Script>>,
}

impl FigureSpec {
    /// The frames of the figure's animation (its first panel, animated), if it has one.
    pub fn animate(&self) -> Option<Result<crate::draw::animation::Animation, crate::draw::animation::AnimError>> {
        let spec = self.animation.as_ref()?;
        let panel = self.panels.first()?;
        if spec.kind == crate::draw::animation::Kind::Game {
            return Some(
                self.replay(panel.view)
                    .ok_or_else(crate::draw::animation::no_game)
                    .and_then(|(script, replay)| crate::draw::animation::replay::build(&script, &replay, &self.theme)),
            );
        }
        Some(crate::draw::animation::build(spec, panel, self.title.as_deref(), &self.theme))
    }

    /// The figure's game and how to replay it (its first panel's view, and marks under each
    /// frame's), when it has one.
    pub fn replay(
        &self,
        view: crate::draw::figure::View,
    ) -> Option<(std::sync::Arc<crate::draw::animation::replay::Script>, crate::draw::animation::replay::Replay)> {
        use crate::draw::animation::replay::Replay;
        let script = self.script.clone()?;
        let panel = self.panels.first()?;
        let plays = self.animation.map_or(0, |a| a.plays);
        Some((script, Replay { plays, base: panel.overlay.clone(), ..Replay::new(view) }))
    }

    /// Draws the figure: one panel as it is, several in a grid with captions. No budget: for
    /// figures the program makes itself; inputs go through [`crate::output::budget::render_checked`].
    pub fn render(&self) -> crate::draw::scene::Scene {
        match self.draw(|_, _| Ok::<(), std::convert::Infallible>(())) {
            Ok(scene) => scene,
            Err(never) => match never {},
        }
    }

    /// Draws the figure with its background and resolution (see `draw_panels`).
    pub fn draw<E>(
        &self,
        check: impl FnMut(usize, &crate::draw::scene::Scene) -> Result<(), E>,
    ) -> Result<crate::draw::scene::Scene, E> {
        self.draw_in(false, check)
    }

    /// Draws the figure for an interactive page ([`crate::output::to_html`]): the same figure,
    /// each panel with every piece's moves in hidden groups ([`crate::draw::figure::render_touch`]);
    /// otherwise as [`FigureSpec::draw`].
    pub fn draw_touch<E>(
        &self,
        check: impl FnMut(usize, &crate::draw::scene::Scene) -> Result<(), E>,
    ) -> Result<crate::draw::scene::Scene, E> {
        self.draw_in(true, check)
    }

    fn draw_in<E>(
        &self,
        touch: bool,
        check: impl FnMut(usize, &crate::draw::scene::Scene) -> Result<(), E>,
    ) -> Result<crate::draw::scene::Scene, E> {
        let mut theme = self.theme.clone();
        if let Some(Background::Colour(c)) = self.background {
            theme.background = c;
        }
        let mut scene = self.draw_panels(&theme, touch, check)?;
        scene.transparent = match self.background {
            Some(b) => b == Background::None,
            None => self.theme.transparent,
        };
        scene.dpi = self.dpi;
        Ok(scene)
    }

    /// A panel's view and overlay as the document draws them: the document's width and title
    /// when it has one panel only, and the expectation of the panel's position, if any, with
    /// the moves of its square marked.
    fn panel_marks(&self, p: &PanelSpec) -> (View, Overlay) {
        let mut view = p.view;
        if let (Some(w), 1) = (self.width, self.panels.len()) {
            view.width = w;
        }
        let mut overlay = p.overlay.clone();
        if self.panels.len() == 1 {
            overlay.title = self.title.clone();
        }
        // An expectation's square names a cell of its own position: only a panel drawing that
        // position shows it.
        let same = |e: &&Expectation| {
            e.position.variant().id == p.position.variant().id && e.position.fen() == p.position.fen()
        };
        if let Some(e) =
            self.expect.iter().filter(same).find(|e| overlay.marks_moves_of(e.square) || self.panels.len() == 1)
        {
            overlay.expect = Some((e.square, e.destinations.clone()));
            overlay.expect_source = e.source.clone();
            if !overlay.marks_moves_of(e.square) {
                overlay.moves.push(e.square.into());
            }
        }
        (view, overlay)
    }

    /// Draws the panels one by one in `theme`, handing each to `check` before the next is drawn;
    /// `touch`: with the interactive layer, each panel's board numbered by its position's first
    /// panel among the distinct positions.
    fn draw_panels<E>(
        &self,
        theme: &Theme,
        touch: bool,
        mut check: impl FnMut(usize, &crate::draw::scene::Scene) -> Result<(), E>,
    ) -> Result<crate::draw::scene::Scene, E> {
        let mut boards: Vec<(crate::rules::variant::VariantId, String)> = Vec::new();
        let mut scenes: Vec<(crate::draw::scene::Scene, String)> = Vec::with_capacity(self.panels.len());
        // Several panels share one legend under the figure: each panel's counts and source.
        let several = self.panels.len() > 1;
        let mut legends: Vec<([usize; 3], Option<String>)> = Vec::new();
        for (i, p) in self.panels.iter().enumerate() {
            let panel = {
                let (view, overlay) = self.panel_marks(p);
                let key = (p.position.variant().id, p.position.fen());
                let board = boards.iter().position(|b| *b == key).unwrap_or_else(|| {
                    boards.push(key);
                    boards.len() - 1
                });
                let scene = if touch {
                    let (scene, counts) =
                        crate::draw::figure::render_touch(&p.position, &overlay, &view, theme, board, !several);
                    legends.extend(counts.filter(|_| several).map(|c| (c, overlay.expect_source.clone())));
                    scene
                } else if several {
                    let (scene, counts) = crate::draw::figure::render_panel(&p.position, &overlay, &view, theme);
                    legends.extend(counts.map(|c| (c, overlay.expect_source.clone())));
                    scene
                } else {
                    crate::draw::figure::render(&p.position, &overlay, &view, theme)
                };
                (scene, p.caption.clone().unwrap_or_default())
            };
            check(i, &panel.0)?;
            scenes.push(panel);
        }
        if scenes.len() == 1
            && let Some((s, caption)) = scenes.pop()
        {
            if caption.is_empty() {
                return Ok(s);
            }
            // A single panel's caption is drawn under it, as in a figure of several panels.
            let title = if s.title.is_empty() { caption.clone() } else { s.title.clone() };
            let mut framed = crate::draw::figure::panels(vec![(s, caption)], 1, None, theme);
            framed.title = title;
            return Ok(framed);
        }
        let columns = if self.columns == 0 { scenes.len().min(5) } else { self.columns };
        let mut scene = crate::draw::figure::panels(scenes, columns, self.title.as_deref(), theme);
        if let Some((first, source)) = legends.first() {
            // The counts when every panel's agree; the source when every panel names the same.
            let counts = legends.iter().all(|(c, _)| c == first).then_some(*first);
            let source = legends.iter().all(|(_, s)| s == source).then_some(source.as_deref()).flatten();
            crate::draw::figure::legend_under(&mut scene, theme, counts, source);
        }
        Ok(match self.width {
            Some(w) => scaled(scene, w),
            None => scene,
        })
    }
}

/// A scene scaled to a width.
fn scaled(mut scene: crate::draw::scene::Scene, width: f64) -> crate::draw::scene::Scene {
    let k = width / scene.width;
    let children = std::mem::take(&mut scene.nodes);
    scene.nodes.push(crate::draw::scene::Node::Group(crate::draw::scene::Group {
        class: "figure".into(),
        data: Vec::new(),
        offset: crate::draw::scene::Pt::default(),
        scale: k,
        children,
    }));
    scene.width = width;
    scene.height = (scene.height * k).ceil();
    scene
}
