//! Animations: a sequence of scenes (frames) shown one after another, and the encoders that
//! write them as GIF, APNG and animated SVG.
//!
//! A kind ([`Kind`]) turns a figure's first panel into frames: the hemispheres turning as gears
//! ([`gear`]), the seven steps that build the chart ([`chart`]), a piece walking a loop
//! ([`walk`]), the globe turning ([`spin`]), the board wrapping into the ball ([`wrap`]). Every
//! frame is an ordinary [`Scene`] drawn by the figure code, so a frame is exactly what `render`
//! would draw for the same state; the encoders only store what changed.

pub mod apng;
pub mod chart;
pub mod gear;
pub mod gif;
mod lzw;
pub(crate) mod raster;
pub mod spin;
pub mod svg;
pub mod walk;
pub mod wrap;

use crate::figure::View;
use crate::position::Position;
use crate::scene::{Rgb, Scene};
use crate::spec::PanelSpec;
use crate::theme::Theme;

pub use raster::Image;

/// Most frames in one animation.
pub const MAX_FRAMES: u32 = 600;
/// Bytes counted for each pixel of each frame while an animation is encoded as GIF or APNG. An
/// upper bound: the encoders paint and code the frames in runs and hold whole only the runs'
/// first frames (at most 8, 4 bytes a pixel) besides the coded frames.
pub const PER_FRAME_PIXEL: u64 = 5;
/// Frames per second accepted: a frame lasts at least 2 hundredths of a second (browsers show a
/// GIF frame of 0 or 1 hundredth for a tenth of a second), at most 100 seconds.
pub const FPS_RANGE: (f64, f64) = (0.01, 50.0);

/// Which animation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The hemispheres turning as meshing gears through one full turn.
    Gear,
    /// A piece walking its loop square by square, the path drawn so far.
    Walk,
    /// The seven steps that build the chart (essay §07).
    Chart,
    /// The globe turning once about its axis.
    Spin,
    /// The flat board becoming a tube, a capped cylinder, then the ball (essay §03).
    Wrap,
}

impl Kind {
    /// Every kind with its name.
    pub const ALL: [(Kind, &'static str); 5] = [
        (Kind::Gear, "gear"),
        (Kind::Walk, "walk"),
        (Kind::Chart, "chart"),
        (Kind::Spin, "spin"),
        (Kind::Wrap, "wrap"),
    ];

    /// The kind of a name.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.iter().find(|(_, n)| *n == s).map(|(k, _)| *k)
    }
    /// The kind's name.
    pub fn name(self) -> &'static str {
        Kind::ALL.iter().find(|(k, _)| *k == self).map_or("", |(_, n)| n)
    }
    /// Frames when neither frames nor seconds are given.
    pub fn default_frames(self) -> u32 {
        match self {
            Kind::Gear => 48,
            Kind::Walk => 0,
            Kind::Chart => 168,
            Kind::Spin => 48,
            Kind::Wrap => 72,
        }
    }
}

/// How an animation is timed and what it shows.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct AnimSpec {
    /// The kind.
    pub kind: Kind,
    /// Number of frames (0: the kind's own count; a walk takes one frame a square).
    pub frames: u32,
    /// How long each frame shows, in hundredths of a second (GIF's unit, which APNG and SVG
    /// can both state exactly).
    pub delay_cs: u16,
    /// How many times it plays: 0 = forever.
    pub plays: u32,
}

impl AnimSpec {
    /// A kind at 24 frames a second, looping forever.
    pub fn new(kind: Kind) -> AnimSpec {
        AnimSpec { kind, frames: 0, delay_cs: delay_of_fps(24.0), plays: 0 }
    }
}

/// The delay of a frame at a rate, in hundredths of a second (at least 2).
pub fn delay_of_fps(fps: f64) -> u16 {
    (100.0 / fps.clamp(FPS_RANGE.0, FPS_RANGE.1)).round().clamp(2.0, 10_000.0) as u16
}

/// Frames ready to encode.
#[derive(Clone, Debug)]
pub struct Animation {
    /// The frames, all of one size.
    pub frames: Vec<Scene>,
    /// How long each frame shows, in hundredths of a second.
    pub delay_cs: u16,
    /// How many times it plays: 0 = forever.
    pub plays: u32,
    /// The colours the frames are drawn with (the theme's, as the figure used them): the base
    /// of the GIF palette.
    pub colours: Vec<Rgb>,
}

/// Why an animation cannot be made.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AnimError {
    /// The figure has nothing the kind can animate.
    #[error("{0}")]
    Content(String),
    /// Rasterising or encoding failed.
    #[error("cannot encode the animation: {0}")]
    Encode(String),
    /// The animation would need more memory than a figure may take.
    #[error("{0}")]
    Budget(String),
}

/// Builds the frames of an animation of a figure's panel.
pub fn build(spec: &AnimSpec, panel: &PanelSpec, title: Option<&str>, theme: &Theme) -> Result<Animation, AnimError> {
    let mut overlay = panel.overlay.clone();
    overlay.title = title.map(str::to_string).or(overlay.title);
    let frames = match spec.kind {
        Kind::Gear => gear::frames(&panel.position, &overlay, &panel.view, theme, frame_count(spec)),
        Kind::Walk => walk::frames(&panel.position, &overlay, &panel.view, theme, spec.frames)?,
        Kind::Chart => chart::frames(&panel.position, &overlay, &panel.view, theme, frame_count(spec))?,
        Kind::Spin => spin::frames(&panel.position, &overlay, &panel.view, theme, frame_count(spec)),
        Kind::Wrap => wrap::frames(&panel.position, &overlay, &panel.view, theme, frame_count(spec)),
    };
    let colours = scene_colours(&frames, theme);
    Ok(Animation { frames, delay_cs: spec.delay_cs, plays: spec.plays, colours })
}

