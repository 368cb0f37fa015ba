//! Command-line arguments and their dispatch. The figure options (`--view`, `--width`,
//! `--frames`, the marks, …) are not declared here: they are the rows of the options table
//! ([`dotchess::input::option_rows`]), made into flags by [`flags`], so that a flag, an
//! overlay file's key and a URL query pair are the same option.

mod figures;
mod files;
mod flags;
mod game;
mod rules;
mod serve;

use clap::{Args, Parser, Subcommand};
use dotchess::{Position, VariantId};
use flags::{Moving, OptionFlags, Still};
use std::io::{self, Write};
use std::path::PathBuf;

/// Spherical chess: rules and figures.
#[derive(Parser, Debug)]
#[command(name = "dotchess", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List legal moves (one a line, sorted), or one piece's destinations with their routes.
    Moves(MovesArgs),
    /// Count the leaf nodes of the move tree to a depth.
    Perft(PerftArgs),
    /// List the closed loops that rook and bishop rides trace on the empty board.
    Loops(LoopsArgs),
    /// Draw a figure: a position in one view, with move dots, loops, arrows and highlights.
    Render(Box<RenderArgs>),
    /// Render the essay's whole figure set (built in: examples/essay) as SVG and PNG, with an
    /// index.html contact sheet.
    Essay(EssayArgs),
    /// Draw an animation of a figure: the hemispheres turning as gears, a piece walking its loop;
    /// GIF, APNG (.png) or animated SVG by the output's extension.
    Animate(Box<AnimateArgs>),
    /// Render every figure of a manifest, in parallel; failures are reported at the end.
    Batch(BatchArgs),
    /// Compare a piece's destinations with an expected set (from a book, another program, a
    /// hand count); exit status 1 when they differ.
    Check(CheckArgs),
    /// Serve figures over HTTP: the image API (/figure.svg?fen=…) and the workbench page (/).
    Serve(serve::ServeArgs),
}

/// `animate`'s arguments. Beside an overlay file, every option flag overrides what its
/// `[animation]` table and panel say (marks add to its marks); then everything is checked once.
#[derive(Args, Debug)]
struct AnimateArgs {
    /// Position file (.fen or .toml), or a game file (.pgn), replayed one frame a ply. Without
    /// it, --variant and --fen give the position; beside --fen, the one file is the overlay.
    position_file: Option<PathBuf>,
    /// Overlay file (.toml): its first panel is animated; its `[animation]` table says how.
    overlay_file: Option<PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    options: OptionFlags<Moving>,
    /// Write only this frame (0 first) as a still: .svg, .png or .pdf.
    #[arg(long)]
    frame: Option<u32>,
    /// A game file (.pgn): the first ply replayed (0, the default, starts from the start position).
    #[arg(long)]
    from: Option<usize>,
    /// A game file: the last ply replayed (default: the game's end).
    #[arg(long)]
    to: Option<usize>,
    /// A game file of several games: which one, from 1 (default 1).
    #[arg(long)]
    game: Option<usize>,
    /// Output file: .gif, .png (APNG) or .svg (animated), or `-` for a GIF on standard output
    /// (repeatable).
    #[arg(short, long, required = true)]
    output: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct BatchArgs {
    /// The manifest (TOML: `output`, `formats`, `[[figure]]` with `name`, `position`, `overlay`,
    /// `caption`); the files it names are relative to it.
    manifest: PathBuf,
    /// Output folder (default: the manifest's `output`, relative to it, else `out` in the working
    /// folder, as `essay` writes).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// Position file (.fen or .toml).
    position: PathBuf,
    /// Overlay file whose `[[expect]]` tables give the expected sets.
    overlay: Option<PathBuf>,
    /// Variant of a .fen file that does not name one.
    #[arg(long, default_value = "dot")]
    variant: VariantId,
    /// Instead of an overlay: the piece's square…
    #[arg(long)]
    square: Option<String>,
    /// …and its expected destinations, comma-separated (`d4,h5,N`).
    #[arg(long)]
    expect: Option<String>,
    /// Also write the check figure (agreed, missing and extra marked) to this .svg, .png, .pdf or .html.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Format of the check figure when the output does not say (`-o -`): svg, png, pdf or html.
    #[arg(long, value_parser = dotchess::output::Format::still)]
    format: Option<dotchess::output::Format>,
}

#[derive(Args, Debug)]
struct EssayArgs {
    /// Folder to write into (created if missing).
    #[arg(short, long, default_value = "out")]
    output: PathBuf,
    /// Theme over every figure: essay, print, ice, or a path to a theme .toml file. Without it,
    /// each figure keeps the theme its overlay names (the essay theme when it names none).
    #[arg(long)]
    theme: Option<String>,
}

/// `render`'s arguments. With position and overlay files, every option flag given overrides (or,
/// for marks, adds to) what the files say, and a flag that cannot apply to the figure is an
/// error.
#[derive(Args, Debug)]
struct RenderArgs {
    /// Position file: .fen (a `# variant: NAME` comment names the variant) or .toml (`variant`,
    /// `fen`, `title`), or a game file (.pgn: its end, or see --ply and --plies). Without it,
    /// --variant and --fen give the position; beside --fen, the one file is the overlay.
    position_file: Option<PathBuf>,
    /// Overlay file (.toml): views, panels, marks, theme. Flags given beside it override it.
    overlay_file: Option<PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    options: OptionFlags<Still>,
    /// Output file: .svg, .png or .pdf (vector, one page the figure's size, text as outlines), a
    /// name without extension for SVG and PNG, or `-` for standard output (repeatable).
    #[arg(short, long, required = true)]
    output: Vec<PathBuf>,
    /// Format of `-o -`, of an output that is not a plain file (`/dev/stdout`), or the only one
    /// written for a name without extension: svg, png, pdf or html.
    #[arg(long, value_parser = dotchess::output::Format::still)]
    format: Option<dotchess::output::Format>,
    /// A game file (.pgn): the position after this many plies, its last move marked.
    #[arg(long)]
    ply: Option<usize>,
    /// A game file: a game sheet, the positions after these plies (`10,20,30`) side by side, each
    /// captioned with its move.
    #[arg(long)]
    plies: Option<String>,
    /// A game file of several games: which one, from 1 (default 1).
    #[arg(long)]
    game: Option<usize>,
}

#[derive(Args, Debug)]
struct PositionArgs {
    /// Variant: dot (default), boholy, spherical, small, small8, flat, cylinder, xiangqi,
    /// xiangqi-flat (aliases: chao, yapsan, global, nadvorney, chess).
    #[arg(long, default_value = "dot")]
    variant: VariantId,
    /// Position in FEN, 1 to 6 fields (live poles as extra first and last fields of the
    /// placement); default: the variant's start.
    #[arg(long)]
    fen: Option<String>,
}

impl PositionArgs {
    fn position(&self) -> Result<Position, CliError> {
        match &self.fen {
            None => Ok(Position::start(self.variant)),
            Some(fen) => Position::from_fen(self.variant, fen).map_err(|mut e| {
                if let Some(v) = dotchess::input::fitting_variant(self.variant, fen) {
                    e.message += &format!(" (the board fits {v}: did you mean --variant {v}?)");
                }
                CliError::Fen(e)
            }),
        }
    }
}

#[derive(Args, Debug)]
struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Only the piece on this square (or N / S for a live pole): its destinations and routes.
    #[arg(long)]
    square: Option<String>,
    /// Pseudo-legal moves: ignore whether the own king is left attacked.
    #[arg(long)]
    pseudo: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Name the moves in algebraic notation (`Nf3`, `exd5`, `O-O`; docs/notation.md) instead of
    /// coordinates (`g1f3`).
    #[arg(long)]
    san: bool,
}

