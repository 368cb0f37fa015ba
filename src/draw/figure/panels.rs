//! Several figures composed into one: a grid of panels with captions.

use super::pieces::text;
use super::{Overlay, View};
use crate::draw::scene::{Anchor, Group, Node, Pt, Scene, Shape};
use crate::draw::theme::Theme;
use crate::rules::position::Position;

/// Most a panel is enlarged to share its row's height (a wide, low chart window beside the
/// hemispheres would otherwise make the row very wide).
const MAX_GROWTH: f64 = 3.0;

/// The size of a panel's caption, and of every caption in every figure (docs/rules.md §5.8): 14
/// units, 10.5 pt at the figure's own size (a unit is 1/96 inch), whatever the panel's width. A
/// caption wider than its slot is broken into lines, never made smaller.
pub(crate) const CAPTION_SIZE: f64 = 14.0;

/// Several scenes in one figure: a grid of panels, a caption under each (at `CAPTION_SIZE`,
/// broken into lines to fit its slot), and an optional title. The panels of a row share a
/// height: a lower panel (a board beside the hemispheres) is drawn larger, up to `MAX_GROWTH` (3)
/// times, instead of standing small in a tall row; a panel that grows takes a wider slot, so the
/// row grows wider. Only its geometry grows: its type, line weights and marks keep the size they
/// were drawn at (`keep_print_sizes`). Panels of one size keep the plain grid (slots as wide as
/// the widest panel, left-aligned rows). Each panel is a group `class="panel"` with its place on
/// the page: `data-width`, `data-height`. The figure's `<title>` is the title, else the panels'
/// captions (else their own titles).
pub fn panels(items: Vec<(Scene, String)>, columns: usize, title: Option<&str>, theme: &Theme) -> Scene {
    let columns = columns.clamp(1, items.len().max(1));
    let cell_w = items.iter().map(|(s, _)| s.width).fold(1.0, f64::max);
    let line_h = CAPTION_SIZE * 1.25;
    let gap = (cell_w * 0.05).max(8.0);
    let title_h = if title.is_some() { CAPTION_SIZE * 2.6 } else { 0.0 };
    let rows: Vec<&[(Scene, String)]> = items.chunks(columns).collect();
    let row_h: Vec<f64> = rows.iter().map(|r| r.iter().map(|(s, _)| s.height).fold(1.0, f64::max)).collect();
    // Each panel's scale, and the slot it takes in its row.
    let scale_of = |s: &Scene, r: usize| (row_h[r] / s.height.max(1.0)).min(MAX_GROWTH);
    let slot_of = |s: &Scene, r: usize| cell_w.max(s.width * scale_of(s, r));
    let lines_of = |caption: &str, slot: f64| caption_lines(caption, slot * 0.96, theme);
    // The height of each row's captions: as many lines as its longest caption takes.
    let caption_h: Vec<f64> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let n = row.iter().map(|(s, c)| lines_of(c, slot_of(s, r)).len()).max().unwrap_or(0).max(1);
            CAPTION_SIZE * 0.55 + n as f64 * line_h
        })
        .collect();
    let row_w: Vec<f64> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| row.iter().map(|(s, _)| slot_of(s, r) + gap).sum::<f64>() + gap)
        .collect();
    let grid_w = columns as f64 * cell_w + (columns + 1) as f64 * gap;
    let width = row_w.iter().copied().fold(grid_w, f64::max);
    let height = title_h + row_h.iter().zip(&caption_h).map(|(h, c)| h + c + gap).sum::<f64>() + gap;
    let mut scene = Scene::new(width.ceil(), height.ceil(), theme.background);
    let mut descs = Vec::new();
    let mut titles = Vec::new();
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
            titles.push(if caption.is_empty() { sub.title.clone() } else { caption.clone() });
            scene.nodes.push(panel_group(sub, caption, index, k, Pt::new(left, top)));
            for (i, line) in lines_of(caption, slot).into_iter().enumerate() {
                let at = Pt::new(x + slot / 2.0, y + row_h[r] + CAPTION_SIZE * 0.55 + (i as f64 + 0.5) * line_h);
                scene.push(caption_line(line, caption, at, theme));
            }
            x += slot + gap;
        }
        y += row_h[r] + caption_h[r] + gap;
    }
    scene.title = titles.into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(" · ");
    if let Some(t) = title {
        let fit = width * 0.96 / crate::draw::font::text_width(t, 1.0, theme.title_font).max(1e-9);
        let size = (CAPTION_SIZE * 1.3).min(fit);
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

/// A panel as a group (`class="panel"`, numbered `index`, with its caption and its size on the
/// page) drawn `k` times its size with its top left corner at `at`, keeping its print sizes.
fn panel_group(sub: &Scene, caption: &str, index: usize, k: f64, at: Pt) -> Node {
    let mut children = sub.nodes.clone();
    if k > 1.0 {
        keep_print_sizes(&mut children, k);
    }
    Node::Group(Group {
        class: "panel".into(),
        data: vec![
            ("index", index.to_string()),
            ("caption", caption.to_string()),
            ("width", size_attr(sub.width * k)),
            ("height", size_attr(sub.height * k)),
        ],
        offset: at,
        scale: k,
        children,
    })
}

/// A caption broken into lines no wider than `width` at [`CAPTION_SIZE`], at its spaces (a word
/// wider than the slot stands on a line of its own). None for an empty caption.
pub(crate) fn caption_lines(caption: &str, width: f64, theme: &Theme) -> Vec<String> {
    let fits = |s: &str| crate::draw::font::text_width(s, CAPTION_SIZE, theme.font) <= width;
    let mut lines: Vec<String> = Vec::new();
    for word in caption.split_whitespace() {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line} {word}")) => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// One line of a caption at `at`, `class="caption"`, its `data-text` the whole caption.
pub(crate) fn caption_line(line: String, caption: &str, at: Pt, theme: &Theme) -> crate::draw::scene::Element {
    let mut e = text(line, at, CAPTION_SIZE, Anchor::Middle, theme.font, theme.text, "caption");
    e.data.retain(|(k, _)| *k != "text");
    e.with("text", caption.to_string())
}

/// A panel drawn `k` times larger to share its row's height keeps the print sizes it was drawn
/// with (docs/rules.md §5.8): its geometry (cells, routes, pieces, which fill their cells) grows,
/// but its type (coordinates, cell names, pole letters, labels and the plates and halos behind
/// them, badges), its line weights (grid, routes, rings, dashes) and its marks (dots, ports) are
/// drawn `1/k` as large about their own middles, so that after the panel's scale they print at
/// the size they have beside it (`12-rook`'s board, grown 1.8 times beside the hemispheres, had
/// labels and lines 1.8 times theirs).
fn keep_print_sizes(nodes: &mut [Node], k: f64) {
    const KEEP: [&str; 8] = [
        "coordinate-halo",
        "pole-label-plate",
        "glyph",
        "port",
        "dot",
        "cell-name-plate",
        "promotion-backing",
        "label",
    ];
    for n in nodes {
        let e = match n {
            Node::Group(g) => {
                keep_print_sizes(&mut g.children, k);
                continue;
            }
            Node::Element(e) => e,
        };
        if matches!(e.shape, Shape::Piece { .. }) {
            continue;
        }
        if let Some((_, w)) = &mut e.paint.stroke {
            *w /= k;
        }
        if let Some(dash) = &mut e.paint.dash {
            dash.iter_mut().for_each(|d| *d /= k);
        }
        let words: Vec<&str> = e.class.split_whitespace().collect();
        // A capture ring and a markup's circle go round their piece: geometry, like the piece.
        let own_size = KEEP.iter().any(|c| words.contains(c)) && !words.contains(&"capture");
        match &mut e.shape {
            Shape::Text { size, .. } => *size /= k,
            Shape::Circle { r, .. } if own_size => *r /= k,
            Shape::Rect { at, w, h } if own_size => {
                let (nw, nh) = (*w / k, *h / k);
                *at = at.offset((*w - nw) / 2.0, (*h - nh) / 2.0);
                (*w, *h) = (nw, nh);
            }
            _ => {}
        }
    }
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
