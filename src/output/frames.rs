//! Frames to pixels: each frame painted straight from its scene by the figure painter
//! ([`crate::output::Painter`]), the same pixels as the still PNG of that frame, without writing
//! and parsing SVG text per frame.

use super::Painter;
use crate::draw::animation::AnimError;
use crate::draw::scene::Scene;

/// An opaque RGBA image.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Pixels, row by row, 4 bytes each (alpha always 255).
    pub rgba: Vec<u8>,
}

impl Image {
    /// The pixel at `i` (row-major index) as `0xRRGGBB`.
    #[inline]
    pub fn rgb(&self, i: usize) -> u32 {
        let p = &self.rgba[4 * i..4 * i + 3];
        (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32
    }
}

/// A pixel's RGBA bytes, read as one number in the machine's byte order, as `0xRRGGBB`.
#[inline]
pub(crate) fn rgb(pixel: u32) -> u32 {
    let [r, g, b, _] = pixel.to_ne_bytes();
    (r as u32) << 16 | (g as u32) << 8 | b as u32
}

/// The pixel size of a scene at one pixel per figure unit.
pub(crate) fn size_of(scene: &Scene) -> Result<(u32, u32), AnimError> {
    let (w, h) = (scene.width.ceil(), scene.height.ceil());
    if !(w >= 1.0 && h >= 1.0) || w * h > super::MAX_PIXELS as f64 {
        return Err(AnimError::Pixels(format!(
            "a frame of {w}×{h} pixels is too large to paint (at most {} pixels; an animated SVG has no such limit)",
            super::MAX_PIXELS
        )));
    }
    Ok((w as u32, h as u32))
}

/// Draws a scene into an image of the given size, on its background colour, with `painter`
/// (which keeps its buffers for the next frame).
pub(crate) fn rasterise(painter: &mut Painter, scene: &Scene, (w, h): (u32, u32)) -> Result<Image, AnimError> {
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or_else(|| AnimError::Encode(format!("{w}×{h} pixels")))?;
    // The painter fills the background first: figures are whole units wide and high.
    painter.paint(scene, 1.0, &mut pixmap.as_mut());
    // Opaque throughout, so the premultiplied bytes are the colours.
    Ok(Image { width: w, height: h, rgba: pixmap.take() })
}

/// What an encoder makes of each frame, given its pixels and the pixels of the frame before.
pub(crate) trait Coder: Sync {
    /// A worker's own buffers, kept from one frame to the next.
    type State: Send;
    /// What one frame becomes.
    type Out: Send;
    /// A fresh worker's buffers.
    fn state(&self) -> Self::State;
    /// Frame `k` from its pixels `cur` and those of frame `k - 1` (`None` for the first), each
    /// pixel's RGBA bytes as one number in the machine's byte order (see [`rgb`]).
    fn code(&self, state: &mut Self::State, k: usize, prev: Option<&[u32]>, cur: &[u32]) -> Self::Out;
}

/// The frames that start the runs [`code_frames`] paints: at most [`RUNS`] frames, evenly spread
/// (frame 0 always). Fixed by the number of frames alone, so whatever depends on them (the GIF
/// palette) does not depend on the machine.
fn run_starts(n: usize) -> Vec<usize> {
    let runs = n.min(RUNS);
    (0..runs).map(|r| r * n / runs).collect()
}

/// Most runs of frames painted apart: enough to keep both cores busy to the end, few enough that
/// their first frames (held whole, see [`code_frames`], each a fresh allocation that costs a
/// page fault every 4 KiB, and each sampled for the GIF palette) stay a small part of the work
/// and the memory. 8 rather than 16 took about 6 % off the gear GIF's single-thread time.
const RUNS: usize = 8;

/// Every frame painted at `size`, in parallel, and coded with `coder`. The frames are painted in
/// runs of consecutive frames (starting at [`run_starts`]), so no frame's pixels are held after it
/// is coded: only the runs' first frames, painted beforehand (`starts`, as [`paint_starts`] makes
/// them), are held to the end, since each run also codes the frame that starts the next one; then
/// their buffers go back to the caches ([`super::Caches`]).
///
/// One worker a thread takes runs in turn until none is left, keeping its painter, its two pixel
/// buffers and the coder's state from run to run: a fresh frame buffer costs a page fault every
/// 4 KiB, which was an eighth of a GIF's time when each run had its own. The output is in frame
/// order whichever worker coded which run.
pub(crate) fn code_frames<C: Coder>(
    frames: &[Scene],
    size: (u32, u32),
    starts: Vec<(usize, Vec<u32>)>,
    coder: &C,
    caches: &super::Caches,
) -> Vec<C::Out> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let taken = AtomicUsize::new(0);
    let workers = rayon::current_num_threads().clamp(1, starts.len().max(1));
    let mut runs: Vec<(usize, Vec<C::Out>)> = (0..workers)
        .into_par_iter()
        .flat_map_iter(|_| {
            let bufs = [caches.take_frame(size), caches.take_frame(size)];
            let mut worker = Worker { painter: caches.painter(), bufs, state: coder.state() };
            let runs: Vec<_> = std::iter::from_fn(|| {
                let r = taken.fetch_add(1, Ordering::Relaxed);
                (r < starts.len()).then(|| (r, worker.run(frames, size, &starts, r, coder)))
            })
            .collect();
            caches.give_frames(worker.bufs);
            runs
        })
        .collect();
    caches.give_frames(starts.into_iter().map(|(_, b)| b));
    runs.sort_unstable_by_key(|(r, _)| *r);
    runs.into_iter().flat_map(|(_, out)| out).collect()
}

