//! Memory bounds for whole figures and batches: how much a figure may draw (its *weight*, about
//! the bytes of its SVG), how many pixels its PNG may have, and how much of both a batch may hold
//! at once. Each limit on its own (a window, a width, a panel count) bounds one key; these bound
//! their product, so that no accepted input needs more than [`MEMORY`] bytes.
//!
//! The arithmetic, per unit of weight and per pixel (measured with `/usr/bin/time -v`, maximum
//! resident set, on the largest figures accepted):
//!
//! * the scene holds at most [`SCENE_PER_WEIGHT`] bytes a unit (a text weighs the outline of
//!   each glyph but is held as its characters; a cell rect weighs its markup, about what it
//!   takes in memory: 0.6 measured for a 152 × 152 chart window with every cell named, and no
//!   element takes more than 2.5);
//! * the SVG text takes [`SVG_PER_WEIGHT`] (the estimate is above the bytes written: 33.7 MB for
//!   that window's 40 MiB), a PDF made from it [`PDF_PER_WEIGHT`] more (resvg's tree of it and the
//!   PDF);
//! * a PNG takes [`CANVAS_PER_PIXEL`] for its canvas, and as much again when it is held in memory
//!   (standard output); written to a file it is encoded straight into it;
//! * the formats made from the SVG text are written and dropped before the canvas is painted
//!   ([`crate::output::write`]), so a figure needs its scene plus the larger of the two.
//!
//! A batch draws each figure within a share of [`DRAW`] (the largest scene) and then holds the
//! cost of writing it: a figure waits until its share fits beside the others' in [`BATCH`].

use crate::draw::document::FigureSpec;
use crate::draw::scene::{Element, Scene, Shape};
use crate::output::Format;
use std::sync::{Condvar, Mutex};

/// The memory no accepted input may need: 512 MiB.
pub const MEMORY: u64 = 512 << 20;
/// Memory kept for the program itself (code, fonts, the rules core, buffers kept per thread).
pub const PROGRAM: u64 = 64 << 20;
/// Most weight (estimated SVG bytes) of one figure: 40 MiB.
pub const MAX_WEIGHT: u64 = 40 << 20;
/// Most pixels of one PNG: 32 Mpx (e.g. 8000 × 4000, or 5656 × 5656).
pub const MAX_PIXELS: u64 = 32 << 20;
/// Bytes of memory a scene holds per unit of weight, at most.
pub const SCENE_PER_WEIGHT: u64 = 3;
/// Bytes of SVG text per unit of weight, at most.
pub const SVG_PER_WEIGHT: u64 = 1;
/// Bytes a PDF takes while it is made, per unit of weight, besides the SVG text.
pub const PDF_PER_WEIGHT: u64 = 3;
/// Bytes of canvas per PNG pixel (premultiplied RGBA, turned straight in place).
pub const CANVAS_PER_PIXEL: u64 = 4;
/// Bytes per pixel of a PNG held in memory (at most its stored, uncompressed size).
pub(crate) const HELD_PNG_PER_PIXEL: u64 = 4;
/// The memory a batch may hold in figures being drawn and written at once.
pub const BATCH: u64 = MEMORY - PROGRAM;
/// The share of [`BATCH`] a figure holds while it is drawn: its largest scene.
pub const DRAW: u64 = MAX_WEIGHT * SCENE_PER_WEIGHT;

/// The estimated size of an element in SVG bytes: its markup, plus the outline of each glyph of a
/// text (text is drawn from the embedded font's outlines).
pub(crate) fn element_weight(e: &Element) -> u64 {
    let markup = 120 + 8 * e.data.len() as u64;
    markup
        + match &e.shape {
            Shape::Rect { .. } | Shape::Circle { .. } => 0,
            Shape::Path(cmds) => 40 * cmds.len() as u64,
            Shape::Polyline(points) => 24 * points.len() as u64,
            Shape::Text { text, .. } => 700 * text.chars().count() as u64,
            // A piece's artwork: a few outlines.
            Shape::Piece { .. } => 2000,
        }
}

/// A scene's weight: the estimated bytes of its SVG.
pub fn weight(scene: &Scene) -> u64 {
    scene.elements().into_iter().map(element_weight).sum()
}

