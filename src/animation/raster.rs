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
    /// Every pixel's four bytes as one number (for comparing pixels), row by row; [`packed`]
    /// turns one into `0xRRGGBB`.
    pub(crate) fn raw(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.rgba.chunks_exact(4).map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]]))
    }
}

/// A pixel of [`Image::raw`] as `0xRRGGBB`.
#[inline]
pub(crate) fn packed(raw: u32) -> u32 {
    (raw & 0xff) << 16 | (raw & 0xff00) | (raw >> 16) & 0xff
}

impl Image {}

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