/// What a worker of [`code_frames`] keeps from one run to the next.
struct Worker<S> {
    painter: Painter,
    bufs: [Vec<u32>; 2],
    state: S,
}

impl<S> Worker<S> {
    /// Run `r`: its frames painted and coded, and the frame that starts the next run coded.
    fn run<C: Coder<State = S>>(
        &mut self,
        frames: &[Scene],
        size: (u32, u32),
        starts: &[(usize, Vec<u32>)],
        r: usize,
        coder: &C,
    ) -> Vec<C::Out> {
        let (s, first) = (starts[r].0, &starts[r].1);
        let next = starts.get(r + 1);
        let end = next.map_or(frames.len(), |x| x.0);
        let mut out = Vec::with_capacity(end - s + 1);
        if s == 0 {
            out.push(coder.code(&mut self.state, 0, None, first));
        }
        for (j, k) in (s + 1..end).enumerate() {
            let [a, b] = &mut self.bufs;
            let (prev, cur) = if j % 2 == 0 { (a, b) } else { (b, a) };
            paint_into(&mut self.painter, &frames[k], size, cur);
            let prev = if j == 0 { first } else { &prev[..] };
            out.push(coder.code(&mut self.state, k, Some(prev), &cur[..]));
        }
        if let Some((k, pixels)) = next {
            // Frame `end - 1` was painted at step `end - s - 2`, into the second buffer at even
            // steps.
            let last = match (end - s).checked_sub(2) {
                None => first,
                Some(j) => &self.bufs[1 - j % 2][..],
            };
            out.push(coder.code(&mut self.state, *k, Some(last), pixels));
        }
        out
    }
}

/// The frames that start the runs of [`code_frames`] ([`run_starts`]) painted, in parallel, each
/// with its index; and what `then` makes of each one's pixels right after it is painted.
pub(crate) fn paint_starts<T: Send>(
    frames: &[Scene],
    size: (u32, u32),
    then: impl Fn(&[u32]) -> T + Sync,
    caches: &super::Caches,
) -> (Vec<(usize, Vec<u32>)>, Vec<T>) {
    let starts = run_starts(frames.len());
    let (bufs, out): (Vec<Vec<u32>>, Vec<T>) = paint_each(frames, &starts, size, then, caches);
    (starts.into_iter().zip(bufs).collect(), out)
}

/// Frames `ks` painted, in parallel, and what `then` makes of each one's pixels (in the order of
/// `ks`); their buffers go back to `caches`.
pub(crate) fn paint_counted<T: Send>(
    frames: &[Scene],
    ks: &[usize],
    size: (u32, u32),
    then: impl Fn(&[u32]) -> T + Sync,
    caches: &super::Caches,
) -> Vec<T> {
    let (bufs, out) = paint_each(frames, ks, size, then, caches);
    caches.give_frames(bufs);
    out
}

