//! The one check: an overlay's [`Draft`] and the options given beside it (command-line flags, a
//! URL query) become a checked [`FigureSpec`]. The options given beside the file override its
//! values (marks add to its marks); then every value is checked once — against its limits, the
//! view it belongs to ([`super::options::Applies`]), the board and the animation — and an error
//! names where the value came from ([`Origin`]).

use super::MAX_PANELS;
use super::diagnostics::{InputError, Place};
use super::draft::{Draft, PanelDraft};
use super::marks::{add_mark, lastmove};
use super::options::{
    Along, Applies, FigureOptions, Given, Key, Level, NumberOrFile, Origin, ThemeValue, Ty, Value, ValueError, or_list,
    shown_number, spec,
};
use crate::draw::animation::{AnimError, AnimSpec, Kind, MAX_FRAMES, delay_of_fps};
use crate::draw::document::FigureSpec;
use crate::draw::figure::{Overlay, PanelSpec, View, ViewKind};
use crate::draw::geometry::Window;
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use crate::rules::topology::Topology;

/// A checked figure, and the options it was made from (for errors found later, when the
/// animation is built: its budget names the option that asked for too much).
#[derive(Clone, Debug)]
pub struct Checked {
    /// The figure.
    pub figure: FigureSpec,
    /// The figure's options as merged: the file's top level and `[animation]` under the flags.
    pub options: FigureOptions,
    /// The first panel's view options as merged.
    pub first_view: FigureOptions,
}

/// Checks a draft with the options given beside it: theirs override the file's, theirs marks add
/// to the file's, and each panel's view takes the view options (a flag that does not belong to
/// a panel's view is an error; `view` is an error with several panels).
pub fn figure(draft: &Draft, given: &FigureOptions) -> Result<Checked, InputError> {
    given.check_single()?;
    let top = without(given, Level::View).over(&draft.options);
    let view_flags = given.level(Level::View);
    if draft.panels.len() > 1
        && let Some(g) = view_flags.get(Key::View)
    {
        return Err(g
            .origin
            .error(format!("cannot apply: the overlay draws {} panels, each with its own view", draft.panels.len())));
    }
    let marks = given.level(Level::Mark);
    let why = &draft.why_fewer;
    let mut panels = Vec::new();
    let mut first_view = None;
    let plain = [PanelDraft {
        position: draft.base.position.clone(),
        own_board: false,
        options: FigureOptions::default(),
        caption: None,
        why_fewer: None,
        each_loop: None,
    }];
    let drafts = if draft.panels.is_empty() { &plain[..] } else { &draft.panels[..] };
    for (i, p) in drafts.iter().enumerate() {
        let view_options = view_flags.over(&p.options.level(Level::View).over(&width_of(&p.options)));
        let mut view = View::hemispheres();
        apply_view(&view_options, p.position.topology(), &mut view)?;
        first_view.get_or_insert(view_options);
        let mut overlay = Overlay::default();
        let own = |mut e: InputError| {
            if p.own_board {
                e.message += &format!(" (in panel {}, on its {} board)", i + 1, p.position.variant().id);
            }
            e
        };
        add_marks(&draft.options.level(Level::Mark), &p.position, &mut overlay).map_err(own)?;
        add_marks(&p.options.level(Level::Mark), &p.position, &mut overlay)?;
        add_marks(&marks, &p.position, &mut overlay)?;
        let why_fewer = p.why_fewer.clone().or_else(|| why.clone());
        match &p.each_loop {
            None => panels.push(PanelSpec {
                position: p.position.clone(),
                view,
                overlay,
                caption: p.caption.clone(),
                why_fewer,
            }),
            Some(origin) => each_loop(p, origin, view, &overlay, why_fewer, &mut panels)?,
        }
    }
    if panels.len() > MAX_PANELS {
        return Err(whole(draft, format!("makes {} panels; at most {MAX_PANELS}", panels.len())));
    }
    let animation = animation(&top, panels.first().map(|p| &p.position))?;
    let figure = FigureSpec {
        title: top.text(Key::Title).map(str::to_string).or_else(|| draft.base.title.clone()),
        theme: theme(&top)?,
        // 0: as many a row as the figure lays out by itself.
        columns: top.whole(Key::Columns).map_or(0, |c| c as usize),
        width: top.number(Key::Width),
        panels,
        expect: draft.expect.clone(),
        animation,
        background: top.background(),
        dpi: top.number(Key::Dpi),
        script: None,
    };
    Ok(Checked { figure, options: top, first_view: first_view.unwrap_or_default() })
}

