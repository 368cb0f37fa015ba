//! Every format the program writes, in one table: its names, the file extensions that choose it,
//! its media type, whether it is painted in pixels (and so held to the pixel limits) and whether
//! it moves.
//!
//! Two formats are SVG: a still figure's and an animation's (SMIL, no script). Their files and
//! routes share the name `svg`; what tells them apart is what is drawn, which the front ends know
//! before they look at a name: the command (`render` or `animate`), the route (`/figure.svg` or
//! `/animation.svg`), or whether a batch's figure has an animation. So a name read from a user is
//! read in a [`Motion`] ([`Format::named`], [`Format::of_extension`]), and only the library's own
//! text form ([`std::fmt::Display`], [`std::str::FromStr`]) gives the animated SVG a name of its
//! own, `animated-svg`, that no front end takes.

/// Whether a format holds one picture or an animation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Motion {
    /// One picture.
    Still,
    /// Frames in time.
    Animated,
}

/// An output format.
///
/// Deserialized (a batch manifest's `formats`) from the still formats' names only: a batch writes
/// an animated figure in the animated format of each still one's extension ([`Format::animated`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Format {
    /// SVG text.
    Svg,
    /// PNG at one pixel per figure unit.
    Png,
    /// PDF: the same picture in vector form, one page the figure's size.
    Pdf,
    /// HTML: the figure as an interactive page ([`super::to_html`]), made from the figure drawn
    /// with its interactive layer.
    Html,
    /// An animated GIF.
    #[serde(skip_deserializing)]
    Gif,
    /// An animated PNG.
    #[serde(skip_deserializing)]
    Apng,
    /// SVG that animates itself (SMIL), no script.
    #[serde(skip_deserializing)]
    AnimatedSvg,
}

/// One row of the table ([`Format::row`]).
struct Row {
    /// The short name (`--format`, a manifest's `formats`, a route's last part).
    name: &'static str,
    /// The text form, unique among all formats.
    id: &'static str,
    /// The extensions that choose it, the first the one it is written with.
    extensions: &'static [&'static str],
    /// The media type.
    mime: &'static str,
    motion: Motion,
    /// Painted in pixels.
    raster: bool,
}

impl Format {
    /// Every format: the still ones in the order a figure's files are written, then the animated.
    pub const ALL: [Format; 7] =
        [Format::Svg, Format::Png, Format::Pdf, Format::Html, Format::Gif, Format::Apng, Format::AnimatedSvg];
    /// The formats a name without extension gets when `--format` does not choose one.
    pub(crate) const STEM: [Format; 2] = [Format::Svg, Format::Png];

    /// The table: everything the program knows of each format besides how to make it.
    #[rustfmt::skip]
    const fn row(self) -> Row {
        use Motion::{Animated, Still};
        let (name, id, extensions, mime, motion, raster): (_, _, &[&str], _, _, _) = match self {
            Format::Svg =>         ("svg",  "svg",          &["svg"],         "image/svg+xml",            Still,    false),
            Format::Png =>         ("png",  "png",          &["png"],         "image/png",                Still,    true),
            Format::Pdf =>         ("pdf",  "pdf",          &["pdf"],         "application/pdf",          Still,    false),
            Format::Html =>        ("html", "html",         &["html"],        "text/html; charset=utf-8", Still,    false),
            Format::Gif =>         ("gif",  "gif",          &["gif"],         "image/gif",                Animated, true),
            Format::Apng =>        ("apng", "apng",         &["png", "apng"], "image/apng",               Animated, true),
            Format::AnimatedSvg => ("svg",  "animated-svg", &["svg"],         "image/svg+xml",            Animated, false),
        };
        Row { name, id, extensions, mime, motion, raster }
    }

