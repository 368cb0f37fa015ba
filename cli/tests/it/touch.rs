//! Interactive figures: the data the page carries for every piece, checked against the
//! rules core in every view; the still figure inside the page unchanged; the page self-contained,
//! scoped and the same bytes every time; `render -o fig.html`, `--format html`, bad input, and
//! the batch's pages and contact sheet. The page in a real browser: `tests/it/browser/touch.rs`.

use crate::common::{self, stderr};

use dotchess::draw::geometry::{GlobeGeom, HemiGeom, Projection};
use dotchess::draw::scene::{Element, Group, Node, Pt, Scene};
use dotchess::draw::{Overlay, View, ViewKind, render, render_touch};
use dotchess::{Cell, Color, MoveKind, Position, Theme, VariantId, move_name};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Output};

fn data<'a>(d: &'a [(&'static str, String)], key: &str) -> Option<&'a str> {
    d.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

fn has_class(class: &str, word: &str) -> bool {
    class.split_whitespace().any(|w| w == word)
}

/// Every group of a class, depth first.
fn groups<'a>(nodes: &'a [Node], class: &str) -> Vec<&'a Group> {
    let mut out = Vec::new();
    for n in nodes {
        if let Node::Group(g) = n {
            if has_class(&g.class, class) {
                out.push(g);
            } else {
                out.extend(groups(&g.children, class));
            }
        }
    }
    out
}

/// Every element under some nodes, depth first.
fn elements(nodes: &[Node]) -> Vec<&Element> {
    let mut out = Vec::new();
    for n in nodes {
        match n {
            Node::Element(e) => out.push(e),
            Node::Group(g) => out.extend(elements(&g.children)),
        }
    }
    out
}

/// The views an interactive figure is made in, each with the default settings.
fn views() -> Vec<(&'static str, View)> {
    vec![
        ("hemispheres", View::hemispheres()),
        ("north", View::hemisphere(dotchess::Pole::North)),
        ("south", View::hemisphere(dotchess::Pole::South)),
        ("chart", View::chart()),
        ("board", View::board()),
        ("globe", View::globe()),
        ("disc", View::disc()),
    ]
}

/// Whether a view shows a cell's centre, asked of the view's geometry: the globe hides its far
/// half and a single hemisphere the other one; the other views show every cell (the chart's
/// window is fitted to every piece's routes).
fn shown(view: &View, pos: &Position) -> Box<dyn Fn(Cell) -> bool> {
    let topo = *pos.topology();
    match view.kind {
        ViewKind::Globe { viewpoint, ghost } => {
            let g = GlobeGeom::new(&topo, Pt::new(0.0, 0.0), 100.0, viewpoint, ghost);
            Box::new(move |c| !g.centres(&topo, c).is_empty())
        }
        ViewKind::Hemisphere { pole, rotation } => {
            let g = HemiGeom::single(&topo, pole, Pt::new(0.0, 0.0), 100.0, rotation);
            Box::new(move |c| !g.centres(&topo, c).is_empty())
        }
        _ => Box::new(|_| true),
    }
}

/// Whether a cell's centre lies by the limb of a globe, where its piece may be left out of the
/// picture (a piece is drawn inside the ball's outline, smaller by the limb, and left out where
/// not enough of it would fit: docs/rules.md, the globe).
fn by_the_limb(view: &View, pos: &Position) -> Box<dyn Fn(Cell) -> bool> {
    let topo = *pos.topology();
    match view.kind {
        ViewKind::Globe { viewpoint, ghost } => {
            let g = GlobeGeom::new(&topo, Pt::new(0.0, 0.0), 100.0, viewpoint, ghost);
            Box::new(move |c| g.centres(&topo, c).iter().any(|p| p.dist(Pt::new(0.0, 0.0)) > 85.0))
        }
        _ => Box::new(|_| false),
    }
}

/// The position with the other side to move (no en passant square, which belongs to the side
/// that was to move): where the core is asked for that side's legal moves.
fn other_side_to_move(pos: &Position) -> Position {
    let fen = pos.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[1] = if fields[1] == "w" { "b" } else { "w" };
    fields[3] = "-";
    Position::from_fen(pos.variant().id, &fields.join(" ")).unwrap()
}

/// A destination as the rules core gives it through the move list: its move names, sorted, and
/// whether it captures.
fn expected(pos: &Position, cell: Cell) -> BTreeMap<String, (Vec<String>, bool)> {
    let piece = pos.piece_at(cell).unwrap();
    let asked = if piece.color == pos.turn() { pos.clone() } else { other_side_to_move(pos) };
    let topo = pos.topology();
    let mut out: BTreeMap<String, (Vec<String>, bool)> = BTreeMap::new();
    for m in asked.moves().into_iter().filter(|m| m.from == cell) {
        let capture = m.kind == MoveKind::EnPassant
            || (!matches!(m.kind, MoveKind::Castle(_)) && pos.piece_at(m.to).is_some_and(|p| p.color != piece.color));
        let e = out.entry(topo.name(m.to)).or_default();
        e.0.push(move_name(topo, m));
        e.1 |= capture;
    }
    for v in out.values_mut() {
        v.0.sort();
    }
    out
}

/// Checks one panel's interactive layer against the rules core, piece by piece.
fn check_panel(
    pos: &Position,
    nodes: &[Node],
    board: usize,
    (shown, by_the_limb): (&dyn Fn(Cell) -> bool, &dyn Fn(Cell) -> bool),
    what: &str,
) {
    let topo = pos.topology();
    let variant = pos.variant();
    let all_groups = groups(nodes, "piece-moves");
    let piece_elements: Vec<&Element> = elements(nodes).into_iter().filter(|e| has_class(&e.class, "piece")).collect();
    let pieces: Vec<(Cell, dotchess::Piece)> = pos.pieces().collect();
    let mut froms: Vec<&str> = all_groups.iter().filter_map(|g| data(&g.data, "from")).collect();
    froms.sort();
    froms.dedup();
    assert_eq!(froms.len(), pieces.len(), "{what}: one group of marks a piece, both sides");
    for (cell, piece) in pieces {
        let name = topo.name(cell);
        let at = format!("{what}, {name}");
        let exp = expected(pos, cell);
        let n: usize = exp.values().map(|(m, _)| m.len()).sum();
        let mine: Vec<&&Group> = all_groups.iter().filter(|g| data(&g.data, "from") == Some(name.as_str())).collect();
        assert!(!mine.is_empty() && mine.len() <= 2, "{at}: its groups");
        let g = mine[0];
        assert_eq!(data(&g.data, "count"), Some(n.to_string().as_str()), "{at}: the number of moves");
        assert_eq!(data(&g.data, "side"), Some(piece.color.name()), "{at}");
        assert_eq!(data(&g.data, "turn"), Some(if piece.color == pos.turn() { "true" } else { "false" }), "{at}");
        let say = data(&g.data, "say").unwrap();
        for d in exp.keys() {
            assert!(say.contains(d.as_str()), "{at}: `{say}` names {d}");
        }
        // The piece's control is named with its moves.
        let label = format!(
            "{} {} {name}, {n} move{}",
            variant.color_name(piece.color),
            variant.role_name(piece.role),
            if n == 1 { "" } else { "s" }
        );
        let drawn: Vec<&&Element> = piece_elements.iter().filter(|e| data(&e.data, "cell") == Some(&name)).collect();
        if drawn.is_empty() {
            assert!(!shown(cell) || by_the_limb(cell), "{at}: the piece is drawn where its cell is shown");
        } else {
            assert!(shown(cell), "{at}: the piece is drawn only where its cell is shown");
        }
        for e in &drawn {
            assert_eq!(data(&e.data, "label"), Some(label.as_str()), "{at}");
            assert_eq!(data(&e.data, "board"), Some(board.to_string().as_str()), "{at}");
        }
        // Dots: exactly the destinations the view shows, each with its move names and capture.
        let marks: Vec<&Element> = mine.iter().flat_map(|g| elements(&g.children)).collect();
        let mut dots: BTreeMap<String, (Vec<String>, bool)> = BTreeMap::new();
        for e in marks.iter().filter(|e| has_class(&e.class, "dot")) {
            let cell = data(&e.data, "cell").unwrap().to_string();
            // Its name in SAN, move by move: a name that reads back as that very move.
            let coords: Vec<&str> = data(&e.data, "move").unwrap().split(' ').collect();
            let sans: Vec<&str> = data(&e.data, "san").expect("a dot's SAN").split(' ').collect();
            assert_eq!(sans.len(), coords.len(), "{at}: {cell}");
            if piece.color == pos.turn() {
                for (c, s) in coords.iter().zip(&sans) {
                    let m = pos.parse_move(c).unwrap();
                    assert_eq!(pos.read_move(s).ok(), Some(m), "{at}: `{s}` names {c}");
                }
            }
            let mut names: Vec<String> = coords.iter().map(|c| c.to_string()).collect();
            names.sort();
            assert_eq!(data(&e.data, "from"), Some(name.as_str()), "{at}");
            let old = dots.insert(cell.clone(), (names.clone(), has_class(&e.class, "capture")));
            assert!(old.is_none_or(|o| o == (names, has_class(&e.class, "capture"))), "{at}: {cell} marked alike");
        }
        let want: BTreeMap<String, (Vec<String>, bool)> = exp
            .iter()
            .filter(|(d, _)| shown(topo.parse_cell(d).unwrap()))
            .map(|(d, v)| (d.clone(), v.clone()))
            .collect();
        assert_eq!(dots, want, "{at}: dots against the rules core");
        // Routes: from the piece to a destination; each leads on to destinations only, its own
        // first; every destination shown is led to.
        let mut led: Vec<String> = Vec::new();
        for e in marks.iter().filter(|e| has_class(&e.class, "route")) {
            assert_eq!(data(&e.data, "from"), Some(name.as_str()), "{at}");
            let to = data(&e.data, "to").unwrap();
            assert!(exp.contains_key(to), "{at}: a route to {to}");
            let leads: Vec<&str> = data(&e.data, "leads").unwrap().split(' ').collect();
            assert_eq!(leads.first(), Some(&to), "{at}: a route leads to its own end first");
            for l in leads {
                assert!(exp.contains_key(l), "{at}: leads to {l}");
                led.push(l.to_string());
            }
        }
        for d in want.keys() {
            assert!(led.contains(d), "{at}: no route drawn to {d}");
        }
    }
}

#[test]
fn every_piece_carries_the_rules_cores_moves_in_every_view() {
    let mut positions = common::middle_games();
    positions.insert(0, Position::start(VariantId::Dot));
    for pos in &positions {
        for (view_name, view) in views() {
            let what = format!("{} {} in {view_name}", pos.variant().id, pos.fen());
            let (scene, _) = render_touch(pos, &Overlay::default(), &view, &Theme::essay(), 0, true);
            check_panel(pos, &scene.nodes, 0, (&*shown(&view, pos), &*by_the_limb(&view, pos)), &what);
        }
    }
}

#[test]
fn a_figure_of_several_positions_numbers_its_boards() {
    // The essay's survey of bishops draws the Dot and the chart of another position side by side:
    // each panel's pieces belong to its own board.
    let fig = figure(
        "examples/essay/start.fen",
        "columns = 2\n[[panels]]\nview = \"board\"\n[[panels]]\nview = \"board\"\nvariant = \"small\"\n",
    );
    let scene = touch_scene(&fig);
    let panels = groups(&scene.nodes, "panel");
    assert_eq!(panels.len(), 2);
    for (i, p) in panels.iter().enumerate() {
        let boards: Vec<&str> =
            groups(&p.children, "piece-moves").iter().filter_map(|g| data(&g.data, "board")).collect();
        assert!(!boards.is_empty() && boards.iter().all(|&b| b == i.to_string()), "panel {i}: {boards:?}");
        let pos = &fig.panels[i].position;
        check_panel(pos, &p.children, i, (&|_| true, &|_| false), &format!("panel {i}"));
    }
}

/// The interactive layer taken out again: the piece groups dropped, the overlay's own moves
/// unwrapped, the data only the page reads removed.
fn still_part(nodes: &[Node]) -> Vec<Node> {
    let mut out = Vec::new();
    for n in nodes {
        match n {
            Node::Group(g) if has_class(&g.class, "piece-moves") => {}
            Node::Group(g) if has_class(&g.class, "start-moves") => out.extend(still_part(&g.children)),
            Node::Group(g) => out.push(Node::Group(Group { children: still_part(&g.children), ..g.clone() })),
            Node::Element(e) => {
                let mut e = e.clone();
                e.data.retain(|(k, _)| !["board", "label", "copy", "move", "san", "leads"].contains(k));
                out.push(Node::Element(e));
            }
        }
    }
    out
}

#[test]
fn the_page_shows_the_still_figure_with_its_marks_as_drawn() {
    let pos = Position::from_fen(VariantId::Dot, "r3k2r/8/8/3R3r/8/8/3p4/R3K2R w KQkq - 0 1").unwrap();
    let topo = pos.topology();
    let c = |s: &str| topo.parse_cell(s).unwrap();
    let overlay = Overlay {
        moves: vec![
            dotchess::draw::MoveMark { colour: Some(dotchess::draw::scene::Rgb(0x8a, 0x2b, 0xe2)), ..c("d5").into() },
            c("e1").into(),
        ],
        loops: vec![(c("a1"), dotchess::Dir::new(1, 1))],
        arrows: vec![(c("h5"), c("h8")).into()],
        highlights: vec![(c("e4"), None)],
        labels: vec![(c("b3"), "x".into())],
        ..Overlay::default()
    };
    for (name, view) in views().into_iter().filter(|(n, _)| *n != "chart") {
        let still = render(&pos, &overlay, &view, &Theme::essay());
        let (touch, _) = render_touch(&pos, &overlay, &view, &Theme::essay(), 0, true);
        let stripped = Scene { nodes: still_part(&touch.nodes), ..touch.clone() };
        assert_eq!(
            dotchess::output::to_svg(&stripped),
            dotchess::output::to_svg(&still),
            "{name}: the page's figure is the still one"
        );
        // The overlay's own moves start shown, in a group of their own naming their pieces.
        let start = groups(&touch.nodes, "start-moves");
        assert!(!start.is_empty(), "{name}");
        assert!(start.iter().all(|g| data(&g.data, "from") == Some("d5 e1")), "{name}");
        let dots = |nodes: &[Node]| -> Vec<(String, String)> {
            let mut v: Vec<(String, String)> = elements(nodes)
                .into_iter()
                .filter(|e| has_class(&e.class, "dot"))
                .filter_map(|e| Some((data(&e.data, "from")?.to_string(), data(&e.data, "cell")?.to_string())))
                .collect();
            v.sort();
            v
        };
        let start_nodes: Vec<Node> = start.iter().map(|g| Node::Group((*g).clone())).collect();
        assert_eq!(dots(&start_nodes), dots(&still.nodes), "{name}: the start group has the still figure's dots");
    }
}

#[test]
fn a_whole_side_sets_dots_that_share_a_cell_side_by_side() {
    // At the start, a3 is reached by the a2 pawn and the b1 knight, c3 by the c2 pawn and the b1
    // knight: shown together, each pair of dots sits side by side.
    let pos = Position::start(VariantId::Dot);
    let (scene, _) = render_touch(&pos, &Overlay::default(), &View::board(), &Theme::essay(), 0, true);
    let spread = |from: &str, cell: &str| -> f64 {
        let g = groups(&scene.nodes, "piece-moves").into_iter().find(|g| data(&g.data, "from") == Some(from)).unwrap();
        let dot = elements(&g.children)
            .into_iter()
            .find(|e| has_class(&e.class, "dot") && data(&e.data, "cell") == Some(cell))
            .unwrap();
        data(&dot.data, "spread").map_or(0.0, |s| s.parse().unwrap())
    };
    for (pawn, cell) in [("a2", "a3"), ("c2", "c3")] {
        let (p, n) = (spread(pawn, cell), spread("b1", cell));
        assert!(p != 0.0 && (p + n).abs() < 0.02, "{cell}: {p} and {n} side by side about the centre");
    }
    // A cell only one piece reaches keeps its dot in the middle; each side is spread on its own.
    assert_eq!(spread("e2", "e4"), 0.0);
    assert_eq!(spread("e7", "e6"), 0.0);
    let (knight, pawn) = (spread("g8", "f6"), spread("f7", "f6"));
    assert!(knight != 0.0 && (knight + pawn).abs() < 0.02, "f6: {knight} and {pawn}");
    let colours: Vec<&str> = groups(&scene.nodes, "piece-moves")
        .iter()
        .filter(|g| data(&g.data, "side") == Some(Color::White.name()))
        .filter_map(|g| data(&g.data, "colour"))
        .collect();
    let mut distinct = colours.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 16, "each of White's 16 pieces in its own colour");
}

