//! Scene to pixels with tiny-skia, without going through SVG text. It draws the shapes, paints
//! and piece layers the SVG writer writes, the way resvg draws SVG: non-zero fills, everything
//! anti-aliased, butt caps and miter joins (limit 4) unless the paint is round, arcs as the same
//! cubic curves (kurbo's, at resvg's tolerance), an element's opacity as the alpha of its one
//! paint (or as a layer when it has both a fill and a stroke). So the PNG and the SVG show the same
//! picture (`cli/tests/it/golden.rs` compares the two for every golden and essay figure). Every number
//! is first rounded as the SVG writes it (two decimals; four for a group's scale): tiny-skia
//! samples coverage in quarter pixels, so a line a hundredth of a pixel away can differ visibly
//! at its edge, and the rounding keeps the two pictures pixel for pixel alike.

use super::PngError;
use super::axis_stroke::axis_stroke;
use super::hairline::hairline;
use super::paint::{Paths, colour, draw, q, solid};
use super::round_stroke;
use super::sprites::{Sprites, What};
use crate::draw::artwork::piece_layers;
use crate::draw::font::text_outline;
use crate::draw::scene::Pt;
use crate::draw::scene::{Element, Node, Paint, PathCmd, Rgb, Scene, Shape};
use tiny_skia::{FillRule, PathBuilder, Pixmap, PixmapMut, Transform};

/// Largest PNG accepted, in pixels (the figure budget's, `crate::output::budget::MAX_PIXELS`).
pub const MAX_PIXELS: u64 = crate::output::budget::MAX_PIXELS;

/// The canvas of a scene at `scale` pixels per figure unit: width and height in pixels.
pub fn canvas_size(scene: &Scene, scale: f64) -> Result<(u32, u32), PngError> {
    let (w, h) = ((scene.width * scale).ceil(), (scene.height * scale).ceil());
    if !(w >= 1.0 && h >= 1.0) || w * h > MAX_PIXELS as f64 {
        return Err(PngError::Size(w.clamp(0.0, u32::MAX as f64) as u32, h.clamp(0.0, u32::MAX as f64) as u32));
    }
    Ok((w as u32, h as u32))
}

