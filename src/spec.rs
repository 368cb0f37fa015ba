//! Input files, checked: position files (`.fen`, `.toml`) and overlay specs (`.toml`) become a
//! [`FigureSpec`] before anything is drawn. Every error names the file, line and column and shows
//! the offending line; an unknown key comes with the nearest known one.
//!
//! The formats are documented key by key in `docs/inputs.md`, with an annotated template in
//! `templates/overlay.toml`.

use crate::figure::{Overlay, View};
use crate::notation::FenError;
use crate::options::{Rotation, ViewKey, ViewOptions};
use crate::position::Position;
use crate::theme::Theme;
use crate::topology::{Cell, Dir};
use crate::variant::VariantId;
use serde::Deserialize;
use serde_spanned::Spanned;
use std::fmt;
use std::ops::Range;

/// Largest input file read, in bytes.
pub const MAX_INPUT: usize = 1 << 20;
/// Most panels in one figure.
pub const MAX_PANELS: usize = 64;
/// Most marks of one kind in one overlay or panel.
pub const MAX_MARKS: usize = 512;
pub use crate::options::MAX_WINDOW;
/// Longest title or caption, in characters.
pub const MAX_TEXT: usize = 200;

/// A title or caption, checked for length and for characters a figure cannot hold.
pub(crate) fn short_text(src: &Source, s: &Option<Spanned<String>>, what: &str) -> Result<Option<String>, InputError> {
    match s {
        Some(t) if t.get_ref().chars().count() > MAX_TEXT => {
            Err(src.error(t.span(), format!("`{what}` is longer than {MAX_TEXT} characters")))
        }
        Some(t) => {
            if let Err((at, message)) = check_text(t.get_ref()) {
                return Err(src.error_in_string(t.span(), t.get_ref(), at, format!("`{what}` {message}")));
            }
            Ok(Some(t.get_ref().clone()))
        }
        None => Ok(None),
    }
}

/// Whether a character can appear in a figure's text: XML 1.0 refuses the control characters
/// other than tab, line feed and carriage return, and U+FFFE and U+FFFF.
pub fn is_drawable(c: char) -> bool {
    !(matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}' | '\u{FFFE}' | '\u{FFFF}'))
}

/// Checks a text written into a figure (a title, caption or label): the byte offset of the first
/// character it cannot hold, and what is wrong.
pub fn check_text(s: &str) -> Result<(), (usize, String)> {
    match s.char_indices().find(|&(_, c)| !is_drawable(c)) {
        None => Ok(()),
        Some((at, c)) => {
            Err((at, format!("holds the control character U+{:04X}, which a figure cannot hold", c as u32)))
        }
    }
}

/// A problem in an input file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The file's name as given.
    pub file: String,
    /// 1-based line (0 when the whole file is meant).
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The text of the offending line.
    pub source_line: Option<String>,
}

/// Longest source line shown whole in an error; a longer one is cut around the column.
const EXCERPT: usize = 100;

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: {}", self.file, self.message);
        }
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)?;
        if let Some(src) = &self.source_line {
            let (shown, column) = excerpt(src, self.column);
            let pad = " ".repeat(column.saturating_sub(1));
            write!(f, "\n{:>5} | {shown}\n      | {pad}^", self.line)?;
        }
        Ok(())
    }
}

/// The part of a source line shown in an error, and the column within it: the whole line when it
/// is short, else [`EXCERPT`] characters around the column with `…` where it was cut. Characters a
/// terminal would act on (control characters) are shown as `?`.
fn excerpt(line: &str, column: usize) -> (String, usize) {
    let chars: Vec<char> = line.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect();
    if chars.len() <= EXCERPT {
        return (chars.into_iter().collect(), column);
    }
    let at = column.saturating_sub(1).min(chars.len());
    let start = at.saturating_sub(EXCERPT / 2).min(chars.len().saturating_sub(EXCERPT));
    let end = (start + EXCERPT).min(chars.len());
    let mut s = String::new();
    if start > 0 {
        s.push('…');
    }
    s.extend(&chars[start..end]);
    if end < chars.len() {
        s.push('…');
    }
    (s, at - start + 1 + usize::from(start > 0))
}

impl std::error::Error for InputError {}

/// An input text with its name, for locating errors.
pub struct Source<'a> {
    name: &'a str,
    text: &'a str,
}

