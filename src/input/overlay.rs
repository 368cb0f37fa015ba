//! Overlay files: what to mark on a position (moves, arrows, loops, highlights, labels), the
//! views and panels, the theme and the animation. Read into a [`Draft`]: each level's options as
//! given, with where ([`super::options`]), the panels' positions and the expectations; the flags
//! given beside the file are merged in and everything is checked once by [`super::check`].
//!
//! Every option key is found in the options table, so a file knows the same keys, with the same
//! types and limits, as the flags and the URL query.

use super::diagnostics::{InputError, Source, check_text};
use super::draft::{Draft, PanelDraft};
use super::marks::not_a_cell;
use super::options::{FigureOptions, Key, Level, Named, Origin, ThemeValue, Ty, Value, by_file_name, unknown_name};
use super::position::{PositionSpec, read_position};
use super::{MAX_MARKS, MAX_PANELS, MAX_TEXT};
use crate::draw::document::Expectation;
use crate::rules::position::Position;
use crate::rules::topology::Cell;
use serde_spanned::Spanned;
use std::sync::Arc;
use toml::de::{DeTable, DeValue};

/// Where an overlay file finds other files it names (a panel's `position`, a theme file): given
/// the path as written, their name and text.
pub type Loader<'a> = dyn Fn(&str) -> Result<(String, String), super::file::LoadError> + 'a;

/// The loader of an overlay read on its own, that may name no other file: every name refused.
pub fn no_files(name: &str) -> Result<(String, String), super::file::LoadError> {
    Err(super::file::LoadError::refused(name, "an overlay read on its own names no other file"))
}

/// The keys of a level that are not options.
const TOP: &[&str] = &["panels", "expect", "animation", "why_fewer"];
const PANEL: &[&str] = &["caption", "position", "variant", "each_loop", "why_fewer"];

/// Reads an overlay into a [`Draft`]: its keys known and typed, each value with where it is;
/// positions and theme files named read through `load`.
pub fn read_draft(name: &str, text: &str, base: &PositionSpec, load: &Loader) -> Result<Draft, InputError> {
    let src = Source::new(name, text);
    let root = src.table()?;
    let file = Arc::new(Named { name: name.to_string(), text: src.text().to_string() });
    let r = Reader { src: &src, file: &file, load };
    let mut draft = Draft { file: Some(file.clone()), ..Draft::plain(base) };
    let mut panels = None;
    for (k, v) in in_order(root.get_ref()) {
        match k.get_ref().as_ref() {
            "panels" => panels = Some(v),
            "expect" => draft.expect = r.expectations(base, v)?,
            "animation" => {
                let table = r.table(v, "animation")?;
                for (k, v) in in_order(table) {
                    r.option(k, v, &[Level::Animation], &[], &mut draft.options)?;
                }
            }
            "why_fewer" => draft.why_fewer = Some(r.text(v, "why_fewer")?),
            _ => r.option(k, v, &[Level::Figure, Level::Mark], TOP, &mut draft.options)?,
        }
    }
    if let Some(v) = panels {
        let DeValue::Array(list) = v.get_ref() else {
            return Err(r.expected(v, "panels", "a list of `[[panels]]` tables"));
        };
        if list.len() > MAX_PANELS {
            return Err(src.whole(format!("has {} panels; at most {MAX_PANELS}", list.len())));
        }
        for p in list.iter() {
            draft.panels.push(r.panel(base, p)?);
        }
    }
    draft.options.check_single()?;
    Ok(draft)
}

/// A table's entries in the order the file writes them.
fn in_order<'t, 'i>(table: &'t DeTable<'i>) -> Vec<(&'t Spanned<std::borrow::Cow<'i, str>>, &'t Spanned<DeValue<'i>>)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    entries
}

struct Reader<'r> {
    src: &'r Source<'r>,
    file: &'r Arc<Named>,
    load: &'r Loader<'r>,
}

