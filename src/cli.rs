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
    /// Render the built-in figure set (the essay's figures) as SVG and PNG into a folder.
    Essay(EssayArgs),
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
    /// The unrolled chart (2DFARCSOD), board copies flipped and shifted beyond the poles.
    Chart,
    /// The single board, poles as bands.
    Board,
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

#[derive(Args, Debug)]
struct RenderArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The view.
    #[arg(long, value_enum, default_value = "hemispheres")]
    view: ViewArg,
    /// Mark the moves of the piece on this cell (repeatable).
    #[arg(long = "square")]
    squares: Vec<String>,
    /// Draw the loop of the ride from a cell in a direction, e.g. `d2:ne` (repeatable).
    #[arg(long = "loop")]
    loops: Vec<String>,
    /// Draw an arrow routed along the board, e.g. `b1:c3` (repeatable).
    #[arg(long = "arrow")]
    arrows: Vec<String>,
    /// Highlight a cell, optionally with a colour: `e4` or `e4:#ff8800` (repeatable).
    #[arg(long = "highlight")]
    highlights: Vec<String>,
    /// Write a text in a cell: `e4:x` (repeatable).
    #[arg(long = "label")]
    labels: Vec<String>,
    /// A title above the figure.
    #[arg(long)]
    title: Option<String>,
    /// Theme: essay, print, ice, or a path to a theme .toml file.
    #[arg(long, default_value = "essay")]
    theme: String,
    /// Figure width in pixels (100 to 8000).
    #[arg(long, default_value_t = 480.0)]
    width: f64,
    /// Hemispheres: the file position facing the touching point (4 = the d|e boundary; a file
    /// letter means its middle).
    #[arg(long, default_value = "4")]
    rotation: String,
    /// Chart window in squares: `x0,y0,cols,rows` (default: two boards round the board).
    #[arg(long)]
    window: Option<String>,
    /// Colour mode: tint the squares (chart, board) by their position.
    #[arg(long)]
    tint: bool,
    /// Colour mode: colour the edges of each board copy (default on for the chart).
    #[arg(long)]
    edges: bool,
    /// Coordinates.
    #[arg(long, value_enum, default_value = "edge")]
    coordinates: CoordArg,
    /// Draw marks over the pieces instead of under them.
    #[arg(long)]
    marks_over: bool,
    /// Mark pseudo-legal moves.
    #[arg(long)]
    pseudo: bool,
    /// Output file: .svg or .png.
    #[arg(short, long)]
    output: std::path::PathBuf,
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
            Some(fen) => Position::from_fen(self.variant, fen).map_err(CliError::Fen),
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
}

