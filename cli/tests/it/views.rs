//! The views as projections of one surface: every view puts a cell where the sphere has it, the
//! globe shows exactly its near half, every view draws every kind of board, and the marks are
//! drawn without asking which view they are in.

use dotchess::draw::geometry::{DiscGeom, GlobeGeom, HemiGeom, Projection, Surface, Viewpoint};
use dotchess::draw::scene::{Element, Pt};
use dotchess::draw::{Overlay, View, ViewKind};
use dotchess::{Cell, Pole, Position, Scene, Theme, Topology, VariantId, render};
use std::collections::BTreeSet;
use std::f64::consts::{FRAC_PI_2, PI};

/// One board of each kind: dead poles (8×8), live poles (6×6, 8×8), xiangqi (9×10).
fn boards() -> Vec<Position> {
    vec![
        Position::start(VariantId::Dot),
        Position::start(VariantId::Small),
        Position::from_fen(VariantId::Small8, "k/8/8/8/8/8/8/8/8/B").unwrap(),
        Position::start(VariantId::Xiangqi),
    ]
}

fn data<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

fn globe(latitude: f64, longitude: f64, roll: f64) -> View {
    View { kind: ViewKind::Globe { viewpoint: Viewpoint { latitude, longitude, roll }, ghost: false }, ..View::globe() }
}

/// The difference of two longitudes, in (-π, π].
fn dlon(a: f64, b: f64) -> f64 {
    (a - b + PI).rem_euclid(2.0 * PI) - PI
}

/// Longitude and latitude of a point of a hemisphere disc, read back from paper: the radius is
/// the angular distance from the disc's pole (the rim is the equator); east runs
/// counter-clockwise on the northern disc, clockwise on the southern, and file position
/// `rotation` points at the touching point.
fn hemi_lon_lat(g: &HemiGeom, w: f64, p: Pt) -> (f64, f64) {
    let north = p.dist(g.north) < p.dist(g.south);
    let c = if north { g.north } else { g.south };
    let colat = p.dist(c) / g.radius() * FRAC_PI_2;
    let a = (-(p.y - c.y)).atan2(p.x - c.x);
    let turn = if north { a + FRAC_PI_2 } else { FRAC_PI_2 - a };
    let lon = turn + g.rotation * 2.0 * PI / w;
    (lon, if north { FRAC_PI_2 - colat } else { colat - FRAC_PI_2 })
}

/// Longitude and latitude of a point of the globe, read back from paper: the point in the
/// viewer's frame (z toward the viewer), turned back by the roll, then from the viewer's east,
/// north and toward directions at the viewpoint to the sphere's axes.
fn globe_lon_lat(g: &GlobeGeom, p: Pt) -> (f64, f64) {
    let (x, y) = ((p.x - g.centre.x) / g.radius, -(p.y - g.centre.y) / g.radius);
    let z = (1.0 - x * x - y * y).max(0.0).sqrt();
    let r = g.viewpoint.roll.to_radians();
    let (x, y) = (x * r.cos() + y * r.sin(), -x * r.sin() + y * r.cos());
    let (la, lo) = (g.viewpoint.latitude.to_radians(), g.viewpoint.longitude.to_radians());
    let east = [-lo.sin(), lo.cos(), 0.0];
    let north = [-la.sin() * lo.cos(), -la.sin() * lo.sin(), la.cos()];
    let toward = [la.cos() * lo.cos(), la.cos() * lo.sin(), la.sin()];
    let v: Vec<f64> = (0..3).map(|i| x * east[i] + y * north[i] + z * toward[i]).collect();
    (v[1].atan2(v[0]), v[2].clamp(-1.0, 1.0).asin())
}

/// Longitude and latitude of a point of the single disc, read back from paper: the radius is
/// the angular distance from the central pole (the rim is the other pole), east runs
/// counter-clockwise round N and clockwise round S, and file position `rotation` points down.
fn disc_lon_lat(g: &DiscGeom, w: f64, p: Pt) -> (f64, f64) {
    let d = p.dist(g.centre) / g.radius * PI;
    let a = (-(p.y - g.centre.y)).atan2(p.x - g.centre.x) + FRAC_PI_2;
    let (turn, lat) = match g.pole {
        Pole::North => (a, FRAC_PI_2 - d),
        Pole::South => (-a, d - FRAC_PI_2),
    };
    (turn + g.rotation * 2.0 * PI / w, lat)
}