/// The pixels of a scene's PNG at one pixel per figure unit.
pub fn pixels(scene: &Scene) -> u64 {
    (scene.width.max(0.0).ceil() * scene.height.max(0.0).ceil()).min(u64::MAX as f64) as u64
}

/// The largest width at which a figure of this shape stays within [`MAX_PIXELS`].
pub fn largest_png_width(scene: &Scene) -> u64 {
    let aspect = scene.height / scene.width;
    ((MAX_PIXELS as f64 / aspect).sqrt().floor() as u64).min(8000)
}

/// The memory a figure of `weight` needs while it is written in `formats`, its PNG (if asked
/// for) having `pixels` pixels and going to a file (`held` false) or held in memory to be written
/// to a stream (`held` true).
pub fn write_cost(weight: u64, pixels: u64, formats: &[Format], held: bool) -> u64 {
    let per_weight = match (formats.iter().any(|&f| f != Format::Png), formats.contains(&Format::Pdf)) {
        (_, true) => SVG_PER_WEIGHT + PDF_PER_WEIGHT,
        (true, false) => SVG_PER_WEIGHT,
        (false, false) => 0,
    };
    let per_pixel = match (formats.contains(&Format::Png), held) {
        (false, _) => 0,
        (true, false) => CANVAS_PER_PIXEL,
        (true, true) => CANVAS_PER_PIXEL + HELD_PNG_PER_PIXEL,
    };
    let (text, png) = (weight * per_weight, pixels * per_pixel);
    weight * SCENE_PER_WEIGHT + text.max(png)
}

/// The memory a scene of `weight` needs with its SVG text, and a canvas of `pixels` if given (what
/// an animation's frame holds; see [`crate::output::animation::cost`]).
pub fn cost(weight: u64, pixels: Option<u64>) -> u64 {
    weight * (SCENE_PER_WEIGHT + SVG_PER_WEIGHT) + pixels.unwrap_or(0) * CANVAS_PER_PIXEL
}

/// The largest cost of one accepted figure, in every format, its PNG held in memory.
pub const MAX_COST: u64 = {
    let text = MAX_WEIGHT * (SVG_PER_WEIGHT + PDF_PER_WEIGHT);
    let png = MAX_PIXELS * (CANVAS_PER_PIXEL + HELD_PNG_PER_PIXEL);
    MAX_WEIGHT * SCENE_PER_WEIGHT + if text > png { text } else { png }
};
/// The largest cost of one figure of a batch (whose files are written straight).
pub const MAX_BATCH_COST: u64 = {
    let text = MAX_WEIGHT * (SVG_PER_WEIGHT + PDF_PER_WEIGHT);
    let png = MAX_PIXELS * CANVAS_PER_PIXEL;
    MAX_WEIGHT * SCENE_PER_WEIGHT + if text > png { text } else { png }
};
// The largest figure leaves [`PROGRAM`] of [`MEMORY`] for the program itself.
const _: () = assert!(MAX_COST + PROGRAM <= MEMORY && MAX_BATCH_COST <= BATCH);

/// Memory held by the figures of a batch being drawn and written at once, at most [`BATCH`].
///
/// A figure first takes a share of [`DRAW`] to be drawn in, then grows or shrinks it to its cost
/// to be written. A new figure starts drawing only while one largest figure could still grow
/// beside it (so figures that wait to grow always can, once others finish: no deadlock), and
/// heavy figures are written one after another while small ones go on in parallel.
pub struct InFlight {
    used: Mutex<u64>,
    freed: Condvar,
}

impl Default for InFlight {
    fn default() -> InFlight {
        InFlight { used: Mutex::new(0), freed: Condvar::new() }
    }
}

/// A share of an [`InFlight`] budget, given back when dropped.
pub struct Share<'a> {
    of: &'a InFlight,
    cost: u64,
}

impl InFlight {
    fn wait_until(&self, fits: impl Fn(u64) -> bool, then: impl FnOnce(&mut u64)) {
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        while !fits(*used) {
            used = self.freed.wait(used).unwrap_or_else(|e| e.into_inner());
        }
        then(&mut used);
        self.freed.notify_all();
    }

