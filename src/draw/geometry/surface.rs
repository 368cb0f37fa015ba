//! The sphere itself: where a board position lies in longitude and latitude (docs/rules.md §5.5).
//!
//! Every view that draws the sphere as a sphere — the hemispheres, the single disc, the globe —
//! takes its positions from here, so a cell is in the same place on all of them. File position
//! `u` is longitude `u · 360°/W` (east increasing). Rank positions are rings of equal angular
//! width from each pole, with a pole cap of the hemispheres' size: `ring = 90° / (H/2 + cap)`
//! (`cap` = 0.95 rings for a live pole, which is a cell, 0.6 for a dead one), so the equator
//! lies between ranks `H/2` and `H/2 + 1` (through the middle rank when `H` is odd).

use super::Fold;
use crate::rules::topology::{Cell, Pole, Topology};
use std::f64::consts::{FRAC_PI_2, PI};

/// Pole cap radius in ring widths: a live pole holds a piece, a dead one is a small grey cap.
pub(crate) fn cap_rings(live: bool) -> f64 {
    if live { 0.95 } else { 0.6 }
}

/// Longitude and latitude of board positions.
#[derive(Clone, Copy, Debug)]
pub struct Surface {
    fold: Fold,
    /// Angular radius of a pole cap (radians).
    cap: f64,
    /// Angular width of a ring (radians).
    ring: f64,
}

impl Surface {
    /// The surface of a topology.
    pub fn new(topo: &Topology) -> Surface {
        let fold = Fold::new(topo);
        let cap = cap_rings(fold.band() > 0.0);
        let ring = FRAC_PI_2 / (fold.h() / 2.0 + cap);
        Surface { fold, cap: cap * ring, ring }
    }
    /// The fold this surface folds chart positions with.
    pub fn fold(&self) -> Fold {
        self.fold
    }
    /// Angular radius of a pole cap (radians).
    pub fn cap(&self) -> f64 {
        self.cap
    }
    /// Angular width of a ring (radians).
    pub fn ring(&self) -> f64 {
        self.ring
    }
    /// Longitude (radians) of file position `u`.
    pub fn longitude(&self, u: f64) -> f64 {
        u * 2.0 * PI / self.fold.w()
    }
    /// Angular distance from the north pole (radians, 0 to π) of the cell edges and interiors at
    /// rank position `v` in `[0, H]`: linear, one ring per rank, the caps beyond.
    pub fn cell_colatitude(&self, v: f64) -> f64 {
        self.cap + (self.fold.h() - v) * self.ring
    }
    /// Angular distance from the north pole of a point of a route at (folded) rank position `v`:
    /// the cells' colatitude, except that within half a rank of a pole the line runs on to the
    /// pole point itself (where a route over a dead pole passes, where a live pole's piece stands).
    pub(crate) fn colatitude(&self, v: f64) -> f64 {
        let h = self.fold.h();
        let inner = self.cap + 0.5 * self.ring;
        if v > h - 0.5 {
            let pole = self.fold.pole_v(Pole::North);
            inner * (pole - v).max(0.0) / (pole - (h - 0.5))
        } else if v < 0.5 {
            let pole = self.fold.pole_v(Pole::South);
            PI - inner * (v - pole).max(0.0) / (0.5 - pole)
        } else {
            self.cell_colatitude(v)
        }
    }
    /// Longitude and latitude (radians) of a chart position, folded onto the board.
    pub(crate) fn lon_lat(&self, u: f64, v: f64) -> (f64, f64) {
        let (u, v) = self.fold.fold(u, v);
        (self.longitude(u), FRAC_PI_2 - self.colatitude(v))
    }
    /// Longitude and latitude of a cell's centre (a pole: latitude ±90°, longitude 0).
    pub fn cell_centre(&self, topo: &Topology, cell: Cell) -> (f64, f64) {
        let (u, v) = self.fold.centre(topo, cell);
        self.lon_lat(u, v)
    }
    /// A unit vector (x toward longitude 0 on the equator, y toward 90° east, z toward N).
    pub(crate) fn unit_vector(lon: f64, lat: f64) -> [f64; 3] {
        [libm::cos(lat) * libm::cos(lon), libm::cos(lat) * libm::sin(lon), libm::sin(lat)]
    }
}

/// The dot product of two vectors in the sphere's coordinates.
pub(crate) fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
