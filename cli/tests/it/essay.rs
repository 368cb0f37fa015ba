//! The essay's figure set against the rules core: every panel marks exactly the cells the core
//! gives for what it shows, a panel that drops moves the pieces have says why, and the figures
//! that illustrate a fact of docs/rules.md show that fact.

use dotchess::batch::{ESSAY_FILES, Embedded, essay_manifest, figure};
use dotchess::draw::FigureSpec;
use dotchess::draw::scene::{Element, Shape};
use dotchess::draw::{MoveMark, PanelSpec};
use dotchess::ride_to;
use dotchess::{Cell, Position, Scene, destinations, render};
use std::collections::BTreeSet;

pub(crate) fn data<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// Every figure of the essay, read from the built-in files.
pub(crate) fn essay() -> Vec<(String, FigureSpec)> {
    let files = Embedded(ESSAY_FILES);
    let manifest = essay_manifest();
    manifest
        .jobs
        .iter()
        .map(|j| (j.name.clone(), figure(j, &files, manifest.variant).unwrap_or_else(|e| panic!("{}: {e}", j.name))))
        .collect()
}

pub(crate) fn draw(fig: &FigureSpec, p: &PanelSpec) -> Scene {
    render(&p.position, &p.overlay, &p.view, &fig.theme)
}

fn names(pos: &Position, cells: impl IntoIterator<Item = Cell>) -> BTreeSet<String> {
    cells.into_iter().map(|c| pos.topology().name(c)).collect()
}

/// The cells a panel marks with a destination dot (move dots of every kind).
fn dotted(scene: &Scene) -> BTreeSet<String> {
    scene
        .find("dot")
        .iter()
        .filter(|e| data(e, "legend").is_none())
        .filter_map(|e| data(e, "cell"))
        .map(String::from)
        .collect()
}

/// What the core says a panel must mark: each marked piece's destinations (legal, or
/// pseudo-legal when the overlay asks).
fn core_marks(p: &PanelSpec) -> BTreeSet<String> {
    let legal = !p.overlay.pseudo;
    let mut out = BTreeSet::new();
    for &MoveMark { from, only_to: only, .. } in &p.overlay.moves {
        // A mark that names one destination (`FROM:TO`) shows only that one.
        let dests = destinations(&p.position, from, legal).into_iter().map(|d| d.cell);
        out.extend(names(&p.position, dests.filter(|&c| only.is_none_or(|t| t == c))));
    }
    // A loop marks every cell of the ride but its start; a part of a loop, the cells up to where
    // it stops (the overlay's own reason for showing fewer).
    let topo = p.position.topology();
    let whole = p.overlay.loops.iter().map(|&(c, d)| (c, d, c));
    for (c, d, until) in whole.chain(p.overlay.paths.iter().copied()) {
        let route = ride_to(topo, c, d, until).expect("the overlay reader checked the ride");
        out.extend(names(&p.position, route.cells().into_iter().filter(|&x| x != c)));
    }
    out
}

/// Whether a panel's view shows a cell: every cell, but on a globe only those on the near half
/// (the far half's dots are hidden behind the ball), unless it is a ghost globe, which shows the
/// far half's dots faintly through the ball as it shows its lines.
fn in_sight(p: &PanelSpec, cell: &str) -> bool {
    use dotchess::draw::ViewKind;
    use dotchess::draw::geometry::{GlobeGeom, Projection};
    let ViewKind::Globe { viewpoint, ghost } = p.view.kind else { return true };
    if ghost {
        return true;
    }
    let topo = p.position.topology();
    let g = GlobeGeom::new(topo, dotchess::draw::scene::Pt::new(0.0, 0.0), 100.0, viewpoint, ghost);
    !g.centres(topo, topo.parse_cell(cell).expect("a cell the core named")).is_empty()
}

#[test]
fn every_panel_marks_what_the_core_gives() {
    let mut checked = 0;
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            let want = core_marks(p).into_iter().filter(|c| in_sight(p, c)).collect::<BTreeSet<_>>();
            let got = dotted(&draw(&fig, p));
            assert_eq!(got, want, "{name}, panel {}: marked cells differ from the rules core", i + 1);
            checked += usize::from(!want.is_empty());
        }
    }
    assert!(checked >= 40, "only {checked} panels mark moves");
}

