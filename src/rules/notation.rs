//! FEN (with the live-pole fields of docs/rules.md §4) and move notation.
//!
//! A board with live poles writes them as an extra first and last field of the placement:
//! `N / rank H / … / rank 1 / S`, each pole field `1` (empty) or one piece letter.

use crate::rules::moves::{Move, MoveKind, rook_right};
use crate::rules::piece::{Color, Piece};
use crate::rules::position::Position;
use crate::rules::setup::{Setup, SetupErrorKind};
use crate::rules::topology::{Pole, Poles, Topology};
use crate::rules::variant::VariantId;
use std::fmt;

/// The FEN fields, for error messages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En passant square.
    EnPassant,
    /// Halfmove clock.
    Halfmove,
    /// Fullmove number.
    Fullmove,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en passant square",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
        })
    }
}

/// A FEN that cannot be read: which field, at which character column (1-based), and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN: {field}, column {column}: {message}")]
pub struct FenError {
    /// The field the problem is in.
    pub field: FenField,
    /// The 1-based character column in the whole FEN string.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Longest FEN accepted, in bytes.
pub const MAX_FEN_LEN: usize = 1024;

/// A FEN's fields, each with the character column it starts at, the fields left out given their
/// defaults up to the en passant square ([`Position::from_fen`]).
fn fen_fields(fen: &str) -> Result<Vec<(usize, &str)>, FenError> {
    let err = |field, column, message: String| FenError { field, column, message };
    // Split into fields, remembering each field's character column.
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut col = 0usize;
    let mut start: Option<(usize, usize)> = None;
    for (i, ch) in fen.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((c0, b0)) = start.take() {
                fields.push((c0, &fen[b0..i]));
            }
        } else if start.is_none() {
            start = Some((col, i));
        }
    }
    if let Some((c0, b0)) = start {
        fields.push((c0, &fen[b0..]));
    }
    let end_col = col + 1;
    if fields.is_empty() {
        return Err(err(FenField::Board, 1, "missing field: piece placement".into()));
    }
    // 1 to 6 fields: those left out take their defaults (White to move, no castling, no en
    // passant; the clocks are 0 and 1 below), the same whatever number is given.
    let defaults = ["w", "-", "-"];
    while fields.len() < 4 {
        fields.push((end_col, defaults[fields.len() - 1]));
    }
    if fields.len() > 6 {
        return Err(err(FenField::Fullmove, fields[6].0, "unexpected text after the fullmove number".into()));
    }
    Ok(fields)
}

/// Reads the castling field `rights` (at column `cc`) into `setup`; the column of each right
/// given, by its bit's place (`cc` for those not given).
fn parse_castling(setup: &mut Setup, cc: usize, rights: &str) -> Result<[usize; 4], FenError> {
    let err = |field, column, message: String| FenError { field, column, message };
    let mut right_columns = [cc; 4];
    if rights != "-" {
        for (i, ch) in rights.chars().enumerate() {
            let (color, h_rook) = match ch {
                'K' => (Color::White, true),
                'Q' => (Color::White, false),
                'k' => (Color::Black, true),
                'q' => (Color::Black, false),
                _ => {
                    return Err(err(FenField::Castling, cc + i, format!("expected K, Q, k, q or -, found `{ch}`")));
                }
            };
            let bit = rook_right(color, h_rook);
            if setup.castling & bit != 0 {
                return Err(err(FenField::Castling, cc + i, format!("`{ch}` given twice")));
            }
            setup.castling |= bit;
            right_columns[bit.trailing_zeros() as usize] = cc + i;
        }
    }
    Ok(right_columns)
}

impl Position {
    /// Reads a position of `variant` from FEN of 1 to 6 fields: the fields left out take their
    /// defaults (White to move, no castling, no en passant, clocks 0 and 1), since diagrams are
    /// often given by their placement alone, or with the side to move.
    pub fn from_fen(variant: VariantId, fen: &str) -> Result<Position, FenError> {
        let err = |field, column, message: String| FenError { field, column, message };
        if fen.len() > MAX_FEN_LEN {
            return Err(err(FenField::Board, MAX_FEN_LEN + 1, format!("longer than {MAX_FEN_LEN} bytes")));
        }
        let fields = fen_fields(fen)?;

        let topo = variant.variant().topology;
        let mut setup = Setup::default();
        let columns = parse_board(variant, &mut setup, &topo, fields[0].0, fields[0].1)?;

        let (tc, turn) = fields[1];
        setup.turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(err(FenField::Turn, tc, format!("expected `w` or `b`, found `{turn}`"))),
        };

