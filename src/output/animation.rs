//! Animations written out: the memory an animation's frames need while painted and encoded,
//! checked against the budget, the frames painted to pixels in parallel, and the
//! encoders (GIF, APNG, animated SVG) behind one call.

use super::{apng, budget, frames, gif, svg_anim};
use crate::draw::animation::{AnimError, AnimSpec, Animation, Kind, build, frame_count, walk};
use crate::draw::figure::PanelSpec;
use crate::draw::theme::Theme;

pub use frames::Image;

/// Bytes counted for each pixel of each frame while an animation is encoded as GIF or APNG. An
/// upper bound: the encoders paint and code the frames in runs and hold whole only the runs'
/// first frames (at most 8, 4 bytes a pixel) besides the coded frames.
pub const PER_FRAME_PIXEL: u64 = 5;
/// The memory `frames` frames need, each of `weight` (estimated SVG bytes, see
/// [`budget::weight`]) and `pixels`, while they are held and encoded (`raster`: as GIF or
/// APNG).
pub fn cost(frames: u64, weight: u64, pixels: u64, raster: bool) -> u64 {
    let per_frame = budget::cost(weight, None) + if raster { pixels * PER_FRAME_PIXEL } else { 0 };
    frames.saturating_mul(per_frame)
}

/// Whether an animation fits the memory budget ([`budget::MAX_COST`], what one figure of a
/// batch may hold), checked before its frames are made: its first frame is drawn, and the cost is
/// that frame's times the number of frames. The error says how many frames of what size would
/// fit. `raster`: the frames are to be painted and encoded together (GIF, APNG); a still of one
/// frame (`--frame K`) holds the scenes only, and its one picture is checked as any figure's is.
pub fn check_budget(
    spec: &AnimSpec,
    panel: &PanelSpec,
    title: Option<&str>,
    theme: &Theme,
    raster: bool,
) -> Result<(), AnimError> {
    let n = match (spec.kind, spec.frames) {
        (Kind::Walk, 0) => {
            let mut overlay = panel.overlay.clone();
            overlay.title = None;
            walk::stages(&panel.position, &overlay)?.2.len() as u64
        }
        _ => frame_count(spec) as u64,
    };
    let one = build(&AnimSpec { frames: 1, ..*spec }, panel, title, theme)?;
    let first = one.frames.first().ok_or_else(|| AnimError::Content("an animation has no frames".into()))?;
    let (w, h) = frames::size_of(first)?;
    let (weight, pixels) = (budget::weight(first), w as u64 * h as u64);
    let need = cost(n, weight, pixels, raster);
    if need > budget::MAX_COST {
        return Err(over_budget(n, (w, h), need, budget::MAX_COST / cost(1, weight, pixels, raster).max(1)));
    }
    Ok(())
}

/// The error of `n` frames of `size` needing `need` bytes, of which `fit` frames would fit.
fn over_budget(n: u64, (w, h): (u32, u32), need: u64, fit: u64) -> AnimError {
    AnimError::Budget(format!(
        "{n} frames of {w}×{h} pixels need about {} MiB to encode; at most {} MiB fit ({fit} frames at this size, or a smaller width)",
        need >> 20,
        budget::MAX_COST >> 20
    ))
}

/// The output formats of an animation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnimFormat {
    /// GIF.
    Gif,
    /// Animated PNG.
    Apng,
    /// SVG that animates itself (SMIL), no script.
    Svg,
}

impl AnimFormat {
    /// The format of a file name's extension (`.gif`, `.png`, `.svg`).
    pub fn of_path(path: &std::path::Path) -> Option<AnimFormat> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "gif" => Some(AnimFormat::Gif),
            "png" | "apng" => Some(AnimFormat::Apng),
            "svg" => Some(AnimFormat::Svg),
            _ => None,
        }
    }
}

impl Animation {
    /// The animation's bytes in a format.
    pub fn encode(&self, format: AnimFormat) -> Result<Vec<u8>, AnimError> {
        match format {
            AnimFormat::Svg => Ok(svg_anim::encode(self).into_bytes()),
            AnimFormat::Gif => gif::encode(self),
            AnimFormat::Apng => apng::encode(self),
        }
    }
    /// The memory its frames take while held and encoded (`raster`: as GIF or APNG).
    pub fn cost(&self, raster: bool) -> u64 {
        let weight: u64 = self.frames.iter().map(budget::weight).sum();
        let pixels: u64 = self.frames.iter().map(budget::pixels).sum();
        cost(1, weight, pixels, raster)
    }
    /// The animation in several formats.
    pub fn encode_all(&self, formats: &[AnimFormat]) -> Result<Vec<Vec<u8>>, AnimError> {
        formats.iter().map(|&f| self.encode(f)).collect()
    }
    /// Every frame as pixels (in parallel), one pixel per figure unit.
    pub fn rasterise(&self) -> Result<Vec<Image>, AnimError> {
        use rayon::prelude::*;
        let size = self.raster_size()?;
        self.frames.par_iter().map_init(super::Painter::default, |p, s| frames::rasterise(p, s, size)).collect()
    }
    /// The frames' size in pixels, once the memory of painting and encoding them is known to fit
    /// the budget.
    pub(crate) fn raster_size(&self) -> Result<(u32, u32), AnimError> {
        let first = self.frames.first().ok_or_else(|| AnimError::Content("an animation has no frames".into()))?;
        let size = frames::size_of(first)?;
        let need = self.cost(true);
        if need > budget::MAX_COST {
            let fit = budget::MAX_COST / (need / self.frames.len() as u64).max(1);
            return Err(over_budget(self.frames.len() as u64, size, need, fit));
        }
        Ok(size)
    }
}
