//! A URL's query (and a POSTed overlay) read as the command line reads its flags and files: the
//! query's pairs are rows of the one options table ([`dotchess::input::option_rows`]: a key is
//! named as the flag, `square`, `lastmove`, `latitude`, and takes what the flag takes), the
//! overlay is read into a draft as an overlay file is, and the one check
//! ([`dotchess::Figure::checked`]) merges them — the query over the overlay, as flags go over
//! a file. So one URL and one command line give the same figure, the same bytes and the same
//! messages (the query pair named where the CLI names the flag).
//!
//! Besides the table's keys the server reads: `variant` and `fen`, the position (as `--variant`
//! and `--fen` give it; default: the Dot's start); `overlay`, an overlay's TOML (or the POSTed
//! body); `moves` for `square` (the overlay files' name); and `arrows`, `circles` in the PGN
//! comment form (`%cal`, `%csl`) python-chess and lichess write, comma-separated
//! (`arrows=Gd5h5,Rb1c3`, `circles=Ye4`). A still figure takes the rows `render` takes (all but
//! the animation's), an animation those `animate` takes (all but `background` and `dpi`).

use super::error::ApiError;
use dotchess::Figure;
use dotchess::Position;
use dotchess::VariantId;
use dotchess::input::Draft;
use dotchess::input::LoadError;
use dotchess::input::PositionSpec;
use dotchess::input::read_draft;
use dotchess::input::{FigureOptions, Key, Origin, Spec, option_rows, parse_text, unknown_name};
use dotchess::input::{InputError, Place};
use dotchess::input::{MarkKind, pgn_shape};
use dotchess::output::{Format, Motion};

/// What a route makes: `/figure.NAME` a still figure in the still format of that name (HTML: the
/// interactive page of it), `/animation.NAME` an animation in the animated one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Route(pub Format);

impl Route {
    /// The route of a path.
    pub fn of_path(path: &str) -> Option<Route> {
        let (motion, name) = match (path.strip_prefix("/figure."), path.strip_prefix("/animation.")) {
            (Some(name), _) => (Motion::Still, name),
            (_, Some(name)) => (Motion::Animated, name),
            _ => return None,
        };
        Format::named(name, motion).map(Route)
    }

    /// The route's path: `/figure.svg`, `/animation.svg`.
    pub fn path(self) -> String {
        let room = if self.0.is_animation() { "animation" } else { "figure" };
        format!("/{room}.{}", self.0.name())
    }

    /// Whether the route takes an option (as `render` and `animate` take their flags).
    fn takes(self, spec: &Spec) -> bool {
        spec.takes(self.0.is_animation())
    }
}

/// A request read and checked, ready to draw: a figure and the format asked for (an animated
/// one on the animation and game routes).
pub struct Job {
    /// The figure.
    pub figure: Box<Figure>,
    /// The format.
    pub format: Format,
}

/// The keys the server reads besides the table's.
const OWN_KEYS: [&str; 7] = ["variant", "fen", "overlay", super::packed::KEY, "moves", "arrows", "circles"];

/// An input error as an answer: its first line (the CLI's message), the reason alone, the key it
/// names (the query pair's, or `overlay`), its line and column in the overlay.
pub(crate) fn input_error(e: &InputError) -> ApiError {
    let text = e.to_string();
    let mut a = ApiError::bad(text.lines().next().unwrap_or_default().to_string());
    a.message = Some(e.message.clone());
    match &e.place {
        Place::Query { key, .. } => a.key = Some(key.clone()),
        Place::File { name, .. } if name == "overlay" || name == "body" => a.key = Some(name.clone()),
        _ => {}
    }
    if let Some((line, column)) = e.line_column() {
        a.line = Some(line);
        a.column = Some(column);
    }
    a
}

pub(crate) fn query_error(name: &str, text: &str, message: impl Into<String>) -> ApiError {
    input_error(&Origin::Query { name: name.into(), text: text.into() }.error(message))
}

/// The position of `variant` and `fen`, with the CLI's words for a FEN that does not read.
fn position(variant: Option<&str>, fen: Option<&str>) -> Result<Position, ApiError> {
    let id = match variant {
        None => VariantId::Dot,
        Some(v) => v.parse::<VariantId>().map_err(|e| query_error("variant", v, e.to_string()))?,
    };
    let Some(fen) = fen else { return Ok(Position::start(id)) };
    Position::from_fen(id, fen).map_err(|mut e| {
        if let Some(v) = dotchess::input::fitting_variant(id, fen) {
            e.message += &format!(" (the board fits {v}: did you mean variant={v}?)");
        }
        query_error("fen", fen, e.to_string()).at_column(e.column)
    })
}