    /// Waits until `cost` (at most [`MAX_COST`], as an animation may need) fits beside what is
    /// held, and holds it.
    pub fn take(&self, cost: u64) -> Share<'_> {
        let cost = cost.min(MAX_COST);
        self.wait_until(|used| used + cost <= BATCH, |used| *used += cost);
        Share { of: self, cost }
    }

    /// Waits until a figure may be drawn ([`DRAW`], leaving room for one largest figure to grow
    /// to its cost), and holds that.
    pub fn draw(&self) -> Share<'_> {
        self.wait_until(|used| used + MAX_BATCH_COST <= BATCH, |used| *used += DRAW);
        Share { of: self, cost: DRAW }
    }
}

impl Share<'_> {
    /// Holds `cost` (at most [`MAX_BATCH_COST`]) instead: at once when smaller, else once the rest
    /// fits.
    pub fn resize(&mut self, cost: u64) {
        let (old, new) = (self.cost, cost.min(MAX_BATCH_COST));
        self.of.wait_until(|used| used - old + new <= BATCH, |used| *used = *used - old + new);
        self.cost = new;
    }

    #[cfg(test)]
    /// The memory this share holds.
    pub fn cost(&self) -> u64 {
        self.cost
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        let mut used = self.of.used.lock().unwrap_or_else(|e| e.into_inner());
        *used -= self.cost;
        self.of.freed.notify_all();
    }
}

/// Draws a figure within the figure-wide budget of drawn elements :
/// panel by panel, stopping at the panel that would take it past `crate::output::budget::MAX_WEIGHT`.
pub fn render_checked(figure: &FigureSpec) -> Result<Scene, TooMuchDrawn> {
    foresee(figure)?;
    let mut check = within_budget(figure.panels.len());
    figure.draw(|i, scene| check(i, scene))
}

/// Draws a figure for an interactive page ([`FigureSpec::draw_touch`]) within the same budget as
/// [`render_checked`]: the page's groups of every piece's moves count with the figure.
pub fn render_touch_checked(figure: &FigureSpec) -> Result<Scene, TooMuchDrawn> {
    foresee(figure)?;
    let mut check = within_budget(figure.panels.len());
    figure.draw_touch(|i, scene| check(i, scene))
}

/// A figure refused by [`render_checked`]: its drawing went past `MAX_WEIGHT` at a panel, or
/// its chart windows were foreseen to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TooMuchDrawn {
    /// The panel at which the weight went over (from 0), and the number of panels.
    pub panel: (usize, usize),
    /// The weight drawn so far, panel included (or foreseen, when `foreseen`).
    pub weight: u64,
    /// The weight was foreseen from samples of the chart windows ([`render_checked`] does so first), before drawing.
    pub foreseen: bool,
}

impl std::fmt::Display for TooMuchDrawn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (i, n) = self.panel;
        let which = if n == 1 { "the figure".to_string() } else { format!("panel {} of {n}", i + 1) };
        write!(
            f,
            "{which} draws too much: about {} MiB of SVG {}, at most {} MiB for a whole figure \
             (fewer panels, a smaller `window`, or `coordinates` other than \"cells\")",
            self.weight.div_ceil(1 << 20),
            if self.foreseen { "(foreseen from samples of its chart window)" } else { "so far" },
            MAX_WEIGHT >> 20
        )
    }
}

impl std::error::Error for TooMuchDrawn {}

/// The check of each panel drawn: the weight so far, refused past [`MAX_WEIGHT`].
fn within_budget(n: usize) -> impl FnMut(usize, &Scene) -> Result<(), TooMuchDrawn> {
    let mut total = 0u64;
    move |i, scene| {
        total += weight(scene);
        if total > MAX_WEIGHT {
            return Err(TooMuchDrawn { panel: (i, n), weight: total, foreseen: false });
        }
        Ok(())
    }
}

/// A chart window with more squares than this is weighed from samples before it is drawn.
const SAMPLED_SQUARES: u64 = 4 * 24 * 24;

