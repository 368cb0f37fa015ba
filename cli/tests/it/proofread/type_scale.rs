//! One type scale: what a print editor checks across a whole set of figures.
//!
//! - Every caption is printed at one size, in every figure and every frame (`09-rook-longitude-
//!   globe`'s was 9 units, the 09 chart's 26, the three bishop-step charts' 19, 18 and 27), and
//!   every figure has a `<title>` (33 figures of several panels had an empty one, which
//!   docs/rules.md §5 says every figure fills).
//! - A panel prints its type (coordinates, names, letters, labels) and its line weights at the
//!   sizes it has when drawn alone: drawn larger to share its row's height, only its geometry
//!   grows (`12-rook`'s board, grown 1.8 times beside the hemispheres, had labels and lines 1.8
//!   times the size it draws them at).

use super::{Figure, data, describe, essay_figures, essay_sheets, has_class, proofread};
use super::{Finding, Sheet};
use dotchess::draw::scene::{Element, Shape};

/// How far two sizes may differ and still be the same size (rounding).
const SAME: f64 = 0.01;

fn text_size(e: &Element) -> Option<f64> {
    match e.shape {
        Shape::Text { size, .. } => Some(size),
        _ => None,
    }
}

/// The captions of a figure or frame, with their sizes.
fn captions<'a>(elements: impl Iterator<Item = &'a Element>) -> Vec<(&'a Element, f64)> {
    elements.filter(|e| has_class(e, "caption")).filter_map(|e| Some((e, text_size(e)?))).collect()
}

/// The one caption size: the first caption's in the essay.
fn caption_size() -> f64 {
    let figures = essay_figures().iter().flat_map(|f| f.outside.iter());
    captions(figures).first().map_or(0.0, |c| c.1)
}

fn figure_captions(f: &Figure) -> Option<Vec<Finding>> {
    let want = caption_size();
    let mut out: Vec<Finding> = captions(f.outside.iter().chain(f.panels.iter().flatten()))
        .into_iter()
        .filter(|&(_, size)| (size - want).abs() > SAME)
        .map(|(e, size)| format!("{} at {size:.1} units, not {want:.1}", describe(e)))
        .collect();
    if f.title.trim().is_empty() {
        out.push("the figure's <title> is empty".to_string());
    }
    Some(out)
}

fn frame_captions(s: &Sheet) -> Option<Vec<Finding>> {
    s.animation?;
    let want = caption_size();
    let found = captions(s.elements.iter());
    (!found.is_empty()).then(|| {
        found
            .into_iter()
            .filter(|&(_, size)| (size - want).abs() > SAME)
            .map(|(e, size)| format!("{} at {size:.1} units, not {want:.1}", describe(e)))
            .collect()
    })
}

/// What is printed at a size of its own: texts (their size) and stroked lines (their width),
/// pieces left out (they fill their cells, which grow with the panel).
fn print_sizes(elements: &[Element]) -> Vec<(&Element, f64)> {
    elements
        .iter()
        .filter(|e| data(e, "legend").is_none() && !matches!(e.shape, Shape::Piece { .. }))
        .filter_map(|e| Some((e, text_size(e).or(e.paint.stroke.map(|s| s.1))?)))
        .collect()
}

fn panel_sizes(f: &Figure) -> Option<Vec<Finding>> {
    if f.panels.len() < 2 {
        return None;
    }
    let alone: Vec<&Sheet> = essay_sheets().iter().filter(|s| s.figure == f.figure).collect();
    let mut out = Vec::new();
    for (i, printed) in f.panels.iter().enumerate() {
        let Some(own) = alone.get(i) else { continue };
        let (printed, own) = (print_sizes(printed), print_sizes(&own.elements));
        // The same drawing in the same order: each text and line against its own.
        let mut pairs = printed.iter().zip(&own).take_while(|(a, b)| a.0.class == b.0.class);
        if let Some(((e, p), (_, o))) = pairs.find(|((_, p), (_, o))| (p / o - 1.0).abs() > SAME) {
            let what = if text_size(e).is_some() { "type" } else { "line" };
            out.push(format!("panel {}: {what} {} printed at {p:.2}, drawn at {o:.2}", i + 1, describe(e)));
        }
    }
    Some(out)
}

#[test]
fn essay_captions_share_one_size_and_every_title_is_filled() {
    assert!(caption_size() > 0.0, "no caption in the essay");
    proofread("captions and titles", essay_figures(), 50, figure_captions);
    proofread("captions of frames", essay_sheets(), 10, frame_captions);
}

#[test]
fn essay_panels_print_type_and_lines_at_their_own_size() {
    proofread("panels' print sizes", essay_figures(), 20, panel_sizes);
}