impl Reader<'_> {
    fn origin(&self, v: &Spanned<DeValue>, key: Option<&'static str>) -> Origin {
        Origin::File { file: self.file.clone(), span: v.span(), key }
    }

    fn expected(&self, v: &Spanned<DeValue>, key: &str, what: &str) -> InputError {
        self.src
            .error(v.span(), format!("`{key}`: expected {what}, found {}", super::options::found_words(v.get_ref())))
    }

    fn table<'t, 'i>(&self, v: &'t Spanned<DeValue<'i>>, key: &str) -> Result<&'t DeTable<'i>, InputError> {
        v.get_ref().as_table().ok_or_else(|| self.expected(v, key, "a table"))
    }

    fn text(&self, v: &Spanned<DeValue>, key: &str) -> Result<String, InputError> {
        let t = v.get_ref().as_str().ok_or_else(|| self.expected(v, key, "a string in quotes"))?;
        if t.chars().count() > MAX_TEXT {
            return Err(self.src.error(v.span(), format!("`{key}` is longer than {MAX_TEXT} characters")));
        }
        if let Err((at, message)) = check_text(t) {
            return Err(self.src.error_in_string(v.span(), t, at, format!("`{key}` {message}")));
        }
        Ok(t.to_string())
    }

    fn bool(&self, v: &Spanned<DeValue>, key: &str) -> Result<bool, InputError> {
        v.get_ref().as_bool().ok_or_else(|| self.expected(v, key, "true or false"))
    }

    /// One option key of a level: its value (a mark list: each mark) added with where it is.
    fn option(
        &self,
        k: &Spanned<std::borrow::Cow<str>>,
        v: &Spanned<DeValue>,
        levels: &[Level],
        others: &[&str],
        into: &mut FigureOptions,
    ) -> Result<(), InputError> {
        let name = k.get_ref().as_ref();
        let allowed = |l: Level, key: Key| levels.contains(&l) || (key == Key::Width && levels.contains(&Level::View));
        let Some(s) = by_file_name(name).filter(|s| allowed(s.level, s.key)) else {
            let mut known: Vec<&str> = super::options::TABLE
                .iter()
                .filter(|s| allowed(s.level, s.key) && (s.key != Key::Columns || levels.contains(&Level::Figure)))
                .map(|s| s.file)
                .collect();
            known.extend(others);
            return Err(self.src.error(k.span(), unknown_name(name, &known)));
        };
        if let Ty::Mark(_) = s.ty {
            let DeValue::Array(list) = v.get_ref() else {
                return Err(self.expected(v, s.file, "a list `[…]` of strings"));
            };
            if list.len() > MAX_MARKS {
                return Err(self.src.error(v.span(), format!("more than {MAX_MARKS} marks of one kind")));
            }
            for m in list.iter() {
                let text = m.get_ref().as_str().ok_or_else(|| self.expected(m, s.file, "a string in quotes"))?;
                into.push(s.key, Value::Text(text.to_string()), self.origin(m, None));
            }
            return Ok(());
        }
        let key_name = if s.ty == Ty::Move { None } else { Some(s.file) };
        let origin = self.origin(v, key_name);
        let mut value = Value::from_toml(s.key, v.get_ref()).map_err(|m| origin.error(m))?;
        if let Value::Theme(ThemeValue::Named(t)) = &value {
            value = Value::Theme(ThemeValue::Read(Box::new(self.theme(t, &origin)?)));
        }
        into.push(s.key, value, origin);
        Ok(())
    }

    /// A built-in theme, or a theme file found through the loader (relative to this file).
    fn theme(&self, name: &str, origin: &Origin) -> Result<crate::draw::theme::Theme, InputError> {
        if !name.ends_with(".toml") {
            return crate::draw::theme::Theme::built_in(name).map_err(|e| origin.error(e.to_string()));
        }
        let (shown, text) = (self.load)(name).map_err(|e| origin.error(e.to_string()))?;
        super::theme::read_theme(&shown, &text)
    }

    fn panel(&self, base: &PositionSpec, p: &Spanned<DeValue>) -> Result<PanelDraft, InputError> {
        let table = self.table(p, "panels")?;
        let mut panel = PanelDraft {
            position: base.position.clone(),
            own_board: false,
            options: FigureOptions::default(),
            caption: None,
            why_fewer: None,
            each_loop: None,
        };
        let (mut file, mut variant) = (None, None);
        for (k, v) in in_order(table) {
            match k.get_ref().as_ref() {
                "caption" => panel.caption = Some(self.text(v, "caption")?),
                "why_fewer" => panel.why_fewer = Some(self.text(v, "why_fewer")?),
                "position" => file = Some(v),
                "variant" => variant = Some(v),
                "each_loop" => {
                    if self.bool(v, "each_loop")? {
                        panel.each_loop = Some(self.origin(v, Some("each_loop")));
                    }
                }
                _ => self.option(k, v, &[Level::View, Level::Mark], PANEL, &mut panel.options)?,
            }
        }
        if panel.options.get(Key::View).is_none() {
            return Err(self.src.error(p.span(), "missing key `view`: a panel names its view"));
        }
        let variant = match variant {
            None => None,
            Some(v) => {
                let name = v.get_ref().as_str().ok_or_else(|| self.expected(v, "variant", "a string in quotes"))?;
                Some(
                    name.parse()
                        .map_err(|e: crate::rules::variant::UnknownVariant| self.src.error(v.span(), e.to_string()))?,
                )
            }
        };
        panel.own_board = file.is_some() || variant.is_some();
        panel.position = match (file, variant) {
            (None, None) => base.position.clone(),
            (Some(f), v) => {
                let path = f.get_ref().as_str().ok_or_else(|| self.expected(f, "position", "a file name in quotes"))?;
                let (n, t) = (self.load)(path).map_err(|e| self.src.error(f.span(), e.to_string()))?;
                read_position(&n, &t, v.unwrap_or(base.position.variant().id))?.position
            }
            (None, Some(v)) => Position::start(v),
        };
        panel.options.check_single()?;
        Ok(panel)
    }

    fn expectations(&self, base: &PositionSpec, v: &Spanned<DeValue>) -> Result<Vec<Expectation>, InputError> {
        let DeValue::Array(list) = v.get_ref() else {
            return Err(self.expected(v, "expect", "a list of `[[expect]]` tables"));
        };
        let pos = &base.position;
        let mut out = Vec::new();
        for e in list.iter() {
            let table = self.table(e, "expect")?;
            let (mut square, mut destinations, mut source) = (None, None, None);
            for (k, v) in in_order(table) {
                match k.get_ref().as_ref() {
                    "square" => square = Some(self.cell(pos, v, "square")?),
                    "destinations" => {
                        let DeValue::Array(cells) = v.get_ref() else {
                            return Err(self.expected(v, "destinations", "a list `[…]` of cells"));
                        };
                        if cells.len() > 1000 {
                            return Err(self.src.error(v.span(), "too many destinations"));
                        }
                        destinations = Some(cells.iter().map(|c| self.cell(pos, c, "destinations")).collect::<Result<
                            Vec<_>,
                            _,
                        >>(
                        )?);
                    }
                    "source" => source = Some(self.text(v, "source")?),
                    name => {
                        return Err(self
                            .src
                            .error(k.span(), unknown_name(name, &["square", "destinations", "source"])));
                    }
                }
            }
            let Some((square, at)) = square else { return Err(self.src.error(e.span(), "missing key `square`")) };
            let Some(destinations) = destinations else {
                return Err(self.src.error(e.span(), "missing key `destinations`"));
            };
            if pos.piece_at(square).is_none() {
                return Err(self.src.error(at, format!("no piece on {}", pos.topology().name(square))));
            }
            let destinations = destinations.into_iter().map(|(c, _)| c).collect();
            out.push(Expectation { position: pos.clone(), square, destinations, source });
        }
        Ok(out)
    }

    fn cell(
        &self,
        pos: &Position,
        v: &Spanned<DeValue>,
        key: &str,
    ) -> Result<(Cell, std::ops::Range<usize>), InputError> {
        let name = v.get_ref().as_str().ok_or_else(|| self.expected(v, key, "a cell name in quotes"))?;
        let cell = pos
            .topology()
            .parse_cell(name)
            .ok_or_else(|| self.src.error_at(v.span().start + 1, not_a_cell(pos, name)))?;
        Ok((cell, v.span()))
    }
}
