//! The figure's options — every value a user sets by a command-line flag, a key of an overlay
//! file or a pair of a URL query — in one table ([`TABLE`]): each option's names, type, limits,
//! default and the views it belongs to. The three readers ([`FigureOptions::from_query`], the
//! overlay reader's [`Value::from_toml`], and the command line's flags, whose `value_parser` is
//! [`parse_text`]) all go through it, so an option means the same wherever it is given.
//!
//! Every value read keeps where it came from ([`Origin`]: the flag, the file's line and column, or
//! the query pair), so that the one check made after the sources are merged
//! ([`super::check::figure`]: flags override the file) names it in its message.

use super::MAX_TEXT;
use super::diagnostics::{InputError, Place, Source, check_text};
use crate::draw::document::Background;
use crate::draw::theme::Theme;
pub(crate) use crate::suggest::or_list;
use std::ops::Range;
use std::sync::Arc;

pub use super::table::{
    Along, Applies, Choice, Key, Level, MAX_PLAYS, MAX_WINDOW, MAX_WINDOW_OFFSET, Spec, TABLE, Ty, by_file_name,
    by_query_name, spec,
};
use crate::draw::animation::Kind;
use crate::draw::figure::{Coordinates, Orientation, View};
use crate::rules::topology::Pole;

/// A theme as an option names it.
#[derive(Clone, PartialEq, Debug)]
pub enum ThemeValue {
    /// A built-in theme's name, or a theme file not read yet.
    Named(String),
    /// A theme read (from a file, by the front end that knows where files are).
    Read(Box<Theme>),
}

/// A value of an option, as read, checked against the limits that do not depend on the board.
#[derive(Clone, PartialEq, Debug)]
#[allow(missing_docs)]
pub enum Value {
    Bool(bool),
    Number(f64),
    Whole(i64),
    View(View),
    Coordinates(Coordinates),
    Orientation(Orientation),
    Pole(Pole),
    Kind(Kind),
    Text(String),
    Theme(ThemeValue),
    Background(Background),
    /// A number, or a file letter.
    NumberOrFile(NumberOrFile),
    Window([i64; 4]),
    Plays(u32),
}

/// A number, or a file letter (its middle).
#[derive(Clone, PartialEq, Debug)]
pub enum NumberOrFile {
    /// A number.
    Number(f64),
    /// A file letter, resolved on the board.
    File(String),
}

/// An input text with its name, shared by the values read from it.
#[derive(Debug, PartialEq)]
pub struct Named {
    /// The file's name as given.
    pub name: String,
    /// Its text (without a byte-order mark).
    pub text: String,
}

/// Where a value came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// A command-line flag and the text given to it.
    Flag {
        /// The flag (`--frames`).
        flag: &'static str,
        /// The text given (empty for a switch).
        text: String,
    },
    /// A file's key: its text and the value's span, and the key's name (`None` for a mark, whose
    /// messages name the mark).
    File {
        /// The file.
        file: Arc<Named>,
        /// The value's bytes in it.
        span: Range<usize>,
        /// The key.
        key: Option<&'static str>,
    },
    /// A URL query's pair.
    Query {
        /// Its name.
        name: String,
        /// Its value.
        text: String,
    },
    /// A keyword argument of the Python package.
    Keyword {
        /// Its name.
        name: String,
        /// Its value, as text.
        text: String,
    },
}

