//! The seven steps that build the chart (essay §07), as board copies sliding and flipping into
//! place:
//!
//! 1. copies of the board join west to east (stream-alpha);
//! 2. a duplicate of the stream slides out from under it, southward, and stops below it;
//! 3. the duplicate turns over north–south (stream-beta);
//! 4. it slides east by half the files;
//! 5. it rises until the two streams' south borders meet (stream-gamma);
//! 6. a duplicate of stream-gamma slides out from under it, northward, until the north borders
//!    meet;
//! 7. the view draws back over the chart repeated without end.
//!
//! A copy is a board drawn by the chart view itself with a window of exactly one board — the
//! board as it is, or the copy north of rank H, which the chart draws flipped — so the copies
//! carry the colour mode (tints, coloured edges) and the pieces of the figure. Each frame places
//! copies with an axis-aligned map (a north–south flip is a vertical scale through −1), and the
//! last frame lays the copies exactly where the chart has them: row `j` of boards is the board
//! for even `j` and the flipped board shifted by `W/2` files for odd `j`.
//!
//! A duplicate is drawn under its original: while it slides out, the original stands still and
//! whole, and the duplicate shows only where it has come out past the original's edge. Drawn over
//! it, the duplicate's coloured border crossed the original's squares, and a copy identical to
//! the original moving over it read as the view panning. The view turns to each step's framing
//! before anything moves, never while it moves.

use super::{FrameArgs, checked, with_kind};
use crate::draw::figure::{Coordinates, Overlay, View, ViewKind, render, text};
use crate::draw::geometry::Window;
use crate::draw::scene::{Anchor, Element, Node, PathCmd, Pt, Scene, Shape};
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use rayon::prelude::*;

/// A board copy: its elements, in its own frame, with the board's top-left corner and the side of
/// a square.
struct Tile {
    elements: Vec<Element>,
    corner: Pt,
    square: f64,
}

/// An axis-aligned map `x' = ax·x + bx`, `y' = ay·y + by` (ay < 0 flips north–south).
#[derive(Clone, Copy, Debug)]
struct Map {
    ax: f64,
    bx: f64,
    ay: f64,
    by: f64,
}

impl Map {
    fn pt(&self, p: Pt) -> Pt {
        Pt::new(self.ax * p.x + self.bx, self.ay * p.y + self.by)
    }
    /// How much a length grows: the smaller of the two scales, so a squashed copy's pieces and
    /// dots shrink with it.
    fn size(&self) -> f64 {
        self.ax.abs().min(self.ay.abs())
    }
    fn then_group(&self, offset: Pt, scale: f64) -> Map {
        Map {
            ax: self.ax * scale,
            bx: self.ax * offset.x + self.bx,
            ay: self.ay * scale,
            by: self.ay * offset.y + self.by,
        }
    }
}

/// An element drawn through a map.
fn place(e: &Element, m: &Map) -> Element {
    let shape = match &e.shape {
        Shape::Rect { at, w, h } => {
            let (a, b) = (m.pt(*at), m.pt(at.offset(*w, *h)));
            Shape::Rect { at: Pt::new(a.x.min(b.x), a.y.min(b.y)), w: (b.x - a.x).abs(), h: (b.y - a.y).abs() }
        }
        Shape::Circle { c, r } => Shape::Circle { c: m.pt(*c), r: r * m.size() },
        Shape::Polyline(pts) => Shape::Polyline(pts.iter().map(|p| m.pt(*p)).collect()),
        Shape::Path(cmds) => Shape::Path(
            cmds.iter()
                .map(|c| match *c {
                    PathCmd::Move(p) => PathCmd::Move(m.pt(p)),
                    PathCmd::Line(p) => PathCmd::Line(m.pt(p)),
                    PathCmd::Quad(a, b) => PathCmd::Quad(m.pt(a), m.pt(b)),
                    PathCmd::Cubic(a, b, c) => PathCmd::Cubic(m.pt(a), m.pt(b), m.pt(c)),
                    // A mirror reverses the sense of an arc.
                    PathCmd::Arc { r, large, sweep, to } => {
                        PathCmd::Arc { r: r * m.size(), large, sweep: sweep ^ (m.ay < 0.0), to: m.pt(to) }
                    }
                    PathCmd::Close => PathCmd::Close,
                })
                .collect(),
        ),
        Shape::Text { text, at, size, anchor, weight } => {
            Shape::Text { text: text.clone(), at: m.pt(*at), size: size * m.ax.abs(), anchor: *anchor, weight: *weight }
        }
        Shape::Piece { piece, at, size, set } => {
            Shape::Piece { piece: *piece, at: m.pt(*at), size: size * m.size(), set: *set }
        }
    };
    let mut paint = e.paint.clone();
    if let Some((c, w)) = paint.stroke {
        paint.stroke = Some((c, w * m.ax.abs()));
    }
    if let Some(d) = &mut paint.dash {
        d.iter_mut().for_each(|x| *x *= m.ax.abs());
    }
    Element { shape, paint, class: e.class.clone(), data: e.data.clone() }
}