#[test]
fn a_panel_that_drops_moves_says_why() {
    let mut silent = Vec::new();
    let mut explained = 0;
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            if p.overlay.pseudo {
                continue;
            }
            for &MoveMark { from, .. } in &p.overlay.moves {
                let legal = names(&p.position, destinations(&p.position, from, true).into_iter().map(|d| d.cell));
                let pseudo = names(&p.position, destinations(&p.position, from, false).into_iter().map(|d| d.cell));
                let dropped: Vec<&String> = pseudo.difference(&legal).collect();
                if dropped.is_empty() {
                    continue;
                }
                if p.why_fewer.is_some() {
                    explained += 1;
                } else {
                    let cell = p.position.topology().name(from);
                    silent.push(format!("{name}, panel {}: the piece on {cell} loses {dropped:?}", i + 1));
                }
            }
        }
    }
    assert!(
        silent.is_empty(),
        "figures that show fewer moves than the pieces have, without `why_fewer`:\n{}",
        silent.join("\n")
    );
    // The xiangqi general kept off its pole by the facing rule is one that says why.
    assert!(explained >= 1);
}

/// The panels of a figure, by name.
pub(crate) fn panels_of(name: &str) -> (FigureSpec, Vec<Scene>) {
    let (_, fig) = essay().into_iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no figure {name}"));
    let scenes = fig.panels.iter().map(|p| draw(&fig, p)).collect();
    (fig, scenes)
}

fn set(cells: &[&str]) -> BTreeSet<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_king_next_to_the_pole_shows_its_six_moves() {
    // docs/rules.md §2: king on d8: c8 e8 c7 d7 e7 h8, the three steps over the pole all landing on h8.
    let (_, scenes) = panels_of("12-king");
    for s in &scenes {
        assert_eq!(dotted(s), set(&["c8", "e8", "c7", "d7", "e7", "h8"]));
        assert_eq!(s.find("dot capture").len(), 1, "the king's capture is shown");
    }
}

#[test]
fn knights_in_the_figures_have_the_counts_of_the_rules() {
    // docs/rules.md §3: Boholy's strict knight has 6 moves on the second ring from a pole, 4 on the polar circle.
    let (fig, scenes) = panels_of("12-boholy-knight");
    for (p, s) in fig.panels.iter().zip(&scenes) {
        let from = p.position.topology().name(p.overlay.moves[0].from);
        let want = match from.as_str() {
            "d2" => set(&["b1", "b3", "c4", "e4", "f1", "f3"]),
            "d1" => set(&["b2", "f2", "c3", "e3"]),
            other => panic!("unexpected knight on {other}"),
        };
        assert_eq!(dotted(s), want);
    }
    // A knight on a live pole reaches every square of the two nearest ranks: 12 on 6 x 6.
    let (_, scenes) = panels_of("12-small-knight-pole");
    let ranks: Vec<String> =
        (b'a'..=b'f').flat_map(|f| [format!("{}5", f as char), format!("{}6", f as char)]).collect();
    for s in &scenes {
        assert_eq!(dotted(s), ranks.iter().cloned().collect::<BTreeSet<_>>());
    }
}

#[test]
fn the_small_pawn_promotes_in_a_legal_position_by_one_route() {
    let (fig, scenes) = panels_of("12-small-pawn");
    for (p, s) in fig.panels.iter().zip(&scenes) {
        let pos = &p.position;
        // A legal position: the side not to move has its king, and it is not in check.
        let king = pos.king(pos.turn().other()).expect("both kings on the board");
        assert!(!pos.attacked(king, pos.turn()), "the side not to move is in check");
        assert_eq!(dotted(s), set(&["N"]));
        // One route: the pawn's step onto the pole (drawn in parts where it leaves the board).
        let starts = s.find("route").into_iter().filter(|e| data(e, "part").is_none_or(|p| p.starts_with("1/")));
        assert_eq!(starts.count(), 1, "one route");
    }
}

