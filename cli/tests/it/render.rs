//! The renderer against the rules: shapes per view, dots and routes from the core, pixels, and
//! well-formed, reproducible output.

use dotchess::draw::scene::{Element, Pt, Rgb, Shape};
use dotchess::draw::{Coordinates, Overlay, View, ViewKind};
use dotchess::{Position, Scene, Theme, VariantId, destinations, render};

fn fen(v: VariantId, f: &str) -> Position {
    Position::from_fen(v, f).unwrap()
}

fn moves_overlay(pos: &Position, sq: &str) -> Overlay {
    Overlay { moves: vec![pos.topology().parse_cell(sq).unwrap().into()], ..Overlay::default() }
}

fn data<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// Cells and pole caps drawn (not their labels).
fn cell_shapes(scene: &Scene) -> usize {
    scene.find("cell").len() + scene.find("pole").len()
}

fn views() -> [View; 3] {
    [View::hemispheres(), View::board(), View::chart()]
}

#[test]
fn hemispheres_draw_every_cell_once() {
    let theme = Theme::essay();
    let dot = Position::start(VariantId::Dot);
    assert_eq!(cell_shapes(&render(&dot, &Overlay::default(), &View::hemispheres(), &theme)), 66);
    let small = Position::start(VariantId::Small);
    assert_eq!(cell_shapes(&render(&small, &Overlay::default(), &View::hemispheres(), &theme)), 38);
    // The single board: 64 squares and two pole bands; Small's live poles are cells.
    assert_eq!(cell_shapes(&render(&dot, &Overlay::default(), &View::board(), &theme)), 66);
    assert_eq!(cell_shapes(&render(&small, &Overlay::default(), &View::board(), &theme)), 38);
    // Flat chess has no poles.
    let flat = Position::start(VariantId::Flat);
    assert_eq!(cell_shapes(&render(&flat, &Overlay::default(), &View::board(), &theme)), 64);
}

#[test]
fn every_square_is_named_once_with_its_colour() {
    let theme = Theme::essay();
    let pos = Position::start(VariantId::Dot);
    let scene = render(&pos, &Overlay::default(), &View::hemispheres(), &theme);
    let topo = pos.topology();
    for e in scene.find("cell") {
        let c = topo.parse_cell(data(e, "cell").unwrap()).unwrap();
        let dark = topo.is_dark(c).unwrap();
        assert!(e.class.contains(if dark { "dark" } else { "light" }), "{}", e.class);
        assert_eq!(e.paint.fill, Some(if dark { theme.dark } else { theme.light }));
    }
    let mut pieces: Vec<String> = scene
        .find("piece")
        .iter()
        .map(|e| format!("{}{}", data(e, "piece").unwrap(), data(e, "cell").unwrap()))
        .collect();
    pieces.sort();
    let mut want: Vec<String> = pos.pieces().map(|(c, p)| format!("{}{}", p.letter(), topo.name(c))).collect();
    want.sort();
    assert_eq!(pieces, want);
}

