//! The options table: every option a figure takes — by a command-line flag, a key of an overlay
//! file or a pair of a URL query — one row each ([`TABLE`]): its names in the three, its type and
//! limits, its default, and the views it belongs to. Adding an option is adding a row (and, for
//! a view option, where the view takes it: [`super::check`]).

use super::MAX_PANELS;
use super::marks::MarkKind;
use crate::draw::animation::{FPS_RANGE, Kind, MAX_FRAMES};
use crate::draw::figure::{Coordinates, Orientation};
use crate::rules::topology::Pole;

pub use crate::draw::figure::WIDTH_RANGE;
/// Largest chart window side, in squares.
pub const MAX_WINDOW: i64 = 200;
/// Largest distance of a chart window's corner from the board, in squares.
pub const MAX_WINDOW_OFFSET: i64 = 10_000;
/// Smallest and largest resolution, in pixels per inch.
pub const DPI_RANGE: (f64, f64) = (10.0, 10_000.0);
/// Most plays of an animation (0 is forever).
pub const MAX_PLAYS: i64 = 10_000;
/// The views by name, from the one list of views ([`crate::draw::figure::VIEWS`]).
pub use crate::draw::figure::VIEW_NAMES;

/// One option.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[allow(missing_docs)]
pub enum Key {
    Title,
    Theme,
    Width,
    Background,
    Dpi,
    Columns,
    View,
    Coordinates,
    Orientation,
    Rotation,
    Window,
    Tint,
    Edges,
    Latitude,
    Longitude,
    Roll,
    Ghost,
    Pole,
    Moves,
    Loops,
    Arrows,
    Highlights,
    Labels,
    Circles,
    Crosses,
    Lastmove,
    Pseudo,
    Check,
    OverPieces,
    Kind,
    Frames,
    Seconds,
    Fps,
    Plays,
}

/// What an option is part of: where it goes in an overlay file, and which commands take it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    /// The whole figure: an overlay's top level.
    Figure,
    /// A panel's view: a `[[panels]]` table (flags and queries set it on every panel).
    View,
    /// A mark: the top level (every panel) or a panel's table; flags and queries add to the file's.
    Mark,
    /// The animation: an overlay's `[animation]` table, `animate`'s flags.
    Animation,
}

/// How a number that may also be a file letter is counted.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Along {
    /// Files: `-W` to `2W` (a turn either way of the board); a letter is its file's middle.
    Files,
    /// Degrees within the limit either way; a letter is its file's middle at `u · 360 / W`.
    Degrees(f64),
}

/// An option's type and limits.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Ty {
    /// On or off. A command-line flag sets `by_flag` (`--tint`: on, `--no-check`: off).
    Switch {
        /// What giving the flag sets.
        by_flag: bool,
    },
    /// A number within limits (inclusive), with its unit for messages.
    Number {
        /// Smallest.
        min: f64,
        /// Largest.
        max: f64,
        /// What it counts.
        unit: &'static str,
    },
    /// A whole number within limits (inclusive).
    Whole {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// One of a closed set of values, by name.
    Choice(Choice),
    /// A text drawn in the figure: at most [`super::MAX_TEXT`] characters a figure can hold.
    Text,
    /// A built-in theme's name, or a theme file (`.toml`), read by the front end.
    Theme,
    /// `none` (transparent) or a colour.
    Background,
    /// A number, or a file letter of the board (its middle).
    NumberOrFile(Along),
    /// A chart window: four whole numbers `x0, y0, columns, rows`.
    Window,
    /// How many times an animation plays: 0 is forever, 1 to `MAX_PLAYS`; a file may write
    /// `true` (forever) and `false` (once).
    Plays,
    /// A mark written as text, resolved on the panel's board (repeatable).
    Mark(MarkKind),
    /// A move in coordinate form, resolved on the panel's board.
    Move,
}

/// A closed set of values an option takes by name: each is a type whose names, and whose
/// [`std::str::FromStr`], come from its own list of values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// A view ([`crate::draw::figure::VIEWS`]).
    View,
    /// Where coordinates are written ([`Coordinates`]).
    Coordinates,
    /// From which side the figure is seen ([`Orientation`]).
    Orientation,
    /// The pole at a disc's centre ([`Pole`]).
    Pole,
    /// An animation ([`Kind`]).
    Kind,
}

