//! Algebraic notation on the sphere: the names a chess writer gives moves (`Nf3`, `exd5`, `Rab6`,
//! `e8=Q+`, `O-O`), printed and read for every variant, beside the coordinate form of
//! [`crate::rules::notation`] (`g1f3`), which is read too.
//!
//! The decisions, where ordinary SAN has no answer on a sphere (also in `docs/notation.md`):
//!
//! * **Letters.** Chess: `K Q R B N`, no letter for a pawn. Xiangqi (both boards): every piece
//!   has its letter, the soldier too — `K` general, `A` guard, `E` elephant, `H` horse, `R`
//!   chariot, `C` cannon, `P` soldier — then the destination, as in `He3`, `Cxe7`, `Pe5`.
//! * **Cells.** Squares as in FEN (`e4`, `a10` on xiangqi's ten ranks); a live pole is `N` or `S`
//!   (`Qd6N`-style names never arise: a pole is one cell, so a move onto it is `QN`, `RxS`, and a
//!   pawn's promotion there `N=R`). A dead pole is not a cell and never appears.
//! * **Disambiguation** exactly when another piece of the same kind and colour can legally move to
//!   the same destination: the origin's file if no other such piece shares it, else its rank if no
//!   other shares that, else the whole origin. One piece reaching the destination by several
//!   routes (both ways round a latitude, over a pole or not) is one move and needs nothing. A
//!   piece on a live pole has neither file nor rank, so it is named by its pole (`RNb6`), and a
//!   piece elsewhere is told from it by its file alone. A pawn's capture names the origin file
//!   always, as in ordinary SAN (the whole origin if that is not enough).
//! * **Castling** `O-O`, `O-O-O`, `C-O-O`, `C-O-O-O` (SPEC §3); `0-0` with zeros is read too.
//! * **Promotion** `=Q`; read also without `=` (`e8Q`) and in lowercase.
//! * **Check** `+`, **mate** `#` (no legal move and in check); a stalemate has no sign. Both are
//!   optional when reading, and ignored.
//! * **Reading** is lenient where a writer would be: a missing `x`, more disambiguation than
//!   needed, a `P` before a chess pawn's move, the coordinate form (`e2e4`, `e7e8q`, `b6N`), and a
//!   castling written as the king's move in coordinates (`e1g1`) when only one castling moves the
//!   king so. An `x` where nothing is captured is an error. A name that fits several legal moves is
//!   an error naming them all.
//!
//! The printed name is the shortest this grammar allows for the move: no disambiguation beyond
//! what another legal move forces (property-tested in `cli/tests/it/san.rs`, and against shakmaty's SAN
//! for ordinary chess).

use crate::rules::moves::{Castling, Move, MoveKind};
use crate::rules::piece::{Color, Role};
use crate::rules::position::Position;
use crate::rules::topology::{Cell, Poles, Topology};
use crate::rules::variant::Family;
use std::fmt;

/// How much of a move's origin its name gives.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Hint {
    /// Nothing.
    None,
    /// The origin's file (`Nbd2`).
    File,
    /// The origin's rank (`R1a3`).
    Rank,
    /// The whole origin (`Qh4e1`, `RNb6`).
    Cell,
}

/// Check or mate after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Suffix {
    /// Neither.
    None,
    /// `+`.
    Check,
    /// `#`.
    Mate,
}

impl Suffix {
    fn text(self) -> &'static str {
        match self {
            Suffix::None => "",
            Suffix::Check => "+",
            Suffix::Mate => "#",
        }
    }
}

/// A move's algebraic name, in parts. Printing it ([`fmt::Display`]) gives the name; its parts can
/// be changed (a weaker [`Hint`]) to ask whether a shorter name would do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum San {
    /// A castling.
    Castle(Castling, Suffix),
    /// Any other move.
    Move {
        /// The piece letter, uppercase (`None`: a chess pawn).
        letter: Option<char>,
        /// The origin's name and how much of it is written.
        from: String,
        /// How much of `from` is written.
        hint: Hint,
        /// Whether the move captures.
        capture: bool,
        /// The destination's name.
        to: String,
        /// The promotion letter, uppercase.
        promotion: Option<char>,
        /// Check or mate.
        suffix: Suffix,
    },
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            San::Castle(c, s) => write!(f, "{}{}", c.notation(), s.text()),
            San::Move { letter, from, hint, capture, to, promotion, suffix } => {
                if let Some(l) = letter {
                    write!(f, "{l}")?;
                }
                let digits = from.find(|c: char| c.is_ascii_digit()).unwrap_or(from.len());
                let origin = match hint {
                    Hint::None => "",
                    Hint::File => &from[..digits],
                    Hint::Rank => &from[digits..],
                    Hint::Cell => from.as_str(),
                };
                f.write_str(origin)?;
                if *capture {
                    f.write_str("x")?;
                }
                f.write_str(to)?;
                if let Some(p) = promotion {
                    write!(f, "={p}")?;
                }
                f.write_str(suffix.text())
            }
        }
    }
}

