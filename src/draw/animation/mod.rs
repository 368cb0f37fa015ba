//! Animations: a sequence of scenes (frames) shown one after another, and the encoders that
//! write them as GIF, APNG and animated SVG.
//!
//! A kind ([`Kind`]) turns a figure's first panel into frames: the hemispheres turning as gears
//! ([`gear`]), the seven steps that build the chart ([`chart_steps`]), a piece walking a loop
//! ([`walk`]), the globe turning ([`spin`]), the board wrapping into the ball ([`board_to_ball`]), the
//! ball split into the hemispheres ([`split`]), a game replayed ply by ply ([`replay`], from a game
//! file rather than a panel). Every frame is an ordinary [`Scene`] drawn by the figure code, so a
//! frame is exactly what `render` would draw for the same state; the encoders only store what
//! changed.

pub(crate) mod board_to_ball;
pub(crate) mod chart_steps;
pub(crate) mod gear;
pub mod replay;
pub(crate) mod spin;
pub(crate) mod split;
pub(crate) mod walk;

use crate::draw::figure::PanelSpec;
use crate::draw::figure::{Overlay, View};
use crate::draw::scene::{Rgb, Scene};
use crate::draw::theme::Theme;
use crate::rules::position::Position;

/// Most frames in one animation.
pub(crate) const MAX_FRAMES: u32 = 600;
/// Frames per second accepted: a frame lasts at least 2 hundredths of a second (browsers show a
/// GIF frame of 0 or 1 hundredth for a tenth of a second), at most 100 seconds.
pub(crate) const FPS_RANGE: (f64, f64) = (0.01, 50.0);

/// Which animation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
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
    /// The ball split at the equator, each half flattened into its disc, ending on the
    /// hemispheres (essay §04).
    Split,
    /// A game replayed, one frame a ply ([`replay`]; needs a game file).
    Game,
}

impl Kind {
    /// Every kind, in the order lists name them.
    pub const ALL: [Kind; 7] = [Kind::Gear, Kind::Walk, Kind::Chart, Kind::Spin, Kind::Wrap, Kind::Split, Kind::Game];
    /// Their names ([`Kind::name`]): the values of the options table's `kind`.
    pub const NAMES: [&'static str; 7] = crate::names::names_of!(Kind::ALL, Kind::name);

    /// The kind's name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Gear => "gear",
            Kind::Walk => "walk",
            Kind::Chart => "chart",
            Kind::Spin => "spin",
            Kind::Wrap => "wrap",
            Kind::Split => "split",
            Kind::Game => "game",
        }
    }
    /// The fewest frames the kind can show: the chart's seven steps take one each.
    pub(crate) fn min_frames(self) -> u32 {
        if self == Kind::Chart { 7 } else { 1 }
    }
    /// Why the kind cannot animate a board, if it cannot: the chart's steps need dead poles and
    /// an even number of files (the chart of live poles has pole rows between the copies).
    pub(crate) fn refusal(self, topo: &crate::rules::topology::Topology) -> Option<String> {
        let chart = self == Kind::Chart;
        (chart && (topo.poles() != crate::rules::topology::Poles::Dead || topo.width() % 2 == 1)).then(|| {
            "the chart animation is drawn for boards with an even number of files and dead poles (the chart of live poles has pole rows between the copies)".into()
        })
    }
    /// Frames when neither frames nor seconds are given.
    pub(crate) fn default_frames(self) -> u32 {
        match self {
            Kind::Gear => 48,
            Kind::Walk => 0,
            Kind::Chart => 154,
            Kind::Spin => 48,
            Kind::Wrap => 96,
            Kind::Split => 84,
            Kind::Game => 0,
        }
    }
}

