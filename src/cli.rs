//! Command-line arguments and the subcommands that print the rules core's answers.

use clap::{Args, Parser, Subcommand};
use dotchess::{Destination, Loop, Position, Route, VariantId, destinations, loops, move_name, perft, perft_divide};
use serde::Serialize;
use std::io::{self, Write};

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
}

#[derive(Args, Debug)]
struct AnimateArgs {
    /// Position file (.fen or .toml).
    position: std::path::PathBuf,
    /// Overlay file (.toml): its first panel is animated; its `[animation]` table says how.
    overlay: Option<std::path::PathBuf>,
    /// Variant of a .fen file that does not name one.
    #[arg(long, default_value = "dot")]
    variant: VariantId,
    /// The animation (default: the overlay's, else gear): gear, chart, walk, spin, wrap.
    #[arg(long)]
    kind: Option<String>,
    /// Number of frames (default: the overlay's, else the kind's own: 48 for gear and spin, 72 for wrap, 168
    /// for chart, one a square for walk).
    #[arg(long)]
    frames: Option<u32>,
    /// Length in seconds instead of a number of frames.
    #[arg(long)]
    seconds: Option<f64>,
    /// Frames per second (default: the overlay's, else 24; at most 50).
    #[arg(long)]
    fps: Option<f64>,
    /// How many times it plays: 0 = forever (default: the overlay's, else forever).
    #[arg(long)]
    plays: Option<u32>,
    /// The view of the first panel (default: the overlay's); `wrap` draws any as the board becoming
    /// the globe, `gear` as hemispheres, `spin` as a globe.
    #[arg(long, value_enum)]
    view: Option<ViewArg>,
    /// Width of the frames in pixels (100 to 8000; default: the overlay's, else 480).
    #[arg(long)]
    width: Option<f64>,
    /// A loop to draw (and for walk, to walk): `d5:e`, or part of one, `d2:ne:b8` (repeatable).
    #[arg(long = "loop")]
    loops: Vec<String>,
    /// Write only this frame (0 first) as a still: .svg or .png.
    #[arg(long)]
    frame: Option<u32>,
    /// Output file: .gif, .png (APNG) or .svg (animated), repeatable.
    #[arg(short, long, required = true)]
    output: Vec<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct BatchArgs {
    /// The manifest (TOML: `output`, `formats`, `[[figure]]` with `name`, `position`, `overlay`,
    /// `caption`); files are relative to it.
    manifest: std::path::PathBuf,
    /// Output folder (default: the manifest's `output`, relative to it, else `out`).
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// Position file (.fen or .toml).
    position: std::path::PathBuf,
    /// Overlay file whose `[[expect]]` tables give the expected sets.
    overlay: Option<std::path::PathBuf>,
    /// Variant of a .fen file that does not name one.
    #[arg(long, default_value = "dot")]
    variant: VariantId,
    /// Instead of an overlay: the piece's square…
    #[arg(long)]
    square: Option<String>,
    /// …and its expected destinations, comma-separated (`d4,h5,N`).
    #[arg(long)]
    expect: Option<String>,
    /// Also write the check figure (agreed, missing and extra marked) to this .svg, .png or .pdf.
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
    /// Format of the check figure when the output does not say (`-o -`): svg, png or pdf.
    #[arg(long)]
    format: Option<dotchess::output::Format>,
}

#[derive(Args, Debug)]
struct EssayArgs {
    /// Folder to write into (created if missing).
    #[arg(short, long, default_value = "out")]
    output: std::path::PathBuf,
    /// Theme: essay, print, ice, or a path to a theme .toml file.
    #[arg(long, default_value = "essay")]
    theme: String,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ViewArg {
    /// North disc above, south disc below, touching at one point.
    Hemispheres,
    /// The northern hemisphere alone.
    North,
    /// The southern hemisphere alone.
    South,
    /// The unrolled chart (2DFARCSOD), board copies flipped and shifted beyond the poles.
    Chart,
    /// The single board, poles as bands.
    Board,
    /// The ball in orthographic projection, the near half drawn.
    Globe,
    /// The whole sphere as one disc round a pole, the other pole the outermost ring.
    Disc,
}

impl ViewArg {
    fn name(self) -> &'static str {
        match self {
            ViewArg::Hemispheres => "hemispheres",
            ViewArg::North => "north",
            ViewArg::South => "south",
            ViewArg::Chart => "chart",
            ViewArg::Board => "board",
            ViewArg::Globe => "globe",
            ViewArg::Disc => "disc",
        }
    }
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum CoordArg {
    /// No coordinates.
    None,
    /// Files and ranks round the edge.
    Edge,
    /// Every cell's name in the cell.
    Cells,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum OrientationArg {
    /// White's side at the bottom (a1 bottom left, N on top).
    White,
    /// Black's side at the bottom (h8 bottom left, S on top).
    Black,
}

impl OrientationArg {
    fn name(self) -> &'static str {
        match self {
            OrientationArg::White => "white",
            OrientationArg::Black => "black",
        }
    }
}

impl CoordArg {
    fn name(self) -> &'static str {
        match self {
            CoordArg::None => "none",
            CoordArg::Edge => "edge",
            CoordArg::Cells => "cells",
        }
    }
}

/// `render`'s arguments. With position and overlay files, every flag given overrides (or, for
/// marks, adds to) what the files say; a flag that cannot apply to the figure is an error.
#[derive(Args, Debug)]
struct RenderArgs {
    /// Position file: .fen (a `# variant: NAME` comment names the variant) or .toml (`variant`,
    /// `fen`, `title`). Without it, --variant and --fen give the position.
    position_file: Option<std::path::PathBuf>,
    /// Overlay file (.toml): views, panels, marks, theme. Flags given beside it override it.
    overlay_file: Option<std::path::PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
    /// The view (default hemispheres); with an overlay, replaces its one panel's view.
    #[arg(long, value_enum)]
    view: Option<ViewArg>,
    /// Mark the moves of the piece on this cell (repeatable; adds to an overlay's marks).
    #[arg(long = "square")]
    squares: Vec<String>,
    /// Draw the loop of the ride from a cell in a direction, e.g. `d2:ne`, or the ride up to a
    /// cell, `d2:ne:b8` (repeatable).
    #[arg(long = "loop")]
    loops: Vec<String>,
    /// Draw an arrow, `b1:c3`, optionally coloured, `b1:c3:#c00` (repeatable): along the route of
    /// the move when the piece on the first cell can make it, else the shortest way.
    #[arg(long = "arrow")]
    arrows: Vec<String>,
    /// Highlight a cell, optionally with a colour: `e4` or `e4:#ff8800` (repeatable).
    #[arg(long = "highlight")]
    highlights: Vec<String>,
    /// Write a text in a cell: `e4:x` (repeatable).
    #[arg(long = "label")]
    labels: Vec<String>,
    /// Draw a circle round a cell, optionally coloured: `e4` or `e4:#c00` (repeatable).
    #[arg(long = "circle")]
    circles: Vec<String>,
    /// Draw a cross over a cell, optionally coloured: `d5` or `d5:red` (repeatable).
    #[arg(long = "cross")]
    crosses: Vec<String>,
    /// A title above the figure (replaces the files' title).
    #[arg(long)]
    title: Option<String>,
    /// Theme: essay (default), print, ice, or a path to a theme .toml file.
    #[arg(long)]
    theme: Option<String>,
    /// Width of the whole figure in pixels, 100 to 8000 (default 480; 720 for the chart).
    #[arg(long)]
    width: Option<f64>,
    /// Background: `none` (transparent: a PNG is clear outside the drawing) or a colour
    /// (`#fffff0`, `white`) instead of the theme's paper.
    #[arg(long)]
    background: Option<String>,
    /// Resolution in pixels per inch, 10 to 10000: written into the PNG (pHYs), and the PDF page
    /// is the figure's size at it (default: 96, as CSS pixels).
    #[arg(long)]
    dpi: Option<f64>,
    /// Hemispheres: the file position facing the touching point, -W to 2W (default 4 = the d|e
    /// boundary; a file letter means its middle).
    #[arg(long, allow_hyphen_values = true)]
    rotation: Option<String>,
    /// Chart window in squares: `x0,y0,cols,rows` (default: fitted to the marks).
    #[arg(long, allow_hyphen_values = true)]
    window: Option<String>,
    /// Colour mode (chart, board): tint the squares by their position.
    #[arg(long)]
    tint: bool,
    /// Colour mode (chart, board): colour the edges of each board copy (always on for the chart).
    #[arg(long)]
    edges: bool,
    /// Globe: latitude of the viewpoint in degrees, -90 to 90 (default 15: a little above the
    /// equator).
    #[arg(long, allow_hyphen_values = true)]
    latitude: Option<f64>,
    /// Globe: longitude of the viewpoint in degrees, -720 to 720 (default 180: the middle of the
    /// board faces the viewer; file position u is at u·360/W).
    #[arg(long, allow_hyphen_values = true)]
    longitude: Option<f64>,
    /// Globe: turn of the picture about its centre in degrees, counter-clockwise (default 0: N up).
    #[arg(long, allow_hyphen_values = true)]
    roll: Option<f64>,
    /// Globe: show the far half's grid and marks faintly through the ball.
    #[arg(long)]
    ghost: bool,
    /// Disc: the pole at the centre, N or S (default S).
    #[arg(long)]
    pole: Option<String>,
    /// Coordinates (default: edge; none on the chart).
    #[arg(long, value_enum)]
    coordinates: Option<CoordArg>,
    /// From which side the figure is seen: black turns the board and chart half a turn and puts
    /// the S hemisphere on top.
    #[arg(long, value_enum)]
    orientation: Option<OrientationArg>,
    /// Draw marks over the pieces instead of under them.
    #[arg(long)]
    marks_over: bool,
    /// The move that led to the position, e.g. `e2e4`: from and to tinted, its route drawn.
    #[arg(long)]
    lastmove: Option<String>,
    /// Leave a king in check unmarked (marked by default).
    #[arg(long)]
    no_check: bool,
    /// Mark pseudo-legal moves.
    #[arg(long)]
    pseudo: bool,
    /// Output file: .svg, .png or .pdf (vector, one page the figure's size, text as outlines), a
    /// name without extension for SVG and PNG, or `-` for standard output (repeatable).
    #[arg(short, long, required = true)]
    output: Vec<std::path::PathBuf>,
    /// Format of `-o -`, of an output that is not a plain file (`/dev/stdout`), or the only one
    /// written for a name without extension: svg, png or pdf.
    #[arg(long)]
    format: Option<dotchess::output::Format>,
}

/// What `render` will do, checked before any drawing: the figure and where it goes.
struct RenderConfig {
    figure: dotchess::draw::document::FigureSpec,
    outputs: Vec<std::path::PathBuf>,
}

impl RenderArgs {
    /// The view flags as options for the one validator the overlay files use too.
    fn view_options(&self) -> Result<dotchess::input::options::ViewOptions, CliError> {
        use dotchess::input::options::{Rotation, ViewOptions};
        let window = match &self.window {
            None => None,
            Some(w) => Some(
                w.split(',')
                    .map(|x| x.trim().parse::<i64>())
                    .collect::<Result<Vec<i64>, _>>()
                    .map_err(|_| CliError::Usage(format!("--window `{w}`: expected four numbers x0,y0,cols,rows")))?,
            ),
        };
        Ok(ViewOptions {
            view: self.view.map(|v| v.name().to_string()),
            width: self.width,
            rotation: self.rotation.as_deref().map(Rotation::parse),
            window,
            tint: self.tint.then_some(true),
            edges: self.edges.then_some(true),
            coordinates: self.coordinates.map(|c| c.name().to_string()),
            latitude: self.latitude,
            longitude: self.longitude,
            roll: self.roll,
            ghost: self.ghost.then_some(true),
            pole: self.pole.clone(),
            orientation: self.orientation.map(|o| o.name().to_string()),
        })
    }