/// Every element of a scene with its groups' placement applied.
fn flatten(nodes: &[Node], m: &Map, out: &mut Vec<Element>) {
    for n in nodes {
        match n {
            Node::Element(e) => out.push(place(e, m)),
            Node::Group(g) => flatten(&g.children, &m.then_group(g.offset, g.scale), out),
        }
    }
}

const IDENTITY: Map = Map { ax: 1.0, bx: 0.0, ay: 1.0, by: 0.0 };

/// A board copy drawn by the chart view through a one-board window.
fn tile(pos: &Position, overlay: &Overlay, view: &View, theme: &Theme, window: Window) -> Tile {
    let (edges, tint) = match view.kind {
        ViewKind::Chart { edges, tint, .. } => (edges, tint),
        ViewKind::Board { edges, tint } => (edges, tint),
        // The essay's coloured board, unless the panel says how to colour it.
        ViewKind::Hemispheres { .. } | ViewKind::Hemisphere { .. } | ViewKind::Globe { .. } | ViewKind::Disc { .. } => {
            (true, true)
        }
    };
    let mut o = overlay.clone();
    o.title = None;
    let v = View {
        coordinates: Coordinates::None,
        ..with_kind(view, ViewKind::Chart { window: Some(window), edges, tint })
    };
    let scene = render(pos, &o, &v, theme);
    let mut elements = Vec::new();
    flatten(&scene.nodes, &IDENTITY, &mut elements);
    // The board's corner and square, from its squares.
    let (mut x0, mut y0, mut square) = (f64::INFINITY, f64::INFINITY, 0.0f64);
    for e in &elements {
        if let (Shape::Rect { at, w, .. }, true) = (&e.shape, e.data.iter().any(|(k, _)| *k == "cell")) {
            x0 = x0.min(at.x);
            y0 = y0.min(at.y);
            square = square.max(*w);
        }
    }
    Tile { elements, corner: Pt::new(x0, y0), square: square.max(1e-9) }
}

/// Which copy.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Copy {
    /// The board as it is.
    Up,
    /// The board turned over north–south, files in their own order.
    Flipped,
}

/// A copy placed on the chart: its west edge at column `x`, its south edge at row `y` (rows
/// grow northward), squashed north–south by `sy` (1 = as drawn).
#[derive(Clone, Copy, Debug)]
struct Placed {
    copy: Copy,
    x: f64,
    y: f64,
    sy: f64,
}

/// Smooth start and stop.
fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The seven captions.
fn caption(step: usize, w: u8) -> String {
    match step {
        0 => "1 · boards joined west to east: stream-alpha".into(),
        1 => "2 · a duplicate of stream-alpha".into(),
        2 => "3 · the duplicate turned over north–south: stream-beta".into(),
        3 => format!("4 · stream-beta shifted by {} squares", w / 2),
        4 => "5 · south borders joined: stream-gamma".into(),
        5 => "6 · a duplicate of stream-gamma, north borders joined".into(),
        _ => "7 · repeated without end: the chart".into(),
    }
}