fn same_place(topo: &Topology, cell: Cell, want: (f64, f64), got: (f64, f64), view: &str) {
    assert!((want.1 - got.1).abs() < 1e-6, "{view}: {} at latitude {} not {}", topo.name(cell), got.1, want.1);
    if want.1.abs() < FRAC_PI_2 - 1e-6 {
        assert!(dlon(want.0, got.0).abs() < 1e-6, "{view}: {} at longitude {} not {}", topo.name(cell), got.0, want.0);
    }
}

#[test]
fn every_view_of_the_sphere_puts_a_cell_at_the_same_longitude_and_latitude() {
    for pos in boards() {
        let topo = *pos.topology();
        let surface = Surface::new(&topo);
        let w = topo.width() as f64;
        let hemi = HemiGeom::new(&topo, Pt::new(300.0, 300.0), 250.0, 2.7);
        for cell in topo.all_cells() {
            let want = surface.cell_centre(&topo, cell);
            // docs/rules.md §5.5: file f spans [f, f+1]·360°/W; the equator between ranks H/2 and H/2+1.
            if let Some((f, r)) = topo.coords(cell) {
                assert!(dlon(want.0, (f as f64 + 0.5) * 2.0 * PI / w).abs() < 1e-9);
                assert_eq!(want.1 > 0.0, r >= topo.height() / 2, "{}", topo.name(cell));
            }
            let at = hemi.centres(&topo, cell);
            assert_eq!(at.len(), 1);
            same_place(&topo, cell, want, hemi_lon_lat(&hemi, w, at[0]), "hemispheres");
            for pole in [Pole::North, Pole::South] {
                let disc = DiscGeom::new(&topo, Pt::new(300.0, 300.0), 250.0, pole, 1.3);
                let at = disc.centres(&topo, cell);
                assert_eq!(at.len(), 1);
                // The outer pole is a ring; its piece stands at one place of it.
                if topo.pole_of(cell).is_none_or(|p| p == pole) {
                    same_place(&topo, cell, want, disc_lon_lat(&disc, w, at[0]), "disc");
                }
            }
            // Globes from several directions: every cell is seen from one of them.
            let mut seen = false;
            for (lat, lon, roll) in [(20.0, 180.0, 0.0), (-35.0, 10.0, 30.0), (90.0, 0.0, -70.0), (-90.0, 77.0, 0.0)] {
                let g = GlobeGeom::new(
                    &topo,
                    Pt::new(250.0, 250.0),
                    200.0,
                    Viewpoint { latitude: lat, longitude: lon, roll },
                    false,
                );
                for p in g.centres(&topo, cell) {
                    seen = true;
                    same_place(&topo, cell, want, globe_lon_lat(&g, p), "globe");
                }
            }
            assert!(seen, "{} seen from no side", topo.name(cell));
        }
    }
}

/// The cells (and pole caps, by their letter) a scene draws.
fn drawn_cells(scene: &Scene) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for e in scene.find("cell").into_iter().chain(scene.find("pole")) {
        if let Some(c) = data(e, "cell").or(data(e, "pole")) {
            out.insert(c.to_string());
        }
    }
    out
}

#[test]
fn the_globe_seen_from_above_north_shows_exactly_the_northern_half() {
    let theme = Theme::essay();
    for pos in boards() {
        let topo = pos.topology();
        for roll in [0.0, 33.0] {
            let scene = render(&pos, &Overlay::default(), &globe(90.0, 123.0, roll), &theme);
            let got = drawn_cells(&scene);
            let mut want: BTreeSet<String> = topo
                .all_cells()
                .filter(|&c| topo.coords(c).is_some_and(|(_, r)| 2 * r as usize >= topo.height() as usize))
                .map(|c| topo.name(c))
                .collect();
            want.insert("N".to_string());
            assert_eq!(got, want, "{}", pos.variant().title);
            // Pieces stand on the visible cells only.
            let pieces: BTreeSet<String> =
                scene.find("piece").iter().map(|e| data(e, "cell").unwrap().to_string()).collect();
            let on_north: BTreeSet<String> =
                pos.pieces().map(|(c, _)| topo.name(c)).filter(|n| want.contains(n)).collect();
            assert_eq!(pieces, on_north, "{}", pos.variant().title);
        }
    }
}