fn figure(position: &str, overlay: &str) -> dotchess::draw::FigureSpec {
    let text = std::fs::read_to_string(root().join(position)).unwrap();
    let base = dotchess::input::read_position(position, &text, VariantId::Dot).unwrap();
    dotchess::input::read_overlay("o.toml", overlay, &base, &dotchess::input::no_files).unwrap()
}

/// The largest interactive figure the size limit is set for: the Dot's start on the hemispheres, the chart and the
/// globe.
pub const THREE: &str =
    "columns = 3\n[[panels]]\nview = \"hemispheres\"\n[[panels]]\nview = \"chart\"\n[[panels]]\nview = \"globe\"\n";

#[test]
fn the_page_is_self_contained_scoped_and_the_same_every_time() {
    let fig = figure("examples/essay/start.fen", THREE);
    let html = dotchess::output::to_html(&touch_scene(&fig));
    assert!(html.len() <= 1_500_000, "{} bytes", html.len());
    eprintln!("the Dot's start, hemispheres + chart + globe: {} bytes of HTML", html.len());
    assert_eq!(html, dotchess::output::to_html(&touch_scene(&fig)), "same figure, same bytes");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<script").count(), 1, "one script");
    assert_eq!(html.matches("<style").count(), 1, "one style");
    // Nothing is fetched: no source, link, import or URL but SVG's namespace name.
    for bad in [" src=", " href=", "url(", "@import", "<link", "<iframe", "fetch(", "XMLHttpRequest", "https:"] {
        assert!(!html.contains(bad), "the page has `{bad}`");
    }
    assert_eq!(html.matches("http:").count(), html.matches("http://www.w3.org/2000/svg").count());
    // Nothing global that a second figure could meet: no ids, no names (but the viewport's, in the
    // page's head, outside the figure), one class of its own.
    assert!(!html.contains(" id="), "an id");
    assert_eq!(html.matches(" name=").count(), 1, "a name");
    assert!(html.contains("<meta name=\"viewport\""));
    let class = html.split("class=\"dotchess ").nth(1).unwrap().split('"').next().unwrap().to_string();
    assert!(class.starts_with("dc-") && class.len() == 15, "{class}");
    let other = dotchess::output::to_html(&touch_scene(&figure("examples/essay/rook-d5.fen", THREE)));
    assert!(!other.contains(&class), "another figure has another class");
    // Every piece of the first panel is a control, named with its moves; White's g1 knight has two.
    assert!(
        html.contains("aria-label=\"white knight g1, 2 moves\" aria-pressed=\"false\" role=\"button\" tabindex=\"0\"")
    );
    // One control for each piece a panel shows (every piece on the hemispheres and the chart, the
    // near half's on the globe), a chart's further copies left out of the Tab order.
    let pos = Position::start(VariantId::Dot);
    let globe = shown(&View::globe(), &pos);
    let limb = by_the_limb(&View::globe(), &pos);
    let on_globe = pos.pieces().filter(|(c, _)| globe(*c)).count();
    let inside = pos.pieces().filter(|(c, _)| globe(*c) && !limb(*c)).count();
    let controls = html.matches("role=\"button\"").count() - 64;
    assert!((inside..=on_globe).contains(&controls), "{controls} controls on the globe");
    assert!(html.contains("aria-live=\"polite\""));
}

