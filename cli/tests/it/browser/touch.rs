//! Interactive figures in a real browser: headless Chromium (Debian's `chromium`)
//! driven by playwright-core (`tests/browser/touch.mjs`; `tools::playwright_node` installs both when missing —
//! without them this test fails, it never skips). One browser for every page: the Dot's start on
//! the hemispheres, the chart and the globe (every piece), and a middle game of each variant on
//! five views (each side's each kind of piece: [`one_of_each`]).
//!
//! For each piece driven, clicked or chosen from the keyboard, the visible dots of every panel are
//! exactly the destinations `dotchess moves --square` lists (those a panel's view shows: the globe
//! hides its far half), each named with its moves; Escape hides them. Hover, the arrow keys, Tab,
//! a whole side's moves, the side-to-move switch, two figures on one page, a screenshot before and
//! after a click, and no request but the page itself.

use crate::common;

use dotchess::draw::geometry::{GlobeGeom, Projection, Viewpoint};
use dotchess::draw::scene::Pt;
use dotchess::{Color, Position, VariantId};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(crate::common::ROOT)
}

/// The views of a page's panels, in order.
#[derive(Clone, Copy, PartialEq)]
enum Panel {
    AllCells,
    Globe,
}

const THREE: &str =
    "columns = 3\n[[panels]]\nview = \"hemispheres\"\n[[panels]]\nview = \"chart\"\n[[panels]]\nview = \"globe\"\n";
const FIVE: &str = "columns = 3\n[[panels]]\nview = \"hemispheres\"\n[[panels]]\nview = \"board\"\n[[panels]]\nview = \"chart\"\n\
                    [[panels]]\nview = \"globe\"\n[[panels]]\nview = \"disc\"\n";

/// A destination as `dotchess moves --square --json --san` lists it: its cell, move names in
/// SAN, capture.
type Dests = BTreeMap<String, (Vec<String>, bool)>;