/// The letter a role is written with in a variant's algebraic names: uppercase, `None` for a chess
/// pawn.
pub fn role_letter(family: Family, role: Role) -> Option<char> {
    match (family, role) {
        (Family::Chess, Role::Pawn) => None,
        _ => Some(role.letter().to_ascii_uppercase()),
    }
}

fn file_of(topo: &Topology, c: Cell) -> Option<u8> {
    topo.coords(c).map(|(f, _)| f)
}

fn rank_of(topo: &Topology, c: Cell) -> Option<u8> {
    topo.coords(c).map(|(_, r)| r)
}

/// Whether a move of this position captures (en passant included).
pub fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind == MoveKind::EnPassant
        || (!matches!(m.kind, MoveKind::Castle(_)) && pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn()))
}

/// Check or mate after a move (played on a copy).
pub fn suffix_after(pos: &Position, m: Move) -> Suffix {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.in_check() {
        Suffix::None
    } else if after.moves().is_empty() {
        Suffix::Mate
    } else {
        Suffix::Check
    }
}

impl Position {
    /// The algebraic name of a legal move, in parts (see the module's decisions).
    pub fn san_parts(&self, m: Move) -> San {
        self.san_parts_among(m, &self.moves())
    }

    /// [`Position::san_parts`] with the position's legal moves given.
    pub fn san_parts_among(&self, m: Move, legal: &[Move]) -> San {
        let suffix = suffix_after(self, m);
        if let MoveKind::Castle(c) = m.kind {
            return San::Castle(c, suffix);
        }
        let topo = self.topology();
        let family = self.variant().family;
        let role = self.piece_at(m.from).map_or(Role::Pawn, |p| p.role);
        let capture = is_capture(self, m);
        let others: Vec<Cell> = legal
            .iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && !matches!(o.kind, MoveKind::Castle(_))
                    && self.piece_at(o.from).is_some_and(|p| p.role == role)
            })
            .map(|o| o.from)
            .collect();
        let file_tells = || file_of(topo, m.from).is_some_and(|f| others.iter().all(|&o| file_of(topo, o) != Some(f)));
        let rank_tells = || rank_of(topo, m.from).is_some_and(|r| others.iter().all(|&o| rank_of(topo, o) != Some(r)));
        let pawn_capture = family == Family::Chess && role == Role::Pawn && capture;
        let hint = if pawn_capture {
            if file_tells() { Hint::File } else { Hint::Cell }
        } else if others.is_empty() {
            Hint::None
        } else if file_tells() {
            Hint::File
        } else if rank_tells() {
            Hint::Rank
        } else {
            Hint::Cell
        };
        San::Move {
            letter: role_letter(family, role),
            from: topo.name(m.from),
            hint,
            capture,
            to: topo.name(m.to),
            promotion: m.promotion.map(|r| r.letter().to_ascii_uppercase()),
            suffix,
        }
    }

    /// The algebraic name of a legal move: `Nf3`, `exd5`, `Rab6`, `e8=Q+`, `O-O`, `Hxe7#`.
    pub fn san(&self, m: Move) -> String {
        self.san_parts(m).to_string()
    }

    /// Reads a move in either form, algebraic (`Nf3`, `exd5`, `e8=Q`, `O-O`) or coordinate
    /// (`g1f3`, `e7e8q`, `b6N`), against this position's legal moves.
    pub fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let legal = self.moves();
        read_among(self, &legal, text)
    }
}

