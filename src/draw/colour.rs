//! Colours as users write them, in overlay files, theme files and flags alike: `#rgb`,
//! `#rrggbb`, or one of a few plain names (`red`, `blue`, `grey`, …, the basic colours of CSS,
//! which users of python-chess's SVG boards and of lichess already write). Every mark that takes
//! a colour (`e4:#c00`, `e2:e4:red`, `circles = ["d5:#06c"]`, `moves = ["e1:#8a2be2"]`) reads it
//! with [`parse_colour`], so a colour written one way is understood everywhere.

use crate::draw::scene::Rgb;

/// The colour names understood, lower case, in alphabetical order, with their sRGB values (the
/// CSS basic colours, plus `orange`, `brown`, `pink` and the British `grey`).
pub const NAMED: [(&str, Rgb); 20] = [
    ("aqua", Rgb(0x00, 0xff, 0xff)),
    ("black", Rgb(0x00, 0x00, 0x00)),
    ("blue", Rgb(0x00, 0x00, 0xff)),
    ("brown", Rgb(0xa5, 0x2a, 0x2a)),
    ("fuchsia", Rgb(0xff, 0x00, 0xff)),
    ("gray", Rgb(0x80, 0x80, 0x80)),
    ("green", Rgb(0x00, 0x80, 0x00)),
    ("grey", Rgb(0x80, 0x80, 0x80)),
    ("lime", Rgb(0x00, 0xff, 0x00)),
    ("maroon", Rgb(0x80, 0x00, 0x00)),
    ("navy", Rgb(0x00, 0x00, 0x80)),
    ("olive", Rgb(0x80, 0x80, 0x00)),
    ("orange", Rgb(0xff, 0xa5, 0x00)),
    ("pink", Rgb(0xff, 0xc0, 0xcb)),
    ("purple", Rgb(0x80, 0x00, 0x80)),
    ("red", Rgb(0xff, 0x00, 0x00)),
    ("silver", Rgb(0xc0, 0xc0, 0xc0)),
    ("teal", Rgb(0x00, 0x80, 0x80)),
    ("white", Rgb(0xff, 0xff, 0xff)),
    ("yellow", Rgb(0xff, 0xff, 0x00)),
];

/// Reads a colour: `#rgb`, `#rrggbb` (hex digits in either case) or a name of [`NAMED`] (in any
/// case). The error says what was written and what is accepted, in words that read on their own
/// (`` `#12` is not a colour (#rgb, #rrggbb or a name such as red) ``).
pub fn parse_colour(s: &str) -> Result<Rgb, ColourError> {
    let t = s.trim();
    let not_a_colour = || ColourError { text: s.to_string() };
    if t.starts_with('#') {
        return Rgb::parse(t).ok_or_else(not_a_colour);
    }
    let lower = t.to_ascii_lowercase();
    NAMED.iter().find(|(n, _)| *n == lower).map(|&(_, c)| c).ok_or_else(not_a_colour)
}

/// Text that is not a colour ([`parse_colour`]). It shows as the text, what is accepted and, for
/// a near miss of a name, the name meant.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ColourError {
    /// What was written.
    pub text: String,
}

impl ColourError {
    /// The colour name nearest to what was written, when it is a near miss (at most two edits).
    pub(crate) fn suggestion(&self) -> Option<&'static str> {
        if self.text.starts_with('#') {
            return None;
        }
        NAMED
            .iter()
            .map(|(n, _)| (crate::suggest::edit_distance(&self.text.to_ascii_lowercase(), n), *n))
            .min()
            .filter(|&(d, _)| d <= 2)
            .map(|(_, n)| n)
    }
}

impl std::fmt::Display for ColourError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a colour (#rgb, #rrggbb or a name such as red, blue, grey", self.text)?;
        if let Some(n) = self.suggestion() {
            write!(f, "; did you mean `{n}`?")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for ColourError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_and_names() {
        assert_eq!(parse_colour("#c00"), Ok(Rgb(0xcc, 0, 0)));
        assert_eq!(parse_colour("#8A2BE2"), Ok(Rgb(0x8a, 0x2b, 0xe2)));
        assert_eq!(parse_colour("Red"), Ok(Rgb(255, 0, 0)));
        assert_eq!(parse_colour("grey"), parse_colour("gray"));
        for bad in ["#12", "#12345g", "", "e4", "reed"] {
            assert!(parse_colour(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_colour("reed").unwrap_err().suggestion(), Some("red"));
        assert!(parse_colour("reed").unwrap_err().to_string().contains("did you mean `red`"));
    }

    #[test]
    fn names_are_sorted_and_unique() {
        assert!(NAMED.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