/// The copies of step `step` at progress `t` (0 to 1), in drawing order.
fn layout(step: usize, t: f64, w: f64, h: f64) -> Vec<Placed> {
    let t = ease(t);
    let gap = 0.25 * h;
    let row = |copy: Copy, shift: f64, y: f64, sy: f64| -> Vec<Placed> {
        (-3..=3).map(|i| Placed { copy, x: i as f64 * w + shift, y, sy }).collect()
    };
    let alpha = row(Copy::Up, 0.0, 0.0, 1.0);
    let beta = |y: f64| row(Copy::Flipped, w / 2.0, y, 1.0);
    match step {
        0 => (-3..=3)
            .map(|i: i32| {
                let spread = i.signum() as f64 * (1.0 - t) * 0.8 * w * i.unsigned_abs() as f64;
                Placed { copy: Copy::Up, x: i as f64 * w + spread, y: 0.0, sy: 1.0 }
            })
            .collect(),
        // A duplicate comes out from under its original (drawn first, the original over it): it
        // never crosses the original's squares, which stand still.
        1 => [row(Copy::Up, 0.0, -t * (h + gap), 1.0), alpha].concat(),
        2 => {
            let c = libm::cos(std::f64::consts::PI * t);
            let turning =
                if c >= 0.0 { row(Copy::Up, 0.0, -(h + gap), c) } else { row(Copy::Flipped, 0.0, -(h + gap), -c) };
            [alpha, turning].concat()
        }
        3 => [alpha, row(Copy::Flipped, t * w / 2.0, -(h + gap), 1.0)].concat(),
        4 => [alpha, beta(-h - (1.0 - t) * gap)].concat(),
        5 => {
            let up = 2.0 * h * t;
            [row(Copy::Up, 0.0, up, 1.0), beta(-h + up), alpha, beta(-h)].concat()
        }
        _ => {
            let mut v = Vec::new();
            for j in -4..=4 {
                if j % 2 == 0 {
                    v.extend(row(Copy::Up, 0.0, j as f64 * h, 1.0));
                } else {
                    v.extend(beta(j as f64 * h));
                }
            }
            v
        }
    }
}

/// Where the canvas looks: the chart row (northward, in squares) at its middle, and the zoom
/// (1: two boards across).
#[derive(Clone, Copy, PartialEq, Debug)]
struct Camera {
    y: f64,
    zoom: f64,
}

impl Camera {
    fn lerp(self, o: Camera, t: f64) -> Camera {
        Camera { y: self.y + (o.y - self.y) * t, zoom: self.zoom + (o.zoom - self.zoom) * t }
    }
}

/// The framing of step `step`: everything the step shows, from its start to its end, in sight
/// (the canvas is three boards tall, with a little margin), the middle of it in the middle;
/// the last step draws back to show the chart repeated in every direction.
fn camera(step: usize, w: f64, h: f64) -> Camera {
    if step >= 6 {
        return Camera { y: h / 2.0, zoom: 0.4 };
    }
    let (lo, hi) = [0.0, 1.0]
        .iter()
        .flat_map(|&t| layout(step, t, w, h))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.y), hi.max(p.y + h * p.sy.abs())));
    let tall = hi - lo + 0.3 * h;
    Camera { y: (lo + hi) / 2.0, zoom: (3.0 * h / tall).min(1.0) }
}

/// Where frame `k` of `n` is: its step, how far the step's copies have moved (0 to 1), and the
/// camera. Each step first turns the camera to its framing (while nothing moves, so a copy is
/// never seen sliding while the view pans), then moves its copies, then holds the finished step
/// (about a second at the essay's 154 frames, 10 a second); the last step's move is the view
/// drawing back.
fn timing(k: usize, n: usize, w: f64, h: f64) -> (usize, f64, Camera) {
    const PAN: f64 = 0.15;
    const MOVE: f64 = 0.45;
    let per = (n / 7).max(1);
    let step = (k / per).min(6);
    let len = if step == 6 { n - 6 * per } else { per };
    let x = (k - step * per) as f64 / len.max(1) as f64;
    let before = if step == 0 { camera(0, w, h) } else { camera(step - 1, w, h) };
    let here = camera(step, w, h);
    if step == 6 {
        let t = ease(x / (PAN + MOVE));
        return (6, 1.0, before.lerp(here, t));
    }
    let pan = if step == 0 { 0.0 } else { PAN };
    let cam = before.lerp(here, ease(if pan > 0.0 { x / pan } else { 1.0 }));
    let t = ((x - pan) / MOVE).clamp(0.0, 1.0);
    (step, t, cam)
}

