//! Scene to SVG, with the `svg` crate. Text and pieces become outline paths from the embedded
//! font; every element keeps its class and data attributes; styling is in attributes (no CSS, no
//! `<use>`), so simple renderers show the same picture. Numbers are written with two decimals,
//! and the crate writes attributes sorted by name, so the same scene gives the same bytes.

use crate::font;
use crate::scene::{Anchor, Element, FontWeight, Group, Node, Paint, PathCmd, PieceSet, Pt, Rgb, Scene, Shape};
use std::fmt::Write as _;
use svg::Document;
use svg::node::element::{Circle, Description, Group as SvgGroup, Path, Rectangle, Title};
use svg::node::{Node as _, Text as SvgText};

/// A number with at most two decimals, no trailing zeros, and no `-0`.
fn num(x: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, x);
    s
}

/// Appends a number as [`num`] writes it, without allocating: figures hold thousands of
/// coordinates (every glyph outline), so this is the writer's hot path.
fn push_num(s: &mut String, x: f64) {
    let hundredths = (x * 100.0).round();
    if !hundredths.is_finite() || hundredths.abs() >= 1e15 {
        s.push('0');
        return;
    }
    let mut n = hundredths as i64;
    if n < 0 {
        s.push('-');
        n = -n;
    }
    let (int, frac) = (n / 100, n % 100);
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut v = int;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    s.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
    if frac != 0 {
        s.push('.');
        s.push((b'0' + (frac / 10) as u8) as char);
        if frac % 10 != 0 {
            s.push((b'0' + (frac % 10) as u8) as char);
        }
    }
}

fn pt(s: &mut String, p: Pt) {
    push_num(s, p.x);
    s.push(',');
    push_num(s, p.y);
}

/// SVG path data of path commands.
pub(crate) fn path_data(cmds: &[PathCmd]) -> String {
    let mut s = String::with_capacity(cmds.len() * 14);
    for c in cmds {
        match *c {
            PathCmd::Move(p) => {
                s.push('M');
                pt(&mut s, p);
            }
            PathCmd::Line(p) => {
                s.push('L');
                pt(&mut s, p);
            }
            PathCmd::Arc { r, large, sweep, to } => {
                s.push('A');
                pt(&mut s, Pt::new(r, r));
                let _ = write!(s, " 0 {} {} ", large as u8, sweep as u8);
                pt(&mut s, to);
            }
            PathCmd::Quad(a, b) => {
                s.push('Q');
                pt(&mut s, a);
                s.push(' ');
                pt(&mut s, b);
            }
            PathCmd::Cubic(a, b, c) => {
                s.push('C');
                pt(&mut s, a);
                s.push(' ');
                pt(&mut s, b);
                s.push(' ');
                pt(&mut s, c);
            }
            PathCmd::Close => s.push('Z'),
        }
    }
    s
}

fn paint<T: svg::Node>(node: &mut T, p: &Paint) {
    node.assign("fill", p.fill.map_or("none".to_string(), |c| c.hex()));
    if let Some((c, w)) = p.stroke {
        node.assign("stroke", c.hex());
        node.assign("stroke-width", num(w));
        if p.round {
            node.assign("stroke-linecap", "round");
            node.assign("stroke-linejoin", "round");
        }
    }
    if let Some(d) = &p.dash {
        node.assign("stroke-dasharray", d.iter().map(|x| num(*x)).collect::<Vec<_>>().join(" "));
    }
    if let Some(o) = p.opacity {
        node.assign("opacity", num(o));
    }
}