#[test]
fn the_globe_marks_only_what_faces_the_viewer() {
    // A rook on d5 seen from straight above N: its dots are its destinations north of the
    // equator; its routes end at the limb or at a dot; a ghosted globe adds the far parts.
    let pos = Position::from_fen(VariantId::Dot, "8/8/8/3R4/8/8/8/8").unwrap();
    let topo = pos.topology();
    let d5 = topo.parse_cell("d5").unwrap();
    let overlay = Overlay { moves: vec![d5.into()], ..Overlay::default() };
    let view = globe(90.0, 0.0, 0.0);
    let scene = render(&pos, &overlay, &view, &Theme::essay());
    let dots: BTreeSet<&str> = scene.find("dot").iter().map(|e| data(e, "cell").unwrap()).collect();
    let want: BTreeSet<String> = dotchess::destinations(&pos, d5, true)
        .iter()
        .map(|d| d.cell)
        .filter(|&c| topo.coords(c).unwrap().1 >= 4)
        .map(|c| topo.name(c))
        .collect();
    assert_eq!(dots, want.iter().map(String::as_str).collect());
    for e in scene.find("route") {
        let dotchess::draw::scene::Shape::Polyline(p) = &e.shape else { panic!() };
        for q in p {
            assert!(q.dist(Pt::new(240.0, 240.0)) <= 216.0 + 1e-6, "route off the ball");
        }
    }
    assert!(scene.find("route").iter().all(|e| data(e, "far").is_none()));
    let ghost = View {
        kind: ViewKind::Globe { viewpoint: Viewpoint { latitude: 90.0, longitude: 0.0, roll: 0.0 }, ghost: true },
        ..view
    };
    let scene = render(&pos, &overlay, &ghost, &Theme::essay());
    assert!(scene.find("route").iter().any(|e| data(e, "far") == Some("true")));
    assert!(!scene.find("far-grid").is_empty());
}

#[test]
fn every_view_draws_every_kind_of_board() {
    let theme = Theme::essay();
    for pos in boards() {
        let topo = pos.topology();
        let disc_n = View { kind: ViewKind::Disc { pole: Some(Pole::North), rotation: 0.5 }, ..View::disc() };
        for view in [View::hemispheres(), View::board(), View::chart(), View::globe(), View::disc(), disc_n] {
            let scene = render(&pos, &Overlay::default(), &view, &theme);
            let cells = drawn_cells(&scene);
            assert!(cells.len() > topo.squares() / 3, "{} {:?}", pos.variant().title, view.kind);
            // Every piece stands on a drawn cell, and every piece on a wholly drawn view is there.
            for e in scene.find("piece") {
                assert!(cells.contains(data(e, "cell").unwrap()), "{:?}", view.kind);
            }
            if !matches!(view.kind, ViewKind::Globe { .. }) {
                if !matches!(view.kind, ViewKind::Chart { .. }) {
                    assert_eq!(
                        cells.len(),
                        topo.all_cells().count() + 2 * usize::from(topo.pole_cell(Pole::North).is_none())
                    );
                }
                let drawn: BTreeSet<&str> = scene.find("piece").iter().map(|e| data(e, "cell").unwrap()).collect();
                assert_eq!(drawn.len(), pos.pieces().count(), "{} {:?}", pos.variant().title, view.kind);
            }
            if pos.variant().is_xiangqi() {
                assert!(!scene.find("river").is_empty(), "{:?}", view.kind);
                assert!(!scene.find("palace").is_empty(), "{:?}", view.kind);
            }
        }
        // The globe seen from both sides, each from above and below the equator, shows every
        // piece between them (a piece whose cell is a sliver at the limb is left out of that
        // view, so the first and last ranks need a view from above or below).
        let views: Vec<dotchess::Scene> =
            [(0.0, 180.0), (0.0, 0.0), (60.0, 180.0), (60.0, 0.0), (-60.0, 180.0), (-60.0, 0.0)]
                .into_iter()
                .map(|(lat, lon)| render(&pos, &Overlay::default(), &globe(lat, lon, 0.0), &theme))
                .collect();
        let seen: BTreeSet<&str> =
            views.iter().flat_map(|v| v.find("piece")).map(|e| data(e, "cell").unwrap()).collect();
        let on_poles = pos.pieces().filter(|(c, _)| topo.pole_of(*c).is_some()).count();
        assert!(seen.len() + on_poles >= pos.pieces().count(), "{}", pos.variant().title);
    }
}

#[test]
fn the_marks_code_does_not_ask_which_view_it_is_in() {
    // Marks, pieces and labels are drawn through the projection alone: no view type, no view
    // kind, no layout in their modules.
    let dir = std::path::Path::new(crate::common::ROOT).join("src/draw/figure");
    for file in ["marks.rs", "piece_moves.rs", "pieces.rs", "legend.rs"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for word in ["ViewKind", "Layout", "BoardGeom", "HemiGeom", "ChartGeom", "GlobeGeom", "DiscGeom"] {
            assert!(!text.contains(word), "{file} names {word}");
        }
    }
}