impl Origin {
    /// An error about the value, in words that read after the option's name.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        let message = message.into();
        match self {
            Origin::Flag { flag, text } => InputError::at(Place::Flag(mark_shown(flag, text)), message),
            Origin::File { file, span, key } => {
                let src = Source::new(&file.name, &file.text);
                match key {
                    Some(k) => src.error(span.clone(), format!("`{k}`: {message}")),
                    None => src.error(span.clone(), message),
                }
            }
            Origin::Query { name, text } => {
                InputError::at(Place::Query { key: name.clone(), value: text.clone() }, message)
            }
            Origin::Keyword { name, text } => {
                InputError::at(Place::Keyword { name: name.clone(), value: text.clone() }, message)
            }
        }
    }

    /// An error at byte `at` of the value `value` (a mark's part): in a file, there when the
    /// value is written without escapes, else at its start.
    pub(crate) fn error_within(&self, value: &str, at: usize, message: impl Into<String>) -> InputError {
        match self {
            Origin::File { file, span, key: None } => {
                let src = Source::new(&file.name, &file.text);
                src.error_in_string(span.clone(), value, at, message)
            }
            _ => self.error(message),
        }
    }

    /// How the option is spelled where it was given: `--width`, `` `width` ``, `width=`.
    pub(crate) fn spelling(&self, key: Key) -> String {
        let s = spec(key);
        match self {
            Origin::Flag { .. } => s.flag.unwrap_or(s.file).to_string(),
            Origin::File { .. } | Origin::Keyword { .. } => format!("`{}`", s.file),
            Origin::Query { .. } => format!("`{}=`", s.query.unwrap_or(s.file)),
        }
    }
}

/// A flag's name in a message, with the value when it is a mark (`--cross `z9``).
fn mark_shown(flag: &str, text: &str) -> String {
    let marks = TABLE.iter().any(|s| s.flag == Some(flag) && matches!(s.ty, Ty::Mark(_) | Ty::Move));
    if marks { format!("{flag} `{text}`") } else { flag.to_string() }
}

/// A value given for an option, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Given {
    /// The option.
    pub key: Key,
    /// The value.
    pub value: Value,
    /// Where it was given.
    pub origin: Origin,
}

/// Options as one source gives them (flags, a file's level, a query), unchecked against each
/// other and the board; or several sources merged ([`FigureOptions::over`]).
#[derive(Clone, Default, Debug, PartialEq)]
pub struct FigureOptions {
    given: Vec<Given>,
}

/// A number as a message shows it: plainly when it is of a reasonable size, else in scientific
/// notation (`1e-300`, not three hundred digits).
pub(crate) fn shown_number(v: f64) -> String {
    if v.is_finite() && (v == 0.0 || (1e-3..1e9).contains(&v.abs())) { format!("{v}") } else { format!("{v:e}") }
}

/// A value an option cannot take, found before the board is known ([`parse_text`],
/// `Value::from_toml`; a turn or a longitude in files, on the board): each says what the option
/// takes, in words that read after the option's name, and is placed by the caller at the flag,
/// the query pair or the file's key.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum ValueError {
    /// Text that is not a number.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// Text that is not a whole number.
    #[error("`{0}` is not a whole number")]
    NotAWholeNumber(String),
    /// A whole number too large for 64 bits.
    #[error("`{0}` is too large")]
    TooLarge(String),
    /// Text that is not a switch's value.
    #[error("is true or false, not `{0}`")]
    NotASwitch(String),
    /// A name of none of the option's choices, with the nearest one when one is near.
    #[error("{}", unknown_choice(*.key, .given, .names, *.near))]
    UnknownName {
        /// The option.
        key: Key,
        /// The name given.
        given: String,
        /// The names it takes.
        names: &'static [&'static str],
        /// The nearest of them, when it is near enough to be meant.
        near: Option<&'static str>,
    },
    /// A background that is neither `none` nor a colour.
    #[error(transparent)]
    Background(#[from] crate::draw::document::BackgroundError),
    /// A number out of the option's range.
    #[error("{value} is out of range ({range})")]
    OutOfRange {
        /// The number, as messages show it.
        value: String,
        /// The range, in words (`100 to 8000 pixels`).
        range: String,
    },
    /// A number of plays out of range.
    #[error("{n} is out of range: {} to {MAX_PLAYS} plays", if *.zero { "0 (forever) or 1" } else { "true (forever), false (once) or 1" })]
    Plays {
        /// The number given.
        n: i64,
        /// Whether 0 (forever) is a number this front end takes.
        zero: bool,
    },
    /// A text longer than a figure holds.
    #[error("is longer than {MAX_TEXT} characters")]
    TooLong,
    /// A text with a character a figure cannot hold.
    #[error("{0}")]
    Undrawable(String),
    /// A chart window not written as four numbers.
    #[error("is four numbers x0,y0,cols,rows, not `{0}`")]
    NotAWindow(String),
    /// A chart window in a file not written as four whole numbers.
    #[error("is four whole numbers: x0, y0, columns, rows")]
    NotAWindowList,
    /// A chart window too large.
    #[error("columns and rows must be 1 to {MAX_WINDOW}")]
    WindowSize,
    /// A chart window too far from the board.
    #[error("x0 and y0 must be -{MAX_WINDOW_OFFSET} to {MAX_WINDOW_OFFSET}")]
    WindowOffset,
    /// A file's value of another type than the option's.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the option takes.
        expected: &'static str,
        /// What the file wrote (`found_words`).
        found: String,
    },
    /// A letter that is not a file of the board.
    #[error("`{0}` is neither a number nor a file letter of this board")]
    NotAFile(String),
}

