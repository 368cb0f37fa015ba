//! Figures and animations: the options named as the overlay file and the URL query name them,
//! each read by the command's own value parser and placed at the flag it stands for, so a
//! keyword argument is checked, merged over an overlay and reported exactly as the flag is; then
//! drawn and encoded as `dotchess render` and `dotchess animate` write them.

use crate::error;
use crate::position::Position;
use dotchess::batch::{Disk, Files};
use dotchess::input::{
    Draft, FigureOptions, Game as RustGame, InputError, PositionSpec, ThemeValue, Value, read_draft, read_games,
};
use dotchess::output::Motion;
use dotchess::{Figure, Format, RenderError, Renderer};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// The process's renderer: its caches (sprites, canvases, frame buffers) serve every call, from
/// every thread; a picture never depends on what was drawn before it.
pub static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

/// A game read from PGN: its tags, moves and positions.
#[pyclass(module = "dotchess", name = "NativeGame", frozen)]
#[derive(Clone)]
pub struct Game {
    pub game: RustGame,
}

#[pymethods]
impl Game {
    /// The tag pairs, in the file's order.
    #[getter]
    fn headers(&self) -> Vec<(String, String)> {
        self.game.tags.clone()
    }
    /// The main line's moves in algebraic notation.
    #[getter]
    fn sans(&self) -> Vec<String> {
        self.game.plies.iter().map(|p| p.san.clone()).collect()
    }
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[getter]
    fn result(&self) -> String {
        self.game.result.clone()
    }
    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant.name()
    }
    /// The positions of the main line: the start, then after each ply.
    fn positions(&self) -> Vec<Position> {
        self.game.positions().into_iter().map(Position::of).collect()
    }
}

/// Reads the games of a PGN text (`name` names it in messages).
#[pyfunction]
#[pyo3(signature = (text, name="game.pgn", variant="dot"))]
pub fn read_games_text(text: &str, name: &str, variant: &str) -> PyResult<Vec<Game>> {
    let id = crate::position::variant_named(variant)?;
    let games = error::guarded(|| read_games(name, text, id).map_err(|e| error::input(&e)))?;
    Ok(games.into_iter().map(|game| Game { game }).collect())
}

/// What a figure is drawn from.
enum Source {
    Position(Box<dotchess::Position>),
    Game(Box<RustGame>, Option<(usize, usize)>),
}

/// Why a drawing failed: an input error, a plain message, a file that cannot be read, or a panic
/// (a bug) and what it said.
enum Failure {
    Input(InputError),
    Plain(String),
    /// A file that cannot be read: Python's `OSError`.
    Io(String),
    Panicked(String),
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::Input(e)
    }
}

impl Failure {
    fn into_py(self) -> PyErr {
        match self {
            Failure::Input(e) => error::input(&e),
            Failure::Plain(m) => error::plain(m),
            Failure::Io(m) => pyo3::exceptions::PyOSError::new_err(m),
            Failure::Panicked(m) => error::panicked(&m),
        }
    }

    /// Runs a drawing (without the GIL), a panic in it a failure like the others.
    fn guarded<T>(f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
        dotchess::panics::caught(f).unwrap_or_else(|message| Err(Failure::Panicked(message)))
    }
}

/// Draws a figure (`animated` false: `format` is svg, png, pdf or html) or an animation (gif,
/// apng or svg) of a position or a game, with an overlay `(name, text, folder)` and the options
/// as `(name, text)` pairs, in order. The drawing runs without the GIL.
#[pyfunction]
#[pyo3(signature = (format, animated, options, position=None, game=None, plies=None, overlay=None))]
#[allow(clippy::too_many_arguments)]
pub fn draw<'py>(
    py: Python<'py>,
    format: &str,
    animated: bool,
    options: Vec<(String, String)>,
    position: Option<PyRef<'py, Position>>,
    game: Option<PyRef<'py, Game>>,
    plies: Option<(usize, usize)>,
    overlay: Option<(String, String, String)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let source = match (position, game) {
        (Some(p), None) => Source::Position(Box::new(p.pos.clone())),
        (None, Some(g)) => Source::Game(Box::new(g.game.clone()), plies),
        _ => return Err(error::plain("give a position or a game")),
    };
    let motion = if animated { Motion::Animated } else { Motion::Still };
    let format = Format::named(&format.to_ascii_lowercase(), motion)
        .ok_or_else(|| error::plain(format!("unknown format `{format}` ({})", Format::names(motion))))?;
    let bytes = py
        .allow_threads(move || Failure::guarded(|| make(source, format, &options, overlay)))
        .map_err(Failure::into_py)?;
    Ok(PyBytes::new(py, &bytes))
}

