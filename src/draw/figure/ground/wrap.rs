//! The board on its way to the ball ([`WrapGeom`]): every cell and pole band as a patch of the
//! surface, shaded by the globe's light, drawn far to near; while the tube is open, the patches
//! seen from inside (through an end, or past a curled edge) are drawn first, darker. Then the
//! coloured edges of the colour mode, the pole letters and the file letters on the equator.

use super::super::{Coordinates, Layers, Painter, ViewKind, file_name, pieces::text};
use super::globe::SHADOW;
use crate::draw::geometry::{Projection, WrapGeom};
use crate::draw::scene::{Anchor, Element, Group, Node, Paint, PathCmd, Pt, Rgb, Shape};
use crate::rules::topology::Pole;

/// A patch of the surface ready to draw, and how to order it.
struct Patch {
    /// Seen from outside (any of it faces the viewer).
    front: bool,
    /// Nearness of its centre to the viewer (the viewer's z).
    depth: f64,
    /// The patch, then any lines drawn over it.
    elements: Vec<Element>,
}

/// A part of the surface to draw as a patch: its outline and centre in the board's coordinates,
/// its colour, class and data. `lines`: when given, the patch is a part of a larger one (a pole's
/// band), filled and edged in its own colour (no seam against its neighbours), the lines stroked
/// as the grid over it.
struct Part<'a> {
    outline: Vec<(f64, f64)>,
    centre: (f64, f64),
    fill: Rgb,
    class: &'a str,
    data: Vec<(&'static str, String)>,
    lines: Vec<Vec<(f64, f64)>>,
}

/// A colour in the globe's light, `light` from 0 (turned away) to 1; the split ball's halves lose
/// their shading as they flatten into the discs, which have none.
fn shade(g: &WrapGeom, fill: Rgb, light: f64) -> Rgb {
    let relief = 1.0 - g.split.flat;
    fill.mix(SHADOW, 0.5 * (1.0 - light) * relief)
}

impl Painter<'_> {
    pub(in super::super) fn wrap_cells(&self, g: &WrapGeom, l: &mut Layers) {
        let theme = self.theme;
        let bodies = g.body_outlines();
        let mut patches = self.wrap_patches(g, &bodies);
        // Inside first, then outside; far to near within each (the surface bounds a convex body at
        // every stage, so this hides what it covers).
        patches.sort_by(|a, b| a.front.cmp(&b.front).then(a.depth.total_cmp(&b.depth)));
        let edges = self.wrap_edges(g);
        let children = surface_nodes(patches, &edges);
        let outlines = body_shapes(g, &bodies);
        for (shape, _) in &outlines {
            l.cells.push(Node::Element(Element::new(shape.clone(), Paint::fill(shade(g, theme.pole, 0.3)), "ball")));
        }
        let data = morph_data(g);
        l.cells.push(Node::Group(Group { class: "surface".into(), data, offset: Pt::default(), scale: 1.0, children }));
        l.decor.extend(edges.into_iter().filter(|(front, _)| *front).map(|(_, e)| e));
        let limb = crate::draw::geometry::limb_width(g.scale);
        for (shape, half) in outlines {
            let e = match half {
                // The ball, outlined as the globe outlines it, fading in as it swells.
                None => {
                    let mut paint = Paint::stroke(theme.text, limb);
                    if g.morph.ball < 1.0 {
                        paint = paint.with_opacity(g.morph.ball);
                    }
                    Element::new(shape, paint, "limb")
                }
                // Each half keeps the ball's outline, turning into the disc's rim as it flattens.
                Some(pole) => {
                    let f = g.split.flat;
                    let paint = Paint::stroke(theme.text.mix(theme.grid, f), limb + (theme.grid_width - limb) * f);
                    Element::new(shape, paint, "limb").with("half", pole.letter().to_string())
                }
            };
            l.decor.push(e);
        }
        self.wrap_letters(g, l);
    }

    /// The patches of every cell and of the pole bands, in no order yet.
    fn wrap_patches(&self, g: &WrapGeom, bodies: &[Vec<Pt>]) -> Vec<Patch> {
        let topo = &self.topo;
        let mut patches: Vec<Patch> = Vec::new();
        for cell in topo.all_cells().filter(|&c| topo.coords(c).is_some()) {
            let (fill, class) = self.cell_fill(cell);
            let (outline, centre) = (g.outline_coords(topo, cell), g.centre_coords(topo, cell));
            let data = vec![("cell", topo.name(cell))];
            patches.extend(self.wrap_patch(g, bodies, Part { outline, centre, fill, class, data, lines: vec![] }));
        }
        // A pole's band (a live pole's cell, or the dead pole) goes once round the tube: drawn a
        // file's width at a time, so that the part turned away is painted before the squares in
        // front of it (as one patch it was ordered by its middle and covered squares beside it).
        for pole in [Pole::North, Pole::South] {
            let (fill, class, mut data) = match topo.pole_cell(pole) {
                Some(cell) => {
                    let (fill, class) = self.cell_fill(cell);
                    (fill, class, vec![("cell", topo.name(cell))])
                }
                None => (self.theme.pole, "pole", vec![]),
            };
            data.push(("pole", pole.letter().to_string()));
            let centre = g.pole_centre(pole).1;
            for f in 0..topo.width() {
                let (u0, u1) = (f as f64, f as f64 + 1.0);
                let (outline, lines) = (g.pole_sector(pole, u0, u1), g.pole_sector_edges(pole, u0, u1));
                let centre = (u0 + 0.5, centre);
                patches.extend(self.wrap_patch(
                    g,
                    bodies,
                    Part { outline, centre, fill, class, data: data.clone(), lines },
                ));
            }
        }
        patches
    }

    /// A part of the surface as a patch, shaded; none when it is turned away and the tube is
    /// closed. On a closed convex body (`bodies`: the swelling ball's outline, or the split
    /// ball's halves') the patch is cut where it turns away and closed along the outline.
    fn wrap_patch(&self, g: &WrapGeom, bodies: &[Vec<Pt>], part: Part) -> Option<Patch> {
        let Part { outline, centre, fill, class, data, lines } = part;
        // On the split ball a patch lies on its centre's half, its equator side too.
        let points: Vec<_> = outline.iter().map(|&(u, c)| g.point_on(u, c, centre.1)).collect();
        let mid = g.point(centre.0, centre.1);
        let front = mid.facing > 1e-9 || points.iter().any(|p| p.facing > 1e-9);
        if !front && g.morph.closed() {
            return None;
        }
        let body = match bodies {
            [] => None,
            [one] => Some(one),
            [north, south, ..] => Some(if centre.1 < std::f64::consts::FRAC_PI_2 { north } else { south }),
        };
        let paper: Vec<Pt> = match body {
            Some(limb) => g.seen_outline(&outline, centre.1, limb)?,
            None => points.iter().map(|p| g.paper(p.at)).collect(),
        };
        let mut cmds: Vec<PathCmd> = Vec::with_capacity(paper.len() + 1);
        for (i, &at) in paper.iter().enumerate() {
            cmds.push(if i == 0 { PathCmd::Move(at) } else { PathCmd::Line(at) });
        }
        cmds.push(PathCmd::Close);
        // Inside the tube the light comes through the open end: the patch's own colour, dimmed.
        let (fill, class) = if front {
            (shade(g, fill, mid.light()), class.to_string())
        } else {
            (fill.mix(SHADOW, 0.55), format!("{class} inside"))
        };
        let paint = match (lines.is_empty(), &self.grid.stroke) {
            (false, Some((_, width))) => Paint { fill: Some(fill), stroke: Some((fill, *width)), ..self.grid.clone() },
            _ => Paint { fill: Some(fill), ..self.grid.clone() },
        };
        let mut element = Element::new(Shape::Path(cmds), paint, &class);
        element.data = data.clone();
        let mut elements = vec![element];
        for line in lines {
            let pieces = match body {
                Some(_) => g.seen_lines(&line, centre.1),
                None => vec![line.iter().map(|&(u, c)| g.paper(g.point_on(u, c, centre.1).at)).collect()],
            };
            for pts in pieces {
                let paint = Paint { fill: None, ..self.grid.clone() };
                let mut e = Element::new(Shape::Polyline(pts), paint, format!("{class} edge"));
                e.data = data.clone();
                elements.push(e);
            }
        }
        Some(Patch { front, depth: mid.at[2], elements })
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
        // On the equator, which the split ball no longer has.
        if self.view.coordinates == Coordinates::Edge && !g.split.begun() {
            for f in 0..topo.width() {
                let p = g.point(f as f64 + 0.5, std::f64::consts::FRAC_PI_2);
                if p.facing < 0.3 {
                    continue;
                }
                let at = g.paper(p.at);
                let s = g.unit() * 0.3 * p.facing.sqrt();
                l.decor.extend(super::badge(theme, file_name(f), at, s, "coordinate file"));
            }
        }
    }
}

