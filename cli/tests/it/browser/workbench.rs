//! The workbench in real headless Chromium, driven by playwright-core
//! (`tests/browser/workbench.mjs`; `tools::playwright_node` installs Chromium, node and the
//! package when missing — without them this test fails, it never skips). The server runs
//! in-process, bound to 127.0.0.1 port 0.
//!
//! An old link (state in the query) opens; g1–f3 played by its dot reads `Nf3`, Back undoes it
//! (the move kept in the list, Redo on) and Forward plays it again; paste a FEN, click a piece: the dots shown are the destinations
//! `dotchess moves --square` lists; play a move, undo, redo: the FEN box follows the rules core;
//! drag the globe, wheel the hemispheres; a bad overlay key: the error names the overlay editor
//! at its line and column, the last good figure kept; right-drag b1→c3 and right-click e4: an
//! arrow and a circle in the overlay; reload: the state comes back from the packed URL fragment;
//! hemispheres and board shown: the SVG, PNG and PDF exports are one figure of two panels, the bytes
//! of `dotchess render` with the matching overlay, the image URL gives them too, and the GIF is
//! `/animation.gif` with every key of the figure; a 13 KB overlay survives a reload and its image
//! URL (packed into `overlayz`) stays under the server's 8 KiB; a server that does not answer is
//! said; a promotion offers pictures of Q R B N; a bad FEN clears the status line and names the
//! FEN box.

use crate::common;
use crate::http::{get, post, send};

use axum::http::StatusCode;
use dotchess::{Position, VariantId};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A middle game on the Dot: White's knight on f3 can take on e5.
const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
/// A white pawn about to promote on e8.
const PROMOTION: &str = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";

pub(super) fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap_or_else(|| panic!("not a list: {v}")).iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

pub(super) fn text<'a>(v: &'a Value, what: &str) -> &'a str {
    v.as_str().unwrap_or_else(|| panic!("{what}: not a string: {v}"))
}

/// The destinations `dotchess moves --square` lists.
fn cli_destinations(fen: &str, square: &str) -> BTreeSet<String> {
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .args(["moves", "--fen", fen, "--square", square, "--json"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    v["destinations"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap().to_string()).collect()
}

/// An overlay of about 13 KB: a title, comments, labels and highlights on every cell.
fn big_overlay() -> String {
    let mut s = String::from("title = \"A long overlay\"\n");
    let cells: Vec<String> = "abcdefgh".chars().flat_map(|f| (1..=8).map(move |r| format!("{f}{r}"))).collect();
    for (i, c) in cells.iter().enumerate() {
        s += &format!("# Cell {c}: a note on why this cell matters in the figure, number {i} of 64.\n");
    }
    let labels: Vec<String> = cells.iter().map(|c| format!("\"{c}:{}\"", &c[..1])).collect();
    s += &format!("labels = [{}]\n", labels.join(", "));
    let lights: Vec<String> = cells.iter().step_by(3).map(|c| format!("\"{c}:#ffcc00\"")).collect();
    s += &format!("highlights = [{}]\n", lights.join(", "));
    while s.len() < 13_000 {
        s += "# Further notes for the reader, kept with the figure so that a shared link carries them.\n";
    }
    s
}

/// Runs the command in `dir`, its output file's bytes.
fn cli_bytes(args: &[&str], dir: &Path, out: &str) -> Vec<u8> {
    let o =
        Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).args(["-o", out]).current_dir(dir).output().unwrap();
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    std::fs::read(dir.join(out)).unwrap()
}

/// Starts the server in-process, runs the driver `script` with `job`, stops the server: what it
/// saw (its page errors none, its requests all to that server).
pub(super) fn drive(script: &str, job: &mut Value, dir: &Path) -> Value {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (addr, stop) = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = dotchess_cli::serve::App::new(dotchess_cli::serve::Config::default()).unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(dotchess_cli::serve::serve_until(listener, app, async move {
            let _ = stopped.await;
        }));
        (addr, stop)
    });
    job["url"] = format!("http://{addr}").into();
    let job_file = dir.join(format!("job-{script}.json"));
    std::fs::write(&job_file, job.to_string()).unwrap();
    let out = super::driver(script).arg(&job_file).output().expect("run node");
    let _ = stop.send(());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let seen: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert!(seen.get("failure").is_none(), "{}", text(&seen["failure"], "failure"));
    assert!(strings(&seen["errors"]).is_empty(), "page errors: {}", seen["errors"]);
    // Nothing but our own server was asked.
    for r in strings(&seen["requests"]) {
        assert!(r.starts_with(&format!("http://{addr}/")), "{r}");
    }
    seen
}

