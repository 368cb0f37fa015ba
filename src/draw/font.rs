//! The embedded font: text and chess pieces as outlines, so that figures never depend on the
//! fonts of the machine that draws or views them.
//!
//! The font is DejaVu Sans (Bitstream Vera licence, shipped with its licence in
//! `templates/fonts/`). Its chess symbols (U+2654–U+265F) are the piece artwork of the `glyph`
//! piece set: a white piece is the solid glyph filled white under the outline glyph in black; a
//! black piece is the solid glyph in black.

use crate::draw::scene::{Anchor, FontWeight, PathCmd, Pt};
use crate::rules::piece::{Color, Piece, Role};
use std::sync::OnceLock;
use ttf_parser::{Face, GlyphId, OutlineBuilder};

static REGULAR: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans-Bold.ttf");

fn face(weight: FontWeight) -> &'static Face<'static> {
    static FACES: [OnceLock<Face<'static>>; 2] = [OnceLock::new(), OnceLock::new()];
    let (i, data) = match weight {
        FontWeight::Regular => (0, REGULAR),
        FontWeight::Bold => (1, BOLD),
    };
    FACES[i].get_or_init(|| Face::parse(data, 0).expect("the embedded font parses"))
}

/// Collects a glyph outline as path commands, scaled and moved onto the page (font units are y
/// up; the page is y down).
struct Collect<'a> {
    out: &'a mut Vec<PathCmd>,
    scale: f64,
    origin: Pt,
}

impl Collect<'_> {
    fn p(&self, x: f32, y: f32) -> Pt {
        Pt::new(self.origin.x + x as f64 * self.scale, self.origin.y - y as f64 * self.scale)
    }
}

impl OutlineBuilder for Collect<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let p = self.p(x, y);
        self.out.push(PathCmd::Move(p));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.p(x, y);
        self.out.push(PathCmd::Line(p));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (a, b) = (self.p(x1, y1), self.p(x, y));
        self.out.push(PathCmd::Quad(a, b));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (a, b, c) = (self.p(x1, y1), self.p(x2, y2), self.p(x, y));
        self.out.push(PathCmd::Cubic(a, b, c));
    }
    fn close(&mut self) {
        self.out.push(PathCmd::Close);
    }
}

fn glyph(face: &Face, c: char) -> GlyphId {
    face.glyph_index(c).or_else(|| face.glyph_index('?')).unwrap_or(GlyphId(0))
}

/// The smallest size text is drawn at where a figure gives it room: 7 pt at the figure's own
/// size (a unit is 1/96 inch), the least a printed figure's reader is asked to read
/// (docs/rules.md §5.8).
pub(crate) const SMALLEST_TEXT: f64 = 7.0 * 96.0 / 72.0;

/// The width of a text at a size.
pub(crate) fn text_width(text: &str, size: f64, weight: FontWeight) -> f64 {
    let f = face(weight);
    let scale = size / f.units_per_em() as f64;
    text.chars().map(|c| f.glyph_hor_advance(glyph(f, c)).unwrap_or(0) as f64 * scale).sum()
}

/// A line of text as outlines, vertically centred on `at` (by the capital height).
pub(crate) fn text_outline(text: &str, at: Pt, size: f64, anchor: Anchor, weight: FontWeight) -> Vec<PathCmd> {
    let f = face(weight);
    let scale = size / f.units_per_em() as f64;
    let width = text_width(text, size, weight);
    let cap = f.capital_height().unwrap_or((f.units_per_em() as f64 * 0.7) as i16) as f64 * scale;
    let mut x = match anchor {
        Anchor::Start => at.x,
        Anchor::Middle => at.x - width / 2.0,
        Anchor::End => at.x - width,
    };
    let baseline = at.y + cap / 2.0;
    let mut out = Vec::new();
    for c in text.chars() {
        let g = glyph(f, c);
        let mut b = Collect { out: &mut out, scale, origin: Pt::new(x, baseline) };
        f.outline_glyph(g, &mut b);
        x += f.glyph_hor_advance(g).unwrap_or(0) as f64 * scale;
    }
    out
}

/// The chess symbol of a role: (outline glyph, solid glyph).
fn chess_chars(role: Role) -> (char, char) {
    match role {
        Role::King => ('\u{2654}', '\u{265A}'),
        Role::Queen => ('\u{2655}', '\u{265B}'),
        Role::Rook => ('\u{2656}', '\u{265C}'),
        Role::Bishop => ('\u{2657}', '\u{265D}'),
        Role::Knight => ('\u{2658}', '\u{265E}'),
        Role::Pawn => ('\u{2659}', '\u{265F}'),
        // The font has no xiangqi symbols: the figures draw xiangqi pieces with the `Letter`
        // set, so these never reach here; the nearest chess symbol keeps the match total.
        Role::Guard => ('\u{2657}', '\u{265D}'),
        Role::Elephant => ('\u{2657}', '\u{265D}'),
        Role::Horse => ('\u{2658}', '\u{265E}'),
        Role::Cannon => ('\u{2656}', '\u{265C}'),
    }
}

/// The layers of a piece drawn from the font's chess symbols, centred on `at` with its taller
/// side `size` long: `(body, ink)`. The body is the piece's silhouette (the outer contour of the
/// outline symbol), painted white so that the piece stands out on any square; the ink is the
/// outline symbol for a white piece and the solid symbol for a black one, painted black over it.
pub(crate) fn piece_outline(piece: Piece, at: Pt, size: f64) -> (Vec<PathCmd>, Vec<PathCmd>) {
    let f = face(FontWeight::Regular);
    let (outline, solid) = chess_chars(piece.role);
    let go = glyph(f, outline);
    let (bw, bh, cx, cy) = match f.glyph_bounding_box(go) {
        Some(r) => (
            r.width() as f64,
            r.height() as f64,
            (r.x_min as f64 + r.x_max as f64) / 2.0,
            (r.y_min as f64 + r.y_max as f64) / 2.0,
        ),
        None => (1.0, 1.0, 0.0, 0.0),
    };
    let scale = size / bw.max(bh);
    let origin = Pt::new(at.x - cx * scale, at.y + cy * scale);
    let mut lines = Vec::new();
    f.outline_glyph(go, &mut Collect { out: &mut lines, scale, origin });
    let body = largest_subpath(&lines);
    let ink = match piece.color {
        Color::White => lines,
        Color::Black => {
            let mut solid_ink = Vec::new();
            f.outline_glyph(glyph(f, solid), &mut Collect { out: &mut solid_ink, scale, origin });
            solid_ink
        }
    };
    (body, ink)
}

/// The subpath whose points spread widest: a glyph's outer contour.
fn largest_subpath(cmds: &[PathCmd]) -> Vec<PathCmd> {
    let mut best: (f64, &[PathCmd]) = (-1.0, &[]);
    let mut start = 0;
    for i in 0..=cmds.len() {
        let end = i == cmds.len() || (i > start && matches!(cmds[i], PathCmd::Move(_)));
        if !end {
            continue;
        }
        let sub = &cmds[start..i];
        let pts: Vec<Pt> = sub.iter().filter_map(PathCmd::end).collect();
        let span = |f: fn(&Pt) -> f64| {
            let (lo, hi) = pts.iter().map(f).fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
            hi - lo
        };
        let area = span(|p| p.x) * span(|p| p.y);
        if area > best.0 {
            best = (area, sub);
        }
        start = i;
    }
    best.1.to_vec()
}