fn whole(draft: &Draft, message: String) -> InputError {
    match &draft.file {
        Some(f) => super::diagnostics::Source::new(&f.name, &f.text).whole(message),
        None => InputError::at(Place::Figure, message),
    }
}

/// The options but those of a level.
fn without(o: &FigureOptions, level: Level) -> FigureOptions {
    let mut out = FigureOptions::default();
    for g in o.iter().filter(|g| spec(g.key).level != level) {
        out.push(g.key, g.value.clone(), g.origin.clone());
    }
    out
}

/// A panel's own `width`.
fn width_of(o: &FigureOptions) -> FigureOptions {
    let mut out = FigureOptions::default();
    if let Some(g) = o.get(Key::Width) {
        out.push(g.key, g.value.clone(), g.origin.clone());
    }
    out
}

fn theme(top: &FigureOptions) -> Result<Theme, InputError> {
    match top.get(Key::Theme) {
        None => Ok(Theme::essay()),
        Some(Given { value: Value::Theme(ThemeValue::Read(t)), .. }) => Ok((**t).clone()),
        Some(Given { value: Value::Theme(ThemeValue::Named(n)), origin, .. }) => {
            Theme::built_in(n).map_err(|e| origin.error(e.to_string()))
        }
        Some(g) => Err(g.origin.error("is not a theme")),
    }
}

/// One panel per loop of the panel's board, ordered by kind, then by starting cell, then
/// north-east before south-east, so that each starting cell's diagonals read in the same order.
fn each_loop(
    p: &PanelDraft,
    origin: &Origin,
    view: View,
    overlay: &Overlay,
    why_fewer: Option<String>,
    panels: &mut Vec<PanelSpec>,
) -> Result<(), InputError> {
    let topo = *p.position.topology();
    let mut loops = crate::rules::routes::loops(&topo);
    if loops.is_empty() {
        return Err(origin.error(format!(
            "this panel has `each_loop = true`, but the {} board has no loops: nothing to draw",
            p.position.variant().id
        )));
    }
    loops.sort_by_key(|l| (l.kind, l.route.from, -l.dir.dr, l.dir.df));
    for l in loops {
        let mut ov = overlay.clone();
        ov.loops.push((l.route.from, l.dir));
        let caption =
            format!("{} from {}, heading {}", l.kind.name(), topo.name(l.route.from), l.dir.name().to_uppercase());
        panels.push(PanelSpec {
            position: p.position.clone(),
            view,
            overlay: ov,
            caption: Some(caption),
            why_fewer: why_fewer.clone(),
        });
    }
    Ok(())
}

/// Adds the marks of some options (of the mark level) to a panel's overlay, each read on the
/// panel's board.
fn add_marks(o: &FigureOptions, pos: &Position, overlay: &mut Overlay) -> Result<(), InputError> {
    for g in o.iter() {
        match (g.key, &spec(g.key).ty, &g.value) {
            (_, Ty::Mark(kind), Value::Text(t)) => {
                add_mark(pos, *kind, t, overlay).map_err(|e| g.origin.error_within(t, e.offset, e.message))?
            }
            (_, Ty::Move, Value::Text(t)) => {
                overlay.lastmove = Some(lastmove(pos, t).map_err(|e| g.origin.error_within(t, e.offset, e.message))?)
            }
            (Key::Pseudo, _, Value::Bool(b)) => overlay.pseudo = *b,
            (Key::Check, _, Value::Bool(b)) => overlay.hide_check = !*b,
            (Key::OverPieces, _, Value::Bool(b)) => overlay.marks_over_pieces = *b,
            _ => return Err(g.origin.error("is not a mark a panel draws")),
        }
    }
    Ok(())
}