impl Choice {
    /// The names the choice takes, in their type's order.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Choice::View => &VIEW_NAMES,
            Choice::Coordinates => &Coordinates::NAMES,
            Choice::Orientation => &Orientation::NAMES,
            Choice::Pole => &Pole::NAMES,
            Choice::Kind => &Kind::NAMES,
        }
    }
}

/// The views an option belongs to.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Applies {
    /// Every view.
    All,
    /// Only these.
    Views(&'static [&'static str]),
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The option.
    pub key: Key,
    /// Where it belongs.
    pub level: Level,
    /// Its key in an overlay file (`frames`, `loops`).
    pub file: &'static str,
    /// Its command-line flag (`--frames`, `--loop`), if it has one.
    pub flag: Option<&'static str>,
    /// Its name in a URL query (`frames`, `loop`), if it has one.
    pub query: Option<&'static str>,
    /// Its type and limits.
    pub ty: Ty,
    /// The views it belongs to.
    pub applies: Applies,
    /// Its default, in words.
    pub default: &'static str,
    /// What it does (the flag's help).
    pub help: &'static str,
    /// A valid value, as a flag or query writes it (for documentation and tests).
    pub example: &'static str,
}

impl Spec {
    /// Whether a still figure (`animated` false: `render`, `/figure.*`, a still from Python) or
    /// an animation (`animate`, `/animation.*` and the game routes, an animated format) takes
    /// the option: a still every option but the animation's; an animation all but `background`
    /// and `dpi`, which only a still has. Decided here once for every front end.
    pub fn takes(&self, animated: bool) -> bool {
        match animated {
            true => !matches!(self.key, Key::Background | Key::Dpi),
            false => self.level != Level::Animation,
        }
    }
}

const ROTATING: &[&str] = &["hemispheres", "north", "south", "disc"];
const GLOBE: &[&str] = &["globe"];
const COLOUR_MODE: &[&str] = &["chart", "board"];

macro_rules! row {
    ($key:ident, $level:ident, $file:literal, $flag:expr, $query:expr, $ty:expr, $applies:expr, $default:literal, $example:literal, $help:literal) => {
        Spec {
            key: Key::$key,
            level: Level::$level,
            file: $file,
            flag: $flag,
            query: $query,
            ty: $ty,
            applies: $applies,
            default: $default,
            example: $example,
            help: $help,
        }
    };
}

use Applies::{All, Views};