impl<'a> Source<'a> {
    /// A named text.
    pub fn new(name: &'a str, text: &'a str) -> Source<'a> {
        Source { name, text: without_bom(text) }
    }

    /// An error at a byte offset.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> InputError {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.text[line_start..offset].chars().count() + 1;
        let source_line = self.text[line_start..].lines().next().map(str::to_string);
        InputError { file: self.name.to_string(), line, column, message: message.into(), source_line }
    }

    /// An error about a spanned value.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> InputError {
        self.error_at(span.start, message)
    }

    /// An error at byte `at` of a string value whose span (quotes included) is `span`: there when
    /// the value is written without escapes, else at the value's start.
    pub fn error_in_string(
        &self,
        span: Range<usize>,
        value: &str,
        at: usize,
        message: impl Into<String>,
    ) -> InputError {
        let inner = span.start + 1;
        if self.text.get(inner..inner + value.len()) == Some(value) {
            self.error_at(inner + at, message)
        } else {
            self.error_at(span.start, message)
        }
    }

    /// An error about the whole file.
    pub fn whole(&self, message: impl Into<String>) -> InputError {
        InputError { file: self.name.to_string(), line: 0, column: 0, message: message.into(), source_line: None }
    }

    fn check_size(&self) -> Result<(), InputError> {
        if self.text.len() > MAX_INPUT {
            return Err(self.whole(format!("is larger than {MAX_INPUT} bytes")));
        }
        Ok(())
    }

    /// A variant named by a spanned value.
    pub(crate) fn variant(&self, v: &Spanned<String>) -> Result<VariantId, InputError> {
        v.get_ref().parse().map_err(|e: crate::variant::UnknownVariant| self.error(v.span(), e.to_string()))
    }

    /// A built-in theme named by a spanned value.
    pub(crate) fn theme(&self, t: &Spanned<String>) -> Result<Theme, InputError> {
        Theme::built_in(t.get_ref()).map_err(|e| self.error(t.span(), e.to_string()))
    }

    /// A theme named by a spanned value: a built-in name, or a `.toml` theme file that `load`
    /// finds (relative to this file, as other files it names).
    pub(crate) fn theme_or_file(&self, t: &Spanned<String>, load: &Loader) -> Result<Theme, InputError> {
        let name = t.get_ref();
        if !name.ends_with(".toml") {
            return self.theme(t);
        }
        let (shown, text) = load(name).map_err(|e| self.error(t.span(), e))?;
        Theme::read(&shown, &text)
    }

    /// Parses TOML into `T`, turning the parser's errors into located ones (with a suggestion for
    /// an unknown key).
    pub(crate) fn toml<T: for<'de> Deserialize<'de>>(&self) -> Result<T, InputError> {
        self.check_size()?;
        if let Some(at) = too_deep(self.text) {
            return Err(self.error_at(at, format!("keys, tables or lists nested more than {MAX_DEPTH} deep")));
        }
        toml::from_str(self.text).map_err(|e| {
            let message = explain_toml(e.message());
            match e.span() {
                Some(span) => self.error(span, message),
                None => self.whole(message),
            }
        })
    }
}

/// Rewrites the TOML reader's messages in the user's words: an unknown key with the nearest known
/// one, and what was expected instead of Rust's type names (`i64`, `struct PanelToml`, `untagged
/// enum Num`).
fn explain_toml(message: &str) -> String {
    let message = message.trim();
    if let Some(rest) = message.strip_prefix("unknown field `") {
        return unknown_key(message, rest);
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = message.strip_prefix(prefix).and_then(|r| r.rsplit_once(", expected ")) {
            return format!("expected {}, found {}", expected_words(expected), found_words(found));
        }
    }
    if let Some(name) = message.strip_prefix("data did not match any variant of untagged enum ") {
        return match name.trim() {
            "Num" => "expected a number".to_string(),
            n if n.contains("Rotation") => "expected a number of files or a file letter".to_string(),
            _ => "this value has the wrong type".to_string(),
        };
    }
    if let Some((value, expected)) = message.strip_prefix("unknown variant ").and_then(|r| r.split_once(", expected "))
    {
        return format!("unknown value {value} (expected {})", expected.trim_start_matches("one of "));
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("missing key {rest}");
    }
    if let Some(rest) = message.strip_prefix("duplicate field ") {
        return format!("the key {rest} is given twice");
    }
    message.to_string()
}

fn unknown_key(message: &str, rest: &str) -> String {
    let Some((field, tail)) = rest.split_once('`') else { return message.to_string() };
    let known: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
    let best = known.iter().map(|k| (edit_distance(field, k), *k)).min();
    match best {
        Some((d, k)) if d <= field.len().max(2) / 2 + 1 => {
            format!("unknown key `{field}` (did you mean `{k}`?)")
        }
        _ if !known.is_empty() => format!("unknown key `{field}` (known keys: {})", known.join(", ")),
        _ => format!("unknown key `{field}`"),
    }
}

/// What serde says was expected, in plain words.
fn expected_words(expected: &str) -> String {
    let e = expected.trim();
    match e {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a sequence" => "a list `[…]`".into(),
        "a boolean" => "true or false".into(),
        "a map" => "a table".into(),
        _ if e.starts_with("struct ") => "a table".into(),
        _ if e.starts_with("a string") || e == "a character" => "a string in quotes".into(),
        _ => e.to_string(),
    }
}

/// What serde says was found, in plain words.
fn found_words(found: &str) -> String {
    let f = found.trim();
    for (prefix, words) in [
        ("string ", "the string "),
        ("integer ", "the number "),
        ("floating point ", "the number "),
        ("boolean ", ""),
        ("character ", "the string "),
    ] {
        if let Some(v) = f.strip_prefix(prefix) {
            return format!("{words}{}", v.trim_matches('`'));
        }
    }
    match f {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        _ => f.to_string(),
    }
}

/// Deepest nesting of keys, tables and lists accepted in a TOML input (the TOML reader stops,
/// without a location, somewhat deeper).
const MAX_DEPTH: usize = 64;

/// The byte offset of the first place where a TOML text nests deeper than [`MAX_DEPTH`]: a dotted
/// key with too many parts, or too many open brackets or braces. Strings are skipped.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut dots = 0usize;
    let mut quote: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => depth = depth.saturating_sub(1),
            (None, '.') => dots += 1,
            (None, '\n' | '=' | ',') => dots = 0,
            _ => {}
        }
        if depth > MAX_DEPTH || dots > MAX_DEPTH {
            return Some(i);
        }
    }
    None
}

/// Levenshtein distance.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + (ca != *cb) as usize).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Reads an input file from disk: only a regular file (a device, FIFO or folder is refused before
/// it is opened, so that `/dev/zero` is not read forever and a FIFO does not hang), read through a
/// bounded reader so that no more than [`MAX_INPUT`] bytes are ever taken, whatever the file claims.
pub fn read_input(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let shown = path.display();
    let not_regular = || format!("{shown} is not a regular file (a folder, device or pipe cannot be read as input)");
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {}", plain_os_error(&e)))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {}", plain_os_error(&e)))?;
    // The file opened may not be the one looked at (a rename in between): look again.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {}", plain_os_error(&e)))?;
    if bytes.len() > MAX_INPUT {
        return Err(format!("{shown} is larger than {MAX_INPUT} bytes"));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("{shown} is not UTF-8 text (an invalid byte at offset {at})")
    })
}