/// Sets view options on a view: `view` first (starting from that view's defaults), then the
/// others, each checked against the views it belongs to and against the board.
pub(crate) fn apply_view(o: &FigureOptions, topo: &Topology, view: &mut View) -> Result<(), InputError> {
    if let Some(v) = o.view() {
        *view = v;
    }
    let name = view.kind.name();
    if let Some(g) = o.iter().find(|g| matches!(spec(g.key).applies, Applies::Views(views) if !views.contains(&name))) {
        return Err(not_of_view(g, name));
    }
    for g in o.iter().filter(|g| g.key != Key::View) {
        set_view_option(g, topo, view)?;
    }
    Ok(())
}

/// The error for an option that does not belong to the view `name`.
fn not_of_view(g: &Given, name: &str) -> InputError {
    match spec(g.key).applies {
        Applies::Views(views) => {
            let list = match views.len() {
                1 => format!("{} view", views[0]),
                _ => format!("{} views", or_list(views).replace(" or ", " and ")),
            };
            g.origin.error(format!("belongs to the {list}, not to the {name} view"))
        }
        Applies::All => g.origin.error(format!("is not an option of the {name} view")),
    }
}

/// Sets one view option (not `view`) on a view, whose kind takes it.
fn set_view_option(g: &Given, topo: &Topology, view: &mut View) -> Result<(), InputError> {
    let name = view.kind.name();
    match (g.key, &g.value, &mut view.kind) {
        (Key::Width, Value::Number(w), _) => view.width = *w,
        (Key::Coordinates, Value::Coordinates(c), _) => view.coordinates = *c,
        (Key::Orientation, Value::Orientation(o), _) => view.orientation = *o,
        (
            Key::Rotation,
            Value::NumberOrFile(r),
            ViewKind::Hemispheres { rotation }
            | ViewKind::Hemisphere { rotation, .. }
            | ViewKind::Disc { rotation, .. },
        ) => *rotation = files(topo, r, Along::Files).map_err(|m| g.origin.error(m))?,
        (Key::Pole, Value::Pole(p), ViewKind::Disc { pole, .. }) => *pole = Some(*p),
        (Key::Window, Value::Window([x0, y0, cols, rows]), ViewKind::Chart { window, .. }) => {
            *window = Some(Window { x0: *x0 as i32, y0: *y0 as i32, cols: *cols as u32, rows: *rows as u32 })
        }
        (Key::Tint, Value::Bool(b), ViewKind::Chart { tint, .. } | ViewKind::Board { tint, .. }) => *tint = *b,
        (Key::Edges, Value::Bool(b), ViewKind::Chart { edges, .. } | ViewKind::Board { edges, .. }) => *edges = *b,
        (Key::Latitude, Value::Number(v), ViewKind::Globe { viewpoint, .. }) => viewpoint.latitude = *v,
        (Key::Longitude, Value::NumberOrFile(r), ViewKind::Globe { viewpoint, .. }) => {
            viewpoint.longitude = files(topo, r, Along::Degrees(720.0)).map_err(|m| g.origin.error(m))?
        }
        (Key::Roll, Value::Number(v), ViewKind::Globe { viewpoint, .. }) => viewpoint.roll = *v,
        (Key::Ghost, Value::Bool(b), ViewKind::Globe { ghost, .. }) => *ghost = *b,
        _ => return Err(not_of_view(g, name)),
    }
    Ok(())
}

/// A number of files (`-W` to `2W`) or degrees, or a file letter: its middle, in files or at
/// `u · 360 / W` degrees.
fn files(topo: &Topology, r: &NumberOrFile, along: Along) -> Result<f64, ValueError> {
    let w = topo.width() as f64;
    match (r, along) {
        (NumberOrFile::Number(v), Along::Files) => {
            if !(-w..=2.0 * w).contains(v) {
                let range = format!("-{w} to {} files", 2.0 * w);
                return Err(ValueError::OutOfRange { value: shown_number(*v), range });
            }
            Ok(*v)
        }
        (NumberOrFile::Number(v), Along::Degrees(_)) => Ok(*v),
        (NumberOrFile::File(f), _) => {
            let c = topo
                .parse_cell(&format!("{f}1"))
                .filter(|_| f.chars().count() == 1)
                .ok_or_else(|| ValueError::NotAFile(f.clone()))?;
            let u = topo.coords(c).map_or(0.0, |(x, _)| x as f64 + 0.5);
            Ok(match along {
                Along::Files => u,
                Along::Degrees(_) => u * 360.0 / w,
            })
        }
    }
}

