//! The check-mode legend under a figure: the three dot styles and how many of each.

use super::marks::{DotKind, dot_shape};
use super::pieces::text;
use crate::scene::{Anchor, Element, Pt};
use crate::theme::Theme;

/// The legend's items centred on the line `y` of a figure `width` wide, in a band `height` tall.
pub(super) fn legend(theme: &Theme, counts: [usize; 3], width: f64, y: f64, height: f64) -> Vec<Element> {
    let mut out = Vec::new();
    let size = height * 0.5;
    let items = [
        (DotKind::Agreed, format!("agreed ({})", counts[0])),
        (DotKind::Missing, format!("missing: expected, not found ({})", counts[1])),
        (DotKind::Extra, format!("extra: found, not expected ({})", counts[2])),
    ];
    let gap = size * 1.2;
    let widths: Vec<f64> = items.iter().map(|(_, t)| crate::font::text_width(t, size * 0.62, theme.font)).collect();
    let total: f64 = widths.iter().sum::<f64>() + items.len() as f64 * (size * 1.1) + (items.len() - 1) as f64 * gap;
    let mut x = (width - total) / 2.0;
    for ((kind, t), w) in items.into_iter().zip(widths) {
        out.push(dot_shape(theme, Pt::new(x + size * 0.4, y), size * 2.4, false, kind).with("legend", "true"));
        out.push(text(t, Pt::new(x + size * 1.1, y), size * 0.62, Anchor::Start, theme.font, theme.text, "legend"));
        x += size * 1.1 + w + gap;
    }
    out
}
