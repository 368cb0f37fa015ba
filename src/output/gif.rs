//! GIF: one global palette, each frame stored as the rectangle that changed since the frame
//! before, pixels that did not change inside it left transparent (so they compress to almost
//! nothing), frames painted and compressed in parallel ([`super::raster::code_frames`],
//! [`super::lzw`]).
//!
//! The palette starts from the colours the scene paints with (every fill and stroke of every
//! frame: cells, marks, rings, badges, arrows, text), each exactly, and fills the rest with the
//! in-between colours that antialiasing made, most frequent first, each far enough from the ones
//! already chosen. Those blends are counted in the frames that start the runs and in the first
//! later frame that paints a colour they lack (an arrow or a check ring of one move of a replay),
//! so that its edges have their blends too. Every pixel then takes its nearest palette colour.
//!
//! A frame whose blends the samples missed gets its own palette (a GIF local colour table): while
//! coding, the encoder keeps count of the frame's pixels whose nearest palette colour is more than
//! [`OFF`] off in a channel (whether a colour is off is cached with its palette index, one
//! [`Code`], so the count costs a branch a changed pixel, taken only where the flag changes; the
//! gear GIF takes 3 % more instructions, benches/README.md); a frame with more than [`MOST_OFF`]
//! takes a table made from its own pixels the same way ([`palette`]: the scene's colours first,
//! then that frame's blends), with the transparent entry kept first as in the global one. The
//! terrestrial chart's last steps need it, where pole lines thinner than a pixel blend with
//! latitude bands in colours no sampled frame holds. Frame differencing compares palette indices,
//! which mean the same colours only within one palette: a frame with its own palette, and the
//! first frame after one, compare instead the colour each pixel shows (the frame before in its
//! palette) with its colour in the new palette, and store the pixels that differ, the others
//! transparent; a frame held unchanged still stores one transparent pixel. Whether a frame takes
//! its own palette depends on its pixels alone (so the frame before's palette can be worked out
//! again from its pixels), so the file is the same whichever worker codes which frame, and a GIF
//! none of whose frames needs one is byte for byte what it was without this.
//!
//! The LZW is the project's own ([`super::lzw`], several times faster than the `gif` crate's
//! coder on these frames); the file around it (header, palette, loop count, each frame's control
//! block and descriptor, the data cut into sub-blocks) is written by the `gif` crate's encoder,
//! which takes frames already compressed.

use super::frames::{Rect, code_frames, paint_counted, paint_starts, rgb, same8};
use super::lzw::Lzw;
use crate::draw::animation::{AnimError, Animation};
use crate::draw::scene::{Rgb, Scene};
use ::gif::{DisposalMethod, Encoder, Frame, Repeat};
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Palette index of "unchanged" (transparent) pixels; colours take 1..=255.
const CLEAR: u8 = 0;
/// Colours in the palette besides the transparent entry.
const COLOURS: usize = 255;
/// How far (in any of red, green and blue) a pixel's palette colour may be from the pixel before
/// the pixel counts as poorly served (the essay's must-show counts pixels more than 30 off).
const OFF: i32 = 24;
/// Poorly served pixels ([`OFF`]) a frame may have under the global palette; a frame with more
/// is coded with its own palette (see the module comment). The must-show allows 20 pixels of a
/// frame more than 30 off.
const MOST_OFF: usize = 16;

/// A hasher for packed `0xRRGGBB` keys: a multiply and a rotate.
#[derive(Default)]
pub(crate) struct RgbHasher(u64);