/// The message for a name that is none of an option's choices.
fn unknown_choice(key: Key, given: &str, names: &[&str], near: Option<&str>) -> String {
    let hint = near.map_or(String::new(), |n| format!("; did you mean `{n}`?"));
    match key {
        Key::View => format!("unknown view `{given}` ({}{hint})", or_list(names)),
        Key::Kind => format!("unknown animation `{given}` ({}{hint})", or_list(names)),
        _ => format!("is {}, not `{given}`{hint}", or_list(names)),
    }
}

impl From<ValueError> for String {
    fn from(e: ValueError) -> String {
        e.to_string()
    }
}

/// Reads an option's value written as text (a flag's, a query's), checked against the limits
/// that do not depend on the board. The command line's `value_parser` for each flag.
pub fn parse_text(key: Key, text: &str) -> Result<Value, ValueError> {
    let s = spec(key);
    let t = text.trim();
    let number =
        || t.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| ValueError::NotANumber(text.to_string()));
    let whole = || t.parse::<i64>().map_err(|_| ValueError::NotAWholeNumber(text.to_string()));
    let value = match s.ty {
        Ty::Switch { .. } => match t {
            "true" | "1" | "yes" | "on" | "" => Value::Bool(true),
            "false" | "0" | "no" | "off" => Value::Bool(false),
            _ => return Err(ValueError::NotASwitch(text.to_string())),
        },
        Ty::Number { .. } => Value::Number(number()?),
        Ty::Whole { .. } => Value::Whole(whole()?),
        Ty::Choice(choice) => choice_value(key, choice, t)?,
        Ty::Text | Ty::Mark(_) | Ty::Move => Value::Text(text.to_string()),
        Ty::Theme => Value::Theme(ThemeValue::Named(t.to_string())),
        Ty::Background => Value::Background(Background::parse(t)?),
        // Not finite: refused by the range check (on the board, for files).
        Ty::NumberOrFile(_) => match t.parse::<f64>() {
            Ok(v) => Value::NumberOrFile(NumberOrFile::Number(v)),
            Err(_) => Value::NumberOrFile(NumberOrFile::File(t.to_string())),
        },
        Ty::Window => {
            let parts: Result<Vec<i64>, _> = t.split(',').map(|x| x.trim().parse::<i64>()).collect();
            match parts.as_deref() {
                Ok(&[a, b, c, d]) => Value::Window([a, b, c, d]),
                _ => return Err(ValueError::NotAWindow(text.to_string())),
            }
        }
        Ty::Plays => Value::Plays(plays(whole()?, true)?),
    };
    check_value(s, value)
}

/// The value of a choice named `t` (in any case), through its type's [`std::str::FromStr`]; or
/// an error naming the choices (with the nearest one).
fn choice_value(key: Key, choice: Choice, t: &str) -> Result<Value, ValueError> {
    let read = match choice {
        Choice::View => t.parse().map(Value::View),
        Choice::Coordinates => t.parse().map(Value::Coordinates),
        Choice::Orientation => t.parse().map(Value::Orientation),
        Choice::Pole => t.parse().map(Value::Pole),
        Choice::Kind => t.parse().map(Value::Kind),
    };
    read.map_err(|e| {
        let near = e
            .names
            .iter()
            .map(|n| (crate::suggest::edit_distance(&t.to_ascii_lowercase(), n), *n))
            .min()
            .filter(|&(d, _)| d <= t.chars().count().max(2) / 2 + 1)
            .map(|(_, n)| n);
        ValueError::UnknownName { key, given: t.to_string(), names: e.names, near }
    })
}

