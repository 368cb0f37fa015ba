//! The workbench as a lichess user expects it (issue 45), in real headless Chromium driven by
//! playwright-core (`tests/browser/lichess.mjs`) with real mouse, keyboard and touch input:
//!
//! 1. a click (a tap on a phone) anywhere in a piece's cell, beside its glyph, chooses the piece;
//! 2. Undo and Back, Redo and Forward are one history over a scripted sequence, the moves kept;
//! 3. a piece dragged to a cell plays the move, and in the board editor moves the piece;
//! 4. ← → Home End ↑ ↓ step through the moves, `f` flips the board;
//! 5. a PGN pasted (Ctrl+V on the page) is the move tree `dotchess` reads from it, the PGN copied
//!    reads back to the same tree, the FEN copied is the board's, and the line's GIF is
//!    `POST /game.gif` of the copied PGN with the page's options;
//! 6. a move played from an earlier position is a variation, kept through Back and a reload.
//!
//! Besides: the figure and the move list in the first screen at 1280×720 and 390×844, a link cut
//! short said (and kept said), dark mode from the system's preference, an arrow drawn with a
//! finger (a long press, then a drag).

use super::workbench::{drive, strings, text};
use crate::common;
use crate::http::{post, send};
use axum::http::StatusCode;
use dotchess::input::{Ply, read_games};
use dotchess::{Position, VariantId};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A game with variations (nested) and comments, pasted on the page.
const PGN: &str = "[Event \"Pasted\"]\n\n1. d4 { a queen's pawn } d5 (1... Nf6 2. c4 (2. Nf3 g6) e6) 2. c4 *\n";

/// The positions after each move of `line` (coordinates) from the start.
fn after(line: &[&str]) -> String {
    let mut pos = Position::start(VariantId::Dot);
    for m in line {
        let mv = pos.parse_move(m).unwrap_or_else(|| panic!("{m} in {}", pos.fen()));
        pos.play(mv).unwrap();
    }
    pos.fen()
}

/// A game's move tree as the page's `tree` key writes it (moves in coordinates, each position's
/// other moves in parentheses after its main line's), and its comments in the file's order.
fn tree_of(pgn: &str) -> (String, Vec<String>) {
    let game = read_games("pasted", pgn, VariantId::Dot).unwrap().swap_remove(0);
    let mut comments = Vec::new();
    let text = line(&game.start, &game.plies, &mut comments);
    (text, comments)
}

fn line(start: &Position, plies: &[Ply], comments: &mut Vec<String>) -> String {
    let mut pos = start.clone();
    let mut items = Vec::new();
    for p in plies {
        let mut item = pos.move_name(p.mv);
        if !p.note.text.is_empty() {
            comments.push(p.note.text.clone());
        }
        for v in &p.variations {
            item += &format!("({})", line(&pos, v, comments));
        }
        items.push(item);
        pos.play_unchecked(p.mv);
    }
    items.join(",")
}