/// A text without the byte-order mark some editors put first.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// An OS error in plain words, without Rust's `(os error N)` suffix.
pub fn plain_os_error(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// A position read from a file.
#[derive(Clone, Debug)]
pub struct PositionSpec {
    /// The position.
    pub position: Position,
    /// Its title, if the file gave one.
    pub title: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionToml {
    variant: Option<Spanned<String>>,
    fen: Spanned<String>,
    title: Option<Spanned<String>>,
}

/// Reads a position file: TOML (`variant`, `fen`, `title`) when `name` ends in `.toml`, else a
/// FEN file — comment lines start with `#`, a comment `# variant: small` names the variant
/// (`default_variant` otherwise), and the first other line is the FEN.
pub fn read_position(name: &str, text: &str, default_variant: VariantId) -> Result<PositionSpec, InputError> {
    let text = without_bom(text);
    let src = Source::new(name, text);
    src.check_size()?;
    let fen_error = |offset: usize, e: FenError, variant: VariantId, fen: &str| {
        let mut message = e.to_string();
        if let Some(v) = fitting_variant(variant, fen) {
            let how = if name.ends_with(".toml") {
                format!("`variant = \"{v}\"`")
            } else {
                format!("a `# variant: {v}` line or --variant {v}")
            };
            message += &format!(" (the board fits {v}: did you mean {how}?)");
        }
        src.error_at(offset + byte_of_column(&text[offset..], e.column), message)
    };
    if name.ends_with(".toml") {
        let p: PositionToml = src.toml()?;
        let variant = match &p.variant {
            None => default_variant,
            Some(v) => src.variant(v)?,
        };
        // The value's span covers its quotes: FEN columns count from after the opening quote.
        let start = p.fen.span().start + 1;
        let position =
            Position::from_fen(variant, p.fen.get_ref()).map_err(|e| fen_error(start, e, variant, p.fen.get_ref()))?;
        return Ok(PositionSpec { position, title: short_text(&src, &p.title, "title")? });
    }
    let mut variant = default_variant;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let here = offset;
        offset += line.len();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            if let Some(v) = comment.trim().strip_prefix("variant:") {
                let col = here + line.find("variant:").unwrap_or(0) + "variant:".len();
                variant =
                    v.trim().parse().map_err(|e: crate::variant::UnknownVariant| src.error_at(col, e.to_string()))?;
            }
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        let position = Position::from_fen(variant, trimmed).map_err(|e| fen_error(here + lead, e, variant, trimmed))?;
        return Ok(PositionSpec { position, title: None });
    }
    Err(src.whole("holds no FEN line"))
}

/// Another variant whose board a FEN fits when it does not fit `tried`'s. A board of the wrong
/// shape (files, ranks, poles) is the usual sign of a missing or wrong variant, so only variants
/// of another shape are offered.
pub fn fitting_variant(tried: VariantId, fen: &str) -> Option<VariantId> {
    let shape = |v: VariantId| {
        let t = v.variant().topology;
        (t.width(), t.height(), t.poles())
    };
    VariantId::ALL.into_iter().filter(|&v| shape(v) != shape(tried)).find(|&v| Position::from_fen(v, fen).is_ok())
}

/// The byte offset of 1-based character column `col` in `s`.
fn byte_of_column(s: &str, col: usize) -> usize {
    s.char_indices().nth(col.saturating_sub(1)).map_or(s.len(), |(i, _)| i)
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn value(&self) -> f64 {
        match *self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RotationToml {
    Number(Num),
    File(String),
}

/// The mark keys, shared by an overlay's top level and its panels.
struct MarksToml<'a> {
    moves: &'a [Spanned<String>],
    pseudo: Option<bool>,
    loops: &'a [Spanned<String>],
    highlights: &'a [Spanned<String>],
    arrows: &'a [Spanned<String>],
    labels: &'a [Spanned<String>],
    circles: &'a [Spanned<String>],
    crosses: &'a [Spanned<String>],
    over_pieces: Option<bool>,
    lastmove: Option<&'a Spanned<String>>,
    check: Option<bool>,
}

/// Declares a TOML table struct with the mark keys as well as its own (serde cannot combine
/// `flatten` with `deny_unknown_fields`, and unknown keys must be errors).
macro_rules! with_marks {
    ($name:ident { $($(#[$meta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            $($(#[$meta])* $field: $ty,)*
            #[serde(default)]
            moves: Vec<Spanned<String>>,
            pseudo: Option<bool>,
            #[serde(default)]
            loops: Vec<Spanned<String>>,
            #[serde(default)]
            highlights: Vec<Spanned<String>>,
            #[serde(default)]
            arrows: Vec<Spanned<String>>,
            #[serde(default)]
            labels: Vec<Spanned<String>>,
            #[serde(default)]
            circles: Vec<Spanned<String>>,
            #[serde(default)]
            crosses: Vec<Spanned<String>>,
            over_pieces: Option<bool>,
            lastmove: Option<Spanned<String>>,
            check: Option<bool>,
        }
        impl $name {
            fn marks(&self) -> MarksToml<'_> {
                MarksToml {
                    moves: &self.moves,
                    pseudo: self.pseudo,
                    loops: &self.loops,
                    highlights: &self.highlights,
                    arrows: &self.arrows,
                    labels: &self.labels,
                    circles: &self.circles,
                    crosses: &self.crosses,
                    over_pieces: self.over_pieces,
                    lastmove: self.lastmove.as_ref(),
                    check: self.check,
                }
            }
        }
    };
}

with_marks!(PanelToml {
    view: Spanned<String>,
    caption: Option<Spanned<String>>,
    width: Option<Spanned<Num>>,
    rotation: Option<Spanned<RotationToml>>,
    window: Option<Spanned<Vec<i64>>>,
    tint: Option<Spanned<bool>>,
    edges: Option<Spanned<bool>>,
    coordinates: Option<Spanned<String>>,
    latitude: Option<Spanned<Num>>,
    longitude: Option<Spanned<Num>>,
    roll: Option<Spanned<Num>>,
    ghost: Option<Spanned<bool>>,
    pole: Option<Spanned<String>>,
    orientation: Option<Spanned<String>>,
    position: Option<Spanned<String>>,
    variant: Option<Spanned<String>>,
    each_loop: Option<bool>,
    why_fewer: Option<Spanned<String>>,
});

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectToml {
    square: Spanned<String>,
    destinations: Spanned<Vec<Spanned<String>>>,
    source: Option<Spanned<String>>,
}

/// An overlay's `[animation]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimationToml {
    kind: Spanned<String>,
    frames: Option<Spanned<i64>>,
    seconds: Option<Spanned<Num>>,
    fps: Option<Spanned<Num>>,
    #[serde(rename = "loop")]
    repeat: Option<Spanned<LoopToml>>,
}

/// `loop = true` (forever), `false` (once) or a number of plays.
#[derive(Deserialize)]
#[serde(untagged)]
enum LoopToml {
    Forever(bool),
    Plays(i64),
}

fn read_animation(src: &Source, a: &AnimationToml) -> Result<crate::animation::AnimSpec, InputError> {
    use crate::animation::{AnimSpec, FPS_RANGE, Kind, MAX_FRAMES, delay_of_fps};
    let kind = Kind::parse(a.kind.get_ref()).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|(_, n)| *n).collect();
        src.error(a.kind.span(), format!("unknown animation `{}` ({})", a.kind.get_ref(), names.join(", ")))
    })?;
    let mut spec = AnimSpec::new(kind);
    if let Some(f) = &a.fps {
        let v = f.get_ref().value();
        if !(FPS_RANGE.0..=FPS_RANGE.1).contains(&v) {
            return Err(
                src.error(f.span(), format!("`fps` = {v} is out of range ({} to {})", FPS_RANGE.0, FPS_RANGE.1))
            );
        }
        spec.delay_cs = delay_of_fps(v);
    }
    match (&a.frames, &a.seconds) {
        (Some(_), Some(s)) => return Err(src.error(s.span(), "give `frames` or `seconds`, not both")),
        (Some(f), None) => {
            if !(1..=MAX_FRAMES as i64).contains(f.get_ref()) {
                return Err(src.error(f.span(), format!("`frames` must be 1 to {MAX_FRAMES}")));
            }
            spec.frames = *f.get_ref() as u32;
        }
        (None, Some(s)) => {
            let v = s.get_ref().value();
            let n = (v * 100.0 / spec.delay_cs as f64).round();
            if !(n >= 1.0 && n <= MAX_FRAMES as f64) {
                return Err(src.error(s.span(), format!("`seconds` = {v} makes {n} frames; 1 to {MAX_FRAMES} fit")));
            }
            spec.frames = n as u32;
        }
        (None, None) => {}
    }
    if let Some(l) = &a.repeat {
        spec.plays = match *l.get_ref() {
            LoopToml::Forever(true) => 0,
            LoopToml::Forever(false) => 1,
            LoopToml::Plays(n) if (1..=10_000).contains(&n) => n as u32,
            LoopToml::Plays(_) => {
                return Err(src.error(l.span(), "`loop` is true (forever), false (once) or 1 to 10000 plays"));
            }
        };
    }
    Ok(spec)
}

