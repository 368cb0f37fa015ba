//! The library's front door for figures: a [`Figure`] checked once from a position, an overlay
//! and options (the ones `dotchess render` and `dotchess animate` take, by the same names), and a
//! [`Renderer`] that draws figures into the bytes of a [`Format`].

use crate::draw::animation::AnimError;
use crate::draw::document::FigureSpec;
use crate::draw::scene::Scene;
use crate::input::check::{self, Checked};
use crate::input::diagnostics::InputError;
use crate::input::draft::Draft;
use crate::input::game::Game;
use crate::input::options::FigureOptions;
use crate::input::overlay::{Loader, read_draft};
use crate::input::position::{PositionSpec, read_position};
use crate::output::budget::TooMuchDrawn;
use crate::output::{Caches, EncodeError, Format, WriteError};
use crate::rules::position::Position;
use crate::rules::variant::VariantId;

/// A figure, checked: its panels (each a position, a view and marks), title, theme, background
/// and animation, and the options it was made from, so that an error found while it is drawn
/// (an animation too long for the budget) names the option at fault.
#[derive(Clone, Debug)]
pub struct Figure {
    checked: Checked,
}

impl Figure {
    /// A position on the hemispheres, with nothing marked.
    pub fn new(position: &Position) -> Figure {
        let draft = Draft::plain(&PositionSpec { position: position.clone(), title: None });
        let checked = check::figure(&draft, &FigureOptions::default());
        Figure { checked: checked.expect("a position alone is a valid figure") }
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
        Ok(Figure { checked: game.figure(&draft, options, replay)? })
    }

    /// A draft (an overlay as read, [`read_draft`]) checked with the options given beside it,
    /// which override its values (marks add to its marks).
    pub fn checked(draft: &Draft, options: &FigureOptions) -> Result<Figure, InputError> {
        Ok(Figure { checked: check::figure(draft, options)? })
    }

    /// What the figure draws.
    pub fn spec(&self) -> &FigureSpec {
        &self.checked.figure
    }

    /// What the figure draws, to change before it is drawn.
    pub fn spec_mut(&mut self) -> &mut FigureSpec {
        &mut self.checked.figure
    }
}

impl From<Checked> for Figure {
    fn from(checked: Checked) -> Figure {
        Figure { checked }
    }
}

/// Why a figure could not be drawn into bytes.
#[derive(Debug, thiserror::Error)]
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
    /// Its animation cannot be made as asked, said at the option responsible.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Its animation could not be encoded.
    #[error(transparent)]
    Animation(#[from] AnimError),
}

/// Draws figures into bytes. A renderer keeps what painting can reuse from one figure to the next
/// (the sprites of pieces and labels, canvases, frame buffers: [`Caches`]); its caches are its
/// own, so two renderers in one process share nothing, and a picture never depends on what was
/// drawn before it. A renderer may be shared by threads.
#[derive(Debug, Default)]
pub struct Renderer {
    caches: Caches,
}

impl Renderer {
    /// A renderer with empty caches.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// The renderer's caches, for the writers that take them ([`crate::output::write_with`],
    /// [`crate::draw::Animation::encode_with`]).
    pub fn caches(&self) -> &Caches {
        &self.caches
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
        if format.is_animation() {
            let anim = crate::output::animation::build(figure.spec(), format.is_raster())
                .map_err(|e| check::animation_error(&figure.checked, &e))?;
            return Ok(anim.encode_with(format, &self.caches)?);
        }
        let scene = match format {
            Format::Html => crate::output::budget::render_touch_checked(figure.spec())?,
            _ => self.scene(figure)?,
        };
        crate::output::write::check_size(&scene, &[format])?;
        let svg = match format {
            Format::Svg | Format::Pdf => crate::output::to_svg(&scene),
            _ => String::new(),
        };
        Ok(self.encode_still(&scene, format, &svg)?)
    }

    /// A scene in a still format; `svg` is its SVG text where the format is made from it (SVG,
    /// PDF).
    pub(crate) fn encode_still(&self, scene: &Scene, format: Format, svg: &str) -> Result<Vec<u8>, EncodeError> {
        format.encode_with(&self.caches, scene, svg)
    }
}
