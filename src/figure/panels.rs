//! Several figures composed into one: a grid of panels with captions.

use super::pieces::text;
use crate::scene::{Anchor, Group, Node, Pt, Scene};
use crate::theme::Theme;

/// Several scenes in one figure: a grid of panels, each row as tall as its tallest panel, a
/// caption under each (shrunk to its panel's width), and an optional title.
pub fn panels(items: Vec<(Scene, String)>, columns: usize, title: Option<&str>, theme: &Theme) -> Scene {
    let columns = columns.clamp(1, items.len().max(1));
    let cell_w = items.iter().map(|(s, _)| s.width).fold(1.0, f64::max);
    let caption_size = (cell_w * 0.045).clamp(11.0, 26.0);
    let caption_h = caption_size * 1.8;
    let gap = (cell_w * 0.05).max(8.0);
    let title_h = if title.is_some() { caption_size * 2.6 } else { 0.0 };
    let rows: Vec<&[(Scene, String)]> = items.chunks(columns).collect();
    let row_h: Vec<f64> = rows.iter().map(|r| r.iter().map(|(s, _)| s.height).fold(1.0, f64::max)).collect();
    let width = columns as f64 * cell_w + (columns + 1) as f64 * gap;
    let height = title_h + row_h.iter().map(|h| h + caption_h + gap).sum::<f64>() + gap;
    let mut scene = Scene::new(width.ceil(), height.ceil(), theme.background);
    let mut descs = Vec::new();
    let mut y = title_h + gap;
    let mut index = 0;
    for (r, row) in rows.iter().enumerate() {
        for (col, (sub, caption)) in row.iter().enumerate() {
            index += 1;
            let x = gap + col as f64 * (cell_w + gap) + (cell_w - sub.width) / 2.0;
            let top = y + (row_h[r] - sub.height) / 2.0;
            descs.push(format!("Panel {index} ({caption}): {}", sub.desc));
            scene.nodes.push(Node::Group(Group {
                class: "panel".into(),
                data: vec![("index", index.to_string()), ("caption", caption.clone())],
                offset: Pt::new(x, top),
                scale: 1.0,
                children: sub.nodes.clone(),
            }));
            if !caption.is_empty() {
                let fit = cell_w * 0.96 / crate::font::text_width(caption, 1.0, theme.font).max(1e-9);
                let size = caption_size.min(fit);
                let at = Pt::new(gap + col as f64 * (cell_w + gap) + cell_w / 2.0, y + row_h[r] + caption_h * 0.45);
                scene.push(text(caption.clone(), at, size, Anchor::Middle, theme.font, theme.text, "caption"));
            }
        }
        y += row_h[r] + caption_h + gap;
    }
    if let Some(t) = title {
        let fit = width * 0.96 / crate::font::text_width(t, 1.0, theme.title_font).max(1e-9);
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
