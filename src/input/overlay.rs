//! Overlay files: what to mark on a position (moves, arrows, loops, highlights, labels), the
//! views and panels, the theme and the animation, read into a checked
//! [`FigureSpec`] before anything is drawn.

use super::diagnostics::{InputError, Source, short_text};
use super::marks::{MarkKind, add_mark, lastmove, not_a_cell};
use super::options::{Rotation, ViewKey, ViewOptions};
use super::position::{PositionSpec, read_position};
use super::{MAX_MARKS, MAX_PANELS};
use crate::draw::document::{Expectation, FigureSpec};
use crate::draw::figure::PanelSpec;
use crate::draw::figure::{Overlay, View};
use crate::draw::theme::Theme;
use crate::rules::position::Position;
use crate::rules::topology::Cell;
use serde::Deserialize;
use serde_spanned::Spanned;

#[derive(Deserialize)]
#[serde(untagged)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn value(&self) -> f64 {
        match *self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RotationToml {
    Number(Num),
    File(String),
}

/// The mark keys, shared by an overlay's top level and its panels.
struct MarksToml<'a> {
    moves: &'a [Spanned<String>],
    pseudo: Option<bool>,
    loops: &'a [Spanned<String>],
    highlights: &'a [Spanned<String>],
    arrows: &'a [Spanned<String>],
    labels: &'a [Spanned<String>],
    circles: &'a [Spanned<String>],
    crosses: &'a [Spanned<String>],
    over_pieces: Option<bool>,
    lastmove: Option<&'a Spanned<String>>,
    check: Option<bool>,
}

/// Declares a TOML table struct with the mark keys as well as its own (serde cannot combine
/// `flatten` with `deny_unknown_fields`, and unknown keys must be errors).
macro_rules! with_marks {
    ($name:ident { $($(#[$meta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            $($(#[$meta])* $field: $ty,)*
            #[serde(default)]
            moves: Vec<Spanned<String>>,
            pseudo: Option<bool>,
            #[serde(default)]
            loops: Vec<Spanned<String>>,
            #[serde(default)]
            highlights: Vec<Spanned<String>>,
            #[serde(default)]
            arrows: Vec<Spanned<String>>,
            #[serde(default)]
            labels: Vec<Spanned<String>>,
            #[serde(default)]
            circles: Vec<Spanned<String>>,
            #[serde(default)]
            crosses: Vec<Spanned<String>>,
            over_pieces: Option<bool>,
            lastmove: Option<Spanned<String>>,
            check: Option<bool>,
        }
        impl $name {
            fn marks(&self) -> MarksToml<'_> {
                MarksToml {
                    moves: &self.moves,
                    pseudo: self.pseudo,
                    loops: &self.loops,
                    highlights: &self.highlights,
                    arrows: &self.arrows,
                    labels: &self.labels,
                    circles: &self.circles,
                    crosses: &self.crosses,
                    over_pieces: self.over_pieces,
                    lastmove: self.lastmove.as_ref(),
                    check: self.check,
                }
            }
        }
    };
}

with_marks!(PanelToml {
    view: Spanned<String>,
    caption: Option<Spanned<String>>,
    width: Option<Spanned<Num>>,
    rotation: Option<Spanned<RotationToml>>,
    window: Option<Spanned<Vec<i64>>>,
    tint: Option<Spanned<bool>>,
    edges: Option<Spanned<bool>>,
    coordinates: Option<Spanned<String>>,
    latitude: Option<Spanned<Num>>,
    longitude: Option<Spanned<Num>>,
    roll: Option<Spanned<Num>>,
    ghost: Option<Spanned<bool>>,
    pole: Option<Spanned<String>>,
    orientation: Option<Spanned<String>>,
    position: Option<Spanned<String>>,
    variant: Option<Spanned<String>>,
    each_loop: Option<bool>,
    why_fewer: Option<Spanned<String>>,
});

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectToml {
    square: Spanned<String>,
    destinations: Spanned<Vec<Spanned<String>>>,
    source: Option<Spanned<String>>,
}

/// An overlay's `[animation]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimationToml {
    kind: Spanned<String>,
    frames: Option<Spanned<i64>>,
    seconds: Option<Spanned<Num>>,
    fps: Option<Spanned<Num>>,
    #[serde(rename = "loop")]
    repeat: Option<Spanned<LoopToml>>,
}

/// `loop = true` (forever), `false` (once) or a number of plays.
#[derive(Deserialize)]
#[serde(untagged)]
enum LoopToml {
    Forever(bool),
    Plays(i64),
}

