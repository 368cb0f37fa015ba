//! Scene to SVG, written straight into one string. Text and pieces become outline paths from the
//! embedded font; every element keeps its class and data attributes; styling is in attributes
//! (no CSS, no `<use>`), so simple renderers show the same picture. Numbers are written with two
//! decimals and every element's attributes in name order, so the same scene gives the same bytes.

use super::markup::{Quotes, push_escaped};
use crate::draw::font;
use crate::draw::scene::{Element, Group, Node, Paint, PathCmd, Pt, Rgb, Scene, Shape};

/// A number with at most two decimals, no trailing zeros, and no `-0`.
#[cfg(test)]
fn num(x: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, x);
    s
}

/// Appends a number with at most two decimals, no trailing zeros and no `-0`, without
/// allocating: figures hold thousands of coordinates (every glyph outline), so this is the
/// writer's hot path.
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

/// Appends a scale factor with at most four decimals.
fn push_fine(s: &mut String, x: f64) {
    let r = (x * 10000.0).round() / 10000.0;
    let start = s.len();
    s.push_str(&format!("{r:.4}"));
    let keep = s[start..].trim_end_matches('0').trim_end_matches('.').len();
    s.truncate(start + keep);
}

fn pt(s: &mut String, p: Pt) {
    push_num(s, p.x);
    s.push(',');
    push_num(s, p.y);
}

/// Appends SVG path data of path commands.
pub(crate) fn push_path_data(s: &mut String, cmds: &[PathCmd]) {
    for c in cmds {
        match *c {
            PathCmd::Move(p) => {
                s.push('M');
                pt(s, p);
            }
            PathCmd::Line(p) => {
                s.push('L');
                pt(s, p);
            }
            PathCmd::Arc { r, large, sweep, to } => {
                s.push('A');
                pt(s, Pt::new(r, r));
                s.push_str(if large { " 0 1 " } else { " 0 0 " });
                s.push_str(if sweep { "1 " } else { "0 " });
                pt(s, to);
            }
            PathCmd::Quad(a, b) => {
                s.push('Q');
                pt(s, a);
                s.push(' ');
                pt(s, b);
            }
            PathCmd::Cubic(a, b, c) => {
                s.push('C');
                pt(s, a);
                s.push(' ');
                pt(s, b);
                s.push(' ');
                pt(s, c);
            }
            PathCmd::Close => s.push('Z'),
        }
    }
}

/// What a page that shows the SVG inline adds to it ([`super::html`]): attributes of the root
/// and of some elements and groups, written after their own. The SVG file never has them.
pub(crate) trait Decorate {
    /// The root's role and name (in place of `role="img"`), as attribute text with a leading
    /// space.
    fn root(&self, scene: &Scene, s: &mut String);
    /// Attributes added to an element.
    fn element(&self, e: &Element, s: &mut String);
    /// Attributes added to a group.
    fn group(&self, g: &Group, s: &mut String);
}

/// The document being written: attributes appended in place to one string, which is handed to
/// `sink` whenever it holds [`CHUNK`] bytes, when there is a sink.
struct Out<'a> {
    s: String,
    sink: Option<&'a mut dyn std::io::Write>,
    /// The first error the sink gave (nothing more is handed to it after one).
    error: Option<std::io::Error>,
    /// A page's additions, when the SVG is written into one.
    deco: Option<&'a dyn Decorate>,
}

/// How much SVG text is held before it is handed to the sink.
const CHUNK: usize = 64 << 10;