// Two drawing bugs found in the essay's figures, each with the figure that showed it.

pub(crate) fn points(e: &Element) -> Vec<dotchess::draw::scene::Pt> {
    match &e.shape {
        dotchess::draw::scene::Shape::Polyline(p) => p.clone(),
        s => panic!("a route is a polyline, not {s:?}"),
    }
}

/// On the single board a route that reaches a live pole enters the pole band on its own file:
/// the part that ends there is drawn from the board straight into the band, not begun in the
/// band at another file (the small board's b5-b1-S, the xiangqi cannon's capture on S).
#[test]
fn routes_reach_a_live_pole_on_their_own_file() {
    use dotchess::draw::{Overlay, View};
    use dotchess::{Theme, VariantId};
    let cases = [
        (VariantId::Small, "1/6/1R4/6/6/6/6/1", "b5"),
        (VariantId::Xiangqi, "1/4k4/9/9/9/9/9/4c4/9/9/4P4/K b - - 0 1", "e4"),
    ];
    for (v, fen, sq) in cases {
        let pos = Position::from_fen(v, fen).unwrap();
        let from = pos.topology().parse_cell(sq).unwrap();
        let scene =
            render(&pos, &Overlay { moves: vec![from.into()], ..Overlay::default() }, &View::board(), &Theme::essay());
        // The board's squares span these rows; the bands lie beyond.
        let ys: Vec<f64> = scene
            .find("cell")
            .iter()
            .filter(|e| data(e, "cell").is_some_and(|c| c != "N" && c != "S"))
            .filter_map(|e| match e.shape {
                dotchess::draw::scene::Shape::Rect { at, h, .. } => Some([at.y, at.y + h]),
                _ => None,
            })
            .flatten()
            .collect();
        let (top, bottom) = (ys.iter().copied().fold(f64::MAX, f64::min), ys.iter().copied().fold(f64::MIN, f64::max));
        let mut seen = 0;
        for e in scene.find("route") {
            let to = data(e, "to").unwrap();
            let last = data(e, "part").is_none_or(|p| p.split('/').next() == p.split('/').nth(1));
            if !(last && (to == "N" || to == "S")) {
                continue;
            }
            seen += 1;
            // The segment that crosses the board's edge into the band runs along a file.
            let edge = if to == "N" { top } else { bottom };
            let pts = points(e);
            let crossing = pts.windows(2).rfind(|w| (w[0].y - edge) * (w[1].y - edge) < 0.0).unwrap_or_else(|| {
                panic!("{v} {sq}->{to}: the part that reaches the pole does not come from the board: {pts:?}")
            });
            let (a, b) = (crossing[0], crossing[1]);
            assert!((a.x - b.x).abs() < 0.5, "{v} {sq}->{to}: enters the band off its file: {a:?} -> {b:?}");
        }
        assert!(seen >= 1, "{v}: no route to a pole drawn");
    }
}

/// A knight's leaps stay apart: no two of its routes run together for more than a quarter of a
/// square outside the piece, so that a reader sees each leap and its corner (`12-knight`: the
/// leaps to b2, f2, c3 and e3 share the step d1-d2).
#[test]
fn knight_leaps_are_drawn_apart() {
    let (fig, scenes) = panels_of("12-knight");
    for (p, s) in fig.panels.iter().zip(&scenes) {
        let from = p.overlay.moves[0].from;
        let name = p.position.topology().name(from);
        let piece = s.find("piece").into_iter().find(|e| data(e, "cell") == Some(name.as_str())).unwrap();
        let dotchess::draw::scene::Shape::Piece { at: centre, size, .. } = piece.shape else { panic!() };
        let routes: Vec<Vec<dotchess::draw::scene::Pt>> = s.find("route").iter().map(|e| points(e)).collect();
        // Sample each route finely and measure how much of it lies within 1.5 px of another.
        let sample = |pts: &[dotchess::draw::scene::Pt]| -> Vec<dotchess::draw::scene::Pt> {
            pts.windows(2).flat_map(|w| (0..20).map(move |i| w[0].lerp(w[1], i as f64 / 20.0))).collect()
        };
        let near = |p: dotchess::draw::scene::Pt, pts: &[dotchess::draw::scene::Pt]| {
            pts.windows(2).any(|w| {
                let (a, b) = (w[0], w[1]);
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-9)).clamp(0.0, 1.0);
                p.dist(a.offset(dx * t, dy * t)) < 1.5
            })
        };
        for (i, a) in routes.iter().enumerate() {
            for (j, b) in routes.iter().enumerate().filter(|(j, _)| *j != i) {
                let pts = sample(a);
                let step = a.windows(2).map(|w| w[0].dist(w[1])).sum::<f64>() / pts.len().max(1) as f64;
                let shared = pts.iter().filter(|p| p.dist(centre) > size * 0.6 && near(**p, b)).count() as f64 * step;
                assert!(
                    shared < size * 0.25,
                    "panel {:?}: routes {i} and {j} run together for {shared:.1} px",
                    p.view.kind
                );
            }
        }
    }
}

