//! The library's front door for figures: a [`Figure`] checked once from a position, an overlay
//! and options (the ones `dotchess render` and `dotchess animate` take, by the same names), and a
//! [`Renderer`] that draws figures into the bytes of a [`Format`].

use crate::draw::animation::AnimError;
use crate::draw::document::{Expectation, FigureSpec};
use crate::draw::scene::Scene;
use crate::draw::theme::Theme;
use crate::input::check::{self, Checked};
use crate::input::diagnostics::InputError;
use crate::input::draft::Draft;
use crate::input::game::Game;
use crate::input::options::FigureOptions;
use crate::input::overlay::{Loader, read_draft};
use crate::input::position::{PositionSpec, read_position};
use crate::output::budget::{self, TooMuchDrawn};
use crate::output::{Caches, EncodeError, Format, Output, Target, WriteError};
use crate::rules::position::Position;
use crate::rules::variant::VariantId;
use std::io::Write;

/// A figure, checked: its panels (each a position, a view and marks), title, theme, background
/// and animation, and the options it was made from, so that an error found while it is drawn
/// (an animation too long for the budget) names the option at fault.
#[derive(Clone, Debug)]
pub struct Figure {
    checked: Checked,
    /// The frame of its animation that the still formats draw (`dotchess animate --frame K`),
    /// or none: they draw the figure.
    frame: Option<usize>,
}

impl Figure {
    /// A position on the hemispheres, with nothing marked.
    pub fn new(position: &Position) -> Figure {
        let draft = Draft::plain(&PositionSpec { position: position.clone(), title: None });
        let checked = check::figure(&draft, &FigureOptions::default());
        Figure::from(checked.expect("a position alone is a valid figure"))
    }

    /// A position with options written as a URL query (`view=globe&square=d5&kind=spin`), each
    /// by its query name (`docs/inputs.md`); an error names the pair at fault.
    pub fn with_query(position: &Position, query: &str) -> Result<Figure, InputError> {
        let draft = Draft::plain(&PositionSpec { position: position.clone(), title: None });
        Figure::checked(&draft, &FigureOptions::from_query(query)?)
    }

    /// A position file's text (FEN, or a TOML position file) and an overlay file's, with options
    /// over them, as `dotchess render POSITION --overlay OVERLAY …` reads them: `variant` for a
    /// position file that does not name one, `load` for the files the overlay names (a
    /// panel's position, a theme). Errors name the file, line and column.
    pub fn read(
        position: (&str, &str),
        overlay: Option<(&str, &str)>,
        options: &FigureOptions,
        variant: VariantId,
        load: &Loader,
    ) -> Result<Figure, InputError> {
        let base = read_position(position.0, position.1, variant)?;
        let draft = match overlay {
            None => Draft::plain(&base),
            Some((name, text)) => read_draft(name, text, &base, load)?,
        };
        Figure::checked(&draft, options)
    }

    /// A game (one of [`crate::input::read_games`]) as `dotchess render GAME.pgn` (no `replay`)
    /// and `dotchess animate GAME.pgn --from F --to T` (`replay`: `Some((F, T))`) draw it: with
    /// `replay`, or when the overlay's animation is `kind = "game"`, the game replayed;
    /// otherwise the position at its end, its last move marked. An overlay is read over the
    /// game's end as over a position file.
    pub fn of_game(
        game: &Game,
        overlay: Option<(&str, &str)>,
        options: &FigureOptions,
        replay: Option<(usize, usize)>,
        load: &Loader,
    ) -> Result<Figure, InputError> {
        let base = game.base();
        let draft = match overlay {
            None => Draft::plain(&base),
            Some((name, text)) => read_draft(name, text, &base, load)?,
        };
        Ok(Figure::from(game.figure(&draft, options, replay)?))
    }

    /// A draft (an overlay as read, [`read_draft`]) checked with the options given beside it,
    /// which override its values (marks add to its marks).
    pub fn checked(draft: &Draft, options: &FigureOptions) -> Result<Figure, InputError> {
        Ok(Figure::from(check::figure(draft, options)?))
    }

    /// What the figure draws.
    pub fn spec(&self) -> &FigureSpec {
        &self.checked.figure
    }

    /// Whether the figure has an animation of its own (an overlay's `[animation]`, `kind`, a
    /// game replayed). An animated format draws any figure: one without is animated as gears.
    pub fn is_animated(&self) -> bool {
        self.checked.figure.animation.is_some()
    }

    /// The figure whose still formats draw frame `k` of its animation (from 0), as `dotchess
    /// animate --frame K` writes it; its animated formats are unchanged.
    pub fn frame(self, k: usize) -> Figure {
        Figure { frame: Some(k), ..self }
    }

    /// The figure in another theme (a batch manifest's `theme`, over each figure's own).
    pub fn with_theme(mut self, theme: Theme) -> Figure {
        self.checked.figure.theme = theme;
        self
    }

