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

/// One frame as the `gif` crate writes it: its delay in hundredths, kept under the next frame
/// (disposal "keep"), the transparent index if any, its place, and its LZW data (the minimum code
/// size, then the codes).
fn frame(delay: u16, transparent: Option<u8>, r: Rect, lzw: Vec<u8>) -> Frame<'static> {
    Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent,
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

/// Codes frames as GIF frames: palette indices, the rectangle that changed, LZW.
struct Coder<'a> {
    width: u32,
    height: u32,
    pal: &'a [u32],
    /// The palette index of every colour of the sampled frames.
    lookup: &'a RgbMap<u8>,
    /// The animation, for each frame's delay.
    anim: &'a Animation,
}

/// A worker's buffers, kept from frame to frame.
struct State {
    lzw: Lzw,
    /// Cache of indices by raw pixel (see [`Coder::index_of`]).
    cache: Vec<u32>,
    /// The palette index of every pixel of frame `shown` (what a viewer shows after it).
    shown_idx: Vec<u8>,
    /// Which frame `shown_idx` is of, if any.
    shown: Option<usize>,
    /// The whole frame's new indices, [`CLEAR`] where a pixel shows what it showed before; kept
    /// all [`CLEAR`] between frames.
    delta: Vec<u8>,
    /// The changed rectangle's indices, row after row, as LZW takes them.
    rect: Vec<u8>,
}

impl Coder<'_> {
    /// A pixel's palette index, `last` (the last pixel looked up and its index) when it is that
    /// pixel again.
    #[inline]
    fn look(&self, c: u32, last: &mut (u32, u8), cache: &mut [u32]) -> u8 {
        if c != last.0 {
            *last = (c, self.index_of(c, cache));
        }
        last.1
    }

    /// A raw pixel's palette index: from the cache, else the sampled colours, else the nearest.
    /// A cache slot holds a colour (`0xRRGGBB`) and its index as `colour << 8 | index`; as no index
    /// is 0, neither is a filled slot.
    #[inline]
    fn index_of(&self, c: u32, cache: &mut [u32]) -> u8 {
        let c24 = rgb(c);
        let slot = (c24.wrapping_mul(0x9E37_79B1) >> (32 - CACHE.trailing_zeros())) as usize;
        let e = cache[slot];
        if e >> 8 == c24 && e != 0 {
            return e as u8;
        }
        let i = self.lookup.get(&c24).copied().unwrap_or_else(|| nearest(self.pal, c24));
        cache[slot] = c24 << 8 | i as u32;
        i
    }

    /// Every pixel's index into `out`.
    fn index_all(&self, pixels: &[u32], out: &mut Vec<u8>, cache: &mut [u32]) {
        out.clear();
        // Opaque pixels never equal 0 (alpha 255), so the first pixel looks its colour up.
        let mut last = (0u32, 0u8);
        out.extend(pixels.iter().map(|&c| self.look(c, &mut last, cache)));
    }
}

impl super::frames::Coder for Coder<'_> {
    type State = State;
    /// The frame, compressed (see [`frame`]).
    type Out = Frame<'static>;

    fn state(&self) -> State {
        // An empty cache slot (0) holds no index, so it never matches.
        let (lzw, cache) = (Lzw::default(), vec![0; CACHE]);
        State { lzw, cache, shown_idx: Vec::new(), shown: None, delta: Vec::new(), rect: Vec::new() }
    }

    /// One pass over the frame finds the pixels whose colour changed (eight at a time where none
    /// did, most of a frame), looks up only their new colour, and compares its index with the one
    /// the viewer shows there ([`State::shown_idx`], the frame before's; worked out whole when this
    /// worker did not code that frame). A pixel whose index is the same stays transparent
    /// ([`CLEAR`]); the frame stores the rectangle of the others.
    fn code(&self, st: &mut State, k: usize, prev: Option<&[u32]>, cur: &[u32]) -> Frame<'static> {
        let (w, h) = (self.width as usize, self.height as usize);
        let cache = &mut st.cache;
        let rect = match prev {
            None => {
                self.index_all(cur, &mut st.shown_idx, cache);
                None
            }
            Some(prev) => {
                if st.shown != k.checked_sub(1) {
                    self.index_all(prev, &mut st.shown_idx, cache);
                }
                st.delta.resize(w * h, CLEAR);
                let (mut top, mut bottom, mut left, mut right) = (None, 0, w, 0);
                let mut last = (0u32, 0u8);
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
                            let i = self.look(c, &mut last, cache);
                            if i != shown[x] {
                                shown[x] = i;
                                delta[x] = i;
                                first = first.min(x);
                                end = x + 1;
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
                st.rect.clear();
                top.map(|top| {
                    let r = Rect {
                        x: left as u32,
                        y: top as u32,
                        w: (right - left + 1) as u32,
                        h: (bottom - top + 1) as u32,
                    };
                    // The rectangle's rows out, and the whole-frame buffer left all CLEAR again.
                    for row in st.delta.chunks_exact_mut(w).skip(top).take(bottom - top + 1) {
                        st.rect.extend_from_slice(&row[left..=right]);
                        row[left..=right].fill(CLEAR);
                    }
                    r
                })
            }
        };
        st.shown = Some(k);
        // The first frame whole, from the index map; a later one's rectangle, or one transparent
        // pixel when nothing changed.
        let (rect, data) = match (prev, rect) {
            (None, _) => (Rect { x: 0, y: 0, w: w as u32, h: h as u32 }, &st.shown_idx),
            (Some(_), Some(r)) => (r, &st.rect),
            (Some(_), None) => {
                st.rect.push(CLEAR);
                (Rect { x: 0, y: 0, w: 1, h: 1 }, &st.rect)
            }
        };
        let mut lzw_bytes = Vec::with_capacity(data.len() / 8);
        st.lzw.encode(data, &mut lzw_bytes);
        frame(self.anim.delay(k), (k > 0).then_some(CLEAR), rect, lzw_bytes)
    }
}

/// The animation as GIF bytes: frames painted and coded in runs ([`super::raster::code_frames`]).
/// The palette's blends are those of the runs' first frames (painted first, up to 8 spread over
/// the animation); a colour they lack takes its nearest palette colour.
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
    let lookup: RgbMap<u8> = hist.par_iter().map(|&(c, _)| (c, nearest(&pal, c))).collect();
    let coder = Coder { width: w, height: h, pal: &pal, lookup: &lookup, anim };
    let encoded = code_frames(&anim.frames, (w, h), starts, &coder, caches);
    write(w as u16, h as u16, &pal, anim.plays, &encoded).map_err(|e| AnimError::Encode(format!("GIF: {e}")))
}

/// The file: the header and screen with the palette (the transparent entry first, a copy of the
/// first colour; the crate pads the table to a power of two), the loop count, the frames, the
/// trailer.
fn write(w: u16, h: u16, pal: &[u32], plays: u32, frames: &[Frame]) -> Result<Vec<u8>, ::gif::EncodingError> {
    let table: Vec<u8> = pal
        .first()
        .into_iter()
        .chain(pal)
        .flat_map(|&c| {
            let [_, r, g, b] = c.to_be_bytes();
            [r, g, b]
        })
        .collect();
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
                frame(3 + k as u16, *transparent, *r, bytes)
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
