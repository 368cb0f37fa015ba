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
}

#[derive(Args, Debug)]
struct PositionArgs {
    /// Variant: dot (default), boholy, spherical, small, small8, flat, cylinder (aliases: chao,
    /// yapsan, global, nadvorney, chess).
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
}

impl CliError {
    /// The process exit status: 2 for bad input, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Fen(_) | CliError::Usage(_) => 2,
            CliError::BrokenPipe => 0,
            CliError::Io(_) => 1,
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
