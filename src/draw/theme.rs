//! Themes: colours, line widths, piece set and fonts, read from TOML. The built-in themes are the
//! files in `templates/themes/`, embedded in the binary.

use crate::draw::scene::{FontWeight, PieceSet, Rgb};
use serde::Deserialize;

/// A look for figures.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    /// Paper.
    #[serde(with = "hex")]
    pub background: Rgb,
    /// Light squares.
    #[serde(with = "hex")]
    pub light: Rgb,
    /// Dark squares.
    #[serde(with = "hex")]
    pub dark: Rgb,
    /// Poles (caps, bands).
    #[serde(with = "hex")]
    pub pole: Rgb,
    /// Letters on the poles.
    #[serde(with = "hex")]
    pub pole_text: Rgb,
    /// Cell borders.
    #[serde(with = "hex")]
    pub grid: Rgb,
    /// Width of cell borders.
    pub grid_width: f64,
    /// Coordinates, captions, titles.
    #[serde(with = "hex")]
    pub text: Rgb,
    /// Route lines.
    #[serde(with = "hex")]
    pub route: Rgb,
    /// Width of route lines.
    pub route_width: f64,
    /// Move dots.
    #[serde(with = "hex")]
    pub dot: Rgb,
    /// Dot radius as a fraction of the cell size.
    pub dot_radius: f64,
    /// Capture rings.
    #[serde(with = "hex")]
    pub capture: Rgb,
    /// Loop lines.
    #[serde(rename = "loop", with = "hex")]
    pub loop_: Rgb,
    /// Arrows.
    #[serde(with = "hex")]
    pub arrow: Rgb,
    /// Default highlight colour.
    #[serde(with = "hex")]
    pub highlight: Rgb,
    /// Check mode: destinations expected but not found.
    #[serde(with = "hex")]
    pub missing: Rgb,
    /// Check mode: destinations found but not expected.
    #[serde(with = "hex")]
    pub extra: Rgb,
    /// Xiangqi: the river on the equator.
    #[serde(with = "hex")]
    pub river: Rgb,
    /// Xiangqi: the palaces' outlines.
    #[serde(with = "hex")]
    pub palace: Rgb,
    /// Xiangqi: ink of Gold's pieces.
    #[serde(with = "hex")]
    pub gold_ink: Rgb,
    /// Xiangqi: ink of Red's pieces.
    #[serde(with = "hex")]
    pub red_ink: Rgb,
    /// Xiangqi: body of both sides' pieces.
    #[serde(with = "hex")]
    pub disc: Rgb,
    /// Colour mode: north edges.
    #[serde(with = "hex")]
    pub north: Rgb,
    /// Colour mode: south edges.
    #[serde(with = "hex")]
    pub south: Rgb,
    /// Colour mode: west edges.
    #[serde(with = "hex")]
    pub west: Rgb,
    /// Colour mode: east edges.
    #[serde(with = "hex")]
    pub east: Rgb,
    /// Width of coloured edges.
    pub edge_width: f64,
    /// How strongly colour mode tints the squares (0 to 1).
    pub tint: f64,
    /// Piece artwork.
    pub piece_set: PieceSet,
    /// Body of white pieces.
    #[serde(with = "hex")]
    pub white_piece: Rgb,
    /// Body of black pieces.
    #[serde(with = "hex")]
    pub black_piece: Rgb,
    /// Font of coordinates and labels.
    #[serde(with = "weight")]
    pub font: FontWeight,
    /// Font of titles and captions.
    #[serde(with = "weight")]
    pub title_font: FontWeight,
    /// Line styles, so that lines of one colour are told apart in black and white (the print
    /// theme): dash patterns in multiples of each line's width, `[]` (the default) solid. Loop
    /// lines.
    #[serde(default)]
    pub loop_dash: Vec<f64>,
    /// Capture rings.
    #[serde(default)]
    pub capture_dash: Vec<f64>,
    /// Xiangqi's river.
    #[serde(default)]
    pub river_dash: Vec<f64>,
    /// Xiangqi's palace outlines.
    #[serde(default)]
    pub palace_dash: Vec<f64>,
    /// Badges: the round plates under rank numbers and file letters drawn over the board, in
    /// colours of their own, so that a light `text` for a dark page does not write white on white.
    #[serde(with = "hex")]
    pub badge: Rgb,
    /// The numbers and letters on badges.
    #[serde(with = "hex")]
    pub badge_text: Rgb,
    /// Latitude bands: colours from the north pole to the south, stretched over the ranks (rank
    /// `H` takes the first, rank 1 the last). When given, every square of a rank is filled with its
    /// band's colour instead of light or dark: a terrestrial-style chart, the squares' grid its
    /// meridians and parallels. Empty: the board's light and dark squares.
    #[serde(default, with = "hex_list")]
    pub bands: Vec<Rgb>,
    /// No paper behind the drawing (a theme file's `background = "none"`): the figure is
    /// transparent, as with `--background none`, `background` staying the colour of ports and
    /// plates.
    #[serde(skip)]
    pub transparent: bool,
}