/// Positions and pieces whose moves the tests draw: captures, poles, wraps, live poles.
fn move_cases() -> Vec<(Position, &'static str)> {
    vec![
        (fen(VariantId::Dot, "8/8/8/3R3r/8/8/1p6/8"), "d5"),
        (fen(VariantId::Dot, "8/8/8/8/6p1/8/3B4/8"), "d2"),
        (fen(VariantId::Dot, "3k4/8/8/8/8/8/8/8"), "d8"),
        (fen(VariantId::Dot, "8/8/8/8/8/8/8/1n1N4"), "d1"),
        (fen(VariantId::Spherical, "8/8/8/8/8/3B4/8/8"), "d3"),
        (Position::start(VariantId::Small), "c1"),
        (fen(VariantId::Small8, "1/8/8/8/8/8/8/8/8/R"), "S"),
        (fen(VariantId::Dot, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1"),
    ]
}

#[test]
fn dots_are_the_cores_destinations() {
    let theme = Theme::essay();
    for (pos, sq) in move_cases() {
        let cell = pos.topology().parse_cell(sq).unwrap();
        let dests = destinations(&pos, cell, true);
        let mut want: Vec<&str> = Vec::new();
        let names: Vec<String> = dests.iter().map(|d| pos.topology().name(d.cell)).collect();
        want.extend(names.iter().map(String::as_str));
        want.sort();
        for view in views() {
            let scene = render(&pos, &moves_overlay(&pos, sq), &view, &theme);
            let dots = scene.find("dot");
            let mut got: Vec<&str> = dots.iter().map(|e| data(e, "cell").unwrap()).collect();
            got.sort();
            if matches!(view.kind, ViewKind::Chart { .. }) {
                // The chart marks each route's end: every destination, possibly in several copies.
                got.dedup();
            } else {
                assert_eq!(dots.len(), dests.len(), "{pos:?} {sq} {:?}", view.kind);
            }
            assert_eq!(got, want, "{pos:?} {sq} {:?}", view.kind);
            let captures: usize = scene.find("dot capture").len();
            if !matches!(view.kind, ViewKind::Chart { .. }) {
                assert_eq!(captures, dests.iter().filter(|d| d.capture).count());
            }
        }
    }
}

#[test]
fn routes_start_at_the_piece_and_end_at_the_dot() {
    let theme = Theme::essay();
    for (pos, sq) in move_cases() {
        for view in [View::hemispheres(), View::board()] {
            let scene = render(&pos, &moves_overlay(&pos, sq), &view, &theme);
            let piece = scene.find("piece").into_iter().find(|e| data(e, "cell") == Some(sq)).unwrap().clone();
            let Shape::Piece { at: origin, .. } = piece.shape else { panic!("piece shape") };
            let routes = scene.find("route");
            assert!(!routes.is_empty());
            let dot_at = |cell: &str| {
                let dot = scene
                    .find("dot")
                    .into_iter()
                    .find(|d| data(d, "cell") == Some(cell))
                    .unwrap_or_else(|| panic!("no dot on {cell}"));
                let Shape::Circle { c, .. } = dot.shape else { panic!() };
                c
            };
            let ports: Vec<Pt> = scene
                .find("port")
                .iter()
                .map(|e| match e.shape {
                    Shape::Circle { c, .. } => c,
                    _ => panic!("port shape"),
                })
                .collect();
            // Group the parts of each route: a route is broken into parts where it leaves the
            // paper (an edge, a pole band, the equator), numbered `part="i/n"`. A route that
            // continues a shorter one (`continues`, the square that one ends on) draws only from
            // there on, so its parts start at that number.
            let part = |e: &Element| data(e, "part").map(|p| p.split('/').next().unwrap().parse::<usize>().unwrap());
            let mut i = 0;
            let mut count = 0;
            while i < routes.len() {
                let mut n = 1;
                while part(routes[i]).is_some()
                    && i + n < routes.len()
                    && data(routes[i + n], "to") == data(routes[i], "to")
                    && data(routes[i + n], "continues") == data(routes[i], "continues")
                    && part(routes[i + n]) > part(routes[i + n - 1])
                {
                    n += 1;
                }
                let parts = &routes[i..i + n];
                let Shape::Polyline(first) = &parts[0].shape else { panic!() };
                let Shape::Polyline(last) = &parts[n - 1].shape else { panic!() };
                let to = data(parts[0], "to").unwrap();
                match data(parts[0], "continues") {
                    None => {
                        assert!(first[0].dist(origin) < 0.01, "{pos:?} {sq}: route to {to} starts away from the piece")
                    }
                    // From where the route it continues ends, or across a break after it.
                    Some(c) => assert!(
                        first[0].dist(dot_at(c)) < 0.01 || ports.iter().any(|p| p.dist(first[0]) < 0.01),
                        "{pos:?} {sq}: route to {to} does not start where the route to {c} ends"
                    ),
                }
                assert!(
                    last.last().unwrap().dist(dot_at(to)) < 0.01,
                    "{pos:?} {sq} {:?}: route to {to} ends away from its dot",
                    view.kind
                );
                i += n;
                count += 1;
            }
            let cell = pos.topology().parse_cell(sq).unwrap();
            let want: usize = destinations(&pos, cell, true).iter().map(|d| d.routes.len()).sum();
            assert_eq!(count, want, "{pos:?} {sq}: one drawn route per route of the core");
        }
    }
}

#[test]
fn routes_over_the_equator_continue_on_the_other_disc() {
    // The rook's file route from d5 southward crosses into the southern disc at once.
    let pos = fen(VariantId::Dot, "8/8/8/3R4/8/8/8/8");
    let scene = render(&pos, &moves_overlay(&pos, "d5"), &View::hemispheres(), &Theme::essay());
    let centre = |pole: &str| {
        let cap = scene.find("pole").into_iter().find(|e| data(e, "pole") == Some(pole)).unwrap();
        let Shape::Circle { c, .. } = cap.shape else { panic!() };
        c
    };
    let (n, s) = (centre("N"), centre("S"));
    let to_d4: Vec<&Element> = scene.find("route").into_iter().filter(|e| data(e, "to") == Some("d4")).collect();
    // Both routes to d4 cross the equator once (the direct step, and the ride round over N, the
    // h-file and S). The direct one is two parts, the first on the northern disc, the second on
    // the southern; the ride round continues the route to d3 and draws only its last step, on the
    // southern disc.
    let (direct, round): (Vec<&Element>, Vec<&Element>) =
        to_d4.into_iter().partition(|e| data(e, "continues").is_none());
    assert_eq!(direct.len(), 2);
    assert_eq!(round.len(), 1);
    assert_eq!(data(round[0], "continues"), Some("d3"));
    let Shape::Polyline(tail) = &round[0].shape else { panic!() };
    assert!(tail.iter().all(|p| p.dist(s) <= p.dist(n) + 0.01), "the last step on the south disc");
    for pair in direct.chunks(2) {
        let (Shape::Polyline(a), Shape::Polyline(b)) = (&pair[0].shape, &pair[1].shape) else { panic!() };
        assert!(a.iter().all(|p| p.dist(n) <= p.dist(s) + 0.01), "first part on the north disc");
        assert!(b.iter().all(|p| p.dist(s) <= p.dist(n) + 0.01), "second part on the south disc");
        assert!(a.last().unwrap().dist(*b.first().unwrap()) > 1.0, "the parts are apart: two discs");
    }
    assert!(scene.find("port").len() >= 4);
}

fn pixel(png: &[u8], x: f64, y: f64) -> Rgb {
    let pm = tiny_skia::Pixmap::decode_png(png).unwrap();
    let p = pm.pixel(x.round() as u32, y.round() as u32).unwrap().demultiply();
    Rgb(p.red(), p.green(), p.blue())
}

#[test]
fn pixel_probes() {
    let theme = Theme::essay();
    let pos = fen(VariantId::Dot, "8/8/8/3R3r/8/8/8/8");
    let scene = render(&pos, &moves_overlay(&pos, "d5"), &View::board(), &theme);
    let png = dotchess::output::scene_png(&scene, 1.0).unwrap();
    // A dark square's centre (a1: no dot there, no route through it) has the dark colour.
    let a1 = scene.find("cell").into_iter().find(|e| data(e, "cell") == Some("a1")).unwrap();
    let Shape::Rect { at, w, h } = a1.shape else { panic!() };
    assert_eq!(pixel(&png, at.x + w / 2.0, at.y + h / 2.0), theme.dark);
    let b1 = scene.find("cell").into_iter().find(|e| data(e, "cell") == Some("b1")).unwrap();
    let Shape::Rect { at, w, h } = b1.shape else { panic!() };
    assert_eq!(pixel(&png, at.x + w / 2.0, at.y + h / 2.0), theme.light);
    // A dot's centre is black.
    let dot = scene.find("dot").into_iter().find(|e| data(e, "cell") == Some("d3")).unwrap();
    let Shape::Circle { c, .. } = dot.shape else { panic!() };
    assert_eq!(pixel(&png, c.x, c.y), Rgb::BLACK);
    // The same on the hemispheres: a dot and an empty dark sector.
    let scene = render(&pos, &moves_overlay(&pos, "d5"), &View::hemispheres(), &theme);
    let png = dotchess::output::scene_png(&scene, 1.0).unwrap();
    let dot = scene.find("dot").into_iter().find(|e| data(e, "cell") == Some("b5")).unwrap();
    let Shape::Circle { c, .. } = dot.shape else { panic!() };
    assert_eq!(pixel(&png, c.x, c.y), Rgb::BLACK);
}

fn all_figures() -> Vec<(String, Scene)> {
    let files = dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES);
    let manifest = dotchess::batch::essay_manifest();
    let mut v: Vec<(String, Scene)> = manifest
        .jobs
        .iter()
        .map(|j| (j.name.clone(), dotchess::batch::figure(j, &files, manifest.variant).unwrap().render()))
        .collect();
    for t in ["print", "ice"] {
        let theme = Theme::built_in(t).unwrap();
        let pos = Position::start(VariantId::Small);
        for view in views() {
            v.push((format!("small-{t}-{:?}", view.kind), render(&pos, &moves_overlay(&pos, "c1"), &view, &theme)));
        }
    }
    v
}

#[test]
fn svg_is_well_formed_and_self_contained() {
    for (name, scene) in all_figures() {
        let svg = dotchess::output::to_svg(&scene);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let kids: Vec<&str> = root.children().filter(|n| n.is_element()).map(|n| n.tag_name().name()).collect();
        assert_eq!(&kids[..2], ["title", "desc"], "{name}");
        let desc = root.children().find(|n| n.has_tag_name("desc")).unwrap().text().unwrap_or("");
        assert!(desc.len() > 20, "{name}: desc `{desc}`");
        for n in doc.descendants() {
            let tag = n.tag_name().name();
            assert!(!["use", "style", "text", "image", "script", "foreignObject"].contains(&tag), "{name}: <{tag}>");
        }
        // Every drawn element says what it is.
        for n in
            doc.descendants().filter(|n| n.is_element() && ["path", "rect", "circle"].contains(&n.tag_name().name()))
        {
            let in_piece = n.ancestors().any(|a| a.attribute("class") == Some("piece"));
            assert!(in_piece || n.attribute("class").is_some(), "{name}: unclassed <{}>", n.tag_name().name());
        }
    }
}

#[test]
fn the_description_says_what_is_shown() {
    let pos = fen(VariantId::Dot, "8/8/8/3R3r/8/8/8/8");
    let scene = render(&pos, &moves_overlay(&pos, "d5"), &View::hemispheres(), &Theme::essay());
    let svg = dotchess::output::to_svg(&scene);
    for words in
        ["Chess on the Dot", "hemispheres", "White: rook d5", "Black: rook h5", "white rook on d5", "captures on h5"]
    {
        assert!(scene.desc.contains(words), "desc lacks `{words}`: {}", scene.desc);
    }
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let has =
        |attrs: &[(&str, &str)]| doc.descendants().any(|n| attrs.iter().all(|(k, v)| n.attribute(*k) == Some(*v)));
    assert!(has(&[("class", "dot capture"), ("data-cell", "h5")]), "addressable capture dot");
    assert!(has(&[("class", "route"), ("data-from", "d5"), ("data-to", "h5")]));
    assert!(has(&[("class", "piece"), ("data-piece", "R"), ("data-cell", "d5")]));
    assert!(has(&[("class", "cell dark"), ("data-cell", "a1")]));
}

#[test]
fn same_input_same_bytes() {
    let theme = Theme::essay();
    let pos = fen(VariantId::Dot, "8/8/8/3R3r/8/8/1p6/8");
    for view in views() {
        let a = render(&pos, &moves_overlay(&pos, "d5"), &view, &theme);
        let b = render(&pos.clone(), &moves_overlay(&pos, "d5"), &view, &Theme::essay());
        assert_eq!(dotchess::output::to_svg(&a), dotchess::output::to_svg(&b));
        assert_eq!(dotchess::output::scene_png(&a, 1.0).unwrap(), dotchess::output::scene_png(&b, 1.0).unwrap());
    }
}

#[test]
fn marks_go_under_or_over_the_pieces() {
    let pos = fen(VariantId::Dot, "8/8/8/3R3r/8/8/8/8");
    let order = |over: bool| {
        let ov = Overlay { marks_over_pieces: over, ..moves_overlay(&pos, "d5") };
        let scene = render(&pos, &ov, &View::board(), &Theme::essay());
        let els = scene.elements();
        let first_piece = els.iter().position(|e| e.class == "piece").unwrap();
        let first_dot = els.iter().position(|e| e.class.starts_with("dot")).unwrap();
        first_dot < first_piece
    };
    assert!(order(false));
    assert!(!order(true));
}

#[test]
fn arrows_follow_the_topology() {
    // A knight's arrow is an L along its leg squares: b1 b2 b3 c3 has a corner.
    let pos = Position::start(VariantId::Dot);
    let t = pos.topology();
    let ov = Overlay {
        arrows: vec![(t.parse_cell("b1").unwrap(), t.parse_cell("c3").unwrap()).into()],
        ..Overlay::default()
    };
    let scene = render(&pos, &ov, &View::board(), &Theme::essay());
    let arrow = scene.find("arrow");
    assert_eq!(arrow.len(), 1);
    let Shape::Polyline(pts) = &arrow[0].shape else { panic!() };
    assert_eq!(pts.len(), 3, "an L has one corner: {pts:?}");
    assert_eq!(scene.find("arrow-head").len(), 1);
    // d7 to h7 is three steps over the pole (d8 N h8 h7) but four along the rank: on the single
    // board the arrow goes up to the band and comes back down the h-file, in two parts.
    let ov = Overlay {
        arrows: vec![(t.parse_cell("d7").unwrap(), t.parse_cell("h7").unwrap()).into()],
        ..Overlay::default()
    };
    let scene = render(&Position::empty(VariantId::Dot), &ov, &View::board(), &Theme::essay());
    assert_eq!(scene.find("arrow").len(), 2);
}

#[test]
fn highlights_colour_any_cell() {
    let pos = Position::empty(VariantId::Small);
    let t = pos.topology();
    let ov = Overlay {
        highlights: vec![(t.parse_cell("N").unwrap(), Some(Rgb(1, 2, 3))), (t.parse_cell("c3").unwrap(), None)],
        ..Overlay::default()
    };
    let theme = Theme::essay();
    for view in views() {
        let scene = render(&pos, &ov, &view, &theme);
        let hl = scene.find("highlight");
        assert!(
            hl.iter().any(|e| data(e, "cell") == Some("N") && e.paint.fill == Some(Rgb(1, 2, 3))),
            "{:?}",
            view.kind
        );
        assert!(hl.iter().any(|e| data(e, "cell") == Some("c3") && e.paint.fill == Some(theme.highlight)));
    }
}

#[test]
fn coordinates_can_be_switched() {
    let pos = Position::empty(VariantId::Dot);
    let theme = Theme::essay();
    for (c, files, names) in [(Coordinates::None, 0, 0), (Coordinates::Edge, 8, 0), (Coordinates::Cells, 0, 64)] {
        let view = View { coordinates: c, ..View::board() };
        let scene = render(&pos, &Overlay::default(), &view, &theme);
        assert_eq!(scene.find("coordinate file").len(), files);
        assert_eq!(scene.find("cell-name").len(), names);
    }
    // On the hemispheres the two discs share the letters next to the touching point.
    let scene = render(&pos, &Overlay::default(), &View::hemispheres(), &theme);
    let n = scene.find("coordinate file").len();
    assert!((14..=16).contains(&n), "{n}");
}

#[test]
fn every_variant_in_every_view() {
    let theme = Theme::essay();
    for v in VariantId::ALL {
        let pos = Position::start(v);
        let topo = pos.topology();
        let live = topo.pole_cell(dotchess::Pole::North).is_some();
        for view in views() {
            let scene = render(&pos, &Overlay::default(), &view, &theme);
            let squares = scene.find("cell").len();
            match view.kind {
                // The chart shows every square at least once.
                ViewKind::Chart { .. } => assert!(squares >= topo.squares(), "{v} chart"),
                // The other views show each square once; live poles are cells too.
                _ => assert_eq!(squares + if live { 2 } else { 0 }, topo.cells(), "{v} {:?}", view.kind),
            }
            // Every piece is drawn (on the chart, in every copy shown).
            assert!(scene.find("piece").len() >= pos.pieces().count(), "{v}");
            assert!(dotchess::output::to_svg(&scene).len() > 1000);
        }
    }
}

#[test]
fn xiangqi_positions_draw_lettered_pieces_and_use_xiangqi_names() {
    // The embedded font has no xiangqi symbols, so every piece of a xiangqi position is a
    // lettered disc, whatever the theme's piece set; the description names Gold and Red pieces.
    let pos = Position::start(VariantId::Xiangqi);
    let scene = render(&pos, &moves_overlay(&pos, "b3"), &View::board(), &Theme::essay());
    let pieces = scene.find("piece");
    assert_eq!(pieces.len(), 32);
    assert!(pieces.iter().all(|e| matches!(e.shape, Shape::Piece { set: dotchess::draw::scene::PieceSet::Disc, .. })));
    for words in ["Gold: chariot a1", "general S", "Red: soldier a7", "Moves of the gold cannon on b3: 5 destinations"]
    {
        assert!(scene.desc.contains(words), "desc lacks `{words}`: {}", scene.desc);
    }
    // Chess keeps the theme's glyphs.
    let dot = Position::start(VariantId::Dot);
    let scene = render(&dot, &Overlay::default(), &View::board(), &Theme::essay());
    assert!(
        scene
            .find("piece")
            .iter()
            .all(|e| matches!(e.shape, Shape::Piece { set, .. } if set == Theme::essay().piece_set))
    );
}

#[test]
fn xiangqi_river_and_palaces() {
    let theme = Theme::essay();
    // On the sphere the river runs along both discs' rims (the equator seen from each side: 9
    // sides each), and each palace is bounded by a whole ring boundary (rank 2|3 and 8|9).
    let pos = Position::start(VariantId::Xiangqi);
    for view in [View::hemispheres(), View::board()] {
        let scene = render(&pos, &Overlay::default(), &view, &theme);
        assert_eq!(scene.find("river").len(), 18, "{:?}", view.kind);
        assert_eq!(scene.find("palace").len(), 18, "{:?}", view.kind);
        let gold: Vec<_> = scene.find("palace").into_iter().filter(|e| data(e, "side") == Some("gold")).collect();
        assert!(gold.iter().all(|e| data(e, "cell").unwrap().ends_with('2')), "the Gold palace ends at rank 2");
    }
    // Flat xiangqi: 3 × 3 palaces on files d–f; the board edge closes them.
    let flat = Position::start(VariantId::XiangqiFlat);
    let scene = render(&flat, &Overlay::default(), &View::board(), &theme);
    assert_eq!(scene.find("palace").len(), 2 * (3 + 3 + 3));
    assert_eq!(scene.find("river").len(), 18);
    // Chess has neither.
    let scene = render(&Position::start(VariantId::Dot), &Overlay::default(), &View::board(), &theme);
    assert!(scene.find("river").is_empty() && scene.find("palace").is_empty());
}

#[test]
fn odd_files_shift_the_flipped_chart_copies_by_half_a_square() {
    let pos = Position::start(VariantId::Xiangqi);
    let scene = render(&pos, &Overlay::default(), &View::chart(), &Theme::essay());
    let mut flipped_x: Vec<f64> = Vec::new();
    let mut plain_x: Vec<f64> = Vec::new();
    for e in scene.find("cell") {
        if let Shape::Rect { at, .. } = e.shape {
            match data(e, "flipped") {
                Some("true") => flipped_x.push(at.x),
                Some("false") => plain_x.push(at.x),
                _ => {}
            }
        }
    }
    let square = match scene.find("cell")[0].shape {
        Shape::Rect { h, .. } => h,
        _ => unreachable!(),
    };
    let frac = |x: f64| ((x - plain_x[0]) / square).rem_euclid(1.0);
    assert!(plain_x.iter().all(|&x| frac(x) < 1e-6 || frac(x) > 1.0 - 1e-6));
    // Whole squares of the flipped copies start half a square over (cut ones start at the edge).
    assert!(flipped_x.iter().filter(|&&x| x > plain_x[0] + 1e-6).all(|&x| (frac(x) - 0.5).abs() < 1e-6));
}

#[test]
fn route_parts_never_leap_between_the_discs() {
    // A route is split where it crosses the equator; no drawn part may jump between the discs.
    let theme = Theme::essay();
    let cases = [
        (fen(VariantId::Small8, "1/8/8/8/8/8/8/8/8/B"), "S"),
        (fen(VariantId::Dot, "8/8/8/3Q4/8/8/8/8"), "d5"),
        (fen(VariantId::Spherical, "8/8/8/8/8/7B/8/8"), "h3"),
        (fen(VariantId::Dot, "8/8/8/8/8/8/8/1n1N4"), "d1"),
    ];
    for (pos, sq) in cases {
        let scene = render(&pos, &moves_overlay(&pos, sq), &View::hemispheres(), &theme);
        let centre = |pole: &str| {
            let cap = scene.find("pole").into_iter().find(|e| data(e, "pole") == Some(pole)).unwrap();
            match cap.shape {
                Shape::Circle { c, .. } => c,
                _ => unreachable!(),
            }
        };
        let (n, s) = (centre("N"), centre("S"));
        let radius = n.dist(s) / 2.0;
        for e in scene.find("route") {
            let Shape::Polyline(pts) = &e.shape else { panic!() };
            // Every point of every drawn segment is on a disc: a part never leaps through the
            // gap between them (next to the touching point the discs meet, so a crossing there
            // is continuous and may stay one part).
            for w in pts.windows(2) {
                for k in 0..=8 {
                    let p = w[0].lerp(w[1], k as f64 / 8.0);
                    assert!(
                        p.dist(n).min(p.dist(s)) <= radius + 0.5,
                        "{pos:?} {sq}: a route to {:?} leaves the discs at {p:?}",
                        data(e, "to")
                    );
                }
            }
        }
    }
}

/// A cell is filled without anti-aliasing exactly when the grid line drawn over its outline is
/// wide enough to hide the step of a crisp edge (half a unit; the themes draw 0.8 and 1.0), and
/// the SVG says so around those cells, so that resvg and browsers draw what our PNG shows
/// (`tests/it/golden.rs` compares the pictures).
#[test]
fn cells_are_crisp_only_under_a_grid_line() {
    let dot = Position::start(VariantId::Dot);
    let mut thin = Theme::essay();
    thin.grid_width = 0.3;
    for view in [View::hemispheres(), View::board(), View::chart(), View::globe(), View::disc()] {
        let scene = render(&dot, &Overlay::default(), &view, &Theme::essay());
        let cells = scene.find("cell");
        assert!(!cells.is_empty());
        assert!(cells.iter().all(|e| e.paint.crisp && e.paint.stroke.is_none()), "{:?}", view.kind);
        let grid = scene.find("grid");
        assert!(grid.len() == 1 && !grid[0].paint.crisp, "{:?}: the grid line itself is anti-aliased", view.kind);
        // In the SVG every cell is inside the crisp group, and nothing but cells and poles is.
        let svg = dotchess::output::to_svg(&scene);
        let (mut depth, mut crisp_at) = (0usize, None);
        for tag in svg.split('<').skip(1) {
            if tag.starts_with("g shape-rendering=\"crispEdges\"") {
                crisp_at = Some(depth);
            }
            if tag.starts_with("g ") || tag.starts_with("g>") {
                depth += 1;
            } else if tag.starts_with("/g>") {
                depth -= 1;
                if crisp_at == Some(depth) {
                    crisp_at = None;
                }
            } else if !tag.starts_with('/') {
                // Cells are inside; besides them only pole bands, whose outline is in the grid too.
                let (cell, pole) = (tag.contains("class=\"cell "), tag.contains("class=\"pole\""));
                let what = &tag[..tag.len().min(60)];
                assert!(!cell || crisp_at.is_some(), "{:?}: <{what} is not crisp", view.kind);
                assert!(crisp_at.is_none() || cell || pole, "{:?}: <{what} is crisp", view.kind);
            }
        }
        // Under a thin line the cells keep their anti-aliased edges.
        let scene = render(&dot, &Overlay::default(), &view, &thin);
        assert!(scene.find("cell").iter().all(|e| !e.paint.crisp), "{:?}", view.kind);
        assert!(!dotchess::output::to_svg(&scene).contains("crispEdges"));
    }
}

/// An SVG written to a file as it is made is the same text as the SVG made whole, across many
/// pieces (a chart window of thousands of cells), and a failing writer is an error, not a panic.
#[test]
fn svg_written_as_made_is_the_same_text() {
    let pos = fen(VariantId::Dot, "8/8/8/3R3r/8/8/1p6/8");
    let window = dotchess::draw::Window { x0: -24, y0: -24, cols: 60, rows: 60 };
    let view = View { kind: ViewKind::Chart { window: Some(window), edges: true, tint: false }, ..View::chart() };
    let mut scenes: Vec<(String, Scene)> = all_figures().into_iter().take(6).collect();
    scenes.push(("window".into(), render(&pos, &moves_overlay(&pos, "d5"), &view, &Theme::essay())));
    for (name, scene) in &scenes {
        let mut out = Vec::new();
        dotchess::output::write_svg(scene, &mut out).unwrap();
        assert!(out == dotchess::output::to_svg(scene).as_bytes(), "{name}: the written SVG differs");
    }
    assert!(
        dotchess::output::to_svg(&scenes.last().unwrap().1).len() > 4 << 16,
        "the window is written in many 64 KiB pieces"
    );
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let e = dotchess::output::write_svg(&scenes[0].1, &mut Full).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
}
