//! The workbench in real headless Chromium (issue 21), driven by playwright-core
//! (`tests/browser/workbench.mjs`; `tools::playwright_node` installs Chromium, node and the
//! package when missing — without them this test fails, it never skips). The server runs in-process, bound to
//! 127.0.0.1 port 0.
//!
//! Load `/`, paste a FEN, click a piece: the dots shown are the destinations `dotchess moves
//! --square` lists; play a move by its dot, undo, redo: the FEN box follows the rules core; drag
//! the globe: its longitude changes and so does the picture; the wheel turns the hemispheres; a
//! bad overlay key: the error at its line and column, the last good figure kept; reload: the
//! state comes back from the URL.

use crate::common;
use crate::tools;

use dotchess::{Position, VariantId};
use serde_json::Value;
use std::collections::BTreeSet;
use std::process::Command;

/// A middle game on the Dot: White's knight on f3 can take on e5.
const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap_or_else(|| panic!("not a list: {v}")).iter().map(|s| s.as_str().unwrap().to_string()).collect()
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

#[test]
fn the_workbench_in_headless_chromium() {
    let node = tools::playwright_node();
    let browser = tools::browser_dir();
    let shots = common::Scratch::new("workbench-shots");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (addr, stop) = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = dotchess::serve::App::new(dotchess::serve::Config::default()).unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(dotchess::serve::serve_until(listener, app, async move {
            let _ = stopped.await;
        }));
        (addr, stop)
    });
    let out = Command::new(node)
        .env("CHROMIUM", tools::chromium())
        .arg(browser.join("workbench.mjs"))
        .args([&format!("http://{addr}"), FEN, "f3", "e5", &shots.display().to_string()])
        .current_dir(&browser)
        .output()
        .expect("run node");
    let _ = stop.send(());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let seen: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert!(seen.get("failure").is_none(), "{}", seen["failure"]);
    assert!(strings(&seen["errors"]).is_empty(), "page errors: {}", seen["errors"]);
    // Nothing but our own server was asked.
    for r in strings(&seen["requests"]) {
        assert!(r.starts_with(&format!("http://{addr}/")), "{r}");
    }

    let start = Position::start(VariantId::Dot).fen();
    assert_eq!(seen["start"]["fen"], start.as_str(), "the FEN box shows the start");
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

    // Playing f3e5 by its dot, then undoing and redoing it.
    let pos = Position::from_fen(VariantId::Dot, FEN).unwrap();
    let mut after = pos.clone();
    after.play(pos.parse_move("f3e5").unwrap()).unwrap();
    assert_eq!(seen["played"]["fen"], after.fen().as_str());
    assert_eq!(seen["played"]["params"]["lastmove"], "f3e5");
    assert_eq!(strings(&seen["played"]["list"]), ["3. f3e5"]);
    assert_eq!(seen["undone"]["fen"], FEN, "undo: the FEN box follows");
    assert_eq!(seen["redone"]["fen"], after.fen().as_str(), "redo");

    // Dragging the globe turns it: the longitude (default 180) changes, and so does the picture.
    let d = &seen["dragged"];
    let lon: f64 = d["longitudeAfter"].as_str().expect("a longitude in the URL").parse().unwrap();
    assert!(d["longitudeBefore"].is_null() && (lon - 180.0).abs() > 10.0, "{d}");
    assert!(d["pictureChanged"].as_bool().unwrap() && d["markupChanged"].as_bool().unwrap(), "{d}");
    let rot: f64 = seen["wheeled"]["rotation"].as_str().expect("a rotation in the URL").parse().unwrap();
    assert!((rot - 4.0).abs() > 0.1, "the wheel turned the hemispheres: {rot}");

    // The bad key's error at line 2, column 1, with the server's message; the figure kept.
    let b = &seen["badOverlay"];
    assert_eq!((b["line"].as_str(), b["column"].as_str()), (Some("2"), Some("1")), "{b}");
    assert!(b["error"].as_str().unwrap().starts_with("line 2, column 1: unknown key `lattitude`"), "{b}");
    assert_eq!(b["gutterMarked"], "2");
    assert!(b["figureKept"].as_bool().unwrap() && b["stale"].as_bool().unwrap(), "{b}");
    assert!(seen["mended"]["titled"].as_bool().unwrap(), "the mended overlay's title is drawn");

    // Reload: everything back from the URL.
    let r = &seen["reloaded"];
    assert!(r["sameUrl"].as_bool().unwrap());
    assert_eq!(r["fen"], after.fen().as_str());
    assert_eq!(r["overlay"], "title = \"Workbench\"\n");
    assert_eq!(strings(&r["list"]), ["3. f3e5"]);
    assert_eq!(strings(&r["views"]), ["hemispheres", "globe"]);
    assert_eq!(r["params"]["longitude"], d["longitudeAfter"]);
    assert_eq!(r["params"]["rotation"], seen["wheeled"]["rotation"]);
}