#[test]
fn the_workbench_as_a_lichess_user_expects_it() {
    let scratch = common::Scratch::new("lichess-shots");
    // `DOTCHESS_SHOTS=DIR` keeps the screenshots and downloads there, to look at.
    let kept = std::env::var_os("DOTCHESS_SHOTS").map(PathBuf::from);
    if let Some(k) = &kept {
        std::fs::create_dir_all(k).unwrap();
    }
    let dir: &Path = kept.as_deref().unwrap_or(&scratch);
    let mut job = json!({ "out": dir.display().to_string(), "pgn": PGN });
    let seen = drive("lichess.mjs", &mut job, dir);
    layout(&seen);
    cell_wide(&seen);
    one_history(&seen);
    keys_and_variations(&seen);
    drag_to_move(&seen);
    pgn_in_and_out(&seen);
    cut_link(&seen);
    touch_and_dark(&seen);
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// The figure, the move list and Undo in the first screen.
fn layout(seen: &Value) {
    let l = &seen["layout"];
    let h = num(&l["height"]);
    assert!(num(&l["hemispheres"]) <= h && num(&l["globe"]) <= h, "the figures fit 720 px: {l}");
    assert!(num(&l["moves"]) < h && num(&l["undo"]) <= h, "the move list and Undo in the first screen: {l}");
    let p = &seen["phoneLayout"];
    let ph = num(&p["height"]);
    assert!(num(&p["figure"]) <= ph && num(&p["moves"]) < ph && num(&p["undo"]) <= ph, "phone: {p}");
    assert!(num(&p["width"]) <= 390.0, "no page wider than the phone: {p}");
}

/// 1. Any point of a cell chooses its piece, at desktop and phone sizes.
fn cell_wide(seen: &Value) {
    let c = &seen["cellWide"];
    for (cell, shown) in [("g1", &c["g1"]), ("e2", &c["e2"])] {
        assert!(num(&shown["offGlyph"]) > 0.0 && !shown["best"].is_null(), "{cell}: a point beside the glyph: {shown}");
        assert_eq!(shown["square"], cell, "a click beside the glyph in {cell}'s cell chooses it: {shown}");
    }
    let p = &seen["phoneCell"];
    assert!(num(&p["offGlyph"]) > 0.0, "{p}");
    assert_eq!(p["square"], "g1", "a tap beside the knight in g1's cell chooses it on a phone: {p}");
}

/// 2. Undo and Back, Redo and Forward: the same steps over one history, no move lost.
fn one_history(seen: &Value) {
    let (p0, p1, p2, p3) = (after(&[]), after(&["e2e4"]), after(&["e2e4", "e7e5"]), after(&["e2e4", "e7e5", "g1f3"]));
    let want = [
        ("1. e4 e5 2. Nf3", &p3, true, false),
        ("Undo twice", &p1, true, true),
        ("Back", &p0, false, true),
        ("Forward", &p1, true, true),
        ("Redo", &p2, true, true),
        ("Redo again", &p3, true, false),
        ("Back after the last move", &p2, true, true),
        ("Redo after Back", &p3, true, false),
    ];
    let steps = seen["history"].as_array().unwrap();
    assert_eq!(steps.len(), want.len());
    for (s, (what, fen, undo, redo)) in steps.iter().zip(want) {
        assert_eq!(s["what"], what);
        assert_eq!(s["fen"], fen.as_str(), "{what}: {s}");
        assert_eq!(strings(&s["moves"]), ["1. e4", "e5", "2. Nf3"], "{what}: no move dropped: {s}");
        assert_eq!((s["undo"].as_bool(), s["redo"].as_bool()), (Some(undo), Some(redo)), "{what}: {s}");
    }
}

/// 4. The keys; 6. a variation kept through Back and a reload.
fn keys_and_variations(seen: &Value) {
    let keys: Vec<(String, u64, String)> = seen["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (text(&k["key"], "key").into(), k["ply"].as_u64().unwrap(), text(&k["orientation"], "o").into()))
        .collect();
    let plies: Vec<u64> = keys.iter().map(|k| k.1).collect();
    assert_eq!(plies, [2, 1, 0, 1, 3, 0, 3, 3], "← ← Home → End ↑ ↓ f: {keys:?}");
    assert!(keys[..7].iter().all(|k| k.2.is_empty()) && keys[7].2 == "black", "f flips: {keys:?}");

    let v = &seen["variation"];
    assert_eq!(v["fen"], after(&["e2e4", "c7c5"]).as_str(), "{v}");
    assert_eq!(v["params"]["tree"], "e2e4,e7e5(c7c5),g1f3", "both lines kept: {v}");
    assert_eq!(v["current"], "1… c5");
    assert_eq!(strings(&v["blocks"]), ["1… c5"], "shown as a variation below 1… e5: {v}");
    for (what, s) in [("Back", &seen["variationBack"]), ("reload", &seen["variationReloaded"])] {
        assert_eq!(s["fen"], after(&["e2e4"]).as_str(), "{what}: {s}");
        assert_eq!(s["params"]["tree"], "e2e4,e7e5(c7c5),g1f3", "{what}: {s}");
        assert_eq!(strings(&s["moves"]), ["1. e4", "e5", "1… c5", "2. Nf3"], "{what}: {s}");
    }
}

/// 3. Drag to move, and in the editor.
fn drag_to_move(seen: &Value) {
    let d = &seen["dragged"];
    assert_eq!(d["fen"], after(&["g1f3"]).as_str(), "g1 dragged to f3 plays Nf3: {d}");
    assert_eq!(d["current"], "1. Nf3");
    assert_eq!(d["params"]["tree"], "e2e4(g1f3),e7e5(c7c5),g1f3", "a third line: {d}");
    let e = &seen["editorDrag"];
    assert_eq!(e["before"], after(&[]).as_str());
    assert_eq!(e["after"], "rnbqkbnr/pppppppp/8/7Q/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", "the queen dragged d1–h5: {e}");
}

/// 5. PGN and FEN in and out; the line's GIF.
fn pgn_in_and_out(seen: &Value) {
    let f = &seen["copiedFen"];
    assert_eq!(f["clip"], f["fen"]);
    assert_eq!(f["fen"], after(&["g1f3"]).as_str());

    // The copied PGN reads back (by the library) to the page's tree.
    let c = &seen["copiedPgn"];
    let clip = text(&c["clip"], "clip");
    assert_eq!(tree_of(clip).0, text(&c["params"]["tree"], "tree"), "{clip}");
    assert_eq!(c["params"]["tree"], "e2e4(g1f3),e7e5(c7c5),g1f3");

    // The pasted PGN is the tree the library reads from it, comments and all; copied again, the same.
    let (tree, comments) = tree_of(PGN);
    let p = &seen["pasted"];
    assert_eq!(p["params"]["tree"], tree.as_str(), "{p}");
    assert_eq!(strings(&p["comments"]), comments);
    let again = tree_of(text(&p["copied"], "copied"));
    assert_eq!((again.0.as_str(), again.1), (tree.as_str(), comments), "{}", p["copied"]);

    // The line's GIF: `POST /game.gif` of the copied PGN (whose main line is the line shown),
    // with the page's options (the first view).
    let gif = std::fs::read(text(&seen["lineGif"]["file"], "file")).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let app = crate::http::app();
    let a = runtime.block_on(send(&app, post("/game.gif?view=hemispheres", clip)));
    assert_eq!(a.status, StatusCode::OK, "{}", String::from_utf8_lossy(&a.body));
    assert!(
        gif == a.body,
        "the line GIF is POST /game.gif of the copied PGN ({} and {} bytes)",
        gif.len(),
        a.body.len()
    );
}

/// 8. A link cut short says so, after its figures are drawn too, and shows the start.
fn cut_link(seen: &Value) {
    let c = &seen["cutLink"];
    assert_eq!(c["shown"], true, "{c}");
    assert!(text(&c["text"], "text").contains("cut short"), "{c}");
    assert_eq!(c["fen"], after(&[]).as_str());
}

/// Dark mode from the system's preference; an arrow drawn with a finger.
fn touch_and_dark(seen: &Value) {
    assert_eq!(seen["phoneLayout"]["background"], "rgb(29, 28, 26)", "the dark paper");
    let t = &seen["touchArrow"];
    assert_eq!(t["overlay"], "arrows = [\"e2:e4\"]\n", "{t}");
    assert_eq!(t["arrows"], 1, "{t}");
}
