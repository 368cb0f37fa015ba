//! Theme files: a theme's colours, line widths, fonts and dashes read from TOML, each value
//! checked, errors located in the file. A theme file need not give every key: those it leaves out
//! come from its `base` (a built-in theme's name, `essay` when not given), so that a theme that
//! changes the light squares is one line.

use super::diagnostics::{InputError, Source, check_text, explain_toml};
use super::options::{or_list, shown_number, unknown_name};
use crate::draw::theme::{BUILT_IN, Theme};
use serde::Deserialize;

/// Reads a theme file named `name`, with errors located in it (file, line, column): `base` (a
/// built-in theme, `essay` when not given) with the file's keys over it. `background = "none"`
/// makes the figures transparent, the base's paper colour staying under labels.
pub fn read_theme(name: &str, text: &str) -> Result<Theme, InputError> {
    let src = Source::new(name, text);
    let table = src.table()?;
    let mut entries: Vec<_> = table.get_ref().iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    let value_text = |span: std::ops::Range<usize>| src.text().get(span).unwrap_or("").to_string();
    let base = match entries.iter().find(|(k, _)| k.get_ref() == "base") {
        None => "essay",
        Some((_, v)) => match v.get_ref().as_str() {
            Some(b) if BUILT_IN.contains(&b) => BUILT_IN.iter().find(|n| **n == b).copied().unwrap_or("essay"),
            _ => {
                return Err(src.error(
                    v.span(),
                    format!("`base` is a built-in theme ({}), not {}", or_list(&BUILT_IN), value_text(v.span())),
                ));
            }
        },
    };
    let mut merged: toml::Table =
        toml::from_str(Theme::template(base).expect("a built-in theme")).expect("a built-in theme is TOML");
    let known: Vec<String> = merged.keys().cloned().chain(["base".to_string()]).collect();
    let mut transparent = false;
    let mut given: Vec<(String, std::ops::Range<usize>)> = Vec::new();
    for (k, v) in &entries {
        let key = k.get_ref().as_ref();
        if key == "base" {
            continue;
        }
        if !merged.contains_key(key) {
            let names: Vec<&str> = known.iter().map(String::as_str).collect();
            return Err(src.error(k.span(), unknown_name(key, &names)));
        }
        if key == "background"
            && let Some(b) = v.get_ref().as_str()
            && ["none", "transparent"].iter().any(|n| b.trim().eq_ignore_ascii_case(n))
        {
            transparent = true;
            continue;
        }
        // The value as written, read on its own.
        let one: toml::Table = toml::from_str(&format!("v = {}", value_text(v.span())))
            .map_err(|e| src.error(v.span(), explain_toml(e.message())))?;
        let value = one.get("v").cloned().ok_or_else(|| src.error(v.span(), "expected a value"))?;
        merged.insert(key.to_string(), value);
        // Checked now, so that an error is the key's just added.
        Theme::deserialize(merged.clone())
            .map_err(|e| src.error(v.span(), format!("`{key}`: {}", explain_toml(e.message()))))?;
        given.push((key.to_string(), v.span()));
    }
    let mut t = Theme::deserialize(merged).map_err(|e| src.whole(explain_toml(e.message())))?;
    t.transparent = transparent;
    check_limits(&t, &src, &given)?;
    Ok(t)
}

/// Checks a theme's numbers and texts against their limits; an error is placed at the key that
/// gave the value (`given`: the keys the file wrote, with their spans), else said of the file.
fn check_limits(t: &Theme, src: &Source, given: &[(String, std::ops::Range<usize>)]) -> Result<(), InputError> {
    let at = |key: &str| given.iter().find(|(k, _)| k == key).map(|(_, s)| s.clone());
    let error = |key: &str, message: String| match at(key) {
        Some(span) => src.error(span, message),
        None => src.whole(message),
    };
    for (key, v) in [
        ("grid_width", t.grid_width),
        ("route_width", t.route_width),
        ("edge_width", t.edge_width),
        ("dot_radius", t.dot_radius),
        ("tint", t.tint),
    ] {
        if !(0.0..=50.0).contains(&v) || (key == "tint" && v > 1.0) || (key == "dot_radius" && v > 0.5) {
            return Err(error(key, format!("`{key}` = {} is out of range", shown_number(v))));
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
            return Err(error(key, format!("`{key}` is at most 8 lengths of 0 to 50 line widths, not all 0")));
        }
    }
    if t.bands.len() > 64 {
        return Err(error("bands", "`bands` is at most 64 colours".to_string()));
    }
    if let Err((_, message)) = check_text(&t.name) {
        return Err(error("name", format!("`name` {message}")));
    }
    Ok(())
}

/// A built-in theme named by a spanned value.
pub(crate) fn built_in(src: &Source, t: &serde_spanned::Spanned<String>) -> Result<Theme, InputError> {
    Theme::built_in(t.get_ref()).map_err(|e| src.error(t.span(), e.to_string()))
}
