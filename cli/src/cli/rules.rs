//! The subcommands that print the rules core's answers: `moves`, `perft`, `loops`, as text or
//! JSON.

use super::{CliError, LoopsArgs, MovesArgs, PerftArgs, parse_cell};
use dotchess::answers::{LoopAnswer, PieceAnswer};
use dotchess::{Position, Route, destinations, loops, move_name, perft, perft_divide};
use serde::Serialize;
use std::io::Write;

/// Deepest perft the command accepts.
const MAX_DEPTH: u32 = 12;

pub(super) fn moves(a: &MovesArgs, out: &mut impl Write) -> Result<(), CliError> {
    let pos = a.position.position()?;
    let topo = pos.topology();
    if let Some(sq) = &a.square {
        let cell = parse_cell(&pos, sq)?;
        let piece = pos.piece_at(cell).ok_or_else(|| CliError::Usage(format!("no piece on {sq}")))?;
        let dests = destinations(&pos, cell, !a.pseudo);
        if a.san && (piece.color != pos.turn() || a.pseudo) {
            return Err(CliError::Usage(format!(
                "--san names the legal moves of the side to move; the piece on {sq} is not one of them{}",
                if a.pseudo { " (drop --pseudo)" } else { "" }
            )));
        }
        if a.json {
            let doc = PieceAnswer::new(&pos, cell, !a.pseudo, a.san).expect("a piece on the square");
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
    let mut names: Vec<String> = if a.san && !a.pseudo {
        list.iter().map(|&m| pos.san_parts_among(m, &list).to_string()).collect()
    } else if a.san {
        return Err(CliError::Usage(
            "--san names legal moves only (a name is told apart from the other legal moves); drop --pseudo".into(),
        ));
    } else {
        list.iter().map(|&m| move_name(topo, m)).collect()
    };
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

pub(super) fn perft_cmd(a: &PerftArgs, out: &mut impl Write) -> Result<(), CliError> {
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

pub(super) fn loops_cmd(a: &LoopsArgs, out: &mut impl Write) -> Result<(), CliError> {
    let topo = &a.variant.variant().topology;
    let all = loops(topo);
    if a.json {
        let doc: Vec<LoopAnswer> = all.iter().map(|l| LoopAnswer::new(topo, l)).collect();
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
