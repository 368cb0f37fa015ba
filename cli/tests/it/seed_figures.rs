//! The seeds' last figures: each shows what its seed says, as the rules core computes
//! it — page 002's second bishop example and its counter-example, Mori's pawn, rook, knight and
//! king at the live pole of his 8 × 8 board, the bishop walking its loop, the rook's longitude on
//! the ball.

use dotchess::batch::{ESSAY_FILES, Embedded, essay_manifest, figure};
use dotchess::draw::FigureSpec;
use dotchess::draw::scene::{Element, Scene, Shape};
use dotchess::ride_to;
use dotchess::{Cell, Dir, Position, destinations, render};
use std::collections::BTreeSet;

/// The essay's figure of that name, read from the built-in files.
fn essay_figure(name: &str) -> FigureSpec {
    let files = Embedded(ESSAY_FILES);
    let manifest = essay_manifest();
    let job = manifest.jobs.iter().find(|j| j.name == name).unwrap_or_else(|| panic!("no figure {name}"));
    figure(job, &files, manifest.variant).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn panel_scene(fig: &FigureSpec, i: usize) -> Scene {
    let p = &fig.panels[i];
    render(&p.position, &p.overlay, &p.view, &fig.theme)
}

fn data<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

fn dotted(s: &Scene) -> BTreeSet<String> {
    s.find("dot").iter().filter_map(|e| data(e, "cell")).map(String::from).collect()
}

fn cell(pos: &Position, name: &str) -> Cell {
    pos.topology().parse_cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

fn names(pos: &Position, cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| pos.topology().name(c)).collect()
}

fn dir(name: &str) -> Dir {
    Dir::ALL.into_iter().find(|d| d.name() == name).expect("a direction")
}

/// A legal diagram: the side not to move, when it has a king, is not in check.
fn assert_legal(name: &str, pos: &Position) {
    if let Some(king) = pos.king(pos.turn().other()) {
        assert!(!pos.attacked(king, pos.turn()), "{name}: the side not to move is in check");
    }
}

#[test]
fn page_002_second_bishop_example_and_its_counter_example() {
    let fig = essay_figure("12-spherical-bishop-d3");
    let (d3, h3) = (&fig.panels[0], &fig.panels[1]);
    // Page 002: "Bd3-e2-f1-c1-d2-e3" — the ride the first panel draws is exactly that, over S.
    let pos = &d3.position;
    assert_eq!(d3.overlay.paths, vec![(cell(pos, "d3"), dir("se"), cell(pos, "e3"))]);
    let ride = ride_to(pos.topology(), cell(pos, "d3"), dir("se"), cell(pos, "e3")).expect("the ride reaches e3");
    assert_eq!(names(pos, ride.cells()), ["d3", "e2", "f1", "c1", "d2", "e3"]);
    assert_eq!(ride.poles().len(), 1, "one pole passed");
    // It is a move of the bishop: e3 is a destination by that very route.
    let e3 = destinations(pos, cell(pos, "d3"), true).into_iter().find(|d| d.cell == cell(pos, "e3")).expect("e3");
    assert!(e3.routes.iter().any(|r| names(pos, r.cells()) == ["d3", "e2", "f1", "c1", "d2", "e3"]));
    // "but not Bh3-g2-f1-c1": no route of the bishop on h3 runs g2, f1 and then c1; the ride
    // the second panel draws comes out on a1, and c1 carries the cross, not a dot.
    let pos = &h3.position;
    let h3c = cell(pos, "h3");
    for d in destinations(pos, h3c, true) {
        for r in &d.routes {
            let cells = names(pos, r.cells());
            assert!(!cells.windows(3).any(|w| w == ["g2", "f1", "c1"]), "a route {cells:?} runs g2 f1 c1");
        }
    }
    let ride = ride_to(pos.topology(), h3c, dir("sw"), cell(pos, "a1")).expect("the ride reaches a1");
    assert_eq!(names(pos, ride.cells()), ["h3", "g2", "f1", "a1"]);
    for i in [1, 3] {
        let s = panel_scene(&fig, i);
        let crosses: Vec<&str> = s.find("cross").iter().filter_map(|e| data(e, "cell")).collect();
        assert!(!crosses.is_empty() && crosses.iter().all(|&c| c == "c1"), "panel {}: crosses {crosses:?}", i + 1);
        assert!(!dotted(&s).contains("c1"), "panel {}: c1 dotted", i + 1);
        assert!(dotted(&s).contains("a1"), "panel {}: a1 not dotted", i + 1);
    }
}

#[test]
fn mori_pawn_on_rank_8_takes_the_piece_on_n_and_promotes() {
    let fig = essay_figure("12-small8-pawn-pole");
    for (i, p) in fig.panels.iter().enumerate() {
        let pos = &p.position;
        assert_legal("12-small8-pawn-pole", pos);
        let n = cell(pos, "N");
        assert!(pos.piece_at(n).is_some_and(|x| x.color != pos.turn()), "an enemy piece stands on N");
        let dests = destinations(pos, cell(pos, "c8"), true);
        // Seed 001: a pawn on its eighth rank "can move to N or capture a Black piece in N".
        let on_n = dests.iter().find(|d| d.cell == n).expect("the capture on N is among the pawn's moves");
        assert!(on_n.capture, "the move onto N captures");
        let mut promotions: Vec<_> = on_n.moves.iter().filter_map(|m| m.promotion).collect();
        promotions.sort_by_key(|r| format!("{r:?}"));
        promotions.dedup();
        assert_eq!(promotions.len(), 3, "R, B or N: {promotions:?}");
        assert_eq!(dotted(&panel_scene(&fig, i)), BTreeSet::from(["N".to_string()]));
    }
}

#[test]
fn mori_rook_on_n_rides_down_every_file() {
    let fig = essay_figure("12-small8-rook-pole");
    for p in &fig.panels {
        let pos = &p.position;
        assert_legal("12-small8-rook-pole", pos);
        let dests = destinations(pos, cell(pos, "N"), true);
        // Its king on S stops every ride on rank 1: 64 squares, each by one route down its own file.
        assert_eq!(dests.len(), 64);
        for d in &dests {
            assert_eq!(d.routes.len(), 1, "{}: one route", pos.topology().name(d.cell));
            let (file, _) = pos.topology().coords(d.cell).expect("a square");
            for c in d.routes[0].cells().into_iter().skip(1) {
                assert_eq!(pos.topology().coords(c).map(|x| x.0), Some(file), "a route leaves its file");
            }
        }
        let to_rank_1 = dests.iter().filter(|d| pos.topology().coords(d.cell).is_some_and(|x| x.1 == 0)).count();
        assert_eq!(to_rank_1, 8, "each of the eight files ridden to its end");
    }
}

#[test]
fn mori_knight_and_king_on_n() {
    let fig = essay_figure("12-small8-knight-king-pole");
    let mut seen = 0;
    for (i, p) in fig.panels.iter().enumerate() {
        let pos = &p.position;
        assert_legal("12-small8-knight-king-pole", pos);
        let n = cell(pos, "N");
        let role = format!("{:?}", pos.piece_at(n).expect("a piece on N").role);
        // Seed 001: a knight in N reaches "any square in the 8th or 7th rank", a king "any square
        // in the 8th rank".
        let ranks: &[u8] = if role.contains("Knight") { &[6, 7] } else { &[7] };
        let want: BTreeSet<String> = pos
            .topology()
            .all_cells()
            .filter(|&c| pos.topology().coords(c).is_some_and(|x| ranks.contains(&x.1)))
            .map(|c| pos.topology().name(c))
            .collect();
        let got: BTreeSet<String> =
            destinations(pos, n, true).into_iter().map(|d| pos.topology().name(d.cell)).collect();
        assert_eq!(got, want, "panel {} ({role})", i + 1);
        assert_eq!(want.len(), 8 * ranks.len());
        assert_eq!(dotted(&panel_scene(&fig, i)), want);
        seen += 1;
    }
    assert_eq!(seen, 4);
}

#[test]
fn the_bishop_walks_its_diagonal_loop_one_square_a_frame() {
    let fig = essay_figure("10-bishop-walk");
    let pos = &fig.panels[0].position;
    // docs/rules.md §2: d2 north-east: e3 f4 g5 h6 a7 b8, N, f8 e7 d6 c5 b4 a3 h2 g1, S, c1, d2.
    let ride = ride_to(pos.topology(), cell(pos, "d2"), dir("ne"), cell(pos, "d2")).expect("a loop");
    let squares = "e3 f4 g5 h6 a7 b8 f8 e7 d6 c5 b4 a3 h2 g1 c1 d2";
    assert_eq!(names(pos, ride.cells()).join(" "), format!("d2 {squares}"));
    let a = fig.animate().expect("an animation").expect("frames");
    // The start, then one frame a square (the dead poles are passed, not stood on).
    assert_eq!(a.frames.len(), 1 + squares.split(' ').count());
    for (k, f) in a.frames.iter().enumerate() {
        let at: Vec<&str> = f.find("piece").iter().filter_map(|e| data(e, "cell")).collect();
        let want = if k == 0 { "d2" } else { squares.split(' ').nth(k - 1).unwrap() };
        assert_eq!(at, [want], "frame {k}");
    }
}

#[test]
fn the_rook_longitude_on_the_globe_passes_n_and_is_ghosted_behind() {
    let fig = essay_figure("09-rook-longitude-globe");
    let s = panel_scene(&fig, 0);
    let Some(Shape::Circle { c: centre, r: radius }) = s.find("limb").first().map(|e| e.shape.clone()) else {
        panic!("no limb")
    };
    let pole = s
        .find("pole-label-plate")
        .iter()
        .find_map(|e| match e.shape {
            Shape::Circle { c, .. } if data(e, "pole") == Some("N") => Some(c),
            _ => None,
        })
        .expect("N in sight");
    let points = |e: &Element| match &e.shape {
        Shape::Path(cmds) => cmds
            .iter()
            .filter_map(|c| match *c {
                dotchess::draw::scene::PathCmd::Move(p) | dotchess::draw::scene::PathCmd::Line(p) => Some(p),
                _ => None,
            })
            .collect::<Vec<_>>(),
        Shape::Polyline(p) => p.clone(),
        other => panic!("a loop is a line, not {other:?}"),
    };
    let loops = s.find("loop");
    let (far, near): (Vec<&&Element>, Vec<&&Element>) = loops.iter().partition(|e| data(e, "far") == Some("true"));
    assert!(!far.is_empty(), "the far half is not drawn through the ball");
    assert!(!near.is_empty());
    // The near half runs over the N pole (the rook's longitude crosses it), every line inside
    // the ball's outline.
    let over_n = near.iter().flat_map(|e| points(e)).any(|p| p.dist(pole) < 1.0);
    assert!(over_n, "the loop does not pass the N pole at {pole:?}");
    for e in loops.iter() {
        for p in points(e) {
            assert!(p.dist(centre) <= radius + 0.5, "{p:?} outside the ball");
        }
    }
}

/// Essay §07's chart of the terrestrial globe: every square of every copy is filled with the band
/// of its latitude (its rank, as the chart folds it), so the flipped copies run their bands the
/// other way; the animation builds it in the seven steps.
#[test]
fn the_terrestrial_chart_colours_each_square_by_its_latitude() {
    let fig = essay_figure("07-terrestrial-chart");
    assert!(!fig.theme.bands.is_empty(), "the terrestrial theme has latitude bands");
    let pos = &fig.panels[0].position;
    let s = panel_scene(&fig, 0);
    let mut squares = 0;
    let mut fills = BTreeSet::new();
    for e in s.find("cell") {
        let Some(name) = data(e, "cell") else { continue };
        let (_, rank) = pos.topology().coords(cell(pos, name)).expect("a square");
        let want = fig.theme.band(rank, pos.topology().height()).expect("a band");
        assert_eq!(e.paint.fill, Some(want), "{name}");
        fills.insert(format!("{want:?}"));
        squares += 1;
    }
    assert!(squares >= 4 * 64, "{squares} squares drawn");
    assert!(fills.len() >= 4, "the bands are not told apart: {fills:?}");
    for edge in ["north", "south", "west", "east"] {
        assert!(!s.find(&format!("edge {edge}")).is_empty(), "no {edge} edge");
    }
    let steps_fig = essay_figure("07-terrestrial-chart-steps");
    let asked = steps_fig.animation.as_ref().expect("an animation").frames as usize;
    let steps = steps_fig.animate().expect("an animation").expect("frames");
    assert_eq!(steps.frames.len(), asked, "the frames its overlay asks for");
}