fn read_animation(src: &Source, a: &AnimationToml) -> Result<crate::draw::animation::AnimSpec, InputError> {
    use crate::draw::animation::{AnimSpec, FPS_RANGE, Kind, MAX_FRAMES, delay_of_fps};
    let kind = Kind::parse(a.kind.get_ref()).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|(_, n)| *n).collect();
        src.error(a.kind.span(), format!("unknown animation `{}` ({})", a.kind.get_ref(), names.join(", ")))
    })?;
    let mut spec = AnimSpec::new(kind);
    if let Some(f) = &a.fps {
        let v = f.get_ref().value();
        if !(FPS_RANGE.0..=FPS_RANGE.1).contains(&v) {
            return Err(
                src.error(f.span(), format!("`fps` = {v} is out of range ({} to {})", FPS_RANGE.0, FPS_RANGE.1))
            );
        }
        spec.delay_cs = delay_of_fps(v);
    }
    match (&a.frames, &a.seconds) {
        (Some(_), Some(s)) => return Err(src.error(s.span(), "give `frames` or `seconds`, not both")),
        (Some(f), None) => {
            if !(1..=MAX_FRAMES as i64).contains(f.get_ref()) {
                return Err(src.error(f.span(), format!("`frames` must be 1 to {MAX_FRAMES}")));
            }
            spec.frames = *f.get_ref() as u32;
        }
        (None, Some(s)) => {
            let v = s.get_ref().value();
            let n = (v * 100.0 / spec.delay_cs as f64).round();
            if !(n >= 1.0 && n <= MAX_FRAMES as f64) {
                return Err(src.error(s.span(), format!("`seconds` = {v} makes {n} frames; 1 to {MAX_FRAMES} fit")));
            }
            spec.frames = n as u32;
        }
        (None, None) => {}
    }
    if let Some(l) = &a.repeat {
        spec.plays = match *l.get_ref() {
            LoopToml::Forever(true) => 0,
            LoopToml::Forever(false) => 1,
            LoopToml::Plays(n) if (1..=10_000).contains(&n) => n as u32,
            LoopToml::Plays(_) => {
                return Err(src.error(l.span(), "`loop` is true (forever), false (once) or 1 to 10000 plays"));
            }
        };
    }
    Ok(spec)
}

with_marks!(OverlayToml {
    animation: Option<AnimationToml>,
    background: Option<Spanned<String>>,
    dpi: Option<Spanned<Num>>,
    why_fewer: Option<Spanned<String>>,
    title: Option<Spanned<String>>,
    width: Option<Spanned<Num>>,
    theme: Option<Spanned<String>>,
    columns: Option<Spanned<i64>>,
    #[serde(default)]
    panels: Vec<PanelToml>,
    #[serde(default)]
    expect: Vec<ExpectToml>,
});

/// Where an overlay file finds other position files it names (`position = "…"` in a panel):
/// given the path as written, their name and text.
pub type Loader<'a> = dyn Fn(&str) -> Result<(String, String), String> + 'a;