/// Why a written move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// The text is not a move name of this variant.
    NotAMove(String),
    /// No legal move has that name; why.
    Illegal(String),
    /// Several legal moves fit it: their names.
    Ambiguous(Vec<String>),
}

/// A written move that cannot be played, with the nearest legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text as written.
    pub text: String,
    /// What is wrong.
    pub kind: MoveErrorKind,
    /// The legal moves nearest to what was written (algebraic names), best first.
    pub nearest: Vec<String>,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            MoveErrorKind::NotAMove(why) => write!(f, "`{}` is not a move: {why}", self.text)?,
            MoveErrorKind::Illegal(why) => write!(f, "`{}` is not a legal move: {why}", self.text)?,
            MoveErrorKind::Ambiguous(names) => {
                write!(f, "`{}` is ambiguous: it fits {}", self.text, names.join(" and "))?
            }
        }
        if !self.nearest.is_empty() && !matches!(self.kind, MoveErrorKind::Ambiguous(_)) {
            write!(f, " (nearest legal moves: {})", self.nearest.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

/// A reading of an algebraic name: which moves it could mean.
#[derive(Clone, Copy, Debug)]
struct Reading {
    role: Role,
    origin: Origin,
    capture: bool,
    to: Cell,
    promotion: Option<Role>,
}

/// The origin as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Origin {
    Any,
    File(u8),
    Rank(u8),
    Cell(Cell),
}

impl Origin {
    fn admits(self, topo: &Topology, c: Cell) -> bool {
        match self {
            Origin::Any => true,
            Origin::File(f) => file_of(topo, c) == Some(f),
            Origin::Rank(r) => rank_of(topo, c) == Some(r),
            Origin::Cell(o) => o == c,
        }
    }
}

/// Longest move text read.
const MAX_MOVE_TEXT: usize = 24;

/// Reads a move among a position's legal moves (see [`Position::read_move`]).
pub fn read_among(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveError> {
    let fail = |kind| MoveError { text: text.to_string(), kind, nearest: Vec::new() };
    if text.is_empty() || text.len() > MAX_MOVE_TEXT || !text.is_ascii() {
        return Err(fail(MoveErrorKind::NotAMove("a move is a short name such as Nf3, exd5, O-O or g1f3".into())));
    }
    let body = text.trim_end_matches(['+', '#']);
    // Castling, with letters or zeros.
    let castle = body.replace('0', "O");
    if let Some(&c) = Castling::ALL.iter().find(|c| c.notation() == castle) {
        return match legal.iter().find(|m| m.kind == MoveKind::Castle(c)) {
            Some(&m) => Ok(m),
            None => {
                // The nearest moves to a castling are the king's.
                let king = pos.king(pos.turn()).map(|k| Reading {
                    role: Role::King,
                    origin: Origin::Cell(k),
                    capture: false,
                    to: k,
                    promotion: None,
                });
                Err(with_nearest(pos, legal, fail(MoveErrorKind::Illegal(castle_why(pos, c))), king.as_ref()))
            }
        };
    }
    // The long coordinate form, `e2-e4`, `N-c8`: never an algebraic name.
    let topo = pos.topology();
    if let Some((a, b)) = body.split_once('-') {
        let joined = format!("{a}{b}");
        return match legal.iter().find(|&&m| crate::rules::notation::move_name(topo, m) == joined) {
            Some(&m) => Ok(m),
            None => match king_castling(pos, legal, &joined) {
                Some(r) => r.map_err(|names| fail(MoveErrorKind::Ambiguous(names))),
                None => Err(with_nearest(pos, legal, fail(MoveErrorKind::Illegal(coordinate_why(pos, a, b))), None)),
            },
        };
    }
    let readings = readings(pos, body);
    let mut found: Vec<Move> = Vec::new();
    for r in &readings {
        for &m in legal {
            if fits(pos, r, m) && !found.contains(&m) {
                found.push(m);
            }
        }
    }
    if found.is_empty() {
        // The coordinate form, where no algebraic reading fits: `g1f3`, `e7e8q`, `b6N`, and `Nc8`
        // (from the N pole) only when no knight can go to c8.
        if let Some(&m) = legal.iter().find(|&&m| crate::rules::notation::move_name(topo, m) == body) {
            return Ok(m);
        }
        if let Some(r) = king_castling(pos, legal, body) {
            return r.map_err(|names| fail(MoveErrorKind::Ambiguous(names)));
        }
    }
    if readings.is_empty() {
        let why = format!(
            "expected a piece letter ({}), an origin, `x` for a capture, a destination cell{}",
            letters(pos).join(" "),
            if pos.variant().promotion_roles.is_empty() { "" } else { ", `=Q` for a promotion" }
        );
        return Err(with_nearest(pos, legal, fail(MoveErrorKind::NotAMove(why)), None));
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => {
            let why = illegal_why(pos, legal, &readings);
            Err(with_nearest(pos, legal, fail(MoveErrorKind::Illegal(why)), Some(&chosen(pos, &readings))))
        }
        _ => {
            let mut names: Vec<String> = found.iter().map(|&m| pos.san_parts_among(m, legal).to_string()).collect();
            names.sort();
            Err(fail(MoveErrorKind::Ambiguous(names)))
        }
    }
}

/// A castling written as the king's move in coordinates (`e1g1`, as UCI writes it): the one
/// castling that moves the king so, or the names of all that do.
fn king_castling(pos: &Position, legal: &[Move], body: &str) -> Option<Result<Move, Vec<String>>> {
    let topo = pos.topology();
    let castles: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            matches!(m.kind, MoveKind::Castle(_)) && format!("{}{}", topo.name(m.from), topo.name(m.to)) == body
        })
        .collect();
    match castles.len() {
        0 => None,
        1 => Some(Ok(castles[0])),
        _ => Some(Err(castles.iter().map(|&m| pos.san_parts_among(m, legal).to_string()).collect())),
    }
}