/// Refuses, before anything is drawn, a figure whose chart windows would take it well past
/// [`MAX_WEIGHT`]: a large window takes seconds to draw, and the check after each panel would see
/// the weight only once it is drawn (a 200 × 200 window with every square named draws about
/// 108 MiB).
///
/// A window's weight grows with its squares, its edges (coordinates) and not at all for its title:
/// about `f + a·cols + b·rows + k·cols·rows`. Four small windows at its corner (24 and 48 squares
/// a side, or fewer where the window is narrower) give the four terms, and the fit is read at
/// the window's size. The chart repeats every few rows and columns, so the fit is close but not
/// exact (within 1 % of the drawn weight for 200-square windows of the Dot, Small-8 and the
/// cylinder, with and without every square named): a figure is refused here only when the
/// foreseen weight is an eighth over the limit, and what comes closer is drawn and checked panel
/// by panel as before.
fn foresee(figure: &FigureSpec) -> Result<(), TooMuchDrawn> {
    use crate::draw::figure::{ViewKind, render_panel};
    use crate::draw::geometry::Window;
    let n = figure.panels.len();
    let mut total = 0.0;
    for (i, p) in figure.panels.iter().enumerate() {
        // Only a chart window is drawn at a size the options choose square by square.
        let (w, edges, tint) = match p.view.kind {
            ViewKind::Chart { window: Some(w), edges, tint } => (w, edges, tint),
            ViewKind::Chart { window: None, .. }
            | ViewKind::Hemispheres { .. }
            | ViewKind::Hemisphere { .. }
            | ViewKind::Globe { .. }
            | ViewKind::Disc { .. }
            | ViewKind::Board { .. } => continue,
        };
        if u64::from(w.cols) * u64::from(w.rows) <= SAMPLED_SQUARES {
            continue;
        }
        let weigh = |cols: u32, rows: u32| {
            let mut view = p.view;
            if let (Some(width), 1) = (figure.width, n) {
                view.width = width;
            }
            view.kind = ViewKind::Chart { window: Some(Window { cols, rows, ..w }), edges, tint };
            weight(&render_panel(&p.position, &p.overlay, &view, &figure.theme).0) as f64
        };
        let side = |len: u32| (len.min(24), len.min(48));
        let ((c1, c2), (r1, r2)) = (side(w.cols), side(w.rows));
        let (w11, w21, w12, w22) = (weigh(c1, r1), weigh(c2, r1), weigh(c1, r2), weigh(c2, r2));
        // Bilinear in (cols, rows) through the four samples; a side no longer than the smaller
        // sample is not extrapolated along.
        let t = |len: u32, a: u32, b: u32| if a == b { 0.0 } else { (len - a) as f64 / (b - a) as f64 };
        let (tc, tr) = (t(w.cols, c1, c2), t(w.rows, r1, r2));
        let at_r1 = w11 + (w21 - w11) * tc;
        let at_r2 = w12 + (w22 - w12) * tc;
        total += (at_r1 + (at_r2 - at_r1) * tr).max(0.0);
        if total > (MAX_WEIGHT + MAX_WEIGHT / 8) as f64 {
            return Err(TooMuchDrawn { panel: (i, n), weight: total as u64, foreseen: true });
        }
    }
    Ok(())
}