with_marks!(OverlayToml {
    animation: Option<AnimationToml>,
    background: Option<Spanned<String>>,
    dpi: Option<Spanned<Num>>,
    why_fewer: Option<Spanned<String>>,
    title: Option<Spanned<String>>,
    width: Option<Spanned<Num>>,
    theme: Option<Spanned<String>>,
    columns: Option<Spanned<i64>>,
    #[serde(default)]
    panels: Vec<PanelToml>,
    #[serde(default)]
    expect: Vec<ExpectToml>,
});

/// An expected destination set for a piece, from a book or another program.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The position the expectation is about: the figure's base position (the position file),
    /// whatever the panels draw.
    pub position: Position,
    /// The piece's cell.
    pub square: Cell,
    /// The destinations the source gives.
    pub destinations: Vec<Cell>,
    /// Where the expectation comes from.
    pub source: Option<String>,
}

/// One panel: what to draw and how.
#[derive(Clone, Debug)]
pub struct PanelSpec {
    /// The position drawn (the figure's, unless the panel names its own).
    pub position: Position,
    /// The view.
    pub view: View,
    /// The marks.
    pub overlay: Overlay,
    /// The caption under the panel.
    pub caption: Option<String>,
    /// Why the panel marks fewer moves than the pieces have pseudo-legally (a move that would
    /// leave the own king attacked, a rule such as facing generals). The essay's tests refuse a
    /// figure that drops moves without saying why.
    pub why_fewer: Option<String>,
}

/// A whole figure, checked and ready to draw.
#[derive(Clone, Debug)]
pub struct FigureSpec {
    /// The title above it.
    pub title: Option<String>,
    /// The theme.
    pub theme: Theme,
    /// Panel columns when there are several.
    pub columns: usize,
    /// The whole figure's width, when asked for (else each panel's own width decides).
    pub width: Option<f64>,
    /// The panels (one for a simple figure).
    pub panels: Vec<PanelSpec>,
    /// Expected destination sets to check.
    pub expect: Vec<Expectation>,
    /// The overlay's `[animation]`: the figure is then an animation of its first panel.
    pub animation: Option<crate::animation::AnimSpec>,
    /// `background`: none (transparent) or a colour over the theme's paper.
    pub background: Option<crate::options::Background>,
    /// `dpi`: the resolution written into the PNG, and the PDF page's scale.
    pub dpi: Option<f64>,
}