/// The figure's bytes, as `dotchess render -o -` (a still format) or `dotchess animate` (an
/// animated one; a figure without an animation is animated as gears) writes them.
fn make(
    source: Source,
    format: Format,
    pairs: &[(String, String)],
    overlay: Option<(String, String, String)>,
) -> Result<Vec<u8>, Failure> {
    let options = with_files(&options(pairs, format.is_animation())?)?;
    let (overlay, folder) = match &overlay {
        Some((name, text, folder)) => (Some((name.as_str(), text.as_str())), PathBuf::from(folder)),
        None => (None, PathBuf::from(".")),
    };
    // The files an overlay names (a panel's position, a theme) are read from its folder.
    let files = Disk(folder);
    let load = |p: &str| files.read(p);
    let figure = match &source {
        Source::Position(p) => {
            let base = PositionSpec { position: (**p).clone(), title: None };
            let draft = match overlay {
                None => Draft::plain(&base),
                Some((name, text)) => read_draft(name, text, &base, &load)?,
            };
            Figure::checked(&draft, &options)?
        }
        Source::Game(g, span) => {
            if let Some((from, to)) = span {
                let n = g.plies.len();
                if *to > n || from > to {
                    return Err(Failure::Plain(format!(
                        "plies ({from}, {to}): the game has {n} plies (0, the start, to {n}), from at most to"
                    )));
                }
            }
            let span = if format.is_animation() { Some(span.unwrap_or((0, g.plies.len()))) } else { None };
            Figure::of_game(g, overlay, &options, span, &load)?
        }
    };
    RENDERER.render(&figure, format).map_err(|e| match e {
        RenderError::Input { error, .. } => Failure::Input(error),
        e => Failure::Plain(e.to_string()),
    })
}

/// The options from keyword pairs ([`FigureOptions::from_keywords`]): each name as an overlay's
/// key or a URL query's pair names it, every error said at the keyword.
fn options(pairs: &[(String, String)], animated: bool) -> Result<FigureOptions, Failure> {
    Ok(FigureOptions::from_keywords(pairs, animated)?)
}

/// The options with the theme file they name read (relative to the working folder), as the
/// command reads a `--theme` file.
fn with_files(given: &FigureOptions) -> Result<FigureOptions, Failure> {
    let mut out = FigureOptions::default();
    for g in given.iter() {
        let value = match &g.value {
            Value::Theme(ThemeValue::Named(n)) if n.ends_with(".toml") => {
                let text = dotchess::input::read_input(Path::new(n)).map_err(|e| Failure::Io(e.to_string()))?;
                Value::Theme(ThemeValue::Read(Box::new(dotchess::input::read_theme(n, &text)?)))
            }
            Value::Theme(ThemeValue::Named(n)) => {
                dotchess::Theme::built_in(n).map_err(|e| Failure::Plain(format!("--theme: {e}")))?;
                g.value.clone()
            }
            v => v.clone(),
        };
        out.push(g.key, value, g.origin.clone());
    }
    Ok(out)
}

/// The seconds each of `repeats` drawings takes inside Rust alone (no Python call around it):
/// what python/bench.py compares a call from Python with.
#[pyfunction]
#[pyo3(signature = (format, options, position, repeats))]
pub fn time_draw(
    py: Python<'_>,
    format: &str,
    options: Vec<(String, String)>,
    position: PyRef<'_, Position>,
    repeats: usize,
) -> PyResult<Vec<f64>> {
    let format =
        Format::named(format, Motion::Still).ok_or_else(|| error::plain(format!("unknown format `{format}`")))?;
    let pos = position.pos.clone();
    py.allow_threads(move || {
        let mut times = Vec::with_capacity(repeats);
        for _ in 0..repeats {
            let start = std::time::Instant::now();
            let bytes = Failure::guarded(|| make(Source::Position(Box::new(pos.clone())), format, &options, None))?;
            std::hint::black_box(bytes);
            times.push(start.elapsed().as_secs_f64());
        }
        Ok(times)
    })
    .map_err(Failure::into_py)
}