#[derive(Args, Debug)]
struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies (0 to 12).
    #[arg(long)]
    depth: u32,
    /// Also print each first move with the count below it.
    #[arg(long)]
    divide: bool,
}

#[derive(Args, Debug)]
struct LoopsArgs {
    /// Variant (as for `moves`).
    #[arg(long, default_value = "dot")]
    variant: VariantId,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// What can go wrong on the command line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The FEN could not be read.
    #[error("{0}")]
    Fen(dotchess::FenError),
    /// Bad argument value.
    #[error("{0}")]
    Usage(String),
    /// Standard output closed early: not an error.
    #[error("broken pipe")]
    BrokenPipe,
    /// Any other output error.
    #[error("cannot write output: {0}")]
    Io(io::Error),
    /// A figure could not be written.
    #[error("{0}")]
    Output(String),
    /// An input file or option is wrong (located: the file's line, or the flag).
    #[error("{0}")]
    Input(dotchess::input::InputError),
    /// Some figures of a batch failed (already reported).
    #[error("{0}")]
    Failed(String),
    /// A check found differences (already printed).
    #[error("the destinations differ from the expected ones")]
    Differs,
    /// The program failed on its own (a bug): what it said.
    #[error("an internal error (a bug: please report the command and its input files): {0}")]
    Panicked(String),
}

impl CliError {
    /// The process exit status: 1 for a finding of `check` or `batch` (a difference, figures that
    /// failed), 2 for every other failure (bad input, an output that cannot be written).
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Fen(_) | CliError::Usage(_) | CliError::Input(_) => 2,
            CliError::Io(_) | CliError::Output(_) | CliError::Panicked(_) => 2,
            CliError::Failed(_) | CliError::Differs => 1,
            CliError::BrokenPipe => 0,
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe { CliError::BrokenPipe } else { CliError::Io(e) }
    }
}

impl From<dotchess::input::InputError> for CliError {
    fn from(e: dotchess::input::InputError) -> CliError {
        CliError::Input(e)
    }
}

/// Runs a parsed command line; a panic (a bug) is a failure like any other, with its message and
/// exit status 2, not Rust's report and status 101.
pub fn run_guarded(cli: Cli) -> Result<(), CliError> {
    std::panic::set_hook(Box::new(|_| {}));
    let ran = dotchess::panics::caught(|| run(cli));
    let _ = std::panic::take_hook();
    ran.unwrap_or_else(|message| Err(CliError::Panicked(message)))
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match cli.command {
        Command::Moves(a) => rules::moves(&a, &mut out)?,
        Command::Perft(a) => rules::perft_cmd(&a, &mut out)?,
        Command::Loops(a) => rules::loops_cmd(&a, &mut out)?,
        Command::Render(a) => figures::render_cmd(&a, &mut out)?,
        Command::Animate(a) => figures::animate_cmd(&a, &mut out)?,
        Command::Essay(a) => figures::essay_cmd(&a, &mut out)?,
        Command::Batch(a) => figures::batch_cmd(&a, &mut out)?,
        Command::Check(a) => figures::check_cmd(&a, &mut out)?,
        Command::Serve(a) => serve::serve_cmd(&a)?,
    }
    out.flush()?;
    Ok(())
}

/// A cell of the position's board, or an error naming the board's cells.
fn parse_cell(pos: &Position, s: &str) -> Result<dotchess::Cell, CliError> {
    pos.topology().parse_cell(s).ok_or_else(|| CliError::Usage(dotchess::input::not_a_cell(pos, s)))
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