/// Frames `ks` painted in parallel, each into a buffer taken from `caches`, with one painter per
/// worker thread: the buffers and what `then` made of each, both in the order of `ks`.
fn paint_each<T: Send>(
    frames: &[Scene],
    ks: &[usize],
    size: (u32, u32),
    then: impl Fn(&[u32]) -> T + Sync,
    caches: &super::Caches,
) -> (Vec<Vec<u32>>, Vec<T>) {
    use rayon::prelude::*;
    ks.par_iter()
        .map_init(
            || caches.painter(),
            |p, &k| {
                let mut buf = caches.take_frame(size);
                paint_into(p, &frames[k], size, &mut buf);
                let t = then(&buf);
                (buf, t)
            },
        )
        .unzip()
}

/// Paints a scene into `buf` (made `w` × `h` pixels), over whatever it held.
fn paint_into(painter: &mut Painter, scene: &Scene, (w, h): (u32, u32), buf: &mut Vec<u32>) {
    buf.resize(w as usize * h as usize, 0);
    if let Some(mut canvas) = tiny_skia::PixmapMut::from_bytes(bytemuck::cast_slice_mut(buf), w, h) {
        // The painter fills the background first: figures are whole units wide and high.
        painter.paint(scene, 1.0, &mut canvas);
    }
}

/// Whether two runs of at most eight pixels are the same (compared as arrays when eight long, which
/// the compiler does in a few vector instructions instead of a call to `memcmp`).
#[inline]
pub(crate) fn same8(a: &[u32], b: &[u32]) -> bool {
    match (<&[u32; 8]>::try_from(a), <&[u32; 8]>::try_from(b)) {
        (Ok(a), Ok(b)) => a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0,
        _ => a == b,
    }
}

/// A rectangle of pixels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rect {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

/// The smallest rectangle holding every pixel that differs between `prev` and `cur` (row-major
/// pixels of `width` × `height`), or `None` when none does. Rows are compared whole and searched
/// from both ends eight pixels at a time ([`same8`]), never down a column.
pub(crate) fn changed_rect(width: u32, height: u32, prev: &[u32], cur: &[u32]) -> Option<Rect> {
    let (w, h) = (width as usize, height as usize);
    let (mut top, mut bottom, mut left, mut right) = (None, 0, w, 0);
    for (y, (a, b)) in prev.chunks_exact(w).zip(cur.chunks_exact(w)).take(h).enumerate() {
        if a == b {
            continue;
        }
        top.get_or_insert(y);
        bottom = y;
        left = left.min(first_difference(a, b));
        right = right.max(last_difference(a, b));
    }
    let top = top?;
    Some(Rect { x: left as u32, y: top as u32, w: (right - left + 1) as u32, h: (bottom - top + 1) as u32 })
}

/// Where two rows that differ first differ.
fn first_difference(a: &[u32], b: &[u32]) -> usize {
    let skip = a.chunks(8).zip(b.chunks(8)).take_while(|(p, q)| same8(p, q)).count() * 8;
    skip + a[skip..].iter().zip(&b[skip..]).position(|(p, q)| p != q).unwrap_or(0)
}

/// Where two rows that differ last differ.
fn last_difference(a: &[u32], b: &[u32]) -> usize {
    let skip = a.rchunks(8).zip(b.rchunks(8)).take_while(|(p, q)| same8(p, q)).count() * 8;
    let end = a.len() - skip;
    end - 1 - a[..end].iter().rev().zip(b[..end].iter().rev()).position(|(p, q)| p != q).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_bounds_the_changes() {
        let a = vec![0u32; 5 * 4];
        let mut b = a.clone();
        assert_eq!(changed_rect(5, 4, &a, &b), None);
        b[5 + 1] = 1; // (1, 1)
        b[2 * 5 + 3] = 1; // (3, 2)
        assert_eq!(changed_rect(5, 4, &a, &b), Some(Rect { x: 1, y: 1, w: 3, h: 2 }));
        // Rows longer than the eight pixels compared at a time, changed at either end of a block
        // and in the short block at the end.
        let (w, h) = (37, 6);
        let c = vec![7u32; w * h];
        for (x0, x1, y0, y1) in [(8, 15, 1, 4), (7, 16, 0, 5), (0, 36, 2, 2), (33, 35, 5, 5), (3, 3, 0, 0)] {
            let mut d = c.clone();
            d[y0 * w + x0] = 1;
            d[y1 * w + x1] = 2;
            let r = Rect { x: x0 as u32, y: y0 as u32, w: (x1 - x0 + 1) as u32, h: (y1 - y0 + 1) as u32 };
            assert_eq!(changed_rect(w as u32, h as u32, &c, &d), Some(r), "{x0}..{x1}, {y0}..{y1}");
        }
    }
}