#[test]
fn the_disc_has_one_pole_at_the_centre_and_the_other_round_the_rim() {
    // Xiangqi on the disc, S at the centre (as Neatham draws it): the river is one circle on the
    // equator, half way out; the palaces are circles round the centre and near the rim; the
    // generals stand at the centre and in the outer ring.
    let pos = Position::start(VariantId::Xiangqi);
    let scene = render(&pos, &Overlay::default(), &View::disc(), &Theme::essay());
    let topo = pos.topology();
    let centre = Pt::new(240.0, 240.0);
    let radius = 240.0 * 0.88;
    let mut river_r: Vec<f64> = Vec::new();
    for e in scene.find("river") {
        let dotchess::draw::scene::Shape::Path(cmds) = &e.shape else { panic!() };
        for c in cmds {
            if let dotchess::draw::scene::PathCmd::Move(p) | dotchess::draw::scene::PathCmd::Arc { to: p, .. } = c {
                river_r.push(p.dist(centre));
            }
        }
    }
    assert!(!river_r.is_empty());
    for r in &river_r {
        assert!((r - radius / 2.0).abs() < 1e-6, "river at {r}, not on the equator");
    }
    let general = |cell: &str| -> Pt {
        let e = scene.find("piece").into_iter().find(|e| data(e, "cell") == Some(cell)).unwrap().clone();
        let dotchess::draw::scene::Shape::Piece { at, .. } = e.shape else { panic!() };
        at
    };
    assert!(general("S").dist(centre) < 1e-9);
    assert!(general("N").dist(centre) > radius * 0.9);
    assert_eq!(scene.find("palace").iter().filter(|e| data(e, "side").is_some()).count(), 2 * topo.width() as usize);
    // A rook's longitude loop on the Dot crosses the outer pole once: two parts, joined by ports
    // on the rim.
    let rook = Position::from_fen(VariantId::Dot, "8/8/8/3R4/8/8/8/8").unwrap();
    let d5 = rook.topology().parse_cell("d5").unwrap();
    let o = Overlay { loops: vec![(d5, dotchess::Dir::new(0, 1))], ..Overlay::default() };
    let scene = render(&rook, &o, &View::disc(), &Theme::essay());
    assert_eq!(scene.find("loop").len(), 2);
    for p in scene.find("port") {
        let dotchess::draw::scene::Shape::Circle { c, .. } = p.shape else { panic!() };
        assert!((c.dist(centre) - radius).abs() < 1e-6);
    }
}

/// SPEC §5.6: the single disc is drawn, unless a figure names a pole, the way its source draws
/// the game. The cap at the centre is that pole's cell, and the piece standing on it sits at the
/// centre; the other pole is the outermost ring.
#[test]
fn the_disc_puts_the_sources_pole_at_the_centre_by_default() {
    // Seed 001, the editor's note under Mori's diagram: Howe made a hole at the sphere's south
    // pole and stretched the surface out flat, so what had been the south pole became the
    // outermost ring — the north pole is in the middle.
    // Seed 003: Neatham's central dark-blue circle is Gold's own pole (Gold plays White's part,
    // from the south), and the light-blue outermost circle is Red's.
    let cases = [
        (Position::start(VariantId::Small), "N"),
        (Position::from_fen(VariantId::Small8, "k/8/8/8/8/8/8/8/8/K").unwrap(), "N"),
        (Position::start(VariantId::Xiangqi), "S"),
    ];
    for (pos, want) in cases {
        let v = pos.variant().id;
        let scene = render(&pos, &Overlay::default(), &View::disc(), &Theme::essay());
        let centre = Pt::new(scene.width / 2.0, scene.width / 2.0);
        let caps: Vec<&str> = scene
            .elements()
            .into_iter()
            .filter(|e| matches!(e.shape, dotchess::draw::scene::Shape::Circle { c, .. } if c.dist(centre) < 1e-9))
            .filter_map(|e| data(e, "pole"))
            .collect();
        assert_eq!(caps, [want], "{v}: the cap at the centre");
        let piece_at = |cell: &str| -> Pt {
            let e = scene.find("piece").into_iter().find(|e| data(e, "cell") == Some(cell)).unwrap();
            let dotchess::draw::scene::Shape::Piece { at, .. } = e.shape else { panic!() };
            at
        };
        let other = if want == "N" { "S" } else { "N" };
        assert!(piece_at(want).dist(centre) < 1e-9, "{v}: the piece on {want} is not at the centre");
        assert!(piece_at(other).dist(centre) > scene.width * 0.4, "{v}: the piece on {other} is not in the outer ring");
    }
}