/// Where an overlay file finds other position files it names (`position = "…"` in a panel):
/// given the path as written, their name and text.
pub type Loader<'a> = dyn Fn(&str) -> Result<(String, String), String> + 'a;

/// Reads an overlay spec for a position. `load` resolves a panel's own `position` file.
pub fn read_overlay(name: &str, text: &str, base: &PositionSpec, load: &Loader) -> Result<FigureSpec, InputError> {
    let src = Source::new(name, text);
    let o: OverlayToml = src.toml()?;
    let theme = match &o.theme {
        None => Theme::essay(),
        Some(t) => src.theme_or_file(t, load)?,
    };
    let columns = match &o.columns {
        None => 0,
        Some(c) if (1..=MAX_PANELS as i64).contains(c.get_ref()) => *c.get_ref() as usize,
        Some(c) => return Err(src.error(c.span(), format!("`columns` must be 1 to {MAX_PANELS}"))),
    };
    // The top-level marks are names until each panel resolves them on its own board.
    if o.panels.len() > MAX_PANELS {
        return Err(src.whole(format!("has {} panels; at most {MAX_PANELS}", o.panels.len())));
    }
    let shared_why = short_text(&src, &o.why_fewer, "why_fewer")?;
    let mut panels = Vec::new();
    if o.panels.is_empty() {
        let mut overlay = Overlay::default();
        apply_marks(&src, &base.position, &o.marks(), &mut overlay)?;
        panels.push(PanelSpec {
            position: base.position.clone(),
            view: View::hemispheres(),
            overlay,
            caption: None,
            why_fewer: shared_why.clone(),
        });
    }
    for (i, p) in o.panels.iter().enumerate() {
        let position = match (&p.position, &p.variant) {
            (None, None) => base.position.clone(),
            (Some(file), variant) => {
                let v = match variant {
                    None => base.position.variant().id,
                    Some(v) => src.variant(v)?,
                };
                let (n, t) = load(file.get_ref()).map_err(|e| src.error(file.span(), e))?;
                read_position(&n, &t, v)?.position
            }
            (None, Some(v)) => {
                let id = src.variant(v)?;
                Position::start(id)
            }
        };
        let view = read_view(&src, &position, p)?;
        let mut overlay = Overlay::default();
        apply_marks(&src, &position, &o.marks(), &mut overlay).map_err(|mut e| {
            if p.position.is_some() || p.variant.is_some() {
                e.message += &format!(" (in panel {}, on its {} board)", i + 1, position.variant().id);
            }
            e
        })?;
        apply_marks(&src, &position, &p.marks(), &mut overlay)?;
        let why_fewer = short_text(&src, &p.why_fewer, "why_fewer")?.or_else(|| shared_why.clone());
        if p.each_loop == Some(true) {
            let topo = *position.topology();
            if crate::routes::loops(&topo).is_empty() {
                return Err(src.error(
                    p.view.span(),
                    format!(
                        "this panel has `each_loop = true`, but the {} board has no loops: nothing to draw",
                        position.variant().id
                    ),
                ));
            }
            // One panel per loop, ordered by kind, then by starting cell, then north-east before
            // south-east, so that each starting cell's diagonals read in the same order.
            let mut loops = crate::routes::loops(&topo);
            loops.sort_by_key(|l| (l.kind, l.route.from, -l.dir.dr, l.dir.df));
            for l in loops {
                let mut ov = overlay.clone();
                ov.loops.push((l.route.from, l.dir));
                let caption = format!(
                    "{} from {}, heading {}",
                    l.kind.name(),
                    topo.name(l.route.from),
                    l.dir.name().to_uppercase()
                );
                panels.push(PanelSpec {
                    position: position.clone(),
                    view,
                    overlay: ov,
                    caption: Some(caption),
                    why_fewer: why_fewer.clone(),
                });
            }
            continue;
        }
        let caption = short_text(&src, &p.caption, "caption")?;
        panels.push(PanelSpec { position, view, overlay, caption, why_fewer });
    }
    if panels.len() > MAX_PANELS {
        return Err(src.whole(format!("makes {} panels; at most {MAX_PANELS}", panels.len())));
    }
    if panels.is_empty() {
        return Err(src.whole("draws no panel: nothing to draw"));
    }
    let mut expect = Vec::new();
    for e in &o.expect {
        let square = cell(&src, &base.position, &e.square)?;
        if base.position.piece_at(square).is_none() {
            return Err(src.error(e.square.span(), format!("no piece on {}", e.square.get_ref())));
        }
        let mut destinations = Vec::new();
        for d in e.destinations.get_ref() {
            destinations.push(cell(&src, &base.position, d)?);
        }
        if destinations.len() > 1000 {
            return Err(src.error(e.destinations.span(), "too many destinations"));
        }
        expect.push(Expectation {
            position: base.position.clone(),
            square,
            destinations,
            source: short_text(&src, &e.source, "source")?,
        });
    }
    let title = short_text(&src, &o.title, "title")?.or_else(|| base.title.clone());
    let width = match &o.width {
        None => None,
        Some(w) => {
            Some(crate::options::check_width(w.get_ref().value()).map_err(|e| src.error(w.span(), e.for_key()))?)
        }
    };
    let animation = match &o.animation {
        None => None,
        Some(a) => {
            let spec = read_animation(&src, a)?;
            // Too many frames for the memory budget: said at the key that asked for them.
            if let Some(panel) = panels.first() {
                crate::animation::check_budget(&spec, panel, title.as_deref(), &theme, true).map_err(|e| {
                    let span = a.frames.as_ref().map(|f| f.span()).or(a.seconds.as_ref().map(|s| s.span()));
                    src.error(span.unwrap_or(a.kind.span()), e.to_string())
                })?;
            }
            Some(spec)
        }
    };
    let background = match &o.background {
        None => None,
        Some(b) => Some(
            crate::options::Background::parse(b.get_ref())
                .map_err(|m| src.error_at(b.span().start + 1, format!("`background` {m}")))?,
        ),
    };
    let dpi = match &o.dpi {
        None => None,
        Some(d) => Some(
            crate::options::check_dpi(d.get_ref().value()).map_err(|m| src.error(d.span(), format!("`dpi`: {m}")))?,
        ),
    };
    Ok(FigureSpec { title, theme, columns, width, panels, expect, animation, background, dpi })
}