/// The loop figures of §08-§10 mark the start and a dot on each cell the ride reaches: 7 along
/// the latitude, 15 along the longitude (over both poles), 15 along the diagonal (docs/rules.md §2).
#[test]
fn loop_figures_mark_the_start_and_every_cell_reached() {
    let cases = [
        ("08-rook-latitude-board", "d5", 7),
        ("08-rook-latitude-hemispheres", "d5", 7),
        ("09-rook-longitude-board", "d7", 15),
        ("09-rook-longitude-hemispheres", "d7", 15),
        ("10-bishop-diagonal-board", "d2", 15),
        ("10-bishop-diagonal-hemispheres", "d2", 15),
    ];
    for (name, start, n) in cases {
        let (_, scenes) = panels_of(name);
        let s = &scenes[0];
        let dots = dotted(s);
        assert_eq!(dots.len(), n, "{name}: {dots:?}");
        assert!(!dots.contains(start), "{name}: the start is not a destination");
        let starts: Vec<&str> = s.find("loop-start").iter().filter_map(|e| data(e, "cell")).collect();
        assert_eq!(starts, [start], "{name}");
    }
    // docs/rules.md §2: the bishop's loop from d2 north-east.
    let (_, scenes) = panels_of("10-bishop-diagonal-board");
    let want = set(&["e3", "f4", "g5", "h6", "a7", "b8", "f8", "e7", "d6", "c5", "b4", "a3", "h2", "g1", "c1"]);
    assert_eq!(dotted(&scenes[0]), want);
    // Mori's examples (docs/rules.md §2): Rb6 by b7 b8 N f8 to f7; Be7 by f8 N c8 to d7 and by d8 N g8 to f7.
    let (_, scenes) = panels_of("12-small8-examples");
    assert_eq!(dotted(&scenes[0]), set(&["b7", "b8", "N", "f8", "f7"]));
    assert_eq!(dotted(&scenes[1]), set(&["f8", "N", "c8", "d7", "d8", "g8", "f7"]));
    // Page 002: Ra3-a2-a1-e1-e2-e3-e4 and Bh3-g2-f1-a1-h2-g3.
    let (_, scenes) = panels_of("12-spherical-rook");
    assert_eq!(dotted(&scenes[0]), set(&["a2", "a1", "e1", "e2", "e3", "e4"]));
    let (_, scenes) = panels_of("12-spherical-bishop");
    assert_eq!(dotted(&scenes[0]), set(&["g2", "f1", "a1", "h2", "g3"]));
}

pub(crate) fn rect(e: &Element) -> (dotchess::draw::scene::Pt, f64, f64) {
    match e.shape {
        dotchess::draw::scene::Shape::Rect { at, w, h } => (at, w, h),
        ref s => panic!("a cell is a rectangle, not {s:?}"),
    }
}