    /// The figure with one more expectation about its base position (what `dotchess check
    /// --square --expect` adds to an overlay's `[[expect]]` tables), drawn as theirs are.
    pub fn expecting(mut self, expectation: Expectation) -> Figure {
        self.checked.figure.expect.push(expectation);
        self
    }
}

impl From<Checked> for Figure {
    fn from(checked: Checked) -> Figure {
        Figure { checked, frame: None }
    }
}

/// Why a figure could not be drawn into bytes.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// It draws more than a figure may.
    #[error(transparent)]
    TooMuchDrawn(#[from] TooMuchDrawn),
    /// It is too large for the format, or the format refused it.
    #[error(transparent)]
    Size(#[from] WriteError),
    /// A still format could not be made.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// Its animation cannot be made as asked, said at the option responsible; `too_large` when
    /// it is over the memory budget or the pixel limit rather than wrong for its content.
    #[error("{error}")]
    Input {
        /// What is wrong, and where it was asked for.
        error: InputError,
        /// Whether it is too large (rather than impossible).
        too_large: bool,
    },
    /// Its animation could not be encoded.
    #[error(transparent)]
    Animation(#[from] AnimError),
    /// Writing it failed (nothing of it is left in files).
    #[error(transparent)]
    Write(WriteError),
    /// The frame asked for ([`Figure::frame`]) is not in its animation.
    #[error("the animation has {frames} frames (0 to {})", frames.saturating_sub(1))]
    Frame {
        /// The frame asked for.
        frame: usize,
        /// The frames the animation has.
        frames: usize,
    },
}

impl RenderError {
    /// Whether the figure is refused for its size (too much drawn, too many pixels, an animation
    /// over the memory budget) rather than for what it asks.
    pub fn too_large(&self) -> bool {
        match self {
            RenderError::TooMuchDrawn(_)
            | RenderError::Size(WriteError::TooLarge { .. })
            | RenderError::Write(WriteError::TooLarge { .. }) => true,
            RenderError::Input { too_large, .. } => *too_large,
            _ => false,
        }
    }

    /// The error at the option or file responsible, when it is one.
    pub fn input(&self) -> Option<&InputError> {
        match self {
            RenderError::Input { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Draws figures into bytes. A renderer keeps what painting can reuse from one figure to the next
/// (the sprites of pieces and labels, canvases, frame buffers: [`Caches`]); its caches are its
/// own, so two renderers in one process share nothing, and a picture never depends on what was
/// drawn before it. A renderer may be shared by threads.
///
/// [`Renderer::render`] and [`Renderer::render_each`] are the one way every front end — the
/// command, `batch`, the server, the Python package — gets a figure's bytes.
#[derive(Debug, Default)]
pub struct Renderer {
    caches: Caches,
}

impl Renderer {
    /// A renderer with empty caches.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// The figure's scene, drawn within the budget a figure may take.
    pub fn scene(&self, figure: &Figure) -> Result<Scene, RenderError> {
        Ok(crate::output::budget::render_checked(figure.spec())?)
    }

    /// The figure in a format, the bytes `dotchess render` (a still format) or `dotchess
    /// animate` (an animated one: GIF, APNG, animated SVG) writes for it. HTML is the
    /// interactive page, drawn with every piece's moves. A figure without an animation is
    /// animated as gears.
    pub fn render(&self, figure: &Figure, format: Format) -> Result<Vec<u8>, RenderError> {
        let mut one = self.render_each(figure, &[format])?;
        Ok(one.pop().expect("one format, one answer"))
    }

    /// The figure in each of `formats`, in their order: drawn once (the scene, or the
    /// animation's frames) for all of them, within the memory budget, and each format made
    /// from it as [`Renderer::render`] makes it. Nothing is made when one format cannot be.
    pub fn render_each(&self, figure: &Figure, formats: &[Format]) -> Result<Vec<Vec<u8>>, RenderError> {
        self.render_held(figure, formats, &mut |_| {})
    }

    /// [`Renderer::render_each`], telling `hold` the memory its formats need once the figure is
    /// drawn and before they are made (a batch holds that much of its budget meanwhile).
    pub(crate) fn render_held(
        &self,
        figure: &Figure,
        formats: &[Format],
        hold: &mut dyn FnMut(u64),
    ) -> Result<Vec<Vec<u8>>, RenderError> {
        let mut unique: Vec<Format> = Vec::new();
        for &f in formats {
            if !unique.contains(&f) {
                unique.push(f);
            }
        }
        let (moving, still): (Vec<Format>, Vec<Format>) = unique.iter().partition(|f| f.is_animation());
        let mut made: Vec<(Format, Vec<u8>)> = Vec::new();
        let frame = figure.frame.filter(|_| !still.is_empty());
        if !moving.is_empty() || frame.is_some() {
            let raster = moving.iter().any(|f| f.is_raster());
            let anim = crate::output::animation::build(figure.spec(), raster).map_err(|e| figure.animation_error(e))?;
            hold(anim.cost(raster));
            made.extend(moving.iter().copied().zip(anim.encode_all(&moving, &self.caches)?));
            if let Some(k) = frame {
                let frames = anim.frames.len();
                let scene = anim.frames.get(k).ok_or(RenderError::Frame { frame: k, frames })?;
                made.extend(self.stills(scene, None, &still)?);
            }
        }
        if frame.is_none() && !still.is_empty() {
            made.extend(self.figure_stills(figure, &still, hold)?);
        }
        Ok(formats
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let j = made.iter().position(|(g, _)| g == f).expect("every format made");
                if formats[i + 1..].contains(f) { made[j].1.clone() } else { made.swap_remove(j).1 }
            })
            .collect())
    }

    /// The figure drawn once in still formats, within the budget a figure may take.
    fn figure_stills(
        &self,
        figure: &Figure,
        formats: &[Format],
        hold: &mut dyn FnMut(u64),
    ) -> Result<Vec<(Format, Vec<u8>)>, RenderError> {
        let (scene, touch) = self.drawn(figure, formats, true, hold)?;
        self.stills(&scene, touch.as_ref(), formats)
    }

    /// The figure's scene and, for HTML, its scene with the interactive layer, within the budget
    /// a figure may take; `hold` told what making `formats` of them needs (`held`: in memory).
    fn drawn(
        &self,
        figure: &Figure,
        formats: &[Format],
        held: bool,
        hold: &mut dyn FnMut(u64),
    ) -> Result<(Scene, Option<Scene>), RenderError> {
        let scene = crate::output::budget::render_checked(figure.spec())?;
        // An interactive page is the figure drawn with every piece's moves.
        let touch = match formats.contains(&Format::Html) {
            true => Some(crate::output::budget::render_touch_checked(figure.spec())?),
            false => None,
        };
        let weight = budget::weight(&scene) + touch.as_ref().map_or(0, budget::weight);
        hold(budget::write_cost(weight, budget::pixels(&scene), formats, held));
        Ok((scene, touch))
    }

    /// The figure written to `outputs` (files, streams, `stdout`), all of them or none, as
    /// [`Renderer::render_each`] makes it: a still one format at a time, a PNG painted straight
    /// into its file ([`crate::output::write_with`]); an animation made in memory, then written.
    pub fn write(&self, figure: &Figure, outputs: &[Output], stdout: &mut dyn Write) -> Result<(), RenderError> {
        self.write_held(figure, outputs, stdout, &mut |_| {})
    }

    /// [`Renderer::write`], telling `hold` the memory it needs (as [`Renderer::render_held`]).
    pub(crate) fn write_held(
        &self,
        figure: &Figure,
        outputs: &[Output],
        stdout: &mut dyn Write,
        hold: &mut dyn FnMut(u64),
    ) -> Result<(), RenderError> {
        let formats: Vec<Format> = outputs.iter().map(|o| o.format).collect();
        if formats.iter().any(|f| f.is_animation()) || figure.frame.is_some() {
            let made = self.render_held(figure, &formats, hold)?;
            let items: Vec<(Target, &[u8])> =
                outputs.iter().zip(&made).map(|(o, b)| (o.target.clone(), b.as_slice())).collect();
            return crate::output::write::write_bytes(&items, stdout).map_err(RenderError::Write);
        }
        let held = outputs.iter().any(|o| !matches!(o.target, Target::File(_)));
        let (scene, touch) = self.drawn(figure, &formats, held, hold)?;
        crate::output::write::check_size(&scene, &formats)?;
        crate::output::write::write_with(&scene, touch.as_ref(), outputs, stdout, &self.caches)
            .map_err(RenderError::Write)
    }

    /// A scene in still formats (`touch`, the scene drawn with its interactive layer, for HTML).
    /// The PNG is painted first, so that its canvas is gone before the SVG text is made.
    fn stills(
        &self,
        scene: &Scene,
        touch: Option<&Scene>,
        formats: &[Format],
    ) -> Result<Vec<(Format, Vec<u8>)>, RenderError> {
        crate::output::write::check_size(scene, formats)?;
        let mut out = Vec::new();
        if formats.contains(&Format::Png) {
            out.push((Format::Png, Format::Png.encode_with(&self.caches, scene, "")?));
        }
        let svg = match formats.iter().any(|&f| matches!(f, Format::Svg | Format::Pdf)) {
            true => crate::output::to_svg(scene),
            false => String::new(),
        };
        for &f in formats.iter().filter(|&&f| f != Format::Png) {
            let bytes = match f {
                Format::Html => f.encode_with(&self.caches, touch.unwrap_or(scene), "")?,
                _ => f.encode_with(&self.caches, scene, &svg)?,
            };
            out.push((f, bytes));
        }
        Ok(out)
    }
}

impl Figure {
    /// An animation that could not be built, said at the option responsible.
    fn animation_error(&self, e: AnimError) -> RenderError {
        match e {
            AnimError::Encode(_) => RenderError::Animation(e),
            _ => RenderError::Input {
                error: check::animation_error(&self.checked, &e),
                too_large: matches!(e, AnimError::Budget(_) | AnimError::Pixels(_)),
            },
        }
    }
}
