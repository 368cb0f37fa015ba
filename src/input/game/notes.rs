//! What a comment carries besides its words: the arrows and circles lichess and python-chess
//! write as `[%cal Gd5h5,Re2e4]` and `[%csl Ye4]`, and the clock commands `[%clk 0:03:00]`
//! (the mover's clock after the move) and `[%emt 0:00:05]` (the time the move took).

use crate::draw::colour::parse_colour;
use crate::draw::scene::Rgb;
use crate::input::MAX_MARKS;
use crate::input::diagnostics::{InputError, Source};
use crate::input::marks::PGN_COLOURS;
use crate::rules::topology::{Cell, Topology};

/// The four brushes of lichess's board markup.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Brush {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl Brush {
    fn of_letter(c: char) -> Option<Brush> {
        Some(match c {
            'G' => Brush::Green,
            'R' => Brush::Red,
            'Y' => Brush::Yellow,
            'B' => Brush::Blue,
            _ => return None,
        })
    }
    /// The brush's letter in `[%cal]` and `[%csl]`.
    pub fn letter(self) -> char {
        match self {
            Brush::Green => 'G',
            Brush::Red => 'R',
            Brush::Yellow => 'Y',
            Brush::Blue => 'B',
        }
    }
    /// The colour drawn: lichess's brush colours, from the one table the overlay's and the
    /// server's PGN-form marks use too (`PGN_COLOURS`).
    pub fn rgb(self) -> Rgb {
        let hex = PGN_COLOURS.iter().find(|(l, _)| *l == self.letter()).map_or("#000000", |(_, hex)| hex);
        parse_colour(hex).unwrap_or(Rgb(0, 0, 0))
    }
}

/// A comment, read.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Note {
    /// The words, without the commands, spaces folded.
    pub text: String,
    /// Arrows: from, to, brush.
    pub arrows: Vec<(Cell, Cell, Brush)>,
    /// Circled cells.
    pub circles: Vec<(Cell, Brush)>,
    /// `[%clk]`: the mover's clock after the move, in hundredths of a second.
    pub clock: Option<u64>,
    /// `[%emt]`: the time the move took, in hundredths of a second.
    pub elapsed: Option<u64>,
}

impl Note {
    /// Whether it says anything.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
            && self.arrows.is_empty()
            && self.circles.is_empty()
            && self.clock.is_none()
            && self.elapsed.is_none()
    }
    /// Adds another comment on the same move.
    pub fn merge(&mut self, other: Note) {
        if !other.text.is_empty() {
            if !self.text.is_empty() {
                self.text.push(' ');
            }
            self.text += &other.text;
        }
        self.arrows.extend(other.arrows);
        self.circles.extend(other.circles);
        self.clock = other.clock.or(self.clock);
        self.elapsed = other.elapsed.or(self.elapsed);
    }
}

/// Reads a comment's body, which starts at byte `at` of the file.
pub(super) fn read(src: &Source, topo: &Topology, body: &str, at: usize) -> Result<Note, InputError> {
    let mut note = Note::default();
    let mut words = String::new();
    let mut i = 0;
    while let Some(n) = body[i..].find("[%") {
        words += &body[i..i + n];
        let open = i + n;
        let Some(len) = body[open..].find(']') else {
            return Err(src.error_at(at + open, "a command in this comment is not closed: `[%` without its `]`"));
        };
        let inner = &body[open + 2..open + len];
        let name_len = inner.find(char::is_whitespace).unwrap_or(inner.len());
        let (name, args) = (&inner[..name_len], inner[name_len..].trim());
        let args_at = at + open + 2 + name_len + (inner[name_len..].len() - inner[name_len..].trim_start().len());
        match name {
            "cal" | "csl" => marks(src, topo, name, args, args_at, &mut note)?,
            "clk" => note.clock = Some(time(src, name, args, args_at)?),
            "emt" => note.elapsed = Some(time(src, name, args, args_at)?),
            // Engine evaluations, depths and other programs' commands say nothing to a figure.
            _ => {}
        }
        i = open + len + 1;
    }
    words += &body[i..];
    note.text = words.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(note)
}

/// `[%cal Gd5h5,Re2e4]` or `[%csl Ye4,Rd5]`, added to the note.
fn marks(src: &Source, topo: &Topology, name: &str, args: &str, at: usize, note: &mut Note) -> Result<(), InputError> {
    let mut offset = 0;
    for item in args.split(',') {
        let lead = item.len() - item.trim_start().len();
        let here = at + offset + lead;
        offset += item.len() + 1;
        let item = item.trim();
        let what = if name == "cal" {
            "an arrow is a colour and two cells, as Gd5h5"
        } else {
            "a circle is a colour and a cell, as Ye4"
        };
        let mut chars = item.chars();
        let Some(brush) = chars.next().and_then(Brush::of_letter) else {
            return Err(src.error_at(here, format!("`{item}` in [%{name}]: {what}; the colour is G, R, Y or B")));
        };
        let cells = chars.as_str();
        if name == "csl" {
            let Some(c) = topo.parse_cell(cells).filter(|_| is_cell_text(cells)) else {
                return Err(src.error_at(here + 1, format!("`{cells}` in [%csl] is not a cell of this board: {what}")));
            };
            note.circles.push((c, brush));
        } else {
            // Every split between two characters (never inside one: `Ré2e4` has a two-byte `é`).
            let split = cells.char_indices().skip(1).find_map(|(k, _)| {
                let (a, b) = cells.split_at(k);
                let ok = is_cell_text(a) && is_cell_text(b);
                Some((topo.parse_cell(a).filter(|_| ok)?, topo.parse_cell(b)?))
            });
            let Some((from, to)) = split else {
                return Err(
                    src.error_at(here + 1, format!("`{cells}` in [%cal] is not two cells of this board: {what}"))
                );
            };
            if from == to {
                return Err(src.error_at(here + 1, format!("`{cells}` in [%cal] starts and ends on one cell")));
            }
            note.arrows.push((from, to, brush));
        }
        if note.arrows.len() + note.circles.len() > MAX_MARKS {
            return Err(src.error_at(here, format!("more than {MAX_MARKS} arrows and circles on one move")));
        }
    }
    Ok(())
}