/// The memory `frames` frames need, each of `weight` (estimated SVG bytes, see
/// [`crate::budget::weight`]) and `pixels`, while they are held and encoded (`raster`: as GIF or
/// APNG).
pub fn cost(frames: u64, weight: u64, pixels: u64, raster: bool) -> u64 {
    let per_frame = crate::budget::cost(weight, None) + if raster { pixels * PER_FRAME_PIXEL } else { 0 };
    frames.saturating_mul(per_frame)
}

/// Whether an animation fits the memory budget ([`crate::budget::MAX_COST`], what one figure of a
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
    let (w, h) = raster::size_of(first)?;
    let (weight, pixels) = (crate::budget::weight(first), w as u64 * h as u64);
    let need = cost(n, weight, pixels, raster);
    if need > crate::budget::MAX_COST {
        return Err(over_budget(n, (w, h), need, crate::budget::MAX_COST / cost(1, weight, pixels, raster).max(1)));
    }
    Ok(())
}

/// The error of `n` frames of `size` needing `need` bytes, of which `fit` frames would fit.
fn over_budget(n: u64, (w, h): (u32, u32), need: u64, fit: u64) -> AnimError {
    AnimError::Budget(format!(
        "{n} frames of {w}×{h} pixels need about {} MiB to encode; at most {} MiB fit ({fit} frames at this size, or a smaller width)",
        need >> 20,
        crate::budget::MAX_COST >> 20
    ))
}

fn frame_count(spec: &AnimSpec) -> u32 {
    let n = if spec.frames == 0 { spec.kind.default_frames() } else { spec.frames };
    n.clamp(1, MAX_FRAMES)
}

/// Every colour the scenes paint with, background first, then in order of first use.
fn scene_colours(frames: &[Scene], theme: &Theme) -> Vec<Rgb> {
    let mut out = vec![theme.background];
    let mut add = |c: Rgb| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    for s in frames {
        add(s.background);
        for e in s.elements() {
            if let Some(c) = e.paint.fill {
                add(c);
            }
            if let Some((c, _)) = e.paint.stroke {
                add(c);
            }
        }
    }
    out
}

/// The output formats of an animation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// GIF.
    Gif,
    /// Animated PNG.
    Apng,
    /// SVG that animates itself (SMIL), no script.
    Svg,
}

impl Format {
    /// The format of a file name's extension (`.gif`, `.png`, `.svg`).
    pub fn of_path(path: &std::path::Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "gif" => Some(Format::Gif),
            "png" | "apng" => Some(Format::Apng),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }
}

impl Animation {
    /// The animation's bytes in a format.
    pub fn encode(&self, format: Format) -> Result<Vec<u8>, AnimError> {
        match format {
            Format::Svg => Ok(svg::encode(self).into_bytes()),
            Format::Gif => gif::encode(self),
            Format::Apng => apng::encode(self),
        }
    }
    /// The memory its frames take while held and encoded (`raster`: as GIF or APNG).
    pub fn cost(&self, raster: bool) -> u64 {
        let weight: u64 = self.frames.iter().map(crate::budget::weight).sum();
        let pixels: u64 = self.frames.iter().map(crate::budget::pixels).sum();
        cost(1, weight, pixels, raster)
    }
    /// The animation in several formats.
    pub fn encode_all(&self, formats: &[Format]) -> Result<Vec<Vec<u8>>, AnimError> {
        formats.iter().map(|&f| self.encode(f)).collect()
    }
    /// Every frame as pixels (in parallel), one pixel per figure unit.
    pub fn rasterise(&self) -> Result<Vec<Image>, AnimError> {
        use rayon::prelude::*;
        let size = self.raster_size()?;
        self.frames.par_iter().map_init(crate::output::Painter::default, |p, s| raster::rasterise(p, s, size)).collect()
    }
    /// The frames' size in pixels, once the memory of painting and encoding them is known to fit
    /// the budget.
    pub(crate) fn raster_size(&self) -> Result<(u32, u32), AnimError> {
        let first = self.frames.first().ok_or_else(|| AnimError::Content("an animation has no frames".into()))?;
        let size = raster::size_of(first)?;
        let need = self.cost(true);
        if need > crate::budget::MAX_COST {
            let fit = crate::budget::MAX_COST / (need / self.frames.len() as u64).max(1);
            return Err(over_budget(self.frames.len() as u64, size, need, fit));
        }
        Ok(size)
    }
}

/// A copy of a position with one piece moved (for walks): the piece leaves `from` and stands on
/// `to`, whatever stood there before.
pub(crate) fn moved(pos: &Position, from: crate::topology::Cell, to: crate::topology::Cell) -> Position {
    let mut p = pos.clone();
    if let Some(piece) = p.take(from) {
        p.take(to);
        p.put(to, piece);
    }
    p
}

/// The view of a panel with another kind, keeping its size and coordinates.
pub(crate) fn with_kind(view: &View, kind: crate::figure::ViewKind) -> View {
    View { kind, ..*view }
}
