//! Frames to pixels: each frame painted straight from its scene by the figure painter
//! ([`crate::output::Painter`]), the same pixels as the still PNG of that frame, without writing
//! and parsing SVG text per frame.

use super::AnimError;
use crate::output::Painter;
use crate::scene::Scene;

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
    if !(w >= 1.0 && h >= 1.0) || w * h > crate::output::MAX_PIXELS as f64 {
        return Err(AnimError::Encode(format!("a frame of {w}×{h} pixels is out of range")));
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
pub(crate) fn run_starts(n: usize) -> Vec<usize> {
    let runs = n.min(RUNS);
    (0..runs).map(|r| r * n / runs).collect()
}

/// Most runs of frames painted apart: enough to keep both cores busy to the end, few enough that
/// their first frames (held whole, see [`code_frames`]) stay a small part of the memory.
const RUNS: usize = 16;

/// Every frame painted at `size`, in parallel, and coded with `coder`. The frames are painted in
/// runs of consecutive frames (starting at [`run_starts`]), each run by one worker that keeps its
/// painter and two pixel buffers, so no frame's pixels are held after it is coded: only the runs'
/// first frames, painted beforehand (`starts`, as [`paint_frames`] makes them), are held to the
/// end, since each run also codes the frame that starts the next one.
pub(crate) fn code_frames<C: Coder>(
    frames: &[Scene],
    size: (u32, u32),
    starts: &[(usize, Vec<u32>)],
    coder: &C,
) -> Vec<C::Out> {
    use rayon::prelude::*;
    let n = frames.len();
    let runs: Vec<Vec<C::Out>> = (0..starts.len())
        .into_par_iter()
        .map_init(
            || (Painter::default(), [Vec::new(), Vec::new()], coder.state()),
            |(painter, bufs, state), r| {
                let (s, first) = (&starts[r].0, &starts[r].1);
                let next = starts.get(r + 1);
                let end = next.map_or(n, |x| x.0);
                let mut out = Vec::with_capacity(end - s + 1);
                if *s == 0 {
                    out.push(coder.code(state, 0, None, first));
                }
                for (j, k) in (s + 1..end).enumerate() {
                    let [a, b] = bufs;
                    let (prev, cur) = if j % 2 == 0 { (a, b) } else { (b, a) };
                    paint_into(painter, &frames[k], size, cur);
                    let prev = if j == 0 { first } else { &prev[..] };
                    out.push(coder.code(state, k, Some(prev), &cur[..]));
                }
                if let Some((k, pixels)) = next {
                    // Frame `end - 1` was painted at step `end - s - 2`, into the second buffer
                    // at even steps.
                    let last = match (end - s).checked_sub(2) {
                        None => first,
                        Some(j) => &bufs[1 - j % 2][..],
                    };
                    out.push(coder.code(state, *k, Some(last), pixels));
                }
                out
            },
        )
        .collect();
    runs.into_iter().flatten().collect()
}

/// The frames at `which` painted (in parallel), each with its index.
pub(crate) fn paint_frames(frames: &[Scene], size: (u32, u32), which: &[usize]) -> Vec<(usize, Vec<u32>)> {
    use rayon::prelude::*;
    which
        .par_iter()
        .map_init(Painter::default, |p, &k| {
            let mut buf = Vec::new();
            paint_into(p, &frames[k], size, &mut buf);
            (k, buf)
        })
        .collect()
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
/// pixels of `width` × `height`, each the same number of elements), or `None` when none does.
/// Rows are compared whole and scanned from both ends, never down a column.
pub(crate) fn changed_rect<T: PartialEq>(width: u32, height: u32, prev: &[T], cur: &[T]) -> Option<Rect> {
    let (w, h) = (width as usize, height as usize);
    let per = prev.len() / (w * h).max(1);
    let row = w * per;
    let (mut top, mut bottom, mut left, mut right) = (None, 0, w, 0);
    for y in 0..h {
        let (a, b) = (&prev[y * row..(y + 1) * row], &cur[y * row..(y + 1) * row]);
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = row - 1 - a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q).unwrap_or(0);
        top.get_or_insert(y);
        bottom = y;
        left = left.min(first / per);
        right = right.max(last / per);
    }
    let top = top?;
    Some(Rect { x: left as u32, y: top as u32, w: (right - left + 1) as u32, h: (bottom - top + 1) as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_bounds_the_changes() {
        let a = vec![0u8; 5 * 4];
        let mut b = a.clone();
        assert_eq!(changed_rect(5, 4, &a, &b), None);
        b[5 + 1] = 1; // (1, 1)
        b[2 * 5 + 3] = 1; // (3, 2)
        assert_eq!(changed_rect(5, 4, &a, &b), Some(Rect { x: 1, y: 1, w: 3, h: 2 }));
        // Four bytes a pixel: a byte changed in the last channel of pixel (4, 3).
        let c = vec![0u8; 4 * 5 * 4];
        let mut d = c.clone();
        d[4 * (3 * 5 + 4) + 3] = 9;
        d[4 * (2 * 5 + 2)] = 9; // first channel of (2, 2)
        assert_eq!(changed_rect(5, 4, &c, &d), Some(Rect { x: 2, y: 2, w: 3, h: 2 }));
    }
}
