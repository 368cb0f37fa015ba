//! What painting keeps from one figure to the next — the sprites of pieces and labels
//! ([`super::sprites`]), canvases and PNG buffers ([`super::Raster`]), animation frame buffers —
//! owned by a value its user holds ([`Caches`], inside a [`crate::Renderer`], a batch run or a
//! server's state), never by the process or a thread: two users in one process share nothing.
//! Whatever a cache holds, a picture is painted from its scene alone (same input, same bytes).

use super::png::Raster;
use super::raster::Painter;
use super::sprites::Sprites;
use std::sync::Mutex;

/// Most bytes of frame buffers kept between animations: 24 MiB, the 12 buffers the gear at 480
/// pixels wide paints into (part of the 64 MiB the budget keeps for the program).
pub(crate) const FRAMES_KEPT: usize = 24 << 20;

/// The caches of a painting user: one store of sprites for all its painters, the canvases its
/// threads paint still figures into, and the frame buffers of its animations. Held by a
/// [`crate::Renderer`] (or a batch run, or a server); dropped with it.
#[derive(Default)]
pub struct Caches {
    sprites: Sprites,
    rasters: Mutex<Vec<Raster>>,
    frames: Mutex<Vec<Vec<u32>>>,
}

impl std::fmt::Debug for Caches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Caches").field("sprites", &self.sprites.len()).finish_non_exhaustive()
    }
}

impl Caches {
    /// Empty caches.
    pub fn new() -> Caches {
        Caches::default()
    }

    /// A painter that shares these caches' sprites.
    pub(crate) fn painter(&self) -> Painter {
        Painter::with_sprites(self.sprites.clone())
    }

    /// Runs `f` with a raster of these caches (one kept from an earlier figure when one is free,
    /// else a new one), then keeps it for the next figure.
    pub(crate) fn with_raster<T>(&self, f: impl FnOnce(&mut Raster) -> T) -> T {
        let kept = self.rasters.lock().ok().and_then(|mut r| r.pop());
        let mut raster = kept.unwrap_or_else(|| Raster::with_painter(self.painter()));
        let out = f(&mut raster);
        if let Ok(mut r) = self.rasters.lock() {
            r.push(raster);
        }
        out
    }

    /// A buffer for a frame of `w` × `h` pixels: a kept one if it is large enough (its pixels
    /// whatever they were), else a new one.
    pub(crate) fn take_frame(&self, (w, h): (u32, u32)) -> Vec<u32> {
        let n = w as usize * h as usize;
        let kept = self.frames.lock().ok().and_then(|mut p| {
            let i = p.iter().position(|b| b.capacity() >= n)?;
            Some(p.swap_remove(i))
        });
        kept.unwrap_or_else(|| Vec::with_capacity(n))
    }

    /// Keeps frame buffers while they fit in [`FRAMES_KEPT`] bytes with those kept already;
    /// frees the rest.
    pub(crate) fn give_frames(&self, bufs: impl IntoIterator<Item = Vec<u32>>) {
        let Ok(mut p) = self.frames.lock() else { return };
        let mut held: usize = p.iter().map(|b| 4 * b.capacity()).sum();
        let mut freed = Vec::new();
        for b in bufs {
            if b.capacity() > 0 && held + 4 * b.capacity() <= FRAMES_KEPT {
                held += 4 * b.capacity();
                p.push(b);
            } else {
                freed.push(b);
            }
        }
        drop(p);
        drop(freed);
    }
}

#[cfg(test)]
mod tests {
    use super::Caches;
    use crate::draw::figure::{Overlay, View, render};
    use crate::draw::theme::Theme;
    use crate::rules::position::Position;
    use crate::rules::variant::VariantId;

    /// Two caches in one process hold nothing in common: what one painted is not in the other.
    #[test]
    fn two_caches_see_nothing_of_each_other() {
        let pos = Position::start(VariantId::Dot);
        let scene = render(&pos, &Overlay::default(), &View::hemispheres(), &Theme::essay());
        let (a, b) = (Caches::new(), Caches::new());
        let mut png = Vec::new();
        crate::output::png::scene_png_to(&a, &scene, 1.0, &mut png).unwrap();
        assert!(a.sprites.len() > 0, "the pieces' sprites are kept");
        assert_eq!(b.sprites.len(), 0);
        let mut again = Vec::new();
        crate::output::png::scene_png_to(&b, &scene, 1.0, &mut again).unwrap();
        assert_eq!(png, again);
    }
}
