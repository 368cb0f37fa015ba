//! An interactive figure: one self-contained HTML file (or the `<div>` in it, pasted into an
//! article) showing a figure drawn with its interactive layer ([`crate::draw::figure::render_touch`]).
//!
//! The page is the figure's SVG inline, a row of controls, a line that says what is selected
//! (an ARIA live region), one `<style>` and one `<script>` of our own (`touch.css`, `touch.js`
//! beside this file): no framework, no request, no font but the SVG's outlines. Every answer —
//! destinations, routes in each panel's coordinates, move names, announcements, colours — is in
//! the scene's data; the script only shows and hides the groups of marks, and the style only
//! says how shown things look.
//!
//! Two figures on one page do not meet: the style's rules all start with the figure's own class,
//! `dc-` and a hash of the figure's SVG (so equal figures share equal rules); the script finds
//! its figure as the element it stands in and keeps its state inside a function; no element has
//! an `id` or a `name`.

use super::markup::escape;
use super::svg::{Decorate, to_svg_in_page};
use crate::draw::scene::{Element, Group, Node, Scene, Shape};

const STYLE: &str = include_str!("touch.css");
const SCRIPT: &str = include_str!("touch.js");

/// The word in `touch.css` that stands for the figure's class.
const PREFIX_MARK: &str = "DOTCHESS";

/// The scene as a page. `scene` is drawn with its interactive layer
/// ([`crate::output::budget::render_touch_checked`]); a scene without one makes a page of the still
/// figure.
pub fn to_html(scene: &Scene) -> String {
    let svg = to_svg_in_page(scene, &Page);
    let class = format!("dc-{:012x}", fnv1a(svg.as_bytes()) >> 16);
    let sides = sides(scene);
    let mut s = String::with_capacity(svg.len() + STYLE.len() + SCRIPT.len() + 4096);
    s += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
    s += &escape(&name(scene));
    s += "</title>\n</head>\n<body>\n";
    s += "<!-- A dotchess figure: the <div> below is the whole of it, and may be pasted into another page. -->\n";
    s += &format!("<div class=\"dotchess {class}\">\n<style>\n");
    s += &STYLE.replace(PREFIX_MARK, &class);
    s += "</style>\n";
    s += &controls(&sides);
    s += "<div class=\"dc-figure\">";
    s += svg.trim_end();
    s += "\n<div class=\"dc-tip\" hidden></div>\n</div>\n";
    let help = if sides.is_empty() {
        "Nothing in this figure can be selected."
    } else {
        "Click or tap a piece, or Tab to it and press Enter, to see its moves in every panel; Esc clears. \
         Arrow keys step through the selected piece’s destinations."
    };
    s += &format!("<p class=\"dc-status\" aria-live=\"polite\">{help}</p>\n");
    s += "<script>\n";
    s += SCRIPT;
    s += "</script>\n</div>\n</body>\n</html>\n";
    s
}

/// A side of the figure's pieces: its key (`white`), its name in the variant (`gold`), and
/// whether it is to move (on every board that has it).
#[derive(Debug, PartialEq)]
struct Side {
    key: String,
    name: String,
    to_move: bool,
}

