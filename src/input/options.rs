//! View options as a user gives them — flags on the command line or keys in an overlay file — and
//! the one validator that turns them into a checked [`View`].
//!
//! Both front ends only *map* what they read onto [`ViewOptions`]; the limits (width, rotation,
//! window) and the rule that an option must belong to the view it is given for live here, so a
//! flag and a file key can never disagree. An error names the option ([`ViewKey`]); the caller
//! says where it was given (a flag, or a file position).

use crate::draw::figure::{Coordinates, Orientation, View, ViewKind};
use crate::draw::geometry::Window;
use crate::rules::topology::Topology;
use std::fmt;

pub use crate::draw::figure::WIDTH_RANGE;
/// Largest chart window side, in squares.
pub const MAX_WINDOW: i64 = 200;
/// Largest distance of a chart window's corner from the board, in squares.
pub const MAX_WINDOW_OFFSET: i64 = 10_000;

/// One view option, named the same way in files (`rotation`) and flags (`--rotation`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ViewKey {
    /// `view` / `--view`.
    View,
    /// `width` / `--width`.
    Width,
    /// `rotation` / `--rotation`.
    Rotation,
    /// `window` / `--window`.
    Window,
    /// `tint` / `--tint`.
    Tint,
    /// `edges` / `--edges`.
    Edges,
    /// `coordinates` / `--coordinates`.
    Coordinates,
    /// `latitude` / `--latitude` (globe).
    Latitude,
    /// `longitude` / `--longitude` (globe).
    Longitude,
    /// `roll` / `--roll` (globe).
    Roll,
    /// `ghost` / `--ghost` (globe).
    Ghost,
    /// `pole` / `--pole` (disc): the pole at the centre.
    Pole,
    /// `orientation` / `--orientation`.
    Orientation,
}

impl ViewKey {
    /// The key's name in an overlay file.
    pub fn key(self) -> &'static str {
        match self {
            ViewKey::View => "view",
            ViewKey::Width => "width",
            ViewKey::Rotation => "rotation",
            ViewKey::Window => "window",
            ViewKey::Tint => "tint",
            ViewKey::Edges => "edges",
            ViewKey::Coordinates => "coordinates",
            ViewKey::Latitude => "latitude",
            ViewKey::Longitude => "longitude",
            ViewKey::Roll => "roll",
            ViewKey::Ghost => "ghost",
            ViewKey::Pole => "pole",
            ViewKey::Orientation => "orientation",
        }
    }
    /// The views an option belongs to, by name ([`VIEW_NAMES`]); `None`: every view. This table
    /// is the one place that says which option goes with which view, for flags and files alike.
    pub fn views(self) -> Option<&'static [&'static str]> {
        match self {
            ViewKey::View | ViewKey::Width | ViewKey::Coordinates | ViewKey::Orientation => None,
            ViewKey::Rotation => Some(&["hemispheres", "north", "south", "disc"]),
            ViewKey::Window => Some(&["chart"]),
            ViewKey::Tint | ViewKey::Edges => Some(&["chart", "board"]),
            ViewKey::Latitude | ViewKey::Longitude | ViewKey::Roll | ViewKey::Ghost => Some(&["globe"]),
            ViewKey::Pole => Some(&["disc"]),
        }
    }
    /// The command-line flag.
    pub fn flag(self) -> String {
        format!("--{}", self.key())
    }
}

pub use crate::draw::document::Background;

/// Smallest and largest resolution, in pixels per inch.
pub const DPI_RANGE: (f64, f64) = (10.0, 10_000.0);

/// Checks a resolution in pixels (figure units) per inch.
pub fn check_dpi(v: f64) -> Result<f64, String> {
    if !(DPI_RANGE.0..=DPI_RANGE.1).contains(&v) {
        return Err(format!(
            "{} is out of range ({} to {} pixels per inch)",
            shown_number(v),
            DPI_RANGE.0,
            DPI_RANGE.1
        ));
    }
    Ok(v)
}

/// A rotation as written: a number of files, or a file letter (its middle).
#[derive(Clone, PartialEq, Debug)]
pub enum Rotation {
    /// A file position (4 = the boundary after the fourth file).
    Files(f64),
    /// A file letter.
    File(String),
}

