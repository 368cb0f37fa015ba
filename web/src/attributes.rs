//! An element's attributes read as a figure's options: each name found in the options table (a
//! URL query's name first, `square`, `loop`, else a file's key, `moves`, `loops`), each value
//! read as a flag's or a query's text is, a mark's attribute holding any number of marks
//! separated by spaces. An error is located in the attributes as the page wrote them
//! (`<dotchess-figure view="glob">`, line 1, the value's column), so a writer sees where.

use dotchess::input::{FigureOptions, Named, Origin, Spec, ThemeValue, Ty, Value, option_rows, parse_text};
use std::sync::Arc;

/// The name errors give the attributes, as a file's name.
pub const ELEMENT: &str = "<dotchess-figure>";

/// The options the attributes `pairs` (name, value) give; `files` are the texts the page gave
/// beside them (a theme file named by `theme`).
pub fn options(pairs: &[(String, String)], files: &[(String, String)]) -> Result<FigureOptions, String> {
    let (text, spans) = written(pairs);
    let file = Arc::new(Named { name: ELEMENT.to_string(), text });
    let mut options = FigureOptions::default();
    let mut seen: Vec<&'static str> = Vec::new();
    for ((name, value), span) in pairs.iter().zip(spans) {
        let Some(row) = row(name) else {
            let at = Origin::File { file: file.clone(), span: span.name, key: None };
            return Err(at.error(unknown(name)).to_string());
        };
        let key = Some(row.file);
        if seen.contains(&row.file) {
            let at = Origin::File { file: file.clone(), span: span.name, key };
            return Err(at.error("is given twice (under two names)").to_string());
        }
        seen.push(row.file);
        let items: Vec<(usize, &str)> = match row.ty {
            Ty::Mark(_) => words(value),
            _ => vec![(0, value.as_str())],
        };
        for (at, item) in items {
            let range = span.value.start + at..span.value.start + at + item.len();
            let mark = matches!(row.ty, Ty::Mark(_));
            let origin = Origin::File { file: file.clone(), span: range, key: if mark { None } else { key } };
            let value = parse_text(row.key, item).map_err(|m| origin.error(m).to_string())?;
            let value = theme(value, files).map_err(|m| origin.error(m).to_string())?;
            options.push(row.key, value, origin);
        }
    }
    Ok(options)
}

/// Where a pair stands in the attributes as written.
struct Span {
    name: std::ops::Range<usize>,
    value: std::ops::Range<usize>,
}

/// The attributes written as a start tag (`<dotchess-figure view="globe" square="d5">`), and
/// where each name and value stands in it.
fn written(pairs: &[(String, String)]) -> (String, Vec<Span>) {
    let mut text = String::from("<dotchess-figure");
    let mut spans = Vec::new();
    for (name, value) in pairs {
        text.push(' ');
        let n = text.len()..text.len() + name.len();
        text.push_str(name);
        text.push_str("=\"");
        let v = text.len()..text.len() + value.len();
        // Line breaks in a value would put the rest of the tag on other lines: the excerpt shows
        // one line, so they are written as spaces (the same number of bytes).
        text.push_str(&value.replace(['\n', '\r'], " "));
        text.push('"');
        spans.push(Span { name: n, value: v });
    }
    text.push('>');
    (text, spans)
}

/// The option an attribute names: by its URL query's name, else by its file key.
fn row(name: &str) -> Option<&'static Spec> {
    let rows = || option_rows();
    rows().find(|s| s.query == Some(name)).or_else(|| rows().find(|s| s.file == name))
}

/// The message for an attribute that names no option, with the nearest name (the library's own
/// message for an unknown key).
fn unknown(name: &str) -> String {
    let mut known: Vec<&str> = option_rows().flat_map(|s| [s.query, Some(s.file)]).flatten().collect();
    known.sort_unstable();
    known.dedup();
    dotchess::input::unknown_name(name, &known)
}

/// The words of a value separated by white space, each with its byte offset.
fn words(value: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in value.char_indices().chain([(value.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &value[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// A theme named by its name: built in, or a theme file the page gave beside the figure.
fn theme(value: Value, files: &[(String, String)]) -> Result<Value, String> {
    let Value::Theme(ThemeValue::Named(name)) = &value else { return Ok(value) };
    if let Some((n, text)) = files.iter().find(|(n, _)| n == name) {
        let read = dotchess::input::read_theme(n, text).map_err(|e| e.to_string())?;
        return Ok(Value::Theme(ThemeValue::Read(Box::new(read))));
    }
    match dotchess::Theme::built_in(name) {
        Ok(_) => Ok(value),
        Err(e) => Err(format!(
            "{e} (or a theme file given beside the figure, `<script type=\"text/plain\" data-file=\"NAME.toml\">`)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
    }

    #[test]
    fn names_by_query_then_file() {
        let o = options(&pairs(&[("view", "globe"), ("arrows", "b1:c3 e2:e4"), ("square", "d5")]), &[]).unwrap();
        assert_eq!(o.iter().count(), 4);
    }

    #[test]
    fn a_bad_value_is_located_in_the_tag() {
        let e = options(&pairs(&[("view", "globe"), ("width", "wide")]), &[]).unwrap_err();
        let first = e.lines().next().unwrap();
        // `<dotchess-figure view="globe" width="wide">`: the value starts at column 38. (A mark's
        // cell is checked against the board later, by the figure's check, at the same place.)
        assert_eq!(first, "<dotchess-figure>:1:38: `width`: `wide` is not a number", "{e}");
        assert!(e.contains('^'), "{e}");
    }

    #[test]
    fn an_unknown_name_is_near_a_known_one() {
        let e = options(&pairs(&[("veiw", "globe")]), &[]).unwrap_err();
        assert!(e.contains("unknown key `veiw` (did you mean `view`?)"), "{e}");
    }

    #[test]
    fn words_with_offsets() {
        assert_eq!(words("  a bc\td "), vec![(2, "a"), (4, "bc"), (7, "d")]);
    }
}