/// The animation the options ask for, if any: its kind, timing and plays; `seconds` is turned
/// into frames at the rate finally chosen. A kind that cannot animate the first panel's board
/// (`first`, the one animated) is refused first, at the kind: it is the fault the others follow
/// from (a chart's seven steps need seven frames, but no number of frames draws it on live poles).
pub fn animation(top: &FigureOptions, first: Option<&Position>) -> Result<Option<AnimSpec>, InputError> {
    if !top.has(Level::Animation) {
        return Ok(None);
    }
    // The table's default animation.
    let kind = top.kind().unwrap_or(Kind::Gear);
    if let (Some(g), Some(why)) = (top.get(Key::Kind), first.and_then(|p| kind.refusal(p.topology()))) {
        return Err(g.origin.error(why));
    }
    let mut spec = AnimSpec::new(kind);
    if let Some(v) = top.number(Key::Fps) {
        spec.delay_cs = delay_of_fps(v);
    }
    let least = kind.min_frames();
    if let Some(g) = top.get(Key::Frames)
        && let Value::Whole(n) = g.value
    {
        if n < least as i64 {
            return Err(g.origin.error(format!(
                "{n} is too few: the {} animation shows {least} steps ({least} to {MAX_FRAMES} frames)",
                kind.name()
            )));
        }
        spec.frames = n as u32;
    }
    if let Some(g) = top.get(Key::Seconds)
        && let Value::Number(s) = g.value
    {
        let n = (s * 100.0 / spec.delay_cs as f64).round();
        if !(n >= least as f64 && n <= MAX_FRAMES as f64) {
            return Err(g.origin.error(format!(
                "{} seconds make {n} frames at {} hundredths of a second each; {least} to {MAX_FRAMES} fit",
                shown_number(s),
                spec.delay_cs
            )));
        }
        spec.frames = n as u32;
    }
    if let Some(Given { value: Value::Plays(p), .. }) = top.get(Key::Plays) {
        spec.plays = *p;
    }
    Ok(Some(spec))
}

/// An error met while the animation's frames were built and measured, said at the option
/// responsible: the kind for what it cannot draw, the width for frames too large to paint, the
/// frames (or seconds, or width, or kind) for frames that need more memory than a figure may.
pub fn animation_error(checked: &Checked, e: &AnimError) -> InputError {
    let top = &checked.options;
    let width = top.get(Key::Width).or(checked.first_view.get(Key::Width));
    let kind = top.get(Key::Kind);
    let (at, message) = match e {
        AnimError::Content(m) => (kind, m.clone()),
        AnimError::Pixels(m) => (width.or(kind), m.clone()),
        AnimError::Budget(m) => (top.get(Key::Frames).or(top.get(Key::Seconds)).or(width).or(kind), m.clone()),
        AnimError::Encode(m) => (None, m.clone()),
    };
    match at {
        Some(g) => {
            let hint = match (e, g.key) {
                (AnimError::Content(_), _) if checked.figure.animation.is_some_and(|a| a.kind == Kind::Walk) => {
                    format!(": give {}", loop_hint(&g.origin))
                }
                (AnimError::Budget(_), k) if k != Key::Width => {
                    format!("; or a smaller {}", g.origin.spelling(Key::Width))
                }
                _ => String::new(),
            };
            g.origin.error(format!("{message}{hint}"))
        }
        None => InputError::at(Place::Animation, message),
    }
}

/// How a loop is given where `origin` is.
fn loop_hint(origin: &Origin) -> String {
    match origin {
        Origin::Flag { .. } => "--loop d5:e (a whole loop) or --loop d2:ne:b8 (part of one)".into(),
        Origin::File { .. } => "`loops = [\"d5:e\"]` (a whole loop) or `[\"d2:ne:b8\"]` (part of one)".into(),
        Origin::Query { .. } => "`loop=d5:e` (a whole loop) or `loop=d2:ne:b8` (part of one)".into(),
        Origin::Keyword { .. } => "`loops=\"d5:e\"` (a whole loop) or `loops=\"d2:ne:b8\"` (part of one)".into(),
    }
}
