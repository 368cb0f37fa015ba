//! A game replayed (`kind = "game"`): one frame for the start and one after each ply, in any
//! view, each the figure of a [`Still`] — the last move's cells tinted and its route
//! drawn, the checked king ringed, the comment's arrows and circles, the move's glyph — with the
//! move above and the players and result in the caption below.
//!
//! Timing (what lichess's game GIFs do, and what a reader of a replay expects): a frame shows for
//! 1 s, the last for 3 s; where the file gives move times (`[%emt]`, or `[%clk]` differences),
//! each frame shows for the time the next move took, scaled as lichess scales them ([`scale`]),
//! never under 2 hundredths (browsers show shorter GIF frames for a tenth of a second).
//!
//! On the globe the view follows the game: when the moved piece would be hidden or near the limb,
//! the ball turns by the least angle that brings it (and the cell it came from, when both fit)
//! well into view ([`follow`]), and a turn is begun on the frame before it where that frame's own
//! piece stays in view, so the ball turns in steps rather than jumping.

use super::{AnimError, Animation, FrameCheck, MAX_FRAMES, checked, scene_colours};
use crate::draw::figure::{Overlay, View, ViewKind, fitted_chart_window, render};
use crate::draw::geometry::{Surface, Viewpoint, Window, dot};
use crate::draw::scene::Scene;
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use rayon::prelude::*;

/// The position after some plies of a game, with what the game draws over it.
#[derive(Clone, Debug)]
pub struct Still {
    /// Plies played (0: the start).
    pub ply: usize,
    /// The position.
    pub position: Position,
    /// The last move (`lastmove`), the comment's arrows and circles, the move's glyph.
    pub overlay: Overlay,
    /// The move that led here, numbered as in a book (`12... Nf6!`), or `Start`.
    pub heading: String,
}

/// What a replay is made from: a game's stills from the start to its end, its caption, the time
/// each ply took where the file says (hundredths), and the plies shown. Made by
/// [`crate::input::game::Game::script`].
#[derive(Clone, Debug)]
pub struct Script {
    /// The start and the position after each ply.
    pub stills: Vec<Still>,
    /// The players, event and result.
    pub caption: String,
    /// Each ply's time, where known.
    pub times: Vec<Option<u64>>,
    /// The first ply shown (0: the start position).
    pub from: usize,
    /// The last ply shown (beyond the game: its end).
    pub to: usize,
}

impl Script {
    /// The number of plies.
    pub fn plies(&self) -> usize {
        self.stills.len().saturating_sub(1)
    }
}

/// A game's marks over an overlay's own: the game's last move and glyph, its arrows and circles
/// after the overlay's.
pub fn over(base: &Overlay, game: &Overlay) -> Overlay {
    let mut o = base.clone();
    o.lastmove = game.lastmove.or(base.lastmove);
    o.glyph = game.glyph.clone().or_else(|| base.glyph.clone());
    o.arrows.extend(game.arrows.iter().copied());
    o.circles.extend(game.circles.iter().copied());
    o
}

/// A frame's delay when the file gives no move time, in hundredths.
pub const DEFAULT_DELAY: u16 = 100;
/// The last frame's delay.
pub const LAST_DELAY: u16 = 300;
/// The shortest delay written.
pub const MIN_DELAY: u16 = 2;
/// lichess's target median move time, in hundredths.
const TARGET_MEDIAN: f64 = 80.0;
/// lichess's longest scaled move time.
const TARGET_MAX: f64 = 200.0;

/// How a game is replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// How many times it plays: 0 = forever.
    pub plays: u32,
    /// The view; on the globe, its viewpoint is where the ball starts.
    pub view: View,
    /// Marks drawn on every frame (an overlay file's), under the game's own.
    pub base: Overlay,
}

impl Replay {
    /// A replay in a view, looping forever.
    pub fn new(view: View) -> Replay {
        Replay { plays: 0, view, base: Overlay::default() }
    }
}

/// The plies shown, checked against the game: `(from, to)` with `to` clamped.
pub fn range(game: &Script) -> Result<(usize, usize), AnimError> {
    let n = game.plies();
    let to = game.to.min(n);
    if game.from > to {
        return Err(AnimError::Content(format!(
            "the replay starts at ply {} but the game has {n} plies{}",
            game.from,
            if game.to < n { format!(" and it ends at ply {}", game.to) } else { String::new() }
        )));
    }
    if to - game.from + 1 > MAX_FRAMES as usize {
        return Err(AnimError::Content(format!(
            "plies {} to {to} make {} frames; at most {MAX_FRAMES} (choose a part with --from and --to)",
            game.from,
            to - game.from + 1
        )));
    }
    Ok((game.from, to))
}

