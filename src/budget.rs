//! Memory bounds for whole figures and batches: how much a figure may draw (its *weight*, about
//! the bytes of its SVG), how many pixels its PNG may have, and how much of both a batch may hold
//! in flight at once. Each limit on its own (a window, a width, a panel count) bounds one key;
//! these bound their product, so that no accepted input needs more than [`MEMORY`] bytes.
//!
//! Measured with `/usr/bin/time -v` (maximum resident set): a figure takes about four times its
//! weight while its scene is held and its SVG written (a 200 × 200 chart window with every cell
//! named: weight 66 MiB, 247 MB); a PNG takes eight bytes a pixel (the pixmap and its
//! unpremultiplied copy: 8000 × 8256 pixels, 526 MB).

use crate::scene::{Element, Scene, Shape};
use std::sync::{Condvar, Mutex};

/// The memory no accepted input may need: 512 MiB.
pub const MEMORY: u64 = 512 << 20;
/// Most weight (estimated SVG bytes) of one figure: 40 MiB.
pub const MAX_WEIGHT: u64 = 40 << 20;
/// Most pixels of one PNG: 32 Mpx (e.g. 8000 × 4000, or 5656 × 5656).
pub const MAX_PIXELS: u64 = 32 << 20;
/// Bytes of memory per unit of weight while a figure is written.
const PER_WEIGHT: u64 = 4;
/// Bytes of memory per pixel while a PNG is made.
const PER_PIXEL: u64 = 8;

/// The estimated size of an element in SVG bytes: its markup, plus the outline of each glyph of a
/// text (text is drawn from the embedded font's outlines).
pub fn element_weight(e: &Element) -> u64 {
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

/// The memory a figure needs while it is written in these formats (PNG or not).
pub fn cost(weight: u64, pixels: Option<u64>) -> u64 {
    weight * PER_WEIGHT + pixels.unwrap_or(0) * PER_PIXEL
}

/// The largest cost of one accepted figure; [`MEMORY`] holds it with room for the program.
pub const MAX_COST: u64 = MAX_WEIGHT * PER_WEIGHT + MAX_PIXELS * PER_PIXEL;
// The largest figure leaves at least 64 MiB of [`MEMORY`] for the program itself.
const _: () = assert!(MAX_COST + (64 << 20) <= MEMORY);

/// Memory held by the figures of a batch being written at once: a figure waits until its cost
/// fits, so the batch as a whole stays within [`MAX_COST`] however many threads render.
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
    /// Waits until `cost` (at most [`MAX_COST`]) fits beside what is held, and holds it.
    pub fn take(&self, cost: u64) -> Share<'_> {
        let cost = cost.min(MAX_COST);
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        while *used + cost > MAX_COST {
            used = self.freed.wait(used).unwrap_or_else(|e| e.into_inner());
        }
        *used += cost;
        Share { of: self, cost }
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        let mut used = self.of.used.lock().unwrap_or_else(|e| e.into_inner());
        *used -= self.cost;
        self.of.freed.notify_all();
    }
}