impl Hasher for RgbHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(b as u32);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = (self.0 ^ x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

type RgbMap<V> = HashMap<u32, V, BuildHasherDefault<RgbHasher>>;

fn pack(c: Rgb) -> u32 {
    (c.0 as u32) << 16 | (c.1 as u32) << 8 | c.2 as u32
}

fn channels(c: u32) -> (i32, i32, i32) {
    ((c >> 16) as i32 & 255, (c >> 8) as i32 & 255, c as i32 & 255)
}

/// Squared colour distance, weighted for the eye (green counts most, blue least but red).
fn distance(a: u32, b: u32) -> i32 {
    let ((r1, g1, b1), (r2, g2, b2)) = (channels(a), channels(b));
    2 * (r1 - r2).pow(2) + 4 * (g1 - g2).pow(2) + 3 * (b1 - b2).pow(2)
}

/// How many pixels of each colour a frame holds.
fn count(rgba: &[u32]) -> RgbMap<u64> {
    // Counted by runs: a figure's pixels come in long runs of one colour.
    let mut m = RgbMap::default();
    let mut px = rgba.iter().copied();
    if let Some(mut run_c) = px.next() {
        let mut run = 1u64;
        for c in px {
            if c == run_c {
                run += 1;
            } else {
                *m.entry(rgb(run_c)).or_insert(0) += run;
                (run_c, run) = (c, 1);
            }
        }
        *m.entry(rgb(run_c)).or_insert(0) += run;
    }
    m
}

/// The frames' counts ([`count`]) added up: each colour with its pixels, most frequent first.
fn histogram(counts: impl IntoIterator<Item = RgbMap<u64>>) -> Vec<(u32, u64)> {
    let mut all: RgbMap<u64> = RgbMap::default();
    for m in counts {
        for (c, n) in m {
            *all.entry(c).or_insert(0) += n;
        }
    }
    let mut v: Vec<(u32, u64)> = all.into_iter().collect();
    // Most frequent first; equal counts by colour, so the palette never depends on hashing.
    v.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// The palette (packed colours, at most 255): every colour the scene paints with (`base`), those
/// the sampled frames show most first, then the others in the order the scene first uses them;
/// then antialiasing blends, most frequent first.
pub(crate) fn palette(base: &[Rgb], hist: &[(u32, u64)]) -> Vec<u32> {
    let present: RgbMap<u64> = hist.iter().copied().collect();
    let mut own: Vec<(u32, u64)> = Vec::with_capacity(base.len());
    for c in base.iter().map(|&c| pack(c)) {
        if !own.iter().any(|o| o.0 == c) {
            own.push((c, present.get(&c).copied().unwrap_or(0)));
        }
    }
    // Stable: colours of equal counts (those the samples lack) keep the scene's order.
    own.sort_by_key(|o| std::cmp::Reverse(o.1));
    let mut pal: Vec<u32> = own.into_iter().map(|(c, _)| c).take(COLOURS * 3 / 4).collect();
    // Blends: a colour joins when it is far from every colour already in; the bar drops until the
    // palette is full or every colour is in.
    for bar in [48 * 48, 24 * 24, 12 * 12] {
        for &(c, _) in hist {
            if pal.len() >= COLOURS {
                return pal;
            }
            if pal.iter().all(|&p| distance(p, c) >= bar * 9) {
                pal.push(c);
            }
        }
    }
    pal
}

/// The frames besides `sampled` whose pixels the palette's blends are also counted in: for each
/// colour none of the sampled frames paints with, the first other frame that does (at most
/// [`MORE_SAMPLES`] frames, the earliest first).
fn more_samples(frames: &[Scene], sampled: &[usize]) -> Vec<usize> {
    let colours = |scene: &Scene| -> Vec<u32> {
        let paints = scene.elements().into_iter().map(|e| &e.paint);
        paints.flat_map(|p| p.fill.into_iter().chain(p.stroke.map(|s| s.0))).map(pack).collect()
    };
    let mut seen: RgbMap<()> = sampled.iter().flat_map(|&k| colours(&frames[k])).map(|c| (c, ())).collect();
    let mut out = Vec::new();
    for (k, scene) in frames.iter().enumerate().filter(|(k, _)| !sampled.contains(k)) {
        if out.len() >= MORE_SAMPLES {
            break;
        }
        let mut new = false;
        for c in colours(scene) {
            new |= seen.insert(c, ()).is_none();
        }
        if new {
            out.push(k);
        }
    }
    out
}

/// Most frames sampled for the palette besides the runs' first frames ([`more_samples`]): each
/// is painted once more than the others, so a replay whose every move brings a new colour costs
/// at most this many frames more.
const MORE_SAMPLES: usize = 8;

/// Whether palette colour `p` is more than [`OFF`] from colour `c` in a channel.
fn off(c: u32, p: u32) -> bool {
    let ((r1, g1, b1), (r2, g2, b2)) = (channels(c), channels(p));
    (r1 - r2).abs() > OFF || (g1 - g2).abs() > OFF || (b1 - b2).abs() > OFF
}

fn nearest(pal: &[u32], c: u32) -> u8 {
    let mut best = (i32::MAX, 0usize);
    for (i, &p) in pal.iter().enumerate() {
        let d = distance(p, c);
        if d < best.0 {
            best = (d, i);
        }
    }
    (best.1 + 1) as u8
}

/// A colour table as GIF stores it: the transparent entry first (a copy of the first colour), then
/// the palette's colours, three bytes each (the `gif` crate pads it to a power of two).
fn table(pal: &[u32]) -> Vec<u8> {
    pal.first()
        .into_iter()
        .chain(pal)
        .flat_map(|&c| {
            let [_, r, g, b] = c.to_be_bytes();
            [r, g, b]
        })
        .collect()
}

/// One frame as the `gif` crate writes it: its delay in hundredths, kept under the next frame
/// (disposal "keep"), the transparent index if any, its own colour table if any ([`table`]), its
/// place, and its LZW data (the minimum code size, then the codes).
fn frame(delay: u16, transparent: Option<u8>, own: Option<Vec<u8>>, r: Rect, lzw: Vec<u8>) -> Frame<'static> {
    Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent,
        palette: own,
        left: r.x as u16,
        top: r.y as u16,
        width: r.w as u16,
        height: r.h as u16,
        buffer: lzw.into(),
        ..Frame::default()
    }
}