impl CliError {
    /// The process exit status: 2 for bad input, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Fen(_) | CliError::Usage(_) => 2,
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
        Command::Render(a) => render_cmd(&a)?,
        Command::Essay(a) => essay_cmd(&a, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn moves(a: &MovesArgs, out: &mut impl Write) -> Result<(), CliError> {
    let pos = a.position.position()?;
    let topo = pos.topology();
    if let Some(sq) = &a.square {
        let cell = topo.parse_cell(sq).ok_or_else(|| {
            CliError::Usage(format!(
                "`{sq}` is not a cell of the {} board ({}×{})",
                a.position.variant,
                topo.width(),
                topo.height()
            ))
        })?;
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
    let topo = pos.topology();
    topo.parse_cell(s).ok_or_else(|| {
        CliError::Usage(format!(
            "`{s}` is not a cell of the {} board ({}×{})",
            pos.variant().id,
            topo.width(),
            topo.height()
        ))
    })
}

fn load_theme(name: &str) -> Result<dotchess::Theme, CliError> {
    if name.ends_with(".toml") {
        let text =
            std::fs::read_to_string(name).map_err(|e| CliError::Usage(format!("cannot read theme {name}: {e}")))?;
        dotchess::Theme::from_toml(&text).map_err(|e| CliError::Usage(format!("{name}: {e}")))
    } else {
        dotchess::Theme::built_in(name).map_err(|e| CliError::Usage(e.to_string()))
    }
}

fn essay_cmd(a: &EssayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let theme = load_theme(&a.theme)?;
    std::fs::create_dir_all(&a.output)
        .map_err(|e| CliError::Output(format!("cannot create {}: {e}", a.output.display())))?;
    let figures = dotchess::essay::figures(&theme);
    for f in &figures {
        for ext in ["svg", "png"] {
            write_figure(&f.scene, &a.output.join(format!("{}.{ext}", f.name)))?;
        }
        writeln!(out, "{}/{}.svg  {}", a.output.display(), f.name, f.caption)?;
    }
    writeln!(out, "{} figures", figures.len())?;
    Ok(())
}

fn render_cmd(a: &RenderArgs) -> Result<(), CliError> {
    use dotchess::figure::{Coordinates, Overlay, View, ViewKind};
    let pos = a.position.position()?;
    let topo = pos.topology();
    let theme = load_theme(&a.theme)?;
    let mut overlay =
        Overlay { title: a.title.clone(), pseudo: a.pseudo, marks_over_pieces: a.marks_over, ..Overlay::default() };
    for s in &a.squares {
        overlay.moves.push(parse_cell(&pos, s)?);
    }
    for s in &a.loops {
        let (c, d) =
            s.split_once(':').ok_or_else(|| CliError::Usage(format!("--loop `{s}`: expected CELL:DIR, e.g. d2:ne")))?;
        let dir = dotchess::Dir::from_name(d).ok_or_else(|| {
            CliError::Usage(format!("--loop `{s}`: `{d}` is not a direction (n, ne, e, se, s, sw, w, nw)"))
        })?;
        overlay.loops.push((parse_cell(&pos, c)?, dir));
    }
    for s in &a.arrows {
        let (x, y) =
            s.split_once(':').ok_or_else(|| CliError::Usage(format!("--arrow `{s}`: expected FROM:TO, e.g. b1:c3")))?;
        overlay.arrows.push((parse_cell(&pos, x)?, parse_cell(&pos, y)?));
    }
    for s in &a.labels {
        let (c, text) =
            s.split_once(':').ok_or_else(|| CliError::Usage(format!("--label `{s}`: expected CELL:TEXT")))?;
        if text.chars().count() > 40 {
            return Err(CliError::Usage(format!("--label `{s}`: at most 40 characters")));
        }
        overlay.labels.push((parse_cell(&pos, c)?, text.to_string()));
    }
    if a.title.as_ref().is_some_and(|t| t.chars().count() > 200) {
        return Err(CliError::Usage("--title: at most 200 characters".into()));
    }
    for s in &a.highlights {
        let (c, col) = match s.split_once(':') {
            Some((c, col)) => {
                let rgb = dotchess::scene::Rgb::parse(col).ok_or_else(|| {
                    CliError::Usage(format!("--highlight `{s}`: `{col}` is not a colour (#rgb or #rrggbb)"))
                })?;
                (c, Some(rgb))
            }
            None => (s.as_str(), None),
        };
        overlay.highlights.push((parse_cell(&pos, c)?, col));
    }
    if !(dotchess::figure::WIDTH_RANGE.0..=dotchess::figure::WIDTH_RANGE.1).contains(&a.width) {
        return Err(CliError::Usage(format!("--width {} is out of range (100 to 8000)", a.width)));
    }
    let kind = match a.view {
        ViewArg::Hemispheres => {
            let rotation = match a.rotation.parse::<f64>() {
                Ok(r) if r.is_finite() => r,
                _ => match topo.parse_cell(&format!("{}1", a.rotation)) {
                    Some(c) if a.rotation.len() == 1 => topo.coords(c).map_or(0.0, |(f, _)| f as f64 + 0.5),
                    _ => {
                        return Err(CliError::Usage(format!(
                            "--rotation `{}`: expected a number of files or a file letter",
                            a.rotation
                        )));
                    }
                },
            };
            ViewKind::Hemispheres { rotation }
        }
        ViewArg::Chart => {
            let window = match &a.window {
                None => None,
                Some(w) => {
                    let parts: Vec<i64> = w
                        .split(',')
                        .map(|x| x.trim().parse::<i64>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| CliError::Usage(format!("--window `{w}`: expected x0,y0,cols,rows")))?;
                    let [x0, y0, cols, rows] = parts[..] else {
                        return Err(CliError::Usage(format!("--window `{w}`: expected four numbers x0,y0,cols,rows")));
                    };
                    if !(1..=200).contains(&cols)
                        || !(1..=200).contains(&rows)
                        || x0.abs() > 10_000
                        || y0.abs() > 10_000
                    {
                        return Err(CliError::Usage(format!("--window `{w}`: columns and rows must be 1 to 200")));
                    }
                    Some(dotchess::geometry::Window {
                        x0: x0 as i32,
                        y0: y0 as i32,
                        cols: cols as u32,
                        rows: rows as u32,
                    })
                }
            };
            ViewKind::Chart { window, edges: true, tint: a.tint }
        }
        ViewArg::Board => ViewKind::Board { tint: a.tint, edges: a.edges },
    };
    let coordinates = match a.coordinates {
        CoordArg::None => Coordinates::None,
        CoordArg::Edge => Coordinates::Edge,
        CoordArg::Cells => Coordinates::Cells,
    };
    let view = View { kind, width: a.width, coordinates };
    let scene = dotchess::render(&pos, &overlay, &view, &theme);
    write_figure(&scene, &a.output)
}

/// Writes a scene as SVG or PNG (by extension) through a temporary file, so that a failure never
/// leaves half a file behind.
fn write_figure(scene: &dotchess::Scene, path: &std::path::Path) -> Result<(), CliError> {
    let bytes = match path.extension().and_then(|e| e.to_str()).map(|e| e.to_ascii_lowercase()).as_deref() {
        Some("svg") => scene.to_svg().into_bytes(),
        Some("png") => scene.to_png(1.0).map_err(|e| CliError::Usage(e.to_string()))?,
        _ => return Err(CliError::Usage(format!("{}: the output must end in .svg or .png", path.display()))),
    };
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, &bytes).and_then(|()| std::fs::rename(&tmp, path)).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CliError::Output(format!("cannot write {}: {e}", path.display()))
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