/// The scene painted on a new pixmap at `scale` pixels per figure unit.
pub fn to_pixmap(scene: &Scene, scale: f64) -> Result<Pixmap, PngError> {
    let (w, h) = canvas_size(scene, scale)?;
    let mut pixmap = Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    Painter::default().paint(scene, scale, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Paints scenes; keeps its path storage from one shape to the next (and one figure to the next,
/// when the same painter paints many).
#[derive(Default)]
pub struct Painter {
    paths: Paths,
    /// Pieces and labels painted once and copied ([`super::sprites`]): the store of the
    /// painter's [`super::Caches`] (a store of its own for a painter made alone).
    sprites: Sprites,
}

impl Painter {
    /// Paints the whole scene (background first) onto `canvas`, `scale` pixels per figure unit.
    /// Whatever the canvas held is painted over. Returns whether every pixel is opaque: so when
    /// the background covers the whole canvas, everything else being painted over it.
    pub fn paint(&mut self, scene: &Scene, scale: f64, canvas: &mut PixmapMut) -> bool {
        let ts = Transform::from_scale(scale as f32, scale as f32);
        let (w, h) = (scene.width * scale, scene.height * scale);
        let opaque = !scene.transparent && w == canvas.width() as f64 && h == canvas.height() as f64;
        if scene.transparent {
            canvas.fill(tiny_skia::Color::TRANSPARENT);
        } else if opaque {
            canvas.fill(colour(scene.background, 1.0));
        } else {
            canvas.fill(tiny_skia::Color::TRANSPARENT);
            let rect = tiny_skia::Rect::from_xywh(0.0, 0.0, scene.width as f32, scene.height as f32);
            if let Some(r) = rect {
                canvas.fill_path(
                    &PathBuilder::from_rect(r),
                    &solid(scene.background, 1.0),
                    FillRule::Winding,
                    ts,
                    None,
                );
            }
        }
        self.nodes(&scene.nodes, ts, canvas);
        opaque
    }

    fn nodes(&mut self, nodes: &[Node], ts: Transform, canvas: &mut PixmapMut) {
        for n in nodes {
            match n {
                Node::Element(e) => self.element(e, ts, canvas),
                Node::Group(g) => {
                    let scale = ((g.scale * 10000.0).round() / 10000.0) as f32;
                    let inner =
                        ts.pre_concat(Transform::from_row(scale, 0.0, 0.0, scale, q(g.offset.x), q(g.offset.y)));
                    self.nodes(&g.children, inner, canvas);
                }
            }
        }
    }

    fn element(&mut self, e: &Element, ts: Transform, canvas: &mut PixmapMut) {
        let p = &e.paint;
        if self.shortcut(e, ts, canvas) {
            return;
        }
        let path = match &e.shape {
            Shape::Rect { at, w, h } => {
                tiny_skia::Rect::from_xywh(q(at.x), q(at.y), q(*w), q(*h)).map(PathBuilder::from_rect)
            }
            Shape::Circle { c, r } => self.paths.circle(*c, *r),
            Shape::Path(cmds) => self.paths.path(cmds),
            Shape::Polyline(pts) => {
                let mut b = self.paths.builder();
                for (i, p) in pts.iter().enumerate() {
                    if i == 0 {
                        b.move_to(q(p.x), q(p.y));
                    } else {
                        b.line_to(q(p.x), q(p.y));
                    }
                }
                b.finish()
            }
            Shape::Text { text, at, size, anchor, weight }
                if p.dash.is_none() && !p.crisp && (p.fill.is_none() || p.stroke.is_none()) =>
            {
                let what = What::Text(text.as_str().into(), size.to_bits(), *anchor, *weight);
                let layers = |at| vec![(text_outline(text, at, *size, *anchor, *weight), p.clone())];
                self.sprite((what, *at), p, ts, canvas, layers);
                return;
            }
            Shape::Text { text, at, size, anchor, weight } => {
                self.paths.path(&text_outline(text, *at, *size, *anchor, *weight))
            }
            Shape::Piece { piece, at, size, set } => {
                // The piece's own paints, opaque ([`piece_layers`]).
                let what = What::Piece(*piece, *set, size.to_bits());
                let plain = Paint { opacity: None, ..p.clone() };
                let layers = |at| piece_layers(*piece, at, *size, *set, p);
                self.sprite((what, *at), &plain, ts, canvas, layers);
                return;
            }
        };
        let Some(path) = path else { return };
        let opacity = (q(p.opacity.unwrap_or(1.0)) as f64).clamp(0.0, 1.0);
        if opacity < 1.0 && p.fill.is_some() && p.stroke.is_some() {
            // Fill and stroke seen through together, as SVG's opacity means: one layer.
            if let Some(mut layer) = Pixmap::new(canvas.width(), canvas.height()) {
                draw(&path, p, 1.0, ts, &mut layer.as_mut());
                let pp = tiny_skia::PixmapPaint { opacity: opacity as f32, ..Default::default() };
                canvas.draw_pixmap(0, 0, layer.as_ref(), &pp, Transform::identity(), None);
            }
        } else {
            draw(&path, p, opacity, ts, canvas);
        }
        self.paths.give_back(path);
    }

    /// Paints `e` a faster way than tiny-skia's path filler and stroker, when one applies to it:
    /// a filled rect or a stroke of axis-aligned lines by the rect filler, a thin stroke as a
    /// hairline, a round stroke straight into the canvas. Whether it did.
    fn shortcut(&mut self, e: &Element, ts: Transform, canvas: &mut PixmapMut) -> bool {
        let p = &e.paint;
        // A filled rect (every cell of a board or chart) with nothing turned: filled in device
        // pixels by tiny-skia's rect filler, which computes each edge pixel's coverage exactly
        // instead of scanning a path.
        if let (Shape::Rect { at, w, h }, Some(fill), None) = (&e.shape, p.fill, p.stroke)
            && ts.kx == 0.0
            && ts.ky == 0.0
        {
            let (x, y) = (q(at.x) * ts.sx + ts.tx, q(at.y) * ts.sy + ts.ty);
            let (w, h) = (q(*w) * ts.sx, q(*h) * ts.sy);
            // Crisp: the pixels whose centres are inside, as a path is filled without
            // anti-aliasing (tiny-skia's own rect rounding floors instead).
            let r = if p.crisp {
                let snap = |v: f32| (v + 0.5).floor();
                tiny_skia::Rect::from_ltrb(snap(x), snap(y), snap(x + w), snap(y + h))
            } else {
                tiny_skia::Rect::from_xywh(x, y, w, h)
            };
            if let Some(r) = r {
                let opacity = (q(p.opacity.unwrap_or(1.0)) as f64).clamp(0.0, 1.0);
                let paint = tiny_skia::Paint { anti_alias: !p.crisp, ..solid(fill, opacity) };
                canvas.fill_rect(r, &paint, Transform::identity(), None);
            }
            return true;
        }
        // A stroke of straight lines, each along an axis (the grid of a board or a chart): painted
        // as the thin rectangles its stroke covers, by the rect filler too.
        if let (Shape::Path(cmds), None, Some((colour, width)), None, false) =
            (&e.shape, p.fill, p.stroke, &p.dash, p.round)
            && p.opacity.is_none_or(|o| q(o) >= 1.0)
            && axis_stroke(cmds, q(width), colour, ts, canvas)
        {
            return true;
        }
        // A thin stroke of one opaque colour, butt-capped: painted straight into the canvas
        // ([`hairline`]).
        if let (Shape::Path(cmds), None, Some((colour, width)), None, false) =
            (&e.shape, p.fill, p.stroke, &p.dash, p.round)
            && p.opacity.is_none_or(|o| q(o) >= 1.0)
            && ts.kx == 0.0
            && ts.ky == 0.0
            && ts.sx == ts.sy
            && q(width) > 0.0
            && q(width) * ts.sx <= 1.0
        {
            if let Some(path) = self.paths.path(cmds) {
                hairline(&path, ts, q(width) * ts.sx, colour, canvas);
                self.paths.give_back(path);
            }
            return true;
        }
        // A round stroke of one opaque colour at least a pixel wide — a route, a ride, the ring
        // round a capture or a port: painted straight into the canvas ([`round_stroke`]).
        if let (Some((colour, width)), None) = (p.stroke, &p.dash)
            && p.opacity.is_none_or(|o| q(o) >= 1.0)
            && ts.kx == 0.0
            && ts.ky == 0.0
            && ts.sx == ts.sy
            && q(width) * ts.sx > 1.0
            && self.round_stroke(e, colour, (q(width) * ts.sx) as f64, ts, canvas)
        {
            return true;
        }
        false
    }

    /// Paints `e`'s stroke (`colour`, `width` device pixels; a fill first, for a circle) with
    /// [`round_stroke`] when it is a round-capped, round-joined line of straight pieces or a
    /// circle; whether it did.
    fn round_stroke(&mut self, e: &Element, colour: Rgb, width: f64, ts: Transform, canvas: &mut PixmapMut) -> bool {
        let px = |p: Pt| ((q(p.x) * ts.sx + ts.tx) as f64, (q(p.y) * ts.sy + ts.ty) as f64);
        match &e.shape {
            Shape::Circle { c, r } if q(*r) > 0.0 => {
                if e.paint.fill.is_some() {
                    // The fill as any shape's is drawn, then the stroke over it.
                    let Some(path) = self.paths.circle(*c, *r) else { return false };
                    draw(&path, &Paint { stroke: None, ..e.paint.clone() }, 1.0, ts, canvas);
                    self.paths.give_back(path);
                }
                round_stroke::ring(px(*c), (q(*r) * ts.sx) as f64, width, colour, canvas);
                true
            }
            Shape::Path(cmds) if e.paint.round && e.paint.fill.is_none() => {
                let mut lines = Vec::with_capacity(cmds.len());
                let (mut last, mut start) = ((0.0, 0.0), (0.0, 0.0));
                for c in cmds {
                    match *c {
                        PathCmd::Move(to) => (last, start) = (px(to), px(to)),
                        PathCmd::Line(to) => {
                            lines.push((last, px(to)));
                            last = px(to);
                        }
                        PathCmd::Close => {
                            lines.push((last, start));
                            last = start;
                        }
                        _ => return false,
                    }
                }
                round_stroke::polyline(&lines, width, colour, canvas);
                true
            }
            Shape::Polyline(pts) if e.paint.round && e.paint.fill.is_none() => {
                let lines: Vec<_> = pts.windows(2).map(|w| (px(w[0]), px(w[1]))).collect();
                round_stroke::polyline(&lines, width, colour, canvas);
                true
            }
            _ => false,
        }
    }

    /// A painter that keeps its sprites in `sprites`.
    pub(crate) fn with_sprites(sprites: Sprites) -> Painter {
        Painter { paths: Paths::default(), sprites }
    }

    /// How many sprites the painter's store keeps.
    #[cfg(test)]
    pub(crate) fn sprite_count(&self) -> usize {
        self.sprites.len()
    }

    /// Paints a piece or a label from its sprite ([`super::sprites`]).
    fn sprite(
        &mut self,
        at: (What, Pt),
        paint: &Paint,
        ts: Transform,
        canvas: &mut PixmapMut,
        layers: impl FnOnce(Pt) -> Vec<(Vec<PathCmd>, Paint)>,
    ) {
        self.sprites.paint(&mut self.paths, at, paint, ts, canvas, layers);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::scene::{Anchor, FontWeight, PieceSet};
    use crate::rules::piece::{Color, Piece, Role};

    /// A scene of one element on white, `w` × `h` figure units.
    fn scene(shape: Shape, paint: Paint, (w, h): (f64, f64)) -> Scene {
        let mut s = Scene::new(w, h, Rgb::WHITE);
        s.nodes.push(Node::Element(Element::new(shape, paint, "x")));
        s
    }

    /// The layers painted straight onto a white canvas, as the painter did before sprites.
    fn straight(layers: Vec<(Vec<PathCmd>, Paint)>, opacity: f64, (w, h): (u32, u32), scale: f32) -> Pixmap {
        let mut canvas = Pixmap::new(w, h).unwrap();
        canvas.fill(tiny_skia::Color::WHITE);
        let mut paths = Paths::default();
        for (cmds, p) in layers {
            if let Some(path) = paths.path(&cmds) {
                draw(&path, &p, opacity, Transform::from_scale(scale, scale), &mut canvas.as_mut());
            }
        }
        canvas
    }

    /// The mean difference per channel (of 255) and the share of pixels off by more than 32.
    fn difference(a: &Pixmap, b: &Pixmap) -> (f64, f64) {
        let (mut sum, mut off) = (0u64, 0usize);
        for (p, q) in a.data().chunks_exact(4).zip(b.data().chunks_exact(4)) {
            sum += (0..4).map(|i| u64::from(p[i].abs_diff(q[i]))).sum::<u64>();
            off += (0..4).any(|i| p[i].abs_diff(q[i]) > 32) as usize;
        }
        let n = a.data().len() as f64 / 4.0;
        (sum as f64 / (4.0 * n), off as f64 / n)
    }

    #[test]
    fn a_piece_from_its_sprite_shows_what_painting_it_straight_shows() {
        let piece = Piece { color: Color::Black, role: Role::Knight };
        let paint = Paint::fill(Rgb(250, 250, 250)).with_stroke(Rgb(20, 20, 20), 1.3);
        for set in [PieceSet::Diagram, PieceSet::Glyph, PieceSet::Disc, PieceSet::Letter] {
            for (size, at, scale) in
                [(45.0, (30.13, 41.77), 1.0), (20.3, (17.5, 18.04), 2.0), (61.7, (40.0, 39.9), 1.5)]
            {
                let at = Pt { x: at.0, y: at.1 };
                let s = scene(Shape::Piece { piece, at, size, set }, paint.clone(), (80.0, 80.0));
                let ours = to_pixmap(&s, scale).unwrap();
                let theirs = straight(
                    crate::draw::artwork::piece_layers(piece, at, size, set, &paint),
                    1.0,
                    (ours.width(), ours.height()),
                    scale as f32,
                );
                let (mean, off) = difference(&ours, &theirs);
                assert!(
                    mean < 0.5 && off < 0.005,
                    "{set:?} {size} at {at:?} ×{scale}: mean {mean:.3}, {:.2} % off",
                    off * 100.0
                );
            }
        }
    }

    #[test]
    fn a_label_from_its_sprite_shows_what_painting_it_straight_shows() {
        let paint = Paint { opacity: Some(0.7), ..Paint::fill(Rgb(60, 60, 60)) };
        for (text, at, scale) in [("a", (10.3, 12.61), 1.0), ("h8", (30.0, 20.25), 2.0), ("N", (5.55, 30.0), 1.25)] {
            let at = Pt { x: at.0, y: at.1 };
            let (size, anchor, weight) = (11.0, Anchor::Middle, FontWeight::Regular);
            let s = scene(Shape::Text { text: text.into(), at, size, anchor, weight }, paint.clone(), (40.0, 40.0));
            let ours = to_pixmap(&s, scale).unwrap();
            let outline = crate::draw::font::text_outline(text, at, size, anchor, weight);
            let theirs = straight(vec![(outline, paint.clone())], 0.7, (ours.width(), ours.height()), scale as f32);
            let (mean, off) = difference(&ours, &theirs);
            assert!(mean < 0.5 && off < 0.01, "{text} at {at:?} ×{scale}: mean {mean:.3}, {:.2} % off", off * 100.0);
        }
    }

    #[test]
    fn a_painter_paints_a_figure_the_same_whatever_it_painted_before() {
        let piece = |x: f64, y: f64, size: f64| {
            let at = Pt { x, y };
            let shape =
                Shape::Piece { piece: Piece { color: Color::Black, role: Role::Rook }, at, size, set: PieceSet::Glyph };
            Node::Element(Element::new(shape, Paint::fill(Rgb::WHITE).with_stroke(Rgb::BLACK, 1.0), "piece"))
        };
        let label = |x: f64, y: f64| {
            let shape = Shape::Text {
                text: "e4".into(),
                at: Pt { x, y },
                size: 12.0,
                anchor: Anchor::Middle,
                weight: FontWeight::Regular,
            };
            Node::Element(Element::new(shape, Paint::fill(Rgb(40, 40, 40)), "label"))
        };
        let mut first = Scene::new(120.0, 60.0, Rgb::WHITE);
        first.nodes.extend([piece(20.13, 30.4, 33.0), piece(81.13, 29.4, 33.0), label(50.06, 10.3)]);
        let mut second = Scene::new(120.0, 60.0, Rgb::WHITE);
        // The same fractions of a pixel at other places: the sprites the first figure made.
        second.nodes.extend([piece(47.13, 21.4, 33.0), label(90.06, 50.3)]);
        let paint = |painter: &mut Painter, s: &Scene| {
            let mut canvas = Pixmap::new(120, 60).unwrap();
            painter.paint(s, 1.0, &mut canvas.as_mut());
            canvas
        };
        let mut used = Painter::default();
        paint(&mut used, &first);
        assert_eq!(used.sprite_count(), 2, "one rook sprite, one label sprite");
        let after = paint(&mut used, &second);
        assert_eq!(used.sprite_count(), 2, "the second figure found them");
        let fresh = paint(&mut Painter::default(), &second);
        assert!(after.data() == fresh.data(), "the second figure's pixels depend on what was painted before");
        for scale in [1.5, 0.75] {
            let mut used = Painter::default();
            let mut big = Pixmap::new(180, 90).unwrap();
            used.paint(&first, scale, &mut big.as_mut());
            let (mut a, mut b) = (Pixmap::new(180, 90).unwrap(), Pixmap::new(180, 90).unwrap());
            used.paint(&second, scale, &mut a.as_mut());
            Painter::default().paint(&second, scale, &mut b.as_mut());
            assert!(a.data() == b.data(), "at scale {scale}, the pixels depend on what was painted before");
        }
    }

    #[test]
    fn pieces_a_whole_number_of_pixels_apart_share_one_sprite_and_its_pixels() {
        let piece = Piece { color: Color::White, role: Role::Queen };
        let (paint, size) = (Paint::fill(Rgb::WHITE).with_stroke(Rgb::BLACK, 1.0), 30.0);
        let mut s = Scene::new(100.0, 50.0, Rgb::WHITE);
        for x in [20.4, 70.4] {
            let at = Pt { x, y: 25.3 };
            s.nodes.push(Node::Element(Element::new(
                Shape::Piece { piece, at, size, set: PieceSet::Glyph },
                paint.clone(),
                "piece",
            )));
        }
        let mut canvas = Pixmap::new(100, 50).unwrap();
        let mut painter = Painter::default();
        painter.paint(&s, 1.0, &mut canvas.as_mut());
        assert_eq!(painter.sprite_count(), 1);
        let column = |x0: usize| -> Vec<u8> {
            (0..50).flat_map(|y| canvas.data()[(y * 100 + x0) * 4..][..50 * 4].to_vec()).collect()
        };
        assert_eq!(column(0), column(50), "the same pixels, 50 pixels apart");
        assert!(column(0).chunks_exact(4).any(|p| p[0] < 100), "the queen is drawn");
    }
}
