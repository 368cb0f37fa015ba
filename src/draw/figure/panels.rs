//! Several figures composed into one: a grid of panels with captions.

use super::pieces::text;
use super::{Overlay, View};
use crate::draw::scene::{Anchor, Group, Node, Pt, Scene};
use crate::draw::theme::Theme;
use crate::rules::position::Position;

/// Most a panel is enlarged to share its row's height (a wide, low chart window beside the
/// hemispheres would otherwise make the row very wide).
const MAX_GROWTH: f64 = 3.0;

/// Several scenes in one figure: a grid of panels, a caption under each (shrunk to its panel's
/// width), and an optional title. The panels of a row share a height: a lower panel (a board
/// beside the hemispheres) is drawn larger, up to `MAX_GROWTH` (3) times, instead of standing small
/// in a tall row; a panel that grows takes a wider slot, so the row grows wider. Panels of one
/// size keep the plain grid (slots as wide as the widest panel, left-aligned rows). Each panel is
/// a group `class="panel"` with its place on the page: `data-width`, `data-height`.
pub fn panels(items: Vec<(Scene, String)>, columns: usize, title: Option<&str>, theme: &Theme) -> Scene {
    let columns = columns.clamp(1, items.len().max(1));
    let cell_w = items.iter().map(|(s, _)| s.width).fold(1.0, f64::max);
    let caption_size = (cell_w * 0.045).clamp(11.0, 26.0);
    let caption_h = caption_size * 1.8;
    let gap = (cell_w * 0.05).max(8.0);
    let title_h = if title.is_some() { caption_size * 2.6 } else { 0.0 };
    let rows: Vec<&[(Scene, String)]> = items.chunks(columns).collect();
    let row_h: Vec<f64> = rows.iter().map(|r| r.iter().map(|(s, _)| s.height).fold(1.0, f64::max)).collect();
    // Each panel's scale, and the slot it takes in its row.
    let scale_of = |s: &Scene, r: usize| (row_h[r] / s.height.max(1.0)).min(MAX_GROWTH);
    let slot_of = |s: &Scene, r: usize| cell_w.max(s.width * scale_of(s, r));
    let row_w: Vec<f64> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| row.iter().map(|(s, _)| slot_of(s, r) + gap).sum::<f64>() + gap)
        .collect();
    let grid_w = columns as f64 * cell_w + (columns + 1) as f64 * gap;
    let width = row_w.iter().copied().fold(grid_w, f64::max);
    let height = title_h + row_h.iter().map(|h| h + caption_h + gap).sum::<f64>() + gap;
    let mut scene = Scene::new(width.ceil(), height.ceil(), theme.background);
    let mut descs = Vec::new();
    let mut y = title_h + gap;
    let mut index = 0;
    for (r, row) in rows.iter().enumerate() {
        let mut x = gap;
        for (sub, caption) in row.iter() {
            index += 1;
            let (k, slot) = (scale_of(sub, r), slot_of(sub, r));
            let (w, h) = (sub.width * k, sub.height * k);
            let left = x + (slot - w) / 2.0;
            let top = y + (row_h[r] - h) / 2.0;
            descs.push(format!("Panel {index} ({caption}): {}", sub.desc));
            scene.nodes.push(Node::Group(Group {
                class: "panel".into(),
                data: vec![
                    ("index", index.to_string()),
                    ("caption", caption.clone()),
                    ("width", size_attr(w)),
                    ("height", size_attr(h)),
                ],
                offset: Pt::new(left, top),
                scale: k,
                children: sub.nodes.clone(),
            }));
            if !caption.is_empty() {
                let fit = slot * 0.96 / crate::draw::font::text_width(caption, 1.0, theme.font).max(1e-9);
                let size = caption_size.min(fit);
                let at = Pt::new(x + slot / 2.0, y + row_h[r] + caption_h * 0.45);
                scene.push(text(caption.clone(), at, size, Anchor::Middle, theme.font, theme.text, "caption"));
            }
            x += slot + gap;
        }
        y += row_h[r] + caption_h + gap;
    }
    if let Some(t) = title {
        let fit = width * 0.96 / crate::draw::font::text_width(t, 1.0, theme.title_font).max(1e-9);
        let size = (caption_size * 1.3).min(fit);
        scene.push(text(
            t.to_string(),
            Pt::new(width / 2.0, title_h * 0.55),
            size,
            Anchor::Middle,
            theme.title_font,
            theme.text,
            "title",
        ));
        scene.title = t.to_string();
    }
    scene.desc = descs.join(" ");
    scene
}

/// A size as a data attribute: to a hundredth, without trailing zeros.
fn size_attr(v: f64) -> String {
    format!("{}", (v * 100.0).round() / 100.0)
}

/// One panel: what to draw and how.
#[derive(Clone, Debug)]
pub struct PanelSpec {
    /// The position drawn (the figure's, unless the panel names its own).
    pub position: Position,
    /// The view.
    pub view: View,
    /// The marks.
    pub overlay: Overlay,
    /// The caption under the panel.
    pub caption: Option<String>,
    /// Why the panel marks fewer moves than the pieces have pseudo-legally (a move that would
    /// leave the own king attacked, a rule such as facing generals). The essay's tests refuse a
    /// figure that drops moves without saying why.
    pub why_fewer: Option<String>,
}