/// The figure for a position with no overlay file: the hemispheres.
pub fn plain_figure(base: &PositionSpec) -> FigureSpec {
    FigureSpec {
        title: base.title.clone(),
        theme: Theme::essay(),
        columns: 0,
        width: None,
        panels: vec![PanelSpec {
            position: base.position.clone(),
            view: View::hemispheres(),
            overlay: Overlay::default(),
            caption: None,
            why_fewer: None,
        }],
        expect: Vec::new(),
        animation: None,
        background: None,
        dpi: None,
    }
}

fn cell(src: &Source, pos: &Position, s: &Spanned<String>) -> Result<Cell, InputError> {
    cell_name(src, pos, s.get_ref(), s.span().start + 1)
}

fn cell_name(src: &Source, pos: &Position, name: &str, offset: usize) -> Result<Cell, InputError> {
    pos.topology().parse_cell(name).ok_or_else(|| src.error_at(offset, not_a_cell(pos, name)))
}

/// The message for a name that is not a cell of the position's board.
pub fn not_a_cell(pos: &Position, name: &str) -> String {
    let topo = pos.topology();
    let poles = if topo.pole_cell(crate::topology::Pole::North).is_some() { ", poles N and S" } else { "" };
    format!(
        "`{name}` is not a cell of the {} board ({} files × {} ranks{poles})",
        pos.variant().id,
        topo.width(),
        topo.height()
    )
}

fn apply_marks(src: &Source, pos: &Position, m: &MarksToml, o: &mut Overlay) -> Result<(), InputError> {
    let lists = [
        (MarkKind::Moves, m.moves),
        (MarkKind::Loop, m.loops),
        (MarkKind::Highlight, m.highlights),
        (MarkKind::Arrow, m.arrows),
        (MarkKind::Label, m.labels),
        (MarkKind::Circle, m.circles),
        (MarkKind::Cross, m.crosses),
    ];
    for (kind, list) in lists {
        if list.len() > MAX_MARKS {
            return Err(src.error(list[0].span(), format!("more than {MAX_MARKS} marks of one kind")));
        }
        for s in list {
            // The string's span covers its quotes: offsets count from after the opening one.
            add_mark(pos, kind, s.get_ref(), o)
                .map_err(|e| src.error_in_string(s.span(), s.get_ref(), e.offset, e.message))?;
        }
    }
    if let Some(p) = m.pseudo {
        o.pseudo = p;
    }
    if let Some(c) = m.check {
        o.hide_check = !c;
    }
    if let Some(lm) = m.lastmove {
        o.lastmove =
            Some(lastmove(pos, lm.get_ref()).map_err(|e| src.error_at(lm.span().start + 1 + e.offset, e.message))?);
    }
    if let Some(p) = m.over_pieces {
        o.marks_over_pieces = p;
    }
    Ok(())
}

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
    let err = |offset: usize, message: String| MarkError { offset, message };
    let mut parts: Vec<(&str, usize)> = Vec::new();
    let mut at = 0;
    for p in text.split(':') {
        parts.push((p, at));
        at += p.len() + 1;
    }
    let topo = pos.topology();
    let cell = |(name, offset): (&str, usize)| topo.parse_cell(name).ok_or_else(|| err(offset, not_a_cell(pos, name)));
    let colour = |(col, offset): (&str, usize)| crate::colour::parse_colour(col).map_err(|m| err(offset, m));
    match kind {
        MarkKind::Moves => {
            // CELL, CELL:colour, CELL:TO or CELL:TO:colour: the last part is a colour when it
            // starts with `#`, or is a colour name and not a cell.
            let is_colour = |p: &str| {
                p.starts_with('#') || (topo.parse_cell(p).is_none() && crate::colour::parse_colour(p).is_ok())
            };
            let (rest, col) = match parts.last() {
                Some(&last) if parts.len() > 1 && is_colour(last.0) => (&parts[..parts.len() - 1], Some(last)),
                _ => (&parts[..], None),
            };
            if rest.len() > 2 {
                return Err(err(0, "a moves mark is `CELL`, `CELL:TO`, `CELL:#colour` or `CELL:TO:#colour`".into()));
            }
            let c = cell(rest[0])?;
            if pos.piece_at(c).is_none() {
                return Err(err(0, format!("no piece on {} to show the moves of", rest[0].0)));
            }
            let colour = col.map(colour).transpose()?;
            let target = match rest.get(1) {
                None => None,
                Some(&(name, at)) => {
                    let t = cell((name, at))?;
                    if !crate::routes::destinations(pos, c, false).iter().any(|d| d.cell == t) {
                        return Err(err(at, format!("the piece on {} has no move to {name}", rest[0].0)));
                    }
                    Some(t)
                }
            };
            o.move_colours.resize(o.moves.len(), None);
            o.move_targets.resize(o.moves.len(), None);
            o.moves.push(c);
            o.move_colours.push(colour);
            o.move_targets.push(target);
        }
        MarkKind::Loop => {
            if !(2..=3).contains(&parts.len()) {
                return Err(err(0, "a loop is `CELL:DIR` or `CELL:DIR:UNTIL`, e.g. `d2:ne` or `d2:ne:b8`".into()));
            }
            let c = cell(parts[0])?;
            let (d, at) = parts[1];
            let dir = Dir::from_name(d)
                .ok_or_else(|| err(at, format!("`{d}` is not a direction (n, ne, e, se, s, sw, w, nw)")))?;
            if topo.pole_of(c).is_some() {
                return Err(err(0, "a loop starts on a square, not on a pole".into()));
            }
            match parts.get(2) {
                None => o.loops.push((c, dir)),
                Some(&until) => {
                    let u = cell(until)?;
                    if crate::routes::ride_to(topo, c, dir, u).is_none() {
                        return Err(err(
                            until.1,
                            format!("the ride from {} heading {d} never reaches {}", parts[0].0, until.0),
                        ));
                    }
                    o.paths.push((c, dir, u));
                }
            }
        }
        MarkKind::Highlight | MarkKind::Circle | MarkKind::Cross => {
            if parts.len() > 2 {
                let what = match kind {
                    MarkKind::Highlight => "a highlight",
                    MarkKind::Circle => "a circle",
                    _ => "a cross",
                };
                return Err(err(0, format!("{what} is `CELL` or `CELL:COLOUR`, e.g. `e4` or `e4:#c00`")));
            }
            let c = cell(parts[0])?;
            let colour = parts.get(1).map(|&p| colour(p)).transpose()?;
            match kind {
                MarkKind::Highlight => o.highlights.push((c, colour)),
                MarkKind::Circle => o.circles.push((c, colour)),
                _ => o.crosses.push((c, colour)),
            }
        }
        MarkKind::Arrow => {
            if !(2..=3).contains(&parts.len()) {
                return Err(err(0, "an arrow is `FROM:TO` or `FROM:TO:#colour`, e.g. `b1:c3`".into()));
            }
            let (a, b) = (cell(parts[0])?, cell(parts[1])?);
            if crate::routes::arrow_route_in(pos, a, b).is_none() {
                return Err(err(0, format!("no ride or leap leads from {} to {}", parts[0].0, parts[1].0)));
            }
            let colour = parts.get(2).map(|&p| colour(p)).transpose()?;
            o.arrow_colours.resize(o.arrows.len(), None);
            o.arrows.push((a, b));
            o.arrow_colours.push(colour);
        }
        MarkKind::Label => {
            let Some((c, label)) = text.split_once(':') else {
                return Err(err(0, "a label is `CELL:TEXT`, e.g. `e4:x`".into()));
            };
            if label.chars().count() > 40 {
                return Err(err(c.len() + 1, "a label has at most 40 characters".into()));
            }
            if let Err((at, message)) = check_text(label) {
                return Err(err(c.len() + 1 + at, format!("the label {message}")));
            }
            o.labels.push((cell((c, 0))?, label.to_string()));
        }
    }
    Ok(())
}