/// The names of the built-in themes.
pub(crate) const BUILT_IN: [&str; 3] = ["essay", "print", "ice"];

/// Why a theme cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ThemeError {
    /// Not a built-in theme name.
    #[error("unknown theme `{0}` (built in: essay, print, ice; or a path to a .toml theme file)")]
    Unknown(String),
}

impl Theme {
    /// The TOML text of a built-in theme: every key, with comments.
    pub fn template(name: &str) -> Result<&'static str, ThemeError> {
        match name {
            "essay" => Ok(include_str!("../../templates/themes/essay.toml")),
            "print" => Ok(include_str!("../../templates/themes/print.toml")),
            "ice" => Ok(include_str!("../../templates/themes/ice.toml")),
            _ => Err(ThemeError::Unknown(name.to_string())),
        }
    }
    /// A built-in theme by name.
    pub fn built_in(name: &str) -> Result<Theme, ThemeError> {
        Ok(toml::from_str(Theme::template(name)?).expect("a built-in theme is a complete theme"))
    }
    /// The essay theme, the default.
    pub fn essay() -> Theme {
        Theme::built_in("essay").expect("built-in theme parses")
    }
    /// A dash pattern of the theme (`loop_dash`, …) for a line `width` wide: `None` when solid.
    pub fn dash(pattern: &[f64], width: f64) -> Option<Vec<f64>> {
        (!pattern.is_empty()).then(|| pattern.iter().map(|d| d * width).collect())
    }

    /// The latitude band colour of rank `rank` (0 = rank 1) of `height`, when the theme has bands.
    pub fn band(&self, rank: u8, height: u8) -> Option<Rgb> {
        let n = self.bands.len();
        if n == 0 || height == 0 {
            return None;
        }
        let from_north = (height - 1).saturating_sub(rank) as usize;
        self.bands.get(from_north * n / height as usize).copied()
    }

    /// The body colour of a side's pieces.
    pub(crate) fn piece_body(&self, color: crate::rules::piece::Color) -> Rgb {
        match color {
            crate::rules::piece::Color::White => self.white_piece,
            crate::rules::piece::Color::Black => self.black_piece,
        }
    }
}

mod hex {
    use crate::draw::scene::Rgb;
    use serde::{Deserialize, Deserializer, de::Error};
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rgb, D::Error> {
        let s = String::deserialize(d)?;
        crate::draw::colour::parse_colour(&s).map_err(D::Error::custom)
    }
}

mod hex_list {
    use crate::draw::scene::Rgb;
    use serde::{Deserialize, Deserializer, de::Error};
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Rgb>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|s| crate::draw::colour::parse_colour(s).map_err(D::Error::custom))
            .collect()
    }
}

mod weight {
    use crate::draw::scene::FontWeight;
    use serde::{Deserialize, Deserializer, de::Error};
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<FontWeight, D::Error> {
        match String::deserialize(d)?.as_str() {
            "regular" => Ok(FontWeight::Regular),
            "bold" => Ok(FontWeight::Bold),
            other => Err(D::Error::custom(format!("font `{other}` is not embedded (regular or bold)"))),
        }
    }
}