/// A figure drawn for its page, within the budget of every figure.
fn touch_scene(fig: &dotchess::draw::FigureSpec) -> Scene {
    dotchess::output::render_touch_checked(fig).unwrap()
}

fn root() -> PathBuf {
    PathBuf::from(crate::common::ROOT)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).current_dir(root()).output().expect("run dotchess")
}

#[test]
fn render_writes_a_page_by_extension_or_format() {
    let d = common::Scratch::new("touch-cli");
    let page = d.join("fig.html");
    let o = run(&["render", "examples/essay/12-rook.fen", "examples/essay/12-rook.toml", "-o", page.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(
        text.contains("class=\"start-moves\"") && text.contains("data-from=\"d5\""),
        "the overlay's moves start shown"
    );
    // `--format html` on standard output and for a name without extension: the same page.
    let o =
        run(&["render", "examples/essay/12-rook.fen", "examples/essay/12-rook.toml", "--format", "html", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), text);
    let stem = d.join("stem");
    let o = run(&[
        "render",
        "--fen",
        "8/8/8/3R4/8/8/8/8",
        "--square",
        "d5",
        "--format",
        "html",
        "-o",
        stem.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.join("stem.html").is_file() && !d.join("stem.svg").exists());
    // With an SVG beside it, both from one command.
    let (svg, html) = (d.join("both.svg"), d.join("both.html"));
    let o = run(&["render", "--square", "g1", "-o", svg.to_str().unwrap(), "-o", html.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(svg.is_file() && std::fs::read_to_string(&html).unwrap().contains("<svg"));
}

#[test]
fn bad_input_for_a_page_is_refused_where_it_is_and_writes_nothing() {
    let d = common::Scratch::new("touch-bad");
    let page = d.join("fig.html");
    let overlay = d.join("o.toml");
    std::fs::write(&overlay, "moves = [\"d5\"]\nrotaton = 4\n").unwrap();
    let o = run(&["render", "examples/essay/12-rook.fen", overlay.to_str().unwrap(), "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("o.toml:2:1: unknown key `rotaton`"), "{}", stderr(&o));
    std::fs::write(&overlay, "moves = [\"d4\"]\n").unwrap();
    let o = run(&["render", "examples/essay/12-rook.fen", overlay.to_str().unwrap(), "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("o.toml:1:"), "{}", stderr(&o));
    let o = run(&["render", "--fen", "8/8/8/3R4/8/8/8/9", "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = run(&["render", "--square", "g1", "--format", "svg", "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ends in .html but --format is svg"), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(&*d).unwrap().count(), 1, "nothing written but the overlay");
}

#[test]
fn a_batch_writes_a_page_of_each_still_figure_and_links_it() {
    let d = common::Scratch::new("touch-batch");
    let manifest = "formats = [\"svg\", \"html\"]\n\n[[figure]]\nname = \"rook\"\nposition = \"rook.fen\"\n\n\
                    [[figure]]\nname = \"gear\"\nposition = \"rook.fen\"\noverlay = \"gear.toml\"\n";
    std::fs::write(d.join("m.toml"), manifest).unwrap();
    std::fs::copy(root().join("tests/data/rook.fen"), d.join("rook.fen")).unwrap();
    std::fs::write(d.join("gear.toml"), "[animation]\nkind = \"gear\"\nframes = 2\n").unwrap();
    let out = d.join("out");
    let o = run(&["batch", d.join("m.toml").to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.join("rook.html").is_file());
    assert!(!out.join("gear.html").exists(), "no page of an animation");
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains("<a href=\"rook.html\">interactive (html)</a>"), "{index}");
    assert!(!index.contains("gear.html"));
    assert!(index.contains("<a href=\"gear.gif\">gif</a>"));
}