/// Plays: 0 (forever, where `zero` allows it) or 1 to [`MAX_PLAYS`].
fn plays(n: i64, zero: bool) -> Result<u32, ValueError> {
    let lowest = if zero { 0 } else { 1 };
    if (lowest..=MAX_PLAYS).contains(&n) {
        return Ok(n as u32);
    }
    Err(ValueError::Plays { n, zero })
}

/// Checks a value against its row's limits that do not depend on the board.
fn check_value(s: &Spec, value: Value) -> Result<Value, ValueError> {
    let out = |v: f64, range: String| Err(ValueError::OutOfRange { value: shown_number(v), range });
    match (&s.ty, &value) {
        (Ty::Number { min, max, unit }, Value::Number(v)) if !(min..=max).contains(&v) => {
            let range = if s.key == Key::Seconds { "more than 0".to_string() } else { format!("{min} to {max}") };
            out(*v, format!("{range} {unit}"))
        }
        (Ty::Number { .. }, Value::Number(v)) if s.key == Key::Seconds && *v <= 0.0 => {
            out(*v, "more than 0 seconds".into())
        }
        (Ty::Whole { min, max }, Value::Whole(v)) if !(min..=max).contains(&v) => {
            Err(ValueError::OutOfRange { value: v.to_string(), range: format!("{min} to {max}") })
        }
        (Ty::NumberOrFile(Along::Degrees(limit)), Value::NumberOrFile(NumberOrFile::Number(v)))
            if !(-limit..=*limit).contains(v) =>
        {
            out(*v, format!("-{limit} to {limit} degrees"))
        }
        (Ty::Text, Value::Text(t)) => {
            if t.chars().count() > MAX_TEXT {
                return Err(ValueError::TooLong);
            }
            check_text(t).map_err(|(_, m)| ValueError::Undrawable(m))?;
            Ok(value)
        }
        (Ty::Window, Value::Window([x0, y0, cols, rows])) => {
            if !(1..=MAX_WINDOW).contains(cols) || !(1..=MAX_WINDOW).contains(rows) {
                return Err(ValueError::WindowSize);
            }
            if x0.abs() > MAX_WINDOW_OFFSET || y0.abs() > MAX_WINDOW_OFFSET {
                return Err(ValueError::WindowOffset);
            }
            Ok(value)
        }
        _ => Ok(value),
    }
}

impl Value {
    /// Reads an option's value from a file (TOML), checked as [`parse_text`] checks text. `Err`:
    /// the message, to be located at the value.
    pub(crate) fn from_toml(key: Key, v: &toml::de::DeValue) -> Result<Value, ValueError> {
        use toml::de::DeValue as T;
        let s = spec(key);
        let expected = |expected: &'static str| ValueError::Expected { expected, found: found_words(v) };
        let number = |what| toml_number(v).ok_or_else(|| expected(what));
        let value = match (&s.ty, v) {
            (Ty::Switch { .. }, T::Boolean(b)) => Value::Bool(*b),
            (Ty::Switch { .. }, _) => return Err(expected("true or false")),
            (Ty::Number { .. }, _) => Value::Number(number("a number")?),
            (Ty::Whole { .. }, T::Integer(i)) => Value::Whole(toml_integer(i)?),
            (Ty::Whole { .. }, _) => return Err(expected("a whole number")),
            (Ty::Plays, T::Boolean(true)) => Value::Plays(0),
            (Ty::Plays, T::Boolean(false)) => Value::Plays(1),
            (Ty::Plays, T::Integer(i)) => Value::Plays(plays(toml_integer(i)?, false)?),
            (Ty::Plays, _) => return Err(expected("true, false or a number of plays")),
            (Ty::NumberOrFile(_), T::String(t)) => Value::NumberOrFile(NumberOrFile::File(t.to_string())),
            (Ty::NumberOrFile(_), _) => Value::NumberOrFile(NumberOrFile::Number(number("a number or a file letter")?)),
            (Ty::Window, T::Array(items)) => {
                let n: Option<Vec<i64>> = items
                    .iter()
                    .map(|x| match x.get_ref() {
                        T::Integer(i) => toml_integer(i).ok(),
                        _ => None,
                    })
                    .collect();
                match n.as_deref() {
                    Some(&[a, b, c, d]) => Value::Window([a, b, c, d]),
                    _ => return Err(ValueError::NotAWindowList),
                }
            }
            (Ty::Window, _) => return Err(expected("a list `[x0, y0, columns, rows]`")),
            (_, T::String(t)) => return parse_text(key, t),
            (_, _) => return Err(expected("a string in quotes")),
        };
        check_value(s, value)
    }
}