impl Out<'_> {
    /// Hands the text so far to the sink, if there is one and the text is long enough (`all`:
    /// whatever its length).
    fn drain(&mut self, all: bool) {
        if let Some(sink) = self.sink.as_mut()
            && (all || self.s.len() >= CHUNK)
        {
            if self.error.is_none()
                && let Err(e) = sink.write_all(self.s.as_bytes())
            {
                self.error = Some(e);
            }
            self.s.clear();
        }
    }

    fn open(&mut self, tag: &str) {
        self.s.push_str("\n<");
        self.s.push_str(tag);
    }
    fn attr(&mut self, name: &str, value: &str) {
        self.s.push(' ');
        self.s.push_str(name);
        self.s.push_str("=\"");
        push_escaped(&mut self.s, value, Quotes::Both);
        self.s.push('"');
    }
    fn num(&mut self, name: &str, x: f64) {
        self.s.push(' ');
        self.s.push_str(name);
        self.s.push_str("=\"");
        push_num(&mut self.s, x);
        self.s.push('"');
    }
    fn colour(&mut self, name: &str, c: Rgb) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        self.s.push(' ');
        self.s.push_str(name);
        self.s.push_str("=\"#");
        for b in [c.0, c.1, c.2] {
            self.s.push(HEX[(b >> 4) as usize] as char);
            self.s.push(HEX[(b & 15) as usize] as char);
        }
        self.s.push('"');
    }
    fn path_data(&mut self, cmds: &[PathCmd]) {
        self.s.push_str(" d=\"");
        push_path_data(&mut self.s, cmds);
        self.s.push('"');
    }
    /// `class` and the `data-*` attributes, in name order (`class` sorts before `d…`, and the
    /// data keys among themselves).
    fn class(&mut self, class: &str) {
        if !class.is_empty() {
            self.attr("class", class);
        }
    }
    fn data(&mut self, data: &[(&'static str, String)]) {
        // Elements carry one or two data attributes: their order is found without allocating.
        let mut order = [0usize; 8];
        let mut spill = Vec::new();
        let order: &mut [usize] = if data.len() <= order.len() {
            &mut order[..data.len()]
        } else {
            spill.resize(data.len(), 0);
            &mut spill
        };
        for (i, slot) in order.iter_mut().enumerate() {
            *slot = i;
        }
        order.sort_by_key(|&i| data[i].0);
        for &i in order.iter() {
            self.s.push_str(" data-");
            self.s.push_str(data[i].0);
            self.s.push_str("=\"");
            push_escaped(&mut self.s, &data[i].1, Quotes::Both);
            self.s.push('"');
        }
    }
    fn fill(&mut self, p: &Paint) {
        match p.fill {
            Some(c) => self.colour("fill", c),
            None => self.s.push_str(" fill=\"none\""),
        }
    }
    fn opacity(&mut self, p: &Paint) {
        if let Some(o) = p.opacity {
            self.num("opacity", o);
        }
    }
    fn stroke(&mut self, p: &Paint) {
        if let Some((c, w)) = p.stroke {
            self.colour("stroke", c);
            if let Some(d) = &p.dash {
                self.s.push_str(" stroke-dasharray=\"");
                for (i, x) in d.iter().enumerate() {
                    if i > 0 {
                        self.s.push(' ');
                    }
                    push_num(&mut self.s, *x);
                }
                self.s.push('"');
            }
            if p.round {
                self.s.push_str(" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
            }
            self.num("stroke-width", w);
        }
    }
    fn close(&mut self) {
        self.s.push_str("/>");
    }
    /// A page's attributes for an element, then `/>`.
    fn close_element(&mut self, e: &Element) {
        if let Some(d) = self.deco {
            d.element(e, &mut self.s);
        }
        self.close();
    }
    /// A `<path>` with its own paint and no semantics (a layer of a piece).
    fn layer(&mut self, cmds: &[PathCmd], p: &Paint) {
        self.open("path");
        self.path_data(cmds);
        self.fill(p);
        self.stroke(p);
        self.close();
    }
}

fn element(o: &mut Out, e: &Element) {
    let p = &e.paint;
    match &e.shape {
        Shape::Rect { at, w, h } => {
            o.open("rect");
            o.class(&e.class);
            o.data(&e.data);
            o.fill(p);
            o.num("height", *h);
            o.opacity(p);
            o.stroke(p);
            o.num("width", *w);
            o.num("x", at.x);
            o.num("y", at.y);
            o.close_element(e);
        }
        Shape::Circle { c, r } => {
            o.open("circle");
            o.class(&e.class);
            o.num("cx", c.x);
            o.num("cy", c.y);
            o.data(&e.data);
            o.fill(p);
            o.opacity(p);
            o.num("r", *r);
            o.stroke(p);
            o.close_element(e);
        }
        Shape::Path(cmds) => {
            o.open("path");
            o.class(&e.class);
            o.path_data(cmds);
            o.data(&e.data);
            o.fill(p);
            o.opacity(p);
            o.stroke(p);
            o.close_element(e);
        }
        Shape::Polyline(pts) => {
            o.open("path");
            o.class(&e.class);
            o.s.push_str(" d=\"");
            for (i, q) in pts.iter().enumerate() {
                o.s.push(if i == 0 { 'M' } else { 'L' });
                pt(&mut o.s, *q);
            }
            o.s.push('"');
            o.data(&e.data);
            o.fill(p);
            o.opacity(p);
            o.stroke(p);
            o.close_element(e);
        }
        Shape::Text { text, at, size, anchor, weight } => {
            o.open("path");
            o.attr("aria-label", text);
            o.class(&e.class);
            o.path_data(&font::text_outline(text, *at, *size, *anchor, *weight));
            o.data(&e.data);
            o.fill(p);
            o.opacity(p);
            o.stroke(p);
            o.close_element(e);
        }
        Shape::Piece { piece, at, size, set } => {
            o.open("g");
            o.class(&e.class);
            o.data(&e.data);
            if let Some(d) = o.deco {
                d.element(e, &mut o.s);
            }
            o.s.push('>');
            for (cmds, paint) in crate::draw::artwork::piece_layers(*piece, *at, *size, *set, p) {
                o.layer(&cmds, &paint);
            }
            o.s.push_str("\n</g>");
        }
    }
}

fn group(o: &mut Out, g: &Group) {
    o.open("g");
    o.class(&g.class);
    o.data(&g.data);
    if g.offset != Pt::default() || g.scale != 1.0 {
        o.s.push_str(" transform=\"translate(");
        push_num(&mut o.s, g.offset.x);
        o.s.push(' ');
        push_num(&mut o.s, g.offset.y);
        o.s.push_str(") scale(");
        push_fine(&mut o.s, g.scale);
        o.s.push_str(")\"");
    }
    if let Some(d) = o.deco {
        d.group(g, &mut o.s);
    }
    if g.children.is_empty() {
        o.close();
        return;
    }
    o.s.push('>');
    nodes(o, &g.children);
    o.s.push_str("\n</g>");
}

/// The nodes in order; each run of crisp elements ([`Paint::crisp`], a layer's cells) inside one
/// group that says so, rather than the attribute on every cell.
fn nodes(o: &mut Out, list: &[Node]) {
    let crisp = |n: &Node| matches!(n, Node::Element(e) if e.paint.crisp);
    let mut in_crisp = false;
    for n in list {
        if crisp(n) != in_crisp {
            o.s.push_str(if in_crisp { "\n</g>" } else { "\n<g shape-rendering=\"crispEdges\">" });
            in_crisp = !in_crisp;
        }
        match n {
            Node::Element(e) => element(o, e),
            Node::Group(g) => group(o, g),
        }
        o.drain(false);
    }
    if in_crisp {
        o.s.push_str("\n</g>");
    }
}

/// The scene as an SVG document.
pub fn to_svg(scene: &Scene) -> String {
    // The weight estimates the bytes, mostly from above: the text is written without growing the
    // string (pages reserved beyond what is written are never touched).
    let capacity = crate::output::budget::weight(scene).min(crate::output::budget::MAX_WEIGHT) as usize + 4096;
    let mut o = Out { s: String::with_capacity(capacity), sink: None, error: None, deco: None };
    document(&mut o, scene);
    o.s
}

/// The scene as an SVG element for a page, with the page's additions ([`Decorate`]).
pub(crate) fn to_svg_in_page(scene: &Scene, deco: &dyn Decorate) -> String {
    let capacity = crate::output::budget::weight(scene).min(crate::output::budget::MAX_WEIGHT) as usize + 4096;
    let mut o = Out { s: String::with_capacity(capacity), sink: None, error: None, deco: Some(deco) };
    document(&mut o, scene);
    o.s
}

/// The scene as an SVG document written to `out` as it is made, a piece of `CHUNK` (64 KiB) at a
/// time: the same text as [`to_svg`], never held whole.
pub fn write_svg(scene: &Scene, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut o = Out { s: String::with_capacity(CHUNK + (4 << 10)), sink: Some(out), error: None, deco: None };
    document(&mut o, scene);
    o.drain(true);
    o.error.map_or(Ok(()), Err)
}

fn document(o: &mut Out, scene: &Scene) {
    o.s.push_str("<svg");
    o.num("height", scene.height);
    match o.deco {
        Some(d) => d.root(scene, &mut o.s),
        None => o.s.push_str(" role=\"img\""),
    }
    o.s.push_str(" viewBox=\"0 0 ");
    push_num(&mut o.s, scene.width);
    o.s.push(' ');
    push_num(&mut o.s, scene.height);
    o.s.push('"');
    o.num("width", scene.width);
    o.s.push_str(" xmlns=\"http://www.w3.org/2000/svg\">\n<title>");
    push_escaped(&mut o.s, &scene.title, Quotes::None);
    o.s.push_str("</title>\n<desc>");
    push_escaped(&mut o.s, &scene.desc, Quotes::None);
    o.s.push_str("</desc>");
    if !scene.transparent {
        o.open("rect");
        o.attr("class", "background");
        o.colour("fill", scene.background);
        o.num("height", scene.height);
        o.num("width", scene.width);
        o.close();
    }
    nodes(o, &scene.nodes);
    o.s.push_str("\n</svg>\n");
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