impl Rotation {
    /// Reads a command-line value: a number, else a file letter.
    pub fn parse(s: &str) -> Rotation {
        match s.trim().parse::<f64>() {
            Ok(v) => Rotation::Files(v),
            Err(_) => Rotation::File(s.to_string()),
        }
    }
}

/// View options as given, unchecked: every field is `None` unless the user set it.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct ViewOptions {
    /// `hemispheres`, `chart` or `board`.
    pub view: Option<String>,
    /// The view's width.
    pub width: Option<f64>,
    /// Hemispheres: the file position at the touching point.
    pub rotation: Option<Rotation>,
    /// Chart: `[x0, y0, columns, rows]`.
    pub window: Option<Vec<i64>>,
    /// Chart, board: tint squares by position.
    pub tint: Option<bool>,
    /// Chart, board: colour the copies' edges.
    pub edges: Option<bool>,
    /// `none`, `edge` or `cells`.
    pub coordinates: Option<String>,
    /// Globe: latitude of the viewpoint, degrees.
    pub latitude: Option<f64>,
    /// Globe: longitude of the viewpoint, degrees.
    pub longitude: Option<f64>,
    /// Globe: turn of the picture, degrees.
    pub roll: Option<f64>,
    /// Globe: show the far half faintly.
    pub ghost: Option<bool>,
    /// Disc: the pole at the centre, `N` or `S`.
    pub pole: Option<String>,
    /// `white` or `black`: from which side the figure is seen.
    pub orientation: Option<String>,
}

/// An option that cannot be used: which one, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionError {
    /// The option.
    pub key: ViewKey,
    /// What is wrong, in words that read after the option's name.
    pub message: String,
}

impl OptionError {
    fn new(key: ViewKey, message: impl Into<String>) -> OptionError {
        OptionError { key, message: message.into() }
    }
    /// The message for a command-line flag: `--rotation: … `.
    pub fn for_flag(&self) -> String {
        format!("{}: {}", self.key.flag(), self.message)
    }
    /// The message for a file key: `` `rotation`: … ``.
    pub fn for_key(&self) -> String {
        format!("`{}`: {}", self.key.key(), self.message)
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.for_key())
    }
}

impl std::error::Error for OptionError {}

/// The names of the views, as written in files and flags.
pub const VIEW_NAMES: [&str; 7] = ["hemispheres", "north", "south", "chart", "board", "globe", "disc"];

/// A view's default settings by name.
fn view_named(name: &str) -> Result<View, OptionError> {
    match name {
        "hemispheres" => Ok(View::hemispheres()),
        "north" => Ok(View::hemisphere(crate::rules::topology::Pole::North)),
        "south" => Ok(View::hemisphere(crate::rules::topology::Pole::South)),
        "board" => Ok(View::board()),
        "chart" => Ok(View::chart()),
        "globe" => Ok(View::globe()),
        "disc" => Ok(View::disc()),
        other => {
            let hint =
                VIEW_NAMES.into_iter().min_by_key(|k| crate::suggest::edit_distance(other, k)).unwrap_or("board");
            Err(OptionError::new(
                ViewKey::View,
                format!(
                    "unknown view `{other}` (hemispheres, north, south, chart, board, globe or disc; did you mean \
                     `{hint}`?)"
                ),
            ))
        }
    }
}

/// A number as a message shows it: plainly when it is of a reasonable size, else in scientific
/// notation (`1e-300`, not three hundred digits).
pub fn shown_number(v: f64) -> String {
    if v.is_finite() && (v == 0.0 || (1e-3..1e9).contains(&v.abs())) { format!("{v}") } else { format!("{v:e}") }
}

/// Checks a width (of a view or of a whole figure).
pub fn check_width(v: f64) -> Result<f64, OptionError> {
    if !(WIDTH_RANGE.0..=WIDTH_RANGE.1).contains(&v) {
        let shown = shown_number(v);
        return Err(OptionError::new(
            ViewKey::Width,
            format!("{shown} is out of range ({} to {})", WIDTH_RANGE.0, WIDTH_RANGE.1),
        ));
    }
    Ok(v)
}

