//! Marks written as text (`d5`, `d5:h5`, `Gd5h5`, `e4:#ffcc00` …), in overlay files and on the
//! command line alike.

use super::diagnostics::check_text;
use crate::draw::figure::{ArrowMark, MoveMark, Overlay};
use crate::draw::scene::Rgb;
use crate::rules::position::Position;
use crate::rules::topology::{Cell, Dir};

/// The kinds of mark written as text, in overlay files and on the command line alike.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MarkKind {
    /// `CELL`: the moves of the piece there; `CELL:TO` only those to one cell; either with
    /// `:#colour` for the piece's dots and routes.
    Moves,
    /// `CELL:DIR` (the whole loop) or `CELL:DIR:UNTIL` (the ride up to a cell).
    Loop,
    /// `CELL` or `CELL:#colour`.
    Highlight,
    /// `FROM:TO` or `FROM:TO:#colour`.
    Arrow,
    /// `CELL:TEXT`.
    Label,
    /// `CELL` or `CELL:COLOUR`: a circle round the cell.
    Circle,
    /// `CELL` or `CELL:COLOUR`: a cross over the cell.
    Cross,
}

/// A mark that cannot be read: what is wrong, at which byte of the mark's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkError {
    /// Byte offset in the mark's text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads the move that led to a position, in coordinate form (`e2e4`, `e7e8q`, `b6N`): its from
/// and to cells. The piece that moved must stand on the to cell.
pub fn lastmove(pos: &Position, text: &str) -> Result<(Cell, Cell), MarkError> {
    let err = |offset: usize, message: String| MarkError { offset, message };
    let topo = pos.topology();
    let t = text.trim();
    // Every split into two cell names, with an optional promotion letter after them.
    let parsed = (1..t.len()).filter(|&i| t.is_char_boundary(i)).find_map(|i| {
        let (a, rest) = t.split_at(i);
        let from = topo.parse_cell(a)?;
        let to = topo
            .parse_cell(rest)
            .or_else(|| rest.char_indices().last().and_then(|(j, _)| topo.parse_cell(&rest[..j])))?;
        Some((from, to))
    });
    let Some((from, to)) = parsed else {
        return Err(err(0, format!("`{t}` is not a move in coordinate form (e.g. `e2e4`, `e7e8q`)")));
    };
    if from == to {
        return Err(err(0, format!("`{t}` does not move")));
    }
    if pos.piece_at(to).is_none() {
        return Err(err(0, format!("no piece on {} to have made the move `{t}`", topo.name(to))));
    }
    Ok((from, to))
}

/// Reads one mark written as text and adds it to an overlay.
pub fn add_mark(pos: &Position, kind: MarkKind, text: &str, o: &mut Overlay) -> Result<(), MarkError> {
    let mut parts: Vec<(&str, usize)> = Vec::new();
    let mut at = 0;
    for p in text.split(':') {
        parts.push((p, at));
        at += p.len() + 1;
    }
    let m = Mark { pos, parts };
    match kind {
        MarkKind::Moves => m.moves(o),
        MarkKind::Loop => m.ride(o),
        MarkKind::Highlight | MarkKind::Circle | MarkKind::Cross => m.on_cell(kind, o),
        MarkKind::Arrow => m.arrow(o),
        MarkKind::Label => label(pos, text, o),
    }
}

fn err(offset: usize, message: String) -> MarkError {
    MarkError { offset, message }
}

/// A mark's text split at its colons, each part with its byte offset.
struct Mark<'a> {
    pos: &'a Position,
    parts: Vec<(&'a str, usize)>,
}