/// The frames of a replay, with their delays.
pub fn build(game: &Script, r: &Replay, theme: &Theme) -> Result<Animation, AnimError> {
    build_within(game, r, theme, &|_| Ok(()))
}

/// [`build`], handing each frame to `check` as soon as it is drawn (the memory budget's count:
/// the first error stops the drawing).
pub(crate) fn build_within(
    game: &Script,
    r: &Replay,
    theme: &Theme,
    check: &FrameCheck,
) -> Result<Animation, AnimError> {
    let (from, to) = range(game)?;
    let mut stills: Vec<Still> =
        game.stills[from..=to].iter().map(|s| Still { overlay: over(&r.base, &s.overlay), ..s.clone() }).collect();
    hold_rank_numbers(&mut stills, &r.view);
    let views = follow(&stills, &one_window(&stills, &r.view));
    let frames = stills
        .par_iter()
        .zip(&views)
        .map(|(s, view)| checked(check, frame(s, view, theme, &game.caption)))
        .collect::<Result<Vec<Scene>, AnimError>>()?;
    let colours = scene_colours(&frames, theme);
    Ok(Animation { frames, delay_cs: DEFAULT_DELAY, delays: delays(game, from, to), plays: r.plays, colours })
}

/// The rank numbers of a replay on the round views (hemispheres, one hemisphere, the disc) on one
/// file boundary for the whole game: the one, nearest the side away from the touching point,
/// with empty squares on both sides on the most ranks of the most frames. Each frame then keeps
/// a number there unless a piece now stands beside it, instead of every frame choosing its own
/// boundary and the numbers jumping between frames (docs/rules.md §5.7).
fn hold_rank_numbers(stills: &mut [Still], view: &View) {
    let rotation = match view.kind {
        ViewKind::Hemispheres { rotation }
        | ViewKind::Hemisphere { rotation, .. }
        | ViewKind::Disc { rotation, .. } => rotation,
        ViewKind::Chart { .. } | ViewKind::Globe { .. } | ViewKind::Board { .. } => return,
    };
    let Some(first) = stills.first() else { return };
    let topo = first.position.topology();
    let w = topo.width() as i32;
    let opposite = (rotation + w as f64 / 2.0).round() as i32;
    let free = |b: i32| -> usize {
        let beside = |s: &Still, f: i32, r: u8| {
            topo.square(f.rem_euclid(w) as u8, r).is_none_or(|c| s.position.piece_at(c).is_none())
        };
        stills.iter().map(|s| (0..topo.height()).filter(|&r| beside(s, b, r) && beside(s, b - 1, r)).count()).sum()
    };
    // Candidates from the opposite side outwards, so that ties keep the nearer.
    let candidates = (0..=w / 2).flat_map(|k| [opposite + k, opposite - k]);
    let Some(best) = candidates.max_by_key(|&b| (free(b), std::cmp::Reverse((b - opposite).abs()))) else { return };
    for s in stills.iter_mut() {
        s.overlay.rank_numbers_at.get_or_insert(best.rem_euclid(w));
    }
}

/// The view with one chart window for every frame: a chart view given no window fits one to each
/// figure's marks, and a wider window draws a shorter picture at the same width, so a frame whose
/// comment has an arrow across the seam would be shorter than the rest. The window taken holds
/// every frame's marks. Other views are returned as they are.
fn one_window(stills: &[Still], view: &View) -> View {
    let mut v = *view;
    if let ViewKind::Chart { window: w @ None, .. } = &mut v.kind {
        let fitted: Vec<Window> = stills.iter().map(|s| fitted_chart_window(&s.position, &s.overlay)).collect();
        let x0 = fitted.iter().map(|f| f.x0).min().unwrap_or(0);
        let y0 = fitted.iter().map(|f| f.y0).min().unwrap_or(0);
        let x1 = fitted.iter().map(|f| f.x0 + f.cols as i32).max().unwrap_or(x0 + 1);
        let y1 = fitted.iter().map(|f| f.y0 + f.rows as i32).max().unwrap_or(y0 + 1);
        *w = Some(Window { x0, y0, cols: (x1 - x0).max(1) as u32, rows: (y1 - y0).max(1) as u32 });
    }
    v
}