impl ViewOptions {
    /// The view these options describe, from the named view's defaults (hemispheres when no view
    /// is named).
    pub fn check(&self, topo: &Topology) -> Result<View, OptionError> {
        let mut view = View::hemispheres();
        self.apply(topo, &mut view)?;
        Ok(view)
    }

    /// The keys given, in the order of [`ViewKey`].
    fn given(&self) -> Vec<ViewKey> {
        [
            (ViewKey::View, self.view.is_some()),
            (ViewKey::Width, self.width.is_some()),
            (ViewKey::Rotation, self.rotation.is_some()),
            (ViewKey::Window, self.window.is_some()),
            (ViewKey::Tint, self.tint.is_some()),
            (ViewKey::Edges, self.edges.is_some()),
            (ViewKey::Coordinates, self.coordinates.is_some()),
            (ViewKey::Latitude, self.latitude.is_some()),
            (ViewKey::Longitude, self.longitude.is_some()),
            (ViewKey::Roll, self.roll.is_some()),
            (ViewKey::Ghost, self.ghost.is_some()),
            (ViewKey::Pole, self.pole.is_some()),
            (ViewKey::Orientation, self.orientation.is_some()),
        ]
        .into_iter()
        .filter_map(|(k, given)| given.then_some(k))
        .collect()
    }

    /// Sets the given options on a view: `view` first (starting from that view's defaults), then
    /// the others, each checked against the views it belongs to ([`ViewKey::views`]) and against
    /// its limits.
    pub fn apply(&self, topo: &Topology, view: &mut View) -> Result<(), OptionError> {
        if let Some(name) = &self.view {
            *view = view_named(name)?;
        }
        let name = view_name(&view.kind);
        for key in self.given() {
            if let Some(views) = key.views()
                && !views.contains(&name)
            {
                let list = match views.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} and {last} views", rest.join(", ")),
                    _ => format!("{} view", views.join("")),
                };
                return Err(OptionError::new(key, format!("belongs to the {list}, not to the {name} view")));
            }
        }
        if let Some(w) = self.width {
            view.width = check_width(w)?;
        }
        if let Some(c) = &self.coordinates {
            view.coordinates = match c.as_str() {
                "none" => Coordinates::None,
                "edge" => Coordinates::Edge,
                "cells" => Coordinates::Cells,
                other => {
                    return Err(OptionError::new(
                        ViewKey::Coordinates,
                        format!("is none, edge or cells, not `{other}`"),
                    ));
                }
            };
        }
        if let Some(o) = &self.orientation {
            view.orientation = match o.as_str() {
                "white" => Orientation::White,
                "black" => Orientation::Black,
                other => {
                    return Err(OptionError::new(ViewKey::Orientation, format!("is white or black, not `{other}`")));
                }
            };
        }
        // Every option left belongs to this view (checked above): set it.
        match &mut view.kind {
            ViewKind::Hemispheres { rotation } | ViewKind::Hemisphere { rotation, .. } => {
                if let Some(r) = &self.rotation {
                    *rotation = check_rotation(topo, r)?;
                }
            }
            ViewKind::Disc { pole, rotation } => {
                if let Some(r) = &self.rotation {
                    *rotation = check_rotation(topo, r)?;
                }
                if let Some(p) = &self.pole {
                    *pole = match p.as_str() {
                        "N" | "n" => crate::rules::topology::Pole::North,
                        "S" | "s" => crate::rules::topology::Pole::South,
                        other => return Err(OptionError::new(ViewKey::Pole, format!("is N or S, not `{other}`"))),
                    };
                }
            }
            ViewKind::Globe { viewpoint, ghost } => {
                if let Some(v) = self.latitude {
                    viewpoint.latitude = check_degrees(ViewKey::Latitude, v, 90.0)?;
                }
                if let Some(v) = self.longitude {
                    viewpoint.longitude = check_degrees(ViewKey::Longitude, v, 720.0)?;
                }
                if let Some(v) = self.roll {
                    viewpoint.roll = check_degrees(ViewKey::Roll, v, 720.0)?;
                }
                *ghost = self.ghost.unwrap_or(*ghost);
            }
            ViewKind::Chart { window, edges, tint } => {
                if let Some(w) = &self.window {
                    *window = Some(check_window(w)?);
                }
                *edges = self.edges.unwrap_or(*edges);
                *tint = self.tint.unwrap_or(*tint);
            }
            ViewKind::Board { tint, edges } => {
                *edges = self.edges.unwrap_or(*edges);
                *tint = self.tint.unwrap_or(*tint);
            }
        }
        Ok(())
    }
}

