//! Theme files: a theme's colours, line widths, fonts and dashes read from TOML, each value
//! checked, errors located in the file.

use super::diagnostics::{InputError, Source, check_text};
use super::options::shown_number;
use crate::draw::theme::Theme;
use serde_spanned::Spanned;

/// Reads a theme file named `name`, with errors located in it (file, line, column).
pub fn read_theme(name: &str, text: &str) -> Result<Theme, InputError> {
    let src = Source::new(name, text);
    let t: Theme = src.toml()?;
    for (key, v) in [
        ("grid_width", t.grid_width),
        ("route_width", t.route_width),
        ("edge_width", t.edge_width),
        ("dot_radius", t.dot_radius),
        ("tint", t.tint),
    ] {
        if !(0.0..=50.0).contains(&v) || (key == "tint" && v > 1.0) || (key == "dot_radius" && v > 0.5) {
            let at = text.find(&format!("\n{key}")).map_or(0, |i| i + 1);
            return Err(src.error_at(at, format!("`{key}` = {} is out of range", shown_number(v))));
        }
    }
    for (key, pattern) in [
        ("loop_dash", &t.loop_dash),
        ("capture_dash", &t.capture_dash),
        ("river_dash", &t.river_dash),
        ("palace_dash", &t.palace_dash),
    ] {
        let total: f64 = pattern.iter().sum();
        if pattern.len() > 8
            || pattern.iter().any(|d| !(0.0..=50.0).contains(d))
            || (!pattern.is_empty() && total <= 0.0)
        {
            let at = text.find(&format!("\n{key}")).map_or(0, |i| i + 1);
            return Err(src.error_at(at, format!("`{key}` is at most 8 lengths of 0 to 50 line widths, not all 0")));
        }
    }
    if let Err((_, message)) = check_text(&t.name) {
        return Err(src.whole(format!("`name` {message}")));
    }
    Ok(t)
}

/// A built-in theme named by a spanned value.
pub(crate) fn built_in(src: &Source, t: &Spanned<String>) -> Result<Theme, InputError> {
    Theme::built_in(t.get_ref()).map_err(|e| src.error(t.span(), e.to_string()))
}

/// A theme named by a spanned value: a built-in name, or a `.toml` theme file that `load` finds
/// (relative to the file `src`, as other files it names).
pub(crate) fn built_in_or_file(
    src: &Source,
    t: &Spanned<String>,
    load: &super::overlay::Loader,
) -> Result<Theme, InputError> {
    let name = t.get_ref();
    if !name.ends_with(".toml") {
        return built_in(src, t);
    }
    let (shown, text) = load(name).map_err(|e| src.error(t.span(), e))?;
    read_theme(&shown, &text)
}