/// Why a long coordinate move (`e2-e4`) is not legal.
fn coordinate_why(pos: &Position, a: &str, b: &str) -> String {
    let topo = pos.topology();
    let to = b.trim_end_matches(|c: char| c.is_ascii_lowercase() && !b.starts_with(c));
    match (topo.parse_cell(a), topo.parse_cell(to)) {
        (None, _) => format!("`{a}` is not a cell of this board"),
        (_, None) => format!("`{b}` is not a cell of this board"),
        (Some(from), Some(_)) => match pos.piece_at(from) {
            None => format!("{a} is empty"),
            Some(p) if p.color != pos.turn() => format!("the piece on {a} is not {}'s", side(pos, pos.turn())),
            Some(p) => format!("the {} on {a} cannot move to {to}", pos.variant().role_name(p.role)),
        },
    }
}

fn letters(pos: &Position) -> Vec<String> {
    let family = pos.variant().family;
    pos.variant().roles.iter().filter_map(|&r| role_letter(family, r)).map(String::from).collect()
}

/// Every way of reading a name's parts (the text without `+` and `#`).
fn readings(pos: &Position, body: &str) -> Vec<Reading> {
    let v = pos.variant();
    let mut out = Vec::new();
    // The promotion: `=Q`, or a bare letter at the end (`e8Q`), or none.
    let mut splits: Vec<(&str, Option<Role>)> = vec![(body, None)];
    if let Some((rest, p)) = body.rsplit_once('=') {
        splits = match promotion_role(pos, p) {
            Some(r) => vec![(rest, Some(r))],
            None => return Vec::new(),
        };
    } else if body.len() >= 3
        && let Some(r) = promotion_role(pos, &body[body.len() - 1..])
    {
        splits.push((&body[..body.len() - 1], Some(r)));
    }
    for (rest, promotion) in splits {
        for (prefix, to) in destinations(pos.topology(), rest) {
            let (prefix, capture) = match prefix.strip_suffix(['x', ':']) {
                Some(p) => (p, true),
                None => (prefix, false),
            };
            // A leading piece letter, or none (a pawn or soldier).
            let mut heads: Vec<(Role, &str)> = Vec::new();
            if let Some(c) = prefix.chars().next().filter(char::is_ascii_uppercase)
                && let Some(role) = Role::from_letter(c).filter(|r| v.roles.contains(r))
            {
                heads.push((role, &prefix[1..]));
            }
            heads.push((Role::Pawn, prefix));
            for (role, hint) in heads {
                if let Some(origin) = origin(pos.topology(), hint) {
                    out.push(Reading { role, origin, capture, to, promotion });
                }
            }
        }
    }
    out
}

