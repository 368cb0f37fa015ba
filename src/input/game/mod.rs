//! Game files: PGN-shaped text read into checked games, every move legal, or a located error.
//!
//! What is read (the choices are also in `docs/games.md`):
//!
//! * **Tag pairs** `[Name "value"]`, any names, each at most once. Those the program uses:
//!   `Variant` (a variant id or alias, `Standard` for ordinary chess; without it the command's
//!   `--variant`, default `dot`), `FEN` (the start, in the variant's FEN), `White`, `Black`,
//!   `Event`, `Site`, `Date` (`YYYY.MM.DD`, `?` for unknown digits), `Result`, `TimeControl`
//!   (`base+increment` in seconds, for turning `[%clk]` times into move times).
//! * **Movetext**: moves in algebraic or coordinate form ([`crate::rules::san`]), move numbers (`12.`,
//!   `12...`, not checked against the position: they are for the reader), comments `{…}` and
//!   `; …`, NAGs `$1` and glyphs `!`, `?`, `!!`, `??`, `!?`, `?!` after a move, variations
//!   `( … )` (nested; every move in them checked, kept, not replayed), and the result `1-0`,
//!   `0-1`, `1/2-1/2` or `*` (may be left out at the end of a game).
//! * **Comment commands** ([`notes`]): `[%cal Gd5h5,Re2e4]`, `[%csl Ye4]`, `[%clk 0:03:00]`,
//!   `[%emt 0:00:05]`; other commands (`[%eval]`) are skipped.
//! * **Several games** a file, each from its tags (or the file's start) to its result.
//!
//! Any problem — an illegal or ambiguous move, a bad tag, a broken comment — is an
//! [`InputError`] naming the file, line and column; a move's error also names the move number,
//! the move as written, why it cannot be played and the nearest legal moves. Nothing is returned
//! unless the whole file reads.

mod lex;
pub(crate) mod notes;
mod still;

pub use lex::nag_glyph;
pub use notes::{Brush, Note};

use crate::input::MAX_INPUT;
use crate::input::diagnostics::{InputError, Source};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;

use crate::rules::variant::VariantId;
use lex::Tok;

/// Most games in one file.
pub(crate) const MAX_GAMES: usize = 10_000;
/// Most moves in one file, variations included.
pub(crate) const MAX_MOVES: usize = 50_000;
/// Deepest nesting of variations.
pub const MAX_DEPTH: usize = 32;
/// Most NAGs on one move.
pub(crate) const MAX_NAGS: usize = 8;

/// One move of a game, with what the file says about it.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// Its algebraic name in the position it was played in.
    pub san: String,
    /// Its NAGs, in the order written (glyphs as their numbers: `!` is 1).
    pub nags: Vec<u8>,
    /// The comments after it.
    pub note: Note,
    /// Lines played instead of it (each from the position before it).
    pub variations: Vec<Vec<Ply>>,
}

impl Ply {
    /// The first move glyph among its NAGs (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub fn glyph(&self) -> Option<&'static str> {
        self.nags.iter().find_map(|&n| nag_glyph(n))
    }
}

/// A game, every move checked.
#[derive(Clone, Debug)]
pub struct Game {
    /// The tag pairs, in the file's order.
    pub tags: Vec<(String, String)>,
    /// The variant it is played in.
    pub variant: VariantId,
    /// The start position.
    pub start: Position,
    /// A comment before the first move (its arrows and circles are drawn on the start).
    pub intro: Note,
    /// The main line.
    pub plies: Vec<Ply>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl Game {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The positions of the main line: the start, then the position after each ply.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.plies.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for p in &self.plies {
            pos.play_unchecked(p.mv);
            out.push(pos.clone());
        }
        out
    }

    /// A ply written with its move number, as in a book: `12. Nf3`, `12... Nf6` (`k` from 0).
    pub fn numbered(&self, k: usize) -> String {
        let Some(p) = self.plies.get(k) else { return String::new() };
        let white_first = self.start.turn() == Color::White;
        let half = k + usize::from(!white_first);
        let number = self.start.fullmove as usize + half / 2;
        let dots = if half.is_multiple_of(2) { "." } else { "..." };
        format!("{number}{dots} {}{}", p.san, p.glyph().unwrap_or(""))
    }

    /// `White – Black` from the tags (`?` for a missing name).
    pub fn players(&self) -> String {
        let name = |t| self.tag(t).filter(|v| !v.is_empty()).unwrap_or("?");
        format!("{} – {}", name("White"), name("Black"))
    }