/// The arithmetic of the budget: the estimated cost of the largest figures the limits accept
/// stays within the memory no input may need, alone and in a batch. (The estimates were checked
/// against measured peaks by hand; memory is not measured here.)
#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::position::read_position;
    use crate::input::read_overlay;
    use crate::output::Format;

    /// The scene of a figure (a rook on d5 with its moves) drawn with the budget.
    fn scene(overlay: &str) -> Result<crate::draw::scene::Scene, String> {
        let base = read_position("rook.fen", "8/8/8/3R3r/8/8/1p6/8\n", crate::rules::variant::VariantId::Dot).unwrap();
        let spec =
            read_overlay("o.toml", overlay, &base, &crate::input::overlay::no_files).map_err(|e| e.to_string())?;
        render_checked(&spec).map_err(|e| e.to_string())
    }

    /// The largest `n` for which `make(n)` is accepted, searching `lo..=hi` (`lo` accepted), and its
    /// scene (kept from the search rather than drawn again, unless `lo` itself is the answer).
    fn largest(lo: u32, hi: u32, make: impl Fn(u32) -> String) -> (u32, crate::draw::scene::Scene) {
        let (mut lo, mut hi) = (lo, hi);
        let mut kept = None;
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            match scene(&make(mid)) {
                Ok(s) => (lo, kept) = (mid, Some(s)),
                Err(_) => hi = mid - 1,
            }
        }
        let s = kept.unwrap_or_else(|| scene(&make(lo)).expect("accepted"));
        (lo, s)
    }

    #[test]
    fn the_largest_accepted_figures_cost_less_than_the_memory() {
        let all = [Format::Svg, Format::Png, Format::Pdf];
        // The heaviest single panel: a square chart window with every cell named, as large as the
        // weight allows, at the largest width whose PNG is accepted.
        let chart = |n: u32| {
            format!(
                "moves = [\"d5\"]\n[[panels]]\nview = \"chart\"\ncoordinates = \"cells\"\nwidth = 5790\nwindow = [0, 0, {n}, {n}]\n"
            )
        };
        let (n, window) = largest(8, 200, chart);
        assert!(n < 200, "a 200 × 200 window with every cell named is refused by the weight");
        // Many panels, each named cell by cell.
        let boards = |n: u32| {
            let mut s = "width = 3400\nmoves = [\"d5\"]\n".to_string();
            for _ in 0..n {
                s += "[[panels]]\nview = \"chart\"\ncoordinates = \"cells\"\nwindow = [0, 0, 40, 40]\n";
            }
            s
        };
        let (_, panels) = largest(1, 64, boards);
        let hemispheres = scene("[[panels]]\nview = \"hemispheres\"\ncoordinates = \"cells\"\nwidth = 4247\n").unwrap();
        for (name, s) in [("chart window", &window), ("panels", &panels), ("hemispheres", &hemispheres)] {
            let (w, px) = (weight(s), pixels(s));
            assert!(w <= MAX_WEIGHT, "{name}: weight {w}");
            // A PNG beyond the pixel limit is refused before it is painted; SVG and PDF are still made.
            let formats: &[Format] = if px <= MAX_PIXELS { &all } else { &[Format::Svg, Format::Pdf] };
            let alone = write_cost(w, px, formats, true);
            assert!(alone <= MAX_COST && alone + PROGRAM <= MEMORY, "{name}: {alone} bytes");
            assert!(write_cost(w, px, formats, false) <= MAX_BATCH_COST, "{name}");
        }
        // The bounds themselves: one figure with the program; in a batch, two figures being drawn
        // and one of them growing to the largest cost.
        let (largest, largest_in_batch) =
            (write_cost(MAX_WEIGHT, MAX_PIXELS, &all, true), write_cost(MAX_WEIGHT, MAX_PIXELS, &all, false));
        assert_eq!((largest, largest_in_batch), (MAX_COST, MAX_BATCH_COST));
        assert!(largest + PROGRAM <= MEMORY, "{largest}");
        assert!(DRAW + largest_in_batch <= BATCH && BATCH + PROGRAM <= MEMORY, "{largest_in_batch}");
    }

    /// Figures drawn and written at once never hold more than the batch budget, and every one
    /// finishes (a figure waiting to grow always gets its turn).
    #[test]
    fn figures_in_flight_stay_within_the_batch_budget() {
        use std::sync::atomic::{AtomicU64, Ordering::SeqCst};
        let budget = InFlight::default();
        let (held, most, done) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
        std::thread::scope(|s| {
            for t in 0..6u64 {
                let (budget, held, most, done) = (&budget, &held, &most, &done);
                s.spawn(move || {
                    for i in 0..30u64 {
                        let mut share = budget.draw();
                        let now = held.fetch_add(share.cost(), SeqCst) + share.cost();
                        most.fetch_max(now, SeqCst);
                        std::thread::yield_now();
                        held.fetch_sub(share.cost(), SeqCst);
                        // Some figures small, some the largest.
                        share.resize(if (t + i) % 3 == 0 { MAX_BATCH_COST } else { 1 << 20 });
                        let now = held.fetch_add(share.cost(), SeqCst) + share.cost();
                        most.fetch_max(now, SeqCst);
                        std::thread::yield_now();
                        held.fetch_sub(share.cost(), SeqCst);
                        done.fetch_add(1, SeqCst);
                    }
                });
            }
        });
        assert_eq!(done.into_inner(), 180);
        assert!(most.into_inner() <= BATCH);
    }
}