/// One frame: the still drawn with its move above and the game's caption below (at the one
/// caption size, in as many lines as it needs), as wide as the view asks.
pub fn frame(s: &Still, view: &View, theme: &Theme, caption: &str) -> Scene {
    let mut overlay = s.overlay.clone();
    overlay.title = Some(s.heading.clone());
    let mut scene = render(&s.position, &overlay, view, theme);
    if caption.is_empty() {
        return scene;
    }
    // A band under the figure, the caption at the one caption size (docs/rules.md §5.8), broken
    // into lines to fit the width.
    use crate::draw::figure::CAPTION_SIZE;
    let lines = crate::draw::figure::caption_lines(caption, scene.width * 0.94, theme);
    let line_h = CAPTION_SIZE * 1.25;
    let band = (lines.len() as f64 * line_h + CAPTION_SIZE * 0.9).ceil();
    for (i, line) in lines.into_iter().enumerate() {
        let at = crate::draw::scene::Pt::new(
            scene.width / 2.0,
            scene.height + CAPTION_SIZE * 0.3 + (i as f64 + 0.5) * line_h,
        );
        scene.push(crate::draw::figure::caption_line(line, caption, at, theme));
    }
    scene.height += band;
    scene
}

/// Each frame's delay in hundredths: the next move's scaled time where the file gives it, else
/// [`DEFAULT_DELAY`]; the last frame [`LAST_DELAY`]; never under [`MIN_DELAY`].
pub fn delays(game: &Script, from: usize, to: usize) -> Vec<u16> {
    let times = scale(&game.times);
    (from..=to)
        .map(|k| {
            let d = if k == to {
                LAST_DELAY as u64
            } else {
                times.get(k).copied().flatten().unwrap_or(DEFAULT_DELAY as u64)
            };
            d.clamp(MIN_DELAY as u64, u16::MAX as u64) as u16
        })
        .collect()
}

/// Move times scaled as lichess scales them for its game GIFs: when the median of the known times
/// is at least 0.8 s, every time is scaled so the median becomes 0.8 s, then held between 0.4 s
/// and 2 s — except a move played in under half the median, which keeps its time up to 0.4 s;
/// otherwise times are only cut to 2 s. In hundredths.
pub fn scale(times: &[Option<u64>]) -> Vec<Option<u64>> {
    let mut known: Vec<u64> = times.iter().flatten().copied().collect();
    known.sort_unstable();
    let median = match known.len() {
        0 => None,
        n if n % 2 == 1 => Some(known[n / 2] as f64),
        n => Some((known[n / 2 - 1] + known[n / 2]) as f64 / 2.0),
    };
    let half = TARGET_MEDIAN / 2.0;
    times
        .iter()
        .map(|t| {
            let t = (*t)? as f64;
            let scaled = match median.filter(|&m| m >= TARGET_MEDIAN) {
                Some(m) if t * 2.0 < m => t.min(half),
                Some(m) => (t * TARGET_MEDIAN / m.max(1.0)).clamp(half, TARGET_MAX),
                None => t.min(TARGET_MAX),
            };
            Some(scaled.round() as u64)
        })
        .collect()
}

/// How far from the centre of the globe's picture a move's cells may lie before the ball turns
/// (degrees; 90 is the limb).
const TURN_AT: f64 = 72.0;
/// How far from the centre they lie after the turn.
const SETTLE_AT: f64 = 50.0;

