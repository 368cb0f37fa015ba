//! Options given as keyword arguments, as the Python package takes them (`width=400`,
//! `view="globe"`): each named by its key in an overlay file or its name in a URL query, its
//! value read by the table's parser, and every error said at the keyword
//! ([`super::diagnostics::Place::Keyword`]).

use super::diagnostics::InputError;
use super::options::{FigureOptions, Origin, parse_text, unknown_name};
use super::table::{TABLE, by_file_name, by_query_name};

impl FigureOptions {
    /// The options of keyword arguments, for a still figure or (`animated`) an animation:
    /// those it takes ([`super::table::Spec::takes`]). A theme may name a file (`theme.toml`),
    /// which the caller reads.
    pub fn from_keywords(pairs: &[(String, String)], animated: bool) -> Result<FigureOptions, InputError> {
        let mut options = FigureOptions::default();
        for (name, text) in pairs {
            let spec = by_file_name(name).or_else(|| by_query_name(name));
            let origin = Origin::Keyword { name: name.clone(), text: text.clone() };
            let Some(spec) = spec else {
                let known: Vec<&str> = TABLE.iter().filter(|s| s.flag.is_some()).map(|s| s.file).collect();
                return Err(origin.error(unknown_name(name, &known).replacen("unknown key", "unknown option", 1)));
            };
            if spec.flag.is_none() {
                return Err(origin.error("is set in an overlay, not as an option"));
            }
            if !spec.takes(animated) {
                return Err(
                    origin.error(format!("does not apply to {}", if animated { "animations" } else { "figures" }))
                );
            }
            let value = parse_text(spec.key, text).map_err(|m| origin.error(m))?;
            options.push(spec.key, value, origin);
        }
        Ok(options)
    }
}
