//! Position files: a FEN file (with `# variant:` comments) or a TOML file (`variant`, `fen`,
//! `title`), read into a checked [`PositionSpec`].

use super::diagnostics::{InputError, Source, short_text};
use super::file::without_bom;
use crate::rules::notation::FenError;
use crate::rules::position::Position;
use crate::rules::variant::VariantId;
use serde::Deserialize;
use serde_spanned::Spanned;

/// A position read from a file.
#[derive(Clone, Debug)]
pub struct PositionSpec {
    /// The position.
    pub position: Position,
    /// Its title, if the file gave one.
    pub title: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionToml {
    variant: Option<Spanned<String>>,
    fen: Spanned<String>,
    title: Option<Spanned<String>>,
}

/// Reads a position file: TOML (`variant`, `fen`, `title`) when `name` ends in `.toml`, else a
/// FEN file — comment lines start with `#`, a comment `# variant: small` names the variant
/// (`default_variant` otherwise), and the first other line is the FEN.
pub fn read_position(name: &str, text: &str, default_variant: VariantId) -> Result<PositionSpec, InputError> {
    let text = without_bom(text);
    let src = Source::new(name, text);
    src.check_size()?;
    let fen_error = |offset: usize, e: FenError, variant: VariantId, fen: &str| {
        let mut message = e.to_string();
        if let Some(v) = fitting_variant(variant, fen) {
            let how = if name.ends_with(".toml") {
                format!("`variant = \"{v}\"`")
            } else {
                format!("a `# variant: {v}` line or --variant {v}")
            };
            message += &format!(" (the board fits {v}: did you mean {how}?)");
        }
        src.error_at(offset + byte_of_column(&text[offset..], e.column), message)
    };
    if name.ends_with(".toml") {
        let p: PositionToml = src.toml()?;
        let variant = match &p.variant {
            None => default_variant,
            Some(v) => src.variant(v)?,
        };
        // The value's span covers its quotes: FEN columns count from after the opening quote.
        let start = p.fen.span().start + 1;
        let position =
            Position::from_fen(variant, p.fen.get_ref()).map_err(|e| fen_error(start, e, variant, p.fen.get_ref()))?;
        return Ok(PositionSpec { position, title: short_text(&src, &p.title, "title")? });
    }
    let mut variant = default_variant;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let here = offset;
        offset += line.len();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            if let Some(v) = comment.trim().strip_prefix("variant:") {
                let col = here + line.find("variant:").unwrap_or(0) + "variant:".len();
                variant = v
                    .trim()
                    .parse()
                    .map_err(|e: crate::rules::variant::UnknownVariant| src.error_at(col, e.to_string()))?;
            }
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        let position = Position::from_fen(variant, trimmed).map_err(|e| fen_error(here + lead, e, variant, trimmed))?;
        return Ok(PositionSpec { position, title: None });
    }
    Err(src.whole("holds no FEN line"))
}

/// Another variant whose board a FEN fits when it does not fit `tried`'s. A board of the wrong
/// shape (files, ranks, poles) is the usual sign of a missing or wrong variant, so only variants
/// of another shape are offered.
pub fn fitting_variant(tried: VariantId, fen: &str) -> Option<VariantId> {
    let shape = |v: VariantId| {
        let t = v.variant().topology;
        (t.width(), t.height(), t.poles())
    };
    VariantId::ALL.into_iter().filter(|&v| shape(v) != shape(tried)).find(|&v| Position::from_fen(v, fen).is_ok())
}

/// The byte offset of 1-based character column `col` in `s`.
fn byte_of_column(s: &str, col: usize) -> usize {
    s.char_indices().nth(col.saturating_sub(1)).map_or(s.len(), |(i, _)| i)
}
