//! The views: what each draws and its parameters ([`ViewKind`]), a view with its size
//! ([`View`]), and the one list of views by name ([`VIEWS`]) that the options table, the names a
//! figure gives its view and the workbench's view picker all read. A new view is a projection
//! (`crate::draw::geometry`), a ground (`ground/`), a [`ViewKind`] variant with its arms where
//! the figure is laid out, and a row here.

use super::{Coordinates, Orientation};
use crate::draw::geometry::{Viewpoint, Window};
use crate::rules::topology::Pole;

/// Which view of the sphere.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum ViewKind {
    /// The two hemispheres; `rotation` is the file position (in files, e.g. 4.0 = the d|e
    /// boundary, 3.5 = the middle of the d-file) that faces the touching point.
    Hemispheres {
        /// File position at the touching point.
        rotation: f64,
    },
    /// One hemisphere alone (`view = "north"` / `"south"`), for a figure about one pole: the
    /// disc drawn as in the pair, `rotation` the file position facing where the other disc would
    /// touch it.
    Hemisphere {
        /// The pole at the disc's centre.
        pole: Pole,
        /// File position facing the (absent) touching point.
        rotation: f64,
    },
    /// The unrolled chart; `window` defaults to two boards wide and two tall around the board.
    Chart {
        /// The part of the chart shown.
        window: Option<Window>,
        /// Colour each copy's edges (N red, S blue, W green, E purple).
        edges: bool,
        /// Tint the squares the same way.
        tint: bool,
    },
    /// The ball itself in orthographic projection (docs/rules.md §5.5), seen from `viewpoint`; only the
    /// near half is drawn, unless `ghost` shows the far half faintly through it.
    Globe {
        /// Where the ball is seen from (latitude, longitude, roll in degrees).
        viewpoint: Viewpoint,
        /// Show the far half's grid and marks faintly.
        ghost: bool,
    },
    /// The single disc (docs/rules.md §5.6): the whole sphere flattened round the pole `pole`, the other
    /// pole the outermost ring; `rotation` is the file position that faces down the page.
    Disc {
        /// The pole at the centre; `None`: the one the variant's own drawing has there
        /// (`super::disc_centre`).
        pole: Option<Pole>,
        /// File position facing down.
        rotation: f64,
    },
    /// The single board with the poles as bands.
    Board {
        /// Tint the squares in colour mode.
        tint: bool,
        /// Colour the board's edges in colour mode.
        edges: bool,
    },
}

/// A view and its size.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct View {
    /// Which view.
    pub kind: ViewKind,
    /// Width of the figure in figure units (pixels at PNG scale 1), 100 to 8000.
    pub width: f64,
    /// Coordinates.
    pub coordinates: Coordinates,
    /// From which side the figure is seen.
    pub orientation: Orientation,
}

impl View {
    /// The hemispheres with the sketch's rotation (the d|e boundary at the touching point).
    pub fn hemispheres() -> View {
        View {
            kind: ViewKind::Hemispheres { rotation: 4.0 },
            width: 480.0,
            coordinates: Coordinates::Edge,
            orientation: Orientation::White,
        }
    }
    /// One hemisphere alone, with the pair's rotation (the d|e boundary toward the other disc).
    pub fn hemisphere(pole: Pole) -> View {
        View { kind: ViewKind::Hemisphere { pole, rotation: 4.0 }, ..View::hemispheres() }
    }
    /// The single board.
    pub fn board() -> View {
        View {
            kind: ViewKind::Board { tint: false, edges: false },
            width: 480.0,
            coordinates: Coordinates::Edge,
            orientation: Orientation::White,
        }
    }
    /// The globe from the default viewpoint (a little above the equator, the middle of the
    /// board facing the viewer).
    pub fn globe() -> View {
        View {
            kind: ViewKind::Globe { viewpoint: Viewpoint::default(), ghost: false },
            width: 480.0,
            coordinates: Coordinates::Edge,
            orientation: Orientation::White,
        }
    }
    /// The single disc with the pole at the centre that the variant's own drawing has there
    /// (`super::disc_centre`: N for Mori's board, S otherwise), and the d|e boundary facing down.
    pub fn disc() -> View {
        View {
            kind: ViewKind::Disc { pole: None, rotation: 4.0 },
            width: 480.0,
            coordinates: Coordinates::Edge,
            orientation: Orientation::White,
        }
    }
    /// The chart around the board, with coloured edges.
    pub fn chart() -> View {
        View {
            kind: ViewKind::Chart { window: None, edges: true, tint: false },
            width: 720.0,
            coordinates: Coordinates::None,
            orientation: Orientation::White,
        }
    }
}

/// A view as files, flags and URLs name it.
#[derive(Clone, Copy, Debug)]
pub struct ViewRow {
    /// Its name: `view = "globe"`, `--view globe`, `view=globe`.
    pub name: &'static str,
    /// How a figure's title and description call it ("the globe").
    pub title: &'static str,
    /// The view a figure starts from when it names this one.
    pub make: fn() -> View,
}

/// Every view, in the order lists and the workbench show them.
pub const VIEWS: [ViewRow; 7] = [
    ViewRow { name: "hemispheres", title: "the two hemispheres", make: View::hemispheres },
    ViewRow { name: "north", title: "the northern hemisphere", make: || View::hemisphere(Pole::North) },
    ViewRow { name: "south", title: "the southern hemisphere", make: || View::hemisphere(Pole::South) },
    ViewRow { name: "chart", title: "the unrolled chart (2DFARCSOD)", make: View::chart },
    ViewRow { name: "board", title: "the single board", make: View::board },
    ViewRow { name: "globe", title: "the globe", make: View::globe },
    ViewRow { name: "disc", title: "the single disc", make: View::disc },
];

/// The names of [`VIEWS`], in their order (the values of the options table's `view`).
pub const VIEW_NAMES: [&str; VIEWS.len()] = {
    let mut names = [""; VIEWS.len()];
    let mut i = 0;
    while i < VIEWS.len() {
        names[i] = VIEWS[i].name;
        i += 1;
    }
    names
};

impl ViewKind {
    /// This kind's row of [`VIEWS`]: the row whose view is of the same kind (and, for one
    /// hemisphere, has the same pole at its centre), whatever the parameters.
    pub fn row(&self) -> &'static ViewRow {
        let which = |k: &ViewKind| {
            let pole = match k {
                ViewKind::Hemisphere { pole, .. } => Some(*pole),
                _ => None,
            };
            (std::mem::discriminant(k), pole)
        };
        VIEWS.iter().find(|r| which(&(r.make)().kind) == which(self)).unwrap_or(&VIEWS[0])
    }

    /// The view's name, as files and flags write it.
    pub fn name(&self) -> &'static str {
        self.row().name
    }

    /// The view as a figure's title and description call it.
    pub fn title(&self) -> &'static str {
        self.row().title
    }
}

/// A name of [`VIEWS`], in any case: the view as a figure that names it starts from.
impl std::str::FromStr for View {
    type Err = crate::names::UnknownName;
    fn from_str(s: &str) -> Result<View, Self::Err> {
        crate::names::parse(s, &VIEWS, &VIEW_NAMES, |r: ViewRow| r.name).map(|r| (r.make)())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_view_is_named_by_its_own_row() {
        for row in VIEWS {
            let view = (row.make)();
            assert_eq!(view.kind.name(), row.name);
            assert_eq!(row.name.parse::<View>(), Ok(view));
        }
        assert!("nowhere".parse::<View>().is_err());
    }
}