/// Slots of a worker's cache of palette indices by colour (direct-mapped).
const CACHE: usize = 4096;

/// A colour's palette index (the low byte), and 256 more when the palette serves it poorly
/// ([`OFF`]): both found in one lookup.
type Code = u16;

/// The [`Code`] of colour `c` in the palette `pal`: its nearest colour, and whether that is off.
fn code_of(pal: &[u32], c: u32) -> Code {
    let i = nearest(pal, c);
    i as Code | (off(c, pal[i as usize - 1]) as Code) << 8
}

/// Codes frames as GIF frames: palette indices, the rectangle that changed, LZW.
struct Coder<'a> {
    width: u32,
    height: u32,
    pal: &'a [u32],
    /// The [`Code`] of every colour of the sampled frames.
    lookup: &'a RgbMap<Code>,
    /// The colours the scene paints with, first in a frame's own palette.
    base: &'a [Rgb],
    /// The animation, for each frame's delay.
    anim: &'a Animation,
}

/// A worker's buffers, kept from frame to frame.
struct State {
    lzw: Lzw,
    /// Cache of codes by raw pixel (see [`Coder::code_of`]).
    cache: Vec<u64>,
    /// The [`Code`] of every pixel of frame `shown`: the palette index a viewer shows after it
    /// (unless that frame had its own palette), and whether the palette serves it poorly.
    shown_idx: Vec<Code>,
    /// How many of its pixels the palette serves poorly.
    off: usize,
    /// Which frame `shown_idx` is of, if any.
    shown: Option<usize>,
    /// The whole frame's new indices, [`CLEAR`] where a pixel shows what it showed before; kept
    /// all [`CLEAR`] between frames.
    delta: Vec<u8>,
    /// The changed rectangle's indices, row after row, as LZW takes them.
    rect: Vec<u8>,
}

