//! Pieces and labels painted once and copied. A board shows 32 pieces of a dozen kinds and the
//! same file letters and rank numbers figure after figure; filling their anti-aliased outlines
//! took more than half of a 480-pixel board's painting. Each is painted, at its size and colours,
//! into a small pixmap (a *sprite*) the first time it is needed, and then copied onto the canvas
//! wherever the same thing stands again, in this figure or the next one the painter paints.
//!
//! A thing stands anywhere, not only on whole pixels: its position on the canvas is snapped, a
//! piece's to a sixteenth of a pixel and a label's to an eighth (at most a thirty-second or a
//! sixteenth of a pixel away, which no reader sees and which the comparison with resvg's
//! rendering, `cli/tests/it/golden.rs`, allows as anti-aliasing; an eighth for pieces did not pass
//! it), and the sprite is painted at that fraction of a pixel. Pieces on a board's cells share a
//! few fractions, so they share sprites; labels round a turning disc keep finding theirs (with
//! sixteenths, the thousand rotations of the server's load benchmark outgrew the store). A
//! sprite is painted from its key alone, never from where the thing that first needed it stood,
//! so what a painter painted before never changes a picture (same input, same bytes). Layers are
//! composited into the sprite with the same source-over blending as onto the canvas, so the copy
//! shows what painting them straight would, up to rounding.
//!
//! The painters of one [`super::Caches`] (a renderer's, a batch's, a server's) share one store of
//! at most [`MAX_BYTES`] (a globe's pieces, each of its own size, rarely repeat), which then starts
//! afresh; nothing is shared with the painters of other caches.

use super::paint::{Paths, draw, q};
use crate::draw::scene::{Anchor, FontWeight, Paint, PathCmd, PieceSet, Pt, Rgb};
use crate::rules::piece::Piece;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tiny_skia::{Pixmap, PixmapMut, Transform};

/// Most bytes of sprites the process keeps (a 60-pixel piece's sprite is about 16 KB): part of the
/// 64 MiB the figure budget keeps for the program ([`crate::output::budget::PROGRAM`]), beside the
/// frame buffers' 24.
pub(crate) const MAX_BYTES: usize = 16 << 20;

/// Steps of a pixel a piece's position is snapped to.
const PIECE_STEPS: f32 = 16.0;

/// Steps of a pixel a label's position is snapped to: a label is small, and a sixteenth of a
/// pixel off moves no more of its edge than a thirty-second moves of a piece's.
const LABEL_STEPS: f32 = 8.0;

/// What is drawn, at its size in figure units (the bits of the number).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum What {
    Piece(Piece, PieceSet, u64),
    Text(Box<str>, u64, Anchor, FontWeight),
}

/// What makes two things' pixels the same.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    what: What,
    fill: Option<Rgb>,
    stroke: Option<(Rgb, u64)>,
    round: bool,
    opacity: Option<u64>,
    scale: (u32, u32),
    /// The position's fraction of a pixel, in steps of the kind's snapping.
    frac: (u8, u8),
}

/// The pixels, and where their top left corner is from the whole pixel the thing stands in.
struct Sprite {
    pixmap: Pixmap,
    left: i32,
    top: i32,
}

/// Sprites by their key, and the bytes they take.
#[derive(Default)]
struct Store {
    map: HashMap<Key, Option<Sprite>>,
    bytes: usize,
}

/// A painter's sprites: a handle on a store, shared by the painters of one [`super::Caches`]
/// (a new store for each new `Sprites`).
#[derive(Clone, Default)]
pub(crate) struct Sprites {
    store: Arc<RwLock<Store>>,
}

impl Sprites {
    /// How many sprites are kept.
    pub fn len(&self) -> usize {
        self.store.read().unwrap_or_else(|e| e.into_inner()).map.len()
    }

