//! SVG to PDF with typst's `svg2pdf`: the same picture as vector paths on one page the size of
//! the figure. The SVG writer already draws every glyph as an outline path, so the PDF needs no
//! font and the reader's fonts cannot change it.
//!
//! `svg2pdf` 0.13 (its newest release) is built on `usvg` 0.45, while the PNG path uses `resvg`
//! 0.49; `svg2pdf` re-exports its own `usvg`, and the SVG is parsed with that one, so the two
//! versions never meet.

use svg2pdf::usvg;

/// Figure units per inch: a figure unit is a CSS pixel, as in the SVG, so the PDF page has the
/// size a browser gives the SVG (a 480-unit figure is 5 inches wide).
pub const UNITS_PER_INCH: f32 = 96.0;

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The SVG did not parse (a bug: the project writes it).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The converter failed.
    #[error("cannot write the PDF: {0}")]
    Convert(String),
}

/// Converts an SVG document to a one-page PDF, the page the size of the figure.
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, PdfError> {
    svg_to_pdf_at(svg, UNITS_PER_INCH as f64)
}

/// Converts an SVG document to a one-page PDF whose page is the figure at `dpi` figure units
/// per inch (a 1600-unit figure at 300 dpi is 5⅓ inches wide, as its PNG says it is).
pub fn svg_to_pdf_at(svg: &str, dpi: f64) -> Result<Vec<u8>, PdfError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| PdfError::Svg(e.to_string()))?;
    let options = svg2pdf::ConversionOptions { embed_text: false, ..Default::default() };
    let page = svg2pdf::PageOptions { dpi: dpi as f32 };
    let pdf = svg2pdf::to_pdf(&tree, options, page).map_err(|e| PdfError::Convert(e.to_string()))?;
    Ok(sorted_resources(pdf))
}

/// `svg2pdf` lists a page's resources (graphics states for opacity, …) in hash-map order, so the
/// same figure could give different bytes from run to run. Each resource dictionary is written
/// one `/Name N 0 R` entry a line; sorting those lines in place keeps every byte offset (the
/// cross-reference table stays right) and makes the output depend on the figure alone.
fn sorted_resources(mut pdf: Vec<u8>) -> Vec<u8> {
    let mut i = 0;
    while i < pdf.len() {
        // A run of consecutive lines that are each one resource entry.
        let start = i;
        let mut end = i;
        let mut lines: Vec<Vec<u8>> = Vec::new();
        loop {
            let line_end = pdf[end..].iter().position(|&b| b == b'\n').map_or(pdf.len(), |p| end + p + 1);
            if !is_resource_entry(&pdf[end..line_end]) {
                break;
            }
            lines.push(pdf[end..line_end].to_vec());
            end = line_end;
        }
        if lines.len() > 1 {
            lines.sort();
            pdf[start..end].copy_from_slice(&lines.concat());
        }
        i = if end > start { end } else { pdf[i..].iter().position(|&b| b == b'\n').map_or(pdf.len(), |p| i + p + 1) };
    }
    pdf
}

/// A line like `    /gs3 12 0 R\n`.
fn is_resource_entry(line: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(line) else { return false };
    let Some(text) = text.strip_suffix('\n') else { return false };
    let mut words = text.split_ascii_whitespace();
    matches!(
        (words.next(), words.next(), words.next(), words.next(), words.next()),
        (Some(name), Some(id), Some("0"), Some("R"), None)
            if name.starts_with('/') && id.bytes().all(|b| b.is_ascii_digit())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_lines_are_sorted_in_place() {
        let pdf = b"1 0 obj\n<<\n  /ExtGState <<\n    /gs2 9 0 R\n    /gs0 7 0 R\n  >>\n>>\n".to_vec();
        let sorted = sorted_resources(pdf.clone());
        assert_eq!(sorted.len(), pdf.len());
        let text = String::from_utf8(sorted).unwrap();
        assert!(text.find("/gs0").unwrap() < text.find("/gs2").unwrap(), "{text}");
    }
}