impl Coder<'_> {
    /// A pixel's [`Code`], `last` (the last pixel looked up and its code) when it is that pixel
    /// again.
    #[inline(always)]
    fn look(&self, c: u32, last: &mut (u32, Code), cache: &mut [u64]) -> Code {
        if c != last.0 {
            *last = (c, self.code_of(c, cache));
        }
        last.1
    }

    /// A raw pixel's [`Code`]: from the cache, else the sampled colours, else worked out. A cache
    /// slot holds a colour (`0xRRGGBB`) and its code as `colour << 16 | code`; as no index is 0,
    /// neither is a filled slot.
    #[inline(always)]
    fn code_of(&self, c: u32, cache: &mut [u64]) -> Code {
        let c24 = rgb(c);
        let slot = (c24.wrapping_mul(0x9E37_79B1) >> (32 - CACHE.trailing_zeros())) as usize;
        let e = cache[slot];
        if e >> 16 == c24 as u64 && e != 0 {
            return e as Code;
        }
        self.code_missed(c24, &mut cache[slot])
    }

    /// [`Coder::code_of`] where the cache lacks the colour: it is filled.
    #[cold]
    #[inline(never)]
    fn code_missed(&self, c24: u32, slot: &mut u64) -> Code {
        let code = self.lookup.get(&c24).copied().unwrap_or_else(|| code_of(self.pal, c24));
        *slot = (c24 as u64) << 16 | code as u64;
        code
    }

    /// Every pixel's [`Code`] into `out`; how many pixels the palette serves poorly.
    fn index_all(&self, pixels: &[u32], out: &mut Vec<Code>, cache: &mut [u64]) -> usize {
        out.clear();
        // Opaque pixels never equal 0 (alpha 255), so the first pixel looks its colour up.
        let mut last = (0u32, 0);
        out.extend(pixels.iter().map(|&c| self.look(c, &mut last, cache)));
        out.iter().map(|&c| (c >> 8) as usize).sum()
    }

    /// A frame with its own palette: [`palette`] of the scene's colours and the frame's own
    /// pixels; every pixel's index in it, row after row, into `out`; the palette.
    fn own_palette(&self, pixels: &[u32], out: &mut Vec<u8>) -> Vec<u32> {
        let hist = histogram([count(pixels)]);
        let pal = palette(self.base, &hist);
        let lookup: RgbMap<u8> = hist.iter().map(|&(c, _)| (c, nearest(&pal, c))).collect();
        out.clear();
        let mut last = (0u32, 0u8);
        out.extend(pixels.iter().map(|&c| {
            if c != last.0 {
                last = (c, lookup[&rgb(c)]);
            }
            last.1
        }));
        pal
    }
}

impl super::frames::Coder for Coder<'_> {
    type State = State;
    /// The frame, compressed (see [`frame`]).
    type Out = Frame<'static>;

    fn state(&self) -> State {
        // An empty cache slot (0) holds no index, so it never matches.
        let (lzw, cache) = (Lzw::default(), vec![0; CACHE]);
        let (shown_idx, delta, rect) = (Vec::new(), Vec::new(), Vec::new());
        State { lzw, cache, shown_idx, off: 0, shown: None, delta, rect }
    }

    /// One pass over the frame finds the pixels whose colour changed (eight at a time where none
    /// did, most of a frame), looks up only their new colour, and compares its index with the one
    /// the viewer shows there ([`State::shown_idx`], the frame before's; worked out whole when this
    /// worker did not code that frame). A pixel whose index is the same stays transparent
    /// ([`CLEAR`]); the frame stores the rectangle of the others.
    ///
    /// The same pass keeps count of the frame's poorly served pixels ([`State::off`]); a frame
    /// with more than [`MOST_OFF`] has its own palette, and it and the frame after it compare
    /// colours instead of indices ([`Coder::repaint`]; see the module comment).
    fn code(&self, st: &mut State, k: usize, prev: Option<&[u32]>, cur: &[u32]) -> Frame<'static> {
        // Whether the frame before had its own palette: then the viewer shows its colours, which
        // no global index stands for.
        let mut after_own = false;
        let rect = match prev {
            None => {
                st.off = self.index_all(cur, &mut st.shown_idx, &mut st.cache);
                None
            }
            Some(prev) => {
                if st.shown != k.checked_sub(1) {
                    st.off = self.index_all(prev, &mut st.shown_idx, &mut st.cache);
                }
                after_own = st.off > MOST_OFF;
                self.changed(st, prev, cur)
            }
        };
        st.shown = Some(k);
        let own = st.off > MOST_OFF;
        let delay = self.anim.delay(k);
        let (rect, own) = match prev {
            // The usual frame: the global palette, and the frame before in it too.
            Some(_) if !own && !after_own => (rect, None),
            // The first frame; or the palette changes, or is a frame's own: colours compared.
            _ => self.repaint(st, prev, after_own, own, cur),
        };
        // The rectangle, or one transparent pixel when nothing changed.
        let (rect, data) = match rect {
            Some(r) => (r, &st.rect),
            None => {
                st.rect.clear();
                st.rect.push(CLEAR);
                (Rect { x: 0, y: 0, w: 1, h: 1 }, &st.rect)
            }
        };
        let mut lzw_bytes = Vec::with_capacity(data.len() / 8);
        st.lzw.encode(data, &mut lzw_bytes);
        // One transparent pixel needs no table of its own.
        let own = own.filter(|_| data.len() > 1 || data[0] != CLEAR);
        frame(delay, (k > 0).then_some(CLEAR), own.as_deref().map(table), rect, lzw_bytes)
    }
}