fn toml_integer(i: &toml::de::DeInteger) -> Result<i64, ValueError> {
    i64::from_str_radix(&i.as_str().replace('_', ""), i.radix())
        .map_err(|_| ValueError::TooLarge(i.as_str().to_string()))
}

fn toml_number(v: &toml::de::DeValue) -> Option<f64> {
    match v {
        toml::de::DeValue::Integer(i) => toml_integer(i).ok().map(|i| i as f64),
        toml::de::DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
        _ => None,
    }
}

/// What a TOML value is, for messages: `the string `x``, `the number 3`, `a list`.
pub(crate) fn found_words(v: &toml::de::DeValue) -> String {
    use toml::de::DeValue as T;
    match v {
        T::String(s) => format!("the string \"{s}\""),
        T::Integer(i) => format!("the number {}", i.as_str()),
        T::Float(f) => format!("the number {}", f.as_str()),
        T::Boolean(b) => b.to_string(),
        T::Datetime(d) => format!("the date {d}"),
        T::Array(_) => "a list".into(),
        T::Table(_) => "a table".into(),
    }
}

impl FigureOptions {
    /// Adds a value.
    pub fn push(&mut self, key: Key, value: Value, origin: Origin) {
        self.given.push(Given { key, value, origin });
    }

    /// The value given for an option (the last one given).
    pub fn get(&self, key: Key) -> Option<&Given> {
        self.given.iter().rev().find(|g| g.key == key)
    }

    /// Every value given for an option, in order (the marks).
    pub fn all(&self, key: Key) -> impl Iterator<Item = &Given> {
        self.given.iter().filter(move |g| g.key == key)
    }