/// Reads an overlay spec for a position. `load` resolves a panel's own `position` file.
pub fn read_overlay(name: &str, text: &str, base: &PositionSpec, load: &Loader) -> Result<FigureSpec, InputError> {
    let src = Source::new(name, text);
    let o: OverlayToml = src.toml()?;
    let theme = match &o.theme {
        None => Theme::essay(),
        Some(t) => super::theme::built_in_or_file(&src, t, load)?,
    };
    let columns = match &o.columns {
        None => 0,
        Some(c) if (1..=MAX_PANELS as i64).contains(c.get_ref()) => *c.get_ref() as usize,
        Some(c) => return Err(src.error(c.span(), format!("`columns` must be 1 to {MAX_PANELS}"))),
    };
    // The top-level marks are names until each panel resolves them on its own board.
    if o.panels.len() > MAX_PANELS {
        return Err(src.whole(format!("has {} panels; at most {MAX_PANELS}", o.panels.len())));
    }
    let shared_why = short_text(&src, &o.why_fewer, "why_fewer")?;
    let mut panels = Vec::new();
    if o.panels.is_empty() {
        let mut overlay = Overlay::default();
        apply_marks(&src, &base.position, &o.marks(), &mut overlay)?;
        panels.push(PanelSpec {
            position: base.position.clone(),
            view: View::hemispheres(),
            overlay,
            caption: None,
            why_fewer: shared_why.clone(),
        });
    }
    for (i, p) in o.panels.iter().enumerate() {
        let position = match (&p.position, &p.variant) {
            (None, None) => base.position.clone(),
            (Some(file), variant) => {
                let v = match variant {
                    None => base.position.variant().id,
                    Some(v) => src.variant(v)?,
                };
                let (n, t) = load(file.get_ref()).map_err(|e| src.error(file.span(), e))?;
                read_position(&n, &t, v)?.position
            }
            (None, Some(v)) => {
                let id = src.variant(v)?;
                Position::start(id)
            }
        };
        let view = read_view(&src, &position, p)?;
        let mut overlay = Overlay::default();
        apply_marks(&src, &position, &o.marks(), &mut overlay).map_err(|mut e| {
            if p.position.is_some() || p.variant.is_some() {
                e.message += &format!(" (in panel {}, on its {} board)", i + 1, position.variant().id);
            }
            e
        })?;
        apply_marks(&src, &position, &p.marks(), &mut overlay)?;
        let why_fewer = short_text(&src, &p.why_fewer, "why_fewer")?.or_else(|| shared_why.clone());
        if p.each_loop == Some(true) {
            let topo = *position.topology();
            if crate::rules::routes::loops(&topo).is_empty() {
                return Err(src.error(
                    p.view.span(),
                    format!(
                        "this panel has `each_loop = true`, but the {} board has no loops: nothing to draw",
                        position.variant().id
                    ),
                ));
            }
            // One panel per loop, ordered by kind, then by starting cell, then north-east before
            // south-east, so that each starting cell's diagonals read in the same order.
            let mut loops = crate::rules::routes::loops(&topo);
            loops.sort_by_key(|l| (l.kind, l.route.from, -l.dir.dr, l.dir.df));
            for l in loops {
                let mut ov = overlay.clone();
                ov.loops.push((l.route.from, l.dir));
                let caption = format!(
                    "{} from {}, heading {}",
                    l.kind.name(),
                    topo.name(l.route.from),
                    l.dir.name().to_uppercase()
                );
                panels.push(PanelSpec {
                    position: position.clone(),
                    view,
                    overlay: ov,
                    caption: Some(caption),
                    why_fewer: why_fewer.clone(),
                });
            }
            continue;
        }
        let caption = short_text(&src, &p.caption, "caption")?;
        panels.push(PanelSpec { position, view, overlay, caption, why_fewer });
    }
    if panels.len() > MAX_PANELS {
        return Err(src.whole(format!("makes {} panels; at most {MAX_PANELS}", panels.len())));
    }
    if panels.is_empty() {
        return Err(src.whole("draws no panel: nothing to draw"));
    }
    let mut expect = Vec::new();
    for e in &o.expect {
        let square = cell(&src, &base.position, &e.square)?;
        if base.position.piece_at(square).is_none() {
            return Err(src.error(e.square.span(), format!("no piece on {}", e.square.get_ref())));
        }
        let mut destinations = Vec::new();
        for d in e.destinations.get_ref() {
            destinations.push(cell(&src, &base.position, d)?);
        }
        if destinations.len() > 1000 {
            return Err(src.error(e.destinations.span(), "too many destinations"));
        }
        expect.push(Expectation {
            position: base.position.clone(),
            square,
            destinations,
            source: short_text(&src, &e.source, "source")?,
        });
    }
    let title = short_text(&src, &o.title, "title")?.or_else(|| base.title.clone());
    let width = match &o.width {
        None => None,
        Some(w) => Some(
            crate::input::options::check_width(w.get_ref().value()).map_err(|e| src.error(w.span(), e.for_key()))?,
        ),
    };
    let animation = match &o.animation {
        None => None,
        Some(a) => {
            let spec = read_animation(&src, a)?;
            // Too many frames for the memory budget: said at the key that asked for them.
            if let Some(panel) = panels.first() {
                crate::output::check_budget(&spec, panel, title.as_deref(), &theme, true).map_err(|e| {
                    let span = a.frames.as_ref().map(|f| f.span()).or(a.seconds.as_ref().map(|s| s.span()));
                    src.error(span.unwrap_or(a.kind.span()), e.to_string())
                })?;
            }
            Some(spec)
        }
    };
    let background = match &o.background {
        None => None,
        Some(b) => Some(
            crate::input::options::Background::parse(b.get_ref())
                .map_err(|m| src.error_at(b.span().start + 1, format!("`background` {m}")))?,
        ),
    };
    let dpi = match &o.dpi {
        None => None,
        Some(d) => Some(
            crate::input::options::check_dpi(d.get_ref().value())
                .map_err(|m| src.error(d.span(), format!("`dpi`: {m}")))?,
        ),
    };
    Ok(FigureSpec { title, theme, columns, width, panels, expect, animation, background, dpi })
}

