//! Located errors: an input text with its name ([`Source`]), errors at a line and column with an
//! excerpt of the offending line and a caret ([`InputError`]), and the TOML reader's messages
//! rewritten in the user's words (an unknown key comes with the nearest known one).

use super::file::without_bom;
use super::{MAX_INPUT, MAX_TEXT};
use crate::rules::variant::VariantId;
use crate::suggest::edit_distance;
use serde::Deserialize;
use serde_spanned::Spanned;
use std::fmt;
use std::ops::Range;

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
pub(crate) fn is_drawable(c: char) -> bool {
    !(matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}' | '\u{FFFE}' | '\u{FFFF}'))
}

/// Checks a text written into a figure (a title, caption or label): the byte offset of the first
/// character it cannot hold, and what is wrong.
pub(crate) fn check_text(s: &str) -> Result<(), (usize, String)> {
    match s.char_indices().find(|&(_, c)| !is_drawable(c)) {
        None => Ok(()),
        Some((at, c)) => {
            Err((at, format!("holds the control character U+{:04X}, which a figure cannot hold", c as u32)))
        }
    }
}

/// Where a bad input was given, so that each front end says it in its own words without reading
/// it back from a message: a file's line and column, a flag, a URL query's pair, a Python
/// keyword argument, or the figure or its animation as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// A file, or a text read as one (an overlay sent to the server is `overlay`): its name as
    /// given, and the 1-based line and column (in characters) of the fault, both 0 when the
    /// whole file is meant.
    File {
        /// The file's name as given.
        name: String,
        /// 1-based line (0 when the whole file is meant).
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// A command-line flag as written in a message: `--width`, or with a mark's text, ``--cross
    /// `z9` ``.
    Flag(String),
    /// A URL query's pair.
    Query {
        /// Its name.
        key: String,
        /// Its value.
        value: String,
    },
    /// A keyword argument of the Python package.
    Keyword {
        /// Its name.
        name: String,
        /// Its value, as text.
        value: String,
    },
    /// The figure as a whole (its options together, no one of them).
    Figure,
    /// The figure's animation as a whole.
    Animation,
}

impl fmt::Display for Place {
    /// The place as the command names it before a message: `a.toml:3:7`, `--width`, ``URL query
    /// `width=9000` ``, ``keyword argument `width=9000` ``, `the figure`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::File { name, line: 0, .. } => f.write_str(name),
            Place::File { name, line, column } => write!(f, "{name}:{line}:{column}"),
            Place::Flag(flag) => f.write_str(flag),
            Place::Query { key, value } => write!(f, "URL query `{key}={value}`"),
            Place::Keyword { name, value } => write!(f, "keyword argument `{name}={value}`"),
            Place::Figure => f.write_str("the figure"),
            Place::Animation => f.write_str("the animation"),
        }
    }
}

/// A problem in an input, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputError {
    /// Where it was given.
    pub place: Place,
    /// What is wrong.
    pub message: String,
    /// The text of the offending line, in a file.
    pub source_line: Option<String>,
}

impl InputError {
    /// An error at a place, with no line of a file to show.
    pub fn at(place: Place, message: impl Into<String>) -> InputError {
        InputError { place, message: message.into(), source_line: None }
    }

    /// The line and column in a file, when it is at one (1-based).
    pub fn line_column(&self) -> Option<(usize, usize)> {
        match self.place {
            Place::File { line, column, .. } if line > 0 => Some((line, column)),
            _ => None,
        }
    }
}

/// Longest source line shown whole in an error; a longer one is cut around the column.
const EXCERPT: usize = 100;

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)?;
        if let (Some(src), Some((line, column))) = (&self.source_line, self.line_column()) {
            let (shown, column) = excerpt(src, column);
            let pad = " ".repeat(column.saturating_sub(1));
            write!(f, "\n{line:>5} | {shown}\n      | {pad}^")?;
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

    /// An error at a byte offset; one inside a character is taken back to that character's start.
    pub(crate) fn error_at(&self, offset: usize, message: impl Into<String>) -> InputError {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.text[line_start..offset].chars().count() + 1;
        let source_line = self.text[line_start..].lines().next().map(str::to_string);
        let place = Place::File { name: self.name.to_string(), line, column };
        InputError { place, message: message.into(), source_line }
    }

    /// An error about a spanned value.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> InputError {
        self.error_at(span.start, message)
    }

    /// An error at byte `at` of a string value whose span (quotes included) is `span`: there when
    /// the value is written without escapes, else at the value's start.
    pub(crate) fn error_in_string(
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
        InputError::at(Place::File { name: self.name.to_string(), line: 0, column: 0 }, message)
    }

    pub(crate) fn check_size(&self) -> Result<(), InputError> {
        if self.text.len() > MAX_INPUT {
            return Err(self.whole(format!("is larger than {MAX_INPUT} bytes")));
        }
        Ok(())
    }

    /// A variant named by a spanned value.
    pub(crate) fn variant(&self, v: &Spanned<String>) -> Result<VariantId, InputError> {
        v.get_ref().parse().map_err(|e: crate::rules::variant::UnknownVariant| self.error(v.span(), e.to_string()))
    }

    /// The text (without a byte-order mark).
    pub fn text(&self) -> &'a str {
        self.text
    }

    fn check_depth(&self) -> Result<(), InputError> {
        self.check_size()?;
        match too_deep(self.text) {
            Some(at) => Err(self.error_at(at, format!("keys, tables or lists nested more than {MAX_DEPTH} deep"))),
            None => Ok(()),
        }
    }

    /// Parses TOML into a table of spanned keys and values, for readers that know their keys
    /// from a table of their own ([`super::options::TABLE`]); the parser's errors located.
    pub(crate) fn table(&self) -> Result<Spanned<toml::de::DeTable<'a>>, InputError> {
        self.check_depth()?;
        toml::de::DeTable::parse(self.text).map_err(|e| {
            let message = explain_toml(e.message());
            match e.span() {
                Some(span) => self.error(span, message),
                None => self.whole(message),
            }
        })
    }

    /// Parses TOML into `T`, turning the parser's errors into located ones (with a suggestion for
    /// an unknown key).
    pub(crate) fn toml<T: for<'de> Deserialize<'de>>(&self) -> Result<T, InputError> {
        self.check_depth()?;
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
pub(crate) fn explain_toml(message: &str) -> String {
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