    /// Every value given, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Given> {
        self.given.iter()
    }

    /// The number given for an option, if any.
    pub(crate) fn number(&self, key: Key) -> Option<f64> {
        self.get(key).and_then(|g| if let Value::Number(v) = g.value { Some(v) } else { None })
    }

    /// The whole number given for an option, if any.
    pub(crate) fn whole(&self, key: Key) -> Option<i64> {
        self.get(key).and_then(|g| if let Value::Whole(v) = g.value { Some(v) } else { None })
    }

    /// The text given for an option, if any.
    pub(crate) fn text(&self, key: Key) -> Option<&str> {
        self.get(key).and_then(|g| if let Value::Text(t) = &g.value { Some(t.as_str()) } else { None })
    }

    /// The view given, if any: the named view with its defaults.
    pub(crate) fn view(&self) -> Option<View> {
        self.get(Key::View).and_then(|g| if let Value::View(v) = g.value { Some(v) } else { None })
    }

    /// The animation given, if any.
    pub(crate) fn kind(&self) -> Option<Kind> {
        self.get(Key::Kind).and_then(|g| if let Value::Kind(k) = g.value { Some(k) } else { None })
    }

    /// The background given, if any.
    pub(crate) fn background(&self) -> Option<Background> {
        self.get(Key::Background).and_then(|g| if let Value::Background(b) = g.value { Some(b) } else { None })
    }

    /// Whether any option of a level is given.
    pub fn has(&self, level: Level) -> bool {
        self.given.iter().any(|g| spec(g.key).level == level)
    }

    /// The values of one level only.
    pub fn level(&self, level: Level) -> FigureOptions {
        FigureOptions { given: self.given.iter().filter(|g| spec(g.key).level == level).cloned().collect() }
    }

    /// These options over `base`: what both give, this one's value replacing the base's (and
    /// `frames` replacing `seconds` and the other way round, as they are two ways of saying one
    /// thing); marks are added to the base's.
    pub fn over(&self, base: &FigureOptions) -> FigureOptions {
        let replaced = |k: Key| match k {
            Key::Frames | Key::Seconds => self.get(Key::Frames).or(self.get(Key::Seconds)).is_some(),
            k => spec(k).level != Level::Mark && self.get(k).is_some(),
        };
        let mut given: Vec<Given> = base.given.iter().filter(|g| !replaced(g.key)).cloned().collect();
        given.extend(self.given.iter().cloned());
        FigureOptions { given }
    }

    /// Refuses `frames` and `seconds` given together by one source, and an option given twice
    /// that is not a repeatable mark (`lastmove`, `pseudo`, `check` and `over_pieces` are marks
    /// that hold one value).
    pub(crate) fn check_single(&self) -> Result<(), InputError> {
        for (i, g) in self.given.iter().enumerate() {
            let before = &self.given[..i];
            if !matches!(spec(g.key).ty, Ty::Mark(_)) && before.iter().any(|b| b.key == g.key) {
                return Err(g.origin.error("is given twice"));
            }
            let other = match g.key {
                Key::Frames => Some(Key::Seconds),
                Key::Seconds => Some(Key::Frames),
                _ => None,
            };
            if let Some(o) = other.and_then(|o| before.iter().find(|b| b.key == o)) {
                let (a, b) = (o.origin.spelling(o.key), g.origin.spelling(g.key));
                return Err(g.origin.error(format!("give {a} or {b}, not both")));
            }
        }
        Ok(())
    }

    /// Reads the pairs of a URL query (`view=globe&longitude=g&square=d5`), each name as the
    /// table's query names write it, values percent-decoded (`+` is a space). A name the table
    /// does not know, a value out of range or an option given twice is an error naming the pair.
    /// A theme is a built-in one's name: a query names no file.
    pub fn from_query(query: &str) -> Result<FigureOptions, InputError> {
        FigureOptions::from_pairs(query_pairs(query)?)
    }

    /// [`FigureOptions::from_query`] of pairs already split and decoded ([`query_pairs`]).
    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Result<FigureOptions, InputError> {
        let mut options = FigureOptions::default();
        for (name, text) in pairs {
            let origin = Origin::Query { name: name.clone(), text: text.clone() };
            let Some(s) = by_query_name(&name) else {
                let known: Vec<&str> = TABLE.iter().filter_map(|s| s.query).collect();
                return Err(origin.error(unknown_name(&name, &known)));
            };
            let value = parse_text(s.key, &text).map_err(|m| origin.error(m))?;
            if let Value::Theme(ThemeValue::Named(t)) = &value
                && !crate::draw::theme::BUILT_IN.contains(&t.as_str())
            {
                return Err(origin
                    .error(format!("is a built-in theme ({}), not `{t}`", or_list(&crate::draw::theme::BUILT_IN))));
            }
            options.push(s.key, value, origin);
        }
        options.check_single()?;
        Ok(options)
    }
}

/// The message for a name that is none of `known`: the nearest one, else the list.
pub fn unknown_name(name: &str, known: &[&str]) -> String {
    let best = known.iter().map(|k| (crate::suggest::edit_distance(name, k), *k)).min();
    match best {
        Some((d, k)) if d <= name.chars().count().max(2) / 2 + 1 => {
            format!("unknown key `{name}` (did you mean `{k}`?)")
        }
        _ => format!("unknown key `{name}` (known keys: {})", known.join(", ")),
    }
}