/// The figure for a position with no overlay file: the hemispheres.
pub fn plain_figure(base: &PositionSpec) -> FigureSpec {
    FigureSpec {
        title: base.title.clone(),
        theme: Theme::essay(),
        columns: 0,
        width: None,
        panels: vec![PanelSpec {
            position: base.position.clone(),
            view: View::hemispheres(),
            overlay: Overlay::default(),
            caption: None,
            why_fewer: None,
        }],
        expect: Vec::new(),
        animation: None,
        background: None,
        dpi: None,
    }
}

fn cell(src: &Source, pos: &Position, s: &Spanned<String>) -> Result<Cell, InputError> {
    cell_name(src, pos, s.get_ref(), s.span().start + 1)
}

fn cell_name(src: &Source, pos: &Position, name: &str, offset: usize) -> Result<Cell, InputError> {
    pos.topology().parse_cell(name).ok_or_else(|| src.error_at(offset, not_a_cell(pos, name)))
}

fn apply_marks(src: &Source, pos: &Position, m: &MarksToml, o: &mut Overlay) -> Result<(), InputError> {
    let lists = [
        (MarkKind::Moves, m.moves),
        (MarkKind::Loop, m.loops),
        (MarkKind::Highlight, m.highlights),
        (MarkKind::Arrow, m.arrows),
        (MarkKind::Label, m.labels),
        (MarkKind::Circle, m.circles),
        (MarkKind::Cross, m.crosses),
    ];
    for (kind, list) in lists {
        if list.len() > MAX_MARKS {
            return Err(src.error(list[0].span(), format!("more than {MAX_MARKS} marks of one kind")));
        }
        for s in list {
            // The string's span covers its quotes: offsets count from after the opening one.
            add_mark(pos, kind, s.get_ref(), o)
                .map_err(|e| src.error_in_string(s.span(), s.get_ref(), e.offset, e.message))?;
        }
    }
    if let Some(p) = m.pseudo {
        o.pseudo = p;
    }
    if let Some(c) = m.check {
        o.hide_check = !c;
    }
    if let Some(lm) = m.lastmove {
        o.lastmove =
            Some(lastmove(pos, lm.get_ref()).map_err(|e| src.error_at(lm.span().start + 1 + e.offset, e.message))?);
    }
    if let Some(p) = m.over_pieces {
        o.marks_over_pieces = p;
    }
    Ok(())
}

fn read_view(src: &Source, pos: &Position, p: &PanelToml) -> Result<View, InputError> {
    let options = ViewOptions {
        view: Some(p.view.get_ref().clone()),
        width: p.width.as_ref().map(|w| w.get_ref().value()),
        rotation: p.rotation.as_ref().map(|r| match r.get_ref() {
            RotationToml::Number(n) => Rotation::Files(n.value()),
            RotationToml::File(f) => Rotation::File(f.clone()),
        }),
        window: p.window.as_ref().map(|w| w.get_ref().clone()),
        tint: p.tint.as_ref().map(|t| *t.get_ref()),
        edges: p.edges.as_ref().map(|e| *e.get_ref()),
        coordinates: p.coordinates.as_ref().map(|c| c.get_ref().clone()),
        latitude: p.latitude.as_ref().map(|v| v.get_ref().value()),
        longitude: p.longitude.as_ref().map(|v| v.get_ref().value()),
        roll: p.roll.as_ref().map(|v| v.get_ref().value()),
        ghost: p.ghost.as_ref().map(|g| *g.get_ref()),
        pole: p.pole.as_ref().map(|g| g.get_ref().clone()),
        orientation: p.orientation.as_ref().map(|c| c.get_ref().clone()),
    };
    options.check(pos.topology()).map_err(|e| {
        let span = match e.key {
            ViewKey::View => Some(p.view.span()),
            ViewKey::Width => p.width.as_ref().map(Spanned::span),
            ViewKey::Rotation => p.rotation.as_ref().map(Spanned::span),
            ViewKey::Window => p.window.as_ref().map(Spanned::span),
            ViewKey::Tint => p.tint.as_ref().map(Spanned::span),
            ViewKey::Edges => p.edges.as_ref().map(Spanned::span),
            ViewKey::Coordinates => p.coordinates.as_ref().map(Spanned::span),
            ViewKey::Latitude => p.latitude.as_ref().map(Spanned::span),
            ViewKey::Longitude => p.longitude.as_ref().map(Spanned::span),
            ViewKey::Roll => p.roll.as_ref().map(Spanned::span),
            ViewKey::Ghost => p.ghost.as_ref().map(Spanned::span),
            ViewKey::Pole => p.pole.as_ref().map(Spanned::span),
            ViewKey::Orientation => p.orientation.as_ref().map(Spanned::span),
        };
        let message = if e.key == ViewKey::View { e.message.clone() } else { e.for_key() };
        match span {
            Some(s) => src.error(s, message),
            None => src.whole(message),
        }
    })
}