/// Every option: the one place that says what it is called, what it takes and where it applies.
#[rustfmt::skip]
pub const TABLE: [Spec; 34] = [
    row!(Title, Figure, "title", Some("--title"), Some("title"), Ty::Text, All,
        "the position file's title", "Rook on d5",
        "A title above the figure (replaces the files' title)."),
    row!(Theme, Figure, "theme", Some("--theme"), Some("theme"), Ty::Theme, All,
        "essay", "print",
        "Theme: essay, print, ice, or a theme .toml file (any key it leaves out comes from its `base`, else essay)."),
    row!(Width, Figure, "width", Some("--width"), Some("width"), Ty::Number { min: WIDTH_RANGE.0, max: WIDTH_RANGE.1, unit: "pixels" }, All,
        "480 (720 for the chart)", "600",
        "Width of the whole figure in pixels, 100 to 8000 (a panel's own `width` in a file)."),
    row!(Background, Figure, "background", Some("--background"), Some("background"), Ty::Background, All,
        "the theme's paper", "none",
        "Background: `none` (transparent) or a colour (`#fffff0`, `white`) instead of the theme's paper."),
    row!(Dpi, Figure, "dpi", Some("--dpi"), Some("dpi"), Ty::Number { min: DPI_RANGE.0, max: DPI_RANGE.1, unit: "pixels per inch" }, All,
        "96", "300",
        "Resolution in pixels per inch, 10 to 10000: written into the PNG, and the PDF page's scale."),
    row!(Columns, Figure, "columns", None, None, Ty::Whole { min: 1, max: MAX_PANELS as i64 }, All,
        "up to 5 panels a row", "2",
        "Panels per row of a figure of several panels."),
    row!(View, View, "view", Some("--view"), Some("view"), Ty::Choice(Choice::View), All,
        "hemispheres", "globe",
        "The view: hemispheres, north, south, chart, board, globe or disc."),
    row!(Coordinates, View, "coordinates", Some("--coordinates"), Some("coordinates"), Ty::Choice(Choice::Coordinates), All,
        "edge (none on the chart)", "cells",
        "Coordinates: none, edge (files and ranks round the edge) or cells (every cell's name)."),
    row!(Orientation, View, "orientation", Some("--orientation"), Some("orientation"), Ty::Choice(Choice::Orientation), All,
        "white", "black",
        "From which side the figure is seen: black turns it half a turn (h8 bottom left, S on top)."),
    row!(Rotation, View, "rotation", Some("--rotation"), Some("rotation"), Ty::NumberOrFile(Along::Files), Views(ROTATING),
        "4 (the d|e boundary)", "d",
        "Hemispheres, north, south, disc: the file position at the touching point, -W to 2W files, or a file letter (its middle)."),
    row!(Window, View, "window", Some("--window"), Some("window"), Ty::Window, Views(&["chart"]),
        "fitted to the marks", "-8,-8,24,24",
        "Chart: the window in squares, `x0,y0,cols,rows`."),
    row!(Tint, View, "tint", Some("--tint"), Some("tint"), Ty::Switch { by_flag: true }, Views(COLOUR_MODE),
        "off", "true",
        "Chart, board: tint the squares by their position."),
    row!(Edges, View, "edges", Some("--edges"), Some("edges"), Ty::Switch { by_flag: true }, Views(COLOUR_MODE),
        "off (on for the chart)", "true",
        "Chart, board: colour the edges of each board copy."),
    row!(Latitude, View, "latitude", Some("--latitude"), Some("latitude"), Ty::Number { min: -90.0, max: 90.0, unit: "degrees" }, Views(GLOBE),
        "15", "30",
        "Globe: latitude of the viewpoint in degrees, -90 to 90."),
    row!(Longitude, View, "longitude", Some("--longitude"), Some("longitude"), Ty::NumberOrFile(Along::Degrees(720.0)), Views(GLOBE),
        "180 (the middle of the board)", "g",
        "Globe: longitude of the viewpoint in degrees, -720 to 720 (file position u is at u·360/W), or a file letter (its middle)."),
    row!(Roll, View, "roll", Some("--roll"), Some("roll"), Ty::Number { min: -720.0, max: 720.0, unit: "degrees" }, Views(GLOBE),
        "0 (N up)", "30",
        "Globe: turn of the picture about its centre in degrees, counter-clockwise, -720 to 720."),
    row!(Ghost, View, "ghost", Some("--ghost"), Some("ghost"), Ty::Switch { by_flag: true }, Views(GLOBE),
        "off", "true",
        "Globe: show the far half's grid and marks faintly through the ball."),
    row!(Pole, View, "pole", Some("--pole"), Some("pole"), Ty::Choice(Choice::Pole), Views(&["disc"]),
        "N on small and small8, else S", "N",
        "Disc: the pole at the centre, N or S (default: N for Mori's board, small and small8, as Howe drew it; S for the others, as Neatham draws xiangqi)."),
    row!(Moves, Mark, "moves", Some("--square"), Some("square"), Ty::Mark(MarkKind::Moves), All,
        "none", "d5",
        "Mark the moves of the piece on this cell: CELL, CELL:TO, either with :COLOUR (repeatable)."),
    row!(Loops, Mark, "loops", Some("--loop"), Some("loop"), Ty::Mark(MarkKind::Loop), All,
        "none", "d5:n",
        "Draw the loop of the ride from a cell in a direction, `d2:ne`, or the ride up to a cell, `d2:ne:b8` (repeatable)."),
    row!(Arrows, Mark, "arrows", Some("--arrow"), Some("arrow"), Ty::Mark(MarkKind::Arrow), All,
        "none", "b1:c3",
        "Draw an arrow, `b1:c3`, optionally coloured, `b1:c3:#c00` (repeatable)."),
    row!(Highlights, Mark, "highlights", Some("--highlight"), Some("highlight"), Ty::Mark(MarkKind::Highlight), All,
        "none", "e4:#ff8800",
        "Highlight a cell, optionally with a colour: `e4` or `e4:#ff8800` (repeatable)."),
    row!(Labels, Mark, "labels", Some("--label"), Some("label"), Ty::Mark(MarkKind::Label), All,
        "none", "e4:x",
        "Write a text in a cell: `e4:x` (repeatable)."),
    row!(Circles, Mark, "circles", Some("--circle"), Some("circle"), Ty::Mark(MarkKind::Circle), All,
        "none", "e4:#c00",
        "Draw a circle round a cell, optionally coloured: `e4` or `e4:#c00` (repeatable)."),
    row!(Crosses, Mark, "crosses", Some("--cross"), Some("cross"), Ty::Mark(MarkKind::Cross), All,
        "none", "d5:red",
        "Draw a cross over a cell, optionally coloured: `d5` or `d5:red` (repeatable)."),
    row!(Lastmove, Mark, "lastmove", Some("--lastmove"), Some("lastmove"), Ty::Move, All,
        "none", "h1h5",
        "The move that led to the position, e.g. `e2e4`: from and to tinted, its route drawn."),
    row!(Pseudo, Mark, "pseudo", Some("--pseudo"), Some("pseudo"), Ty::Switch { by_flag: true }, All,
        "off", "true",
        "Mark pseudo-legal moves."),
    row!(Check, Mark, "check", Some("--no-check"), Some("check"), Ty::Switch { by_flag: false }, All,
        "on", "false",
        "Leave a king in check unmarked (a file's or query's `check = false`; ringed by default)."),
    row!(OverPieces, Mark, "over_pieces", Some("--marks-over"), Some("over_pieces"), Ty::Switch { by_flag: true }, All,
        "off", "true",
        "Draw marks over the pieces instead of under them (a file's `over_pieces`)."),
    row!(Kind, Animation, "kind", Some("--kind"), Some("kind"), Ty::Choice(Choice::Kind), All,
        "gear", "spin",
        "The animation: gear, walk, chart, spin, wrap or split; game replays a game file (.pgn), one frame a ply."),
    row!(Frames, Animation, "frames", Some("--frames"), Some("frames"), Ty::Whole { min: 1, max: MAX_FRAMES as i64 }, All,
        "48 for gear and spin, 96 for wrap, 84 for split, 154 for chart (at least 7), one a square for walk", "3",
        "Number of frames, 1 to 600 (the chart's seven steps: at least 7)."),
    row!(Seconds, Animation, "seconds", Some("--seconds"), Some("seconds"), Ty::Number { min: 0.0, max: 60_000.0, unit: "seconds" }, All,
        "the frames' length", "0.25",
        "Length in seconds instead of a number of frames."),
    row!(Fps, Animation, "fps", Some("--fps"), Some("fps"), Ty::Number { min: FPS_RANGE.0, max: FPS_RANGE.1, unit: "frames a second" }, All,
        "24", "12",
        "Frames per second, 0.01 to 50."),
    row!(Plays, Animation, "loop", Some("--plays"), Some("plays"), Ty::Plays, All,
        "forever", "3",
        "How many times it plays: 0 = forever, or 1 to 10000 (a file's `loop`: true, false or a number)."),
];

/// The row of an option.
pub fn spec(key: Key) -> &'static Spec {
    TABLE.iter().find(|s| s.key == key).expect("every key has a row")
}

/// The row of an option named as in a file (`frames`).
pub fn by_file_name(name: &str) -> Option<&'static Spec> {
    TABLE.iter().find(|s| s.file == name)
}

/// The row of an option named as in a query (`frames`, `loop`).
pub fn by_query_name(name: &str) -> Option<&'static Spec> {
    TABLE.iter().find(|s| s.query == Some(name))
}

/// The options that belong to the view named `view` alone or to it and some others (not to
/// every view), as rows of the table.
pub fn own_options(view: &str) -> impl Iterator<Item = &'static Spec> + '_ {
    TABLE.iter().filter(move |s| matches!(s.applies, Applies::Views(vs) if vs.contains(&view)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The views an option belongs to are named in the one list of views: a misspelt name here
    /// would refuse the option on the view it was meant for.
    #[test]
    fn every_view_an_option_names_is_a_view() {
        for row in TABLE {
            if let Applies::Views(views) = row.applies {
                for v in views {
                    assert!(VIEW_NAMES.contains(v), "{}: {v} is not a view", row.file);
                }
            }
        }
    }
}