impl Coder<'_> {
    /// The pixels of `cur` whose global index is not the one shown (the frame before's, in
    /// [`State::shown_idx`], brought up to date), with the count of poorly served pixels
    /// ([`State::off`]) kept on the way: their rectangle if any, its rows in [`State::rect`].
    fn changed(&self, st: &mut State, prev: &[u32], cur: &[u32]) -> Option<Rect> {
        let (w, h) = (self.width as usize, self.height as usize);
        let cache = &mut st.cache;
        st.delta.resize(w * h, CLEAR);
        let (mut top, mut bottom, mut left, mut right) = (None, 0, w, 0);
        let mut last = (0u32, 0);
        let mut offs = st.off;
        let rows = prev.chunks_exact(w).zip(cur.chunks_exact(w));
        let out = st.shown_idx.chunks_exact_mut(w).zip(st.delta.chunks_exact_mut(w));
        for (y, ((p, c), (shown, delta))) in rows.zip(out).enumerate() {
            let (mut first, mut end) = (w, 0);
            // Eight pixels at a time (one comparison where none changed), the row's
            // last few together.
            for x0 in (0..w).step_by(8) {
                let x1 = (x0 + 8).min(w);
                let (p8, c8) = (&p[x0..x1], &c[x0..x1]);
                if same8(p8, c8) {
                    continue;
                }
                for (x, (&p, &c)) in (x0..).zip(p8.iter().zip(c8)) {
                    if p == c {
                        continue;
                    }
                    let code = self.look(c, &mut last, cache);
                    // What differs from the code shown: the index (low byte) and whether
                    // it is off (rarely).
                    let d = code ^ shown[x];
                    if d != 0 {
                        shown[x] = code;
                        if d > 0xFF {
                            offs = if code > 0xFF { offs + 1 } else { offs - 1 };
                        }
                        if d as u8 != 0 {
                            delta[x] = code as u8;
                            first = first.min(x);
                            end = x + 1;
                        }
                    }
                }
            }
            if end > 0 {
                top.get_or_insert(y);
                bottom = y;
                left = left.min(first);
                right = right.max(end - 1);
            }
        }
        st.off = offs;
        st.rect.clear();
        top.map(|top| {
            let r = Rect { x: left as u32, y: top as u32, w: (right - left + 1) as u32, h: (bottom - top + 1) as u32 };
            // The rectangle's rows out, and the whole-frame buffer left all CLEAR again.
            for row in st.delta.chunks_exact_mut(w).skip(top).take(bottom - top + 1) {
                st.rect.extend_from_slice(&row[left..=right]);
                row[left..=right].fill(CLEAR);
            }
            r
        })
    }

    /// A frame whose palette is not the frame before's, or is a frame's own (`own`, made from its
    /// pixels; `before_own` likewise for the frame before): what the viewer shows is the frame
    /// before in its palette, and the pixels whose colour there is not their colour in this
    /// frame's palette are stored, in its indices ([`CLEAR`] where the colour is the same), into
    /// [`State::rect`]. Their rectangle if any, and the frame's own palette if it has one. The
    /// first frame (no `prev`) is stored whole.
    fn repaint(
        &self,
        st: &mut State,
        prev: Option<&[u32]>,
        before_own: bool,
        own: bool,
        cur: &[u32],
    ) -> (Option<Rect>, Option<Vec<u32>>) {
        let (w, h) = (self.width as usize, self.height as usize);
        let (mut then_idx, mut now_idx) = (Vec::new(), Vec::new());
        let own = own.then(|| self.own_palette(cur, &mut now_idx));
        if own.is_none() {
            // The global indices of this frame, worked out already.
            now_idx.extend(st.shown_idx.iter().map(|&c| c as u8));
        }
        let now_pal = own.as_deref().unwrap_or(self.pal);
        let Some(prev) = prev else {
            st.rect = now_idx;
            return (Some(Rect { x: 0, y: 0, w: w as u32, h: h as u32 }), own);
        };
        let then_pal = if before_own {
            self.own_palette(prev, &mut then_idx)
        } else {
            let mut codes = Vec::new();
            self.index_all(prev, &mut codes, &mut st.cache);
            then_idx.extend(codes.iter().map(|&c| c as u8));
            self.pal.to_vec()
        };
        let differs = |i: usize| then_pal[then_idx[i] as usize - 1] != now_pal[now_idx[i] as usize - 1];
        let (mut top, mut bottom, mut left, mut right) = (None, 0, w, 0);
        for y in 0..h {
            let row = y * w;
            if let Some(first) = (0..w).find(|&x| differs(row + x)) {
                let last = (first..w).rev().find(|&x| differs(row + x)).unwrap_or(first);
                top.get_or_insert(y);
                bottom = y;
                left = left.min(first);
                right = right.max(last);
            }
        }
        st.rect.clear();
        let top = top.map(|top| {
            for y in top..=bottom {
                let row = y * w;
                st.rect.extend((left..=right).map(|x| if differs(row + x) { now_idx[row + x] } else { CLEAR }));
            }
            Rect { x: left as u32, y: top as u32, w: (right - left + 1) as u32, h: (bottom - top + 1) as u32 }
        });
        (top, own)
    }
}