/// A kind's name, in any case.
impl std::str::FromStr for Kind {
    type Err = crate::names::UnknownName;
    fn from_str(s: &str) -> Result<Kind, Self::Err> {
        crate::names::parse(s, &Kind::ALL, &Kind::NAMES, Kind::name)
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
pub(crate) fn delay_of_fps(fps: f64) -> u16 {
    (100.0 / fps.clamp(FPS_RANGE.0, FPS_RANGE.1)).round().clamp(2.0, 10_000.0) as u16
}

/// Frames ready to encode.
#[derive(Clone, Debug)]
pub struct Animation {
    /// The frames, all of one size.
    pub frames: Vec<Scene>,
    /// How long each frame shows, in hundredths of a second.
    pub delay_cs: u16,
    /// Each frame's own delay, where frames differ (a game replay's); empty: every frame shows
    /// for `delay_cs`.
    pub delays: Vec<u16>,
    /// How many times it plays: 0 = forever.
    pub plays: u32,
    /// The colours the frames are drawn with (the theme's, as the figure used them): the base
    /// of the GIF palette.
    pub colours: Vec<Rgb>,
}

impl Animation {
    /// How long frame `k` shows, in hundredths of a second.
    pub fn delay(&self, k: usize) -> u16 {
        self.delays.get(k).copied().unwrap_or(self.delay_cs)
    }
}

/// Why an animation cannot be made.
#[derive(Debug, thiserror::Error, PartialEq)]
#[non_exhaustive]
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
    /// A frame is too large to paint (the raster formats' pixel limit).
    #[error("{0}")]
    Pixels(String),
}

/// What each frame is handed to as soon as it is drawn (while the others are drawn in
/// parallel): the memory budget's running count, which stops the drawing at the first frame over
/// it. `Ok` for every frame: no check.
pub(crate) type FrameCheck<'a> = dyn Fn(&Scene) -> Result<(), AnimError> + Sync + 'a;

/// What every kind's frames are drawn from: the panel's position, its overlay (with the figure's
/// title), view and theme, how many frames, and the check each frame is handed to.
#[derive(Clone, Copy)]
pub(crate) struct FrameArgs<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) overlay: &'a Overlay,
    pub(crate) view: &'a View,
    pub(crate) theme: &'a Theme,
    pub(crate) n: u32,
    pub(crate) check: &'a FrameCheck<'a>,
}

/// A frame, once `check` has seen it.
pub(crate) fn checked(check: &FrameCheck, scene: Scene) -> Result<Scene, AnimError> {
    check(&scene)?;
    Ok(scene)
}

/// Builds the frames of an animation of a figure's panel.
pub fn build(spec: &AnimSpec, panel: &PanelSpec, title: Option<&str>, theme: &Theme) -> Result<Animation, AnimError> {
    build_within(spec, panel, title, theme, &|_| Ok(()))
}

/// [`build`], handing each frame to `check` as soon as it is drawn: the first error stops the
/// drawing (see [`FrameCheck`]).
pub(crate) fn build_within(
    spec: &AnimSpec,
    panel: &PanelSpec,
    title: Option<&str>,
    theme: &Theme,
    check: &FrameCheck,
) -> Result<Animation, AnimError> {
    let mut overlay = panel.overlay.clone();
    overlay.title = title.map(str::to_string).or(overlay.title);
    let (pos, view, n) = (&panel.position, &panel.view, frame_count(spec));
    let args = FrameArgs { pos, overlay: &overlay, view, theme, n, check };
    let frames = match spec.kind {
        Kind::Gear => gear::frames(args)?,
        // A walk takes its frames from its route: `n` is what was asked, 0 for its own count.
        Kind::Walk => walk::frames(FrameArgs { n: spec.frames, ..args })?,
        Kind::Chart => chart_steps::frames(args)?,
        Kind::Spin => spin::frames(args)?,
        Kind::Wrap => board_to_ball::frames(args)?,
        Kind::Split => split::frames(args)?,
        Kind::Game => return Err(no_game()),
    };
    let colours = scene_colours(&frames, theme);
    Ok(Animation { frames, delay_cs: spec.delay_cs, delays: Vec::new(), plays: spec.plays, colours })
}

/// The error of a game replay asked for without a game.
pub(crate) fn no_game() -> AnimError {
    AnimError::Content("a game replay (kind = \"game\") needs a game file (.pgn) as its position".into())
}

pub(crate) fn frame_count(spec: &AnimSpec) -> u32 {
    let n = if spec.frames == 0 { spec.kind.default_frames() } else { spec.frames };
    n.clamp(1, MAX_FRAMES)
}

/// Every colour the scenes paint with, background first, then in order of first use.
pub(crate) fn scene_colours(frames: &[Scene], theme: &Theme) -> Vec<Rgb> {
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

/// A copy of a position with one piece moved (for walks): the piece leaves `from` and stands on
/// `to`, whatever stood there before.
pub(crate) fn moved(pos: &Position, from: crate::rules::topology::Cell, to: crate::rules::topology::Cell) -> Position {
    let mut p = pos.clone();
    if let Some(piece) = p.take(from) {
        p.take(to);
        p.put(to, piece);
    }
    p
}

/// The view of a panel with another kind, keeping its size and coordinates.
pub(crate) fn with_kind(view: &View, kind: crate::draw::figure::ViewKind) -> View {
    View { kind, ..*view }
}