/// A view's name, as files and flags write it.
pub fn view_name(kind: &ViewKind) -> &'static str {
    match kind {
        ViewKind::Hemispheres { .. } => "hemispheres",
        ViewKind::Hemisphere { pole: crate::rules::topology::Pole::North, .. } => "north",
        ViewKind::Hemisphere { pole: crate::rules::topology::Pole::South, .. } => "south",
        ViewKind::Chart { .. } => "chart",
        ViewKind::Board { .. } => "board",
        ViewKind::Globe { .. } => "globe",
        ViewKind::Disc { .. } => "disc",
    }
}

/// A rotation within one turn either way of the board (`-W` to `2W` files), or a file letter.
fn check_rotation(topo: &Topology, r: &Rotation) -> Result<f64, OptionError> {
    match r {
        Rotation::Files(v) => {
            let w = topo.width() as f64;
            if !(-w..=2.0 * w).contains(v) {
                let shown = shown_number(*v);
                return Err(OptionError::new(
                    ViewKey::Rotation,
                    format!("{shown} is out of range (-{w} to {} files)", 2.0 * w),
                ));
            }
            Ok(*v)
        }
        Rotation::File(f) => {
            let c = topo.parse_cell(&format!("{f}1")).filter(|_| f.chars().count() == 1).ok_or_else(|| {
                OptionError::new(
                    ViewKey::Rotation,
                    format!("`{f}` is neither a number of files nor a file letter of this board"),
                )
            })?;
            Ok(topo.coords(c).map_or(0.0, |(x, _)| x as f64 + 0.5))
        }
    }
}

/// An angle in degrees within `-limit` to `limit`.
fn check_degrees(key: ViewKey, v: f64, limit: f64) -> Result<f64, OptionError> {
    if !(-limit..=limit).contains(&v) {
        let shown = if v.is_finite() && v.abs() < 1e9 { format!("{v}") } else { format!("{v:e}") };
        return Err(OptionError::new(key, format!("{shown} is out of range (-{limit} to {limit} degrees)")));
    }
    Ok(v)
}