/// The pairs of a URL query, percent-decoded (`+` is a space; a `%` not followed by two hex
/// digits is kept as it is). Bytes that are not UTF-8 once decoded (`title=%ff`) are an error
/// naming the pair, as the command refuses an argument that is not UTF-8.
pub fn query_pairs(query: &str) -> Result<Vec<(String, String)>, InputError> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (n, v) = p.split_once('=').unwrap_or((p, ""));
            let not_text = |what: &str| {
                let name = String::from_utf8_lossy(&percent_decode(n)).into_owned();
                Origin::Query { name, text: v.to_string() }
                    .error(format!("the {what}'s percent-escapes do not decode to UTF-8 text"))
            };
            let name = String::from_utf8(percent_decode(n)).map_err(|_| not_text("key"))?;
            let value = String::from_utf8(percent_decode(v)).map_err(|_| not_text("value"))?;
            Ok((name, value))
        })
        .collect()
}

fn percent_decode(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(a), Some(b)) => {
                    out.push((a * 16 + b) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row's example as TOML writes it.
    fn toml_of(s: &Spec) -> String {
        let e = s.example;
        match s.ty {
            Ty::Switch { .. } | Ty::Number { .. } | Ty::Whole { .. } | Ty::Plays => e.to_string(),
            Ty::NumberOrFile(_) if e.parse::<f64>().is_ok() => e.to_string(),
            Ty::Window => format!("[{e}]"),
            _ => format!("{e:?}"),
        }
    }

    #[test]
    fn every_example_reads_the_same_as_text_and_as_toml() {
        for s in TABLE.iter().filter(|s| !matches!(s.ty, Ty::Mark(_))) {
            let text = parse_text(s.key, s.example).unwrap_or_else(|e| panic!("{}: {e}", s.file));
            let doc = format!("v = {}", toml_of(s));
            let table = toml::de::DeTable::parse(&doc).unwrap();
            let v = table.get_ref().get("v").expect("the value");
            assert_eq!(Value::from_toml(s.key, v.get_ref()), Ok(text), "{}", s.file);
        }
    }

    #[test]
    fn names_are_unique_in_each_front_end() {
        for (i, a) in TABLE.iter().enumerate() {
            for b in &TABLE[i + 1..] {
                assert_ne!(a.key, b.key);
                assert_ne!(a.file, b.file);
                assert!(a.flag.is_none() || a.flag != b.flag, "{}", a.file);
                assert!(a.query.is_none() || a.query != b.query, "{}", a.file);
            }
            assert_eq!(spec(a.key).file, a.file);
        }
    }

    #[test]
    fn limits_are_the_same_as_text_and_as_toml() {
        let toml_value = |doc: &str, key: Key| {
            let table = toml::de::DeTable::parse(doc).unwrap();
            Value::from_toml(key, table.get_ref().get("v").unwrap().get_ref())
        };
        for (key, bad) in [
            (Key::Frames, "601"),
            (Key::Frames, "0"),
            (Key::Fps, "51"),
            (Key::Width, "99"),
            (Key::Dpi, "1e9"),
            (Key::Latitude, "-91"),
            (Key::Longitude, "721"),
            (Key::Roll, "720.5"),
            (Key::Plays, "10001"),
            (Key::Columns, "65"),
            (Key::Seconds, "0"),
        ] {
            let text = parse_text(key, bad).expect_err(bad);
            let toml = toml_value(&format!("v = {bad}"), key).expect_err(bad);
            // The same words, but for how each front end writes "forever".
            if key == Key::Plays {
                let (text, toml) = (text.to_string(), toml.to_string());
                assert!(text.contains("1 to 10000 plays") && toml.contains("1 to 10000 plays"), "{text} / {toml}");
            } else {
                assert_eq!(text, toml, "{key:?} = {bad}");
            }
            assert!(text.to_string().contains("out of range"), "{key:?}: {text}");
        }
        // A file's `loop` is true, false or a number of plays; a flag's 0 is forever.
        assert_eq!(toml_value("v = true", Key::Plays), Ok(Value::Plays(0)));
        assert_eq!(toml_value("v = false", Key::Plays), Ok(Value::Plays(1)));
        assert_eq!(parse_text(Key::Plays, "0"), Ok(Value::Plays(0)));
        assert!(toml_value("v = 0", Key::Plays).is_err());
        // A sign is not a hex digit.
        assert!(parse_text(Key::Background, "#+1+1+1").is_err());
    }

    #[test]
    fn a_query_reads_every_pair_with_its_origin() {
        let q = "view=globe&longitude=g&square=d5&square=e4&title=Rook%20on+d5&tint";
        let o = FigureOptions::from_query(q).unwrap();
        assert_eq!(o.get(Key::View).map(|g| &g.value), Some(&Value::View(View::globe())));
        assert_eq!(o.get(Key::Title).map(|g| &g.value), Some(&Value::Text("Rook on d5".into())));
        assert_eq!(o.get(Key::Tint).map(|g| &g.value), Some(&Value::Bool(true)));
        let squares: Vec<&Value> = o.all(Key::Moves).map(|g| &g.value).collect();
        assert_eq!(squares, [&Value::Text("d5".into()), &Value::Text("e4".into())]);
        let g = o.get(Key::Longitude).unwrap();
        assert_eq!(g.origin, Origin::Query { name: "longitude".into(), text: "g".into() });
        // Errors name the pair.
        let e = FigureOptions::from_query("frames=601").unwrap_err();
        assert!(e.to_string().starts_with("URL query `frames=601`: 601 is out of range"), "{e}");
        let e = FigureOptions::from_query("lattitude=3").unwrap_err();
        assert!(e.to_string().contains("did you mean `latitude`?"), "{e}");
        let e = FigureOptions::from_query("width=300&width=400").unwrap_err();
        assert!(e.to_string().contains("`width=400`: is given twice"), "{e}");
        // A mark that holds one value is one value too; the repeatable marks add up.
        for (k, v) in [("pseudo", "true"), ("check", "false"), ("over_pieces", "true"), ("lastmove", "e2e4")] {
            let e = FigureOptions::from_query(&format!("{k}={v}&{k}={v}")).unwrap_err();
            assert!(e.to_string().contains(&format!("`{k}={v}`: is given twice")), "{e}");
        }
        assert!(FigureOptions::from_query("square=d5&square=e4&arrow=b1:c3&arrow=d2:d4").is_ok());
        let e = FigureOptions::from_query("frames=3&seconds=1").unwrap_err();
        assert!(e.to_string().contains("not both"), "{e}");
        let e = FigureOptions::from_query("theme=..%2Fsecret.toml").unwrap_err();
        assert!(e.to_string().contains("built-in theme"), "{e}");
        assert_eq!(
            query_pairs("?a=%41%zz&b").unwrap(),
            [("a".to_string(), "A%zz".to_string()), ("b".into(), "".into())]
        );
        // UTF-8 escaped is text; an escape of a byte that is not UTF-8 is refused, naming the pair.
        assert_eq!(query_pairs("title=%C3%A9t%C3%A9").unwrap()[0].1, "été");
        let e = query_pairs("view=globe&title=%ff").unwrap_err().to_string();
        assert!(e.contains("`title=%ff`") && e.contains("UTF-8"), "{e}");
        assert!(query_pairs("%ff=1").is_err());
    }

    #[test]
    fn later_sources_override_and_marks_add() {
        let file = FigureOptions::from_query("seconds=2&fps=12&square=d5&width=300").unwrap();
        let flags = FigureOptions::from_query("frames=5&square=e4&width=400").unwrap();
        let both = flags.over(&file);
        assert!(both.get(Key::Seconds).is_none(), "frames replaces seconds");
        assert_eq!(both.get(Key::Frames).map(|g| &g.value), Some(&Value::Whole(5)));
        assert_eq!(both.get(Key::Fps).map(|g| &g.value), Some(&Value::Number(12.0)));
        assert_eq!(both.get(Key::Width).map(|g| &g.value), Some(&Value::Number(400.0)));
        assert_eq!(both.all(Key::Moves).count(), 2);
        assert_eq!(both.all(Key::Width).count(), 1);
    }
}