fn promotion_role(pos: &Position, p: &str) -> Option<Role> {
    let mut cs = p.chars();
    let (Some(c), None) = (cs.next(), cs.next()) else { return None };
    Role::from_letter(c).filter(|r| pos.variant().promotion_roles.contains(r))
}

/// The ways a text ends in a destination: (what comes before it, the cell).
fn destinations<'a>(topo: &Topology, s: &'a str) -> Vec<(&'a str, Cell)> {
    let mut out = Vec::new();
    if topo.poles() == Poles::Live
        && let Some(last) = s.chars().last()
        && (last == 'N' || last == 'S')
        && let Some(c) = topo.parse_cell(&s[s.len() - 1..])
    {
        out.push((&s[..s.len() - 1], c));
    }
    let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && s.len() > digits {
        let at = s.len() - digits - 1;
        if s.as_bytes()[at].is_ascii_lowercase()
            && let Some(c) = topo.parse_cell(&s[at..])
        {
            out.push((&s[..at], c));
        }
    }
    out
}

/// The origin hint: nothing, a file, a rank, or a whole cell.
fn origin(topo: &Topology, s: &str) -> Option<Origin> {
    if s.is_empty() {
        return Some(Origin::Any);
    }
    if s.len() == 1 && s.as_bytes()[0].is_ascii_lowercase() {
        let f = s.as_bytes()[0] - b'a';
        return (f < topo.width()).then_some(Origin::File(f));
    }
    if s.bytes().all(|b| b.is_ascii_digit()) {
        let r: u8 = s.parse().ok()?;
        return (r >= 1 && r <= topo.height() && !s.starts_with('0')).then_some(Origin::Rank(r - 1));
    }
    if s == "N" || s == "S" || s.as_bytes()[0].is_ascii_lowercase() {
        return topo.parse_cell(s).map(Origin::Cell);
    }
    None
}

fn fits(pos: &Position, r: &Reading, m: Move) -> bool {
    !matches!(m.kind, MoveKind::Castle(_))
        && m.to == r.to
        && m.promotion == r.promotion
        && pos.piece_at(m.from).is_some_and(|p| p.role == r.role)
        && r.origin.admits(pos.topology(), m.from)
        && (!r.capture || is_capture(pos, m))
        && !(pawn_capture(pos, m) && matches!(r.origin, Origin::Any | Origin::Rank(_)))
}

/// Whether a move is a chess pawn's capture (whose name gives the origin's file at least).
fn pawn_capture(pos: &Position, m: Move) -> bool {
    pos.variant().family == Family::Chess
        && pos.piece_at(m.from).is_some_and(|p| p.role == Role::Pawn)
        && is_capture(pos, m)
}

fn side(pos: &Position, color: Color) -> &'static str {
    pos.variant().color_name(color)
}

/// Why a castling is not legal.
fn castle_why(pos: &Position, c: Castling) -> String {
    let us = side(pos, pos.turn());
    if pos.variant().castling == crate::rules::variant::CastlingRule::None {
        return format!("{} has no castling", pos.variant().title);
    }
    let ways = pos.tables().castlings(pos.turn());
    match ways.iter().find(|w| w.kind == c) {
        None => format!("{} has no {}", pos.variant().title, c.notation()),
        Some(w) if pos.castling_rights() & w.right == 0 => format!("{us} has lost the right to {}", c.notation()),
        Some(_) if pos.in_check() => format!("{us} is in check"),
        Some(_) => "the squares between king and rook are not all empty and safe".to_string(),
    }
}

/// The reading an illegal move is explained by: the first that names a piece the side has. A
/// reading without a letter from a cell (the coordinate form, `g1g3`) is about the piece of the
/// side to move standing there, not a pawn: its role is that piece's. `readings` is not empty.
fn chosen(pos: &Position, readings: &[Reading]) -> Reading {
    let mut r = *readings
        .iter()
        .find(|r| pos.pieces().any(|(_, p)| p.color == pos.turn() && p.role == r.role))
        .unwrap_or(&readings[0]);
    if let (Role::Pawn, Origin::Cell(c)) = (r.role, r.origin)
        && let Some(p) = pos.piece_at(c).filter(|p| p.color == pos.turn())
    {
        r.role = p.role;
    }
    r
}

