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

/// The smallest rectangle holding every pixel `same` says changed (`same(i)` for the row-major
/// index `i`), or `None` when nothing changed.
pub(crate) fn changed_rect(width: u32, height: u32, same: impl Fn(usize) -> bool) -> Option<Rect> {
    let (w, h) = (width as usize, height as usize);
    let row_same = |y: usize| (0..w).all(|x| same(y * w + x));
    let top = (0..h).find(|&y| !row_same(y))?;
    let bottom = (top..h).rev().find(|&y| !row_same(y)).unwrap_or(top);
    let col_same = |x: usize| (top..=bottom).all(|y| same(y * w + x));
    let left = (0..w).find(|&x| !col_same(x)).unwrap_or(0);
    let right = (left..w).rev().find(|&x| !col_same(x)).unwrap_or(left);
    Some(Rect { x: left as u32, y: top as u32, w: (right - left + 1) as u32, h: (bottom - top + 1) as u32 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_bounds_the_changes() {
        let a = vec![0u8; 5 * 4];
        let mut b = a.clone();
        assert_eq!(changed_rect(5, 4, |i| a[i] == b[i]), None);
        b[5 + 1] = 1; // (1, 1)
        b[2 * 5 + 3] = 1; // (3, 2)
        assert_eq!(changed_rect(5, 4, |i| a[i] == b[i]), Some(Rect { x: 1, y: 1, w: 3, h: 2 }));
    }
}
