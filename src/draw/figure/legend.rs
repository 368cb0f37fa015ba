//! The check-mode legend under a figure: the three dot styles and how many of each.

use super::marks::{DotKind, dot_shape};
use super::pieces::text;
use crate::draw::scene::{Anchor, Element, Pt};
use crate::draw::theme::Theme;

/// The legend's items centred on the line `y` of a figure `width` wide, in a band `height` tall.
/// `source` names where the expected set comes from (`[[expect]] source`); `counts` (agreed,
/// missing, extra) follow each item when given. The legend shrinks to fit the width.
pub(super) fn legend(
    theme: &Theme,
    counts: Option<[usize; 3]>,
    source: Option<&str>,
    width: f64,
    y: f64,
    height: f64,
) -> Vec<Element> {
    let mut out = Vec::new();
    let expected = source.map_or("expected".to_string(), |s| format!("expected by {s}"));
    let n = |i: usize| counts.map_or(String::new(), |c| format!(" ({})", c[i]));
    let items = [
        (DotKind::Agreed, format!("agreed{}", n(0))),
        (DotKind::Missing, format!("missing: {expected}, not found{}", n(1))),
        (DotKind::Extra, format!("extra: found, not {expected}{}", n(2))),
    ];
    let measure = |size: f64| {
        let widths: Vec<f64> =
            items.iter().map(|(_, t)| crate::draw::font::text_width(t, size * 0.62, theme.font)).collect();
        let total =
            widths.iter().sum::<f64>() + items.len() as f64 * (size * 1.1) + (items.len() - 1) as f64 * size * 1.2;
        (widths, total)
    };
    let (_, natural) = measure(height * 0.5);
    let size = height * 0.5 * (width * 0.96 / natural).min(1.0);
    let (widths, total) = measure(size);
    let gap = size * 1.2;
    let mut x = (width - total) / 2.0;
    for ((kind, t), w) in items.into_iter().zip(widths) {
        out.push(dot_shape(theme, Pt::new(x + size * 0.4, y), size * 2.4, false, kind).with("legend", "true"));
        out.push(text(t, Pt::new(x + size * 1.1, y), size * 0.62, Anchor::Start, theme.font, theme.text, "legend"));
        x += size * 1.1 + w + gap;
    }
    out
}