/// The surface's nodes: the patches seen from inside, the edges seen from inside, then the
/// patches seen from outside (the edges seen from outside go over everything, in the decor).
fn surface_nodes(patches: Vec<Patch>, edges: &[(bool, Element)]) -> Vec<Node> {
    let mut children: Vec<Node> = Vec::new();
    let inside: usize = patches.iter().take_while(|p| !p.front).map(|p| p.elements.len()).sum();
    let mut patches = patches.into_iter().flat_map(|p| p.elements.into_iter().map(Node::Element));
    children.extend(patches.by_ref().take(inside));
    children.extend(edges.iter().filter(|(front, _)| !front).map(|(_, e)| Node::Element(e.clone())));
    children.extend(patches);
    children
}

/// The outlines to fill behind the patches (so that no background shows between them at the
/// edge, as on the globe) and to stroke over them: the swelling ball's, the globe's limb at the
/// end (`None`); once the ball is split, each half's (its pole), so that the ball's outline
/// stays on the halves as they come apart instead of vanishing at the cut.
fn body_shapes(g: &WrapGeom, bodies: &[Vec<Pt>]) -> Vec<(Shape, Option<Pole>)> {
    let path = |h: &Vec<Pt>| {
        let mut cmds = PathCmd::polyline(h);
        cmds.push(PathCmd::Close);
        Shape::Path(cmds)
    };
    if g.split.begun() {
        bodies.iter().zip([Pole::North, Pole::South]).map(|(h, p)| (path(h), Some(p))).collect()
    } else if g.morph.ball >= 1.0 {
        vec![(Shape::Circle { c: g.centre, r: g.scale }, None)]
    } else {
        bodies.iter().filter(|h| h.len() >= 3).map(|h| (path(h), None)).collect()
    }
}

/// The stage of the morph (and of the split, once begun), as the surface group's data.
fn morph_data(g: &WrapGeom) -> Vec<(&'static str, String)> {
    let mut data = vec![
        ("bend", num(g.morph.bend)),
        ("cap-north", num(g.morph.cap_north)),
        ("cap-south", num(g.morph.cap_south)),
        ("ball", num(g.morph.ball)),
    ];
    if g.split.begun() {
        data.extend([("apart", num(g.split.apart)), ("turn", num(g.split.turn)), ("flat", num(g.split.flat))]);
    }
    data
}

/// A stage parameter as a data attribute.
fn num(x: f64) -> String {
    format!("{:.3}", x)
}