/// A chart window `[x0, y0, columns, rows]` within the limits.
fn check_window(v: &[i64]) -> Result<Window, OptionError> {
    let [x0, y0, cols, rows] = v[..] else {
        return Err(OptionError::new(ViewKey::Window, "is four numbers: x0, y0, columns, rows"));
    };
    if !(1..=MAX_WINDOW).contains(&cols) || !(1..=MAX_WINDOW).contains(&rows) {
        return Err(OptionError::new(ViewKey::Window, format!("columns and rows must be 1 to {MAX_WINDOW}")));
    }
    if x0.abs() > MAX_WINDOW_OFFSET || y0.abs() > MAX_WINDOW_OFFSET {
        return Err(OptionError::new(
            ViewKey::Window,
            format!("x0 and y0 must be -{MAX_WINDOW_OFFSET} to {MAX_WINDOW_OFFSET}"),
        ));
    }
    Ok(Window { x0: x0 as i32, y0: y0 as i32, cols: cols as u32, rows: rows as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::VariantId;

    fn topo() -> Topology {
        VariantId::Dot.variant().topology
    }

    #[test]
    fn rotation_is_limited_to_a_turn_either_way() {
        let o = |v: f64| ViewOptions { rotation: Some(Rotation::Files(v)), ..ViewOptions::default() };
        assert!(o(16.0).check(&topo()).is_ok());
        assert!(o(-8.0).check(&topo()).is_ok());
        for bad in [16.5, -8.5, 1e300, f64::NAN, f64::INFINITY] {
            let e = o(bad).check(&topo()).unwrap_err();
            assert_eq!(e.key, ViewKey::Rotation, "{bad}");
        }
    }

    #[test]
    fn an_option_of_another_view_is_an_error() {
        let board =
            ViewOptions { view: Some("board".into()), rotation: Some(Rotation::Files(4.0)), ..Default::default() };
        assert_eq!(board.check(&topo()).unwrap_err().key, ViewKey::Rotation);
        let board = ViewOptions { view: Some("board".into()), window: Some(vec![0, 0, 8, 8]), ..Default::default() };
        assert_eq!(board.check(&topo()).unwrap_err().key, ViewKey::Window);
        let hemi = ViewOptions { tint: Some(true), ..Default::default() };
        assert_eq!(hemi.check(&topo()).unwrap_err().key, ViewKey::Tint);
    }

    #[test]
    fn every_option_belongs_to_the_views_of_the_table_and_says_so_the_same_way() {
        let all = ViewOptions {
            width: Some(480.0),
            rotation: Some(Rotation::Files(4.0)),
            window: Some(vec![0, 0, 8, 8]),
            tint: Some(true),
            edges: Some(true),
            coordinates: Some("edge".into()),
            latitude: Some(10.0),
            longitude: Some(10.0),
            roll: Some(10.0),
            ghost: Some(true),
            pole: Some("N".into()),
            orientation: Some("black".into()),
            ..ViewOptions::default()
        };
        let keys = all.given();
        assert_eq!(keys.len(), 12, "every key but `view` is set");
        for name in VIEW_NAMES {
            for &key in &keys {
                // Only this one key, on this view.
                let mut one = ViewOptions { view: Some(name.to_string()), ..ViewOptions::default() };
                let only = ViewOptions { view: Some(name.to_string()), ..all.clone() };
                match key {
                    ViewKey::Width => one.width = only.width,
                    ViewKey::Rotation => one.rotation = only.rotation,
                    ViewKey::Window => one.window = only.window,
                    ViewKey::Tint => one.tint = only.tint,
                    ViewKey::Edges => one.edges = only.edges,
                    ViewKey::Coordinates => one.coordinates = only.coordinates,
                    ViewKey::Latitude => one.latitude = only.latitude,
                    ViewKey::Longitude => one.longitude = only.longitude,
                    ViewKey::Roll => one.roll = only.roll,
                    ViewKey::Ghost => one.ghost = only.ghost,
                    ViewKey::Pole => one.pole = only.pole,
                    ViewKey::Orientation => one.orientation = only.orientation,
                    ViewKey::View => unreachable!(),
                }
                let belongs = key.views().is_none_or(|v| v.contains(&name));
                match one.check(&topo()) {
                    Ok(_) => assert!(belongs, "{key:?} accepted on {name}"),
                    Err(e) => {
                        assert!(!belongs, "{key:?} refused on {name}: {}", e.message);
                        assert_eq!(e.key, key);
                        assert!(e.message.starts_with("belongs to the "), "{}", e.message);
                        assert!(e.message.ends_with(&format!(", not to the {name} view")), "{}", e.message);
                    }
                }
            }
        }
        // The rotation's owners are named alike whatever view refuses it.
        let rot = |v: &str| {
            ViewOptions { view: Some(v.into()), rotation: Some(Rotation::Files(1.0)), ..Default::default() }
                .check(&topo())
                .unwrap_err()
                .message
        };
        assert_eq!(rot("chart").replace("chart", "X"), rot("globe").replace("globe", "X"));
        assert!(rot("board").contains("hemispheres, north, south and disc views"), "{}", rot("board"));
    }

    #[test]
    fn a_file_letter_means_its_middle() {
        let o = ViewOptions { rotation: Some(Rotation::parse("d")), ..Default::default() };
        assert_eq!(o.check(&topo()).unwrap().kind, ViewKind::Hemispheres { rotation: 3.5 });
        let o = ViewOptions { rotation: Some(Rotation::parse("z")), ..Default::default() };
        assert!(o.check(&topo()).is_err());
    }
}