/// The animation as GIF bytes: frames painted and coded in runs ([`super::raster::code_frames`]).
/// The palette's blends are those of the runs' first frames (painted first, up to 8 spread over
/// the animation) and of a few later frames ([`more_samples`]); a colour they lack takes its
/// nearest palette colour, and a frame with many such pixels has its own palette.
pub fn encode(anim: &Animation, caches: &super::Caches) -> Result<Vec<u8>, AnimError> {
    let (w, h) = anim.raster_size()?;
    if w > u16::MAX as u32 || h > u16::MAX as u32 {
        return Err(AnimError::Encode(format!("a GIF is at most 65535 pixels a side, not {w}×{h}")));
    }
    // Each start counted as soon as it is painted, while its pixels are still in the cache.
    let (starts, mut counts) = paint_starts(&anim.frames, (w, h), count, caches);
    let sampled: Vec<usize> = starts.iter().map(|s| s.0).collect();
    counts.extend(paint_counted(&anim.frames, &more_samples(&anim.frames, &sampled), (w, h), count, caches));
    let hist = histogram(counts);
    let pal = palette(&anim.colours, &hist);
    let lookup: RgbMap<Code> = hist.par_iter().map(|&(c, _)| (c, code_of(&pal, c))).collect();
    let coder = Coder { width: w, height: h, pal: &pal, lookup: &lookup, base: &anim.colours, anim };
    let encoded = code_frames(&anim.frames, (w, h), starts, &coder, caches);
    write(w as u16, h as u16, &pal, anim.plays, &encoded).map_err(|e| AnimError::Encode(format!("GIF: {e}")))
}