/// The frames: `n` spread over the seven steps (`timing`). The canvas is two boards wide and
/// three tall at zoom 1, under a caption naming the step.
pub(crate) fn frames(args: FrameArgs) -> Result<Vec<Scene>, super::AnimError> {
    let FrameArgs { pos, overlay, view, theme, n, check } = args;
    let topo = pos.topology();
    if let Some(why) = super::Kind::Chart.refusal(topo) {
        return Err(super::AnimError::Content(why));
    }
    let (w, h) = (topo.width() as f64, topo.height() as f64);
    let (wu, hu) = (topo.width() as u32, topo.height() as u32);
    let up = tile(pos, overlay, view, theme, Window { x0: 0, y0: 0, cols: wu, rows: hu });
    let flipped = tile(pos, overlay, view, theme, Window { x0: (wu / 2) as i32, y0: hu as i32, cols: wu, rows: hu });
    let width = view.width;
    let s = width / (2.0 * w);
    let band = (width * 0.07).clamp(18.0, 60.0);
    let height = band + 3.0 * h * s;
    if n < super::Kind::Chart.min_frames() {
        return Err(super::AnimError::Content(format!(
            "the chart animation shows seven steps: {n} frames are too few (at least 7)"
        )));
    }
    let n = n as usize;
    (0..n)
        .into_par_iter()
        .map(|k| {
            let (step, t, cam) = timing(k, n, w, h);
            let placed = layout(step, t, w, h);
            let big = s * cam.zoom;
            // Chart position (x east, y north) to paper: the camera's row at the middle of the
            // canvas, the board's middle file boundary at its middle.
            let centre = Pt::new(width / 2.0, band + 1.5 * h * s + (cam.y - h / 2.0) * big);
            let mut scene = Scene::new(width, height, theme.background);
            let visible = |p: &Placed| {
                let left = centre.x + (p.x - w / 2.0) * big;
                let top = centre.y - (p.y + h - h / 2.0) * big;
                left < width && left + w * big > 0.0 && top < height && top + h * big > band
            };
            for p in placed.iter().filter(|p| visible(p)) {
                let tile = match p.copy {
                    Copy::Up => &up,
                    Copy::Flipped => &flipped,
                };
                // Tile paper → squares from the copy's corner → chart → paper; the copy's middle
                // row stays put while it turns over.
                let ax = big / tile.square;
                let bx = centre.x + (p.x - w / 2.0) * big - tile.corner.x * ax;
                let ay = big * p.sy / tile.square;
                let by = centre.y - big * p.y - big * p.sy * h / 2.0 - ay * tile.corner.y;
                let m = Map { ax, bx, ay, by };
                for e in &tile.elements {
                    // `+ 0.0`: a copy at −0 is at 0.
                    scene.push(place(e, &m).with("copy", format!("{},{}", p.x + 0.0, p.y + 0.0)));
                }
            }
            // The caption band over the copies.
            scene.push(Element::new(
                Shape::Rect { at: Pt::new(0.0, 0.0), w: width, h: band },
                crate::draw::scene::Paint::fill(theme.background),
                "caption-band",
            ));
            scene.push(text(
                caption(step, topo.width()),
                Pt::new(width / 2.0, band * 0.55),
                crate::draw::figure::CAPTION_SIZE.min(band * 0.42),
                Anchor::Middle,
                theme.font,
                theme.text,
                "caption",
            ));
            scene.title = overlay.title.clone().unwrap_or_else(|| "Making the chart (2DFARCSOD) in seven steps".into());
            scene.desc = format!("Frame {} of {}: step {}.", k + 1, n, caption(step, topo.width()));
            checked(check, scene)
        })
        .collect()
}