/// A cell name as the markup writes it: a file letter and a rank, or a live pole's `N`/`S`.
fn is_cell_text(s: &str) -> bool {
    s == "N" || s == "S" || s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
}

/// `h:mm:ss`, `m:ss` or seconds, with an optional fraction: hundredths of a second.
fn time(src: &Source, name: &str, args: &str, at: usize) -> Result<u64, InputError> {
    let bad = || src.error_at(at, format!("`{args}` in [%{name}] is not a time: write h:mm:ss, as 0:03:00"));
    let mut cs: u64 = 0;
    let parts: Vec<&str> = args.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    for (k, p) in parts.iter().enumerate() {
        let last = k + 1 == parts.len();
        let (whole, frac) = if last { p.split_once('.').unwrap_or((p, "")) } else { (*p, "") };
        if whole.is_empty() || whole.len() > 6 || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 3 {
            return Err(bad());
        }
        let n: u64 = whole.parse().map_err(|_| bad())?;
        if k > 0 && n >= 60 {
            return Err(bad());
        }
        cs = cs * 60 + n;
        if last {
            let hundredths = format!("{frac:0<2}")[..2].parse::<u64>().unwrap_or(0);
            cs = cs * 100 + hundredths;
        }
    }
    Ok(cs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::VariantId;

    #[test]
    fn commands_are_read_and_words_kept() {
        let topo = &VariantId::Small.variant().topology;
        let body = " Threat! [%cal Gd5a5,RNe4] [%csl Yb2] [%clk 0:03:05.5] [%eval 0.3] now ";
        let src = Source::new("g.pgn", body);
        let n = read(&src, topo, body, 0).expect("a note");
        assert_eq!(n.text, "Threat! now");
        assert_eq!(n.arrows.len(), 2);
        assert_eq!(topo.name(n.arrows[1].0), "N");
        assert_eq!(n.arrows[1].2, Brush::Red);
        assert_eq!(n.circles, vec![(topo.parse_cell("b2").unwrap(), Brush::Yellow)]);
        assert_eq!(n.clock, Some(18_550));
    }

    #[test]
    fn every_brush_has_its_lichess_colour() {
        for (brush, rgb) in [
            (Brush::Green, Rgb(0x15, 0x78, 0x1b)),
            (Brush::Red, Rgb(0x88, 0x20, 0x20)),
            (Brush::Yellow, Rgb(0xe6, 0x8f, 0x00)),
            (Brush::Blue, Rgb(0x00, 0x30, 0x88)),
        ] {
            assert_eq!(Brush::of_letter(brush.letter()), Some(brush));
            assert_eq!(brush.rgb(), rgb, "{brush:?}");
        }
    }

    #[test]
    fn broken_commands_are_located() {
        let topo = &VariantId::Dot.variant().topology;
        for (body, col) in [("ok [%cal Gd5h9]", 11), ("[%csl Xe4]", 7), ("x [%cal Gd5h5", 3), ("[%clk 3:99]", 7)] {
            let src = Source::new("g.pgn", body);
            let e = read(&src, topo, body, 0).unwrap_err();
            assert_eq!(e.line_column().map(|(_, c)| c), Some(col), "{body}: {e}");
        }
    }

    #[test]
    fn marks_with_characters_of_several_bytes_are_refused_not_cut() {
        let topo = &VariantId::Dot.variant().topology;
        for body in ["[%cal Ré2e4]", "[%cal Gße4]", "[%cal Ge2１]", "[%csl Y😀]", "[%cal B😀😀]", "é [%cal Gd5h]"]
        {
            let src = Source::new("g.pgn", body);
            let e = read(&src, topo, body, 0).unwrap_err();
            assert!(e.line_column().is_some_and(|(_, c)| c >= 1) && e.message.contains("in [%c"), "{body}: {e}");
        }
    }

    #[test]
    fn an_error_inside_a_character_is_placed_at_its_start() {
        let src = Source::new("g.pgn", "aé b");
        assert_eq!(src.error_at(2, "x").line_column(), Some((1, 2)));
        assert_eq!(src.error_at(3, "x").line_column(), Some((1, 3)));
    }
}