fn semantics<T: svg::Node>(node: &mut T, class: &str, data: &[(&'static str, String)]) {
    if !class.is_empty() {
        node.assign("class", class);
    }
    for (k, v) in data {
        node.assign(format!("data-{k}"), v.as_str());
    }
}

fn element(e: &Element) -> Box<dyn svg::Node> {
    match &e.shape {
        Shape::Rect { at, w, h } => {
            let mut n = Rectangle::new();
            n.assign("x", num(at.x));
            n.assign("y", num(at.y));
            n.assign("width", num(*w));
            n.assign("height", num(*h));
            paint(&mut n, &e.paint);
            semantics(&mut n, &e.class, &e.data);
            Box::new(n)
        }
        Shape::Circle { c, r } => {
            let mut n = Circle::new();
            n.assign("cx", num(c.x));
            n.assign("cy", num(c.y));
            n.assign("r", num(*r));
            paint(&mut n, &e.paint);
            semantics(&mut n, &e.class, &e.data);
            Box::new(n)
        }
        Shape::Path(cmds) => {
            let mut n = Path::new();
            n.assign("d", path_data(cmds));
            paint(&mut n, &e.paint);
            semantics(&mut n, &e.class, &e.data);
            Box::new(n)
        }
        Shape::Polyline(pts) => {
            let mut cmds: Vec<PathCmd> = Vec::with_capacity(pts.len());
            for (i, p) in pts.iter().enumerate() {
                cmds.push(if i == 0 { PathCmd::Move(*p) } else { PathCmd::Line(*p) });
            }
            let mut n = Path::new();
            n.assign("d", path_data(&cmds));
            paint(&mut n, &e.paint);
            semantics(&mut n, &e.class, &e.data);
            Box::new(n)
        }
        Shape::Text { text, at, size, anchor, weight } => {
            let mut n = Path::new();
            n.assign("d", path_data(&font::text_outline(text, *at, *size, *anchor, *weight)));
            paint(&mut n, &e.paint);
            semantics(&mut n, &e.class, &e.data);
            n.assign("aria-label", text.as_str());
            Box::new(n)
        }
        Shape::Piece { piece, at, size, set: PieceSet::Disc } => {
            // Body disc ringed in ink, an inner ring, and the sign.
            let body = e.paint.fill.unwrap_or(Rgb::WHITE);
            let (ink, width) = e.paint.stroke.unwrap_or((Rgb::BLACK, 1.0));
            let circle = |r: f64| {
                vec![
                    PathCmd::Move(at.offset(r, 0.0)),
                    PathCmd::Arc { r, large: false, sweep: true, to: at.offset(-r, 0.0) },
                    PathCmd::Arc { r, large: false, sweep: true, to: at.offset(r, 0.0) },
                    PathCmd::Close,
                ]
            };
            let mut g = SvgGroup::new();
            semantics(&mut g, &e.class, &e.data);
            let mut disc = Path::new();
            disc.assign("d", path_data(&circle(size * 0.47)));
            disc.assign("fill", body.hex());
            disc.assign("stroke", ink.hex());
            disc.assign("stroke-width", num(width));
            g.append(disc);
            let mut ring = Path::new();
            ring.assign("d", path_data(&circle(size * 0.38)));
            ring.assign("fill", "none");
            ring.assign("stroke", ink.hex());
            ring.assign("stroke-width", num(width * 0.6));
            g.append(ring);
            let mut sign = Path::new();
            let letter = piece.role.letter().to_ascii_uppercase().to_string();
            sign.assign(
                "d",
                path_data(&font::text_outline(&letter, *at, size * 0.5, Anchor::Middle, FontWeight::Bold)),
            );
            sign.assign("fill", ink.hex());
            g.append(sign);
            Box::new(g)
        }
        Shape::Piece { piece, at, size, set } => {
            let body = e.paint.fill.unwrap_or(Rgb::WHITE);
            let (ink, width) = e.paint.stroke.unwrap_or((Rgb::BLACK, 1.0));
            let mut g = SvgGroup::new();
            semantics(&mut g, &e.class, &e.data);
            let (under, over) = match set {
                PieceSet::Glyph => font::piece_outline(*piece, *at, *size),
                PieceSet::Letter | PieceSet::Disc => {
                    let r = size * 0.46;
                    let disc = vec![
                        PathCmd::Move(at.offset(r, 0.0)),
                        PathCmd::Arc { r, large: false, sweep: true, to: at.offset(-r, 0.0) },
                        PathCmd::Arc { r, large: false, sweep: true, to: at.offset(r, 0.0) },
                        PathCmd::Close,
                    ];
                    let letter = piece.role.letter().to_ascii_uppercase().to_string();
                    (disc, font::text_outline(&letter, *at, size * 0.56, Anchor::Middle, FontWeight::Bold))
                }
            };
            let mut b = Path::new();
            b.assign("d", path_data(&under));
            b.assign("fill", body.hex());
            if *set == PieceSet::Letter {
                b.assign("stroke", Rgb::BLACK.hex());
                b.assign("stroke-width", num(width));
            }
            g.append(b);
            let mut i = Path::new();
            i.assign("d", path_data(&over));
            i.assign("fill", ink.hex());
            g.append(i);
            Box::new(g)
        }
    }
}

fn group(g: &Group) -> SvgGroup {
    let mut n = SvgGroup::new();
    semantics(&mut n, &g.class, &g.data);
    if g.offset != Pt::default() || g.scale != 1.0 {
        n.assign(
            "transform",
            format!("translate({} {}) scale({})", num(g.offset.x), num(g.offset.y), num_fine(g.scale)),
        );
    }
    for c in &g.children {
        match c {
            Node::Element(e) => n.append(element(e)),
            Node::Group(sub) => n.append(group(sub)),
        }
    }
    n
}

/// A scale factor, with four decimals.
fn num_fine(x: f64) -> String {
    let s = format!("{:.4}", (x * 10000.0).round() / 10000.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The scene as an SVG document.
pub fn to_svg(scene: &Scene) -> String {
    let mut doc = Document::new()
        .set("width", num(scene.width))
        .set("height", num(scene.height))
        .set("viewBox", format!("0 0 {} {}", num(scene.width), num(scene.height)))
        .set("role", "img");
    doc.append(Title::new(scene.title.as_str()));
    let mut desc = Description::new();
    desc.append(SvgText::new(scene.desc.as_str()));
    doc.append(desc);
    let mut bg = Rectangle::new();
    bg.assign("width", num(scene.width));
    bg.assign("height", num(scene.height));
    bg.assign("fill", scene.background.hex());
    bg.assign("class", "background");
    doc.append(bg);
    for n in &scene.nodes {
        match n {
            Node::Element(e) => doc.append(element(e)),
            Node::Group(g) => doc.append(group(g)),
        }
    }
    let mut s = doc.to_string();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn numbers_have_two_decimals_at_most() {
        for (x, want) in [
            (0.0, "0"),
            (-0.001, "0"),
            (1.0, "1"),
            (1.5, "1.5"),
            (1.25, "1.25"),
            (-1.25, "-1.25"),
            (1.005, "1"),
            (1.006, "1.01"),
            (0.05, "0.05"),
            (-0.05, "-0.05"),
            (123456.789, "123456.79"),
            (0.1 + 0.2, "0.3"),
        ] {
            assert_eq!(num(x), want, "{x}");
        }
    }
}
