//! The browser build (`web/`, made by `web/build`) in headless Chromium, driven by playwright-core
//! (`tests/browser/web.mjs`), the repository served by a plain static file server
//! (`tests/browser/static.mjs`, not `dotchess serve`):
//!
//! * every figure of the essay's manifest drawn by `<dotchess-figure>` from the same files (the
//!   position and overlay as child scripts, the files an overlay names beside them) is the SVG
//!   `dotchess render POSITION OVERLAY` writes, byte for byte;
//! * in a generated position of every variant (a fixed stride through the legal moves), a click
//!   in each piece's cell (away from its middle, in each panel in turn) shows in every panel the
//!   dots `dotchess moves --square` lists (those the globe's near half shows), and a second click
//!   on the piece hides them;
//! * `<dotchess-game>` steps through every `examples/games/*.pgn` with the keyboard: at each ply
//!   its board is `dotchess render GAME --ply N --view hemispheres`, its move list the game's SAN;
//! * a bad attribute, FEN or overlay shows the located message in the element and the console,
//!   and no script error escapes.

use crate::common;
use dotchess::draw::geometry::{GlobeGeom, Projection, Viewpoint};
use dotchess::draw::scene::Pt;
use dotchess::{Color, Position, VariantId};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> PathBuf {
    PathBuf::from(common::ROOT)
}

/// `web/pkg/`, built once per test process by `web/build` (which installs the wasm target and
/// the pinned wasm-bindgen program when they are missing).
fn web_pkg() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let out = Command::new(root().join("web/build")).current_dir(root()).output().expect("run web/build");
        assert!(out.status.success(), "web/build failed:\n{}", String::from_utf8_lossy(&out.stderr));
        root().join("web/pkg")
    })
}