/// Reads a request for a route: the query's pairs (decoded, in order) and the body (a POSTed
/// overlay), checked as the CLI checks its flags and files.
pub fn read(route: Route, pairs: &[(String, String)], body: Option<&str>) -> Result<Job, ApiError> {
    // The server's own keys first: the position is needed to read the PGN marks.
    let mut own: [Option<&str>; 4] = [None; 4];
    for (name, text) in pairs {
        if let Some(i) = OWN_KEYS[..4].iter().position(|k| k == name) {
            if own[i].is_some() {
                return Err(query_error(name, text, "is given twice"));
            }
            own[i] = Some(text);
        }
    }
    let [variant, fen, overlay, packed] = own;
    let unpacked = packed.map(super::packed::unpack).transpose()?;
    let overlay = match (overlay, unpacked.as_deref()) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad("give the overlay as `overlay` or as `overlayz`, not both".into())
                .at_key(super::packed::KEY));
        }
        (o, u) => o.or(u),
    };
    let base = PositionSpec { position: position(variant, fen)?, title: None };
    let overlay = match (overlay, body) {
        (Some(_), Some(b)) if !b.trim().is_empty() => {
            return Err(
                ApiError::bad("give the overlay in the query or as the body, not both".into()).at_key("overlay")
            );
        }
        (Some(t), _) => Some(t),
        (None, Some(b)) if !b.trim().is_empty() => Some(b),
        _ => None,
    };
    let options = options(route, pairs, &base.position)?;
    let no_files = |name: &str| {
        Err(LoadError::refused(
            name,
            "an overlay sent to the server cannot read files (give the position as variant and fen)",
        ))
    };
    let draft = match overlay {
        None => Draft::plain(&base),
        Some(text) => read_draft("overlay", text, &base, &no_files).map_err(|e| input_error(&e))?,
    };
    let figure = Figure::checked(&draft, &options).map_err(|e| input_error(&e))?;
    Ok(Job { figure: Box::new(figure), format: route.0 })
}

/// The query's options in order (marks keep it), each pair with its origin.
pub(crate) fn options(route: Route, pairs: &[(String, String)], pos: &Position) -> Result<FigureOptions, ApiError> {
    let what = if route.0.is_animation() { "animations" } else { "figures" };
    let mut options = FigureOptions::default();
    for (name, text) in pairs {
        let origin = || Origin::Query { name: name.clone(), text: text.clone() };
        // A value, and the text its messages quote (a PGN item as written, not as translated).
        let mut push = |key: Key, value: &str, written: &str| -> Result<(), ApiError> {
            let value = parse_text(key, value).map_err(|m| input_error(&origin().error(m)))?;
            options.push(key, value, Origin::Query { name: name.clone(), text: written.to_string() });
            Ok(())
        };
        match name.as_str() {
            "variant" | "fen" | "overlay" | super::packed::KEY => {}
            "moves" => push(Key::Moves, text, text)?,
            "arrows" | "circles" => {
                let (key, kind) =
                    if name == "arrows" { (Key::Arrows, MarkKind::Arrow) } else { (Key::Circles, MarkKind::Circle) };
                let mut at = 0;
                for item in text.split(',') {
                    let mark = pgn_shape(pos, kind, item.trim())
                        .map_err(|e| input_error(&origin().error(e.message)).at_column(at + 1))?;
                    push(key, &mark, item.trim())?;
                    at += item.len() + 1;
                }
            }
            _ => match option_rows().find(|s| s.query == Some(name.as_str())) {
                Some(s) if route.takes(s) => {
                    let one = FigureOptions::from_pairs([(name.clone(), text.clone())]).map_err(|e| input_error(&e))?;
                    for g in one.iter() {
                        options.push(g.key, g.value.clone(), g.origin.clone());
                    }
                }
                Some(_) => return Err(query_error(name, text, format!("does not apply to {what}"))),
                None => {
                    let known: Vec<&str> =
                        option_rows().filter(|s| route.takes(s)).filter_map(|s| s.query).chain(OWN_KEYS).collect();
                    return Err(query_error(name, text, unknown_name(name, &known)));
                }
            },
        }
    }
    Ok(options)
}