    /// The time each ply took, in hundredths of a second, where the file says: `[%emt]`, else the
    /// difference of the mover's `[%clk]` before and after it (plus the increment of the
    /// `TimeControl` tag; the first move's clock before is the tag's base time).
    pub fn move_times(&self) -> Vec<Option<u64>> {
        let (base, increment) = time_control(self.tag("TimeControl"));
        let mut last = [base, base];
        let mut turn = self.start.turn();
        let mut out = Vec::with_capacity(self.plies.len());
        for p in &self.plies {
            let side = turn.index();
            let from_clock = match (last[side], p.note.clock) {
                (Some(before), Some(after)) => Some((before + increment.unwrap_or(0)).saturating_sub(after)),
                _ => None,
            };
            out.push(p.note.elapsed.or(from_clock));
            if p.note.clock.is_some() {
                last[side] = p.note.clock;
            }
            turn = turn.other();
        }
        out
    }
}

/// A `TimeControl` tag's base time and increment, in hundredths (`180+2`; `-` or `?` none).
fn time_control(tag: Option<&str>) -> (Option<u64>, Option<u64>) {
    let Some(t) = tag else { return (None, None) };
    let (base, inc) = t.split_once('+').unwrap_or((t, "0"));
    let secs = |s: &str| s.parse::<u64>().ok().filter(|&n| n < 1_000_000).map(|n| n * 100);
    match secs(base) {
        Some(b) => (Some(b), secs(inc)),
        None => (None, None),
    }
}

/// Reads every game of a file. `default_variant` is the variant of a game without a `Variant` tag.
pub fn read_games(name: &str, text: &str, default_variant: VariantId) -> Result<Vec<Game>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let src = Source::new(name, text);
    if text.len() > MAX_INPUT {
        return Err(src.whole(format!("is larger than {MAX_INPUT} bytes")));
    }
    let toks = lex::tokens(&src, text)?;
    let mut p = Reader { src: &src, toks, i: 0, moves: 0 };
    let mut games = Vec::new();
    while p.i < p.toks.len() {
        if games.len() == MAX_GAMES {
            return Err(src.error_at(p.toks[p.i].1, format!("more than {MAX_GAMES} games in one file")));
        }
        games.push(p.game(default_variant)?);
    }
    if games.is_empty() {
        return Err(src.whole("holds no game: expected tag pairs such as [Variant \"dot\"] and moves"));
    }
    Ok(games)
}

/// How a line of moves ended.
enum End {
    /// The file, or the next game's tags.
    Open,
    /// A result token, with its offset.
    Result(String, usize),
}

struct Reader<'a> {
    src: &'a Source<'a>,
    toks: Vec<(Tok, usize)>,
    i: usize,
    moves: usize,
}

/// Tag names whose value is drawn as text.
const TEXT_TAGS: [&str; 5] = ["White", "Black", "Event", "Site", "Round"];