#[test]
fn the_workbench_in_headless_chromium() {
    let scratch = common::Scratch::new("workbench-shots");
    // `DOTCHESS_SHOTS=DIR` keeps the screenshots and downloads there, to look at.
    let kept = std::env::var_os("DOTCHESS_SHOTS").map(PathBuf::from);
    if let Some(k) = &kept {
        std::fs::create_dir_all(k).unwrap();
    }
    let dir: &Path = kept.as_deref().unwrap_or(&scratch);
    let big = big_overlay();
    assert!((13_000..14_000).contains(&big.len()), "{}", big.len());
    let mut job = json!({
        "fen": FEN, "square": "f3", "moveTo": "e5", "out": dir.display().to_string(),
        "bigOverlay": big, "promotionFen": PROMOTION,
    });
    let seen = drive("workbench.mjs", &mut job, dir);
    opened_and_played(&seen);
    turned_and_edited(&seen);
    exports(&seen, dir);
    big_overlay_survives(&seen, &big);
    offline_promotion_and_bad_fen(&seen);
}

/// The old link, g1–f3 with Back and Forward, a pasted FEN, its moves played, undone, redone.
fn opened_and_played(seen: &Value) {
    // The old link opened with its views, and its state moved into the fragment.
    let start = Position::start(VariantId::Dot).fen();
    let s = &seen["start"];
    assert_eq!(s["fen"], start.as_str(), "the FEN box shows the start");
    assert_eq!(strings(&s["views"]), ["hemispheres", "globe"]);
    assert_eq!(s["search"], "", "no query left: {s}");
    assert!(text(&s["hash"], "hash").starts_with("#z="), "{s}");

    // The chosen piece's cell is highlighted, in each panel that shows it.
    let selected: Vec<(String, String)> = seen["selected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (text(&c[0], "view").to_string(), text(&c[1], "cell").to_string()))
        .collect();
    assert!(selected.contains(&("hemispheres".into(), "g1".into())), "{selected:?}");
    assert!(selected.iter().all(|(_, c)| c == "g1"), "{selected:?}");

    // g1-f3 in SAN; Back undoes it, Forward plays it again.
    let pos = Position::start(VariantId::Dot);
    let mut after_nf3 = pos.clone();
    after_nf3.play(pos.parse_move("g1f3").unwrap()).unwrap();
    assert_eq!(seen["nf3"]["fen"], after_nf3.fen().as_str());
    assert_eq!(strings(&seen["nf3"]["list"]), ["1. Nf3"]);
    assert_eq!(seen["nf3"]["params"]["line"], "g1f3");
    assert_eq!(seen["back"]["fen"], start.as_str(), "Back undoes the move");
    // The move stays in the list, to be played again (Back is Undo, issue 45).
    assert_eq!(strings(&seen["back"]["list"]), ["1. Nf3"], "{}", seen["back"]);
    assert_eq!(seen["back"]["redo"], true, "{}", seen["back"]);
    assert_eq!(seen["forward"]["fen"], after_nf3.fen().as_str(), "Forward plays it again");
    assert_eq!(strings(&seen["forward"]["list"]), ["1. Nf3"]);

    assert_eq!(seen["pasted"]["fen"], FEN);
    assert_eq!(seen["pasted"]["params"]["fen"], FEN, "the URL holds the FEN");

    // The dots are the destinations of the rules core, all on the hemispheres; the globe shows
    // those on its near half.
    let want = cli_destinations(FEN, "f3");
    let hemi: BTreeSet<String> = strings(&seen["clicked"]["hemispheres"]).into_iter().collect();
    assert_eq!(hemi, want, "dots of the knight on f3");
    let globe: BTreeSet<String> = strings(&seen["clicked"]["globe"]).into_iter().collect();
    assert!(!globe.is_empty() && globe.is_subset(&want), "globe dots {globe:?}");
    assert_eq!(seen["clicked"]["square"], "f3");

    // Playing f3e5 by its dot (a capture: Nxe5), then undoing and redoing it.
    let pos = Position::from_fen(VariantId::Dot, FEN).unwrap();
    let mut after = pos.clone();
    after.play(pos.parse_move("f3e5").unwrap()).unwrap();
    assert_eq!(seen["played"]["fen"], after.fen().as_str());
    assert_eq!(seen["played"]["params"]["lastmove"], "f3e5");
    assert_eq!(strings(&seen["played"]["list"]), ["3. Nxe5"]);
    assert_eq!(seen["undone"]["fen"], FEN, "undo: the FEN box follows");
    assert_eq!(seen["redone"]["fen"], after.fen().as_str(), "redo");
}

/// The globe dragged, the hemispheres wheeled, the overlay edited (bad, mended, shapes drawn),
/// and everything back after a reload.
fn turned_and_edited(seen: &Value) {
    let pos = Position::from_fen(VariantId::Dot, FEN).unwrap();
    let mut after = pos.clone();
    after.play(pos.parse_move("f3e5").unwrap()).unwrap();

    // Dragging the globe turns it: the longitude (default 180) changes, and so does the picture.
    let d = &seen["dragged"];
    let lon: f64 = d["longitudeAfter"].as_str().expect("a longitude in the URL").parse().unwrap();
    assert!(d["longitudeBefore"].is_null() && (lon - 180.0).abs() > 10.0, "{d}");
    assert!(d["pictureChanged"].as_bool().unwrap() && d["markupChanged"].as_bool().unwrap(), "{d}");
    let rot: f64 = seen["wheeled"]["rotation"].as_str().expect("a rotation in the URL").parse().unwrap();
    assert!((rot - 4.0).abs() > 0.1, "the wheel turned the hemispheres: {rot}");

    // The bad key's error names the editor, at line 2, column 1; the figure kept.
    let b = &seen["badOverlay"];
    assert_eq!((b["line"].as_str(), b["column"].as_str()), (Some("2"), Some("1")), "{b}");
    assert!(text(&b["error"], "error").starts_with("Overlay editor, line 2, column 1: unknown key `lattitude`"), "{b}");
    assert_eq!(b["gutterMarked"], "2");
    assert!(b["figureKept"].as_bool().unwrap() && b["stale"].as_bool().unwrap(), "{b}");
    assert!(seen["mended"]["titled"].as_bool().unwrap(), "the mended overlay's title is drawn");

    // Right-drag b1→c3: an arrow in the overlay and in the figure; right-click e4: a circle.
    let shapes = &seen["shapes"];
    let overlay = text(&shapes["overlay"], "overlay");
    assert_eq!(overlay, "circles = [\"e4\"]\narrows = [\"b1:c3\"]\ntitle = \"Workbench\"\n", "{shapes}");
    assert_eq!(shapes["arrows"].as_array().unwrap().len(), 1, "one arrow drawn: {shapes}");
    assert_eq!(strings(&shapes["circles"]), ["e4"]);

    // Reload: everything back from the URL.
    let r = &seen["reloaded"];
    assert!(r["sameUrl"].as_bool().unwrap());
    assert_eq!(r["fen"], after.fen().as_str());
    assert_eq!(r["overlay"], overlay);
    assert_eq!(strings(&r["list"]), ["3. Nxe5"]);
    assert_eq!(strings(&r["views"]), ["hemispheres", "globe"]);
    assert_eq!(r["params"]["longitude"], d["longitudeAfter"]);
    assert_eq!(r["params"]["rotation"], seen["wheeled"]["rotation"]);
}

/// A server that does not answer, a promotion, a FEN that does not read.
fn offline_promotion_and_bad_fen(seen: &Value) {
    assert!(text(&seen["offline"]["text"], "offline").starts_with("The server does not answer"), "{}", seen["offline"]);

    // Promotion: pictures of the four pieces, queen first, as lichess offers them.
    let promo = seen["promotion"].as_array().unwrap();
    let moves: Vec<&str> = promo.iter().map(|p| text(&p["move"], "move")).collect();
    assert_eq!(moves, ["e7e8q", "e7e8r", "e7e8b", "e7e8n"]);
    // Each named in SAN (`e8=Q+`: the king on a8 is in check after it).
    let pos = Position::from_fen(VariantId::Dot, PROMOTION).unwrap();
    let san = |m: &str| pos.san(pos.parse_move(m).unwrap());
    let alts: Vec<&str> = promo.iter().map(|p| text(&p["alt"], "alt")).collect();
    assert_eq!(alts, moves.iter().map(|m| san(m)).collect::<Vec<_>>());
    assert!(alts.iter().all(|a| a.starts_with("e8=")), "{alts:?}");
    for p in promo {
        assert!(p["loaded"].as_bool().unwrap(), "the picture is shown: {p}");
        let piece = text(&p["src"], "src").rsplit("piece=").next().unwrap().chars().next().unwrap();
        assert!("QRBN".contains(piece), "{p}");
    }
    assert_eq!(strings(&seen["promoted"]["list"]), [format!("1. {}", san("e7e8q"))], "the queen chosen");
    assert_eq!(seen["promoted"]["choicesShown"], false, "the choices go once one is made");

    // A bad FEN: no status line left over, and the error names the FEN box.
    let bad = &seen["badFen"];
    assert_eq!(bad["status"], "", "{bad}");
    let e = text(&bad["error"], "error");
    assert!(e.starts_with("FEN box") && !e.contains("URL query"), "{e}");
}

/// The exports of hemispheres and board shown: one figure of two panels, the CLI's bytes.
fn exports(seen: &Value, dir: &Path) {
    let x = &seen["exported"];
    assert_eq!(strings(&x["views"]), ["hemispheres", "board"]);
    let p = &x["params"];
    let (rotation, square) = (text(&p["rotation"], "rotation"), text(&p["square"], "square"));
    assert_eq!((text(&p["theme"], "theme"), square), ("print", "b1"), "{p}");
    let user = text(&x["overlay"], "overlay");
    // The matching overlay: the page's own lines, then a panel per view with its keys and its
    // caption as the page shows it.
    let overlay = format!(
        "{user}\n[[panels]]\nview = \"hemispheres\"\ncaption = \"hemispheres\"\nrotation = {rotation}\n\
         [[panels]]\nview = \"board\"\ncaption = \"board\"\n"
    );
    std::fs::write(dir.join("two.toml"), &overlay).unwrap();
    let fen = text(&p["fen"], "fen");
    std::fs::write(dir.join("pos.fen"), format!("# variant: dot\n{fen}\n")).unwrap();
    let lastmove = text(&p["lastmove"], "lastmove");
    // The piece chosen is highlighted, as the page shows it.
    let flags = [
        "render",
        "pos.fen",
        "two.toml",
        "--theme",
        "print",
        "--square",
        square,
        "--lastmove",
        lastmove,
        "--highlight",
        square,
    ];
    let svg = cli_bytes(&flags, dir, "two.svg");
    let got = std::fs::read(text(&x["svg"], "svg")).unwrap();
    let panels = String::from_utf8_lossy(&got).matches("class=\"panel\"").count();
    assert_eq!(panels, 2, "two panels in the exported SVG");
    assert!(got == svg, "the SVG export is `dotchess render` with the matching overlay");
    let png = cli_bytes(&flags, dir, "two.png");
    assert!(std::fs::read(text(&x["png"], "png")).unwrap() == png, "the PNG export too");
    let pdf = cli_bytes(&flags, dir, "two.pdf");
    assert!(std::fs::read(text(&x["pdf"], "pdf")).unwrap() == pdf, "and the PDF");

    // The image URL gives the same figure.
    let url = text(&x["url"], "url");
    let path = &url[url.find("/figure.svg").expect("an SVG URL")..];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let app = crate::http::app();
    let a = runtime.block_on(send(&app, get(path)));
    assert_eq!(a.status, StatusCode::OK, "{}", String::from_utf8_lossy(&a.body));
    assert!(a.body == svg, "the image URL gives the exported figure");

    // The GIF: `/animation.gif` with every key of the still figure's first view, and the kind.
    let keys = format!(
        "/animation.gif?fen={}&view=hemispheres&theme=print&rotation={rotation}&square={square}&lastmove={lastmove}&highlight={square}&kind=gear",
        crate::http::enc(fen)
    );
    let a = runtime.block_on(send(&app, post(&keys, user)));
    assert_eq!(a.status, StatusCode::OK, "{}", String::from_utf8_lossy(&a.body));
    assert!(std::fs::read(text(&x["gif"], "gif")).unwrap() == a.body, "the GIF export is {keys}");
}

/// A 13 KB overlay came back from the reloaded URL, and its image URL packs it under 8 KiB.
fn big_overlay_survives(seen: &Value, big: &str) {
    let b = &seen["big"];
    assert!(b["error"].is_null(), "the long overlay reads: {b}");
    assert!(b["overlay"] == big, "the 13 KB overlay survived the reload");
    let url = text(&b["imageUrl"], "imageUrl");
    let path = &url[url.find("/figure.svg").expect("an SVG URL")..];
    assert!(path.len() <= dotchess_cli::serve::MAX_URL && path.contains("overlayz="), "{} bytes", path.len());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let app = crate::http::app();
    let by_url = runtime.block_on(send(&app, get(path)));
    assert_eq!(by_url.status, StatusCode::OK, "{}", String::from_utf8_lossy(&by_url.body));
    // The same figure as the overlay, with a panel per view, POSTed with the rest of the query.
    let rotation = text(&b["params"]["rotation"], "rotation");
    let overlay = format!(
        "{big}\n[[panels]]\nview = \"hemispheres\"\ncaption = \"hemispheres\"\nrotation = {rotation}\n\
         [[panels]]\nview = \"board\"\ncaption = \"board\"\n"
    );
    let rest: Vec<&str> = path["/figure.svg?".len()..].split('&').filter(|kv| !kv.starts_with("overlayz=")).collect();
    let by_post = runtime.block_on(send(&app, post(&format!("/figure.svg?{}", rest.join("&")), &overlay)));
    assert_eq!(by_post.status, StatusCode::OK);
    assert!(by_url.body == by_post.body, "the packed overlay is the overlay");
    assert!(!by_url.header("etag").is_empty(), "cacheable");
}