/// Why no legal move fits any reading (the [`chosen`] one).
fn illegal_why(pos: &Position, legal: &[Move], readings: &[Reading]) -> String {
    let topo = pos.topology();
    let v = pos.variant();
    let us = side(pos, pos.turn());
    if legal.is_empty() {
        return if pos.in_check() { format!("{us} is checkmated") } else { format!("{us} has no legal move") };
    }
    let r = &chosen(pos, readings);
    let name = v.role_name(r.role);
    let to = topo.name(r.to);
    // From a named cell: about what stands there.
    if let Origin::Cell(from) = r.origin {
        let at = topo.name(from);
        match pos.piece_at(from) {
            None => return format!("{at} is empty"),
            Some(p) if p.color != pos.turn() => return format!("the piece on {at} is not {us}'s"),
            Some(p) if p.role != r.role => return format!("the piece on {at} is a {}", v.role_name(p.role)),
            Some(_) => {}
        }
    }
    let own: Vec<Cell> =
        pos.pieces().filter(|(_, p)| p.color == pos.turn() && p.role == r.role).map(|(c, _)| c).collect();
    if own.is_empty() {
        return format!("{us} has no {name}");
    }
    let reach: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| m.to == r.to && own.contains(&m.from) && !matches!(m.kind, MoveKind::Castle(_)))
        .collect();
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let origin_ok = |m: &Move| r.origin.admits(topo, m.from);
    if reach.iter().any(origin_ok) {
        let m = reach.iter().copied().find(origin_ok).expect("found above");
        return if r.capture && !is_capture(pos, m) {
            format!("there is nothing to capture on {to}")
        } else if m.promotion.is_some() && r.promotion.is_none() {
            format!("a {name} reaching {to} promotes: write to what, as {}", pos.san(m))
        } else if m.promotion.is_none() && r.promotion.is_some() {
            format!("a {name} does not promote on {to}")
        } else if pawn_capture(pos, m) {
            format!("a pawn's capture is written with its file, as {}", pos.san(m))
        } else {
            format!("no {us} {name} can make that move")
        };
    }
    if !reach.is_empty() {
        return format!("no {us} {name} from {} can move to {to}", origin_text(topo, r.origin));
    }
    let pinned = pseudo.iter().find(|m| m.to == r.to && own.contains(&m.from) && origin_ok(m));
    match pinned {
        Some(_) if pos.in_check() => format!("{us} is in check, and a {name} on {to} would not end it"),
        Some(_) => format!("a {name} moving to {to} would leave the {us} {} in check", v.role_name(Role::King)),
        None => match r.origin {
            Origin::Cell(from) => format!("the {name} on {} cannot move to {to}", topo.name(from)),
            _ => format!("no {us} {name} can move to {to}"),
        },
    }
}

fn origin_text(topo: &Topology, o: Origin) -> String {
    match o {
        Origin::Any => "anywhere".into(),
        Origin::File(f) => format!("the {}-file", (b'a' + f) as char),
        Origin::Rank(r) => format!("rank {}", r + 1),
        Origin::Cell(c) => topo.name(c),
    }
}

/// Most nearest moves an error names.
const NEAREST: usize = 5;

/// Adds the legal moves nearest to the reading (same destination first, then the same piece, then
/// a destination on the same file or rank, the same origin, the same capture), best first, ties in
/// name order.
fn with_nearest(pos: &Position, legal: &[Move], mut e: MoveError, reading: Option<&Reading>) -> MoveError {
    let topo = pos.topology();
    let mut scored: Vec<(i32, String)> = legal
        .iter()
        .map(|&m| {
            let mut score = 0;
            if let Some(r) = reading {
                score += 4 * i32::from(m.to == r.to);
                score += i32::from(m.to != r.to && file_of(topo, m.to) == file_of(topo, r.to));
                score += i32::from(m.to != r.to && rank_of(topo, m.to) == rank_of(topo, r.to));
                score += 2 * i32::from(pos.piece_at(m.from).is_some_and(|p| p.role == r.role));
                score += i32::from(r.origin != Origin::Any && r.origin.admits(topo, m.from));
                score += i32::from(r.capture == is_capture(pos, m));
            }
            (-score, pos.san_parts_among(m, legal).to_string())
        })
        .collect();
    scored.sort();
    e.nearest = scored.into_iter().take(NEAREST).map(|s| s.1).collect();
    e
}
