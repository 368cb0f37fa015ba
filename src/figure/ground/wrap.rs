//! The board on its way to the ball ([`WrapGeom`]): every cell and pole band as a patch of the
//! surface, shaded by the globe's light, drawn far to near; while the tube is open, the patches
//! seen from inside (through an end, or past a curled edge) are drawn first, darker. Then the
//! coloured edges of the colour mode, the pole letters and the file letters on the equator.

use super::super::{Coordinates, Layers, Painter, ViewKind, file_name, pieces::text};
use super::globe::SHADOW;
use crate::geometry::{Projection, WrapGeom};
use crate::scene::{Anchor, Element, Group, Node, Paint, PathCmd, Pt, Rgb, Shape};
use crate::topology::Pole;

/// A patch of the surface ready to draw, and how to order it.
struct Patch {
    /// Seen from outside (any of it faces the viewer).
    front: bool,
    /// Nearness of its centre to the viewer (the viewer's z).
    depth: f64,
    element: Element,
}

impl Painter<'_> {
    pub(in super::super) fn wrap_cells(&self, g: &WrapGeom, l: &mut Layers) {
        let topo = &self.topo;
        let theme = self.theme;
        let shade = |fill: Rgb, light: f64| fill.mix(SHADOW, 0.5 * (1.0 - light));
        let open = !g.morph.closed();
        let mut patches: Vec<Patch> = Vec::new();
        let mut add = |outline: Vec<(f64, f64)>,
                       centre: (f64, f64),
                       fill: Rgb,
                       class: &str,
                       data: Vec<(&'static str, String)>| {
            let points: Vec<_> = outline.iter().map(|&(u, c)| g.point(u, c)).collect();
            let mid = g.point(centre.0, centre.1);
            let front = mid.facing > 1e-9 || points.iter().any(|p| p.facing > 1e-9);
            if !front && !open {
                return;
            }
            let mut cmds: Vec<PathCmd> = Vec::with_capacity(points.len() + 1);
            for (i, p) in points.iter().enumerate() {
                let at = g.paper(p.at);
                cmds.push(if i == 0 { PathCmd::Move(at) } else { PathCmd::Line(at) });
            }
            cmds.push(PathCmd::Close);
            // Inside the tube the light comes through the open end: the patch's own colour, dimmed.
            let (fill, class) = if front {
                (shade(fill, mid.light()), class.to_string())
            } else {
                (fill.mix(SHADOW, 0.55), format!("{class} inside"))
            };
            let mut element = Element::new(Shape::Path(cmds), Paint { fill: Some(fill), ..self.grid.clone() }, class);
            element.data = data;
            patches.push(Patch { front, depth: mid.at[2], element });
        };
        for cell in topo.all_cells() {
            let (fill, class) = self.cell_fill(cell);
            let mut data = vec![("cell", topo.name(cell))];
            if let Some(p) = topo.pole_of(cell) {
                data.push(("pole", p.letter().to_string()));
            }
            add(g.outline_coords(topo, cell), g.centre_coords(topo, cell), fill, class, data);
        }
        for pole in [Pole::North, Pole::South] {
            if topo.pole_cell(pole).is_none() {
                let centre = g.pole_centre(pole);
                add(g.pole_outline(pole), centre, theme.pole, "pole", vec![("pole", pole.letter().to_string())]);
            }
        }
        // Inside first, then outside; far to near within each (the surface bounds a convex body at
        // every stage, so this hides what it covers).
        patches.sort_by(|a, b| a.front.cmp(&b.front).then(a.depth.total_cmp(&b.depth)));
        let edges = self.wrap_edges(g);
        let mut children: Vec<Node> = Vec::new();
        let inside = patches.iter().take_while(|p| !p.front).count();
        let mut patches = patches.into_iter().map(|p| Node::Element(p.element));
        children.extend(patches.by_ref().take(inside));
        children.extend(edges.iter().filter(|(front, _)| !front).map(|(_, e)| Node::Element(e.clone())));
        children.extend(patches);
        if g.morph.ball >= 1.0 {
            // Behind the patches, as on the globe: no background shows between them at the limb.
            l.cells.push(Node::Element(Element::new(
                Shape::Circle { c: g.centre, r: g.scale },
                Paint::fill(shade(theme.pole, 0.3)),
                "ball",
            )));
        }
        l.cells.push(Node::Group(Group {
            class: "surface".into(),
            data: vec![("bend", num(g.morph.bend)), ("cap", num(g.morph.cap)), ("ball", num(g.morph.ball))],
            offset: Pt::default(),
            scale: 1.0,
            children,
        }));
        l.decor.extend(edges.into_iter().filter(|(front, _)| *front).map(|(_, e)| e));
        if g.morph.ball >= 1.0 {
            // The ball, outlined as the globe outlines it.
            l.decor.push(Element::new(
                Shape::Circle { c: g.centre, r: g.scale },
                Paint::stroke(theme.text, (g.scale * 0.006).max(1.0)),
                "limb",
            ));
        }
        self.wrap_letters(g, l);
    }

    /// The colour mode's edges (north red, south blue, west green, east purple) on the surface,
    /// each split into the parts seen from outside (`true`) and, while the tube is open, from
    /// inside.
    fn wrap_edges(&self, g: &WrapGeom) -> Vec<(bool, Element)> {
        let coloured =
            matches!(self.view.kind, ViewKind::Board { edges: true, .. } | ViewKind::Chart { edges: true, .. });
        if !coloured {
            return Vec::new();
        }
        let (theme, s) = (self.theme, g.surface());
        let (w, h) = (self.topo.width() as f64, self.topo.height() as f64);
        let n = 16 * self.topo.width().max(self.topo.height()) as usize;
        let line = |a: (f64, f64), b: (f64, f64)| -> Vec<(f64, f64)> {
            (0..=n)
                .map(|i| {
                    let t = i as f64 / n as f64;
                    (a.0 + (b.0 - a.0) * t, s.cell_colatitude(a.1 + (b.1 - a.1) * t))
                })
                .collect()
        };
        let mut out = Vec::new();
        for (name, col, coords) in [
            ("north", theme.north, line((0.0, h), (w, h))),
            ("south", theme.south, line((0.0, 0.0), (w, 0.0))),
            ("west", theme.west, line((0.0, 0.0), (0.0, h))),
            ("east", theme.east, line((w, 0.0), (w, h))),
        ] {
            for front in [false, true] {
                if !front && g.morph.closed() {
                    continue;
                }
                for piece in g.pieces_facing(&coords, front) {
                    let paint = Paint::stroke(col, theme.edge_width).rounded();
                    out.push((front, Element::new(Shape::Polyline(piece), paint, format!("edge {name}"))));
                }
            }
        }
        out
    }

    /// The pole letters where a pole faces the viewer, and the file letters on the equator (as
    /// the globe writes them, so the last frame is the globe's).
    fn wrap_letters(&self, g: &WrapGeom, l: &mut Layers) {
        let (topo, theme) = (&self.topo, self.theme);
        for pole in [Pole::North, Pole::South] {
            let (u, c) = g.pole_centre(pole);
            let p = g.point(u, c);
            if p.facing <= 0.25 {
                continue;
            }
            let live = topo.pole_cell(pole);
            let size = match live {
                Some(cell) => g.cell_size(topo, cell) * 0.3,
                None => g.unit() * 0.45 * p.facing.sqrt(),
            };
            // A live pole's letter sits off its centre, clear of its piece.
            let at = g.paper(p.at);
            let at = if live.is_some() { at.offset(0.0, size * 1.4) } else { at };
            l.top.push(text(
                pole.letter().to_string(),
                at,
                size,
                Anchor::Middle,
                theme.title_font,
                theme.pole_text,
                "pole-label",
            ));
        }
        if self.view.coordinates == Coordinates::Edge {
            for f in 0..topo.width() {
                let p = g.point(f as f64 + 0.5, std::f64::consts::FRAC_PI_2);
                if p.facing < 0.3 {
                    continue;
                }
                let at = g.paper(p.at);
                let s = g.unit() * 0.3 * p.facing.sqrt();
                l.decor.push(Element::new(
                    Shape::Circle { c: at, r: s * 0.62 },
                    Paint::fill(theme.background).with_opacity(0.85),
                    "coordinate-halo",
                ));
                l.decor.push(text(file_name(f), at, s, Anchor::Middle, theme.font, theme.text, "coordinate file"));
            }
        }
    }
}

/// A stage parameter as a data attribute.
fn num(x: f64) -> String {
    format!("{:.3}", x)
}