/// What `dotchess moves --square CELL --san` lists for a piece, with the piece's side to move (a
/// reader may choose a piece of either side, and its moves are named as its side would name
/// them; `--san` names the moves of the side to move only).
fn moves_of(pos: &Position, cell: &str) -> Dests {
    let v = pos.variant().id.to_string();
    let mut fen: Vec<String> = pos.fen().split(' ').map(str::to_string).collect();
    let piece = pos.piece_at(pos.topology().parse_cell(cell).unwrap()).unwrap();
    if piece.color != pos.turn() {
        fen[1] = if piece.color == Color::White { "w" } else { "b" }.to_string();
        fen[3] = "-".to_string();
    }
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .args(["moves", "--variant", &v, "--fen", &fen.join(" "), "--square", cell, "--json", "--san"])
        .output()
        .expect("run dotchess");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut out = Dests::new();
    for d in json["destinations"].as_array().unwrap() {
        let names: Vec<String> =
            d["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
        out.insert(d["cell"].as_str().unwrap().to_string(), (names, d["capture"].as_bool().unwrap()));
    }
    out
}

/// The cells each panel shows of a destination set, sorted.
fn per_panel(pos: &Position, panels: &[Panel], cells: &BTreeSet<String>) -> Vec<Vec<String>> {
    let topo = *pos.topology();
    let globe = GlobeGeom::new(&topo, Pt::new(0.0, 0.0), 100.0, Viewpoint::default(), false);
    panels
        .iter()
        .map(|p| {
            cells
                .iter()
                .filter(|c| *p == Panel::AllCells || !globe.centres(&topo, topo.parse_cell(c).unwrap()).is_empty())
                .cloned()
                .collect()
        })
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

fn cells_of(shown: &Value) -> Vec<Vec<String>> {
    shown["cells"].as_array().unwrap().iter().map(strings).collect()
}

fn nothing_shown(shown: &Value) -> bool {
    cells_of(shown).iter().all(Vec::is_empty) && strings(&shown["pressed"]).is_empty()
}

/// A dot's accessible name: its moves in SAN (a capture says so by its `x`).
fn dot_name((names, _): &(Vec<String>, bool)) -> String {
    names.join(", ")
}

/// Writes a position file and an overlay, renders them to a page with the command line.
fn page(dir: &Path, name: &str, pos: &Position, overlay: &str) -> PathBuf {
    let fen = dir.join(format!("{name}.fen"));
    std::fs::write(&fen, format!("# variant: {}\n{}\n", pos.variant().id, pos.fen())).unwrap();
    let toml = dir.join(format!("{name}.toml"));
    std::fs::write(&toml, overlay).unwrap();
    let html = dir.join(format!("{name}.html"));
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .args(["render", fen.to_str().unwrap(), toml.to_str().unwrap(), "-o", html.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    html
}

/// The figure of a page: the `<div>` that may be pasted elsewhere.
fn figure_div(html: &str) -> &str {
    let start = html.find("<div class=\"dotchess ").unwrap();
    let end = html.rfind("</div>\n</body>").unwrap() + "</div>".len();
    &html[start..end]
}

/// Runs the driver: node and playwright-core from `tests/browser`, Chromium from Debian.
fn drive(job: &Value, dir: &Path) -> Value {
    super::drive_json("touch.mjs", job, dir)
}

/// Only the page itself was loaded, and no script failed.
fn self_contained(v: &Value, file: &Path, what: &str) {
    let own = format!("file://{}", file.display());
    for r in strings(&v["requests"]) {
        assert_eq!(r, own, "{what}: a request for {r}");
    }
    assert!(strings(&v["errors"]).is_empty(), "{what}: {:?}", v["errors"]);
}

/// The pieces a middle game's page is driven with: of each side's each kind, the one with the
/// most destinations (the first by cell name among equals), and every piece of the side to move
/// that has none. The Dot's start page is driven with every piece.
///
/// Each click costs the browser some 80 ms of processor time (most of it rastering the five
/// panels again), and every page runs the same script: what differs from piece to piece is the
/// data the page carries, which `tests/it/touch.rs` checks for every piece of every figure
/// without a browser. So the browser sees every kind of piece of both sides in every variant and
/// view, the busiest of each (its dots in every panel, the globe hiding some), at about half the
/// clicks of every piece.
fn one_of_each(pos: &Position) -> Vec<dotchess::Cell> {
    let mut best: BTreeMap<(Color, dotchess::Role), (usize, String, dotchess::Cell)> = BTreeMap::new();
    let mut idle = Vec::new();
    for (cell, piece) in pos.pieces() {
        let n = dotchess::destinations(pos, cell, true).len();
        let name = pos.topology().name(cell);
        if n == 0 && piece.color == pos.turn() {
            idle.push(cell);
        }
        let key = (piece.color, piece.role);
        let better = best.get(&key).is_none_or(|(m, other, _)| n > *m || (n == *m && name < *other));
        if better {
            best.insert(key, (n, name, cell));
        }
    }
    let mut cells: Vec<dotchess::Cell> = best.into_values().map(|(_, _, c)| c).chain(idle).collect();
    cells.sort_by_key(|c| pos.topology().name(*c));
    cells.dedup();
    cells
}

struct Figure {
    name: String,
    file: PathBuf,
    pos: Position,
    panels: Vec<Panel>,
    moves: BTreeMap<String, Dests>,
}

#[test]
fn every_piece_shows_its_moves_in_every_panel_of_a_real_browser() {
    let dir = common::Scratch::new("touch-browser");
    let three = vec![Panel::AllCells, Panel::AllCells, Panel::Globe];
    let five = vec![Panel::AllCells, Panel::AllCells, Panel::AllCells, Panel::Globe, Panel::AllCells];
    let mut figures = vec![("dot-start".to_string(), Position::start(VariantId::Dot), THREE, three)];
    for pos in common::middle_games() {
        figures.push((format!("{}-middle", pos.variant().id), pos, FIVE, five.clone()));
    }
    let figures: Vec<Figure> = figures
        .into_iter()
        .enumerate()
        .map(|(i, (name, pos, overlay, panels))| {
            let file = page(&dir, &name, &pos, overlay);
            let cells = if i == 0 { pos.pieces().map(|(c, _)| c).collect() } else { one_of_each(&pos) };
            let moves =
                cells.into_iter().map(|c| pos.topology().name(c)).map(|c| (c.clone(), moves_of(&pos, &c))).collect();
            Figure { name, file, pos, panels, moves }
        })
        .collect();
    // Two figures in one article: the Dot's start, and the rook figure whose overlay marks d5.
    let rook = dir.join("rook.html");
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .args(["render", "examples/essay/12-rook.fen", "examples/essay/12-rook.toml", "-o", rook.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let start_html = std::fs::read_to_string(&figures[0].file).unwrap();
    let rook_html = std::fs::read_to_string(&rook).unwrap();
    let pair = dir.join("pair.html");
    std::fs::write(
        &pair,
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>An article</title>\n</head>\n<body>\n\
             <p>Some text.</p>\n{}\n<p>More text.</p>\n{}\n</body>\n</html>\n",
            figure_div(&start_html),
            figure_div(&rook_html)
        ),
    )
    .unwrap();
    let piece = |b: &str, c: &str| serde_json::json!({ "board": b, "cell": c });
    let job = serde_json::json!({
        "pages": figures.iter().enumerate().map(|(i, f)| serde_json::json!({
            "name": f.name,
            "file": f.file,
            "pieces": f.moves.keys().map(|c| piece("0", c)).collect::<Vec<_>>(),
            "extras": i == 0,
            "hoverPiece": "g1",
            "otherSide": "g8",
        })).collect::<Vec<_>>(),
        "pair": { "file": pair, "a": piece("0", "b1"), "b": piece("0", "h5") },
        "shots": { "file": figures[0].file, "piece": piece("0", "g1"),
                   "before": dir.join("before.png"), "after": dir.join("after.png") },
    });
    let started = std::time::Instant::now();
    let result = drive(&job, &dir);
    eprintln!("browser: {} pages, {:.1} s", figures.len() + 2, started.elapsed().as_secs_f64());

    for (f, got) in figures.iter().zip(result["pages"].as_array().unwrap()) {
        let what = &f.name;
        self_contained(got, &f.file, what);
        assert!(nothing_shown(&got["initial"]), "{what}: nothing is selected at first: {}", got["initial"]);
        let pieces = got["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), f.moves.len(), "{what}: every piece");
        let hows: BTreeSet<&str> = pieces.iter().map(|p| p["how"].as_str().unwrap()).collect();
        assert_eq!(hows.len(), 3, "{what}: by click, Enter and Space");
        for p in pieces {
            let cell = p["cell"].as_str().unwrap();
            let at = format!("{what}, {cell} ({})", p["how"]);
            let dests = &f.moves[cell];
            let want = per_panel(&f.pos, &f.panels, &dests.keys().cloned().collect());
            assert_eq!(cells_of(&p["after"]), want, "{at}: the visible dots of each panel");
            for (c, name) in p["after"]["names"].as_object().unwrap() {
                assert_eq!(name.as_str().unwrap(), dot_name(&dests[c]), "{at}: the dot on {c}");
            }
            assert_eq!(strings(&p["after"]["pressed"]), vec![format!("0 {cell}")], "{at}: the piece is pressed");
            let n: usize = dests.values().map(|d| d.0.len()).sum();
            let status = p["after"]["status"].as_str().unwrap();
            assert!(status.contains(&format!("{cell}, {n} move")), "{at}: announced `{status}`");
            assert!(nothing_shown(&p["cleared"]), "{at}: Escape hides the moves");
        }
    }

    // Hover, arrow keys, Tab, a whole side, the side to move (on the Dot's start).
    let start = &figures[0];
    let x = &result["pages"][0]["extras"];
    let g1 = &start.moves["g1"];
    let hover = &x["hover"];
    let dot = hover["dot"].as_str().unwrap();
    assert_eq!(hover["tip"], hover["label"], "hovering a dot shows its name");
    assert_eq!(hover["label"].as_str().unwrap(), dot_name(&g1[dot]));
    let hot = strings(&hover["hot"]);
    assert!(hot.len() >= 2, "its routes stand out in the panels: {hot:?}");
    assert!(hot.iter().all(|l| l.split(' ').any(|c| c == dot)), "only routes to {dot}: {hot:?}");
    assert_eq!(hover["faded"], "0.3", "the others fade");
    assert_eq!(x["unhovered"], 0);
    let arrow_cell = x["arrow"]["cell"].as_str().unwrap();
    assert!(g1.contains_key(arrow_cell), "an arrow key goes to a destination, not to {arrow_cell}");
    assert_eq!(x["arrow"]["label"].as_str().unwrap(), dot_name(&g1[arrow_cell]));
    assert_eq!(x["arrow"]["tip"], x["arrow"]["label"], "a focused dot shows its name");
    assert_eq!(x["escapedTo"], "white knight g1, 2 moves", "Escape goes back to the piece");
    assert!(nothing_shown(&x["afterEscape"]));
    let tabbed = x["tab"]["tabbed"].as_array().unwrap();
    let last = tabbed.last().unwrap();
    assert!(last["piece"].as_bool().unwrap(), "Tab reaches a piece: {tabbed:?}");
    assert!(tabbed[..tabbed.len() - 1].iter().all(|t| t["tag"] == "BUTTON"), "after the controls: {tabbed:?}");
    let label = last["label"].as_str().unwrap();
    let tab_cell = label.split(", ").next().unwrap().rsplit(' ').next().unwrap();
    assert_eq!(strings(&x["tab"]["after"]["pressed"]), vec![format!("0 {tab_cell}")], "Enter chooses {label}");
    let white: BTreeSet<String> = start
        .pos
        .pieces()
        .filter(|(_, p)| p.color == Color::White)
        .flat_map(|(c, _)| start.moves[&start.pos.topology().name(c)].keys().cloned())
        .collect();
    assert_eq!(cells_of(&x["white"]), per_panel(&start.pos, &start.panels, &white), "all of White's moves");
    assert!(x["whiteColours"].as_u64().unwrap() >= 10, "each piece in its colour: {}", x["whiteColours"]);
    assert!(nothing_shown(&x["whiteOff"]));
    assert!(nothing_shown(&x["turnOnly"]), "Black's knight cannot be chosen while only White may");
    assert!(x["turnOnly"]["status"].as_str().unwrap().contains("side to move"));

    // Two figures on one page.
    let p = &result["pair"];
    self_contained(p, &pair, "the article");
    assert_eq!(p["count"], 2);
    let text = std::fs::read_to_string(root().join("examples/essay/12-rook.fen")).unwrap();
    let rook_pos = dotchess::input::read_position("12-rook.fen", &text, VariantId::Dot).unwrap().position;
    let d5: BTreeSet<String> = moves_of(&rook_pos, "d5").keys().cloned().collect();
    let b1: BTreeSet<String> = start.moves["b1"].keys().cloned().collect();
    let both = |v: &Value| [v[0].clone(), v[1].clone()];
    let [a0, b0] = both(&p["initial"]);
    assert!(nothing_shown(&a0));
    assert_eq!(cells_of(&b0), vec![d5.iter().cloned().collect::<Vec<_>>(); 2], "the rook figure starts with d5 chosen");
    assert_eq!(strings(&b0["pressed"]), vec!["0 d5"]);
    let [a1, b1_] = both(&p["chooseA"]);
    assert_eq!(cells_of(&a1), per_panel(&start.pos, &start.panels, &b1));
    assert_eq!(b1_, b0, "choosing in one figure leaves the other as it was");
    let [a2, b2] = both(&p["escapeB"]);
    assert!(nothing_shown(&b2), "Escape in the second figure clears it");
    assert_eq!(a2["cells"], a1["cells"], "… and not the first");
    let [a3, b3] = both(&p["chooseB"]);
    assert_eq!(a3["cells"], a1["cells"]);
    let h5: BTreeSet<String> = moves_of(&rook_pos, "h5").keys().cloned().collect();
    assert_eq!(cells_of(&b3), vec![h5.iter().cloned().collect::<Vec<_>>(); 2]);
    let [a4, b4] = both(&p["allA"]);
    assert!(cells_of(&a4).iter().all(|c| !c.is_empty()), "Black's moves in the first figure");
    assert_eq!(b4, b3);

    // A screenshot before and after a click differs where the dots are, and only where the
    // piece's marks, the piece and the announcement are.
    let s = &result["shots"];
    self_contained(s, &figures[0].file, "the screenshots");
    let (w, h, before) = decode(&dir.join("before.png"));
    let (w2, h2, after) = decode(&dir.join("after.png"));
    assert_eq!((w, h), (w2, h2));
    let changed = |x: usize, y: usize| before[(y * w + x) * 4..][..3] != after[(y * w + x) * 4..][..3];
    let boxes = |key: &str| -> Vec<[f64; 4]> {
        s[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let v: Vec<f64> = b.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
                [v[0], v[1], v[2], v[3]]
            })
            .collect()
    };
    let dots = boxes("dots");
    let g1_dots: usize = per_panel(&start.pos, &start.panels, &g1.keys().cloned().collect()).iter().map(Vec::len).sum();
    assert_eq!(dots.len(), g1_dots, "g1's dots, in the panels that show them");
    for d in &dots {
        let inside = (d[1].floor() as usize..(d[1] + d[3]).ceil() as usize)
            .flat_map(|y| (d[0].floor() as usize..(d[0] + d[2]).ceil() as usize).map(move |x| (x, y)))
            .filter(|&(x, y)| changed(x, y))
            .count();
        assert!(inside > 0, "the screenshots do not differ at the dot {d:?}");
    }
    let mut allowed = boxes("marks");
    allowed.extend(boxes("pieces"));
    // The announcement replaces the help text (both lines of it).
    for key in ["status", "statusBefore"] {
        allowed.push([0, 1, 2, 3].map(|i| s[key][i].as_f64().unwrap()));
    }
    // Within 6 pixels: a box leaves out a stroke's width, and the chosen piece's glow spreads.
    let near = |x: usize, y: usize| {
        allowed.iter().any(|b| {
            let (x, y) = (x as f64 + 0.5, y as f64 + 0.5);
            x >= b[0] - 6.0 && x <= b[0] + b[2] + 6.0 && y >= b[1] - 6.0 && y <= b[1] + b[3] + 6.0
        })
    };
    let stray: Vec<bool> =
        (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| changed(x, y) && !near(x, y)).collect();
    // Chromium may raster a region again after a click and antialias the edges it cuts a little
    // differently (seen on loaded machines: 37 to 206 pixels, most off by 1 level, some by 36,
    // along existing edges, never more than two pixels thick). Anything drawn or moved changes a
    // solid area: a 3 × 3 block of changed pixels away from the marks is a change of the picture.
    let blocks: Vec<(usize, usize)> = (1..h.saturating_sub(1))
        .flat_map(|y| (1..w.saturating_sub(1)).map(move |x| (x, y)))
        .filter(|&(x, y)| (y - 1..=y + 1).all(|v| (x - 1..=x + 1).all(|u| stray[v * w + u])))
        .collect();
    let loose = stray.iter().filter(|&&s| s).count();
    assert!(
        blocks.is_empty(),
        "{} blocks of 3 × 3 pixels ({loose} pixels in all) changed away from the marks, e.g. around {:?}",
        blocks.len(),
        &blocks[..blocks.len().min(5)]
    );
    if loose > 0 {
        eprintln!("{loose} loose pixels changed away from the marks (antialiasing), none in a 3 × 3 block");
    }
}

/// A screenshot's size and RGBA pixels.
fn decode(path: &Path) -> (usize, usize, Vec<u8>) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0u8; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgba, "RGBA after expansion");
    (info.width as usize, info.height as usize, buf)
}