/// The file: the header and screen with the palette (the transparent entry first, a copy of the
/// first colour; the crate pads the table to a power of two), the loop count, the frames, the
/// trailer.
fn write(w: u16, h: u16, pal: &[u32], plays: u32, frames: &[Frame]) -> Result<Vec<u8>, ::gif::EncodingError> {
    let table = table(pal);
    let size = 800 + 3 * 256 + frames.iter().map(|f| f.buffer.len() * 256 / 255 + 2).sum::<usize>();
    let mut enc = Encoder::new(Vec::with_capacity(size), w, h, &table)?;
    // Plays after the first (0: forever); one play writes no loop block.
    enc.set_repeat(match plays {
        0 => Repeat::Infinite,
        n => Repeat::Finite((n - 1).min(u16::MAX as u32) as u16),
    })?;
    for f in frames {
        enc.write_lzw_pre_encoded_frame(f)?;
    }
    enc.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_keeps_the_figure_colours_and_adds_blends() {
        let (a, b) = (Rgb(240, 217, 181), Rgb(181, 136, 99));
        let mid = pack(a.mix(b, 0.5));
        let hist = vec![(pack(a), 1000), (pack(b), 900), (mid, 50), (mid + 1, 40), (pack(Rgb::BLACK), 1)];
        let pal = palette(&[Rgb::WHITE, a, b], &hist);
        // White does not appear; the two square colours come first, exactly.
        assert_eq!(&pal[..2], &[pack(a), pack(b)]);
        assert!(pal.contains(&mid));
        assert_eq!(nearest(&pal, pack(a)), 1);
        assert_eq!(nearest(&pal, pack(b)), 2);
        // A colour a hair from a blend takes the blend.
        assert_eq!(pal[nearest(&pal, mid + 1) as usize - 1] >> 8, mid >> 8);
    }

    /// A frame painting a colour far from every global palette colour, on more than
    /// [`MOST_OFF`] pixels, gets its own table and shows that colour; held, it stores one
    /// transparent pixel; the frame after it goes back to the global palette, storing only the
    /// pixels whose colour changes; a few such pixels stay with the global palette. A worker that
    /// did not code the frame before codes the same bytes.
    #[test]
    fn a_frame_the_palette_serves_poorly_has_its_own() {
        use crate::output::frames::Coder as _;
        let (w, h) = (16usize, 8usize);
        let px = |c: u32| {
            let [_, r, g, b] = c.to_be_bytes();
            u32::from_ne_bytes([r, g, b, 255])
        };
        let (white, orange) = (0xFFFFFF, 0xE07020);
        let blank = vec![px(white); w * h];
        // 40 orange pixels (rows 2 to 6, columns 4 to 11), then 3.
        let mut block = blank.clone();
        for y in 2..7 {
            block[y * w + 4..y * w + 12].fill(px(orange));
        }
        let mut few = blank.clone();
        few[w + 1..w + 4].fill(px(orange));
        let frames = [&blank, &block, &block, &blank, &few];
        let pal = [white, 0x000000, 0x808080, 0x2040C0];
        let anim = Animation { frames: Vec::new(), delay_cs: 5, delays: Vec::new(), plays: 0, colours: Vec::new() };
        let lookup = RgbMap::default();
        let base = [Rgb(255, 255, 255)];
        let coder = Coder { width: w as u32, height: h as u32, pal: &pal, lookup: &lookup, base: &base, anim: &anim };
        let mut st = coder.state();
        let coded: Vec<Frame> = (0..frames.len())
            .map(|k| coder.code(&mut st, k, k.checked_sub(1).map(|j| &frames[j][..]), frames[k]))
            .collect();
        let own: Vec<bool> = coded.iter().map(|f| f.palette.is_some()).collect();
        assert_eq!(own, [false, true, false, false, false]);
        let places: Vec<(u16, u16, u16, u16)> = coded.iter().map(|f| (f.left, f.top, f.width, f.height)).collect();
        assert_eq!(places, [(0, 0, 16, 8), (4, 2, 8, 5), (0, 0, 1, 1), (4, 2, 8, 5), (1, 1, 3, 1)]);
        for k in 1..frames.len() {
            let mut fresh = coder.state();
            let f = coder.code(&mut fresh, k, Some(frames[k - 1]), frames[k]);
            assert_eq!((&f.buffer, &f.palette), (&coded[k].buffer, &coded[k].palette), "frame {k}");
        }
        // Decoded, each frame over the ones before: orange shows orange while the frame has its
        // own table, and the three pixels take their nearest global colour.
        let bytes = write(w as u16, h as u16, &pal, 0, &coded).expect("written");
        let mut opts = ::gif::DecodeOptions::new();
        opts.set_color_output(::gif::ColorOutput::RGBA);
        let mut dec = opts.read_info(&bytes[..]).expect("a GIF");
        let mut canvas = vec![0u8; w * h * 4];
        let mut k = 0;
        while let Some(f) = dec.read_next_frame().expect("a frame") {
            for y in 0..f.height as usize {
                for x in 0..f.width as usize {
                    let src = &f.buffer[4 * (y * f.width as usize + x)..][..4];
                    if src[3] != 0 {
                        let i = 4 * ((f.top as usize + y) * w + f.left as usize + x);
                        canvas[i..i + 4].copy_from_slice(src);
                    }
                }
            }
            let shown: Vec<u32> = canvas.chunks_exact(4).map(|p| u32::from_be_bytes([0, p[0], p[1], p[2]])).collect();
            let poor = shown.iter().zip(frames[k]).filter(|&(&s, &c)| off(rgb(c), s)).count();
            assert_eq!(poor, if k == 4 { 3 } else { 0 }, "frame {k}");
            k += 1;
        }
        assert_eq!(k, frames.len());
    }

    /// The file the `gif` crate writes around our frames reads back (with its decoder) to what we
    /// gave it: the screen, the palette with its transparent entry first, the loop count, and
    /// each frame's place, delay, disposal ("keep"), transparent index and indices.
    #[test]
    fn the_file_holds_the_frames_as_coded() {
        let pal = [0x102030, 0xA0B0C0, 0xFFFFFF, 0x00FF00];
        let (w, h) = (7u16, 5u16);
        let first: Vec<u8> = (0..w as usize * h as usize).map(|i| 1 + (i % 7 % 4) as u8).collect();
        let frames = [
            (None, Rect { x: 0, y: 0, w: 7, h: 5 }, first),
            (Some(CLEAR), Rect { x: 2, y: 1, w: 3, h: 2 }, vec![CLEAR, 3, 4, 2, CLEAR, 1]),
            (Some(CLEAR), Rect { x: 0, y: 0, w: 1, h: 1 }, vec![CLEAR]),
        ];
        let mut lzw = Lzw::default();
        let coded: Vec<Frame> = frames
            .iter()
            .enumerate()
            .map(|(k, (transparent, r, data))| {
                let mut bytes = Vec::new();
                lzw.encode(data, &mut bytes);
                frame(3 + k as u16, *transparent, None, *r, bytes)
            })
            .collect();
        for (plays, repeat) in [(0, Repeat::Infinite), (1, Repeat::Finite(0)), (4, Repeat::Finite(3))] {
            let bytes = write(w, h, &pal, plays, &coded).expect("written");
            let mut opts = ::gif::DecodeOptions::new();
            opts.set_color_output(::gif::ColorOutput::Indexed);
            let mut dec = opts.read_info(&bytes[..]).expect("a GIF");
            assert_eq!((dec.width(), dec.height()), (w, h));
            let rgb = |c: u32| c.to_be_bytes()[1..].to_vec();
            // Five entries, padded to eight.
            let table: Vec<u8> = [pal[0]].iter().chain(&pal).chain(&[0; 3]).flat_map(|&c| rgb(c)).collect();
            assert_eq!(dec.global_palette(), Some(&table[..]));
            let mut k = 0;
            while let Some(f) = dec.read_next_frame().expect("a frame") {
                let (transparent, r, data) = &frames[k];
                assert_eq!((f.left, f.top, f.width, f.height), (r.x as u16, r.y as u16, r.w as u16, r.h as u16));
                assert_eq!((f.delay, f.dispose, f.transparent), (3 + k as u16, DisposalMethod::Keep, *transparent));
                assert_eq!(&f.buffer[..], &data[..], "frame {k}");
                k += 1;
            }
            assert_eq!(k, frames.len());
            assert_eq!(dec.repeat(), repeat, "{plays} plays");
        }
    }
}