    /// Paints `what`, standing at `at` (figure units, drawn with `ts`: a scale and a translation)
    /// in `paint`, onto `canvas` from its sprite. `layers` gives its outlines and paints for a
    /// position (the snapped one), each painted at `opacity`, the first time.
    pub(super) fn paint(
        &self,
        paths: &mut Paths,
        (what, at): (What, Pt),
        paint: &Paint,
        ts: Transform,
        canvas: &mut PixmapMut,
        layers: impl FnOnce(Pt) -> Vec<(Vec<PathCmd>, Paint)>,
    ) {
        let (dx, dy) = (q(at.x) * ts.sx + ts.tx, q(at.y) * ts.sy + ts.ty);
        // Off any canvas by far (a canvas is at most MAX_PIXELS): nothing to see.
        if !(dx.abs() < 1e7 && dy.abs() < 1e7) {
            return;
        }
        let steps = match what {
            What::Piece(..) => PIECE_STEPS,
            What::Text(..) => LABEL_STEPS,
        };
        let snap = |v: f32| {
            let n = (v * steps).round();
            let whole = (n / steps).floor();
            (whole, (n - whole * steps) as u8)
        };
        let ((ix, fx), (iy, fy)) = (snap(dx), snap(dy));
        let opacity = paint.opacity.map(|o| q(o).clamp(0.0, 1.0) as f64);
        let key = Key {
            what,
            fill: paint.fill,
            stroke: paint.stroke.map(|(c, w)| (c, w.to_bits())),
            round: paint.round,
            opacity: opacity.map(f64::to_bits),
            scale: (ts.sx.to_bits(), ts.sy.to_bits()),
            frac: (fx, fy),
        };
        let place = |s: &Sprite| (ix as i64 + s.left as i64, iy as i64 + s.top as i64);
        {
            let store = self.store.read().unwrap_or_else(|e| e.into_inner());
            if let Some(found) = store.map.get(&key) {
                if let Some(s) = found {
                    blend(s, place(s), canvas);
                }
                return;
            }
        }
        // Painted where the key alone says, never where this thing happens to stand: at its
        // fraction of a pixel from the origin, scaled but not moved. So a sprite is the same
        // pixels whichever figure made it, and a painter's history never changes a picture.
        let at = Pt { x: (fx as f32 / steps / ts.sx) as f64, y: (fy as f32 / steps / ts.sy) as f64 };
        let scale = Transform::from_scale(ts.sx, ts.sy);
        let made = sprite(paths, layers(at), opacity.unwrap_or(1.0), scale);
        if let Some(s) = &made {
            blend(s, place(s), canvas);
        }
        let size = made.as_ref().map_or(0, |s| s.pixmap.data().len());
        let mut store = self.store.write().unwrap_or_else(|e| e.into_inner());
        if store.map.contains_key(&key) {
            return;
        }
        if store.bytes + size > MAX_BYTES {
            store.map.clear();
            store.bytes = 0;
        }
        store.bytes += size;
        store.map.insert(key, made);
    }
}

/// The sprite laid over the canvas with its top left corner at `(x, y)`: source over, on
/// premultiplied pixels, the parts off the canvas left out. (tiny-skia's `draw_pixmap` samples the
/// sprite through its general pattern pipeline, which took a seventh of a game replay's time.)
fn blend(s: &Sprite, (x, y): (i64, i64), canvas: &mut PixmapMut) {
    let (cw, ch) = (canvas.width() as i64, canvas.height() as i64);
    let (sw, sh) = (s.pixmap.width() as i64, s.pixmap.height() as i64);
    let (x0, x1) = (x.max(0), (x + sw).min(cw));
    let (y0, y1) = (y.max(0), (y + sh).min(ch));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let src = s.pixmap.data();
    let dst = canvas.data_mut();
    for row in y0..y1 {
        let from = (((row - y) * sw + (x0 - x)) * 4) as usize;
        let to = ((row * cw + x0) * 4) as usize;
        let n = ((x1 - x0) * 4) as usize;
        for (d, p) in dst[to..to + n].chunks_exact_mut(4).zip(src[from..from + n].chunks_exact(4)) {
            match p[3] {
                0 => {}
                255 => d.copy_from_slice(p),
                a => {
                    let keep = 255 - u32::from(a);
                    for i in 0..4 {
                        // d × (1 − a) rounded, as tiny-skia's div255 does.
                        let v = u32::from(d[i]) * keep + 128;
                        d[i] = p[i].saturating_add(((v + (v >> 8)) >> 8) as u8);
                    }
                }
            }
        }
    }
}

/// The layers painted into a pixmap just large enough for them (a pixel of margin all round),
/// placed from the origin; none when nothing would show.
fn sprite(paths: &mut Paths, layers: Vec<(Vec<PathCmd>, Paint)>, opacity: f64, ts: Transform) -> Option<Sprite> {
    let built: Vec<(tiny_skia::Path, Paint)> =
        layers.into_iter().filter_map(|(cmds, p)| paths.path(&cmds).map(|path| (path, p))).collect();
    let (mut l, mut t, mut r, mut b) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for (path, p) in &built {
        // A stroke reaches out half its width, a miter join (limit 4) at most twice its width.
        let reach = p.stroke.map_or(0.0, |(_, w)| q(w) * 2.0);
        let bounds = path.bounds();
        l = l.min((bounds.left() - reach) * ts.sx + ts.tx);
        r = r.max((bounds.right() + reach) * ts.sx + ts.tx);
        t = t.min((bounds.top() - reach) * ts.sy + ts.ty);
        b = b.max((bounds.bottom() + reach) * ts.sy + ts.ty);
    }
    if l > r || t > b {
        return None;
    }
    let (left, top) = (l.floor() as i32 - 1, t.floor() as i32 - 1);
    let (w, h) = ((r.ceil() - l.floor()) as u32 + 2, (b.ceil() - t.floor()) as u32 + 2);
    let mut pixmap = Pixmap::new(w, h)?;
    let ts = ts.post_translate(-(left as f32), -(top as f32));
    for (path, p) in &built {
        draw(path, p, opacity, ts, &mut pixmap.as_mut());
    }
    Some(Sprite { pixmap, left, top })
}
