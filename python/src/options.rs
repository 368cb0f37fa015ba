//! The options table as Python sees it: which keyword a figure or an animation takes, and of
//! what type, one row for each option of the library's table that has a flag. The typed stubs
//! (`pysrc/dotchess/_options.py`) are generated from it (`python/gen_options.py`), and a test
//! keeps the two equal.

use dotchess::input::{Level, Spec, Ty, option_rows};
use pyo3::prelude::*;

/// Whether an option with a flag is taken by an animation (`animated`) or a still figure.
pub fn applies(spec: &Spec, animated: bool) -> bool {
    match animated {
        true => !matches!(spec.file, "background" | "dpi"),
        false => spec.level != Level::Animation,
    }
}

/// The kind of value an option takes, as the stubs type it.
fn kind(ty: &Ty) -> (&'static str, Vec<&'static str>) {
    match ty {
        Ty::Switch { .. } => ("switch", Vec::new()),
        Ty::Number { .. } => ("number", Vec::new()),
        Ty::Whole { .. } => ("whole", Vec::new()),
        Ty::Choice(c) => ("choice", c.names().to_vec()),
        Ty::Text | Ty::Theme | Ty::Background => ("text", Vec::new()),
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

/// Every keyword a figure or an animation takes, in the table's order; an option with a URL
/// query name different from its file key appears under both.
#[pyfunction]
pub fn option_table() -> Vec<Row> {
    let mut rows = Vec::new();
    for spec in option_rows().filter(|s| s.flag.is_some()) {
        let (k, choices) = kind(&spec.ty);
        let choices: Vec<String> = choices.into_iter().map(String::from).collect();
        let names = std::iter::once(spec.file).chain(spec.query.filter(|q| *q != spec.file));
        for name in names {
            rows.push((
                name.to_string(),
                k.to_string(),
                choices.clone(),
                applies(spec, false),
                applies(spec, true),
                spec.help.to_string(),
            ));
        }
    }
    rows
}