        let (cc, rights) = fields[2];
        let right_columns = parse_castling(&mut setup, cc, rights)?;

        let (ec, ep) = fields[3];
        if ep != "-" && !variant.variant().pawn_double_step {
            return Err(err(FenField::EnPassant, ec, format!("{variant} has no en passant (expected `-`)")));
        }
        if ep != "-" {
            let cell = topo
                .parse_cell(ep)
                .ok_or_else(|| err(FenField::EnPassant, ec, format!("`{ep}` is not a square of this board")))?;
            setup.ep = Some(cell);
        }

        let number = |i: usize, field: FenField| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(if field == FenField::Fullmove { 1 } else { 0 }),
                Some(&(c, s)) => s
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n < 100_000)
                    .ok_or_else(|| err(field, c, format!("expected a number below 100000, found `{s}`"))),
            }
        };
        setup.halfmove = number(4, FenField::Halfmove)?;
        setup.fullmove = number(5, FenField::Fullmove)?.max(1);
        Position::from_setup(variant, &setup).map_err(|e| {
            let (field, column) = match e.kind {
                SetupErrorKind::Castling => {
                    (FenField::Castling, right_columns[e.right.unwrap_or(1).trailing_zeros() as usize % 4])
                }
                SetupErrorKind::EnPassant => (FenField::EnPassant, ec),
                _ => (FenField::Board, e.piece.and_then(|i| columns.get(i).copied()).unwrap_or(fields[0].0)),
            };
            err(field, column, e.message)
        })
    }

    /// The position as FEN (the inverse of [`Position::from_fen`]).
    pub fn fen(&self) -> String {
        let topo = self.topology();
        let mut s = String::new();
        let pole_field = |s: &mut String, pole: Pole| {
            let cell = topo.pole_cell(pole).expect("live pole");
            s.push(self.piece_at(cell).map_or('1', |p| p.letter()));
        };
        if topo.poles() == Poles::Live {
            pole_field(&mut s, Pole::North);
            s.push('/');
        }
        for rank in (0..topo.height()).rev() {
            let mut empty = 0;
            for file in 0..topo.width() {
                match self.piece_at(topo.square(file, rank).expect("square")) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if topo.poles() == Poles::Live {
            s.push('/');
            pole_field(&mut s, Pole::South);
        }
        s.push(' ');
        s.push(if self.turn == Color::White { 'w' } else { 'b' });
        s.push(' ');
        if self.castling == 0 {
            s.push('-');
        }
        for (bit, ch) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.castling & bit != 0 {
                s.push(ch);
            }
        }
        s.push(' ');
        s.push_str(&self.ep.map_or("-".to_string(), |c| topo.name(c)));
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// The move notation of docs/rules.md §4: `d7h8`, `e7e8q`, `b6N`, `f6Nr`, `O-O`, `C-O-O-O`, …
    pub fn move_name(&self, m: Move) -> String {
        move_name(self.topology(), m)
    }

    /// Finds the legal move written `text` in this position.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        self.moves().into_iter().find(|&m| self.move_name(m) == text)
    }
}

/// The move notation of docs/rules.md §4.
pub fn move_name(topo: &Topology, m: Move) -> String {
    if let MoveKind::Castle(kind) = m.kind {
        return kind.notation().to_string();
    }
    let mut s = topo.name(m.from);
    s.push_str(&topo.name(m.to));
    if let Some(r) = m.promotion {
        s.push(r.letter());
    }
    s
}