    /// The short name: `svg`, `png`, `pdf`, `html`, `gif`, `apng`, and `svg` again for the
    /// animated SVG (told apart by [`Format::motion`]).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The extension the format is written with (`png` for an APNG, as a batch writes it).
    pub fn extension(self) -> &'static str {
        self.row().extensions[0]
    }

    /// Every extension that chooses the format (an APNG is `.png` or `.apng`).
    pub fn extensions(self) -> &'static [&'static str] {
        self.row().extensions
    }

    /// The media type (`Content-Type`) of its bytes.
    pub fn mime(self) -> &'static str {
        self.row().mime
    }

    /// Still or animated.
    pub fn motion(self) -> Motion {
        self.row().motion
    }

    /// Whether it is an animation (GIF, APNG, animated SVG).
    pub fn is_animation(self) -> bool {
        self.motion() == Motion::Animated
    }

    /// Whether it is painted in pixels (PNG, GIF, APNG), so that the pixel limits apply
    /// (`crate::output::budget::MAX_PIXELS` and a frame's size): an SVG or a PDF of any size
    /// has none.
    pub fn is_raster(self) -> bool {
        self.row().raster
    }

    /// The formats of one motion, in [`Format::ALL`]'s order.
    pub(crate) fn of_motion(motion: Motion) -> impl Iterator<Item = Format> {
        Format::ALL.into_iter().filter(move |f| f.motion() == motion)
    }

    /// The format of this motion a short name names, exactly (a route's `svg`, a manifest's).
    pub fn named(name: &str, motion: Motion) -> Option<Format> {
        Format::of_motion(motion).find(|f| f.name() == name)
    }

    /// The format of this motion a file extension chooses (any case).
    pub fn of_extension(ext: &str, motion: Motion) -> Option<Format> {
        Format::of_motion(motion).find(|f| f.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext)))
    }

    /// The animated format written with a still format's extension (SVG: the animated SVG, PNG:
    /// the APNG), if there is one.
    pub fn animated(self) -> Option<Format> {
        match self.motion() {
            Motion::Still => Format::of_extension(self.extension(), Motion::Animated),
            Motion::Animated => Some(self),
        }
    }

    /// The short names of one motion's formats, for messages: `svg, png, pdf or html`.
    pub fn names(motion: Motion) -> String {
        let names: Vec<&str> = Format::of_motion(motion).map(Format::name).collect();
        crate::suggest::or_list(&names)
    }

    /// A still format by its short name (any case): the value of `--format`.
    pub fn still(s: &str) -> Result<Format, FormatError> {
        Format::of_motion(Motion::Still)
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| FormatError { given: s.to_string(), motion: Some(Motion::Still) })
    }
}

/// A name that is no format ([`Format::still`], [`std::str::FromStr`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{given}` is not a format ({})", self.known())]
pub struct FormatError {
    /// The name given.
    pub given: String,
    /// The formats it was looked for among: one motion's, or (`None`) all.
    pub motion: Option<Motion>,
}

impl FormatError {
    fn known(&self) -> String {
        match self.motion {
            Some(m) => Format::names(m),
            None => {
                let ids: Vec<String> = Format::ALL.iter().map(Format::to_string).collect();
                ids.join(", ")
            }
        }
    }
}

impl std::str::FromStr for Format {
    type Err = FormatError;
    /// A format by its text form (any case): its short name, but `animated-svg` for the animated
    /// SVG.
    fn from_str(s: &str) -> Result<Format, FormatError> {
        Format::ALL
            .into_iter()
            .find(|f| f.row().id.eq_ignore_ascii_case(s))
            .ok_or_else(|| FormatError { given: s.to_string(), motion: None })
    }
}

impl std::fmt::Display for Format {
    /// The text form: the short name, but `animated-svg` for the animated SVG.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.row().id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` lists every format once (a new variant fails to compile here until it is counted).
    #[test]
    fn all_lists_every_format() {
        let count = |f: Format| match f {
            Format::Svg | Format::Png | Format::Pdf | Format::Html => 1,
            Format::Gif | Format::Apng | Format::AnimatedSvg => 1,
        };
        assert_eq!(Format::ALL.iter().map(|&f| count(f)).sum::<usize>(), 7);
        for (i, f) in Format::ALL.iter().enumerate() {
            assert!(!Format::ALL[..i].contains(f), "{f} twice");
        }
    }

    /// A manifest's `formats` reads the still formats' short names, exactly, and no other.
    #[test]
    fn a_manifest_reads_the_still_names_only() {
        use serde::Deserialize;
        use serde::de::IntoDeserializer;
        let read = |s: &str| {
            let d: serde::de::value::StrDeserializer<serde::de::value::Error> = s.into_deserializer();
            Format::deserialize(d).ok()
        };
        for f in Format::ALL {
            let want = if f.is_animation() { None } else { Some(f) };
            assert_eq!(read(f.name()).filter(|g| g.motion() == f.motion()), want, "{f}");
            assert_eq!(read(&f.to_string()), want, "{f}");
        }
        assert_eq!(read("SVG"), None);
    }
}
