//! The real binary: outputs, and bad input exiting with status 2.

use crate::common;

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).output().expect("run dotchess")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let o = run(&["perft", "--variant", "flat", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("8902"));
    let o = run(&["perft", "--variant", "chess", "--depth", "2", "--divide"]);
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("400"));
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 20);
}

#[test]
fn moves_are_sorted_one_a_line() {
    let o = run(&["moves", "--variant", "small"]);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 10);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"c1b3".to_string()));
}

#[test]
fn square_lists_routes_and_json_parses() {
    let o = run(&["moves", "--fen", "8/8/8/3R3r/8/8/8/8 w - - 0 1", "--square", "d5"]);
    let out = stdout(&o);
    let h5 = out.lines().find(|l| l.starts_with("h5")).unwrap();
    assert!(h5.contains("capture") && h5.contains("d5-d6-d7-d8-N-h8-h7-h6-h5"), "{h5}");
    let o = run(&["moves", "--fen", "8/8/8/3R3r/8/8/8/8 w - - 0 1", "--square", "d5", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let dests = v["destinations"].as_array().unwrap();
    assert_eq!(dests.len(), 7 + 15 - 1 + 1 - 1);
    let h5 = dests.iter().find(|d| d["cell"] == "h5").unwrap();
    assert_eq!(h5["capture"], true);
    assert_eq!(h5["routes"].as_array().unwrap().len(), 4);
}

#[test]
fn square_lists_one_route_per_path() {
    // The king on a1 steps onto the live pole S by three headings (docs/rules.md §2: S is next to every
    // square of rank 1, orthogonally and diagonally); the cells are a1 then S each time: one route.
    let fen = "1/2K3/6/3P2/6/6/k5/1 w - - 0 1";
    let o = run(&["moves", "--variant", "small", "--fen", fen, "--square", "a1"]);
    let out = stdout(&o);
    let s = out.lines().find(|l| l.starts_with("S ")).unwrap_or_else(|| panic!("no S in {out}"));
    assert_eq!(s.split_whitespace().collect::<Vec<_>>(), ["S", "move", "a1-S"], "{s}");
    let o = run(&["moves", "--variant", "small", "--fen", fen, "--square", "a1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let dests = v["destinations"].as_array().unwrap();
    let s = dests.iter().find(|d| d["cell"] == "S").unwrap();
    assert_eq!(s["routes"].as_array().unwrap().len(), 1, "{s}");
}

#[test]
fn loops_counts_twenty_on_the_dot() {
    let o = run(&["loops"]);
    assert_eq!(stdout(&o).lines().last(), Some("20 loops"));
    let o = run(&["loops", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 20);
}

#[test]
fn xiangqi_moves_and_perft() {
    // docs/rules.md §4: Gold has 28 moves at the start; the general's only one is onto e1.
    let o = run(&["moves", "--variant", "xiangqi"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 28);
    assert!(out.lines().any(|l| l == "Se1"));
    let o = run(&["moves", "--variant", "xiangqi", "--square", "S"]);
    assert_eq!(stdout(&o).trim_end(), "e1   move     S-e1");
    // A horse alone on the pole: each cell of rank 2 through either of two first cells.
    let o = run(&["moves", "--variant", "xiangqi", "--fen", "1/9/9/9/9/9/9/9/9/9/9/H", "--square", "S"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 9);
    assert!(out.contains("S-d1-e2  |  S-f1-e2"), "{out}");
    let o = run(&["perft", "--variant", "xiangqi", "--depth", "1"]);
    assert_eq!(stdout(&o).lines().last(), Some("28"));
    let o = run(&["perft", "--variant", "xiangqi-flat", "--depth", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("1920"));
    let o = run(&["moves", "--variant", "xiangqi", "--fen", "k/9/9/9/9/9/9/9/9/9/4Q4/K"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("`Q` is not a piece letter of xiangqi"));
}

#[test]
fn bad_input_exits_with_status_2() {
    for (args, words) in [
        (&["perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9", "--depth", "1"][..], "column 52"),
        (&["moves", "--variant", "globe"], "unknown variant"),
        (&["moves", "--square", "z9"], "not a cell"),
        (&["moves", "--square", "e4"], "no piece on e4"),
        (&["perft", "--depth", "99"], "too deep"),
        (&["perft"], "--depth"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

fn temp_dir(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("cli-{name}"))
}

#[test]
fn render_writes_svg_and_png() {
    let d = temp_dir("render");
    for (name, view) in [("h.svg", "hemispheres"), ("c.png", "chart"), ("b.png", "board")] {
        let out = d.join(name);
        let o = run(&[
            "render",
            "--view",
            view,
            "--fen",
            "8/8/8/3R3r/8/8/8/8",
            "--square",
            "d5",
            "--loop",
            "d5:n",
            "--arrow",
            "d5:e7",
            "--highlight",
            "e4:#ff8800",
            "--label",
            "a1:x",
            "--title",
            "T",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let bytes = std::fs::read(&out).unwrap();
        if name.ends_with(".png") {
            assert_eq!(&bytes[1..4], b"PNG");
        } else {
            assert!(String::from_utf8(bytes).unwrap().starts_with("<svg"));
        }
    }
    // Nothing but the outputs is left behind (the temporary files were renamed).
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 3);
}

#[test]
fn render_refuses_bad_input_and_writes_nothing() {
    let d = temp_dir("render-bad");
    let out = d.join("x.png");
    let o = out.to_str().unwrap();
    for (args, words) in [
        (vec!["--loop", "d5"], "a loop is `CELL:DIR`"),
        (vec!["--square", "e4"], "no piece on e4"),
        (vec!["--loop", "d5:up"], "not a direction"),
        (vec!["--arrow", "d5:z9"], "not a cell"),
        (vec!["--highlight", "e4:orangey"], "not a colour"),
        (vec!["--view", "chart", "--window", "0,0,0,5"], "1 to 200"),
        (vec!["--view", "chart", "--window", "1,2,3"], "four numbers"),
        (vec!["--width", "1e9"], "out of range"),
        (vec!["--rotation", "zz"], "file letter"),
        (vec!["--theme", "neon"], "unknown theme"),
        (vec!["--fen", "8/8/8/8/8/8/8/8/8"], "expected 8 fields"),
        (vec!["--variant", "small", "--fen", "P/6/6/6/6/6/6/1"], "pole"),
    ] {
        let mut full = vec!["render"];
        full.extend(args.iter().copied());
        full.extend(["-o", o]);
        let r = run(&full);
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    let r = run(&["render", "-o", d.join("x.gif").to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains(".svg, .png, .pdf or .html"));
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 0);
}