/// The view of each frame: the replay's view, except that on the globe the viewpoint follows the
/// moves (see the module's description).
pub fn follow(stills: &[Still], view: &View) -> Vec<View> {
    let (start, ghost) = match view.kind {
        ViewKind::Globe { viewpoint, ghost } => (viewpoint, ghost),
        ViewKind::Hemispheres { .. }
        | ViewKind::Hemisphere { .. }
        | ViewKind::Chart { .. }
        | ViewKind::Disc { .. }
        | ViewKind::Board { .. } => return vec![*view; stills.len()],
    };
    let Some(topo) = stills.first().map(|s| s.position.topology()) else { return Vec::new() };
    let surface = Surface::new(topo);
    let unit = |cell| {
        let (lon, lat) = surface.cell_centre(topo, cell);
        Surface::unit_vector(lon, lat)
    };
    // Each frame's move: where the piece now stands, which must be seen, and its origin, which
    // the turn brings into view too when both fit.
    let moves: Vec<Option<([f64; 3], [f64; 3])>> =
        stills.iter().map(|s| s.overlay.lastmove.filter(|_| s.ply > 0).map(|(a, b)| (unit(a), unit(b)))).collect();
    let needs: Vec<Vec<[f64; 3]>> = moves.iter().map(|m| m.iter().map(|&(_, to)| to).collect()).collect();
    let mut centres: Vec<[f64; 3]> = Vec::with_capacity(stills.len());
    let mut c = centre_of(&start);
    for m in &moves {
        if let Some((from, to)) = *m
            && angle(c, to) > TURN_AT
        {
            let points = if angle(from, to) <= 2.0 * SETTLE_AT { vec![from, to] } else { vec![to] };
            c = turn_towards(c, &points);
        }
        centres.push(c);
    }
    // Ease: a frame before a turn takes half of it where its own move stays in view.
    for k in (0..centres.len().saturating_sub(1)).rev() {
        let (here, next) = (centres[k], centres[k + 1]);
        if angle(here, next) > 1.0 {
            let mid = slerp(here, next, 0.5);
            if needs[k].iter().all(|p| angle(mid, *p) <= TURN_AT) {
                centres[k] = mid;
            }
        }
    }
    let mut last_lon = start.longitude;
    centres
        .into_iter()
        .map(|c| {
            let lat = libm::asin(c[2].clamp(-1.0, 1.0)).to_degrees();
            let mut lon = libm::atan2(c[1], c[0]).to_degrees();
            // The same longitude nearest the last frame's, so the ball never turns the long way.
            lon += ((last_lon - lon) / 360.0).round() * 360.0;
            if libm::hypot(c[0], c[1]) < 1e-9 {
                lon = last_lon;
            }
            last_lon = lon;
            let viewpoint = Viewpoint { latitude: lat, longitude: lon, roll: start.roll };
            View { kind: ViewKind::Globe { viewpoint, ghost }, ..*view }
        })
        .collect()
}

fn centre_of(v: &Viewpoint) -> [f64; 3] {
    Surface::unit_vector(v.longitude.to_radians(), v.latitude.to_radians())
}

/// The angle between two unit vectors, in degrees.
fn angle(a: [f64; 3], b: [f64; 3]) -> f64 {
    libm::acos(dot(a, b).clamp(-1.0, 1.0)).to_degrees()
}

fn normalised(v: [f64; 3]) -> Option<[f64; 3]> {
    let n = dot(v, v).sqrt();
    (n > 1e-9).then(|| v.map(|x| x / n))
}

/// The point `t` of the way from `a` to `b` along the great circle.
fn slerp(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    let w = angle(a, b).to_radians();
    if w < 1e-9 {
        return a;
    }
    let (sa, sb) = (libm::sin((1.0 - t) * w) / libm::sin(w), libm::sin(t * w) / libm::sin(w));
    normalised([0, 1, 2].map(|i| sa * a[i] + sb * b[i])).unwrap_or(a)
}

/// The centre turned from `c` toward the middle of `need` by the least angle that brings every
/// point within [`SETTLE_AT`] (or all the way, when they lie too far apart for that).
fn turn_towards(c: [f64; 3], need: &[[f64; 3]]) -> [f64; 3] {
    let sum = need.iter().fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
    let Some(target) = normalised(sum).or_else(|| need.first().copied()) else { return c };
    let fits = |t: f64| need.iter().all(|p| angle(slerp(c, target, t), *p) <= SETTLE_AT);
    if !fits(1.0) {
        return target;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..30 {
        let mid = (lo + hi) / 2.0;
        if fits(mid) { hi = mid } else { lo = mid }
    }
    slerp(c, target, hi)
}

#[cfg(test)]
mod tests {
    use super::scale;

    #[test]
    fn times_are_scaled_as_lichess_scales_them() {
        // Median 10 s: scaled to 0.8 s; a fast move (under half the median) keeps its time up to
        // 0.4 s; long ones stop at 2 s; unknown ones stay unknown.
        let t = scale(&[Some(1000), Some(1000), Some(300), Some(5000), None, Some(1000)]);
        assert_eq!(t, vec![Some(80), Some(80), Some(40), Some(200), None, Some(80)]);
        // A fast game (median under 0.8 s) keeps its times, cut at 2 s.
        assert_eq!(scale(&[Some(50), Some(30), Some(900)]), vec![Some(50), Some(30), Some(200)]);
    }
}
