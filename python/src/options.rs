//! The options table as Python sees it: which keyword a figure or an animation takes, and of
//! what type, one row for each option of the library's table that has a flag. The typed stubs
//! (`pysrc/dotchess/_options.py`) are generated from it (`python/gen_options.py`), and a test
//! keeps the two equal.

use dotchess::input::{Spec, Ty, option_rows};
use pyo3::prelude::*;

/// The kind of value an option takes, as the stubs type it.
fn kind(ty: &Ty) -> (&'static str, Vec<&'static str>) {
    match ty {
        Ty::Switch { .. } => ("switch", Vec::new()),
        Ty::Number { .. } => ("number", Vec::new()),
        Ty::Whole { .. } => ("whole", Vec::new()),
        Ty::Choice(c) => ("choice", c.names().to_vec()),
        Ty::Text | Ty::Background => ("text", Vec::new()),
        Ty::Theme => ("theme", Vec::new()),
        Ty::NumberOrFile(_) => ("number_or_file", Vec::new()),
        Ty::Window => ("window", Vec::new()),
        Ty::Plays => ("plays", Vec::new()),
        Ty::Mark(_) => ("mark", Vec::new()),
        Ty::Move => ("move", Vec::new()),
    }
}

/// One keyword: its name, the kind of value, the names a choice takes, whether a still figure
/// and an animation take it, and its help.
type Row = (String, String, Vec<String>, bool, bool, String);

/// The option a keyword names: an overlay file's key first, else a URL query's name (as
/// `FigureOptions::from_keywords` reads them).
fn named(name: &str) -> Option<&'static Spec> {
    option_rows().find(|s| s.file == name).or_else(|| option_rows().find(|s| s.query == Some(name)))
}

/// Every keyword a figure or an animation takes, in the table's order, each once: the options
/// with a flag, under their file key and their URL query name.
#[pyfunction]
pub fn option_table() -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    let names = option_rows().flat_map(|s| std::iter::once(s.file).chain(s.query));
    for name in names {
        let Some(spec) = named(name).filter(|s| s.flag.is_some()) else { continue };
        if rows.iter().any(|r| r.0 == name) {
            continue;
        }
        let (k, choices) = kind(&spec.ty);
        rows.push((
            name.to_string(),
            k.to_string(),
            choices.into_iter().map(String::from).collect(),
            spec.takes(false),
            spec.takes(true),
            spec.help.to_string(),
        ));
    }
    rows
}
