//! Animations written out: the memory an animation's frames need while painted and encoded,
//! checked against the budget, the frames painted to pixels in parallel, and the
//! encoders (GIF, APNG, animated SVG) behind one call.

use super::{Format, apng, budget, frames, gif, svg_anim};
use crate::draw::animation::{AnimError, AnimSpec, Animation, Kind, build_within};
use crate::draw::document::FigureSpec;
use crate::draw::scene::Scene;

pub use frames::Image;

/// Bytes counted for each pixel of each frame while an animation is encoded as GIF or APNG. An
/// upper bound: the encoders paint and code the frames in runs and hold whole only the runs'
/// first frames (at most 8, 4 bytes a pixel) besides the coded frames.
pub(crate) const PER_FRAME_PIXEL: u64 = 5;
/// The memory `frames` frames need, each of `weight` (estimated SVG bytes, see
/// [`budget::weight`]) and `pixels`, while they are held and encoded (`raster`: as GIF or
/// APNG).
pub fn cost(frames: u64, weight: u64, pixels: u64, raster: bool) -> u64 {
    let per_frame = budget::cost(weight, None) + if raster { pixels * PER_FRAME_PIXEL } else { 0 };
    frames.saturating_mul(per_frame)
}

/// The frames of a figure's animation (its first panel, at the figure's width), built within the
/// memory budget (`budget::MAX_COST`, what one figure of a batch may hold): each frame's cost
/// (its scene, and when `raster` — painted and encoded as GIF or APNG — its pixels) is added as
/// soon as it is drawn, and the drawing stops at the first frame that takes the total over. The
/// count is exact, the one [`Animation::cost`] makes, so that an animation built here is never
/// refused by its encoder; and nothing is painted or encoded before it. A figure without an
/// `[animation]` is animated as gears.
pub fn build(figure: &FigureSpec, raster: bool) -> Result<Animation, AnimError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let spec = figure.animation.unwrap_or(AnimSpec::new(Kind::Gear));
    let mut panel = figure.panels.first().cloned().ok_or_else(|| AnimError::Content("no panel to animate".into()))?;
    if let Some(w) = figure.width {
        panel.view.width = w;
    }
    let total = AtomicU64::new(0);
    let check = |scene: &Scene| -> Result<(), AnimError> {
        let pixels = if raster {
            let (w, h) = frames::size_of(scene)?;
            w as u64 * h as u64
        } else {
            0
        };
        let one = cost(1, budget::weight(scene), pixels, raster);
        let sum = total.fetch_add(one, Ordering::Relaxed) + one;
        if sum > budget::MAX_COST {
            // Which frames are drawn by the time the total goes over depends on how the threads
            // ran, so the message names nothing that does: a GIF's or APNG's frames fit by
            // their pixels alone (the same for every frame), an SVG's by this frame's weight.
            let size = (scene.width.ceil(), scene.height.ceil());
            let each = if raster { cost(1, 0, pixels, raster) } else { one };
            let fit = budget::MAX_COST / each.max(1);
            let n = if spec.frames == 0 { spec.kind.default_frames() } else { spec.frames };
            let frames = if n == 0 { "its frames".to_string() } else { format!("{n} frames") };
            return Err(AnimError::Budget(format!(
                "{frames} of {}×{} pixels need more than the {} MiB an animation may take{}: \
                 at most {fit} frames fit at this size",
                size.0,
                size.1,
                budget::MAX_COST >> 20,
                if raster { " to encode" } else { "" },
            )));
        }
        Ok(())
    };
    if spec.kind == Kind::Game {
        let (script, replay) = figure.replay(panel.view).ok_or_else(crate::draw::animation::no_game)?;
        return crate::draw::animation::replay::build_within(&script, &replay, &figure.theme, &check);
    }
    build_within(&spec, &panel, figure.title.as_deref(), &figure.theme, &check)
}

impl Animation {
    /// The animation's bytes in a format: GIF, APNG or animated SVG; in a still format, its
    /// first frame (as a batch writes an animated figure's PDF). Painted with caches of its own.
    pub fn encode(&self, format: Format) -> Result<Vec<u8>, AnimError> {
        self.encode_with(format, &super::Caches::new())
    }

    /// [`Animation::encode`], painted with `caches` (a renderer's, kept from one animation to
    /// the next).
    pub fn encode_with(&self, format: Format, caches: &super::Caches) -> Result<Vec<u8>, AnimError> {
        match format {
            Format::AnimatedSvg => Ok(svg_anim::encode(self).into_bytes()),
            Format::Gif => gif::encode(self, caches),
            Format::Apng => apng::encode(self, caches),
            Format::Svg | Format::Png | Format::Pdf | Format::Html => {
                let first =
                    self.frames.first().ok_or_else(|| AnimError::Content("an animation has no frames".into()))?;
                // The formats made from the SVG text get it (see [`Format::encode`]).
                let svg = match format {
                    Format::Svg | Format::Pdf => super::to_svg(first),
                    _ => String::new(),
                };
                format.encode_with(caches, first, &svg).map_err(|e| AnimError::Encode(e.to_string()))
            }
        }
    }
    /// The memory its frames take while held and encoded (`raster`: as GIF or APNG).
    pub fn cost(&self, raster: bool) -> u64 {
        let weight: u64 = self.frames.iter().map(budget::weight).sum();
        let pixels: u64 = self.frames.iter().map(budget::pixels).sum();
        cost(1, weight, pixels, raster)
    }
    /// The animation in several formats, painted with `caches`.
    pub fn encode_all(&self, formats: &[Format], caches: &super::Caches) -> Result<Vec<Vec<u8>>, AnimError> {
        formats.iter().map(|&f| self.encode_with(f, caches)).collect()
    }
    /// Every frame as pixels (in parallel), one pixel per figure unit.
    pub fn rasterise(&self) -> Result<Vec<Image>, AnimError> {
        use rayon::prelude::*;
        let size = self.raster_size()?;
        let caches = super::Caches::new();
        self.frames.par_iter().map_init(|| caches.painter(), |p, s| frames::rasterise(p, s, size)).collect()
    }
    /// The frames' size in pixels, once the memory of painting and encoding them is known to fit
    /// the budget.
    pub(crate) fn raster_size(&self) -> Result<(u32, u32), AnimError> {
        let first = self.frames.first().ok_or_else(|| AnimError::Content("an animation has no frames".into()))?;
        let size = frames::size_of(first)?;
        let need = self.cost(true);
        if need > budget::MAX_COST {
            let fit = budget::MAX_COST / (need / self.frames.len() as u64).max(1);
            return Err(AnimError::Budget(format!(
                "{} frames of {}×{} pixels need about {} MiB to encode; at most {} MiB fit ({fit} frames at this size)",
                self.frames.len(),
                size.0,
                size.1,
                need >> 20,
                budget::MAX_COST >> 20
            )));
        }
        Ok(size)
    }
}