/// Reads the placement into `setup.pieces`; returns each piece's column, for the checks of
/// [`Position::from_setup`] to point at.
fn parse_board(
    variant: VariantId,
    setup: &mut Setup,
    topo: &Topology,
    col0: usize,
    text: &str,
) -> Result<Vec<usize>, FenError> {
    let err = |column, message: String| FenError { field: FenField::Board, column, message };
    let live = topo.poles() == Poles::Live;
    let h = topo.height() as usize;
    let expected = h + if live { 2 } else { 0 };
    let rows: Vec<&str> = text.split('/').collect();
    if !live && rows.len() == h + 2 && topo.poles() == Poles::Dead {
        let (first, last) = (rows[0], rows[h + 1]);
        let (field, col) =
            if first != "1" { (first, col0) } else { (last, col0 + text.chars().count() - last.chars().count()) };
        if first != "1" || last != "1" {
            return Err(err(
                col,
                format!(
                    "`{field}` stands on a pole, but this variant's poles are dead: pieces pass them and never stop there"
                ),
            ));
        }
        return Err(err(col0, format!("this variant's poles are dead: give the {h} ranks only, without pole fields")));
    }
    if rows.len() != expected {
        let what = if live { format!("N, {h} ranks and S") } else { format!("{h} ranks") };
        return Err(err(col0, format!("expected {expected} fields separated by `/` ({what}), found {}", rows.len())));
    }
    let mut columns = Vec::new();
    let mut col = col0;
    for (i, row) in rows.iter().enumerate() {
        let row_col = col;
        let pole = match (live, i) {
            (true, 0) => Some(Pole::North),
            (true, i) if i == expected - 1 => Some(Pole::South),
            _ => None,
        };
        if let Some(pole) = pole {
            parse_pole_field(variant, setup, topo, pole, (row, row_col), &mut columns)?;
        } else {
            let rank = (h - 1 - (i - live as usize)) as u8;
            parse_rank(variant, setup, topo, rank, (row, row_col), &mut columns)?;
        }
        col += row.chars().count() + 1;
    }
    Ok(columns)
}

/// Reads a live pole's field of a FEN's placement (`row` at column `row_col`): `1`, or one piece
/// letter, whose column is pushed onto `columns`.
fn parse_pole_field(
    variant: VariantId,
    setup: &mut Setup,
    topo: &Topology,
    pole: Pole,
    (row, row_col): (&str, usize),
    columns: &mut Vec<usize>,
) -> Result<(), FenError> {
    let err = |column, message: String| FenError { field: FenField::Board, column, message };
    let cell = topo.pole_cell(pole).expect("live pole");
    match row.chars().collect::<Vec<_>>()[..] {
        ['1'] => {}
        [ch] => {
            setup.pieces.push((cell, piece_of_letter(variant, ch, row_col)?));
            columns.push(row_col);
        }
        _ => {
            return Err(err(
                row_col,
                format!("the {} pole field must be `1` or one piece letter, found `{row}`", pole.letter()),
            ));
        }
    }
    Ok(())
}

/// Reads a rank of a FEN's placement (`row` at column `row_col`): piece letters and counts of
/// empty squares, exactly the board's width; each piece's column pushed onto `columns`.
fn parse_rank(
    variant: VariantId,
    setup: &mut Setup,
    topo: &Topology,
    rank: u8,
    (row, row_col): (&str, usize),
    columns: &mut Vec<usize>,
) -> Result<(), FenError> {
    let err = |column, message: String| FenError { field: FenField::Board, column, message };
    let w = topo.width();
    let mut file: u32 = 0;
    let mut digits = String::new();
    let mut digits_col = 0;
    let chars: Vec<char> = row.chars().collect();
    for (j, &ch) in chars.iter().enumerate() {
        let c = row_col + j;
        if ch.is_ascii_digit() {
            if digits.is_empty() {
                digits_col = c;
            }
            digits.push(ch);
            if chars.get(j + 1).is_some_and(|n| n.is_ascii_digit()) {
                continue;
            }
            let n: u32 = digits.parse().unwrap_or(u32::MAX);
            if n == 0 || digits.starts_with('0') {
                return Err(err(digits_col, format!("`{digits}` is not a count of empty squares")));
            }
            file = file.saturating_add(n);
            digits.clear();
            if file > w as u32 {
                return Err(err(digits_col, format!("rank {} has more than {w} squares", rank + 1)));
            }
            continue;
        }
        let piece = piece_of_letter(variant, ch, c)?;
        if file >= w as u32 {
            return Err(err(c, format!("rank {} has more than {w} squares", rank + 1)));
        }
        let cell = topo.square(file as u8, rank).expect("square on the board");
        setup.pieces.push((cell, piece));
        columns.push(c);
        file += 1;
    }
    if file != w as u32 {
        return Err(err(row_col + chars.len(), format!("rank {} has {file} squares, expected {w}", rank + 1)));
    }
    Ok(())
}

/// The piece of a FEN letter, if the variant has that role.
fn piece_of_letter(variant: VariantId, ch: char, column: usize) -> Result<Piece, FenError> {
    let v = variant.variant();
    match Piece::from_letter(ch) {
        Some(piece) if v.roles.contains(&piece.role) => Ok(piece),
        _ => {
            let letters: Vec<String> = v.roles.iter().map(|r| r.letter().to_ascii_uppercase().to_string()).collect();
            Err(FenError {
                field: FenField::Board,
                column,
                message: format!("`{ch}` is not a piece letter of {variant} ({})", letters.join(" ")),
            })
        }
    }
}