impl Mark<'_> {
    fn cell(&self, (name, offset): (&str, usize)) -> Result<Cell, MarkError> {
        self.pos.topology().parse_cell(name).ok_or_else(|| err(offset, not_a_cell(self.pos, name)))
    }

    fn colour(&self, (col, offset): (&str, usize)) -> Result<Rgb, MarkError> {
        crate::draw::colour::parse_colour(col).map_err(|m| err(offset, m.to_string()))
    }

    /// CELL, CELL:colour, CELL:TO or CELL:TO:colour: the last part is a colour when it starts
    /// with `#`, or is a colour name and not a cell.
    fn moves(&self, o: &mut Overlay) -> Result<(), MarkError> {
        let (pos, parts) = (self.pos, &self.parts);
        let is_colour = |p: &str| {
            p.starts_with('#')
                || (pos.topology().parse_cell(p).is_none() && crate::draw::colour::parse_colour(p).is_ok())
        };
        let (rest, col) = match parts.last() {
            Some(&last) if parts.len() > 1 && is_colour(last.0) => (&parts[..parts.len() - 1], Some(last)),
            _ => (&parts[..], None),
        };
        if rest.len() > 2 {
            return Err(err(0, "a moves mark is `CELL`, `CELL:TO`, `CELL:#colour` or `CELL:TO:#colour`".into()));
        }
        let c = self.cell(rest[0])?;
        if pos.piece_at(c).is_none() {
            return Err(err(0, format!("no piece on {} to show the moves of", rest[0].0)));
        }
        let colour = col.map(|c| self.colour(c)).transpose()?;
        let target = match rest.get(1) {
            None => None,
            Some(&(name, at)) => {
                let t = self.cell((name, at))?;
                if !crate::rules::routes::destinations(pos, c, false).iter().any(|d| d.cell == t) {
                    return Err(err(at, format!("the piece on {} has no move to {name}", rest[0].0)));
                }
                Some(t)
            }
        };
        o.moves.push(MoveMark { from: c, colour, only_to: target });
        Ok(())
    }

    /// CELL:DIR (the whole loop) or CELL:DIR:UNTIL (the ride up to a cell).
    fn ride(&self, o: &mut Overlay) -> Result<(), MarkError> {
        let parts = &self.parts;
        if !(2..=3).contains(&parts.len()) {
            return Err(err(0, "a loop is `CELL:DIR` or `CELL:DIR:UNTIL`, e.g. `d2:ne` or `d2:ne:b8`".into()));
        }
        let topo = self.pos.topology();
        let c = self.cell(parts[0])?;
        let (d, at) = parts[1];
        let dir = Dir::from_name(d)
            .ok_or_else(|| err(at, format!("`{d}` is not a direction (n, ne, e, se, s, sw, w, nw)")))?;
        if topo.pole_of(c).is_some() {
            return Err(err(0, "a loop starts on a square, not on a pole".into()));
        }
        let (u, at, name) = match parts.get(2) {
            None => (c, 0, parts[0].0),
            Some(&p) => (self.cell(p)?, p.1, p.0),
        };
        if crate::rules::routes::ride_to(topo, c, dir, u).is_none() {
            // A loop comes back to where it starts; on a board with edges a ride may not.
            let message = match parts.get(2) {
                None => format!(
                    "the ride from {name} heading {d} never comes back to {name}, so it draws no loop \
                     (`CELL:DIR:UNTIL` draws a ride up to a cell)"
                ),
                Some(_) => format!("the ride from {} heading {d} never reaches {name}", parts[0].0),
            };
            return Err(err(at, message));
        }
        match parts.get(2) {
            None => o.loops.push((c, dir)),
            Some(_) => o.paths.push((c, dir, u)),
        }
        Ok(())
    }

    /// A highlight, a circle or a cross: CELL or CELL:COLOUR.
    fn on_cell(&self, kind: MarkKind, o: &mut Overlay) -> Result<(), MarkError> {
        let (what, list) = match kind {
            MarkKind::Highlight => ("a highlight", &mut o.highlights),
            MarkKind::Circle => ("a circle", &mut o.circles),
            _ => ("a cross", &mut o.crosses),
        };
        if self.parts.len() > 2 {
            return Err(err(0, format!("{what} is `CELL` or `CELL:COLOUR`, e.g. `e4` or `e4:#c00`")));
        }
        let c = self.cell(self.parts[0])?;
        let colour = self.parts.get(1).map(|&p| self.colour(p)).transpose()?;
        list.push((c, colour));
        Ok(())
    }

    /// FROM:TO or FROM:TO:#colour.
    fn arrow(&self, o: &mut Overlay) -> Result<(), MarkError> {
        let parts = &self.parts;
        if !(2..=3).contains(&parts.len()) {
            return Err(err(0, "an arrow is `FROM:TO` or `FROM:TO:#colour`, e.g. `b1:c3`".into()));
        }
        let (a, b) = (self.cell(parts[0])?, self.cell(parts[1])?);
        if crate::rules::routes::arrow_route_in(self.pos, a, b).is_none() {
            return Err(err(0, format!("no ride or leap leads from {} to {}", parts[0].0, parts[1].0)));
        }
        let colour = parts.get(2).map(|&p| self.colour(p)).transpose()?;
        o.arrows.push(ArrowMark { from: a, to: b, colour });
        Ok(())
    }
}