/// Essay §07 / docs/rules.md §5.2, colour mode: north red, south blue, west green, east purple. On the
/// coloured board each edge is drawn in its colour, bold (a tenth of a square at least), and the
/// squares along an edge lean to that edge's colour (not the grey that the four average to); on
/// the coloured chart every square of every copy is named, so the flip and the shift by W/2 read
/// off the names, and the north edges of two copies meet where the chart is flipped.
#[test]
fn the_coloured_board_and_chart_show_the_edges() {
    use dotchess::draw::scene::Rgb;
    let theme = dotchess::Theme::essay();
    let (_, scenes) = panels_of("07-coloured-board");
    let s = &scenes[0];
    let square = s.find("cell").iter().map(|e| rect(e).1).fold(0.0, f64::max);
    for (side, colour) in [("north", theme.north), ("south", theme.south), ("west", theme.west), ("east", theme.east)] {
        let edges = s.find(&format!("edge {side}"));
        assert_eq!(edges.len(), 1, "{side}");
        let (c, w) = edges[0].paint.stroke.expect("an edge is a line");
        assert_eq!(c, colour, "{side}");
        assert!(w >= square * 0.1, "{side} edge {w:.1} wide on {square:.1} squares");
    }
    let fill = |cell: &str| -> Rgb {
        let e = s.find("cell").into_iter().find(|e| data(e, "cell") == Some(cell)).unwrap();
        e.paint.fill.unwrap()
    };
    // The middle squares of each edge, light and dark: the edge's hue dominates.
    for cell in ["c8", "d8", "e8", "f8"] {
        let Rgb(r, g, b) = fill(cell);
        assert!(r > g.saturating_add(30) && r > b.saturating_add(30), "{cell} is not red: {r} {g} {b}");
    }
    for cell in ["c1", "d1", "e1", "f1"] {
        let Rgb(r, _, b) = fill(cell);
        assert!(b > r.saturating_add(30), "{cell} is not blue: {r} {b}");
    }
    for cell in ["a3", "a4", "a5", "a6"] {
        let Rgb(r, g, b) = fill(cell);
        assert!(g > r.saturating_add(20) && g > b.saturating_add(20), "{cell} is not green: {r} {g} {b}");
    }
    for cell in ["h3", "h4", "h5", "h6"] {
        let Rgb(r, g, b) = fill(cell);
        assert!(r > g.saturating_add(15) && b > g.saturating_add(15), "{cell} is not purple: {r} {g} {b}");
    }

    let (fig, scenes) = panels_of("07-coloured-chart");
    let s = &scenes[0];
    let topo = fig.panels[0].position.topology();
    let names: Vec<(String, dotchess::draw::scene::Pt)> = s
        .find("cell-name")
        .iter()
        .filter_map(|e| match &e.shape {
            dotchess::draw::scene::Shape::Text { text, at, .. } => Some((text.clone(), *at)),
            _ => None,
        })
        .collect();
    let squares = s.find("cell");
    assert!(squares.len() >= 2 * 64, "the window shows at least two copies");
    let (mut flipped, mut shifted) = (0, 0);
    for e in &squares {
        let (at, w, h) = rect(e);
        let cell = data(e, "cell").unwrap();
        let inside = |p: &dotchess::draw::scene::Pt| p.x > at.x && p.x < at.x + w && p.y > at.y && p.y < at.y + h;
        let named: Vec<&String> = names.iter().filter(|(_, p)| inside(p)).map(|(t, _)| t).collect();
        assert_eq!(named, [cell], "chart square {:?}", data(e, "chart"));
        // docs/rules.md §5.2: chart(x, y) for y' = y mod 2H >= H is (anti(x mod W), 2H-1-y').
        let (x, y) = data(e, "chart").unwrap().split_once(',').unwrap();
        let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
        let yy = y.rem_euclid(16);
        let want = if yy < 8 { (x.rem_euclid(8), yy) } else { ((x.rem_euclid(8) + 4) % 8, 15 - yy) };
        assert_eq!(topo.name(topo.square(want.0 as u8, want.1 as u8).unwrap()), cell);
        flipped += usize::from(yy >= 8);
        shifted += usize::from(yy >= 8 && want.0 != x.rem_euclid(8));
    }
    assert!(flipped >= 64 && shifted == flipped, "a flipped copy in sight");
    let norths = s.find("edge north");
    assert!(norths.iter().any(|e| data(e, "flipped") == Some("true")));
    assert!(norths.iter().any(|e| data(e, "flipped") == Some("false")));
}

