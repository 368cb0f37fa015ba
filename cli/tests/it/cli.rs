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

/// Beside `--fen` (and `--variant`), the one file given is the overlay: `render` and `animate` make
/// the same bytes as with the same position written in a position file beside the same overlay.
#[test]
fn render_and_animate_take_the_position_from_flags_and_the_overlay_from_the_one_file() {
    let d = temp_dir("flags-overlay");
    let p = |n: &str| d.join(n).to_str().unwrap().to_string();
    let (dot, small) = ("8/8/8/3R3r/8/8/8/8", "1/2K3/6/3P2/6/6/k5/1");
    std::fs::write(d.join("rook.fen"), format!("{dot}\n")).unwrap();
    std::fs::write(d.join("small.fen"), format!("# variant: small\n{small}\n")).unwrap();
    std::fs::write(d.join("marks.toml"), "moves = [\"d5\"]\n").unwrap();
    std::fs::write(d.join("spin.toml"), "[[panels]]\nview = \"globe\"\n[animation]\nkind = \"spin\"\nframes = 4\n")
        .unwrap();
    let ok = |args: &[&str]| {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    };
    let read = |n: &str| std::fs::read(d.join(n)).unwrap();
    ok(&["render", "--fen", dot, &p("marks.toml"), "-o", &p("flags.svg")]);
    ok(&["render", &p("rook.fen"), &p("marks.toml"), "-o", &p("files.svg")]);
    ok(&["render", "--fen", dot, "-o", &p("plain.svg")]);
    assert_eq!(read("flags.svg"), read("files.svg"));
    // The overlay was read: its moves are drawn, which the plain figure has none of.
    let (marked, plain) =
        (String::from_utf8(read("flags.svg")).unwrap(), String::from_utf8(read("plain.svg")).unwrap());
    assert!(marked.contains("class=\"dot") && !plain.contains("class=\"dot"));
    let small_marks = "moves = [\"c6\"]\n";
    std::fs::write(d.join("marks.toml"), small_marks).unwrap();
    ok(&["render", "--variant", "small", "--fen", small, &p("marks.toml"), "-o", &p("s-flags.svg")]);
    ok(&["render", &p("small.fen"), &p("marks.toml"), "-o", &p("s-files.svg")]);
    assert_eq!(read("s-flags.svg"), read("s-files.svg"));
    // `animate` takes the same flags, with and without an overlay.
    for (overlay, name) in [(None, "gear"), (Some(p("spin.toml")), "spin")] {
        let o = overlay.as_deref().into_iter();
        let mut flags = vec!["animate", "--variant", "small", "--fen", small, "--width", "160", "--frames", "4"];
        flags.extend(o.clone());
        let (a, b) = (p(&format!("{name}-flags.gif")), p(&format!("{name}-files.gif")));
        flags.extend(["-o", &a]);
        ok(&flags);
        let mut files = vec!["animate", "--width", "160", "--frames", "4"];
        let small_file = p("small.fen");
        files.push(&small_file);
        files.extend(o);
        files.extend(["-o", &b]);
        ok(&files);
        assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap(), "{name}");
    }
    // Two positions (a file and --fen) are refused, whichever command.
    for cmd in ["render", "animate"] {
        let o = run(&[cmd, "--fen", dot, &p("rook.fen"), "-o", &p("x.gif")]);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("either as a file or with --fen, not both"), "{cmd}");
    }
}

/// A chart animation cannot be drawn on a board with live poles, whatever its frames: that is the
/// fault reported (at the kind), not that 2 frames are fewer than its seven steps.
#[test]
fn an_animation_of_two_faults_is_refused_for_its_kind() {
    let d = temp_dir("two-faults");
    let overlay = d.join("chart.toml");
    std::fs::write(&overlay, "[animation]\nkind = \"chart\"\nframes = 2\n").unwrap();
    let out = d.join("x.gif");
    let o = run(&[
        "animate",
        "--variant",
        "small",
        "--fen",
        "1/2K3/6/3P2/6/6/k5/1",
        overlay.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("chart.toml:2:") && err.contains("dead poles"), "{err}");
    assert!(!out.exists());
}
