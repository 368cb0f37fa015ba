//! A game's positions as figures: after each ply, the position with its last move marked (from
//! and to tinted, the route drawn), the checked king ringed (the figure does that itself), the
//! comment's arrows and circles, and the move's glyph on its destination — what a replay frame, a
//! still (`--ply`) and a game sheet (`--plies`) draw. The figures go through the input half's one
//! check ([`check::figure`]), so the options beside a game (flags, an overlay file) are those of
//! any figure.

use super::{Game, Note};
use crate::draw::animation::replay::{Script, Still, over};
use crate::draw::animation::{AnimSpec, Kind};
use crate::draw::figure::{ArrowMark, Overlay};
use crate::input::check::{self, Checked};
use crate::input::diagnostics::InputError;
use crate::input::draft::{Draft, PanelDraft};
use crate::input::options::{FigureOptions, Level};
use crate::input::position::PositionSpec;
use crate::input::table::Key;

impl Game {
    /// The stills after plies `from..=to` (clamped to the game).
    pub fn stills(&self, from: usize, to: usize) -> Vec<Still> {
        let to = to.min(self.plies.len());
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for k in 0..=to {
            if k > 0 {
                pos.play_unchecked(self.plies[k - 1].mv);
            }
            if k < from {
                continue;
            }
            let mut overlay = Overlay::default();
            let note = if k == 0 { &self.intro } else { &self.plies[k - 1].note };
            mark_note(&mut overlay, note);
            let heading = if k == 0 {
                "Start".to_string()
            } else {
                let p = &self.plies[k - 1];
                overlay.lastmove = Some((p.mv.from, p.mv.to));
                overlay.glyph = p.glyph().map(|g| (p.mv.to, g.to_string()));
                self.numbered(k - 1)
            };
            out.push(Still { ply: k, position: pos.clone(), overlay, heading });
        }
        out
    }

    /// The caption of a replay or sheet: the players, the event and year where the tags give
    /// them, and the result (`Paul Morphy – Duke Karl / Count Isouard, Paris 1858 · 1-0`).
    pub fn caption(&self) -> String {
        let mut s = self.players();
        let event = self.tag("Event").filter(|e| !e.is_empty() && *e != "?");
        let year = self.tag("Date").map(first_four).filter(|y| y.bytes().all(|b| b.is_ascii_digit()));
        match (event, year) {
            (Some(e), Some(y)) => s += &format!(", {e} {y}"),
            (Some(e), None) => s += &format!(", {e}"),
            (None, Some(y)) => s += &format!(", {y}"),
            (None, None) => {}
        }
        if self.result != "*" {
            s += &format!(" · {}", self.result.replace("1/2", "½"));
        }
        s
    }

    /// What a replay of the whole game is made from.
    pub fn script(&self) -> Script {
        let n = self.plies.len();
        Script { stills: self.stills(0, n), caption: self.caption(), times: self.move_times(), from: 0, to: n }
    }

    /// The game's end as the position of a figure, titled with the game's caption: what an
    /// overlay file beside the game is read over.
    pub fn base(&self) -> PositionSpec {
        let end = self.stills(self.plies.len(), self.plies.len()).pop().map(|s| s.position);
        PositionSpec { position: end.unwrap_or_else(|| self.start.clone()), title: Some(self.caption()) }
    }

    /// The game as a figure, from a draft read over [`Game::base`] (an overlay file's, or the plain
    /// one) and the options given beside it. With `replay` (the plies `from..=to` to show), or
    /// when the draft's animation is `kind = "game"` (then the whole game), the game replayed, the
    /// first panel giving the view and the marks kept on every frame; otherwise the game's end,
    /// its last move marked. Another kind of animation, or a number of frames, a length or a rate
    /// (a game times itself), is an error where it was given.
    pub fn figure(
        &self,
        draft: &Draft,
        given: &FigureOptions,
        replay: Option<(usize, usize)>,
    ) -> Result<Checked, InputError> {
        let mut checked = check::figure(draft, given)?;
        let spec = match (checked.figure.animation, replay) {
            (Some(spec), _) => spec,
            (None, Some(_)) => AnimSpec::new(Kind::Game),
            (None, None) => {
                if let Some(end) = self.stills(self.plies.len(), self.plies.len()).pop() {
                    for panel in &mut checked.figure.panels {
                        if panel.position == end.position {
                            panel.overlay = over(&panel.overlay, &end.overlay);
                        }
                    }
                }
                return Ok(checked);
            }
        };
        if spec.kind != Kind::Game
            && let Some(g) = checked.options.get(Key::Kind)
        {
            let message = format!("cannot apply to a game file, which is replayed: `game`, not `{}`", spec.kind.name());
            return Err(g.origin.error(message));
        }
        for key in [Key::Frames, Key::Seconds, Key::Fps] {
            if let Some(g) = checked.options.get(key) {
                return Err(g.origin.error("cannot apply to a game replay: one frame a ply, timed by the game"));
            }
        }
        let (from, to) = replay.unwrap_or((0, self.plies.len()));
        checked.figure.animation = Some(AnimSpec { kind: Kind::Game, ..spec });
        checked.figure.script = Some(std::sync::Arc::new(Script { from, to, ..self.script() }));
        Ok(checked)
    }

    /// A figure of the positions after the given plies: one panel each, captioned with its move,
    /// the game's caption as the title — a game sheet (one ply: a still). The view options given
    /// apply to every panel; the marks given are drawn on each under the game's own.
    pub fn sheet(&self, plies: &[usize], given: &FigureOptions) -> Result<Checked, InputError> {
        let stills: Vec<Still> = plies.iter().filter_map(|&k| self.stills(k, k).pop()).collect();
        let views = given.level(Level::View);
        let mut rest = FigureOptions::default();
        for g in given.iter().filter(|g| views.get(g.key).is_none()) {
            rest.push(g.key, g.value.clone(), g.origin.clone());
        }
        let panels = stills
            .iter()
            .map(|s| PanelDraft {
                position: s.position.clone(),
                own_board: false,
                options: views.clone(),
                caption: Some(s.heading.clone()),
                why_fewer: None,
                each_loop: None,
            })
            .collect();
        let draft = Draft {
            panels,
            ..Draft::plain(&PositionSpec { position: self.start.clone(), title: Some(self.caption()) })
        };
        let mut checked = check::figure(&draft, &rest)?;
        for (panel, s) in checked.figure.panels.iter_mut().zip(&stills) {
            panel.overlay = over(&panel.overlay, &s.overlay);
        }
        Ok(checked)
    }
}

/// A comment's arrows and circles as overlay marks, in their brushes' colours.
fn mark_note(o: &mut Overlay, note: &Note) {
    for &(from, to, brush) in &note.arrows {
        o.arrows.push(ArrowMark { from, to, colour: Some(brush.rgb()) });
    }
    for &(cell, brush) in &note.circles {
        o.circles.push((cell, Some(brush.rgb())));
    }
}

/// A date's first four characters (its year when it is one), cut between characters.
fn first_four(date: &str) -> &str {
    date.char_indices().nth(4).map_or(date, |(end, _)| &date[..end])
}