/// Seed 003 gives each piece's dots their own colour (image 2: the general's violet, the
/// soldiers' white, the chariot's orange; image 3: guard dark green, elephant brown, horse
/// violet, cannon orange), and Mori's board on the disc does the same: every dot and route of a
/// marked piece is in the colour its mark gives, and its dots are exactly the core's moves.
#[test]
fn each_piece_marks_its_moves_in_its_own_colour() {
    for name in [
        "13-xiangqi-general-soldier-chariot-disc",
        "13-xiangqi-guard-elephant-horse-cannon-disc",
        "12-small-moves-disc",
    ] {
        let (fig, scenes) = panels_of(name);
        for (p, s) in fig.panels.iter().zip(&scenes) {
            let topo = p.position.topology();
            let mut colours = BTreeSet::new();
            for &MoveMark { from, colour, .. } in &p.overlay.moves {
                let colour = colour
                    .unwrap_or_else(|| panic!("{name}: the piece on {} has no colour of its own", topo.name(from)));
                colours.insert(colour.hex());
                let at = topo.name(from);
                let dots: Vec<&Element> =
                    s.find("dot").into_iter().filter(|e| data(e, "from") == Some(at.as_str())).collect();
                let want = names(&p.position, destinations(&p.position, from, true).into_iter().map(|d| d.cell));
                let got: BTreeSet<String> = dots.iter().filter_map(|e| data(e, "cell")).map(String::from).collect();
                assert_eq!(got, want, "{name}: the dots of the piece on {at}");
                for d in &dots {
                    let painted = d.paint.fill == Some(colour) || d.paint.stroke.is_some_and(|(c, _)| c == colour);
                    assert!(painted, "{name}: a dot of {at} is not in {}", colour.hex());
                }
                for r in s.find("route").into_iter().filter(|e| data(e, "from") == Some(at.as_str())) {
                    assert_eq!(r.paint.stroke.map(|(c, _)| c), Some(colour), "{name}: a route of {at}");
                }
            }
            assert!(colours.len() >= 3, "{name}: the pieces are not told apart by colour");
            // Every colour must show: where two pieces reach one cell (the general and the
            // chariot on d1 and f1), their dots may not lie one on the other.
            let dots: Vec<(&str, &str, f64, f64, f64)> = s
                .find("dot")
                .into_iter()
                .filter_map(|e| match e.shape {
                    Shape::Circle { c, r } => Some((data(e, "from")?, data(e, "cell")?, c.x, c.y, r)),
                    _ => None,
                })
                .collect();
            for (i, a) in dots.iter().enumerate() {
                for b in &dots[i + 1..] {
                    if a.0 != b.0 {
                        let apart = (a.2 - b.2).hypot(a.3 - b.3);
                        assert!(
                            apart >= a.4.min(b.4) * 1.5,
                            "{name}: the dots of {} and {} on {} cover each other",
                            a.0,
                            b.0,
                            a.1
                        );
                    }
                }
            }
        }
    }
}