fn dotchess(args: &[&str]) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).output().expect("run dotchess");
    assert!(o.status.success(), "dotchess {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The files an overlay names (a panel's `position`, a theme file), by the names it writes.
fn named_files(overlay: &str, folder: &Path) -> serde_json::Map<String, Value> {
    let mut files = serde_json::Map::new();
    for piece in overlay.split('"').skip(1).step_by(2) {
        if [".fen", ".toml", ".pgn"].iter().any(|e| piece.ends_with(e)) && folder.join(piece).is_file() {
            files.insert(piece.to_string(), Value::String(read(&folder.join(piece))));
        }
    }
    files
}

/// The essay's figures as element jobs, each with the command's SVG of the same files.
fn essay_figures(dir: &Path) -> (Vec<Value>, Vec<(String, Vec<u8>)>) {
    let essay = root().join("examples/essay");
    let manifest = dotchess::batch::read_manifest("manifest.toml", &read(&essay.join("manifest.toml"))).unwrap();
    let (mut jobs, mut expected) = (Vec::new(), Vec::new());
    for job in &manifest.jobs {
        let position = essay.join(&job.position);
        let mut args = vec![position.to_str().unwrap().to_string()];
        let mut spec = json!({ "name": job.name, "position": read(&position), "positionName": job.position });
        if let Some(o) = &job.overlay {
            let path = essay.join(o);
            let text = read(&path);
            spec["files"] = Value::Object(named_files(&text, path.parent().unwrap()));
            spec["overlay"] = Value::String(text);
            args.push(path.to_str().unwrap().to_string());
        }
        let svg = dir.join(format!("{}.svg", job.name));
        args.extend(["-o".to_string(), svg.to_str().unwrap().to_string()]);
        dotchess(&["render"].into_iter().chain(args.iter().map(String::as_str)).collect::<Vec<_>>());
        expected.push((job.name.clone(), std::fs::read(&svg).unwrap()));
        jobs.push(spec);
    }
    (jobs, expected)
}

/// Each essay figure's element SVG is the command's: the figures that differ, each with the first
/// difference in context.
fn check_figures(result: &Value, expected: &[(String, Vec<u8>)]) {
    let mut differ = Vec::new();
    for (name, want) in expected {
        let got = &result[name];
        assert!(got["error"].is_null(), "{name}: {}", got["error"]);
        let got = got["svg"].as_str().unwrap().as_bytes();
        if got != want.as_slice() {
            let at = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
            let around =
                |b: &[u8]| String::from_utf8_lossy(&b[at.saturating_sub(60)..(at + 60).min(b.len())]).into_owned();
            differ.push(format!("{name} at byte {at}:\n  element {:?}\n  command {:?}", around(got), around(want)));
        }
    }
    assert!(differ.is_empty(), "{} of {} essay figures differ:\n{}", differ.len(), expected.len(), differ.join("\n"));
}

const THREE: &str =
    "columns = 3\n[[panels]]\nview = \"hemispheres\"\n[[panels]]\nview = \"chart\"\n[[panels]]\nview = \"globe\"\n";

/// The generated positions: one of each variant, the same on every run.
fn generated() -> Vec<Position> {
    VariantId::ALL.iter().enumerate().map(|(i, &v)| common::played(v, 9 + 2 * i)).collect()
}

/// The cells `dotchess moves --square CELL --json` lists, the piece's own side to move (a reader
/// may click a piece of either side).
fn moves_of(pos: &Position, cell: &str) -> BTreeSet<String> {
    let mut fen: Vec<String> = pos.fen().split(' ').map(str::to_string).collect();
    let piece = pos.piece_at(pos.topology().parse_cell(cell).unwrap()).unwrap();
    if piece.color != pos.turn() {
        fen[1] = if piece.color == Color::White { "w" } else { "b" }.to_string();
        fen[3] = "-".to_string();
    }
    let v = pos.variant().id.to_string();
    let out = dotchess(&["moves", "--variant", &v, "--fen", &fen.join(" "), "--square", cell, "--json"]);
    let json: Value = serde_json::from_slice(&out).unwrap();
    json["destinations"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap().to_string()).collect()
}

/// The dots each of the three panels shows of a set of destinations: all on the hemispheres and
/// the chart, the near half's on the globe.
fn per_panel(pos: &Position, cells: &BTreeSet<String>) -> Vec<Vec<String>> {
    let topo = *pos.topology();
    let globe = GlobeGeom::new(&topo, Pt::new(0.0, 0.0), 100.0, Viewpoint::default(), false);
    let seen = |c: &String| !globe.centres(&topo, topo.parse_cell(c).unwrap()).is_empty();
    let all: Vec<String> = cells.iter().cloned().collect();
    vec![all.clone(), all, cells.iter().filter(|c| seen(c)).cloned().collect()]
}

fn cells_of(v: &Value) -> Vec<Vec<String>> {
    let strings = |l: &Value| l.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    v["cells"].as_array().unwrap().iter().map(strings).collect()
}

/// The jobs of the clicks, and what each position's pieces should show.
fn click_jobs() -> (Vec<Value>, Vec<Position>) {
    let positions = generated();
    let jobs = positions
        .iter()
        .map(|pos| {
            let pieces: Vec<String> = pos.pieces().map(|(c, _)| pos.topology().name(c)).collect();
            let v = pos.variant().id.to_string();
            json!({ "name": v, "variant": v, "fen": pos.fen(), "overlay": THREE, "pieces": pieces })
        })
        .collect();
    (jobs, positions)
}

fn check_clicks(result: &Value, positions: &[Position]) {
    for pos in positions {
        let name = pos.variant().id.to_string();
        let r = &result[&name];
        assert!(r["error"].is_null(), "{name}: {}", r["error"]);
        for p in r["pieces"].as_array().unwrap() {
            let cell = p["cell"].as_str().unwrap();
            let want = per_panel(pos, &moves_of(pos, cell));
            assert!(p["first"].is_object(), "{name} {cell}: no panel shows the cell to click");
            assert_eq!(cells_of(&p["first"]), want, "{name} {cell}: the dots of each panel after a click");
            let from: Vec<&str> = p["first"]["from"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
            assert!(from.iter().all(|f| *f == cell), "{name} {cell}: dots from {from:?}");
            assert!(
                cells_of(&p["again"]).iter().all(Vec::is_empty),
                "{name} {cell}: a second click hides the dots: {p}"
            );
        }
    }
}

/// A game's job, its SAN (with glyphs) and the command's board at each ply.
type GameJob = (Value, Vec<String>, Vec<Vec<u8>>);

/// The games of `examples/games/`.
fn game_jobs() -> Vec<GameJob> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("examples/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    for f in files {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        let game = dotchess::input::read_games(&name, &read(&f), VariantId::Dot).unwrap().swap_remove(0);
        let san: Vec<String> = game.plies.iter().map(|p| format!("{}{}", p.san, p.glyph().unwrap_or(""))).collect();
        let boards = (0..=san.len())
            .map(|k| {
                let ply = k.to_string();
                dotchess(&["render", f.to_str().unwrap(), "--ply", &ply, "--view", "hemispheres", "-o", "-"])
            })
            .collect();
        out.push((json!({ "name": name, "src": format!("/examples/games/{name}") }), san, boards));
    }
    out
}

fn check_games(result: &Value, games: &[GameJob]) {
    for (job, san, boards) in games {
        let name = job["name"].as_str().unwrap();
        let r = &result[name];
        assert!(r["error"].is_null(), "{name}: {}", r["error"]);
        let shown: Vec<&str> = r["san"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        assert_eq!(shown, *san, "{name}: the move list");
        let steps = r["boards"].as_array().unwrap();
        assert_eq!(steps.len(), boards.len(), "{name}: the plies stepped through");
        for (k, (step, want)) in steps.iter().zip(boards).enumerate() {
            assert_eq!(step["ply"], json!(k), "{name}: → from ply {}", k.saturating_sub(1));
            let got = step["svg"].as_str().unwrap();
            assert!(got.as_bytes() == want.as_slice(), "{name}: the board at ply {k} is not the command's");
        }
    }
}

/// A globe dragged 40 px right and 20 px down turns 0.4° a pixel (longitude 180 − 16, latitude
/// 15 + 8): the command's globe from there; then `view` changed to `chart` redraws as the command
/// draws the chart. The drag selects nothing.
fn check_drag(r: &Value) {
    assert_eq!(r["turn"], json!({ "latitude": 23, "longitude": 164 }), "the globe's turn after the drag");
    assert_eq!(r["selected"], Value::Null, "a drag is not a click");
    let want =
        dotchess(&["render", "--view", "globe", "--width", "400", "--latitude", "23", "--longitude", "164", "-o", "-"]);
    assert!(r["svg"].as_str().unwrap().as_bytes() == want.as_slice(), "the dragged globe is not the command's");
    let chart = dotchess(&["render", "--view", "chart", "--width", "400", "-o", "-"]);
    assert!(r["changed"].as_str().unwrap().as_bytes() == chart.as_slice(), "view=chart is not the command's chart");
}

/// Bad inputs, and the start of the located message each shows.
fn bad_jobs() -> Vec<(Value, &'static str)> {
    vec![
        (json!({ "name": "view", "attrs": { "view": "glob" } }), "<dotchess-figure>:1:24: `view`: unknown view `glob`"),
        (json!({ "name": "mark", "attrs": { "circles": "e4 z9" } }), "<dotchess-figure>:1:30: "),
        (json!({ "name": "name", "attrs": { "veiw": "globe" } }), "<dotchess-figure>:1:18: unknown key `veiw`"),
        (json!({ "name": "fen", "attrs": { "fen": "xx" } }), "fen:1:1: bad FEN"),
        (json!({ "name": "overlay", "overlay": "view = \n" }), "overlay:1:8: "),
        (json!({ "name": "variant", "attrs": { "variant": "dott" } }), "variant `dott`"),
    ]
}

fn check_bad(result: &Value, bad: &[(Value, &str)]) {
    for (job, start) in bad {
        let name = job["name"].as_str().unwrap();
        let r = &result[name];
        let shown = r["shown"].as_str().unwrap_or_else(|| panic!("{name}: no message in the element: {r}"));
        assert!(shown.starts_with(start), "{name}: the element shows {shown:?}");
        assert_eq!(r["svg"], json!(""), "{name}: a figure drawn after all");
        let console: Vec<&str> = r["console"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        assert!(console.iter().any(|c| c.contains(shown)), "{name}: the console said {console:?}");
        assert_eq!(r["pageErrors"], json!([]), "{name}: an uncaught error");
    }
}

#[test]
fn the_browser_build_draws_the_commands_bytes_and_answers_clicks_in_chromium() {
    let dir = common::Scratch::new("web-browser");
    web_pkg();
    let (figures, expected) = essay_figures(&dir);
    let (clicks, positions) = click_jobs();
    let games = game_jobs();
    let bad = bad_jobs();
    let job = json!({
        "root": root(),
        "figures": figures,
        "clicks": clicks,
        "early": { "fen": Position::start(VariantId::Dot).fen(), "cell": "g1" },
        "drag": { "width": 400 },
        "variation": { "pgn": "1. e4 e5 (1... d5 2. exd5) 2. Nf3 *", "path": "1 0 1" },
        "games": games.iter().map(|g| g.0.clone()).collect::<Vec<_>>(),
        "bad": bad.iter().map(|b| b.0.clone()).collect::<Vec<_>>(),
    });
    let result = super::drive_json("web.mjs", &job, &dir);
    check_figures(&result["figures"], &expected);
    check_clicks(&result["clicks"], &positions);
    // `live="off"`: no interactive layer; a click draws the still again with `square` = the cell.
    let early = &result["early"];
    assert_eq!(early["still"], json!(true), "an interactive layer was made with live=\"off\"");
    assert_eq!(cells_of(&early["shown"]), vec![vec!["f3", "h3"]], "the knight's dots on the still");
    let want = dotchess(&["render", "--square", "g1", "--width", "600", "-o", "-"]);
    assert!(early["svg"].as_str().unwrap().as_bytes() == want.as_slice(), "the still with g1's moves");
    check_drag(&result["drag"]);
    // The variation's 2. exd5 is the third ply of the game played along it.
    let along = dir.join("along.pgn");
    std::fs::write(&along, "1. e4 d5 2. exd5 *\n").unwrap();
    let want = dotchess(&["render", along.to_str().unwrap(), "--ply", "3", "--view", "hemispheres", "-o", "-"]);
    let got = &result["variation"];
    assert!(got["error"].is_null(), "{}", got["error"]);
    assert!(got["svg"].as_str().unwrap().as_bytes() == want.as_slice(), "a variation's move is not the command's");
    check_games(&result["games"], &games);
    check_bad(&result["bad"], &bad);
    for (name, start) in [("missing", "/examples/games/none.pgn: 404"), ("illegal", "game.pgn:1:")] {
        let r = &result["badGames"][name];
        let shown = r["shown"].as_str().unwrap_or_else(|| panic!("game {name}: no message in the element: {r}"));
        assert!(shown.starts_with(start), "game {name}: the element shows {shown:?}");
        assert!(r["console"].as_array().unwrap().iter().any(|c| c.as_str().unwrap().contains(shown)), "game {name}");
    }
    assert_eq!(result["pageErrors"], json!([]));
}