fn read_view(src: &Source, pos: &Position, p: &PanelToml) -> Result<View, InputError> {
    let options = ViewOptions {
        view: Some(p.view.get_ref().clone()),
        width: p.width.as_ref().map(|w| w.get_ref().value()),
        rotation: p.rotation.as_ref().map(|r| match r.get_ref() {
            RotationToml::Number(n) => Rotation::Files(n.value()),
            RotationToml::File(f) => Rotation::File(f.clone()),
        }),
        window: p.window.as_ref().map(|w| w.get_ref().clone()),
        tint: p.tint.as_ref().map(|t| *t.get_ref()),
        edges: p.edges.as_ref().map(|e| *e.get_ref()),
        coordinates: p.coordinates.as_ref().map(|c| c.get_ref().clone()),
        latitude: p.latitude.as_ref().map(|v| v.get_ref().value()),
        longitude: p.longitude.as_ref().map(|v| v.get_ref().value()),
        roll: p.roll.as_ref().map(|v| v.get_ref().value()),
        ghost: p.ghost.as_ref().map(|g| *g.get_ref()),
        pole: p.pole.as_ref().map(|g| g.get_ref().clone()),
        orientation: p.orientation.as_ref().map(|c| c.get_ref().clone()),
    };
    options.check(pos.topology()).map_err(|e| {
        let span = match e.key {
            ViewKey::View => Some(p.view.span()),
            ViewKey::Width => p.width.as_ref().map(Spanned::span),
            ViewKey::Rotation => p.rotation.as_ref().map(Spanned::span),
            ViewKey::Window => p.window.as_ref().map(Spanned::span),
            ViewKey::Tint => p.tint.as_ref().map(Spanned::span),
            ViewKey::Edges => p.edges.as_ref().map(Spanned::span),
            ViewKey::Coordinates => p.coordinates.as_ref().map(Spanned::span),
            ViewKey::Latitude => p.latitude.as_ref().map(Spanned::span),
            ViewKey::Longitude => p.longitude.as_ref().map(Spanned::span),
            ViewKey::Roll => p.roll.as_ref().map(Spanned::span),
            ViewKey::Ghost => p.ghost.as_ref().map(Spanned::span),
            ViewKey::Pole => p.pole.as_ref().map(Spanned::span),
            ViewKey::Orientation => p.orientation.as_ref().map(Spanned::span),
        };
        let message = if e.key == ViewKey::View { e.message.clone() } else { e.for_key() };
        match span {
            Some(s) => src.error(s, message),
            None => src.whole(message),
        }
    })
}