/// The moves mark reads `CELL`, `CELL:#colour`, `CELL:TO` and `CELL:TO:#colour`, and says what
/// is wrong with anything else, at the place it is wrong.
#[test]
fn moves_marks_take_a_colour_and_a_destination() {
    use dotchess::VariantId;
    use dotchess::draw::Overlay;
    use dotchess::draw::scene::Rgb;
    use {dotchess::input::MarkKind, dotchess::input::add_mark};
    let pos = Position::from_fen(VariantId::Dot, "8/8/8/3R4/8/8/8/8 w - - 0 1").unwrap();
    let at = |s: &str| pos.topology().parse_cell(s).unwrap();
    let mut o = Overlay::default();
    for m in ["d5", "d5:#8a2be2", "d5:h8", "d5:h8:white"] {
        add_mark(&pos, MarkKind::Moves, m, &mut o).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    let (d5, h8) = (at("d5"), at("h8"));
    let mark = |colour, only_to| MoveMark { from: d5, colour, only_to };
    let purple = Some(Rgb(0x8a, 0x2b, 0xe2));
    let white = Some(Rgb(255, 255, 255));
    assert_eq!(o.moves, [mark(None, None), mark(purple, None), mark(None, Some(h8)), mark(white, Some(h8))]);
    for (bad, offset, says) in [
        ("d5:#12", 3, "is not a colour"),
        ("d5:e6", 3, "has no move to e6"),
        ("d5:z9", 3, "is not a cell"),
        ("e4", 0, "no piece on e4"),
        ("d5:h8:a1", 0, "a moves mark is"),
    ] {
        let e = add_mark(&pos, MarkKind::Moves, bad, &mut Overlay::default()).expect_err(bad);
        assert_eq!(e.offset, offset, "{bad}: {}", e.message);
        assert!(e.message.contains(says), "{bad}: {}", e.message);
    }
}

/// Mori's bishop on N reaching b6 (seed 001) shows that one destination and its two routes, by
/// d8 c7 and by h8 a7, not the bishop's every move (the panel was too busy to read).
#[test]
fn the_bishop_on_the_pole_shows_its_two_ways_to_b6() {
    let (_, scenes) = panels_of("12-small8-examples");
    let s = &scenes[2];
    assert_eq!(dotted(s), set(&["b6"]));
    let starts = s.find("route").into_iter().filter(|e| data(e, "part").is_none_or(|p| p.starts_with("1/")));
    assert_eq!(starts.count(), 2, "two routes");
}

/// Castling (docs/rules.md §3): the rook lands on the square the king crossed — Rf1 for O-O and C-O-O,
/// Rd1 for O-O-O and C-O-O-O. The figure frames each landing square, and the rook's dashed jump
/// passes clear of every dot of the king (on the board it used to run through the dot on a1,
/// where the king arrives over S).
#[test]
fn castling_marks_where_the_rook_lands_apart_from_the_kings_dots() {
    let (fig, scenes) = panels_of("12-castling");
    assert_eq!(fig.panels.len(), scenes.len());
    for (i, s) in scenes.iter().enumerate() {
        let kinds: BTreeSet<String> =
            s.find("castling-rook").iter().filter_map(|e| data(e, "castling")).map(String::from).collect();
        assert_eq!(kinds.len(), 2, "panel {}: both ways with this rook", i + 1);
        for e in s.find("rook-landing") {
            let want = match data(e, "castling").unwrap() {
                "O-O" | "C-O-O" => "f1",
                "O-O-O" | "C-O-O-O" => "d1",
                other => panic!("{other}"),
            };
            assert_eq!(data(e, "cell"), Some(want), "panel {}", i + 1);
        }
        let landed: BTreeSet<&str> = s.find("rook-landing").iter().filter_map(|e| data(e, "castling")).collect();
        assert_eq!(landed.len(), 2, "panel {}: a landing square per castling", i + 1);
        let dots: Vec<(dotchess::draw::scene::Pt, f64)> = s
            .find("dot")
            .iter()
            .filter_map(|e| match e.shape {
                dotchess::draw::scene::Shape::Circle { c, r } => Some((c, r)),
                _ => None,
            })
            .collect();
        assert!(dots.len() >= 7, "panel {}", i + 1);
        for jump in s.find("castling-rook") {
            for w in points(jump).windows(2) {
                for &(c, r) in &dots {
                    let (a, b) = (w[0], w[1]);
                    let (dx, dy) = (b.x - a.x, b.y - a.y);
                    let t = (((c.x - a.x) * dx + (c.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-9)).clamp(0.0, 1.0);
                    let d = c.dist(a.offset(dx * t, dy * t));
                    assert!(
                        d > r * 1.5,
                        "panel {}: the rook's jump {:?} runs through a dot ({d:.1} from its centre)",
                        i + 1,
                        data(jump, "castling")
                    );
                }
            }
        }
    }
}

/// Promotion (essay §12): the roles offered are written beside each promoting move, readable
/// (at least 11 units at the essay's 480-unit width) and clear of the pieces and of the pole's
/// letter (on the hemispheres the labels used to sit on the N cap).
#[test]
fn promotion_labels_are_readable_and_clear() {
    let (fig, scenes) = panels_of("12-promotion");
    for (p, s) in fig.panels.iter().zip(&scenes) {
        let boxes: Vec<(dotchess::draw::scene::Pt, f64, f64)> =
            s.find("promotion-backing").iter().map(|e| rect(e)).collect();
        assert_eq!(boxes.len(), 2, "{:?}: b8 and c8", p.view.kind);
        for e in s.find("promotion") {
            let dotchess::draw::scene::Shape::Text { size, .. } = e.shape else { panic!("a label is text") };
            assert!(size >= 11.0 * p.view.width / 480.0 - 1e-9, "{size} units");
        }
        let inside = |(at, w, h): (dotchess::draw::scene::Pt, f64, f64), q: dotchess::draw::scene::Pt, margin: f64| {
            q.x > at.x - margin && q.x < at.x + w + margin && q.y > at.y - margin && q.y < at.y + h + margin
        };
        for &b in &boxes {
            for piece in s.find("piece") {
                if let dotchess::draw::scene::Shape::Piece { at, size, .. } = piece.shape {
                    assert!(
                        !inside(b, at, size * 0.3),
                        "{:?}: a label covers the piece on {:?}",
                        p.view.kind,
                        data(piece, "cell")
                    );
                }
            }
            for letter in s.find("pole-label") {
                if let dotchess::draw::scene::Shape::Text { at, size, .. } = letter.shape {
                    assert!(!inside(b, at, size * 0.3), "{:?}: a label covers a pole's letter", p.view.kind);
                }
            }
        }
        let ((a, aw, ah), (b, bw, bh)) = (boxes[0], boxes[1]);
        let apart = a.x + aw <= b.x || b.x + bw <= a.x || a.y + ah <= b.y || b.y + bh <= a.y;
        assert!(apart, "{:?}: the labels overlap", p.view.kind);
    }
}

/// Mori's knight on a live pole leaps to the 6th and the 5th rank of every file; on the
/// hemispheres both leaps of a file lie on its meridian. A leap to the 5th rank that ran straight
/// through the 6th rank's dot would read as a rook's slide over it: every route keeps clear of
/// every dot but its own destination's. (On the single board the leaps bend at their corners;
/// there the curve to c5 passes close by c6's dot, which this test does not cover.)
#[test]
fn a_pole_knights_leaps_keep_clear_of_the_nearer_dots() {
    let (fig, scenes) = panels_of("12-small-knight-pole");
    assert!(matches!(fig.panels[0].view.kind, dotchess::draw::ViewKind::Hemispheres { .. }));
    for s in &scenes[..1] {
        let dots: Vec<(&str, f64, f64, f64)> = s
            .find("dot")
            .into_iter()
            .filter_map(|e| match e.shape {
                Shape::Circle { c, r } => Some((data(e, "cell")?, c.x, c.y, r)),
                _ => None,
            })
            .collect();
        assert_eq!(dots.len(), 12, "12 destinations");
        let routes = s.find("route");
        assert!(!routes.is_empty());
        for r in routes {
            let Shape::Polyline(points) = &r.shape else { continue };
            let to = data(r, "to").unwrap();
            for &(cell, x, y, rad) in dots.iter().filter(|d| d.0 != to) {
                for w in points.windows(2) {
                    // Distance from the dot's centre to the segment.
                    let (ax, ay, bx, by) = (w[0].x, w[0].y, w[1].x, w[1].y);
                    let (dx, dy) = (bx - ax, by - ay);
                    let t = (((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy).max(1e-12)).clamp(0.0, 1.0);
                    let d = (ax + t * dx - x).hypot(ay + t * dy - y);
                    assert!(
                        d > rad,
                        "the leap to {to} runs over the dot on {cell} ({d} < {rad}, {} points)",
                        points.len()
                    );
                }
            }
        }
    }
}