    /// Reads the files (if any), then sets every flag given on the figure.
    fn config(&self) -> Result<RenderConfig, CliError> {
        use {dotchess::input::marks::MarkKind, dotchess::input::marks::add_mark};
        let mut figure = match &self.position_file {
            None => {
                let position = self.position.position()?;
                dotchess::input::overlay::plain_figure(&dotchess::input::position::PositionSpec {
                    position,
                    title: None,
                })
            }
            Some(p) => {
                if self.position.fen.is_some() {
                    return Err(CliError::Usage("give the position either as a file or with --fen, not both".into()));
                }
                read_figure(p, self.overlay_file.as_deref(), self.position.variant)?
            }
        };
        if let Some(t) = &self.theme {
            figure.theme = load_theme(t)?;
        }
        if let Some(b) = &self.background {
            figure.background = Some(
                dotchess::input::options::Background::parse(b)
                    .map_err(|m| CliError::Usage(format!("--background {m}")))?,
            );
        }
        if let Some(d) = self.dpi {
            figure.dpi =
                Some(dotchess::input::options::check_dpi(d).map_err(|m| CliError::Usage(format!("--dpi: {m}")))?);
        }
        if let Some(t) = &self.title {
            if t.chars().count() > dotchess::input::MAX_TEXT {
                return Err(CliError::Usage(format!("--title: at most {} characters", dotchess::input::MAX_TEXT)));
            }
            if let Err((_, message)) = dotchess::input::diagnostics::check_text(t) {
                return Err(CliError::Usage(format!("--title {message}")));
            }
            figure.title = Some(t.clone());
        }
        let mut options = self.view_options()?;
        let several = figure.panels.len() > 1;
        if several {
            if options.view.is_some() {
                return Err(CliError::Usage(format!(
                    "--view cannot apply: the overlay draws {} panels, each with its own view",
                    figure.panels.len()
                )));
            }
            // The width of a figure of several panels is the whole figure's.
            if let Some(w) = options.width.take() {
                figure.width =
                    Some(dotchess::input::options::check_width(w).map_err(|e| CliError::Usage(e.for_flag()))?);
            }
        }
        let flags = [
            ("--square", MarkKind::Moves, &self.squares),
            ("--loop", MarkKind::Loop, &self.loops),
            ("--arrow", MarkKind::Arrow, &self.arrows),
            ("--label", MarkKind::Label, &self.labels),
            ("--highlight", MarkKind::Highlight, &self.highlights),
            ("--circle", MarkKind::Circle, &self.circles),
            ("--cross", MarkKind::Cross, &self.crosses),
        ];
        for panel in &mut figure.panels {
            options.apply(panel.position.topology(), &mut panel.view).map_err(|e| CliError::Usage(e.for_flag()))?;
            for (flag, kind, values) in flags {
                for s in values.iter() {
                    add_mark(&panel.position, kind, s, &mut panel.overlay)
                        .map_err(|e| CliError::Usage(format!("{flag} `{s}`: {}", e.message)))?;
                }
            }
            if let Some(m) = &self.lastmove {
                panel.overlay.lastmove = Some(
                    dotchess::input::marks::lastmove(&panel.position, m)
                        .map_err(|e| CliError::Usage(format!("--lastmove: {}", e.message)))?,
                );
            }
            panel.overlay.hide_check |= self.no_check;
            panel.overlay.pseudo |= self.pseudo;
            panel.overlay.marks_over_pieces |= self.marks_over;
        }
        Ok(RenderConfig { figure, outputs: self.output.clone() })
    }
}

#[derive(Args, Debug)]
struct PositionArgs {
    /// Variant: dot (default), boholy, spherical, small, small8, flat, cylinder, xiangqi,
    /// xiangqi-flat (aliases: chao, yapsan, global, nadvorney, chess).
    #[arg(long, default_value = "dot")]
    variant: VariantId,
    /// Position in FEN (live poles as extra first and last fields); default: the variant's start.
    #[arg(long)]
    fen: Option<String>,
}

impl PositionArgs {
    fn position(&self) -> Result<Position, CliError> {
        match &self.fen {
            None => Ok(Position::start(self.variant)),
            Some(fen) => Position::from_fen(self.variant, fen).map_err(|mut e| {
                if let Some(v) = dotchess::input::position::fitting_variant(self.variant, fen) {
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
}

/// Deepest perft the command accepts.
const MAX_DEPTH: u32 = 12;

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
    /// An input file is wrong (located).
    #[error("{0}")]
    Input(dotchess::input::diagnostics::InputError),
    /// Some figures of a batch failed (already reported).
    #[error("{0}")]
    Failed(String),
    /// A check found differences (already printed).
    #[error("the destinations differ from the expected ones")]
    Differs,
}

impl CliError {
    /// The process exit status: 2 for bad input, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Fen(_) | CliError::Usage(_) | CliError::Input(_) => 2,
            CliError::Failed(_) | CliError::Differs => 1,
            CliError::BrokenPipe => 0,
            CliError::Io(_) | CliError::Output(_) => 1,
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe { CliError::BrokenPipe } else { CliError::Io(e) }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match cli.command {
        Command::Moves(a) => moves(&a, &mut out)?,
        Command::Perft(a) => perft_cmd(&a, &mut out)?,
        Command::Loops(a) => loops_cmd(&a, &mut out)?,
        Command::Render(a) => render_cmd(&a, &mut out)?,
        Command::Animate(a) => animate_cmd(&a, &mut out)?,
        Command::Essay(a) => essay_cmd(&a, &mut out)?,
        Command::Batch(a) => batch_cmd(&a, &mut out)?,
        Command::Check(a) => check_cmd(&a, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn moves(a: &MovesArgs, out: &mut impl Write) -> Result<(), CliError> {
    let pos = a.position.position()?;
    let topo = pos.topology();
    if let Some(sq) = &a.square {
        let cell = parse_cell(&pos, sq)?;
        let piece = pos.piece_at(cell).ok_or_else(|| CliError::Usage(format!("no piece on {sq}")))?;
        let dests = destinations(&pos, cell, !a.pseudo);
        if a.json {
            let doc = SquareJson {
                variant: a.position.variant.name(),
                fen: pos.fen(),
                square: topo.name(cell),
                piece: piece.letter().to_string(),
                destinations: dests.iter().map(|d| DestJson::new(&pos, d)).collect(),
            };
            writeln!(out, "{}", serde_json::to_string_pretty(&doc).expect("JSON of plain data"))?;
        } else {
            for d in &dests {
                let routes: Vec<String> = d.routes.iter().map(|r| route_text(&pos, r)).collect();
                let tag = if d.capture { "capture" } else { "move" };
                writeln!(out, "{:<4} {:<8} {}", topo.name(d.cell), tag, routes.join("  |  "))?;
            }
        }
        return Ok(());
    }
    let mut list = Vec::new();
    if a.pseudo {
        pos.pseudo_legal_moves(&mut list)
    } else {
        pos.legal_moves(&mut list)
    }
    let mut names: Vec<String> = list.iter().map(|&m| move_name(topo, m)).collect();
    names.sort();
    if a.json {
        let doc = MovesJson { variant: a.position.variant.name(), fen: pos.fen(), moves: names };
        writeln!(out, "{}", serde_json::to_string_pretty(&doc).expect("JSON of plain data"))?;
    } else {
        for n in names {
            writeln!(out, "{n}")?;
        }
    }
    Ok(())
}

fn perft_cmd(a: &PerftArgs, out: &mut impl Write) -> Result<(), CliError> {
    if a.depth > MAX_DEPTH {
        return Err(CliError::Usage(format!("--depth {} is too deep (at most {MAX_DEPTH})", a.depth)));
    }
    let pos = a.position.position()?;
    if a.divide && a.depth > 0 {
        let mut rows: Vec<(String, u64)> =
            perft_divide(&pos, a.depth).into_iter().map(|(m, n)| (pos.move_name(m), n)).collect();
        rows.sort();
        let mut total = 0;
        for (m, n) in rows {
            writeln!(out, "{m}: {n}")?;
            total += n;
        }
        writeln!(out)?;
        writeln!(out, "{total}")?;
    } else {
        writeln!(out, "{}", perft(&pos, a.depth))?;
    }
    Ok(())
}

fn loops_cmd(a: &LoopsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let topo = &a.variant.variant().topology;
    let all = loops(topo);
    if a.json {
        let doc: Vec<LoopJson> = all.iter().map(|l| LoopJson::new(topo, l)).collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&doc).expect("JSON of plain data"))?;
    } else {
        for l in &all {
            writeln!(out, "{:<10} {:>2}  {}", l.kind.name(), l.cells().len(), path_names(topo, &l.route).join(" "))?;
        }
        writeln!(out, "{} loops", all.len())?;
    }
    Ok(())
}

fn parse_cell(pos: &Position, s: &str) -> Result<dotchess::Cell, CliError> {
    pos.topology().parse_cell(s).ok_or_else(|| CliError::Usage(dotchess::input::marks::not_a_cell(pos, s)))
}

fn load_theme(name: &str) -> Result<dotchess::Theme, CliError> {
    if name.ends_with(".toml") {
        let text = read_file(std::path::Path::new(name))?;
        dotchess::input::theme::read_theme(name, &text).map_err(CliError::Input)
    } else {
        dotchess::Theme::built_in(name).map_err(|e| CliError::Usage(e.to_string()))
    }
}

/// A progress bar on a terminal, nothing otherwise.
fn progress_bar(len: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    bar
}

fn run_batch(
    manifest: &dotchess::batch::Manifest,
    files: &dyn dotchess::batch::Files,
    dir: &std::path::Path,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(CliError::Usage(format!(
            "{} is not a folder: the figures and their index.html go into a folder (-o names it)",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::Output(format!(
            "cannot create the folder {}: {}",
            dir.display(),
            dotchess::input::file::plain_os_error(&e)
        ))
    })?;
    let bar = progress_bar(manifest.jobs.len());
    let report = dotchess::batch::run(manifest, files, dir, &|name| {
        bar.set_message(name.to_string());
        bar.inc(1);
    });
    bar.finish_and_clear();
    let outcomes = &report.outcomes;
    let failed: Vec<&dotchess::batch::Outcome> = outcomes.iter().filter(|o| o.result.is_err()).collect();
    let sheet = match &report.index {
        Ok(path) => format!("; contact sheet {}", path.display()),
        Err(_) => "; no contact sheet".to_string(),
    };
    writeln!(
        out,
        "{} figures written to {} ({} failed){sheet}",
        outcomes.len() - failed.len(),
        dir.display(),
        failed.len()
    )?;
    for o in &failed {
        if let Err(e) = &o.result {
            eprintln!("dotchess: figure `{}`: {e}", o.name);
        }
    }
    if let Err(e) = &report.index {
        eprintln!("dotchess: {e}");
    }
    match (failed.len(), &report.index) {
        (0, Ok(_)) => Ok(()),
        (0, Err(_)) => Err(CliError::Failed("the contact sheet index.html was not written".into())),
        (n, _) => Err(CliError::Failed(format!("{n} of {} figures failed", outcomes.len()))),
    }
}

fn essay_cmd(a: &EssayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let mut manifest = dotchess::batch::essay_manifest();
    manifest.theme = Some(load_theme(&a.theme)?);
    manifest.output = None;
    run_batch(&manifest, &dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES), &a.output, out)
}

fn read_file(path: &std::path::Path) -> Result<String, CliError> {
    dotchess::input::file::read_input(path).map_err(CliError::Usage)
}

fn batch_cmd(a: &BatchArgs, out: &mut impl Write) -> Result<(), CliError> {
    let text = read_file(&a.manifest)?;
    let manifest = dotchess::batch::read_manifest(&a.manifest.display().to_string(), &text).map_err(CliError::Input)?;
    let base =
        a.manifest.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new(".")).to_path_buf();
    let dir = match (&a.output, &manifest.output) {
        (Some(o), _) => o.clone(),
        (None, Some(o)) => base.join(o),
        (None, None) => std::path::PathBuf::from("out"),
    };
    run_batch(&manifest, &dotchess::batch::Disk(base), &dir, out)
}

/// Reads a position file and, if given, an overlay file into a checked figure.
fn read_figure(
    position: &std::path::Path,
    overlay: Option<&std::path::Path>,
    variant: VariantId,
) -> Result<dotchess::draw::document::FigureSpec, CliError> {
    Ok(read_figure_on(position, overlay, variant)?.1)
}

/// [`read_figure`], and the position file's position (the base, which panels may replace).
fn read_figure_on(
    position: &std::path::Path,
    overlay: Option<&std::path::Path>,
    variant: VariantId,
) -> Result<(Position, dotchess::draw::document::FigureSpec), CliError> {
    let ptext = read_file(position)?;
    let base = dotchess::input::position::read_position(&position.display().to_string(), &ptext, variant)
        .map_err(CliError::Input)?;
    let Some(overlay) = overlay else {
        return Ok((base.position.clone(), dotchess::input::overlay::plain_figure(&base)));
    };
    let otext = read_file(overlay)?;
    let dir = overlay.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new(".")).to_path_buf();
    let files = dotchess::batch::Disk(dir);
    use dotchess::batch::Files;
    let figure =
        dotchess::input::overlay::read_overlay(&overlay.display().to_string(), &otext, &base, &|p| files.read(p))
            .map_err(CliError::Input)?;
    Ok((base.position, figure))
}

fn check_cmd(a: &CheckArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if a.output.as_ref().is_some_and(|o| o.as_os_str() == "-") {
        return Err(CliError::Usage(
            "-o -: check prints its report on standard output; write the figure to a file".into(),
        ));
    }
    // Expectations are about the position file's position, whatever the panels draw.
    let (pos, mut figure) = read_figure_on(&a.position, a.overlay.as_deref(), a.variant)?;
    if let (Some(sq), Some(list)) = (&a.square, &a.expect) {
        let square = parse_cell(&pos, sq)?;
        if pos.piece_at(square).is_none() {
            return Err(CliError::Usage(format!("no piece on {sq}")));
        }
        let mut destinations = Vec::new();
        for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            destinations.push(parse_cell(&pos, name)?);
        }
        figure.expect.push(dotchess::draw::document::Expectation {
            position: pos.clone(),
            square,
            destinations,
            source: Some("--expect".into()),
        });
    } else if a.square.is_some() || a.expect.is_some() {
        return Err(CliError::Usage("--square and --expect go together".into()));
    }
    if figure.expect.is_empty() {
        return Err(CliError::Usage(
            "nothing to check: give an overlay with [[expect]] tables, or --square and --expect".into(),
        ));
    }
    let topo = pos.topology();
    if figure.panels.iter().any(|p| p.position.variant().id != pos.variant().id || p.position.fen() != pos.fen()) {
        writeln!(out, "checked on the position of {} (not on the panels' own positions)", a.position.display())?;
    }
    let mut differs = false;
    for e in &figure.expect {
        let found: Vec<dotchess::Cell> = dotchess::destinations(&pos, e.square, true).iter().map(|d| d.cell).collect();
        let name = |cells: Vec<dotchess::Cell>| {
            let mut v: Vec<String> = cells.into_iter().map(|c| topo.name(c)).collect();
            v.sort();
            if v.is_empty() { "-".to_string() } else { v.join(" ") }
        };
        let agreed: Vec<_> = found.iter().copied().filter(|c| e.destinations.contains(c)).collect();
        let missing: Vec<_> = e.destinations.iter().copied().filter(|c| !found.contains(c)).collect();
        let extra: Vec<_> = found.iter().copied().filter(|c| !e.destinations.contains(c)).collect();
        let Some(piece) = pos.piece_at(e.square) else {
            return Err(CliError::Usage(format!("no piece on {} to check", topo.name(e.square))));
        };
        let verdict = if missing.is_empty() && extra.is_empty() { "agree" } else { "DIFFER" };
        differs |= verdict == "DIFFER";
        writeln!(
            out,
            "{} {} on {}{}: {verdict} ({} expected, {} found)",
            piece.color.name(),
            piece.role.name(),
            topo.name(e.square),
            e.source.as_ref().map(|s| format!(" (expected by {s})")).unwrap_or_default(),
            e.destinations.len(),
            found.len()
        )?;
        writeln!(out, "  agreed  {:>3}: {}", agreed.len(), name(agreed.clone()))?;
        writeln!(out, "  missing {:>3}: {}", missing.len(), name(missing.clone()))?;
        writeln!(out, "  extra   {:>3}: {}", extra.len(), name(extra.clone()))?;
    }
    if let Some(path) = &a.output {
        write_outputs(
            &dotchess::output::budget::render_checked(&figure).map_err(CliError::Usage)?,
            std::slice::from_ref(path),
            a.format,
            out,
        )?;
    }
    if differs { Err(CliError::Differs) } else { Ok(()) }
}

fn render_cmd(a: &RenderArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = a.config()?;
    let scene = dotchess::output::budget::render_checked(&config.figure).map_err(CliError::Usage)?;
    let written = write_outputs(&scene, &config.outputs, a.format, out);
    // Freed on another thread: the command line's process ends without waiting for a large
    // figure's (a chart window's) tens of thousands of elements to be freed one by one.
    std::thread::spawn(move || drop(scene));
    written
}

fn animate_cmd(a: &AnimateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use dotchess::draw::animation::{AnimSpec, FPS_RANGE, Kind, MAX_FRAMES, delay_of_fps};
    use dotchess::output::AnimFormat as Format;
    let mut figure = read_figure(&a.position, a.overlay.as_deref(), a.variant)?;
    let kind = match &a.kind {
        Some(k) => Kind::parse(k).ok_or_else(|| {
            let names: Vec<&str> = Kind::ALL.iter().map(|(_, n)| *n).collect();
            CliError::Usage(format!("--kind `{k}`: expected one of {}", names.join(", ")))
        })?,
        None => figure.animation.map_or(Kind::Gear, |s| s.kind),
    };
    let mut spec = figure.animation.filter(|s| s.kind == kind).unwrap_or(AnimSpec::new(kind));
    if let Some(fps) = a.fps {
        if !(FPS_RANGE.0..=FPS_RANGE.1).contains(&fps) {
            return Err(CliError::Usage(format!("--fps {fps} is out of range ({} to {})", FPS_RANGE.0, FPS_RANGE.1)));
        }
        spec.delay_cs = delay_of_fps(fps);
    }
    match (a.frames, a.seconds) {
        (Some(_), Some(_)) => return Err(CliError::Usage("give --frames or --seconds, not both".into())),
        (Some(n), None) if (1..=MAX_FRAMES).contains(&n) => spec.frames = n,
        (Some(n), None) => return Err(CliError::Usage(format!("--frames {n}: 1 to {MAX_FRAMES}"))),
        (None, Some(s)) => {
            let n = (s * 100.0 / spec.delay_cs as f64).round();
            if !(n >= 1.0 && n <= MAX_FRAMES as f64) {
                return Err(CliError::Usage(format!("--seconds {s} makes {n} frames; 1 to {MAX_FRAMES} fit")));
            }
            spec.frames = n as u32;
        }
        (None, None) => {}
    }
    if let Some(p) = a.plays {
        spec.plays = p;
    }
    let panel = figure.panels.first_mut().ok_or_else(|| CliError::Usage("the overlay has no panel".into()))?;
    if let Some(v) = a.view {
        use dotchess::draw::figure::{View, ViewKind};
        let kind = match v {
            ViewArg::Hemispheres => View::hemispheres().kind,
            ViewArg::North => View::hemisphere(dotchess::Pole::North).kind,
            ViewArg::South => View::hemisphere(dotchess::Pole::South).kind,
            ViewArg::Chart => View::chart().kind,
            ViewArg::Board => ViewKind::Board { tint: false, edges: false },
            ViewArg::Globe => View::globe().kind,
            ViewArg::Disc => View::disc().kind,
        };
        panel.view.kind = kind;
    }
    if let Some(w) = a.width {
        if !(dotchess::draw::figure::WIDTH_RANGE.0..=dotchess::draw::figure::WIDTH_RANGE.1).contains(&w) {
            return Err(CliError::Usage(format!("--width {w} is out of range (100 to 8000)")));
        }
        panel.view.width = w;
    }
    for s in &a.loops {
        dotchess::input::marks::add_mark(
            &panel.position,
            dotchess::input::marks::MarkKind::Loop,
            s,
            &mut panel.overlay,
        )
        .map_err(|e| CliError::Usage(format!("--loop `{s}`: {}", e.message)))?;
    }
    if let Some(panel) = figure.panels.first() {
        dotchess::output::check_budget(&spec, panel, figure.title.as_deref(), &figure.theme, a.frame.is_none())
            .map_err(|e| {
                let asked: Vec<String> = [
                    ("--frames", a.frames.map(|n| n.to_string())),
                    ("--seconds", a.seconds.map(|s| s.to_string())),
                    ("--width", a.width.map(|w| w.to_string())),
                ]
                .into_iter()
                .filter_map(|(flag, v)| v.map(|v| format!("{flag} {v}")))
                .collect();
                if asked.is_empty() {
                    CliError::Usage(e.to_string())
                } else {
                    CliError::Usage(format!("{}: {e}", asked.join(" ")))
                }
            })?;
    }
    figure.animation = Some(spec);
    let anim = figure.animate().expect("an animation was set").map_err(|e| CliError::Usage(e.to_string()))?;
    if let Some(k) = a.frame {
        let scene = anim.frames.get(k as usize).ok_or_else(|| {
            CliError::Usage(format!(
                "--frame {k}: the animation has {} frames (0 to {})",
                anim.frames.len(),
                anim.frames.len().saturating_sub(1)
            ))
        })?;
        return write_outputs(scene, &a.output, None, out);
    }
    // Every output is made in memory first, then all are written or none (`-`: a GIF on
    // standard output).
    use dotchess::output::{Target, WriteError, write};
    let mut targets = Vec::new();
    for path in &a.output {
        if path.as_os_str() == "-" {
            targets.push((Target::Stdout, Format::Gif));
            continue;
        }
        let format = Format::of_path(path).ok_or_else(|| {
            CliError::Usage(format!("{}: an animation is written as .gif, .png (APNG) or .svg", path.display()))
        })?;
        targets.push((Target::File(path.clone()), format));
    }
    let formats: Vec<Format> = targets.iter().map(|t| t.1).collect();
    let encoded = anim.encode_all(&formats).map_err(|e| CliError::Output(e.to_string()))?;
    let made: Vec<(Target, Vec<u8>)> = targets.into_iter().map(|t| t.0).zip(encoded).collect();
    let items: Vec<(Target, &[u8])> = made.iter().map(|(t, b)| (t.clone(), b.as_slice())).collect();
    write::write_bytes(&items, out).map_err(|e| match e {
        WriteError::Io { error, .. } if error.kind() == io::ErrorKind::BrokenPipe => CliError::BrokenPipe,
        e => CliError::Output(e.to_string()),
    })
}

/// Writes a scene to each `-o` path (see [`dotchess::output::write::plan`]): every output is made
/// in memory and checked before anything is written.
fn write_outputs(
    scene: &dotchess::Scene,
    paths: &[std::path::PathBuf],
    format: Option<dotchess::output::Format>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    use dotchess::output::{WriteError, write};
    let outputs = write::plan_all(paths, format).map_err(CliError::Usage)?;
    write::write(scene, &outputs, out).map_err(|e| match e {
        WriteError::Io { error, .. } if error.kind() == io::ErrorKind::BrokenPipe => CliError::BrokenPipe,
        WriteError::TooLarge(message) => CliError::Usage(message),
        e => CliError::Output(e.to_string()),
    })
}

/// The cells of a route with dead poles written where they are passed: `d7 d8 N h8 …`.
fn path_names(topo: &dotchess::Topology, route: &Route) -> Vec<String> {
    let mut v = vec![topo.name(route.from)];
    for s in &route.steps {
        if let Some(p) = s.via {
            v.push(p.letter().to_string());
        }
        v.push(topo.name(s.cell));
    }
    v
}

fn route_text(pos: &Position, r: &Route) -> String {
    path_names(pos.topology(), r).join("-")
}

#[derive(Serialize)]
struct MovesJson {
    variant: &'static str,
    fen: String,
    moves: Vec<String>,
}

#[derive(Serialize)]
struct SquareJson {
    variant: &'static str,
    fen: String,
    square: String,
    piece: String,
    destinations: Vec<DestJson>,
}

#[derive(Serialize)]
struct DestJson {
    cell: String,
    capture: bool,
    moves: Vec<String>,
    routes: Vec<RouteJson>,
}

impl DestJson {
    fn new(pos: &Position, d: &Destination) -> DestJson {
        DestJson {
            cell: pos.topology().name(d.cell),
            capture: d.capture,
            moves: d.moves.iter().map(|&m| pos.move_name(m)).collect(),
            routes: d.routes.iter().map(|r| RouteJson::new(pos.topology(), r)).collect(),
        }
    }
}

#[derive(Serialize)]
struct RouteJson {
    /// Cells in order, dead poles included where passed.
    path: Vec<String>,
    /// The chart position of each cell of `cells`, relative to the origin.
    chart: Vec<(i32, i32)>,
    /// The cells in order, origin first.
    cells: Vec<String>,
}

impl RouteJson {
    fn new(topo: &dotchess::Topology, r: &Route) -> RouteJson {
        RouteJson {
            path: path_names(topo, r),
            chart: r.chart_path(),
            cells: r.cells().into_iter().map(|c| topo.name(c)).collect(),
        }
    }
}

#[derive(Serialize)]
struct LoopJson {
    kind: &'static str,
    length: usize,
    route: RouteJson,
}

impl LoopJson {
    fn new(topo: &dotchess::Topology, l: &Loop) -> LoopJson {
        LoopJson { kind: l.kind.name(), length: l.cells().len(), route: RouteJson::new(topo, &l.route) }
    }
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