impl FigureSpec {
    /// The frames of the figure's animation (its first panel, animated), if it has one.
    pub fn animate(&self) -> Option<Result<crate::animation::Animation, crate::animation::AnimError>> {
        let spec = self.animation.as_ref()?;
        let panel = self.panels.first()?;
        Some(crate::animation::build(spec, panel, self.title.as_deref(), &self.theme))
    }

    /// Draws the figure: one panel as it is, several in a grid with captions. No budget: for
    /// figures the program makes itself; inputs go through [`FigureSpec::render_checked`].
    pub fn render(&self) -> crate::scene::Scene {
        match self.draw(|_, _| Ok::<(), std::convert::Infallible>(())) {
            Ok(scene) => scene,
            Err(never) => match never {},
        }
    }

    /// Draws the figure within the figure-wide budget of drawn elements ([`crate::budget`]):
    /// panel by panel, stopping at the panel that would take it past [`crate::budget::MAX_WEIGHT`].
    pub fn render_checked(&self) -> Result<crate::scene::Scene, String> {
        use crate::budget::{MAX_WEIGHT, weight};
        let mut total = 0u64;
        let n = self.panels.len();
        let scene = self.draw(|i, scene| {
            total += weight(scene);
            if total > MAX_WEIGHT {
                let which = if n == 1 { "the figure".to_string() } else { format!("panel {} of {n}", i + 1) };
                return Err(format!(
                    "{which} draws too much: about {} MiB of SVG so far, at most {} MiB for a whole figure \
                     (fewer panels, a smaller `window`, or `coordinates` other than \"cells\")",
                    total.div_ceil(1 << 20),
                    MAX_WEIGHT >> 20
                ));
            }
            Ok(())
        })?;
        Ok(scene)
    }

    /// Draws the figure with its background and resolution (see [`FigureSpec::draw_panels`]).
    fn draw<E>(
        &self,
        check: impl FnMut(usize, &crate::scene::Scene) -> Result<(), E>,
    ) -> Result<crate::scene::Scene, E> {
        use crate::options::Background;
        let mut theme = self.theme.clone();
        if let Some(Background::Colour(c)) = self.background {
            theme.background = c;
        }
        let mut scene = self.draw_panels(&theme, check)?;
        scene.transparent = self.background == Some(Background::None);
        scene.dpi = self.dpi;
        Ok(scene)
    }

    /// Draws the panels one by one in `theme`, handing each to `check` before the next is drawn.
    fn draw_panels<E>(
        &self,
        theme: &Theme,
        mut check: impl FnMut(usize, &crate::scene::Scene) -> Result<(), E>,
    ) -> Result<crate::scene::Scene, E> {
        let mut scenes: Vec<(crate::scene::Scene, String)> = Vec::with_capacity(self.panels.len());
        // Several panels share one legend under the figure: each panel's counts and source.
        let several = self.panels.len() > 1;
        let mut legends: Vec<([usize; 3], Option<String>)> = Vec::new();
        for (i, p) in self.panels.iter().enumerate() {
            let panel = {
                let mut view = p.view;
                if let (Some(w), 1) = (self.width, self.panels.len()) {
                    view.width = w;
                }
                let mut overlay = p.overlay.clone();
                if self.panels.len() == 1 {
                    overlay.title = self.title.clone();
                }
                // An expectation's square names a cell of its own position: only a panel drawing
                // that position shows it.
                let same = |e: &&Expectation| {
                    e.position.variant().id == p.position.variant().id && e.position.fen() == p.position.fen()
                };
                if let Some(e) = self
                    .expect
                    .iter()
                    .filter(same)
                    .find(|e| overlay.moves.contains(&e.square) || self.panels.len() == 1)
                {
                    overlay.expect = Some((e.square, e.destinations.clone()));
                    overlay.expect_source = e.source.clone();
                    if !overlay.moves.contains(&e.square) {
                        overlay.moves.push(e.square);
                    }
                }
                let scene = if several {
                    let (scene, counts) = crate::figure::render_panel(&p.position, &overlay, &view, theme);
                    legends.extend(counts.map(|c| (c, overlay.expect_source.clone())));
                    scene
                } else {
                    crate::figure::render(&p.position, &overlay, &view, theme)
                };
                (scene, p.caption.clone().unwrap_or_default())
            };
            check(i, &panel.0)?;
            scenes.push(panel);
        }
        if scenes.len() == 1
            && let Some((s, caption)) = scenes.pop()
        {
            if caption.is_empty() {
                return Ok(s);
            }
            // A single panel's caption is drawn under it, as in a figure of several panels.
            let title = if s.title.is_empty() { caption.clone() } else { s.title.clone() };
            let mut framed = crate::figure::panels(vec![(s, caption)], 1, None, theme);
            framed.title = title;
            return Ok(framed);
        }
        let columns = if self.columns == 0 { scenes.len().min(5) } else { self.columns };
        let mut scene = crate::figure::panels(scenes, columns, self.title.as_deref(), theme);
        if let Some((first, source)) = legends.first() {
            // The counts when every panel's agree; the source when every panel names the same.
            let counts = legends.iter().all(|(c, _)| c == first).then_some(*first);
            let source = legends.iter().all(|(_, s)| s == source).then_some(source.as_deref()).flatten();
            crate::figure::legend_under(&mut scene, theme, counts, source);
        }
        Ok(match self.width {
            Some(w) => scaled(scene, w),
            None => scene,
        })
    }
}

/// A scene scaled to a width.
fn scaled(mut scene: crate::scene::Scene, width: f64) -> crate::scene::Scene {
    let k = width / scene.width;
    let children = std::mem::take(&mut scene.nodes);
    scene.nodes.push(crate::scene::Node::Group(crate::scene::Group {
        class: "figure".into(),
        data: Vec::new(),
        offset: crate::scene::Pt::default(),
        scale: k,
        children,
    }));
    scene.width = width;
    scene.height = (scene.height * k).ceil();
    scene
}