/// The sides that have pieces, White's first, from the piece groups' data.
fn sides(scene: &Scene) -> Vec<Side> {
    fn walk(nodes: &[Node], out: &mut Vec<Side>) {
        for n in nodes {
            let Node::Group(g) = n else { continue };
            if has_class(&g.class, "piece-moves") {
                let (Some(key), Some(name)) = (data(&g.data, "side"), data(&g.data, "side-name")) else { continue };
                let to_move = data(&g.data, "turn") == Some("true");
                match out.iter_mut().find(|s| s.key == key) {
                    Some(s) => s.to_move &= to_move,
                    None => out.push(Side { key: key.to_string(), name: name.to_string(), to_move }),
                }
            } else {
                walk(&g.children, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&scene.nodes, &mut out);
    out.sort_by_key(|s| s.key != "white");
    out
}

/// The row of controls: which pieces may be chosen (the side to move, or both), and a side's
/// moves all at once. None when the figure has no pieces.
fn controls(sides: &[Side]) -> String {
    if sides.is_empty() {
        return String::new();
    }
    let title = |s: &str| s[..1].to_ascii_uppercase() + &s[1..];
    let mut s = String::from("<div class=\"dc-controls\" role=\"toolbar\" aria-label=\"What the figure shows\">\n");
    let turn =
        sides.iter().find(|s| s.to_move).map_or("Side to move".to_string(), |s| format!("{} to move", title(&s.name)));
    s += "<span class=\"dc-group\"><span class=\"dc-label\">Select</span>";
    s += &format!("<button type=\"button\" data-scope=\"turn\" aria-pressed=\"false\">{}</button>", escape(&turn));
    s += "<button type=\"button\" data-scope=\"both\" aria-pressed=\"true\">Both sides</button></span>\n";
    s += "<span class=\"dc-group\"><span class=\"dc-label\">All moves of</span>";
    for side in sides {
        s += &format!(
            "<button type=\"button\" data-all=\"{}\" aria-pressed=\"false\">{}</button>",
            escape(&side.key),
            escape(&title(&side.name))
        );
    }
    s += "</span>\n</div>\n";
    s
}

/// The page's additions to the SVG: its root is a named group (not an image, whose parts a
/// reader's assistive technology would not see), each piece of the interactive layer a toggle
/// button, each destination a named mark that takes the focus from the arrow keys, and the
/// colours and offsets of a whole side's view as CSS variables.
struct Page;

impl Decorate for Page {
    fn root(&self, scene: &Scene, s: &mut String) {
        s.push_str(" aria-label=\"");
        s.push_str(&escape(&name(scene)));
        // Not a stop of the Tab key itself: its pieces are.
        s.push_str("\" role=\"group\" tabindex=\"-1\"");
    }

    fn element(&self, e: &Element, s: &mut String) {
        if has_class(&e.class, "piece")
            && let Some(label) = data(&e.data, "label")
        {
            if data(&e.data, "copy").is_some() {
                // A chart's further copy of a piece: chosen by a click, not a stop of the Tab key.
                s.push_str(" aria-hidden=\"true\"");
            } else {
                s.push_str(" aria-label=\"");
                s.push_str(&escape(label));
                s.push_str("\" aria-pressed=\"false\" role=\"button\" tabindex=\"0\"");
            }
        }
        if has_class(&e.class, "dot")
            && let Some(moves) = data(&e.data, "move")
        {
            // Named in SAN (`Nf3`, `exd5`), as a chess reader writes moves; the capture is in
            // the name's `x`.
            let names = data(&e.data, "san").unwrap_or(moves);
            s.push_str(&format!(" aria-label=\"{}\" role=\"img\"", escape(&names.replace(' ', ", "))));
            if let (Some(dx), Shape::Circle { .. }) = (data(&e.data, "spread"), &e.shape) {
                s.push_str(&format!(" style=\"--dx:{}px\"", escape(dx)));
            }
            s.push_str(" tabindex=\"-1\"");
        }
    }

    fn group(&self, g: &Group, s: &mut String) {
        if has_class(&g.class, "piece-moves")
            && let Some(c) = data(&g.data, "colour")
        {
            s.push_str(&format!(" style=\"--c:{}\"", escape(c)));
        }
    }
}

/// What the page and its figure are called: the figure's title, else its panels' captions.
fn name(scene: &Scene) -> String {
    if !scene.title.is_empty() {
        return scene.title.clone();
    }
    let captions: Vec<&str> = scene
        .nodes
        .iter()
        .filter_map(|n| match n {
            Node::Group(g) if has_class(&g.class, "panel") => data(&g.data, "caption").filter(|c| !c.is_empty()),
            _ => None,
        })
        .collect();
    if captions.is_empty() {
        "A dotchess figure".to_string()
    } else {
        format!("A dotchess figure: {}", captions.join("; "))
    }
}

fn has_class(class: &str, word: &str) -> bool {
    class.split_whitespace().any(|w| w == word)
}

fn data<'a>(data: &'a [(&'static str, String)], key: &str) -> Option<&'a str> {
    data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// FNV-1a, 64 bits: the figure's class comes from its content, the same on every machine.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_is_a_hash_of_the_content() {
        // FNV-1a's published test values.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn the_style_names_the_figure_in_every_rule() {
        // Every selector of the style begins with the figure's class, so that two figures on one
        // page never style each other.
        for rule in STYLE.split('}').map(str::trim).filter(|r| !r.is_empty()) {
            let selectors = rule.split('{').next().unwrap_or_default();
            for sel in selectors.split(',') {
                assert!(sel.trim().starts_with(&format!(".{PREFIX_MARK}")), "`{}` is not scoped", sel.trim());
            }
        }
    }
}