impl Reader<'_> {
    fn peek(&self) -> Option<&(Tok, usize)> {
        self.toks.get(self.i)
    }

    /// One game: its tags, then its movetext.
    fn game(&mut self, default_variant: VariantId) -> Result<Game, InputError> {
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        while let Some((Tok::Tag(name, value, at), open)) = self.peek().cloned() {
            if tags.iter().any(|(n, _, _)| *n == name) {
                return Err(self.src.error_at(open, format!("the tag `{name}` is given twice in one game")));
            }
            self.i += 1;
            tags.push((name, value, at));
        }
        let tag = |n: &str| tags.iter().find(|(t, _, _)| t == n).map(|(_, v, at)| (v.as_str(), *at));
        let variant = match tag("Variant") {
            None => default_variant,
            Some((v, _)) if v.eq_ignore_ascii_case("standard") || v.eq_ignore_ascii_case("from position") => {
                VariantId::Flat
            }
            Some((v, at)) => {
                v.parse().map_err(|e: crate::rules::variant::UnknownVariant| self.src.error_at(at, e.to_string()))?
            }
        };
        let start = match tag("FEN") {
            None => Position::start(variant),
            Some((fen, at)) => Position::from_fen(variant, fen).map_err(|e| {
                let byte: usize = fen.chars().take(e.column.saturating_sub(1)).map(char::len_utf8).sum();
                self.src.error_at(at + byte, format!("{e} (the game is {variant})"))
            })?,
        };
        if let Some((r, at)) = tag("Result")
            && !matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*")
        {
            return Err(self.src.error_at(at, format!("`{r}` is not a result: 1-0, 0-1, 1/2-1/2 or *")));
        }
        if let Some((d, at)) = tag("Date")
            && !is_date(d)
        {
            return Err(self.src.error_at(at, format!("`{d}` is not a date: YYYY.MM.DD, with ? for unknown digits")));
        }
        for (name, value, at) in &tags {
            if TEXT_TAGS.contains(&name.as_str())
                && let Err((k, message)) = crate::input::diagnostics::check_text(value)
            {
                return Err(self.src.error_at(at + k, format!("the value of `{name}` {message}")));
            }
        }
        let hint = if tag("Variant").is_none() {
            format!(
                " (the game has no [Variant] tag, so it is read as {variant}; [Variant \"flat\"] is ordinary chess)"
            )
        } else {
            String::new()
        };
        let (plies, intro, end) = self.line(start.clone(), 0, None, &hint)?;
        let written = tag("Result").map(|(r, _)| r.to_string());
        let result = match (end, written) {
            (End::Result(r, at), Some(w)) if r != w => {
                return Err(self.src.error_at(at, format!("the moves end `{r}` but the [Result] tag says `{w}`")));
            }
            (End::Result(r, _), _) => r,
            (End::Open, w) => w.unwrap_or_else(|| "*".into()),
        };
        let tags = tags.into_iter().map(|(n, v, _)| (n, v)).collect();
        Ok(Game { tags, variant, start, intro, plies, result })
    }

    /// A line of moves from `pos`: the main line (`open` is `None`) or a variation opened at
    /// `open`, up to its end.
    fn line(
        &mut self,
        mut pos: Position,
        depth: usize,
        open: Option<usize>,
        hint: &str,
    ) -> Result<(Vec<Ply>, Note, End), InputError> {
        let src = self.src;
        let topo = pos.topology();
        let mut plies: Vec<Ply> = Vec::new();
        let mut intro = Note::default();
        let mut before: Option<Position> = None;
        let unclosed = |at| src.error_at(at, "this variation is not closed: `(` without its `)`");
        loop {
            let Some((tok, at)) = self.peek().cloned() else {
                return match open {
                    Some(o) => Err(unclosed(o)),
                    None => Ok((plies, intro, End::Open)),
                };
            };
            match tok {
                Tok::Tag(..) => {
                    return match open {
                        Some(o) => Err(unclosed(o)),
                        None => Ok((plies, intro, End::Open)),
                    };
                }
                Tok::Result(r) => {
                    if let Some(o) = open {
                        let (line, column) = src.error_at(o, "").line_column().unwrap_or_default();
                        return Err(src.error_at(
                            at,
                            format!("a result inside a variation: the `(` at {line}:{column} is not closed"),
                        ));
                    }
                    self.i += 1;
                    return Ok((plies, intro, End::Result(r, at)));
                }
                Tok::Close => {
                    if open.is_none() {
                        return Err(src.error_at(at, "`)` without a `(` before it"));
                    }
                    self.i += 1;
                    return Ok((plies, intro, End::Open));
                }
                Tok::Open => {
                    self.i += 1;
                    if depth + 1 > MAX_DEPTH {
                        return Err(src.error_at(at, format!("variations nested more than {MAX_DEPTH} deep")));
                    }
                    let Some(b) = before.clone() else {
                        return Err(src.error_at(at, "a variation must follow the move it replaces"));
                    };
                    let (var, _, _) = self.line(b, depth + 1, Some(at), hint)?;
                    plies.last_mut().expect("a move before").variations.push(var);
                }
                Tok::Number(_) => self.i += 1,
                Tok::Nag(n) => {
                    self.i += 1;
                    add_nag(src, plies.last_mut(), n, at)?;
                }
                Tok::Comment(body, body_at) => {
                    self.i += 1;
                    let note = notes::read(src, topo, &body, body_at)?;
                    match plies.last_mut() {
                        Some(last) => last.note.merge(note),
                        None => intro.merge(note),
                    }
                }
                Tok::Move(text) => {
                    self.i += 1;
                    before = Some(pos.clone());
                    plies.push(self.play(&mut pos, &text, at, hint)?);
                }
            }
        }
    }

    /// Reads the move `text` (at byte `at`) on `pos` and plays it: the ply, its SAN as the
    /// position writes it.
    fn play(&mut self, pos: &mut Position, text: &str, at: usize, hint: &str) -> Result<Ply, InputError> {
        self.moves += 1;
        if self.moves > MAX_MOVES {
            return Err(self.src.error_at(at, format!("more than {MAX_MOVES} moves in one file")));
        }
        let legal = pos.moves();
        let m = crate::rules::san::read_among(pos, &legal, text).map_err(|e| {
            let number = format!("{}{}", pos.fullmove, if pos.turn() == Color::White { "." } else { "..." });
            self.src.error_at(at, format!("move {number} {text}: {e}{hint}"))
        })?;
        let san = pos.san_parts_among(m, &legal).to_string();
        pos.play_unchecked(m);
        Ok(Ply { mv: m, san, nags: Vec::new(), note: Note::default(), variations: Vec::new() })
    }
}

/// Adds a NAG (at byte `at`) to the last ply read, if there is one.
fn add_nag(src: &Source, last: Option<&mut Ply>, n: u8, at: usize) -> Result<(), InputError> {
    let Some(last) = last else {
        return Err(src.error_at(at, "a NAG or glyph before any move"));
    };
    if last.nags.len() == MAX_NAGS {
        return Err(src.error_at(at, format!("more than {MAX_NAGS} NAGs on one move")));
    }
    last.nags.push(n);
    Ok(())
}

/// `YYYY.MM.DD`, each digit possibly `?`.
fn is_date(d: &str) -> bool {
    let parts: Vec<&str> = d.split('.').collect();
    let lens = [4, 2, 2];
    parts.len() == 3
        && parts.iter().zip(lens).all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_digit() || b == b'?'))
}