/// CELL:TEXT (the text may hold colons).
fn label(pos: &Position, text: &str, o: &mut Overlay) -> Result<(), MarkError> {
    let Some((c, label)) = text.split_once(':') else {
        return Err(err(0, "a label is `CELL:TEXT`, e.g. `e4:x`".into()));
    };
    // As every text drawn in a figure (docs/inputs.md, "Limits").
    if label.chars().count() > crate::input::MAX_TEXT {
        return Err(err(c.len() + 1, format!("a label has at most {} characters", crate::input::MAX_TEXT)));
    }
    if let Err((at, message)) = check_text(label) {
        return Err(err(c.len() + 1 + at, format!("the label {message}")));
    }
    let cell = pos.topology().parse_cell(c).ok_or_else(|| err(0, not_a_cell(pos, c)))?;
    o.labels.push((cell, label.to_string()));
    Ok(())
}

/// The colours of the letters of the PGN comment marks, as lichess draws them: green, red,
/// yellow, blue.
pub const PGN_COLOURS: [(char, &str); 4] = [('G', "#15781b"), ('R', "#882020"), ('Y', "#e68f00"), ('B', "#003088")];

/// Reads a mark in the form PGN comments give it (python-chess, lichess): a colour letter of
/// `PGN_COLOURS` and two cells for an arrow (`%cal Gd5h5`), one for a circle (`%csl Ye4`).
/// Gives it back as the text [`add_mark`] reads: `d5:h5:#15781b`, `e4:#e68f00`.
pub fn pgn_shape(pos: &Position, kind: MarkKind, text: &str) -> Result<String, MarkError> {
    let err = |message: String| MarkError { offset: 0, message };
    let t = text.trim();
    let letters: String = PGN_COLOURS.iter().map(|(c, _)| *c).collect();
    let mut chars = t.chars();
    let colour = chars
        .next()
        .and_then(|c| PGN_COLOURS.iter().find(|(l, _)| *l == c))
        .map(|(_, hex)| *hex)
        .ok_or_else(|| err(format!("`{t}` does not start with a colour letter ({letters})")))?;
    let cells = chars.as_str();
    let topo = pos.topology();
    match kind {
        MarkKind::Arrow => (1..cells.len())
            .filter(|&i| cells.is_char_boundary(i))
            .find_map(|i| {
                let (a, b) = cells.split_at(i);
                (topo.parse_cell(a).is_some() && topo.parse_cell(b).is_some()).then(|| format!("{a}:{b}:{colour}"))
            })
            .ok_or_else(|| err(format!("`{t}` is not a colour letter and two cells, e.g. `Gd5h5`"))),
        MarkKind::Circle if topo.parse_cell(cells).is_some() => Ok(format!("{cells}:{colour}")),
        MarkKind::Circle => Err(err(format!("`{t}` is not a colour letter and a cell, e.g. `Ye4`"))),
        _ => Err(err("only arrows and circles are written in the PGN form".into())),
    }
}

/// The message for a name that is not a cell of the position's board.
pub fn not_a_cell(pos: &Position, name: &str) -> String {
    let topo = pos.topology();
    let poles = if topo.pole_cell(crate::rules::topology::Pole::North).is_some() { ", poles N and S" } else { "" };
    format!(
        "`{name}` is not a cell of the {} board ({} files × {} ranks{poles})",
        pos.variant().id,
        topo.width(),
        topo.height()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::VariantId;

    #[test]
    fn pgn_marks_read_as_the_other_forms() {
        let dot = Position::start(VariantId::Dot);
        assert_eq!(pgn_shape(&dot, MarkKind::Arrow, "Gd5h5").unwrap(), "d5:h5:#15781b");
        assert_eq!(pgn_shape(&dot, MarkKind::Arrow, "Rb1c3").unwrap(), "b1:c3:#882020");
        assert_eq!(pgn_shape(&dot, MarkKind::Circle, "Ye4").unwrap(), "e4:#e68f00");
        // Live poles are cells (Small Spherical Chess): an arrow may start or end on one.
        let small = Position::start(VariantId::Small);
        assert_eq!(pgn_shape(&small, MarkKind::Arrow, "Ba1S").unwrap(), "a1:S:#003088");
        assert_eq!(pgn_shape(&small, MarkKind::Circle, "RN").unwrap(), "N:#882020");
        assert!(pgn_shape(&dot, MarkKind::Circle, "RN").is_err(), "the Dot's poles are not cells");
        // Xiangqi has a tenth rank: a two-digit cell splits where both halves are cells.
        let xq = Position::start(VariantId::Xiangqi);
        assert_eq!(pgn_shape(&xq, MarkKind::Arrow, "Ga10a9").unwrap(), "a10:a9:#15781b");
        for bad in ["Xd5h5", "Gd5", "G", "", "Gd5h9"] {
            assert!(pgn_shape(&dot, MarkKind::Arrow, bad).is_err(), "{bad}");
        }
        assert!(pgn_shape(&dot, MarkKind::Circle, "Ye9").is_err());
    }
}
